"""The pdfium engine: pypdfium2's text for plain pages, pdfplumber for pages with ruled lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from slacheck.documents.model import DocumentError, Page
from slacheck.documents.pdf import PageResult
from slacheck.documents.text import text_lines

if TYPE_CHECKING:
    from slacheck.documents.pdf_plumber import PlumberReader


class PdfiumReader:
    """pypdfium2 over the file: the fast engine (pdfplumber only for pages with ruled lines)."""

    def __init__(self, data: bytes, password: str | None) -> None:
        import pypdfium2
        import pypdfium2.raw as pdfium_c

        self._data, self._password = data, password
        self._plumber: PlumberReader | None = None
        try:
            self._doc = pypdfium2.PdfDocument(data, password=password)
        except pypdfium2.PdfiumError as error:
            if getattr(error, "err_code", None) == pdfium_c.FPDF_ERR_PASSWORD:
                suffix = " (the one given is wrong)" if password else ""
                raise DocumentError(f"encrypted PDF: give --password{suffix}") from None
            raise DocumentError("corrupt or truncated PDF (pdfium could not open it)") from None

    def count(self) -> int:
        return len(self._doc)

    def text(self, index: int) -> str:
        """The text of page ``index`` ("" when pdfium cannot read it)."""
        try:
            page = self._doc[index]
            textpage = page.get_textpage()
            text: str = textpage.get_text_range()
            textpage.close()
            page.close()
        except Exception:
            return ""
        return text

    def results(self, start: int, max_pages: int) -> Iterator[PageResult]:
        """Each page from index ``start`` (the count was checked against ``max_pages`` already)."""
        import pypdfium2.raw as pdfium_c

        for index in range(start, len(self._doc)):
            try:
                page = self._doc[index]
                ruled = next(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=1), None) is not None
                page.close()
            except Exception:
                why = "could not be parsed (pdfium)"
                yield PageResult(index, Page(index + 1, [], [], [], set(), []), f"page {index + 1} {why}", why)
                continue
            if ruled:
                yield self._ruled(index)
                continue
            texts = text_lines(self.text(index))
            if texts:
                yield PageResult(index, Page(index + 1, texts, [None] * len(texts), [], set(), []))
            else:
                yield PageResult(index, Page(index + 1, [], [], [], set(), []), f"page {index + 1} has no text",
                                  "has no text")

    def _ruled(self, index: int) -> PageResult:
        """A page with ruled lines, read by pdfplumber for its tables."""
        from slacheck.documents.pdf_plumber import PlumberReader  # (which imports this module)

        try:
            if self._plumber is None:
                self._plumber = PlumberReader(self._data, self._password)
            page = self._plumber.page(index)
        except DocumentError as error:
            why = f"could not be parsed by pdfplumber ({error})"
            return PageResult(index, Page(index + 1, [], [], [], set(), []), f"page {index + 1} {why}", why)
        if page is None:
            why = "could not be parsed (pdfplumber does not find it in the page tree)"
            return PageResult(index, Page(index + 1, [], [], [], set(), []), f"page {index + 1} {why}", why)
        return self._plumber.read(page)
