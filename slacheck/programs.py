"""Regular expressions kept compiled between runs.

CPython compiles a pattern in Python code (``re._parser`` and ``re._compiler``): the lexer's terminals,
alternations of the lexicon's words, take 0.05-0.07 s to compile, more than a small document's whole
lexing. What compiling makes is a program, a list of integer opcodes the C matcher runs. The programs are
kept with the grammar tables, and those of the package's other patterns in a file of their own
(``regexes``), and handed back to the C matcher's constructor, which checks a program's structure before
it takes it.

Both sides are CPython internals, so: a program is kept only when the pattern made from it equals what
``re.compile`` makes (same text, flags and code); both files' names cover FORMAT (the Python build and
the matcher's own format number), so another Python never reads them; and where making a program or a
pattern from one fails, ``re.compile`` does the work.
"""

from __future__ import annotations

import base64
import importlib
import re
import sys
from array import array
from functools import lru_cache
from typing import Any, Mapping

_sre: Any = importlib.import_module("_sre")  # the C matcher (no type stubs)

Program = tuple[int, list[int], int, dict[str, int]]
"""A compiled pattern's flags, code, number of groups and named groups (as ``_sre.compile`` takes them)."""
Programs = dict[tuple[str, int], Program]
"""Programs by the pattern and the flags it is compiled with."""

FORMAT = f"{sys.implementation.name} {sys.version} {sys.byteorder} sre {getattr(_sre, 'MAGIC', '?')} searched 1"
"""What a kept program is valid for (and how it was made: ``searched_by_first_character``)."""
_CODE = next(kind for kind in "IL" if array(kind).itemsize == 4)
"""The array type a program's code is packed as (the matcher's codes are unsigned 32-bit integers)."""


BMP_END = 0x10000
"""The end of the Basic Multilingual Plane: where first characters are counted up to (``character_ranges``)."""


@lru_cache(maxsize=1)
def _plane() -> str:
    return "".join(map(chr, range(BMP_END)))


def character_ranges(char_class: str | re.Pattern[str]) -> list[tuple[int, int]]:
    """The code points below BMP_END a one-character regex matches, as inclusive ranges."""
    ranges: list[list[int]] = []
    for match in re.finditer(char_class, _plane()):
        code = match.start()
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return [(low, high) for low, high in ranges]


def program(pattern: str, flags: int = 0) -> Program | None:
    """The program ``re.compile(pattern, flags)`` runs; None when it cannot be taken out or does not make
    the same pattern again."""
    try:
        parser: Any = importlib.import_module("re._parser")
        compiler: Any = importlib.import_module("re._compiler")
        parsed = parser.parse(pattern, flags)
        made: Program = (int(flags | parsed.state.flags), [int(op) for op in compiler._code(parsed, flags)],
                         int(parsed.state.groups) - 1, dict(parsed.state.groupdict))
    except Exception:  # another Python's internals: nothing is kept
        return None
    if from_program(pattern, made) != re.compile(pattern, flags):
        return None
    return searched_by_first_character(parsed, made)


def searched_by_first_character(parsed: Any, made: Program) -> Program:
    """``made``, searching only at the characters its match can start with, when it starts with a look-ahead
    at one character (``lexer.with_first_test``); ``made`` as it is otherwise.

    ``re`` searches a pattern that starts with a class or a literal by skipping, in C, to the next character
    that can start it; behind a look-ahead it starts the whole matcher at every character instead. The
    program's header (INFO) is given the characters the look-ahead accepts, in every case a matcher ignoring
    case accepts, and those above the Basic Multilingual Plane whether or not it accepts them: a search looks
    no further at the others, where the look-ahead would fail. The matches are the same."""
    try:
        compiler: Any = importlib.import_module("re._compiler")
        constants: Any = importlib.import_module("re._constants")
        flags, code, groups, names = made
        if not parsed.data or parsed.data[0][0] is not constants.ASSERT:
            return made
        direction, looked_at = parsed.data[0][1]
        if direction != 1 or looked_at.getwidth() != (1, 1) or code[0] != constants.INFO or code[2] != 0 \
                or code[3] == 0:  # a look-ahead at one character, and no class or literal in the header yet
            return made
        ahead = _sre.compile("", flags, [int(op) for op in compiler._code(looked_at, flags)], groups, names,
                             (None,) * (groups + 1))
        charset, _ = compiler._optimize_charset([(constants.RANGE, bounds) for bounds in character_ranges(ahead)]
                                                + [(constants.RANGE, (BMP_END, 0x10FFFF))])
        info = [int(constants.INFO), 0, int(constants.SRE_INFO_CHARSET), code[3], code[4]]
        compiler._compile_charset(charset, 0, info)
        info[1] = len(info) - 1
        return flags, [int(op) for op in info] + code[1 + code[1]:], groups, names
    except Exception:  # another Python's internals: the program as re made it
        return made


def from_program(pattern: str, kept: Program) -> re.Pattern[str] | None:
    """The pattern of a kept program; None when the matcher refuses it."""
    try:
        flags, code, groups, names = kept
        by_index: list[str | None] = [None] * (groups + 1)
        for name, index in names.items():
            by_index[index] = name
        made: re.Pattern[str] = _sre.compile(pattern, flags, code, groups, names, tuple(by_index))
    except Exception:  # a program the matcher does not take (another format, a damaged list)
        return None
    return made


def packed(code: list[int]) -> str:
    """A program's code as text for a JSON file (its 32-bit words in base64): read in less than half the
    time a JSON list of the numbers takes."""
    return base64.b64encode(array(_CODE, code).tobytes()).decode("ascii")


def unpacked(text: str) -> list[int]:
    """The code ``packed`` wrote."""
    code = array(_CODE)
    code.frombytes(base64.b64decode(text))
    return code.tolist()


def kept_pattern(pattern: str, programs: Mapping[tuple[str, int], Program], flags: int = 0) -> re.Pattern[str] | None:
    """The pattern of ``pattern`` from its kept program; None when ``programs`` holds none it can be made from."""
    kept = programs.get((pattern, flags))
    return from_program(pattern, kept) if kept is not None else None


def compiled(pattern: str, programs: Mapping[tuple[str, int], Program], flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, from its kept program when ``programs`` holds one."""
    made = kept_pattern(pattern, programs, flags)
    return made if made is not None else re.compile(pattern, flags)


def as_rows(programs: Mapping[tuple[str, int], Program]) -> list[list[Any]]:
    """Programs as JSON rows: pattern, flags, compiled flags, packed code, groups, named groups."""
    return [[regex, flags, compiled_flags, packed(code), groups, names]
            for (regex, flags), (compiled_flags, code, groups, names) in programs.items()]


def from_rows(rows: Any) -> Programs:
    """The programs of ``as_rows``' rows (ValueError or TypeError for rows of another shape)."""
    return {(regex, flags): (compiled_flags, unpacked(code), groups, names)
            for regex, flags, compiled_flags, code, groups, names in rows}
