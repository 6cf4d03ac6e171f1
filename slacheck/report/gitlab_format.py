"""GitLab Code Quality report: a JSON array of issues.

Severity: error -> critical, warning -> major, info -> info. Fingerprints
are the content fingerprint salted with the document path, so they are
unique within a report (GitLab collapses equal ones) and stable across edits.
"""

from __future__ import annotations

import hashlib
from typing import Any

from slacheck.report.fingerprint import fingerprint
from slacheck.report.jsontext import indented_json
from slacheck.report.labels import page_note
from slacheck.report.model import Report

SEVERITIES = {"error": "critical", "warning": "major", "info": "info"}


def render_gitlab(*reports: Report) -> str:
    """The Code Quality JSON of the reports' findings."""
    issues: list[dict[str, Any]] = []
    seen: set[str] = set()
    for report in reports:
        for finding in report.findings:
            evidence = finding.evidence[0]
            base = f"{evidence.path}\x1f{fingerprint(finding)}"
            digest, salt = hashlib.sha256(base.encode()).hexdigest(), 0
            while digest in seen:  # the same rule and text twice in one file: keep both
                salt += 1
                digest = hashlib.sha256(f"{base}\x1f{salt}".encode()).hexdigest()
            seen.add(digest)
            issues.append({
                "description": f"{finding.title}{page_note(evidence)}: {finding.message}",
                "check_name": finding.rule,
                "fingerprint": digest,
                "severity": SEVERITIES[finding.severity],
                "location": {"path": evidence.path, "lines": {"begin": evidence.line}},
            })
    return indented_json(issues) + "\n"
