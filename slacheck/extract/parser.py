"""Run the fact grammar over normalised text: a lexer pass, then phrases.

The lexer turns the text into vocabulary tokens; prose (what the grammar does
not know) only separates them. Each run of consecutive vocabulary tokens is fed
to the LALR phrase parser, which takes the longest prefix that forms a phrase
and restarts after it; tokens that start no phrase stay single keywords. Only
lark's public API is used; the lexer reads the terminals' regexes with the
standard library's own regex parser.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from re import _constants as sre_constants  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any, Callable, Iterator, Mapping, Sequence

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import BasicLexer, Lexer, LexerState, TerminalDef

from slacheck.extract.lexicon import fact_grammar
from slacheck.files import write_atomic
from slacheck.resources import build_lark, cache_file


@dataclass(frozen=True)
class Phrase:
    """A parsed phrase (``tree.data`` names it: gpu, nodes, nics, ...) and the text span it covers."""

    tree: Tree
    start: int
    end: int


@dataclass(frozen=True)
class Scan:
    """What the grammar found in one text: its vocabulary tokens and phrases."""

    tokens: tuple[Token, ...]
    phrases: tuple[Phrase, ...]
    length: int
    """Characters of the text scanned."""

    def keywords(self) -> list[Token]:
        """The vocabulary tokens."""
        return list(self.tokens)


PROSE = "PROSE"
"""The terminal of text the grammar does not know: it ends a run of keywords but is not kept."""
_SKIPPED_IN_RUNS = {"VENDOR", "BRACKET", "PORT_FORM", "NODE_KIND"}
_ENDS_RUNS = {"OUTLINE"}
MAX_PHRASE_TOKENS = 24
"""No phrase is longer; bounds the work on runs of keywords without prose between them."""


class _FedTokens(Lexer):
    """The phrase parser's lexer: it is fed tokens the lexer pass made, never text, so it compiles no terminal."""

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        return iter(())


# --------------------------------------------------------------------------- the first-character lexer

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

    def __init__(self, terminals: Sequence[TerminalDef], silent: frozenset[str], newline_types: frozenset[str],
                 prose: str = PROSE, first: Mapping[str, str] | None = None) -> None:
        self.terminals = list(terminals)
        self.silent = silent
        self.newline_types = newline_types
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
            plan = {"order": [t.name for t in basic.terminals], "newline": sorted(basic.newline_types),
                    "first": {t.name: first_characters(t.pattern.to_regexp()) for t in basic.terminals}}
            _save_plan(cached, plan)
        return cls([by_name[name] for name in plan["order"]], frozenset(parser.lexer_conf.ignore),
                   frozenset(plan["newline"]), first=plan["first"])

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

    def lex(self, text: str) -> Iterator[tuple[Token, bool]]:
        """Each vocabulary token of ``text`` and whether prose came since the token before it."""
        skip, by_char, skipped, silent = self._skip.match, self._by_char, self.skipped, self.silent
        newline_types = self.newline_types
        position, end, line, line_start, prose = 0, len(text), 1, 0, False
        while position < end:
            gap = skip(text, position)
            stop = gap.end()
            if stop > position:
                prose = prose or gap.start("prose") >= 0
                if newlines := text.count("\n", position, stop):
                    line += newlines
                    line_start = text.rindex("\n", position, stop) + 1
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
            start_line, start_column = line, position - line_start + 1
            if kind in newline_types and (newlines := text.count("\n", position, stop)):
                line += newlines
                line_start = text.rindex("\n", position, stop) + 1
            if kind in skipped:
                prose = prose or kind not in silent
            else:
                yield (Token(kind, match.group(), position, start_line, start_column, line, stop - line_start + 1,
                             stop), prose)
                prose = False
            position = stop


# --------------------------------------------------------------------------- building the grammar


def _read_plan(cached: Path | None) -> dict[str, Any] | None:
    """The lexer's plan (lark's terminal order, its newline terminals, first characters) kept in ``cached``."""
    if cached is None:
        return None
    try:
        plan = json.loads(cached.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(plan, dict) or not all(isinstance(plan.get(key), kind) for key, kind in
                                             (("order", list), ("newline", list), ("first", dict))):
        return None
    texts = [*plan["order"], *plan["newline"], *plan["first"], *plan["first"].values()]
    return plan if all(isinstance(text, str) for text in texts) else None


def _save_plan(cached: Path | None, plan: dict[str, Any]) -> None:
    """Keep the lexer's plan for the next run; a cache that cannot be written is no error."""
    if cached is not None:
        try:
            write_atomic(cached, json.dumps(plan, sort_keys=True))
        except OSError:
            pass


@lru_cache(maxsize=1)
def _parsers() -> tuple[FirstCharLexer, Lark]:
    """The lexer and the phrase parser, built once (from the cache folder when it holds them)."""
    text = fact_grammar()
    phrases = build_lark("facts.lark", text=text, parser="lalr", lexer=_FedTokens, start=["phrase", "tokens"])
    plan = cache_file("facts.lark", f"{text}\nlark {lark.__version__}", ".lexer.json")
    return FirstCharLexer.of(phrases, plan), phrases


def scan(text: str) -> Scan:
    """Tokens and phrases of one normalised text."""
    lexer, phrase_parser = _parsers()
    tokens: list[Token] = []
    phrases: list[Phrase] = []
    run: list[Token] = []
    ended = False
    for token, after_prose in lexer.lex(text):
        tokens.append(token)
        ended = ended or after_prose
        if token.type in _SKIPPED_IN_RUNS:
            continue
        if run and (ended or token.type in _ENDS_RUNS):
            phrases.extend(_phrases_in_run(phrase_parser, run))
            run = []
        ended = False
        if token.type not in _ENDS_RUNS:
            run.append(token)
    if run:
        phrases.extend(_phrases_in_run(phrase_parser, run))
    return Scan(tokens=tuple(tokens), phrases=tuple(phrases), length=len(text))


# --------------------------------------------------------------------------- phrases


def _phrases_in_run(parser: Lark, run: list[Token]) -> list[Phrase]:
    """Longest-prefix phrases in a run of keyword tokens, left to right."""
    found = []
    position = 0
    starters = _phrase_starters()
    types = [token.type for token in run]
    while position < len(run):
        if types[position] not in starters:
            position += 1
            continue
        length, build = _longest_phrase(tuple(types[position:position + MAX_PHRASE_TOKENS]))
        if build is None:
            position += 1
            continue
        found.append(Phrase(tree=build(run, position), start=run[position].start_pos,
                            end=run[position + length - 1].end_pos))
        position += length
    return found


@lru_cache(maxsize=1)
def _phrase_starters() -> frozenset[str]:
    """Token types that can begin a phrase: no parse is tried from any other."""
    return frozenset(_parsers()[1].parse_interactive("", start="phrase").choices())


Build = Callable[[Sequence[Token], int], Tree]
"""Makes a phrase's tree around the tokens from a position on."""


@lru_cache(maxsize=65_536)
def _longest_phrase(types: tuple[str, ...]) -> tuple[int, Build | None]:
    """The longest phrase at the start of tokens of these types: (token count, how to build its tree).

    The LALR parse depends on the token types alone, so the answer is kept per tuple of types. One
    pass finds the prefixes after which the parser would accept the end; LALR lookahead can promise
    an end it then refuses, so the longest such prefix that really parses wins.
    """
    parser = _parsers()[1]
    tokens = [Token(kind, "") for kind in types]
    interactive = parser.parse_interactive("", start="phrase")
    ends = []
    for offset, token in enumerate(tokens, start=1):
        if token.type not in interactive.choices():
            break
        try:
            interactive.feed_token(token)
        except UnexpectedInput:
            break
        if "$END" in interactive.choices():
            ends.append(offset)
    for length in reversed(ends):
        tree = _parse_exactly(parser, tokens[:length])
        if tree is not None:
            return length, _builder(tree.children[0], {id(token): index for index, token in enumerate(tokens)})
    return 0, None


def _parse_exactly(parser: Lark, tokens: list[Token]) -> Tree | None:
    """The phrase tree of exactly these tokens, or None."""
    interactive = parser.parse_interactive("", start="phrase")
    try:
        for token in tokens:
            interactive.feed_token(token)
        return interactive.feed_eof()
    except UnexpectedInput:
        return None


def _builder(tree: Tree, index: dict[int, int]) -> Build:
    """A function that makes ``tree`` again around other tokens: each token of ``tree`` is replaced by the
    token at its index (``index`` maps the token's id to it) counted from a given position."""
    data = tree.data
    parts: list[int | Build] = [_builder(child, index) if isinstance(child, Tree) else index[id(child)]
                                for child in tree.children]

    def build(tokens: Sequence[Token], at: int) -> Tree:
        return Tree(data, [tokens[at + part] if isinstance(part, int) else part(tokens, at) for part in parts])

    return build
