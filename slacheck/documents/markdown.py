"""Markdown pipe tables: the rows of GFM tables and of lines that start with a pipe, and tables drawn with
box-drawing characters ("│ 项目 │ 方案一 │" between "├────┼────┤" rules), whose bars are pipes."""

from __future__ import annotations

import re

from slacheck.documents.model import Run
from slacheck.regexes import regex

PIPES = "|\u2502\u2503\u2551"
"""A Markdown pipe, and the vertical bars of box drawing (light, heavy, double)."""
_BOX_DRAWING = frozenset(map(chr, range(0x2500, 0x2580)))
_BOX_RULE = _BOX_DRAWING | {" ", "\u3000"}
"""What a rule drawn between the rows of a box-drawn table holds."""
_GRID_RULE = frozenset("+-=: ")
"""What a grid table's rule holds (reStructuredText, ASCII quotes)."""


def _pipes(text: str) -> list[int]:
    return [i for i, ch in enumerate(text) if ch in PIPES and (i == 0 or text[i - 1] != "\\")]


_PIPE = regex(f"[{re.escape(PIPES)}]")


def _has_pipe(text: str) -> bool:
    return _PIPE.search(text) is not None


def _is_table_separator(text: str) -> bool:
    """A GFM header rule ("|---|:--|"), a rule drawn in box-drawing characters ("├────┼────┤"), or a grid table's
    rule drawn with plus signs ("+-----+-----+", "+=====+=====+" under its header)."""
    st = text.strip()
    if st and st[0] in _BOX_DRAWING and set(st) <= _BOX_RULE:
        return True
    if st.startswith("+") and st.endswith("+") and len(st) > 2 and set(st) <= _GRID_RULE:
        return True
    return "|" in st and "-" in st and set(st) <= set("|-: \t")


PIPE_ROW_INDENT = 3
"""Most spaces before a pipe table's row (Markdown's limit): a pipe further in, under a plain-text table's first
column, marks a wrapped cell of the row above."""


def markdown_table(texts: list[str], *, wrapped: bool = False) -> tuple[list[list[list[Run]]], set[int]]:
    """Pipe-table rows (one run per non-empty cell) and the lines they and separators use.

    ``wrapped``: lines were wrapped at a page's width (a pipe table printed to PDF), so a row that
    starts with a pipe but does not end with one goes on in the next line.
    """
    separators = {i for i, t in enumerate(texts) if _is_table_separator(t)}
    row_lines: set[int] = set()
    for i, t in enumerate(texts):
        if i in separators or not _has_pipe(t):
            continue
        if i + 1 in separators:  # a GFM header: the rows run until a line without a pipe
            row_lines.add(i)
            j = i + 2
            while j < len(texts) and _has_pipe(texts[j]) and texts[j].strip() and j not in separators:
                row_lines.add(j)
                j += 1
        elif t.lstrip().startswith(tuple(PIPES)) and len(t) - len(t.lstrip()) <= PIPE_ROW_INDENT \
                and len(_pipes(t)) >= 2:
            row_lines.add(i)
    continued = _continuations(texts, row_lines) if wrapped else set()
    return _rows(texts, row_lines, continued, separators), row_lines | separators | continued


def _rows(texts: list[str], row_lines: set[int], continued: set[int], separators: set[int]) -> list[list[list[Run]]]:
    """The rows of a table's lines, each with the lines that go on with it: a wrapped tail, a cell that goes on
    below a blank first cell."""
    rows: list[list[list[Run]]] = []
    opens_with_pipe = False  # the row above opens with a pipe, as a GFM table's rows do
    grid = any(texts[i].lstrip().startswith("+") for i in separators)  # rows ruled off by "+----+" lines
    for i in sorted(row_lines | continued):
        cells = _cells(texts[i], i)
        if i in continued and rows:  # the wrapped tail of the row above: its first cell ends that row's last
            rows[-1][-1] = rows[-1][-1] + cells[0]
            rows[-1].extend(cells[1:])
        elif rows and not opens_with_pipe and texts[i][:1].isspace() and texts[i].lstrip().startswith(tuple(PIPES)):
            for column, runs in enumerate(cells, start=1):  # "Term   | Definition" over a definition that goes on
                if column < len(rows[-1]):  # below its first cell, left blank ("         | ConnectX-7 …")
                    rows[-1][column] = rows[-1][column] + runs
        elif rows and grid and i - 1 not in separators and not cells[0] and len(cells) == len(rows[-1]):
            for column, runs in enumerate(cells):  # a grid table's cell that goes on in the line below
                rows[-1][column] = rows[-1][column] + runs
        else:
            rows.append(cells)
            opens_with_pipe = texts[i].lstrip().startswith(tuple(PIPES)) and not texts[i][:1].isspace()
    return rows


def _continuations(texts: list[str], row_lines: set[int]) -> set[int]:
    """Lines that go on with a wrapped row: after a row line that opens with a pipe and does not close
    with one, every line up to the one that closes it."""
    continued: set[int] = set()
    for i in sorted(row_lines):
        j = i
        while texts[j].lstrip().startswith("|") or j in continued:
            if texts[j].rstrip().endswith("|") or j + 1 >= len(texts) or not texts[j + 1].strip() \
                    or texts[j + 1].lstrip().startswith("|") or _is_table_separator(texts[j + 1]):
                break
            j += 1
            continued.add(j)
    return continued


def _cells(t: str, i: int) -> list[list[Run]]:
    """The cells of one pipe-table line: one run each, none for an empty cell."""
    lo = len(t) - len(t.lstrip())
    hi = len(t.rstrip())
    bounds = [b for b in _pipes(t) if lo <= b < hi]
    if not bounds or bounds[0] != lo:
        bounds.insert(0, lo - 1)
    if bounds[-1] != hi - 1 or len(bounds) == 1:
        bounds.append(hi)
    cells = []
    for a, b in zip(bounds, bounds[1:]):
        cell = t[a + 1 : b]
        cs = a + 1 + len(cell) - len(cell.lstrip())
        ce = a + 1 + len(cell.rstrip())
        cells.append([(i, cs, ce)] if ce > cs else [])
    return cells
