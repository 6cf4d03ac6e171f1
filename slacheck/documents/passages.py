"""Lines numbered into the document and joined into passages: paragraphs and table rows.

Paragraphs: consecutive non-blank lines join unless the first ends a sentence (``。；;！？!?.:：``),
is a heading or a short numbered title (``第一条 服务内容``), or the second starts an item
(Markdown heading, list marker, ``1.`` ``1)`` ``1、`` ``(一)`` ``一、`` ``第X条``, a bullet or a symbol
such as ✅, a table row, ``label: value`` with the colon in the first 28 characters (48 when the label ends in
a bracketed unit), or a quoted key as in JSON).  In PDFs a line also must reach the right edge of the text (the
next line's first word would not have fitted after it), and a paragraph continues across a page break under the
same tests, skipping page numbers and running headers/footers (first or last line of a page that looks like a page
number, or that repeats on at least half of the pages); those lines belong to no passage."""

from __future__ import annotations

import math
import re
import unicodedata
from array import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain

from slacheck.documents.model import Geo, Line, Lines, LineSegments, PackedSegments, Page, Passage, Run
from slacheck.regexes import regex

# --------------------------------------------------------------------------- passages


@dataclass(init=False, slots=True)
class _Body:
    """A line's stripped content that may join its neighbours into a paragraph (its constructor written out, as
    extract.context.Said's is)."""

    index: int  # into Document.lines
    start: int  # column of the content in the line
    text: str
    geo: Geo | None
    right: float  # right edge of the text on pages like this line's

    def __init__(self, index: int, start: int, text: str, geo: Geo | None = None, right: float = 0.0) -> None:
        self.index = index
        self.start = start
        self.text = text
        self.geo = geo
        self.right = right


def assemble(pages: list[Page], *, pdf: bool) -> tuple[Lines, tuple[Passage, ...]]:
    """Number the lines of all pages and build text and table-row passages.

    Nothing is kept per line but its text (a single page's list of texts is used as it is): the
    lines are a :class:`Lines`, a paragraph of consecutive lines keeps one int per line
    (:class:`LineSegments`), other passages four per segment, and the paragraphs of a text file are
    built as its lines go by."""
    texts = pages[0].texts if len(pages) == 1 else [t for page in pages for t in page.texts]
    offsets = []
    off = 0
    for page in pages:
        offsets.append(off)
        off += len(page.texts)
    places = None
    if any(page.places for page in pages):
        places = [page.places[k] if page.places else "" for page in pages for k in range(len(page.texts))]
    lines = Lines(texts, offsets, [page.number for page in pages], places)
    passages: list[Passage] = []
    marks = {off + k: mark for page, off in zip(pages, offsets) for k, mark in page.marks.items()}
    for page, off in zip(pages, offsets):
        passages.extend(_table_passages(page, page.table_rows, off, texts))
    # one page's bodies after another, never all at once (mypyc would make a generator expression a list)
    bodies: Iterable[_Body] = chain.from_iterable([_bodies(page, page.reserved, off)
                                                   for page, off in zip(pages, offsets)])
    skippable: set[int] = set()
    if pdf:
        every = list(bodies)
        skippable = _furniture(every, lines)
        every = [b for b in every if b.index not in skippable]
        _set_right_edges(every, {page.number: page.width for page in pages}, lines)
        bodies = every
    elif skippable := _printed_furniture(texts):  # a PDF printed to text: its page marks and running lines
        bodies = (b for b in bodies if b.index not in skippable)
    rows = len(passages)
    passages.extend(_paragraphs(bodies, skippable, marks, texts))
    if rows:  # paragraphs come in line order: only table rows need placing among them
        passages.sort(key=Passage.first_place)
    return lines, tuple(passages)


def _table_passages(page: Page, table_rows: list[list[list[Run]]], off: int, texts: list[str]) -> list[Passage]:
    """The passages of a page's table rows, then of the runs beside its tables (``off``: its first line)."""
    passages = []
    for row in table_rows:
        passage = _row_passage(texts, [[(off + ln, a, b) for ln, a, b in cell] for cell in row])
        if passage:
            passages.append(passage)
    for ln, a, b in page.loose_runs:
        piece = texts[off + ln][a:b]
        passages.append(Passage(piece, PackedSegments(array("i", (0, off + ln, a, len(piece)))), "text"))
    return passages


def _bodies(page: Page, reserved: set[int], off: int) -> Iterator[_Body]:
    """A page's text lines outside ``reserved`` (tables, separators), without blank lines and rules."""
    geometry = page.geometry
    for k, t in enumerate(page.texts):
        content = t.strip()
        if k in reserved or not content or _RULE.match(content):
            continue
        start = len(t) - len(t.lstrip())
        yield _Body(off + k, start, content, geometry[k] if geometry else None)


def _paragraphs(bodies: Iterable[_Body], skippable: set[int], marks: dict[int, str],
                texts: list[str]) -> Iterator[Passage]:
    """Consecutive bodies that continue one another, as one text passage each."""
    paragraph: _Paragraph | None = None
    listed: set[int] = set()  # the numbers of the "(n)" list items met so far
    for body in bodies:
        if paragraph and body.index not in marks and paragraph.first.index not in marks \
                and _continues(paragraph.last, body, skippable, paragraph.first, listed):  # (a marked line: its own)
            paragraph.add(body)
            continue
        if (item := _BRACKETED_NUMBER.match(body.text)) is not None:
            listed.add(int(item.group(1)))
        if paragraph:
            yield paragraph.passage()
        paragraph = _Paragraph(body, marks.get(body.index, ""), texts)
    if paragraph:
        yield paragraph.passage()


class _Paragraph:
    """A text passage being built: bodies (whole stripped lines of ``texts``) joined like wrapped
    lines, after ``mark`` (a heading's "## ", not from the file).  The text is joined in chunks as
    it grows, and only where each line starts in it is kept (with the lines, once they are not
    consecutive), and the first and last bodies."""

    __slots__ = ("chunks", "parts", "starts", "lines", "pos", "first", "last", "texts")

    CHUNK = 4096

    def __init__(self, body: _Body, mark: str, texts: list[str]) -> None:
        self.texts = texts
        self.chunks: list[str] = []
        self.parts: list[str] = [mark] if mark else []
        self.starts = array("i")
        self.lines: array[int] | None = None  # each body's line, once one is not the line after the last
        self.pos = len(mark)
        self.first = self.last = body
        self._append(body)

    def add(self, body: _Body) -> None:
        joiner = "" if _split_word(self.last, body) else _joiner(self.last.text, body.text)
        self.parts.append(joiner)
        self.pos += len(joiner)
        if self.lines is None and body.index != self.last.index + 1:
            self.lines = array("i", range(self.first.index, self.last.index + 1))
        self._append(body)
        self.last = body
        if len(self.parts) >= self.CHUNK:
            self.chunks.append("".join(self.parts))
            self.parts.clear()

    def _append(self, body: _Body) -> None:
        self.starts.append(self.pos)
        if self.lines is not None:
            self.lines.append(body.index)
        self.parts.append(body.text)
        self.pos += len(body.text)

    def passage(self) -> Passage:
        self.chunks.append("".join(self.parts))
        text = "".join(self.chunks)
        if self.lines is None:
            return Passage(text, LineSegments(self.starts, self.first.index, self.texts), "text")
        segments = array("i")
        for start, line in zip(self.starts, self.lines):
            whole = self.texts[line]
            segments.extend((start, line, len(whole) - len(whole.lstrip()), len(whole.strip())))
        return Passage(text, PackedSegments(segments), "text")


def _set_right_edges(bodies: list[_Body], widths: dict[int, float], lines: Sequence[Line]) -> None:
    """The right edge of the text, over all pages of one width: the rightmost line end, but no
    further right than the left margin mirrored (a stray wide line does not move it); with
    fewer than 3 lines, the mirrored left margin alone."""
    groups: dict[float, list[tuple[_Body, Geo]]] = {}
    for b in bodies:
        if b.geo is not None:
            groups.setdefault(widths[lines[b.index].page], []).append((b, b.geo))
    for width, group in groups.items():
        mirrored = width - min(geo.x0 for _, geo in group)
        right = mirrored if len(group) < 3 else min(mirrored, max(geo.x1 for _, geo in group))
        for b, _ in group:
            b.right = right


def _furniture(bodies: list[_Body], lines: Sequence[Line]) -> set[int]:
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


def _printed_furniture(texts: list[str]) -> set[int]:
    """In a text file printed from pages ("Page 3 of 9 — Confidential" between the lines of a sentence): the
    lines with a page mark, the lines that repeat beside other page marks (a running header or footer, wherever
    it stands) and the blank lines around them, so a sentence goes on across the page break."""
    whole = "\n".join(texts)  # one search through the text, not one a line
    found = [match.start() for match in _PRINTED_PAGE_MARK.finditer(whole)]
    if len(found) < 2:
        return set()
    line_starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
    marks = sorted({k for k in (bisect_right(line_starts, at) - 1 for at in found)
                    if len(texts[k]) <= _PRINTED_MARK_LENGTH})
    if len(marks) < 2:
        return set()
    around = {k: [i for i in range(max(0, k - _RUNNING_LINES), min(len(texts), k + _RUNNING_LINES + 1))
                  if i != k and texts[i].strip()] for k in marks}
    near_keys = {i: _furniture_key(texts[i]) for near in around.values() for i in near}
    keys = Counter(near_keys[i] for near in around.values() for i in set(near))  # a line by each mark it stands by
    running = {key for key, count in keys.items() if count >= max(2, len(marks) // 2)}
    starts = {texts[i].lstrip()[:2] for i, key in near_keys.items() if key in running}  # a cheap test before a
    # line's key is made
    skippable = set(marks) | {i for i, t in enumerate(texts)  # the first page's header too, before any mark
                              if len(t) <= _PRINTED_MARK_LENGTH and t.lstrip()[:2] in starts
                              and _furniture_key(t) in running}
    for k in sorted(skippable):
        for step in (-1, 1):
            i = k + step
            while 0 <= i < len(texts) and not texts[i].strip():
                skippable.add(i)
                i += step
    return skippable


def _is_page_number(text: str) -> bool:
    """"3", "- 3 -", "第 3 页 共 9 页", "Page 3 of 9"...: short lines only (the pattern's runs of
    optional spaces would backtrack quadratically over a long run of spaces)."""
    return len(text) <= _PAGE_NUMBER_LENGTH and _PAGE_NUMBER.match(unicodedata.normalize("NFKC", text)) is not None


def _furniture_key(text: str) -> str:
    return re.sub(r"\d+", "#", "".join(unicodedata.normalize("NFKC", text).split()))


_BRACKETED_NUMBER = regex(r"\((\d{1,3})\)\s")


def _continues(prev: _Body, cur: _Body, skippable: set[int], first: _Body, listed: set[int]) -> bool:
    """Whether ``cur`` continues the wrapped sentence that ``prev`` ends (``first``: its paragraph's first line;
    ``listed``: the numbers of the "(n)" items met before)."""
    if any(i not in skippable for i in range(prev.index + 1, cur.index)):
        return False
    if _is_title(prev.text) or _ends_sentence(prev.text) and not _clause_hangs(first, prev, cur) \
            or _starts_item(cur.text) and not _figure_repeated(
            prev, cur, listed) and not _sentence_goes_on(prev, cur) \
            or len(cur.text) >= NAMED_ITEM_MIN and _parallel(first.text, cur.text) \
            or cur.start <= prev.start and ("  " in prev.text or "\u3000" in prev.text) \
            and _GAP_LABEL.match(prev.text) is not None \
            or chat_header_end(prev.text) is not None or chat_header_end(cur.text) is not None:
        return False
    if prev.geo is not None and cur.geo is not None:
        # prev is wrapped only if cur's first word would not have fitted at its end
        wrapped = prev.right - prev.geo.x1 <= cur.geo.first_word + prev.geo.size
        return wrapped or _hangs(first, prev, cur) or _runs_on(prev, cur) or _goes_on_in_lowercase(prev, cur)
    return not _steps_out(first, prev, cur)


def _clause_hangs(first: _Body, prev: _Body, cur: _Body) -> bool:
    """Whether a list item's line that ends a clause (";") goes on in a line indented under the item's marker
    ("- Hardware failure: node swapped within 2 hours;" / "  rail position and IPs restored before …")."""
    return prev.text[-1] in ";；" and cur.start > first.start and _starts_item(first.text) \
        and not _starts_item(cur.text)


def _steps_out(first: _Body, prev: _Body, cur: _Body) -> bool:
    """Whether a plain-text line steps back out of a list item's hanging indent, to the item's marker or left of
    it ("    - NICs … provided and" / "      maintained by us" / "  Storage network"): it starts something new."""
    return cur.start < prev.start and cur.start <= first.start and _starts_item(first.text)


_NAMED_ITEM = regex(r"([A-Za-z]{2,12}|[\u4e00-\u9fff]{1,4}) ?([A-Z0-9一二三四五六七八九十]{1,2}) ?[—–:：\-)）]")
"""A line that opens with a word and a letter or number that name it ("Plan A —", "方案B：", "Option 2:")."""
NAMED_ITEM_MIN = 3
"""Shortest line that can open so ("甲A：")."""


def _parallel(first: str, cur: str) -> bool:
    """Whether a line opens like its paragraph's first line with another name ("Plan A — ..." then "Plan B —
    ..."): items side by side, not one wrapped sentence."""
    if first[:1] != cur[:1]:  # a cheap test first: most lines open otherwise
        return False
    a, b = _NAMED_ITEM.match(first), _NAMED_ITEM.match(cur)
    return a is not None and b is not None and a.group(1) == b.group(1) and a.group(2) != b.group(2)


def _figure_repeated(prev: _Body, cur: _Body, listed: set[int]) -> bool:
    """Whether a line that opens with "(n)" repeats in figures a number written in words at the end of the line
    before ("eight" / "(8) H200 GPUs"): a list does not start at "(8)", so it is no item unless "(7)" came
    before."""
    item = _BRACKETED_NUMBER.match(cur.text)
    return item is not None and int(item.group(1)) - 1 not in listed | {0} and prev.text[-1].isalpha()


_LOWERCASE_WORD = regex(r"[a-z]{2,}\s")


def _sentence_goes_on(prev: _Body, cur: _Body) -> bool:
    """Whether a line that reads as a label ("team owns fabric incidents: congestion, …") goes on with the sentence
    the line before broke off in a word ("… Our network"): it opens with a word in lower case."""
    return prev.text[-1].isascii() and prev.text[-1].isalpha() and _LOWERCASE_WORD.match(cur.text) is not None


def _goes_on_in_lowercase(prev: _Body, cur: _Body) -> bool:
    """A line that ends in a word or comma, followed by one that starts with a lowercase word, goes on into it
    (a text broken by hand before it was printed: "... do not mean" / "the cluster runs ...")."""
    return (prev.text[-1].isalpha() and prev.text[-1].isascii() or prev.text[-1] == ",") \
        and cur.text[0].islower() and cur.text[0].isascii()


RUN_ON_WIDTH = 0.6
"""A line that fills at least this share of the text width and ends mid-sentence between two ideographs
runs on into the next (Chinese text wrapped by hand, so the line ends short of the margin)."""


def _runs_on(prev: _Body, cur: _Body) -> bool:
    if prev.geo is None:
        return False
    filled = (prev.geo.x1 - prev.geo.x0) >= RUN_ON_WIDTH * (prev.right - prev.geo.x0)
    return filled and _ideograph(prev.text[-1]) and _ideograph(cur.text[0])


SPLIT_GAP = 0.5
"""A Chinese line that ends closer than this share of its font size to the right edge was filled char by
char: a Latin word or number at its end was split there ("H80" / "0"), not wrapped at a space."""


def _split_word(prev: _Body, cur: _Body) -> bool:
    """Whether a wrapped Chinese line ends inside a word that ``cur`` finishes (no space was lost between)."""
    if prev.geo is None or prev.right - prev.geo.x1 >= SPLIT_GAP * prev.geo.size:
        return False
    before, after = prev.text[-1], cur.text[0]
    return not (is_cjk(before) or is_cjk(after) or after.isspace()) and any(map(_ideograph, prev.text))


def _ideograph(ch: str) -> bool:
    return 0x4E00 <= ord(ch) <= 0x9FFF or 0x3400 <= ord(ch) <= 0x4DBF


HANG_INDENT = 0.3
"""A line indented by more than this share of the font size under an item's marker hangs from it: two
spaces of a plain-text list drawn in a proportional font ("  * Failure: ..." over "    Node is ...")."""


def _hangs(first: _Body, prev: _Body, cur: _Body) -> bool:
    """``cur`` is indented under a numbered clause's or list item's first line, as the item's earlier lines
    are: a hanging indent, whatever the length of the line before it."""
    if first.geo is None or prev.geo is None or cur.geo is None or not _starts_item(first.text):
        return False
    indented = cur.geo.x0 - first.geo.x0 > HANG_INDENT * first.geo.size
    return indented and (prev is first or abs(prev.geo.x0 - cur.geo.x0) <= 1)


def _row_passage(texts: list[str], cells: list[list[Run]]) -> Passage | None:
    """Cells joined by " | "; a cell's runs joined like wrapped lines (" " on one line)."""
    if not any(cells):
        return None
    parts: list[str] = []
    segments = array("i")
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
            segments.extend((pos, line, a, b - a))
            parts.append(piece)
            pos += len(piece)
    return Passage("".join(parts), PackedSegments(segments), "table-row")


# --------------------------------------------------------------------------- heuristics

_RULE = regex(r"([-=*_~—─━═])(?:\s*\1){2,}\s*$")
_HEADING = regex(r"#{1,6}(?:\s|$)|={1,6} (?=\S)")
"""A Markdown heading, or an AsciiDoc one ("== At a glance")."""
_CLAUSE = regex(
    r"第[一二三四五六七八九十百千零〇\d]{1,6}[条章节款项部]|[一二三四五六七八九十百]{1,3}[、.]"
    r"|\(\s*[一二三四五六七八九十]{1,3}\s*\)|\d{1,3}(?:\.\d{1,3})+\s"
    r"|(?:Article|Section|Clause|Schedule|Annex|Appendix|Exhibit)\s+[\dIVX]"
    r"|\d{1,2}[.、)]\s*(?=[A-Za-z\u4e00-\u9fff])"
)
_PAGE_NUMBER = regex(
    r"\s*(?:[-–—]?\s*\d{1,4}\s*[-–—]?|第\s*\d{1,4}\s*页(?:\s*[,，/]?\s*共\s*\d{1,4}\s*页)?"
    r"|共\s*\d{1,4}\s*页\s*第\s*\d{1,4}\s*页|(?i:page|p\.)\s*\d{1,4}(?:\s*(?i:of|/)\s*\d{1,4})?"
    r"|\d{1,4}\s*/\s*\d{1,4})\s*$"
)
_PAGE_NUMBER_LENGTH = 40
_PRINTED_PAGE_MARK = regex(r"[Pp](?i:age)\s*\d{1,4}\s*(?i:of|/)\s*\d{1,4}"
                           r"|第\s*\d{1,4}\s*页\s*[,，/]?\s*共\s*\d{1,4}\s*页|共\s*\d{1,4}\s*页\s*[,，/]?\s*第\s*\d{1,4}\s*页")
"""A page mark that counts the pages ("Page 3 of 9", "第 3 页 共 9 页"), on a line of a text printed from pages (a
letter first, so it is searched fast)."""
_PRINTED_MARK_LENGTH = 120
"""Longest line that can be a page's mark or running line."""
_RUNNING_LINES = 2
"""Lines before and after a page mark where a running header or footer stands."""
CHAT_TIME = (r"(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+)?\[?(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+"
             r"|\d{1,2}/\d{1,2}/\d{2,4},?\s+|\d{1,2}-[A-Z][a-z]{2}-\d{2,4}\s+)?"
             r"(?:[A-Z][a-z]{2,8}\.?,?\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\]?")
"""The time a chat message starts with ("10:16", "2025-07-08 10:15", "[09:41:07]", "[Tue 09:51]", "[2025-05-13
09:30]", "[03/09/2025, 09:14]", "[3/9/25, 9:14 PM]", "[11-Mar-25 10:04 AM]")."""
CHAT_HEADER = r"[^\s:()]{1,24}(?: [^\s:()]{1,24})?(?: ?\([^()\n]{1,24}\))?\s{1,4}(?:[-–—|·]\s{1,4})?" + CHAT_TIME \
    + r"\s*$"
"""A chat message's speaker and time alone on a line, the speaker first ("maria  9:02 AM", "kai (Stratus)  9:10 AM",
a ticket's "Tomasz Wilk  -  2024-10-02 09:14"): its words follow on the lines below."""
_CHAT_HEADER = regex(rf"\s*{CHAT_HEADER}")
CHAT_HEADER_MAX = 64
"""Longest line that can be a chat message's speaker and time alone."""
CHAT_HEADER_MIN = 6
"""Shortest such line ("a 9:10")."""


_TIME_ENDS = frozenset("0123456789Mm]")
"""The characters a time ends with ("9:10", "9:10 AM", "[09:10]")."""


_TIME_FIRST_HEADER = regex(r"\s*\[?\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?\]?\s+"
                           r"[^\s:：,，。;；!?！？]{1,24}(?:[（(][^()（）\n]{1,12}[)）])?\s*$")
"""A chat message's date, time and speaker alone on a line, as a desktop chat exports it ("2025-05-08 14:41:16
旺川-周晓晨（销售）"): its words follow on the lines below (a time alone, "10:30 以后", is no header)."""


def chat_header_end(text: str) -> int | None:
    """Where a chat message's speaker and time end when they stand alone ("kai (Stratus)  9:10 AM", "2025-05-08
    14:41:16 旺川-周晓晨（销售）"), else None. Only a short text that ends in a time, or starts with one, is tried."""
    if len(text) > CHAT_HEADER_MAX or len(text) < CHAT_HEADER_MIN:
        return None
    match = _CHAT_HEADER.match(text) if text.rstrip()[-1:] in _TIME_ENDS else None
    if match is None and (text.lstrip()[:1].isdigit() or text.lstrip()[:1] == "["):
        match = _TIME_FIRST_HEADER.match(text)
    return match.end() if match else None
LEADER = r"[^\W\d][^.\n]{0,30}?\s?\.{3,}(?:\s|$)"
"""A label and the dotted leader after it ("Nodes ...... 4", "Severity 1 ....... 15 minutes"; a long leader may
run past the characters a line's start is tested on)."""
_ITEM = regex(
    r"""\#{1,6}(?:\s|$)                                 # Markdown heading
    | [-*+](?:\s|$)                                   # Markdown list item
    | \[[^\]\n]{0,10}\]\s | (?:->|=>|»)\s             # [check] [x] [ ]  -> =>
    | \|                                              # table row
    | \d{1,3}(?:\.\d{1,3}){2,}                        # 1.2.3
    | \d{1,3}(?:\.\d{1,3})+\s                         # 1.1 Title
    | \d{1,3}[.)](?!\d) | \d{1,3}、                   # 1.  1)  1、
    | \(\s*(?:\d{1,3}|[一二三四五六七八九十]{1,3}|[A-Za-z]|[ivxIVX]{1,4})\s*\)   # (1) (一) (a)
    | [一二三四五六七八九十百]{1,3}[、.]               # 一、
    | 第[一二三四五六七八九十百千零〇\d]{1,6}[条章节款项部]   # 第X条
    | [A-Za-z][.)]\s | [IVX]{1,4}\.\s                 # a) A. IV.
    | (?:Article|Section|Clause|Schedule|Annex|Appendix|Exhibit)\s+[\dIVX]
    | """ + CHAT_TIME + r"""\s+[^:\s][^:]{0,24}:                       # chat: "10:16 小周:"
    | """ + LEADER + r"""                             # a label with dot leaders: "Nodes ...... 4"
    """,
    re.VERBOSE,
)
_BULLETS = frozenset("•·●○◦▪▫■□◆◇►▸▶※✓✔☐☑√➢➤") | frozenset(map(chr, range(0x2460, 0x249C)))
_LABEL = regex(r"([^:]{1,28}):")
_CAPITALS_TITLE = regex(r"[A-Z][A-Z&/'-]*(?: [A-Z][A-Z&/'-]*){1,5}")
"""Two to six words in capitals and nothing else: a title, which no sentence runs on from."""
COMMENTED_KEY = regex(r"#+-?\s*-?\s*[a-z][a-z0-9_]*\s*:(?:\s|$)")
"""A spec file's key commented out ("#- protocol: RoCE v2", "# rate_gbps: 100"): an alternative, a line of its
own."""
_GAP_LABEL = regex(r"[^\s:：,，.。;；|]{1,12}(?: [^\s:：,，.。;；|]{1,12})?[ \u3000]{2,}\S")
"""A spec sheet's line: a label of a word or two, a gap of spaces, and its value ("GPU　　　8 × A100 PCIe")."""
_SETTING = regex(r"[^\s=:：,，.。;；]{1,24}(?: [^\s=:：,，.。;；]{1,24}){0,2} = \S")
"""A setting's line in an INI-like list ("节点数量 = 8", "GPU model = H100 SXM"): a key of up to three words."""
_BRACKETED_LABEL = regex(r"([^:]{1,40}\([^():]{1,8}\)) ?:")
"""A longer label that ends in a bracketed unit ("Support response time (minutes): 15")."""
BRACKETED_LABEL_WIDTH = 56
"""Characters at the start of a line where a label that ends in a bracketed unit stands, colon and all."""
_QUOTED_KEY = regex(r'"[^"\n]{1,46}"[ \t]*:')
"""A quoted key before its colon, as in JSON ('"hardware_replacement_minutes": 120,'): a line of its own."""
_CLOSERS = "\"')]}」』】》〉”’*_"
_SENTENCE_END = frozenset("。;!?.:")


def _ends_sentence(text: str) -> bool:
    tail = unicodedata.normalize("NFKC", text[-6:]).rstrip().rstrip(_CLOSERS)  # also in bold: '**"… True?"**'
    return bool(tail) and tail[-1] in _SENTENCE_END


def _is_title(text: str) -> bool:
    """A Markdown heading, a short numbered heading without punctuation ("第一条 服务内容"), or a line of words in
    capitals alone ("INCIDENT HISTORY")."""
    if _HEADING.match(text) or text.isupper() and _CAPITALS_TITLE.fullmatch(text):
        return True
    if len(text) > 24:
        return False
    head = unicodedata.normalize("NFKC", text)
    m = _CLAUSE.match(head)
    return m is not None and not any(ch in ",;:!?。" for ch in head[m.end() :])


def _starts_item(text: str) -> bool:
    """A heading, list item (after a bullet or a symbol), numbered clause, table row or a short "label: value"
    line."""
    if text[0] in _BULLETS or 0x2776 <= ord(text[0]) <= 0x2793 or unicodedata.category(text[0]) == "So":
        return True  # a symbol leads an item too: ✅, ⭐, 👉 (emoji lists)
    head = unicodedata.normalize("NFKC", text[:32])
    if _ITEM.match(head) or text[0] == '"' and _QUOTED_KEY.match(text) \
            or ("  " in text or "\u3000" in text) and _GAP_LABEL.match(text) \
            or " = " in head and _SETTING.match(head) \
            or text[0] == "#" and COMMENTED_KEY.match(text):
        return True
    m = _LABEL.match(head)
    if m is None and ("(" in text[:BRACKETED_LABEL_WIDTH] or "（" in text[:BRACKETED_LABEL_WIDTH]):
        m = _BRACKETED_LABEL.match(unicodedata.normalize("NFKC", text[:BRACKETED_LABEL_WIDTH]))
    if m is None:
        return False
    label, after = m.group(1), head[m.end() : m.end() + 2]
    return (
        any(ch.isalpha() for ch in label)
        and not re.search(r"[,;!?。]", label)
        and not after.startswith("//")
        and not (label[-1].isdigit() and after[:1].isdigit())
    )


def is_cjk(ch: str) -> bool:
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
    return "" if is_cjk(before[-1]) and is_cjk(after[0]) else " "
