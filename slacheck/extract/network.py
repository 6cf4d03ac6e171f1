"""Reading the inter-node network: protocol, rates, NICs, switches, ports, dedication, topology, sites."""

from __future__ import annotations

import re

from slacheck.extract.context import (
    GPUS_PER_NODE,
    NETWORK_WORDS,
    PER_GPU_AFTER,
    PER_GPU_BEFORE,
    PER_NODE_MAX,
    UNAVAILABLE,
    Context,
    Handler,
    PhraseHandler,
    Said,
    absent,
    as_count,
    as_rate_gbps,
    best_protocol,
    flag,
    in_ratio,
    leaves,
    likened,
    negated,
    node_counts,
    protocol_of,
    public_only,
    sentence_text,
    span_of,
    text_value,
)
from slacheck.extract.lexer import Keyword, with_first_test
from slacheck.extract.lexicon import alternation, meaning
from slacheck.extract.parser import Phrase
from slacheck.extract.structure import COUNTS, SUBJECT_TYPES
from slacheck.regexes import regex
from slacheck.trees import Tree

# "one HCA per GPU", "每张 GPU 对应一张网卡": a count of NICs for each GPU, not for the node
_RDMA_WORDS = {"ROCE", "RDMA", "PROTO_IB", "IB_GEN"}


_COUNTED_OR_RATED = frozenset({*COUNTS, "G_QTY", "RATE_BITS", "IB_GEN"})
"""What a NIC phrase must hold to say anything: a count or a rate."""
LINE_RATES_GBPS = frozenset({1.0, 2.5, 5.0, 10.0, 25.0, 40.0, 50.0, 56.0, 100.0, 200.0, 400.0, 800.0, 1600.0})
"""The rates Ethernet and InfiniBand ports run at: "2×960G" beside no NIC word is disks, not cards."""
PORT_RATE_MAX = 800.0
"""The fastest port a GPU server's NIC has; a faster rate is a node's ports together ("3.2 Tb/s per node")."""


def port_rate(rate: float, context: Context) -> float | None:
    """A rate as one port's: a node's ports together ("3,200 Gb/s per node") shared by its eight GPUs, one port
    each (the NIC count the rules assume when none is said); None when that is no port's rate, or when the
    passage says a port's own rate ("four 400 Gb/s NICs per server, so 1.6 Tb/s per server")."""
    if rate <= PORT_RATE_MAX:
        return rate
    if any(t.type in ("RATE_BITS", "G_QTY") and (as_rate_gbps(t) or 0) <= PORT_RATE_MAX for t in context.keywords):
        return None
    each = rate / GPUS_PER_NODE
    return each if each in LINE_RATES_GBPS else None


def _nics(phrase: Phrase, context: Context) -> list[Said]:
    """NICs (or ports) of a node: count, rate and the protocol said with them (not one side of a ratio)."""
    tokens = leaves(phrase.tree)
    types = {t.type for t in tokens}
    if not types & _COUNTED_OR_RATED or in_ratio(phrase.start, phrase.end, context):
        return []  # "ConnectX-7" alone says nothing of the node's cards
    span = [(phrase.start, phrase.end)]
    rate = next((as_rate_gbps(t) for t in tokens if t.type in ("G_QTY", "RATE_BITS")), None) \
        or next((_generation_rate(t) for t in tokens if t.type == "IB_GEN"), None)
    has_rate = rate is not None
    counted_with_rate = rate in LINE_RATES_GBPS and bool(types & {"TIMES", "CARD_UNIT"})  # "2×200G", "8 张 HDR 200G"
    if not (types & {"NIC", "NIC_MODEL"} or counted_with_rate):
        return []
    if not types & {"NIC", "NIC_MODEL", "TIMES"} and "MODEL" in context.clause_types(phrase.start):
        return []  # "8 张 80G A800": GPUs and their memory
    if not types & {"NIC", "NIC_MODEL"} and (context.clause_types(phrase.start) & {"OPTICS", "SWITCH", "SWITCH_MODEL"}
                                              or "PER_NODE" in types and _after_switches(phrase.start, context)):
        return []  # "OSFP 2x400G transceivers", "a switch with 64 x 400G", "4 台 SN4700，每台 64 × 200GE": the fabric's
    if has_rate and public_only(context.sentence_types(phrase.start)):
        return []
    if _STORAGE_AFTER.match(context.text, phrase.end):
        return []  # "2*960G SSD": disks
    if UNAVAILABLE.search(context.clause_at(phrase.start)):
        return []  # "8 网卡的机型目前没有现货": a machine that cannot be had
    following = context.following(phrase.end)
    servers = following is not None and following.type == "NODE_UNIT" and following.start - phrase.end <= 1
    counts = [t for t in tokens if t.type in COUNTS]
    if len(counts) > 1 and "PER_NODE" in types:
        counts = counts[-1:]  # "NIC  32 (8 per server)": the count per node, not the total before it
    count = None if servers or not counts else as_count(counts[0])  # "x 4 台": servers
    protocol = _link_protocol(tokens, phrase.start, context)
    said: list[Said] = []
    if count:
        per_gpu = PER_GPU_AFTER.match(context.text, phrase.end) or \
            PER_GPU_BEFORE.search(context.text[max(0, phrase.start - 16):phrase.start])
        clause = context.in_clause(phrase.start)
        said_before = [t.type for t in clause if t.end <= phrase.start]
        carried = "TOTAL" in said_before and "NODE_UNIT" not in said_before[said_before.index("TOTAL"):] \
            and not any(t.type == "PER_NODE" for t in clause)  # "total 64 GPUs and 16 NICs", not "16 nodes x 8"
        total_after = _beside(phrase, context, "TOTAL") and not _per_node_after_total(phrase, context)
        total = any(t.type == "TOTAL" for t in tokens) or total_after or carried \
            or count > PER_NODE_MAX and not types & {"PER_NODE"}  # "ib_write_bw on each of the 128 HCAs"
        path = "fabric.nics_per_gpu" if per_gpu else "fabric.nics_total" if total else "fabric.nics_per_node"
        said.append(Said(path, count, span, tag=protocol))
    if rate:
        said.append(Said("fabric.rate_gbps", rate, span, tag=protocol))
    return said


def _beside(phrase: Phrase, context: Context, kind: str) -> bool:
    """A keyword of a kind right before or right after a phrase ("合计 32 张", "32 NICs in total")."""
    before, after = context.previous(phrase.start), context.following(phrase.end)
    return (before is not None and before.type == kind and phrase.start - before.end <= 2) or (
        after is not None and after.type == kind and not context.text[phrase.end:after.start].strip())


def _per_node_after_total(phrase: Phrase, context: Context) -> bool:
    """Whether "total" after a phrase is a node's total ("8x 400G NDR (3.2 Tbps total per node)")."""
    after = context.following(phrase.end)
    after = context.following(after.end) if after is not None else None
    return after is not None and after.type == "PER_NODE"


def _generation_rate(token: Keyword) -> float | None:
    """The data rate an InfiniBand generation names: NDR 400, HDR 200, "NDR200" 200."""
    digits = re.search(r"\d+$", token.value)
    return float(digits.group()) if digits else meaning("IB_GEN", token.value[:3])


def _fabric_rate(phrase: Phrase, context: Context) -> list[Said]:
    """A link rate said with its fabric ("InfiniBand NDR 400Gb/s"): internal, or public when only public."""
    tokens = leaves(phrase.tree)
    span = [(phrase.start, phrase.end)]
    rate = next((as_rate_gbps(t) for t in tokens if t.type in ("G_QTY", "RATE_BITS")), None)
    if rate is None:
        return []
    if public_only(context.sentence_types(phrase.start)):
        return [Said("fabric.public_bandwidth", rate, span)]
    protocol = _link_protocol(tokens, phrase.start, context)
    each = port_rate(rate, context)
    return [Said("fabric.rate_gbps", each, span, tag=protocol)] if each else []


_NIC_PORTS_AFTER = regex(rf"\s*(?:{alternation('nic_ports_after')})", re.I)
NODE_PORTS_MAX = 8
"""Most ports with a rate that a passage naming no switch can give one server (more are a switch's)."""


_TIME_AFTER = regex(rf"\s?(?:{alternation('short_time_unit')})(?![A-Za-z])")


def _ports(phrase: Phrase, context: Context) -> list[Said]:
    """"16 个端口": switch ports allotted; with 每台 / per node, the node's own ports (not one side of a ratio:
    "2 卡共用 1 口"), nor a NIC's own ports ("two NICs per node, one port each")."""
    if in_ratio(phrase.start, phrase.end, context) or _NIC_PORTS_AFTER.match(context.text, phrase.end):
        return []
    tokens = leaves(phrase.tree)
    count = next((as_count(t) for t in tokens if t.type in COUNTS), None)
    has_rate = any(t.type in ("G_QTY", "RATE_BITS") for t in tokens)
    clause = context.in_clause(phrase.start)
    each = [t for t in clause if t.type == "PER_NODE" and t.end <= phrase.start]
    per_node = any(t.type == "PER_NODE" for t in tokens) or bool(each) and not any(  # "Each server has two 200GbE
        t.type in ("SWITCH", "SWITCH_MODEL") and t.end <= phrase.start  # ports on our ToR switch": a switch after
        for t in clause) and not _SWITCH_TIER.search(  # them is where they connect (not "每台占交换机 8 个端口",
        context.text, each[-1].end, phrase.start) or (  # "每台 Leaf 分配 8 个端口")
        has_rate and count is not None and count <= NODE_PORTS_MAX  # "two (2) 25 GbE ports", no switch in sight
        and context.first_of("SWITCH") is None and context.first_of("SWITCH_MODEL") is None)
    return _port_count(count, tokens, per_node, [(phrase.start, phrase.end)], context) if count else []


def _port_count(count: int, tokens: list[Keyword], per_node: bool, span: list[tuple[int, int]],
                context: Context) -> list[Said]:
    """Switch ports, or (per node) NIC ports with the rate said among ``tokens``."""
    if not per_node:
        return [Said("fabric.switch_ports", count, span)]
    protocol = _offered_protocol(context.in_sentence(span[0][0]), context)
    per_gpu = PER_GPU_AFTER.match(context.text, span[0][1])  # "one 400 Gb/s port per GPU"
    said = [Said("fabric.nics_per_gpu" if per_gpu else "fabric.nics_per_node", count, span, tag=protocol)]
    rate = next((as_rate_gbps(t) for t in tokens if t.type in ("G_QTY", "RATE_BITS")), None)
    if rate:
        said.append(Said("fabric.rate_gbps", rate, span, tag=protocol))
    return said


def _loose_ports(token: Keyword, context: Context) -> list[Said]:
    """A port count with a few words between number and 端口 ("64 个主机侧 NDR 端口", "48 个交换机端口"), or after a
    label that names the ports ("Switch ports allotted: 64", "分配给甲方的交换机端口数：64")."""
    if context.in_phrase(token):
        return []
    before = [t for t in context.in_clause(token.start) if t.end <= token.start]
    number = next((t for t in reversed(before) if t.type in COUNTS), None)
    if number is None or token.start - number.end > 24:
        return _labelled_ports(token, context)
    if _TIME_AFTER.match(context.text, number.end):
        return []  # "2 µs port-to-port latency": a time, no count of ports
    between = [t for t in before if t.start >= number.end]
    if any(t.type not in ("G_QTY", "RATE_BITS", "IB_GEN", "PROTO_IB", "ROCE", "SWITCH", "DEDICATED") for t in between):
        return []
    count = as_count(number)
    per_node = any(t.type == "PER_NODE" and not _bracketed_after(token, t, context)
                   for t in context.in_clause(token.start))
    return _port_count(count, between, per_node, [(number.start, token.end)], context) if count else []


def _bracketed_after(token: Keyword, later: Keyword, context: Context) -> bool:
    """Whether ``later`` stands in brackets after ``token``: a breakdown of a total ("4 个 NDR 端口（每台 1 个）")."""
    return later.start >= token.end and any(bracket in context.text[token.end:later.start] for bracket in "(（")


PORT_LABEL_WIDTH = 24
"""Most characters between a port word and the colon that ends its label ("ports reserved for customer:")."""
_NOT_SWITCH_PORT_LABEL = frozenset({"NIC", "NIC_MODEL", "PER_NODE", "PUBLIC_NET", "STORAGE_NET", "MGMT_NET",
                                    "FRONTEND_NET", "G_QTY", "RATE_BITS"})


def _labelled_ports(token: Keyword, context: Context) -> list[Said]:
    """The switch ports a label names, counted right after its colon ("Switch ports allotted: 64")."""
    after = [t for t in context.in_clause(token.start) if t.start >= token.end]
    colon = next((i for i, t in enumerate(after) if t.type == "COLON"), None)
    if colon is None or colon + 1 >= len(after) or after[colon].start - token.end > PORT_LABEL_WIDTH:
        return []
    number = after[colon + 1]
    if number.type not in COUNTS or context.text[after[colon].end:number.start].strip() \
            or context.clause_types(token.start) & _NOT_SWITCH_PORT_LABEL:
        return []
    count = as_count(number)
    return [Said("fabric.switch_ports", count, [(token.start, number.end)])] if count else []


def _loose_ratio(token: Keyword, context: Context) -> list[Said]:
    """A ratio in a passage (e.g. a table row) that names oversubscription elsewhere, or in a clause about a
    tier of the fabric ("2:1 at the spine")."""
    if context.in_phrase(token) or context.first_of("OVERSUB") is None \
            and not _SWITCH_TIER.search(context.clause_at(token.start)):
        return []
    return _oversubscription(Phrase("oversubscription", token.start, token.end,
                                    tree=Tree("oversubscription", [token])), context)


def _oversubscription(phrase: Phrase, context: Context) -> list[Said]:
    ratio = next(t for t in leaves(phrase.tree) if t.type == "RATIO")
    parts = [float(p) for p in re.findall(r"\d+(?:\.\d+)?", ratio.value)]
    if len(parts) != 2 or min(parts) <= 0:
        return []
    factor = max(parts) / min(parts)
    span = [(phrase.start, phrase.end)]
    return [Said("fabric.oversubscription", factor, span), Said("fabric.dedicated", factor <= 1.0, span)]


_PASS_MARK_BEFORE = regex(rf"(?:{alternation('pass_mark_before')})\s*$", re.I)


def _bare_rate(phrase: Phrase, context: Context) -> list[Said]:
    """A rate in a sentence about a network: its fabric's, or the public bandwidth when only public."""
    token = leaves(phrase.tree)[-1]
    types = context.sentence_types(phrase.start)
    rate = as_rate_gbps(token)
    span = [(phrase.start, phrase.end)]
    if rate is None or token.type == "G_QTY" and rate not in LINE_RATES_GBPS:
        return []
    if public_only(types):
        return [Said("fabric.public_bandwidth", rate, span)]
    before = context.previous(phrase.start)
    if before is not None and before.type == "TOTAL" and phrase.start - before.end <= 1:
        return []  # "一台合计四百G": a node's ports together, said beside its ports' own rate
    if "BENCH" in types and _PASS_MARK_BEFORE.search(context.text, max(0, phrase.start - 16), phrase.start):
        return []  # "ib_write_bw …: each 200G port >= 185 Gb/s": a pass mark
    each = port_rate(rate, context)
    if each and (types & (NETWORK_WORDS - {"RATE_BITS"}) or token.value.endswith(_ETHERNET_RATE)  # "100GbE"
                 or context.table_row and context.header_types(phrase.start) & (NETWORK_WORDS - {"RATE_BITS"})):
        return [Said("fabric.rate_gbps", each, span, tag=_offered_protocol(context.in_sentence(phrase.start), context))]
    return []


_THINGS = frozenset({"MODEL", "NIC", "NIC_MODEL", "SWITCH", "SWITCH_MODEL", "OPTICS", "CARD_UNIT"})
"""What a count in a sentence may be of."""


def _after_switches(position: int, context: Context) -> bool:
    """Whether the last thing a sentence names before a position is a switch: an "each" after it is each switch."""
    named = [t.type for t in context.in_sentence(position) if t.end <= position and t.type in _THINGS]
    return bool(named) and named[-1] in ("SWITCH", "SWITCH_MODEL")


def _labelled_count(tokens: list[Keyword]) -> bool:
    """Whether a node label is followed by a count ("Nodes: 8 (4 in DC1 + 4 in DC2)", "| Nodes 节点 | 8 (…) |")."""
    kinds = [t.type for t in tokens if t.type != "COLON"]
    return any(a == "NODE_UNIT" and b in COUNTS for a, b in zip(kinds, kinds[1:]))


def _multi_site(token: Keyword, context: Context) -> list[Said]:
    """Nodes placed across sites: the token counts the nodes in each ("2 in atlanta 2 in phoenix"), or the
    sentence (or the one before it) must count them (or cards), or it (or the one after it) speak of one cluster
    ("two sites form one training cluster"), not
    describe the vendor's premises ("8 servers in FRA1 and 8 in FRA3. The two facilities are linked by ...";
    not "founded in 2014, we run servers in three London facilities")."""
    total = sum(int(count) for count in _COUNT_IN_PLACE.findall(token.value)) if token.value[:1].isdigit() else 0
    if total:  # "2 in atlanta 2 in phoenix": the token counts the nodes itself, and the counts add up
        return [Said("fabric.multi_site", True, [span_of(token)]),
                Said("nodes", total, [span_of(token)], tag="primary")]
    if _OWN_PREMISES.search(sentence_text(token, context)) and not _ONE_CLUSTER.search(sentence_text(token, context)):
        return []  # "深圳、东莞两地自建机房": where the vendor has buildings
    for before in (0, 1):
        near = context.keywords if context.table_row else context.in_sentence(token.start, before=before)
        if node_counts(near) or any(a.type in COUNTS and b.type == "CARD_UNIT" and b.start - a.end <= 2
                                    for a, b in zip(near, near[1:])) or _labelled_count(near) \
                or any(t.type == "ALL_NODES" for t in near):  # "双机可能分在不同机房"
            break  # "16 GPUs", not "in 2014, GPU servers"
    else:
        index = context.sentence(token.start) + 1
        after = context.sentence_at(context.sentence_starts[index]) if index < len(context.sentence_starts) else ""
        if not _ONE_CLUSTER.search(sentence_text(token, context) + after):  # "两站点组成一个训练集群", "两个机房都有
            return []  # 货！…可以两边拼成一个集群"
    return [Said("fabric.multi_site", not negated(token, context), [span_of(token)])]


_ETHERNET_RATE = ("GbE", "GE")
"""How a rate that names Ethernet ends ("100GbE", Huawei's "200GE")."""
_STORAGE_AFTER = regex(rf"\s?(?:{alternation('storage_medium')})", re.I)
_DEFERRED = regex(alternation("deferred"), re.I)
_LONG_LEAD_TIME = regex(alternation("long_lead_time"))
_ONE_CLUSTER = regex(alternation("one_cluster"))
_CONCRETE_EXPANSION = regex(alternation("concrete_expansion"), re.I)
_OWN_PREMISES = regex(alternation("own_premises"), re.I)
_COUNT_IN_PLACE = regex(rf"(\d+)\D*?(?:{alternation('placed_in')})")
"""Each count of a "2 in atlanta 2 in phoenix" token: the number before each "in" (or 在)."""
_SWITCH_TIER = regex(rf"(?<![A-Za-z])(?:{alternation('switch_tier')})(?![A-Za-z])", re.I)
_UNDECIDED = regex(alternation("undecided"), re.I)
_UNDECIDED_AFTER = regex(rf" ?(?:{alternation('undecided')})", re.I)


UNAVAILABLE_REACH = 2
"""Characters between words that say a part cannot be had and the fabric they name right after them."""


def _unavailable(token: Keyword, context: Context) -> bool:
    """Whether its sentence says the token's fabric cannot be had: the words speak of the fabric right after them
    ("计算网络为 RoCE v2，暂不提供 IB"), else of the one named last before them, else of the first after them ("IB
    目前没有资源，都是 RoCE 的": the RoCE is offered; "万兆的，IB 要等下个月，现在给不了": the InfiniBand is not)."""
    start = context.sentence_starts[context.sentence(token.start)]
    found = UNAVAILABLE.search(sentence_text(token, context))
    if found is None:
        return False
    fabrics = [t for t in context.in_sentence(token.start) if t.start >= start and protocol_of(t)]
    before = [t for t in fabrics if t.end <= start + found.start()]
    right_after = [t for t in fabrics if 0 <= t.start - (start + found.end()) <= UNAVAILABLE_REACH]
    meant = right_after[0] if right_after else before[-1] if before else fabrics[0] if fabrics else None
    return meant is not None and protocol_of(meant) == protocol_of(token)


def _undecided(token: Keyword, context: Context) -> bool:
    """Whether the token's clause asks which of two fabrics it is ("协议没写是 IB 还是 RoCE"), or which version
    ("RoCE v1 还是 v2")."""
    own = protocol_of(token)
    return bool(_UNDECIDED.search(context.clause_at(token.start))) and (
        any(protocol_of(t) not in (None, own) for t in context.in_clause(token.start))
        or _UNDECIDED_AFTER.match(context.text, token.end) is not None)


def _delivered_instead(token: Keyword, context: Context) -> bool:
    """Whether the token's clause puts its fabric months away and its passage names another one in another clause
    ("IB 设备供货周期 20 周以上，无法满足交付要求；RoCE 方案…")."""
    return bool(_LONG_LEAD_TIME.search(context.clause_at(token.start))) and _other_fabric_beside(token, context)


def _other_fabric_beside(token: Keyword, context: Context) -> bool:
    """Whether another clause of the token's passage names another fabric protocol."""
    own, clause = protocol_of(token), context.clause(token.start)
    return any(context.clause(t.start) != clause and protocol_of(t) not in (None, own) for t in context.keywords)


def _fabric_protocol(token: Keyword, context: Context) -> list[Said]:
    """The fabric a protocol word names, unless the offer lacks it ("不配 RDMA 网卡", "IB 现在给不了") or puts
    it months away for another one ("IB 交期 16 周以上，这批给 RoCE")."""
    if absent(token, context) or _unavailable(token, context) or _delivered_instead(token, context) \
            or _undecided(token, context) or likened(token, context):
        return []
    term = context.defines_term(token.start)
    if term is not None and term[0] <= token.start < term[1]:  # the term a definition defines ("InfiniBand"：指…)
        return []
    protocol = protocol_of(token)
    said = [Said("fabric.protocol", protocol, [span_of(token)])]
    if token.type == "IB_GEN":
        said.append(Said("fabric.rate_gbps", _generation_rate(token), [span_of(token)], tag="infiniband"))
    if not any(protocol_of(t) for t in context.in_sentence(token.start) if t.start < token.start):  # once a sentence
        start = context.sentence_starts[context.sentence(token.start)]
        scale_out = _SCALE_OUT.search(context.text, start, start + len(context.sentence_at(token.start)))
        if scale_out and not negated(token, context):  # "RDMA 网卡仅用于多台实例之间的 GPU 通信"
            said.append(Said("fabric.scale_out", True, [scale_out.span()]))
    return said


_SCALE_OUT = regex(with_first_test(alternation("scale_out")), re.I)
"""Words that make a fabric one that joins several servers: the offer is multi-node whatever its count."""


def _gbe_rate(token: Keyword, context: Context) -> list[Said]:
    """"100GbE" names Ethernet as well as a rate, unless the sentence runs RDMA over it (RoCE)."""
    if not token.value.endswith(_ETHERNET_RATE) or _runs_rdma(token.start, context):
        return []
    return _ethernet(token, context)


def _offered_protocol(tokens: list[Keyword], context: Context) -> str | None:
    """The best protocol ``tokens`` name, less those said to be absent ("2 x 100GbE, TCP/IP, no RDMA")."""
    return best_protocol(t for t in tokens if not absent(t, context))


def _runs_rdma(position: int, context: Context) -> bool:
    """Whether the sentence at a position runs RDMA (not "no RDMA")."""
    return any(t.type in _RDMA_WORDS and not absent(t, context) for t in context.in_sentence(position))


def _link_protocol(tokens: list[Keyword], position: int, context: Context) -> str | None:
    """The protocol said with a link: in the phrase, else its clause, else the one its sentence names ("InfiniBand
    NDR 400G，每节点配 8 张 HCA"), else Ethernet for a bare "100GbE"."""
    protocol = best_protocol(tokens) or _offered_protocol(context.in_clause(position), context)
    if protocol is None:
        named = {p for p in map(protocol_of, context.in_sentence(position)) if p}
        protocol = named.pop() if len(named) == 1 else None
    if protocol is None and any(t.value.endswith(_ETHERNET_RATE) for t in tokens) \
            and not _runs_rdma(position, context):
        return "ethernet-tcp"
    return protocol


def _ethernet(token: Keyword, context: Context) -> list[Said]:
    types = context.sentence_types(token.start)
    if public_only(types):
        return []
    said = [Said("fabric.protocol", "ethernet-tcp", [span_of(token)])]
    if token.type == "ETH_NAMED":
        said.append(Said("fabric.rate_gbps", meaning("ETH_NAMED", token.value), [span_of(token)], tag="ethernet-tcp"))
    return said


CLAUSE_LEAD = 4
"""Most characters before a dedication word that leave its clause about the clause before ("交换机…，由用户独占")."""


_ISOLATING = frozenset({"SWITCH", "PORT", "CUSTOMER", "INTERNAL", "PROTO_IB", "ROCE", "NETWORK"})
"""What a dedicated clause names when it isolates the customer: its switches, ports or whole network."""


def _dedicated(token: Keyword, context: Context) -> list[Said]:
    """Dedicated ports or fabric; a switch, ports or a network dedicated to the customer also isolate it."""
    clause = set(context.clause_types(token.start))
    index = context.clause(token.start)
    if context.table_row:  # a cell ("本项目专用") speaks of its row's switch or ports
        clause |= {t.type for t in context.keywords}
    elif index > 0 and len(context.text[context.clause_starts[index]:token.start].strip(" ,，、")) <= CLAUSE_LEAD:
        clause |= context.clause_types(context.clause_starts[index - 1])  # "switches, dedicated to Customer"
    if not clause & NETWORK_WORDS and not context.text[token.end:context.clause_end(token.end)].strip(" .。;；"):
        clause |= context.sentence_types(token.start)  # a list's last word: "NDR InfiniBand, rail-optimised, dedicated"
    if not clause & NETWORK_WORDS:
        return []
    said = [Said("fabric.dedicated", not negated(token, context), [span_of(token)])]
    if clause & _ISOLATING and not negated(token, context):  # "dedicated to Customer", "专属 IB 网络"
        said.append(Said("fabric.isolation", True, [span_of(token)]))
        if clause & {"SWITCH", "SWITCH_MODEL"}:  # the switch itself is the customer's: all its ports are
            said.append(Said("fabric.switch_dedicated", True, [span_of(token)]))
    return said


def _shared(token: Keyword, context: Context) -> list[Said]:
    """Ports or switches shared, in a clause about the network; a clause that names no subject at all speaks of
    its sentence's ("交换机是机房公共的，跟另外几家客户一起用"). A switch never shared is the customer's, all its
    ports."""
    clause = context.clause_types(token.start)
    if not clause & SUBJECT_TYPES:
        clause = clause | context.sentence_types(token.start)
    if not clause & (NETWORK_WORDS | {"TENANT"}) or _gpus_share_a_nic(token, context):
        return []
    denied = negated(token, context)
    said = [Said("fabric.dedicated", denied, [span_of(token)])]
    if "TENANT" in context.sentence_types(token.start):
        said.append(Said("fabric.isolation", denied, [span_of(token)]))
    if denied and context.clause_types(token.start) & {"SWITCH", "SWITCH_MODEL"}:  # "leaf switches are never shared"
        said.append(Said("fabric.switch_dedicated", True, [span_of(token)]))
    return said


def _gpus_share_a_nic(token: Keyword, context: Context) -> bool:
    """Whether GPUs share a network card or port ("2 张 GPU 共用 1 张网卡", "two GPUs share one NIC", "2 卡共用 1 口"):
    a NIC per GPU pair, not a fabric shared with other tenants."""
    before = context.previous(token.start)
    return before is not None and before.type in ("CARD_UNIT", "MODEL") and any(
        t.type in ("NIC", "NIC_MODEL", "PORT") and t.start >= token.end for t in context.in_clause(token.start))


def _no_other_tenants(token: Keyword, context: Context) -> list[Said]:
    """Other tenants kept off the fabric ("不接入其他客户", "no other tenants"): isolation. A sentence that names
    no network speaks of the one before ("... ports; no other customer's traffic crosses them")."""
    sentence = context.sentence_types(token.start)
    about = sentence if sentence & NETWORK_WORDS else {t.type for t in context.in_sentence(token.start, before=1)}
    if "SHARED" in sentence or not about & NETWORK_WORDS or not negated(token, context):
        return []
    return [Said("fabric.isolation", True, [span_of(token)])]


def _nonblocking(token: Keyword, context: Context) -> list[Said]:
    """Non-blocking: dedicated, 1:1; not when its clause keeps it to one rack or leaf ("non-blocking within the rack
    only", 机柜内无收敛): what crosses racks is not said."""
    if _WITHIN_ONE_RACK.search(context.clause_at(token.start)):
        return []
    return [Said("fabric.dedicated", True, [span_of(token)]), Said("fabric.oversubscription", 1.0, [span_of(token)])]


_WITHIN_ONE_RACK = regex(alternation("within_one_rack"), re.I)


def _topology(token: Keyword, context: Context) -> list[Said]:
    """A topology name, in its canonical form; tiers only when no shape is named beside them ("两层胖树")."""
    name = meaning("TOPOLOGY", token.value)
    shapes = [t for t in context.in_clause(token.start)
              if t.type == "TOPOLOGY" and not _tiers(meaning("TOPOLOGY", t.value))]
    if _tiers(name) and shapes:
        return []
    return [Said("fabric.topology", name, [span_of(token)])]


def _tiers(name: str | None) -> bool:
    return name is not None and "tier" in name


def _expansion(token: Keyword, context: Context) -> list[Said]:
    """Expansion promised: set aside for growth, or reserved or expanded beside network words (not power or term)."""
    sentence = context.sentence_types(token.start)
    kinds = {meaning("EXPANSION", t.value) for t in context.in_sentence(token.start) if t.type == "EXPANSION"}
    for_growth = "reserved-expansion" in kinds or {"reserved", "expansion"} <= kinds
    clause = context.clause_types(token.start)
    if "POWER" in clause and not clause & NETWORK_WORDS:  # "24 kW (two servers at 10.2 kW each plus headroom)"
        return []
    if not for_growth and (not sentence & NETWORK_WORDS or sentence & {"POWER", "TERM"} or _booked(token, context)):
        return []
    concrete = bool(sentence & {"MONEY"}) or _has_port_count(token, context) \
        or _CONCRETE_EXPANSION.search(sentence_text(token, context)) is not None  # "a fixed unit price for each …"
    return [Said("fabric.expansion", "concrete" if concrete else "vague", [span_of(token)])]


_PORT_SIZE = frozenset({"CARD_UNIT", "G_QTY", "RATE_BITS", "IB_GEN", "PROTO_IB", "ROCE", "ETHERNET"})
"""What may stand between a count and the ports it counts ("8 个 200G 端口", "8 x 400G ports", "64 NDR leaf ports")."""


_ALLOTTED_AFTER = regex(rf"\s?(?:{alternation('allotted_after')})(?![A-Za-z])", re.I)
_BOOKED_AFTER = regex(alternation("booked_after"), re.I)


def _booked(token: Keyword, context: Context) -> bool:
    """Whether "reserved" allots to this customer now ("ports reserved for your cluster alone"), books what the
    customer orders ("Reserve a dedicated H100 cluster"), or names a column ("Fabric ports reserved |")."""
    after = context.text[token.end:token.end + 48]
    return bool(_ALLOTTED_AFTER.match(after) or _BOOKED_AFTER.match(after)) or not after.split("|")[0].strip()


def _has_port_count(token: Keyword, context: Context) -> bool:
    tokens = context.in_sentence(token.start)
    for index, first in enumerate(tokens):
        if first.type not in COUNTS:
            continue
        rest = tokens[index + 1:]
        if rest and rest[0].type == "CARD_UNIT":  # "8 个", "2 U"
            return True
        counted = next((t for t in rest if t.type not in _PORT_SIZE), None)
        if counted is not None and counted.type == "PORT":
            return True
    return False


def _optics(token: Keyword, context: Context) -> list[Said]:
    """Who supplies the optics and cables: the party (or the denial) of their clause; else of their table row
    or sentence, when that names one party and denies nothing ("Optics: SR8 transceivers, supplied by the
    Provider"; "| 光模块/AOC | 400G OSFP | 乙方提供 |"); nobody, when the sentence leaves it to a later plan."""
    if _DEFERRED.search(sentence_text(token, context)):  # "线缆及光模块的具体配置以乙方届时出具的方案为准"
        return []
    clause = context.clause_types(token.start)
    if context.names_provider(context.clause_at(token.start)):  # "Halvard supplies all transceivers"
        clause = clause | {"PROVIDER"}
    value = _supplier(clause, denied="excluded") or ("excluded" if _under_negating_label(token, context) else None)
    if value is None:
        wider = context.line_types(token.start)
        value = None if {"PROVIDER", "CUSTOMER"} <= wider else _supplier(wider, denied=None)
    if value is None:
        return []
    protocol = _offered_protocol(context.in_sentence(token.start), context)  # the fabric they are for, if named
    said = [Said("fabric.cabling", value, [span_of(token)], tag=protocol)]
    if _priced(token, context):
        said.append(Said("fabric.cabling_priced", True, [span_of(token)], tag=protocol))
    return said


def _priced(token: Keyword, context: Context) -> bool:
    """Whether the token's sentence gives it a price: not when its clause denies it after a sum, which is then a
    total without it ("合计 807,000 元/月（不含光模块及线缆）")."""
    denials = [t.start for t in context.in_clause(token.start) if t.type == "NEGATION" and t.start < token.start]
    sentence = context.in_sentence(token.start)
    if denials and any(t.type == "MONEY" and t.end <= denials[-1] for t in sentence):
        return False
    return any(t.type == "MONEY" for t in sentence)


def _under_negating_label(token: Keyword, context: Context) -> bool:
    """Whether the token's sentence opens with a label that denies what it lists ("Not included: switches, optics
    and cables", "不含：交换机、光模块")."""
    first = next(iter(context.in_sentence(token.start)), None)
    return first is not None and first.type == "NEGATION" and first.end <= token.start and context.labels(first)


def answered_cabling(context: Context) -> list[Said]:
    """Who supplies the optics and cables a question asked about ("光模块和线缆由谁提供？"), said by an answer that
    names no optics itself ("乙方回复：由乙方提供并安装"): the party of its first clause that names one."""
    if not any(t.type == "OPTICS" for t in context.lead_in) or context.first_of("OPTICS") is not None:
        return []
    first = next((t for t in context.keywords if t.type in ("PROVIDER", "CUSTOMER")), None)
    value = _supplier(context.clause_types(first.start), denied="excluded") if first is not None else None
    return [Said("fabric.cabling", value, [span_of(first)])] if first is not None and value else []


def _supplier(types: set[str] | frozenset[str], denied: str | None) -> str | None:
    """The party that token types name as supplying something ("customer", "provider"), or ``denied`` when
    they deny it."""
    if "NEGATION" in types:
        return denied
    if "CUSTOMER" in types:
        return "customer"
    return "provider" if types & {"PROVIDER", "INCLUDED"} else None


PHRASES: dict[str, PhraseHandler] = {
    "nics": _nics,
    "fabric_rate": _fabric_rate,
    "switch_ports": _ports,
    "oversubscription": _oversubscription,
    "bare_rate": _bare_rate,
}

KEYWORDS: dict[str, Handler] = {
    "PROTO_IB": _fabric_protocol,
    "IB_GEN": _fabric_protocol,
    "ROCE": _fabric_protocol,
    "RDMA": _fabric_protocol,
    "ETHERNET": _ethernet,
    "TCP": _ethernet,
    "ETH_NAMED": _ethernet,
    "RATE_BITS": _gbe_rate,
    "NIC_MODEL": text_value("fabric.nic_model"),
    "SWITCH_MODEL": text_value("fabric.switch_model"),
    "DEDICATED": _dedicated,
    "SHARED": _shared,
    "TENANT": _no_other_tenants,
    "NONBLOCKING": _nonblocking,
    "ISOLATION": flag("fabric.isolation"),
    "TOPOLOGY": _topology,
    "MULTI_SITE": _multi_site,
    "EXPANSION": _expansion,
    "OPTICS": _optics,
    "PORT": _loose_ports,
    "RATIO": _loose_ratio,
}
