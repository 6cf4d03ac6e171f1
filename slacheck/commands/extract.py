"""``slacheck extract FILE``: print the structured offering alone."""

from __future__ import annotations

import argparse

from slacheck.commands.common import add_document_options, add_output_options, options_from
from slacheck.commands.output import emit
from slacheck.pipeline import extract_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])


def run(args: argparse.Namespace) -> int:
    emit(args, [extract_file(path, options_from(args)) for path in args.files], with_findings=False)
    return 0
