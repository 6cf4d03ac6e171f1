"""The large-message plateau of a benchmark sweep: which rows count, and the lower median over them.

nccl-tests and perftest logs are both judged on their plateau, not on one peak row, and the
lower median is always a printed value with a row to cite.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

PLATEAU_MIN_BYTES = 256 * 2**20
"""Rows at or above this size count towards the large-message plateau."""

PLATEAU_TOP_SIZES = 3
"""When no row reaches PLATEAU_MIN_BYTES, the plateau uses this many largest sizes."""

SIZE_SLACK = 0.99
"""all_gather/reduce_scatter/alltoall round sizes down to a multiple of ranks x type size (256 MiB -> 268435200)."""

LARGE_MESSAGE_BYTES = PLATEAU_MIN_BYTES * SIZE_SLACK
"""The smallest size that counts as a large message (PLATEAU_MIN_BYTES, less the rounding slack)."""

Row = TypeVar("Row")


def lower_median(rows: Sequence[Row], key: Callable[[Row], tuple[float, ...] | float]) -> Row | None:
    """The row at the lower median of ``key`` (None for no rows)."""
    ranked = sorted(rows, key=key)
    return ranked[(len(ranked) - 1) // 2] if ranked else None


def large_message_rows(rows: Sequence[Row], size: Callable[[Row], int]) -> list[Row]:
    """Rows of at least LARGE_MESSAGE_BYTES, else those of the PLATEAU_TOP_SIZES largest sizes."""
    big = [r for r in rows if size(r) >= LARGE_MESSAGE_BYTES]
    if big or not rows:
        return big
    cutoff = sorted({size(r) for r in rows})[-PLATEAU_TOP_SIZES:][0]
    return [r for r in rows if size(r) >= cutoff]


def largest_size_rows(rows: Sequence[Row], size: Callable[[Row], int]) -> list[Row]:
    """Rows of the largest size (several when a run repeats it)."""
    largest = max((size(r) for r in rows), default=None)
    return [r for r in rows if size(r) == largest]
