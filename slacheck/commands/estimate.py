"""``slacheck estimate FILE...``: what each offer should deliver, side by side.

Per offer: the model's large-message busbw per collective (typical / ceiling), the
fabric per GPU, the data-parallel communication share for ``--params`` and
``--tokens-per-step``, the effective GPUs that leaves, and, where the document states a
unit price, the price per GPU-hour and per *effective* GPU-hour: an hour of the
model's SXM part spent computing. A PCIe card computes less per hour than its SXM
part, a shared or oversubscribed fabric gives each GPU less network, and both raise
that price. The output states every assumption; prices in different currencies are
compared only with ``--fx``.
"""

from __future__ import annotations

import argparse
import math
import sys

from rich.table import Table

from slacheck.commands.common import (
    UsageError,
    add_document_options,
    add_output_options,
    console_for,
    options_from,
    plain,
)
from slacheck.offers.estimate import EstimateError, assumptions, convert, estimate, params_label
from slacheck.perf.model import COLLECTIVES
from slacheck.pipeline import analyse
from slacheck.report.jsontext import indented_json
from slacheck.rules.limits import REFERENCE_TOKENS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])
    parser.add_argument("--params", type=float, default=70e9, help="model parameters (default 70e9)")
    parser.add_argument("--tokens-per-step", type=float, default=REFERENCE_TOKENS, metavar="N",
                        help=f"tokens per optimizer step (default {REFERENCE_TOKENS})")
    parser.add_argument("--fx", metavar="FROM/TO=RATE",
                        help="compare prices in one currency: 1 FROM = RATE TO, e.g. USD/CNY=7.1")


def _cell(value: dict[str, float] | None, scale: float = 1.0, suffix: str = "") -> str:
    if value is None:
        return "-"
    low, high = (value["typical"], value["ceiling"]) if "ceiling" in value else (value["typical"], value["floor"])
    return f"{low * scale:g} / {high * scale:g}{suffix}"


def run(args: argparse.Namespace) -> int:
    if not all(0 < value < math.inf for value in (args.params, args.tokens_per_step)):  # nan fails too
        raise UsageError("--params and --tokens-per-step must be positive finite numbers")
    entries = [estimate(path, analyse(path, options_from(args)).offering, args.params, args.tokens_per_step)
               for path in args.files]
    try:
        fx_note = convert(entries, args.fx)
    except EstimateError as error:
        raise UsageError(str(error)) from None
    notes = assumptions(args.params, args.tokens_per_step) + ([fx_note] if fx_note else [])
    if args.format == "json":
        out = {"assumptions": notes, "offers": entries}
        sys.stdout.write(indented_json(out) + "\n")
        return 0
    table = Table(title=plain(f"Expected performance ({params_label(args.params)} parameters, "
                              f"{args.tokens_per_step:,.0f} tokens/step)"))
    table.add_column("")
    for entry in entries:
        table.add_column(plain(entry["path"]), overflow="fold")
    table.add_row("setup", *(plain(e["setup"] or "-") for e in entries))
    for collective in COLLECTIVES:
        table.add_row(f"{collective} GB/s (typical / ceiling)", *(_cell(e["busbw"].get(collective)) for e in entries))
    table.add_row("fabric per GPU", *("-" if e["fabric_per_gpu_gbps"] is None else f"{e['fabric_per_gpu_gbps']:g} Gb/s"
                                      for e in entries))
    table.add_row("comm share (typical / floor)", *(_cell(e["comm_share"], 100, " %") for e in entries))
    table.add_row("compute vs SXM part", *("-" if e["compute_factor"] is None else f"{e['compute_factor']:.0%}"
                                           for e in entries))
    table.add_row("effective GPUs", *("-" if e["effective_gpus"] is None else f"{e['effective_gpus']:g}"
                                      for e in entries))
    for key, label in (("price_per_gpu_hour", "price / GPU-hour"),
                       ("price_per_effective_gpu_hour", "price / effective GPU-hour")):
        table.add_row(label, *("-" if e[key] is None else f"{e[key]:g} {e['currency']}" for e in entries))
    console = console_for(args)
    console.print(table)
    for entry in entries:
        for note in entry["notes"]:
            console.print(plain(f"{entry['path']}: {note}"), highlight=False, soft_wrap=True)
    console.print("Assumptions:")
    for note in notes:
        console.print(f"- {note}", markup=False, highlight=False)
    return 0
