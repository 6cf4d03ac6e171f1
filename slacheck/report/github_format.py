"""GitHub Actions workflow annotations (``::error file=...::message``).

Document text is untrusted: data is escaped the way ``actions/toolkit``
escapes it (``%`` ``\\r`` ``\\n``) and properties additionally (``:`` ``,``),
so no quoted text can end our line or start a workflow command of its own.
GitHub shows at most 10 annotations of each level per step: the rest are
counted in one closing notice (the job summary has them all).
"""

from __future__ import annotations

from slacheck.report.labels import page_prefix
from slacheck.report.model import Report

LIMIT = 10
COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """Escape a command's message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a command property's value."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(*reports: Report) -> str:
    """One annotation line per finding (10 per level at most), then a notice for the rest."""
    lines: list[str] = []
    shown = {level: 0 for level in COMMANDS}
    hidden = {level: 0 for level in COMMANDS}
    for report in reports:
        for finding in report.findings:
            if shown[finding.severity] == LIMIT:
                hidden[finding.severity] += 1
                continue
            shown[finding.severity] += 1
            evidence = finding.evidence[0]
            properties = {"file": evidence.path, "line": str(evidence.line), "col": str(evidence.column),
                          "title": f"{finding.rule} {finding.title}"}
            quoted = f"“{evidence.text}”" if evidence.role == "quote" else ""
            message = page_prefix(evidence) + " ".join(part for part in (quoted, finding.message, finding.fix) if part)
            props = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items())
            lines.append(f"::{COMMANDS[finding.severity]} {props}::{escape_data(message)}")
    for report in reports:
        for entry in (e for e in report.applied if e.suppressed):
            text = f"{entry.file} ({entry.kind}) applied, findings suppressed: {entry.suppressed}"
            lines.append(f"::notice file={escape_property(report.documents[0].path)},title=slacheck::"
                         f"{escape_data(text)}")
        for name in report.distrusted:
            text = f"{name} not applied: it came with the documents, outside the project"
            lines.append(f"::warning file={escape_property(report.documents[0].path)},title=slacheck::"
                         f"{escape_data(text)}")
    if any(hidden.values()):
        counts = ", ".join(f"{n} {level}" for level, n in hidden.items() if n)
        notice = f"{counts} more findings not annotated; see the job summary"
        lines.append(f"::notice title=slacheck::{escape_data(notice)}")
    return "".join(line + "\n" for line in lines)
