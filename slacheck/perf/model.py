"""Expected nccl-tests bus bandwidth and data-parallel communication share of a cluster.

All bandwidths are GB/s (10^9 bytes/s) per direction, in nccl-tests' *busbw* terms
(algbw x 2(n-1)/n for all_reduce, x (n-1)/n for all_gather, reduce_scatter and
alltoall, x 1 for sendrecv), for large messages (>= 1 GiB). Each answer is a
:class:`Band`: ``ceiling`` is the physical line-rate bound of the bottleneck link,
``typical`` what a healthy, tuned system measures (ceiling x a calibrated efficiency
from rules/catalogue.toml ``[calibration]``).

Intra-node (one server, g GPUs), U = per-GPU unidirectional rate of the link:

- NVSwitch: U = NVLink GB/s / 2. Ring collectives and sendrecv: typical 0.80 U
  (NVLink protocol overhead); alltoall 0.77 U. NVLS all_reduce (NVLink SHARP, Hopper+):
  ceiling U x 2(g-1)/(g+1) (each GPU sends its buffer for in-switch reduction and
  receives the multicast result), typical 0.66 of that.
- NVLink bridge: the bridge rate applies only when all g GPUs sit on one bridge
  (g <= bridge_gpus, usually 2); a ring over more GPUs crosses PCIe and is PCIe-bound.
- PCIe: U = x16 rate of the GPU's generation, typical 0.5 U (CPU/memory bound).

Inter-node (N >= 2 nodes, n = N x g ranks, k NICs of R GB/s each per node, P = the
GPU's PCIe rate, which GPUDirect RDMA traffic crosses):

- ring all_reduce / all_gather / reduce_scatter: every ring channel crosses each
  node boundary once, so busbw <= min(intra-node, node injection = min(k R, g P)).
- alltoall cannot aggregate NICs: each GPU sends through one NIC share
  r = min(R, k R / g, P); a fraction (N-1)/N of its data leaves the node, so
  busbw <= r x ((n-1)/n) / ((N-1)/N).
- sendrecv: each cross-node rank pair uses one NIC: busbw <= min(R, P).

Inter-node typical = ceiling x network efficiency (per collective, measured on
InfiniBand) x protocol factor (RoCE 0.93, TCP sockets 0.55). An unstated protocol
is modelled as TCP, the only thing a document without RDMA wording guarantees.

A spec that does not pin the variant (or gives a link the variant cannot have) is
scored over every matching variant/link: typical from the weakest, ceiling from the
strongest, so a claim is only called impossible when no reading allows it.
"""

import math
from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from slacheck.perf import catalogue
from slacheck.perf.catalogue import GpuVariant, normalize
from slacheck.regexes import regex

Collective = Literal["all_reduce", "all_gather", "reduce_scatter", "alltoall", "sendrecv"]
COLLECTIVES: tuple[Collective, ...] = get_args(Collective)
IntraLink = Literal["nvlink-switch", "nvlink-bridge", "pcie"]
NetProtocol = Literal["infiniband", "roce-v2", "roce", "rdma", "ethernet-tcp"]
Algorithm = Literal["ring", "nvls"]

GRAD_BYTES_PER_PARAM = 2
"""BF16 gradients."""
FLOPS_PER_PARAM_TOKEN = 6
"""Forward + backward of a dense transformer (2 + 4 FLOPs per parameter per token)."""

_Link = Literal["nvlink-switch", "nvlink-bridge", "nvlink-mesh", "pcie"]
_LINKS: dict[str, tuple[_Link, ...]] = {
    "nvswitch": ("nvlink-switch",),
    "bridge": ("nvlink-bridge", "pcie"),  # bridges may or may not be fitted
    "mesh": ("nvlink-mesh",),
    "none": ("pcie",),
}


class ClusterSpec(BaseModel):
    """What an offering states about its GPUs and training network."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nodes: int = Field(default=1, ge=1)
    gpus_per_node: int = Field(ge=1)
    gpu_model: str
    variant: str | None = None
    intra_link: IntraLink | None = None
    nics_per_node: int | None = Field(default=None, ge=1)
    nic_rate_gbps: float | None = Field(default=None, gt=0)
    protocol: NetProtocol | None = None

    @property
    def total_gpus(self) -> int:
        """Ranks of a one-rank-per-GPU run."""
        return self.nodes * self.gpus_per_node

    @property
    def nics(self) -> int:
        """NICs per node; a stated rate without a count guarantees one."""
        return self.nics_per_node or 1


@dataclass(frozen=True)
class Band:
    """Expected busbw in GB/s: what a healthy system measures, and the physical bound."""

    typical: float
    ceiling: float

    def __post_init__(self) -> None:
        if not 0 <= self.typical <= self.ceiling:
            raise ValueError(f"invalid band: typical {self.typical} > ceiling {self.ceiling}")


@dataclass(frozen=True)
class Share:
    """Communication share of a training step: expected, and the lowest physics allows."""

    typical: float
    floor: float


@dataclass(frozen=True)
class _Path:
    model: str
    variant: GpuVariant
    link: _Link


def _paths(spec: ClusterSpec) -> list[_Path]:
    """Variant/link readings consistent with the spec (all of them if the stated link is impossible)."""
    model = catalogue.gpu(spec.gpu_model)
    if model is None:
        raise ValueError(f"unknown GPU model {spec.gpu_model!r}")
    if spec.variant is None:
        variants = list(model.variants.values())
    else:
        found = catalogue.variant(spec.gpu_model, spec.variant)
        if found is None:
            raise ValueError(f"{model.name} has no variant {spec.variant!r}")
        variants = [found]
    paths = [_Path(model.name, v, link) for v in variants for link in _LINKS[v.nvlink_topology]]
    stated = [p for p in paths if p.link == spec.intra_link]
    return stated or paths


def _check(spec: ClusterSpec) -> None:
    if spec.total_gpus < 2:
        raise ValueError("a collective needs at least 2 GPUs")
    if spec.nodes > 1 and spec.nic_rate_gbps is None:
        raise ValueError("a multi-node spec needs nic_rate_gbps")


def _gpu_pcie(path: _Path) -> float:
    gen = path.variant.pcie_gen
    rate = catalogue.pcie_gbytes(gen.value) if gen else None
    if rate is None:
        raise ValueError(f"{path.model} {path.variant.name}: no PCIe figure in the catalogue")
    return rate


def _protocol_factor(protocol: NetProtocol | None) -> float:
    cal = catalogue.calibration().protocol
    if protocol == "infiniband":
        return cal.infiniband.value
    if protocol in ("roce-v2", "roce", "rdma"):
        return cal.roce.value
    return cal.tcp.value


def _intra_band(spec: ClusterSpec, path: _Path, collective: Collective,
                algorithm: Algorithm) -> Band | None:
    """Single-node busbw of ``path``; None with one GPU per node (no intra-node hop)."""
    g = spec.gpus_per_node
    if g == 1:
        return None
    cal = catalogue.calibration().intra_node
    bridge_gpus = path.variant.bridge_gpus.value if path.variant.bridge_gpus else 0
    if path.link == "pcie" or (path.link == "nvlink-bridge" and g > bridge_gpus):
        rate = _gpu_pcie(path)
        return Band(cal.pcie.value * rate, rate)
    rate = path.variant.nvlink_gbytes.value / 2
    if algorithm == "nvls":
        ceiling = rate * 2 * (g - 1) / (g + 1)
        return Band(cal.nvls.value * ceiling, ceiling)
    efficiency = cal.nvlink_alltoall if collective == "alltoall" else cal.nvlink_ring
    return Band(efficiency.value * rate, rate)


def _network_band(spec: ClusterSpec, path: _Path, collective: Collective) -> Band:
    """Inter-node busbw bound of ``path`` (see the module docstring)."""
    assert spec.nic_rate_gbps is not None
    nic = spec.nic_rate_gbps / 8
    gpu_pcie = _gpu_pcie(path)
    g, n, nodes = spec.gpus_per_node, spec.total_gpus, spec.nodes
    if collective == "alltoall":
        per_gpu = min(nic, spec.nics * nic / g, gpu_pcie)
        ceiling = per_gpu * ((n - 1) / n) / ((nodes - 1) / nodes)
    elif collective == "sendrecv":
        ceiling = min(nic, gpu_pcie)
    else:
        ceiling = min(spec.nics * nic, g * gpu_pcie)
    efficiency = getattr(catalogue.calibration().network, collective).value
    return Band(ceiling * efficiency * _protocol_factor(spec.protocol), ceiling)


def _path_band(spec: ClusterSpec, path: _Path, collective: Collective,
               algorithm: Algorithm) -> Band:
    intra = _intra_band(spec, path, collective, algorithm)
    if spec.nodes == 1:
        assert intra is not None
        return intra
    net = _network_band(spec, path, collective)
    if intra is None:
        return net
    return Band(min(intra.typical, net.typical), min(intra.ceiling, net.ceiling))


def _scored_paths(spec: ClusterSpec, collective: Collective, algorithm: Algorithm) -> list[_Path]:
    _check(spec)
    paths = _paths(spec)
    if algorithm == "nvls":
        if collective != "all_reduce" or spec.nodes != 1:
            raise ValueError("NVLS is modelled for single-node all_reduce only")
        paths = [p for p in paths if p.link == "nvlink-switch" and p.variant.supports_nvls]
        if not paths:
            raise ValueError(f"{spec.gpu_model}: no NVSwitch variant with NVLS")
    return paths


def expected_busbw(spec: ClusterSpec, collective: Collective,
                   algorithm: Algorithm = "ring") -> Band:
    """Large-message nccl-tests busbw of ``collective`` on ``spec`` (formulas in the module doc).

    ``algorithm="nvls"`` scores NVLink SHARP all_reduce on one NVSwitch node (what NCCL
    picks by default on Hopper); ``"ring"`` is what ``NCCL_ALGO=RING`` measures.
    """
    bands = [_path_band(spec, p, collective, algorithm)
             for p in _scored_paths(spec, collective, algorithm)]
    return Band(min(b.typical for b in bands), max(b.ceiling for b in bands))


def single_node_busbw(spec: ClusterSpec, collective: Collective,
                      algorithm: Algorithm = "ring") -> Band:
    """busbw of one node of ``spec`` (its network ignored)."""
    return expected_busbw(spec.model_copy(update={"nodes": 1}), collective, algorithm)


def node_network_gbytes(spec: ClusterSpec) -> float:
    """Physical inter-node GB/s per direction of one node: min(NICs x rate, GPUs x GPU PCIe).

    The highest over the variants the spec allows.
    """
    if spec.nic_rate_gbps is None:
        raise ValueError("no nic_rate_gbps stated")
    aggregate = spec.nics * spec.nic_rate_gbps / 8
    return max(min(aggregate, spec.gpus_per_node * _gpu_pcie(p)) for p in _paths(spec))


def per_gpu_network_gbps(spec: ClusterSpec) -> float:
    """Inter-node Gb/s per GPU: NICs x rate / GPUs per node (NET014)."""
    if spec.nic_rate_gbps is None:
        raise ValueError("no nic_rate_gbps stated")
    return spec.nics * spec.nic_rate_gbps / spec.gpus_per_node


_PCIE = regex(r"pci(?:e|express)?(?:gen)?(\d)(?:\.0)?(?:x16)?")


def ceiling_gbps_for_link(link: str | float, count: int = 1) -> float | None:
    """Gb/s per direction that ``count`` links of a stated kind can physically carry.

    ``link`` is an InfiniBand rate ("NDR", "HDR100"), an Ethernet name ("万兆",
    "25GbE"), a PCIe x16 generation ("PCIe Gen4", "PCIe 5.0"), a bare rate ("400G",
    "200 Gb/s") or a number in Gb/s. None if the text names no known link.
    """
    if count < 1:
        raise ValueError("count must be >= 1")
    if isinstance(link, (int, float)):
        return float(link) * count
    rate = catalogue.ib_rate_gbps(link) or catalogue.ethernet_rate_gbps(link)
    if rate is None and (m := _PCIE.fullmatch(normalize(link))):
        gbytes = catalogue.pcie_gbytes(int(m.group(1)))
        rate = gbytes * 8 if gbytes is not None else None
    if rate is None:
        rate = catalogue.rate_word_gbps(link)
    return rate * count if rate is not None else None


def comm_share(spec: ClusterSpec, params: float, tokens_per_step: float, *,
               mfu: float | None = None, bucket_bytes: int | None = None) -> Share:
    """Share of a data-parallel step spent in the gradient all_reduce (not overlapped).

    Model (defaults from ``[calibration.training]``):

    - gradients: 2 bytes/param (BF16), all-reduced by ring in DDP-style buckets of
      ``bucket_bytes`` (25 MiB); each bucket costs 2(n-1) ring steps of fixed latency
      (3 us over RDMA/NVLink, 20 us over TCP sockets) plus its bus bytes
      (2(n-1)/n x bucket) at the expected all_reduce busbw;
    - compute: 6 x params x tokens_per_step FLOPs, spread over n GPUs at dense
      BF16 TFLOPS x ``mfu`` (0.40);
    - share = comm / (comm + compute): nothing is assumed hidden behind the backward pass.

    ``typical`` uses the typical busbw, ``floor`` the ceiling. Calibration check: 8 x 8
    H100 SXM training a 7B model on 384 x 4096 tokens/step gives ~10% on 8 x NDR400
    InfiniBand and ~17% on 8 x 100G RoCE (domain.md: 8-12% and 12-18%).
    """
    if params <= 0 or tokens_per_step <= 0:
        raise ValueError("params and tokens_per_step must be positive")
    cal = catalogue.calibration().training
    mfu = cal.mfu.value if mfu is None else mfu
    bucket = cal.bucket_bytes.value if bucket_bytes is None else bucket_bytes
    if not 0 < mfu <= 1 or bucket <= 0:
        raise ValueError("mfu must be in (0, 1] and bucket_bytes positive")
    n = spec.total_gpus
    tcp = spec.nodes > 1 and spec.protocol in (None, "ethernet-tcp")
    step_us = (cal.step_latency_us_tcp if tcp else cal.step_latency_us_rdma).value
    grad_bytes = GRAD_BYTES_PER_PARAM * params
    latency_s = math.ceil(grad_bytes / bucket) * 2 * (n - 1) * step_us * 1e-6
    bus_bytes = grad_bytes * 2 * (n - 1) / n
    typical: list[float] = []
    floor: list[float] = []
    for path in _scored_paths(spec, "all_reduce", "ring"):
        tflops = path.variant.training_tflops
        if tflops is None:
            raise ValueError(f"{path.model} {path.variant.name}: no compute figure in the catalogue")
        compute_s = FLOPS_PER_PARAM_TOKEN * params * tokens_per_step / (n * tflops.value * 1e12 * mfu)
        band = _path_band(spec, path, "all_reduce", "ring")
        for busbw, out in ((band.typical, typical), (band.ceiling, floor)):
            comm_s = latency_s + bus_bytes / (busbw * 1e9)
            out.append(comm_s / (comm_s + compute_s))
    return Share(typical=max(typical), floor=min(floor))
