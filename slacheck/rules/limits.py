"""What the stated hardware can carry: the CLM figures a claim or a threshold is judged against."""

from __future__ import annotations

import math
from typing import Any

from slacheck.facts import CollectiveClaim
from slacheck.fleet import cluster_spec, expected_band, stated
from slacheck.offering import Offering
from slacheck.perf import catalogue
from slacheck.perf.busbw import busbw_factor
from slacheck.perf.model import COLLECTIVES, ClusterSpec, comm_share, expected_busbw, node_network_gbytes
from slacheck.rules.thresholds import PERFTESTS, THRESHOLD_PATH, UNTAGGED_COLLECTIVE, number, test_name

REFERENCE_PARAMS = 7e9


REFERENCE_TOKENS = 384 * 4096
"""The calibrated reference workload (perf.model.comm_share) that CLM002 judges claims on."""


def max_busbw(spec: ClusterSpec, test: str) -> float | None:
    """The highest busbw (GB/s) a test can show on ``spec`` whatever algorithm NCCL picks.

    Ring bounds every collective but all_reduce, which tree, NVLS and in-network
    reduction (SHARP) take higher: each node then sends and receives its buffer once,
    so busbw <= node network x 2(n-1)/n, and never above the best single node.
    Perftest tests are bounded by one NIC.
    """
    if test in PERFTESTS:
        return spec.nic_rate_gbps / 8 if spec.nic_rate_gbps else None
    band = expected_band(spec, test)
    if band is None or test != "all_reduce":
        return band.ceiling if band else None
    one_node = spec.model_copy(update={"nodes": 1})
    single = [expected_band(one_node, "all_reduce")]
    if spec.gpus_per_node > 1:
        try:
            single.append(expected_busbw(one_node, "all_reduce", "nvls"))
        except ValueError:
            pass
    best = max((b.ceiling for b in single if b is not None), default=math.inf)
    if spec.nodes == 1:
        return max(best, band.ceiling)
    n = spec.total_gpus
    return min(best, node_network_gbytes(spec) * 2 * (n - 1) / n)


def claim_limits(offering: Offering) -> dict[str, Any]:
    """CLM figures: node network Gb/s, best efficiency % and least comm share % physics allows,
    the highest busbw the stated hardware can show, and what an acceptance across sites needs."""
    rate, nics = stated(offering, "fabric.rate_gbps"), stated(offering, "fabric.nics_per_node")
    spec = cluster_spec(offering)
    network = (nics or 1) * rate if rate else None
    named = test_name(stated(offering, "acceptance.test"))
    test = named if named in COLLECTIVES else UNTAGGED_COLLECTIVE
    target = stated(offering, THRESHOLD_PATH)
    judged = spec
    if spec is not None and spec.nics_per_node is None:
        judged = spec.model_copy(update={"nics_per_node": spec.gpus_per_node})  # the most a reading allows
    if judged is not None and stated(offering, "acceptance.multi_node") is False:
        judged = judged.model_copy(update={"nodes": 1})  # the target is one machine's
    ceiling = max_busbw(judged, test) if judged is not None and judged.total_gpus > 1 else None
    claimed = stated(offering, "claims.bandwidth_gbps")
    per, gpus = stated(offering, "claims.bandwidth_per"), stated(offering, "gpu.per_node")
    claim_limit = rate if per == "port" else (network / gpus if network and gpus else None) if per == "gpu" \
        else network  # what one port, one GPU's share of the node's NICs, or the node can carry
    over = _collective_claim_over(offering, judged)
    limits: dict[str, Any] = {"node_network_gbps": network, "claim_network_limit_gbps": claim_limit,
                              "model_max_efficiency_pct": None,
                              "model_min_comm_share_pct": None,
                              "model_max_busbw_gbytes": round(ceiling, 1) if ceiling is not None else None,
                              "claim_figure": None, "claim_limit": None, "cross_site_gbps": None,
                              "collective_claim_over": over is not None}
    if claimed is not None and claim_limit is not None and claimed > claim_limit:
        scope = {"port": "/port", "gpu": "/GPU"}.get(per, "")  # a unit's, in every language
        limits["claim_figure"] = f"{number(claimed)} Gb/s{scope}"
        limits["claim_limit"] = f"{number(round(claim_limit, 1))} Gb/s{scope}"
    elif over is not None:
        limits["claim_figure"], limits["claim_limit"] = over
    elif target is not None and ceiling is not None and target > ceiling:
        limits["claim_figure"] = f"{test} {number(target)} GB/s busbw"
        limits["claim_limit"] = f"{number(round(ceiling, 1))} GB/s busbw"
    if stated(offering, "fabric.multi_site") and target is not None:
        limits["cross_site_gbps"] = number(target * 8)
    if spec is None or spec.total_gpus < 2:
        return limits
    try:
        share = comm_share(spec, REFERENCE_PARAMS, REFERENCE_TOKENS)
    except ValueError:
        return limits
    protocol = catalogue.calibration().protocol
    factor = 1.0
    if spec.nodes > 1:
        factor = {"infiniband": protocol.infiniband.value, None: protocol.tcp.value,
                  "ethernet-tcp": protocol.tcp.value}.get(spec.protocol, protocol.roce.value)
    limits["model_max_efficiency_pct"] = round(100 * min(factor, 1 - share.floor), 1)
    limits["model_min_comm_share_pct"] = round(100 * share.floor, 1)
    return limits


def _collective_claim_over(offering: Offering, spec: ClusterSpec | None) -> tuple[str, str] | None:
    """(figure, limit) when a claimed busbw or algbw exceeds what the stated hardware can show.

    A claim is judged where it says it was seen (one node, or the whole cluster); one that does not
    say fires only when neither one node nor the whole cluster can show it.
    """
    claim = stated(offering, "claims.collective")
    if not isinstance(claim, CollectiveClaim) or spec is None or claim.collective not in COLLECTIVES:
        return None
    one_node = spec.model_copy(update={"nodes": 1})
    setups = {"one-node": [one_node], "cluster": [spec]}.get(claim.scope or "", [one_node, spec])
    over: tuple[str, str] | None = None
    for setup in setups:
        ceiling = max_busbw(setup, claim.collective) if setup.total_gpus > 1 else None
        if ceiling is None:
            return None
        busbw, figure = claim.gbytes, f"{claim.collective} {number(claim.gbytes)} GB/s {claim.measure}"
        if claim.measure == "algbw":
            busbw *= busbw_factor(claim.collective, setup.total_gpus)
            figure += f" (= {number(busbw)} GB/s busbw, {setup.total_gpus} GPU)"
        if busbw <= ceiling:
            return None
        over = figure, f"{number(round(ceiling, 1))} GB/s busbw"
    return over
