"""JSON output: report-json-v1."""


from slacheck.report.jsontext import indented_json
from slacheck.report.model import Report


def render_json(report: Report, *, with_findings: bool = True) -> str:
    """The report as indented JSON (UTF-8 text, deterministic key order)."""
    return indented_json(report.to_json_data(with_findings=with_findings)) + "\n"
