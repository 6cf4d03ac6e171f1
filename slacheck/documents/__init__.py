"""Load quote sheets and contracts into lines and logical passages.

A :class:`Document` holds every extracted line with its page and line number, and the
*passages* the fact grammar parses: paragraphs with their wrapped lines joined, and table rows
with their cells joined by ``" | "``.  Every passage character that came from the file is
covered by a :class:`Segment` pointing back into ``Document.lines`` (both kept compactly, as
:class:`Lines` and :class:`Segments`, and made into objects when asked for); the other characters are
joiners inserted here (``""`` between two CJK characters, else ``" "``, and ``" | "``).

The package goes by stage: :mod:`.model` (what a document is), :mod:`.load` (entry points),
the readers (:mod:`.text`, :mod:`.markdown`, :mod:`.pdf` with its engines :mod:`.pdf_plumber`
and :mod:`.pdf_pdfium`, and :mod:`.layout` for a PDF page's characters), and :mod:`.passages`
(lines joined into paragraphs and table rows).
"""

from slacheck.documents.load import document_from_bytes, document_from_text, load_document
from slacheck.documents.model import (
    Budget,
    Document,
    DocumentError,
    Line,
    Lines,
    Passage,
    Segment,
    Segments,
    TimeBudgetExceeded,
    joined_pieces,
    line_places,
    line_texts,
)

__all__ = [
    "Budget",
    "Document",
    "DocumentError",
    "Line",
    "Lines",
    "Passage",
    "Segment",
    "Segments",
    "TimeBudgetExceeded",
    "document_from_bytes",
    "document_from_text",
    "joined_pieces",
    "line_places",
    "line_texts",
    "load_document",
]
