"""The structured offering: every fact a document states (``slacheck.facts``), assembled from what the
extractor read (statements), one offering per option a document gives.
"""

from functools import cache
from typing import Any, Iterable, Mapping

from pydantic import BaseModel, Field

from slacheck.facts import (
    Acceptance,
    Backup,
    Claims,
    Commercial,
    Fabric,
    Fact,
    Gpu,
    IntraNode,
    Section,
    Sla,
    Tuning,
    Verification,
)
from slacheck.model import Evidence

__all__ = ["Evidence", "NamedOffering", "Offering", "Statement"]


class Offering(BaseModel):
    """Everything the document offers, section by section."""

    nodes: Fact[int] | None = None
    gpu: Gpu = Field(default_factory=Gpu)
    intra_node: IntraNode = Field(default_factory=IntraNode)
    fabric: Fabric = Field(default_factory=Fabric)
    verification: Verification = Field(default_factory=Verification)
    tuning: Tuning = Field(default_factory=Tuning)
    acceptance: Acceptance = Field(default_factory=Acceptance)
    sla: Sla = Field(default_factory=Sla)
    backup: Backup = Field(default_factory=Backup)
    commercial: Commercial = Field(default_factory=Commercial)
    claims: Claims = Field(default_factory=Claims)

    def fact(self, path: str) -> Fact[Any] | None:
        """The fact at a dotted path such as ``fabric.rate_gbps``, or None (KeyError: not a fact's path)."""
        section, name = _fact_places()[path]
        found: Fact[Any] | None = getattr(getattr(self, section), name) if name else getattr(self, section)
        return found


class Statement(BaseModel):
    """One thing the extractor read: a value for a fact path, with evidence.

    ``tag`` links related statements (e.g. a rate to the protocol it was
    stated with) so that assembly can pick the matching one.
    """

    path: str
    value: Any
    hedged: bool = False
    evidence: list[Evidence]
    tag: str | None = None
    option: str | None = None
    amends: bool = False
    """Read in an amendment's new value: it replaces what the document said before about its path."""
    background: bool = False
    """Read in an agreement's recitals (鉴于, "Recitals"): what its terms state about the path comes first."""
    in_column: bool = False
    """Read in a table column that names its option: for that option it outranks what is said for all."""


MAX_EVIDENCE = 8
"""Quotes kept per fact: the first places the document says it (a term repeated on every page needs no more)."""

PROTOCOLS = ["infiniband", "roce-v2", "roce-v1", "roce", "rdma", "ethernet-tcp"]
"""Fabric protocols, best first."""
ROCE = ("roce-v2", "roce-v1", "roce")
"""RoCE of any version."""
NAMED_RDMA = ("infiniband", *ROCE)
"""InfiniBand or RoCE, named as such."""
RDMA = (*NAMED_RDMA, "rdma")
"""Every RDMA fabric: InfiniBand, RoCE, or RDMA whose protocol is not named."""
RDMA_OVER_ETHERNET = (*ROCE, "rdma")
"""RoCE, or RDMA over Ethernet whose protocol is not named."""

GPU_VARIANTS = ("SXM", "PCIe", "NVL")
"""GPU form factors: SXM (HGX/DGX baseboards), PCIe cards, and the H100/H200 NVL product."""

# How competing statements for one path are resolved; the default is "the first one said".
_DENIAL_WINS = {"acceptance.compute_only", "fabric.dedicated", "fabric.isolation", "verification.hardware",
                "sla.availability_guaranteed"}
_ANY_TRUE = {"fabric.optional", "fabric.multi_site", "fabric.scale_out", "intra_node.full_mesh", "intra_node.nvswitch",
             "commercial.price_hedged", "commercial.addon_on_request", "commercial.fabric_price_hedged",
             "tuning.baseline", "acceptance.trial", "acceptance.report_kept", "acceptance.on_mig",
             "acceptance.multi_node", "sla.credits", "sla.network_restore"}
_RANKED = {
    "fabric.included_protocol": PROTOCOLS,
    "fabric.protocol": PROTOCOLS,
    "fabric.upgrade_protocol": PROTOCOLS,
    "intra_node.link": ["nvlink-bridge", "pcie", "nvlink-switch"],
    "fabric.expansion": ["vague", "concrete"],
    "fabric.topology": ["rail-optimized", "fat-tree", "leaf-spine", "dragonfly", "clos", "single-switch"],
    "fabric.cabling": ["excluded", "customer", "provider"],
    "backup.scope": ["all", "data", "system-only"],
    "commercial.billing": ["annual", "quarterly", "monthly"],
    "tuning.owner": ["shared", "provider", "customer"],
    "tuning.troubleshooting": ["shared", "provider", "customer"],
}


VOCABULARY: dict[str, tuple[str, ...]] = {"gpu.variant": GPU_VARIANTS,
                                          **{path: tuple(words) for path, words in _RANKED.items()}}
"""The closed set of values of each word-valued fact (the GPU model is open: documents name any part)."""


# Counts and rates of a fabric: each follows its own protocol (the best offered, or the one included);
# RoCE and unnamed RDMA run over Ethernet, so a card said as "400GbE" counts for them.
_BY_PROTOCOL = {"fabric.rate_gbps": "fabric.protocol", "fabric.nics_per_node": "fabric.protocol",
                "fabric.included_rate_gbps": "fabric.included_protocol",
                "fabric.included_nics_per_node": "fabric.included_protocol",
                "fabric.upgrade_nics_per_node": "fabric.upgrade_protocol"}


_OVER_ETHERNET = (*RDMA_OVER_ETHERNET, "ethernet-tcp")
"""What a card said with any RDMA-over-Ethernet word, or as plain Ethernet, counts for: RoCE by any name."""

_SPLIT_DUTIES = frozenset({"tuning.owner", "tuning.troubleshooting"})
"""Duties whose parts a document may give to different parties: provider and customer together share it."""


def _choose(path: str, said: list[Statement], protocol: str | None) -> Statement | None:
    """Pick the statement that stands for a path (None: none of them is about the fabric it follows)."""
    if path in _DENIAL_WINS:
        return next((s for s in said if s.value is False), said[0])
    if path in _ANY_TRUE:
        return next((s for s in said if s.value is True), said[0])
    if path in _SPLIT_DUTIES and {"provider", "customer"} <= {s.value for s in said}:
        each = [next(s for s in said if s.value == party) for party in ("provider", "customer")]
        return Statement(path=path, value="shared", evidence=[e for s in each for e in s.evidence])
    if path in _RANKED:
        order = _RANKED[path]
        return min(said, key=lambda s: order.index(s.value) if s.value in order else len(order))
    if path in _BY_PROTOCOL and protocol:
        carriers = (protocol, *_OVER_ETHERNET) if protocol in RDMA_OVER_ETHERNET else (protocol,)
        untagged = next((s for s in said if s.tag is None), None)
        return next((s for tag in carriers for s in said if s.tag == tag), untagged)
    return next((s for s in said if s.tag == "primary"), said[0])


def assemble(statements: list[Statement]) -> Offering:
    """Build the offering from the statements, in document order (values are validated against the model)."""
    by_path: dict[str, list[Statement]] = {}
    for statement in [*statements, *included_fabric_not_optional(statements)]:
        by_path.setdefault(statement.path, []).append(statement)
    protocols = {path: chosen.value for path in set(_BY_PROTOCOL.values())
                 if by_path.get(path) and (chosen := _choose(path, _standing(by_path[path]), None)) is not None}
    _split_upgrade(by_path, protocols)
    models = _standing(by_path.get("gpu.model", []))
    model = _choose("gpu.model", models, None) if models else None
    data: dict[str, Any] = {}
    for path in fact_paths():
        said = _standing(by_path.get(path, []))
        if path in _OF_THE_MODEL:
            said = _of_the_model(said, model.value if model else None)
        chosen = _choose(path, said, protocols.get(_BY_PROTOCOL.get(path, ""))) if said else None
        if chosen is None:
            continue
        evidence = (e for s in said if s.value == chosen.value for e in s.evidence)
        *sections, name = path.split(".")
        target = data
        for section in sections:
            target = target.setdefault(section, {})
        target[name] = {"value": chosen.value, "hedged": chosen.hedged,
                        "evidence": _first_unique(evidence, MAX_EVIDENCE)}
    return Offering.model_validate(data)


_OF_THE_MODEL = frozenset({"gpu.variant", "gpu.memory_gb"})
"""Facts a GPU phrase states with its model: they follow the offered model (statements tagged with another
model, "A100 80G SXM" in a promotion beside an H100 offer, are left out)."""


def _of_the_model(said: list[Statement], model: str | None) -> list[Statement]:
    """The statements said with the offered ``model`` first, then those said without one."""
    return [s for s in said if s.tag == model] + [s for s in said if s.tag is None]


def _standing(said: list[Statement]) -> list[Statement]:
    """The statements of a path that stand: the terms before the recitals (or the requirements a bidder
    answers), and the latest amendment before everything else (for the GPU model, an amendment that counts it)."""
    said = [s for s in said if not s.background] or said
    amending = [s for s in said if s.amends]
    if said and said[0].path == "gpu.model" and not any(s.tag == "primary" for s in amending) \
            and any(s.tag == "primary" for s in said):
        amending = []  # "correction: 100G, not 200G. The 200G boxes are the H100 pool": a model named in passing
    if amending and all(isinstance(s.value, str) and any(t.value in _NAMED_MORE_CLOSELY.get(s.value, ()) for t in said)
                        for s in amending):
        amending = []  # a correction that names the protocol less closely than the document did keeps it:
        # "更换后恢复原 RoCE 配置" after RoCE v2, "scratch that, 2x 200GbE per node" after RoCE v2
    return amending[::-1] if amending else said


_NAMED_MORE_CLOSELY = {"roce": ROCE[:2], "ethernet-tcp": ROCE}
"""For a protocol a correction may name, the ones that say more of the same fabric (RoCE runs over Ethernet)."""


def _split_upgrade(by_path: dict[str, list[Statement]], protocols: dict[str, str]) -> None:
    """When the base offer includes InfiniBand or RoCE (or RDMA over Ethernet, its protocol not named) and an
    add-on offers another protocol, the included fabric is the offering's fabric and the add-on is its upgrade
    (``fabric.upgrade_*``), checked on its own."""
    best, included = protocols.get("fabric.protocol"), protocols.get("fabric.included_protocol")
    if best is None or included not in RDMA or best == included or {best, included} <= set(ROCE):
        return
    said = by_path["fabric.protocol"]
    by_path["fabric.upgrade_protocol"] = [s for s in said if s.value == best]
    by_path["fabric.upgrade_nics_per_node"] = [s for s in by_path.get("fabric.nics_per_node", []) if s.tag == best]
    by_path["fabric.protocol"] = [s for s in said if s.value != best]
    for path in ("fabric.cabling", "fabric.cabling_priced"):  # optics said of the upgrade's fabric are its own
        optics = by_path.get(path, [])
        by_path[path.replace("fabric.", "fabric.upgrade_")] = [s for s in optics if s.tag == best]
        by_path[path] = [s for s in optics if s.tag != best]
    base = by_path["fabric.included_protocol"][0]
    by_path["fabric.optional"] = [Statement(path="fabric.optional", value=False, evidence=base.evidence,
                                            option=base.option)]
    protocols["fabric.protocol"], protocols["fabric.upgrade_protocol"] = included, best


def offering_from_facts(facts: Mapping[str, Any]) -> Offering:
    """The offering that states these facts (dotted path -> value, or ``{value, hedged}``), no evidence.

    Raises KeyError for a path that is not a fact, pydantic's ValidationError for a value of the wrong type.
    """
    data: dict[str, Any] = {}
    for path, value in facts.items():
        if path not in fact_paths():
            raise KeyError(path)
        *sections, name = path.split(".")
        target = data
        for section in sections:
            target = target.setdefault(section, {})
        target[name] = dict(value) if isinstance(value, Mapping) and "value" in value else {"value": value}
    return Offering.model_validate(data)


def included_fabric_not_optional(statements: list[Statement]) -> list[Statement]:
    """``fabric.optional`` = false when a fabric is stated as included and nothing offers one as an add-on."""
    if any(s.path == "fabric.optional" and s.value is True for s in statements):
        return []
    included = [s for s in statements if s.path == "fabric.included_protocol"]
    return [Statement(path="fabric.optional", value=False, evidence=included[0].evidence, option=included[0].option)] \
        if included else []


class NamedOffering(BaseModel):
    """One of several options a document offers, as an offering of its own."""

    name: str
    offering: Offering


def assemble_options(statements: list[Statement], chosen: str | None = None) -> tuple[Offering, list[NamedOffering]]:
    """The offering and, when the document offers several options, each option's own offering.

    Each option holds what is said for all options plus what is said for it alone; a fact its own table column
    states is its column's alone.
    The returned top-level offering then holds the ``chosen`` option's facts (the one the buyer says it
    takes), or else only the facts every option states alike.
    """
    names = list(dict.fromkeys(s.option for s in statements if s.option))
    if len(names) < 2:
        return assemble(statements), []
    common = [s for s in statements if s.option is None]
    keys = {id(s): (s.path, repr(s.value)) for s in statements}  # what a statement says, to compare
    own: dict[str, list[Statement]] = {name: [] for name in names}
    network: dict[tuple[str, str], set[str]] = {}  # a network fact: the options that state it as their own
    for s in statements:
        if s.option:
            own[s.option].append(s)
            if s.path.startswith(_NETWORK):
                network.setdefault(keys[id(s)], set()).add(s.option)
    options = [NamedOffering(name=name, offering=assemble(_own_over_common(common, name, own[name], keys, network)))
               for name in names]
    taken = next((option.offering for option in options if option.name == chosen), None)
    return taken or _alike([option.offering for option in options]), options


def _own_over_common(common: list[Statement], name: str, own: list[Statement], keys: dict[int, tuple[str, str]],
                     network: dict[tuple[str, str], set[str]]) -> list[Statement]:
    """An option's statements (``own``), and those said for all options, less those about a fact the option's own
    table column states (the column's "4" servers, not the page's "one server" said for all), and less a network
    fact said for all that only other options state as their own (a FAQ's "the InfiniBand fabric" on a page where
    one plan has InfiniBand speaks of that plan), and less a card said for all that differs from the option's own.
    ``keys`` holds what each statement says, ``network`` the options that state each network fact."""
    in_column = {s.path for s in own if s.in_column}
    own_values = {keys[id(s)] for s in own}
    hardware = {s.path for s in own if s.path in _OWN_WINS}  # its own card: one said for all with another value

    def kept(statement: Statement) -> bool:
        key = keys[id(statement)]
        stated_by_others = key not in own_values and bool(network.get(key, set()) - {name})
        return statement.path not in in_column and not stated_by_others \
            and (statement.path not in hardware or key in own_values)

    return [s for s in common if kept(s)] + own


_NETWORK = "fabric."
_OWN_WINS = frozenset({"gpu.model", "gpu.variant", "gpu.memory_gb", "gpu.per_node", "intra_node.link",
                       "intra_node.bandwidth_gbytes"})
"""What an option's hardware states for it alone: a card named for all options with another value (a reply to a
question about one of them, "it's the 8-GPU A100 board") does not replace it."""


def _alike(offerings: list[Offering]) -> Offering:
    """The facts every offering states with the same value."""
    data: dict[str, Any] = {}
    for path in fact_paths():
        facts = [offering.fact(path) for offering in offerings]
        first = facts[0]
        if first is None or any(f is None or f.value != first.value for f in facts[1:]):
            continue
        *sections, name = path.split(".")
        target = data
        for section in sections:
            target = target.setdefault(section, {})
        target[name] = first.model_dump()
    return Offering.model_validate(data)


def _first_unique(evidence: Iterable[Evidence], count: int) -> list[Evidence]:
    """The first ``count`` distinct items of evidence, in order (the rest is not looked at)."""
    seen: set[Evidence] = set()
    kept: list[Evidence] = []
    for item in evidence:
        if item not in seen:
            seen.add(item)
            kept.append(item)
            if len(kept) == count:
                break
    return kept


@cache
def _fact_places() -> dict[str, tuple[str, str]]:
    """Each fact path as the offering's field and its section's field ("" for a fact of the offering's own)."""
    return {path: (path.partition(".")[0], path.partition(".")[2]) for path in fact_paths()}


@cache
def fact_paths() -> tuple[str, ...]:
    """Every dotted fact path of the offering, in model order."""
    paths: list[str] = []
    for name, field in Offering.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, Section):
            paths.extend(f"{name}.{sub}" for sub in annotation.model_fields)
        else:
            paths.append(name)
    return tuple(paths)
