"""Excel files (.xlsx, openpyxl in read-only mode): every visible sheet, one page each.

A row with two or more filled cells is a table row (its sheet's header row names the columns,
as in any table); a row with one is a paragraph.  Formulas are read as the values Excel cached;
a percentage format is shown as a percentage.  A range merged across rows gives each row the
top-left cell's text (a merged "备注" beside three rows belongs to all three); merged across
columns, the text is read once.  Each cell's place is ``Sheet!B7`` (of the top-left cell when merged).
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from typing import TYPE_CHECKING, Any

from slacheck.documents.blocks import Block, cell, layout, paragraph
from slacheck.documents.model import Budget, Document, DocumentError, Page
from slacheck.documents.package import checked_package
from slacheck.documents.passages import assemble

if TYPE_CHECKING:
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

_MERGE = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]{1,3})(\d{1,7}):[A-Z]{1,3}(\d{1,7})"')
MAX_COLUMNS = 256
"""Columns read per row (a stray cell in column XFD does not make every row 16,384 cells)."""
MAX_MERGED_ROWS = 10_000
"""Rows a merged range gives its text to."""


def xlsx_document(data: bytes, path: str, sha: str, budget: Budget | None) -> Document:
    """Read a .xlsx file; DocumentError for a broken, encrypted or refused one."""
    package = checked_package(data, "xlsx", budget)
    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:
        raise DocumentError(f"corrupt .xlsx file ({type(error).__name__})") from None
    pages: list[Page] = []
    try:
        for sheet in book.worksheets:
            if sheet.sheet_state == "visible":
                pages.append(layout(len(pages) + 1, _blocks(sheet, _merged(package, sheet), budget)))
    except DocumentError:
        raise
    except Exception as error:
        raise DocumentError(f"corrupt .xlsx file ({type(error).__name__})") from None
    finally:
        book.close()
    if not any(page.texts for page in pages):
        raise DocumentError("no text in the visible sheets of the .xlsx file")
    lines, passages = assemble(pages, pdf=False)
    return Document(path, "xlsx", len(pages), sha, None, lines, passages, ())


def _blocks(sheet: ReadOnlyWorksheet, merged: dict[tuple[int, int], tuple[int, int]],
            budget: Budget | None) -> list[Block]:
    """A sheet's rows as table rows (two or more filled cells) or paragraphs (one)."""
    from openpyxl.utils import get_column_letter

    title = sheet.title if re.fullmatch(r"\w+", sheet.title) else "'" + sheet.title.replace("'", "''") + "'"
    values, rows = _filled(sheet, budget)
    blocks: list[Block] = []
    for number, filled in rows:
        columns = dict(filled)
        origin = {column: (number, column) for column in columns}
        for (row, column), top_left in merged.items():
            if row == number and column not in columns and top_left in values:
                columns[column], origin[column] = values[top_left], top_left
        places = {column: f"{title}!{get_column_letter(left)}{top}" for column, (top, left) in origin.items()}
        ordered = sorted(columns.items())
        if len(ordered) == 1:
            found = paragraph(ordered[0][1], places[ordered[0][0]])
            if found is not None:
                blocks.append(found)
        else:
            blocks.append(Block(cells=tuple(cell(text, places[column]) for column, text in ordered)))
    return blocks


def _filled(sheet: ReadOnlyWorksheet, budget: Budget | None
            ) -> tuple[dict[tuple[int, int], str], list[tuple[int, list[tuple[int, str]]]]]:
    """The shown text of every filled cell by (row, column), and each row that has one with its filled cells."""
    sheet.reset_dimensions()  # a false <dimension> must not make rows up
    values: dict[tuple[int, int], str] = {}
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    for count, row in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS)):
        if budget is not None and count % 256 == 0:
            budget.check(f"reading sheet {sheet.title}")
        filled = []
        for item in row:
            text = _shown(item) if getattr(item, "column", None) else ""
            if text:
                values[item.row, item.column] = text
                filled.append((item.column, text))
        if filled:
            rows.append((row[0].row, filled))
    return values, rows


def _merged(package: zipfile.ZipFile, sheet: ReadOnlyWorksheet) -> dict[tuple[int, int], tuple[int, int]]:
    """The first-column cells below the first row of a range merged across rows -> its top-left cell."""
    from openpyxl.utils import column_index_from_string

    part = getattr(sheet, "_worksheet_path", None)  # (read-only sheets do not parse <mergeCells>)
    if part is None:
        return {}
    merged: dict[tuple[int, int], tuple[int, int]] = {}
    with package.open(part.lstrip("/")) as source:
        for first, top, bottom in _MERGE.findall(source.read()):
            left = column_index_from_string(first.decode())
            for row in range(int(top) + 1, min(int(bottom), int(top) + MAX_MERGED_ROWS) + 1):
                merged[row, left] = (int(top), left)
    return merged


def _shown(item: Any) -> str:
    """A cell's value as Excel shows it, near enough: whole numbers without ".0", percentages with "%"."""
    value = item.value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        if "%" in (item.number_format or ""):
            return f"{value * 100:.10g}%"
        return str(int(value)) if float(value).is_integer() else f"{value:.10g}"
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat(sep=" ")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value).strip()
