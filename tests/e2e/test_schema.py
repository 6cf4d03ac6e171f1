"""`slacheck schema`: the reports of `check` and `extract` validate against it (Draft 2020-12)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from slacheck.cli import main
from slacheck.report.model import Report

from conftest import SAMPLES

SAMPLE_FILES = sorted(p.name for p in SAMPLES.iterdir() if p.suffix in (".pdf", ".txt", ".md")
                      and p.name != "README.md")
# Keys Report.to_json_data(with_findings=False) drops: `extract` output lacks them.
EXTRACT_DROPPED = {"findings", "waived", "summary", "applied", "distrusted"}


def _run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, Any]:
    capsys.readouterr()
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def _schema(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, data = _run_json(capsys, ["schema"])
    assert code == 0
    return data


def test_schema_is_a_valid_draft_2020_12_schema_of_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    data = _schema(capsys)
    Draft202012Validator.check_schema(data)
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["title"] == "Report"
    assert {"schema", "tool", "language", "documents", "offering", "findings"} <= set(data["properties"])


def test_schema_output_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["schema"])
    first = capsys.readouterr().out
    main(["schema"])
    assert capsys.readouterr().out == first
    assert first.startswith('{\n  "$schema"')


def test_schema_keeps_the_keys_extract_drops_optional(capsys: pytest.CaptureFixture[str]) -> None:
    required = set(_schema(capsys).get("required", []))
    assert not EXTRACT_DROPPED & required
    report = Report.model_validate({"language": "en", "documents": [], "offering": {}})
    assert EXTRACT_DROPPED == set(report.to_json_data()) - set(report.to_json_data(with_findings=False))


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_check_report_validates(capsys: pytest.CaptureFixture[str], name: str) -> None:
    validator = Draft202012Validator(_schema(capsys))
    code, report = _run_json(capsys, ["check", str(SAMPLES / name), "--format", "json", "--no-waivers"])
    assert code in (0, 1)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(report)]
    assert errors == []
    assert report["documents"][0]["path"].endswith(name)


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_extract_output_validates_without_findings(capsys: pytest.CaptureFixture[str], name: str) -> None:
    validator = Draft202012Validator(_schema(capsys))
    code, report = _run_json(capsys, ["extract", str(SAMPLES / name), "--format", "json"])
    assert code == 0
    assert not EXTRACT_DROPPED & set(report)
    assert [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(report)] == []


def test_schema_rejects_a_broken_report(capsys: pytest.CaptureFixture[str]) -> None:
    validator = Draft202012Validator(_schema(capsys))
    _, report = _run_json(capsys, ["check", str(SAMPLES / SAMPLE_FILES[0]), "--format", "json"])
    assert validator.is_valid(report)
    assert not validator.is_valid({**report, "language": "fr"})
    assert not validator.is_valid({k: v for k, v in report.items() if k != "offering"})
    assert not validator.is_valid({**report, "documents": [{"path": 3}]})
