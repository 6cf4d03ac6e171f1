"""The facts a document can state, section by section.

A fact is ``{"value": ..., "hedged": bool, "evidence": [...]}`` or ``None``
when the document does not state it. A denied fact ("不含光模块", "ports are
shared") is stated with a false value, never ``None``: absent and denied are
different things (report-json-v1). The offering (``slacheck.offering``) holds
one of each section.
"""

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from slacheck.model import Evidence

T = TypeVar("T")


class Fact(BaseModel, Generic[T]):
    """One stated fact: its value, whether it was hedged, and where it was said."""

    value: T
    hedged: bool = False
    evidence: list[Evidence] = Field(default_factory=list)


class Section(BaseModel):
    """Base of the offering's sections: every field is an optional fact."""


class Gpu(Section):
    """The GPUs: model, form factor, memory and counts."""

    model: Fact[str] | None = None
    variant: Fact[str] | None = None
    memory_gb: Fact[int] | None = None
    per_node: Fact[int] | None = None
    total: Fact[int] | None = None


class IntraNode(Section):
    """How GPUs inside one server talk to each other."""

    link: Fact[str] | None = None
    bandwidth_gbytes: Fact[float] | None = None
    full_mesh: Fact[bool] | None = None
    nvswitch: Fact[bool] | None = None


class Fabric(Section):
    """The inter-node (backend/training) network."""

    protocol: Fact[str] | None = None
    included_protocol: Fact[str] | None = None
    rate_gbps: Fact[float] | None = None
    nics_per_node: Fact[int] | None = None
    included_rate_gbps: Fact[float] | None = None
    included_nics_per_node: Fact[int] | None = None
    upgrade_protocol: Fact[str] | None = None
    """An add-on that replaces an included InfiniBand or RoCE fabric with another ("RoCE 标配，可选升级 IB")."""
    upgrade_nics_per_node: Fact[int] | None = None
    nics_total: Fact[int] | None = None
    nics_per_gpu: Fact[int] | None = None
    nic_model: Fact[str] | None = None
    optional: Fact[bool] | None = None
    dedicated: Fact[bool] | None = None
    oversubscription: Fact[float] | None = None
    switch_model: Fact[str] | None = None
    switch_ports: Fact[int] | None = None
    switch_dedicated: Fact[bool] | None = None
    """Whole switches are the customer's own ("Leaf 交换机为甲方专用"): every port of them is allotted."""
    cabling: Fact[str] | None = None
    cabling_priced: Fact[bool] | None = None
    upgrade_cabling: Fact[str] | None = None
    """Who supplies the optics and cables of an upgrade to another fabric, when a sentence naming that fabric says."""
    upgrade_cabling_priced: Fact[bool] | None = None
    topology: Fact[str] | None = None
    isolation: Fact[bool] | None = None
    multi_site: Fact[bool] | None = None
    scale_out: Fact[bool] | None = None
    """The fabric joins several servers that train together ("for multi-node jobs"), whatever their count."""
    expansion: Fact[str] | None = None
    public_bandwidth: Fact[float] | None = None


class Verification(Section):
    """How the customer can verify the delivered hardware."""

    hardware: Fact[bool] | None = None


class Tuning(Section):
    """Who configures the fabric (PFC/ECN/DCQCN) and who troubleshoots it: provider, customer or shared."""

    owner: Fact[str] | None = None
    troubleshooting: Fact[str] | None = None
    baseline: Fact[bool] | None = None


class Acceptance(Section):
    """The communication acceptance test at delivery, and the trial before the term."""

    test: Fact[str] | None = None
    multi_node: Fact[bool] | None = None
    threshold_gbytes: Fact[float] | None = None
    threshold_pct: Fact[float] | None = None
    report_kept: Fact[bool] | None = None
    trial: Fact[bool] | None = None
    compute_only: Fact[bool] | None = None
    """Only tests of the GPUs alone are named (gpu-burn, HPL, ResNet throughput): no communication test."""
    on_mig: Fact[bool] | None = None
    """MIG slices offered to test communication or the network, or to size the cluster."""


class Sla(Section):
    """Service levels: replacement/failover and response times, availability and its credits."""

    failover_minutes: Fact[float] | None = None
    replacement: Fact[bool] | None = None
    """A failed node is replaced or its work migrated, with or without a time ("迁移至其他物理机")."""
    support_response_minutes: Fact[float] | None = None
    availability_pct: Fact[float] | None = None
    availability_guaranteed: Fact[bool] | None = None
    credits: Fact[bool] | None = None
    network_restore: Fact[bool] | None = None


class Backup(Section):
    """What snapshots/backups cover: ``system-only``, ``data`` or ``all``."""

    scope: Fact[str] | None = None


class Price(BaseModel):
    """A price as stated: amount, currency, and what it is per (a GPU or a node, per hour/day/week/month/year)."""

    model_config = ConfigDict(frozen=True)

    amount: float
    currency: Literal["CNY", "USD"] | None = None
    per: Literal["gpu", "node"] | None = None
    period: Literal["hour", "day", "week", "month", "year"] | None = None


class Commercial(Section):
    """Prices and their qualifiers, billing, term and rack power."""

    price_hedged: Fact[bool] | None = None
    addon_on_request: Fact[bool] | None = None
    fabric_price_hedged: Fact[bool] | None = None
    """The compute fabric's own price is left open ("RDMA 网络价格以咨询为准"), wherever the fabric is said optional."""
    billing: Fact[str] | None = None
    term_months: Fact[float] | None = None
    power_kw: Fact[float] | None = None
    unit_price: Fact[Price] | None = None
    line_total: Fact[float] | None = None
    monthly_total: Fact[float] | None = None
    contract_total: Fact[float] | None = None


class CollectiveClaim(BaseModel):
    """A claimed nccl-tests figure: busbw or algbw (GB/s) of one collective, on one node or across the nodes."""

    model_config = ConfigDict(frozen=True)

    gbytes: float
    measure: Literal["busbw", "algbw"] = "busbw"
    collective: str = "all_reduce"
    scope: Literal["one-node", "cluster"] | None = None
    """Where it was seen: one node, across the nodes, or not said."""


class Claims(Section):
    """Performance claims the document makes (checked against the model by the CLM rules)."""

    bandwidth_gbps: Fact[float] | None = None
    bandwidth_per: Fact[str] | None = None
    """What the claimed bandwidth is for: ``node`` (as a node's traffic, when the claim does not say), ``port`` or
    ``gpu`` ("单口实测 100GB/s", "400 Gb/s of east-west bandwidth per GPU")."""
    collective: Fact[CollectiveClaim] | None = None
    efficiency_pct: Fact[float] | None = None
    comm_share_pct: Fact[float] | None = None
