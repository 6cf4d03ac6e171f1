"""Reading the GPUs and the intra-node link: models, form factors, counts, NVLink and NVSwitch."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from slacheck.extract.context import (
    FABRIC_WORDS,
    GPU_WORDS,
    GPUS_PER_NODE,
    PER_GPU_BEFORE,
    PER_NODE_MAX,
    Context,
    Handler,
    PhraseHandler,
    Said,
    Span,
    as_count,
    as_gbytes,
    counts_per_node,
    denied_just_before,
    flag,
    in_range,
    in_ratio,
    leaves,
    likened,
    negated,
    node_counts,
    number_in,
    range_low,
    replacement_retest,
    span_of,
)
from slacheck.extract.lexer import Keyword, with_first_test
from slacheck.extract.lexicon import alternation, is_cjk, meaning, words
from slacheck.extract.parser import Phrase
from slacheck.extract.structure import (
    COUNTS,
    GPU_MEMORY_COLUMN,
    answer_start,
    asks_how_many_servers,
    bare_quantity,
    describes_gpu_server,
    first_worded_cell,
)
from slacheck.regexes import regex


@lru_cache(maxsize=4096)
def _canonical_model(text: str) -> str:
    """A GPU model as the offering names it ("H100", "RTX 4090", "Ascend 910B")."""
    compact = re.sub(r"\s+", " ", text).strip()
    if re.search(r"910B", compact):
        return "Ascend 910B"
    if compact.upper().startswith("RTX"):
        return "RTX " + compact[3:].strip()
    if compact.isdigit():
        return "RTX " + compact  # a consumer card named by its number alone
    return compact.upper()


_PLATFORMS = ("HGX", "DGX")
"""NVIDIA's SXM server platforms: a count said before one counts servers ("4 x HGX H100")."""


def _variant(text: str) -> str | None:
    upper = text.upper()
    if upper.startswith(("SXM", *_PLATFORMS)):
        return "SXM"
    if upper == "NVL":
        return "NVL"
    if upper.startswith("PCI"):
        return "PCIe"
    return None


_COUNTED_PARTS = ("node_prefix", "cards", "card_suffix", "node_suffix")
"""The parts of a GPU phrase that hold a count."""


def _gpu(phrase: Phrase, context: Context) -> list[Said]:
    """A GPU phrase: model, variant, memory, and the counts around it (per node, nodes, or a total)."""
    said: list[Said] = []
    span = [(phrase.start, phrase.end)]
    model: Keyword | None = None
    node_word_after = platforms_counted = False
    counted_parts: dict[str, list[Keyword]] = {}
    for part in phrase.tree.children:  # one pass: a GPU list can hold a phrase every few characters
        if isinstance(part, Keyword):
            if part.type == "MODEL" and model is None:
                model = part
            node_word_after = node_word_after or part.type == "NODE_UNIT"
            platforms_counted = platforms_counted or part.type == "VARIANT" and model is None \
                and "cards" in counted_parts and part.value.upper().startswith(_PLATFORMS)  # "4 x HGX H100"
        elif part.data in _COUNTED_PARTS:
            counted_parts[part.data] = leaves(part)
        elif part.data == "gpu_detail" and isinstance(detail := part.children[0], Keyword):
            if detail.type in ("VARIANT", "PCIE") and (variant := _variant(detail.value)):
                said.append(Said("gpu.variant", variant, span))
            elif detail.type in ("MEM_GB", "G_QTY") and (memory := as_count(detail)):
                said.append(Said("gpu.memory_gb", memory, span))
    assert model is not None  # gpu: ... MODEL ...
    for statement in said:  # the variant and memory of this model ("A100 80G SXM" beside an H100 offer)
        statement.tag = _canonical_model(model.value)
    counts = {data: as_count(next(t for t in tokens if t.type in COUNTS)) for data, tokens in counted_parts.items()}
    cards = counted_parts.get("cards")  # a phrase has one at most
    bare_count = cards is not None and not any(t.type == "CARD_UNIT" for t in cards)
    servers_counted = node_word_after \
        or platforms_counted and not any(t.type == "CARD_UNIT" for t in leaves(phrase.tree)) \
        or _labelled_as_servers(phrase, context)
    suffix = counted_parts.get("card_suffix")
    systems_counted = suffix is not None and not any(t.type == "CARD_UNIT" for t in suffix) and any(
        t.type == "VARIANT" and t.value.upper().startswith("DGX") for t in leaves(phrase.tree))  # "DGX H100 x 4"
    if servers_counted and bare_count and "node_prefix" not in counts:
        node_count, per_node = counts["cards"], counts.get("card_suffix")  # "32 x DGX H100 nodes"
    elif systems_counted and "node_prefix" not in counts:
        node_count, per_node = counts["card_suffix"], counts.get("cards")
    else:
        node_count, per_node = counts.get("node_prefix", counts.get("node_suffix")), \
            counts.get("cards", counts.get("card_suffix"))
    lead = context.previous(phrase.start)
    counted_lead = lead
    if lead is not None and lead.type == "TIMES" and not context.text[lead.end:phrase.start].strip():
        counted_lead = context.previous(lead.start)  # "4x 8-GPU H100 servers"
    if node_word_after and node_count is None and cards is not None and not bare_count \
            and counted_lead is not None and counted_lead.type in COUNTS \
            and not context.text[counted_lead.end:phrase.start].strip(" x×*"):
        node_count = as_count(counted_lead)  # "four 8-GPU H200 nodes"
        span = [(counted_lead.start, phrase.end)]
    counted = node_count is not None or per_node is not None
    said.insert(0, Said("gpu.model", _canonical_model(model.value), span, tag="primary" if counted else None))
    if node_count is not None:
        said.extend(_as_total(_servers(node_count, phrase.start, span, context), phrase, None, context))
    if per_node is not None:
        if (lead is not None and lead.type == "TOTAL") or per_node > PER_NODE_MAX \
                or _bracketed_total(counted_parts, context):  # ("4 台 32 卡 A800": more than a server holds)
            said.append(Said("gpu.total", per_node, span))
        else:
            said.append(Said("gpu.per_node", per_node, span, tag="primary"))
    return said


_SERVERS = frozenset(words("plural_node_word"))


def _labelled_as_servers(phrase: Phrase, context: Context) -> bool:
    """Whether the phrase's line label, or its table row's label cell, is a node word in the plural."""
    label = next((part for part in phrase.tree.children
                  if not isinstance(part, Keyword) and part.data == "node_label"), None)
    if label is not None:
        return leaves(label)[0].value.lower() in _SERVERS
    item = first_worded_cell(context.text) if context.table_row else None
    if item is None or item[1] > phrase.start:
        return False
    inside = context.keywords_in(*item)
    return len(inside) == 1 and inside[0].value.lower() in _SERVERS \
        and context.text[item[0]:item[1]].strip().lower() == inside[0].value.lower()


def _bracketed_total(counted_parts: dict[str, list[Keyword]], context: Context) -> bool:
    """Whether the cards are counted in brackets after the servers: "2 nodes (16 × H100)" is 16 in all, not
    "8 台 H800（每台 8 卡）"."""
    servers, cards = counted_parts.get("node_prefix"), counted_parts.get("cards")
    return servers is not None and cards is not None and _bracket_between(servers[-1], cards[0], context) \
        and not any(t.type == "PER_NODE" for t in context.keywords_in(servers[-1].end, cards[0].start))


def _bracket_between(before: Keyword, after: Keyword, context: Context) -> bool:
    """Whether a bracket opens between two tokens ("four nodes (32 GPUs)")."""
    return any(bracket in context.text[before.end:after.start] for bracket in "(（")


_OTHER_ITEMS = {"SWITCH", "SWITCH_MODEL", "PORT", "NIC", "NIC_MODEL", "OPTICS"}
"""Things counted in 台 or units that are not GPU servers."""
_SWITCH_ROLE_AFTER = regex(rf"\s?(?:{alternation('switch_role')})(?![A-Za-z])", re.I)
_AS_IF = regex(alternation("as_if"), re.I)
AS_IF_REACH = 24
"""Characters before a count where the words that make it a likeness stand ("like they were on one box")."""
_SWITCH_ROLE_BEFORE = regex(rf"(?<![A-Za-z-])(?:{alternation('switch_role')})\s?$", re.I)  # "leaf 4 台、spine 2 台"
_PER_RACK_BEFORE = regex(rf"(?:{alternation('per_rack')})[^,;.，；。]{{0,6}}$", re.I)
_NAME_BEFORE = regex(rf"(?<![A-Za-z])(?:{alternation('number_in_name')}) $", re.I)
_PER_RACK_AFTER = regex(rf"\s?(?:{alternation('per_rack')})", re.I)
_ASIDE = regex(with_first_test(alternation("node_aside")), re.I)
_KIND_AFTER = regex(rf"\s?(?:{alternation('node_kind_after')})(?![A-Za-z])", re.I)


def _per_rack(phrase: Phrase, context: Context) -> bool:
    """Whether servers are counted per rack ("每柜部署 2 台", "2 servers per rack")."""
    return bool(_PER_RACK_AFTER.match(context.text, phrase.end)) \
        or _PER_RACK_BEFORE.search(context.text, max(0, phrase.start - 12), phrase.start) is not None


def _not_the_order(count: int | None, position: int, context: Context) -> bool:
    """A count of servers that sizes something else: a trial ("1 台试用"), room to grow ("the spine is built
    for 32 nodes"), the one server a definition makes a node ("节点"：指单台 GPU 服务器), or a worked example
    ("两台即 16 卡，四台 32 卡，以此类推")."""
    return "TRIAL" in context.sentence_types(position) or _growth_or_example(position, context) \
        or count == 1 and context.defines_term(position) is not None


_AFTER_EXPANSION = regex(alternation("after_expansion"), re.I)


def _growth_or_example(position: int, context: Context) -> bool:
    """Whether a count sizes room to grow ("扩展至千卡规模", "built for 32 nodes") or a worked example ("两台即 16 卡，
    四台 32 卡，以此类推"), not the order."""
    return "EXPANSION" in context.clause_types(position) and not _AFTER_EXPANSION.search(context.clause_at(position)) \
        or _WORKED_EXAMPLE.search(context.sentence_at(position)) is not None


def _nodes(phrase: Phrase, context: Context) -> list[Said]:
    """"4 台", "4 nodes": servers, unless the count is of a switch ("2 台 leaf", "leaf 4 台") or another part named in
    its clause, sizes a rack ("每柜 2 台"), is part of a name ("Site 1 Nodes"), counts spares or servers down, or
    sizes a trial, a definition or a replaced node's re-test; a range of counts, as ``_servers`` reads it."""
    tokens = leaves(phrase.tree)
    after = context.following(phrase.end)
    if after is not None and after.type == "VENDOR":  # "1 台 NVIDIA Quantum-2 QM9700": the switch counted
        after = context.following(after.end)
    if after is not None and after.type in _OTHER_ITEMS or _SWITCH_ROLE_AFTER.match(context.text, phrase.end) \
            or _SWITCH_ROLE_BEFORE.search(context.text, max(0, phrase.start - 10), phrase.start) \
            or _AS_IF.search(context.text, max(0, phrase.start - AS_IF_REACH), phrase.start) \
            or _KIND_AFTER.match(context.text, phrase.end) \
            or _per_rack(phrase, context) \
            or _NAME_BEFORE.search(context.text, max(0, phrase.start - 12), phrase.start) \
            or _ASIDE.search(context.text, phrase.end, context.clause_end(phrase.end)) \
            or after is not None and after.type == "BENCH" and replacement_retest(after, context):
        return []  # ... or counts servers set apart ("有一台还在维修", "1 台备机") or a re-test's ("2-node nccl-tests")
    before = [t for t in context.in_clause(phrase.start) if t.end <= phrase.start]
    if any(t.type in _OTHER_ITEMS for t in before) and not any(t.type in ("MODEL", "CARD_UNIT") for t in before):
        return []
    counts = [as_count(t) for t in tokens if t.type in COUNTS]
    span = [(phrase.start, phrase.end)]
    if any(t.type == "CARD_UNIT" and (t.value.startswith("-") or is_cjk(t.value[0])) for t in tokens):
        # "(2 x) 8-GPU servers", "(两台) 8 卡机器": the GPUs of each server ("4 GPU servers" are four servers)
        said = [Said("gpu.per_node", counts[-1], span)] if counts[-1] else []
        if len(counts) == 2 and counts[0]:
            said.extend(_servers(counts[0], phrase.start, span, context))
        return said
    if not counts or not counts[0]:
        return []
    if counts[0] == 1 and after is not None and after.type in COUNTS \
            and not context.text[phrase.end:after.start].strip():  # "一台机器4组": what each machine holds
        return []
    if counts[0] == 1 and after is not None and after.type == "TOTAL" and after.start - phrase.end <= 1:
        return []  # "一台合计四百G": what one server has in all, not how many servers
    return _as_total(_servers(counts[0], phrase.start, span, context), phrase, after, context)


def _as_total(said: list[Said], phrase: Phrase, after: Keyword | None, context: Context) -> list[Said]:
    """``said`` made the primary statements when the phrase is said as a total ("扩容后合计 16 台", "16 nodes in
    total", "Revised cluster totals: 6 nodes"): a TOTAL word right before it (or its colon) or right after it."""
    before = context.previous(phrase.start)
    if before is not None and before.type == "COLON":
        before = context.previous(before.start)
    if before is not None and before.type == "TOTAL" and phrase.start - before.end <= 1 \
            or after is not None and after.type == "TOTAL" and after.start - phrase.end <= 1 and not (
                context.text[phrase.end:after.start].strip()
                and node_counts(context.keywords_in(after.end, context.clause_end(after.end))[:2])):
        for statement in said:  # (not where the total after a comma counts the servers again: "新增 4 台，共 8 台")
            statement.tag = "primary"
    return said


_CPUS_AFTER = regex(rf"\s?[x×*]\s?(?:{alternation('cpu_word')})", re.I)
"""What a count of processors has after it ("2 x AMD EPYC", "2 × 至强")."""


def _servers(count: int, start: int, span: list[Span], context: Context) -> list[Said]:
    """``count`` servers, said at ``start``, unless the count sizes something else (``_not_the_order``). A count that
    ends a range offered with its GPUs or its term ("H100 × 8（2～4 台起租）", "2 to 8 nodes of H100") is the range's
    lower end, hedged, when that is two or more: a cluster whichever is taken; so is one in a table row ("| Cluster
    size | 2 to 16 nodes |"). A range from one, or one said of something else ("jobs of 2 to 8 nodes"), says
    nothing."""
    if _not_the_order(count, start, context) or _CPUS_AFTER.match(context.text, span[-1][1]):
        return []  # (or "GPU server: 2 x AMD EPYC 7763": its processors)
    low = range_low(start, context)
    if low is None:
        return [Said("nodes", count, span)]
    least, at = low
    offered = context.sentence_types(start) & _OFFERED_WITH or context.table_row  # "| Cluster size | 2 to 16 nodes |"
    return [Said("nodes", least, [(at, span[-1][1])], hedged=True)] if offered and 2 <= least < count else []


_OFFERED_WITH = frozenset({"MODEL", "TERM"})
"""What a range of servers is said with when it is what is offered: the GPUs, or the term (起租, "minimum rental")."""


def _cluster_cards(phrase: Phrase, context: Context) -> list[Said]:
    tokens = leaves(phrase.tree)
    counts = [count for t in tokens if t.type in COUNTS if (count := as_count(t)) is not None]
    span = [(phrase.start, phrase.end)]
    if len(counts) < 2 or len(counts) < sum(t.type in COUNTS for t in tokens):
        return []
    after = context.following(phrase.end)
    if after is not None and after.type == "NIC" and not context.text[phrase.end:after.start].strip():
        # "一台机器一张网卡": one per machine, of network cards
        return [Said("fabric.nics_per_node", counts[-1], span)] if counts[0] == 1 else []
    # "four nodes (32 GPUs)", "6 台 48 卡": 32 and 48 in all
    in_all = _bracket_between(tokens[0], tokens[-1], context) or counts[-1] > PER_NODE_MAX
    if in_all and _growth_or_example(phrase.start, context):
        return []  # "两台即 16 卡，四台 32 卡，以此类推": examples of the arithmetic
    return _as_total([*_servers(counts[0], phrase.start, span, context),
                      Said("gpu.total" if in_all else "gpu.per_node", counts[-1], span)], phrase, None, context)


def _single_count(path: str) -> Callable[[Phrase, Context], list[Said]]:
    def handler(phrase: Phrase, context: Context) -> list[Said]:
        count = next((as_count(t) for t in leaves(phrase.tree) if t.type in COUNTS), None)
        return [Said(path, count, [(phrase.start, phrase.end)])] if count else []
    return handler


_RATIO_PER = regex(rf"(?:{alternation('ratio_per')})\s?$", re.I)
RATIO_PER_REACH = 12
"""Characters before a count where the "per" that makes it a ratio's side stands."""
_WORKED_EXAMPLE = regex(alternation("worked_example"), re.I)
_RECENT_YEARS = (2015, 2035)
_OTHER_BANDWIDTH = regex(alternation("other_bandwidth"), re.I)


def _card_count(phrase: Phrase, context: Context) -> list[Said]:
    """"64 卡": a total when the passage says total or the count exceeds a server, else per node; not a total the
    cluster can grow to."""
    count = next((as_count(t) for t in leaves(phrase.tree) if t.type in COUNTS), None)
    if not count or _RECENT_YEARS[0] <= count <= _RECENT_YEARS[1]:  # "2026 GPU 服务器选型": a year, not GPUs
        return []
    if _RATIO_PER.search(context.text, max(0, phrase.start - RATIO_PER_REACH), phrase.start):
        return []  # "one NIC per two GPUs": a ratio's side
    first_total = context.first_of("TOTAL")
    nodes = _nodes_counted_before(phrase.start, context) if count > GPUS_PER_NODE else None
    lead = context.previous(phrase.start)
    each = lead is not None and lead.type == "PER_NODE" and meaning("PER_NODE", lead.value) == "per"  # "每台 8 卡"
    total = count > PER_NODE_MAX or (first_total is not None and first_total.end <= phrase.start and not each) \
        or nodes is not None and nodes > 1 and count % nodes == 0  # "only 2 nodes now, so 16 GPUs not 24"
    if total and _growth_or_example(phrase.start, context):
        return []  # "平滑扩展至千卡规模", "scales to 1,000 GPUs": what the cluster can grow to
    return [Said("gpu.total" if total else "gpu.per_node", count, [(phrase.start, phrase.end)])]


def _nodes_counted_before(position: int, context: Context) -> int | None:
    """The last count of servers before a position in the passage ("2 nodes", "两台"), or None."""
    counts = node_counts([t for t in context.keywords if t.end <= position])
    return as_count(counts[-1]) if counts else None


_GPU_TO_NIC = {"gpu.per_node": "fabric.nics_per_node", "gpu.total": "fabric.nics_total"}


_NIC_WORDS = frozenset({"NIC", "NIC_MODEL"})
_GPU_CARD = frozenset(words("gpu_card_unit"))
_FABRIC_ROW_WORDS = _NIC_WORDS | {"PROTO_IB", "IB_GEN", "ROCE"}
"""A table row that names the fabric's protocol and no GPU model counts its cards as the fabric's, and so does a
sentence that also gives the link's rate."""
_RATE_TYPES = frozenset({"G_QTY", "RATE_BITS", "IB_GEN"})


def _nic_or_gpu(handler: PhraseHandler) -> PhraseHandler:
    """A count of cards whose item is a network card ("网卡 … 8 张/台", "HCA：合计 32 张", a row "计算网络 |
    InfiniBand NDR | 每台 8 张") counts NICs, not GPUs."""
    def read(phrase: Phrase, context: Context) -> list[Said]:
        if in_ratio(phrase.start, phrase.end, context) or in_range(phrase.start, context):
            return []
        said = handler(phrase, context)
        units = [t.value for t in leaves(phrase.tree) if t.type == "CARD_UNIT"]
        if any(unit.lower().startswith("gpu") for unit in units):
            return said  # "64 pcs GPU card": the phrase names its own item
        if any(unit in _GPU_CARD for unit in units) and not context.clause_types(phrase.start) & _NIC_WORDS:
            return said  # "8 台，共 64 卡，参数面网卡共 32 张": 64 GPUs, in a clause of their own
        named = [t for t in context.in_clause(phrase.start) if t.end <= phrase.start]
        if named and named[-1].type == "CARD_UNIT" and named[-1].value.lower().startswith("gpu") \
                and not PER_GPU_BEFORE.search(context.text, max(0, phrase.start - 16), phrase.start):
            return said  # "共计 GPU 一百二十八张，计算网卡六十四张": the GPUs, named right before their count
        item = context.in_line(phrase.start)
        rated = any(t.type in _RATE_TYPES for t in item)  # "IB 是 200G，每台 2 张": the protocol's cards, at a rate
        card_words = _FABRIC_ROW_WORDS if context.table_row or rated else _NIC_WORDS
        if not any(t.type in card_words for t in item) or any(t.type == "MODEL" for t in item):
            return said
        after = context.following(phrase.end)
        per_node = after is not None and counts_per_node(after)
        per_gpu = PER_GPU_BEFORE.search(context.text, max(0, phrase.start - 16), phrase.start)
        for statement in said:
            statement.path = "fabric.nics_per_gpu" if per_gpu and statement.path == "gpu.per_node" else \
                "fabric.nics_per_node" if per_node else _GPU_TO_NIC.get(statement.path, statement.path)
        return said
    return read


def _nvlink_rate(phrase: Phrase, context: Context) -> list[Said]:
    token = next(t for t in leaves(phrase.tree) if t.type == "BW_BYTES")
    value = as_gbytes(token)
    if value is None:
        return []
    return [Said("intra_node.bandwidth_gbytes", value, [(phrase.start, phrase.end)])]


_LINK_WORDS = frozenset({"NVLINK", "NVSWITCH"})
"""The words of the link between a server's GPUs."""


def _loose_nvlink_rate(token: Keyword, context: Context) -> list[Said]:
    """A GB/s figure in a sentence or table row about NVLink ("卡间 NVLink 互联，带宽 400GB/s") or in a clause about
    the traffic between the GPUs ("卡间带宽 900GB/s"), unless its clause is about something else that is measured in
    GB/s (storage, memory, the network, a benchmark)."""
    if context.in_phrase(token):
        return []
    between = _BETWEEN_GPUS.search(context.clause_at(token.start)) is not None
    if not between and not context.line_types(token.start) & _LINK_WORDS:
        return []
    clause = context.clause_types(token.start)
    if not clause & _LINK_WORDS and (clause & {"BENCH", "BUSBW", "NIC", "NETWORK", "INTERNAL"}
                                                 or _about_other_bandwidth(token, context)):
        return []
    value = as_gbytes(token)
    if value is None:
        return []
    return [Said("intra_node.bandwidth_gbytes", value, [span_of(token)])]


def _about_other_bandwidth(token: Keyword, context: Context) -> bool:
    """Whether a GB/s figure is said of storage or memory: a word of theirs in its clause, or the one named last
    before it in its sentence, after any NVLink ("内存：2TB DDR5 卡间互联：NVLink，卡间带宽 900GB/s" is NVLink's)."""
    if _OTHER_BANDWIDTH.search(context.clause_at(token.start)):
        return True
    start = context.sentence_starts[context.sentence(token.start)]
    other = [found.end() for found in _OTHER_BANDWIDTH.finditer(context.text, start, token.start)]
    links = [t.end for t in context.in_sentence(token.start) if t.type in _LINK_WORDS and t.end <= token.start]
    return bool(other) and (not links or other[-1] > links[-1])



def _model(token: Keyword, context: Context) -> list[Said]:
    return [Said("gpu.model", _canonical_model(token.value), [span_of(token)])]


def _variant_word(token: Keyword, context: Context) -> list[Said]:
    """A form factor, said with the model of the GPU phrase it stands in ("HGX H100": H100's); not one set aside
    just before it ("PCIe cards, not SXM", "非 SXM")."""
    variant = _variant(token.value)
    if not variant or denied_just_before(token, context) or likened(token, context):
        return []  # "跟 SXM 一样用": the cards are likened to SXM, not said to be
    phrase = context.phrase_of(token)
    model = next((t for t in leaves(phrase.tree) if t.type == "MODEL"), None) if phrase is not None else None
    return [Said("gpu.variant", variant, [span_of(token)], tag=_canonical_model(model.value) if model else None)]


_BETWEEN_GPUS = regex(alternation("between_gpus"), re.I)
_STORAGE_BEFORE = regex(rf"(?:{alternation('storage_medium')})\W{{0,3}}$", re.I)
_DEVICE_AFTER = regex(rf"\W{{0,3}}(?:{alternation('storage_medium')}|{alternation('expansion_slot')})", re.I)


def _pcie(token: Keyword, context: Context) -> list[Said]:
    """PCIe as the GPUs' form factor (said with the model) or as the link between them; not PCIe set aside ("非 PCIe
    版", "not PCIe")."""
    if denied_just_before(token, context):
        return []
    clause = context.clause_types(token.start)
    sentence = context.sentence_types(token.start)
    if clause & {"NIC", "NIC_MODEL", "PROTO_IB", "ROCE", "SWITCH"}:
        return []
    if _STORAGE_BEFORE.search(context.text[max(0, token.start - 12):token.start]) \
            or _DEVICE_AFTER.match(context.text, token.end):
        return []  # "NVMe SSD (PCIe 4.0)", "7.68TB PCIe 5.0 NVMe SSD", "PCIe 5.0 x16 slots": a disk's or a slot's
    if _BETWEEN_GPUS.search(context.clause_at(token.start)):  # "GPU 之间经 PCIe 通信"
        return [Said("intra_node.link", "pcie", [span_of(token)])]
    if "MODEL" in clause or _names_the_cards(token, context) or _FORM_FACTOR_LABEL.search(context.clause_at(
            token.start)) or _EDITION_AFTER.match(context.text, token.end):  # "H100 PCIe", "PCIe cards", "The cards
        # are PCIe", "Form factor: PCIe", "GPU 形态：PCIe 版", "承认是 PCIe 版"
        return [Said("gpu.variant", "PCIe", [span_of(token)])]
    if sentence & GPU_WORDS:
        return [Said("intra_node.link", "pcie", [span_of(token)])]
    return []


def _names_the_cards(token: Keyword, context: Context) -> bool:
    """Whether PCIe stands right before a card word ("PCIe cards", "PCIe 卡") or right after one and a copula ("The
    cards are PCIe", "显卡为 PCIe"): it is what the cards are, not a slot or a link."""
    after = context.following(token.end)
    if after is not None and after.type == "CARD_UNIT" and not context.text[token.end:after.start].strip():
        return True
    before = context.previous(token.start)
    return before is not None and before.type == "CARD_UNIT" and _COPULA.fullmatch(context.text, before.end,
                                                                                   token.start) is not None


_COPULA = regex(rf"\s*(?:{alternation('copula')})?\s*", re.I)
_EDITION_AFTER = regex(alternation("edition_after"), re.I)
_FORM_FACTOR_LABEL = regex(alternation("form_factor_word"), re.I)


def _nvswitch(token: Keyword, context: Context) -> list[Said]:
    if negated(token, context):
        return [Said("intra_node.nvswitch", False, [span_of(token)])]
    return [Said("intra_node.nvswitch", True, [span_of(token)]),
            Said("intra_node.link", "nvlink-switch", [span_of(token)])]


def _bridge(token: Keyword, context: Context) -> list[Said]:
    if "NVLINK" in context.sentence_types(token.start) or token.type == "BRIDGE":
        return [Said("intra_node.link", "nvlink-bridge", [span_of(token)])]
    return []


def _full_mesh(token: Keyword, context: Context) -> list[Said]:
    sentence = context.sentence_types(token.start)
    if not sentence & (GPU_WORDS | {"PCIE"}) or context.clause_types(token.start) & FABRIC_WORDS:
        return []
    return [Said("intra_node.full_mesh", not negated(token, context), [span_of(token)])]


_MIG_PURPOSE = {"BENCH", "ACCEPTANCE", "TRIAL", "BUSBW", "ALL_NODES", "INTERNAL", "NETWORK", "PROTO_IB", "ROCE",
                "RDMA", "NIC"}
"""Words that make MIG slices a test of communication, the network or the cluster's size."""
_MIG_PURPOSE_WORDS = regex(alternation("mig_purpose"), re.I)
_LACKS = regex(rf"(?<![A-Za-z])(?:{alternation('absent_before')})(?![A-Za-z])", re.I)
"""Words that say what something does not have ("MIG 实例没有独立网卡", "a slice has no NIC of its own")."""


def _mig(token: Keyword, context: Context) -> list[Said]:
    """MIG slices offered where communication or the network is tested, or the cluster is sized; not where what
    they lack is said ("A MIG slice has no NVLink peer and no NIC of its own")."""
    purpose = [t for t in context.in_sentence(token.start) if t.type in _MIG_PURPOSE and not negated(t, context)]
    sentence = context.sentence(token.start)
    said = [sentence, sentence + 1] if context.takes_up(sentence + 1) else [sentence]  # "… MIG instances. They're
    # perfect for validating your multi-node NCCL setup": the next sentence's words of purpose too
    if negated(token, context) or _LACKS.search(context.clause_at(token.start)) or not (purpose or any(
            _MIG_PURPOSE_WORDS.search(context.sentence_at(context.sentence_starts[index])) for index in said)):
        return []  # (nor "MIG 实例没有独立网卡": what a slice lacks)
    return [Said("acceptance.on_mig", True, [span_of(token)])]


_GPU_MEMORY_AFTER = regex(rf"\)?\s?(?:of )?(?:{alternation('gpu_memory')})", re.I)  # "(180 GB) of HBM3e"
_GPU_MEMORY_BEFORE = regex(rf"(?:{alternation('gpu_memory')})\s?[:：|]?\s?\"?$", re.I)
"""GPU memory's words right before a size: "显存：80GB", "| 显存 | 80GB |", '"memory": "80GB"'."""
GPU_MEMORY_REACH = 16
"""Characters before a size where the words that make it GPU memory end ("gpu memory : 80GB")."""
_PER_SECOND = regex(rf"(?:{alternation('per_second')})$")
_PER_CARD_AFTER = regex(rf"\s?(?:{alternation('per_card')})", re.I)
_CARD_MEMORY_JOINERS = frozenset(words("card_memory_joiner"))


def _loose_memory(token: Keyword, context: Context) -> list[Said]:
    """A size said as GPU memory outside a GPU phrase ("94 GB HBM3 each", "显存：80GB", "96GB/卡", right after the
    GPUs' form factor, "SXM5 80GB×8", "SXM，96GB", after the cards, "GPUs of 180 GB", or under a table column named
    for GPU memory)."""
    if context.in_phrase(token):
        return []
    lead = context.previous(token.start)
    if not (_GPU_MEMORY_AFTER.match(context.text, token.end) or _PER_CARD_AFTER.match(context.text, token.end)
            or _GPU_MEMORY_BEFORE.search(context.text, max(0, token.start - GPU_MEMORY_REACH), token.start)
            or _after_form_factor(token, context)
            or lead is not None and lead.type == "CARD_UNIT"
            and context.text[lead.end:token.start].strip().lower() in _CARD_MEMORY_JOINERS
            or GPU_MEMORY_COLUMN in context.header_types(token.start)):
        return []
    memory = as_count(token)
    return [Said("gpu.memory_gb", memory, [span_of(token)])] if memory else []


def _after_form_factor(token: Keyword, context: Context) -> bool:
    """Whether a size comes right after the GPUs' form factor ("SXM5 80GB", "SXM5 80G", "SXM，96GB")."""
    lead = context.previous(token.start)
    return lead is not None and lead.type == "VARIANT" and not context.text[lead.end:token.start].strip(" ,，")


def _bare_size(token: Keyword, context: Context) -> list[Said]:
    """A size written without its B: per second ("900G/s", "九百G每秒") or between the GPUs ("卡间带宽六百G") a
    bandwidth in GB/s, as on a line about NVLink; else the GPUs' memory where the words around it say so."""
    if _PER_SECOND.search(token.value) or _BETWEEN_GPUS.search(context.clause_at(token.start)):
        return _loose_nvlink_rate(token, context)  # "卡间带宽是六百G": between the cards, a bandwidth
    return _bare_size_memory(token, context)


def _spoken_between_gpus(token: Keyword, context: Context) -> list[Said]:
    """A spoken "六百G" said of the traffic between the GPUs ("卡间带宽是六百G"): GB/s, not a link's Gb/s."""
    if not token.value.endswith("G") or not _BETWEEN_GPUS.search(context.clause_at(token.start)):
        return []
    value = number_in(token.value)
    return [Said("intra_node.bandwidth_gbytes", value, [span_of(token)])] if value else []


def _bare_size_memory(token: Keyword, context: Context) -> list[Said]:
    """A size written without its B ("80G", "八十G") said as the GPUs' memory by the words around it ("单卡 80G 显存",
    "显存 80G", "80G/卡", "SXM5 80G"); elsewhere such a size is a rate or a disk's."""
    if context.in_phrase(token) or not (
            _GPU_MEMORY_AFTER.match(context.text, token.end) or _PER_CARD_AFTER.match(context.text, token.end)
            or _GPU_MEMORY_BEFORE.search(context.text, max(0, token.start - GPU_MEMORY_REACH), token.start)
            or _after_form_factor(token, context)):
        return []
    memory = as_count(token)
    return [Said("gpu.memory_gb", memory, [span_of(token)])] if memory else []


PHRASES: dict[str, PhraseHandler] = {
    "gpu": _gpu,
    "nodes": _nodes,
    "cluster_cards": _cluster_cards,
    "per_node_cards": _nic_or_gpu(_single_count("gpu.per_node")),
    "gpu_total": _nic_or_gpu(_single_count("gpu.total")),
    "card_count": _nic_or_gpu(_card_count),
    "nvlink_rate": _nvlink_rate,
}

_FROM_BEFORE = regex(rf"(?:{alternation('change_from')}|{alternation('count_from')})\s*$", re.I)
_TO_BETWEEN = regex(rf"\s*(?:{alternation('change_to')}|{alternation('count_to')})\s*", re.I)


def _node_count_changed(token: Keyword, context: Context) -> list[Said]:
    """"the number of Nodes ... from eight (8) to twelve (12)": the new count (an amendment, so it replaces the
    old one)."""
    counts = [t for t in context.in_sentence(token.start) if t.start > token.end and t.type in COUNTS]
    for old, new in zip(counts, counts[1:]):
        if _FROM_BEFORE.search(context.text, max(0, old.start - 8), old.start) \
                and _TO_BETWEEN.fullmatch(context.text, old.end, new.start) and (value := as_count(new)):
            return [Said("nodes", value, [span_of(new)], amends=True)]
    return []


def _no_nvlink(token: Keyword, context: Context) -> list[Said]:
    """GPUs said to have no NVLink ("RTX 4090（PCIe 4.0，无 NVLink）", "8x L40S without NVLink") talk over PCIe: the
    sentence names the GPU or its PCIe form (not "a MIG slice has no NVLink peer")."""
    named = context.sentence_types(token.start) & {"MODEL", "PCIE"}
    return [Said("intra_node.link", "pcie", [span_of(token)])] if named and negated(token, context) else []


def _servers_counted(token: Keyword, context: Context) -> list[Said]:
    """A quantity alone on its line under a GPU server's description counts the servers ("GPU 服务器：8 × H100 SXM" /
    "数量：4"); structure.frames gives it the description's keywords as its lead-in."""
    if not describes_gpu_server(context.lead_in) or not bare_quantity(context.keywords):
        return []
    count = context.following(token.end)
    while count is not None and count.type == "COLON":
        count = context.following(count.end)
    value = as_count(count) if count is not None else None
    return [Said("nodes", value, [(count.start, count.end)])] if count is not None and value else []


def answered_count(context: Context) -> list[Said]:
    """A count alone answering a question of how many servers ("> How many nodes?" / "4.", "一共几台？" / "[10:03]
    李: 4"): the question leads in to its answer (structure.frames). An answer that says more is left to what it
    says."""
    if not asks_how_many_servers(context.lead_in):
        return []
    start = answer_start(context.text)
    own = [t for t in context.keywords if t.start >= start and t.type != "COLON"]
    if len(own) != 1 or own[0].type not in COUNTS:
        return []
    count = own[0]
    rest = context.text[start:count.start] + context.text[count.end:]
    value = as_count(count)
    if not value or len(_NOT_WORDS.sub("", rest)) > len("A"):  # an answer mark ("A:", "答：") at most
        return []
    return [Said("nodes", value, [(count.start, count.end)])]


_NOT_WORDS = regex(r"[\W_]+")


def _count_per_node(token: Keyword, context: Context) -> list[Said]:
    """A count right before a per-node word, with no unit of its own, counts the item described before it in its
    sentence: "GPUs: H100 SXM, 8 per server" (GPUs), "NICs: ConnectX-7 400G, eight per node" (NICs). Words that
    describe the item (a form factor, memory, a rate, a fabric) are looked past; any other word, or none, names no
    item. A count a phrase read already ("GPUs: 8 per node") is left to it."""
    if meaning("PER_NODE", token.value) != "per":
        return []
    count = context.previous(token.start)
    if count is None or count.type not in COUNTS or not _NOTHING_BETWEEN.fullmatch(context.text, count.end,
                                                                                    token.start):
        return []
    if any(p.start <= count.start < p.end for p in context.phrases):
        return []
    item = next((t for t in reversed(context.in_sentence(count.start)) if t.end <= count.start
                 and t.type not in _DESCRIBES_ITEM), None)
    path = _PER_NODE_PATHS.get(item.type) if item is not None else None
    value = as_count(count)
    return [Said(path, value, [(count.start, token.end)])] if path and value else []


_NOTHING_BETWEEN = regex(r" ?")
_DESCRIBES_ITEM = frozenset({"COLON", "BRACKET", "VARIANT", "PCIE", "MEM_GB", "G_QTY", "RATE_BITS", "IB_GEN",
                             "PROTO_IB", "ROCE", "ETHERNET", "NVLINK", "NIC_PORTS"})
_PER_NODE_PATHS = {"MODEL": "gpu.per_node", "CARD_UNIT": "gpu.per_node", "NIC": "fabric.nics_per_node",
                   "NIC_MODEL": "fabric.nics_per_node"}


KEYWORDS: dict[str, Handler] = {
    "NODE_LABEL": _node_count_changed,
    "QUANTITY": _servers_counted,
    "PER_NODE": _count_per_node,
    "NVLINK": _no_nvlink,
    "MIG": _mig,
    "MEM_GB": _loose_memory,
    "G_QTY": _bare_size,
    "RATE_BITS": _spoken_between_gpus,
    "MODEL": _model,
    "VARIANT": _variant_word,
    "PCIE": _pcie,
    "NVSWITCH": _nvswitch,
    "BRIDGE": _bridge,
    "PAIRWISE": _bridge,
    "FULL_MESH": _full_mesh,
    "BW_BYTES": _loose_nvlink_rate,
    "VERIFY": flag("verification.hardware"),
}
