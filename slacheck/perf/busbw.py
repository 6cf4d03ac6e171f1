"""busbw from algbw, as nccl-tests computes it: one place for the factor each collective's table uses."""

from __future__ import annotations

GATHER_LIKE = ("all_gather", "reduce_scatter", "alltoall")


def busbw_factor(collective: str, ranks: int) -> float:
    """busbw / algbw of ``collective`` on ``ranks`` ranks: 2(n-1)/n for all_reduce, (n-1)/n for the
    gather/scatter family and alltoall, 1 for sendrecv, broadcast and reduce."""
    if collective == "all_reduce":
        return 2 * (ranks - 1) / ranks
    return (ranks - 1) / ranks if collective in GATHER_LIKE else 1.0
