"""Waivers (rule + content fingerprint, reason, owner, expiry) and baselines."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.commands import check as check_command
from slacheck.pipeline import Options, check_file
from slacheck.report.fingerprint import fingerprint, normalise
from slacheck.waivers import Waiver, WaiverError, apply_waivers, find_waiver_file, load_waivers

from conftest import SAMPLES

SAMPLE = SAMPLES / "zh_quote_a100_10gbe.md"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def document(in_project: Path) -> Path:
    tmp_path = in_project
    target = tmp_path / "contracts" / "quote.md"
    target.parent.mkdir()
    shutil.copy(SAMPLE, target)
    return target


def _waiver(rule: str, fp: str, *, expires: str | None = None, reason: str = "accepted by legal") -> str:
    entry = f'[[waiver]]\nrule = "{rule}"\nfingerprint = "{fp}"\nreason = "{reason}"\nowner = "alice"\n'
    return entry + (f"expires = {expires}\n" if expires else "") + "\n"


def _report_json(capsys, *args: str) -> tuple[int, dict]:
    code, out, _ = run(capsys, "check", *args, "--format", "json")
    return code, json.loads(out)


def test_normalise_ignores_width_case_and_spacing() -> None:
    assert normalise("４台 × ８卡") == normalise("4台×8卡") == "4台×8卡"
    assert normalise("RoCE  v2") == "rocev2"


def test_waiver_moves_the_finding_to_waived(document: Path, capsys) -> None:
    target = check_file(document, Options()).findings[0]
    (document.parent / "slacheck-waivers.toml").write_text(_waiver(target.rule, fingerprint(target)), "utf-8")
    _, data = _report_json(capsys, str(document))
    assert target.rule not in [f["rule"] for f in data["findings"]]
    assert [(w["rule"], w["fingerprint"], w["reason"], w["owner"]) for w in data["waived"]] == \
        [(target.rule, fingerprint(target), "accepted by legal", "alice")]
    assert sum(data["summary"].values()) == len(data["findings"])


def test_waiver_file_is_found_upward_and_no_waivers_audits(document: Path, capsys) -> None:
    target = check_file(document, Options()).findings[0]
    waivers = document.parent.parent / "slacheck-waivers.toml"
    waivers.write_text(_waiver(target.rule, fingerprint(target)), encoding="utf-8")
    assert find_waiver_file(document) == waivers
    _, audited = _report_json(capsys, str(document), "--no-waivers")
    assert target.rule in [f["rule"] for f in audited["findings"]] and audited["waived"] == []


def test_each_folder_of_a_batch_gets_its_own_waiver_file(document: Path, capsys) -> None:
    """Documents of one folder share its waiver file; a document of another folder without one gets none."""
    target = check_file(document, Options()).findings[0]
    (document.parent / "slacheck-waivers.toml").write_text(_waiver(target.rule, fingerprint(target)), "utf-8")
    twin = document.parent / "twin.md"
    shutil.copy(document, twin)
    elsewhere = document.parent.parent / "other" / "quote.md"
    elsewhere.parent.mkdir()
    shutil.copy(document, elsewhere)
    _, data = _report_json(capsys, str(document), str(elsewhere), str(twin))
    waived = {Path(report["documents"][0]["path"]).parent.name: [w["rule"] for w in report["waived"]]
              for report in data}
    kept = [[f["rule"] for f in report["findings"]] for report in data]
    assert [target.rule in rules for rules in kept] == [False, True, False]
    assert waived == {"contracts": [target.rule], "other": []}


def test_expired_waiver_no_longer_waives_and_is_reported(document: Path, capsys, monkeypatch) -> None:
    target = check_file(document, Options()).findings[0]
    path = document.parent / "slacheck-waivers.toml"
    path.write_text(_waiver(target.rule, fingerprint(target), expires="2026-03-31"), encoding="utf-8")
    monkeypatch.setattr(check_command, "today", lambda: date(2026, 3, 31))
    _, live = _report_json(capsys, str(document))
    assert [w["rule"] for w in live["waived"]] == [target.rule] and live["waived"][0]["expires"] == "2026-03-31"
    monkeypatch.setattr(check_command, "today", lambda: date(2026, 4, 1))
    _, expired = _report_json(capsys, str(document))
    assert expired["waived"] == []
    rules = [f["rule"] for f in expired["findings"]]
    assert target.rule in rules and "WVR001" in rules
    note = next(f for f in expired["findings"] if f["rule"] == "WVR001")
    assert note["severity"] == "info" and note["evidence"][0]["path"] == str(path)
    assert note["evidence"][0]["line"] == 3  # the fingerprint's line in the waiver file


def test_unused_waiver_is_reported(document: Path, capsys) -> None:
    (document.parent / "slacheck-waivers.toml").write_text(_waiver("HW001", "0123456789abcdef"), "utf-8")
    _, data = _report_json(capsys, str(document))
    unused = [f for f in data["findings"] if f["rule"] == "WVR002"]
    assert len(unused) == 1 and "0123456789abcdef" in unused[0]["message"]


def test_waiver_without_reason_is_a_usage_error(document: Path, tmp_path: Path, capsys) -> None:
    bad = tmp_path / "w.toml"
    bad.write_text('[[waiver]]\nrule = "HW001"\nfingerprint = "x"\n', encoding="utf-8")
    with pytest.raises(WaiverError, match="missing reason"):
        load_waivers(bad)
    code, _, err = run(capsys, "check", str(document), "--waivers", str(bad))
    assert code == 2 and "missing reason" in err


@pytest.mark.parametrize("text, message", [
    ('[[waivers]]\nrule = "HW001"\nfingerprint = "x"\nreason = "r"\n',
     "unknown key 'waivers'; did you mean waiver?; a waiver file holds [[waiver]] tables"),
    ('[[waiver]]\nrule = "SLA05"\nfingerprint = "x"\nreason = "r"\n',
     "waiver 1: unknown rule 'SLA05'; did you mean SLA005?"),
    ('[[waiver]]\nrule = "HW001"\nfingerprint = "x"\nreason = "r"\nexpiry = 2030-01-01\n',
     "waiver 1: unknown key 'expiry'; did you mean expires?")])
def test_misspelt_waiver_files_are_refused(document: Path, capsys, text: str, message: str) -> None:
    (document.parent / "slacheck-waivers.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", str(document))
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_apply_waivers_takes_today_as_an_argument() -> None:
    report = check_file(SAMPLE, Options())
    target = report.findings[0]
    waiver = Waiver(rule=target.rule, fingerprint=fingerprint(target), reason="r", owner=None,
                    expires=date(2030, 1, 1), source="slacheck-waivers.toml", line=1)
    [kept] = apply_waivers([report], [waiver], date(2029, 12, 31))
    assert [w.rule for w in kept.waived] == [target.rule]
    [lapsed] = apply_waivers([report], [waiver], date(2030, 1, 2))
    assert lapsed.waived == [] and lapsed.findings[-1].rule == "WVR001"


def test_baseline_keeps_only_new_findings(document: Path, tmp_path: Path, capsys) -> None:
    baseline = tmp_path / "baseline.json"
    code, _, _ = run(capsys, "check", str(document), "--write-baseline", str(baseline), "--quiet")
    assert code == 1
    written = json.loads(baseline.read_text(encoding="utf-8"))
    assert written["schema"] == "slacheck/baseline@1" and len(written["findings"]) > 0
    code, data = _report_json(capsys, str(document), "--baseline", str(baseline))
    assert code == 0 and data["findings"] == []
    text = document.read_text(encoding="utf-8").replace("万兆以太网（10Gbps）", "万兆以太网（10Gbps），端口共享")
    document.write_text("新增说明。\n" + text, encoding="utf-8")  # also moves every line down
    code, data = _report_json(capsys, str(document), "--baseline", str(baseline))
    assert code == 1 and "NET004" in {f["rule"] for f in data["findings"]}
    # only findings that now quote the new words are new; the rest matched the baseline despite the moved lines
    assert all(any(e["text"] == "共享" for e in f["evidence"]) for f in data["findings"])


def test_baseline_is_deterministic(document: Path, tmp_path: Path, capsys) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    run(capsys, "check", str(document), "--write-baseline", str(first), "--quiet")
    run(capsys, "check", str(document), "--write-baseline", str(second), "--quiet")
    assert first.read_bytes() == second.read_bytes()
