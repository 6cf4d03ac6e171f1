"""What a loaded file is: its lines, the passages the grammar parses, the segments that tie each
passage character to a line, the errors and the time budget; and a page's lines as the readers
build them, before they are numbered into the document."""

from __future__ import annotations

import bisect
import time
from dataclasses import dataclass, field


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


@dataclass(frozen=True, slots=True)
class Line:
    """One extracted or read line."""

    page: int  # 1-based (1 for text files)
    number: int  # 1-based line number within the page (PDF) or the file (text)
    text: str  # exactly as extracted/read, without the line terminator
    where: str = ""  # where a person finds it in Word, Excel or HTML ("Sheet1!B7"); "" for PDF and text


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of passage characters copied from one line."""

    start: int  # offset in Passage.text
    line: int  # index into Document.lines
    column: int  # 0-based offset in that line's text
    length: int  # passage.text[start:start+length] == lines[line].text[column:column+length]


@dataclass(frozen=True, slots=True)
class Passage:
    """A logical unit to parse: a paragraph (wrapped lines joined) or one table row."""

    text: str
    segments: tuple[Segment, ...]  # characters not covered are joiners we inserted (" ", " | ")
    kind: str  # "text" or "table-row"

    def sources(self, start: int, end: int) -> list[tuple[int, int, int]]:
        """(line index, column start, column end) ranges of the original lines covered by
        text[start:end], joiners skipped, in passage order (line order, except that a table row
        goes back to its first line after a wrapped cell's lines); one per line touched, except
        that two table cells on one line that are not adjacent there give two ranges.  Segments are in
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
    format: str  # "pdf" | "text" | "markdown" | "docx" | "xlsx" | "html" | "eml"
    pages: int
    sha256: str  # of the file bytes
    encoding: str | None  # detected text encoding, None for PDF
    lines: tuple[Line, ...]
    passages: tuple[Passage, ...]
    warnings: tuple[str, ...]  # e.g. "page 3 has no text layer"




@dataclass(frozen=True)
class Geo:
    """Horizontal geometry of a PDF line (points)."""

    x0: float
    x1: float
    size: float  # largest font size on the line
    first_word: float  # width of the first word (one char if CJK)


Run = tuple[int, int, int]  # (line index within its page, column start, column end)


@dataclass
class Page:
    """One page's lines before they are numbered into the document."""

    number: int
    texts: list[str]
    geometry: list[Geo | None]
    table_rows: list[list[list[Run]]]  # rows -> cells -> runs
    reserved: set[int]  # lines not used for paragraphs (tables, rotated text, separators)
    loose_runs: list[Run]  # text on table lines outside cells, rotated text: a passage each
    width: float = 0.0
    problem: str = ""  # why a page gave no lines
    places: list[str] = field(default_factory=list)  # each line's Line.where (empty: none)
    marks: dict[int, str] = field(default_factory=dict)  # line -> text put before its paragraph ("## ")
