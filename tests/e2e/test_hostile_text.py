"""Hostile text and settings: linear evidence mapping and money terminal, inert control
characters in every rendered format, nan/inf and mistyped configuration refused (exit 2)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.documents import Passage, Segment, document_from_text
from slacheck.extract.parser import scan

from conftest import SAMPLES

ESCAPES = "\x1b[31m\x1b]8;;http://example.invalid\x07link\x1b]8;;\x07\u202e\x9b"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _mapping_seconds(lines: int) -> float:
    """The least time of three to map a span of every line of a one-paragraph document back to its lines."""
    [passage] = document_from_text("\n".join(["the vendor shall deliver the servers"] * lines) + "\n").passages
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for k in range(lines):
            passage.sources(k * 37, k * 37 + 50)
        best = min(best, time.perf_counter() - started)
    return best


def test_evidence_mapping_of_a_long_paragraph_is_linear() -> None:
    [passage] = document_from_text("\n".join(["the vendor shall deliver the servers"] * 30_000) + "\n").passages
    spans = [passage.sources(k * 37, k * 37 + 50) for k in range(30_000)]
    assert spans[0] == [(0, 0, 36), (1, 0, 13)]
    assert spans[1000] == [(1000, 0, 36), (1001, 0, 13)] and spans[-1] == [(29_999, 0, 36)]
    # ten times the lines cost about ten times as much (a mapping that scanned the segments would cost 100 times):
    # a ratio of two timings on one machine, not a time budget
    assert _mapping_seconds(30_000) < 40 * _mapping_seconds(3_000)


def test_sources_agree_with_a_scan_of_every_segment() -> None:
    passage = Passage("ab cd | ef", (Segment(0, 0, 2, 2), Segment(3, 1, 0, 2), Segment(8, 0, 5, 2)), "table-row")
    for start in range(len(passage.text) + 1):
        for end in range(start, len(passage.text) + 1):
            expected = []
            for seg in passage.segments:
                lo, hi = max(start, seg.start), min(end, seg.start + seg.length)
                if lo < hi:
                    expected.append((seg.line, seg.column + lo - seg.start, seg.column + hi - seg.start))
            assert passage.sources(start, end) == expected, (start, end)


def test_money_terminal_is_linear_on_comma_runs() -> None:
    scan("warm up")  # the grammar is built on first use
    times = []
    for n in (3_000, 12_000):
        text = "1," * n + " x"  # no currency unit: each position used to rescan the whole run
        runs = []
        for _ in range(5):  # the fastest of five: a busy machine slows single runs, never all five
            started = time.process_time()
            scan(text)
            runs.append(time.process_time() - started)
        times.append(min(runs))
    assert times[1] < 8 * times[0]  # 4 times the input; quadratic was 12 times slower


@pytest.mark.parametrize("fmt", ["text", "github", "markdown", "html", "junit", "gitlab"])
def test_control_characters_never_reach_a_rendered_report(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          fmt: str) -> None:
    path = tmp_path / "offer\x1b[2J.md"
    path.write_text(f"4 台 x 8 卡 H100 SXM5，端口共享 {ESCAPES}\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(path), "--format", fmt, "--no-color")
    assert code == 1 and err == ""
    assert not any(ch in out for ch in "\x1b\x07\x9b\u202e")
    assert "NET004" in out


def test_json_keeps_the_text_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "offer.md"
    path.write_text(f"4 台 x 8 卡 H100 SXM5，端口共享 {ESCAPES}\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path), "--format", "json")
    assert code == 1 and "\x1b" not in out and "\\u001b" in out


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
def test_non_finite_settings_are_refused(capsys: pytest.CaptureFixture[str], value: str) -> None:
    sample = SAMPLES / "zh_quote_a100_10gbe.md"
    code, _, err = run(capsys, "check", str(sample), "--set", f"max_support_response_minutes={value}")
    assert code == 2 and err.startswith("slacheck: error: --set max_support_response_minutes=") and "finite" in err


@pytest.mark.usefixtures("in_project")
@pytest.mark.parametrize("name, content, message", [
    ("slacheck.toml", 'tool = "x"\n', "tool: expected a table"),
    ("slacheck.toml", "a = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested too deeply"),
    ("slacheck.toml", "max_support_response_minutes = nan\n", "expected a finite number"),
    ("slacheck-waivers.toml", "waiver = 5\n", "expected [[waiver]] tables"),
    ("slacheck-waivers.toml", '[[waiver]]\nrule = "SLA001"\nfingerprint = "x"\nreason = "r"\n'
                              "expires = 2030-01-01T00:00:00\n", "not a date and time"),
    ("slacheck-waivers.toml", '[[waiver]]\nrule = "SLA001"\nfingerprint = "x"\nreason = "r"\nowner = [1]\n',
     "owner: expected a string"),
], ids=["tool-string", "deep", "nan-setting", "waiver-number", "expires-datetime", "owner-list"])
def test_mistyped_configuration_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                                                 content: str, message: str) -> None:
    (tmp_path / name).write_text(content, encoding="utf-8")
    document = tmp_path / "offer.md"
    document.write_text("4 台 x 8 卡 H100 SXM5\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(document))
    assert code == 2 and len(err.splitlines()) == 1 and message in err


def test_json_output_of_a_report_is_valid_json_after_cleaning(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "offer.md"
    path.write_text("4 台 x 8 卡 H100 SXM5\tshared\n", encoding="utf-8")
    _, out, _ = run(capsys, "check", str(path), "--format", "json")
    assert json.loads(out)["documents"][0]["path"] == str(path)


@pytest.mark.parametrize("value", ["inf", "nan", "-1"])
def test_estimate_refuses_parameters_that_are_not_positive_finite(capsys: pytest.CaptureFixture[str],
                                                                  value: str) -> None:
    sample = SAMPLES / "zh_quote_a100_10gbe.md"
    code, out, err = run(capsys, "estimate", str(sample), "--params", value, "--format", "json")
    assert (code, out) == (2, "") and "positive finite" in err


@pytest.mark.parametrize("folder", ["[/x]", "[bold]b", "[link=https:e.example]d"])
@pytest.mark.usefixtures("in_project")
def test_markup_in_a_path_prints_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch, folder: str) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setenv("TERM", "xterm-256color")
    sample = SAMPLES / "zh_quote_a100_10gbe.md"
    (tmp_path / folder).mkdir(parents=True)
    document = tmp_path / folder / "q.md"
    document.write_text(sample.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / folder / "slacheck.toml").write_text("min_availability_pct = 99.9\n", encoding="utf-8")
    other = tmp_path / "other.md"
    other.write_text("4 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡。\n", encoding="utf-8")
    for args in (["estimate", str(document)], ["diff", str(document), str(other)], ["config", str(document)]):
        code, out, err = run(capsys, *args)
        assert code in (0, 1) and err == "", (args, err)
        shown = [line for line in out.splitlines() if "q.md" in line or "slacheck.toml" in line]
        assert shown and all(folder in line for line in shown), (args, out)
        assert "\x1b]8;" not in out  # no terminal hyperlink
