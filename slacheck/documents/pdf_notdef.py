"""Keep the codes a PDF font's CMap does not map, as the PDF standard does.

A PDF maps a character code its CMap leaves out to CID 0 (.notdef), which a viewer draws with the
font's default width, so the text after it moves on. pdfminer drops such a code instead, with its
width: a tab written into a two-byte (UCS-2) font vanishes, and the cells it separated run together
("×8", tab, "4台" becomes "×84台"). Reading pdfminer's decoding as the standard does gives a blank
where the code stood; the layout reads a .notdef glyph as a tab, as a bullet at a line's start, or
as a middle dot between two spaces.
"""

from __future__ import annotations

from typing import Any, Iterator

NOTDEF_TEXT = "(cid:0)"
"""The text pdfminer gives a .notdef glyph."""

_installed = False


def keep_unmapped_codes() -> None:
    """Make pdfminer decode an unmapped multi-byte code as CID 0 (once per process)."""
    global _installed
    if _installed:
        return
    from pdfminer.cmapdb import CMap

    def decode(self: CMap, code: bytes) -> Iterator[int]:
        table: dict[int, Any] = self.code2cid
        for byte in code:
            entry = table.get(byte)
            if isinstance(entry, int):
                yield entry
                table = self.code2cid
            elif entry is not None:
                table = entry
            else:
                if table is not self.code2cid:  # the code's first bytes matched: a code the CMap lacks
                    yield 0
                table = self.code2cid

    CMap.decode = decode  # type: ignore[method-assign]
    _installed = True
