"""Render the bundled text samples to PDF fixtures.

    python samples/make_pdfs.py            # rebuild samples/<name>.pdf for every sample
    python samples/make_pdfs.py --check    # rebuild, then verify each PDF with pdfplumber

Layout: A4, 20 mm margins. Lines that contain only ASCII are set in Helvetica,
every other line (and every table cell that is not pure ASCII) in the
non-embedded CID font STSong-Light, which pdfplumber reads without a font file.
Long lines are wrapped to the page width: CJK text breaks between any two
characters, Latin text between words, so real PDF line breaks fall in the
middle of sentences. Markdown tables become ruled grids (a rectangle around
every cell) so that pdfplumber's ``extract_tables`` finds them. Markdown
heading markers (``#``) and bold markers (``**``) are dropped; a ``---`` rule
becomes a drawn line. Output is deterministic (reportlab ``invariant=1``).
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
import unicodedata

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

CJK_FONT = "STSong-Light"
LATIN_FONT = "Helvetica"

PAGE_W, PAGE_H = A4
MARGIN = 20 * mm
TEXT_W = PAGE_W - 2 * MARGIN

BODY_SIZE = 10.0
BODY_LEADING = 14.5
HEADING_SIZE = {1: 14.0, 2: 12.0, 3: 11.0}
TABLE_SIZE = 8.5
TABLE_LEADING = 11.5
CELL_PAD = 3.0
FOOTER_SIZE = 8.0

SAMPLES_DIR = pathlib.Path(__file__).resolve().parent
NOT_SAMPLES = {"README.md"}

_registered = False


def _register_fonts() -> None:
    global _registered
    if not _registered:
        pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))
        _registered = True


# --------------------------------------------------------------------------
# Markdown-ish parsing
# --------------------------------------------------------------------------

_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_RULE = re.compile(r"^\s*(-{3,}|\*{3,}|_{3,})\s*$")


class Block:
    """One unit of layout: kind is "text", "heading", "blank", "rule" or "table"."""

    __slots__ = ("kind", "text", "level", "rows")

    def __init__(self, kind: str, text: str = "", level: int = 0, rows: list[list[str]] | None = None) -> None:
        self.kind = kind
        self.text = text
        self.level = level
        self.rows = rows


def plain_inline(text: str) -> str:
    """Inline Markdown the PDF drops: bold markers."""
    return text.replace("**", "")


def split_row(line: str) -> list[str]:
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [plain_inline(c.strip()) for c in s.split("|")]


def parse(text: str) -> list[Block]:
    """Split a sample into blocks: tables (GFM: header row + separator row), headings, lines."""
    lines = text.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if (
            line.lstrip().startswith("|")
            and i + 1 < len(lines)
            and _TABLE_SEP.match(lines[i + 1])
        ):
            rows = [split_row(line)]
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(split_row(lines[i]))
                i += 1
            ncols = max(len(r) for r in rows)
            rows = [r + [""] * (ncols - len(r)) for r in rows]
            blocks.append(Block("table", rows=rows))
            continue
        if not line.strip():
            blocks.append(Block("blank"))
        elif _RULE.match(line):
            blocks.append(Block("rule"))
        elif m := _HEADING.match(line):
            blocks.append(Block("heading", plain_inline(m.group(2).strip()), level=len(m.group(1))))
        else:
            blocks.append(Block("text", plain_inline(line.rstrip())))
        i += 1
    return blocks


# --------------------------------------------------------------------------
# Fonts, widths, wrapping
# --------------------------------------------------------------------------

def font_for(text: str) -> str:
    return LATIN_FONT if text.isascii() else CJK_FONT


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


# Characters that must not begin a line (closing punctuation, CJK and Latin).
_NO_LINE_START = set("，。、；：？！）》」』】〕〉”’％,.;:?!)]}%")


def _tokens(text: str) -> list[str]:
    """Words of Latin text, runs of ASCII spaces, and single wide (CJK) characters."""
    out: list[str] = []
    buf = ""
    for ch in text:
        if _is_wide(ch):
            if buf:
                out.append(buf)
                buf = ""
            out.append(ch)
        elif ch == " ":
            if buf and not buf.endswith(" "):
                out.append(buf)
                buf = ""
            buf += ch
        else:
            if buf.endswith(" "):
                out.append(buf)
                buf = ""
            buf += ch
    if buf:
        out.append(buf)
    return out


def wrap(text: str, font: str, size: float, max_w: float) -> list[str]:
    """Greedy line breaking: between CJK characters anywhere, between Latin words at spaces."""
    if not text:
        return [""]
    toks: list[str] = []
    for tok in _tokens(text):
        if not tok.startswith(" ") and width(tok, font, size) > max_w:
            toks.extend(tok)  # an over-long word: break it by characters
        else:
            toks.append(tok)
    lines: list[str] = []
    cur = ""
    for tok in toks:
        if tok.startswith(" "):
            cur += tok
            continue
        trial = cur + tok
        if not cur.strip() or width(trial.rstrip(), font, size) <= max_w:
            cur = trial
        elif tok[0] in _NO_LINE_START and width(trial, font, size) <= max_w + size:
            cur = trial  # let closing punctuation hang into the margin
        else:
            lines.append(cur.rstrip())
            cur = tok
    lines.append(cur.rstrip())
    return lines


# --------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------

class _Writer:
    def __init__(self, out: pathlib.Path, title: str) -> None:
        self.c = canvas.Canvas(str(out), pagesize=A4, invariant=1, pageCompression=1)
        self.c.setTitle(title)
        self.c.setAuthor("slacheck samples")
        self.c.setSubject("slacheck sample document")
        self.page = 1
        self.y = PAGE_H - MARGIN

    def footer(self) -> None:
        self.c.setFont(LATIN_FONT, FOOTER_SIZE)
        self.c.drawCentredString(PAGE_W / 2, MARGIN / 2, f"- {self.page} -")

    def new_page(self) -> None:
        self.footer()
        self.c.showPage()
        self.page += 1
        self.y = PAGE_H - MARGIN

    def need(self, h: float) -> None:
        if self.y - h < MARGIN:
            self.new_page()

    def line(self, text: str, size: float, leading: float) -> None:
        self.need(leading)
        self.y -= leading
        if text:
            font = font_for(text)
            self.c.setFont(font, size)
            self.c.drawString(MARGIN, self.y + (leading - size) * 0.3, text)

    def paragraph(self, text: str, size: float = BODY_SIZE, leading: float = BODY_LEADING) -> None:
        font = font_for(text)
        for piece in wrap(text, font, size, TEXT_W):
            self.line(piece, size, leading)

    def rule(self) -> None:
        self.need(BODY_LEADING)
        self.y -= BODY_LEADING / 2
        self.c.setLineWidth(0.5)
        self.c.line(MARGIN, self.y, PAGE_W - MARGIN, self.y)
        self.y -= BODY_LEADING / 2

    def table(self, rows: list[list[str]]) -> None:
        widths = _column_widths(rows)
        self.y -= 4
        self.c.setLineWidth(0.6)
        for row in rows:
            cells = []
            for text, w in zip(row, widths):
                font = font_for(text)
                cells.append((font, wrap(text, font, TABLE_SIZE, w - 2 * CELL_PAD)))
            n = max(len(lines) for _, lines in cells)
            h = n * TABLE_LEADING + 2 * CELL_PAD
            self.need(h)
            x = MARGIN
            top = self.y
            for (font, lines), w in zip(cells, widths):
                self.c.rect(x, top - h, w, h, stroke=1, fill=0)
                self.c.setFont(font, TABLE_SIZE)
                ty = top - CELL_PAD
                for piece in lines:
                    ty -= TABLE_LEADING
                    if piece:
                        self.c.drawString(x + CELL_PAD, ty + (TABLE_LEADING - TABLE_SIZE) * 0.3, piece)
                x += w
            self.y = top - h
        self.y -= 6

    def save(self) -> None:
        self.footer()
        self.c.showPage()
        self.c.save()


def _column_widths(rows: list[list[str]]) -> list[float]:
    """Natural widths if they fit; otherwise shrink the wide columns, keeping each column's longest word."""
    ncols = len(rows[0])
    natural = [0.0] * ncols
    minimum = [0.0] * ncols
    for row in rows:
        for j, text in enumerate(row):
            font = font_for(text)
            natural[j] = max(natural[j], width(text, font, TABLE_SIZE) + 2 * CELL_PAD)
            longest = max((width(t, font, TABLE_SIZE) for t in _tokens(text) if not t.startswith(" ")), default=0.0)
            minimum[j] = max(minimum[j], longest + 2 * CELL_PAD)
    minimum = [max(m, 4 * TABLE_SIZE) for m in minimum]
    minimum = [min(m, TEXT_W / ncols) if sum(minimum) > TEXT_W else m for m in minimum]
    if sum(natural) <= TEXT_W:
        scale = TEXT_W / sum(natural)
        return [w * scale for w in natural]
    spare = TEXT_W - sum(minimum)
    excess = [max(n - m, 0.0) for n, m in zip(natural, minimum)]
    total_excess = sum(excess) or 1.0
    return [m + spare * e / total_excess for m, e in zip(minimum, excess)]


def render_pdf(text: str, out: pathlib.Path) -> None:
    """Lay out ``text`` (plain text or simple Markdown) as an A4 PDF at ``out``."""
    _register_fonts()
    out = pathlib.Path(out)
    blocks = parse(text)
    title = next((b.text for b in blocks if b.kind in ("heading", "text") and b.text.strip()), out.stem)
    w = _Writer(out, title.strip())
    for b in blocks:
        if b.kind == "blank":
            w.y -= BODY_LEADING * 0.5
        elif b.kind == "rule":
            w.rule()
        elif b.kind == "heading":
            size = HEADING_SIZE.get(b.level, BODY_SIZE)
            w.y -= 4
            w.paragraph(b.text, size=size, leading=size * 1.5)
        elif b.kind == "table":
            w.table(b.rows or [])
        else:
            w.paragraph(b.text)
    w.save()


# --------------------------------------------------------------------------
# Verification (needs pdfplumber)
# --------------------------------------------------------------------------

def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


def check_pdf(source: str, pdf: pathlib.Path) -> list[str]:
    """Problems found when pdfplumber reads ``pdf`` back against its ``source`` text."""
    import pdfplumber

    problems: list[str] = []
    blocks = parse(source)
    with pdfplumber.open(pdf) as doc:
        n_pages = len(doc.pages)
        texts, tables = [], []
        for page in doc.pages:
            texts.append(page.extract_text() or "")
            tables.extend(page.extract_tables())
            page.close()
    full = _squash("".join(texts))
    for b in blocks:
        if b.kind in ("text", "heading") and _squash(b.text) and _squash(b.text) not in full:
            problems.append(f"line not found: {b.text[:60]!r}")
    got_rows = [[_squash(c or "") for c in row] for t in tables for row in t]
    want_rows = [[_squash(c) for c in row] for b in blocks if b.kind == "table" for row in b.rows or []]
    if got_rows != want_rows:
        problems.append(f"tables differ: {len(want_rows)} source rows, {len(got_rows)} extracted rows")
        for want, got in zip(want_rows, got_rows):
            if want != got:
                problems.append(f"  first differing row: want {want} got {got}")
                break
    if len(source) > 2500 and n_pages < 2:
        problems.append(f"long sample ({len(source)} chars) fits on {n_pages} page")
    return problems


def sample_files(directory: pathlib.Path = SAMPLES_DIR) -> list[pathlib.Path]:
    return sorted(
        p for p in directory.iterdir()
        if p.suffix in (".txt", ".md") and p.name not in NOT_SAMPLES and p.is_file()
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="verify each PDF with pdfplumber after rendering")
    ap.add_argument("--dir", type=pathlib.Path, default=SAMPLES_DIR, help="samples directory")
    args = ap.parse_args(argv)
    failed = False
    for src in sample_files(args.dir):
        text = src.read_text(encoding="utf-8")
        out = src.with_suffix(".pdf")
        render_pdf(text, out)
        line = f"{out.name}"
        if args.check:
            problems = check_pdf(text, out)
            failed |= bool(problems)
            line += ": ok" if not problems else ": " + "; ".join(problems)
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
