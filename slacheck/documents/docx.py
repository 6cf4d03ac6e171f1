"""Word files (.docx, python-docx): body paragraphs and tables in order, then headers and footers.

Places name what Word shows: ``paragraph 12`` (counting the body's paragraphs, empty ones too),
``table 1, row 2, cell 3`` (a merged cell once, at its first column) and ``header of section 1``.
Headers and footers are kept apart from the body, on a second page.  Paragraphs in a heading
style (``Heading 2``, ``标题 2``, ``Title``) are headings of that level.  A numbered paragraph (in the body
or a table cell) starts with its list number as Word shows it ("1.", "(2)", "一、"; see :mod:`.numbering`).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Callable

from slacheck.documents.blocks import Block, cell, layout, paragraph
from slacheck.documents.model import Budget, Document, DocumentError
from slacheck.documents.numbering import ListNumbers
from slacheck.documents.package import checked_package
from slacheck.documents.passages import assemble
from slacheck.regexes import regex

if TYPE_CHECKING:
    from docx.document import Document as WordDocument
    from docx.table import Table
    from docx.text.paragraph import Paragraph

_HEADING_STYLE = regex(r"(?:heading|标题)\s*(\d)", re.I)


def docx_document(data: bytes, path: str, sha: str, budget: Budget | None) -> Document:
    """Read a .docx file; DocumentError for a broken, encrypted or refused one."""
    checked_package(data, "docx", budget)
    import docx

    try:
        word = docx.Document(io.BytesIO(data))
    except Exception as error:
        raise DocumentError(f"corrupt .docx file ({type(error).__name__})") from None
    body = _body(word, _StyleNames(word), ListNumbers(word), budget)
    furniture = _furniture(word)
    pages = [layout(1, body)] + ([layout(2, furniture)] if furniture else [])
    if not any(page.texts for page in pages):
        raise DocumentError("no text in the .docx file")
    lines, passages = assemble(pages, pdf=False)
    return Document(path, "docx", len(pages), sha, None, lines, passages, ())


def _body(word: WordDocument, styles: _StyleNames, numbers: ListNumbers, budget: Budget | None) -> list[Block]:
    """The body's paragraphs and table rows, in document order."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    blocks: list[Block] = []
    paragraphs = tables = 0
    for child in word.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            paragraphs += 1
            found = _paragraph(Paragraph(child, word), f"paragraph {paragraphs}", styles.name, numbers)
            if found is not None:
                blocks.append(found)
        elif tag == "tbl":
            tables += 1
            blocks.extend(_rows(Table(child, word), f"table {tables}", numbers))
        if budget is not None:
            budget.check(f"reading paragraph {paragraphs}, table {tables}")
    return blocks


class _StyleNames:
    """Paragraph style names by style id, read once: python-docx's ``Paragraph.style`` looks the default
    style up anew for every paragraph, in time that grows with the number of styles."""

    def __init__(self, word: WordDocument) -> None:
        from docx.enum.style import WD_STYLE_TYPE

        self._names: dict[str, str] = {}
        for style in word.styles:
            if style.type == WD_STYLE_TYPE.PARAGRAPH:
                self._names.setdefault(style.style_id, style.name or "")
        default = word.styles.default(WD_STYLE_TYPE.PARAGRAPH)
        self._default = default.name or "" if default is not None else ""

    def name(self, item: Paragraph) -> str:
        """The name of the paragraph's style (its own, else the default paragraph style's; "" for none)."""
        style_id = item._p.style
        return self._names.get(style_id, self._default) if style_id else self._default


def _paragraph(item: Paragraph, place: str, style_of: Callable[[Paragraph], str],
               numbers: ListNumbers) -> Block | None:
    """A paragraph block after its list number, a heading when its style says so."""
    style = style_of(item)
    level = _HEADING_STYLE.match(style)
    heading = int(level.group(1)) if level else 1 if style == "Title" else 0
    number = numbers.label(item)
    return paragraph(number + item.text if item.text.strip() else "", place, heading=heading)


def _rows(table: Table, place: str, numbers: ListNumbers) -> list[Block]:
    """One block per table row, each cell's paragraphs after their list numbers; a cell merged across
    columns is read once."""
    blocks = []
    for r, row in enumerate(table.rows, start=1):
        cells, seen = [], set()
        for c, item in enumerate(row.cells, start=1):
            if id(item._tc) in seen:
                continue
            seen.add(id(item._tc))
            text = "\n".join(numbers.label(p) + p.text if p.text.strip() else p.text for p in item.paragraphs)
            cells.append(cell(text, f"{place}, row {r}, cell {c}"))
        blocks.append(Block(cells=tuple(cells)))
    return blocks


def _furniture(word: WordDocument) -> list[Block]:
    """The paragraphs of each section's own header and footer."""
    blocks: list[Block] = []
    for number, section in enumerate(word.sections, start=1):
        for part, name in ((section.header, "header"), (section.footer, "footer")):
            if part.is_linked_to_previous:
                continue
            for item in part.paragraphs:
                found = paragraph(item.text, f"{name} of section {number}")
                if found is not None:
                    blocks.append(found)
    return blocks
