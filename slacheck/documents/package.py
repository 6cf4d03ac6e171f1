"""Office files (.docx, .xlsx) opened as ZIP packages only after checks that refuse bombs.

Before python-docx or openpyxl sees a file: at most :data:`MAX_MEMBERS` parts, :data:`MAX_UNPACKED`
bytes unpacked in all, no part over :data:`MAX_PART` bytes or packed more than :data:`MAX_RATIO`
times, and every XML part parsed once, streaming, to refuse document type declarations (entity
expansion) and nesting deeper than :data:`MAX_DEPTH`.  An encrypted or password-protected Office
file is an OLE container, not a ZIP: it gets its own message.
"""

from __future__ import annotations

import io
import zipfile
from xml.parsers import expat

from slacheck.documents.model import Budget, DocumentError

MAX_MEMBERS = 10_000
"""Most parts a package may hold."""
MAX_UNPACKED = 256 * 2**20
"""Most bytes all parts may unpack to."""
MAX_PART = 64 * 2**20
"""Most bytes one part may unpack to (shared strings included)."""
MAX_RATIO = 100
"""Most a part over one MB may have been packed (unpacked size / packed size)."""
MAX_DEPTH = 200
"""Deepest XML nesting read (a table in a table in a table... is refused beyond it)."""
_CHUNK = 2**20
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def checked_package(data: bytes, kind: str, budget: Budget | None) -> zipfile.ZipFile:
    """The ZIP package of a ``kind`` ("docx", "xlsx") file once it passed the checks; DocumentError."""
    if data.startswith(_OLE):
        raise DocumentError(f"encrypted or password-protected Office file (or an old binary one): "
                            f"remove the password and save it as .{kind}")
    try:
        package = zipfile.ZipFile(io.BytesIO(data))
        members = package.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise DocumentError(f"corrupt or truncated .{kind} file (not a ZIP package)") from None
    if len(members) > MAX_MEMBERS:
        raise DocumentError(f"refused .{kind} file: {len(members)} parts > {MAX_MEMBERS}")
    total = sum(member.file_size for member in members)
    if total > MAX_UNPACKED:
        raise DocumentError(f"refused .{kind} file: it unpacks to {total} bytes > {MAX_UNPACKED} (a ZIP bomb?)")
    for member in members:
        if member.file_size > MAX_PART or (member.file_size > 2**20
                                           and member.file_size > MAX_RATIO * max(member.compress_size, 1)):
            raise DocumentError(f"refused .{kind} file: part {member.filename} unpacks to {member.file_size} "
                                f"bytes from {member.compress_size} (a ZIP bomb?)")
        if member.filename.endswith((".xml", ".rels")):
            _check_xml(package, member, kind, budget)
    return package


def _check_xml(package: zipfile.ZipFile, member: zipfile.ZipInfo, kind: str, budget: Budget | None) -> None:
    """Parse one XML part, streaming: DocumentError for a DTD, deep nesting or broken XML."""
    parser = expat.ParserCreate()
    depth = 0

    def start(_name: str, _attributes: object) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_DEPTH:
            raise DocumentError(f"refused .{kind} file: XML in {member.filename} nested deeper than {MAX_DEPTH}")

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1

    def doctype(*_args: object) -> None:
        raise DocumentError(f"refused .{kind} file: a document type declaration in {member.filename}")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    try:
        with package.open(member) as part:
            while chunk := part.read(_CHUNK):
                parser.Parse(chunk, False)
                if budget is not None:
                    budget.check(f"checking {member.filename}")
            parser.Parse(b"", True)
    except expat.ExpatError as error:
        raise DocumentError(f"corrupt .{kind} file: {member.filename}: {expat.errors.messages[error.code]}") from None
    except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError, RuntimeError):
        raise DocumentError(f"corrupt or truncated .{kind} file ({member.filename} cannot be unpacked)") from None
