"""PDF files, read in a child process (:mod:`slacheck.sandbox`) under an address-space limit and,
with a time budget, a deadline per page; a page past a limit is skipped with a warning naming it,
and the pages are built one by one after the declared page count was checked against the limit.

The pages come from :mod:`slacheck.documents.pdf_plumber` (layout from characters) or
:mod:`slacheck.documents.pdf_pdfium` (pypdfium2's text, pdfplumber for ruled pages)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

from slacheck.documents.markdown import markdown_table
from slacheck.documents.model import Budget, Document, DocumentError, Page
from slacheck.documents.passages import assemble
from slacheck.documents.text import aligned_tables

OCR_HINT = "pip install 'slacheck[ocr]'"
"""How to get the OCR engine (named where a page has no text layer)."""

if TYPE_CHECKING:
    from slacheck.sandbox import Child


def _with_text_tables(page: Page) -> Page:
    """A page with the tables its text draws on lines no ruled table holds: pipe tables (a Markdown
    table printed to PDF, its rows wrapped at the page's width) and tab-separated ones (a tab the
    font could not draw is kept by pdf_notdef)."""
    free = [t if k not in page.reserved else "" for k, t in enumerate(page.texts)]
    piped, used = markdown_table(free, wrapped=True)
    tabbed, tab_lines = aligned_tables(free, used)
    if not piped and not tabbed:
        return page
    return replace(page, table_rows=page.table_rows + piped + tabbed, reserved=page.reserved | used | tab_lines)


PDF_HEADROOM = 320 * 2**20
"""Address space (bytes) the PDF reader's child process may take beyond what it inherits."""
_PAGE_SHARE = 4
"""One page may take at most 1/_PAGE_SHARE of the time budget; a slower page is skipped."""


@dataclass(frozen=True)
class PageResult:
    """One page as the reader child sends it."""

    index: int  # 0-based
    page: Page
    warning: str = ""  # "" when the page was read normally
    why: str = ""  # why it gave no text ("could not be parsed (...)", "has no text", "skipped: ...")


def pdf_document(data: bytes, path: str, sha: str, password: str | None, max_pages: int,
                  engine: str = "pdfplumber", budget: Budget | None = None, ocr: bool = False) -> Document:
    if b"%PDF-" not in data[:1024]:
        raise DocumentError("not a PDF file (no %PDF header)")
    results = _read_pdf(data, password, max_pages, engine, budget)
    if ocr:
        results = _with_ocr(data, password, results, budget)
    pages = [r.page for r in results]
    if not any(p.texts for p in pages):
        if all(r.why.startswith("could not be parsed") for r in results):
            raise DocumentError("corrupt PDF: no page could be parsed")
        skipped = [r.warning for r in results if r.why.startswith("skipped")]
        if skipped:
            raise DocumentError(f"no page could be read: {skipped[0]}")
        raise DocumentError(f"no text layer (scanned?): read it with --ocr (needs {OCR_HINT})")
    if budget is not None:
        budget.check("joining lines into passages")
    lines, passages = assemble([_with_text_tables(page) for page in pages], pdf=True)
    return Document(path, "pdf", len(pages), sha, None, lines, passages,
                    tuple(r.warning for r in results if r.warning))


def _with_ocr(data: bytes, password: str | None, results: list[PageResult],
              budget: Budget | None) -> list[PageResult]:
    """The results with each page that has no text (layer) read by OCR instead."""
    from slacheck.documents.ocr import ocr_pages

    blank = [r.index for r in results if not r.page.texts and r.why.startswith("has no text")]
    if not blank:
        return results
    page_seconds = budget.seconds / _PAGE_SHARE if budget is not None else None
    read = ocr_pages(data, password, blank, page_seconds, budget)
    return [PageResult(r.index, *read[r.index], why="" if read[r.index][0].texts else r.why) if r.index in read
            else r for r in results]


def _read_pdf(data: bytes, password: str | None, max_pages: int, engine: str,
              budget: Budget | None) -> list[PageResult]:
    """Every page, read in a child process (see :mod:`slacheck.sandbox`) under a memory limit and,
    with a budget, a time limit per page.  A page that hits a limit is skipped with a warning and a
    new child goes on from the next page; the budget running out, or a file that cannot even be
    opened within the limits, is a DocumentError."""
    from slacheck.sandbox import Child

    _import_pdf_libraries()
    results: list[PageResult] = []
    count: int | None = None
    while True:
        start = len(results)
        with Child(functools.partial(_pdf_work, data, password, max_pages, engine, start), PDF_HEADROOM) as child:
            opened = False
            while True:
                where = (f"reading page {len(results) + 1}" + (f" of {count}" if count else "")
                         if opened or start else "opening the PDF")
                message = _next_message(child, budget, where)
                if isinstance(message, str):
                    if not opened:
                        raise DocumentError(f"PDF could not be opened: {message}")
                    results.append(PageResult(len(results), Page(len(results) + 1, [], [], [], set(), []),
                                               f"page {len(results) + 1} skipped: {message}", "skipped"))
                    break
                kind, value = message
                if kind == "error":
                    raise DocumentError(value)
                if kind == "done" or (kind == "open" and start and value is not None and start >= value):
                    if not results:  # (after a skipped page, a tree that loops may never say "done")
                        raise DocumentError("PDF has no pages")
                    return results
                if kind == "open":
                    opened, count = True, value
                else:
                    results.append(value)


def _next_message(child: Child, budget: Budget | None, where: str) -> tuple[str, Any] | str:
    """The reader child's next message, or why it stopped (a page over its time or memory limit);
    TimeBudgetExceeded when the document's budget runs out first."""
    from slacheck.sandbox import ChildEnded, ChildLate

    page_seconds = budget.seconds / _PAGE_SHARE if budget is not None else None
    wait = min(page_seconds, budget.remaining()) if budget is not None and page_seconds is not None else None
    try:
        message: tuple[str, Any] = child.receive(wait)
        return message
    except ChildLate:
        if budget is not None and page_seconds is not None and wait is not None and wait < page_seconds:
            raise budget.exceeded(where) from None
        return f"not read within {page_seconds:g} s (1/{_PAGE_SHARE} of --time-budget)"
    except ChildEnded:
        return f"the PDF reader ran out of memory ({PDF_HEADROOM >> 20} MB) or crashed"


def _import_pdf_libraries() -> None:
    """Import the PDF libraries before forking, so that each child does not import them again."""
    import pdfplumber  # noqa: F401
    import pypdfium2  # noqa: F401


def _pdf_work(data: bytes, password: str | None, max_pages: int, engine: str, start: int,
              send: Callable[[tuple[str, object]], None]) -> None:
    """In the reader child: send ("open", declared page count), a ("page", PageResult) for each
    page from ``start``, then ("done", None); or ("error", message)."""
    from slacheck.documents.pdf_pdfium import PdfiumReader  # (the engines import this module)
    from slacheck.documents.pdf_plumber import PlumberReader

    try:
        reader: PdfiumReader | PlumberReader
        reader = PdfiumReader(data, password) if engine == "pdfium" else PlumberReader(data, password)
        count = reader.count()
        if count is not None and count > max_pages:
            raise DocumentError(f"too many pages: {count} > {max_pages}")
        send(("open", count))
        for result in reader.results(start, max_pages):
            send(("page", result))
        send(("done", None))
    except DocumentError as error:
        send(("error", str(error)))
