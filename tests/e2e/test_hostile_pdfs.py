"""Hostile PDFs (built by tests/hostile_pdf.py) are read within the time budget and the memory
limit: a page that hits a limit is a warning naming it, the other pages are still read, and a
document nothing can be read from is a DocumentError (one line, exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from slacheck.documents import Budget, Document, DocumentError, load_document, passages
from slacheck.documents.pdf_pdfium import PdfiumReader
from slacheck.documents.pdf_plumber import PlumberReader

import hostile_pdf

ENGINES = ["pdfplumber", "pdfium"]


def write(tmp_path: Path, data: bytes, name: str = "hostile.pdf") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("engine", ENGINES)
def test_a_page_past_its_time_limit_is_skipped_and_the_rest_is_read(tmp_path: Path, engine: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader child (forked, so it inherits the patch) stalls on page 2 however fast the machine is."""
    reader = PdfiumReader if engine == "pdfium" else PlumberReader
    original = reader.results

    def stalling(self, start: int, max_pages: int):
        for result in original(self, start, max_pages):
            if result.index == 1:
                time.sleep(60)
            yield result

    monkeypatch.setattr(reader, "results", stalling)
    path = write(tmp_path, hostile_pdf.pages(hostile_pdf.text(hostile_pdf.FACTS), hostile_pdf.text("Annex"),
                                             hostile_pdf.text(hostile_pdf.LATER)))
    started = time.monotonic()
    doc = load_document(path, engine=engine, budget=Budget(4.0))
    assert time.monotonic() - started < 4.0
    assert doc.pages == 3
    assert doc.warnings == ("page 2 skipped: not read within 1 s (1/4 of --time-budget)",)
    assert [line.page for line in doc.lines] == [1, 3]
    assert "H100" in doc.lines[0].text and "30 minutes" in doc.lines[1].text


@pytest.mark.parametrize("engine", ENGINES)
def test_a_page_drawing_a_fanout_is_skipped_and_the_rest_is_read(tmp_path: Path, engine: str) -> None:
    """2**24 drawings of one XObject: the page runs out of its time or of its memory first, as the machine's
    speed decides, and is skipped with that reason; the pages around it are read."""
    path = write(tmp_path, hostile_pdf.fanout_between_pages(24))
    started = time.monotonic()
    doc = load_document(path, engine=engine, budget=Budget(4.0))
    assert time.monotonic() - started < 4.0
    assert doc.pages == 3
    assert doc.warnings in (("page 2 skipped: not read within 1 s (1/4 of --time-budget)",),
                            ("page 2 skipped: the PDF reader ran out of memory (320 MB) or crashed",))
    assert [line.page for line in doc.lines] == [1, 3]
    assert "H100" in doc.lines[0].text and "30 minutes" in doc.lines[1].text


def test_a_reference_loop_in_resources_is_stopped(tmp_path: Path) -> None:
    path = write(tmp_path, hostile_pdf.resource_loop())
    started = time.monotonic()
    with pytest.raises(DocumentError, match=r"no page could be read: page 1 skipped: not read within 0.5 s"):
        load_document(path, budget=Budget(2.0))
    assert time.monotonic() - started < 2.0


_READ_UNDER_A_SMALL_LIMIT = """
import json, sys
from slacheck.documents import Budget, load_document, pdf
pdf.PDF_HEADROOM = 48 * 2**20
doc = load_document(sys.argv[1], engine=sys.argv[2], budget=Budget(30.0))
print(json.dumps({"pages": [line.page for line in doc.lines], "warnings": list(doc.warnings)}))
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_page_past_the_memory_limit_is_skipped(tmp_path: Path, engine: str) -> None:
    """Read in a fresh interpreter: the limit is added to the address space the reader inherits, and a
    test process that has run hundreds of tests carries free heap the child could use unseen."""
    path = write(tmp_path, hostile_pdf.pages(hostile_pdf.text(hostile_pdf.FACTS),
                                             hostile_pdf.text("x") + b"0 0 m\n" * (64 * 2**20 // 6)))
    run = subprocess.run([sys.executable, "-c", _READ_UNDER_A_SMALL_LIMIT, str(path), engine],
                         capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(run.stdout)
    assert result["pages"] == [1]
    assert result["warnings"] == ["page 2 skipped: the PDF reader ran out of memory (48 MB) or crashed"]


def test_the_declared_page_count_is_checked_before_pages_are_built(tmp_path: Path) -> None:
    path = write(tmp_path, hostile_pdf.pages(hostile_pdf.text("one page"), count=300_000))
    with pytest.raises(DocumentError, match=r"too many pages: 300000 > 2000"):
        load_document(path)


def test_more_pages_than_declared_stop_at_the_page_limit(tmp_path: Path) -> None:
    path = write(tmp_path, hostile_pdf.pages(*[hostile_pdf.text(f"page {k}.") for k in range(5)], count=1))
    with pytest.raises(DocumentError, match=r"too many pages: more than 3"):
        load_document(path, max_pages=3)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["deep_tree", "missing_kid", "count_lie", "resource_loop"])
def test_broken_page_trees_give_a_document_or_a_document_error(tmp_path: Path, engine: str, kind: str) -> None:
    path = write(tmp_path, hostile_pdf.KINDS[kind]())
    try:
        doc = load_document(path, engine=engine, budget=Budget(2.0))
    except DocumentError as error:
        assert "\n" not in str(error)
    else:
        assert isinstance(doc, Document) and any("H100" in line.text for line in doc.lines)


def test_long_runs_of_spaces_on_page_edges_are_linear(tmp_path: Path) -> None:
    path = write(tmp_path, hostile_pdf.long_space_edges(3, spaces=20_000))
    started = time.monotonic()
    doc = load_document(path, engine="pdfium", budget=Budget(10.0))
    assert time.monotonic() - started < 5.0
    assert sum("H100" in line.text for line in doc.lines) == 3


def test_page_number_test_is_bounded_to_short_lines() -> None:
    started = time.monotonic()
    assert not passages._is_page_number("1" + " " * 50_000 + "x")
    assert not passages._is_page_number("第1页" + " " * 50_000 + "x")
    assert time.monotonic() - started < 0.5
    assert passages._is_page_number("- 3 -") and passages._is_page_number("第 2 页 共 9 页")
