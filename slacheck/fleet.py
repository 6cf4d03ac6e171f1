"""An offering's counts (nodes, GPUs, NICs), stated or implied by one another, and the performance model's view
of it (the cluster it describes, and the busbw band expected of it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast, get_args

from slacheck.offering import Offering
from slacheck.perf import catalogue
from slacheck.perf.model import COLLECTIVES, Band, ClusterSpec, IntraLink, NetProtocol, expected_busbw


def stated(offering: Offering, path: str) -> Any:
    """A fact's value, None when unstated."""
    fact = offering.fact(path)
    return fact.value if fact else None


@dataclass(frozen=True)
class Fleet:
    """Counts of an offering as stated or implied by one another."""

    nodes: int | None
    gpus_per_node: int | None
    gpus: int | None
    nics_per_node: float | None


def fleet(nodes: int | None, per_node: int | None, total: int | None, nics: int | None, nics_total: int | None,
          nics_per_gpu: int | None) -> Fleet:
    """Nodes, GPUs per node, GPUs and NICs per node: stated, or derived from the totals and ratios stated."""
    node_count = nodes if nodes is not None else (total // per_node if total and per_node else None)
    per_node = per_node if per_node is not None else (total // node_count if total and node_count else None)
    gpu_count = total if total is not None else (node_count * per_node if node_count and per_node else None)
    per_node_nics: float | None = nics
    if per_node_nics is None and nics_total and node_count:
        per_node_nics = nics_total / node_count
    if per_node_nics is None and nics_per_gpu and per_node:
        per_node_nics = nics_per_gpu * per_node
    return Fleet(node_count, per_node, gpu_count, per_node_nics)


def offering_fleet(offering: Offering) -> Fleet:
    """The fleet of an offering's stated facts."""
    return fleet(*(stated(offering, path) for path in ("nodes", "gpu.per_node", "gpu.total", "fabric.nics_per_node",
                                                      "fabric.nics_total", "fabric.nics_per_gpu")))


def cluster_spec(offering: Offering) -> ClusterSpec | None:
    """The model's view of the offering, or None when it states too little to model."""
    counts = offering_fleet(offering)
    model, nodes, per_node = stated(offering, "gpu.model"), counts.nodes or 1, counts.gpus_per_node
    if not model or not per_node or catalogue.gpu(model) is None:
        return None
    variant = stated(offering, "gpu.variant")
    if variant and catalogue.variant(model, variant) is None:
        variant = None
    link = stated(offering, "intra_node.link")
    protocol = stated(offering, "fabric.protocol")
    protocol = "roce" if protocol == "roce-v1" else protocol
    nics = max(1, int(counts.nics_per_node)) if counts.nics_per_node else None
    rate = stated(offering, "fabric.rate_gbps")
    try:
        return ClusterSpec(nodes=nodes, gpus_per_node=per_node, gpu_model=model, variant=variant,
                           intra_link=link if link in get_args(IntraLink) else None,
                           nics_per_node=nics, nic_rate_gbps=rate if rate else None,
                           protocol=cast(NetProtocol, protocol) if protocol in get_args(NetProtocol) else None)
    except ValueError:
        return None


def expected_band(spec: ClusterSpec | None, collective: str) -> Band | None:
    """The model's large-message band for a collective (ring), None when it cannot say."""
    if spec is None or collective not in COLLECTIVES:
        return None
    try:
        return expected_busbw(spec, collective)
    except ValueError:
        return None


PROTOCOL_NAMES = {"infiniband": "InfiniBand", "roce-v2": "RoCE v2", "roce-v1": "RoCE v1", "roce": "RoCE",
                  "rdma": "RDMA", "ethernet-tcp": "TCP/IP Ethernet"}
