"""What a loaded file is: its lines, the passages the grammar parses, the segments that tie each
passage character to a line, the errors and the time budget; and a page's lines as the readers
build them, before they are numbered into the document."""

from __future__ import annotations

import bisect
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, overload


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

    def check(self, where: str | Callable[[], str]) -> None:
        """Raise TimeBudgetExceeded once the time is up; ``where`` says how far reading got (or makes that
        description, called only then: a caller that checks often need not describe every place)."""
        if time.monotonic() - self.started > self.seconds:
            raise self.exceeded(where if isinstance(where, str) else where())

    def exceeded(self, where: str) -> TimeBudgetExceeded:
        """The error for running out of time at ``where``."""
        return TimeBudgetExceeded(f"time budget of {self.seconds:g} s exceeded ({where}); raise --time-budget")

    def remaining(self) -> float:
        """Seconds left (0 when the time is up)."""
        return max(0.0, self.seconds - (time.monotonic() - self.started))


@dataclass(frozen=True, slots=True, init=False)
class Line:
    """One extracted or read line (the constructor written out, as extract.context.Said's is)."""

    page: int  # 1-based (1 for text files)
    number: int  # 1-based line number within the page (PDF) or the file (text)
    text: str  # exactly as extracted/read, without the line terminator
    where: str  # where a person finds it in Word, Excel or HTML ("Sheet1!B7"); "" for PDF and text

    def __init__(self, page: int, number: int, text: str, where: str = "") -> None:
        object.__setattr__(self, "page", page)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "where", where)


Item = TypeVar("Item")


class _Compact(Sequence[Item]):
    """A sequence kept compactly whose items are made when asked for (``_item``). Equal to any sequence of the
    same items (a tuple)."""

    __slots__ = ()

    def _item(self, index: int) -> Item:
        """Item ``index`` (0 <= index < len(self))."""
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Item, ...]: ...

    def __getitem__(self, index: int | slice) -> Item | tuple[Item, ...]:
        if isinstance(index, slice):
            return tuple(self._item(k) for k in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"{type(self).__name__} index out of range")
        return self._item(index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (_Compact, tuple, list)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __hash__(self) -> int:
        return hash(tuple(self))


class Lines(_Compact[Line]):
    """A document's lines, kept as one list of texts and the index of each page's first line: a
    :class:`Line` is made when one is asked for, so a file of a million short lines costs a list of
    a million strings, not a million objects.  Equal to any sequence of the same lines (a tuple)."""

    __slots__ = ("texts", "_starts", "_pages", "_places")

    def __init__(self, texts: list[str], starts: Sequence[int] = (0,), pages: Sequence[int] = (1,),
                 places: list[str] | None = None) -> None:
        self.texts = texts  # each line's text; not to be changed
        self._starts = array("q", starts)  # index of each page's first line, ascending
        self._pages = array("q", pages)  # that page's number
        self._places = places  # each line's Line.where, None when no line has one

    @classmethod
    def of(cls, lines: Iterable[Line]) -> Lines:
        """The lines given as objects (in page order)."""
        texts: list[str] = []
        starts: list[int] = []
        pages: list[int] = []
        places: list[str] = []
        for line in lines:
            if not pages or pages[-1] != line.page or len(texts) - starts[-1] + 1 != line.number:
                if line.number > 1 and pages and pages[-1] == line.page:
                    raise ValueError("lines must be numbered from 1 on each page")
                starts.append(len(texts))
                pages.append(line.page)
            texts.append(line.text)
            places.append(line.where)
        return cls(texts, starts, pages, places if any(places) else None)

    def __len__(self) -> int:
        return len(self.texts)

    def _item(self, index: int) -> Line:
        p = bisect.bisect_right(self._starts, index) - 1
        return Line(self._pages[p], index - self._starts[p] + 1, self.texts[index],
                    self._places[index] if self._places is not None else "")

    def __iter__(self) -> Iterator[Line]:
        texts, places, starts, pages = self.texts, self._places, self._starts, self._pages
        for p, first in enumerate(starts):
            last = starts[p + 1] if p + 1 < len(starts) else len(texts)
            for index in range(first, last):
                yield Line(pages[p], index - first + 1, texts[index], places[index] if places is not None else "")

    @property
    def placed(self) -> bool:
        """Whether any line has a place (Line.where)."""
        return self._places is not None

    def find(self, page: int, number: int) -> int | None:
        """The index of the line ``number`` of ``page`` (None when there is none)."""
        for p in range(len(self._pages)):
            if self._pages[p] == page:
                last = self._starts[p + 1] if p + 1 < len(self._starts) else len(self.texts)
                index = self._starts[p] + number - 1
                if self._starts[p] <= index < last:
                    return index
        return None

    def __repr__(self) -> str:
        return f"Lines({list(self)!r})"


PIECE = 1 << 15
"""Characters joined at once where a search looks through all of a document's lines or passages together: the
whole document joined into one text would cost memory in proportion to it."""


def line_texts(lines: Sequence[Line]) -> Sequence[str]:
    """Each line's text; a Lines gives its own list, without making a Line per line."""
    return lines.texts if isinstance(lines, Lines) else [line.text for line in lines]


def joined_pieces(texts: Sequence[str], separator: str = "\n", overlapping: bool = False,
                  size: int = PIECE) -> Iterator[str]:
    """``texts`` joined by ``separator``, in pieces of about ``size`` characters that each start at a text. An
    overlapping piece starts with the last text of the one before, so any two neighbouring texts are joined in
    one piece."""
    least = 2 if overlapping else 1  # texts in a piece
    start = 0
    while start < len(texts):
        end, joined = start, 0
        while end < len(texts) and (joined < size or end - start < least):
            joined += len(texts[end]) + 1
            end += 1
        yield separator.join(texts[start:end])
        start = end - 1 if overlapping and end < len(texts) else end


def line_places(lines: Sequence[Line]) -> dict[tuple[int, int], str]:
    """Each line's place (Line.where) by page and line number, for the lines that have one."""
    if isinstance(lines, Lines) and not lines.placed:
        return {}
    return {(line.page, line.number): line.where for line in lines if line.where}


def line_finder(lines: Sequence[Line]) -> Callable[[int, int], int | None]:
    """A function giving the index of the line (page, number) in ``lines``, or None."""
    if isinstance(lines, Lines):
        return lines.find
    index = {(line.page, line.number): i for i, line in enumerate(lines)}
    return lambda page, number: index.get((page, number))


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of passage characters copied from one line."""

    start: int  # offset in Passage.text
    line: int  # index into Document.lines
    column: int  # 0-based offset in that line's text
    length: int  # passage.text[start:start+length] == lines[line].text[column:column+length]


class Segments(_Compact[Segment]):
    """A passage's segments in passage order, kept compactly: a :class:`Segment` is made when one
    is asked for.  Equal to any sequence of the same segments (a tuple)."""

    __slots__ = ()

    def span(self, index: int) -> tuple[int, int, int, int]:
        """(start, line, column, length) of segment ``index`` (0 <= index < len(self))."""
        raise NotImplementedError

    def _item(self, index: int) -> Segment:
        return Segment(*self.span(index))

    def __iter__(self) -> Iterator[Segment]:
        for k in range(len(self)):
            yield Segment(*self.span(k))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class PackedSegments(Segments):
    """Any segments: four C ints each (start, line, column, length) in one array."""

    __slots__ = ("data",)

    def __init__(self, segments: Iterable[Segment] | array[int] = ()) -> None:
        if isinstance(segments, array):
            self.data = segments
        else:
            self.data = array("i")
            for seg in segments:
                self.data.extend((seg.start, seg.line, seg.column, seg.length))

    def __len__(self) -> int:
        return len(self.data) // 4

    def span(self, index: int) -> tuple[int, int, int, int]:
        d, k = self.data, 4 * index
        return d[k], d[k + 1], d[k + 2], d[k + 3]


class LineSegments(Segments):
    """The segments of a paragraph of consecutive whole lines, each stripped of its surrounding
    white space: only where each starts in the passage is kept (one C int); its line is the
    paragraph's first plus its place, its column and length come from the line's text."""

    __slots__ = ("starts", "first", "texts")

    def __init__(self, starts: array[int], first: int, texts: list[str]) -> None:
        self.starts = starts
        self.first = first  # index of the first line
        self.texts = texts  # the document's line texts (Lines.texts)

    def __len__(self) -> int:
        return len(self.starts)

    def span(self, index: int) -> tuple[int, int, int, int]:
        text = self.texts[self.first + index]
        return self.starts[index], self.first + index, len(text) - len(text.lstrip()), len(text.strip())


class Passage:
    """A logical unit to parse: a paragraph (wrapped lines joined) or one table row."""

    __slots__ = ("text", "segments", "kind")

    text: str
    segments: Segments  # characters not covered are joiners we inserted (" ", " | ")
    kind: str  # "text" or "table-row"

    def __init__(self, text: str, segments: Iterable[Segment], kind: str) -> None:
        self.text = text
        self.segments = segments if isinstance(segments, Segments) else PackedSegments(segments)
        self.kind = kind

    def first_place(self) -> tuple[int, int]:
        """(line, column) of the passage's earliest character from the file, in document order
        ((-1, -1) without segments)."""
        segments = self.segments
        if not segments:
            return (-1, -1)
        if self.kind == "text":  # one segment per line, in line order
            return segments.span(0)[1:3]
        return min(segments.span(k)[1:3] for k in range(len(segments)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Passage):
            return NotImplemented
        return (self.text, self.kind) == (other.text, other.kind) and self.segments == other.segments

    def __hash__(self) -> int:
        return hash((self.text, self.kind, len(self.segments)))

    def __repr__(self) -> str:
        return f"Passage(text={self.text!r}, segments={tuple(self.segments)!r}, kind={self.kind!r})"

    def sources(self, start: int, end: int) -> list[tuple[int, int, int]]:
        """(line index, column start, column end) ranges of the original lines covered by
        text[start:end], joiners skipped, in passage order (line order, except that a table row
        goes back to its first line after a wrapped cell's lines); one per line touched, except
        that two table cells on one line that are not adjacent there give two ranges.  Segments are in
        passage order, so the first one is found by bisection: the cost is that of the segments
        touched, not of the passage (30,000 wrapped lines would make every lookup a full scan)."""
        ranges: list[tuple[int, int, int]] = []
        segments = self.segments
        count = len(segments)

        def seg_end(k: int) -> int:
            seg_start, _, _, length = segments.span(k)
            return seg_start + length

        first = bisect.bisect_right(range(count), start, key=seg_end)
        for index in range(first, count):
            seg_start, line, column, length = segments.span(index)
            if seg_start >= end:
                break
            lo, hi = max(start, seg_start), min(end, seg_start + length)
            if lo >= hi:
                continue
            col_lo, col_hi = column + lo - seg_start, column + hi - seg_start
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
    lines: Sequence[Line]  # a Lines
    passages: tuple[Passage, ...]
    warnings: tuple[str, ...]  # e.g. "page 3 has no text layer"




@dataclass(frozen=True)
class Geo:
    """Horizontal geometry of a PDF line (points)."""

    x0: float
    x1: float
    size: float  # largest font size on the line
    first_word: float  # width of the first word (one char if CJK)

    def __reduce__(self) -> tuple[type[Geo], tuple[float, float, float, float]]:
        """Pickled as its fields: the PDF reader's child process sends its pages over a pipe, and a frozen
        class compiled by mypyc cannot be restored attribute by attribute."""
        return Geo, (self.x0, self.x1, self.size, self.first_word)


Run = tuple[int, int, int]  # (line index within its page, column start, column end)


@dataclass
class Page:
    """One page's lines before they are numbered into the document."""

    number: int
    texts: list[str]
    geometry: list[Geo | None]  # each line's, or empty when no line has any (text)
    table_rows: list[list[list[Run]]]  # rows -> cells -> runs
    reserved: set[int]  # lines not used for paragraphs (tables, rotated text, separators)
    loose_runs: list[Run]  # text on table lines outside cells, rotated text: a passage each
    width: float = 0.0
    problem: str = ""  # why a page gave no lines
    places: list[str] = field(default_factory=list)  # each line's Line.where (empty: none)
    marks: dict[int, str] = field(default_factory=dict)  # line -> text put before its paragraph ("## ")
