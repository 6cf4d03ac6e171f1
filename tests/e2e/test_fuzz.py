"""Fuzzing the inputs a vendor or a colleague controls: documents, acceptance logs, configuration.
Whatever the bytes, slacheck answers with a report (exit 0 or 1) or one error line (exit 2),
never an internal error.  25 examples per test keep this in CI time; set SLACHECK_FUZZ_EXAMPLES
to a larger number when hunting."""

from __future__ import annotations

import json
import os
from contextlib import chdir
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile_logs import EXPECT, nccl_text

from slacheck.cli import main

FUZZ = settings(max_examples=int(os.environ.get("SLACHECK_FUZZ_EXAMPLES", "25")), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

PIECES = ["8", "x", " ", "台", "卡", "H100", "SXM5", "PCIe", "400G", "InfiniBand", "NVLink", "共享", "¥", "1,",
          "元", "万", "/月", "99.9%", "\n", "\t", "|", "---", "# ", "第一条", "。", "\x1b[31m", "\u202e", "\x00",
          "nan", "1e308", "-", "×", "\u00a0", "GPU", "nodes", "shared", "best effort", "4 hours", "\r"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_report_or_error(code: int, out: str, err: str) -> None:
    """A JSON report (exit 0/1) or exactly one ``slacheck: error:`` line (exit 2)."""
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("slacheck: error: "), err
    else:
        assert json.loads(out)["schema"].startswith("slacheck/report@")


@FUZZ
@given(pieces=st.lists(st.sampled_from(PIECES) | st.text(max_size=8), max_size=60),
       suffix=st.sampled_from([".md", ".txt"]))
def test_any_text_document_gives_a_report_or_exit_2(capsys: pytest.CaptureFixture[str], pieces: list[str],
                                                     suffix: str) -> None:
    with TemporaryDirectory() as folder:
        path = Path(folder) / f"offer{suffix}"
        path.write_bytes("".join(pieces).encode("utf-8", "surrogatepass"))
        assert_report_or_error(*run(capsys, "check", str(path), "--format", "json", "--time-budget", "5",
                                    "--no-waivers"))


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_give_a_report_or_exit_2(capsys: pytest.CaptureFixture[str], data: bytes) -> None:
    with TemporaryDirectory() as folder:
        path = Path(folder) / "offer.txt"
        path.write_bytes(data)
        assert_report_or_error(*run(capsys, "check", str(path), "--format", "json", "--no-waivers"))


@FUZZ
@given(edits=st.lists(st.tuples(st.integers(0, 40), st.sampled_from(
    ["", "nan", "inf", "-1e308", "1e308", "9" * 400, "foo_perf", "#  Rank", "# Out of bounds values : x",
     "# Avg bus bandwidth    : nan", "Test NCCL failure", "\x00", "   "])), max_size=6))
def test_any_mangled_nccl_log_gives_a_report_or_exit_2(capsys: pytest.CaptureFixture[str],
                                                       edits: list[tuple[int, str]]) -> None:
    lines = nccl_text().splitlines()
    for index, replacement in edits:
        line = index % len(lines)
        tokens = lines[line].split()
        if tokens and replacement.strip() and not replacement.startswith("#"):
            tokens[index % len(tokens)] = replacement  # one field of the line
            lines[line] = " ".join(tokens)
        else:
            lines[line] = replacement
    with TemporaryDirectory() as folder:
        path = Path(folder) / "run.log"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, out, err = run(capsys, "accept", str(path), "--expect", EXPECT, "--format", "json")
        assert_report_or_error(code, out, err)
        if code == 0:  # a pass only for a log whose every figure is sound
            assert all(run_["status"] == "completed" for m in json.loads(out)["measurements"]
                       for run_ in m.get("runs", []))


@FUZZ
@given(config=st.lists(st.sampled_from([
    "max_support_response_minutes = ", "tool = ", "[tool.slacheck]\n", "rules = ", "per-file-ignores = ",
    "nan", "inf", "5", "-1", '"x"', "[1, 2]", "{ a = 1 }", "true", "2030-01-01", "\n", "[[waiver]]\n",
    'rule = "SLA001"\n', "[", "]"]), max_size=12))
def test_any_configuration_gives_a_report_or_exit_2(capsys: pytest.CaptureFixture[str], config: list[str]) -> None:
    with TemporaryDirectory() as folder:
        (Path(folder) / "slacheck.toml").write_text("".join(config), encoding="utf-8")
        (Path(folder) / "slacheck-waivers.toml").write_text("".join(reversed(config)), encoding="utf-8")
        document = Path(folder) / "offer.md"
        document.write_text("4 台 x 8 卡 H100 SXM5，端口共享\n", encoding="utf-8")
        with chdir(folder):  # the project's own files, so both are read
            assert_report_or_error(*run(capsys, "check", str(document), "--format", "json"))
