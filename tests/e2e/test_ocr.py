"""--ocr: pages without a text layer read by OCR (the slacheck[ocr] extra), and the hint without it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from slacheck.documents import DocumentError, load_document, ocr

from conftest import SAMPLES


def scanned(tmp_path: Path, lines: list[str]) -> Path:
    """A one-page PDF holding only a picture of ``lines`` (set in Helvetica, rendered at 150 dpi)."""
    import pypdfium2
    from reportlab.lib.pagesizes import A5
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=A5)
    page.setFont("Helvetica", 14)
    for k, line in enumerate(lines):
        page.drawString(40, A5[1] - 60 - 24 * k, line)
    page.save()
    image = pypdfium2.PdfDocument(buffer.getvalue())[0].render(scale=150 / 72).to_pil().convert("RGB")
    path = tmp_path / "scan.pdf"
    image.save(path, resolution=150)
    return path


def test_a_scan_without_the_extra_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = scanned(tmp_path, ["4 nodes"])
    with pytest.raises(DocumentError, match=r"read it with --ocr \(needs pip install 'slacheck\[ocr\]'\)"):
        load_document(path)
    monkeypatch.setattr(ocr, "available", lambda: False)
    with pytest.raises(DocumentError, match=r"--ocr needs the OCR engine: pip install 'slacheck\[ocr\]'"):
        load_document(path, ocr=True)


@pytest.mark.skipif(not ocr.available(), reason="the OCR extra is not installed")
def test_ocr_lines_say_they_come_from_ocr(tmp_path: Path) -> None:
    path = scanned(tmp_path, ["Cluster: 4 nodes", "GPU: 8 x H100 SXM5 per node"])
    doc = load_document(path, ocr=True)
    assert [line.text.replace(" ", "") for line in doc.lines] == ["Cluster:4nodes", "GPU:8xH100SXM5pernode"]
    assert all(line.where.startswith(f"p.1 l.{line.number}, OCR ") and line.where.endswith("%")
               for line in doc.lines)
    assert len(doc.warnings) == 1 and doc.warnings[0].startswith("page 1 read by OCR (2 lines, mean confidence")


def test_ocr_spacing_comes_back_from_character_gaps() -> None:
    square = lambda x0, x1: [[x0, 0], [x1, 0], [x1, 10], [x0, 10]]  # noqa: E731
    chars = [square(0, 4), square(4, 8), square(14, 18), square(18, 22)]
    assert ocr._spaced("abcd", chars, 10.0) == "ab cd"
    assert ocr._spaced("ab d", chars, 10.0) == "ab d"  # a space already read is kept, not doubled
    assert ocr._spaced("abc", chars, 10.0) == "abc"  # boxes that do not match the text: left alone


def test_a_line_the_detector_missed_is_read_on_its_own() -> None:
    numpy = pytest.importorskip("numpy", reason="numpy comes with the OCR extra")
    page = numpy.full((120, 200, 3), 255, dtype=numpy.uint8)
    page[20:34, 10:150] = 0  # a line the detector found
    page[60:74, 10:120] = 0  # one it missed
    found = [([[10, 20], [150, 20], [150, 34], [10, 34]], "found", 0.99)]
    crops: list[tuple[int, int]] = []

    def engine(image, **options):
        crops.append(image.shape[:2])
        assert options == {"use_det": False, "use_cls": False, "use_rec": True}
        return [["Missed line", 0.9]], None

    assert ocr._missed_lines(page, found, engine) == [(10, 60, 120, 74, "Missed line", 0.9)]
    assert crops == [(14 + 2 * ocr.PAD_PX, 110 + 2 * ocr.PAD_PX)]


@pytest.mark.skipif(not ocr.available(), reason="the OCR extra is not installed")
@pytest.mark.parametrize("name", ["en_clean_h100_order_form", "en_order_form_h100_pcie_shared_ib", "en_sla_h800_roce"])
def test_a_scanned_sample_gives_the_errors_of_its_text(tmp_path: Path, name: str) -> None:
    """The sample's PDF rendered to pictures only (150 dpi) and read back with --ocr."""
    import pypdfium2

    from slacheck.pipeline import Options, check_file

    pdf = pypdfium2.PdfDocument(str(SAMPLES / f"{name}.pdf"))
    pictures = [pdf[k].render(scale=150 / 72).to_pil().convert("RGB") for k in range(len(pdf))]
    scan = tmp_path / "scan.pdf"
    pictures[0].save(scan, save_all=True, append_images=pictures[1:], resolution=150)

    def errors(path: Path, **options: bool) -> list[str]:
        report = check_file(path, Options(**options))
        return sorted(f.rule for f in report.findings if f.severity == "error")

    assert errors(scan, ocr=True) == errors(SAMPLES / f"{name}.pdf")
