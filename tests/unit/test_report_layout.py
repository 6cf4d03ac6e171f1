"""What a reader sees first: editor locations, one line per finding, per-rule counts, fingerprints, order."""

from __future__ import annotations

import json
import re

import pytest

from slacheck.cli import main
from slacheck.offering import Evidence
from slacheck.pipeline import Options, check_file
from slacheck.report.fingerprint import fingerprint
from slacheck.report.formats import FORMATS
from slacheck.report.labels import location, short_location
from slacheck.report.model import Report

from conftest import SAMPLES

MD = SAMPLES / "en_order_form_h100_pcie_shared_ib.md"
PDF = SAMPLES / "zh_quote_a100_10gbe.pdf"
RANK = {"error": 0, "warning": 1, "info": 2}


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def report() -> Report:
    return check_file(MD, Options())


def test_locations_open_in_an_editor_and_name_the_pdf_page() -> None:
    text = Evidence(path="a/q.md", page=1, line=19, column=16, text="x")
    pdf = Evidence(path="a/q.PDF", page=3, line=19, column=16, text="x")
    assert location(text) == "a/q.md:19:16"
    assert location(pdf) == "a/q.PDF p.3 l.19:16"
    assert (short_location(text, "en"), short_location(pdf, "en")) == ("l.19", "p.3 l.19")
    assert (short_location(text, "zh"), short_location(pdf, "zh")) == ("第19行", "第3页第19行")


def test_text_report_shows_path_line_col_and_fingerprints(report: Report, capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "240")
    _, out, _ = run(capsys, str(MD), "--no-color", "--select", "HW002")
    (finding,) = report_findings(report, "HW002")
    evidence = finding.evidence[0]
    assert f"{MD}:{evidence.line}:{evidence.column} “{evidence.text}”" in out
    assert f"fingerprint {fingerprint(finding)}" in out
    assert not re.search(rf"{re.escape(str(MD))}:1:\d+:\d+", out)  # no page in a text file's location


def test_text_report_puts_findings_first_and_errors_first(capsys) -> None:
    _, out, _ = run(capsys, str(MD), "--no-color")
    headings = re.findall(r"╭─ (ERROR|WARNING|INFO) ", out)
    assert headings and headings == sorted(headings, key=lambda s: RANK[s.lower()])
    assert out.index("╭─ ERROR") < out.index("Offering") < out.rindex("errors, ")


def test_concise_is_one_line_per_finding(report: Report, capsys) -> None:
    code, out, _ = run(capsys, str(MD), "--format", "concise")
    lines = out.splitlines()
    assert code == 1 and len(lines) == len(report.findings) + 1
    assert lines[-1] == f"{report.summary.error} errors, {report.summary.warning} warnings, {report.summary.info} info"
    severities = [line.split(": ")[1].split()[0] for line in lines[:-1]]
    assert severities == sorted(severities, key=RANK.__getitem__)
    for finding in report.findings:
        e = finding.evidence[0]
        assert f"{MD}:{e.line}:{e.column}: {finding.severity} {finding.rule} {finding.title} " \
               f"[{fingerprint(finding)}]" in lines


def test_concise_pdf_lines_name_the_page(capsys) -> None:
    _, out, _ = run(capsys, str(PDF), "--format", "concise")
    assert all(re.match(rf"{re.escape(str(PDF))} p\.\d+ l\.\d+:\d+: (error|warning|info) [A-Z]+\d{{3}} ", line)
               for line in out.splitlines()[:-1])
    assert out.splitlines()[-1].endswith("个提示")


def test_statistics_counts_per_rule(capsys) -> None:
    code, out, _ = run(capsys, str(MD), str(SAMPLES / "en_order_form_h100_pcie_shared_ib.pdf"), "--statistics")
    rows = [line.split() for line in out.splitlines()]
    assert code == 1 and rows and all(row[0] == "2" for row in rows)  # the PDF and its text raise the same rules
    assert ["2", "HW002", "error", "PCIe"] == rows[[r[1] for r in rows].index("HW002")][:4]
    assert "Summary" not in out and "╭" not in out


def test_json_findings_carry_their_fingerprint(report: Report, capsys) -> None:
    _, out, _ = run(capsys, str(MD), "--format", "json")
    findings = json.loads(out)["findings"]
    assert [f["fingerprint"] for f in findings] == [fingerprint(f) for f in report.findings]
    assert all(re.fullmatch(r"[0-9a-f]{16}", f["fingerprint"]) for f in findings)


def test_html_findings_first_errors_first_offering_folded(report: Report) -> None:
    page = FORMATS["html"](report)
    order = re.findall(r'<div class="finding (error|warning|info)">', page)
    assert order == sorted(order, key=RANK.__getitem__) and len(order) == len(report.findings)
    assert page.index('class="finding') < page.index("<details>") < page.index("<table>")
    assert '"Noto Sans CJK SC"' in page and '"Microsoft YaHei"' in page and '"PingFang SC"' in page
    assert f"<code>{fingerprint(report.findings[0])}</code>" in page


def test_markdown_lists_errors_first_with_lines(report: Report) -> None:
    text = FORMATS["markdown"](report)
    rows = [line for line in text.splitlines() if line.startswith("| ") and " | " in line][1:]
    assert [row.split()[2] for row in rows] == sorted((row.split()[2] for row in rows), key=RANK.__getitem__)
    assert "p. 1" not in text and f"l.{report.findings[0].evidence[0].line}" in text


def test_extract_prints_no_findings_line(capsys) -> None:
    code, out, _ = run(capsys, "extract", str(MD), "--no-color")
    assert code == 0 and "Offering" in out
    assert "No findings" not in out and "errors" not in out


def test_explain_suggests_the_rule_meant(capsys) -> None:
    code, out, err = run(capsys, "explain", "NET04")
    assert code == 2 and out == ""
    assert err == "slacheck: error: unknown rule 'NET04'; did you mean NET004?\n"


def report_findings(report: Report, rule: str) -> list:
    """The findings of one rule."""
    return [f for f in report.findings if f.rule == rule]


@pytest.mark.parametrize("path, github, gitlab", [("doc.pdf", "::p. 2: “x” m f", "t (p. 2): m"),
                                                   ("doc.md", "::“x” m f", "t: m")])
def test_ci_formats_name_the_page_of_a_pdf_only(report: Report, path: str, github: str, gitlab: str) -> None:
    evidence = Evidence(path=path, page=2, line=3, column=4, text="x")
    finding = report.findings[0].model_copy(update={"evidence": [evidence], "title": "t", "message": "m",
                                                    "fix": "f"})
    one = report.model_copy(update={"findings": [finding]})
    assert FORMATS["github"](one).splitlines()[0].endswith(github)
    assert json.loads(FORMATS["gitlab"](one))[0]["description"] == gitlab
    sarif = json.loads(FORMATS["sarif"](one))["runs"][0]["results"][0]["message"]["text"]
    assert sarif.startswith("p. 2: m") == (path == "doc.pdf")
