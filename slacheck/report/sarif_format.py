"""SARIF 2.1.0 output: one run over every checked document.

A PDF has pages, SARIF has none: the page goes in ``region.properties.page``
and at the head of ``message.text`` (the part GitHub shows). Lines are those
of slacheck's text layer (per page for PDFs); for Word, Excel, HTML and e-mail files the place a person
finds ("Quote!B7") goes in ``region.properties.where``. Columns count code points.
Waived findings are kept as results with an external suppression. A document that could not be
read is a tool execution notification (level error) of an unsuccessful invocation; each configuration,
waiver or baseline file applied is a note with the findings it suppressed, and each file not applied
because it came with the documents a warning.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from slacheck.model import Evidence, Finding, RuleInfo
from slacheck.report.fingerprint import fingerprint
from slacheck.report.jsontext import indented_json
from slacheck.report.labels import page_prefix
from slacheck.report.model import Report, WaivedFinding

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
FINGERPRINT_KEY = "slacheck/v1"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
MIME_TYPES = {"pdf": "application/pdf", "markdown": "text/markdown", "text": "text/plain"}


def render_sarif(*reports: Report) -> str:
    """A SARIF log (indented JSON) of the reports' findings and waived findings."""
    findings = [(f, r) for r in reports for f in [*r.findings, *r.waived]]
    known = {rule_id: info for r in reversed(reports) for rule_id, info in r.rules.items()}
    rules = _rules(sorted({f.rule for f, _ in findings}), [f for f, _ in findings], known)
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    documents = [d for r in reports for d in r.documents if d.error is None]
    artifacts = {d.path: i for i, d in enumerate(documents)}
    run: dict[str, Any] = {
        "tool": {"driver": {"name": "slacheck", "version": reports[0].tool.version if reports else "",
                            "informationUri": "https://pypi.org/project/slacheck/", "rules": rules}},
        "columnKind": "unicodeCodePoints",
        "artifacts": [{"location": {"uri": _uri(d.path)}, "mimeType": MIME_TYPES.get(d.format or "", "text/plain"),
                       "hashes": {"sha-256": d.sha256}} for d in documents],
        "results": [_result(f, index[f.rule], artifacts) for f, _ in findings],
    }
    unusable = [d for r in reports for d in r.documents if d.error is not None]
    notes = [_note("error", "unusable-document", f"{d.path}: {d.error}", d.path) for d in unusable]
    notes += [_note("note", "suppressed-findings", f"{r.documents[0].path}: {a.file} ({a.kind}) applied, "
                    f"findings suppressed: {a.suppressed}", r.documents[0].path) for r in reports for a in r.applied]
    notes += [_note("warning", "file-not-applied", f"{r.documents[0].path}: {name} not applied: it came with the "
                    "documents, outside the project", r.documents[0].path) for r in reports for name in r.distrusted]
    if notes:
        run["invocations"] = [{"executionSuccessful": not unusable, "toolExecutionNotifications": notes}]
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return indented_json(log) + "\n"


def _note(level: str, kind: str, text: str, path: str) -> dict[str, Any]:
    """A tool execution notification about one document."""
    return {"level": level, "descriptor": {"id": kind}, "message": {"text": text},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(path)}}}]}


def _uri(path: str) -> str:
    return quote(path.replace("\\", "/"), safe="/:")


def _rules(ids: list[str], findings: list[Finding], known: dict[str, RuleInfo]) -> list[dict[str, Any]]:
    """driver.rules for the rules that fired: as the reports describe them, else from the finding's own texts."""
    entries = []
    for rule_id in ids:
        info = known.get(rule_id)
        if info is None:
            finding = next(f for f in findings if f.rule == rule_id)
            info = RuleInfo(id=rule_id, name=finding.name, severity=finding.severity, title=finding.title,
                            description=finding.message, fix=finding.fix)
        help_text = info.fix + (f"\n\n{info.why}" if info.why else "")
        entries.append({"id": rule_id, "name": info.name, "shortDescription": {"text": info.title},
                        "fullDescription": {"text": info.description},
                        "help": {"text": help_text, "markdown": help_text},
                        "defaultConfiguration": {"level": LEVELS[info.severity]}})
    return entries


def _result(finding: Finding, rule_index: int, artifacts: dict[str, int]) -> dict[str, Any]:
    first = finding.evidence[0]
    result: dict[str, Any] = {
        "ruleId": finding.rule, "ruleIndex": rule_index, "level": LEVELS[finding.severity],
        "message": {"text": f"{page_prefix(first)}{finding.message} {finding.fix}"},
        "locations": [_location(first, artifacts)],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(finding)},
    }
    if len(finding.evidence) > 1:
        result["relatedLocations"] = [{"id": i, **_location(e, artifacts)}
                                      for i, e in enumerate(finding.evidence[1:], start=1)]
    if isinstance(finding, WaivedFinding):
        result["suppressions"] = [{"kind": "external", "status": "accepted", "justification": finding.reason}]
    return result


def _location(evidence: Evidence, artifacts: dict[str, int]) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": evidence.line, "startColumn": evidence.column,
                              "properties": {"page": evidence.page}}
    if evidence.where:
        region["properties"]["where"] = evidence.where
    if evidence.role == "quote" and evidence.text:
        region["endColumn"] = evidence.column + len(evidence.text)
        region["snippet"] = {"text": evidence.text}
    location: dict[str, Any] = {"uri": _uri(evidence.path)}
    if evidence.path in artifacts:
        location["index"] = artifacts[evidence.path]
    return {"physicalLocation": {"artifactLocation": location, "region": region}}
