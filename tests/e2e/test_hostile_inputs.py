"""Hostile inputs through the CLI: each one is a one-line error (exit 2) or a normal report, never a traceback."""

from __future__ import annotations

import itertools
import json
import random
import time
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen import canvas

from slacheck.cli import main

from conftest import SAMPLES


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``slacheck`` in-process: (exit code, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage_error(code: int, out: str, err: str, *needles: str) -> str:
    """Exit 2 with exactly one stderr line, no traceback and no report; returns that line."""
    assert code == 2, (code, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("slacheck: error: "), lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def assert_report(code: int, out: str, err: str) -> dict:
    """A normal JSON report: exit 0 or 1, nothing on stderr; returns the report."""
    assert code in (0, 1), (code, err)
    assert "Traceback" not in err and err == ""
    data = json.loads(out)
    assert data["schema"].startswith("slacheck/report@")
    return data


def rules_fired(report: dict) -> set[str]:
    """The rule IDs among a JSON report's findings."""
    return {finding["rule"] for finding in report["findings"]}


def encrypted_pdf(path: Path) -> Path:
    """A one-page PDF encrypted with the user password ``pw``."""
    pdf = canvas.Canvas(str(path), encrypt="pw")
    pdf.drawString(72, 720, "4 nodes x 8 H100 SXM5")
    pdf.save()
    return path


# --------------------------------------------------------------------------- unusable files


@pytest.mark.parametrize("name, data, message", [
    ("empty.txt", b"", "empty file"),
    ("random.pdf", random.Random(1).randbytes(4096), "not a PDF"),
    ("nul.txt", b"GPU: 8 x H100\x00\x00\x00 network 25GbE\n", "NUL"),
    ("latin1.txt", "Caf\u00e9 r\u00e9seau 25GbE \u00ff\n".encode("latin-1"), "cannot decode"),
], ids=["empty", "random-bytes-pdf", "nul-bytes", "undecodable"])
def test_unusable_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes,
                        message: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert_usage_error(*run(capsys, "check", str(path)), message)


def test_truncated_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = (SAMPLES / "en_clean_h100_order_form.pdf").read_bytes()
    path = tmp_path / "half.pdf"
    path.write_bytes(data[: len(data) // 2])
    assert_usage_error(*run(capsys, "check", str(path)), "corrupt or truncated PDF")


def test_encrypted_pdf_without_password(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = encrypted_pdf(tmp_path / "locked.pdf")
    assert_usage_error(*run(capsys, "check", str(path)), "encrypted PDF", "--password")


def test_encrypted_pdf_with_password_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = encrypted_pdf(tmp_path / "locked.pdf")
    report = assert_report(*run(capsys, "check", str(path), "--password", "pw", "--format", "json"))
    assert report["offering"]["nodes"]["value"] == 4
    assert report["offering"]["gpu"]["model"]["value"] == "H100"


def test_encrypted_pdf_with_wrong_password(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = encrypted_pdf(tmp_path / "locked.pdf")
    assert_usage_error(*run(capsys, "check", str(path), "--password", "nope"), "wrong")


def test_image_only_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "red.png"
    Image.new("RGB", (40, 40), (200, 10, 10)).save(image)
    path = tmp_path / "scan.pdf"
    pdf = canvas.Canvas(str(path))
    pdf.drawImage(str(image), 72, 600, 100, 100)
    pdf.save()
    assert_usage_error(*run(capsys, "check", str(path)), "no text layer")


def test_directory_without_documents_is_not_a_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder holding only an office file: the file is named as unusable (on stderr and in JSON), exit 2."""
    (tmp_path / "notes.pptx").write_bytes(b"PK\x03\x04")
    code, out, err = run(capsys, "check", str(tmp_path), "--format", "json")
    assert code == 2
    assert [d["error"] for d in json.loads(out)["documents"]] == ["slacheck does not read .pptx files; export it to "
                                                                  "PDF or text"]
    assert err == f"slacheck: error: {tmp_path / 'notes.pptx'}: slacheck does not read .pptx files; export it to " \
                  "PDF or text\n"


def test_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_usage_error(*run(capsys, "check", str(tmp_path / "nowhere.pdf")), "no such file")


def test_max_pages(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "zh_quote_a100_10gbe.pdf"  # 2 pages
    assert_usage_error(*run(capsys, "check", str(path), "--max-pages", "1"), "too many pages")


def test_max_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "zh_quote_a100_10gbe.pdf"
    assert_usage_error(*run(capsys, "check", str(path), "--max-bytes", "10"), "too large")


# --------------------------------------------------------------------------- huge or strange text

PROSE = ("The parties agree that the provider shall deliver the services described herein in a "
         "professional manner and in accordance with applicable law. ")


def test_huge_single_line_hits_the_time_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that runs 1000 seconds per reading makes the budget run out whatever the machine's speed."""
    path = tmp_path / "one_line.txt"
    path.write_text((PROSE * (1_000_000 // len(PROSE) + 1))[:1_000_000], encoding="utf-8")
    started, readings = time.monotonic(), itertools.count(1)
    monkeypatch.setattr(time, "monotonic", lambda: started + 1000.0 * next(readings))
    assert_usage_error(*run(capsys, "check", str(path), "--time-budget", "2"), "time budget of 2 s")


def test_long_single_line_without_budget_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    facts = "Cluster: 4 nodes x 8 H100 SXM5, 400Gb/s InfiniBand NDR. "
    path = tmp_path / "one_line.txt"
    path.write_text(facts + (PROSE * (200_000 // len(PROSE) + 1))[:200_000], encoding="utf-8")
    report = assert_report(*run(capsys, "check", str(path), "--time-budget", "0", "--format", "json"))
    assert report["offering"]["gpu"]["model"]["value"] == "H100"


def test_fifty_thousand_short_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "many.txt"
    path.write_text("".join(f"第{i}条 本条款为一般性约定。\n" for i in range(50_000)), encoding="utf-8")
    report = assert_report(*run(capsys, "check", str(path), "--format", "json"))
    assert report["documents"][0]["coverage"]["passages"] == 50_000


def test_bidi_override_next_to_facts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bidi.txt"
    path.write_text("4 台 x 8 卡 H100\u202e SXM5，端口共享\n", encoding="utf-8")
    report = assert_report(*run(capsys, "check", str(path), "--format", "json"))
    assert "NET004" in rules_fired(report)
    assert report["offering"]["nodes"]["value"] == 4
    assert report["offering"]["gpu"]["variant"]["value"] == "SXM"


def test_control_characters_next_to_facts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ctrl.txt"
    path.write_text("4 台\x07 x 8 卡 H100\x1b[31m SXM5\u202c，端口共享\n", encoding="utf-8")
    report = assert_report(*run(capsys, "check", str(path), "--format", "json"))
    assert "NET004" in rules_fired(report)
    assert report["offering"]["gpu"]["model"]["value"] == "H100"


def test_absurdly_long_number_is_not_a_node_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "number.txt"
    path.write_text("GPU 服务器 " + "9" * 5000 + " 台，每台 8 x H100\n网络 " + "1" * 5000 + " Gb/s\n",
                    encoding="utf-8")
    report = assert_report(*run(capsys, "check", str(path), "--format", "json"))
    assert report["offering"]["nodes"] is None
    assert report["offering"]["gpu"]["per_node"]["value"] == 8
