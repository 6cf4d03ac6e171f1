"""What the ACC rules read: one parsed benchmark log, per collective run, against the offering.

An nccl-tests log gives one *subject* per collective run; a perftest log gives one.
Each subject is a flat ``measured.*`` table plus the figures to judge it by:
``threshold_gbytes`` (the contract's threshold for that collective, or None),
``expected.typical`` / ``expected.ceiling`` (perf.model for the offering's hardware)
and ``required_gbytes`` (the threshold, else 80% of the typical figure). Perftest
logs are judged in the same way against the NIC rate (``fabric.rate_gbps``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence, get_args

from slacheck.offering import Evidence, Offering, Statement
from slacheck.perf import catalogue
from slacheck.perf.model import COLLECTIVES, Band, ClusterSpec, IntraLink, NetProtocol, comm_share, expected_busbw
from slacheck.perf.nccl_log import PLATEAU_MIN_BYTES, NcclCollective, NcclLog
from slacheck.perf.nccl_log import invalid_reason as nccl_invalid
from slacheck.perf.perftest_log import PerftestLog
from slacheck.perf.perftest_log import invalid_reason as perftest_invalid

FALLBACK_SHARE = 0.8
"""Without a contract threshold, a log must reach this share of the model's typical busbw."""
UNTAGGED_COLLECTIVE = "all_reduce"
"""A threshold stated without naming a collective is the (default) all_reduce test's."""
REFERENCE_PARAMS = 7e9
REFERENCE_TOKENS = 384 * 4096
"""The calibrated reference workload (perf.model.comm_share) that CLM002 judges claims on."""
THRESHOLD_PATH = "acceptance.threshold_gbytes"
_LARGE = PLATEAU_MIN_BYTES * 0.99

MEASURED = {
    "measured.kind": "nccl or perftest",
    "measured.collective": "the collective (all_reduce, ...) or the perftest test (ib_write_bw, ...)",
    "measured.status": "completed, failed, truncated or invalid (with the reason: figures not finite, below 0 or "
                       "beyond physics, a collective nccl-tests does not run, no rank lines)",
    "measured.plateau_busbw": "large-message busbw in GB/s (perftest: average Gb/s / 8)",
    "measured.plateau_gbps": "the same in Gb/s",
    "measured.peak_busbw": "largest busbw of any row in GB/s",
    "measured.hosts": "hosts one run spans",
    "measured.ranks": "ranks of one run",
    "measured.gpus_per_host": "ranks per host",
    "measured.max_size_bytes": "largest message size",
    "measured.wrong": "sum of #wrong",
    "measured.out_of_bounds": "out-of-bounds values in the trailer",
    "measured.device_model": "GPU model named in the log (catalogue name)",
    "measured.device_variant": "its form factor (SXM, PCIe, NVL) when the name shows it",
    "measured.device_memory_gb": "its memory in GB when the name shows it",
    "measured.instability": "largest relative busbw gap at large sizes (halves, neighbours, repeated runs)",
    "measured.single_node_pcie_like": "a one-host 4+ GPU run whose busbw PCIe alone explains",
    "threshold_gbytes": "the contract's busbw threshold for this collective",
    "required_gbytes": "the threshold, else 80% of the model's typical busbw",
    "required_gbps": "required_gbytes in Gb/s",
    "expected.typical": "the model's typical busbw for the offering's hardware",
    "expected.ceiling": "the model's physical bound for the offering's hardware",
}


@dataclass(frozen=True)
class Subject:
    """One collective run (or perftest log) with the values ACC conditions read."""

    path: str
    values: dict[str, Any]
    lines: dict[str, int | None]
    text: tuple[str, ...]

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
                           protocol=protocol if protocol in get_args(NetProtocol) else None)
    except ValueError:
        return None


def expected_band(spec: ClusterSpec | None, collective: str) -> Band | None:
    """The model's large-message band for a collective (ring), None when it cannot say."""
    if spec is None or collective not in COLLECTIVES:
        return None
    try:
        return expected_busbw(spec, collective)  # type: ignore[arg-type]
    except ValueError:
        return None


def claim_limits(offering: Offering) -> dict[str, float | None]:
    """CLM figures: node network Gb/s, best efficiency % and least comm share % physics allows."""
    rate, nics = _fact(offering, "fabric.rate_gbps"), _fact(offering, "fabric.nics_per_node")
    spec = cluster_spec(offering)
    limits: dict[str, float | None] = {"node_network_gbps": (nics or 1) * rate if rate else None,
                                       "model_max_efficiency_pct": None, "model_min_comm_share_pct": None}
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


def thresholds(offering: Offering, statements: Sequence[Statement] = ()) -> dict[str, float]:
    """The contract's busbw threshold (GB/s) per collective (or perftest test).

    A statement tagged with a collective applies to it alone; an untagged one (or the
    assembled ``acceptance.threshold_gbytes`` fact) applies to the test the contract
    names (``acceptance.test``), else to all_reduce.
    """
    named = _test_name(_fact(offering, "acceptance.test")) or UNTAGGED_COLLECTIVE
    found: dict[str, float] = {}
    for statement in statements:
        if statement.path == THRESHOLD_PATH and isinstance(statement.value, (int, float)):
            found.setdefault(_test_name(statement.tag) or named, float(statement.value))
    value = _fact(offering, THRESHOLD_PATH)
    if isinstance(value, (int, float)) and not found:
        found[named] = float(value)
    return found


_TESTS = {re.sub(r"[^a-z]", "", name): name
          for name in (*COLLECTIVES, "ib_write_bw", "ib_read_bw", "ib_send_bw")}


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
    rows = sorted((r for r in collective.rows if r.size_bytes >= _LARGE and r.best_busbw), key=lambda r: r.size_bytes)
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


def _judged(values: dict[str, Any], band: Band | None, threshold: float | None) -> None:
    """Add the expected band and the required figure to a subject's values."""
    values["threshold_gbytes"] = threshold
    values["expected.typical"] = round(band.typical, 1) if band else None
    values["expected.ceiling"] = round(band.ceiling, 1) if band else None
    required = threshold if threshold is not None else (FALLBACK_SHARE * band.typical if band else None)
    values["required_gbytes"] = round(required, 1) if required is not None else None
    values["required_gbps"] = round(required * 8, 1) if required is not None else None


def _gbytes(value: float | None) -> float | None:
    return round(value, 2) if value is not None else None


def _nccl_subject(offering: Offering, log: NcclLog, collective: NcclCollective, limits: dict[str, float],
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
    status = collective.status
    if status == "completed" and (why := nccl_invalid(collective)):
        status, status_line = f"invalid ({why})", collective.header_line
    values: dict[str, Any] = {
        "measured.kind": "nccl", "measured.collective": collective.collective, "measured.status": status,
        "measured.plateau_busbw": plateau, "measured.plateau_gbps": _gbytes(plateau * 8) if plateau else None,
        "measured.peak_busbw": collective.peak_busbw, "measured.hosts": collective.nodes or None,
        "measured.ranks": collective.ranks or None, "measured.gpus_per_host": collective.gpus_per_host,
        "measured.max_size_bytes": collective.max_size_bytes, "measured.wrong": collective.wrong_total,
        "measured.out_of_bounds": collective.out_of_bounds, "measured.device_model": model,
        "measured.device_variant": variant, "measured.device_memory_gb": memory,
        "measured.instability": instability,
        "measured.single_node_pcie_like": _pcie_like(collective, model or _fact(offering, "gpu.model")),
    }
    _judged(values, expected_band(cluster_spec(offering), collective.collective),
            limits.get(collective.collective))
    plateau_line = collective.plateau_line
    lines = {name: rank_line for name in ("measured.hosts", "measured.ranks", "measured.gpus_per_host",
                                          "measured.device_model", "measured.device_variant",
                                          "measured.device_memory_gb")}
    lines.update({name: plateau_line for name in ("measured.plateau_busbw", "measured.plateau_gbps",
                                                  "measured.single_node_pcie_like", "required_gbytes",
                                                  "threshold_gbytes", "expected.typical", "expected.ceiling")})
    lines.update({"measured.peak_busbw": collective.peak_line,
                  "measured.max_size_bytes": max_row.line if max_row else None,
                  "measured.wrong": wrong_row.line if wrong_row else None,
                  "measured.out_of_bounds": collective.trailer_line if collective.out_of_bounds else None,
                  "measured.instability": unstable_line, "measured.status": status_line,
                  "start": collective.header_line or rank_line})
    return Subject(path=log.path, values=values, lines=lines, text=text)


def _perftest_subject(offering: Offering, log: PerftestLog, limits: dict[str, float],
                      text: tuple[str, ...]) -> Subject:
    model, variant, memory = device(log.gpu_name)
    average = log.plateau_avg_gbps
    status = "completed" if log.completed and log.rows else "truncated"
    if status == "completed" and (why := perftest_invalid(log)):
        status = f"invalid ({why})"
    values: dict[str, Any] = {
        "measured.kind": "perftest", "measured.collective": log.test, "measured.status": status,
        "measured.plateau_busbw": _gbytes(average / 8) if average is not None else None,
        "measured.plateau_gbps": average,
        "measured.peak_busbw": _gbytes(log.peak_gbps / 8) if log.peak_gbps is not None else None,
        "measured.max_size_bytes": log.max_size_bytes, "measured.device_model": model,
        "measured.device_variant": variant, "measured.device_memory_gb": memory,
    }
    values.update({name: None for name in MEASURED if name not in values and name.startswith("measured.")})
    values["measured.single_node_pcie_like"] = False
    rate = _fact(offering, "fabric.rate_gbps")
    _judged(values, Band(rate / 8, rate / 8) if rate else None, limits.get(log.test or ""))
    last_row = log.rows[-1].line if log.rows else None
    lines = {name: log.plateau_line for name in ("measured.plateau_busbw", "measured.plateau_gbps",
                                                 "required_gbytes", "expected.typical", "expected.ceiling")}
    lines.update({"measured.status": last_row or log.table_line or log.banner_line,
                  "measured.max_size_bytes": last_row, "measured.peak_busbw": log.peak_line,
                  "start": log.banner_line})
    return Subject(path=log.path, values=values, lines=lines, text=text)


def _log_text(path: str) -> tuple[str, ...]:
    """The log's lines, for quoting (empty when it can no longer be read)."""
    try:
        return tuple(Path(path).read_text(encoding="utf-8", errors="replace").split("\n"))
    except OSError:
        return ()


def subjects(offering: Offering, log: NcclLog | PerftestLog, limits: dict[str, float]) -> list[Subject]:
    """One subject per collective run of an nccl-tests log, or one for a perftest log."""
    text = _log_text(log.path)
    if isinstance(log, PerftestLog):
        return [_perftest_subject(offering, log, limits, text)]
    return [_nccl_subject(offering, log, c, limits, text) for c in log.collectives]


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
                     "hosts": v["measured.hosts"], "ranks": v["measured.ranks"],
                     "threshold_gbytes": v["threshold_gbytes"], "required_gbytes": v["required_gbytes"],
                     "expected": {"typical": v["expected.typical"], "ceiling": v["expected.ceiling"]},
                     "line": subject.lines.get("measured.plateau_busbw"), "busbw_by_size": points})
    return {"path": log.path, "kind": kind, "collectives": runs}
