"""What every reading handler shares: statements, a passage's context, and number helpers.

A passage is split into sentences (at 。 ; ! ? | and ". ") and clauses (also at
commas): a hedge qualifies its sentence, a negation its clause. Offsets are in
the normalised passage text; the extract stage maps them back to the document.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from lark import Token, Tree

from slacheck.extract.parser import Phrase

Span = tuple[int, int]

_SENTENCE_END = re.compile(r"[。;!?|\n]|\.(?=\s|$)")
_CLAUSE_END = re.compile(r"[。;!?,|\n]|\.(?=\s|$)")
_EN_NUMBERS = {"one": 1, "two": 2, "four": 4, "eight": 8, "sixteen": 16}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_MAX_COUNT = 100_000
COUNTS = ("NUMBER", "NUMBER_ZH", "NUMBER_WORD")
"""Token types that carry a count."""
FABRIC_WORDS = {"PROTO_IB", "IB_GEN", "ROCE", "RDMA", "NIC", "NIC_MODEL", "SWITCH", "SWITCH_MODEL"}
NETWORK_WORDS = FABRIC_WORDS | {"INTERNAL", "NETWORK", "PORT", "ETHERNET", "ETH_NAMED", "TCP", "RATE_BITS",
                                "OVERSUB", "NONBLOCKING"}
GPU_WORDS = {"MODEL", "CARD_UNIT", "NVLINK", "NVSWITCH", "BRIDGE", "FULL_MESH", "VARIANT"}
"""Token types that mark a sentence as about the inter-node fabric, any network, or the GPUs."""


@dataclass
class Said:
    """A statement in passage coordinates, before evidence is attached."""

    path: str
    value: Any
    spans: list[Span]
    hedged: bool = False
    tag: str | None = None


@dataclass
class Context:
    """Sentence and clause boundaries of one passage, and the tokens in each."""

    text: str
    keywords: list[Token]
    phrases: tuple[Phrase, ...] = ()
    table_row: bool = False
    sentence_starts: list[int] = field(default_factory=list)
    clause_starts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sentence_starts = [0] + [m.end() for m in _SENTENCE_END.finditer(self.text)]
        self.clause_starts = [0] + [m.end() for m in _CLAUSE_END.finditer(self.text)]

    def sentence(self, position: int) -> int:
        return bisect_right(self.sentence_starts, position) - 1

    def clause(self, position: int) -> int:
        return bisect_right(self.clause_starts, position) - 1

    def in_sentence(self, position: int) -> list[Token]:
        index = self.sentence(position)
        return [t for t in self.keywords if self.sentence(t.start_pos) == index]

    def in_clause(self, position: int) -> list[Token]:
        index = self.clause(position)
        return [t for t in self.keywords if self.clause(t.start_pos) == index]

    def sentence_types(self, position: int) -> set[str]:
        return {t.type for t in self.in_sentence(position)}

    def clause_types(self, position: int) -> set[str]:
        return {t.type for t in self.in_clause(position)}

    def in_phrase(self, token: Token) -> bool:
        return any(p.start <= token.start_pos < p.end for p in self.phrases)

    def first(self, kind: str, position: int, *, clause: bool = False) -> Token | None:
        tokens = self.in_clause(position) if clause else self.in_sentence(position)
        return next((t for t in tokens if t.type == kind), None)


def span_of(token: Token) -> Span:
    return (token.start_pos, token.end_pos)


def leaves(tree: Tree) -> list[Token]:
    return [leaf for leaf in tree.scan_values(lambda v: isinstance(v, Token))]


def as_number(token: Token) -> float | None:
    """The number a count, rate or size token carries."""
    if token.type == "NUMBER_ZH":
        return _zh_number(token.value)
    if token.type == "NUMBER_WORD":
        return float(_EN_NUMBERS[token.value.lower()])
    match = re.search(r"\d+(?:,\d{3})*(?:\.\d+)?", token.value)
    if not match or len(match.group()) > 15:
        return None
    return float(match.group().replace(",", ""))


def _zh_number(text: str) -> float | None:
    """一..九十九 written in Chinese numerals."""
    if "十" in text:
        tens, _, units = text.partition("十")
        value = (_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (_ZH_DIGITS.get(units, 0) if units else 0)
        return float(value)
    if len(text) == 1 and text in _ZH_DIGITS:
        return float(_ZH_DIGITS[text])
    return None


def as_count(token: Token) -> int | None:
    value = as_number(token)
    if value is None or value != int(value) or not 0 < value <= _MAX_COUNT:
        return None
    return int(value)


def as_rate_gbps(token: Token) -> float | None:
    """A link rate in Gb/s from a RATE_BITS or G_QTY token."""
    return as_number(token)


def protocol_of(token: Token) -> str | None:
    kind, value = token.type, token.value
    if kind in ("PROTO_IB", "IB_GEN"):
        return "infiniband"
    if kind == "ROCE":
        version = re.search(r"[12]$", value.strip())
        return f"roce-v{version.group()}" if version else "roce"
    if kind == "RDMA":
        return "rdma"
    if kind in ("ETHERNET", "TCP", "ETH_NAMED"):
        return "ethernet-tcp"
    return None


def best_protocol(tokens: Iterable[Token]) -> str | None:
    order = ["infiniband", "roce-v2", "roce-v1", "roce", "rdma", "ethernet-tcp"]
    found = {p for p in (protocol_of(t) for t in tokens) if p}
    return min(found, key=order.index) if found else None


def public_only(types: set[str]) -> bool:
    return "PUBLIC_NET" in types and "INTERNAL" not in types


def negated(token: Token, context: Context) -> bool:
    return "NEGATION" in context.clause_types(token.start_pos)


def flag(path: str, *, needs: set[str] | None = None) -> Callable[[Token, Context], list[Said]]:
    """A keyword that states ``path`` = True (False when negated in its clause)."""
    def handler(token: Token, context: Context) -> list[Said]:
        if needs and not (context.sentence_types(token.start_pos) & needs):
            return []
        return [Said(path, not negated(token, context), [span_of(token)])]
    return handler


def text_value(path: str) -> Callable[[Token, Context], list[Said]]:
    def handler(token: Token, context: Context) -> list[Said]:
        return [Said(path, re.sub(r"\s+", " ", token.value).strip(), [span_of(token)])]
    return handler


def sentence_text(token: Token, context: Context) -> str:
    index = context.sentence(token.start_pos)
    starts = context.sentence_starts
    end = starts[index + 1] if index + 1 < len(starts) else len(context.text)
    return context.text[starts[index]:end]


Handler = Callable[[Token, Context], list[Said]]
"""Reads one keyword token in its context."""
PhraseHandler = Callable[[Phrase, Context], list[Said]]
"""Reads one parsed phrase in its context."""
