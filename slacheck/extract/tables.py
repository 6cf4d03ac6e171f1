"""The fact grammar as plain tables: its terminals in lark's order, and the phrase parser's LALR tables.

Lark does the work once (``lalr``): it orders the terminals as its basic lexer
tries them and runs the LALR analysis of the phrase rules; the lexer's regexes
are compiled then too (``programs``). The result is kept as JSON in the cache
folder, named by a hash of everything it is made from, so a check reads the
tables and imports no lark. A file that is missing, damaged, or made by other
code is built again; a folder that cannot be written is no error.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from slacheck import __version__, programs
from slacheck.extract.lexicon import LEXICON_FILE
from slacheck.resources import cache_file, grammar_file, read_kept, save_kept

PHRASE = "phrase"
"""The start rule of a phrase."""
END = "$END"
"""The symbol lark's tables use for the end of the input."""
_SUFFIX = ".tables.json"


@dataclass(frozen=True, slots=True)
class Rule:
    """What a reduction by one rule makes: a tree named ``name`` of its last ``size`` values, of which the
    ``kept`` ones (index, spliced) become children; a spliced child (a rule whose name starts with ``_``)
    gives its own children instead, as lark inlines such rules."""

    name: str
    size: int
    kept: tuple[tuple[int, bool], ...]


@dataclass(frozen=True)
class GrammarTables:
    """The fact grammar's terminals and phrase tables."""

    terminals: tuple[tuple[str, str], ...]
    """Each terminal's name and regex, in the order lark's basic lexer tries them."""
    silent: frozenset[str]
    """The terminals the grammar ignores (whitespace)."""
    first: dict[str, str]
    """Each terminal's first characters (lexer.first_characters)."""
    starts: dict[str, str]
    """Each terminal's filter of its first few characters (lexer.first_prefixes)."""
    ranges: dict[str, tuple[tuple[int, int], ...]]
    """Each terminal's first characters below programs.BMP_END, as ranges of code points (programs.character_ranges)."""
    skip: str
    """The regex that skips whitespace and prose (lexer.skip_pattern)."""
    actions: tuple[dict[str, int], ...]
    """Per LALR state, per symbol: shift to state ``n`` (n >= 0) or reduce by rule ``-n - 1``."""
    rules: tuple[Rule, ...]
    start: int
    """The state a phrase starts in."""
    end: int
    """The state a whole phrase has been reduced to."""
    programs: programs.Programs
    """Compiled programs of the terminals' regexes, their prefix filters and the lexer's skip pattern."""
    words: dict[str, list[str] | None]
    """Each terminal's needed words (needed_words.needed_words)."""


@lru_cache(maxsize=1)
def grammar_tables() -> GrammarTables:
    """The fact grammar's tables, from the cache folder when it holds them."""
    sources = _sources()
    kept = cache_file("facts.lark", sources, _SUFFIX) if sources is not None else None
    tables = _read(kept)
    if tables is None:
        from slacheck.extract.lalr import build, phrase_parser

        tables = build(phrase_parser())
        save_kept(kept, _payload(tables))
    return tables


def _sources() -> str | None:
    """Everything the tables are made from: the grammar, the lexicon, the code that builds both, slacheck's
    version, lark as installed and the Python the programs are for (None when a source cannot be read, as
    in a package without its source)."""
    here = Path(__file__).parent
    lark = importlib.util.find_spec("lark")  # found, not imported: a check imports no lark
    try:
        if lark is None or lark.origin is None:
            return None
        installed = os.stat(lark.origin)  # another lark version is another file
        return "\n".join([grammar_file("facts.lark").read_text(encoding="utf-8"),
                          grammar_file(LEXICON_FILE).read_text(encoding="utf-8"),
                          *(here.joinpath(name).read_text(encoding="utf-8")
                            for name in ("tables.py", "lalr.py", "lexer.py", "lexicon.py")),
                          *(here.parent.joinpath(name).read_text(encoding="utf-8")
                            for name in ("programs.py", "needed_words.py")),
                          f"slacheck {__version__}", f"lark {lark.origin} {installed.st_size} {installed.st_mtime_ns}",
                          programs.FORMAT])
    except (OSError, UnicodeDecodeError):
        return None


def _payload(tables: GrammarTables) -> dict[str, Any]:
    return {"terminals": [list(t) for t in tables.terminals], "silent": sorted(tables.silent),
            "first": tables.first, "starts": tables.starts,
            "ranges": {name: [list(r) for r in ranges] for name, ranges in tables.ranges.items()},
            "skip": tables.skip,
            "actions": list(tables.actions),
            "rules": [[r.name, r.size, [list(k) for k in r.kept]] for r in tables.rules],
            "start": tables.start, "end": tables.end,
            "programs": programs.as_rows(tables.programs), "words": tables.words}


def _read(kept: Path | None) -> GrammarTables | None:
    """The tables kept in ``kept``; None when there are none, or they are damaged (their digest differs)."""
    payload = read_kept(kept)
    if payload is None:
        return None
    try:
        return GrammarTables(
            tuple((name, regex) for name, regex in payload["terminals"]), frozenset(payload["silent"]),
            dict(payload["first"]), dict(payload["starts"]),
            {name: tuple((low, high) for low, high in ranges) for name, ranges in payload["ranges"].items()},
            str(payload["skip"]),
            tuple(payload["actions"]),
            tuple(Rule(name, size, tuple((index, spliced) for index, spliced in kept_children))
                  for name, size, kept_children in payload["rules"]),
            payload["start"], payload["end"],
            programs.from_rows(payload["programs"]), dict(payload["words"]))
    except (ValueError, TypeError, KeyError, AttributeError):  # binascii.Error is a ValueError
        return None
