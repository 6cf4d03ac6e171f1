"""Configuration and waiver files that come with the documents: not applied outside the project, --isolated,
and every report saying which files applied and how many findings each suppressed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from slacheck.cli import main

from conftest import SAMPLES

SAMPLE = SAMPLES / "zh_quote_a100_10gbe.md"
SILENCE = '[per-file-ignores]\n"*" = ["ACC", "CLM", "COM", "HW", "NET", "OPS", "POL", "SLA"]\n'


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository checked out in ``tmp_path/repo``, the working directory, with a contract in it."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "contracts").mkdir()
    shutil.copy(SAMPLE, root / "contracts" / "quote.md")
    monkeypatch.chdir(root / "contracts")  # anywhere in the repository
    return root


def _downloads(tmp_path: Path) -> Path:
    """Documents fetched from outside, with a configuration and waivers planted beside them."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "quote.md")
    (folder / "slacheck.toml").write_text(SILENCE, encoding="utf-8")
    return folder


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict, str]:
    code, out, err = run(capsys, "check", *args, "--format", "json")
    return code, json.loads(out), err


def test_a_configuration_planted_beside_outside_documents_is_named_not_applied(
        project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = _json(capsys, str(project / "contracts" / "quote.md"))
    assert plain["findings"] and plain["applied"] == [] and plain["distrusted"] == []
    folder = _downloads(tmp_path)
    waiver = "".join(f'[[waiver]]\nrule = "{f["rule"]}"\nfingerprint = "{f["fingerprint"]}"\nreason = "ok"\n\n'
                     for f in plain["findings"])
    (folder / "slacheck-waivers.toml").write_text(waiver, encoding="utf-8")
    for given in (str(folder), str(folder / "quote.md"), str(folder / "*.md")):
        code, report, err = _json(capsys, given)
        assert code == 1 and [f["rule"] for f in report["findings"]] == [f["rule"] for f in plain["findings"]]
        assert report["waived"] == [] and report["applied"] == []
        assert report["distrusted"] == [str(folder / "slacheck.toml"), str(folder / "slacheck-waivers.toml")]
        assert err.count("not applied: it came with the documents") == 2
    # above the checked folder, a file is the environment's, not the documents': it applies
    (tmp_path / "slacheck.toml").write_text('ignore = ["COM"]\n', encoding="utf-8")
    code, report, _ = _json(capsys, str(folder))
    assert [entry["file"] for entry in report["applied"]] == [str(tmp_path / "slacheck.toml")]
    assert report["distrusted"][0] == str(folder / "slacheck.toml")
    (tmp_path / "slacheck.toml").unlink()
    # a broken file that came with the documents is not even read
    (folder / "slacheck.toml").write_text("[[[", encoding="utf-8")
    assert _json(capsys, str(folder))[0] == 1


def test_a_configuration_in_the_project_applies_and_the_report_counts_what_it_suppressed(
        project: Path, capsys: pytest.CaptureFixture[str], schemas: Path) -> None:
    _, plain, _ = _json(capsys, "quote.md")
    (project / "contracts" / "slacheck.toml").write_text(SILENCE, encoding="utf-8")
    code, report, err = _json(capsys, "quote.md")
    assert code == 0 and report["findings"] == [] and err == ""
    assert report["applied"] == [{"file": "slacheck.toml", "kind": "config", "suppressed": len(plain["findings"])}]
    code, out, _ = run(capsys, "check", "quote.md", "--no-color", "--lang", "en")
    assert f"slacheck.toml (config) applied, findings suppressed: {len(plain['findings'])}" in out
    code, out, _ = run(capsys, "check", "quote.md", "--format", "sarif")
    jsonschema.validate(json.loads(out), json.loads((schemas / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")))
    notes = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert [n["level"] for n in notes] == ["note"] and f"findings suppressed: {len(plain['findings'])}" in \
        notes[0]["message"]["text"]
    code, out, _ = run(capsys, "check", "quote.md", "--format", "github")
    assert out.startswith("::notice file=quote.md,title=slacheck::slacheck.toml (config) applied")
    code, out, _ = run(capsys, "check", "quote.md", "--format", "junit")
    assert f'name="slacheck.config" value="slacheck.toml, findings suppressed: {len(plain["findings"])}"' in out
    code, out, _ = run(capsys, "check", "quote.md", "--format", "markdown", "--lang", "en")
    assert f"- slacheck.toml \\(config\\) applied, findings suppressed: {len(plain['findings'])}\n" in out
    code, out, _ = run(capsys, "check", "quote.md", "--format", "html", "--lang", "en")
    assert f"<li>slacheck.toml (config) applied, findings suppressed: {len(plain['findings'])}</li>" in out
    # --isolated: only the command line applies
    code, report, _ = _json(capsys, "quote.md", "--isolated")
    assert code == 1 and report["findings"] == plain["findings"] and report["applied"] == []
    assert _json(capsys, "quote.md", "--isolated", "--config", "slacheck.toml")[1]["applied"][0]["suppressed"] > 0
    code, out, _ = run(capsys, "config", "quote.md", "--isolated", "--format", "json")
    assert json.loads(out)["file"] is None


def test_waivers_and_baselines_say_how_many_findings_they_suppressed(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = _json(capsys, "quote.md")
    first = plain["findings"][0]
    (project / "slacheck-waivers.toml").write_text(
        f'[[waiver]]\nrule = "{first["rule"]}"\nfingerprint = "{first["fingerprint"]}"\nreason = "signed annex"\n',
        encoding="utf-8")
    code, report, _ = _json(capsys, "quote.md", "--write-baseline", "base.json")
    # above the working directory: named in full
    assert report["applied"] == [{"file": str(project / "slacheck-waivers.toml"), "kind": "waivers", "suppressed": 1}]
    assert [f["fingerprint"] for f in report["waived"]] == [first["fingerprint"]]
    code, report, _ = _json(capsys, "quote.md", "--baseline", "base.json")
    assert code == 0 and report["findings"] == []
    assert report["applied"][1] == {"file": "base.json", "kind": "baseline", "suppressed": len(plain["findings"]) - 1}
    code, report, _ = _json(capsys, "quote.md", "--isolated")
    assert report["waived"] == [] and report["applied"] == [] and len(report["findings"]) == len(plain["findings"])
