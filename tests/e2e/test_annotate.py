"""--annotate: the original PDF with each quote highlighted over its characters and a note per finding."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from slacheck.cli import main
from slacheck.pipeline import Options, check_file
from slacheck.report.annotate import note

from conftest import SAMPLES


def marks(path: Path) -> list[tuple[int, str, tuple[float, ...], str, str]]:
    """(page, subtype, rect, author, contents) of every annotation."""
    found = []
    for number, page in enumerate(PdfReader(path).pages, start=1):
        for ref in page.get("/Annots") or []:
            mark = ref.get_object()
            found.append((number, str(mark["/Subtype"]), tuple(float(v) for v in mark["/Rect"]), str(mark["/T"]),
                          str(mark["/Contents"])))
    return found


@pytest.mark.parametrize("name", ["zh_quote_a100_10gbe.pdf", "en_order_form_h100_pcie_shared_ib.pdf"])
def test_each_quote_is_highlighted_over_its_characters(tmp_path: Path, name: str) -> None:
    source = tmp_path / name
    source.write_bytes((SAMPLES / name).read_bytes())
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    out = tmp_path / "marked.pdf"
    assert main(["check", str(source), "--annotate", str(out), "--quiet"]) in (0, 1)
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before
    report = check_file(source, Options())
    expected = sorted((e.page, f.rule, note(f, report.language), e.text) for f in report.findings
                      for e in f.evidence if e.role == "quote")
    absent = sorted((f.rule, note(f, report.language)) for f in report.findings
                    if not any(e.role == "quote" for e in f.evidence))
    found = marks(out)
    highlights = [m for m in found if m[1] == "/Highlight"]
    assert len(highlights) == len(expected) > 3
    assert sorted((rule, contents) for page, kind, _, rule, contents in found if kind == "/Text" and page == 1) == absent
    with pdfplumber.open(out) as pdf:
        seen = []
        for page, _, (x0, y0, x1, y1), rule, contents in highlights:
            chars = [c for c in pdf.pages[page - 1].chars
                     if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and y0 <= (c["y0"] + c["y1"]) / 2 <= y1]
            seen.append((page, rule, contents, "".join(c["text"] for c in chars)))
    assert sorted((p, r, c, t.replace(" ", "")) for p, r, c, t in seen) == \
        sorted((p, r, c, t.replace(" ", "")) for p, r, c, t in expected)


def test_a_finding_note_says_rule_message_and_fix_in_the_report_language(tmp_path: Path) -> None:
    out = tmp_path / "marked.pdf"
    main(["check", str(SAMPLES / "zh_quote_a100_10gbe.pdf"), "--annotate", str(out), "--quiet", "--lang", "en"])
    report = check_file(SAMPLES / "zh_quote_a100_10gbe.pdf", Options(language="en"))
    finding = report.findings[0]
    assert note(finding, "en") == f"{finding.rule} {finding.title}\n{finding.message}\nFix: {finding.fix}"
    assert any(contents == note(finding, "en") for *_, contents in marks(out))


@pytest.mark.parametrize("arguments", [["samples/zh_quote_a100_10gbe.md"],
                                       ["samples/zh_quote_a100_10gbe.pdf", "samples/en_sla_h800_roce.pdf"]])
def test_annotate_needs_one_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str]) -> None:
    root = SAMPLES.parent
    assert main(["check", *[str(root / a) for a in arguments], "--annotate", str(tmp_path / "o.pdf")]) == 2
    assert "--annotate marks up one PDF" in capsys.readouterr().err
    assert not (tmp_path / "o.pdf").exists()


def test_annotate_never_overwrites_the_original(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "a.pdf"
    source.write_bytes((SAMPLES / "en_sla_h800_roce.pdf").read_bytes())
    assert main(["check", str(source), "--annotate", str(source)]) == 2
    assert source.read_bytes() == (SAMPLES / "en_sla_h800_roce.pdf").read_bytes()
