"""A pdfplumber page's characters laid out into lines, words and table cells, in one pass over
``page.chars`` (the layout parse that ``extract_text`` pays for too; measured at 1.0-1.05x bare
``extract_text``):

* chars are grouped into lines by vertical overlap: a char joins the line whose tallest char
  contains its vertical centre.  This keeps a 20 pt price on its 10 pt label's line (what the
  notes' ``y_tolerance=8`` is for) without merging fine print set at a 6-8 pt pitch, which a
  fixed tolerance of 8 does;
* words split at space glyphs and at gaps over a quarter em plus the line's letter spacing (one
  em between two CJK characters), so justified CJK stays unspaced (the notes'
  ``x_tolerance_ratio=1.0``) while PDFs that set words without space glyphs keep their spaces
  (that ratio would give ``ThevendorshallH10080GB``);
* words are joined by one space, but across a column gap (two or more space glyphs, or a gap of
  two character widths on a line not spaced out evenly) by as many spaces as the glyphs (two at
  least), and the space glyphs before a line's first word are kept: a table aligned with spaces,
  its wrapped cells indented under their column, reads as it does in a text file
  (:func:`slacheck.documents.text.aligned_tables`);
* ``page.find_tables()`` runs only on pages with ruling lines or rectangles; chars are put in
  cells by their centre, so a row's passage points at the page lines its chars sit on, and
  those lines take no part in text passages."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from statistics import median
from typing import TYPE_CHECKING, Any, Literal

from slacheck.documents.model import Geo, Page
from slacheck.documents.passages import is_cjk
from slacheck.documents.pdf_notdef import NOTDEF_TEXT

if TYPE_CHECKING:
    from pdfplumber.page import Page as PdfPage
    from pdfplumber.table import CellGroup, Table


Char = dict[str, Any]
Placed = list[list[tuple[Char, int, int]]]
Grid = tuple[tuple[float, float, float, float], list["CellGroup"], int]
Direction = Literal["ltr", "rtl", "ttb", "btt"]
"""Per line of a page: each char with the columns it takes in the line's text."""


def read_page(page: PdfPage, number: int) -> Page:
    """Lines (with geometry), table rows and loose runs of one pdfplumber page."""
    return laid_out(page, number)[0]


def laid_out(page: PdfPage, number: int) -> tuple[Page, Placed]:
    """The page as :func:`read_page` gives it, and where each column of each line came from."""
    chars = [c for c in page.chars if c.get("text")]
    content = Page(number, [], [], [], set(), [], float(page.width))
    placed: Placed = []
    if not any(not c["text"].isspace() for c in chars):
        content.problem = "has no text layer (image only): read it with --ocr" if page.images else "has no text"
        return content, placed
    if sum(c["text"].startswith("(cid:") for c in chars) * 2 >= len(chars):
        content.problem = "has text in fonts without a Unicode mapping (cid glyphs)"
        return content, placed
    for cluster in cluster_lines([c for c in chars if c.get("upright", True)]):
        cluster.sort(key=lambda c: c["x0"])
        cluster = [_notdef_read(cluster, k) for k in range(len(cluster))]
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
    return content, placed


def _notdef_read(chars: list[Char], k: int) -> Char:
    """Char ``k`` of a line; a blank .notdef glyph (pdf_notdef) as what it stood for: a list bullet as the
    line's first glyph (a marker the font lacks, "·" in a Chinese font), a middle dot between two spaces (a
    symbol the font lacks, set apart like a word), elsewhere a tab (a control code between cells)."""
    char = chars[k]
    if char["text"] != NOTDEF_TEXT:
        return char
    if all(c["text"] == " " for c in chars[:k]):
        return dict(char, text="•")
    if chars[k - 1]["text"] == " " and k + 1 < len(chars) and chars[k + 1]["text"] == " ":
        return dict(char, text="·")
    return dict(char, text="\t")


def _add_rotated(content: Page, placed: Placed, chars: list[Char]) -> None:
    """Rotated text (stamps, side notes) with pdfplumber's grouping, one passage per line.
    Text turned anticlockwise reads bottom to top, clockwise top to bottom."""
    from pdfplumber.utils.text import WordExtractor

    upward = [c for c in chars if c["matrix"][1] > 0]
    downward = [c for c in chars if c["matrix"][1] <= 0]
    directions: tuple[tuple[list[Char], Direction, Direction], ...] = (
        (upward, "btt", "ltr"),
        (downward, "ttb", "rtl"),
    )
    for group, char_dir, line_dir in directions:
        if not group:
            continue
        extractor = WordExtractor(x_tolerance_ratio=1.0, char_dir_rotated=char_dir, line_dir_rotated=line_dir)
        for line_chars, direction in extractor.iter_chars_to_lines(group):
            words = list(extractor.iter_chars_to_words(line_chars, direction))
            if words:
                _add_line(content, placed, words, with_geometry=False)
                content.loose_runs.append((len(content.texts) - 1, 0, len(content.texts[-1])))
                content.reserved.add(len(content.texts) - 1)


def cluster_lines(chars: list[Char]) -> list[list[Char]]:
    """Group upright chars into lines: a char joins the current line when its vertical centre
    lies within the band of the line's tallest char (chars visited by vertical centre)."""
    lines: list[list[Char]] = []
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


def _split_words(chars: list[Char]) -> list[list[Char]]:
    """Split a line's chars (sorted by x) into words at space glyphs and at gaps wider than a
    quarter em plus the line's letter spacing, or than one em between two CJK characters.

    The letter spacing is the median gap between neighbouring glyphs when it looks like
    justification (at least 4 gaps, at most 1 em).  So letter-spaced CJK stays one word (the
    notes' ``x_tolerance_ratio=1.0``), while words set without space glyphs stay apart (that
    ratio alone would merge them).  A word after a column gap (:func:`_mark_column_gaps`) is
    marked ``after_gap``.
    """
    glyphs = [c for c in chars if not c["text"].isspace()]
    gaps = [b["x0"] - a["x1"] for a, b in zip(glyphs, glyphs[1:])]
    spacing = median(gaps) if len(gaps) >= 4 else 0.0
    if not 0.0 < spacing <= max(c["size"] for c in glyphs):
        spacing = 0.0
    words: list[list[Char]] = []
    current: list[Char] = []
    tab = False
    for c in chars:
        if c["text"].isspace():
            if current:
                words.append(current)
            current = []
            tab = tab or c["text"] == "\t"
            continue
        if tab and not current:  # a blank .notdef glyph (pdf_notdef): a tab in the source, kept as one
            c = dict(c, after_tab=True)
        tab = False
        if current:
            prev = current[-1]
            limit = 0.25 * prev["size"] + spacing
            if is_cjk(prev["text"][-1]) and is_cjk(c["text"][0]):
                limit = max(limit, prev["size"])
            if c["x0"] - prev["x1"] > limit:
                words.append(current)
                current = []
        current.append(c)
    if current:
        words.append(current)
    _mark_column_gaps(words, chars, glyphs, spacing)
    return words


COLUMN_GAP = 2.0
"""A gap between two words at least this many of the line's character widths (its median glyph width)
parts two columns of a table aligned with spaces, as two spaces part them in a text file."""
EVEN_GAPS = 1.25
"""Gaps between words that differ by at most this factor are alike: a line whose gaps are all alike is
spaced out evenly (justified prose)."""
SPACE_GAP = 0.3
"""Two space glyphs make a column gap only if the gap is wider than this share of the font size."""


def _mark_column_gaps(words: list[list[Char]], chars: list[Char], glyphs: list[Char], spacing: float) -> None:
    """Mark each word after a column gap with the spaces the line's text keeps there (``after_gap``), and the
    first word with the space glyphs before it (``indent``), so that the line reads as the text of a
    space-aligned table does (:func:`slacheck.documents.text.aligned_tables`): a text printed as it is keeps
    its runs of spaces and its indents (a wrapped cell stays under its column).

    A gap is a column gap where two or more space glyphs fill it (kept as so many spaces), or where it is at
    least :data:`COLUMN_GAP` character widths wide (less the letter spacing) on a line with two or more gaps
    that are not all alike (:data:`EVEN_GAPS`; kept as two spaces): a lone wide gap (a label and its value,
    two words spread over a justified line) or evenly stretched ones stay word spaces.  A gap after a lone
    CJK character, as in a label set out to a width ("单    价"), is none.  Most lines start with a glyph and
    have no gap wider than :data:`SPACE_GAP`, and cost one pass over their words."""
    if not words:
        return
    if chars[0]["text"] == " ":
        lead = next(k for k, c in enumerate(chars) if not c["text"].isspace())
        words[0][0] = dict(words[0][0], indent=sum(c["text"] == " " for c in chars[:lead]))
    if not any(b[0]["x0"] - a[-1]["x1"] - spacing > SPACE_GAP * a[-1]["size"] for a, b in zip(words, words[1:])):
        return
    widths = [b[0]["x0"] - a[-1]["x1"] - spacing for a, b in zip(words, words[1:])]
    size = max(c["size"] for c in glyphs)
    wide = float("inf")
    if len(widths) >= 2 and max(widths) > EVEN_GAPS * max(min(widths), 0.0):
        glyph = median(c["x1"] - c["x0"] for c in glyphs)
        wide = COLUMN_GAP * min(max(glyph, 0.4 * size), size)
    spaces = [c["x0"] for c in chars if c["text"] == " "]
    for k, width in enumerate(widths):
        before, after = words[k][-1], words[k + 1][0]
        if width <= SPACE_GAP * before["size"] or (len(words[k]) == 1 and is_cjk(before["text"][0])
                                                   and is_cjk(after["text"][0])):
            continue
        count = bisect_left(spaces, after["x0"]) - bisect_right(spaces, before["x0"])
        if count >= 2 or width >= wide:
            words[k + 1][0] = dict(after, after_gap=max(count, 2))


def _add_line(content: Page, placed: Placed, words: list[list[Char]], *, with_geometry: bool) -> None:
    """Append a line: its words joined by one space (a tab after a .notdef blank, the spaces a column gap
    keeps), after the spaces of its indent, each char's columns, its geometry."""
    col = words[0][0].get("indent", 0)
    parts: list[str] = [" " * col]
    columns: list[tuple[Char, int, int]] = []
    for w, word in enumerate(words):
        if w:
            joiner = "\t" if word[0].get("after_tab") else " " * word[0].get("after_gap", 1)
            parts.append(joiner)
            col += len(joiner)
        for c in word:
            columns.append((c, col, col + len(c["text"])))
            parts.append(c["text"])
            col += len(c["text"])
    content.texts.append("".join(parts))
    placed.append(columns)
    geo = None
    if with_geometry:
        first = words[0]
        if is_cjk(first[0]["text"][0]):
            first = first[:1]
        else:
            first = first[: next((k for k, c in enumerate(first) if is_cjk(c["text"][0])), len(first))]
        geo = Geo(
            min(c["x0"] for w in words for c in w),
            max(c["x1"] for w in words for c in w),
            max(c["size"] for w in words for c in w),
            first[-1]["x1"] - first[0]["x0"],
        )
    content.geometry.append(geo)


def _add_tables(content: Page, placed: Placed, tables: list[Table]) -> None:
    """Assign chars to table cells by their centre; build row runs and loose runs."""
    grids: list[Grid] = []
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
        for owner, start, end in _runs(columns, owners):
            if owner is None:
                content.loose_runs.append((line, start, end))
            else:
                content.table_rows[owner[0]][owner[1]].append((line, start, end))


def _runs(columns: list[tuple[Char, int, int]],
          owners: list[tuple[int, int] | None]) -> list[tuple[tuple[int, int] | None, int, int]]:
    """Neighbouring non-empty columns of one line with the same owning cell, joined into (owner, start, end) runs."""
    runs: list[tuple[tuple[int, int] | None, int, int]] = []
    for (_, start, end), owner in zip(columns, owners):
        if start == end:
            continue
        if runs and runs[-1][0] == owner:
            runs[-1] = (owner, runs[-1][1], end)
        else:
            runs.append((owner, start, end))
    return runs


def _cell_of(c: Char, grids: list[Grid]) -> tuple[int, int] | None:
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
