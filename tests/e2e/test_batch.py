"""Batch checks: files, folders and globs; a process pool with the same bytes; the summary; exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from slacheck import batch
from slacheck.batch import expand_inputs, show_progress
from slacheck.cli import main

from conftest import SAMPLES


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_inputs_expand_folders_and_globs(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.md", "sub/b.txt", "sub/c.pdf", "sub/d.docx", "sub/e.xlsx", "sub/f.html", "sub/g.eml",
                 "sub/skip.pptx", "sub/notes.py"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert expand_inputs([str(tmp_path)]) == [str(tmp_path / n) for n in (
        "a.md", "sub/b.txt", "sub/c.pdf", "sub/d.docx", "sub/e.xlsx", "sub/f.html", "sub/g.eml", "sub/skip.pptx")]
    assert expand_inputs([str(tmp_path / "**" / "*.txt"), str(tmp_path / "a.md"), str(tmp_path / "a.md")]) == \
        [str(tmp_path / "sub" / "b.txt"), str(tmp_path / "a.md")]


def test_default_and_given_excludes(tmp_path: Path) -> None:
    for name in ("a.md", "README.md", "CHANGELOG.md", "docs/license.txt", ".git/x.md", "drafts/d.md", "b.v1.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert expand_inputs([str(tmp_path)], ["drafts", "*.v1.md"]) == [str(tmp_path / "a.md")]
    assert expand_inputs([str(tmp_path / "**" / "*.md")]) == [str(tmp_path / n) for n in ("a.md", "b.v1.md",
                                                                                          "drafts/d.md")]
    assert expand_inputs([str(tmp_path / "README.md")]) == [str(tmp_path / "README.md")]  # named: always read


@pytest.mark.usefixtures("in_project")
def test_exclude_flag_and_config_exclude(tmp_path: Path, capsys) -> None:
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "q.md").write_text((SAMPLES / "zh_quote_a100_10gbe.md").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    (tmp_path / "a.md").write_text((SAMPLES / "en_clean_h100_order_form.md").read_text(encoding="utf-8"),
                                   encoding="utf-8")
    code, out, _ = run(capsys, str(tmp_path), "--format", "json", "--exclude", "old")
    assert code == 0 and json.loads(out)["documents"][0]["path"].endswith("a.md")
    (tmp_path / "slacheck.toml").write_text('exclude = ["old"]\n', encoding="utf-8")
    assert run(capsys, str(tmp_path), "--format", "json")[0] == 0
    (tmp_path / "slacheck.toml").write_text('exclude = ["*.md"]\n', encoding="utf-8")
    code, out, err = run(capsys, str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "no documents found" in err


def test_samples_folder_checks_only_documents(capsys) -> None:
    paths = expand_inputs([str(SAMPLES)])
    assert paths and all(Path(p).suffix in (".md", ".txt", ".pdf") for p in paths)
    assert not any(Path(p).name.upper().startswith("README") for p in paths)


def test_empty_folder_is_a_usage_error(tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, str(tmp_path))
    assert code == 2 and out == ""
    assert err.startswith("slacheck: error: no documents found") and err.count("\n") == 1


def test_office_files_in_a_folder_are_named_and_counted(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the summary row on one line, however long the temporary path
    (tmp_path / "a.md").write_text((SAMPLES / "en_clean_h100_order_form.md").read_text(encoding="utf-8"),
                                   encoding="utf-8")
    (tmp_path / "terms.pptx").write_bytes(b"PK\x03\x04")
    code, out, err = run(capsys, str(tmp_path), "--fail-on", "error", "--no-color")
    assert code == 2
    assert f"{tmp_path / 'terms.pptx'}: slacheck does not read .pptx files" in err
    assert "terms.pptx" in out and "unusable" in out  # a row of the summary table


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


def test_a_small_batch_is_checked_in_this_process(capsys, monkeypatch) -> None:
    """Two small files with --jobs 2 start no worker; eight do (the first checked before the workers start),
    and give the reports of one process."""
    files = expand_inputs([str(SAMPLES)])[:8]

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was started")

    with monkeypatch.context() as patched:
        patched.setattr(batch, "_pooled", no_pool)
        code, few, _ = run(capsys, "check", *files[:2], "--format", "json", "--jobs", "2")
    assert code in (0, 1) and len(json.loads(few)) == 2
    chunks = []
    real = batch._pooled

    def counted(paths, indices, *args, **kwargs):
        chunks.append(len(indices))
        return real(paths, indices, *args, **kwargs)

    monkeypatch.setattr(batch, "_pooled", counted)
    _, pooled, _ = run(capsys, "check", *files, "--format", "json", "--jobs", "2")
    assert chunks == [7]
    _, serial, _ = run(capsys, "check", *files, "--format", "json", "--jobs", "1")
    assert pooled == serial and json.loads(pooled)[:2] == json.loads(few)


def test_summary_table_after_the_reports(capsys) -> None:
    files = [str(SAMPLES / "zh_clean_h100_ib_cluster.md"), str(SAMPLES / "zh_quote_a100_10gbe.md")]
    code, out, _ = run(capsys, "check", *files, "--no-color")
    assert code == 1
    summary = out[out.index("汇总"):]  # Chinese documents: a Chinese table
    assert "通过" in summary and "未通过" in summary and "Status" not in summary
    assert out.index("HW001") < out.index("汇总")
    code, out, _ = run(capsys, "check", *files, "--no-color", "--lang", "en")
    summary = out[out.index("Summary"):]
    assert "ok" in summary and "fail" in summary and "Status" in summary


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
    assert code == 1 and out.lstrip().startswith("汇总") and "HW001" not in out


def test_no_color_and_no_color_env(capsys, monkeypatch) -> None:
    colour = re.compile(r"\x1b\[[0-9;]*(3[0-7]|9[0-7])[;m]")
    sample = str(SAMPLES / "zh_quote_a100_10gbe.md")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert colour.search(run(capsys, "check", sample)[1])
    assert not colour.search(run(capsys, "check", sample, "--no-color")[1])
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour.search(run(capsys, "check", sample)[1])


def test_progress_bar_on_a_terminal_quiet_or_not_but_not_in_ci(capsys, monkeypatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    assert show_progress() is True
    seen: list[bool] = []
    monkeypatch.setattr("slacheck.commands.check.check_all",
                        lambda *args, progress, **kwargs: seen.append(progress) or [])
    run(capsys, "check", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--quiet")
    assert seen == [True]
    monkeypatch.setenv("CI", "true")
    assert show_progress() is False


def test_jobs_2_prints_the_same_memo_as_one_by_one(capsys, monkeypatch) -> None:
    """The text memos are rendered in the workers too: the same bytes, in input order."""
    monkeypatch.setenv("COLUMNS", "120")
    code_pool, pooled, _ = run(capsys, "check", str(SAMPLES), "--jobs", "2")
    code_serial, serial, _ = run(capsys, "check", str(SAMPLES), "--jobs", "1")
    assert pooled == serial and code_pool == code_serial == 1
    paths = expand_inputs([str(SAMPLES)])
    assert [out_line.split()[0] for out_line in pooled.splitlines() if out_line.startswith(str(SAMPLES))] == paths


def test_forked_workers_inherit_the_work_and_keep_the_order() -> None:
    """The work is a closure that cannot be pickled; each result comes from a worker, in index order."""
    import os
    import threading

    lock = threading.Lock()  # not picklable: the closure over it can only be inherited
    parent = os.getpid()

    def work(i: int) -> tuple[int, int]:
        with lock:
            return i * i, os.getpid()

    results = batch.in_forked_workers(work, 40, 2)
    assert [square for square, _ in results] == [i * i for i in range(40)]
    assert parent not in {pid for _, pid in results}
    assert batch.in_forked_workers(work, 3, 2) == [(i * i, parent) for i in range(3)]  # small: run here


def test_a_report_crosses_from_a_worker_as_it_is() -> None:
    """Pickled with its parametrized fact classes (``Fact[int]``, ``Fact[Price]``) by origin and arguments: the
    parent's copy is equal, of the same classes, and writes the same JSON, with nothing validated again."""
    import pickle

    from pydantic import BaseModel

    from slacheck.pipeline import Options, check_file
    from slacheck.report.json_format import render_json

    kinds = set()
    for path in expand_inputs([str(SAMPLES)])[:12]:
        report = check_file(path, Options())
        copy = pickle.loads(batch._pickled(report))
        assert copy == report and render_json(copy) == render_json(report)
        for name in type(report.offering).model_fields:
            part, twin = getattr(report.offering, name), getattr(copy.offering, name)
            assert type(part) is type(twin)
            if isinstance(part, BaseModel):
                for key, value in part.__dict__.items():
                    assert type(twin.__dict__[key]) is type(value)
                    kinds |= {type(value).__name__} if value is not None else set()
    assert {"Fact[int]", "Fact[str]", "Fact[bool]", "Fact[Price]"} <= kinds


def test_a_csv_export_in_a_folder_is_read_as_a_table(tmp_path: Path, capsys) -> None:
    """A quote exported as comma-separated values is a document: its rows are a table, its evidence its lines."""
    (tmp_path / "quote.csv").write_text(
        "Item,Specification,Qty,Monthly price\n"
        'GPU server,"8x H100 80GB PCIe, no NVLink bridge",4,"9,800.00"\n'
        "Compute network,RoCE v2 100GbE (1 NIC per server),4,included\n", encoding="utf-8")
    assert expand_inputs([str(tmp_path)]) == [str(tmp_path / "quote.csv")]
    code, out, _ = run(capsys, str(tmp_path / "quote.csv"), "--format", "json")
    report = json.loads(out)
    assert code == 1
    assert report["offering"]["gpu"]["variant"]["value"] == "PCIe"
    assert report["offering"]["nodes"]["value"] == 4
    assert {e["line"] for e in report["offering"]["fabric"]["protocol"]["evidence"]} == {3}
