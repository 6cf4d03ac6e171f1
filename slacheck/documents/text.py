"""Text files: decoding (UTF-8, UTF-16 with a BOM, GB18030), refusing binary content, and tables
set with tabs or aligned with spaces.

A table is a block of lines split into cells at tabs or at runs of two or more spaces; pipe
tables are read by :mod:`slacheck.documents.markdown`."""

from __future__ import annotations

import codecs
import re
import unicodedata
from itertools import islice

from slacheck import collector
from slacheck.documents.markdown import markdown_table
from slacheck.documents.model import Document, DocumentError, Page, Run
from slacheck.documents.passages import CHAT_TIME, assemble
from slacheck.regexes import regex

# --------------------------------------------------------------------------- text files

BINARY_MAGIC = (
    (b"PK\x03\x04", "a ZIP or Office file: export it as PDF or text"),
    (b"\xd0\xcf\x11\xe0", "an old Office file: export it as PDF or text"),
    (b"\x89PNG", "an image: OCR it first"),
    (b"\xff\xd8\xff", "an image: OCR it first"),
)
LINE_BREAK = regex(r"\r\n|\r|\n")
_CONTROL = regex(r"[\x01-\x08\x0b\x0e-\x1f\x7f]")


def decode(data: bytes) -> tuple[str, str]:
    """Decode as UTF-8 (BOM optional), UTF-16 with a BOM, or GB18030, in that order."""
    try:
        encoding = "utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8"
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        pass
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("gb18030"), "gb18030"
    except UnicodeDecodeError:
        raise DocumentError("cannot decode the file as UTF-8, UTF-16 or GB18030") from None


def check_text(text: str) -> None:
    """Reject a decoded file that is empty, binary or blank."""
    if not text:
        raise DocumentError("empty file")
    if "\x00" in text:
        raise DocumentError("binary content (NUL bytes): not a text file")
    controls = len(_CONTROL.findall(text))
    if controls >= 8 and controls * 100 > len(text):
        raise DocumentError("binary content (control characters): not a text file")
    if not text.strip():
        raise DocumentError("no text (only whitespace)")


def text_document(text: str, *, path: str, format: str, sha: str, encoding: str | None) -> Document:
    if format not in ("text", "markdown"):
        raise ValueError(f"unknown text format {format!r}")
    with collector.paused():  # this package's own objects, as reading's (see slacheck.collector)
        marked_up = len(list(islice(_MARKUP.finditer(text), MARKUP_MIN))) == MARKUP_MIN  # stops at the fifth
        texts = LINE_BREAK.split(_without_markup(text) if marked_up else text)
        if texts[-1] == "":
            texts.pop()
        marks = json_messages(texts) if '"' in text and _JSON_MESSAGE.search(text) else {}
        page = text_page(texts)
        page.marks.update(marks)
        lines, passages = assemble([page], pdf=False)
        return Document(path, format, 1, sha, encoding, lines, passages, ())


_MARKUP = regex(r"</?(?:p|br|div|span|b|strong|i|em|u|font|hr|small|center)\b[^<>\n]{0,200}>"
                r"|&(?:nbsp|gt|lt|amp|quot|apos|#\d{1,5});", re.I)
"""What an e-mail's HTML leaves in its text: paragraph and line tags, bold, and entities (tables are read as such)."""
MARKUP_MIN = 5
"""Fewest tags and entities that make a text an e-mail's HTML left in it (a "<b>" or two is quoted text)."""
_ENTITIES = {"&gt;": ">", "&lt;": "<", "&amp;": "&", "&quot;": '"', "&apos;": "'", "&nbsp;": " "}


def _without_markup(text: str) -> str:
    """``text`` with HTML tags left in it blanked out and entities written as their characters, each padded with
    spaces to its length, so every other character keeps its line and column ("<p>王工好，&nbsp;报价如下：<br>")."""
    def blanked(match: re.Match[str]) -> str:
        found = match.group()
        if found[0] != "&":
            return " " * len(found)
        character = chr(int(found[2:-1])) if found[1] == "#" else _ENTITIES[found.lower()]
        return character + " " * (len(found) - len(character))
    return _MARKUP.sub(blanked, text)


JSON_MESSAGE_WIDTH = 4000
"""Most characters of a chat message exported as a JSON line (each part of the pattern is bounded by it, so a huge
line costs a search no more than its length times this)."""
_JSON_MESSAGE = regex(rf'(?m)^[ \t]*\{{[^\n]{{0,{JSON_MESSAGE_WIDTH}}}?"(?:text|content|message|msg|body)"[ \t]*:'
                      rf'[ \t]*"[^\n]{{0,{JSON_MESSAGE_WIDTH}}}\}}[ \t]*,?[ \t]*$')
"""A chat message exported as one JSON object a line ({"sender": …, "time": …, "text": …})."""
_JSON_FIELD = regex(r'"(\w+)"\s*:\s*"((?:[^"\\]|\\.)*)"')
JSON_SPEAKER_KEYS = ("sender", "from", "user", "name", "author", "speaker", "nickname")
JSON_TIME_KEYS = ("time", "timestamp", "date", "datetime", "ts", "created_at")
JSON_TEXT_KEYS = ("text", "content", "message", "msg", "body")
JSON_MESSAGES = 3
"""Fewest such lines that make a document a chat exported as JSON lines."""


def json_messages(texts: list[str]) -> dict[int, str]:
    """A chat exported as JSON lines read as a chat: each message's line keeps only its words (the rest blanked
    out, so they keep their columns), after a mark that says when and who ("[2025-05-12 10:02] 王磊: "). ``texts``
    is changed so; the marks are returned by line."""
    marks: dict[int, str] = {}
    words: dict[int, str] = {}
    for index, text in enumerate(texts):
        if not _JSON_MESSAGE.match(text):
            continue
        fields = {match.group(1).lower(): match.span(2) for match in _JSON_FIELD.finditer(text)}
        said = next((fields[key] for key in JSON_TEXT_KEYS if key in fields), None)
        if said is None:
            continue
        speaker = next((text[slice(*fields[key])] for key in JSON_SPEAKER_KEYS if key in fields), "")
        time = next((text[slice(*fields[key])] for key in JSON_TIME_KEYS if key in fields), "")
        marks[index] = f"[{time}] {speaker}: " if time else f"{speaker}: "
        words[index] = " " * said[0] + text[said[0]:said[1]]
    if len(marks) < JSON_MESSAGES:
        return {}
    for index, line in words.items():
        texts[index] = line
    return marks


def text_page(texts: list[str], places: list[str] | None = None) -> Page:
    """A page of text lines with its pipe, HTML, comma-separated, tab-separated and space-aligned tables found."""
    rows, reserved = markdown_table(texts)
    marked_up, marked_up_used = html_tables(texts, reserved)
    reserved |= marked_up_used
    exported, used = csv_tables(texts, reserved)
    tabbed, tabbed_used = csv_tables(texts, reserved | used, separator="\t")
    used |= tabbed_used
    aligned, aligned_used = aligned_tables(texts, reserved | used)
    return Page(1, texts, [], rows + marked_up + exported + tabbed + aligned, reserved | used | aligned_used, [],
                places=places or [])


_TAG = regex(r"<(/?)([A-Za-z][A-Za-z0-9]*)\b[^<>]*>")
_TABLE_OPEN = regex(r"<table\b", re.I)
HTML_TABLE_LINES = 5000
"""Most lines an HTML table written into a text or Markdown file may span (an unclosed one ends there)."""


def html_tables(texts: list[str], reserved: set[int]) -> tuple[list[list[list[Run]]], set[int]]:
    """Rows of HTML tables written into a text or Markdown file (``<table><tr><td>…``, as documentation pages
    exported to Markdown keep them) and the lines they use: each cell's text between its tags, line by line."""
    rows: list[list[list[Run]]] = []
    used: set[int] = set()
    if _TABLE_OPEN.search("\n".join(texts)) is None:  # most texts hold none: one search, no walk
        return rows, used
    i = 0
    while i < len(texts):
        if i in reserved or _TABLE_OPEN.search(texts[i]) is None:
            i += 1
            continue
        table = _HtmlTable()
        j = i
        while j < len(texts) and j - i < HTML_TABLE_LINES and j not in reserved:
            used.add(j)
            j += 1
            if table.read(texts[j - 1], j - 1):
                break
        rows += table.finished()
        i = j
    return rows, used


class _HtmlTable:
    """The rows of one HTML table, read line by line: a cell's runs are its text between tags."""

    def __init__(self) -> None:
        self.rows: list[list[list[Run]]] = []
        self.row: list[list[Run]] | None = None
        self.cell: list[Run] | None = None

    def read(self, text: str, line: int) -> bool:
        """Read one line; whether the table closes on it."""
        position = 0
        for tag in _TAG.finditer(text):
            if self.cell is not None:
                self.cell += _text_run(text, line, position, tag.start())
            position = tag.end()
            name, closing = tag.group(2).lower(), bool(tag.group(1))
            if name in ("td", "th"):
                if self.cell is not None and self.row is not None:
                    self.row.append(self.cell)
                self.cell = None if closing else []
            elif name == "tr":
                self.finished()
                self.row = None if closing else []
            elif name == "table" and closing:
                return True
        if self.cell is not None:
            self.cell += _text_run(text, line, position, len(text))
        return False

    def finished(self) -> list[list[list[Run]]]:
        """The rows read so far, the open one closed."""
        if self.row:
            self.rows.append(self.row)
        self.row, self.cell = None, None
        return self.rows


def _text_run(text: str, line: int, start: int, end: int) -> list[Run]:
    """The run of text[start:end] less the spaces around it, none when blank."""
    piece = text[start:end]
    first = start + len(piece) - len(piece.lstrip())
    last = start + len(piece.rstrip())
    return [(line, first, last)] if last > first else []


CSV_MIN_FIELDS = 3
"""Fewest comma-separated fields of a line of an exported table (prose has fewer commas on each line, and a space
after each)."""
CSV_MIN_LINES = 3
"""Fewest lines, all with as many fields, that make an exported table."""
CSV_HEADER_FIELD_MAX = 40
"""Longest field of an exported table's first line (a header's names are short)."""


def csv_tables(texts: list[str], reserved: set[int], separator: str = ",") -> tuple[list[list[list[Run]]], set[int]]:
    """Rows of comma-separated tables (a quote exported as CSV; with ``separator`` a tab, one exported as
    tab-separated text, where two tabs in a row hold an empty field: "No.\tRFQ Requirement\t\tVendor Response") and
    the lines they use: blocks of at least CSV_MIN_LINES lines with the same number of fields, CSV_MIN_FIELDS or more,
    none after a comma and a space, whose first line is short fields. A quoted field's commas are its own; its cell
    is its text inside the quotes."""
    rows: list[list[list[Run]]] = []
    used: set[int] = set()
    i = 0
    while i < len(texts):
        first = _csv_fields(texts[i], separator) \
            if i not in reserved and texts[i].count(separator) >= CSV_MIN_FIELDS - 1 else None
        if first is None or len(first) < CSV_MIN_FIELDS or any(b - a > CSV_HEADER_FIELD_MAX for a, b in first) \
                or _spaced(texts[i], first):
            i += 1
            continue
        block = [(i, first)]
        j = i + 1
        while j < len(texts) and j not in reserved and (fields := _csv_fields(texts[j], separator)) is not None \
                and len(fields) == len(first) and not _spaced(texts[j], fields):
            block.append((j, fields))
            j += 1
        if len(block) >= CSV_MIN_LINES:
            for line, fields in block:
                rows.append([_csv_cell(texts[line], line, a, b) for a, b in fields])
                used.add(line)
            i = j
        else:
            i += 1
    return rows, used


def _spaced(text: str, fields: list[tuple[int, int]]) -> bool:
    """Whether a field starts with a space after its comma, as prose does ("eight nodes, each with …") and an
    export does not."""
    return any(start > 0 and text[start - 1] == "," and text[start:start + 1] == " " for start, _ in fields)


def _csv_cell(text: str, line: int, start: int, end: int) -> list[Run]:
    """One field as a cell: its text without the spaces around it, none when it is empty."""
    return _text_run(text, line, start, end)


def _csv_fields(text: str, separator: str = ",") -> list[tuple[int, int]] | None:
    """The spans of a line's fields, split at each ``separator`` (a quoted field's text inside its quotes; "" is a
    quote in it), or None when a quote is left open or text follows a closing quote."""
    fields: list[tuple[int, int]] = []
    position, end = 0, len(text)
    while True:
        if text.startswith('"', position):
            close = position + 1
            while (close := text.find('"', close)) >= 0 and text.startswith('""', close):
                close += 2
            if close < 0 or close + 1 < end and text[close + 1] != separator:
                return None
            fields.append((position + 1, close))
            position = close + 1
        else:
            comma = text.find(separator, position)
            stop = end if comma < 0 else comma
            fields.append((position, stop))
            position = stop
        if position >= end:
            return fields
        position += 1  # past the comma
        if position == end:
            fields.append((end, end))
            return fields


_CELL_GAP = regex(r"\t+ *| *\| +| {2,}")  # a tab, a pipe set apart by spaces ("a | b"), or two spaces
_DASHES = regex(r"[\s\-=|+]*-{3,}[\s\-=|+]*$")
_DASH_RUN = regex(r"-{3,}")
MIN_ALIGNED_CELLS = 3
"""A space-aligned table line has at least this many cells (a tab-separated one, two)."""


def _cells(text: str) -> list[tuple[int, int]]:
    """(start, end) of the cells of a line split at tabs or runs of two or more spaces."""
    cells, start = [], len(text) - len(text.lstrip())
    for gap in _CELL_GAP.finditer(text, start):
        if gap.start() > start:
            cells.append((start, gap.start()))
        start = gap.end()
    end = len(text.rstrip())
    if end > start:
        cells.append((start, end))
    return cells


_CHAT_LINE = regex(rf"\s*{CHAT_TIME}\s+[^:：\n]{{1,40}}[:：]\s")
"""A chat message's line: its time, its speaker ("Ravi | GPUHub") and a colon, which no table row opens with."""


def _is_aligned_row(text: str) -> bool:
    """A line with two cells set apart by a tab or a pipe ("Item | Qty"), or three set apart by spaces; not a chat
    message ("[14:05] Ravi | GPUHub: …")."""
    stripped = text.strip()
    if "\t" not in stripped and "  " not in stripped and " | " not in stripped or _CHAT_LINE.match(text):
        return False  # no gap between cells: most lines of prose
    return len(_cells(text)) >= (2 if "\t" in stripped or " | " in stripped else MIN_ALIGNED_CELLS)


def aligned_tables(texts: list[str], reserved: set[int]) -> tuple[list[list[list[Run]]], set[int]]:
    """Rows of tab-separated and space-aligned tables, and the lines they use.

    A table is a block of lines split into cells at tabs or at runs of two or more
    spaces: at least two such lines, or one tab-separated line, or a header ruled with
    a dashed run under each of its cells (then rows of two cells too). Dashed separator lines
    belong to the block. An indented line without a cell in the first column continues
    the row above (a wrapped cell): its text joins the cell whose column it starts under.
    """
    rows: list[list[list[Run]]] = []
    used: set[int] = set()
    i = 0
    while i < len(texts):
        ruled = _ruled_header(texts, i)
        if i in reserved or not (ruled or _is_aligned_row(texts[i])):
            labelled = _label_block(texts, i, reserved)
            if labelled:
                rows.extend(_label_rows(texts, labelled))
                used.update(labelled)
                i = labelled[-1] + 1
            else:
                i += 1
            continue
        block = [i]
        j = i + 1
        while j < len(texts) and j not in reserved and texts[j].strip():
            if _DASHES.match(texts[j]) or _is_aligned_row(texts[j]) or _continuation(texts[j], texts[block[0]]) \
                    or ruled and _in_ruled(texts[j], texts[i]) or _wrapped_label(texts[j], texts[j - 1]):
                block.append(j)
                j += 1
            else:
                break
        table_lines = [k for k in block if not _DASHES.match(texts[k])]
        starts_row = [k for k in table_lines if not _continuation(texts[k], texts[block[0]])]
        if len(starts_row) >= 2 or "\t" in texts[i].strip():
            head = i - 2 if i >= 2 and _DASHES.match(texts[i - 1]) else i - 1  # the header may stand over a rule
            if head >= 0 and head not in reserved and head not in used and _heads_columns(texts[head], texts[i]):
                rows.append([[], *([(head, a, b)] for a, b in _cells(texts[head]))])
                used.update(range(head, i))
            rows.extend(_block_rows(texts, table_lines, ruled=ruled))
            used.update(block)
        i = j
    return rows, used


MIN_LABEL_LINES = 3
"""A block of "label   value" lines (two cells, the values starting in one column) is a table of two columns
when it has at least this many labels."""
LABEL_WIDTH = 28
"""Longest label of such a block ("Compute network", 节点数量)."""
_NOT_A_LABEL_END = ".。:：,，;；!?！？"
_NUMBERED = regex(r"[A-Za-z]{0,2}[\d.]*\d[.)]?$|[A-Za-z][.)]$")
"""A clause's number before its text ("A.1  Provider shall ...", "B2", "a)"), not a label."""


def _label_line(text: str) -> bool:
    """A line of a label and its value set apart by spaces ("Nodes            4 x HGX H100"): two cells, the
    first a short label that starts with a letter (not a chat's time, not an e-mail's "From:", not a clause's
    number), the second no colon after the label's spaces ("Optics 光模块    : 不含" is a line of its own)."""
    if "\t" in text or " | " in text or "  " not in text.strip():
        return False  # no gap of spaces: most lines of prose
    cells = _cells(text)
    if len(cells) != 2:
        return False
    label, value = text[cells[0][0]:cells[0][1]], text[cells[1][0]:cells[1][1]]
    return value[0] not in ":：=" and len(label) <= LABEL_WIDTH and label[0].isalpha() \
        and label[-1] not in _NOT_A_LABEL_END and _NUMBERED.match(label) is None \
        and sum(ch.isalpha() for ch in label) >= 2


def _value_column(text: str) -> int:
    """Where the value of a label line starts, as shown."""
    return _shown(text, _cells(text)[1][0])


def _opens_row(text: str) -> bool:
    """Whether a label line opens a row: its label does not start in lower case ("fabric" under "Compute" goes
    on with the label above)."""
    first = text.lstrip()[0]
    return not (first.islower() and first.isascii())


def _label_block(texts: list[str], i: int, reserved: set[int]) -> list[int]:
    """The lines of a block of "label   value" lines from line ``i``, their values starting in one column (as
    shown: a Chinese character takes two), with the indented lines that go on with a value; [] when there is no
    such block."""
    if not _label_line(texts[i]):
        return []
    column = _value_column(texts[i])
    block, labels = [i], 1
    for j in range(i + 1, len(texts)):
        text = texts[j]
        if j in reserved or not text.strip():
            break
        if _label_line(text) and _value_column(text) == column:
            labels += _opens_row(text)
        elif not (_shown(text, len(text) - len(text.lstrip())) >= column - 2 and len(_cells(text)) == 1):
            break
        block.append(j)
    return block if labels >= MIN_LABEL_LINES else []


def _label_rows(texts: list[str], block: list[int]) -> list[list[list[Run]]]:
    """The rows of a block of "label   value" lines: the first line and each label line that opens a row start
    one; any other line goes on with the row above, each of its cells joining the label or the value by where
    it starts."""
    column = _value_column(texts[block[0]])
    rows: list[list[list[Run]]] = []
    for k in block:
        cells = _cells(texts[k])
        if not rows or _label_line(texts[k]) and _opens_row(texts[k]):
            rows.append([[(k, start, end)] for start, end in cells])
            continue
        for start, end in cells:
            rows[-1][0 if _shown(texts[k], start) < column - 2 else 1].append((k, start, end))
    return rows


def _shown(text: str, offset: int) -> int:
    """Where ``text[offset]`` shows on screen, a wide (Chinese) character taking two columns."""
    shown = text[:offset].expandtabs()
    return len(shown) + sum(unicodedata.east_asian_width(ch) in "WF" for ch in shown)


def _heads_columns(text: str, first: str) -> bool:
    """Whether a line over a table names its columns but the first ("   OFFER A      OFFER B" over "Provider  ...
    ..."): one cell fewer than the table's first line, the first starting under its second column."""
    cells, first_cells = _cells(text), _cells(first)
    return len(cells) >= 2 and len(cells) == len(first_cells) - 1 \
        and _column(text, cells[0][0]) >= _column(first, first_cells[1][0]) - 2


def _ruled_header(texts: list[str], i: int) -> bool:
    """A line of two or more cells over a line of as many dashed runs ("Severity    Response" over "------   ------"):
    the header of a table, even of two columns (other space-aligned tables need three)."""
    cells = len(_cells(texts[i])) if "  " in texts[i].strip() else 0
    return cells >= 2 and i + 1 < len(texts) and bool(_DASHES.match(texts[i + 1])) \
        and len(_DASH_RUN.findall(texts[i + 1])) == cells


def _in_ruled(text: str, header: str) -> bool:
    """Whether a line goes on with a ruled table: two cells or more, or indented past the header's first cell."""
    return len(_cells(text)) >= 2 or _indent(text) > _indent(header)


def _indent(text: str) -> int:
    return _column(text, len(text) - len(text.lstrip()))


def _column(text: str, offset: int) -> int:
    """Where ``text[offset]`` shows on screen: tabs stop every 8 columns, as a terminal sets them."""
    return len(text[:offset].expandtabs()) if "\t" in text[:offset] else offset


def _continuation(text: str, first: str) -> bool:
    """An indented line under a table whose first column it leaves empty: it starts no more than
    two columns before the table's second column (counted on screen, so a line indented by a
    space under a tab-separated table is not a wrapped cell), and has fewer cells than the table's first line (one
    with as many is a row of its own: a header's second row, "\tItem\tRequirement\tOffered\t…")."""
    first_cells, cells = _cells(first), _cells(text)
    indent = _column(text, cells[0][0]) if cells else 0  # where its first cell starts, past any pipe before it
    return 2 <= len(first_cells) > len(cells) and indent >= _column(first, first_cells[1][0]) - 2 and indent > 0


def _wrapped_label(text: str, above: str) -> bool:
    """A row's first cell wrapped onto the next line: one cell, indented, in lower case, starting before the
    second cell of the row above ("InfiniBand cluster   not available ..." / "  fabric (add-on)")."""
    cells, above_cells = _cells(text), _cells(above)
    if len(cells) != 1 or len(above_cells) < 2 or not text[:1].isspace():
        return False
    first = text.lstrip()[0]
    return first.islower() and first.isascii() and _column(text, cells[0][0]) < _column(above, above_cells[1][0]) - 2


def _block_rows(texts: list[str], lines: list[int], *, ruled: bool = False) -> list[list[list[Run]]]:
    """Cells of each row of one aligned block, wrapped cells joined to their row (in a ruled table, also a line
    of fewer cells indented past the header's first: a cell's second language or wrapped words)."""
    rows: list[list[list[Run]]] = []
    columns: list[int] = []
    for k in lines:
        cells = _cells(texts[k])
        if rows and _wrapped_label(texts[k], texts[k - 1]):
            rows[-1][0].append((k, *cells[0]))
            continue
        if rows and (_continuation(texts[k], texts[lines[0]])
                     or ruled and len(cells) < len(columns) and _indent(texts[k]) > _indent(texts[lines[0]])):
            for start, end in cells:
                shown = _column(texts[k], start)
                column = max((c for c in range(len(columns)) if columns[c] <= shown + 2), default=0)
                rows[-1][min(column, len(rows[-1]) - 1)].append((k, start, end))
            continue
        if not columns or len(cells) > len(columns):
            columns = [_column(texts[k], start) for start, _ in cells]
        rows.append([[(k, start, end)] for start, end in cells])
    return [_under_columns(row, texts, columns) for row in rows]


def _under_columns(row: list[list[Run]], texts: list[str], columns: list[int]) -> list[list[Run]]:
    """A row of fewer cells than the table's, indented past its first column (a header over the value columns
    only: "      BASIC     STANDARD     PRO"), with each cell put under the column it starts in."""
    line, start, _ = row[0][0]
    shown = _column(texts[line], start)
    if len(row) >= len(columns) or shown <= columns[0] + 2:
        return row
    placed: list[list[Run]] = [[] for _ in columns]
    for cell in row:
        at = _column(texts[cell[0][0]], cell[0][1])
        placed[max((c for c in range(len(columns)) if columns[c] <= at + 2), default=0)].extend(cell)
    return placed


def text_lines(text: str) -> list[str]:
    """Lines of a page's text, trailing blank lines dropped."""
    texts = LINE_BREAK.split(text)
    while texts and not texts[-1].strip():
        texts.pop()
    return texts
