"""The marked-up PDF (``--annotate OUT.pdf``): the original with every quote of every finding highlighted.

Each quote's characters are found again with the same layout the reader used
(:func:`slacheck.documents.layout.laid_out`: its page, line and columns name the characters), and a
highlight over them carries a note: the rule and its title, the message and the fix, in the
report's language.  A finding without a quote (a term the document leaves out) is a note at the
top of page 1; a quote whose characters cannot be found again (a page read with pdfium's text) is a
note at the top of its page.  The original file is only read; the copy is written beside ``OUT``
and renamed over it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from slacheck.model import Finding
from slacheck.offering import Evidence
from slacheck.report.messages import words
from slacheck.report.model import Report

if TYPE_CHECKING:
    from pypdf import PdfWriter
    from pypdf.generic import DictionaryObject

HIGHLIGHT = "ffe14d"
"""Colour of the highlights (a marker's yellow)."""
NOTE_SIZE = 18.0
"""Side of a note's icon, points."""


def note(finding: Finding, language: str) -> str:
    """The text of a finding's note: rule and title, message, fix."""
    return f"{finding.rule} {finding.title}\n{finding.message}\n{words(language)['fix']}: {finding.fix}"


def annotate(source: str | Path, report: Report, out: str | Path) -> int:
    """Write ``out``: ``source`` with the report's findings marked on it; the number of marks."""
    import pdfplumber
    from pypdf import PdfWriter

    from slacheck.documents.layout import laid_out

    writer = PdfWriter(clone_from=str(source))
    quotes: dict[int, list[tuple[Finding, Evidence]]] = {}
    marks = 0
    for finding in report.findings:
        found = [e for e in finding.evidence if e.role == "quote" and e.text.strip()]
        for evidence in found:
            quotes.setdefault(evidence.page, []).append((finding, evidence))
        if not found:
            _note(writer, 1, marks, finding, report.language)
            marks += 1
    with pdfplumber.open(str(source)) as pdf:
        for number, items in sorted(quotes.items()):
            if not 1 <= number <= len(pdf.pages):
                continue
            _, placed = laid_out(pdf.pages[number - 1], number)
            unplaced = marks if number == 1 else 0
            for finding, evidence in items:
                box = _box(placed, evidence)
                if box is None:
                    _note(writer, number, unplaced, finding, report.language)
                    unplaced += 1
                else:
                    _highlight(writer, number, box, finding, report.language)
                marks += 1
    _write(writer, Path(out))
    return marks


def _box(placed: list[list[tuple[dict, int, int]]], evidence: Evidence) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) in PDF space around the quote's characters; None when they are not there."""
    if not 1 <= evidence.line <= len(placed):
        return None
    start = evidence.column - 1
    end = start + len(evidence.text)
    chars = [c for c, lo, hi in placed[evidence.line - 1] if lo >= start and hi <= end]
    if "".join(c["text"] for c in chars).replace(" ", "") != evidence.text.replace(" ", "") or not chars:
        return None
    return (min(c["x0"] for c in chars), min(c["y0"] for c in chars),
            max(c["x1"] for c in chars), max(c["y1"] for c in chars))


def _highlight(writer: PdfWriter, number: int, box: tuple[float, float, float, float], finding: Finding,
               language: str) -> None:
    from pypdf.annotations import Highlight
    from pypdf.generic import ArrayObject, FloatObject

    page = writer.pages[number - 1]
    left, bottom = float(page.mediabox.left), float(page.mediabox.bottom)
    x0, y0, x1, y1 = box[0] + left, box[1] + bottom, box[2] + left, box[3] + bottom
    mark = Highlight(rect=(x0, y0, x1, y1), highlight_color=HIGHLIGHT,
                     quad_points=ArrayObject(FloatObject(v) for v in (x0, y1, x1, y1, x0, y0, x1, y0)))
    _say(mark, finding, language)
    writer.add_annotation(page_number=number - 1, annotation=mark)


def _note(writer: PdfWriter, number: int, index: int, finding: Finding, language: str) -> None:
    """A note icon at the top left of page ``number``, the ``index``-th in a row."""
    from pypdf.annotations import Text

    page = writer.pages[number - 1]
    left, top = float(page.mediabox.left), float(page.mediabox.top)
    x = left + 6 + (index % 20) * (NOTE_SIZE + 4)
    y = top - 6 - (index // 20 + 1) * (NOTE_SIZE + 4)
    mark = Text(rect=(x, y, x + NOTE_SIZE, y + NOTE_SIZE), text=note(finding, language))
    _say(mark, finding, language)
    writer.add_annotation(page_number=number - 1, annotation=mark)


def _say(mark: DictionaryObject, finding: Finding, language: str) -> None:
    """Put the finding's note, its rule (as the author) and its title (as the subject) on a mark."""
    from pypdf.generic import NameObject, TextStringObject

    mark[NameObject("/Contents")] = TextStringObject(note(finding, language))
    mark[NameObject("/T")] = TextStringObject(finding.rule)
    mark[NameObject("/Subj")] = TextStringObject(finding.title)


def _write(writer: PdfWriter, out: Path) -> None:
    """Write the PDF to a temporary file beside ``out`` and rename it over ``out``."""
    fd, temporary = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            writer.write(handle)
        os.replace(temporary, out)
    except BaseException:
        os.unlink(temporary)
        raise
