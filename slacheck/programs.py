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
from typing import Any, Mapping

_sre: Any = importlib.import_module("_sre")  # the C matcher (no type stubs)

Program = tuple[int, list[int], int, dict[str, int]]
"""A compiled pattern's flags, code, number of groups and named groups (as ``_sre.compile`` takes them)."""
Programs = dict[tuple[str, int], Program]
"""Programs by the pattern and the flags it is compiled with."""

FORMAT = f"{sys.implementation.name} {sys.version} {sys.byteorder} sre {getattr(_sre, 'MAGIC', '?')}"
"""What a kept program is valid for."""
_CODE = next(kind for kind in "IL" if array(kind).itemsize == 4)
"""The array type a program's code is packed as (the matcher's codes are unsigned 32-bit integers)."""


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
    return made if from_program(pattern, made) == re.compile(pattern, flags) else None


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
