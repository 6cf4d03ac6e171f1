"""--engine pdfium: pypdfium2's text with pdfplumber only for pages with ruled tables."""

import time

import pytest
from reportlab.pdfgen import canvas

from slacheck.documents import Budget, DocumentError, TimeBudgetExceeded, load_document
from slacheck.pipeline import Options, check_file

from conftest import SAMPLES

PDFS = sorted(SAMPLES.glob("*.pdf"))


@pytest.mark.parametrize("pdf", PDFS, ids=[p.name for p in PDFS])
def test_pdfium_engine_finds_what_the_default_engine_finds(pdf) -> None:
    default = check_file(pdf, Options())
    fast = check_file(pdf, Options(engine="pdfium"))
    assert [f.rule for f in fast.findings] == [f.rule for f in default.findings]
    assert fast.documents[0].pages == default.documents[0].pages


def test_pdfium_engine_keeps_pages_and_reads_tables_with_pdfplumber() -> None:
    document = load_document(SAMPLES / "zh_clean_h100_ib_cluster.pdf", engine="pdfium")
    assert {line.page for line in document.lines} == set(range(1, document.pages + 1))
    assert any(p.kind == "table-row" and "¥98,000" in p.text for p in document.passages)


def test_pdfium_engine_refuses_an_encrypted_pdf_without_password(tmp_path) -> None:
    path = tmp_path / "locked.pdf"
    pdf = canvas.Canvas(str(path), encrypt="pw")
    pdf.drawString(72, 720, "4 nodes x 8 H100 SXM5")
    pdf.save()
    with pytest.raises(DocumentError, match="encrypted PDF"):
        load_document(path, engine="pdfium")
    assert any("H100" in line.text for line in load_document(path, engine="pdfium", password="pw").lines)


@pytest.mark.parametrize("engine", ["pdfplumber", "pdfium"])
def test_time_budget_counts_pdf_loading(engine: str) -> None:
    spent = Budget(1.0, started=time.monotonic() - 2.0)
    with pytest.raises(TimeBudgetExceeded, match=r"time budget of 1 s exceeded \((opening the PDF|reading page 1)"):
        load_document(SAMPLES / "zh_clean_h100_ib_cluster.pdf", engine=engine, budget=spent)
