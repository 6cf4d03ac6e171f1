"""The output formats by name: each renders one or more reports to a string."""

from __future__ import annotations

import io
import json
from typing import Callable

from rich.console import Console

from slacheck.report.concise_format import render_concise
from slacheck.report.github_format import render_github
from slacheck.report.gitlab_format import render_gitlab
from slacheck.report.html_format import render_html
from slacheck.report.json_format import render_json
from slacheck.report.junit_format import render_junit
from slacheck.report.markdown_format import render_markdown
from slacheck.report.model import Report
from slacheck.report.sarif_format import render_sarif
from slacheck.report.text_format import render_text

Renderer = Callable[..., str]


def render_json_all(*reports: Report) -> str:
    """report-json-v1: one object, or an array of them for several files."""
    if len(reports) == 1:
        return render_json(reports[0])
    return json.dumps([r.to_json_data() for r in reports], ensure_ascii=False, indent=2) + "\n"


def render_text_plain(*reports: Report) -> str:
    """The terminal memo without colour, 100 columns wide (for --output text:PATH)."""
    buffer = io.StringIO()
    console = Console(file=buffer, no_color=True, highlight=False, width=100, force_terminal=False)
    for report in reports:
        render_text(report, console)
    return buffer.getvalue()


FAILURE_FORMATS = frozenset({"json", "sarif", "junit"})
"""Formats that list a document that could not be checked as an entry (the others leave it to stderr)."""

FORMATS: dict[str, Renderer] = {
    "text": render_text_plain,
    "concise": render_concise,
    "json": render_json_all,
    "sarif": render_sarif,
    "github": render_github,
    "gitlab": render_gitlab,
    "junit": render_junit,
    "markdown": render_markdown,
    "html": render_html,
}
