"""Concise output: one line per finding, and per-rule counts (``--statistics``).

``path:line:col: severity RULE title [fingerprint]`` (``path p.N l.L:C`` for a
PDF), errors first within each document, so the lines can be grepped, sorted
and opened in an editor.
"""

from __future__ import annotations

from collections import Counter

from slacheck.model import SEVERITIES
from slacheck.report.labels import location
from slacheck.report.messages import counts as summary_line
from slacheck.report.model import Report


def render_concise(*reports: Report) -> str:
    """One line per finding and a closing count over all reports."""
    lines: list[str] = []
    for report in reports:
        for severity in SEVERITIES:
            lines.extend(f"{location(f.evidence[0])}: {severity} {f.rule} {f.title} [{f.fingerprint}]"
                         for f in report.findings if f.severity == severity)
    found = Counter(f.severity for report in reports for f in report.findings)
    language = reports[0].language if reports else "en"
    lines.append(summary_line(found["error"], found["warning"], found["info"], language))
    return "\n".join(lines) + "\n"


def render_statistics(*reports: Report) -> str:
    """A count per rule over all reports: most frequent first, then by rule ID (titles in the first report's
    language where a report in it raised the rule)."""
    found = [f for report in reports for f in report.findings]
    counts = Counter(f.rule for f in found)
    language = reports[0].language if reports else "en"
    ranked = sorted(reports, key=lambda report: report.language != language)
    first = {f.rule: f for report in reversed(ranked) for f in reversed(report.findings)}
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    width = max((len(rule) for rule in counts), default=0)
    return "".join(f"{count:>5}  {rule:<{width}}  {first[rule].severity:<7}  {first[rule].title}\n"
                   for rule, count in rows)
