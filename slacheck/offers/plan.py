"""The acceptance plan a contract implies: per test, the command, its pass threshold, the sizes it judges and
where the threshold comes from (the contract, its share of line rate, or 80% of the model's typical figure)."""

from __future__ import annotations

from typing import Any

from slacheck.fleet import cluster_spec, expected_band
from slacheck.offering import Offering, Statement
from slacheck.perf import catalogue
from slacheck.perf.acceptance import JUDGED_MIN_BYTES, nccl_command, perftest_command, size_label, size_range_label
from slacheck.perf.model import COLLECTIVES, ClusterSpec
from slacheck.rules.subjects import FALLBACK_SHARE
from slacheck.rules.thresholds import PERFTESTS, Threshold, share_of_line_rate, thresholds


class PlanError(Exception):
    """The contract states too little to plan for; ``str()`` says what is missing."""


def plan(offering: Offering, statements: list[Statement]) -> list[dict[str, Any]]:
    """The acceptance steps: test, command, pass threshold (GB/s busbw or Gb/s per HCA), sizes judged, source."""
    spec = cluster_spec(offering)
    if spec is None:
        model = offering.gpu.model.value if offering.gpu.model else None
        known = f" ({model} is not in the hardware catalogue)" if model and catalogue.gpu(model) is None else ""
        raise PlanError(f"the contract states no GPU model and count to plan for{known}")
    limits = thresholds(offering, statements)
    share = share_of_line_rate(offering)
    steps = [_nccl_step(spec, collective, limits.get(collective), share) for collective in COLLECTIVES]
    rate = offering.fabric.rate_gbps.value if offering.fabric.rate_gbps else None
    perftest = next((t for t in PERFTESTS if t in limits), "ib_write_bw")
    if (spec.nodes > 1 or perftest in limits) and rate:
        steps += [_perftest_step(perftest, f"mlx5_{i}", rate, limits.get(perftest), share) for i in range(spec.nics)]
    return [s for s in steps if s is not None]


def _source(threshold: Threshold | None, share: float | None) -> tuple[str, float | None]:
    """Where a pass figure comes from: the contract's figure, its share of line rate, or the model."""
    if threshold is not None:
        return "contract", None
    return ("contract-share", round(100 * share, 1)) if share is not None else ("model", None)


def _nccl_step(spec: ClusterSpec, collective: str, threshold: Threshold | None,
               share: float | None) -> dict[str, Any] | None:
    band = expected_band(spec, collective)
    if band is None and threshold is None:
        return None
    source, pct = _source(threshold, share)
    if threshold is not None:
        required = threshold.gbytes
    elif share is not None:
        required = share * band.ceiling  # type: ignore[union-attr]
    else:
        required = FALLBACK_SHARE * band.typical  # type: ignore[union-attr]
    low = threshold.min_bytes if threshold and threshold.min_bytes is not None else JUDGED_MIN_BYTES
    high = threshold.max_bytes if threshold else None
    return {"test": f"{collective}_perf", "nic": None,
            "command": nccl_command(collective, spec.nodes, spec.gpus_per_node),
            "threshold": round(required, 1), "unit": "GB/s", "source": source, "share_pct": pct,
            "sizes": f">= {size_label(low)}" if high is None else size_range_label(low, high),
            "expected": {"typical": round(band.typical, 1), "ceiling": round(band.ceiling, 1)} if band else None}


def _perftest_step(test: str, nic: str, rate: float, threshold: Threshold | None,
                   share: float | None) -> dict[str, Any]:
    source, pct = _source(threshold, share)
    if threshold is not None:
        required = threshold.gbytes * 8
    else:
        required = (share if share is not None else FALLBACK_SHARE) * rate
    return {"test": test, "nic": nic, "command": perftest_command(test, nic), "threshold": round(required, 1),
            "unit": "Gb/s", "source": source, "share_pct": pct, "sizes": size_label(8 * 2**20),
            "expected": {"typical": rate, "ceiling": rate}}
