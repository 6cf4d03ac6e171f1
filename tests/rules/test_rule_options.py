"""The options every rule-reading command shares are declared once and mean the same in each."""

from pathlib import Path

import pytest

from slacheck.cli import main

from conftest import SAMPLES

ORG_PACK = """
[[rule]]
id = "ORG001"
name = "no-power-figure"
family = "ORG"
severity = "warning"
when = 'commercial.power_kw is null'
[rule.en]
title = "Rack power not stated"
message = "The document states no rack power."
fix = "State the power each rack is allotted, in kW."
[rule.zh]
title = "未写明机柜功率"
message = "文件未写明机柜功率。"
fix = "写明每个机柜分配的功率（kW）。"

[[rule.test]]
fires = true
given = { nodes = 2 }

[[rule.test]]
fires = false
given = { commercial.power_kw = 40 }
"""


@pytest.fixture()
def org_pack(tmp_path: Path) -> Path:
    path = tmp_path / "org.toml"
    path.write_text(ORG_PACK, encoding="utf-8")
    return path


def test_addendum_reads_a_user_pack(org_pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["addendum", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--rules", str(org_pack)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "写明每个机柜分配的功率（kW）。" in out.out


@pytest.mark.parametrize("command", [
    ["check", str(SAMPLES / "zh_quote_a100_10gbe.md")],
    ["addendum", str(SAMPLES / "zh_quote_a100_10gbe.md")],
    ["rules"],
    ["explain", "NET004"],
])
def test_a_missing_pack_is_a_usage_error_in_every_command(command: list[str], tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*command, "--rules", str(tmp_path / "absent.toml")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("slacheck: error: ") and "absent.toml" in err


@pytest.mark.parametrize("command", [["rules", "--format", "json"], ["explain", "ORG001"]])
def test_listing_commands_see_the_user_pack(command: list[str], org_pack: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--rules", str(org_pack)]) == 0
    assert "ORG001" in capsys.readouterr().out


def test_rules_test_runs_the_cases_of_a_user_pack(org_pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--test", "--family", "ORG", "--rules", str(org_pack)]) == 0
    assert capsys.readouterr().out == "2 cases of 1 rule(s): 0 wrong\n"
    org_pack.write_text(ORG_PACK.replace("given = { commercial.power_kw = 40 }", "given = { nodes = 2 }"),
                        encoding="utf-8")
    assert main(["rules", "--test", "--family", "ORG", "--rules", str(org_pack)]) == 1
    assert capsys.readouterr().out == "ORG001 test #2: fired, expected quiet\n2 cases of 1 rule(s): 1 wrong\n"
