"""documents.numbering: Word's automatic list numbers shown before the paragraphs they number."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

from slacheck.documents import load_document
from slacheck.documents.numbering import formatted
from slacheck.pipeline import Options, check_file


@pytest.mark.parametrize(("value", "style", "shown"), [
    (3, "decimal", "3"), (7, "decimalZero", "07"), (14, "upperRoman", "XIV"), (9, "lowerRoman", "ix"),
    (28, "lowerLetter", "bb"), (2, "upperLetter", "B"), (3, "decimalEnclosedCircle", "③"),
    (1, "chineseCounting", "一"), (10, "chineseCounting", "十"), (12, "chineseCounting", "十二"),
    (20, "chineseCounting", "二十"), (105, "chineseCounting", "一百〇五"), (110, "chineseCounting", "一百一十"),
    (105, "chineseCountingThousand", "一百零五"), (12, "chineseLegalSimplified", "壹拾贰"),
    (3, "ideographTraditional", "丙"), (10, "ideographDigital", "一〇"), (4, "decimalFullWidth", "４"),
    (5, "someFormatOfTomorrow", "5"),
])
def test_number_formats_read_as_word_shows_them(value: int, style: str, shown: str) -> None:
    assert formatted(value, style) == shown


def _level(ilvl: int, fmt: str, text: str, suffix: str = "tab", start: int = 1) -> str:
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
            f'<w:suff w:val="{suffix}"/><w:lvlText w:val="{text}"/></w:lvl>')


def _numbered(paragraph, num_id: int, ilvl: int = 0) -> None:
    paragraph._p.get_or_add_pPr().append(parse_xml(
        f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num_id}"/></w:numPr>'))


@pytest.fixture()
def numbered(tmp_path: Path) -> Path:
    """A rental annex whose sections, items, clauses and a table cell are numbered by Word, not typed."""
    word = docx.Document()
    numbering = word.part.numbering_part.element
    numbering.append(parse_xml(f'<w:abstractNum {nsdecls("w")} w:abstractNumId="90">'
                               + _level(0, "chineseCounting", "%1、", "nothing")
                               + _level(1, "decimal", "(%2)", "space") + "</w:abstractNum>"))
    numbering.append(parse_xml(f'<w:abstractNum {nsdecls("w")} w:abstractNumId="91">'
                               + _level(0, "chineseCounting", "第%1条", "space") + "</w:abstractNum>"))
    numbering.append(parse_xml(f'<w:abstractNum {nsdecls("w")} w:abstractNumId="92">'
                               + _level(0, "decimal", "%1.", start=4) + _level(1, "lowerLetter", "%1.%2)")
                               + "</w:abstractNum>"))
    for num_id, abstract in ((90, 90), (91, 91), (92, 92)):
        numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="{num_id}"><w:abstractNumId w:val="{abstract}"/>'
                                   "</w:num>"))
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="93"><w:abstractNumId w:val="90"/>'
                               '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>'))
    clause = word.styles.add_style("Lease Clause", WD_STYLE_TYPE.PARAGRAPH)
    clause.base_style = word.styles["Heading 2"]
    clause.element.get_or_add_pPr().append(parse_xml(f'<w:numPr {nsdecls("w")}><w:numId w:val="91"/></w:numPr>'))
    for text, num_id, ilvl in (("设备配置", 90, 0), ("每台服务器 8 张 H100 SXM5 GPU", 90, 1),
                               ("机间网络为 8 × 400G InfiniBand", 90, 1), ("服务支持", 90, 0),
                               ("7×24 小时响应，30 分钟内到场", 90, 1)):
        _numbered(word.add_paragraph(text), num_id, ilvl)
    word.add_paragraph("以下条款由双方确认。")
    table = word.add_table(rows=1, cols=2)
    table.cell(0, 0).text = "付款方式"
    _numbered(table.cell(0, 0).paragraphs[0], 90)
    table.cell(0, 1).text = "按月支付"
    word.add_paragraph("交付与验收", style="Lease Clause")
    word.add_paragraph("租期与续约", style="Lease Clause")
    _numbered(word.add_paragraph("再次列出的设备"), 93)
    for text, ilvl in (("Power per rack: 40 kW", 0), ("Two feeds", 1), ("Cooling by air", 0)):
        _numbered(word.add_paragraph(text), 92, ilvl)
    word.add_paragraph("Hardware swap within four hours", style="List Number")
    path = tmp_path / "annex.docx"
    word.save(path)
    return path


def test_list_numbers_stand_before_the_paragraphs_they_number(numbered: Path) -> None:
    texts = [line.text for line in load_document(numbered).lines if line.text]
    assert texts == [
        "一、设备配置", "(1) 每台服务器 8 张 H100 SXM5 GPU", "(2) 机间网络为 8 × 400G InfiniBand",
        "二、服务支持", "(1) 7×24 小时响应，30 分钟内到场",  # a new section starts its items again
        "以下条款由双方确认。",
        "三、付款方式", "按月支付",  # a table cell's paragraph counts in document order
        "第一条 交付与验收", "第二条 租期与续约",  # numbered by their style, through the style it is based on
        "一、再次列出的设备",  # a list that starts over
        "4. Power per rack: 40 kW", "4.a) Two feeds", "5. Cooling by air",
        "1. Hardware swap within four hours",  # python-docx's own List Number style
    ]


def test_a_numbered_paragraph_keeps_its_place(numbered: Path) -> None:
    document = load_document(numbered)
    clause = next(line for line in document.lines if line.text == "第一条 交付与验收")
    assert clause.where == "paragraph 7"  # the table between is not a paragraph


def test_findings_quote_the_numbered_paragraph_as_the_vendor_sees_it(numbered: Path) -> None:
    report = check_file(numbered, Options())
    lines = {(line.page, line.number): line.text for line in report.context}
    quotes = [e for f in report.findings for e in f.evidence if e.role == "quote"]
    assert "(1) 每台服务器 8 张 H100 SXM5 GPU" in {lines[(e.page, e.line)] for e in quotes}
    assert all(lines[(e.page, e.line)][e.column - 1:].startswith(e.text) for e in quotes)
