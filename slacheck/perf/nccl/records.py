"""The records of a parsed nccl-tests log (rows, ranks, collective runs) and the figures computed from them."""

from __future__ import annotations

import math
from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict, computed_field

from slacheck.perf.nccl import Transport
from slacheck.perf.plateau import large_message_rows, lower_median

Status = Literal["completed", "failed", "truncated"]
CollectiveSource = Literal["header", "command", "table", "unknown"]

class _Frozen(BaseModel):
    """Immutable base for every parsed record."""

    model_config = ConfigDict(frozen=True)


class NcclMeasurement(_Frozen):
    """One half (out-of-place or in-place) of a result row; bandwidths in GB/s (10^9 bytes)."""

    time_us: float
    algbw: float
    busbw: float
    wrong: int | None
    """Wrong elements; None where nccl-tests prints ``N/A`` (no validation)."""


class NcclRow(_Frozen):
    """One message size of an nccl-tests result table."""

    size_bytes: int
    count: int
    type: str
    redop: str
    root: int
    out_of_place: NcclMeasurement | None
    """None only for JSON written by trace replay, which skips the out-of-place run."""
    in_place: NcclMeasurement
    line: int | None
    """1-based line of the row in the log (for JSON, the line holding its ``"size"`` key)."""

    @property
    def best_busbw(self) -> float | None:
        """The larger finite busbw of the two halves."""
        values = [m.busbw for m in (self.out_of_place, self.in_place) if m and math.isfinite(m.busbw)]
        return max(values) if values else None


class NcclRank(_Frozen):
    """One ``#  Rank`` line of the ``Using devices`` list."""

    rank: int
    group: int | None
    pid: int
    host: str
    device: int
    bus_id: str
    name: str
    line: int | None


class NcclCollective(_Frozen):
    """One run of one collective test (one header, table and trailer)."""

    collective: str
    """Canonical name: all_reduce, all_gather, reduce_scatter, alltoall, sendrecv, broadcast, reduce (or "unknown")."""
    collective_source: CollectiveSource
    """Where the name came from: the test header, a binary name in the log, inference from the table, or nowhere."""
    status: Status
    """completed: rows and trailer; failed: a ``Test ... failure`` line; truncated: no rows or no trailer."""
    failure: str | None
    failure_line: int | None
    rows: tuple[NcclRow, ...]
    rank_entries: tuple[NcclRank, ...]
    copies: int
    """How many independent runs wrote this section; >1 means duplicated non-MPI output."""
    duplicate_line: int | None
    """First line proving duplication (a repeated header, Rank id or second writer)."""
    header_line: int | None
    trailer_line: int | None
    avg_busbw: float | None
    """First ``# Avg bus bandwidth`` value: nccl-tests' mean over all rows, not a peak."""
    avg_busbw_check: Literal["OK", "FAILED"] | None
    """Verdict nccl-tests appends under NCCL_TESTS_MIN_BW."""
    out_of_bounds: int | None
    """Sum of ``# Out of bounds values`` counts over the trailers."""
    max_bytes_reduced_to: int | None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ranks(self) -> int:
        """Distinct rank ids in one run."""
        return len({r.rank for r in self.rank_entries})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def hosts(self) -> list[str]:
        """Sorted distinct hostnames over every copy."""
        return sorted({r.host for r in self.rank_entries})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def nodes(self) -> int:
        """Hosts spanned by one run (first listing of each rank), so duplicated output is not multi-node."""
        first: dict[int, str] = {}
        for entry in self.rank_entries:
            first.setdefault(entry.rank, entry.host)
        return len(set(first.values()))

    @computed_field  # type: ignore[prop-decorator]
    @property
    def gpus_per_host(self) -> int | None:
        """Rank lines per host when every host has the same number, else None."""
        per_host = set(Counter(r.host for r in self.rank_entries).values())
        return per_host.pop() if len(per_host) == 1 else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def devices(self) -> list[str]:
        """Sorted distinct GPU names."""
        return sorted({r.name for r in self.rank_entries if r.name})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def peak_busbw(self) -> float | None:
        """Largest busbw of any out-of-place or in-place row."""
        best = self._peak_row()
        return best.best_busbw if best else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def peak_line(self) -> int | None:
        """Line of the row holding the peak busbw."""
        best = self._peak_row()
        return best.line if best else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_busbw(self) -> float | None:
        """Large-message busbw: lower median of per-row best busbw over the plateau rows.

        Plateau rows are those of at least PLATEAU_MIN_BYTES (256 MiB, less the
        per-rank rounding of gather/scatter sizes), or the
        PLATEAU_TOP_SIZES largest sizes when the log never gets there. The median
        (not the max) keeps a degraded run whose bandwidth falls with size
        (realdata 07) from being judged by its one good row, and the lower
        median is always a printed value with a row to cite.
        """
        row = self._plateau_row()
        return row.best_busbw if row else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_line(self) -> int | None:
        """Line of the row whose busbw is the plateau value."""
        row = self._plateau_row()
        return row.line if row else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_min_bytes(self) -> int | None:
        """Smallest size that counted towards the plateau."""
        rows = self.plateau_rows()
        return min(r.size_bytes for r in rows) if rows else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def max_size_bytes(self) -> int | None:
        """Largest message size in the table."""
        return max((r.size_bytes for r in self.rows), default=None)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def wrong_total(self) -> int:
        """Sum of every numeric #wrong in the table."""
        halves = [h for r in self.rows for h in (r.out_of_place, r.in_place) if h]
        return sum(h.wrong for h in halves if h.wrong is not None)

    def _peak_row(self) -> NcclRow | None:
        """The first row with the largest busbw."""
        rows = [r for r in self.rows if r.best_busbw is not None]
        return max(rows, key=lambda r: r.best_busbw or 0.0) if rows else None

    def plateau_rows(self) -> list[NcclRow]:
        """Rows that count towards the plateau (see plateau_busbw)."""
        return large_message_rows([r for r in self.rows if r.best_busbw is not None], lambda r: r.size_bytes)

    def _plateau_row(self) -> NcclRow | None:
        """The plateau row at the lower median of best busbw."""
        return lower_median(self.plateau_rows(), lambda r: (r.best_busbw or 0.0, r.size_bytes))


class NcclLog(_Frozen):
    """A parsed nccl-tests log: one entry per collective run, in file order."""

    path: str
    format: Literal["text", "json"]
    nccl_tests_version: str | None
    version_line: int | None
    nccl_version: str | None
    nccl_version_line: int | None
    collectives: tuple[NcclCollective, ...]
    transport: Transport | None = None
    """The network transport NCCL INFO lines name (None when the log has no such line)."""
    transport_line: int | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def duplicated(self) -> bool:
        """True when independent non-MPI runs wrote interleaved copies of the output."""
        return any(c.copies > 1 for c in self.collectives)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def duplicated_line(self) -> int | None:
        """First line that shows the duplication."""
        lines = [c.duplicate_line for c in self.collectives if c.duplicate_line is not None]
        return min(lines) if lines else None

    def get(self, name: str) -> NcclCollective | None:
        """The first run of the named collective, if any."""
        return next((c for c in self.collectives if c.collective == name), None)


NCCL_TESTS = frozenset({"all_reduce", "all_gather", "reduce_scatter", "alltoall", "sendrecv", "broadcast", "reduce",
                        "gather", "scatter", "hypercube", "alltoallv"})
"""The collectives nccl-tests has a ``*_perf`` binary for."""
MAX_BUSBW = 5_000.0
"""GB/s no interconnect reaches (NVLink 5 carries 900 GB/s per direction): a larger busbw is not a measurement."""


def invalid_reason(collective: NcclCollective) -> str | None:
    """Why a completed run measures nothing (None when its figures can be judged): a collective
    nccl-tests does not run, no finite busbw, a busbw below 0 or beyond :data:`MAX_BUSBW`, or no
    ``#  Rank`` lines (then nothing shows which hosts and GPUs ran)."""
    if collective.collective not in NCCL_TESTS:
        return f"not a collective nccl-tests runs ({collective.collective})"
    values = [m.busbw for row in collective.rows for m in (row.out_of_place, row.in_place) if m is not None]
    finite = [v for v in values if math.isfinite(v)]
    if not finite:
        return "no finite bus bandwidth"
    if any(not 0 <= v <= MAX_BUSBW for v in finite):
        return f"a bus bandwidth below 0 or above {MAX_BUSBW:g} GB/s"
    if not collective.rank_entries:
        return "no '#  Rank' lines: the hosts and GPUs that ran are unknown"
    return None
