"""Run the fact grammar over normalised text: a lexer pass, then phrases.

The lexer turns the text into vocabulary tokens and PROSE. Each run of
consecutive non-prose tokens is fed to the LALR phrase parser, which takes
the longest prefix that forms a phrase and restarts after it; tokens that
start no phrase stay single keywords. Only lark's public API is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer, LexerState

from slacheck.extract.lexicon import fact_grammar
from slacheck.resources import build_lark


@dataclass(frozen=True)
class Phrase:
    """A parsed phrase (``tree.data`` names it: gpu, nodes, nics, ...) and the text span it covers."""

    tree: Tree
    start: int
    end: int


@dataclass(frozen=True)
class Scan:
    """What the grammar found in one text: all tokens (prose included) and phrases."""

    tokens: tuple[Token, ...]
    phrases: tuple[Phrase, ...]
    length: int
    """Characters of the text scanned."""

    def keywords(self) -> list[Token]:
        """The vocabulary tokens (everything but PROSE)."""
        return [token for token in self.tokens if token.type != "PROSE"]


_SKIPPED_IN_RUNS = {"VENDOR", "BRACKET", "PORT_FORM", "NODE_KIND"}
MAX_PHRASE_TOKENS = 24
"""No phrase is longer; bounds the work on runs of keywords without prose between them."""


class _FedTokens(Lexer):
    """The phrase parser's lexer: it is fed tokens the lexer pass made, never text, so it compiles no terminal."""

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        return iter(())


@lru_cache(maxsize=1)
def _parsers() -> tuple[Lark, Lark]:
    """The lexer-only parser and the phrase parser, built once."""
    text = fact_grammar()
    lexer = build_lark("facts.lark", text=text, parser=None, lexer="basic", start="tokens")
    phrases = build_lark("facts.lark", text=text, parser="lalr", lexer=_FedTokens, start="phrase")
    return lexer, phrases


def scan(text: str) -> Scan:
    """Tokens and phrases of one normalised text."""
    lexer, phrase_parser = _parsers()
    tokens = tuple(lexer.lex(text))
    phrases: list[Phrase] = []
    run: list[Token] = []
    for token in (*tokens, None):
        if token is not None and token.type in _SKIPPED_IN_RUNS:
            continue
        if token is not None and token.type not in ("PROSE", "OUTLINE"):
            run.append(token)
            continue
        if run:
            phrases.extend(_phrases_in_run(phrase_parser, run))
            run = []
    return Scan(tokens=tokens, phrases=tuple(phrases), length=len(text))


def _phrases_in_run(parser: Lark, run: list[Token]) -> list[Phrase]:
    """Longest-prefix phrases in a run of keyword tokens, left to right."""
    found = []
    position = 0
    starters = _phrase_starters()
    while position < len(run):
        length, tree = _longest_phrase(parser, run, position) if run[position].type in starters else (0, None)
        if tree is None:
            position += 1
            continue
        last = run[position + length - 1]
        found.append(Phrase(tree=tree.children[0], start=run[position].start_pos, end=last.end_pos))
        position += length
    return found


@lru_cache(maxsize=1)
def _phrase_starters() -> frozenset[str]:
    """Token types that can begin a phrase: no parse is tried from any other."""
    return frozenset(_parsers()[1].parse_interactive("").choices())


def _longest_phrase(parser: Lark, run: list[Token], position: int) -> tuple[int, Tree | None]:
    """The longest phrase starting at ``run[position]``: (token count, tree).

    One pass finds the prefixes after which the parser would accept the end;
    LALR lookahead can promise an end it then refuses, so the longest such
    prefix that really parses wins.
    """
    tokens = run[position:position + MAX_PHRASE_TOKENS]
    interactive = parser.parse_interactive("")
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
            return length, tree
    return 0, None


def _parse_exactly(parser: Lark, tokens: list[Token]) -> Tree | None:
    """The phrase tree of exactly these tokens, or None."""
    interactive = parser.parse_interactive("")
    try:
        for token in tokens:
            interactive.feed_token(token)
        return interactive.feed_eof()
    except UnexpectedInput:
        return None
