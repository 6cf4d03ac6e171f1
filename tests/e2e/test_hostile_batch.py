"""A batch survives its worst document: a killed worker, unusable files listed in every format
that lists documents, outputs written atomically, Ctrl-C stopping everything at once."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from slacheck import batch
from slacheck.cli import main

from conftest import SAMPLES

GOOD = SAMPLES / "zh_quote_a100_10gbe.md"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_worker_killed_mid_document_fails_only_that_document(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    killer = tmp_path / "killer.txt"
    killer.write_text("GPU: 8 x H100\n", encoding="utf-8")
    real = batch.check_file

    def dies_on_the_killer(path, *args, **kwargs):  # as the kernel's OOM killer would
        if str(path) == str(killer):
            os.kill(os.getpid(), signal.SIGKILL)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(batch, "check_file", dies_on_the_killer)
    monkeypatch.setattr(batch, "POOL_MIN_DOCUMENTS", 2)  # three small files: a pool all the same
    # the worker claims every document: one claimed in this process would kill the test
    monkeypatch.setattr(batch, "_pooled", functools.partial(batch._pooled, here=False))
    output = tmp_path / "report.json"
    code, out, err = run(capsys, "check", str(GOOD), str(killer), str(GOOD.with_suffix(".pdf")), "--jobs", "2",
                         "--format", "json", "--output", f"json:{output}")
    assert code == 2
    assert err == f"slacheck: error: {killer}: the checking process stopped (out of memory or crashed)\n"
    entries = [r["documents"][0] for r in json.loads(out)]
    assert [d["path"] for d in entries] == [str(GOOD), str(killer), str(GOOD.with_suffix(".pdf"))]
    assert [d["error"] is None for d in entries] == [True, False, True]
    assert json.loads(output.read_text(encoding="utf-8")) == json.loads(out)


def test_workers_dying_while_this_process_checks_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process claims documents beside its worker: the ones the worker dies on are Failures (whichever
    process claims which), every other one is checked, and the results keep the input order."""
    from slacheck.commands.common import rules_for
    from slacheck.pipeline import Options

    paths = batch.expand_inputs([str(SAMPLES)])[:16]
    victims = set(paths[3::5])
    parent = os.getpid()
    real = batch.check_file

    def dies_in_a_worker(path, *args, **kwargs):
        if str(path) in victims and os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(batch, "check_file", dies_in_a_worker)
    results = batch.check_all(paths, Options(), rules_for(Options()), jobs=2)
    assert [r.path if isinstance(r, batch.Failure) else r.documents[0].path for r in results] == paths
    assert {r.path for r in results if isinstance(r, batch.Failure)} <= victims


def test_unusable_documents_are_listed_in_sarif_and_junit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    sarif, junit = tmp_path / "out.sarif", tmp_path / "out.xml"
    code, _, err = run(capsys, "check", str(GOOD), str(empty), "--format", "sarif", "--output", f"junit:{junit}",
                       "--output", f"sarif:{sarif}")
    assert code == 2 and err == f"slacheck: error: {empty}: empty file\n"
    invocation = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and note["message"]["text"] == f"{empty}: empty file"
    root = ET.fromstring(junit.read_text(encoding="utf-8"))
    assert root.get("errors") == "1"
    [error] = root.iter("error")
    assert error.get("message") == "empty file"
    assert [s.get("name") for s in root.iter("testsuite")] == [str(GOOD), str(empty)]


def test_a_single_unusable_document_is_a_json_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(tmp_path / "nowhere.md"), "--format", "json")
    assert code == 2
    assert json.loads(out)["documents"] == [{**json.loads(out)["documents"][0], "path": str(tmp_path / "nowhere.md"),
                                             "error": "no such file"}]
    assert json.loads(out)["findings"] == []


def test_output_replaces_a_symlink_instead_of_writing_through_it(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n", encoding="utf-8")
    link = tmp_path / "report.json"
    link.symlink_to(precious)
    code, _, _ = run(capsys, "check", str(GOOD), "--output", f"json:{link}", "--quiet")
    assert code == 1
    assert precious.read_text(encoding="utf-8") == "keep me\n"
    assert not link.is_symlink() and json.loads(link.read_text(encoding="utf-8"))["documents"][0]["path"] == str(GOOD)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.txt", "report.json"]


def test_ctrl_c_stops_a_parallel_batch_at_once(tmp_path: Path) -> None:
    prose = "The parties agree that the provider shall deliver the services described herein. " * 40_000
    files = []
    for k in range(3):
        files.append(tmp_path / f"slow{k}.txt")
        files[-1].write_text(prose, encoding="utf-8")
    command = [sys.executable, "-m", "slacheck", "check", *map(str, files), "--jobs", "2", "--time-budget", "0",
               "--output", f"json:{tmp_path / 'out.json'}"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + 20
    while not children.read_text().split() and time.monotonic() < deadline:  # the worker started
        time.sleep(0.05)
    time.sleep(0.3)
    os.killpg(process.pid, signal.SIGINT)  # a terminal sends Ctrl-C to the whole process group
    started = time.monotonic()
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - started < 2.0
    assert process.returncode == 130
    assert out == b"" and b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert not (tmp_path / "out.json").exists()


def test_folder_scan_skips_symlinks_that_leave_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("TOKEN=hunter2\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "other.md").write_text("TOKEN=hunter3\n", encoding="utf-8")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "offer.md").write_text("GPU: 8 x H100 SXM\n", encoding="utf-8")
    (tree / "leak.md").symlink_to(secret)
    (tree / "linked").symlink_to(outside)
    (tree / "alias.md").symlink_to(tree / "offer.md")  # stays inside: still read
    code, out, err = run(capsys, "check", str(tree), "--format", "json")
    assert code == 1 and "hunter" not in out
    assert [r["documents"][0]["path"] for r in json.loads(out)] == [str(tree / "alias.md"), str(tree / "offer.md")]
    assert err.splitlines() == [f"slacheck: warning: {tree / name}: skipped: a symbolic link out of {tree}"
                                for name in ("leak.md", "linked")]


def test_a_fifo_is_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "check", str(fifo))
    assert (code, err) == (2, f"slacheck: error: {fifo}: not a regular file\n")


def test_a_baseline_of_one_document_does_not_silence_missing_terms_in_another(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("a.md", "b.md"):
        Path(name).write_text("GPU: 8 x H100 SXM\n", encoding="utf-8")
    assert run(capsys, "check", "a.md", "--write-baseline", "base.json", "--quiet")[0] == 1
    rules = lambda out: {f["rule"] for f in json.loads(out)["findings"]}  # noqa: E731
    _, same, _ = run(capsys, "check", "a.md", "--baseline", "base.json", "--format", "json")
    _, other, _ = run(capsys, "check", "b.md", "--baseline", "base.json", "--format", "json")
    assert "SLA001" not in rules(same)
    assert {"SLA001", "SLA003", "SLA005"} <= rules(other)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "gitlab", "junit", "markdown", "html", "github"])
def test_a_file_name_that_is_not_utf8_is_reported_in_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 fmt: str) -> None:
    path = tmp_path / os.fsdecode(b"offer\xff.md")
    path.write_text("4 台 x 8 卡 H100 SXM5，端口共享\n", encoding="utf-8")
    output = tmp_path / "out"
    code, out, err = run(capsys, "check", str(tmp_path), "--format", fmt, "--output", f"{fmt}:{output}")
    assert (code, err) == (1, "")
    out.encode("utf-8")  # no lone surrogate left
    assert ("offer%EF%BF%BD.md" if fmt == "sarif" else "offer\ufffd.md") in out  # SARIF has URIs
    assert output.read_text(encoding="utf-8") == out or fmt == "text"


@pytest.mark.parametrize("option, message", [
    ("--config", "cannot read configuration: not a regular file"),
    ("--rules", "cannot read rule pack (not a regular file)"),
    ("--waivers", "cannot read waivers (not a regular file)"),
    ("--baseline", "not a slacheck baseline"),
])
def test_a_fifo_as_a_settings_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str,
                                              message: str) -> None:
    fifo = tmp_path / "settings.toml"
    os.mkfifo(fifo)  # reading it would block for ever
    code, _, err = run(capsys, "check", str(GOOD), option, str(fifo))
    assert code == 2 and len(err.splitlines()) == 1 and message in err


def test_a_batch_with_no_temporary_folder_is_checked_in_one_process(tmp_path: Path, monkeypatch) -> None:
    import tempfile

    from slacheck.pipeline import Options
    from slacheck.rules.engine import load_rules

    folder = tmp_path / "docs"
    folder.mkdir()
    for i in range(10):
        (folder / f"q{i}.txt").write_text(f"{i + 2} nodes, 8x H100 SXM per node, InfiniBand NDR 400G.\n",
                                          encoding="utf-8")

    def no_folder(*args, **kwargs):
        raise OSError("no usable temporary directory")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_folder)
    paths = sorted(str(p) for p in folder.iterdir())
    results = batch.check_all(paths, Options(), load_rules(), jobs=2)
    assert [r.offering.fact("nodes").value for r in results] == [i + 2 for i in range(10)]
