"""The pdfplumber engine: every page laid out from its characters (:mod:`slacheck.documents.layout`).

A page without usable chars is checked with pypdfium2: if pdfium finds text (a font pdfminer
cannot decode) its text is used for that page, with a warning; otherwise the page is reported as
image-only or empty."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Iterator

from slacheck.documents import pdf
from slacheck.documents.layout import read_page
from slacheck.documents.model import DocumentError, Page
from slacheck.documents.pdf import PageResult
from slacheck.documents.pdf_notdef import keep_unmapped_codes
from slacheck.documents.pdf_pdfium import PdfiumReader
from slacheck.documents.text import text_lines

if TYPE_CHECKING:
    from pdfplumber.page import Page as PdfPage


class PlumberReader:
    """pdfplumber over the file, its pages built one at a time (never the whole list)."""

    def __init__(self, data: bytes, password: str | None) -> None:
        import pdfplumber
        from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect

        keep_unmapped_codes()

        self._data, self._password = data, password
        self._fallback: PdfiumReader | None = None
        try:
            self._pdf = pdfplumber.open(io.BytesIO(data), password=password)
        except Exception as e:
            cause = pdfminer_cause(e)
            if isinstance(cause, PDFPasswordIncorrect):
                if password:
                    raise DocumentError("encrypted PDF: give --password (the one given is wrong)") from None
                raise DocumentError("encrypted PDF: give --password") from None
            if isinstance(cause, PDFEncryptionError):
                raise DocumentError("encrypted PDF: unsupported encryption") from None
            raise DocumentError(f"corrupt or truncated PDF ({type(cause).__name__})") from None
        self._walk = self._pages()

    def count(self) -> int | None:
        """The page count the page tree declares (/Count), read without building any page."""
        from pdfminer.pdftypes import resolve1

        try:
            count = resolve1(resolve1(self._pdf.doc.catalog["Pages"])["Count"])
        except Exception:
            return None
        return count if isinstance(count, int) and count >= 0 else None

    def _pages(self) -> Iterator[PdfPage]:
        from pdfminer.pdfpage import PDFPage
        from pdfplumber.page import Page

        doctop = 0.0
        try:
            for number, obj in enumerate(PDFPage.create_pages(self._pdf.doc), start=1):
                page = Page(self._pdf, obj, page_number=number, initial_doctop=doctop)
                doctop += float(page.height)
                yield page
        except Exception as e:
            raise DocumentError(f"corrupt or truncated PDF ({type(pdfminer_cause(e)).__name__})") from None

    def page(self, index: int) -> PdfPage | None:
        """Page ``index`` (indices asked for must increase); None past the last page."""
        for page in self._walk:
            if page.page_number == index + 1:
                return page
        return None

    def results(self, start: int, max_pages: int) -> Iterator[PageResult]:
        """Each page from index ``start``; DocumentError past ``max_pages`` pages."""
        for page in self._walk:
            if page.page_number > max_pages:
                raise DocumentError(f"too many pages: more than {max_pages}")
            if page.page_number > start:
                yield self.read(page)

    def read(self, page: PdfPage) -> PageResult:
        """One page's lines and tables; pdfium's text when pdfplumber gets none out of it."""
        index = page.page_number - 1
        why = ""
        try:
            content = read_page(page, index + 1)
        except Exception as e:
            content = Page(index + 1, [], [], [], set(), [])
            cause = pdfminer_cause(e)
            why = (f"skipped: it needs more than {pdf.PDF_HEADROOM >> 20} MB" if isinstance(cause, MemoryError)
                   else f"could not be parsed ({type(cause).__name__})")
        finally:
            page.close()
        if content.texts:
            return PageResult(index, content)
        why = why or content.problem or "has no text"
        if self._fallback is None:
            try:
                self._fallback = PdfiumReader(self._data, self._password)
            except DocumentError:
                return PageResult(index, content, f"page {index + 1} {why}", why)
        texts = text_lines(self._fallback.text(index))
        if texts:
            return PageResult(index, Page(index + 1, texts, [None] * len(texts), [], set(), []),
                               f"page {index + 1}: pdfplumber could not decode its text; used pdfium's "
                               "(reading order may differ)")
        return PageResult(index, content, f"page {index + 1} {why}", why)


def pdfminer_cause(error: Exception) -> Exception:
    """The pdfminer exception that pdfplumber wrapped in PdfminerException (args[0])."""
    from pdfplumber.utils.exceptions import PdfminerException

    if isinstance(error, PdfminerException) and error.args and isinstance(error.args[0], Exception):
        return error.args[0]
    return error
