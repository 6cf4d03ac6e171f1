"""The report carries what each fired rule is, so renderers describe rules without loading packs."""

import json
from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.model import Evidence, Finding, RuleInfo
from slacheck.offering import Offering
from slacheck.report.model import Report
from slacheck.report.sarif_format import render_sarif

from conftest import SAMPLES

PACK = """
[[rule]]
id = "ORG002"
name = "org-no-power"
family = "ORG"
severity = "info"
when = 'commercial.power_kw is null'
[rule.en]
title = "Rack power not stated"
message = "No rack power in {nodes} nodes."
fix = "State the rack power in kW."
why = "Dense GPU racks need their power agreed before delivery."
[rule.zh]
title = "未写明机柜功率"
message = "{nodes} 台服务器未写明机柜功率。"
fix = "写明机柜功率（kW）。"
why = "高密度 GPU 机柜需在交付前约定供电。"
"""


def _sarif_rules(text: str) -> dict[str, dict[str, object]]:
    return {rule["id"]: rule for rule in json.loads(text)["runs"][0]["tool"]["driver"]["rules"]}


def test_sarif_describes_a_user_pack_rule_from_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "org.toml"
    pack.write_text(PACK, encoding="utf-8")
    main(["check", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--rules", str(pack), "--format", "sarif", "--lang", "en"])
    rule = _sarif_rules(capsys.readouterr().out)["ORG002"]
    assert rule["fullDescription"] == {"text": "Dense GPU racks need their power agreed before delivery."}
    why = "Dense GPU racks need their power agreed before delivery."
    assert rule["help"]["text"] == f"State the rack power in kW.\n\n{why}"


def test_sarif_falls_back_to_the_findings_own_words() -> None:
    evidence = Evidence(path="a.md", page=1, line=1, column=1, text="x")
    finding = Finding(rule="WVR001", name="n", family="WVR", severity="info", title="T", message="M", fix="F",
                      evidence=[evidence])
    described = Report(language="en", documents=[], offering=Offering(), findings=[finding],
                       rules={"WVR001": RuleInfo(id="WVR001", name="n", severity="info", title="T",
                                                 description="D", fix="F", why="W")})
    assert _sarif_rules(render_sarif(described))["WVR001"]["fullDescription"] == {"text": "D"}
    bare = described.model_copy(update={"rules": {}})
    assert _sarif_rules(render_sarif(bare))["WVR001"]["fullDescription"] == {"text": "M"}


def test_the_json_report_leaves_the_rule_descriptions_out(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert data["findings"] and "rules" not in data


def test_rule_descriptions_survive_the_round_trip_of_parallel_checks() -> None:
    info = RuleInfo(id="X001", name="n", severity="info", title="T", description="D", fix="F")
    report = Report(language="en", documents=[], offering=Offering(), rules={"X001": info})
    assert Report.model_validate(report.model_dump(by_alias=True)).rules == {"X001": info}
