"""Access to the data files shipped inside the package (grammar/ and rules/)."""

from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from lark import Lark
from lark import lexer as lark_lexer


def grammar_file(name: str) -> Traversable:
    """A file of grammar/, e.g. ``grammar_file("facts.lark")``."""
    return resources.files("slacheck.grammar").joinpath(name)


def rules_file(name: str) -> Traversable:
    """A file of rules/, e.g. ``rules_file("catalogue.toml")``."""
    return resources.files("slacheck.builtin_rules").joinpath(name)


def build_lark(name: str, *, text: str | None = None, **options: Any) -> Lark:
    """A lark parser for a grammar of grammar/ (or its assembled ``text``), built without lark's
    terminal-collision search.

    When the optional ``interegular`` package is installed, lark compares every
    pair of terminals at build time: over a minute for the fact vocabulary.
    Terminal order is fixed by priorities instead, and the grammar tests check it.
    """
    if text is None:
        text = grammar_file(name).read_text(encoding="utf-8")
    saved = lark_lexer.has_interegular
    lark_lexer.has_interegular = False
    try:
        return Lark(text, **options)
    finally:
        lark_lexer.has_interegular = saved
