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

from typing import Any

from pydantic_core import PydanticSerializationError

from slacheck.regexes import regex
from slacheck.report.model import Report

__all__ = ["clean_report", "clean_text"]

_SPACES = regex(r"[\t\n\r\x0b\x0c\x85\u2028\u2029]")
_CONTROLS = regex("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SURROGATES = regex("[\ud800-\udfff]")
_IN_JSON = regex("\\\\[btnfru]|[\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What _SPACES and _CONTROLS match, as pydantic's JSON writes it (the C0 controls as escapes)."""


def clean_text(text: str, *, controls: bool = True) -> str:
    """``text`` with lone surrogates as U+FFFD and (with ``controls``) line breaks and tabs as
    spaces and every other control character removed."""
    text = _SURROGATES.sub("\ufffd", text)
    return _CONTROLS.sub("", _SPACES.sub(" ", text)) if controls else text


def clean_report(report: Report, *, controls: bool = True) -> Report:
    """``report`` with :func:`clean_text` applied to every string in it (a copy; the report itself when no
    string would change)."""
    if not _needs_cleaning(report, controls):
        return report
    return Report.model_validate(_clean(report.model_dump(by_alias=True), controls))


def _needs_cleaning(report: Report, controls: bool) -> bool:
    """Whether any string of ``report`` holds what clean_text changes, found in its compact JSON (pydantic's
    encoder, one call): a lone surrogate cannot be encoded at all, and a control character is escaped or
    written as it is. An escaped backslash before one of these letters may say yes in vain, never no."""
    try:
        text = report.model_dump_json(by_alias=True)
    except PydanticSerializationError:
        return True
    return controls and bool(_IN_JSON.search(text))


def _clean(value: Any, controls: bool) -> Any:
    if isinstance(value, str):
        return clean_text(value, controls=controls)
    if isinstance(value, dict):
        return {key: _clean(item, controls) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_clean(item, controls) for item in value)
    return value
