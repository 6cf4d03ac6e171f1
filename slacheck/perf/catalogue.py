"""The hardware catalogue (rules/catalogue.toml): typed models, a cached loader and lookups.

Every number in the file is a :class:`Figure` carrying its ``source`` and whether it
was ``verified`` against a primary source. Lookups accept the spellings found in
quotes: case, spaces, hyphens, full-width characters and a leading vendor word
("NVIDIA", "GeForce", "Tesla", "Huawei") are ignored.

Over 350 lines on purpose: the models are the schema of one file and the lookups are its only readers, so
a reader checking a figure's source and the lookup that serves it finds both here.
"""

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import Generic, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from slacheck.regexes import regex
from slacheck.resources import data_toml, rules_file

T = TypeVar("T")

Topology = Literal["nvswitch", "bridge", "mesh", "none"]
"""GPU-to-GPU fabric: NVSwitch all-to-all, pairwise (or 4-way) bridges, point-to-point mesh, none."""

VariantName = Literal["SXM", "PCIe", "NVL", "module"]
Protocol = Literal["infiniband", "ethernet"]


class CatalogueError(ValueError):
    """The catalogue file is missing, not TOML, or does not match the schema."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Figure(_Frozen, Generic[T]):
    """One sourced value."""

    value: T
    source: str = Field(min_length=1)
    verified: bool = True


class GpuVariant(_Frozen):
    """One form factor of a GPU model (SXM, PCIe, NVL)."""

    name: VariantName
    nvlink_gbytes: Figure[float]
    nvlink_topology: Topology
    bridge_gpus: Figure[int] | None = None
    nvls: Figure[bool] | None = None
    pcie_gen: Figure[int] | None = None
    memory_gb: Figure[list[int]]
    dense_bf16_tflops: Figure[float] | None = None
    dense_fp16_tflops: Figure[float] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        has_nvlink = self.nvlink_gbytes.value > 0
        if has_nvlink == (self.nvlink_topology == "none"):
            raise ValueError("nvlink_gbytes must be 0 exactly when nvlink_topology is 'none'")
        if (self.bridge_gpus is not None) != (self.nvlink_topology == "bridge"):
            raise ValueError("bridge_gpus is required for, and only for, nvlink_topology 'bridge'")
        if self.bridge_gpus is not None and self.bridge_gpus.value < 2:
            raise ValueError("a bridge joins at least 2 GPUs")
        if self.supports_nvls and self.nvlink_topology != "nvswitch":
            raise ValueError("NVLS needs nvlink_topology 'nvswitch'")
        if not self.memory_gb.value:
            raise ValueError("memory_gb needs at least one size")
        return self

    @property
    def is_sxm(self) -> bool:
        """True for the socketed (HGX/DGX board) form factor."""
        return self.name == "SXM"

    @property
    def supports_nvls(self) -> bool:
        """NVLink SHARP (in-switch reduction) is available."""
        return self.nvls is not None and self.nvls.value

    @property
    def training_tflops(self) -> Figure[float] | None:
        """Dense BF16 tensor TFLOPS, or FP16 on parts without BF16 (T4, V100)."""
        return self.dense_bf16_tflops or self.dense_fp16_tflops


class GpuModel(_Frozen):
    """A GPU model by canonical name, with its variants."""

    name: str
    vendor: str
    datacenter_class: bool
    ships_sxm_and_pcie: bool
    aliases: list[str] = []
    variants: dict[VariantName, GpuVariant] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _name_variants(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("variants"), dict):
            data = {**data, "variants": {k: {"name": k, **v} if isinstance(v, dict) else v
                                         for k, v in data["variants"].items()}}
        return data

    @model_validator(mode="after")
    def _form_factors(self) -> Self:
        both = "SXM" in self.variants and bool({"PCIe", "NVL"} & self.variants.keys())
        if both != self.ships_sxm_and_pcie:
            raise ValueError(f"ships_sxm_and_pcie={self.ships_sxm_and_pcie} disagrees with "
                             f"variants {sorted(self.variants)}")
        return self


class LinkRate(_Frozen):
    """A named link rate (InfiniBand or Ethernet) in Gb/s per direction."""

    gbps: Figure[float]
    aliases: list[str] = []


class Nic(_Frozen):
    """A network adapter at its fastest port configuration."""

    rate_gbps: Figure[float]
    pcie_gen: Figure[int]
    protocols: list[Protocol] = Field(min_length=1)
    aliases: list[str] = []


class Switch(_Frozen):
    """A fabric switch: port count at its full per-port rate."""

    ports: Figure[int]
    port_rate_gbps: Figure[float]
    protocol: Protocol
    aliases: list[str] = []


class _Fraction(Figure[float]):
    value: float = Field(gt=0, le=1)


class IntraNodeCalibration(_Frozen):
    """Fractions of the intra-node line rate nccl-tests reaches."""

    nvlink_ring: _Fraction
    nvlink_alltoall: _Fraction
    nvls: _Fraction
    pcie: _Fraction


class NetworkCalibration(_Frozen):
    """Per-collective fraction of the inter-node ceiling reached on InfiniBand."""

    all_reduce: _Fraction
    all_gather: _Fraction
    reduce_scatter: _Fraction
    alltoall: _Fraction
    sendrecv: _Fraction


class ProtocolCalibration(_Frozen):
    """Factor applied to the InfiniBand efficiencies for each transport."""

    infiniband: _Fraction
    roce: _Fraction
    tcp: _Fraction


class TrainingCalibration(_Frozen):
    """Assumptions of the data-parallel step model."""

    mfu: _Fraction
    bucket_bytes: Figure[int]
    step_latency_us_rdma: Figure[float]
    step_latency_us_tcp: Figure[float]


class Calibration(_Frozen):
    """All calibration constants of slacheck.perf.model."""

    intra_node: IntraNodeCalibration
    network: NetworkCalibration
    protocol: ProtocolCalibration
    training: TrainingCalibration


class Catalogue(_Frozen):
    """The whole catalogue file."""

    schema_version: Literal[1]
    gpu: dict[str, GpuModel]
    pcie: dict[int, Figure[float]]
    infiniband: dict[str, LinkRate]
    ethernet: dict[str, LinkRate]
    nic: dict[str, Nic]
    switch: dict[str, Switch]
    switch_family: dict[Protocol, list[str]] = {}
    """The first characters of the model names of each fabric's switches, for switches not listed."""
    calibration: Calibration

    @model_validator(mode="before")
    @classmethod
    def _name_gpus(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("gpu"), dict):
            data = {**data, "gpu": {k: {"name": k, **v} if isinstance(v, dict) else v
                                    for k, v in data["gpu"].items()}}
        return data

    @model_validator(mode="after")
    def _unique_names(self) -> Self:
        for section in ("gpu", "infiniband", "ethernet", "nic", "switch"):
            _index(getattr(self, section), section)
        for model in self.gpu.values():
            for v in model.variants.values():
                if v.pcie_gen is not None and v.pcie_gen.value not in self.pcie:
                    raise ValueError(f"{model.name} {v.name}: PCIe gen {v.pcie_gen.value} "
                                     "has no [pcie] rate")
        return self


_VENDOR_WORDS = regex(r"^(?:nvidia|geforce|tesla|huawei)\s+")


def normalize(name: str) -> str:
    """Lookup key: NFKC, case-folded, vendor word dropped, no spaces, hyphens or underscores."""
    text = unicodedata.normalize("NFKC", name).casefold().strip()
    while (stripped := _VENDOR_WORDS.sub("", text)) != text:
        text = stripped
    return re.sub(r"[\s\-_]+", "", text)


def _index(section: Mapping[str, BaseModel], label: str) -> dict[str, str]:
    """Map every normalized name and alias of a section to its canonical key."""
    index: dict[str, str] = {}
    for key, entry in section.items():
        for spelling in (key, *getattr(entry, "aliases", [])):
            norm = normalize(spelling)
            if index.get(norm, key) != key:
                raise ValueError(f"[{label}] {spelling!r} names both {index[norm]!r} and {key!r}")
            index[norm] = key
    return index


def parse_catalogue(text: str, *, shipped: bool = False) -> Catalogue:
    """Parse and validate catalogue TOML; raise :class:`CatalogueError` on any defect. The ``shipped``
    catalogue's tables are kept in the cache folder (resources.data_toml)."""
    try:
        return Catalogue.model_validate(data_toml("catalogue.toml", text) if shipped else tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"catalogue.toml is not valid TOML: {exc}") from exc
    except ValidationError as exc:
        raise CatalogueError(f"catalogue.toml does not match the schema:\n{exc}") from exc


@cache
def load_catalogue() -> Catalogue:
    """The catalogue shipped with the package, parsed once."""
    try:
        text = rules_file("catalogue.toml").read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogueError(f"cannot read the shipped catalogue.toml: {exc}") from exc
    return parse_catalogue(text, shipped=True)


@cache
def _indexes() -> dict[str, dict[str, str]]:
    cat = load_catalogue()
    return {s: _index(getattr(cat, s), s) for s in ("gpu", "infiniband", "ethernet", "nic", "switch")}


def _find(section: str, name: str) -> str | None:
    return _indexes()[section].get(normalize(name))


def gpu(model: str) -> GpuModel | None:
    """The GPU model for a name or alias ("H100", "nvidia h100", "4090"), or None."""
    key = _find("gpu", model)
    return load_catalogue().gpu[key] if key else None


def canonical_variant(name: str) -> VariantName | None:
    """Canonical variant name for a form-factor word: SXM4/SXM5/HGX/DGX -> SXM, PCI-e -> PCIe."""
    key = normalize(name)
    if key.startswith("sxm") or key in ("hgx", "dgx"):
        return "SXM"
    if key in ("pcie", "pciexpress", "pci"):
        return "PCIe"
    if key == "nvl":
        return "NVL"
    if key == "module":
        return "module"
    return None


def variant(model: str, variant_name: str) -> GpuVariant | None:
    """One variant of a model ("H100", "SXM5"), or None if either is unknown."""
    found = gpu(model)
    name = canonical_variant(variant_name)
    if found is None or name is None:
        return None
    return found.variants.get(name)


def ships_as_sxm_and_pcie(model: str) -> bool:
    """The model exists both as SXM and as a PCIe card (HW001)."""
    found = gpu(model)
    return found is not None and found.ships_sxm_and_pcie


def is_datacenter_class(model: str) -> bool:
    """The model is on the data-centre list of NET014."""
    found = gpu(model)
    return found is not None and found.datacenter_class


def nvlink_gbytes(model: str, variant_name: str) -> float | None:
    """Bidirectional per-GPU NVLink GB/s of a variant (0 without NVLink), or None if unknown."""
    found = variant(model, variant_name)
    return found.nvlink_gbytes.value if found else None


def sxm_only_nvlink_figures(model: str) -> frozenset[float]:
    """Per-GPU NVLink GB/s figures of the model that only its SXM part reaches (HW002).

    Empty when no PCIe/NVL variant exists or when a bridge reaches the same figure
    (A100: SXM and bridge are both 600 GB/s).
    """
    found = gpu(model)
    if found is None or not found.ships_sxm_and_pcie:
        return frozenset()
    best_card = max(v.nvlink_gbytes.value for v in found.variants.values() if not v.is_sxm)
    return frozenset(v.nvlink_gbytes.value for v in found.variants.values()
                     if v.is_sxm and v.nvlink_gbytes.value > best_card)


def pcie_gbytes(gen: int) -> float | None:
    """GB/s per direction of a PCIe x16 link of generation ``gen``, or None if unknown."""
    figure = load_catalogue().pcie.get(gen)
    return figure.value if figure else None


def ib_rate_gbps(name: str) -> float | None:
    """Data rate of an InfiniBand 4x (or named 2x) port: "NDR" -> 400.0; None if unknown."""
    key = _find("infiniband", re.sub(r"^(?:infiniband|ib)", "", normalize(name)))
    return load_catalogue().infiniband[key].gbps.value if key else None


_RATE_WORD = regex(r"(\d+(?:\.\d+)?)(?:g|gb|gbe|ge|gbps|gb/s|gbit/s)(?:ethernet)?")


def rate_word_gbps(text: str) -> float | None:
    """A bare rate in Gb/s: "400G", "200 Gb/s", "25Gbps" -> the number; None otherwise."""
    match = _RATE_WORD.fullmatch(normalize(text))
    return float(match.group(1)) if match else None


def ethernet_rate_gbps(name: str) -> float | None:
    """Rate of a named Ethernet speed: "万兆" -> 10.0, "25GbE" / "25 Gbps" -> 25.0; None if unknown."""
    key = _find("ethernet", name)
    if key:
        return load_catalogue().ethernet[key].gbps.value
    rate = rate_word_gbps(name)
    return rate if rate in {e.gbps.value for e in load_catalogue().ethernet.values()} else None


def nic(name: str) -> Nic | None:
    """A NIC by model name or alias ("ConnectX-7", "CX7"), or None."""
    key = _find("nic", name)
    return load_catalogue().nic[key] if key else None


def switch(name: str) -> Switch | None:
    """A switch by model name or alias ("QM9700", "SN5600"), or None."""
    key = _find("switch", name)
    return load_catalogue().switch[key] if key else None


def switch_protocol(name: str) -> Protocol | None:
    """The fabric a switch carries, by its model ("QM9700": infiniband) or its family ("Spectrum-3 SN4700", "CE8851":
    ethernet); None for a switch the catalogue does not know."""
    found = switch(name)
    if found is not None:
        return found.protocol
    key = normalize(name)
    return next((protocol for protocol, starts in load_catalogue().switch_family.items()
                 if key.startswith(tuple(starts))), None)


def calibration() -> Calibration:
    """The model's calibration constants."""
    return load_catalogue().calibration
