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

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from slacheck.fleet import PROTOCOL_NAMES, cluster_spec, expected_band, stated
from slacheck.offering import Evidence, Offering
from slacheck.perf.acceptance import (
    JUDGED_MIN_BYTES,
    SIZE_SLACK,
    latency_transport,
    nccl_command,
    perftest_command,
    size_label,
    size_range_label,
)
from slacheck.perf.devices import device
from slacheck.perf.model import Band
from slacheck.perf.nccl.records import NcclCollective, NcclLog, NcclRow
from slacheck.perf.nccl.records import invalid_reason as nccl_invalid
from slacheck.perf.nccl.stability import pcie_like, run_instability
from slacheck.perf.perftest_log import PerftestLog
from slacheck.perf.perftest_log import invalid_reason as perftest_invalid
from slacheck.report.messages import section
from slacheck.rules.derived import MEASURED
from slacheck.rules.thresholds import Threshold, number, share_of_line_rate

FALLBACK_SHARE = 0.8
"""Without a contract threshold, a log must reach this share of the model's typical busbw."""


@dataclass(frozen=True)
class Subject:
    """One collective run (or perftest log) with the values ACC conditions read."""

    path: str
    values: dict[str, Any]
    lines: dict[str, int | None]
    text: tuple[str, ...]
    requirement: Requirement

    def evidence(self, names: tuple[str, ...]) -> list[Evidence]:
        """Log lines behind the names a condition reads (the first line of the log when none)."""
        numbers = [self.lines.get(n) for n in names]
        chosen = list(dict.fromkeys(n for n in numbers if n)) or [self.lines.get("start") or 1]
        return [Evidence(path=self.path, page=1, line=n, column=1,
                         text=self.text[n - 1].strip() if n <= len(self.text) else "") for n in chosen]


@dataclass(frozen=True)
class Requirement:
    """The figure a run must reach and where it comes from."""

    gbytes: float | None
    source: str
    """``contract`` (a stated figure), ``share`` (a stated share of line rate) or ``model`` (80% of typical)."""
    basis: float | None
    """The line rate (share) or the model's typical figure (model), GB/s."""


def _requirement(band: Band | None, threshold: Threshold | None, share: float | None) -> Requirement:
    """The contract's threshold, else its share of the line rate, else 80% of the model's typical figure."""
    if threshold is not None:
        return Requirement(threshold.gbytes, "contract", None)
    if share is not None and band is not None:
        return Requirement(share * band.ceiling, "share", band.ceiling)
    return Requirement(FALLBACK_SHARE * band.typical if band else None, "model", band.typical if band else None)


def _judged(values: dict[str, Any], band: Band | None, threshold: Threshold | None, requirement: Requirement,
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
        else f"{number(round(required * 8, 1))} Gb/s" if bits else f"{number(round(required, 1))} GB/s")


def _gpu_label(model: Any, variant: Any, memory: Any) -> str | None:
    """``H100 SXM 80 GB`` from the parts that are known."""
    parts = [str(model) if model else "", str(variant) if variant else "", f"{memory} GB" if memory else ""]
    return " ".join(p for p in parts if p) or None


def _device_values(offering: Offering, model: str | None, variant: str | None, memory: int | None) -> dict[str, Any]:
    """The GPU a log shows and the one offered, for ACC003."""
    return {"measured.device_model": model, "measured.device_variant": variant, "measured.device_memory_gb": memory,
            "measured.device_label": _gpu_label(model, variant, memory),
            "offered_gpu": _gpu_label(*(stated(offering, f"gpu.{name}") for name in ("model", "variant", "memory_gb"))),
            "offered_fabric": PROTOCOL_NAMES.get(stated(offering, "fabric.protocol") or "")}


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
    return "tcp-latency", f"{number(slow[0])} µs", slow[1]


def _nccl_subject(offering: Offering, log: NcclLog, collective: NcclCollective, limits: dict[str, Threshold],
                  text: tuple[str, ...]) -> Subject:
    model, variant, memory = device(collective.devices[0] if collective.devices else None)
    instability, unstable_line = run_instability(collective, log)
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
        "measured.figure": f"{number(judged)} GB/s busbw" if judged is not None else None, "measured.device": None,
        "measured.rerun": nccl_command(collective.collective, spec.nodes, spec.gpus_per_node) if spec else None,
        "measured.peak_busbw": collective.peak_busbw, "measured.hosts": collective.nodes or None,
        "measured.ranks": collective.ranks or None, "measured.gpus_per_host": collective.gpus_per_host,
        "measured.max_size_bytes": collective.max_size_bytes,
        "measured.max_size": size_label(collective.max_size_bytes) if collective.max_size_bytes else None,
        "measured.wrong": collective.wrong_total,
        "measured.out_of_bounds": collective.out_of_bounds, **_device_values(offering, model, variant, memory),
        "measured.instability": instability,
        "measured.instability_pct": round(100 * instability, 1) if instability is not None else None,
        "measured.single_node_pcie_like": pcie_like(collective, model or stated(offering, "gpu.model")),
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
        "measured.figure": f"{number(average)} Gb/s" if average is not None else None,
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
    rate = stated(offering, "fabric.rate_gbps")
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


def subjects(offering: Offering, log: NcclLog | PerftestLog, limits: dict[str, Threshold],
             text: tuple[str, ...]) -> list[Subject]:
    """One subject per collective run of an nccl-tests log, or one for a perftest log (``text``: its lines)."""
    if isinstance(log, PerftestLog):
        return [_perftest_subject(offering, log, limits, text)]
    return [_nccl_subject(offering, log, c, limits, text) for c in log.collectives]


def summary(subject: Subject, language: str) -> str:
    """One run's judged figure against its requirement, in the report's language."""
    words = section(language, "run")
    v, need = subject.values, subject.requirement
    bits = v["measured.kind"] == "perftest"
    basis = None if need.basis is None else (f"{number(round(need.basis * 8, 1))} Gb/s" if bits
                                             else f"{number(round(need.basis, 1))} GB/s")
    share = f"{number(100 * need.gbytes / need.basis)}" if need.source == "share" and need.gbytes and need.basis else ""
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
    return section(language, "run")[transport].format(detail=detail)


def merged(firing: Sequence[Subject], language: str) -> dict[str, Any]:
    """The values of one finding about several runs of a log: the first run's, with the runs listed."""
    names = list(dict.fromkeys(str(s.values["measured.collective"]) for s in firing))
    reruns = list(dict.fromkeys(str(s.values["measured.rerun"]) for s in firing if s.values["measured.rerun"]))
    return {**firing[0].values, "measured.collectives": ", ".join(names),
            "measured.summary": "; ".join(summary(s, language) for s in firing),
            "measured.transport_name": transport_name(firing[0].values, language),
            "measured.rerun": " ; ".join(reruns) or None}
