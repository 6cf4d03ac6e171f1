"""``slacheck check FILE``: read a contract and report findings (the default command)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from slacheck.commands.common import UsageError, add_document_options, add_output_options, console_for, options_from
from slacheck.pipeline import check_file
from slacheck.report.json_format import render_json
from slacheck.report.model import Report
from slacheck.report.text_format import render_text
from slacheck.rules.engine import at_or_above, load_rules
from slacheck.rules.pack import PackError

NAME = "check"
HELP = "read a document and report findings (default)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])
    parser.add_argument("--fail-on", choices=["info", "warning", "error", "never"], default="warning",
                        help="exit 1 when a finding is at or above this severity (default warning)")
    parser.add_argument("--rules", action="append", default=[], type=Path, metavar="PACK",
                        help="add a rule pack (TOML); repeatable")
    parser.add_argument("--select", action="append", default=[], metavar="ID",
                        help="only these rules (ID or prefix such as HW or NET0); repeatable")
    parser.add_argument("--ignore", action="append", default=[], metavar="ID",
                        help="skip these rules (ID or prefix); repeatable")


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    try:
        rules = load_rules(options.rule_packs)
    except PackError as error:
        raise UsageError(str(error)) from None
    reports = [check_file(path, options, rules) for path in args.files]
    emit(args, reports, with_findings=True)
    return 1 if any(at_or_above(report.findings, args.fail_on) for report in reports) else 0


def emit(args: argparse.Namespace, reports: list[Report], *, with_findings: bool) -> None:
    """Print reports in the chosen format (JSON: one object, or an array for several files)."""
    if args.format == "json":
        if len(reports) == 1:
            sys.stdout.write(render_json(reports[0], with_findings=with_findings))
        else:
            data = [r.to_json_data(with_findings=with_findings) for r in reports]
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    console = console_for(args)
    for report in reports:
        render_text(report, console)
