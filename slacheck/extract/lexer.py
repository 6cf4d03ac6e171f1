"""The first-character lexer: the fact grammar's terminals, matched as lark's basic lexer matches them.

Each terminal's regex is walked with the standard library's own regex parser to
find the characters a match can start with; one search skips prose up to the
next such character, where only the terminals that can start with it are tried.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from re import _constants as sre_constants
from re import _parser as sre_parse
from typing import Any, Iterator, Mapping, Sequence

from lark import Lark
from lark.lexer import BasicLexer, TerminalDef

from slacheck.files import write_atomic


class Keyword:
    """A vocabulary token: its terminal's name, its text and where it lies (``text[start:end]``)."""

    __slots__ = ("type", "value", "start", "end")

    def __init__(self, type: str, value: str, start: int, end: int) -> None:
        self.type = type
        self.value = value
        self.start = start
        self.end = end


PROSE = "PROSE"
"""The terminal of text the grammar does not know: it ends a run of keywords but is not kept."""
SHARED_VALUES = 65_536
"""Most distinct token texts the lexer keeps to share between tokens."""

_ANY = r"\s\S"
_CATEGORIES = {
    sre_constants.CATEGORY_DIGIT: r"\d", sre_constants.CATEGORY_NOT_DIGIT: r"\D",
    sre_constants.CATEGORY_SPACE: r"\s", sre_constants.CATEGORY_NOT_SPACE: r"\S",
    sre_constants.CATEGORY_WORD: r"\w", sre_constants.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT}
_ZERO_WIDTH = {sre_constants.AT, sre_constants.ASSERT, sre_constants.ASSERT_NOT}


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def _first_of_sequence(items: Sequence[tuple[Any, Any]]) -> tuple[set[str], bool]:
    """Character-class parts any match of ``items`` can start with, and whether it can match nothing."""
    parts: set[str] = set()
    for op, av in items:
        first, nullable = _first_of_item(op, av)
        parts |= first
        if not nullable:
            return parts, False
    return parts, True


def _first_of_item(op: Any, av: Any) -> tuple[set[str], bool]:
    """First characters of one parsed regex item (lookarounds and anchors are zero-width: skipped)."""
    if op is sre_constants.LITERAL:
        return {_char(av)}, False
    if op is sre_constants.IN:
        parts: set[str] = set()
        for inner, value in av:
            if inner is sre_constants.LITERAL:
                parts.add(_char(value))
            elif inner is sre_constants.RANGE:
                parts.add(f"{_char(value[0])}-{_char(value[1])}")
            elif inner is sre_constants.CATEGORY and value in _CATEGORIES:
                parts.add(_CATEGORIES[value])
            else:  # a negated class, or a category without a class escape
                return {_ANY}, False
        return parts, False
    if op is sre_constants.CATEGORY and av in _CATEGORIES:
        return {_CATEGORIES[av]}, False
    if op in _REPEATS:
        low, _, body = av
        parts, nullable = _first_of_sequence(body)
        return parts, nullable or low == 0
    if op is sre_constants.SUBPATTERN:
        return _first_of_sequence(av[-1])
    if op is sre_constants.ATOMIC_GROUP:
        return _first_of_sequence(av)
    if op is sre_constants.BRANCH:
        parts, nullable = set(), False
        for branch in av[1]:
            first, empty = _first_of_sequence(branch)
            parts |= first
            nullable = nullable or empty
        return parts, nullable
    if op in _ZERO_WIDTH:
        return set(), True
    return {_ANY}, False  # anything else (any character, a back reference, ...) may start with any character


def first_characters(regex: str) -> str:
    """A character class (to compile ignoring case) of every character a match of ``regex`` can start with.

    It may hold more characters than really start a match, never fewer.
    """
    parts, _ = _first_of_sequence(sre_parse.parse(regex))
    return "[" + "".join(sorted(parts)) + "]"



class FirstCharLexer:
    """Lark's basic lexer, same tokens, but dispatched on the character where each token starts.

    Lark tries every terminal, in priority order, at every position. Here one
    search skips whitespace and prose (the ``skipped`` terminals) up to the
    next position where another terminal can start; only the terminals that can
    start with that character are tried there, in lark's order. Skipped tokens
    are not made: a flag tells that prose came before a token.
    """

    def __init__(self, terminals: Sequence[TerminalDef], silent: frozenset[str], prose: str = PROSE,
                 first: Mapping[str, str] | None = None) -> None:
        self.terminals = list(terminals)
        self.silent = silent
        self.skipped = silent | {prose}
        self._regex = {t.name: t.pattern.to_regexp() for t in self.terminals}
        classes = first or {name: first_characters(regex) for name, regex in self._regex.items()}
        self._first = {t.name: re.compile(classes[t.name], re.IGNORECASE) for t in self.terminals}
        starts = "".join(classes[t.name][1:-1] for t in self.terminals if t.name not in self.skipped)
        units = "|".join(f"(?:{self._regex[t.name]})" if t.name in silent else f"(?P<prose>{self._regex[t.name]})"
                         for t in self.terminals if t.name in self.skipped)
        self._skip = re.compile(f"(?:(?!(?i:[{starts}]))(?:{units}))*")
        self._by_char: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
        self._compiled: dict[str, re.Pattern[str]] = {}
        self._shared: dict[str, str] = {}

    @classmethod
    def of(cls, parser: Lark, cached: Path | None = None) -> FirstCharLexer:
        """The lexer of a parser's terminals, ordered as lark's basic lexer orders them.

        Lark's order and each terminal's first characters take parsing every regex: ``cached`` keeps
        them between runs.
        """
        by_name = {t.name: t for t in parser.lexer_conf.terminals}
        plan = _read_plan(cached)
        if plan is None or sorted(plan["order"]) != sorted(by_name) or set(plan["first"]) != set(by_name):
            conf = copy.copy(parser.lexer_conf)
            conf.skip_validation = True
            basic = BasicLexer(conf)
            plan = {"order": [t.name for t in basic.terminals],
                    "first": {t.name: first_characters(t.pattern.to_regexp()) for t in basic.terminals}}
            _save_plan(cached, plan)
        return cls([by_name[name] for name in plan["order"]], frozenset(parser.lexer_conf.ignore),
                   first=plan["first"])

    def _candidates(self, ch: str) -> list[tuple[str, re.Pattern[str]]]:
        """The terminals that can start with ``ch``, in order, each compiled (once, when first needed).

        Trying them one by one costs about what one alternation of them costs, and compiling an
        alternation for every character met would cost more than a document's whole lexing.
        """
        candidates = []
        for terminal in self.terminals:
            if self._first[terminal.name].match(ch):
                compiled = self._compiled.get(terminal.name)
                if compiled is None:
                    compiled = self._compiled[terminal.name] = re.compile(self._regex[terminal.name])
                candidates.append((terminal.name, compiled))
        self._by_char[ch] = candidates
        return candidates

    def lex(self, text: str) -> Iterator[tuple[Keyword, bool]]:
        """Each vocabulary token of ``text`` and whether prose came since the token before it.

        Tokens of the same text share one string (up to SHARED_VALUES of them): a document repeats its
        vocabulary.
        """
        skip, by_char, skipped, silent = self._skip.match, self._by_char, self.skipped, self.silent
        shared = self._shared
        if len(shared) > SHARED_VALUES:
            shared.clear()
        position, end, prose = 0, len(text), False
        while position < end:
            gap = skip(text, position)
            assert gap is not None  # a starred group matches at least nothing
            stop = gap.end()
            if stop > position:
                prose = prose or gap.start("prose") >= 0
                position = stop
                if position >= end:
                    break
            ch = text[position]
            for kind, pattern in by_char.get(ch) or self._candidates(ch):  # noqa: B007 (kind is used after the loop)
                if match := pattern.match(text, position):
                    break
            else:
                raise ValueError(f"no terminal matches at character {position}: {ch!r}")
            stop = match.end()
            if kind in skipped:
                prose = prose or kind not in silent
            else:
                value = match.group()
                yield Keyword(kind, shared.setdefault(value, value), position, stop), prose
                prose = False
            position = stop


def _read_plan(cached: Path | None) -> dict[str, Any] | None:
    """The lexer's plan (lark's terminal order and each terminal's first characters) kept in ``cached``."""
    if cached is None:
        return None
    try:
        plan = json.loads(cached.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(plan, dict) or not isinstance(plan.get("order"), list) or not isinstance(plan.get("first"), dict):
        return None
    texts = [*plan["order"], *plan["first"], *plan["first"].values()]
    return plan if all(isinstance(text, str) for text in texts) else None


def _save_plan(cached: Path | None, plan: dict[str, Any]) -> None:
    """Keep the lexer's plan for the next run; a cache that cannot be written is no error."""
    if cached is not None:
        try:
            write_atomic(cached, json.dumps(plan, sort_keys=True))
        except OSError:
            pass
