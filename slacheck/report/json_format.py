"""JSON output: report-json-v1."""

import json

from slacheck.report.model import Report


def render_json(report: Report, *, with_findings: bool = True) -> str:
    """The report as indented JSON (UTF-8 text, deterministic key order)."""
    return json.dumps(report.to_json_data(with_findings=with_findings), ensure_ascii=False, indent=2) + "\n"
