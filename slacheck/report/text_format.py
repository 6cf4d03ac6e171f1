"""Terminal output: a reviewer's memo rendered with rich.

Findings first, errors before warnings before info, each with quoted
evidence (``path:line:col``, or ``path p.N l.L:C`` in a PDF), the clause to
ask for instead and the fingerprint a waiver names; then the offering table
(what the document promises, with where it says so) and a one-line summary.
``slacheck extract`` prints the offering alone.
"""

from __future__ import annotations

from typing import Mapping

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from slacheck.model import SEVERITIES
from slacheck.offering import Evidence, fact_paths
from slacheck.report.labels import label, location, short_location, show_value
from slacheck.report.messages import pages
from slacheck.report.messages import words as catalogue
from slacheck.report.model import Report

_STYLE = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}


def render_text(report: Report, console: Console, *, with_findings: bool = True) -> None:
    """Print the memo for a report to a rich console (``with_findings=False``: the offering alone)."""
    words = catalogue(report.language)
    for document in report.documents:
        assert document.pages is not None and document.coverage is not None, "only read documents reach the memo"
        console.print(Text.assemble((document.path, "bold"), f"  {document.format}, "
                                    f"{pages(document.pages, report.language)}, {document.language}, "
                                    f"{words['coverage']} {document.coverage.ratio:.0%}"))
        for warning in document.warnings:
            console.print(Text(f"  ! {warning}", style="yellow"))
    if with_findings:
        for entry in report.applied:
            console.print(Text("  " + words["applied"].format(file=entry.file, kind=entry.kind, n=entry.suppressed),
                               style="yellow" if entry.suppressed else "dim"))
        for name in report.distrusted:
            console.print(Text("  ! " + words["distrusted"].format(file=name), style="yellow"))
        _findings(report, console, words)
        for gap in report.unjudged:
            console.print(Text(f"? {gap.message}", style="yellow"))
    console.print(_offering_table(report, words))
    if not with_findings:
        return
    if not report.findings:
        console.print(Text(words["none"], style="bold green"))
    summary = report.summary
    console.print(Text.assemble((words["errors"].format(n=summary.error), _STYLE["error"]), words["separator"],
                                (words["warnings"].format(n=summary.warning), _STYLE["warning"]),
                                words["separator"], (words["infos"].format(n=summary.info), _STYLE["info"])))


def text_of(report: Report, console: Console, *, with_findings: bool = True) -> str:
    """The memo for a report as ``console`` would print it (with its styles when it shows them)."""
    with console.capture() as capture:
        render_text(report, console, with_findings=with_findings)
    return capture.get()


def _findings(report: Report, console: Console, words: Mapping[str, str]) -> None:
    """One panel per finding, errors first."""
    for severity in SEVERITIES:
        for finding in (f for f in report.findings if f.severity == severity):
            body = [Text(finding.message)]
            body.extend(_quote(e, words) for e in finding.evidence)
            body.append(Text.assemble((f"{words['fix']}: ", "bold green"), finding.fix))
            body.append(Text(f"{words['fingerprint']} {finding.fingerprint}", style="dim"))
            title = Text.assemble((f"{words[severity].upper()} {finding.rule}", _STYLE[severity]),
                                  f"  {finding.title}")
            console.print(Panel(Group(*body), title=title, title_align="left", border_style=_STYLE[severity]))


def _offering_table(report: Report, words: Mapping[str, str]) -> Table | Text:
    table = Table(title=words["offering"], title_justify="left", show_lines=False)
    table.add_column(words["fact"])
    table.add_column(words["value"])
    table.add_column(words["where"], no_wrap=True)
    for path in fact_paths():
        fact = report.offering.fact(path)
        if fact is None:
            continue
        value = show_value(fact.value, report.language) + (f" ({words['hedged']})" if fact.hedged else "")
        where = ", ".join(list(dict.fromkeys(short_location(e, report.language) for e in fact.evidence))[:3])
        table.add_row(Text(label(path, report.language)), Text(value), Text(where))  # never read as markup or emoji
    return table if table.row_count else Text(words["no_facts"])


def _quote(evidence: Evidence, words: Mapping[str, str]) -> Text:
    where = location(evidence)
    if evidence.role == "document":
        return Text.assemble(("  " + where + " ", "dim"), words["whole_document"])
    return Text.assemble(("  " + where + " ", "dim"), ("“" + evidence.text + "”", "italic"))
