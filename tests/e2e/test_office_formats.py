"""Word, Excel, HTML and e-mail files: the same findings as the text they hold, places a person
finds, and one-line refusals of broken, encrypted and hostile files."""

from __future__ import annotations

import importlib.util
import io
import re
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest

from slacheck.documents import Budget, DocumentError, TimeBudgetExceeded, load_document
from slacheck.pipeline import Options, check_file

from conftest import ROOT

_SPEC = importlib.util.spec_from_file_location("make_formats", ROOT / "samples" / "make_formats.py")
assert _SPEC is not None and _SPEC.loader is not None
make_formats = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make_formats)
SAMPLES = make_formats.text_samples()


def rules(path: Path) -> list[str]:
    return sorted({finding.rule for finding in check_file(path, Options()).findings})


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("formats")
    for sample in SAMPLES:
        make_formats.write_docx(sample, out)
        make_formats.write_html(sample, out)
        make_formats.write_eml(sample, out)
        if make_formats.has_table(sample):
            make_formats.write_xlsx(sample, out)
    return out


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_each_format_gives_the_findings_of_the_text(written: Path, sample: Path) -> None:
    expected = rules(sample)  # (a reading that missed the text would raise the missing-term rules)
    suffixes = [".docx", ".html", ".eml"] + ([".xlsx"] if make_formats.has_table(sample) else [])
    for suffix in suffixes:
        assert rules(written / f"{sample.stem}{suffix}") == expected, suffix


def test_table_like_samples_exist() -> None:
    assert sum(make_formats.has_table(sample) for sample in SAMPLES) >= 4


def test_quotes_in_a_spreadsheet_name_their_cell(written: Path) -> None:
    path = written / "zh_quote_a100_10gbe.xlsx"
    doc = load_document(path)
    sheet = openpyxl.load_workbook(path)["Quote"]
    for line in doc.lines:
        if line.where:
            assert sheet[line.where.split("!")[1]].value == line.text
    report = check_file(path, Options())
    places = [e.where for f in report.findings for e in f.evidence if e.role == "quote"]
    assert places and all(re.fullmatch(r"Quote![A-F]\d+", place) for place in places)


def test_word_places_and_headings(written: Path) -> None:
    doc = load_document(written / "zh_quote_a100_10gbe.docx")
    assert doc.lines[0].where == "paragraph 1" and doc.passages[0].text.startswith("# ")
    assert not doc.lines[0].text.startswith("#")  # the mark is the reader's, not the file's
    row = next(p for p in doc.passages if p.kind == "table-row" and p.text.startswith("1 | "))
    assert [doc.lines[s.line].where for s in row.segments][:2] == ["table 1, row 2, cell 1", "table 1, row 2, cell 2"]


def test_word_headers_and_footers_are_kept_apart(tmp_path: Path) -> None:
    import docx

    word = docx.Document()
    word.add_paragraph("GPU：8 × H100 SXM5")
    word.sections[0].header.paragraphs[0].text = "机密 内部资料"
    path = tmp_path / "h.docx"
    word.save(path)
    doc = load_document(path)
    assert [(line.page, line.text, line.where) for line in doc.lines if line.text] == [
        (1, "GPU：8 × H100 SXM5", "paragraph 1"), (2, "机密 内部资料", "header of section 1")]


def _sheet_xml(path: Path, edit) -> None:
    """Rewrite the first sheet's XML of an .xlsx in place."""
    with zipfile.ZipFile(path) as old:
        parts = {info.filename: old.read(info) for info in old.infolist()}
    name = "xl/worksheets/sheet1.xml"
    parts[name] = edit(parts[name].decode()).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for filename, data in parts.items():
            new.writestr(filename, data)


def test_spreadsheet_merges_formulas_percentages_and_hidden_sheets(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "报价"
    sheet.append(["项目", "数量", "可用性", "备注"])
    sheet.append(["GPU 服务器", 4, 0.999, "含税"])
    sheet.append(["交换机", None, None, None])
    sheet["B3"] = "=B2*2"
    sheet["C2"].number_format = "0.0%"
    sheet.merge_cells("D2:D3")
    hidden = book.create_sheet("草稿")
    hidden.append(["GPU", "H200 × 64"])
    hidden.sheet_state = "hidden"
    path = tmp_path / "q.xlsx"
    book.save(path)
    _sheet_xml(path, lambda xml: re.sub(r"<f>B2\*2</f><v\s*/?>(?:</v>)?", "<f>B2*2</f><v>8</v>", xml))
    doc = load_document(path)
    rows = [p.text for p in doc.passages if p.kind == "table-row"]
    assert rows == ["项目 | 数量 | 可用性 | 备注", "GPU 服务器 | 4 | 99.9% | 含税", "交换机 | 8 | 含税"]
    assert [line.where for line in doc.lines if line.text == "含税"] == ["报价!D2", "报价!D2"]
    assert doc.pages == 1 and not any("H200" in line.text for line in doc.lines)


def test_html_reads_visible_text_only(tmp_path: Path) -> None:
    path = tmp_path / "sla.html"
    path.write_text("<html><head><title>t</title><script>var x = 'H200';</script></head><body>"
                    "<nav>H200 offers</nav><h2>Service levels</h2><p>Availability <b>99.9%</b><br>per month</p>"
                    "<div hidden>secret H200</div><p style='display: none'>H200 too</p>"
                    "<table><tr><th>GPU</th><th>Count</th></tr><tr><td>H100 <i>SXM5</i></td><td>64</td></tr></table>"
                    "</body></html>", encoding="utf-8")
    doc = load_document(path)
    assert [p.text for p in doc.passages] == ["## Service levels", "Availability 99.9% per month", "GPU | Count",
                                              "H100 SXM5 | 64"]
    assert not any("H200" in line.text for line in doc.lines)
    assert [line.where for line in doc.lines if line.text == "64"] == ["table 1, row 2, cell 2"]


def test_deeply_nested_html_is_refused_and_nesting_within_the_limit_read(tmp_path: Path) -> None:
    path = tmp_path / "deep.html"
    path.write_text("<div>" * 100_000 + "8 × H100" + "</div>" * 100_000, encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(DocumentError, match="nested deeper than 512"):
        load_document(path)
    assert time.monotonic() - started < 5
    path.write_text("<p>x" * 50_000 + "<div><span>" * 250 + "8 × H100" + "</span></div>" * 250, encoding="utf-8")
    assert load_document(path).lines[-1].text == "8 × H100"


def test_mail_quotes_the_earlier_message_as_quoted(written: Path) -> None:
    doc = load_document(written / "en_clean_h100_order_form.eml")
    assert doc.format == "eml" and doc.lines[0].text == "From: sales@vendor.example"
    assert doc.lines[0].where == "header From"
    quoted = [line.text for line in doc.lines if "Can you also offer" in line.text]
    assert quoted and all(text.startswith("> ") for text in quoted)


def test_plain_text_mail_body(tmp_path: Path) -> None:
    path = tmp_path / "m.eml"
    path.write_bytes("From: a@b.example\nTo: c@d.example\nSubject: offer\nContent-Type: text/plain; charset=utf-8\n\n"
                     "We offer 4 nodes.\n\n> Do you have InfiniBand?\n".encode())
    doc = load_document(path)
    assert [line.text for line in doc.lines][-3:] == ["We offer 4 nodes.", "", "> Do you have InfiniBand?"]
    assert doc.lines[-1].where == "body line 3"


def _zip(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize(("name", "data", "message"), [
    ("bomb.docx", _zip({"word/document.xml": b"<a>" + b" " * (80 * 2**20) + b"</a>"}), "unpacks to"),
    ("ratio.xlsx", _zip({"xl/sharedStrings.xml": b"<sst>" + b"<si><t>x</t></si>" * 400_000 + b"</sst>"}),
     "a ZIP bomb"),
    ("deep.docx", _zip({"word/document.xml": b"<a>" * 500 + b"</a>" * 500}), "nested deeper than 200"),
    ("dtd.xlsx", _zip({"xl/workbook.xml": b'<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'}),
     "document type declaration"),
    ("broken.docx", _zip({"word/document.xml": b"<a><b></a>"}), "corrupt .docx file"),
    ("secret.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "encrypted or password-protected"),
    ("cut.docx", b"PK\x03\x04" + b"\x00" * 100, "corrupt or truncated .docx file"),
    ("empty.docx", _zip({"[Content_Types].xml": b"<Types/>"}), "corrupt .docx file"),
])
def test_hostile_office_files_are_refused_in_one_line(tmp_path: Path, name: str, data: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    started = time.monotonic()
    with pytest.raises(DocumentError, match=re.escape(message)) as error:
        load_document(path)
    assert "\n" not in str(error.value) and time.monotonic() - started < 10


def test_office_files_keep_to_the_time_budget(written: Path) -> None:
    with pytest.raises(TimeBudgetExceeded):
        load_document(written / "zh_quote_a100_10gbe.xlsx", budget=Budget(0.0))


def test_unusable_office_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from slacheck.cli import main

    path = tmp_path / "terms.docx"
    path.write_bytes(b"PK\x03\x04broken")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "corrupt or truncated .docx file" in err


def test_mail_attachments_are_checked_as_their_own_documents(written: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from email.message import EmailMessage

    from slacheck.cli import main

    quote = written / "zh_quote_a100_10gbe.xlsx"
    message = EmailMessage()
    message["From"] = "sales@vendor.example"
    message["Subject"] = "报价"
    message.set_content("您好，报价单见附件。\n")
    message.add_attachment(quote.read_bytes(), maintype="application", subtype="octet-stream", filename="报价单.xlsx")
    message.add_attachment(b"\x89PNG\r\n", maintype="image", subtype="png", filename="logo.png")
    mail = tmp_path / "mail.eml"
    mail.write_bytes(bytes(message))
    main(["check", str(tmp_path), "--format", "json"])
    documents = [report["documents"][0] for report in json.loads(capsys.readouterr().out)]
    assert [d["path"] for d in documents] == [str(mail), f"{mail}#报价单.xlsx"]
    assert all(d["error"] is None for d in documents)
    attached = check_file(f"{mail}#报价单.xlsx", Options())
    assert sorted({f.rule for f in attached.findings}) == rules(quote)
    with pytest.raises(DocumentError, match="no attachment other.xlsx"):
        load_document(f"{mail}#other.xlsx")


def test_sarif_carries_the_place(written: Path) -> None:
    import json

    from slacheck.report.sarif_format import render_sarif

    report = check_file(written / "zh_quote_a100_10gbe.xlsx", Options())
    data = json.loads(render_sarif(report))
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in data["runs"][0]["results"]]
    assert regions and all(re.fullmatch(r"Quote![A-F]\d+", region["properties"]["where"]) for region in regions)


def test_html_report_shows_a_word_finding_beside_its_paragraphs(written: Path) -> None:
    from slacheck.report.html_format import render_html

    report = check_file(written / "zh_quote_a100_10gbe.docx", Options())
    page = render_html(report)
    quoted = re.findall(r'<tr class="quoted"><td class="where">([^<]+)</td><td>(.*?)</td></tr>', page)
    quotes = {(e.where, e.text) for f in report.findings for e in f.evidence if e.role == "quote"}
    assert quoted and {where for where, _ in quoted} <= {where for where, _ in quotes}
    for where, cell in quoted:
        assert re.findall(r"<mark>(.*?)</mark>", cell)
        assert all((where, text) in quotes for text in re.findall(r"<mark>(.*?)</mark>", cell))
    assert page.count('<div class="passages">') == sum(
        any(e.role == "quote" for e in f.evidence) for f in report.findings)
