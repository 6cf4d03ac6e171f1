"""JSON output: report-json-v1."""

from pydantic_core import PydanticSerializationError

from slacheck.report.clean import clean_report
from slacheck.report.jsontext import indented_list, indented_model_json
from slacheck.report.model import Report, json_excluded


def render_json(report: Report, *, with_findings: bool = True) -> str:
    """The report as indented JSON (UTF-8 text, deterministic key order)."""
    return json_text(report, with_findings=with_findings) + "\n"


def render_json_list(reports: list[Report], *, with_findings: bool = True) -> str:
    """Several reports as one indented JSON array."""
    return indented_list([json_text(report, with_findings=with_findings) for report in reports]) + "\n"


def json_text(report: Report, *, with_findings: bool = True) -> str:
    """The indented JSON of a report, without a final line break. A report that cannot be written as it is (a
    lone surrogate, from a file name that is not UTF-8) is written cleaned (report.clean); the others are not
    looked through for one first."""
    try:
        return indented_model_json(report, json_excluded(with_findings))
    except PydanticSerializationError:
        return indented_model_json(clean_report(report, controls=False), json_excluded(with_findings))
