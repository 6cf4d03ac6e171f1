"""Benchmark logs for ``check --measured`` and ``accept``: parse them up front, plot them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from slacheck import needed_words
from slacheck.commands.common import UsageError
from slacheck.files import write_atomic
from slacheck.report.model import Report

if TYPE_CHECKING:
    from slacheck.pipeline import Log


def read_logs(paths: Sequence[str | Path]) -> list[Log]:
    """Parse every log up front; a bad one is a usage error (one line, exit 2)."""
    if not paths:
        return []
    from slacheck.perf.logs import LogError, parse_log  # only when logs are given

    try:
        return [parse_log(Path(path)) for path in paths]
    except LogError as error:
        raise UsageError(str(error)) from None
    finally:
        needed_words.forget()  # the log lines the package's regexes looked at


def write_plot(path: Path, report: Report) -> None:
    """Write the busbw-vs-size SVG of the report's nccl-tests measurements."""
    if not any(run["busbw_by_size"] for entry in report.measurements for run in entry["collectives"]):
        raise UsageError("--plot needs at least one nccl-tests log with result rows")
    from slacheck.report.plot_svg import render_plot  # only with --plot

    write_atomic(path, render_plot(report))
