"""What every reading handler shares: statements, a passage's context, and number helpers.

A passage is split into sentences (at 。 ; ! ? | and ". ") and clauses (also at
commas): a hedge qualifies its sentence, a negation its clause. Offsets are in
the normalised passage text; the extract stage maps them back to the document.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

from slacheck.extract.lexer import Keyword, longest_match, with_first_test
from slacheck.extract.lexicon import alternation, meaning, values
from slacheck.extract.parser import Phrase
from slacheck.extract.structure import COUNTS, SENTENCE_END, cell_spans
from slacheck.offering import PROTOCOLS
from slacheck.regexes import regex
from slacheck.trees import Tree

Span = tuple[int, int]

# A full stop ends a sentence; the dots of a leader ("Term ........ 36 months") do not.
"""An end mark, or a full stop alone before a space or the end (not "..."); the one class it starts with lets the
search skip to the candidates."""
RUN_IN_HEADING_WIDTH = 48
"""Most characters of a run-in heading ("8.4 Support Response (MSA Schedule B, Part 1).")."""
RUN_IN_HEADING_WORDS = 3
"""Most words of the vocabulary in a run-in heading ("3.6 Term.") whose word speaks for the sentences after it."""
_NOT_HEADING_WORDS = frozenset({"OUTLINE", "NUMBER", "BRACKET", "COLON"})
"""Tokens a run-in heading's words are not counted by (its number, a reference in brackets)."""
_FIGURES = frozenset({"DURATION", "PERCENT", "MONEY", "BW_BYTES", "RATE_BITS", "G_QTY", "MEM_GB", "POWER"})
"""Figures, which no run-in heading holds."""
_LABEL_AND_VALUE = regex(r"[:：][ \t]*[^\s.。]")
"""A label and its value ("Response: Yes."): a sentence that holds one heads nothing."""
_PARENTHESES = regex(r"\((?:[A-Za-z0-9 ./+-]{1,40},)+[A-Za-z0-9 ./+-]{1,40}\)")
"""A parenthetical list of short items ("(GPU, HCA, power supply)"): its commas do not end a clause."""
_AFTER_QUESTION = ".!~。…"
_QUESTION_END = regex(with_first_test(rf"(?:{alternation('question_end')})[{_AFTER_QUESTION}\s]*$"))
_QUESTION_WIDTH = longest_match(alternation("question_end"))
_QUESTION_OPENING = regex(alternation("question_opening"))
NOT_STATED = regex(alternation("not_stated"), re.I)
"""A remark that a document leaves something out ("条款未写明是否恢复…", "配置里没写是 SXM 还是 PCIe")."""
_OPENS_REFERRING_BACK = regex(rf"\s*(?:{alternation('refers_back')}|{alternation('takes_up_before')})", re.I)
_COMMA = regex(",")
_EN_NUMBERS = values("NUMBER_WORD")
_ZH_VALUES = values("NUMBER_ZH")
_DIGITS = regex(r"\d+(?:,\d{3})*(?:\.\d+)?")
_ZH_NUMERALS = regex(f"[{''.join(_ZH_VALUES)}]+")
_PERCENT_OF = regex(alternation("percent_of"))
_ZH_DIGITS = "".join(sign for sign, value in _ZH_VALUES.items() if value in range(10))
_ZH_DECIMALS = regex(rf"(?:{alternation('decimal_point')})([{_ZH_DIGITS}]+)")
_EN_WORDS = regex(r"[A-Za-z]+(?:[- ][A-Za-z]+)*")
_EN_PARTS = regex("[- ]")
_EN_AND = "and"
_HUNDRED = 100
_NOT_BEFORE = regex(with_first_test(rf"(?:{alternation('not_before')})\s*$"), re.I)
NOT_BEFORE_REACH = 20
"""Characters before a word where a negation of it ends ("not covered by service credits")."""
_MAX_COUNT = 100_000
PER_GPU_BEFORE = regex(alternation("per_gpu_before"), re.I)
"""Words just before a count of network cards that make it a count per GPU ("每卡 GPU 对应 1 张")."""
GPUS_PER_NODE = 8
"""The GPUs of the servers this reads offers for: a node's ports together are taken as one per GPU, and a count of
more GPUs that the passage's node count divides is the cluster's."""
PER_NODE_MAX = 16
"""Most GPUs or NICs one server holds: a larger count with no per-node unit is the whole cluster's."""
ENUMERATION_COMMA = "\u3001"
"""The comma that separates the items of a Chinese enumeration."""
MAX_SPAN = 1000
"""Longest sentence or clause, in characters, before it is cut."""
FABRIC_WORDS = {"PROTO_IB", "IB_GEN", "ROCE", "RDMA", "NIC", "NIC_MODEL", "SWITCH", "SWITCH_MODEL"}
NETWORK_WORDS = FABRIC_WORDS | {"INTERNAL", "NETWORK", "PORT", "ETHERNET", "ETH_NAMED", "TCP", "RATE_BITS",
                                "OVERSUB", "NONBLOCKING"}
GPU_WORDS = {"MODEL", "CARD_UNIT", "NVLINK", "NVSWITCH", "BRIDGE", "FULL_MESH", "VARIANT"}
"""Token types that mark a sentence as about the inter-node fabric, any network, or the GPUs."""


def names_the_fabric(tokens: Iterable[Keyword]) -> bool:
    """Whether keywords name the compute fabric: a protocol, its NICs or switches, or the fabric itself."""
    return any(t.type in FABRIC_WORDS or t.type == "INTERNAL" for t in tokens)


@dataclass(init=False)
class Said:
    """A statement in passage coordinates, before evidence is attached.

    The constructor is written out: the compiled reading builds it in C, where the one dataclass would write
    runs as Python (a passage makes several; a test checks it takes the fields, in order, with their defaults).
    """

    path: str
    value: Any
    spans: list[Span]
    hedged: bool
    tag: str | None
    option: str | None
    amends: bool
    """Read in the new value of an amendment ("调整为 99.5%"): it replaces what the document said before."""
    background: bool
    """Read in an agreement's recitals, or in the requirement a compliance matrix's row complies with: what the
    terms or the bidder's answer state about its path comes first."""
    in_column: bool
    """Read in a table column that names its option ("| | Solo | Pod-4 |"): it outranks what is said for all."""

    def __init__(self, path: str, value: Any, spans: list[Span], hedged: bool = False, tag: str | None = None,
                 option: str | None = None, amends: bool = False, background: bool = False,
                 in_column: bool = False) -> None:
        self.path = path
        self.value = value
        self.spans = spans
        self.hedged = hedged
        self.tag = tag
        self.option = option
        self.amends = amends
        self.background = background
        self.in_column = in_column


@dataclass(init=False)
class Context:
    """Sentence and clause boundaries of one passage, and the keyword tokens in each.

    Tokens are grouped by sentence and clause once, so a handler's look at its
    neighbourhood costs the size of that neighbourhood, never of the passage;
    sentences and clauses are cut at MAX_SPAN characters, so neither grows
    without bound on text that has no punctuation. The constructor is written out, as Said's is.
    """

    text: str
    keywords: list[Keyword]
    phrases: tuple[Phrase, ...]
    table_row: bool
    column_types: tuple[frozenset[str], ...]
    """In a table row, the token types of each column's header."""
    provider_names: tuple[str, ...]
    """Short names the document defines for the provider ("Tessellate")."""
    lead_in: tuple[Keyword, ...]
    """In a list item, the keywords of the lead-in sentence above the list ("run on each node individually:")."""
    label_end: int
    """Where the passage's label ends ("可用性：", a row's first cell): its words speak for every sentence after it."""
    optional: bool
    """Under a heading or table header that names optional add-ons: everything the passage states is optional."""
    sentence_starts: list[int] = field(init=False)
    clause_starts: list[int] = field(init=False)

    def __init__(self, text: str, keywords: list[Keyword], phrases: tuple[Phrase, ...] = (), table_row: bool = False,
                 column_types: tuple[frozenset[str], ...] = (), provider_names: tuple[str, ...] = (),
                 lead_in: tuple[Keyword, ...] = (), label_end: int = 0, optional: bool = False) -> None:
        self.text = text
        self.keywords = keywords
        self.phrases = phrases
        self.table_row = table_row
        self.column_types = column_types
        self.provider_names = provider_names
        self.lead_in = lead_in
        self.label_end = label_end
        self.optional = optional
        self.sentence_starts = _bounded(self.text, [0] + [m.end() for m in SENTENCE_END.finditer(self.text)])
        self.clause_starts = self.sentence_starts  # a clause also ends at a comma outside a parenthetical list
        commas = [m.end() for m in _COMMA.finditer(self.text)] if "," in self.text else []
        if commas:
            inside = [m.span() for m in _PARENTHESES.finditer(self.text)]
            opens = [start for start, _ in inside]
            commas = [end for end in commas if not inside or not _within(end - 1, inside, opens)]
            self.clause_starts = _bounded(self.text, sorted({*commas, *self.sentence_starts}))
        self._positions = [t.start for t in self.keywords]
        self._by_sentence = _group(self.keywords, self._positions, self.sentence_starts)
        self._by_clause = self._by_sentence if self.clause_starts is self.sentence_starts else _group(
            self.keywords, self._positions, self.clause_starts)
        self._sentence_types: dict[int, set[str]] = {}
        self._clause_types: dict[int, set[str]] = {}
        self._first_of = {token.type: token for token in reversed(self.keywords)}  # the first of each type wins
        self._phrase_starts = [p.start for p in self.phrases]
        self._label = [t for t in self.keywords if t.end <= self.label_end] if self.label_end else []
        self._label_types = {t.type for t in self._label}
        self._definitions: dict[int, tuple[int, int] | None] = {}
        self._cells: list[tuple[int, int]] | None = None

    def cells(self) -> list[tuple[int, int]]:
        """(start, end) of each cell of a table row's text (the whole text is one), found once."""
        if self._cells is None:
            self._cells = cell_spans(self.text)
        return self._cells

    def cell_at(self, position: int) -> tuple[int, int]:
        """(start, end) of the cell a position lies in."""
        cells = self.cells()
        return cells[max(0, bisect_right([start for start, _ in cells], position) - 1)]

    def run_in_end(self) -> int | None:
        """Where a run-in heading that opens the passage ends ("S3 Availability. 99.5% …", "8.3 Replacement Time
        (MSA Section 9.2). Eight (8) hours …"): the first sentence start within RUN_IN_HEADING_WIDTH characters with
        one to RUN_IN_HEADING_WORDS words of the vocabulary before it and no figure, ending in a full stop (a number
        alone, "8.", heads nothing; "P1 response 15 minutes;" is no heading); None when there is none."""
        for start in self.sentence_starts[1:]:
            if start > RUN_IN_HEADING_WIDTH or not self.text[start:].strip():
                return None
            heading = self.keywords_in(0, start)
            words = sum(t.type not in _NOT_HEADING_WORDS for t in heading)
            if words:
                return start if words <= RUN_IN_HEADING_WORDS and not any(t.type in _FIGURES for t in heading) \
                    and self.text[:start].rstrip().endswith((".", "。")) \
                    and not _LABEL_AND_VALUE.search(self.text, 0, start) else None
        return None

    def _labelled(self, position: int, index: int, starts: list[int]) -> bool:
        """Whether a position lies after the label, in a sentence or clause that does not hold it."""
        return bool(self._label) and position >= self.label_end and starts[index] >= self.label_end

    def sentence(self, position: int) -> int:
        """Index of the sentence holding a text position."""
        return bisect_right(self.sentence_starts, position) - 1

    def sentence_at(self, position: int) -> str:
        """The text of the sentence holding a position."""
        return self._piece(self.sentence_starts, self.sentence(position))

    def names_provider(self, text: str) -> bool:
        """Whether a text names the provider by a short name the document gives it ("Halvard supplies ...")."""
        lowered = text.lower()
        return any(name.lower() in lowered for name in self.provider_names)

    def labels(self, token: Keyword) -> bool:
        """Whether a token is a label: a colon right after it ("Trial: sorry, not possible", "不含：交换机")."""
        return self.text[token.end:token.end + 2].lstrip().startswith((":", "："))

    def takes_up(self, sentence: int) -> bool:
        """Whether a sentence (by its index) opens by taking up what the one before it named ("It's an optional
        add-on", "They're perfect for …")."""
        return 0 < sentence < len(self.sentence_starts) \
            and _OPENS_REFERRING_BACK.match(self.text, self.sentence_starts[sentence]) is not None

    def clause_at(self, position: int) -> str:
        """The text of the clause holding a position."""
        return self._piece(self.clause_starts, self.clause(position))

    def _piece(self, starts: list[int], index: int) -> str:
        return self.text[starts[index]:self._end(starts, index)]

    def _end(self, starts: list[int], index: int) -> int:
        """Where the piece (sentence or clause) ``index`` of ``starts`` ends."""
        return starts[index + 1] if index + 1 < len(starts) else len(self.text)

    def sentence_end(self, position: int) -> int:
        """Where the sentence holding a position ends."""
        return self._end(self.sentence_starts, self.sentence(position))

    def clause_end(self, position: int) -> int:
        """Where the clause holding a position ends."""
        return self._end(self.clause_starts, self.clause(position))

    def enumeration_item(self, position: int) -> tuple[int, int] | None:
        """Where the item holding a position of its clause's enumeration ("含参数面网络、光模块、公网 100M 共享")
        starts and ends; None when the clause enumerates nothing."""
        start, end = self.clause_starts[self.clause(position)], self.clause_end(position)
        left = self.text.rfind(ENUMERATION_COMMA, start, position)
        right = self.text.find(ENUMERATION_COMMA, position, end)
        if left < 0 and right < 0:
            return None
        return (start if left < 0 else left + 1), (end if right < 0 else right)

    def in_question(self, position: int) -> bool:
        """Whether the sentence at a position asks a question (ends with ? or 吗/呢) or tells one ("asked whether"),
        or its clause opens as one ("能不能先试用一下", "can you do a trial first") in a sentence that is no label and
        value.

        The question word ends where only closing marks and spaces follow, so the search starts no further
        back than the longest question word before that place, not at the sentence's start."""
        sentence = self.sentence_at(position)
        end = len(sentence)
        while end and (sentence[end - 1] in _AFTER_QUESTION or sentence[end - 1].isspace()):
            end -= 1
        return bool(_QUESTION_END.search(sentence, max(0, end - _QUESTION_WIDTH))) \
            or "ASKED" in self.sentence_types(position) \
            or _QUESTION_OPENING.match(self.clause_at(position)) is not None \
            and _LABEL_AND_VALUE.search(sentence) is None

    def defines_term(self, position: int) -> tuple[int, int] | None:
        """Where the sentence at a position defines a term ("节点"：指…, "Node" means …): the span of the term
        and its defining word; None when the sentence defines nothing."""
        index = self.sentence(position)
        if index not in self._definitions:
            match = _DEFINES_TERM.search(self.text, self.sentence_starts[index], self._end(self.sentence_starts, index))
            self._definitions[index] = match.span() if match else None
        return self._definitions[index]

    def clause(self, position: int) -> int:
        """Index of the clause holding a text position."""
        return bisect_right(self.clause_starts, position) - 1

    def in_sentence(self, position: int, *, before: int = 0) -> list[Keyword]:
        """Keywords of the sentence at a position (``before=1``: of the sentence before it), the label's first."""
        index = self.sentence(position) - before
        found = self._by_sentence.get(index, [])
        return [*self._label, *found] if index >= 0 and self._labelled(position, index, self.sentence_starts) \
            else found

    def in_line(self, position: int) -> list[Keyword]:
        """Keywords of a table row (its cells are not sentences of one text), else of the sentence at a position."""
        return self.keywords if self.table_row else self.in_sentence(position)

    def line_types(self, position: int) -> set[str]:
        """Token types of a table row, else of the sentence at a position (see in_line)."""
        return {t.type for t in self.keywords} if self.table_row else self.sentence_types(position)

    def in_clause(self, position: int) -> list[Keyword]:
        """Keywords of the clause at a position, the label's first."""
        index = self.clause(position)
        found = self._by_clause.get(index, [])
        return [*self._label, *found] if self._labelled(position, index, self.clause_starts) else found

    def sentence_types(self, position: int) -> set[str]:
        """Token types of the sentence at a position (with the label's)."""
        index = self.sentence(position)
        found = _types(self._sentence_types, self._by_sentence, index)
        return found | self._label_types if self._labelled(position, index, self.sentence_starts) else found

    def clause_types(self, position: int) -> set[str]:
        """Token types of the clause at a position (with the label's)."""
        index = self.clause(position)
        found = _types(self._clause_types, self._by_clause, index)
        return found | self._label_types if self._labelled(position, index, self.clause_starts) else found

    def header_types(self, position: int) -> frozenset[str]:
        """The token types of the header of the column a position lies in (empty outside tables)."""
        if not self.column_types:
            return frozenset()
        column = sum(start <= position for start, _ in self.cells()[1:])
        return self.column_types[column] if column < len(self.column_types) else frozenset()

    def first_of(self, kind: str) -> Keyword | None:
        """The passage's first keyword of a type."""
        return self._first_of.get(kind)

    def previous(self, position: int) -> Keyword | None:
        """The last keyword that ends at or before a position."""
        index = bisect_right(self._positions, position) - 1
        while index >= 0 and self.keywords[index].end > position:
            index -= 1
        return self.keywords[index] if index >= 0 else None

    def following(self, position: int) -> Keyword | None:
        """The first keyword that starts at or after a position."""
        index = bisect_left(self._positions, position)
        return self.keywords[index] if index < len(self.keywords) else None

    def keywords_in(self, start: int, end: int) -> list[Keyword]:
        """The keywords that start inside ``text[start:end]`` (a cell, a label)."""
        return self.keywords[bisect_left(self._positions, start):bisect_left(self._positions, end)]

    def in_phrase(self, token: Keyword) -> bool:
        """Whether a token lies inside a parsed phrase."""
        return self.phrase_of(token) is not None

    def phrase_of(self, token: Keyword) -> Phrase | None:
        """The parsed phrase a token lies in, if any."""
        index = bisect_right(self._phrase_starts, token.start) - 1
        return self.phrases[index] if index >= 0 and token.start < self.phrases[index].end else None


def _within(position: int, spans: list[tuple[int, int]], starts: list[int]) -> bool:
    """Whether ``position`` lies strictly inside one of ``spans`` (apart and in order; ``starts`` their starts)."""
    before = bisect_left(starts, position) - 1  # the last span starting before the position: the only one it can be in
    return before >= 0 and position < spans[before][1]


def _bounded(text: str, starts: list[int]) -> list[int]:
    """Boundaries with extra cuts (at whitespace when there is some) so no span exceeds MAX_SPAN."""
    if len(text) <= MAX_SPAN:
        return starts  # no span can exceed it
    bounded = []
    for start, end in zip(starts, [*starts[1:], len(text)]):
        bounded.append(start)
        while end - start > MAX_SPAN:
            space = text.rfind(" ", start + MAX_SPAN // 2, start + MAX_SPAN)
            start = space + 1 if space > start else start + MAX_SPAN
            bounded.append(start)
    return bounded


def _group(tokens: list[Keyword], positions: list[int], starts: list[int]) -> dict[int, list[Keyword]]:
    """The tokens of each sentence or clause, by its index; ``tokens`` are in text order and ``positions`` are
    their starts, so each group is found by one bisection."""
    if len(starts) == 1:  # one sentence or clause: all of them
        return {0: tokens[:]} if tokens else {}
    grouped: dict[int, list[Keyword]] = {}
    low = 0
    for index in range(len(starts)):
        if low == len(tokens):
            break
        end = starts[index + 1] if index + 1 < len(starts) else None
        high = bisect_left(positions, end, low) if end is not None else len(tokens)
        if high > low:
            grouped[index] = tokens[low:high]
            low = high
    return grouped


def _types(cache: dict[int, set[str]], grouped: dict[int, list[Keyword]], index: int) -> set[str]:
    """The token types of one sentence or clause, worked out once."""
    found = cache.get(index)
    if found is None:
        found = cache[index] = {t.type for t in grouped.get(index, ())}
    return found


def counts_per_node(token: Keyword) -> bool:
    """Whether a unit token counts per server: 每台 / per node, or a "/台", "/node" unit."""
    return token.type == "PER_NODE" or token.type == "PRICE_UNIT" and any(
        word in token.value.lower() for word, per in values("price_per").items() if per == "node")


def names_one_machine(token: Keyword) -> bool:
    """A word that names one machine on its own: 单机, "on a single node"."""
    return token.type == "SINGLE_NODE" or token.type == "PER_NODE" and meaning("PER_NODE", token.value) == "single"


def node_counts(tokens: list[Keyword]) -> list[Keyword]:
    """The counts a node word follows ("4 台", "32 节点", "eight (8) Servers")."""
    return [count for count, unit in zip(tokens, tokens[1:])
            if count.type in COUNTS and unit.type == "NODE_UNIT" and unit.start - count.end <= 2]


def span_of(token: Keyword) -> Span:
    return (token.start, token.end)


def leaves(tree: Tree[Any]) -> list[Keyword]:
    """The tokens of a phrase tree, in text order."""
    found: list[Keyword] = []
    _collect(tree, found)
    return found


def _collect(tree: Tree[Any], found: list[Keyword]) -> None:
    """Append the tokens under ``tree`` to ``found``, left to right."""
    for child in tree.children:
        if isinstance(child, Tree):
            _collect(child, found)
        elif isinstance(child, Keyword):
            found.append(child)


def as_number(token: Keyword) -> float | None:
    """The number a count, rate or size token carries: digits, else Chinese numerals or English words."""
    return number_in(token.value)


@lru_cache(maxsize=4096)
def number_in(text: str) -> float | None:
    """The number a text starts with or holds, as as_number reads a token's (a document repeats its figures:
    each text is read once)."""
    match = _DIGITS.search(text)
    if match:
        return float(match.group().replace(",", "")) if len(match.group()) <= 15 else None
    share = _PERCENT_OF.match(text)  # 百分之九十九点九: the number after the words of a share
    zh = _ZH_NUMERALS.match(text, share.end() if share else 0)
    if not zh:
        return _en_number(text)
    whole = _zh_number(zh.group())
    decimals = _ZH_DECIMALS.match(text, zh.end())  # 点九五: the digits after the point, one by one
    if not decimals or not whole.is_integer():
        return whole
    return float(f"{whole:.0f}.{''.join(str(int(_ZH_VALUES[digit])) for digit in decimals.group(1))}")


def _en_number(text: str) -> float | None:
    """"twelve", "thirty-two", "one hundred and twenty-eight" at the start of a text ("six-month": six): the
    number words up to the first other word, summed, with "hundred" multiplying what comes before it."""
    words = _EN_WORDS.match(text)
    if not words:
        return None
    total = last = 0
    for part in _EN_PARTS.split(words.group().lower()):
        if part == _EN_AND and last == _HUNDRED:
            continue
        value = _EN_NUMBERS.get(part)
        if value is None:
            break
        total, last = (max(total, 1) * value if value == _HUNDRED else total + value), value
    return float(total) if total else None


def _zh_number(text: str) -> float:
    """A number written in Chinese numerals: digits, and the signs for ten, a hundred and a thousand after
    the digit they multiply ("二十四", "一百二十八", "贰拾肆"; a sign alone counts once: "十六")."""
    total = pending = 0.0
    for sign in text:
        value = float(_ZH_VALUES[sign])  # 半: a half ("半小时")
        if value >= 10:
            total += (pending or 1) * value
            pending = 0.0
        else:
            pending = pending * 10 + value  # digits in a row: "二〇" is 20
    return float(total + pending)


def as_count(token: Keyword) -> int | None:
    value = as_number(token)
    if value is None or value != int(value) or not 0 < value <= _MAX_COUNT:
        return None
    return int(value)


def as_rate_gbps(token: Keyword) -> float | None:
    """A link rate in Gb/s from a RATE_BITS or G_QTY token ("3.2 Tb/s" is 3,200)."""
    value = as_number(token)
    return value * 1000 if value is not None and "T" in token.value else value


def as_gbytes(token: Keyword) -> float | None:
    """A bandwidth in GB/s from a BW_BYTES or RATE_BITS token ("1.8 TB/s" is 1,800; "3.2 Tb/s" is 400)."""
    if token.type == "RATE_BITS":
        rate = as_rate_gbps(token)
        return rate / 8 if rate is not None else None
    value = as_number(token)
    return value * 1000 if value is not None and "TB" in token.value else value


def protocol_of(token: Keyword) -> str | None:
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


def best_protocol(tokens: Iterable[Keyword]) -> str | None:
    found = {p for p in (protocol_of(t) for t in tokens) if p}
    return min(found, key=PROTOCOLS.index) if found else None


def public_only(types: set[str]) -> bool:
    return "PUBLIC_NET" in types and "INTERNAL" not in types


def in_brackets(before: str) -> bool:
    """Whether what follows ``before`` stands inside brackets opened in it ("370 GB/s（不作为…", "(PFC, ECN")."""
    return sum(map(before.count, "(（")) > sum(map(before.count, ")）"))


def negated(token: Keyword, context: Context) -> bool:
    """A negation in the token's clause (不含, excluded) or just before it ("not shared", 不共享, 非独享); not one in
    brackets the token stands outside of ("ports shared w/ other tenants (Raj: "never been a problem")")."""
    if "NEGATION" in context.clause_types(token.start):
        start = context.clause_starts[context.clause(token.start)]
        outside = not in_brackets(context.text[start:token.start])
        if not outside or any(not in_brackets(context.text[start:t.start])
                              for t in context.in_clause(token.start) if t.type == "NEGATION"):
            return True
    return denied_just_before(token, context)


PER_GPU_AFTER = regex(alternation("per_gpu_after"), re.I)
"""Words after a count or a rate that make it one for each GPU ("one 400 Gb/s port per GPU", "800 Gb/s per GPU")."""
DENIED_AFTER = regex(alternation("denied_after"))
"""Words after a thing that turn it down (试用没有的, 赔付这块我们没有)."""


_LIKENED_BEFORE = regex(rf"(?:{alternation('likened_before')})\s*$", re.I)
_LIKENED_AFTER = regex(alternation("likened_after"), re.I)
LIKENED_REACH = 16
"""Characters before a name where the words that liken the offer to it stand."""


def likened(token: Keyword, context: Context) -> bool:
    """Whether the offer is likened to what the token names, not said to have it ("near-InfiniBand performance at
    Ethernet economics", "媲美 IB 的性能", "InfiniBand-class latency", "跟 SXM 一样用")."""
    return _LIKENED_BEFORE.search(context.text, max(0, token.start - LIKENED_REACH), token.start) is not None \
        or _LIKENED_AFTER.match(context.text, token.end) is not None


def denied_just_before(token: Keyword, context: Context) -> bool:
    """A negation just before the token ("not optional", 非选配)."""
    return bool(_NOT_BEFORE.search(context.text[max(0, token.start - NOT_BEFORE_REACH):token.start]))


_LISTED_WITH = regex(rf"\s*(?:[/／、]|{alternation('list_joiner')})\s*", re.I)


def _family(token: Keyword) -> str:
    """A token's type, with the fabric's protocols as one ("IB／RoCE" lists two of them)."""
    return "PROTOCOL" if protocol_of(token) else token.type


_DEFINES_TERM = regex(alternation("defines_term"))
_RATIO_AFTER = regex(rf"\s*(?:[:=]|{alternation('ratio_to')})\s*\d")  # "1 GPU : 1 NIC", "1 GPU 对 1 网卡"
_RATIO_BEFORE = regex(r"(?<![\w.])\d+\s*[A-Za-z]{1,8}\s*[:=]\s*$")
_SHARED_BY_AFTER = regex(rf"\s*(?:{alternation('shares_a_count')})")
_SHARED_BY_BEFORE = regex(rf"(?:{alternation('shared_by')})\s*$", re.I)


_ABSENT_BEFORE = regex(rf"(?:{alternation('absent_before')})[^,;.。，；]{{0,3}}$")
ABSENT_REACH = 24
"""Characters before a part where the words that say the offer lacks it stand ("nothing to do with InfiniBand")."""
_ABSENT_FAR_BEFORE = regex(with_first_test(rf"(?:{alternation('absent_far_before')})[^,;.。，；]{{0,3}}$"))
ABSENT_FAR_REACH = 48
"""Characters before a part where longer such words stand ("without the cost and complexity of InfiniBand")."""
UNAVAILABLE = regex(with_first_test(alternation("unavailable")), re.I)
"""Words that say a part cannot be had now (给不了, "not available"), or that a word does not mean it."""


def absent(token: Keyword, context: Context) -> bool:
    """Whether the words just before a part, or before the alternatives listed with it, say the offer does not
    have it ("no RDMA", 不配 RDMA 网卡, "暂不支持 IB／RoCE", "no InfiniBand or RoCE")."""
    start = token.start
    while not _ABSENT_BEFORE.search(context.text, max(0, start - ABSENT_REACH), start) \
            and not _ABSENT_FAR_BEFORE.search(context.text, max(0, start - ABSENT_FAR_REACH), start):
        sibling = context.previous(start)
        if sibling is None or _family(sibling) != _family(token) \
                or not _LISTED_WITH.fullmatch(context.text, sibling.end, start):
            return False
        start = sibling.start
    return True


def replacement_retest(token: Keyword, context: Context) -> bool:
    """Whether a benchmark is a replaced node's re-test, not the acceptance test: its sentence replaces a node
    before it and says nothing of acceptance ("更换后…复测两节点 nccl-tests 后交还")."""
    return "ACCEPTANCE" not in context.sentence_types(token.start) and any(
        t.type == "REPLACE" and t.end <= token.start for t in context.in_sentence(token.start))


def in_ratio(start: int, end: int, context: Context) -> bool:
    """Whether a count of things at ``text[start:end]`` is one side of a ratio ("1 NIC : 1 GPU", "GPU:NIC =
    1:1", "2 张 GPU 共用 1 张网卡", "two GPUs share one NIC"), not a count of what is offered."""
    return bool(_RATIO_AFTER.match(context.text, end)) or bool(_SHARED_BY_AFTER.match(context.text, end)) \
        or _RATIO_BEFORE.search(context.text, max(0, start - 16), start) is not None \
        or _SHARED_BY_BEFORE.search(context.text, max(0, start - 16), start) is not None


_RANGE_BEFORE = regex(alternation("range_mark"))


def in_range(start: int, context: Context) -> bool:
    """Whether a count at ``start`` ends a range ("32 至 64 张", "16-64 GPUs"): a span, not what is ordered."""
    return range_low(start, context) is not None


def range_low(start: int, context: Context) -> tuple[int, int] | None:
    """The lower end of the range a count at ``start`` ends, and where it stands (2 of "2～4 台"); None when the
    count ends no range."""
    found = _RANGE_BEFORE.search(context.text, max(0, start - 12), start)
    low = _RANGE_LOW.match(found.group()) if found else None
    return (int(low.group()), found.start()) if found and low else None


_RANGE_LOW = regex(r"\d+")


def flag(path: str, *, needs: set[str] | None = None) -> Callable[[Keyword, Context], list[Said]]:
    """A keyword that states ``path`` = True (False when negated in its clause, or in its table row by a later
    cell that opens with a denial: "| 配置基线 | 交付基线文档 | 不提供 |")."""
    def handler(token: Keyword, context: Context) -> list[Said]:
        if needs and not (context.sentence_types(token.start) & needs):
            return []
        denied = negated(token, context) or context.table_row and _denied_in_row(token, context)
        return [Said(path, not denied, [span_of(token)])]
    return handler


def _denied_in_row(token: Keyword, context: Context) -> bool:
    """Whether a cell after the token's in its table row opens with a denial ("不提供", "Not provided")."""
    for position, _ in context.cells():
        if position <= token.end:
            continue
        opening = len(context.text) - len(context.text[position:].lstrip())  # the cell's first character
        if any(t.type == "NEGATION" for t in context.keywords_in(opening, opening + 1)):
            return True
    return False


def text_value(path: str) -> Callable[[Keyword, Context], list[Said]]:
    def handler(token: Keyword, context: Context) -> list[Said]:
        return [Said(path, re.sub(r"\s+", " ", token.value).strip(), [span_of(token)])]
    return handler


def sentence_text(token: Keyword, context: Context) -> str:
    """The text of a token's sentence."""
    return context.sentence_at(token.start)


Handler = Callable[[Keyword, Context], list[Said]]
"""Reads one keyword token in its context."""
PhraseHandler = Callable[[Phrase, Context], list[Said]]
"""Reads one parsed phrase in its context."""
