"""Markdown: a pull-request comment (also the GitHub job summary).

Document text is escaped so it cannot open HTML, links, code or table cells.
"""

from __future__ import annotations

from typing import Mapping

from slacheck.model import SEVERITIES
from slacheck.regexes import regex
from slacheck.report.labels import short_location
from slacheck.report.messages import counts
from slacheck.report.messages import words as catalogue
from slacheck.report.model import Report

_ICONS = {"error": "🔴", "warning": "🟠", "info": "🔵"}
_SPECIAL = regex(r"([\\`*_{}\[\]<>()#+!|~])")


def md_escape(text: str) -> str:
    """Text safe inside Markdown paragraphs and table cells (one line)."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split())).replace("&", "&amp;")


def render_markdown(*reports: Report) -> str:
    """A Markdown comment: per document a summary line, a findings table and the fixes."""
    language = reports[0].language if reports else "en"
    words = catalogue(language)
    out = [f"## {words['report']}", ""]
    for report in reports:
        path = report.documents[0].path if report.documents else ""
        s = report.summary
        out += [f"### `{path.replace('`', '')}`", "",
                counts(s.error, s.warning, s.info, language)
                + (f"{words['separator']}{len(report.waived)} {words['waived']}" if report.waived else ""), ""]
        out += _files(report, words)
        out += _findings(report, words, language) if report.findings else [words["none"], ""]
        out += [f"- ? {md_escape(gap.message)}" for gap in report.unjudged] + ([""] if report.unjudged else [])
    return "\n".join(out).rstrip("\n") + "\n"


def _files(report: Report, words: Mapping[str, str]) -> list[str]:
    """The configuration, waiver and baseline files applied (with the findings each suppressed), and those
    found beside the document but not applied."""
    lines = [f"- {md_escape(words['applied'].format(file=a.file, kind=a.kind, n=a.suppressed))}"
             for a in report.applied]
    lines += [f"- ⚠️ {md_escape(words['distrusted'].format(file=name))}" for name in report.distrusted]
    return lines + [""] if lines else []


def _findings(report: Report, words: Mapping[str, str], language: str) -> list[str]:
    """The findings table, errors first, then each finding's message, quotes and fix."""
    findings = sorted(report.findings, key=lambda f: SEVERITIES.index(f.severity))
    out = [f"| {words['severity']} | {words['rule']} | {words['finding']} | {words['where']} |",
           "|---|---|---|---|"]
    for f in findings:
        out.append(f"| {_ICONS[f.severity]} {words[f.severity]} | {f.rule} | {md_escape(f.title)} "
                   f"| {short_location(f.evidence[0], language)} |")
    out.append("")
    for f in findings:
        quotes = "; ".join(f"“{md_escape(e.text)}” ({short_location(e, language)})"
                           for e in f.evidence[:3] if e.role == "quote")
        out += [f"**{f.rule} {md_escape(f.title)}** — {md_escape(f.message)}", ""]
        if quotes:
            out += [f"- {words['evidence']}: {quotes}"]
        out += [f"- {words['fix']}: {md_escape(f.fix)}", ""]
    return out
