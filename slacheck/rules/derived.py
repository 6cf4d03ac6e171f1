"""Every name a condition reads besides fact paths, policy keys and named constants: what it means and what
computes it.

Contract-side names are computed from an offering by the groups registered in :data:`CONTRACT`: each group is
one function and the names it returns, with what each means (``slacheck explain`` prints them). ``measured.*``
and the requirement names are computed per run of a benchmark log (rules.subjects) and described in
:data:`MEASURED`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, get_args

from slacheck.facts import Price
from slacheck.fleet import Fleet, fleet
from slacheck.offering import NAMED_RDMA, Offering
from slacheck.perf import catalogue
from slacheck.perf.nccl import Transport
from slacheck.rules.limits import claim_limits

HOURS = {"hour": 1.0, "day": 24.0, "week": 168.0, "month": 730.0, "year": 8760.0}
"""Hours per billing period (a month is 730 hours, as hourly GPU prices are billed)."""


@dataclass(frozen=True)
class Group:
    """Names computed together: what each means, and the function of an offering and its fact values."""

    descriptions: Mapping[str, str]
    compute: Callable[[Offering, Mapping[str, Any]], dict[str, Any]]


def nvlink_gbytes(model: str | None, variant: str | None = None) -> float | None:
    """NVLink GB/s per GPU of a model's variant (its SXM part when the variant is not stated)."""
    found = catalogue.gpu(model) if model else None
    if model is None or found is None:
        return None
    if variant is not None:
        return catalogue.nvlink_gbytes(model, variant)
    chosen = found.variants.get("SXM") or next(iter(found.variants.values()))
    return chosen.nvlink_gbytes.value


def _fleet(v: Mapping[str, Any]) -> Fleet:
    """The counts the fact values state or imply."""
    return fleet(v["nodes"], v["gpu.per_node"], v["gpu.total"], v["fabric.nics_per_node"], v["fabric.nics_total"],
                 v["fabric.nics_per_gpu"])


def counts(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """Nodes, GPUs and NICs per node: stated, or implied by the totals and ratios stated. With no count, a fabric
    that joins several servers makes the offer multi-node."""
    found = _fleet(v)
    return {
        "multi_node": found.nodes >= 2 if found.nodes is not None else v["fabric.scale_out"] is True,
        "node_count": found.nodes,
        "gpu_count": found.gpus,
        "nics_per_node_effective": found.nics_per_node,
    }


def nic_count_missing(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """The InfiniBand or RoCE fabric offered (or offered as an upgrade) whose NICs per node are not stated."""
    missing = None
    if v["fabric.protocol"] in NAMED_RDMA and _fleet(v).nics_per_node is None:
        missing = v["fabric.protocol"]
    elif v["fabric.upgrade_protocol"] in NAMED_RDMA and v["fabric.upgrade_nics_per_node"] is None:
        missing = v["fabric.upgrade_protocol"]
    return {"fabric_without_nic_count": missing}


def named_rdma(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """The InfiniBand or RoCE fabric offered, else the one offered as an upgrade of an unnamed RDMA fabric."""
    return {"named_rdma_fabric": _named_rdma(v)}


def _named_rdma(v: Mapping[str, Any]) -> str | None:
    found = v["fabric.protocol"] if v["fabric.protocol"] in NAMED_RDMA else \
        v["fabric.upgrade_protocol"] if v["fabric.upgrade_protocol"] in NAMED_RDMA else None
    return str(found) if found is not None else None


def switch_missing(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """The InfiniBand or RoCE fabric offered whose switch model, or ports allotted, are not stated; else the one
    offered as an upgrade, when the switch stated carries another fabric (a Spectrum switch for an InfiniBand
    upgrade)."""
    model = v["fabric.switch_model"]
    carried = catalogue.switch_protocol(model) if model is not None else None
    base = model is None or v["fabric.switch_ports"] is None and v["fabric.switch_dedicated"] is not True
    upgrade = carried is not None and (carried == "infiniband") != (v["fabric.upgrade_protocol"] == "infiniband")
    return {"fabric_without_switch": _lacking(v, base, upgrade)}


def cabling_missing(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """The InfiniBand or RoCE fabric offered whose optics and cables nobody is said to supply (or that are excluded
    without a price); else the one offered as an upgrade, when no sentence naming it says who supplies its own."""
    return {"fabric_without_cabling": _lacking(v, _unsupplied(v["fabric.cabling"], v["fabric.cabling_priced"]),
                                               _unsupplied(v["fabric.upgrade_cabling"],
                                                           v["fabric.upgrade_cabling_priced"]))}


def _lacking(v: Mapping[str, Any], base: bool, upgrade: bool) -> str | None:
    """The InfiniBand or RoCE fabric offered when it lacks something (``base``), else the upgrade to another such
    fabric when that lacks it (``upgrade``)."""
    fabric = _named_rdma(v)
    if fabric is not None and base:
        return fabric
    found = v["fabric.upgrade_protocol"]
    return str(found) if found in NAMED_RDMA and found != fabric and upgrade else None


def _unsupplied(cabling: str | None, priced: bool | None) -> bool:
    """Whether optics are not said to be supplied, or are excluded without a price."""
    return cabling is None or cabling == "excluded" and priced is not True


def per_gpu(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """Inter-node Gb/s per GPU: the lower of the best offered fabric and the one in the base offer. A fabric
    whose NICs per node are not stated gives each GPU at most its port rate (one NIC per GPU, the most a
    compute fabric has): "万兆内网" stays under 10 Gb/s per GPU however many ports there are."""
    found = _fleet(v)
    per_node = found.gpus_per_node
    offered = (found.nics_per_node, v["fabric.rate_gbps"])
    included = (v["fabric.included_nics_per_node"], v["fabric.included_rate_gbps"])
    rates = {link: (link[0] or per_node) * link[1] / per_node
             for link in (offered, included) if link[1] and per_node}
    lowest = min(rates, key=rates.__getitem__, default=(None, None))
    return {"per_gpu_gbps": rates.get(lowest), "per_gpu_nics": lowest[0], "per_gpu_link_gbps": lowest[1]}


def nvlink(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """The catalogue's NVLink figure for the stated GPU."""
    return {"gpu_nvlink_gbytes": nvlink_gbytes(v["gpu.model"], v["gpu.variant"])}


def prices(_: Offering, v: Mapping[str, Any]) -> dict[str, Any]:
    """Per-GPU-hour price, the month's amount for the priced line, and the contract total they imply."""
    found = _fleet(v)
    price: Price | None = v["commercial.unit_price"]
    per_node = v["gpu.per_node"]
    gpu_hour = line = None
    if price is not None and price.period is not None:
        hours = HOURS[price.period]
        if price.per == "gpu":
            gpu_hour = price.amount / hours
        elif per_node:
            gpu_hour = price.amount / per_node / hours
        quantity = found.gpus if price.per == "gpu" else found.nodes
        if quantity and price.period in ("hour", "month"):
            line = price.amount * quantity * HOURS["month"] / hours
    monthly, months = v["commercial.monthly_total"], v["commercial.term_months"]
    return {
        "price_per_gpu_hour": gpu_hour,
        "price_line_expected": line,
        "contract_total_expected": monthly * months if monthly and months else None,
    }


def limits(offering: Offering, _: Mapping[str, Any]) -> dict[str, Any]:
    """What the stated hardware can carry (rules.limits.claim_limits)."""
    return claim_limits(offering)


CONTRACT: tuple[Group, ...] = (
    Group({
        "multi_node": "two or more GPU servers that train together",
        "node_count": "GPU servers: the stated node count, or GPU total / GPUs per node",
        "gpu_count": "GPUs in all: the stated total, or nodes x GPUs per node",
        "nics_per_node_effective": "NICs per node: stated, or the NIC total / nodes, or NICs per GPU x GPUs per "
                                   "node",
    }, counts),
    Group({"fabric_without_nic_count": "the InfiniBand or RoCE fabric, included, add-on or upgrade, whose NICs per "
                                       "node are not stated"}, nic_count_missing),
    Group({"named_rdma_fabric": "the InfiniBand or RoCE fabric offered, or else offered as an upgrade"}, named_rdma),
    Group({"fabric_without_cabling": "the InfiniBand or RoCE fabric whose optics and cables nobody is said to "
                                     "supply, or that are excluded without a price; or else such a fabric offered "
                                     "as an upgrade"}, cabling_missing),
    Group({"fabric_without_switch": "the InfiniBand or RoCE fabric whose switch model, or ports allotted, are not "
                                    "stated; or the one offered as an upgrade whose fabric the stated switch does "
                                    "not carry"}, switch_missing),
    Group({
        "per_gpu_gbps": "inter-node Gb/s per GPU, NICs per node x port rate / GPUs per node: the lower of the best "
                        "offered fabric and the fabric included in the base offer (with no NIC count stated, the "
                        "port rate: the most one NIC per GPU gives)",
        "per_gpu_nics": "NICs per node of the fabric that gives per_gpu_gbps",
        "per_gpu_link_gbps": "port rate of the fabric that gives per_gpu_gbps",
    }, per_gpu),
    Group({"gpu_nvlink_gbytes": "the catalogue's NVLink GB/s per GPU for the stated model and variant"}, nvlink),
    Group({
        "price_per_gpu_hour": "the unit price as a price per GPU-hour",
        "price_line_expected": "unit price x quantity (GPUs or nodes) for one month (hourly prices: 730 hours)",
        "contract_total_expected": "monthly total x term in months",
    }, prices),
    Group({
        "node_network_gbps": "inter-node Gb/s one node can carry: NICs per node (1 if unstated) x port rate",
        "claim_network_limit_gbps": "what the stated NICs can carry for what a bandwidth claim is for: the node "
                                    "(node_network_gbps), one port (the port rate) or one GPU (the node's share "
                                    "per GPU)",
        "model_max_efficiency_pct": "best scaling efficiency (%) the model allows on the reference workload",
        "model_min_comm_share_pct": "least communication share (%) of a step physics allows on the reference "
                                    "workload",
        "model_max_busbw_gbytes": "the highest busbw any NCCL algorithm (NVLS, tree, in-network reduction "
                                  "included) can reach for the contract's test on the stated hardware",
        "claim_figure": "the claimed figure CLM001 judges, with its unit",
        "claim_limit": "what the stated hardware can carry, in the same unit",
        "cross_site_gbps": "Gb/s an acceptance run across sites must push through the inter-site link per "
                           "direction",
        "collective_claim_over": "a claimed busbw or algbw (converted to busbw) above what one node or the "
                                 "whole cluster can show",
    }, limits),
)
"""The contract-side names, by the group that computes them."""

MEASURED_VOCABULARY: dict[str, tuple[str, ...]] = {
    "measured.kind": ("nccl", "perftest"),
    "measured.transport": (*get_args(Transport), "tcp-latency"),
    "measured.device_variant": ("SXM", "PCIe", "NVL"),
}
"""The closed sets of words the measured values above take (a condition's literals are checked against them)."""


MEASURED = {
    "measured.kind": "nccl or perftest",
    "measured.collective": "the collective (all_reduce, ...) or the perftest test (ib_write_bw, ...)",
    "measured.collectives": "the runs of one log a finding is about, comma-separated",
    "measured.summary": "per run: measured figure, sizes judged and the required figure with its source",
    "measured.status": "completed, failed, truncated or invalid (with the reason: figures not finite, below 0 or "
                       "beyond physics, a collective nccl-tests does not run, no rank lines)",
    "measured.plateau_busbw": "large-message busbw in GB/s (perftest: average Gb/s / 8)",
    "measured.plateau_gbps": "the same in Gb/s",
    "measured.judged_gbytes": "the figure judged against the requirement (GB/s): worst row of the contract's "
                              "size range, else the lower median of the rows of 1 GiB and above",
    "measured.judged_sizes": "the message sizes judged, e.g. 1 GiB-16 GiB",
    "measured.figure": "the judged figure in the tool's unit: GB/s busbw (nccl-tests) or Gb/s (perftest)",
    "measured.device": "perftest: the HCA the log ran on",
    "measured.rerun": "the command that re-runs this test",
    "measured.peak_busbw": "largest busbw of any row in GB/s",
    "measured.hosts": "hosts one run spans",
    "measured.ranks": "ranks of one run",
    "measured.gpus_per_host": "ranks per host",
    "measured.max_size_bytes": "largest message size",
    "measured.max_size": "largest message size, e.g. 128 MiB",
    "measured.wrong": "sum of #wrong",
    "measured.out_of_bounds": "out-of-bounds values in the trailer",
    "measured.device_model": "GPU model named in the log (catalogue name)",
    "measured.device_variant": "its form factor (SXM, PCIe, NVL) when the name shows it",
    "measured.device_memory_gb": "its memory in GB when the name shows it",
    "measured.device_label": "model, form factor and memory the log shows, e.g. H100 PCIe 80 GB",
    "offered_gpu": "model, form factor and memory the offering states",
    "offered_fabric": "the offering's fabric protocol, named for a reader",
    "measured.instability": "largest relative busbw gap at large sizes (halves, neighbours, repeated runs)",
    "measured.instability_pct": "the same as a percentage",
    "measured.single_node_pcie_like": "a one-host 4+ GPU run whose busbw PCIe alone explains",
    "measured.transport": "the fabric the log ran on: infiniband, roce, socket, efa, ofi, tcpx or tcp-latency",
    "measured.transport_name": "the same, named for a reader with what shows it (Link type, latency)",
    "measured.transport_detail": "what shows the fabric beyond NCCL's own words: a perftest Link type, or the "
                                 "small-message latency",
    "threshold_gbytes": "the contract's busbw threshold for this collective",
    "required_gbytes": "the threshold, else 80% of the model's typical busbw",
    "required_gbps": "required_gbytes in Gb/s",
    "required_figure": "the required figure in the tool's unit (GB/s busbw or Gb/s per HCA)",
    "expected.typical": "the model's typical busbw for the offering's hardware",
    "expected.ceiling": "the model's physical bound for the offering's hardware",
}
"""What each per-run name of a benchmark log means (rules.subjects computes them)."""


def contract_values(offering: Offering, values: Mapping[str, Any]) -> dict[str, Any]:
    """Every contract-side name's value, from the offering and its fact values."""
    out: dict[str, Any] = {}
    for group in CONTRACT:
        out.update(group.compute(offering, values))
    return out


def descriptions() -> dict[str, str]:
    """What each contract-side name means."""
    return {name: text for group in CONTRACT for name, text in group.descriptions.items()}


def names() -> set[str]:
    """Every name this module describes (contract-side and per run)."""
    return {*descriptions(), *MEASURED}
