"""Paragraphs and table rows read from structured files (Word, Excel, HTML) laid out as a page.

Each paragraph line and each table cell becomes a line of the page with a place a person can find
(``paragraph 12``, ``table 1, row 2, cell 3``, ``Sheet1!B7``); a blank line keeps two blocks from
being joined as wrapped lines; a cell's lines are runs of its row, as in a Markdown table.
"""

from __future__ import annotations

from dataclasses import dataclass

from slacheck.documents.model import Page, Run


@dataclass(frozen=True)
class Cell:
    """One table cell: its lines and where it is."""

    lines: tuple[str, ...]
    place: str


@dataclass(frozen=True)
class Block:
    """A paragraph (``cells`` empty) or a table row."""

    lines: tuple[str, ...] = ()
    place: str = ""
    cells: tuple[Cell, ...] = ()
    heading: int = 0  # outline level of a heading paragraph (0: not a heading)
    quoted: bool = False  # inside a quotation (an e-mail's earlier message)


def paragraph(text: str, place: str, *, heading: int = 0, quoted: bool = False) -> Block | None:
    """A paragraph block of the lines of ``text`` (None when it holds no text)."""
    lines = tuple(line.strip() for line in text.splitlines() if line.strip())
    return Block(lines, place, heading=heading, quoted=quoted) if lines else None


def cell(text: str, place: str) -> Cell:
    """A cell of the lines of ``text`` (blank lines dropped)."""
    return Cell(tuple(line.strip() for line in text.splitlines() if line.strip()), place)


def layout(number: int, blocks: list[Block]) -> Page:
    """The page of ``blocks``: their lines, each line's place, table rows and heading marks."""
    page = Page(number, [], [], [], set(), [])
    for block in blocks:
        if page.texts:
            _add(page, "", "")
        if block.cells:
            row: list[list[Run]] = []
            for item in block.cells:
                runs = []
                for text in item.lines:
                    runs.append((len(page.texts), 0, len(text)))
                    page.reserved.add(len(page.texts))
                    _add(page, text, item.place)
                row.append(runs)
            if any(row):
                page.table_rows.append(row)
            continue
        if block.heading:
            page.marks[len(page.texts)] = "#" * min(block.heading, 6) + " "
        for text in block.lines:
            _add(page, text, block.place)
    return page


def _add(page: Page, text: str, place: str) -> None:
    page.texts.append(text)
    page.geometry.append(None)
    page.places.append(place)


def as_text(blocks: list[Block]) -> list[str]:
    """The blocks as plain-text lines, as a mail reader shows them: quoted lines after "> ",
    headings after "#", rows as pipe-table rows, a blank line between blocks (not between rows)."""
    lines: list[str] = []
    for k, block in enumerate(blocks):
        if lines and not (block.cells and blocks[k - 1].cells):
            lines.append("")
        prefix = "> " if block.quoted else ""
        if block.cells:
            lines.append(prefix + "| " + " | ".join(" ".join(item.lines) for item in block.cells) + " |")
            continue
        head = "#" * min(block.heading, 6) + " " if block.heading else ""
        lines.extend(prefix + (head if k == 0 else "") + text for k, text in enumerate(block.lines))
    return lines
