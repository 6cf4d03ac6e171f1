"""Give grammar tokens and phrases their meaning: statements about fact paths.

Works on one normalised passage. Keywords are read in the context of their
clause (split at commas) and sentence (split at 。 ; ! ? and ". "): a hedge
qualifies its sentence, a negation its clause. Offsets are in the normalised
passage text; the caller maps them back to the document.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from lark import Token, Tree

from slacheck.extract.parser import Phrase, Scan

Span = tuple[int, int]

_SENTENCE_END = re.compile(r"[。;!?|\n]|\.(?=\s|$)")
_CLAUSE_END = re.compile(r"[。;!?,|\n]|\.(?=\s|$)")

_EN_NUMBERS = {"one": 1, "two": 2, "four": 4, "eight": 8, "sixteen": 16}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_IB_GENERATIONS = {"EDR": 100.0, "HDR": 200.0, "NDR": 400.0, "XDR": 800.0}
_NAMED_ETHERNET = {"千兆": 1.0, "万兆": 10.0, "二十五G": 25.0, "十万兆": 100.0}
_FABRIC_WORDS = {"PROTO_IB", "IB_GEN", "ROCE", "RDMA", "NIC", "NIC_MODEL", "SWITCH", "SWITCH_MODEL"}
_NETWORK_WORDS = _FABRIC_WORDS | {"INTERNAL", "NETWORK", "PORT", "ETHERNET", "ETH_NAMED", "TCP", "RATE_BITS",
                                  "OVERSUB", "NONBLOCKING"}
_GPU_WORDS = {"MODEL", "CARD_UNIT", "NVLINK", "NVSWITCH", "BRIDGE", "FULL_MESH", "VARIANT"}
_MAX_COUNT = 100_000
_COUNTS = ("NUMBER", "NUMBER_ZH", "NUMBER_WORD")


@dataclass
class Said:
    """A statement in passage coordinates, before evidence is attached."""

    path: str
    value: Any
    spans: list[Span]
    hedged: bool = False
    tag: str | None = None


@dataclass
class _Context:
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


def read(text: str, scan: Scan, *, table_row: bool = False) -> list[Said]:
    """All statements of one normalised passage (in a table row, 可选/optional qualifies the whole row)."""
    context = _Context(text, scan.keywords(), phrases=scan.phrases, table_row=table_row)
    said: list[Said] = []
    for phrase in scan.phrases:
        handler = _PHRASES.get(phrase.tree.data)
        if handler:
            said.extend(handler(phrase, context))
    for token in context.keywords:
        handler = _KEYWORDS.get(token.type)
        if handler:
            said.extend(handler(token, context))
    said.extend(_qualifiers(said, context))
    for statement in said:
        hedge = context.first("HEDGE", statement.spans[0][0])
        if hedge is not None:
            statement.hedged = True
    return said


# ------------------------------------------------------------------ helpers

def _span(token: Token) -> Span:
    return (token.start_pos, token.end_pos)


def _leaves(tree: Tree) -> list[Token]:
    return [leaf for leaf in tree.scan_values(lambda v: isinstance(v, Token))]


def _number(token: Token) -> float | None:
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


def _count(token: Token) -> int | None:
    value = _number(token)
    if value is None or value != int(value) or not 0 < value <= _MAX_COUNT:
        return None
    return int(value)


def _rate_gbps(token: Token) -> float | None:
    """A link rate in Gb/s from a RATE_BITS or G_QTY token."""
    return _number(token)


def _canonical_model(text: str) -> str:
    compact = re.sub(r"\s+", " ", text).strip()
    if re.search(r"910B", compact):
        return "Ascend 910B"
    if compact.upper().startswith("RTX"):
        return "RTX " + compact[3:].strip()
    return compact.upper()


def _variant(text: str) -> str | None:
    upper = text.upper()
    if upper.startswith(("SXM", "HGX", "DGX")):
        return "SXM"
    if upper == "NVL":
        return "NVL"
    if upper.startswith("PCI"):
        return "PCIe"
    return None


def _protocol(token: Token) -> str | None:
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


def _best_protocol(tokens: Iterable[Token]) -> str | None:
    order = ["infiniband", "roce-v2", "roce-v1", "roce", "rdma", "ethernet-tcp"]
    found = {p for p in (_protocol(t) for t in tokens) if p}
    return min(found, key=order.index) if found else None


def _public_only(types: set[str]) -> bool:
    return "PUBLIC_NET" in types and "INTERNAL" not in types


# ------------------------------------------------------------------ phrases

def _gpu(phrase: Phrase, context: _Context) -> list[Said]:
    tree = phrase.tree
    said: list[Said] = []
    span = [(phrase.start, phrase.end)]
    model = next(t for t in _leaves(tree) if t.type == "MODEL")
    node_count = per_node = None
    for part in tree.children:
        if not isinstance(part, Tree):
            continue
        counts = [c for c in _leaves(part) if c.type in _COUNTS]
        if part.data == "node_prefix" and counts:
            node_count = _count(counts[0])
        elif part.data in ("cards", "card_suffix") and counts:
            per_node = _count(counts[0])
        elif part.data == "gpu_detail":
            detail = part.children[0]
            if detail.type in ("VARIANT", "PCIE"):
                variant = _variant(detail.value)
                if variant:
                    said.append(Said("gpu.variant", variant, span, tag="primary"))
            elif detail.type in ("MEM_GB", "G_QTY") and (memory := _count(detail)):
                said.append(Said("gpu.memory_gb", memory, span, tag="primary"))
    counted = node_count is not None or per_node is not None
    said.insert(0, Said("gpu.model", _canonical_model(model.value), span, tag="primary" if counted else None))
    if node_count is not None:
        said.append(Said("nodes", node_count, span))
    if per_node is not None:
        before = [t for t in context.keywords if t.end_pos <= phrase.start]
        if (before and before[-1].type == "TOTAL") or (per_node > 16 and node_count is None):
            said.append(Said("gpu.total", per_node, span))
        else:
            said.append(Said("gpu.per_node", per_node, span, tag="primary"))
    return said


def _nodes(phrase: Phrase, context: _Context) -> list[Said]:
    tokens = _leaves(phrase.tree)
    after = [t for t in context.keywords if t.start_pos >= phrase.end][:1]
    if after and after[0].type in ("SWITCH", "SWITCH_MODEL", "PORT", "NIC"):
        return []
    count = next((_count(t) for t in tokens if t.type in _COUNTS), None)
    return [Said("nodes", count, [(phrase.start, phrase.end)])] if count else []


def _cluster_cards(phrase: Phrase, context: _Context) -> list[Said]:
    counts = [_count(t) for t in _leaves(phrase.tree) if t.type in _COUNTS]
    span = [(phrase.start, phrase.end)]
    if len(counts) < 2 or None in counts:
        return []
    return [Said("nodes", counts[0], span), Said("gpu.per_node", counts[-1], span)]


def _single_count(path: str) -> Callable[[Phrase, _Context], list[Said]]:
    def handler(phrase: Phrase, context: _Context) -> list[Said]:
        count = next((_count(t) for t in _leaves(phrase.tree) if t.type in _COUNTS), None)
        return [Said(path, count, [(phrase.start, phrase.end)])] if count else []
    return handler


def _card_count(phrase: Phrase, context: _Context) -> list[Said]:
    """"64 卡": a total when the passage says total or the count exceeds a server, else per node."""
    count = next((_count(t) for t in _leaves(phrase.tree) if t.type in _COUNTS), None)
    if not count:
        return []
    total = count > 16 or any(t.type == "TOTAL" and t.end_pos <= phrase.start for t in context.keywords)
    return [Said("gpu.total" if total else "gpu.per_node", count, [(phrase.start, phrase.end)])]


def _nics(phrase: Phrase, context: _Context) -> list[Said]:
    """NICs (or ports) of a node: count, rate and the protocol said with them."""
    tokens = _leaves(phrase.tree)
    span = [(phrase.start, phrase.end)]
    types = {t.type for t in tokens}
    has_rate = bool(types & {"G_QTY", "RATE_BITS"})
    if not (types & {"NIC", "NIC_MODEL"} or ("TIMES" in types and has_rate)):
        return []
    if has_rate and _public_only(context.sentence_types(phrase.start)):
        return []
    count = next((_count(t) for t in tokens if t.type in _COUNTS), None)
    protocol = _best_protocol(tokens) or _best_protocol(context.in_clause(phrase.start))
    said: list[Said] = []
    if count:
        total = any(t.type == "TOTAL" for t in tokens)
        said.append(Said("fabric.nics_total" if total else "fabric.nics_per_node", count, span, tag=protocol))
    rate = next((_rate_gbps(t) for t in tokens if t.type in ("G_QTY", "RATE_BITS")), None)
    if rate:
        said.append(Said("fabric.rate_gbps", rate, span, tag=protocol))
    return said


def _fabric_rate(phrase: Phrase, context: _Context) -> list[Said]:
    """A link rate said with its fabric ("InfiniBand NDR 400Gb/s"): internal, or public when only public."""
    tokens = _leaves(phrase.tree)
    span = [(phrase.start, phrase.end)]
    rate = next((_rate_gbps(t) for t in tokens if t.type in ("G_QTY", "RATE_BITS")), None)
    if rate is None:
        return []
    if _public_only(context.sentence_types(phrase.start)):
        return [Said("fabric.public_bandwidth", rate, span)]
    protocol = _best_protocol(tokens) or _best_protocol(context.in_clause(phrase.start))
    return [Said("fabric.rate_gbps", rate, span, tag=protocol)]


def _ports(phrase: Phrase, context: _Context) -> list[Said]:
    tokens = _leaves(phrase.tree)
    count = next((_count(t) for t in tokens if t.type in _COUNTS), None)
    if not count:
        return []
    span = [(phrase.start, phrase.end)]
    if not any(t.type == "PER_NODE" for t in tokens):
        return [Said("fabric.switch_ports", count, span)]
    protocol = _best_protocol(context.in_sentence(phrase.start))
    said = [Said("fabric.nics_per_node", count, span, tag=protocol)]
    rate = next((_rate_gbps(t) for t in tokens if t.type in ("G_QTY", "RATE_BITS")), None)
    if rate:
        said.append(Said("fabric.rate_gbps", rate, span, tag=protocol))
    return said


def _loose_ports(token: Token, context: _Context) -> list[Said]:
    """A port count with a few words between number and 端口 ("64 个主机侧 NDR 端口")."""
    if context.in_phrase(token):
        return []
    before = [t for t in context.in_clause(token.start_pos) if t.end_pos <= token.start_pos]
    number = next((t for t in reversed(before) if t.type in _COUNTS), None)
    if number is None or token.start_pos - number.end_pos > 16:
        return []
    between = [t for t in before if t.start_pos >= number.end_pos]
    if any(t.type not in ("G_QTY", "RATE_BITS", "IB_GEN", "PROTO_IB", "ROCE") for t in between):
        return []
    count = _count(number)
    if not count:
        return []
    span = [(number.start_pos, token.end_pos)]
    if "PER_NODE" not in context.clause_types(token.start_pos):
        return [Said("fabric.switch_ports", count, span)]
    protocol = _best_protocol(context.in_sentence(token.start_pos))
    said = [Said("fabric.nics_per_node", count, span, tag=protocol)]
    rate = next((_rate_gbps(t) for t in between if t.type in ("G_QTY", "RATE_BITS")), None)
    if rate:
        said.append(Said("fabric.rate_gbps", rate, span, tag=protocol))
    return said


def _loose_ratio(token: Token, context: _Context) -> list[Said]:
    """A ratio in a passage (e.g. a table row) that names oversubscription elsewhere."""
    if context.in_phrase(token) or not any(t.type == "OVERSUB" for t in context.keywords):
        return []
    return _oversubscription(Phrase(tree=Tree("oversubscription", [token]), start=token.start_pos,
                                    end=token.end_pos), context)


def _loose_nvlink_rate(token: Token, context: _Context) -> list[Said]:
    """A GB/s figure in a clause about NVLink ("单卡 NVLink 带宽 600GB/s")."""
    if context.in_phrase(token) or not context.clause_types(token.start_pos) & {"NVLINK", "NVSWITCH"}:
        return []
    value = _number(token)
    if value is None:
        return []
    return [Said("intra_node.bandwidth_gbytes", value * 1000 if "TB" in token.value else value, [_span(token)])]


def _nvlink_rate(phrase: Phrase, context: _Context) -> list[Said]:
    token = next(t for t in _leaves(phrase.tree) if t.type == "BW_BYTES")
    value = _number(token)
    if value is None:
        return []
    if "TB" in token.value:
        value *= 1000
    return [Said("intra_node.bandwidth_gbytes", value, [(phrase.start, phrase.end)])]


def _oversubscription(phrase: Phrase, context: _Context) -> list[Said]:
    ratio = next(t for t in _leaves(phrase.tree) if t.type == "RATIO")
    parts = [float(p) for p in re.findall(r"\d+(?:\.\d+)?", ratio.value)]
    if len(parts) != 2 or min(parts) <= 0:
        return []
    factor = max(parts) / min(parts)
    span = [(phrase.start, phrase.end)]
    return [Said("fabric.oversubscription", factor, span), Said("fabric.dedicated", factor <= 1.0, span)]


def _bare_rate(phrase: Phrase, context: _Context) -> list[Said]:
    token = _leaves(phrase.tree)[0]
    types = context.sentence_types(phrase.start)
    rate = _rate_gbps(token)
    span = [(phrase.start, phrase.end)]
    if rate is None:
        return []
    if _public_only(types):
        return [Said("fabric.public_bandwidth", rate, span)]
    if types & (_NETWORK_WORDS - {"RATE_BITS"}):
        return [Said("fabric.rate_gbps", rate, span, tag=_best_protocol(context.in_sentence(phrase.start)))]
    return []


_PHRASES: dict[str, Callable[[Phrase, _Context], list[Said]]] = {
    "gpu": _gpu,
    "nodes": _nodes,
    "cluster_cards": _cluster_cards,
    "per_node_cards": _single_count("gpu.per_node"),
    "gpu_total": _single_count("gpu.total"),
    "card_count": _card_count,
    "nics": _nics,
    "fabric_rate": _fabric_rate,
    "nvlink_rate": _nvlink_rate,
    "switch_ports": _ports,
    "oversubscription": _oversubscription,
    "bare_rate": _bare_rate,
}


# ------------------------------------------------------------------ keywords

def _negated(token: Token, context: _Context) -> bool:
    return "NEGATION" in context.clause_types(token.start_pos)


def _flag(path: str, *, needs: set[str] | None = None) -> Callable[[Token, _Context], list[Said]]:
    """A keyword that states ``path`` = True (False when negated in its clause)."""
    def handler(token: Token, context: _Context) -> list[Said]:
        if needs and not (context.sentence_types(token.start_pos) & needs):
            return []
        return [Said(path, not _negated(token, context), [_span(token)])]
    return handler


def _multi_site(token: Token, context: _Context) -> list[Said]:
    """Nodes placed across sites: the sentence must be about nodes we count, not the vendor's premises."""
    sentence = context.sentence_types(token.start_pos)
    if not (sentence & {"NODE_UNIT", "CARD_UNIT"} and sentence & set(_COUNTS)):
        return []
    return [Said("fabric.multi_site", not _negated(token, context), [_span(token)])]


def _model(token: Token, context: _Context) -> list[Said]:
    return [Said("gpu.model", _canonical_model(token.value), [_span(token)])]


def _variant_word(token: Token, context: _Context) -> list[Said]:
    variant = _variant(token.value)
    return [Said("gpu.variant", variant, [_span(token)])] if variant else []


def _pcie(token: Token, context: _Context) -> list[Said]:
    clause = context.clause_types(token.start_pos)
    sentence = context.sentence_types(token.start_pos)
    if clause & {"NIC", "NIC_MODEL", "PROTO_IB", "ROCE", "SWITCH"}:
        return []
    if "MODEL" in clause:
        return [Said("gpu.variant", "PCIe", [_span(token)])]
    if sentence & _GPU_WORDS:
        return [Said("intra_node.link", "pcie", [_span(token)])]
    return []


def _nvswitch(token: Token, context: _Context) -> list[Said]:
    if _negated(token, context):
        return [Said("intra_node.nvswitch", False, [_span(token)])]
    return [Said("intra_node.nvswitch", True, [_span(token)]),
            Said("intra_node.link", "nvlink-switch", [_span(token)])]


def _bridge(token: Token, context: _Context) -> list[Said]:
    if "NVLINK" in context.sentence_types(token.start_pos) or token.type == "BRIDGE":
        return [Said("intra_node.link", "nvlink-bridge", [_span(token)])]
    return []


def _full_mesh(token: Token, context: _Context) -> list[Said]:
    sentence = context.sentence_types(token.start_pos)
    if not sentence & (_GPU_WORDS | {"PCIE"}) or context.clause_types(token.start_pos) & _FABRIC_WORDS:
        return []
    return [Said("intra_node.full_mesh", not _negated(token, context), [_span(token)])]


def _fabric_protocol(token: Token, context: _Context) -> list[Said]:
    protocol = _protocol(token)
    said = [Said("fabric.protocol", protocol, [_span(token)])]
    if token.type == "IB_GEN":
        rate = _IB_GENERATIONS.get(token.value[:3])
        digits = re.search(r"\d+$", token.value)
        said.append(Said("fabric.rate_gbps", float(digits.group()) if digits else rate, [_span(token)],
                         tag="infiniband"))
    return said


def _ethernet(token: Token, context: _Context) -> list[Said]:
    types = context.sentence_types(token.start_pos)
    if _public_only(types):
        return []
    said = [Said("fabric.protocol", "ethernet-tcp", [_span(token)])]
    if token.type == "ETH_NAMED":
        said.append(Said("fabric.rate_gbps", _NAMED_ETHERNET[token.value], [_span(token)], tag="ethernet-tcp"))
    return said


def _text_value(path: str) -> Callable[[Token, _Context], list[Said]]:
    def handler(token: Token, context: _Context) -> list[Said]:
        return [Said(path, re.sub(r"\s+", " ", token.value).strip(), [_span(token)])]
    return handler


def _dedicated(token: Token, context: _Context) -> list[Said]:
    clause = context.clause_types(token.start_pos)
    if not clause & _NETWORK_WORDS:
        return []
    said = [Said("fabric.dedicated", not _negated(token, context), [_span(token)])]
    if clause & {"SWITCH", "PORT"} and not _negated(token, context):
        said.append(Said("fabric.isolation", True, [_span(token)]))
    return said


def _shared(token: Token, context: _Context) -> list[Said]:
    clause = context.clause_types(token.start_pos)
    if not clause & (_NETWORK_WORDS | {"TENANT"}):
        return []
    denied = _negated(token, context)
    said = [Said("fabric.dedicated", denied, [_span(token)])]
    if "TENANT" in context.sentence_types(token.start_pos):
        said.append(Said("fabric.isolation", denied, [_span(token)]))
    return said


def _nonblocking(token: Token, context: _Context) -> list[Said]:
    return [Said("fabric.dedicated", True, [_span(token)]), Said("fabric.oversubscription", 1.0, [_span(token)])]


def _topology(token: Token, context: _Context) -> list[Said]:
    value = token.value.lower().replace(" ", "-")
    names = {"胖树": "fat-tree", "叶脊": "leaf-spine", "脊叶": "leaf-spine", "轨道优化": "rail-optimized",
             "多轨": "rail-optimized", "单交换机": "single-switch", "spine-leaf": "leaf-spine",
             "rail-optimised": "rail-optimized"}
    return [Said("fabric.topology", names.get(value, value), [_span(token)])]


def _expansion(token: Token, context: _Context) -> list[Said]:
    sentence = context.sentence_types(token.start_pos)
    reserved = token.value.startswith("预留") or token.value.lower() == "reserved"
    if not reserved and not sentence & _NETWORK_WORDS:
        return []
    concrete = bool(sentence & {"MONEY"}) or _has_port_count(token, context)
    return [Said("fabric.expansion", "concrete" if concrete else "vague", [_span(token)])]


def _has_port_count(token: Token, context: _Context) -> bool:
    tokens = context.in_sentence(token.start_pos)
    return any(a.type in _COUNTS and b.type in ("PORT", "CARD_UNIT") for a, b in zip(tokens, tokens[1:]))


def _optics(token: Token, context: _Context) -> list[Said]:
    clause = context.clause_types(token.start_pos)
    sentence = context.sentence_types(token.start_pos)
    if "NEGATION" in clause:
        value = "excluded"
    elif "CUSTOMER" in clause:
        value = "customer"
    elif clause & {"PROVIDER", "INCLUDED"}:
        value = "provider"
    else:
        return []
    said = [Said("fabric.cabling", value, [_span(token)])]
    if "MONEY" in sentence:
        said.append(Said("fabric.cabling_priced", True, [_span(token)]))
    return said


def _hedge(token: Token, context: _Context) -> list[Said]:
    sentence = context.sentence_types(token.start_pos)
    price_like = re.search(r"为准|面议|报价|quotation|request|sales|application", token.value, re.I)
    if not (price_like or sentence & {"PRICE_WORD", "MONEY"}):
        return []
    said = [Said("commercial.price_hedged", True, [_span(token)], hedged=True)]
    if "OPTIONAL" in sentence and sentence & _FABRIC_WORDS:
        said.append(Said("commercial.addon_on_request", True, [_span(token)], hedged=True))
    return said


# ------------------------------------------------------------------ operations, SLA, commercial

_SINGLE_ZH = {"单机", "单台", "单节点"}
_MINUTES = (("business hour", 60.0), ("working hour", 60.0), ("business day", 1440.0), ("个工作日", 1440.0),
            ("工作日", 1440.0), ("分钟", 1.0), ("小时", 60.0), ("天", 1440.0), ("min", 1.0), ("hour", 60.0),
            ("hr", 60.0), ("h", 60.0), ("day", 1440.0))


def _minutes(token: Token) -> float | None:
    """A DURATION token in minutes (NEXT_DAY: one day)."""
    if token.type == "NEXT_DAY":
        return 1440.0
    value = _number(token)
    unit = token.value.lower()
    factor = next((f for name, f in _MINUTES if name in unit), None)
    return value * factor if value is not None and factor else None


def _party(tokens: Iterable[Token]) -> str | None:
    """provider / customer / shared from the parties named among ``tokens``."""
    types = {t.type for t in tokens}
    if {"PROVIDER", "CUSTOMER"} <= types:
        return "shared"
    return "provider" if "PROVIDER" in types else "customer" if "CUSTOMER" in types else None


def _bench(token: Token, context: _Context) -> list[Said]:
    """An acceptance benchmark: its name, and whether it spans all nodes or one machine."""
    said = [Said("acceptance.test", token.value.lower().replace(" ", "-"), [_span(token)])]
    near = context.in_sentence(token.start_pos)
    index = context.sentence(token.start_pos)
    if index > 0:  # a wrapped line: the sentence before often says where the test runs
        near = [t for t in context.keywords if context.sentence(t.start_pos) == index - 1] + near
    single = [t for t in near if t.type == "SINGLE_NODE" or (t.type == "PER_NODE" and (
        t.value in _SINGLE_ZH or (t.value.lower().startswith("each")
                                  and context.text[:t.start_pos].rstrip().lower().endswith(" on"))))]
    spread = [t for t in near if t.type == "ALL_NODES"]
    if single and not spread:
        said.append(Said("acceptance.multi_node", False, [_span(single[0])]))
    elif spread:
        said.append(Said("acceptance.multi_node", True, [_span(spread[0])]))
    return said


def _pass_threshold(token: Token, context: _Context) -> list[Said]:
    """A GB/s, Gb/s or % figure in a sentence about an acceptance test or its bus bandwidth."""
    sentence = context.sentence_types(token.start_pos)
    if not sentence & {"BENCH", "BUSBW", "ACCEPTANCE"} or context.clause_types(token.start_pos) & {
            "NVLINK", "NVSWITCH", "AVAILABILITY", "CREDIT"}:
        return []
    value = _number(token)
    if value is None:
        return []
    if token.type == "PERCENT":
        return [Said("acceptance.threshold_pct", value, [_span(token)])] if 0 < value <= 100 else []
    if token.type == "RATE_BITS":
        value = value / 8
    elif "TB" in token.value:
        value *= 1000
    return [Said("acceptance.threshold_gbytes", value, [_span(token)])]


def _bw_bytes(token: Token, context: _Context) -> list[Said]:
    return _loose_nvlink_rate(token, context) + (_pass_threshold(token, context) if not context.in_phrase(token)
                                                  or "BUSBW" in context.sentence_types(token.start_pos) else [])


def _rate_bits(token: Token, context: _Context) -> list[Said]:
    return _pass_threshold(token, context) if context.sentence_types(token.start_pos) & {"BENCH", "BUSBW"} else []


def _percent(token: Token, context: _Context) -> list[Said]:
    """Availability (in a clause that names it) or an acceptance threshold as a share of line rate."""
    value = _number(token)
    if value is None:
        return []
    clause = context.clause_types(token.start_pos)
    if "AVAILABILITY" in clause or ("AVAILABILITY" in context.sentence_types(token.start_pos) and "CREDIT" not in clause):
        if 50 <= value < 100 and not context.text[max(0, token.start_pos - 3):token.start_pos].strip().endswith(("×", "x")):
            return [Said("sla.availability_pct", value, [_span(token)])]
        return []
    return _pass_threshold(token, context)


def _report_kept(token: Token, context: _Context) -> list[Said]:
    if not context.sentence_types(token.start_pos) & {"BENCH", "ACCEPTANCE"} and "报告" not in _sentence_text(token, context) \
            and "report" not in _sentence_text(token, context).lower():
        return []
    return [Said("acceptance.report_kept", not _negated(token, context), [_span(token)])]


def _sentence_text(token: Token, context: _Context) -> str:
    index = context.sentence(token.start_pos)
    starts = context.sentence_starts
    end = starts[index + 1] if index + 1 < len(starts) else len(context.text)
    return context.text[starts[index]:end]


def _owner(path: str) -> Callable[[Token, _Context], list[Said]]:
    """Who configures (TUNING) or troubleshoots (TROUBLESHOOT) the fabric: the party named in the sentence."""
    def handler(token: Token, context: _Context) -> list[Said]:
        party = _party(context.in_clause(token.start_pos)) or _party(context.in_sentence(token.start_pos))
        text = _sentence_text(token, context)
        if party is None and path == "tuning.owner" and "自行" in text:
            party = "customer"
        if party is None and re.search(r"(?<![A-Za-z])NOC(?![A-Za-z])|网络运维|运维团队|our (?:network |support )?(?:team|engineers)", text):
            party = "provider"
        return [Said(path, party, [_span(token)])] if party else []
    return handler


def _snapshot(token: Token, context: _Context) -> list[Said]:
    """Backup scope: what the snapshots of this sentence cover (a negated data disk is not covered)."""
    tokens = context.in_sentence(token.start_pos)
    system = any(t.type == "SYSTEM_DISK" for t in tokens)
    data = any(t.type == "DATA_DISK" and "NEGATION" not in context.clause_types(t.start_pos) for t in tokens)
    if data and "NEGATION" in context.sentence_types(token.start_pos) and not system:
        return []
    scope = "all" if system and data else "data" if data else "system-only" if system else None
    return [Said("backup.scope", scope, [_span(token)])] if scope else []


def _duration(token: Token, context: _Context) -> list[Said]:
    """A response or replacement time: the nearest RESPONSE / REPLACE word of the clause decides which."""
    before = context.text[max(0, token.start_pos - 2):token.start_pos]
    if re.search(r"[×x*]\s*$", before):  # 7×24 小时: service hours, not a time limit
        return []
    minutes = _minutes(token)
    if minutes is None:
        return []
    clause = [t for t in context.in_clause(token.start_pos) if t.type in ("RESPONSE", "REPLACE")]
    if not clause:
        return []
    nearest = min(clause, key=lambda t: abs(t.start_pos - token.start_pos))
    if nearest.type == "RESPONSE":
        return [Said("sla.support_response_minutes", minutes, [_span(token), _span(nearest)])]
    return [Said("sla.failover_minutes", minutes, [_span(token), _span(nearest)])]


def _restore(token: Token, context: _Context) -> list[Said]:
    near = context.in_sentence(token.start_pos)
    index = context.sentence(token.start_pos)
    if index > 0:
        near = [t for t in context.keywords if context.sentence(t.start_pos) == index - 1] + near
    types = {t.type for t in near}
    text = _sentence_text(token, context)
    if not (types & {"NETWORK", "INTERNAL", "TOPOLOGY"} or "NCCL" in text):
        return []
    if not (types & {"REPLACE"} or re.search(r"更换|迁移|replace|migrat", text, re.I)):
        return []
    return [Said("sla.network_restore", not _negated(token, context), [_span(token)])]


def _billing(token: Token, context: _Context) -> list[Said]:
    value = token.value.lower()
    kind = ("annual" if re.search(r"年|annual", value) else "quarterly" if re.search(r"季|quarter", value)
            else "monthly")
    return [Said("commercial.billing", kind, [_span(token)])]


def _months(token: Token, context: _Context) -> list[Said]:
    if "TERM" not in context.sentence_types(token.start_pos) or "TRIAL" in context.clause_types(token.start_pos):
        return []
    value = _number(token)
    return [Said("commercial.term_months", value, [_span(token)])] if value else []


def _power(token: Token, context: _Context) -> list[Said]:
    value = _number(token)
    return [Said("commercial.power_kw", value, [_span(token)])] if value else []


def _availability_target(token: Token, context: _Context) -> list[Said]:
    if "AVAILABILITY" not in context.sentence_types(token.start_pos):
        return []
    return [Said("sla.availability_guaranteed", False, [_span(token)])]


def _credit(token: Token, context: _Context) -> list[Said]:
    sentence = context.sentence_types(token.start_pos)
    if not sentence & {"AVAILABILITY", "PERCENT", "MONEY", "SLA_WORD"} and "服务" not in _sentence_text(token, context):
        return []
    return [Said("sla.credits", not _negated(token, context), [_span(token)])]


_KEYWORDS: dict[str, Callable[[Token, _Context], list[Said]]] = {
    "MODEL": _model,
    "VARIANT": _variant_word,
    "PCIE": _pcie,
    "NVSWITCH": _nvswitch,
    "BRIDGE": _bridge,
    "PAIRWISE": _bridge,
    "FULL_MESH": _full_mesh,
    "PROTO_IB": _fabric_protocol,
    "IB_GEN": _fabric_protocol,
    "ROCE": _fabric_protocol,
    "RDMA": _fabric_protocol,
    "ETHERNET": _ethernet,
    "TCP": _ethernet,
    "ETH_NAMED": _ethernet,
    "NIC_MODEL": _text_value("fabric.nic_model"),
    "SWITCH_MODEL": _text_value("fabric.switch_model"),
    "DEDICATED": _dedicated,
    "SHARED": _shared,
    "NONBLOCKING": _nonblocking,
    "ISOLATION": _flag("fabric.isolation"),
    "TOPOLOGY": _topology,
    "MULTI_SITE": _multi_site,
    "EXPANSION": _expansion,
    "VERIFY": _flag("verification.hardware"),
    "OPTICS": _optics,
    "HEDGE": _hedge,
    "PORT": _loose_ports,
    "BW_BYTES": _bw_bytes,
    "RATIO": _loose_ratio,
    "BENCH": _bench,
    "RATE_BITS": _rate_bits,
    "PERCENT": _percent,
    "REPORT_KEPT": _report_kept,
    "TRIAL": _flag("acceptance.trial"),
    "TUNING": _owner("tuning.owner"),
    "TROUBLESHOOT": _owner("tuning.troubleshooting"),
    "BASELINE": _flag("tuning.baseline"),
    "SNAPSHOT": _snapshot,
    "DURATION": _duration,
    "NEXT_DAY": _duration,
    "RESTORE": _restore,
    "BILLING": _billing,
    "MONTHS": _months,
    "POWER": _power,
    "TARGET_ONLY": _availability_target,
    "CREDIT": _credit,
}


def _qualifiers(said: list[Said], context: _Context) -> list[Said]:
    """fabric.optional from 可选/optional in a sentence that states the fabric, and the included protocol."""
    def scope(position: int) -> int:
        return 0 if context.table_row else context.sentence(position)

    optional = {scope(t.start_pos) for t in context.keywords if t.type in ("OPTIONAL", "EXPANSION")}
    extra = [Said("fabric.included_protocol", s.value, s.spans) for s in said
             if s.path == "fabric.protocol" and scope(s.spans[0][0]) not in optional]
    for token in context.keywords:
        if token.type == "OPTIONAL" and any(
                s.path.startswith("fabric.") and scope(s.spans[0][0]) == scope(token.start_pos) for s in said):
            extra.append(Said("fabric.optional", True, [_span(token)]))
    return extra
