"""Pages without a text layer read by OCR (``--ocr``; the extra ``pip install 'slacheck[ocr]'``).

RapidOCR (PP-OCR models for Chinese and English inside its wheel: nothing is downloaded) runs in
a child process (:mod:`slacheck.sandbox`) under :data:`OCR_HEADROOM` of extra memory, one page at a
time, each within the same share of the time budget as a PDF page.  The page is rendered with
pypdfium2 at :data:`DPI`; the boxes the engine finds are put in lines by their vertical centre, a
space is put back between two characters set apart by more than :data:`WORD_GAP` of the line's
height (the engine often drops them in Latin text), words still run together are split and look-alike
characters put right (:mod:`slacheck.documents.ocr_text`), and every line says it came from OCR and how
sure the engine was: ``p.2 l.5, OCR 97%``.
"""

from __future__ import annotations

import functools
import importlib.util
from dataclasses import dataclass
from statistics import mean, median
from typing import Any, Callable

from slacheck.documents.layout import cluster_lines
from slacheck.documents.model import Budget, DocumentError, Geo, Page
from slacheck.documents.pdf import OCR_HINT

DPI = 150
"""Resolution pages are rendered at for OCR."""
INK = 128
"""A pixel darker than this (0-255, mean of its channels) is ink."""
MIN_LINE_PX, MAX_LINE_PX, PAD_PX = 6, 80, 4
"""A band of ink rows this high (pixels at :data:`DPI`) may be a line of text; crops keep this margin."""
WORD_GAP = 0.3
"""A gap between two recognised characters wider than this share of the box height is a space."""
OCR_HEADROOM = 2 * 2**30
"""Address space (bytes) the OCR child may take beyond what it inherits (models, images, runtime)."""


@dataclass(frozen=True)
class Box:
    """One text box the engine found, in points from the page's top left."""

    x0: float
    top: float
    x1: float
    bottom: float
    text: str
    confidence: float


def available() -> bool:
    """Whether the OCR extra (the engine and its word list) is installed."""
    return all(importlib.util.find_spec(name) is not None for name in ("rapidocr_onnxruntime", "wordninja"))


def ocr_pages(data: bytes, password: str | None, indices: list[int], page_seconds: float | None,
              budget: Budget | None) -> dict[int, tuple[Page, str]]:
    """Page index -> (its lines from OCR, a warning) for each of ``indices``; a page over its time or
    memory gives no lines and says so; the budget running out is TimeBudgetExceeded."""
    from slacheck.sandbox import Child, ChildEnded, ChildLate

    if not available():
        raise DocumentError(f"--ocr needs the OCR engine: {OCR_HINT}")
    read: dict[int, tuple[Page, str]] = {}
    left = list(indices)
    while left:
        with Child(functools.partial(_ocr_work, data, password, left), OCR_HEADROOM) as child:
            while left:
                index = left.pop(0)
                wait = page_seconds if budget is None else min(page_seconds or budget.seconds, budget.remaining())
                try:
                    message = child.receive(wait)
                except (ChildLate, ChildEnded) as stop:
                    if isinstance(stop, ChildLate) and budget is not None and budget.remaining() <= 0:
                        raise budget.exceeded(f"reading page {index + 1} by OCR") from None
                    why = (f"OCR took over {wait:g} s" if isinstance(stop, ChildLate)
                           else f"OCR ran out of memory ({OCR_HEADROOM >> 20} MB) or crashed")
                    read[index] = (Page(index + 1, [], [], [], set(), []), f"page {index + 1} skipped: {why}")
                    break
                if isinstance(message, str):
                    raise DocumentError(message)
                width, boxes = message
                page = _page(index + 1, width, boxes)
                confidence = 100 * mean(b.confidence for b in boxes) if boxes else 0.0
                read[index] = (page, f"page {index + 1} read by OCR ({len(page.texts)} lines, mean confidence "
                                     f"{confidence:.0f}%)" if page.texts else f"page {index + 1}: OCR found no text")
    return read


def _ocr_work(data: bytes, password: str | None, indices: list[int], send: Callable[[Any], None]) -> None:
    """In the OCR child: (page width, list of Box) for each page of ``indices``, in order; or an error message."""
    import pypdfium2
    from rapidocr_onnxruntime import RapidOCR

    from slacheck.documents.ocr_text import mend

    try:
        document = pypdfium2.PdfDocument(data, password=password)
    except pypdfium2.PdfiumError:
        send("the PDF could not be opened for OCR")
        return
    engine = RapidOCR()
    scale = DPI / 72
    for index in indices:
        page = document[index]
        image = page.render(scale=scale).to_numpy()
        found, _ = engine(image, return_word_box=True)
        boxes = []
        for quad, text, confidence, *chars in found or []:
            xs, ys = [p[0] for p in quad], [p[1] for p in quad]
            words = mend(_spaced(text, chars[0] if chars else [], max(ys) - min(ys)))
            boxes.append(Box(min(xs) / scale, min(ys) / scale, max(xs) / scale, max(ys) / scale, words,
                             float(confidence)))
        boxes.extend(Box(x0 / scale, top / scale, x1 / scale, bottom / scale, mend(text), confidence)
                     for x0, top, x1, bottom, text, confidence in _missed_lines(image, found or [], engine))
        send((page.get_width(), boxes))


def _missed_lines(image: Any, found: list[Any], engine: Any) -> list[tuple[int, int, int, int, str, float]]:
    """Lines of ink the detector found no box on, each recognised on its own (pixels).

    The detector sometimes takes two close lines for one and keeps only one of them; a band of dark
    rows with no box centre in it is such a line, and the recogniser reads it well alone.
    """
    import numpy

    dark = image.mean(axis=2) < INK
    rows = numpy.flatnonzero(numpy.diff(numpy.concatenate(([0], dark.any(axis=1).astype(int), [0]))))
    centres = [(quad[0][1] + quad[2][1]) / 2 for quad, *_ in found]
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2]):
        if not MIN_LINE_PX <= bottom - top <= MAX_LINE_PX or any(top <= c <= bottom for c in centres):
            continue
        columns = numpy.flatnonzero(dark[top:bottom].any(axis=0))
        x0, x1 = int(columns[0]), int(columns[-1]) + 1
        crop = image[max(0, top - PAD_PX):bottom + PAD_PX, max(0, x0 - PAD_PX):x1 + PAD_PX]
        read, _ = engine(crop, use_det=False, use_cls=False, use_rec=True)
        for text, confidence in read or []:
            if text.strip():
                lines.append((x0, int(top), x1, int(bottom), text, float(confidence)))
    return lines


def _spaced(text: str, chars: list[list[list[float]]], height: float) -> str:
    """``text`` with a space put back wherever two recognised characters stand apart."""
    if not chars or len(chars) != len(text):
        return text
    out = [text[0]]
    for k in range(1, len(text)):
        gap = min(p[0] for p in chars[k]) - max(p[0] for p in chars[k - 1])
        if gap > WORD_GAP * height and " " not in (text[k], out[-1]):
            out.append(" ")
        out.append(text[k])
    return "".join(out)


def _page(number: int, width: float, boxes: list[Box]) -> Page:
    """The page's lines: boxes grouped by vertical centre, left to right, joined by a space."""
    page = Page(number, [], [], [], set(), [], width)
    chars = [{"top": b.top, "bottom": b.bottom, "x0": b.x0, "text": b.text, "box": b} for b in boxes if b.text.strip()]
    for line in cluster_lines(chars):
        row = [c["box"] for c in sorted(line, key=lambda c: c["x0"])]
        text = " ".join(b.text.strip() for b in row)
        first = text.split(" ", 1)[0]
        width = row[0].x1 - row[0].x0
        page.texts.append(text)
        page.geometry.append(Geo(row[0].x0, row[-1].x1, median(b.bottom - b.top for b in row),
                                 width * len(first) / max(len(row[0].text), 1)))
        page.places.append(f"p.{number} l.{len(page.texts)}, OCR {100 * min(b.confidence for b in row):.0f}%")
    return page
