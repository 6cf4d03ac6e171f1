"""The contract's pass thresholds per collective or perftest test, and the size ranges they judge."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from slacheck.fleet import stated
from slacheck.offering import Offering, Statement
from slacheck.perf.model import COLLECTIVES
from slacheck.regexes import regex

UNTAGGED_COLLECTIVE = "all_reduce"
"""A threshold stated without naming a collective is the (default) all_reduce test's."""


THRESHOLD_PATH = "acceptance.threshold_gbytes"


SIZES_PATH = "acceptance.threshold_sizes"
"""A statement whose value is ``[smallest, largest or None]`` bytes: the message sizes a threshold judges."""


PERFTESTS = ("ib_write_bw", "ib_read_bw", "ib_send_bw")


NEARBY_LINES = 4
"""A threshold belongs to the test named on its line, or up to this many lines before it."""


@dataclass(frozen=True)
class Threshold:
    """A pass threshold the contract states for one collective or perftest test."""

    test: str
    gbytes: float
    """The figure in GB/s (perftest figures, stated in Gb/s per HCA, divided by 8)."""
    bits: bool = False
    """Stated in Gb/s (the unit it is shown in)."""
    min_bytes: float | None = None
    max_bytes: float | None = None
    """The message sizes it judges; None: the default (rows of 1 GiB and above)."""

    @property
    def figure(self) -> str:
        """The threshold in the unit the contract states it in."""
        return f"{number(self.gbytes * 8)} Gb/s" if self.bits else f"{number(self.gbytes)} GB/s"


def number(value: float) -> str:
    """A figure without trailing zeros (340, 42.3)."""
    return f"{round(value, 2):g}"


def thresholds(offering: Offering, statements: Sequence[Statement] = ()) -> dict[str, Threshold]:
    """The contract's pass threshold per collective or perftest test.

    A threshold statement belongs to the test its tag names, else to the test named on
    its line or just before it (``3.3.3 Provider runs ib_write_bw ... Each HCA must reach
    at least 380 Gb/s``). One that names none applies, when stated in Gb/s, to the
    perftest test the contract names; otherwise to the test the contract names
    (``acceptance.test``), else all_reduce, unless that test has a threshold of its own.
    A share of line rate (``acceptance.threshold_pct``) applies to every test without one.
    """
    ordered = sorted(statements, key=_position)
    named = [(_position(s), test) for s in ordered if s.path == "acceptance.test" and (test := test_name(s.value))]
    perftests = [test for _, test in named if test in PERFTESTS]
    default = test_name(stated(offering, "acceptance.test")) or UNTAGGED_COLLECTIVE
    sizes = [s for s in ordered if s.path == SIZES_PATH and isinstance(s.value, (list, tuple)) and len(s.value) == 2]
    found: dict[str, Threshold] = {}
    unnamed: list[Threshold] = []
    for statement in ordered:
        if _per_hca_rate(statement, named):
            statement = statement.model_copy(update={"path": THRESHOLD_PATH, "value": statement.value / 8})
        if statement.path != THRESHOLD_PATH or not isinstance(statement.value, (int, float)):
            continue
        bits = bool(statement.evidence) and bool(_BITS.search(statement.evidence[0].text))
        test = test_name(statement.tag) or _nearby_test(_position(statement), named)
        low, high = _sizes_of(statement, test, sizes)
        if test is None:
            test = perftests[0] if bits and perftests else (None if bits else default)
            if test is None:
                continue
            unnamed.append(Threshold(test, float(statement.value), bits, low, high))
            continue
        found.setdefault(test, Threshold(test, float(statement.value), bits, low, high))
    for threshold in unnamed:
        found.setdefault(threshold.test, threshold)
    value = stated(offering, THRESHOLD_PATH)
    if isinstance(value, (int, float)) and not found:
        found[default] = Threshold(default, float(value))
    return found


def share_of_line_rate(offering: Offering) -> float | None:
    """The contract's pass threshold as a share of line rate (0-1), if it states one."""
    pct = stated(offering, "acceptance.threshold_pct")
    return pct / 100 if isinstance(pct, (int, float)) and 0 < pct <= 100 else None


_BITS = regex(r"\d\s*(?:Gb(?:/s|ps|it)|G\b|Gb\b)")


_TESTS = {re.sub(r"[^a-z]", "", name): name for name in (*COLLECTIVES, *PERFTESTS)}


_BARE_RATE = regex(r"\d+(?:\.\d+)?\s*(?:Gb/s|Gbps|Gbit/s)")


def _per_hca_rate(statement: Statement, named: list[tuple[tuple[int, int, int], str]]) -> bool:
    """A bare Gb/s figure read as a port rate, said right after a perftest test: that test's pass threshold.

    ("Provider runs ib_write_bw on every HCA. Each HCA must reach at least 380 Gb/s.")
    """
    if statement.path != "fabric.rate_gbps" or statement.tag is not None or not statement.evidence:
        return False
    if not isinstance(statement.value, (int, float)) or not _BARE_RATE.fullmatch(statement.evidence[0].text.strip()):
        return False
    return _nearby_test(_position(statement), named) in PERFTESTS


def _position(statement: Statement) -> tuple[int, int, int]:
    """Where a statement was said: page, line, column of its first quote."""
    first = statement.evidence[0] if statement.evidence else None
    return (first.page, first.line, first.column) if first else (0, 0, 0)


def _nearby_test(where: tuple[int, int, int], named: list[tuple[tuple[int, int, int], str]]) -> str | None:
    """The test named closest before ``where`` on its line or the few lines above it."""
    page, line, column = where
    before = [(pos, test) for pos, test in named
              if pos[0] == page and (pos[1], pos[2]) < (line, column) and line - pos[1] <= NEARBY_LINES]
    return max(before)[1] if before else None


def _sizes_of(statement: Statement, test: str | None,
              sizes: list[Statement]) -> tuple[float | None, float | None]:
    """The size range said with a threshold: one placed where it stands (the reader puts the sizes of a
    threshold's sentence there), else one tagged with its test, else one on its line."""
    where = _position(statement)
    untagged = [s for s in sizes if s.tag is None]
    chosen = next((s for s in untagged if _position(s) == where), None) or next(
        (s for s in sizes if test is not None and test_name(s.tag) == test), None) or next(
        (s for s in untagged if _position(s)[:2] == where[:2]), None)
    if chosen is None:
        return None, None
    low, high = chosen.value
    return (float(low) if isinstance(low, (int, float)) else None,
            float(high) if isinstance(high, (int, float)) else None)


def test_name(said: Any) -> str | None:
    """The collective or perftest test a test name or tag means, if any."""
    key = re.sub(r"[^a-z]", "", str(said).lower().removesuffix("_perf")) if said else ""
    return _TESTS.get(key)
