"""``slacheck plan CONTRACT``: the acceptance plan a contract implies.

nccl-tests across all nodes (one rank per GPU, NCCL_ALGO=Ring so that the network,
not NVLS/tree, is measured) for each collective, and ib_write_bw per NIC, each with
its pass threshold and the message sizes it judges: the contract's (a figure, or a
share of line rate), else 80% of the model's typical figure, which the output says.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.table import Table

from slacheck.commands.common import UsageError, add_document_options, add_output_options, console_for, options_from
from slacheck.fleet import cluster_spec, expected_band
from slacheck.offering import Offering, Statement
from slacheck.perf import catalogue
from slacheck.perf.acceptance import JUDGED_MIN_BYTES, nccl_command, perftest_command, size_label, size_range_label
from slacheck.perf.model import COLLECTIVES, ClusterSpec
from slacheck.pipeline import analyse, report_language
from slacheck.rules.subjects import FALLBACK_SHARE
from slacheck.rules.thresholds import PERFTESTS, Threshold, share_of_line_rate, thresholds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="CONTRACT")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])


def plan(offering: Offering, statements: list[Statement]) -> list[dict[str, Any]]:
    """The acceptance steps: test, command, pass threshold (GB/s busbw or Gb/s per HCA), sizes judged, source."""
    spec = cluster_spec(offering)
    if spec is None:
        model = offering.gpu.model.value if offering.gpu.model else None
        known = f" ({model} is not in the hardware catalogue)" if model and catalogue.gpu(model) is None else ""
        raise UsageError(f"the contract states no GPU model and count to plan for{known}")
    limits = thresholds(offering, statements)
    share = share_of_line_rate(offering)
    steps = [_nccl_step(spec, collective, limits.get(collective), share) for collective in COLLECTIVES]
    rate = offering.fabric.rate_gbps.value if offering.fabric.rate_gbps else None
    perftest = next((t for t in PERFTESTS if t in limits), "ib_write_bw")
    if (spec.nodes > 1 or perftest in limits) and rate:
        steps += [_perftest_step(perftest, f"mlx5_{i}", rate, limits.get(perftest), share) for i in range(spec.nics)]
    return [s for s in steps if s is not None]


def _source(threshold: Threshold | None, share: float | None) -> tuple[str, float | None]:
    """Where a pass figure comes from: the contract's figure, its share of line rate, or the model."""
    if threshold is not None:
        return "contract", None
    return ("contract-share", round(100 * share, 1)) if share is not None else ("model", None)


def _nccl_step(spec: ClusterSpec, collective: str, threshold: Threshold | None,
               share: float | None) -> dict[str, Any] | None:
    band = expected_band(spec, collective)
    if band is None and threshold is None:
        return None
    source, pct = _source(threshold, share)
    if threshold is not None:
        required = threshold.gbytes
    elif share is not None:
        required = share * band.ceiling  # type: ignore[union-attr]
    else:
        required = FALLBACK_SHARE * band.typical  # type: ignore[union-attr]
    low = threshold.min_bytes if threshold and threshold.min_bytes is not None else JUDGED_MIN_BYTES
    high = threshold.max_bytes if threshold else None
    return {"test": f"{collective}_perf", "nic": None,
            "command": nccl_command(collective, spec.nodes, spec.gpus_per_node),
            "threshold": round(required, 1), "unit": "GB/s", "source": source, "share_pct": pct,
            "sizes": f">= {size_label(low)}" if high is None else size_range_label(low, high),
            "expected": {"typical": round(band.typical, 1), "ceiling": round(band.ceiling, 1)} if band else None}


def _perftest_step(test: str, nic: str, rate: float, threshold: Threshold | None,
                   share: float | None) -> dict[str, Any]:
    source, pct = _source(threshold, share)
    if threshold is not None:
        required = threshold.gbytes * 8
    else:
        required = (share if share is not None else FALLBACK_SHARE) * rate
    return {"test": test, "nic": nic, "command": perftest_command(test, nic), "threshold": round(required, 1),
            "unit": "Gb/s", "source": source, "share_pct": pct, "sizes": size_label(8 * 2**20),
            "expected": {"typical": rate, "ceiling": rate}}


_WORDS = {
    "en": {"title": "Acceptance plan", "test": "Test", "command": "Command", "pass": "Pass if >=",
           "sizes": "Sizes judged", "model": "Model typical/ceiling", "contract": "contract",
           "contract-share": "contract: {pct:g}% of line rate", "model_source": "80% of model",
           "note": "Run every test on all nodes at once; judge the sizes shown, not the average. nccl-tests "
                   "figures are busbw, perftest figures are per HCA. For ib_write_bw start the same command "
                   "without <peer-host> on the peer first.",
           "fallback": "The contract states no threshold for {tests}: the model's figure (80% of its typical "
                       "value) is used instead; put a figure in the contract."},
    "zh": {"title": "验收方案", "test": "测试", "command": "命令", "pass": "通过标准（≥）",
           "sizes": "判定消息大小", "model": "模型 典型/上限", "contract": "合同约定",
           "contract-share": "合同约定：线速的 {pct:g}%", "model_source": "模型典型值的 80%",
           "note": "所有测试须在全部节点上同时运行；按所列消息大小判定，不看平均值。"
                   "nccl-tests 数值为总线带宽（busbw），perftest 数值为单网卡带宽。"
                   "ib_write_bw 需先在对端运行不带 <peer-host> 的同一命令。",
           "fallback": "合同未约定 {tests} 的通过标准：表中改用模型数值（典型值的 80%），建议在合同中写明。"},
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
