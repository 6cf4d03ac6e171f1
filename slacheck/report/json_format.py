"""JSON output: report-json-v1."""

from pydantic_core import PydanticSerializationError

from slacheck.report.clean import clean_report
from slacheck.report.jsontext import indented_model_json
from slacheck.report.model import Report, json_excluded


def render_json(report: Report, *, with_findings: bool = True) -> str:
    """The report as indented JSON (UTF-8 text, deterministic key order)."""
    return _json_text(report, with_findings) + "\n"


def render_json_list(reports: list[Report], *, with_findings: bool = True) -> str:
    """Several reports as one indented JSON array."""
    return _json_text(reports, with_findings) + "\n"


def _json_text(reports: Report | list[Report], with_findings: bool) -> str:
    """The indented JSON of a report or a list of them. Reports that cannot be written as they are (a lone
    surrogate, from a file name that is not UTF-8) are written cleaned (report.clean); they are not looked
    through for one first."""
    excluded = json_excluded(with_findings)
    try:
        return indented_model_json(reports, excluded)
    except PydanticSerializationError:
        cleaned = [clean_report(r, controls=False) for r in reports] if isinstance(reports, list) else clean_report(
            reports, controls=False)
        return indented_model_json(cleaned, excluded)
