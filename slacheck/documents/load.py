"""Entry points: read a file under the byte limit and hand its bytes to the reader of its format."""

from __future__ import annotations

import hashlib
import stat
from pathlib import Path

from slacheck.documents.eml import ATTACHED, attached, attachments, eml_document
from slacheck.documents.model import Budget, Document, DocumentError
from slacheck.documents.pdf import pdf_document
from slacheck.documents.text import BINARY_MAGIC, check_text, decode, text_document

FORMATS = {".pdf": "pdf", ".txt": "text", ".md": "markdown", ".markdown": "markdown", ".docx": "docx",
           ".xlsx": "xlsx", ".html": "html", ".htm": "html", ".eml": "eml", ".csv": "text", ".tsv": "text"}
"""The format each file name suffix is read as (any other suffix: text). A comma- or tab-separated export is text
whose lines the text reader finds to be a table."""
READ_ATTACHED = tuple(suffix for suffix in FORMATS if suffix != ".eml")
"""Attachments of an e-mail read as documents of their own."""


def load_document(
    path: str | Path,
    *,
    password: str | None = None,
    max_pages: int = 2000,
    max_bytes: int = 50_000_000,
    engine: str = "pdfplumber",
    budget: Budget | None = None,
    ocr: bool = False,
) -> Document:
    """Read a file of a format in :data:`FORMATS` into a :class:`Document`; raise DocumentError.

    ``engine`` reads PDFs: "pdfplumber" (layout from characters, every page) or "pdfium"
    (pypdfium2's text, pdfplumber only for pages with ruled lines): faster for batches.
    ``ocr`` reads PDF pages without a text layer by OCR.
    ``mail.eml#offer.xlsx`` (when no file has that name) is the attachment offer.xlsx of mail.eml.
    """
    p = Path(path)
    mail, _, name = str(path).rpartition(ATTACHED)
    if mail.lower().endswith(".eml") and name and not p.exists():
        data = attached(read_file(Path(mail), max_bytes), name)
    else:
        data = read_file(p, max_bytes)
    return document_from_bytes(data, path=str(path), password=password, max_pages=max_pages, engine=engine,
                               budget=budget, ocr=ocr)


def read_file(p: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes; DocumentError otherwise."""
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
    return data


def attachment_paths(path: str, max_bytes: int) -> list[str]:
    """``mail.eml#name`` for each attachment of the mail at ``path`` that slacheck reads (none when
    the mail cannot be read: its own reading says why)."""
    try:
        data = read_file(Path(path), max_bytes)
    except DocumentError:
        return []
    return [f"{path}{ATTACHED}{name}" for name, _ in attachments(data, READ_ATTACHED)]


def document_from_bytes(
    data: bytes,
    *,
    path: str = "<stdin>",
    format: str | None = None,
    password: str | None = None,
    max_pages: int = 2000,
    engine: str = "pdfplumber",
    budget: Budget | None = None,
    ocr: bool = False,
) -> Document:
    """Parse file bytes; ``format`` (a value of :data:`FORMATS`) defaults to the path suffix's
    (a ``%PDF-`` header always means PDF)."""
    if not data:
        raise DocumentError("empty file")
    if format is None:
        format = "pdf" if data.startswith(b"%PDF-") else FORMATS.get(Path(path).suffix.lower(), "text")
    sha = hashlib.sha256(data).hexdigest()
    if format == "pdf":
        return pdf_document(data, path, sha, password, max_pages, engine, budget, ocr)
    if format in ("docx", "xlsx", "eml"):
        return _structured(format, data, path, sha, budget)
    for magic, what in BINARY_MAGIC:
        if data.startswith(magic):
            raise DocumentError(f"not a text file ({what})")
    text, encoding = decode(data)
    check_text(text)
    if format == "html":
        from slacheck.documents.html import html_document

        return html_document(text, path, sha, encoding, budget)
    return text_document(text, path=path, format=format, sha=sha, encoding=encoding)


def _structured(format: str, data: bytes, path: str, sha: str, budget: Budget | None) -> Document:
    """A Word, Excel or e-mail file through its reader (imported only when one is read)."""
    if format == "docx":
        from slacheck.documents.docx import docx_document

        return docx_document(data, path, sha, budget)
    if format == "xlsx":
        from slacheck.documents.xlsx import xlsx_document

        return xlsx_document(data, path, sha, budget)
    return eml_document(data, path, sha, budget)


def document_from_text(text: str, *, path: str = "<text>", format: str = "text") -> Document:
    """Build a Document from already-decoded text (tests, command-line text); unlike the file
    readers it accepts any string, even an empty one."""
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return text_document(text, path=path, format=format, sha=sha, encoding=None)
