"""Benchmark logs for ``check --measured`` and ``accept``: parse them up front, plot them."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from slacheck.commands.common import UsageError
from slacheck.files import write_atomic
from slacheck.perf.logs import LogError, parse_log
from slacheck.pipeline import Log
from slacheck.report.model import Report
from slacheck.report.plot_svg import render_plot


def read_logs(paths: Sequence[str | Path]) -> list[Log]:
    """Parse every log up front; a bad one is a usage error (one line, exit 2)."""
    try:
        return [parse_log(Path(path)) for path in paths]
    except LogError as error:
        raise UsageError(str(error)) from None


def write_plot(path: Path, report: Report) -> None:
    """Write the busbw-vs-size SVG of the report's nccl-tests measurements."""
    if not any(run["busbw_by_size"] for entry in report.measurements for run in entry["collectives"]):
        raise UsageError("--plot needs at least one nccl-tests log with result rows")
    write_atomic(path, render_plot(report))
