"""Command line: ``slacheck [check] FILE``, ``slacheck extract FILE`` and friends.

Exit codes: 0 no finding at or above --fail-on; 1 there is one; 2 unusable
input or usage; 3 an internal error (rerun with --debug for the traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console

from slacheck import __version__
from slacheck.documents import DocumentError
from slacheck.pipeline import Options, check_file, extract_file
from slacheck.report.json_format import render_json
from slacheck.report.text_format import render_text
from slacheck.rules.engine import at_or_above, load_rules
from slacheck.rules.pack import PackError

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """Bad arguments or unusable input: one line, exit 2."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="slacheck", description="Check GPU server and cluster contracts, quotes and SLAs for costly network "
        "and hardware terms.")
    parser.add_argument("--version", action="version", version=f"slacheck {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=["zh", "en"], help="report language (default: the document's)")
    common.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    common.add_argument("--password", help="password of an encrypted PDF")
    common.add_argument("--max-pages", type=int, default=2000, help="refuse PDFs with more pages (default 2000)")
    common.add_argument("--max-bytes", type=int, default=50_000_000, help="refuse larger files (default 50 MB)")
    common.add_argument("--no-color", action="store_true", help="plain text output")
    common.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")

    check = commands.add_parser("check", parents=[common], help="read a document and report findings (default)")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--fail-on", choices=["info", "warning", "error", "never"], default="warning",
                       help="exit 1 when a finding is at or above this severity (default warning)")
    check.add_argument("--rules", action="append", default=[], type=Path, metavar="PACK",
                       help="add a rule pack (TOML); repeatable")
    check.add_argument("--select", action="append", default=[], metavar="ID",
                       help="only these rules (ID or prefix such as HW or NET0); repeatable")
    check.add_argument("--ignore", action="append", default=[], metavar="ID",
                       help="skip these rules (ID or prefix); repeatable")

    extract = commands.add_parser("extract", parents=[common], help="print the structured offering only")
    extract.add_argument("files", nargs="+", metavar="FILE")
    return parser


def _options(args: argparse.Namespace) -> Options:
    return Options(language=args.lang, password=args.password, max_pages=args.max_pages, max_bytes=args.max_bytes,
                   rule_packs=tuple(getattr(args, "rules", ())), select=tuple(getattr(args, "select", ())),
                   ignore=tuple(getattr(args, "ignore", ())))


def _console(args: argparse.Namespace) -> Console:
    plain = args.no_color or "NO_COLOR" in os.environ
    return Console(no_color=plain, highlight=False, soft_wrap=False)


def _run_check(args: argparse.Namespace) -> int:
    options = _options(args)
    try:
        rules = load_rules(options.rule_packs)
    except PackError as error:
        raise UsageError(str(error)) from None
    reports = [check_file(path, options, rules) for path in args.files]
    _emit(args, reports, with_findings=True)
    failing = any(at_or_above(report.findings, args.fail_on) for report in reports)
    return EXIT_FINDINGS if failing else EXIT_CLEAN


def _run_extract(args: argparse.Namespace) -> int:
    reports = [extract_file(path, _options(args)) for path in args.files]
    _emit(args, reports, with_findings=False)
    return EXIT_CLEAN


def _emit(args: argparse.Namespace, reports: list, *, with_findings: bool) -> None:
    if args.format == "json":
        if len(reports) == 1:
            sys.stdout.write(render_json(reports[0], with_findings=with_findings))
        else:
            data = [r.to_json_data(with_findings=with_findings) for r in reports]
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    console = _console(args)
    for report in reports:
        render_text(report, console)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"check": _run_check, "extract": _run_extract}


def _with_default_command(argv: list[str]) -> list[str]:
    """``slacheck FILE`` means ``slacheck check FILE``."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first is None or first in COMMANDS or argv[:1] in (["-h"], ["--help"], ["--version"]):
        return argv
    return ["check", *argv]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``slacheck`` command."""
    arguments = _with_default_command(list(sys.argv[1:] if argv is None else argv))
    parser = _parser()
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code not in (0, None) else EXIT_CLEAN
    if args.command is None:
        parser.print_usage(sys.stderr)
        return EXIT_USAGE
    try:
        return COMMANDS[args.command](args)
    except (UsageError, DocumentError) as error:
        print(f"slacheck: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # an internal bug: one line unless --debug
        if args.debug:
            traceback.print_exc()
        else:
            print(f"slacheck: internal error: {error.__class__.__name__}: {error}; rerun with --debug",
                  file=sys.stderr)
        return EXIT_INTERNAL
