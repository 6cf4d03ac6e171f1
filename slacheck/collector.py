"""The cycle collector, paused while the package's own code builds objects that live on.

Loading a text file, reading a document and checking it make many small objects that live until the report,
and no reference cycles (a test checks every sample): each collection would look through them again and find
nothing, and the full collections grow with the document. Other projects' parsers (PDF, office files, HTML)
run with the collector as the caller left it.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

__all__ = ["paused"]


@contextmanager
def paused() -> Iterator[None]:
    """The cycle collector off meanwhile; on again after, if it was on before."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
