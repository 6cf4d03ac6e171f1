"""What a run is, from what it printed: its collective (named or inferred from the table), status and NCCL version."""

from __future__ import annotations

from slacheck.perf.busbw import busbw_factor
from slacheck.perf.nccl.records import NcclRow, Status

TYPE_BYTES = {
    "int8": 1, "uint8": 1, "f8e4m3": 1, "f8e5m2": 1,
    "half": 2, "bfloat16": 2,
    "int32": 4, "uint32": 4, "float": 4,
    "int64": 8, "uint64": 8, "double": 8,
}
"""Element size in bytes for the type names nccl-tests prints."""


def nccl_code(code: int) -> str:
    """NCCL_VERSION_CODE -> ``major.minor.patch`` (both the pre- and post-2.9 encodings)."""
    if code >= 10000:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


def _busbw_factor(rows: list[NcclRow]) -> float | None:
    """busbw/algbw at the row with the largest algbw (least rounding)."""
    halves = [h for r in rows for h in (r.out_of_place, r.in_place) if h and h.algbw > 0]
    if not halves:
        return None
    best = max(halves, key=lambda h: h.algbw)
    return best.busbw / best.algbw


def infer_collective(rows: list[NcclRow], nranks: int) -> str | None:
    """Guess the collective of a table that carries no test name.

    Evidence, per nccl-tests' sources: a root >= 0 means broadcast (redop
    ``none``) or reduce; ``size == count * n * sizeof(type)`` means a per-rank
    count (all_gather, reduce_scatter, alltoall); an in-place ``#wrong`` of
    ``N/A`` beside a numeric out-of-place one marks alltoall and sendrecv; and
    busbw/algbw is 2(n-1)/n for all_reduce, (n-1)/n for the gather/scatter
    family and 1 for sendrecv. Returns None when the evidence is ambiguous.
    """
    if not rows:
        return None
    if any(r.root >= 0 for r in rows):
        return "broadcast" if rows[0].redop == "none" else "reduce"
    validated = [r for r in rows if r.out_of_place and r.out_of_place.wrong is not None]
    inplace_na = bool(validated) and all(r.in_place.wrong is None for r in validated)
    if rows[0].redop == "none":
        return ("alltoall" if inplace_na else "all_gather") if validated else None
    sized = [r for r in rows if r.count > 0 and r.type in TYPE_BYTES]
    if sized:
        ratio = sized[-1].size_bytes / (sized[-1].count * TYPE_BYTES[sized[-1].type])
        if ratio > 1.5:
            return "reduce_scatter"
    if validated:
        return "sendrecv" if inplace_na else "all_reduce"
    factor = _busbw_factor(rows)
    if factor is None or nranks < 3:
        return None
    candidates = {name: busbw_factor(name, nranks) for name in ("all_reduce", "reduce_scatter", "sendrecv")}
    name, expected = min(candidates.items(), key=lambda item: abs(item[1] - factor))
    return name if abs(expected - factor) < 0.02 * expected else None


def canonical_collective(name: str) -> str:
    """``./build/all_reduce_perf_mpi`` or ``all_reduce_perf`` -> ``all_reduce``."""
    base = name.rsplit("/", 1)[-1]
    cut = base.find("_perf")
    return base[:cut] if cut > 0 else base


def run_status(rows: int, trailer: bool, failed: bool) -> Status:
    """completed / failed / truncated from what a run printed."""
    if failed:
        return "failed"
    return "completed" if rows and trailer else "truncated"
