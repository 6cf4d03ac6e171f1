"""``slacheck accept LOG... --expect TEXT``: check benchmark logs against a promise, without a contract.

The ``--expect`` text ("8 nodes x 8 H100 SXM, 8x NDR400 per node") is read by the
same extraction pipeline as a contract; the ACC rules then judge each log.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.markup import escape
from rich.table import Table

from slacheck.commands.common import UsageError, add_output_options, console_for
from slacheck.commands.measuring import read_logs, write_plot
from slacheck.commands.output import emit
from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.fleet import cluster_spec
from slacheck.model import Language
from slacheck.offering import Statement, assemble
from slacheck.pipeline import Analysis, add_measurements, document_info
from slacheck.report.messages import section
from slacheck.report.model import Report
from slacheck.rules.engine import at_or_above, rule_set


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", metavar="LOG")
    parser.add_argument("--expect", required=True, metavar="TEXT",
                        help='what was promised, e.g. "8 nodes x 8 H100 SXM, 8x NDR400 per node"')
    parser.add_argument("--lang", choices=["zh", "en"], help="report language (default: the --expect text's)")
    add_output_options(parser, ["text", "json"])
    parser.add_argument("--plot", type=Path, metavar="FILE", help="write an SVG of busbw vs message size")
    parser.add_argument("--fail-on", choices=["info", "warning", "error", "never"], default="warning",
                        help="exit 1 when a finding is at or above this severity (default warning)")


def expected_report(text: str, language: Language | None) -> tuple[Report, list[Statement]]:
    """A findings-free report whose offering is read from the --expect text."""
    document = document_from_text(text + "\n", path="--expect")
    extraction = extract(document)
    offering = assemble(extraction.statements)
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    said: Language = "zh" if cjk else "en"
    analysis = Analysis(document=document, extraction=extraction, offering=offering, language=said)
    report = Report(language=language or said, documents=[document_info(analysis)], offering=offering)
    return report, extraction.statements


def measurement_table(report: Report) -> Table:
    """One row per run: the figure judged (busbw GB/s for nccl-tests, Gb/s per HCA for perftest) and the sizes
    it was judged on, against the requirement (with its source), the model and the fabric the log ran on."""
    words = section(report.language, "accept")
    table = Table(title=words["title"])
    for header in ("log", "test", "status", "hosts", "sizes", "measured", "required", "model", "fabric"):
        table.add_column(words[header])
    for entry in report.measurements:
        bits = entry["kind"] == "perftest"
        unit, scale = ("Gb/s", 8.0) if bits else ("GB/s", 1.0)
        for run in entry["collectives"]:
            expected = run["expected"]
            source = words["source." + run["required_source"]]
            table.add_row(escape(Path(entry["path"]).name), str(run["collective"]), run["status"],
                          f"{_show(run['hosts'])}/{_show(run['ranks'])}", _show(run["judged_sizes"]),
                          _figure(run["judged_busbw"], scale, unit), f"{_figure(run['required_gbytes'], scale, unit)}"
                          f" ({source})" if run["required_gbytes"] is not None else "-",
                          f"{_figure(expected['typical'], scale, '')}/{_figure(expected['ceiling'], scale, unit)}",
                          _show(run["transport"]))
    return table


def _figure(value: float | None, scale: float, unit: str) -> str:
    """A GB/s value in the tool's unit (x8 for Gb/s), or '-'."""
    return "-" if value is None else f"{round(value * scale, 2):g} {unit}".rstrip()


def _show(value: object) -> str:
    return "-" if value is None else str(value)


def run(args: argparse.Namespace) -> int:
    logs = read_logs(args.logs)
    report, statements = expected_report(args.expect, args.lang)
    if cluster_spec(report.offering) is None:
        raise UsageError(f"--expect: cannot read a GPU model and count from {args.expect!r}")
    report = add_measurements(report, statements, logs, rule_set())
    if args.plot:
        write_plot(args.plot, report)
    emit(args, [report], with_findings=True)
    if args.format == "text":
        console_for(args).print(measurement_table(report))
    return 1 if at_or_above(report.findings, args.fail_on) else 0

