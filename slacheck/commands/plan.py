"""``slacheck plan CONTRACT``: the acceptance plan a contract implies.

nccl-tests across all nodes (one rank per GPU, NCCL_ALGO=Ring so that the network,
not NVLS/tree, is measured) for each collective, and ib_write_bw per NIC, each with
its pass threshold and the message sizes it judges: the contract's (a figure, or a
share of line rate), else 80% of the model's typical figure, which the output says.
"""

from __future__ import annotations

import argparse
import sys

from rich.table import Table

from slacheck.commands.common import UsageError, add_document_options, add_output_options, console_for, options_from
from slacheck.offers.plan import PlanError, plan
from slacheck.pipeline import analyse, report_language
from slacheck.report.jsontext import indented_json
from slacheck.report.messages import section


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="CONTRACT")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    analysis = analyse(args.file, options)
    try:
        steps = plan(analysis.offering, analysis.extraction.statements)
    except PlanError as error:
        raise UsageError(str(error)) from None
    if args.format == "json":
        sys.stdout.write(indented_json({"contract": args.file, "steps": steps}) + "\n")
        return 0
    words = section(report_language(analysis, options), "plan")
    table = Table(title=words["title"])
    for column in ("test", "pass", "sizes", "model"):
        table.add_column(words[column], overflow="fold")
    for step in steps:
        source = words["model_source"] if step["source"] == "model" else words[step["source"]].format(
            pct=step["share_pct"] or 0)
        expected = step["expected"]
        table.add_row(step["test"] + (f" ({step['nic']})" if step["nic"] else ""),
                      f"{step['threshold']:g} {step['unit']} ({source})", step["sizes"],
                      f"{expected['typical']:g}/{expected['ceiling']:g}" if expected else "-")
    console = console_for(args)
    console.print(table)
    console.print(f"{words['command']}:")
    for step in steps:
        console.print(f"  {step['command']}", soft_wrap=True, markup=False, highlight=False)
    console.print(words["note"])
    fallback = list(dict.fromkeys(step["test"] for step in steps if step["source"] == "model"))
    if fallback:
        console.print(words["fallback"].format(tests=", ".join(fallback)))
    return 0
