"""Tests for slacheck.documents: text decoding, line splitting, passages, PDF lines and tables, errors."""

from __future__ import annotations

import codecs
import hashlib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from slacheck.documents import Document, DocumentError, document_from_text, layout, load_document, model, pdf_plumber

FONT = "STSong-Light"
pdfmetrics.registerFont(UnicodeCIDFont(FONT))
LEFT, RIGHT = 60.0, A4[0] - 60.0


# --------------------------------------------------------------------------- helpers


def check_segments(doc: Document) -> None:
    """Every segment copies its line exactly; segments are ordered and do not overlap."""
    for p in doc.passages:
        pos = 0
        for seg in p.segments:
            assert seg.start >= pos and seg.length > 0
            line = doc.lines[seg.line].text
            assert p.text[seg.start : seg.start + seg.length] == line[seg.column : seg.column + seg.length]
            pos = seg.start + seg.length


def texts(doc: Document, kind: str | None = None) -> list[str]:
    """The passage texts, optionally of one kind."""
    return [p.text for p in doc.passages if kind is None or p.kind == kind]


def wrap(text: str, size: float, width: float = RIGHT - LEFT) -> list[str]:
    """Greedy wrap at characters (CJK) or spaces (Latin) to fill ``width`` points."""
    lines, cur = [], ""
    for token in _tokens(text):
        if cur and pdfmetrics.stringWidth((cur + token).rstrip(), FONT, size) > width:
            lines.append(cur.rstrip())
            cur = token.lstrip()
        else:
            cur += token
    if cur.strip():
        lines.append(cur.rstrip())
    return lines


def _tokens(text: str) -> list[str]:
    """Single characters, except that runs of printable ASCII stay together as words."""
    out: list[str] = []
    for ch in text:
        if out and ch.isascii() and not ch.isspace() and out[-1][-1:].isascii() and not out[-1].isspace():
            out[-1] += ch
        else:
            out.append(ch)
    return out


class Pdf:
    """A tiny reportlab page writer: paragraphs fill the text width and lines go down the page."""

    def __init__(self, path: Path, **kwargs) -> None:
        self.path = path
        self.c = canvas.Canvas(str(path), pagesize=A4, **kwargs)
        self.y = A4[1] - 70

    def line(self, text: str, size: float = 11, x: float = LEFT, font: str = FONT) -> None:
        self.c.setFont(font, size)
        self.c.drawString(x, self.y, text)
        self.y -= size * 1.6

    def paragraph(self, text: str, size: float = 11, *, continues: bool = False) -> list[str]:
        """Justified lines; the last one is short unless the sentence ``continues`` on the next page."""
        lines = wrap(text, size)
        for i, t in enumerate(lines):
            if i == len(lines) - 1 and not continues:
                self.line(t, size)
            else:
                self.justified(t, size)
        return lines

    def justified(self, text: str, size: float = 11) -> None:
        """A line spaced out to reach the right margin, as word processors justify."""
        gaps = max(len(text) - 1, 1)
        spare = (RIGHT - LEFT - pdfmetrics.stringWidth(text, FONT, size)) / gaps
        text_obj = self.c.beginText(LEFT, self.y)
        text_obj.setFont(FONT, size)
        text_obj.setCharSpace(spare)
        text_obj.textLine(text)
        text_obj.setCharSpace(0)  # Tc outlives the text object
        self.c.drawText(text_obj)
        self.y -= size * 1.6

    def grid(self, rows: list[list[str]], widths: list[float], size: float = 10) -> None:
        """A ruled table; a cell may hold several lines separated by "\\n"."""
        self.c.setFont(FONT, size)
        top = self.y + size
        xs = [LEFT]
        for w in widths:
            xs.append(xs[-1] + w)
        ys = [top]
        for row in rows:
            height = max(cell.count("\n") + 1 for cell in row) * size * 1.5 + 6
            for cell, x in zip(row, xs):
                for k, part in enumerate(cell.split("\n")):
                    self.c.drawString(x + 3, ys[-1] - 4 - size - k * size * 1.5, part)
            ys.append(ys[-1] - height)
        for y in ys:
            self.c.line(xs[0], y, xs[-1], y)
        for x in xs:
            self.c.line(x, ys[0], x, ys[-1])
        self.y = ys[-1] - 2 * size

    def footer(self, text: str) -> None:
        self.c.setFont(FONT, 9)
        self.c.drawCentredString(A4[0] / 2, 30, text)

    def page(self) -> None:
        self.c.showPage()
        self.y = A4[1] - 70

    def save(self) -> Path:
        self.c.save()
        return self.path


# --------------------------------------------------------------------------- text files

SAMPLE = "报价单 Quote\n机型：８×Ｈ１００ SXM\n价格：￥3.5万/月，具体以\n咨询为准。\n"


@pytest.mark.parametrize(
    ("codec", "expected"),
    [("utf-8", "utf-8"), ("utf-8-sig", "utf-8-sig"), ("utf-16", "utf-16"), ("utf-16-be", "utf-16"), ("gb18030", "gb18030")],
)
def test_encodings_round_trip(tmp_path: Path, codec: str, expected: str) -> None:
    data = SAMPLE.encode(codec)
    if codec == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    f = tmp_path / "quote.txt"
    f.write_bytes(data)
    doc = load_document(f)
    assert doc.encoding == expected
    assert [line.text for line in doc.lines] == SAMPLE.splitlines()
    assert doc.lines[0].text.startswith("报价单")  # BOM stripped, columns start at the text
    assert doc.format == "text" and doc.pages == 1
    assert texts(doc) == ["报价单 Quote", "机型：８×Ｈ１００ SXM", "价格：￥3.5万/月，具体以咨询为准。"]
    assert doc.sha256 == hashlib.sha256(data).hexdigest()


def test_line_endings_and_numbers() -> None:
    doc = document_from_text("a one.\r\nb two.\rc three.\n\nd four.\r\n")
    assert [(l.page, l.number, l.text) for l in doc.lines] == [
        (1, 1, "a one."),
        (1, 2, "b two."),
        (1, 3, "c three."),
        (1, 4, ""),
        (1, 5, "d four."),
    ]
    assert texts(doc) == ["a one.", "b two.", "c three.", "d four."]


def test_wrapped_lines_join_with_exact_segments() -> None:
    text = (
        "  乙方应在合同签订后五个工作日内完成\n"
        "交付，并提供 nccl-tests 的\n"
        "busbw 报告。\n"
        "\n"
        "The vendor shall provide eight GPUs\n"
        "per node and a dedicated 400G port\n"
        "8\n"
        "16 more servers on request.\n"
    )
    doc = document_from_text(text)
    check_segments(doc)
    first, second = doc.passages
    assert first.text == "乙方应在合同签订后五个工作日内完成交付，并提供 nccl-tests 的 busbw 报告。"
    assert second.text == "The vendor shall provide eight GPUs per node and a dedicated 400G port 8 16 more servers on request."
    assert first.segments[0].column == 2  # leading spaces are not part of the passage
    start = first.text.index("完成交付")
    assert first.sources(start, start + 4) == [(0, 17, 19), (1, 0, 2)]
    start = second.text.index("GPUs per")
    assert second.sources(start, start + 8) == [(4, 31, 35), (5, 0, 3)]


@pytest.mark.parametrize(
    "second",
    [
        "- item",
        "* item",
        "+ item",
        "1. item",
        "2) item",
        "3、条目",
        "(一) 条目",
        "（二）条目",
        "一、条目",
        "第五条 付款",
        "# Heading",
        "GPU 型号：H100",
        "Payment terms: monthly",
        "| a | b |",
        "• bullet",
        "① 条目",
        "1.2 Scope",
    ],
)
def test_new_items_start_new_passages(second: str) -> None:
    doc = document_from_text(f"some text that wraps\n{second}\n")
    assert doc.passages[0].text == "some text that wraps"
    assert len(doc.passages) == 2


@pytest.mark.parametrize("end", ["。", "；", ";", "！", "？", "!", "?", ".", ":", "：", "。”", ".)"])
def test_sentence_end_stops_joining(end: str) -> None:
    doc = document_from_text(f"第一句{end}\n第二句\n")
    assert len(doc.passages) == 2


def test_joins_that_continue() -> None:
    doc = document_from_text("价格：3.5万/月，具体以\n咨询为准\n10:30 以后\n开始\n")
    assert texts(doc) == ["价格：3.5万/月，具体以咨询为准 10:30 以后开始"]


def test_titles_and_rules_do_not_join() -> None:
    doc = document_from_text("第一条 服务内容\n乙方提供八卡服务器\n-----\n后续内容\n# 标题\n正文\n")
    assert texts(doc) == ["第一条 服务内容", "乙方提供八卡服务器", "后续内容", "# 标题", "正文"]


def test_markdown_table_rows(tmp_path: Path) -> None:
    md = (
        "# 报价\n"
        "\n"
        "| 项目 | 配置 | 价格 |\n"
        "|:-----|------|-----:|\n"
        "| GPU  | 8×H100 SXM5 | ￥3.5万/月 |\n"
        "| 网络 |  | 另议 \\| 面议 |\n"
        "\n"
        "a | b\n"
        "--|--\n"
        "1 | 2\n"
    )
    f = tmp_path / "q.md"
    f.write_text(md, encoding="utf-8")
    doc = load_document(f)
    assert doc.format == "markdown"
    check_segments(doc)
    assert texts(doc, "table-row") == [
        "项目 | 配置 | 价格",
        "GPU | 8×H100 SXM5 | ￥3.5万/月",
        "网络 |  | 另议 \\| 面议",
        "a | b",
        "1 | 2",
    ]
    assert texts(doc, "text") == ["# 报价"]
    row = doc.passages[2]
    assert row.sources(0, len(row.text)) == [(4, 2, 5), (4, 9, 20), (4, 23, 30)]
    assert row.sources(3, 9) == [(4, 9, 12)]  # the " | " joiner is skipped


def test_document_from_text_accepts_any_string() -> None:
    assert document_from_text("").lines == () and document_from_text("").passages == ()
    doc = document_from_text(" \n\x00\x01\n")
    assert [l.text for l in doc.lines] == [" ", "\x00\x01"] and texts(doc) == ["\x00\x01"]


def test_text_format_from_suffix(tmp_path: Path) -> None:
    for name, fmt in [("a.txt", "text"), ("a.md", "markdown"), ("a.markdown", "markdown"), ("a.quote", "text")]:
        f = tmp_path / name
        f.write_text("内容。\n", encoding="utf-8")
        assert load_document(f).format == fmt


# --------------------------------------------------------------------------- PDF


def test_pdf_lines_pages_and_paragraphs(tmp_path: Path) -> None:
    pdf = Pdf(tmp_path / "two.pdf")
    pdf.line("GPU服务器租用报价单", size=16, x=200)
    pdf.line("机型：8×H100 SXM5")
    para = pdf.paragraph(
        "乙方应在合同签订后五个工作日内完成全部八台服务器的交付和上架，并在交付时提供全部节点之间的 "
        "nccl-tests 压测报告，报告须包含 all_reduce 的总线带宽数据以及测试所用的完整命令行和",
        continues=True,
    )
    pdf.footer("- 1 -")
    pdf.page()
    pdf.line("环境变量。", size=11)
    pdf.paragraph("The vendor shall provide eight NVIDIA H100 SXM5 GPUs per node, one 400G InfiniBand HCA per GPU and a non-blocking fabric.")
    pdf.footer("- 2 -")
    doc = load_document(pdf.save())
    check_segments(doc)
    assert doc.format == "pdf" and doc.pages == 2 and doc.encoding is None and doc.warnings == ()
    assert [(l.page, l.number) for l in doc.lines][:3] == [(1, 1), (1, 2), (1, 3)]
    assert doc.lines[0].text == "GPU服务器租用报价单"
    assert [l.text for l in doc.lines if l.page == 1][2 : 2 + len(para)] == para
    assert doc.lines[len(para) + 2].text == "- 1 -"
    page2 = [l for l in doc.lines if l.page == 2]
    assert page2[0].number == 1 and page2[0].text == "环境变量。" and page2[-1].text == "- 2 -"
    assert texts(doc)[:2] == ["GPU服务器租用报价单", "机型：8×H100 SXM5"]
    # the paragraph continues across the page break; the page number is not part of it
    joined = texts(doc)[2]
    assert joined.startswith("乙方应在") and joined.endswith("完整命令行和环境变量。")
    assert "- 1 -" not in joined and "nccl-tests 压测报告" in joined
    assert texts(doc)[3].startswith("The vendor shall provide eight NVIDIA H100 SXM5 GPUs per node,")
    assert texts(doc)[3].endswith("non-blocking fabric.")
    assert not any("- 2 -" in t for t in texts(doc))


@pytest.mark.parametrize(("paragraph", "lines", "expected"), [
    # short lines under a long one stay apart
    ("这是一段足够长的正文，用来确定页面右边距的位置，因此后面的短行不会被当成折行的句子来拼接在一起",
     ["机型 8×H100", "内存 2TB", "网络 IB 400G"], ["机型 8×H100", "内存 2TB", "网络 IB 400G"]),
    # a line broken by hand (ending in a word) goes on into one that starts with a lowercase word
    ("This is a long enough line of body text to set where the right margin of the page is found.",
     ["These variables do not mean", "the cluster runs InfiniBand.", "Nodes: 4", "GPU: H100"],
     ["These variables do not mean the cluster runs InfiniBand.", "Nodes: 4", "GPU: H100"]),
])
def test_pdf_short_lines_join_only_when_broken_by_hand(tmp_path: Path, paragraph: str, lines: list[str],
                                                      expected: list[str]) -> None:
    pdf = Pdf(tmp_path / "short.pdf")
    pdf.paragraph(paragraph)
    for line in lines:
        pdf.line(line)
    assert texts(load_document(pdf.save()))[1:] == expected


def test_pdf_justified_cjk_big_price_and_fine_print(tmp_path: Path) -> None:
    pdf = Pdf(tmp_path / "layout.pdf")
    text_obj = pdf.c.beginText(LEFT, pdf.y)
    text_obj.setFont(FONT, 11)
    text_obj.setCharSpace(5)  # letter-spaced (distributed) CJK
    text_obj.textLine("机型：8×H100")
    text_obj.setCharSpace(0)
    pdf.c.drawText(text_obj)
    pdf.y -= 30
    pdf.c.setFont(FONT, 11)
    for k, ch in enumerate("单价："):  # a distributed label: wide gaps between CJK characters
        pdf.c.drawString(LEFT + 18 * k, pdf.y, ch)
    pdf.c.drawString(LEFT + 60, pdf.y, "1.2万")
    pdf.y -= 30
    pdf.c.setFont(FONT, 10)
    pdf.c.drawString(LEFT, pdf.y, "月租价格")
    pdf.c.setFont(FONT, 20)
    pdf.c.drawString(LEFT + 60, pdf.y, "￥3.5万/月")
    pdf.y -= 30
    for i in range(3):  # 6 pt fine print on a 7 pt pitch stays three lines
        pdf.c.setFont(FONT, 6)
        pdf.c.drawString(LEFT, pdf.y, f"细则{i + 1}：本合同未尽事宜以双方协商为准")
        pdf.y -= 7
    doc = load_document(pdf.save())
    assert [l.text for l in doc.lines] == [
        "机型：8×H100",
        "单价： 1.2万",
        "月租价格 ￥3.5万/月",
        "细则1：本合同未尽事宜以双方协商为准",
        "细则2：本合同未尽事宜以双方协商为准",
        "细则3：本合同未尽事宜以双方协商为准",
    ]


def test_pdf_ruled_table_becomes_rows(tmp_path: Path) -> None:
    pdf = Pdf(tmp_path / "grid.pdf")
    pdf.line("报价明细如下：")
    pdf.grid(
        [
            ["项目", "配置", "价格"],
            ["GPU", "8×H100 SXM5", "￥3.5万/月"],
            ["网络", "IB 400G 可选，具体以\n咨询为准", "另议"],
            ["存储", "NVMe 4×3.84TB\nRAID 10", "含"],
        ],
        [90, 200, 120],
    )
    pdf.line("以上报价有效期三十天。")
    doc = load_document(pdf.save())
    check_segments(doc)
    assert texts(doc, "table-row") == [
        "项目 | 配置 | 价格",
        "GPU | 8×H100 SXM5 | ￥3.5万/月",
        "网络 | IB 400G 可选，具体以咨询为准 | 另议",
        "存储 | NVMe 4×3.84TB RAID 10 | 含",
    ]
    assert texts(doc, "text") == ["报价明细如下：", "以上报价有效期三十天。"]
    assert [p.kind for p in doc.passages] == ["text"] + ["table-row"] * 4 + ["text"]
    # the table's lines are used by row passages only
    row_lines = {s.line for p in doc.passages if p.kind == "table-row" for s in p.segments}
    text_lines = {s.line for p in doc.passages if p.kind == "text" for s in p.segments}
    assert not row_lines & text_lines
    wrapped = doc.passages[3]
    start = wrapped.text.index("具体以咨询")
    (a_line, a0, a1), (b_line, b0, b1) = wrapped.sources(start, start + 5)
    assert doc.lines[a_line].text[a0:a1] == "具体以" and doc.lines[b_line].text[b0:b1] == "咨询"


def test_pdf_password(tmp_path: Path) -> None:
    from reportlab.lib.pdfencrypt import StandardEncryption

    pdf = Pdf(tmp_path / "locked.pdf", encrypt=StandardEncryption("secret", canPrint=1))
    pdf.line("GPU 8x H100 SXM5, 400G InfiniBand.", font="Helvetica")
    path = pdf.save()
    for password, message in [(None, "encrypted PDF: give --password"), ("wrong", "encrypted PDF: give --password")]:
        with pytest.raises(DocumentError) as err:
            load_document(path, password=password)
        assert str(err.value).startswith(message) and "\n" not in str(err.value)
    assert texts(load_document(path, password="secret")) == ["GPU 8x H100 SXM5, 400G InfiniBand."]


def _image_page(pdf: Pdf) -> None:
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    pdf.c.drawImage(ImageReader(Image.new("RGB", (40, 20), "white")), LEFT, 600, 200, 100)


def test_image_only_page_is_a_warning(tmp_path: Path) -> None:
    pdf = Pdf(tmp_path / "scan.pdf")
    pdf.line("第一页有文字。")
    pdf.page()
    _image_page(pdf)
    pdf.page()
    pdf.c.rect(100, 100, 200, 200)  # a drawing, no text, no image
    pdf.page()
    pdf.line("第四页有文字。")
    doc = load_document(pdf.save())
    assert texts(doc) == ["第一页有文字。", "第四页有文字。"]
    assert doc.warnings == ("page 2 has no text layer (image only): read it with --ocr", "page 3 has no text")
    assert [l.page for l in doc.lines] == [1, 4]


def test_font_decoding_failure_uses_pdfium(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = Pdf(tmp_path / "fonts.pdf")
    pdf.line("第一页。")
    pdf.page()
    pdf.line("第二页的文字")
    pdf.line("在 pdfium 中可读。")
    path = pdf.save()
    real = pdf_plumber.read_page

    def undecodable_page_two(page, number):  # pdfminer yields nothing, as with CFF CJK fonts
        content = real(page, number)
        if number == 2:
            content = model.Page(number, [], [], [], set(), [], content.width, "has no text")
        return content

    monkeypatch.setattr(pdf_plumber, "read_page", undecodable_page_two)
    doc = load_document(path)
    assert [(l.page, l.text) for l in doc.lines] == [(1, "第一页。"), (2, "第二页的文字"), (2, "在 pdfium 中可读。")]
    assert texts(doc) == ["第一页。", "第二页的文字在 pdfium 中可读。"]
    assert len(doc.warnings) == 1 and doc.warnings[0].startswith("page 2:") and "pdfium" in doc.warnings[0]


# --------------------------------------------------------------------------- errors


def _two_page_pdf(path: Path) -> Path:
    pdf = Pdf(path)
    pdf.line("第一页。")
    pdf.page()
    pdf.line("第二页。")
    return pdf.save()


def _error(path: Path, **kwargs) -> str:
    with pytest.raises(DocumentError) as err:
        load_document(path, **kwargs)
    message = str(err.value)
    assert message and "\n" not in message and "Traceback" not in message
    return message


def test_error_cases(tmp_path: Path) -> None:
    good = _two_page_pdf(tmp_path / "good.pdf")
    data = good.read_bytes()
    cases: dict[str, tuple[bytes | None, dict, str]] = {
        "missing.txt": (None, {}, "no such file"),
        "empty.txt": (b"", {}, "empty file"),
        "empty.pdf": (b"", {}, "empty file"),
        "notpdf.pdf": (b"just some text, renamed to .pdf\n", {}, "not a PDF file"),
        "zip.pdf": (b"PK\x03\x04" + b"\x00" * 50, {}, "not a PDF file"),
        "garbage.pdf": (b"%PDF-1.4\n" + bytes(range(256)) * 4, {}, "corrupt or truncated PDF"),
        "half.pdf": (data[: len(data) // 2], {}, "corrupt or truncated PDF"),
        "tail.pdf": (data[:-200], {}, "corrupt or truncated PDF"),
        "pages.pdf": (data, {"max_pages": 1}, "too many pages: 2 > 1"),
        "big.txt": (b"x" * 101, {"max_bytes": 100}, "file too large"),
        "nul.txt": (b"abc\x00def\n", {}, "binary content"),
        "controls.txt": (bytes(range(1, 9)) * 10 + b"abc", {}, "binary content"),
        "undecodable.txt": (b"abc \x80\xff def", {}, "cannot decode the file as UTF-8, UTF-16 or GB18030"),
        "blank.txt": (b" \n\t\n", {}, "no text"),
        "bom.txt": (codecs.BOM_UTF8, {}, "empty file"),
        "doc.docx": (b"PK\x03\x04" + b"\x00" * 50, {}, "corrupt or truncated .docx file"),
        "zip.txt": (b"PK\x03\x04" + b"\x00" * 50, {}, "not a text file"),
        "scan.png.txt": (b"\x89PNG\r\n\x1a\n" + b"\x00" * 20, {}, "not a text file"),
    }
    for name, (content, kwargs, expected) in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        assert _error(path, **kwargs).startswith(expected), name
    assert _error(tmp_path) == "is a directory"
    assert _error(Path("bad\x00name.txt")) == "invalid path"


def test_tail_truncated_pdf_error_or_text(tmp_path: Path) -> None:
    """A PDF cut anywhere gives a document or a DocumentError, never another exception."""
    data = _two_page_pdf(tmp_path / "good.pdf").read_bytes()
    for cut in range(64, len(data), max(1, len(data) // 40)):
        path = tmp_path / "cut.pdf"
        path.write_bytes(data[:cut])
        try:
            load_document(path)
        except DocumentError as err:
            assert "\n" not in str(err)


def test_no_text_layer(tmp_path: Path) -> None:
    pdf = Pdf(tmp_path / "scan.pdf")
    _image_page(pdf)
    pdf.page()
    _image_page(pdf)
    assert _error(pdf.save()) == "no text layer (scanned?): read it with --ocr (needs pip install 'slacheck[ocr]')"


def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("x")
    path.chmod(0)
    if os.access(path, os.R_OK):  # running as root
        pytest.skip("cannot make an unreadable file as this user")
    assert _error(path).startswith("cannot read file")


# --------------------------------------------------------------------------- properties

ALPHABET = st.sampled_from(list("机型价格咨询为准乙方提供八卡ab xyzH10086.,:：。；|-#*（）一、第条\t") + ["\n", "\r\n", "  ", "１", "Ｈ", "\u3000"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.lists(ALPHABET, max_size=80).map("".join), st.text(max_size=60)), st.sampled_from(["text", "markdown"]))
@example(text="机\t机\t机\n 机", fmt="text")  # a line indented by a space is not a wrapped cell of a tab table
@example(text="a\tb\tc\n\td", fmt="text")  # a wrapped middle cell: the row reads b, d, then c on the first line
def test_sources_slice_exactly(text: str, fmt: str) -> None:
    doc = document_from_text(text, format=fmt)
    check_segments(doc)
    for p in doc.passages:
        covered = [False] * len(p.text)
        for seg in p.segments:
            covered[seg.start : seg.start + seg.length] = [True] * seg.length
        n = len(p.text)
        spans = [(a, b) for a in range(n) for b in range(a + 1, n + 1)] if n <= 30 else [(a, b) for a in range(n) for b in (a + 1, min(n, a + 7), n)]
        for a, b in spans:
            ranges = p.sources(a, b)
            expected = "".join(ch for ch, cov in zip(p.text[a:b], covered[a:b]) if cov)
            assert "".join(doc.lines[line].text[c0:c1] for line, c0, c1 in ranges) == expected
            assert all(c0 < c1 for _, c0, c1 in ranges)
            # lines never go back, except that a table row returns to its first line after a wrapped cell
            lines = [r[0] for r in ranges]
            top = p.segments[0].line
            assert all(b >= a or (p.kind == "table-row" and b == top) for a, b in zip(lines, lines[1:])), ranges


def test_pdf_words_without_space_glyphs(tmp_path: Path) -> None:
    """Words placed apart without space glyphs keep a space; digits never merge."""
    pdf = Pdf(tmp_path / "tex.pdf")
    x = LEFT
    for word in "GPU: 8x H100 80GB, 400 Gb/s".split():
        pdf.c.setFont("Helvetica", 11)
        pdf.c.drawString(x, pdf.y, word)
        x += pdfmetrics.stringWidth(word, "Helvetica", 11) + 0.3 * 11
    doc = load_document(pdf.save())
    assert [l.text for l in doc.lines] == ["GPU: 8x H100 80GB, 400 Gb/s"]


def _place_cells(pdf: Pdf, cells: list[str], xs: list[float], font: str = "Helvetica", size: float = 10) -> None:
    """One line of cells, each drawn at its own x (no space glyphs between them)."""
    pdf.c.setFont(font, size)
    for cell, x in zip(cells, xs):
        pdf.c.drawString(x, pdf.y, cell)
    pdf.y -= size * 1.6


def _columns_name_their_chars(path: Path) -> None:
    """Each char's columns in its line's text hold that char (what --annotate finds quotes by)."""
    import pdfplumber

    with pdfplumber.open(str(path)) as opened:
        content, placed = layout.laid_out(opened.pages[0], 1)
    for text, columns in zip(content.texts, placed):
        assert all(text[a:b] == c["text"] for c, a, b in columns)


def test_pdf_table_aligned_with_spaces_reads_as_rows(tmp_path: Path) -> None:
    """A table aligned with spaces keeps its columns in a PDF, whether the text was printed as it is (runs of
    space glyphs, kept with the indent of a wrapped cell) or each cell was placed on its own (a gap of two
    spaces): the rows are read as a text file's space-aligned table is."""
    printed = ["代号     品名             规格说明                       台数",
               "A-1      推理节点         4 × L40S 48GB 每节点            6 台",
               "A-2      存储节点         12 × 3.84TB NVMe，              2 台",
               "                          双口 25GbE 接入"]
    pdf = Pdf(tmp_path / "aligned.pdf")
    pdf.line("附表 设备明细", size=10)
    for row in printed:
        pdf.line(row, size=10)
    pdf.line("The same in English:", size=10)
    xs = [LEFT, LEFT + 50, LEFT + 170, LEFT + 380]
    for cells in [["Ref", "Part", "Description", "Qty"],
                  ["B1", "Inference node", "4 x L40S 48GB each", "6 nodes"],
                  ["B2", "Storage node", "12 x 3.84TB NVMe", "2 nodes"]]:
        _place_cells(pdf, cells, xs)
    path = pdf.save()
    doc = load_document(path)
    check_segments(doc)
    _columns_name_their_chars(path)
    assert [line.text for line in doc.lines][1:5] == printed
    assert doc.lines[7].text == "B1  Inference node  4 x L40S 48GB each  6 nodes"
    assert texts(doc, "table-row") == [
        "代号 | 品名 | 规格说明 | 台数",
        "A-1 | 推理节点 | 4 × L40S 48GB 每节点 | 6 台",
        "A-2 | 存储节点 | 12 × 3.84TB NVMe，双口 25GbE 接入 | 2 台",
        "Ref | Part | Description | Qty",
        "B1 | Inference node | 4 x L40S 48GB each | 6 nodes",
        "B2 | Storage node | 12 x 3.84TB NVMe | 2 nodes",
    ]
    assert texts(doc, "text") == ["附表 设备明细", "The same in English:"]


def test_pdf_justified_prose_keeps_single_spaces(tmp_path: Path) -> None:
    """Word spacing stretched to justify a line, however wide, is no column gap: neither spaces widened by
    word spacing nor words placed evenly apart, nor letter-spaced Chinese."""
    pdf = Pdf(tmp_path / "justified.pdf")
    english = ["The provider keeps every node of the cluster reachable over the fabric",
               "Replacements arrive within four hours",
               "Credits apply monthly"]
    for line in english[:2]:  # word spacing (Tw) on space glyphs
        words = line.split()
        spare = (RIGHT - LEFT - pdfmetrics.stringWidth(line, "Helvetica", 10)) / (len(words) - 1)
        text_obj = pdf.c.beginText(LEFT, pdf.y)
        text_obj.setFont("Helvetica", 10)
        text_obj.setWordSpace(spare)
        text_obj.textLine(line)
        text_obj.setWordSpace(0)
        pdf.c.drawText(text_obj)
        pdf.y -= 16
    words = english[2].split()  # words placed evenly apart, no space glyphs
    gap = (RIGHT - LEFT - sum(pdfmetrics.stringWidth(w, "Helvetica", 10) for w in words)) / (len(words) - 1)
    xs = [LEFT]
    for w in words[:-1]:
        xs.append(xs[-1] + pdfmetrics.stringWidth(w, "Helvetica", 10) + gap)
    _place_cells(pdf, words, xs)
    pdf.justified("本合同约定的全部节点均应在交付后 三 个工作日内完成联调测试")
    pdf.line("以上。")
    path = pdf.save()
    doc = load_document(path)
    check_segments(doc)
    _columns_name_their_chars(path)
    assert [line.text for line in doc.lines][:3] == english
    assert "  " not in doc.lines[3].text
    assert texts(doc, "table-row") == []


def test_pdf_text_beside_a_table_and_rotated_text(tmp_path: Path) -> None:
    pdf = Pdf(tmp_path / "side.pdf")
    pdf.grid([["项目", "价格"], ["GPU", "3.5万/月"]], [80, 120])
    pdf.c.setFont(FONT, 10)
    pdf.c.drawString(LEFT + 260, A4[1] - 70 - 1.5 * 10 - 10, "备注：以合同为准")  # level with row 2
    pdf.c.saveState()
    pdf.c.translate(40, 400)
    pdf.c.rotate(90)
    pdf.c.drawString(0, 0, "合同专用章")
    pdf.c.rotate(180)
    pdf.c.drawString(0, 100, "骑缝章")
    pdf.c.restoreState()
    doc = load_document(pdf.save())
    check_segments(doc)
    assert texts(doc, "table-row") == ["项目 | 价格", "GPU | 3.5万/月"]
    assert sorted(texts(doc, "text")) == sorted(["备注：以合同为准", "合同专用章", "骑缝章"])


def test_cid_glyph_page_is_reported() -> None:
    from types import SimpleNamespace

    chars = [{"text": f"(cid:{k})", "x0": 10.0 * k, "x1": 10.0 * k + 9, "top": 10.0, "bottom": 20.0, "size": 10.0, "upright": True} for k in range(5)]
    page = SimpleNamespace(chars=chars, width=595.0, images=[], objects={})
    content = layout.read_page(page, 3)
    assert content.texts == [] and "cid" in content.problem


def test_a_line_of_spaces_only_gives_no_line() -> None:
    from types import SimpleNamespace

    def char(text: str, x: float, top: float) -> dict:
        return {"text": text, "x0": x, "x1": x + 3, "top": top, "bottom": top + 10, "size": 10.0, "upright": True}

    chars = [char(" ", 3.0 * k, 10.0) for k in range(4)] + [char(" ", 0.0, 30.0), char("a", 6.0, 30.0)]
    page = SimpleNamespace(chars=chars, width=595.0, images=[], objects={})
    assert layout.read_page(page, 1).texts == [" a"]


def test_a_tab_the_font_cannot_draw_still_separates_cells(tmp_path: Path) -> None:
    """A tab in a two-byte CID font has no glyph: the PDF gives it .notdef, which is kept as a tab."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    path = tmp_path / "tabs.pdf"
    page = canvas.Canvas(str(path), pagesize=A4)
    page.setFont("STSong-Light", 10)
    for row, line in enumerate(["项目\t规格\t数量\t单位", "GPU 服务器\tH100 SXM5 80GB×8\t4\t台", "备注：含税。"]):
        page.drawString(50, 780 - 15 * row, line)
    page.save()
    doc = load_document(path)
    check_segments(doc)
    assert texts(doc, "table-row") == ["项目 | 规格 | 数量 | 单位", "GPU 服务器 | H100 SXM5 80GB×8 | 4 | 台"]
    assert texts(doc, "text") == ["备注：含税。"]
    assert "80GB×84" not in doc.lines[1].text


def test_an_undrawable_symbol_between_spaces_is_no_tab(tmp_path: Path) -> None:
    """A symbol the font lacks (.notdef) set apart by spaces is a middle dot, not a tab that would start a
    tab-separated table; after an indent of spaces it is the line's bullet."""
    pdf = Pdf(tmp_path / "dot.pdf")
    for line in ["报价 A \u00b7 热销款", "    \u00b7 内存 1TB"]:
        pdf.line(line, size=10)
    doc = load_document(pdf.save())
    assert [line.text for line in doc.lines] == ["报价 A · 热销款", "    • 内存 1TB"]
    assert texts(doc, "table-row") == []


def test_hanging_indent_continues_a_numbered_clause_and_an_undrawable_marker_is_a_bullet(tmp_path: Path) -> None:
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    path = tmp_path / "clauses.pdf"
    page = canvas.Canvas(str(path), pagesize=A4)
    page.setFont("STSong-Light", 10)
    lines = ["4.2 Placement. Two servers stand in hall A", "      and two in hall B of the same campus.",
             "4.3 Support. Tickets are answered within one hour.", "\u00b7 spare parts kept on site;",
             "\u00b7 replacement within four hours."]
    for row, line in enumerate(lines):
        page.drawString(50, 780 - 15 * row, line)
    page.save()
    doc = load_document(path)
    check_segments(doc)
    assert texts(doc) == ["4.2 Placement. Two servers stand in hall A and two in hall B of the same campus.",
                          "4.3 Support. Tickets are answered within one hour.",
                          "• spare parts kept on site;", "• replacement within four hours."]


def test_a_list_item_drawn_from_plain_text_hangs_by_two_spaces(tmp_path: Path) -> None:
    """Plain-text list indentation drawn in a proportional font: the continuation sits two spaces right of the
    marker, less than a character's width, and still continues the item; a line under the marker does not."""
    pdf = Pdf(tmp_path / "items.pdf")
    for line in ["  * Failure: a broken node is swapped within four hours. The spare",
                 "    node takes the same switch ports and the same addresses.",
                 "  * Support: answered within the hour",
                 "  Maintenance windows are announced a week ahead."]:
        pdf.line(line, size=10)
    doc = load_document(pdf.save())
    check_segments(doc)
    assert texts(doc) == ["* Failure: a broken node is swapped within four hours. The spare node takes the same "
                          "switch ports and the same addresses.",
                          "* Support: answered within the hour",
                          "Maintenance windows are announced a week ahead."]


@pytest.mark.parametrize(("first", "second", "joined"), [
    ("本合同项下出租方向承租方提供的服务器型号为 H80", "0 八卡机型，共四台。", "型号为 H800 八卡机型"),
    ("交付时双方共同确认每台机柜的供电能力不低于 25k", "W，由出租方提供检测记录。", "不低于 25kW，"),
    ("The lessor provides four servers with eight H100", "80GB cards each and a spare.", "H100 80GB"),
])
def test_a_full_chinese_line_that_ends_inside_a_word_joins_without_a_space(
        tmp_path: Path, first: str, second: str, joined: str) -> None:
    """A renderer that fills Chinese lines char by char splits a Latin word or number at the edge; an English
    line is wrapped at a space, which the join puts back."""
    pdf = Pdf(tmp_path / "split.pdf")
    pdf.justified(first, 11)
    pdf.line(second, 11)
    doc = load_document(pdf.save())
    assert joined in texts(doc)[0]


def test_line_texts_and_places_without_a_line_object_each() -> None:
    lines = model.Lines(["a", "b", "c"], [0, 2], [1, 2])
    assert model.line_texts(lines) is lines.texts
    assert model.line_places(lines) == {}
    placed = model.Lines(["a", "b"], [0], [1], ["Sheet1!A1", ""])
    assert model.line_places(placed) == {(1, 1): "Sheet1!A1"}
    as_tuple = (model.Line(1, 1, "x", "Sheet1!B2"), model.Line(1, 2, "y"))
    assert model.line_texts(as_tuple) == ["x", "y"]
    assert model.line_places(as_tuple) == {(1, 1): "Sheet1!B2"}


LABELS = ["Nodes", "nodes", "GPU", "fabric", "计算网络", "服务器数量", "A.1", "B2", "a)", "[x]", "From:", "10:16", "", "-"]
VALUES = ["4 x HGX H100", ": 不含", "RoCE v2, 8 x 400G", "shared", "每台 8 张", "", "x"]


@settings(max_examples=150, deadline=None)
@example(column=13, lines=[(0, "nodes", "4 x HGX H100"), (0, "GPU", "x"), (0, "Nodes", "shared"), (0, "GPU", "x")])
@given(column=st.integers(8, 20), lines=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(LABELS),
                                                           st.sampled_from(VALUES)), max_size=12))
def test_label_and_value_lines_in_any_layout_map_back_to_their_lines(column: int,
                                                                     lines: list[tuple[int, str, str]]) -> None:
    """Label lines whose values mostly start in one column, with indents, wide labels and labels that are none."""
    text = "\n".join(" " * indent + label + " " * max(1, column - indent - len(label)) + value
                     for indent, label, value in lines)
    doc = document_from_text(text)
    for passage in doc.passages:
        for line, start, end in passage.sources(0, len(passage.text)):
            assert 0 <= start <= end <= len(doc.lines[line].text)
            assert doc.lines[line].text[start:end].strip() in passage.text


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab\n", max_size=9), max_size=40), st.integers(1, 12))
def test_joined_pieces_hold_the_whole_join_in_bounded_pieces(texts: list[str], piece: int) -> None:
    """A whole-document search is made in pieces: without overlap they make the whole join again; with it,
    every two neighbouring texts stand joined in one piece. No piece is much longer than its size."""
    plain = list(model.joined_pieces(texts, size=piece))
    overlapping = list(model.joined_pieces(texts, " ", overlapping=True, size=piece))
    assert "\n".join(plain) == "\n".join(texts)
    longest = max((len(t) for t in texts), default=0)
    assert all(len(p) <= piece + 2 * (longest + 1) for p in plain + overlapping)
    for left, right in zip(texts, texts[1:]):
        assert any(f"{left} {right}" in p for p in overlapping)
