"""How steady a run is at large sizes, and whether one host's busbw is only PCIe's."""

from __future__ import annotations

import math

from slacheck.perf import catalogue
from slacheck.perf.nccl.records import NcclCollective, NcclLog
from slacheck.perf.plateau import LARGE_MESSAGE_BYTES


def _large_row_gap(collective: NcclCollective) -> tuple[float, int | None]:
    """Largest relative busbw gap over large rows: out- vs in-place, and a drop to the next size."""
    worst: tuple[float, int | None] = (0.0, None)
    rows = sorted((r for r in collective.rows if r.size_bytes >= LARGE_MESSAGE_BYTES and r.best_busbw),
                  key=lambda r: r.size_bytes)
    for row in rows:
        halves = [h.busbw for h in (row.out_of_place, row.in_place) if h and math.isfinite(h.busbw) and h.busbw > 0]
        if len(halves) == 2 and (gap := (max(halves) - min(halves)) / max(halves)) > worst[0]:
            worst = (gap, row.line)
    for before, after in zip(rows, rows[1:]):
        a, b = before.best_busbw or 0.0, after.best_busbw or 0.0
        if b < a and (gap := (a - b) / a) > worst[0]:
            worst = (gap, after.line)
    return worst


def run_instability(collective: NcclCollective, log: NcclLog) -> tuple[float | None, int | None]:
    """measured.instability of a run, with the line that shows it (repeated runs count too)."""
    if not collective.rows:
        return None, None
    gap, line = _large_row_gap(collective)
    repeats = [c for c in log.collectives if c.collective == collective.collective and c.plateau_busbw]
    if len(repeats) > 1:
        low = min(repeats, key=lambda c: c.plateau_busbw or 0.0)
        high = max(c.plateau_busbw or 0.0 for c in repeats)
        if (spread := (high - (low.plateau_busbw or 0.0)) / high) > gap:
            gap, line = spread, low.plateau_line
    return round(gap, 3), line


def pcie_like(collective: NcclCollective, model: str | None) -> bool:
    """One host, 4+ ranks, and busbw no higher than the GPU's PCIe x16 rate."""
    found = catalogue.gpu(model) if model else None
    if found is None or collective.nodes != 1 or collective.ranks < 4 or collective.plateau_busbw is None:
        return False
    rates = [catalogue.pcie_gbytes(v.pcie_gen.value) for v in found.variants.values() if v.pcie_gen]
    known = [r for r in rates if r is not None]
    return bool(known) and collective.plateau_busbw <= max(known)
