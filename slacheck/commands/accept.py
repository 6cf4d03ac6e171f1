"""``slacheck accept LOG... --expect TEXT``: check benchmark logs against a promise, without a contract.

The ``--expect`` text ("8 nodes x 8 H100 SXM, 8x NDR400 per node") is read by the
same extraction pipeline as a contract; the ACC rules then judge each log.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table

from slacheck.commands.check import emit
from slacheck.commands.common import UsageError, add_output_options, console_for
from slacheck.commands.measuring import read_logs, write_plot
from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.offering import Statement, assemble
from slacheck.pipeline import Analysis, add_measurements, document_info
from slacheck.report.model import Report
from slacheck.rules import measured
from slacheck.rules.engine import at_or_above, rule_set

NAME = "accept"
HELP = "check nccl-tests / perftest logs against an expected setup (no contract needed)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", metavar="LOG")
    parser.add_argument("--expect", required=True, metavar="TEXT",
                        help='what was promised, e.g. "8 nodes x 8 H100 SXM, 8x NDR400 per node"')
    parser.add_argument("--lang", choices=["zh", "en"], help="report language (default: the --expect text's)")
    add_output_options(parser, ["text", "json"])
    parser.add_argument("--plot", type=Path, metavar="FILE", help="write an SVG of busbw vs message size")
    parser.add_argument("--fail-on", choices=["info", "warning", "error", "never"], default="warning",
                        help="exit 1 when a finding is at or above this severity (default warning)")


def expected_report(text: str, language: str | None) -> tuple[Report, list[Statement]]:
    """A findings-free report whose offering is read from the --expect text."""
    document = document_from_text(text + "\n", path="--expect")
    extraction = extract(document)
    offering = assemble(extraction.statements)
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    analysis = Analysis(document=document, extraction=extraction, offering=offering, language="zh" if cjk else "en")
    report = Report(language=language or analysis.language, documents=[document_info(analysis)], offering=offering)
    return report, extraction.statements


def measurement_table(report: Report) -> Table:
    """One row per collective run: measured plateau and peak against the requirement and the model."""
    zh = report.language == "zh"
    table = Table(title="实测结果" if zh else "Measurements")
    for header in (("日志", "Log"), ("测试", "Test"), ("状态", "Status"), ("主机/rank", "Hosts/ranks"),
                   ("平台 GB/s", "Plateau GB/s"), ("峰值 GB/s", "Peak GB/s"), ("要求 GB/s", "Required GB/s"),
                   ("模型 典型/上限", "Model typical/ceiling")):
        table.add_column(header[0] if zh else header[1])
    for entry in report.measurements:
        for run in entry["collectives"]:
            expected = run["expected"]
            table.add_row(Path(entry["path"]).name, str(run["collective"]), run["status"],
                          f"{_show(run['hosts'])}/{_show(run['ranks'])}", _show(run["plateau_busbw"]),
                          _show(run["peak_busbw"]), _show(run["required_gbytes"]),
                          f"{_show(expected['typical'])}/{_show(expected['ceiling'])}")
    return table


def _show(value: object) -> str:
    return "-" if value is None else str(value)


def run(args: argparse.Namespace) -> int:
    logs = read_logs(args.logs)
    report, statements = expected_report(args.expect, args.lang)
    if measured.cluster_spec(report.offering) is None:
        raise UsageError(f"--expect: cannot read a GPU model and count from {args.expect!r}")
    report = add_measurements(report, statements, logs, rule_set())
    if args.plot:
        write_plot(args.plot, report)
    emit(args, [report], with_findings=True)
    if args.format == "text":
        console_for(args).print(measurement_table(report))
    return 1 if at_or_above(report.findings, args.fail_on) else 0

