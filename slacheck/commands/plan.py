"""``slacheck plan CONTRACT``: the acceptance plan a contract implies.

nccl-tests across all nodes (one rank per GPU, NCCL_ALGO=Ring so that the network,
not NVLS/tree, is measured) for each collective, and ib_write_bw per NIC, each with
its pass threshold: the contract's, else 80% of the model's typical figure.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.table import Table

from slacheck.commands.common import UsageError, add_document_options, add_output_options, console_for, options_from
from slacheck.offering import Offering, Statement
from slacheck.perf.model import COLLECTIVES, ClusterSpec
from slacheck.pipeline import analyse, report_language
from slacheck.rules import measured

NAME = "plan"
HELP = "print the acceptance tests (nccl-tests, ib_write_bw) and pass thresholds a contract implies"

NCCL_ARGS = "-b 8 -e 8G -f 2 -g 1 -c 1"
IB_WRITE_ARGS = "--report_gbits -s 8388608 -q 4 -D 10"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="CONTRACT")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])


def plan(offering: Offering, statements: list[Statement]) -> list[dict[str, Any]]:
    """The acceptance steps: test, command, pass threshold (GB/s or Gb/s) and where it comes from."""
    spec = measured.cluster_spec(offering)
    if spec is None:
        raise UsageError("the contract states no GPU model and count to plan for")
    limits = measured.thresholds(offering, statements)
    steps = [_nccl_step(spec, collective, limits.get(collective)) for collective in COLLECTIVES]
    rate = offering.fabric.rate_gbps.value if offering.fabric.rate_gbps else None
    if spec.nodes > 1 and rate:
        steps += [{"test": "ib_write_bw", "nic": f"mlx5_{i}",
                   "command": f"ib_write_bw -d mlx5_{i} {IB_WRITE_ARGS} <peer-host>",
                   "threshold": round(measured.FALLBACK_SHARE * rate, 1), "unit": "Gb/s", "source": "model",
                   "expected": {"typical": rate, "ceiling": rate}} for i in range(spec.nics)]
    return [s for s in steps if s is not None]


def _nccl_step(spec: ClusterSpec, collective: str, threshold: float | None) -> dict[str, Any] | None:
    band = measured.expected_band(spec, collective)
    if band is None and threshold is None:
        return None
    hosts = f" -N {spec.gpus_per_node} --hostfile hostfile" if spec.nodes > 1 else ""
    command = (f"mpirun -np {spec.total_gpus}{hosts} -x NCCL_ALGO=Ring "
               f"./build/{collective}_perf {NCCL_ARGS}")
    required = threshold if threshold is not None else measured.FALLBACK_SHARE * band.typical  # type: ignore[union-attr]
    return {"test": f"{collective}_perf", "nic": None, "command": command, "threshold": round(required, 1),
            "unit": "GB/s", "source": "contract" if threshold is not None else "model",
            "expected": {"typical": round(band.typical, 1), "ceiling": round(band.ceiling, 1)} if band else None}


_WORDS = {
    "en": {"title": "Acceptance plan", "test": "Test", "command": "Command", "pass": "Pass if busbw/BW >=",
           "model": "Model typical/ceiling", "contract": "contract", "source_model": "80% of model",
           "note": "Run every test on all nodes at once; judge rows of 256 MiB and above, not the average. "
                   "For ib_write_bw start the same command without <peer-host> on the peer first."},
    "zh": {"title": "验收方案", "test": "测试", "command": "命令", "pass": "通过标准（≥）",
           "model": "模型 典型/上限", "contract": "合同约定", "source_model": "模型典型值的 80%",
           "note": "所有测试须在全部节点上同时运行；以 256 MiB 及以上各行判定，不看平均值。"
                   "ib_write_bw 需先在对端运行不带 <peer-host> 的同一命令。"},
}


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    analysis = analyse(args.file, options)
    steps = plan(analysis.offering, analysis.extraction.statements)
    if args.format == "json":
        sys.stdout.write(json.dumps({"contract": args.file, "steps": steps}, ensure_ascii=False, indent=2) + "\n")
        return 0
    words = _WORDS[report_language(analysis, options)]
    table = Table(title=words["title"])
    for column in ("test", "command", "pass", "model"):
        table.add_column(words[column], overflow="fold")
    for step in steps:
        source = words["contract"] if step["source"] == "contract" else words["source_model"]
        expected = step["expected"]
        table.add_row(step["test"] + (f" ({step['nic']})" if step["nic"] else ""), step["command"],
                      f"{step['threshold']:g} {step['unit']} ({source})",
                      f"{expected['typical']:g}/{expected['ceiling']:g}" if expected else "-")
    console = console_for(args)
    console.print(table)
    console.print(words["note"])
    return 0
