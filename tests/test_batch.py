"""Batch checks: files, folders and globs; a process pool with the same bytes; the summary; exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from slacheck.batch import expand_inputs
from slacheck.cli import main

from conftest import SAMPLES


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_inputs_expand_folders_and_globs(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.md", "sub/b.txt", "sub/c.pdf", "sub/skip.docx"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert expand_inputs([str(tmp_path)]) == [str(tmp_path / n) for n in ("a.md", "sub/b.txt", "sub/c.pdf")]
    assert expand_inputs([str(tmp_path / "**" / "*.txt"), str(tmp_path / "a.md"), str(tmp_path / "a.md")]) == \
        [str(tmp_path / "sub" / "b.txt"), str(tmp_path / "a.md")]


def test_jobs_2_gives_the_same_bytes_as_one_by_one(capsys) -> None:
    code_pool, pooled, _ = run(capsys, "check", str(SAMPLES), "--format", "json", "--jobs", "2")
    code_serial, serial, _ = run(capsys, "check", str(SAMPLES), "--format", "json", "--jobs", "1")
    assert pooled == serial and code_pool == code_serial == 1
    reports = json.loads(pooled)
    paths = expand_inputs([str(SAMPLES)])
    assert [r["documents"][0]["path"] for r in reports] == paths
    assert len(paths) > 20
    for path, report in zip(paths, reports):
        _, alone, _ = run(capsys, "check", path, "--format", "json")
        assert json.loads(alone)["findings"] == report["findings"]


def test_summary_table_after_the_reports(capsys) -> None:
    files = [str(SAMPLES / "zh_clean_h100_ib_cluster.md"), str(SAMPLES / "zh_quote_a100_10gbe.md")]
    code, out, _ = run(capsys, "check", *files, "--no-color")
    assert code == 1
    summary = out[out.index("Summary"):]
    assert "ok" in summary and "fail" in summary
    assert out.index("HW001") < out.index("Summary")


def test_an_unusable_file_exits_2_and_the_others_are_still_reported(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "missing.pdf"
    code, out, err = run(capsys, "check", str(SAMPLES / "zh_quote_a100_10gbe.md"), str(missing), "--format", "json")
    assert code == 2
    assert f"{missing}: no such file" in err
    entries = [r["documents"][0] for r in json.loads(out)]
    assert [(d["path"], d["error"]) for d in entries] == [(str(SAMPLES / "zh_quote_a100_10gbe.md"), None),
                                                         (str(missing), "no such file")]


def test_quiet_prints_nothing_on_success_and_the_summary_on_failure(capsys) -> None:
    code, out, _ = run(capsys, "check", str(SAMPLES / "zh_clean_h100_ib_cluster.md"), "--quiet")
    assert code == 0 and out == ""
    code, out, _ = run(capsys, "check", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--quiet", "--no-color")
    assert code == 1 and out.lstrip().startswith("Summary") and "HW001" not in out


def test_no_color_and_no_color_env(capsys, monkeypatch) -> None:
    colour = re.compile(r"\x1b\[[0-9;]*(3[0-7]|9[0-7])[;m]")
    sample = str(SAMPLES / "zh_quote_a100_10gbe.md")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert colour.search(run(capsys, "check", sample)[1])
    assert not colour.search(run(capsys, "check", sample, "--no-color")[1])
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour.search(run(capsys, "check", sample)[1])


def test_no_progress_bar_in_ci(capsys, monkeypatch) -> None:
    from slacheck.batch import show_progress
    monkeypatch.setenv("CI", "true")
    assert show_progress(quiet=False) is False
