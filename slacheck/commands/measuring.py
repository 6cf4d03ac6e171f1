"""Benchmark logs in a report: parse them, run the ACC rules, plot them (``check --measured``, ``accept``)."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from slacheck.commands.common import UsageError
from slacheck.offering import Offering, Statement
from slacheck.perf.logs import LogError, NcclLog, PerftestLog, parse_log
from slacheck.report.model import Report, summarise
from slacheck.report.plot_svg import render_plot
from slacheck.rules import measured
from slacheck.rules.engine import check_measured
from slacheck.rules.pack import Rule

Log = NcclLog | PerftestLog


def read_logs(paths: Sequence[str | Path]) -> list[Log]:
    """Parse every log up front; a bad one is a usage error (one line, exit 2)."""
    try:
        return [parse_log(Path(path)) for path in paths]
    except LogError as error:
        raise UsageError(str(error)) from None


def measure(report: Report, logs: Sequence[Log], rules: list[Rule], statements: Sequence[Statement] = ()) -> Report:
    """The report with one ``measurements`` entry per log and the ACC findings added."""
    limits = measured.thresholds(report.offering, statements)
    entries = [measured.measurement_entry(report.offering, log, limits) for log in logs]
    found = [f for log in logs for f in check_measured(report.offering, rules, log, language=report.language,
                                                       statements=statements)]
    findings = [*report.findings, *found]
    return report.model_copy(update={"measurements": [*report.measurements, *entries], "findings": findings,
                                     "summary": summarise(findings)})


def write_plot(path: Path, offering: Offering, logs: Sequence[Log], statements: Sequence[Statement] = ()) -> None:
    """Write the busbw-vs-size SVG of the nccl-tests logs."""
    nccl = [log for log in logs if isinstance(log, NcclLog)]
    if not nccl:
        raise UsageError("--plot needs at least one nccl-tests log")
    path.write_text(render_plot(offering, nccl, measured.thresholds(offering, statements)), encoding="utf-8")
