"""Counts a table gives in a cell of their own: "计算网卡 | ConnectX-7 | 8 | 张/台", "GPU server | ... | Qty 1".

A bare number in a row is a count of the row's item when the next cell is its unit (张/台, 台, nodes)
or its column is headed 数量 / Qty. What it counts is the row's item: NICs, GPUs or servers.
"""

from __future__ import annotations

import re

from slacheck.extract.context import Context, Said, counts_per_node
from slacheck.extract.lexer import Keyword
from slacheck.extract.structure import cell_spans, first_worded_cell
from slacheck.regexes import regex

_BARE_COUNT = regex(r"\s*(\d{1,4})\s*")
_UNIT_TYPES = frozenset({"CARD_UNIT", "NODE_UNIT", "PRICE_UNIT", "PER_NODE"})
PER_NODE_MAX = 16
"""Most GPUs or NICs one server holds: a larger count with no per-node unit is the whole cluster's."""


def row_counts(context: Context) -> list[Said]:
    """Counts of a table row's item said as a bare number in a cell of its own."""
    text = context.text
    cells = cell_spans(text)
    item = first_worded_cell(text)
    if item is None:
        return []
    item_types = {t.type for t in context.keywords_in(*item)}
    said: list[Said] = []
    for index, (start, end) in enumerate(cells):
        match = _BARE_COUNT.fullmatch(text, start, end)
        if match is None or start < item[1]:
            continue
        unit = _unit_cell(context, cells, index)
        if unit is None and "QUANTITY" not in context.header_types(start):
            continue
        count = int(match.group(1))
        span = [(match.start(1), unit[1] if unit else match.end(1))]
        path = _counted(item_types, context.keywords_in(*unit) if unit else [], count)
        if count and path:
            said.append(Said(path, count, span))
    return said


def _unit_cell(context: Context, cells: list[tuple[int, int]], index: int) -> tuple[int, int] | None:
    """The next cell when it holds nothing but a unit ("张/台", "台", "nodes")."""
    if index + 1 >= len(cells):
        return None
    start, end = cells[index + 1]
    inside = context.keywords_in(start, end)
    words = re.sub(r"[\s/]", "", context.text[start:end])
    covered = sum(len(re.sub(r"[\s/]", "", t.value)) for t in inside)
    if not inside or any(t.type not in _UNIT_TYPES for t in inside) or covered < len(words):
        return None
    return start, end


def _counted(item: set[str], unit: list[Keyword], count: int) -> str | None:
    """The fact a count of the row's item states, or None when the item is not counted here."""
    per_node = any(counts_per_node(t) for t in unit)
    if item & {"NIC", "NIC_MODEL"}:
        return "fabric.nics_per_node" if per_node or count <= PER_NODE_MAX and not unit else "fabric.nics_total"
    if "NODE_UNIT" in item and not per_node:  # "GPU server", "H100 整机"
        return "nodes"
    if item & {"MODEL", "CARD_UNIT"}:
        return "gpu.per_node" if per_node or count <= PER_NODE_MAX else "gpu.total"
    return None
