"""Small PDFs built to attack a PDF reader, written byte by byte (standard library only).

Each builder returns the bytes of a whole file; :func:`pages` puts several page bodies under one
page tree, so a hostile page can sit between two ordinary ones.  ``python tests/hostile_pdf.py
DIR`` writes every kind into DIR.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

FACTS = "Cluster of 2 nodes, each with 8 x NVIDIA H100 SXM GPUs; ports are shared."
LATER = "Support responds within 30 minutes, 7 x 24."


class _Writer:
    """Numbered objects, then a cross-reference table and a trailer pointing at object 1."""

    def __init__(self) -> None:
        self.objects: dict[int, bytes] = {}

    def add(self, body: bytes, number: int | None = None) -> int:
        number = number if number is not None else max(self.objects, default=0) + 1
        self.objects[number] = body
        return number

    def stream(self, content: bytes, entries: bytes = b"", compress: bool = False) -> int:
        if compress:
            content, entries = zlib.compress(content, 9), entries + b" /Filter /FlateDecode"
        return self.add(b"<<%s /Length %d>>\nstream\n%s\nendstream" % (entries, len(content), content))

    def bytes(self) -> bytes:
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = {}
        for number in sorted(self.objects):
            offsets[number] = len(out)
            out += b"%d 0 obj\n%s\nendobj\n" % (number, self.objects[number])
        size = max(self.objects) + 1
        table = b"".join(b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n"
                         for n in range(1, size))
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n%s" % (size, table)
        out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
        return bytes(out)


def text(line: str, y: int = 720, size: float = 10) -> bytes:
    """A content-stream line of Helvetica text at height ``y``."""
    escaped = line.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"BT /F1 %g Tf 72 %d Td (%s) Tj ET\n" % (size, y, escaped)


def pages(*bodies: bytes, resources: tuple[bytes, ...] = (), count: int | None = None,
          extra: dict[int, bytes] | None = None) -> bytes:
    """A document with one page per content stream; ``resources`` per page (default: the font);
    ``count`` overrides /Count; ``extra`` objects are added as numbered (from 100 up)."""
    pdf = _Writer()
    pdf.add(b"<< /Type /Catalog /Pages 2 0 R >>", 1)
    pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", 3)
    for number, body in (extra or {}).items():
        pdf.add(body, number)
    kids = []
    for k, body in enumerate(bodies):
        res = resources[k] if k < len(resources) else b"<< /Font << /F1 3 0 R >> >>"
        content = pdf.stream(body, compress=True)
        kids.append(pdf.add(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %d 0 R >>"
                            % (res, content)))
    listed = b" ".join(b"%d 0 R" % k for k in kids)
    pdf.add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (listed, len(kids) if count is None else count), 2)
    return pdf.bytes()


def fanout(depth: int) -> dict[int, bytes]:
    """Form XObjects 100..100+depth, each drawing the one below twice: 2**depth text draws from
    object ``100 + depth`` (add them with ``extra``, draw with ``/X Do``)."""
    form = b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources "
    objects = {}
    leaf = text("shared H100", 700)
    objects[100] = b"<<%s<< /Font << /F1 3 0 R >> >> /Length %d>>\nstream\n%s\nendstream" % (form, len(leaf), leaf)
    for level in range(1, depth + 1):
        body = b"q /X Do Q q /X Do Q"
        objects[100 + level] = (b"<<%s<< /XObject << /X %d 0 R >> >> /Length %d>>\nstream\n%s\nendstream"
                                % (form, 99 + level, len(body), body))
    return objects


def fanout_between_pages(depth: int) -> bytes:
    """Three pages: facts, then a page drawing 2**depth XObjects, then more facts."""
    bomb = b"<< /Font << /F1 3 0 R >> /XObject << /X %d 0 R >> >>" % (100 + depth)
    return pages(text(FACTS), text("Annex") + b"/X Do\n", text(LATER),
                 resources=(b"<< /Font << /F1 3 0 R >> >>", bomb), extra=fanout(depth))


def resource_loop() -> bytes:
    """One page whose /Resources is a reference that leads back to itself."""
    return pages(text(FACTS), resources=(b"101 0 R",), extra={101: b"102 0 R", 102: b"101 0 R"})


def deep_tree(depth: int) -> bytes:
    """A page tree ``depth`` levels of /Pages deep, one page at the bottom."""
    pdf = _Writer()
    pdf.add(b"<< /Type /Catalog /Pages 2 0 R >>", 1)
    pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", 3)
    content = pdf.stream(text(FACTS))
    first = 10
    for level in range(depth):
        number = 2 if level == 0 else first + level
        pdf.add(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (first + level + 1), number)
    pdf.add(b"<< /Type /Page /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>"
            % content, first + depth)
    return pdf.bytes()


def missing_kid() -> bytes:
    """A page tree whose only kid is an object the file does not have."""
    pdf = _Writer()
    pdf.add(b"<< /Type /Catalog /Pages 2 0 R >>", 1)
    pdf.add(b"<< /Type /Pages /Kids [50 0 R] /Count 1 >>", 2)
    return pdf.bytes()


def flate_bomb(megabytes: int) -> bytes:
    """One page whose content stream inflates to ``megabytes`` MB of path operators."""
    return pages(text(FACTS) + b"0 0 m\n" * (megabytes * 2**20 // 6))


def long_space_edges(page_count: int, spaces: int = 30_000) -> bytes:
    """Pages whose first and last lines are "1", ``spaces`` no-break spaces (tiny) and "x"."""
    edge = lambda y: b"BT /F1 10 Tf 72 %d Td (1) Tj /F1 0.01 Tf (%s) Tj /F1 10 Tf (x) Tj ET\n" % (y, b"\xa0" * spaces)
    return pages(*[edge(760) + text(FACTS, 700) + edge(30)] * page_count)


KINDS = {
    "fanout_between_pages": lambda: fanout_between_pages(24),
    "resource_loop": resource_loop,
    "deep_tree": lambda: deep_tree(5000),
    "missing_kid": missing_kid,
    "count_lie": lambda: pages(text(FACTS), count=7),
    "flate_bomb": lambda: flate_bomb(100),
    "long_space_edges": lambda: long_space_edges(3),
}

if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    for name, build in KINDS.items():
        (folder / f"{name}.pdf").write_bytes(build())
