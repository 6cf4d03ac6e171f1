"""Printing reports for the commands that show them (check, extract, accept): the chosen format on stdout,
``--output`` files, and the GitHub job summary."""

from __future__ import annotations

import argparse
import os
import sys

from slacheck.batch import in_forked_workers
from slacheck.commands.common import console_for
from slacheck.files import write_atomic
from slacheck.report.clean import clean_report
from slacheck.report.formats import FAILURE_FORMATS, FORMATS
from slacheck.report.json_format import render_json, render_json_list
from slacheck.report.model import Report


def listed(name: str, reports: list[Report]) -> list[Report]:
    """The reports format ``name`` shows: every entry for those that list unusable documents, else
    the checked ones only (the others name unusable documents on stderr); control characters
    removed except in JSON and SARIF, whose encoder escapes them (see report.clean)."""
    shown = reports if name in FAILURE_FORMATS else [r for r in reports if not r.failed]
    if name == "json":  # the JSON renderer cleans the rare report it cannot write as it is
        return shown
    return [clean_report(r, controls=name != "sarif") for r in shown]


def emit(args: argparse.Namespace, reports: list[Report], *, with_findings: bool) -> None:
    """Print reports in the chosen format (JSON: one object, or an array for several files), write --output files."""
    write_outputs(args, reports)
    if args.format not in ("text", "json") or (args.format == "json" and with_findings):
        sys.stdout.write(FORMATS[args.format](*listed(args.format, reports)))
        return
    reports = listed(args.format, reports)
    if args.format == "json":
        if len(reports) == 1:
            sys.stdout.write(render_json(reports[0], with_findings=with_findings))
        else:
            sys.stdout.write(render_json_list(reports, with_findings=with_findings))
        return
    from slacheck.report.text_format import text_of  # rich, for the text memo only

    console = console_for(args)
    memos = in_forked_workers(lambda i: text_of(reports[i], console, with_findings=with_findings), len(reports),
                              getattr(args, "jobs", 1))  # rendering costs more than checking: shared out too
    for memo in memos:
        console.file.write(memo)
    console.file.flush()


def write_outputs(args: argparse.Namespace, reports: list[Report]) -> None:
    """--output files, and the Markdown job summary when GitHub annotations are asked for in Actions."""
    for name, path in getattr(args, "output", []):
        write_atomic(path, FORMATS[name](*listed(name, reports)))
    wanted = {args.format, *(name for name, _ in getattr(args, "output", []))}
    if "github" in wanted and os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as summary:
            summary.write(FORMATS["markdown"](*listed("markdown", reports)))
