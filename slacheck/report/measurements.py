"""The report's ``measurements`` entry of one benchmark log."""

from __future__ import annotations

from typing import Any

from slacheck.perf.nccl.records import NcclLog
from slacheck.perf.perftest_log import PerftestLog
from slacheck.rules.subjects import Subject


def measurement_entry(log: NcclLog | PerftestLog, found: list[Subject]) -> dict[str, Any]:
    """The report's ``measurements`` entry of one log, from its subjects."""
    kind = "perftest" if isinstance(log, PerftestLog) else "nccl"
    curves = [[] for _ in found] if isinstance(log, PerftestLog) else [
        [[row.size_bytes, row.best_busbw] for row in run.rows if row.size_bytes > 0 and row.best_busbw]
        for run in log.collectives]
    runs = []
    for subject, points in zip(found, curves):
        v = subject.values
        runs.append({"collective": v["measured.collective"], "status": v["measured.status"],
                     "plateau_busbw": v["measured.plateau_busbw"], "peak_busbw": v["measured.peak_busbw"],
                     "judged_busbw": v["measured.judged_gbytes"], "judged_sizes": v["measured.judged_sizes"],
                     "hosts": v["measured.hosts"], "ranks": v["measured.ranks"],
                     "threshold_gbytes": v["threshold_gbytes"], "required_gbytes": v["required_gbytes"],
                     "required_source": subject.requirement.source,
                     "expected": {"typical": v["expected.typical"], "ceiling": v["expected.ceiling"]},
                     "transport": v["measured.transport"],
                     "line": subject.lines.get("measured.judged_gbytes"), "busbw_by_size": points})
    return {"path": log.path, "kind": kind, "collectives": runs}
