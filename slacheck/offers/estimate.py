"""What an offer should deliver: the model's busbw per collective, the fabric per GPU, the communication share
of a data-parallel workload, the effective GPUs that leaves, and the price per (effective) GPU-hour."""

from __future__ import annotations

from typing import Any

from slacheck.fleet import PROTOCOL_NAMES, cluster_spec, expected_band
from slacheck.offering import Offering
from slacheck.perf import catalogue
from slacheck.perf.model import COLLECTIVES, ClusterSpec, comm_share
from slacheck.regexes import regex
from slacheck.rules.engine import values_of


class EstimateError(Exception):
    """Offers that cannot be compared as asked; ``str()`` says why."""


SHARED_OVERSUBSCRIPTION = 2.0
"""A fabric stated as shared without a ratio is modelled as 2:1 oversubscribed."""
_FX = regex(r"([A-Za-z]{3})/([A-Za-z]{3})=(\d+(?:\.\d+)?)")


def _tflops(spec: ClusterSpec) -> tuple[float | None, float | None]:
    """Dense BF16 TFLOPS of the offered part (its weakest variant when unstated) and of the model's SXM part."""
    model = catalogue.gpu(spec.gpu_model)
    if model is None:
        return None, None
    chosen = [model.variants[spec.variant]] if spec.variant in model.variants else list(model.variants.values())
    figures = [v.training_tflops.value for v in chosen if v.training_tflops is not None]
    if not figures:
        return None, None
    reference = (model.variants.get("SXM") or chosen[0]).training_tflops
    return min(figures), reference.value if reference else min(figures)


def _sharing(offering: Offering) -> float:
    """How many customers' worth of traffic one fabric port carries: the stated oversubscription, 2 if shared."""
    ratio = offering.fabric.oversubscription.value if offering.fabric.oversubscription else None
    if ratio and ratio > 1:
        return float(ratio)
    dedicated = offering.fabric.dedicated.value if offering.fabric.dedicated else None
    return SHARED_OVERSUBSCRIPTION if dedicated is False else 1.0


def estimate(path: str, offering: Offering, params: float, tokens_per_step: float) -> dict[str, Any]:
    """The model's figures for the offer read from ``path``; ``notes`` say why a figure is missing."""
    spec = cluster_spec(offering)
    entry: dict[str, Any] = {"path": path, "setup": None, "busbw": {}, "fabric_per_gpu_gbps": None, "sharing": None,
                             "compute_factor": None, "comm_share": None, "effective_gpus": None,
                             "price_per_gpu_hour": None, "price_per_effective_gpu_hour": None, "currency": None,
                             "notes": []}
    if spec is None:
        entry["notes"].append("no GPU model and GPU count stated: nothing to model")
        return entry
    sharing = _sharing(offering)
    if spec.nic_rate_gbps and sharing > 1:
        spec = spec.model_copy(update={"nic_rate_gbps": spec.nic_rate_gbps / sharing})
        entry["notes"].append(f"fabric shared or oversubscribed: {sharing:g}:1 assumed")
    entry["sharing"] = sharing
    protocol = PROTOCOL_NAMES.get(spec.protocol or "", "protocol unstated")
    network = f", {spec.nics} x {spec.nic_rate_gbps * sharing:g}G {protocol}" if spec.nic_rate_gbps else ""
    variant = spec.variant or "form factor unstated"
    entry["setup"] = f"{spec.nodes} x {spec.gpus_per_node} {spec.gpu_model} {variant}{network}"
    if spec.nic_rate_gbps:
        entry["fabric_per_gpu_gbps"] = round(spec.nics * spec.nic_rate_gbps / spec.gpus_per_node, 1)
    elif spec.nodes > 1:
        entry["notes"].append("no inter-node rate stated: network figures cannot be modelled")
    for collective in COLLECTIVES:
        band = expected_band(spec, collective)
        entry["busbw"][collective] = {"typical": round(band.typical, 1), "ceiling": round(band.ceiling, 1)} \
            if band else None
    offered, reference = _tflops(spec)
    if spec.variant is None:
        entry["notes"].append("form factor unstated: the weakest variant's compute is assumed")
    try:
        share = comm_share(spec, params, tokens_per_step)
    except ValueError as error:
        entry["notes"].append(str(error))
        return entry
    entry["comm_share"] = {"typical": round(share.typical, 4), "floor": round(share.floor, 4)}
    factor = offered / reference if offered and reference else 1.0
    entry["compute_factor"] = round(factor, 3)
    entry["effective_gpus"] = round(spec.total_gpus * (1 - share.typical) * factor, 1)
    _price(entry, offering, (1 - share.typical) * factor)
    return entry


def _price(entry: dict[str, Any], offering: Offering, effective_share: float) -> None:
    """Fill in the price per GPU-hour and per effective GPU-hour (``effective_share`` of a GPU does work)."""
    price = values_of(offering)["price_per_gpu_hour"]
    unit = offering.commercial.unit_price.value if offering.commercial.unit_price else None
    if unit is None:
        entry["notes"].append("no unit price stated")
    elif price is None:
        entry["notes"].append("the unit price names no period or no GPU count per node: no price per GPU-hour")
    elif unit.currency is None:
        entry["notes"].append("the unit price names no currency")
    else:
        entry["currency"] = unit.currency
        entry["price_per_gpu_hour"] = round(price, 3)
        entry["price_per_effective_gpu_hour"] = round(price / effective_share, 3)


def convert(entries: list[dict[str, Any]], fx: str | None) -> str | None:
    """Bring every price into one currency; refuse mixed currencies without ``--fx``. Returns the note to print."""
    currencies = sorted({e["currency"] for e in entries if e["currency"]})
    if len(currencies) < 2:
        return None
    if fx is None:
        raise EstimateError(f"offers are priced in {' and '.join(currencies)}: give --fx FROM/TO=RATE "
                         f"(e.g. --fx {currencies[1]}/{currencies[0]}=RATE) to compare them")
    match = _FX.fullmatch(fx.strip())
    if match is None or float(match.group(3)) <= 0:
        raise EstimateError(f"--fx: expected FROM/TO=RATE such as USD/CNY=7.1, got {fx!r}")
    source, target, rate = match.group(1).upper(), match.group(2).upper(), float(match.group(3))
    if set(currencies) != {source, target}:
        raise EstimateError(f"--fx {source}/{target} does not cover the offers' currencies {', '.join(currencies)}")
    for entry in entries:
        if entry["currency"] == source:
            for key in ("price_per_gpu_hour", "price_per_effective_gpu_hour"):
                entry[key] = round(entry[key] * rate, 3)
            entry["currency"] = target
    return f"prices in {source} converted at 1 {source} = {rate:g} {target}"


def params_label(params: float) -> str:
    """70000000000 -> 70B, 1.5e9 -> 1.5B, 350e6 -> 350M."""
    for suffix, scale in (("T", 1e12), ("B", 1e9), ("M", 1e6)):
        if params >= scale:
            return f"{params / scale:.3g}{suffix}"
    return f"{params:g}"


def assumptions(params: float, tokens_per_step: float) -> list[str]:
    """What every estimate assumes, with sources."""
    cal = catalogue.calibration()
    protocol = cal.protocol
    return [
        f"workload: dense transformer, {params_label(params)} parameters, {tokens_per_step:,.0f} tokens "
        f"per step, data-parallel with BF16 gradients all-reduced in {cal.training.bucket_bytes.value // 2**20} "
        f"MiB buckets, no overlap with compute",
        f"compute: 6 FLOPs per parameter per token at {cal.training.mfu.value:.0%} of dense BF16 TFLOPS "
        f"({cal.training.mfu.source})",
        "effective GPU-hour: an hour of the model's SXM part computing; PCIe/NVL parts count at their share of "
        "its dense BF16 TFLOPS (NVIDIA datasheets), communication time does not count",
        f"network: busbw of the fabric per node at the calibrated efficiency x protocol factor (InfiniBand "
        f"{protocol.infiniband.value:g}, RoCE {protocol.roce.value:g}, TCP {protocol.tcp.value:g}); a shared "
        f"fabric without a stated ratio counts as {SHARED_OVERSUBSCRIPTION:g}:1 oversubscribed",
        f"latency per ring step: {cal.training.step_latency_us_rdma.value:g} us over RDMA, "
        f"{cal.training.step_latency_us_tcp.value:g} us over TCP",
        "prices per GPU-hour: monthly prices over 730 hours",
    ]
