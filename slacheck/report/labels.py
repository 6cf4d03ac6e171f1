"""How a fact's name and value read, and where a quote is, in the report's language (the words are in
:mod:`slacheck.report.messages`; shared by the renderers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from slacheck.facts import Price
from slacheck.offering import Evidence
from slacheck.report.messages import section, words


def label(path: str, language: str) -> str:
    """The name of a fact path in a language (the path itself when it has none)."""
    return section(language, "fact").get(path, path)


def show_value(value: Any, language: str) -> str:
    """A fact's value as a reader expects it: yes/no, 16 not 16.0, "USD 2.1 / GPU / hour"."""
    w = words(language)
    if isinstance(value, bool):
        return w["yes" if value else "no"]
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    if isinstance(value, Price):
        parts = [f"{value.currency or ''} {show_value(value.amount, language)}".strip()]
        if value.per:
            parts.append(w[f"per.{value.per}"])
        if value.period:
            parts.append(w[f"period.{value.period}"])
        return " / ".join(parts)
    return str(value)


def is_pdf(path: str) -> bool:
    """Whether a quoted file is a PDF (its lines are those of slacheck's text layer, by page)."""
    return Path(path).suffix.lower() == ".pdf"


def location(evidence: Evidence) -> str:
    """Where a quote is, as an editor or terminal opens it: ``path:line:col``; for a PDF ``path p.3 l.19:16``;
    for Word, Excel, HTML and e-mail the place in the file: ``path Quote!B7``."""
    if evidence.where:
        return f"{evidence.path} {evidence.where}"
    if is_pdf(evidence.path):
        return f"{evidence.path} p.{evidence.page} l.{evidence.line}:{evidence.column}"
    return f"{evidence.path}:{evidence.line}:{evidence.column}"


def short_location(evidence: Evidence, language: str) -> str:
    """Page (PDFs only) and line without the path, in the report's language: ``p.3 l.19`` / ``第3页第19行``;
    the place for Word, Excel, HTML and e-mail (``Quote!B7``)."""
    if evidence.where:
        return evidence.where
    w = words(language)
    page = w["place.page"].format(page=evidence.page) if is_pdf(evidence.path) else ""
    return page + w["place.line"].format(line=evidence.line)


def page_prefix(evidence: Evidence) -> str:
    """``p. 3: `` before a message about a PDF (CI views show no page otherwise); nothing for a text file."""
    return f"p. {evidence.page}: " if is_pdf(evidence.path) else ""


def page_note(evidence: Evidence) -> str:
    """`` (p. 3)`` after a title about a PDF; nothing for a text file."""
    return f" (p. {evidence.page})" if is_pdf(evidence.path) else ""
