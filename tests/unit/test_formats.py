"""Output formats: SARIF against the 2.1.0 schema, inert GitHub annotations, GitLab, JUnit, Markdown, HTML."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from slacheck.cli import main
from slacheck.offering import Evidence
from slacheck.pipeline import Options, check_file
from slacheck.report.formats import FORMATS
from slacheck.report.github_format import render_github
from slacheck.report.model import Applied, Report, summarise
from slacheck.rules.engine import Finding
from slacheck.rules.gaps import Gap

from conftest import SAMPLES

SAMPLE = SAMPLES / "zh_quote_a100_10gbe.md"
INJECTION = ("::add-mask::secret 算力租赁报价\n"
             "4 台 x 8 卡 H100 SXM5，内网端口共享 ::add-mask::secret %0A::error::x\n"
             "内网 25Gbps 以太网\n::set-output name=a::b\n")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def report() -> Report:
    return check_file(SAMPLE, Options())


def test_registry_has_every_format() -> None:
    assert list(FORMATS) == ["text", "concise", "json", "sarif", "github", "gitlab", "junit", "markdown", "html"]


def test_sarif_validates_against_the_schema(schemas: Path, report: Report) -> None:
    schema = json.loads((schemas / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    log = json.loads(FORMATS["sarif"](report))
    jsonschema.validate(log, schema)
    run = log["runs"][0]
    assert run["artifacts"][0]["hashes"]["sha-256"] == report.documents[0].sha256
    rules = run["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} == {f.rule for f in report.findings}
    assert all(r["help"]["text"] and r["shortDescription"]["text"] for r in rules)
    for result, finding in zip(run["results"], report.findings, strict=True):
        region = result["locations"][0]["physicalLocation"]["region"]
        assert result["ruleId"] == finding.rule
        assert rules[result["ruleIndex"]]["id"] == finding.rule
        assert region["properties"]["page"] == finding.evidence[0].page
        assert not result["message"]["text"].startswith("p. ")  # a Markdown file: no page to name
        assert region["startLine"] == finding.evidence[0].line
        if finding.evidence[0].role == "quote":
            assert region["snippet"]["text"] == finding.evidence[0].text
        assert re.fullmatch(r"[0-9a-f]{16}", result["partialFingerprints"]["slacheck/v1"])


def test_sarif_fingerprints_survive_edits_elsewhere(tmp_path: Path, report: Report) -> None:
    moved = tmp_path / "moved.md"
    moved.write_text("# 前言\n\n附加说明一行。\n\n" + SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    before = json.loads(FORMATS["sarif"](report))["runs"][0]["results"]
    after = json.loads(FORMATS["sarif"](check_file(moved, Options())))["runs"][0]["results"]
    quoted = [(a, b) for a, b in zip(before, after, strict=True) if "snippet" in a["locations"][0]
              ["physicalLocation"]["region"]]
    assert quoted
    for old, new in quoted:
        assert old["partialFingerprints"] == new["partialFingerprints"]
        assert new["locations"][0]["physicalLocation"]["region"]["startLine"] == \
            old["locations"][0]["physicalLocation"]["region"]["startLine"] + 4


ANNOTATION = re.compile(r"^::(error|warning|notice) ([^:\r\n]*)::([^\r\n]*)$")


def test_github_annotations_stay_inert_against_injected_text(tmp_path: Path, capsys) -> None:
    document = tmp_path / "a,b:c%0A.txt"
    document.write_text(INJECTION, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(document), "--format", "github", "--fail-on", "never")
    assert code == 0
    report = check_file(document, Options())
    lines = out.splitlines()
    assert len(lines) == len(report.findings) > 0  # one line per finding, nothing smuggled in
    for line in lines:
        match = ANNOTATION.match(line)
        assert match, line
        assert "file=" + str(tmp_path).replace(":", "%3A") + "/a%2Cb%3Ac%250A.txt," in match.group(2)
    assert not any(line.startswith(("::add-mask", "::set-output", "::error::x")) for line in lines)


def _finding(text: str, severity: str = "error", rule: str = "NET004") -> Finding:
    evidence = Evidence(path="doc.txt", page=2, line=3, column=4, text=text)
    return Finding(rule=rule, name="n", family="NET", severity=severity, title="t", message="m", fix="f",
                   evidence=[evidence])


def _report(findings: list[Finding]) -> Report:
    base = check_file(SAMPLE, Options())
    return base.model_copy(update={"findings": findings, "summary": summarise(findings)})


def test_github_escapes_data_like_the_actions_toolkit() -> None:
    out = render_github(_report([_finding("端口共享\r\n::set-output name=x::y %0A 100%")]))
    assert out.count("\n") == 1
    assert "端口共享%0D%0A::set-output name=x::y %250A 100%25" in out
    assert out.startswith("::error file=doc.txt,line=3,col=4,title=NET004 t::“端口共享")


def test_github_limits_ten_per_level_and_summarises_the_rest() -> None:
    findings = [_finding(f"e{i}") for i in range(12)] + [_finding(f"w{i}", "warning") for i in range(3)]
    lines = render_github(_report(findings)).splitlines()
    assert sum(line.startswith("::error ") for line in lines) == 10
    assert sum(line.startswith("::warning ") for line in lines) == 3
    assert lines[-1].startswith("::notice title=slacheck::2 error more findings")


def test_github_step_summary_is_appended(tmp_path: Path, capsys, monkeypatch) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run(capsys, "check", str(SAMPLE), "--format", "github")
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## slacheck")
    assert "| HW001 |" in text


def test_gitlab_code_quality(samples: Path) -> None:
    reports = [check_file(p, Options()) for p in sorted(samples.glob("*.md"))]
    issues = json.loads(FORMATS["gitlab"](*reports))
    assert len(issues) == sum(len(r.findings) for r in reports)
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    assert {i["severity"] for i in issues} <= {"info", "minor", "major", "critical", "blocker"}
    severity = {(f.rule, r.documents[0].path): f.severity for r in reports for f in r.findings}
    mapping = {"error": "critical", "warning": "major", "info": "info"}
    assert all(i["severity"] == mapping[severity[(i["check_name"], i["location"]["path"])]] for i in issues)
    assert all(isinstance(i["location"]["lines"]["begin"], int) for i in issues)


def test_junit_findings_are_failures(report: Report) -> None:
    root = ET.fromstring(FORMATS["junit"](report))
    suite = root.find("testsuite")
    failing = [f for f in report.findings if f.severity != "info"]
    assert suite is not None and int(suite.get("failures", "")) == len(failing)
    assert len(suite.findall("testcase")) == len(report.findings)
    names = [case.get("name", "") for case in suite.findall("testcase") if case.find("failure") is not None]
    assert [n.split()[0] for n in names] == [f.rule for f in failing]


def test_junit_clean_document_passes(samples: Path) -> None:
    root = ET.fromstring(FORMATS["junit"](check_file(samples / "zh_clean_h100_ib_cluster.md", Options())))
    assert root.get("failures") == "0" and root.get("tests") == "1"


def test_markdown_comment(report: Report) -> None:
    text = FORMATS["markdown"](report)
    assert text.startswith("## slacheck")
    for finding in report.findings:
        assert f"| {finding.rule} |" in text and f"**{finding.rule} " in text


def test_html_is_standalone_and_escaped(tmp_path: Path) -> None:
    document = tmp_path / "x.txt"
    document.write_text("4 台 x 8 卡 H100 SXM5，内网端口共享\n", encoding="utf-8")
    page = FORMATS["html"](check_file(document, Options()))
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert not re.search(r"(src|href)=", page)
    assert "<mark>共享</mark>" in page and "<td>H100</td>" in page
    hostile = FORMATS["html"](_report([_finding("<script>alert(1)</script> & <b>")]))
    assert "<script" not in hostile and "<b>" not in hostile
    assert "<mark>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</mark>" in hostile


def _suppressing(findings: list[Finding]) -> Report:
    """A report that names a waivers file applied, a configuration not applied and a fact it could not find,
    each with markup in its text."""
    return _report(findings).model_copy(update={"language": "en",
        "applied": [Applied(file="<b>w</b>_[x](y).toml", kind="waivers", suppressed=3)],
        "distrusted": ["dl/<i>*slacheck*</i>.toml"],
        "unjudged": [Gap(fact="nodes", message="No <node> count | NET001", rules=["NET001"])]})


@pytest.mark.parametrize("findings", [[], [_finding("共享")]], ids=["no findings", "a finding"])
def test_markdown_names_the_files_applied_and_what_could_not_be_judged(findings: list[Finding]) -> None:
    text = FORMATS["markdown"](_suppressing(findings))
    assert r"- \<b\>w\</b\>\_\[x\]\(y\).toml \(waivers\) applied, findings suppressed: 3" in text
    assert r"- ⚠️ dl/\<i\>\*slacheck\*\</i\>.toml not applied: it came with the documents" in text
    assert r"- ? No \<node\> count \| NET001" in text
    assert "<b>" not in text and "<i>" not in text and "<node>" not in text
    plain = FORMATS["markdown"](_report(findings))
    assert "applied" not in plain and "- ?" not in plain


@pytest.mark.parametrize("findings", [[], [_finding("共享")]], ids=["no findings", "a finding"])
def test_html_names_the_files_applied_and_what_could_not_be_judged(findings: list[Finding]) -> None:
    page = FORMATS["html"](_suppressing(findings))
    assert ("<li>&lt;b&gt;w&lt;/b&gt;_[x](y).toml (waivers) applied, findings suppressed: 3</li>") in page
    assert ('<li class="distrusted">dl/&lt;i&gt;*slacheck*&lt;/i&gt;.toml not applied: it came with the '
            "documents, outside the project</li>") in page
    assert '<ul class="unjudged"><li>? No &lt;node&gt; count | NET001</li></ul>' in page
    assert "<b>" not in page and "<i>" not in page and "<node>" not in page
    plain = FORMATS["html"](_report(findings))
    assert '<ul class="files">' not in plain and '<ul class="unjudged">' not in plain


def test_html_shows_each_finding_beside_its_passage(tmp_path: Path) -> None:
    document = tmp_path / "lease.txt"
    document.write_text("Lease offer for the lab <script>x</script>\n\nEach of the 4 servers holds 8 x H100 SXM5 GPUs.\n"
                        "The back-end ports are shared with other tenants & <b>guests</b>.\n"
                        "Delivery within 30 days.\nPayment monthly.\nSupport by e-mail.\n", encoding="utf-8")
    report = check_file(document, Options(select=("NET004",)))
    page = FORMATS["html"](report)
    finding = page[page.index('<div class="finding error">\n<div class="beside">'):page.index("<details>")]
    passage = finding[finding.index('<div class="passages">'):]
    assert [int(n) for n in re.findall(r'<td class="where">(\d+)</td>', passage)] == [2, 3, 4, 5, 6]
    assert ('<tr class="quoted"><td class="where">4</td><td>The back-end ports are <mark>shared</mark> with '
            "other tenants &amp; &lt;b&gt;guests&lt;/b&gt;.</td></tr>") in passage
    assert "<b>" not in page and "<script" not in page
    assert "context" not in FORMATS["json"](report) and report.context


def test_passages_and_rule_descriptions_are_read_only_for_the_formats_that_show_them(tmp_path: Path, capsys) -> None:
    """The lines around the findings are read only for HTML, the rules' descriptions only for SARIF; the rest of
    the report is the same, and so is every output."""
    full = check_file(SAMPLE, Options())
    plain = check_file(SAMPLE, Options(context=False, rule_descriptions=False))
    assert full.context and full.rules and not plain.context and not plain.rules
    assert plain == full.model_copy(update={"context": [], "rules": {}})
    page, log = tmp_path / "report.html", tmp_path / "report.sarif"
    code, out, _ = run(capsys, "check", str(SAMPLE), "--format", "json", "--output", f"html:{page}",
                       "--output", f"sarif:{log}")
    assert code == 1
    assert page.read_text(encoding="utf-8") == FORMATS["html"](full)
    assert log.read_text(encoding="utf-8") == FORMATS["sarif"](full) != FORMATS["sarif"](plain)
    assert out == run(capsys, "check", str(SAMPLE), "--format", "json")[1] == FORMATS["json"](full)


def test_html_without_passages_keeps_the_finding_alone() -> None:
    page = FORMATS["html"](_report([_finding("共享")]).model_copy(update={"context": []}))
    assert '<div class="finding error">' in page and 'class="passages"' not in page


def test_several_formats_in_one_run(tmp_path: Path, capsys) -> None:
    sarif, junit = tmp_path / "r.sarif", tmp_path / "r.xml"
    code, out, _ = run(capsys, "check", str(SAMPLE), "--format", "json", "--output", f"sarif:{sarif}",
                       "--output", f"junit:{junit}")
    assert code == 1
    assert json.loads(out)["schema"] == "slacheck/report@1"
    assert json.loads(sarif.read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert ET.fromstring(junit.read_text(encoding="utf-8")).tag == "testsuites"


def test_bad_output_spec_is_a_usage_error(capsys) -> None:
    code, _, err = run(capsys, "check", str(SAMPLE), "--output", "pdf:x.pdf")
    assert code == 2 and "FORMAT:PATH" in err


def test_outputs_are_deterministic(report: Report) -> None:
    again = check_file(SAMPLE, Options())
    for name, render in FORMATS.items():
        assert render(report) == render(again), name


def test_memo_table_shows_values_as_written(report: Report) -> None:
    """A value holding rich markup or an emoji code is printed as it stands, not styled or replaced."""
    from rich.console import Console

    from slacheck.report.text_format import text_of

    written = "[bold]H100[/bold] :fire: [/x]"
    gpu = report.offering.gpu
    assert gpu.model is not None
    offering = report.offering.model_copy(update={"gpu": gpu.model_copy(update={
        "model": gpu.model.model_copy(update={"value": written})})})
    memo = text_of(report.model_copy(update={"offering": offering}), Console(width=200, color_system=None))
    assert written in memo
    assert "\N{FIRE}" not in memo
