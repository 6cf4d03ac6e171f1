"""The phrase tables made from lark: its terminal order and its LALR analysis of the fact grammar.

Run only when the cache folder holds no tables for this grammar (``tables.grammar_tables``): the one
module of a check that imports lark.
"""

from __future__ import annotations

import copy
from typing import Any, Iterator

from lark import Lark, Token
from lark.grammar import Terminal
from lark.lexer import BasicLexer, Lexer, LexerState

from slacheck import programs
from slacheck.extract.lexer import PROSE, first_characters, first_prefixes, prose_then_skip, skip_pattern
from slacheck.extract.lexicon import fact_grammar
from slacheck.extract.tables import PHRASE, GrammarTables, Rule
from slacheck.needed_words import needed_words
from slacheck.resources import build_lark


class _FedTokens(Lexer):
    """A lexer for a parser that is fed tokens, never text: it compiles no terminal."""

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        return iter(())


def phrase_parser() -> Lark:
    """Lark's LALR parser of the fact grammar (the tables are made from it, and tests compare with it)."""
    return build_lark("facts.lark", text=fact_grammar(), parser="lalr", lexer=_FedTokens, start=[PHRASE, "tokens"])


def build(parser: Lark) -> GrammarTables:
    """The tables of a lark LALR parser of the fact grammar.

    Trees are shaped as lark shapes them by default (rules starting with ``_`` inlined, anonymous tokens
    dropped); a rule with options that change that (an alias, ``?``, ``!``, ``[]``) is refused.
    """
    conf = copy.copy(parser.lexer_conf)
    conf.skip_validation = True
    ordered = BasicLexer(conf).terminals
    terminals = tuple((str(t.name), t.pattern.to_regexp()) for t in ordered)
    table = parser.parser.parser.parser.parse_table
    rules: dict[Any, int] = {}
    shapes: list[Rule] = []
    for rule in parser.rules:
        options = rule.options
        if rule.alias or options.expand1 or options.keep_all_tokens or options.empty_indices:
            raise ValueError(f"the phrase tables cannot shape rule {rule}")
        rules[rule] = len(shapes)
        shapes.append(Rule(str(rule.origin.name), len(rule.expansion), tuple(
            (index, not symbol.is_term and symbol.name.startswith("_"))
            for index, symbol in enumerate(rule.expansion)
            if not (isinstance(symbol, Terminal) and symbol.filter_out))))
    states = sorted(table.states)
    if states != list(range(len(states))):
        raise ValueError("lark's LALR states are not numbered 0..n-1")
    actions = tuple({str(symbol): arg if action.name == "Shift" else -rules[arg] - 1
                     for symbol, (action, arg) in table.states[state].items()} for state in states)
    first = {name: first_characters(regex) for name, regex in terminals}
    silent = frozenset(parser.lexer_conf.ignore)
    ranges = {name: tuple(programs.character_ranges(first[name])) for name, _ in terminals}
    starts = {name: first_prefixes(regex) for name, regex in terminals}
    skip = skip_pattern(terminals, silent, ranges)
    prose_skip = prose_then_skip(dict(terminals)[PROSE], skip)
    regexes = [(regex, 0) for _, regex in terminals] + [(skip, 0), (prose_skip, 0)] \
        + [(start, 0) for start in starts.values()]
    kept = {(regex, flags): made for regex, flags in regexes if (made := programs.program(regex, flags)) is not None}
    words = {name: needed_words(regex) for name, regex in terminals}
    return GrammarTables(terminals, silent, first, starts, ranges, skip, actions, tuple(shapes),
                         table.start_states[PHRASE], table.end_states[PHRASE], kept, words)
