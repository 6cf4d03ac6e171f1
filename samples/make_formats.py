"""Write each bundled text sample as Word, Excel, HTML and e-mail files.

    python samples/make_formats.py OUT_DIR      # OUT_DIR/<name>.docx, .html, .eml, and .xlsx for quotes with tables

The blocks come from slacheck's own reading of the text sample: each paragraph becomes a Word
paragraph (a Markdown heading a heading of its level), each run of table rows a table, so the
files say what the text says.  The spreadsheet holds one paragraph per row in column A and each
table row across columns.  The e-mail sends the page as its HTML body, after a short covering
note, with the buyer's earlier question quoted below it.
"""

from __future__ import annotations

import argparse
import html
import pathlib
import re
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime

from slacheck.documents import load_document

SAMPLES = pathlib.Path(__file__).resolve().parent
HEADING = re.compile(r"(#{1,6})\s+")
Block = tuple[str, object]  # ("heading", (level, text)) | ("paragraph", text) | ("table", rows)


def blocks(sample: pathlib.Path) -> list[Block]:
    """The sample's paragraphs, headings and tables, in order."""
    found: list[Block] = []
    for passage in load_document(sample).passages:
        if passage.kind == "table-row":
            cells = passage.text.split(" | ")
            if found and found[-1][0] == "table":
                found[-1][1].append(cells)  # type: ignore[union-attr]
            else:
                found.append(("table", [cells]))
            continue
        heading = HEADING.match(passage.text)
        if heading:
            found.append(("heading", (len(heading.group(1)), passage.text[heading.end():])))
        else:
            found.append(("paragraph", passage.text))
    return found


def has_table(sample: pathlib.Path) -> bool:
    """Whether the sample holds a table (a quote that fits a spreadsheet)."""
    return any(kind == "table" for kind, _ in blocks(sample))


def write_docx(sample: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    import docx

    word = docx.Document()
    for kind, value in blocks(sample):
        if kind == "heading":
            level, text = value  # type: ignore[misc]
            word.add_heading(text, level=min(level, 9))
        elif kind == "paragraph":
            word.add_paragraph(value)
        else:
            rows = value
            width = max(len(row) for row in rows)  # type: ignore[union-attr]
            table = word.add_table(rows=len(rows), cols=width)  # type: ignore[arg-type]
            for r, row in enumerate(rows):  # type: ignore[arg-type]
                for c, text in enumerate(row):
                    table.cell(r, c).text = text
    path = out / f"{sample.stem}.docx"
    word.save(path)
    return path


def write_xlsx(sample: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Quote"
    for kind, value in blocks(sample):
        if kind == "table":
            for row in value:  # type: ignore[union-attr]
                sheet.append([text or None for text in row])
        else:
            sheet.append([value[1] if kind == "heading" else value])  # type: ignore[index]
    path = out / f"{sample.stem}.xlsx"
    book.save(path)
    return path


def page(sample: pathlib.Path) -> str:
    """The sample as an HTML page, with a script and a navigation bar a reader must leave out."""
    parts = ["<!DOCTYPE html>", "<html><head><meta charset='utf-8'><title>offer</title>",
             "<style>td { padding: 2px }</style><script>var tracking = 'H200 x 64';</script></head><body>",
             "<nav><a href='/'>Home</a> <a href='/h200'>H200 8x3.2Tbps</a></nav>"]
    for kind, value in blocks(sample):
        if kind == "heading":
            level, text = value  # type: ignore[misc]
            parts.append(f"<h{level}>{html.escape(text)}</h{level}>")
        elif kind == "paragraph":
            parts.append(f"<p>{html.escape(value)}</p>")  # type: ignore[arg-type]
        else:
            parts.append("<table>")
            for r, row in enumerate(value):  # type: ignore[arg-type]
                tag = "th" if r == 0 else "td"
                parts.append("<tr>" + "".join(f"<{tag}>{html.escape(text)}</{tag}>" for text in row) + "</tr>")
            parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_html(sample: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    path = out / f"{sample.stem}.html"
    path.write_text(page(sample), encoding="utf-8")
    return path


def write_eml(sample: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    message = EmailMessage()
    message["From"] = "sales@vendor.example"
    message["To"] = "buyer@customer.example"
    message["Date"] = format_datetime(datetime(2025, 10, 21, 9, 30, tzinfo=timezone.utc))
    message["Subject"] = f"Re: {sample.stem}"
    body = page(sample).replace("<body>", "<body><p>Please find our offer below.</p>", 1)
    body = body.replace("</body>", "<blockquote><p>Can you also offer 16 nodes with 8x400G InfiniBand, "
                                   "non-blocking, and 99.99% availability?</p></blockquote></body>", 1)
    message.set_content(body, subtype="html")
    path = out / f"{sample.stem}.eml"
    path.write_bytes(bytes(message))
    return path


def text_samples() -> list[pathlib.Path]:
    """The text and Markdown samples."""
    return sorted([*SAMPLES.glob("*.md"), *SAMPLES.glob("*.txt")], key=lambda p: p.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=pathlib.Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for sample in text_samples():
        written = [write_docx(sample, args.out), write_html(sample, args.out), write_eml(sample, args.out)]
        if has_table(sample):
            written.append(write_xlsx(sample, args.out))
        print(" ".join(str(path) for path in written))


if __name__ == "__main__":
    main()
