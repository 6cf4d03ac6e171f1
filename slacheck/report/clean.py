"""Strings from documents and file names made inert before a renderer shows them.

Terminal escape sequences (ESC, CSI and the other C0/C1 controls) and bidirectional overrides in
a vendor's document or a file name must not reach a terminal, a GitHub annotation or a Markdown
summary: they could recolour, hide or reorder what a reviewer reads.  Tabs and line breaks become
spaces (no rule text has one, a file name must not start a new Markdown line); the other controls
are dropped.  JSON and SARIF keep the exact text, escaped by the JSON encoder.  Every format gets
U+FFFD in place of the lone surrogates a file name that is not UTF-8 decodes to (they cannot be
written as UTF-8 at all).
"""

from __future__ import annotations

import re
from typing import Any

from slacheck.report.model import Report

__all__ = ["clean_report", "clean_text"]

_SPACES = re.compile(r"[\t\n\r\x0b\x0c\x85\u2028\u2029]")
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SURROGATES = re.compile("[\ud800-\udfff]")


def clean_text(text: str, *, controls: bool = True) -> str:
    """``text`` with lone surrogates as U+FFFD and (with ``controls``) line breaks and tabs as
    spaces and every other control character removed."""
    text = _SURROGATES.sub("\ufffd", text)
    return _CONTROLS.sub("", _SPACES.sub(" ", text)) if controls else text


def clean_report(report: Report, *, controls: bool = True) -> Report:
    """A copy of ``report`` with :func:`clean_text` applied to every string in it."""
    return Report.model_validate(_clean(report.model_dump(by_alias=True), controls))


def _clean(value: Any, controls: bool) -> Any:
    if isinstance(value, str):
        return clean_text(value, controls=controls)
    if isinstance(value, dict):
        return {key: _clean(item, controls) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_clean(item, controls) for item in value)
    return value
