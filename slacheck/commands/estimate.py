"""``slacheck estimate FILE...``: what each offer should deliver, side by side.

Per offer: the model's large-message busbw per collective (typical / ceiling), the
data-parallel communication share for ``--params`` and ``--tokens-per-step``, the
effective GPUs that leaves, and, where the document states a unit price, the price per
GPU-hour and per effective GPU-hour (the price divided by the share of time GPUs compute).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from rich.table import Table

from slacheck.commands.common import UsageError, add_document_options, add_output_options, console_for, options_from
from slacheck.perf.model import COLLECTIVES, comm_share
from slacheck.pipeline import analyse
from slacheck.rules import measured
from slacheck.rules.engine import values_of

NAME = "estimate"
HELP = "expected busbw and communication share of each offer, side by side"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])
    parser.add_argument("--params", type=float, default=70e9, help="model parameters (default 70e9)")
    parser.add_argument("--tokens-per-step", type=float, default=measured.REFERENCE_TOKENS, metavar="N",
                        help=f"tokens per optimizer step (default {measured.REFERENCE_TOKENS})")


def estimate(path: str, args: argparse.Namespace) -> dict[str, Any]:
    """The model's figures for one offer (errors as a string when it states too little)."""
    offering = analyse(path, options_from(args)).offering
    spec = measured.cluster_spec(offering)
    entry: dict[str, Any] = {"path": path, "setup": None, "busbw": {}, "comm_share": None, "effective_gpus": None,
                             "price_per_gpu_hour": None, "price_per_effective_gpu_hour": None, "currency": None}
    if spec is None:
        entry["error"] = "no GPU model and count stated"
        return entry
    network = f", {spec.nics} x {spec.nic_rate_gbps:g}G {spec.protocol or 'unstated'}" if spec.nic_rate_gbps else ""
    entry["setup"] = f"{spec.nodes} x {spec.gpus_per_node} {spec.gpu_model} {spec.variant or ''}".rstrip() + network
    for collective in COLLECTIVES:
        band = measured.expected_band(spec, collective)
        entry["busbw"][collective] = {"typical": round(band.typical, 1), "ceiling": round(band.ceiling, 1)} \
            if band else None
    try:
        share = comm_share(spec, args.params, args.tokens_per_step)
    except ValueError as error:
        entry["error"] = str(error)
        return entry
    entry["comm_share"] = {"typical": round(share.typical, 4), "floor": round(share.floor, 4)}
    entry["effective_gpus"] = round(spec.total_gpus * (1 - share.typical), 1)
    price = values_of(offering)["price_per_gpu_hour"]
    if price is not None and offering.commercial.unit_price is not None:
        entry["currency"] = offering.commercial.unit_price.value.currency
        entry["price_per_gpu_hour"] = round(price, 3)
        entry["price_per_effective_gpu_hour"] = round(price / (1 - share.typical), 3)
    return entry


def _cell(value: dict[str, float] | None, scale: float = 1.0, suffix: str = "") -> str:
    if value is None:
        return "-"
    low, high = (value["typical"], value["ceiling"]) if "ceiling" in value else (value["typical"], value["floor"])
    return f"{low * scale:g} / {high * scale:g}{suffix}"


def run(args: argparse.Namespace) -> int:
    if not all(0 < value < math.inf for value in (args.params, args.tokens_per_step)):  # nan fails too
        raise UsageError("--params and --tokens-per-step must be positive finite numbers")
    entries = [estimate(path, args) for path in args.files]
    if args.format == "json":
        sys.stdout.write(json.dumps(entries, ensure_ascii=False, indent=2) + "\n")
        return 0
    table = Table(title=f"Expected performance ({args.params:g} params, {args.tokens_per_step:g} tokens/step)")
    table.add_column("")
    for entry in entries:
        table.add_column(entry["path"], overflow="fold")
    table.add_row("setup", *(e["setup"] or e.get("error", "-") for e in entries))
    for collective in COLLECTIVES:
        table.add_row(f"{collective} GB/s (typical / ceiling)", *(_cell(e["busbw"].get(collective)) for e in entries))
    table.add_row("comm share (typical / floor)", *(_cell(e["comm_share"], 100, " %") for e in entries))
    table.add_row("effective GPUs", *("-" if e["effective_gpus"] is None else f"{e['effective_gpus']:g}"
                                      for e in entries))
    for key, label in (("price_per_gpu_hour", "price / GPU-hour"),
                       ("price_per_effective_gpu_hour", "price / effective GPU-hour")):
        table.add_row(label, *("-" if e[key] is None else f"{e[key]:g} {e['currency']}" for e in entries))
    console_for(args).print(table)
    return 0
