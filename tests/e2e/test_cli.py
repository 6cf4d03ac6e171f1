"""The command line: exit codes, languages, JSON report and the installed package."""

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from slacheck.cli import main

from conftest import ROOT, SAMPLES


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_default_command_is_check_and_findings_exit_1(capsys) -> None:
    code, out, _ = run(capsys, str(SAMPLES / "zh_quote_a100_10gbe.md"), "--no-color")
    assert code == 1
    assert "HW001" in out and "建议条款" in out


def test_clean_offer_exits_0_with_fail_on_error(capsys) -> None:
    code, _, _ = run(capsys, "check", str(SAMPLES / "en_clean_h100_order_form.md"), "--fail-on", "error")
    assert code == 0


def test_fail_on_never(capsys) -> None:
    code, _, _ = run(capsys, str(SAMPLES / "zh_quote_a100_10gbe.md"), "--fail-on", "never")
    assert code == 0


def test_json_report_follows_report_json_v1(capsys) -> None:
    code, out, _ = run(capsys, str(SAMPLES / "en_order_form_h100_pcie_shared_ib.md"), "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert data["schema"] == "slacheck/report@1"
    assert data["documents"][0]["language"] == "en"
    assert data["offering"]["gpu"]["variant"]["value"] == "PCIe"
    assert data["offering"]["fabric"]["dedicated"]["value"] is False
    finding = next(f for f in data["findings"] if f["rule"] == "NET004")
    assert finding["severity"] == "error" and finding["evidence"][0]["line"] >= 1
    assert data["summary"]["error"] == sum(f["severity"] == "error" for f in data["findings"])


def test_lang_overrides_the_document_language(capsys) -> None:
    _, out, _ = run(capsys, str(SAMPLES / "zh_quote_a100_10gbe.md"), "--format", "json", "--lang", "en")
    data = json.loads(out)
    assert data["language"] == "en"
    assert next(f for f in data["findings"] if f["rule"] == "HW001")["title"].startswith("GPU form factor")


def test_extract_prints_the_offering_without_findings(capsys) -> None:
    code, out, _ = run(capsys, "extract", str(SAMPLES / "zh_clean_h100_ib_cluster.md"), "--format", "json")
    data = json.loads(out)
    assert code == 0 and "findings" not in data
    assert data["offering"]["nodes"]["value"] == 8


def test_same_input_same_bytes(capsys) -> None:
    first = run(capsys, str(SAMPLES / "mixed_quote_grid_h100_roce.pdf"), "--format", "json")[1]
    second = run(capsys, str(SAMPLES / "mixed_quote_grid_h100_roce.pdf"), "--format", "json")[1]
    assert first == second


@pytest.mark.parametrize("args", [["missing.pdf"], ["check"], ["check", "--format", "nope", "x.md"], [],
                                  ["x.md", "--jobs", "0"], ["x.md", "--jobs", "-3"], ["x.md", "--jobs", "two"],
                                  ["explain"], ["x.md", "--output", "nope:x"]])
def test_usage_errors_are_one_line_and_exit_2(capsys, args: list[str], tmp_path: Path) -> None:
    os.chdir(tmp_path)
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("slacheck: error: ") and err.count("\n") == 1 and "usage:" not in err


@pytest.mark.parametrize("flag, value, hint", [
    ("--select", "NET04", "did you mean NET004?"), ("--select", "fail", "`slacheck rules` lists them"),
    ("--ignore", "FOO9", "unknown rule or prefix 'FOO9'"), ("--ignore", "HW1", "did you mean HW001?"),
    ("--select", "HW002,SLA05", "did you mean SLA005?")])
def test_unknown_rule_selectors_are_refused(capsys, flag: str, value: str, hint: str) -> None:
    code, out, err = run(capsys, str(SAMPLES / "en_clean_h100_order_form.md"), flag, value)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"slacheck: error: {flag}: ") and hint in err


def test_output_into_a_missing_folder_writes_nothing(capsys, tmp_path: Path) -> None:
    good = tmp_path / "report.json"
    code, out, err = run(capsys, str(SAMPLES / "en_clean_h100_order_form.md"), "--output", f"json:{good}",
                         "--output", f"sarif:{tmp_path / 'no' / 'such' / 'x.sarif'}")
    assert code == 2 and out == "" and not good.exists()
    assert err == f"slacheck: error: --output sarif: folder {tmp_path / 'no' / 'such'} does not exist\n"


def test_unusable_input_is_one_line(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "scan.pdf"
    bad.write_bytes(b"not a pdf at all")
    code, _, err = run(capsys, str(bad))
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err


_NO_INDEX = ("No matching distribution", "Could not find a version", "Failed to establish a new connection",
             "Temporary failure in name resolution", "Network is unreachable")


def test_installed_wheel_runs_from_another_folder(tmp_path: Path) -> None:
    """An isolated venv (no system site-packages) installs the project with its dependencies from the index."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=False, with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # the default build, pure Python (SLACHECK_COMPILE, setup.py, would double this test's time)
    install = subprocess.run([python, "-m", "pip", "install", "--quiet", str(ROOT)], capture_output=True, text=True,
                             env={key: value for key, value in os.environ.items() if key != "SLACHECK_COMPILE"})
    if install.returncode != 0 and any(sign in install.stderr for sign in _NO_INDEX):
        pytest.skip("no package index reachable to install the dependencies: "
                    + install.stderr.strip().splitlines()[-1])
    assert install.returncode == 0, install.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run([env_dir / "bin" / "slacheck", "check", str(SAMPLES / "zh_clean_h100_ib_cluster.pdf"),
                             "--format", "json"], cwd=elsewhere, capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": ""})
    assert '"schema": "slacheck/report@1"' in result.stdout
    location = subprocess.run([python, "-c", "import slacheck, pydantic; print(slacheck.__file__, pydantic.__file__)"],
                              cwd=elsewhere, capture_output=True, text=True).stdout
    assert location.count(str(env_dir)) == 2


def test_select_and_ignore_take_comma_separated_ids_and_prefixes(capsys) -> None:
    sample = str(SAMPLES / "en_order_form_h100_pcie_shared_ib.md")
    _, out, _ = run(capsys, sample, "--format", "json", "--select", "hw002,NET0", "--ignore", "NET01")
    rules = {f["rule"] for f in json.loads(out)["findings"]}
    assert rules == {"HW002", "NET004", "NET007", "NET008"}


def test_internal_error_is_one_line_and_debug_shows_the_traceback(capsys, monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("slacheck.commands.extract.extract_file", broken)
    code, out, err = run(capsys, "extract", str(SAMPLES / "zh_quote_a100_10gbe.md"))
    assert code == 3 and err == "slacheck: internal error: RuntimeError: boom; rerun with --debug\n"
    code, _, err = run(capsys, "extract", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--debug")
    assert code == 3 and "Traceback" in err and "RuntimeError: boom" in err


def test_the_command_exits_with_its_code_its_whole_output_and_its_exit_handlers_run(tmp_path: Path) -> None:
    """``python -m slacheck`` ends without tearing the interpreter down (os._exit), yet the exit code is main()'s,
    the output is all there and the exit handlers ran: the package's regexes were kept in the cache folder."""
    env = {"SLACHECK_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    sample = str(SAMPLES / "zh_quote_a100_10gbe.md")
    found = subprocess.run([sys.executable, "-m", "slacheck", sample, "--format", "json"], env=env, cwd=tmp_path,
                           capture_output=True, text=True)
    assert found.returncode == 1 and found.stderr == ""
    assert json.loads(found.stdout)["findings"]
    assert list((tmp_path / "cache").glob("regexes-*.regexes.json"))
    usage = subprocess.run([sys.executable, "-m", "slacheck", "--no-such-flag"], env=env, cwd=tmp_path,
                           capture_output=True, text=True)
    assert usage.returncode == 2 and usage.stderr.startswith("slacheck: error:")
