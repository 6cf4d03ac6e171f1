"""What the ACC rules read: one parsed benchmark log, per collective run, against the offering.

An nccl-tests log gives one *subject* per collective run; a perftest log gives one.
Each subject is a flat ``measured.*`` table plus the figures to judge it by: the
contract's :class:`Threshold` for that collective or test (if any), ``expected.typical``
/ ``expected.ceiling`` (perf.model for the offering's hardware) and ``required_gbytes``
(the threshold, else 80% of the typical figure). Busbw is judged on the message sizes
the contract names (default: the rows of 1 GiB and above). Perftest logs are judged per
HCA against the NIC rate, in Gb/s. The engine runs each ACC rule on every subject of a
log and reports one finding per rule and log (:func:`merged` lists the runs in it).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence, cast, get_args

from slacheck.offering import Evidence, Offering, Statement
from slacheck.perf import catalogue
from slacheck.perf.acceptance import (
    JUDGED_MIN_BYTES,
    SIZE_SLACK,
    latency_transport,
    nccl_command,
    perftest_command,
    size_label,
    size_range_label,
)
from slacheck.perf.model import (
    COLLECTIVES,
    Band,
    ClusterSpec,
    IntraLink,
    NetProtocol,
    comm_share,
    expected_busbw,
    node_network_gbytes,
)
from slacheck.perf.nccl.records import NcclCollective, NcclLog, NcclRow, Transport
from slacheck.perf.nccl.records import invalid_reason as nccl_invalid
from slacheck.perf.perftest_log import PerftestLog
from slacheck.perf.perftest_log import invalid_reason as perftest_invalid
from slacheck.perf.plateau import LARGE_MESSAGE_BYTES

FALLBACK_SHARE = 0.8
"""Without a contract threshold, a log must reach this share of the model's typical busbw."""
UNTAGGED_COLLECTIVE = "all_reduce"
"""A threshold stated without naming a collective is the (default) all_reduce test's."""
REFERENCE_PARAMS = 7e9
REFERENCE_TOKENS = 384 * 4096
"""The calibrated reference workload (perf.model.comm_share) that CLM002 judges claims on."""
THRESHOLD_PATH = "acceptance.threshold_gbytes"
SIZES_PATH = "acceptance.threshold_sizes"
"""A statement whose value is ``[smallest, largest or None]`` bytes: the message sizes a threshold judges."""
PERFTESTS = ("ib_write_bw", "ib_read_bw", "ib_send_bw")
NEARBY_LINES = 4
"""A threshold belongs to the test named on its line, or up to this many lines before it."""

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
        return f"{_num(self.gbytes * 8)} Gb/s" if self.bits else f"{_num(self.gbytes)} GB/s"


def _num(value: float) -> str:
    """A figure without trailing zeros (340, 42.3)."""
    return f"{round(value, 2):g}"


@dataclass(frozen=True)
class Subject:
    """One collective run (or perftest log) with the values ACC conditions read."""

    path: str
    values: dict[str, Any]
    lines: dict[str, int | None]
    text: tuple[str, ...]
    requirement: _Requirement

    def evidence(self, names: tuple[str, ...]) -> list[Evidence]:
        """Log lines behind the names a condition reads (the first line of the log when none)."""
        numbers = [self.lines.get(n) for n in names]
        chosen = list(dict.fromkeys(n for n in numbers if n)) or [self.lines.get("start") or 1]
        return [Evidence(path=self.path, page=1, line=n, column=1,
                         text=self.text[n - 1].strip() if n <= len(self.text) else "") for n in chosen]


def _fact(offering: Offering, path: str) -> Any:
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
    return fleet(*(_fact(offering, path) for path in ("nodes", "gpu.per_node", "gpu.total", "fabric.nics_per_node",
                                                      "fabric.nics_total", "fabric.nics_per_gpu")))


def cluster_spec(offering: Offering) -> ClusterSpec | None:
    """The model's view of the offering, or None when it states too little to model."""
    counts = offering_fleet(offering)
    model, nodes, per_node = _fact(offering, "gpu.model"), counts.nodes or 1, counts.gpus_per_node
    if not model or not per_node or catalogue.gpu(model) is None:
        return None
    variant = _fact(offering, "gpu.variant")
    if variant and catalogue.variant(model, variant) is None:
        variant = None
    link = _fact(offering, "intra_node.link")
    protocol = _fact(offering, "fabric.protocol")
    protocol = "roce" if protocol == "roce-v1" else protocol
    nics = max(1, int(counts.nics_per_node)) if counts.nics_per_node else None
    rate = _fact(offering, "fabric.rate_gbps")
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


CLAIM_LIMITS = {
    "model_max_busbw_gbytes": "the highest busbw any NCCL algorithm (NVLS, tree, in-network reduction included) "
                              "can reach for the contract's test on the stated hardware",
    "claim_figure": "the claimed figure CLM001 judges, with its unit",
    "claim_limit": "what the stated hardware can carry, in the same unit",
    "cross_site_gbps": "Gb/s an acceptance run across sites must push through the inter-site link per direction",
}


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
    rate, nics = _fact(offering, "fabric.rate_gbps"), _fact(offering, "fabric.nics_per_node")
    spec = cluster_spec(offering)
    network = (nics or 1) * rate if rate else None
    named = _test_name(_fact(offering, "acceptance.test"))
    test = named if named in COLLECTIVES else UNTAGGED_COLLECTIVE
    target = _fact(offering, THRESHOLD_PATH)
    judged = spec
    if spec is not None and spec.nics_per_node is None:
        judged = spec.model_copy(update={"nics_per_node": spec.gpus_per_node})  # the most a reading allows
    if judged is not None and _fact(offering, "acceptance.multi_node") is False:
        judged = judged.model_copy(update={"nodes": 1})  # the target is one machine's
    ceiling = max_busbw(judged, test) if judged is not None and judged.total_gpus > 1 else None
    claimed = _fact(offering, "claims.bandwidth_gbps")
    limits: dict[str, Any] = {"node_network_gbps": network, "model_max_efficiency_pct": None,
                              "model_min_comm_share_pct": None,
                              "model_max_busbw_gbytes": round(ceiling, 1) if ceiling is not None else None,
                              "claim_figure": None, "claim_limit": None, "cross_site_gbps": None}
    if claimed is not None and network is not None and claimed > network:
        limits["claim_figure"], limits["claim_limit"] = f"{_num(claimed)} Gb/s", f"{_num(network)} Gb/s"
    elif target is not None and ceiling is not None and target > ceiling:
        limits["claim_figure"] = f"{test} {_num(target)} GB/s busbw"
        limits["claim_limit"] = f"{_num(round(ceiling, 1))} GB/s busbw"
    if _fact(offering, "fabric.multi_site") and target is not None:
        limits["cross_site_gbps"] = _num(target * 8)
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
    named = [(_position(s), test) for s in ordered if s.path == "acceptance.test" and (test := _test_name(s.value))]
    perftests = [test for _, test in named if test in PERFTESTS]
    default = _test_name(_fact(offering, "acceptance.test")) or UNTAGGED_COLLECTIVE
    sizes = [s for s in ordered if s.path == SIZES_PATH and isinstance(s.value, (list, tuple)) and len(s.value) == 2]
    found: dict[str, Threshold] = {}
    unnamed: list[Threshold] = []
    for statement in ordered:
        if _per_hca_rate(statement, named):
            statement = statement.model_copy(update={"path": THRESHOLD_PATH, "value": statement.value / 8})
        if statement.path != THRESHOLD_PATH or not isinstance(statement.value, (int, float)):
            continue
        bits = bool(statement.evidence) and bool(_BITS.search(statement.evidence[0].text))
        test = _test_name(statement.tag) or _nearby_test(_position(statement), named)
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
    value = _fact(offering, THRESHOLD_PATH)
    if isinstance(value, (int, float)) and not found:
        found[default] = Threshold(default, float(value))
    return found


def share_of_line_rate(offering: Offering) -> float | None:
    """The contract's pass threshold as a share of line rate (0-1), if it states one."""
    pct = _fact(offering, "acceptance.threshold_pct")
    return pct / 100 if isinstance(pct, (int, float)) and 0 < pct <= 100 else None


_BITS = re.compile(r"\d\s*(?:Gb(?:/s|ps|it)|G\b|Gb\b)")
_TESTS = {re.sub(r"[^a-z]", "", name): name for name in (*COLLECTIVES, *PERFTESTS)}


_BARE_RATE = re.compile(r"\d+(?:\.\d+)?\s*(?:Gb/s|Gbps|Gbit/s)")


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
    """The size range said with a threshold: one tagged with its test, else one on its line."""
    where = _position(statement)
    chosen = next((s for s in sizes if test is not None and _test_name(s.tag) == test), None) or next(
        (s for s in sizes if s.tag is None and _position(s)[:2] == where[:2]), None)
    if chosen is None:
        return None, None
    low, high = chosen.value
    return (float(low) if isinstance(low, (int, float)) else None,
            float(high) if isinstance(high, (int, float)) else None)


def _test_name(said: Any) -> str | None:
    """The collective or perftest test a test name or tag means, if any."""
    key = re.sub(r"[^a-z]", "", str(said).lower().removesuffix("_perf")) if said else ""
    return _TESTS.get(key)


_MEMORY = re.compile(r"(\d{2,3})\s*G(?:B|iB)?\b", re.I)


def device(name: str | None) -> tuple[str | None, str | None, int | None]:
    """Model, form factor and memory of a GPU name as nccl-tests/perftest print it."""
    if not name:
        return None, None, None
    tokens = [t for t in re.split(r"[\s\-_]+", name) if t]
    model = next((found.name for i in range(len(tokens)) for span in (2, 1)
                  if (found := catalogue.gpu(" ".join(tokens[i:i + span]))) is not None), None)
    variant = next((v for t in tokens if (v := catalogue.canonical_variant(t)) in ("SXM", "PCIe", "NVL")), None)
    if variant is None and model and re.search(r"\bHBM3", name, re.I) and catalogue.ships_as_sxm_and_pcie(model):
        variant = "SXM"
    memory = _MEMORY.search(name)
    return model, variant, int(memory.group(1)) if memory else None


def _large_row_gap(collective: NcclCollective) -> tuple[float, int | None]:
    """Largest relative busbw gap over large rows: out- vs in-place, and a drop to the next size."""
    worst: tuple[float, int | None] = (0.0, None)
    rows = sorted((r for r in collective.rows if r.size_bytes >= LARGE_MESSAGE_BYTES and r.best_busbw),
                  key=lambda r: r.size_bytes)
    for row in rows:
        halves = [h.busbw for h in (row.out_of_place, row.in_place) if h and math.isfinite(h.busbw) and h.busbw > 0]
        if len(halves) == 2 and (gap := (max(halves) - min(halves)) / max(halves)) > worst[0]:
            worst = (gap, row.line)
    for before, after in zip(rows, rows[1:]):
        a, b = before.best_busbw or 0.0, after.best_busbw or 0.0
        if b < a and (gap := (a - b) / a) > worst[0]:
            worst = (gap, after.line)
    return worst


def _instability(collective: NcclCollective, log: NcclLog) -> tuple[float | None, int | None]:
    """measured.instability of a run, with the line that shows it (repeated runs count too)."""
    if not collective.rows:
        return None, None
    gap, line = _large_row_gap(collective)
    repeats = [c for c in log.collectives if c.collective == collective.collective and c.plateau_busbw]
    if len(repeats) > 1:
        low = min(repeats, key=lambda c: c.plateau_busbw or 0.0)
        high = max(c.plateau_busbw or 0.0 for c in repeats)
        if (spread := (high - (low.plateau_busbw or 0.0)) / high) > gap:
            gap, line = spread, low.plateau_line
    return round(gap, 3), line


def _pcie_like(collective: NcclCollective, model: str | None) -> bool:
    """One host, 4+ ranks, and busbw no higher than the GPU's PCIe x16 rate."""
    found = catalogue.gpu(model) if model else None
    if found is None or collective.nodes != 1 or collective.ranks < 4 or collective.plateau_busbw is None:
        return False
    rates = [catalogue.pcie_gbytes(v.pcie_gen.value) for v in found.variants.values() if v.pcie_gen]
    known = [r for r in rates if r is not None]
    return bool(known) and collective.plateau_busbw <= max(known)


@dataclass(frozen=True)
class _Requirement:
    """The figure a run must reach and where it comes from."""

    gbytes: float | None
    source: str
    """``contract`` (a stated figure), ``share`` (a stated share of line rate) or ``model`` (80% of typical)."""
    basis: float | None
    """The line rate (share) or the model's typical figure (model), GB/s."""


def _requirement(band: Band | None, threshold: Threshold | None, share: float | None) -> _Requirement:
    """The contract's threshold, else its share of the line rate, else 80% of the model's typical figure."""
    if threshold is not None:
        return _Requirement(threshold.gbytes, "contract", None)
    if share is not None and band is not None:
        return _Requirement(share * band.ceiling, "share", band.ceiling)
    return _Requirement(FALLBACK_SHARE * band.typical if band else None, "model", band.typical if band else None)


def _judged(values: dict[str, Any], band: Band | None, threshold: Threshold | None, requirement: _Requirement,
            bits: bool) -> None:
    """Add the expected band and the required figure to a subject's values."""
    required = requirement.gbytes
    values["threshold_gbytes"] = threshold.gbytes if threshold else None
    values["expected.typical"] = round(band.typical, 1) if band else None
    values["expected.ceiling"] = round(band.ceiling, 1) if band else None
    values["required_gbytes"] = round(required, 1) if required is not None else None
    values["required_gbps"] = round(required * 8, 1) if required is not None else None
    values["required_figure"] = None if required is None else (
        threshold.figure if threshold
        else f"{_num(round(required * 8, 1))} Gb/s" if bits else f"{_num(round(required, 1))} GB/s")


def _gpu_label(model: Any, variant: Any, memory: Any) -> str | None:
    """``H100 SXM 80 GB`` from the parts that are known."""
    parts = [str(model) if model else "", str(variant) if variant else "", f"{memory} GB" if memory else ""]
    return " ".join(p for p in parts if p) or None


PROTOCOL_NAMES = {"infiniband": "InfiniBand", "roce-v2": "RoCE v2", "roce-v1": "RoCE v1", "roce": "RoCE",
                  "rdma": "RDMA", "ethernet-tcp": "TCP/IP Ethernet"}


def _device_values(offering: Offering, model: str | None, variant: str | None, memory: int | None) -> dict[str, Any]:
    """The GPU a log shows and the one offered, for ACC003."""
    return {"measured.device_model": model, "measured.device_variant": variant, "measured.device_memory_gb": memory,
            "measured.device_label": _gpu_label(model, variant, memory),
            "offered_gpu": _gpu_label(*(_fact(offering, f"gpu.{name}") for name in ("model", "variant", "memory_gb"))),
            "offered_fabric": PROTOCOL_NAMES.get(_fact(offering, "fabric.protocol") or "")}


def _gbytes(value: float | None) -> float | None:
    return round(value, 2) if value is not None else None


def _judged_rows(collective: NcclCollective, threshold: Threshold | None) -> tuple[list[NcclRow], bool]:
    """The rows busbw is judged on, and whether every one of them must pass (a range the contract names)."""
    rows = [r for r in collective.rows if r.best_busbw is not None]
    if threshold is not None and threshold.min_bytes is not None:
        low, high = threshold.min_bytes * SIZE_SLACK, threshold.max_bytes
        return [r for r in rows if r.size_bytes >= low and (high is None or r.size_bytes <= high)], True
    large = [r for r in rows if r.size_bytes >= JUDGED_MIN_BYTES * SIZE_SLACK]
    return large or collective.plateau_rows(), False


def _judgement(collective: NcclCollective, threshold: Threshold | None) -> tuple[NcclRow | None, str | None]:
    """The row judged (the worst of a contract's range, else the lower median) and the sizes label."""
    rows, every = _judged_rows(collective, threshold)
    if not rows:
        return None, None
    ranked = sorted(rows, key=lambda r: (r.best_busbw or 0.0, r.size_bytes))
    sizes = [r.size_bytes for r in rows]
    return ranked[0] if every else ranked[(len(ranked) - 1) // 2], size_range_label(min(sizes), max(sizes))


def _transport(log: NcclLog, collective: NcclCollective) -> tuple[str | None, str | None, int | None]:
    """The fabric a multi-host run went over (NCCL's INFO lines, else its small-message latency), the
    latency that shows it, and the line."""
    if collective.nodes < 2:
        return None, None, None
    if log.transport is not None:
        return log.transport, None, log.transport_line
    slow = latency_transport(collective)
    if slow is None:
        return None, None, None
    return "tcp-latency", f"{_num(slow[0])} µs", slow[1]


def _nccl_subject(offering: Offering, log: NcclLog, collective: NcclCollective, limits: dict[str, Threshold],
                  text: tuple[str, ...]) -> Subject:
    model, variant, memory = device(collective.devices[0] if collective.devices else None)
    instability, unstable_line = _instability(collective, log)
    rank_line = collective.rank_entries[0].line if collective.rank_entries else None
    max_row = max(collective.rows, key=lambda r: r.size_bytes, default=None)
    wrong_row = next((r for r in collective.rows
                      if any(h and h.wrong for h in (r.out_of_place, r.in_place))), None)
    status_line = collective.failure_line
    if status_line is None and collective.status == "truncated":
        status_line = max((i + 1 for i, t in enumerate(text) if t.strip()), default=None)
    plateau = collective.plateau_busbw
    status: str = collective.status
    if status == "completed" and (why := nccl_invalid(collective)):
        status, status_line = f"invalid ({why})", collective.header_line
    threshold = limits.get(collective.collective)
    judged_row, sizes = _judgement(collective, threshold)
    judged = judged_row.best_busbw if judged_row else None
    transport, transport_detail, transport_line = _transport(log, collective)
    spec = cluster_spec(offering)
    values: dict[str, Any] = {
        "measured.kind": "nccl", "measured.collective": collective.collective, "measured.status": status,
        "measured.plateau_busbw": plateau, "measured.plateau_gbps": _gbytes(plateau * 8) if plateau else None,
        "measured.judged_gbytes": judged, "measured.judged_sizes": sizes,
        "measured.figure": f"{_num(judged)} GB/s busbw" if judged is not None else None, "measured.device": None,
        "measured.rerun": nccl_command(collective.collective, spec.nodes, spec.gpus_per_node) if spec else None,
        "measured.peak_busbw": collective.peak_busbw, "measured.hosts": collective.nodes or None,
        "measured.ranks": collective.ranks or None, "measured.gpus_per_host": collective.gpus_per_host,
        "measured.max_size_bytes": collective.max_size_bytes,
        "measured.max_size": size_label(collective.max_size_bytes) if collective.max_size_bytes else None,
        "measured.wrong": collective.wrong_total,
        "measured.out_of_bounds": collective.out_of_bounds, **_device_values(offering, model, variant, memory),
        "measured.instability": instability,
        "measured.instability_pct": round(100 * instability, 1) if instability is not None else None,
        "measured.single_node_pcie_like": _pcie_like(collective, model or _fact(offering, "gpu.model")),
        "measured.transport": transport, "measured.transport_detail": transport_detail,
    }
    band = expected_band(spec, collective.collective)
    requirement = _requirement(band, threshold, share_of_line_rate(offering))
    _judged(values, band, threshold, requirement, bits=False)
    plateau_line = collective.plateau_line
    judged_line = judged_row.line if judged_row else plateau_line
    lines = {name: rank_line for name in ("measured.hosts", "measured.ranks", "measured.gpus_per_host",
                                          "measured.device_model", "measured.device_variant",
                                          "measured.device_memory_gb")}
    lines.update({name: plateau_line for name in ("measured.plateau_busbw", "measured.plateau_gbps",
                                                  "measured.single_node_pcie_like")})
    lines.update({name: judged_line for name in ("measured.judged_gbytes", "required_gbytes", "threshold_gbytes",
                                                 "expected.typical", "expected.ceiling")})
    lines.update({"measured.peak_busbw": collective.peak_line,
                  "measured.max_size_bytes": max_row.line if max_row else None,
                  "measured.wrong": wrong_row.line if wrong_row else None,
                  "measured.out_of_bounds": collective.trailer_line if collective.out_of_bounds else None,
                  "measured.instability": unstable_line, "measured.status": status_line,
                  "measured.transport": transport_line,
                  "start": collective.header_line or rank_line})
    return Subject(path=log.path, values=values, lines=lines, text=text, requirement=requirement)


def _perftest_transport(log: PerftestLog) -> str | None:
    """The fabric a perftest log ran on: its Link type, or an EFA device."""
    if log.device and log.device.lower().startswith("efa"):
        return "efa"
    return log.transport


def _perftest_subject(offering: Offering, log: PerftestLog, limits: dict[str, Threshold],
                      text: tuple[str, ...]) -> Subject:
    model, variant, memory = device(log.gpu_name)
    average = log.plateau_avg_gbps
    status = "completed" if log.completed and log.rows else "truncated"
    if status == "completed" and (why := perftest_invalid(log)):
        status = f"invalid ({why})"
    transport = _perftest_transport(log)
    values: dict[str, Any] = {
        "measured.kind": "perftest", "measured.collective": log.test, "measured.status": status,
        "measured.plateau_busbw": _gbytes(average / 8) if average is not None else None,
        "measured.plateau_gbps": average,
        "measured.judged_gbytes": round(average / 8, 4) if average is not None else None,
        "measured.judged_sizes": size_label(log.max_size_bytes) if log.max_size_bytes else None,
        "measured.figure": f"{_num(average)} Gb/s" if average is not None else None,
        "measured.device": log.device,
        "measured.rerun": perftest_command(log.test or "ib_write_bw", log.device or "<hca>"),
        "measured.peak_busbw": _gbytes(log.peak_gbps / 8) if log.peak_gbps is not None else None,
        "measured.max_size_bytes": log.max_size_bytes,
        "measured.max_size": size_label(log.max_size_bytes) if log.max_size_bytes else None,
        **_device_values(offering, model, variant, memory),
        "measured.transport": transport,
        "measured.transport_detail": f"Link type: {log.link_type}" if log.link_type else None,
    }
    values.update({name: None for name in MEASURED if name not in values and name.startswith("measured.")
                   and name not in ("measured.collectives", "measured.summary", "measured.transport_name")})
    values["measured.single_node_pcie_like"] = False
    rate = _fact(offering, "fabric.rate_gbps")
    band = Band(rate / 8, rate / 8) if rate else None
    threshold = limits.get(log.test or "")
    requirement = _requirement(band, threshold, share_of_line_rate(offering))
    _judged(values, band, threshold, requirement, bits=True)
    last_row = log.rows[-1].line if log.rows else None
    link_line = next((i + 1 for i, t in enumerate(text) if "Link type" in t), None)
    lines = {name: log.plateau_line for name in ("measured.plateau_busbw", "measured.plateau_gbps",
                                                 "measured.judged_gbytes", "required_gbytes", "expected.typical",
                                                 "expected.ceiling")}
    lines.update({"measured.status": last_row or log.table_line or log.banner_line,
                  "measured.max_size_bytes": last_row, "measured.peak_busbw": log.peak_line,
                  "measured.transport": link_line, "start": log.banner_line})
    return Subject(path=log.path, values=values, lines=lines, text=text, requirement=requirement)


def _log_text(path: str) -> tuple[str, ...]:
    """The log's lines, for quoting (empty when it can no longer be read)."""
    try:
        return tuple(Path(path).read_text(encoding="utf-8", errors="replace").split("\n"))
    except OSError:
        return ()


def subjects(offering: Offering, log: NcclLog | PerftestLog, limits: dict[str, Threshold]) -> list[Subject]:
    """One subject per collective run of an nccl-tests log, or one for a perftest log."""
    text = _log_text(log.path)
    if isinstance(log, PerftestLog):
        return [_perftest_subject(offering, log, limits, text)]
    return [_nccl_subject(offering, log, c, limits, text) for c in log.collectives]


_WORDS = {
    "en": {"run": "{name} {figure} at {sizes}, required {required} ({basis})",
           "hca": "{name} on {device}: {figure} at {sizes}, required {required} per HCA ({basis})",
           "contract": "contract", "share": "the contract's {pct}% of the {basis} line rate",
           "model": "80% of the model's typical {basis}", "port": "80% of the {basis} port rate",
           "unknown": "no requirement known",
           "infiniband": "InfiniBand (NCCL NET/IB)", "roce": "RoCE (NCCL NET/IB over Ethernet)",
           "socket": "TCP sockets (NCCL NET/Socket)", "efa": "AWS EFA (aws-ofi-nccl)",
           "ofi": "libfabric (aws-ofi-nccl)", "tcpx": "GPUDirect-TCPX/TCPXO (TCP)",
           "tcp-latency": "a TCP-class network: a small all_reduce takes {detail}, over RDMA 20-50 µs"},
    "zh": {"run": "{name} 在 {sizes} 为 {figure}，要求 {required}（{basis}）",
           "hca": "{name}（{device}）在 {sizes} 为 {figure}，要求单网卡 {required}（{basis}）",
           "contract": "合同约定", "share": "合同约定：线速 {basis} 的 {pct}%",
           "model": "模型典型值 {basis} 的 80%", "port": "端口速率 {basis} 的 80%", "unknown": "无可用要求",
           "infiniband": "InfiniBand（NCCL NET/IB）", "roce": "RoCE（以太网上的 NCCL NET/IB）",
           "socket": "TCP socket（NCCL NET/Socket）", "efa": "AWS EFA（aws-ofi-nccl）",
           "ofi": "libfabric（aws-ofi-nccl）", "tcpx": "GPUDirect-TCPX/TCPXO（TCP）",
           "tcp-latency": "TCP 类网络：小消息 all_reduce 耗时 {detail}，RDMA 仅 20-50 µs"},
}


def summary(subject: Subject, language: str) -> str:
    """One run's judged figure against its requirement, in the report's language."""
    words = _WORDS.get(language, _WORDS["en"])
    v, need = subject.values, subject.requirement
    bits = v["measured.kind"] == "perftest"
    basis = None if need.basis is None else (f"{_num(round(need.basis * 8, 1))} Gb/s" if bits
                                             else f"{_num(round(need.basis, 1))} GB/s")
    share = f"{_num(100 * need.gbytes / need.basis)}" if need.source == "share" and need.gbytes and need.basis else ""
    kind = "port" if bits and need.source == "model" else need.source
    source = words[kind].format(basis=basis, pct=share) if need.gbytes is not None else words["unknown"]
    template = words["hca"] if bits and v["measured.device"] else words["run"]
    return template.format(name=v["measured.collective"], device=v["measured.device"],
                           figure=v["measured.figure"] or "-", sizes=v["measured.judged_sizes"] or "-",
                           required=v["required_figure"] or "-", basis=source)


def transport_name(values: Mapping[str, Any], language: str) -> str | None:
    """The fabric a run went over, named in the report's language with what shows it."""
    transport, detail = values["measured.transport"], values["measured.transport_detail"]
    if transport is None:
        return None
    if values["measured.kind"] == "perftest":
        name = {"roce": "RoCE", "infiniband": "InfiniBand", "efa": "AWS EFA"}[transport]
        return f"{name} ({detail})" if detail else name
    return _WORDS.get(language, _WORDS["en"])[transport].format(detail=detail)


def merged(firing: Sequence[Subject], language: str) -> dict[str, Any]:
    """The values of one finding about several runs of a log: the first run's, with the runs listed."""
    names = list(dict.fromkeys(str(s.values["measured.collective"]) for s in firing))
    reruns = list(dict.fromkeys(str(s.values["measured.rerun"]) for s in firing if s.values["measured.rerun"]))
    return {**firing[0].values, "measured.collectives": ", ".join(names),
            "measured.summary": "; ".join(summary(s, language) for s in firing),
            "measured.transport_name": transport_name(firing[0].values, language),
            "measured.rerun": " ; ".join(reruns) or None}


def measurement_entry(log: NcclLog | PerftestLog, found: list[Subject]) -> dict[str, Any]:
    """The report's ``measurements`` entry of one log, from its subjects."""
    kind = "perftest" if isinstance(log, PerftestLog) else "nccl"
    curves = [[] for _ in found] if isinstance(log, PerftestLog) else [
        [[row.size_bytes, row.best_busbw] for row in run.rows if row.size_bytes > 0 and row.best_busbw]
        for run in log.collectives]
    runs = []
    for subject, points in zip(found, curves):
        v = subject.values
        runs.append({"collective": v["measured.collective"], "status": v["measured.status"],
                     "plateau_busbw": v["measured.plateau_busbw"], "peak_busbw": v["measured.peak_busbw"],
                     "judged_busbw": v["measured.judged_gbytes"], "judged_sizes": v["measured.judged_sizes"],
                     "hosts": v["measured.hosts"], "ranks": v["measured.ranks"],
                     "threshold_gbytes": v["threshold_gbytes"], "required_gbytes": v["required_gbytes"],
                     "required_source": subject.requirement.source,
                     "expected": {"typical": v["expected.typical"], "ceiling": v["expected.ceiling"]},
                     "transport": v["measured.transport"],
                     "line": subject.lines.get("measured.judged_gbytes"), "busbw_by_size": points})
    return {"path": log.path, "kind": kind, "collectives": runs}
