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

from rich.table import Table

from slacheck.commands.common import UsageError, add_document_options, add_output_options, console_for, options_from
from slacheck.offers.plan import PlanError, plan
from slacheck.pipeline import analyse, report_language


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="CONTRACT")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])


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
    try:
        steps = plan(analysis.offering, analysis.extraction.statements)
    except PlanError as error:
        raise UsageError(str(error)) from None
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
