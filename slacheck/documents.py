"""Load quote sheets and contracts (PDF, text, Markdown) into lines and logical passages.

A :class:`Document` holds every extracted line with its page and line number, and the
*passages* the fact grammar parses: paragraphs with their wrapped lines joined, and table rows
with their cells joined by ``" | "``.  Every passage character that came from the file is
covered by a :class:`Segment` pointing back into ``Document.lines``; the other characters are
joiners inserted here (``""`` between two CJK characters, else ``" "``, and ``" | "``).

PDF pages are read in a child process (:mod:`slacheck.sandbox`) under an address-space limit and,
with a time budget, a deadline per page; a page past a limit is skipped with a warning naming it,
and the pages are built one by one after the declared page count was checked against the limit.

PDF extraction is one pass per page over ``page.chars`` (the layout parse that
``extract_text`` pays for too; measured at 1.0-1.05x bare ``extract_text``):

* chars are grouped into lines by vertical overlap: a char joins the line whose tallest char
  contains its vertical centre.  This keeps a 20 pt price on its 10 pt label's line (what the
  notes' ``y_tolerance=8`` is for) without merging fine print set at a 6-8 pt pitch, which a
  fixed tolerance of 8 does;
* words split at space glyphs and at gaps over a quarter em plus the line's letter spacing (one
  em between two CJK characters), so justified CJK stays unspaced (the notes'
  ``x_tolerance_ratio=1.0``) while PDFs that set words without space glyphs keep their spaces
  (that ratio would give ``ThevendorshallH10080GB``);
* ``page.find_tables()`` runs only on pages with ruling lines or rectangles; chars are put in
  cells by their centre, so a row's passage points at the page lines its chars sit on, and
  those lines take no part in text passages;
* a page without usable chars is checked with pypdfium2: if pdfium finds text (a font pdfminer
  cannot decode) its text is used for that page, with a warning; otherwise the page is
  reported as image-only or empty.

Paragraphs: consecutive non-blank lines join unless the first ends a sentence (``。；;！？!?.:：``),
is a heading or a short numbered title (``第一条 服务内容``), or the second starts an item
(Markdown heading, list marker, ``1.`` ``1)`` ``1、`` ``(一)`` ``一、`` ``第X条``, a bullet, a table
row, or ``label: value`` with the colon in the first 16 characters).  In PDFs a line also
must reach the right edge of the text (the next line's first word would not have fitted after
it), and a paragraph continues across a page break under the same tests, skipping page
numbers and running headers/footers (first or last line of a page that looks like a page
number, or that repeats on at least half of the pages); those lines belong to no passage.
"""

from __future__ import annotations

import bisect
import codecs
import functools
import hashlib
import io
import math
import re
import stat
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING, Any, Callable, Iterator

if TYPE_CHECKING:
    from pdfplumber.page import Page as PdfPage
    from pdfplumber.table import Table

    from slacheck.sandbox import Child

__all__ = [
    "Document",
    "DocumentError",
    "Line",
    "Passage",
    "Segment",
    "document_from_bytes",
    "document_from_text",
    "load_document",
]


class DocumentError(Exception):
    """A one-line, user-facing reason why a file cannot be read (the CLI exits 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


class TimeBudgetExceeded(DocumentError):
    """Reading the document took longer than its time budget."""


@dataclass(frozen=True)
class Budget:
    """The time allowed to read one document, counted from its creation."""

    seconds: float
    started: float = field(default_factory=time.monotonic)

    def check(self, where: str) -> None:
        """Raise TimeBudgetExceeded once the time is up; ``where`` says how far reading got."""
        if time.monotonic() - self.started > self.seconds:
            raise self.exceeded(where)

    def exceeded(self, where: str) -> TimeBudgetExceeded:
        """The error for running out of time at ``where``."""
        return TimeBudgetExceeded(f"time budget of {self.seconds:g} s exceeded ({where}); raise --time-budget")

    def remaining(self) -> float:
        """Seconds left (0 when the time is up)."""
        return max(0.0, self.seconds - (time.monotonic() - self.started))


@dataclass(frozen=True)
class Line:
    """One extracted or read line."""

    page: int  # 1-based (1 for text files)
    number: int  # 1-based line number within the page (PDF) or the file (text)
    text: str  # exactly as extracted/read, without the line terminator


@dataclass(frozen=True)
class Segment:
    """A run of passage characters copied from one line."""

    start: int  # offset in Passage.text
    line: int  # index into Document.lines
    column: int  # 0-based offset in that line's text
    length: int  # passage.text[start:start+length] == lines[line].text[column:column+length]


@dataclass(frozen=True)
class Passage:
    """A logical unit to parse: a paragraph (wrapped lines joined) or one table row."""

    text: str
    segments: tuple[Segment, ...]  # characters not covered are joiners we inserted (" ", " | ")
    kind: str  # "text" or "table-row"

    def sources(self, start: int, end: int) -> list[tuple[int, int, int]]:
        """(line index, column start, column end) ranges of the original lines covered by
        text[start:end], joiners skipped, in order; one per line touched, except that two
        table cells on one line that are not adjacent there give two ranges.  Segments are in
        passage order, so the first one is found by bisection: the cost is that of the segments
        touched, not of the passage (30,000 wrapped lines would make every lookup a full scan)."""
        ranges: list[tuple[int, int, int]] = []
        first = bisect.bisect_right(self.segments, start, key=lambda seg: seg.start + seg.length)
        for index in range(first, len(self.segments)):
            seg = self.segments[index]
            if seg.start >= end:
                break
            lo, hi = max(start, seg.start), min(end, seg.start + seg.length)
            if lo >= hi:
                continue
            line, col_lo, col_hi = seg.line, seg.column + lo - seg.start, seg.column + hi - seg.start
            if ranges and ranges[-1][0] == line and ranges[-1][2] == col_lo:
                ranges[-1] = (line, ranges[-1][1], col_hi)
            else:
                ranges.append((line, col_lo, col_hi))
        return ranges


@dataclass(frozen=True)
class Document:
    """A loaded file: its lines, passages and any warnings."""

    path: str
    format: str  # "pdf" | "text" | "markdown"
    pages: int
    sha256: str  # of the file bytes
    encoding: str | None  # detected text encoding, None for PDF
    lines: tuple[Line, ...]
    passages: tuple[Passage, ...]
    warnings: tuple[str, ...]  # e.g. "page 3 has no text layer"


# --------------------------------------------------------------------------- entry points


def load_document(
    path: str | Path,
    *,
    password: str | None = None,
    max_pages: int = 2000,
    max_bytes: int = 50_000_000,
    engine: str = "pdfplumber",
    budget: Budget | None = None,
) -> Document:
    """Read a PDF, Markdown or text file into a :class:`Document`; raise DocumentError.

    ``engine`` reads PDFs: "pdfplumber" (layout from characters, every page) or "pdfium"
    (pypdfium2's text, pdfplumber only for pages with ruled lines): faster for batches.
    """
    p = Path(path)
    try:
        st = p.stat()
        if stat.S_ISDIR(st.st_mode):
            raise DocumentError("is a directory")
        if not stat.S_ISREG(st.st_mode):  # a FIFO or device would block or never end
            raise DocumentError("not a regular file")
        if st.st_size > max_bytes:
            raise DocumentError(f"file too large: {st.st_size} bytes > {max_bytes}")
        with p.open("rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise DocumentError("no such file") from None
    except ValueError:  # e.g. a NUL byte in the path
        raise DocumentError("invalid path") from None
    except OSError as e:
        raise DocumentError(f"cannot read file: {e.strerror or type(e).__name__}") from None
    if len(data) > max_bytes:
        raise DocumentError(f"file too large: more than {max_bytes} bytes")
    return document_from_bytes(data, path=str(path), password=password, max_pages=max_pages, engine=engine,
                               budget=budget)


def document_from_bytes(
    data: bytes,
    *,
    path: str = "<stdin>",
    format: str | None = None,
    password: str | None = None,
    max_pages: int = 2000,
    engine: str = "pdfplumber",
    budget: Budget | None = None,
) -> Document:
    """Parse file bytes; ``format`` ("pdf", "text", "markdown") defaults to the path suffix
    (a ``%PDF-`` header always means PDF)."""
    if not data:
        raise DocumentError("empty file")
    suffix = Path(path).suffix.lower()
    if format is None:
        if suffix == ".pdf" or data.startswith(b"%PDF-"):
            format = "pdf"
        else:
            format = "markdown" if suffix in (".md", ".markdown") else "text"
    sha = hashlib.sha256(data).hexdigest()
    if format == "pdf":
        return _pdf_document(data, path, sha, password, max_pages, engine, budget)
    for magic, what in _BINARY_MAGIC:
        if data.startswith(magic):
            raise DocumentError(f"not a text file ({what})")
    text, encoding = _decode(data)
    _check_text(text)
    return _text_document(text, path=path, format=format, sha=sha, encoding=encoding)


def document_from_text(text: str, *, path: str = "<text>", format: str = "text") -> Document:
    """Build a Document from already-decoded text (tests, command-line text); unlike the file
    readers it accepts any string, even an empty one."""
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return _text_document(text, path=path, format=format, sha=sha, encoding=None)


# --------------------------------------------------------------------------- text files

_BINARY_MAGIC = (
    (b"PK\x03\x04", "a ZIP or Office file: export it as PDF or text"),
    (b"\xd0\xcf\x11\xe0", "an old Office file: export it as PDF or text"),
    (b"\x89PNG", "an image: OCR it first"),
    (b"\xff\xd8\xff", "an image: OCR it first"),
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_CONTROL = re.compile(r"[\x01-\x08\x0b\x0e-\x1f\x7f]")


def _decode(data: bytes) -> tuple[str, str]:
    """Decode as UTF-8 (BOM optional), UTF-16 with a BOM, or GB18030, in that order."""
    try:
        encoding = "utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8"
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        pass
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("gb18030"), "gb18030"
    except UnicodeDecodeError:
        raise DocumentError("cannot decode the file as UTF-8, UTF-16 or GB18030") from None


def _check_text(text: str) -> None:
    """Reject a decoded file that is empty, binary or blank."""
    if not text:
        raise DocumentError("empty file")
    if "\x00" in text:
        raise DocumentError("binary content (NUL bytes): not a text file")
    controls = len(_CONTROL.findall(text))
    if controls >= 8 and controls * 100 > len(text):
        raise DocumentError("binary content (control characters): not a text file")
    if not text.strip():
        raise DocumentError("no text (only whitespace)")


def _text_document(text: str, *, path: str, format: str, sha: str, encoding: str | None) -> Document:
    if format not in ("text", "markdown"):
        raise ValueError(f"unknown text format {format!r}")
    texts = _LINE_BREAK.split(text)
    if texts[-1] == "":
        texts.pop()
    rows, reserved = _markdown_table(texts)
    aligned, used = _aligned_tables(texts, reserved)
    page = _Page(1, texts, [None] * len(texts), rows + aligned, reserved | used, [])
    lines, passages = _assemble([page], pdf=False)
    return Document(path, format, 1, sha, encoding, lines, passages, ())


def _pipes(text: str) -> list[int]:
    return [i for i, ch in enumerate(text) if ch == "|" and (i == 0 or text[i - 1] != "\\")]


def _is_table_separator(text: str) -> bool:
    st = text.strip()
    return "|" in st and "-" in st and set(st) <= set("|-: \t")


def _markdown_table(texts: list[str]) -> tuple[list[list[list[_Run]]], set[int]]:
    """Pipe-table rows (one run per non-empty cell) and the lines they and separators use."""
    separators = {i for i, t in enumerate(texts) if _is_table_separator(t)}
    row_lines: set[int] = set()
    for i, t in enumerate(texts):
        if i in separators or "|" not in t:
            continue
        if i + 1 in separators:  # a GFM header: the rows run until a line without a pipe
            row_lines.add(i)
            j = i + 2
            while j < len(texts) and "|" in texts[j] and texts[j].strip() and j not in separators:
                row_lines.add(j)
                j += 1
        elif t.lstrip().startswith("|") and len(_pipes(t)) >= 2:
            row_lines.add(i)
    rows = []
    for i in sorted(row_lines):
        t = texts[i]
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
        rows.append(cells)
    return rows, row_lines | separators


_CELL_GAP = re.compile(r"\t+ *| {2,}")
_DASHES = re.compile(r"[\s\-=|+]*-{3,}[\s\-=|+]*$")
MIN_ALIGNED_CELLS = 3
"""A space-aligned table line has at least this many cells (a tab-separated one, two)."""


def _cells(text: str) -> list[tuple[int, int]]:
    """(start, end) of the cells of a line split at tabs or runs of two or more spaces."""
    cells, start = [], len(text) - len(text.lstrip())
    for gap in _CELL_GAP.finditer(text, start):
        if gap.start() > start:
            cells.append((start, gap.start()))
        start = gap.end()
    end = len(text.rstrip())
    if end > start:
        cells.append((start, end))
    return cells


def _is_aligned_row(text: str) -> bool:
    """A tab-separated line with two cells, or a line with three cells set apart by spaces."""
    cells = _cells(text)
    return len(cells) >= (2 if "\t" in text.strip() else MIN_ALIGNED_CELLS)


def _aligned_tables(texts: list[str], reserved: set[int]) -> tuple[list[list[list[_Run]]], set[int]]:
    """Rows of tab-separated and space-aligned tables, and the lines they use.

    A table is a block of lines split into cells at tabs or at runs of two or more
    spaces: at least two such lines, or one tab-separated line. Dashed separator lines
    belong to the block. An indented line without a cell in the first column continues
    the row above (a wrapped cell): its text joins the cell whose column it starts under.
    """
    rows: list[list[list[_Run]]] = []
    used: set[int] = set()
    i = 0
    while i < len(texts):
        if i in reserved or not _is_aligned_row(texts[i]):
            i += 1
            continue
        block = [i]
        j = i + 1
        while j < len(texts) and j not in reserved and texts[j].strip():
            if _DASHES.match(texts[j]) or _is_aligned_row(texts[j]) or _continuation(texts[j], texts[block[0]]):
                block.append(j)
                j += 1
            else:
                break
        table_lines = [k for k in block if not _DASHES.match(texts[k])]
        starts_row = [k for k in table_lines if not _continuation(texts[k], texts[block[0]])]
        if len(starts_row) >= 2 or "\t" in texts[i].strip():
            rows.extend(_block_rows(texts, table_lines))
            used.update(block)
        i = j
    return rows, used


def _continuation(text: str, first: str) -> bool:
    """An indented line under a table whose first column it leaves empty."""
    first_cells = _cells(first)
    indent = len(text) - len(text.lstrip())
    return len(first_cells) >= 2 and indent >= first_cells[1][0] - 2 and indent > 0


def _block_rows(texts: list[str], lines: list[int]) -> list[list[list[_Run]]]:
    """Cells of each row of one aligned block, wrapped cells joined to their row."""
    rows: list[list[list[_Run]]] = []
    columns: list[int] = []
    for k in lines:
        cells = _cells(texts[k])
        if rows and _continuation(texts[k], texts[lines[0]]):
            for start, end in cells:
                column = max((c for c in range(len(columns)) if columns[c] <= start + 2), default=0)
                rows[-1][min(column, len(rows[-1]) - 1)].append((k, start, end))
            continue
        if not columns or len(cells) > len(columns):
            columns = [start for start, _ in cells]
        rows.append([[(k, start, end)] for start, end in cells])
    return rows


# --------------------------------------------------------------------------- PDF


@dataclass(frozen=True)
class _Geo:
    """Horizontal geometry of a PDF line (points)."""

    x0: float
    x1: float
    size: float  # largest font size on the line
    first_word: float  # width of the first word (one char if CJK)


_Run = tuple[int, int, int]  # (line index within its page, column start, column end)


@dataclass
class _Page:
    """One page's lines before they are numbered into the document."""

    number: int
    texts: list[str]
    geometry: list[_Geo | None]
    table_rows: list[list[list[_Run]]]  # rows -> cells -> runs
    reserved: set[int]  # lines not used for paragraphs (tables, rotated text, separators)
    loose_runs: list[_Run]  # text on table lines outside cells, rotated text: a passage each
    width: float = 0.0
    problem: str = ""  # why a page gave no lines


_PDF_HEADROOM = 320 * 2**20
"""Address space (bytes) the PDF reader's child process may take beyond what it inherits."""
_PAGE_SHARE = 4
"""One page may take at most 1/_PAGE_SHARE of the time budget; a slower page is skipped."""


@dataclass(frozen=True)
class _PageResult:
    """One page as the reader child sends it."""

    index: int  # 0-based
    page: _Page
    warning: str = ""  # "" when the page was read normally
    why: str = ""  # why it gave no text ("could not be parsed (...)", "has no text", "skipped: ...")


def _pdf_document(data: bytes, path: str, sha: str, password: str | None, max_pages: int,
                  engine: str = "pdfplumber", budget: Budget | None = None) -> Document:
    if b"%PDF-" not in data[:1024]:
        raise DocumentError("not a PDF file (no %PDF header)")
    results = _read_pdf(data, password, max_pages, engine, budget)
    pages = [r.page for r in results]
    if not any(p.texts for p in pages):
        if all(r.why.startswith("could not be parsed") for r in results):
            raise DocumentError("corrupt PDF: no page could be parsed")
        skipped = [r.warning for r in results if r.why.startswith("skipped")]
        if skipped:
            raise DocumentError(f"no page could be read: {skipped[0]}")
        raise DocumentError("no text layer (scanned?): OCR it first")
    if budget is not None:
        budget.check("joining lines into passages")
    lines, passages = _assemble(pages, pdf=True)
    return Document(path, "pdf", len(pages), sha, None, lines, passages,
                    tuple(r.warning for r in results if r.warning))


def _read_pdf(data: bytes, password: str | None, max_pages: int, engine: str,
              budget: Budget | None) -> list[_PageResult]:
    """Every page, read in a child process (see :mod:`slacheck.sandbox`) under a memory limit and,
    with a budget, a time limit per page.  A page that hits a limit is skipped with a warning and a
    new child goes on from the next page; the budget running out, or a file that cannot even be
    opened within the limits, is a DocumentError."""
    from slacheck.sandbox import Child

    _import_pdf_libraries()
    results: list[_PageResult] = []
    count: int | None = None
    while True:
        start = len(results)
        with Child(functools.partial(_pdf_work, data, password, max_pages, engine, start), _PDF_HEADROOM) as child:
            opened = False
            while True:
                where = (f"reading page {len(results) + 1}" + (f" of {count}" if count else "")
                         if opened or start else "opening the PDF")
                message = _next_message(child, budget, where)
                if isinstance(message, str):
                    if not opened:
                        raise DocumentError(f"PDF could not be opened: {message}")
                    results.append(_PageResult(len(results), _Page(len(results) + 1, [], [], [], set(), []),
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
        return child.receive(wait)
    except ChildLate:
        if budget is not None and page_seconds is not None and wait is not None and wait < page_seconds:
            raise budget.exceeded(where) from None
        return f"not read within {page_seconds:g} s (1/{_PAGE_SHARE} of --time-budget)"
    except ChildEnded:
        return f"the PDF reader ran out of memory ({_PDF_HEADROOM >> 20} MB) or crashed"


def _import_pdf_libraries() -> None:
    """Import the PDF libraries before forking, so that each child does not import them again."""
    import pdfplumber  # noqa: F401
    import pypdfium2  # noqa: F401


def _pdf_work(data: bytes, password: str | None, max_pages: int, engine: str, start: int,
              send: Callable[[tuple[str, object]], None]) -> None:
    """In the reader child: send ("open", declared page count), a ("page", _PageResult) for each
    page from ``start``, then ("done", None); or ("error", message)."""
    try:
        reader: _PdfiumReader | _PlumberReader
        reader = _PdfiumReader(data, password) if engine == "pdfium" else _PlumberReader(data, password)
        count = reader.count()
        if count is not None and count > max_pages:
            raise DocumentError(f"too many pages: {count} > {max_pages}")
        send(("open", count))
        for result in reader.results(start, max_pages):
            send(("page", result))
        send(("done", None))
    except DocumentError as error:
        send(("error", str(error)))


class _PlumberReader:
    """pdfplumber over the file, its pages built one at a time (never the whole list)."""

    def __init__(self, data: bytes, password: str | None) -> None:
        import pdfplumber
        from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect

        self._data, self._password = data, password
        self._fallback: _PdfiumReader | None = None
        try:
            self._pdf = pdfplumber.open(io.BytesIO(data), password=password)
        except Exception as e:
            cause = _pdfminer_cause(e)
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
            raise DocumentError(f"corrupt or truncated PDF ({type(_pdfminer_cause(e)).__name__})") from None

    def page(self, index: int) -> PdfPage | None:
        """Page ``index`` (indices asked for must increase); None past the last page."""
        for page in self._walk:
            if page.page_number == index + 1:
                return page
        return None

    def results(self, start: int, max_pages: int) -> Iterator[_PageResult]:
        """Each page from index ``start``; DocumentError past ``max_pages`` pages."""
        for page in self._walk:
            if page.page_number > max_pages:
                raise DocumentError(f"too many pages: more than {max_pages}")
            if page.page_number > start:
                yield self.read(page)

    def read(self, page: PdfPage) -> _PageResult:
        """One page's lines and tables; pdfium's text when pdfplumber gets none out of it."""
        index = page.page_number - 1
        why = ""
        try:
            content = _read_page(page, index + 1)
        except Exception as e:
            content = _Page(index + 1, [], [], [], set(), [])
            cause = _pdfminer_cause(e)
            why = (f"skipped: it needs more than {_PDF_HEADROOM >> 20} MB" if isinstance(cause, MemoryError)
                   else f"could not be parsed ({type(cause).__name__})")
        finally:
            page.close()
        if content.texts:
            return _PageResult(index, content)
        why = why or content.problem or "has no text"
        if self._fallback is None:
            try:
                self._fallback = _PdfiumReader(self._data, self._password)
            except DocumentError:
                return _PageResult(index, content, f"page {index + 1} {why}", why)
        texts = _text_lines(self._fallback.text(index))
        if texts:
            return _PageResult(index, _Page(index + 1, texts, [None] * len(texts), [], set(), []),
                               f"page {index + 1}: pdfplumber could not decode its text; used pdfium's "
                               "(reading order may differ)")
        return _PageResult(index, content, f"page {index + 1} {why}", why)


class _PdfiumReader:
    """pypdfium2 over the file: the fast engine (pdfplumber only for pages with ruled lines)."""

    def __init__(self, data: bytes, password: str | None) -> None:
        import pypdfium2
        import pypdfium2.raw as pdfium_c

        self._data, self._password = data, password
        self._plumber: _PlumberReader | None = None
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
            text = textpage.get_text_range()
            textpage.close()
            page.close()
        except Exception:
            return ""
        return text

    def results(self, start: int, max_pages: int) -> Iterator[_PageResult]:
        """Each page from index ``start`` (the count was checked against ``max_pages`` already)."""
        import pypdfium2.raw as pdfium_c

        for index in range(start, len(self._doc)):
            try:
                page = self._doc[index]
                ruled = next(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=1), None) is not None
                page.close()
            except Exception:
                why = "could not be parsed (pdfium)"
                yield _PageResult(index, _Page(index + 1, [], [], [], set(), []), f"page {index + 1} {why}", why)
                continue
            if ruled:
                yield self._ruled(index)
                continue
            texts = _text_lines(self.text(index))
            if texts:
                yield _PageResult(index, _Page(index + 1, texts, [None] * len(texts), [], set(), []))
            else:
                yield _PageResult(index, _Page(index + 1, [], [], [], set(), []), f"page {index + 1} has no text",
                                  "has no text")

    def _ruled(self, index: int) -> _PageResult:
        """A page with ruled lines, read by pdfplumber for its tables."""
        try:
            if self._plumber is None:
                self._plumber = _PlumberReader(self._data, self._password)
            page = self._plumber.page(index)
        except DocumentError as error:
            why = f"could not be parsed by pdfplumber ({error})"
            return _PageResult(index, _Page(index + 1, [], [], [], set(), []), f"page {index + 1} {why}", why)
        if page is None:
            why = "could not be parsed (pdfplumber does not find it in the page tree)"
            return _PageResult(index, _Page(index + 1, [], [], [], set(), []), f"page {index + 1} {why}", why)
        return self._plumber.read(page)


def _text_lines(text: str) -> list[str]:
    """Lines of a page's text, trailing blank lines dropped."""
    texts = _LINE_BREAK.split(text)
    while texts and not texts[-1].strip():
        texts.pop()
    return texts


def _pdfminer_cause(error: Exception) -> Exception:
    """The pdfminer exception that pdfplumber wrapped in PdfminerException (args[0])."""
    from pdfplumber.utils.exceptions import PdfminerException

    if isinstance(error, PdfminerException) and error.args and isinstance(error.args[0], Exception):
        return error.args[0]
    return error


def _read_page(page: PdfPage, number: int) -> _Page:
    """Lines (with geometry), table rows and loose runs of one pdfplumber page."""
    chars = [c for c in page.chars if c.get("text")]
    content = _Page(number, [], [], [], set(), [], float(page.width))
    if not any(not c["text"].isspace() for c in chars):
        content.problem = "has no text layer (image only): OCR it" if page.images else "has no text"
        return content
    if sum(c["text"].startswith("(cid:") for c in chars) * 2 >= len(chars):
        content.problem = "has text in fonts without a Unicode mapping (cid glyphs)"
        return content
    placed: list[list[tuple[dict, int, int]]] = []  # per line: (char, column start, column end)
    for cluster in _cluster_lines([c for c in chars if c.get("upright", True)]):
        cluster.sort(key=lambda c: c["x0"])
        kept = [cluster[0]]
        for c in cluster[1:]:  # drop overprinted duplicates (fake bold)
            k = kept[-1]
            if not (c["text"] == k["text"] and abs(c["x0"] - k["x0"]) <= 1 and abs(c["top"] - k["top"]) <= 1):
                kept.append(c)
        words = _split_words(kept)
        if words:
            _add_line(content, placed, words, with_geometry=True)
    _add_rotated(content, placed, [c for c in chars if not c.get("upright", True)])
    if page.objects.get("rect") or page.objects.get("line"):
        _add_tables(content, placed, page.find_tables())
    return content


def _add_rotated(content: _Page, placed: list, chars: list[dict]) -> None:
    """Rotated text (stamps, side notes) with pdfplumber's grouping, one passage per line.
    Text turned anticlockwise reads bottom to top, clockwise top to bottom."""
    from pdfplumber.utils.text import WordExtractor

    upward = [c for c in chars if c["matrix"][1] > 0]
    downward = [c for c in chars if c["matrix"][1] <= 0]
    for group, char_dir, line_dir in ((upward, "btt", "ltr"), (downward, "ttb", "rtl")):
        if not group:
            continue
        extractor = WordExtractor(x_tolerance_ratio=1.0, char_dir_rotated=char_dir, line_dir_rotated=line_dir)
        for line_chars, direction in extractor.iter_chars_to_lines(group):
            words = list(extractor.iter_chars_to_words(line_chars, direction))
            if words:
                _add_line(content, placed, words, with_geometry=False)
                content.loose_runs.append((len(content.texts) - 1, 0, len(content.texts[-1])))
                content.reserved.add(len(content.texts) - 1)


def _cluster_lines(chars: list[dict]) -> list[list[dict]]:
    """Group upright chars into lines: a char joins the current line when its vertical centre
    lies within the band of the line's tallest char (chars visited by vertical centre)."""
    lines: list[list[dict]] = []
    top = bottom = 0.0
    for c in sorted(chars, key=lambda c: c["top"] + c["bottom"]):
        middle = (c["top"] + c["bottom"]) / 2
        if lines and top <= middle <= bottom:
            lines[-1].append(c)
            if c["bottom"] - c["top"] > bottom - top and not c["text"].isspace():
                top, bottom = c["top"], c["bottom"]
        else:
            lines.append([c])
            top, bottom = c["top"], c["bottom"]
    return lines


def _split_words(chars: list[dict]) -> list[list[dict]]:
    """Split a line's chars (sorted by x) into words at space glyphs and at gaps wider than a
    quarter em plus the line's letter spacing, or than one em between two CJK characters.

    The letter spacing is the median gap between neighbouring glyphs when it looks like
    justification (at least 4 gaps, at most 1 em).  So letter-spaced CJK stays one word (the
    notes' ``x_tolerance_ratio=1.0``), while words set without space glyphs stay apart (that
    ratio alone would merge them).
    """
    glyphs = [c for c in chars if not c["text"].isspace()]
    gaps = [b["x0"] - a["x1"] for a, b in zip(glyphs, glyphs[1:])]
    spacing = median(gaps) if len(gaps) >= 4 else 0.0
    if not 0.0 < spacing <= max(c["size"] for c in glyphs):
        spacing = 0.0
    words: list[list[dict]] = []
    current: list[dict] = []
    for c in chars:
        if c["text"].isspace():
            if current:
                words.append(current)
            current = []
            continue
        if current:
            prev = current[-1]
            limit = 0.25 * prev["size"] + spacing
            if _is_cjk(prev["text"][-1]) and _is_cjk(c["text"][0]):
                limit = max(limit, prev["size"])
            if c["x0"] - prev["x1"] > limit:
                words.append(current)
                current = []
        current.append(c)
    if current:
        words.append(current)
    return words


def _add_line(content: _Page, placed: list, words: list[list[dict]], *, with_geometry: bool) -> None:
    """Append a line: its words joined by one space, each char's columns, its geometry."""
    parts: list[str] = []
    columns: list[tuple[dict, int, int]] = []
    col = 0
    for w, word in enumerate(words):
        if w:
            parts.append(" ")
            col += 1
        for c in word:
            columns.append((c, col, col + len(c["text"])))
            parts.append(c["text"])
            col += len(c["text"])
    content.texts.append("".join(parts))
    placed.append(columns)
    geo = None
    if with_geometry:
        first = words[0]
        if _is_cjk(first[0]["text"][0]):
            first = first[:1]
        else:
            first = first[: next((k for k, c in enumerate(first) if _is_cjk(c["text"][0])), len(first))]
        geo = _Geo(
            min(c["x0"] for w in words for c in w),
            max(c["x1"] for w in words for c in w),
            max(c["size"] for w in words for c in w),
            first[-1]["x1"] - first[0]["x0"],
        )
    content.geometry.append(geo)


def _add_tables(content: _Page, placed: list[list[tuple[dict, int, int]]], tables: list[Table]) -> None:
    """Assign chars to table cells by their centre; build row runs and loose runs."""
    grids = []
    for table in tables:
        rows = table.rows
        if any(sum(cell is not None for cell in row.cells) >= 2 for row in rows):
            grids.append((table.bbox, rows, len(content.table_rows)))
            content.table_rows.extend([[] for _ in row.cells] for row in rows)
    if not grids:
        return
    for line, columns in enumerate(placed):
        owners = [_cell_of(c, grids) for c, _, _ in columns]
        if not any(o is not None for o in owners):
            continue
        content.reserved.add(line)
        runs: list[tuple[tuple[int, int] | None, int, int]] = []
        for (_, start, end), owner in zip(columns, owners):
            if start == end:
                continue
            if runs and runs[-1][0] == owner:
                runs[-1] = (owner, runs[-1][1], end)
            else:
                runs.append((owner, start, end))
        for owner, start, end in runs:
            if owner is None:
                content.loose_runs.append((line, start, end))
            else:
                content.table_rows[owner[0]][owner[1]].append((line, start, end))


def _cell_of(c: dict, grids: list) -> tuple[int, int] | None:
    """(row index in content.table_rows, cell index) of the cell holding char c's centre."""
    x, y = (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2
    for (x0, top, x1, bottom), rows, first_row in grids:
        if not (x0 <= x <= x1 and top <= y <= bottom):
            continue
        for r, row in enumerate(rows):
            if not row.bbox[1] <= y <= row.bbox[3]:
                continue
            for k, cell in enumerate(row.cells):
                if cell is not None and cell[0] <= x <= cell[2] and cell[1] <= y <= cell[3]:
                    return first_row + r, k
    return None


# --------------------------------------------------------------------------- passages


@dataclass
class _Body:
    """A line's stripped content that may join its neighbours into a paragraph."""

    index: int  # into Document.lines
    start: int  # column of the content in the line
    text: str
    geo: _Geo | None = None
    right: float = 0.0  # right edge of the text on pages like this line's


def _assemble(pages: list[_Page], *, pdf: bool) -> tuple[tuple[Line, ...], tuple[Passage, ...]]:
    """Number the lines of all pages and build text and table-row passages."""
    lines: list[Line] = []
    offsets = []
    for page in pages:
        offsets.append(len(lines))
        lines.extend(Line(page.number, k + 1, t) for k, t in enumerate(page.texts))
    texts = [line.text for line in lines]
    passages: list[Passage] = []
    bodies: list[_Body] = []
    skippable: set[int] = set()
    for page, off in zip(pages, offsets):
        for row in page.table_rows:
            passage = _row_passage(texts, [[(off + ln, a, b) for ln, a, b in cell] for cell in row])
            if passage:
                passages.append(passage)
        for ln, a, b in page.loose_runs:
            passages.append(_text_passage([_Body(off + ln, a, texts[off + ln][a:b])]))
        page_bodies = []
        for k, t in enumerate(page.texts):
            content = t.strip()
            if k in page.reserved or not content or _RULE.match(content):
                continue
            start = len(t) - len(t.lstrip())
            page_bodies.append(_Body(off + k, start, content, page.geometry[k]))
        bodies.extend(page_bodies)
    if pdf:
        skippable = _furniture(bodies, lines)
        bodies = [b for b in bodies if b.index not in skippable]
        _set_right_edges(bodies, {page.number: page.width for page in pages}, lines)
    paragraph: list[_Body] = []
    for body in bodies:
        if paragraph and _continues(paragraph[-1], body, skippable):
            paragraph.append(body)
            continue
        if paragraph:
            passages.append(_text_passage(paragraph))
        paragraph = [body]
    if paragraph:
        passages.append(_text_passage(paragraph))
    passages.sort(key=lambda p: min((s.line, s.column) for s in p.segments))
    return tuple(lines), tuple(passages)


def _set_right_edges(bodies: list[_Body], widths: dict[int, float], lines: list[Line]) -> None:
    """The right edge of the text, over all pages of one width: the rightmost line end, but no
    further right than the left margin mirrored (a stray wide line does not move it); with
    fewer than 3 lines, the mirrored left margin alone."""
    groups: dict[float, list[tuple[_Body, _Geo]]] = {}
    for b in bodies:
        if b.geo is not None:
            groups.setdefault(widths[lines[b.index].page], []).append((b, b.geo))
    for width, group in groups.items():
        mirrored = width - min(geo.x0 for _, geo in group)
        right = mirrored if len(group) < 3 else min(mirrored, max(geo.x1 for _, geo in group))
        for b, _ in group:
            b.right = right


def _furniture(bodies: list[_Body], lines: list[Line]) -> set[int]:
    """Indices of page numbers and running headers/footers (first or last line of a page)."""
    by_page: dict[int, list[_Body]] = {}
    for b in bodies:
        by_page.setdefault(lines[b.index].page, []).append(b)
    edges = [(pos, page_bodies[-pos]) for page_bodies in by_page.values() for pos in (0, 1)]
    keys = Counter((pos, _furniture_key(b.text)) for pos, b in edges)
    needed = max(2, math.ceil(len(by_page) / 2))
    return {
        b.index
        for pos, b in edges
        if _is_page_number(b.text) or keys[pos, _furniture_key(b.text)] >= needed
    }


def _is_page_number(text: str) -> bool:
    """"3", "- 3 -", "第 3 页 共 9 页", "Page 3 of 9"...: short lines only (the pattern's runs of
    optional spaces would backtrack quadratically over a long run of spaces)."""
    return len(text) <= _PAGE_NUMBER_LENGTH and _PAGE_NUMBER.match(unicodedata.normalize("NFKC", text)) is not None


def _furniture_key(text: str) -> str:
    return re.sub(r"\d+", "#", "".join(unicodedata.normalize("NFKC", text).split()))


def _continues(prev: _Body, cur: _Body, skippable: set[int]) -> bool:
    """Whether ``cur`` continues the wrapped sentence that ``prev`` ends."""
    if any(i not in skippable for i in range(prev.index + 1, cur.index)):
        return False
    if _is_title(prev.text) or _ends_sentence(prev.text) or _starts_item(cur.text):
        return False
    if prev.geo is not None and cur.geo is not None:
        # prev is wrapped only if cur's first word would not have fitted at its end
        return prev.right - prev.geo.x1 <= cur.geo.first_word + prev.geo.size
    return True


def _text_passage(bodies: list[_Body]) -> Passage:
    parts: list[str] = []
    segments: list[Segment] = []
    pos = 0
    for k, body in enumerate(bodies):
        if k:
            joiner = _joiner(parts[-1], body.text)
            parts.append(joiner)
            pos += len(joiner)
        segments.append(Segment(pos, body.index, body.start, len(body.text)))
        parts.append(body.text)
        pos += len(body.text)
    return Passage("".join(parts), tuple(segments), "text")


def _row_passage(texts: list[str], cells: list[list[_Run]]) -> Passage | None:
    """Cells joined by " | "; a cell's runs joined like wrapped lines (" " on one line)."""
    if not any(cells):
        return None
    parts: list[str] = []
    segments: list[Segment] = []
    pos = 0
    for k, runs in enumerate(cells):
        if k:
            parts.append(" | ")
            pos += 3
        for r, (line, a, b) in enumerate(runs):
            piece = texts[line][a:b]
            if r:
                joiner = " " if runs[r - 1][0] == line else _joiner(parts[-1], piece)
                parts.append(joiner)
                pos += len(joiner)
            segments.append(Segment(pos, line, a, b - a))
            parts.append(piece)
            pos += len(piece)
    return Passage("".join(parts), tuple(segments), "table-row")


# --------------------------------------------------------------------------- heuristics

_RULE = re.compile(r"([-=*_~—─━═])(?:\s*\1){2,}\s*$")
_HEADING = re.compile(r"#{1,6}(?:\s|$)")
_CLAUSE = re.compile(
    r"第[一二三四五六七八九十百千零〇\d]{1,6}[条章节款项部]|[一二三四五六七八九十百]{1,3}[、.]"
    r"|\(\s*[一二三四五六七八九十]{1,3}\s*\)|\d{1,3}(?:\.\d{1,3})+\s"
    r"|(?:Article|Section|Clause|Schedule|Annex|Appendix|Exhibit)\s+[\dIVX]"
    r"|\d{1,2}[.、)]\s*(?=[A-Za-z\u4e00-\u9fff])"
)
_PAGE_NUMBER = re.compile(
    r"\s*(?:[-–—]?\s*\d{1,4}\s*[-–—]?|第\s*\d{1,4}\s*页(?:\s*[,，/]?\s*共\s*\d{1,4}\s*页)?"
    r"|共\s*\d{1,4}\s*页\s*第\s*\d{1,4}\s*页|(?i:page|p\.)\s*\d{1,4}(?:\s*(?i:of|/)\s*\d{1,4})?"
    r"|\d{1,4}\s*/\s*\d{1,4})\s*$"
)
_PAGE_NUMBER_LENGTH = 40
_ITEM = re.compile(
    r"""\#{1,6}(?:\s|$)                                 # Markdown heading
    | [-*+](?:\s|$)                                   # Markdown list item
    | \|                                              # table row
    | \d{1,3}(?:\.\d{1,3}){2,}                        # 1.2.3
    | \d{1,3}(?:\.\d{1,3})+\s                         # 1.1 Title
    | \d{1,3}[.)](?!\d) | \d{1,3}、                   # 1.  1)  1、
    | \(\s*(?:\d{1,3}|[一二三四五六七八九十]{1,3}|[A-Za-z]|[ivxIVX]{1,4})\s*\)   # (1) (一) (a)
    | [一二三四五六七八九十百]{1,3}[、.]               # 一、
    | 第[一二三四五六七八九十百千零〇\d]{1,6}[条章节款项部]   # 第X条
    | [A-Za-z][.)]\s | [IVX]{1,4}\.\s                 # a) A. IV.
    | (?:Article|Section|Clause|Schedule|Annex|Appendix|Exhibit)\s+[\dIVX]
    """,
    re.VERBOSE,
)
_BULLETS = frozenset("•·●○◦▪▫■□◆◇►▸▶※✓✔☐☑√➢➤") | frozenset(map(chr, range(0x2460, 0x249C)))
_LABEL = re.compile(r"([^:]{1,28}):")
_CLOSERS = "\"')]}」』】》〉”’"
_SENTENCE_END = frozenset("。;!?.:")


def _ends_sentence(text: str) -> bool:
    tail = unicodedata.normalize("NFKC", text[-4:]).rstrip().rstrip(_CLOSERS)
    return bool(tail) and tail[-1] in _SENTENCE_END


def _is_title(text: str) -> bool:
    """A Markdown heading, or a short numbered heading without punctuation ("第一条 服务内容")."""
    if _HEADING.match(text):
        return True
    if len(text) > 24:
        return False
    head = unicodedata.normalize("NFKC", text)
    m = _CLAUSE.match(head)
    return m is not None and not any(ch in ",;:!?。" for ch in head[m.end() :])


def _starts_item(text: str) -> bool:
    """A heading, list item, numbered clause, table row or a short "label: value" line."""
    if text[0] in _BULLETS or 0x2776 <= ord(text[0]) <= 0x2793:
        return True
    head = unicodedata.normalize("NFKC", text[:32])
    if _ITEM.match(head):
        return True
    m = _LABEL.match(head)
    if m is None:
        return False
    label, after = m.group(1), head[m.end() : m.end() + 2]
    return (
        any(ch.isalpha() for ch in label)
        and not re.search(r"[,;!?。]", label)
        and not after.startswith("//")
        and not (label[-1].isdigit() and after[:1].isdigit())
    )


def _is_cjk(ch: str) -> bool:
    """CJK ideographs, kana, CJK and full-width punctuation (not full-width letters/digits)."""
    o = ord(ch)
    return (
        0x3000 <= o <= 0x30FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0x20000 <= o <= 0x3FFFF
        or (0xFF00 <= o <= 0xFFEF and not ch.isalnum())
    )


def _joiner(before: str, after: str) -> str:
    """"" between two CJK characters, else one space (so two digits never merge)."""
    return "" if _is_cjk(before[-1]) and _is_cjk(after[0]) else " "
