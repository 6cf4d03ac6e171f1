"""The output formats by name: each renders one or more reports to a string.

A format's module (and rich, for the text memo) is imported when the format is used.
"""

from __future__ import annotations

import io
from importlib import import_module
from typing import Callable

from slacheck.report.json_format import render_json, render_json_list
from slacheck.report.model import Report

Renderer = Callable[..., str]


def render_json_all(*reports: Report) -> str:
    """report-json-v1: one object, or an array of them for several files."""
    return render_json(reports[0]) if len(reports) == 1 else render_json_list(list(reports))


def render_text_plain(*reports: Report) -> str:
    """The terminal memo without colour, 100 columns wide (for --output text:PATH)."""
    from rich.console import Console

    from slacheck.report.text_format import render_text

    buffer = io.StringIO()
    console = Console(file=buffer, no_color=True, highlight=False, width=100, force_terminal=False)
    for report in reports:
        render_text(report, console)
    return buffer.getvalue()


def _imported(name: str) -> Renderer:
    """The renderer ``render_<name>`` of ``slacheck.report.<name>_format``, imported when first called."""
    def render(*reports: Report) -> str:
        renderer: Renderer = getattr(import_module(f"slacheck.report.{name}_format"), f"render_{name}")
        return renderer(*reports)

    return render


FAILURE_FORMATS = frozenset({"json", "sarif", "junit"})
"""Formats that list a document that could not be checked as an entry (the others leave it to stderr)."""

FORMATS: dict[str, Renderer] = {
    "text": render_text_plain,
    "concise": _imported("concise"),
    "json": render_json_all,
    "sarif": _imported("sarif"),
    "github": _imported("github"),
    "gitlab": _imported("gitlab"),
    "junit": _imported("junit"),
    "markdown": _imported("markdown"),
    "html": _imported("html"),
}
