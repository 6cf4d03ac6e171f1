"""Counts a table gives in a cell of their own: "计算网卡 | ConnectX-7 | 8 | 张/台", "GPU server | ... | Qty 1",
"Nodes | 2 | 4".

A bare number in a row is a count of the row's item when the next cell is its unit (张/台, 台, nodes), its
column is headed 数量 / Qty, or the row's label is nothing but what is counted ("Nodes", "节点数",
"GPUs per node", "Total GPUs"); so is a number that opens its cell before a per-node word ("8 per node, 80 GB
each"). What it counts is the row's item: NICs, GPUs or servers; under a column headed "Nodes" / "台数",
servers; under one headed with ports ("Fabric ports reserved"), the switch ports. In a row about the fabric's
ports ("Ports allotted | 4 (dedicated) | 16"), the number that opens each cell counts them.
"""

from __future__ import annotations

import re

from slacheck.extract.context import PER_NODE_MAX, Context, Said, as_count, counts_per_node, in_brackets
from slacheck.extract.lexer import Keyword
from slacheck.extract.lexicon import words
from slacheck.extract.structure import SERVER_WORDS, cell_spans, first_worded_cell
from slacheck.regexes import regex

_BARE_COUNT = regex(r"\s*(\d{1,4})\s*")
_SERVERS = frozenset(words("plural_node_word"))
_BRACKETED_COUNT = regex(r"[(（]\s*(\d{1,4})\s*")
_COUNT_TIMES = regex(r"\s*(\d{1,4}) ?[x×*] ")
"""A count that opens a cell before what it counts ("3 x Dell PowerEdge XE9680")."""
_UNIT_TYPES = frozenset({"CARD_UNIT", "NODE_UNIT", "PRICE_UNIT", "PER_NODE"})
_FILLER = regex(r"[\s/()（）]")
"""What a cell may hold besides its keywords."""
_NOT_SWITCH_PORTS = frozenset({"NIC", "NIC_MODEL", "CARD_UNIT", "PER_NODE", "PUBLIC_NET", "STORAGE_NET", "MGMT_NET",
                               "FRONTEND_NET"})
"""A port column headed with these counts a node's ports or another network's, not the fabric's switch ports."""
_RATES = frozenset({"RATE_BITS", "G_QTY", "BW_BYTES"})
_COUNT_LABEL_TYPES = frozenset({"CARD_UNIT", "NODE_UNIT", "NODE_LABEL", "PER_NODE", "TOTAL", "QUANTITY", "NIC"})


def row_counts(context: Context) -> list[Said]:
    """Counts of a table row's item said as a bare number in a cell of its own."""
    text = context.text
    cells = cell_spans(text)
    item = first_worded_cell(text)
    if item is None:
        return []
    item_tokens = context.keywords_in(*item)
    labelled = _only_words(context, item, _COUNT_LABEL_TYPES)
    item_types = {t.type for t in item_tokens}
    port_row = "PORT" in item_types and not item_types & _NOT_SWITCH_PORTS  # "Ports allotted", "Leaf ports"
    said: list[Said] = []
    for index, (start, end) in enumerate(cells):
        if start < item[1]:
            continue
        if port_row:  # "| Leaf ports allotted | 16 x 200G | 32 x 200G |": the number that opens each cell
            opening = _BARE_COUNT.match(text, start, end)
            if opening and int(opening.group(1)) and not _opens_rate(context, opening.start(1)):
                said.append(Said("fabric.switch_ports", int(opening.group(1)), [opening.span(1)]))
            continue
        found = _cell_count(context, cells, index)
        if found is None:
            if _counts_servers(item_tokens) and (times := _COUNT_TIMES.match(text, start, end)) \
                    and int(times.group(1)) and not any(t.type == "MODEL" for t in context.keywords_in(start, end)):
                said.append(Said("nodes", int(times.group(1)), [times.span(1)]))  # "| Nodes | 3 x Dell XE9680 |"
            continue
        match, unit = found
        header = context.header_types(start)
        if "PRICE_WORD" in header:
            continue  # "| NIC | 1200 |" under "Price per node": a price, no count
        count = int(match.group(1))
        span = [(match.start(1), unit[1] if unit else match.end(1))]
        per_node_column = "PER_NODE" in header and header <= _COUNT_LABEL_TYPES  # "| Item | Model | Per node |"
        if unit is None and not labelled and "QUANTITY" not in header and not per_node_column:
            if count and header & SERVER_WORDS and header <= _COUNT_LABEL_TYPES \
                    and not header & {"CARD_UNIT", "PER_NODE"}:  # under a "Nodes" / "台数" column
                said.append(Said("nodes", count, span))
            elif count and "PORT" in header and not header & _NOT_SWITCH_PORTS:  # under "Fabric ports reserved"
                said.append(Said("fabric.switch_ports", count, span))
            continue
        head = [t for t in item_tokens if not in_brackets(text[item[0]:t.start])]  # "fabric (HCAs, switch ports)"
        path = _counted(head, context.keywords_in(*unit) if unit else [], count)  # counts the fabric, not its HCAs
        own = _said_per_node(context, item[0], start)
        if path in _PER_NODE_TOTALS and own is not None and own[0] != count:  # "… 100GbE, 1 per server | 2 |":
            said.append(Said(path, own[0], [own[1]]))  # its own count per server, and the quantity every server's
            path = _PER_NODE_TOTALS[path]
        if count and path:
            said.append(Said(path, count, span))
    return said


_PER_NODE_TOTALS = {"fabric.nics_per_node": "fabric.nics_total", "gpu.per_node": "gpu.total"}


def _said_per_node(context: Context, start: int, end: int) -> tuple[int, tuple[int, int]] | None:
    """A count said per node in the row's cells before its quantity ("RDMA (RoCE) - 1 per server", "每台 4 张") and
    its span, or None."""
    inside = context.keywords_in(start, end)
    for first, second in zip(inside, inside[1:]):
        count, unit = (first, second) if second.type == "PER_NODE" else (second, first)  # "1 per server", "每台 4 张"
        if count.type in ("NUMBER", "NUMBER_WORD", "NUMBER_ZH") and unit.type == "PER_NODE" \
                and second.start - first.end <= 1 and (number := as_count(count)):
            return number, (first.start, second.end)
    return None


def _counts_servers(label: list[Keyword]) -> bool:
    """Whether a row's label names servers in the plural (Nodes, Servers, 节点数量): a count times a make in its
    value cell counts them; a singular one ("Server | 8 × H100") names what holds the GPUs."""
    return any(t.type == "NODE_LABEL" or t.type == "NODE_UNIT" and t.value.lower() in _SERVERS for t in label) \
        and not any(t.type in ("CARD_UNIT", "PER_NODE", "NIC") for t in label)


def _opens_rate(context: Context, position: int) -> bool:
    """Whether a rate starts at a position ("Port speed | 400 Gb/s": no count of ports)."""
    token = context.following(position)
    return token is not None and token.start == position and token.type in _RATES


def _cell_count(context: Context, cells: list[tuple[int, int]], index: int) -> tuple[
        re.Match[str], tuple[int, int] | None] | None:
    """The count a cell holds and its unit's span: a bare number (its unit in the next cell, if any), a number and
    its unit alone ("6 张"), or a number that opens the cell before a per-node word ("8 per node, 80 GB each"), or
    follows a total in brackets before one ("32 (8 per server)")."""
    start, end = cells[index]
    match = _BARE_COUNT.fullmatch(context.text, start, end)
    if match is not None:
        return match, _unit_cell(context, cells, index)
    match = _BARE_COUNT.match(context.text, start, end)
    after = context.following(match.end()) if match else None
    if match is None or after is None or after.start >= end:
        return None
    if after.type in ("CARD_UNIT", "NODE_UNIT") and after.start == match.end() \
            and not context.text[after.end:end].strip():  # "| 6 张 |", "| 4 台 |": a count and its unit alone
        return match, (after.start, after.end)
    if after.type != "PER_NODE" or after.start != match.end():  # "32 (8 per server)": the total, then per node
        bracketed = _BRACKETED_COUNT.match(context.text, match.end(), end)
        after = context.following(bracketed.end()) if bracketed else None
        if bracketed is None or after is None or after.type != "PER_NODE" or after.start != bracketed.end():
            return None
        match = bracketed
    return match, (after.start, after.end)


def _unit_cell(context: Context, cells: list[tuple[int, int]], index: int) -> tuple[int, int] | None:
    """The next cell when it holds nothing but a unit ("张/台", "台", "nodes")."""
    if index + 1 >= len(cells):
        return None
    cell = cells[index + 1]
    return cell if _only_words(context, cell, _UNIT_TYPES) else None


def _only_words(context: Context, cell: tuple[int, int], kinds: frozenset[str]) -> bool:
    """Whether a cell holds keywords of ``kinds`` and nothing else (but spaces, slashes and brackets)."""
    inside = context.keywords_in(*cell)
    if not inside or any(t.type not in kinds for t in inside):
        return False
    words = _FILLER.sub("", context.text[cell[0]:cell[1]])
    return sum(len(_FILLER.sub("", t.value)) for t in inside) >= len(words)


def _counted(label: list[Keyword], unit: list[Keyword], count: int) -> str | None:
    """The fact a count of the row's item (named by its ``label`` cell) states, or None when the item is not
    counted here; ``unit``: the keywords of the count's unit cell."""
    item = {t.type for t in label}
    per_node = any(counts_per_node(t) for t in [*label, *unit])
    total = "TOTAL" in item
    if item & {"NIC", "NIC_MODEL"}:
        return "fabric.nics_per_node" if per_node or count <= PER_NODE_MAX and not (unit or total) \
            else "fabric.nics_total"
    if item & SERVER_WORDS and not per_node:  # "GPU server", "H100 整机", "节点数"
        return "nodes"
    if item & {"MODEL", "CARD_UNIT"}:
        return "gpu.per_node" if per_node or count <= PER_NODE_MAX and not total else "gpu.total"
    return None
