"""Run the fact grammar over normalised text: a lexer pass, then phrases.

The lexer (``lexer``) turns the text into vocabulary tokens; prose (what the
grammar does not know) only separates them. Each run of consecutive vocabulary
tokens is fed to the LALR phrase parser, which takes the longest prefix that
forms a phrase and restarts after it; tokens that start no phrase stay single
keywords. Only lark's public API is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, Sequence

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer, LexerState

from slacheck.extract.lexer import FirstCharLexer, Keyword
from slacheck.extract.lexicon import fact_grammar
from slacheck.resources import build_lark, cache_file


class Phrase:
    """A parsed phrase: its kind (its tree's ``data``: gpu, nodes, nics, ...), the text span it covers, and its
    tree, given or made around the run's tokens when first asked for (a scan waits to be read)."""

    __slots__ = ("kind", "start", "end", "_tree", "_build", "_tokens", "_at")

    def __init__(self, kind: str, start: int, end: int, *, tree: Tree[Keyword] | None = None,
                 build: Build | None = None, tokens: Sequence[Keyword] = (), at: int = 0) -> None:
        self.kind = kind
        self.start = start
        self.end = end
        self._tree = tree
        self._build = build
        self._tokens = tokens
        self._at = at

    @property
    def tree(self) -> Tree[Keyword]:
        """The phrase's parse tree; its leaves are the tokens of the phrase."""
        if self._tree is None:
            assert self._build is not None
            self._tree = self._build(self._tokens, self._at)
            self._build, self._tokens = None, ()
        return self._tree


@dataclass(frozen=True, slots=True)
class Scan:
    """What the grammar found in one text: its vocabulary tokens and phrases."""

    tokens: tuple[Keyword, ...]
    phrases: tuple[Phrase, ...]
    length: int
    """Characters of the text scanned."""

    def keywords(self) -> list[Keyword]:
        """The vocabulary tokens."""
        return list(self.tokens)


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
    tokens: list[Keyword] = []
    phrases: list[Phrase] = []
    run: list[Keyword] = []
    ended = False
    for token, after_prose in lexer.lex(text):
        tokens.append(token)
        ended = ended or after_prose
        kind = token.type
        if kind in _SKIPPED_IN_RUNS:
            continue
        if run and (ended or kind in _ENDS_RUNS):
            _phrases_in_run(phrase_parser, run, phrases)
            run = []
        ended = False
        if kind not in _ENDS_RUNS:
            run.append(token)
    if run:
        _phrases_in_run(phrase_parser, run, phrases)
    return Scan(tokens=tuple(tokens), phrases=tuple(phrases), length=len(text))


# --------------------------------------------------------------------------- phrases


def _phrases_in_run(parser: Lark, run: list[Keyword], found: list[Phrase]) -> None:
    """Longest-prefix phrases in a run of keyword tokens, left to right, added to ``found``."""
    position = 0
    starters = _phrase_starters()
    types = [token.type for token in run]
    while position < len(run):
        if types[position] not in starters:
            position += 1
            continue
        length, kind, build = _longest_phrase(tuple(types[position:position + MAX_PHRASE_TOKENS]))
        if build is None:
            position += 1
            continue
        found.append(Phrase(kind, run[position].start, run[position + length - 1].end, build=build, tokens=run,
                            at=position))
        position += length


@lru_cache(maxsize=1)
def _phrase_starters() -> frozenset[str]:
    """Token types that can begin a phrase: no parse is tried from any other."""
    return frozenset(_parsers()[1].parse_interactive("", start="phrase").choices())  # type: ignore[no-untyped-call]


Build = Callable[[Sequence[Keyword], int], Tree[Keyword]]
"""Makes a phrase's tree around the tokens from a position on."""


@lru_cache(maxsize=65_536)
def _longest_phrase(types: tuple[str, ...]) -> tuple[int, str, Build | None]:
    """The longest phrase at the start of tokens of these types: (token count, its kind, how to build its tree).

    The LALR parse depends on the token types alone, so the answer is kept per tuple of types, and
    the parser is fed lark tokens of these types with no text. One pass finds the prefixes after
    which the parser would accept the end; LALR lookahead can promise an end it then refuses, so the
    longest such prefix that really parses wins.
    """
    parser = _parsers()[1]
    tokens = [Token(kind, "") for kind in types]
    interactive = parser.parse_interactive("", start="phrase")
    ends = []
    for offset, token in enumerate(tokens, start=1):
        if token.type not in interactive.choices():  # type: ignore[no-untyped-call]
            break
        try:
            interactive.feed_token(token)
        except UnexpectedInput:
            break
        if "$END" in interactive.choices():  # type: ignore[no-untyped-call]
            ends.append(offset)
    for length in reversed(ends):
        tree = _parse_exactly(parser, tokens[:length])
        if tree is not None:
            phrase = tree.children[0]
            assert isinstance(phrase, Tree)
            return length, phrase.data, _builder(phrase, {id(token): index for index, token in enumerate(tokens)})
    return 0, "", None


def _parse_exactly(parser: Lark, tokens: list[Token]) -> Tree[Token] | None:
    """The phrase tree of exactly these tokens, or None."""
    interactive = parser.parse_interactive("", start="phrase")
    try:
        for token in tokens:
            interactive.feed_token(token)
        tree: Tree[Token] = interactive.feed_eof()  # type: ignore[no-untyped-call]
        return tree
    except UnexpectedInput:
        return None


def _builder(tree: Tree[Token], index: dict[int, int]) -> Build:
    """A function that makes ``tree`` again around other tokens: each token of ``tree`` is replaced by the
    token at its index (``index`` maps the token's id to it) counted from a given position."""
    data = tree.data
    parts: list[int | Build] = [_builder(child, index) if isinstance(child, Tree) else index[id(child)]
                                for child in tree.children]

    def build(tokens: Sequence[Keyword], at: int) -> Tree[Keyword]:
        return Tree(data, [tokens[at + part] if isinstance(part, int) else part(tokens, at) for part in parts])

    return build
