"""Run the fact grammar over normalised text: a lexer pass, then phrases.

The lexer (``lexer``) turns the text into vocabulary tokens; prose (what the
grammar does not know) only separates them. Each run of consecutive vocabulary
tokens is fed to the LALR phrase parser, which takes the longest prefix that
forms a phrase and restarts after it; tokens that start no phrase stay single
keywords. The phrase parser runs over the LALR tables lark made (``tables``);
its trees (``slacheck.trees``) are shaped as lark shapes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

from slacheck.extract.lexer import FirstCharLexer, Keyword
from slacheck.extract.tables import END, GrammarTables, Rule, grammar_tables
from slacheck.trees import Tree


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


@dataclass(frozen=True, slots=True, init=False)
class Scan:
    """What the grammar found in one text: its vocabulary tokens and phrases (the constructor written out, as
    context.Said's is)."""

    tokens: tuple[Keyword, ...]
    phrases: tuple[Phrase, ...]
    length: int
    """Characters of the text scanned."""

    def __init__(self, tokens: tuple[Keyword, ...], phrases: tuple[Phrase, ...], length: int) -> None:
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "phrases", phrases)
        object.__setattr__(self, "length", length)

    def keywords(self) -> list[Keyword]:
        """The vocabulary tokens."""
        return list(self.tokens)


_SKIPPED_IN_RUNS = {"VENDOR", "BRACKET", "PORT_FORM", "NODE_KIND"}
_ENDS_RUNS = {"OUTLINE"}
MAX_PHRASE_TOKENS = 24
"""No phrase is longer; bounds the work on runs of keywords without prose between them."""


@lru_cache(maxsize=1)
def _parsers() -> tuple[FirstCharLexer, GrammarTables]:
    """The lexer and the phrase tables, made once (from the cache folder when it holds them)."""
    tables = grammar_tables()
    return FirstCharLexer(tables.terminals, tables.silent, first=tables.first, starts=tables.starts,
                          ranges=tables.ranges, skip=tables.skip, programs=tables.programs, words=tables.words), tables


def scan(text: str) -> Scan:
    """Tokens and phrases of one normalised text."""
    lexer, _ = _parsers()
    alone = _one_token_phrases()
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
            if len(run) > 1 or run[0].type in alone:  # most runs are one token that is no phrase
                _phrases_in_run(run, phrases)
            run = []
        ended = False
        if kind not in _ENDS_RUNS:
            run.append(token)
    if run and (len(run) > 1 or run[0].type in alone):
        _phrases_in_run(run, phrases)
    return Scan(tokens=tuple(tokens), phrases=tuple(phrases), length=len(text))


# --------------------------------------------------------------------------- phrases


def _phrases_in_run(run: list[Keyword], found: list[Phrase]) -> None:
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
    tables = _parsers()[1]
    return frozenset(tables.actions[tables.start])


@lru_cache(maxsize=1)
def _one_token_phrases() -> frozenset[str]:
    """Token types that are a phrase on their own: a run of one token of another type holds no phrase."""
    terminals = set(_parsers()[0].terminals)
    return frozenset(kind for kind in _phrase_starters() & terminals if _longest_phrase((kind,))[2] is not None)


Build = Callable[[Sequence[Keyword], int], Tree[Keyword]]
"""Makes a phrase's tree around the tokens from a position on."""
_Shape = tuple[str, list["int | _Shape"]]
"""A tree whose leaves are token indices."""


@lru_cache(maxsize=65_536)
def _longest_phrase(types: tuple[str, ...]) -> tuple[int, str, Build | None]:
    """The longest phrase at the start of tokens of these types: (token count, its kind, how to build its tree).

    The LALR parse depends on the token types alone, so the answer is kept per tuple of types. One pass
    finds the prefixes after which the parser would accept the end; LALR lookahead can promise an end it
    then refuses, so the longest such prefix that really parses wins.
    """
    tables = _parsers()[1]
    actions = tables.actions
    states, values = [tables.start], list[int | _Shape]()
    ends = []
    for offset, kind in enumerate(types, start=1):
        if kind not in actions[states[-1]] or not _feed(tables, states, values, kind, offset - 1):
            break
        if END in actions[states[-1]]:
            ends.append(offset)
    for length in reversed(ends):
        tree = _parse_exactly(tables, types[:length])
        if tree is not None:
            phrase = tree[1][0]
            assert isinstance(phrase, tuple)
            return length, phrase[0], _builder(phrase)
    return 0, "", None


def _feed(tables: GrammarTables, states: list[int], values: list[int | _Shape], kind: str, index: int) -> bool:
    """Feed one token (its type, and its index as its value) to the parse in ``states`` and ``values``,
    reducing as the tables say until it is shifted; False when the tables have no action for it."""
    actions = tables.actions
    while True:
        action = actions[states[-1]].get(kind)
        if action is None:
            return False
        if action >= 0:
            states.append(action)
            values.append(index)
            return True
        _reduce(tables, states, values, tables.rules[-action - 1])


def _reduce(tables: GrammarTables, states: list[int], values: list[int | _Shape], rule: Rule) -> None:
    """Replace the last values by the tree of ``rule`` and go to the state it leads to."""
    taken = values[len(values) - rule.size:] if rule.size else []
    if rule.size:
        del states[-rule.size:]
        del values[-rule.size:]
    children: list[int | _Shape] = []
    for index, spliced in rule.kept:
        child = taken[index]
        if spliced:
            assert isinstance(child, tuple)
            children.extend(child[1])
        else:
            children.append(child)
    states.append(tables.actions[states[-1]][rule.name])
    values.append((rule.name, children))


def _parse_exactly(tables: GrammarTables, types: tuple[str, ...]) -> _Shape | None:
    """The phrase tree of exactly tokens of these types, or None."""
    states, values = [tables.start], list[int | _Shape]()
    for index, kind in enumerate(types):
        if not _feed(tables, states, values, kind, index):
            return None
    actions = tables.actions
    while True:
        action = actions[states[-1]].get(END)
        if action is None or action >= 0:
            return None
        _reduce(tables, states, values, tables.rules[-action - 1])
        if states[-1] == tables.end:
            tree = values[-1]
            assert isinstance(tree, tuple)
            return tree


def _builder(shape: _Shape) -> Build:
    """A function that makes the tree of ``shape`` around tokens: each leaf, a token index, becomes the
    token at that index counted from a given position."""
    data = shape[0]
    parts: list[int | Build] = [part if isinstance(part, int) else _builder(part) for part in shape[1]]
    indices = [part for part in parts if isinstance(part, int)]
    if indices and len(indices) == len(parts) and indices == list(range(indices[0], indices[-1] + 1)):
        first, end = indices[0], indices[-1] + 1  # a run of tokens, the commonest shape: one slice

        def build_run(tokens: Sequence[Keyword], at: int) -> Tree[Keyword]:
            return Tree(data, list(tokens[at + first:at + end]))

        return build_run

    def build(tokens: Sequence[Keyword], at: int) -> Tree[Keyword]:
        return Tree(data, [tokens[at + part] if isinstance(part, int) else part(tokens, at) for part in parts])

    return build
