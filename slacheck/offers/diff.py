"""How the promises of a revised document moved, fact by fact.

Each fact path is compared. ``weakened``: a promise is no longer stated,
became hedged, moved the wrong way (fewer NICs, a lower rate, higher
oversubscription, dedicated true -> false, SXM -> PCIe) or a new caveat
appeared (an add-on fabric, a hedged price). ``strengthened``: the other
way. ``dropped``: a caveat is no longer stated. ``added``: a new promise.
``changed``: a neutral value (model names) differs.
"""

from __future__ import annotations

from typing import Any

from slacheck.facts import Fact
from slacheck.offering import PROTOCOLS, Offering, fact_paths

HIGHER = {"nodes", "gpu.memory_gb", "gpu.per_node", "gpu.total", "intra_node.bandwidth_gbytes", "fabric.rate_gbps",
          "fabric.nics_per_node", "fabric.included_rate_gbps", "fabric.included_nics_per_node", "fabric.nics_total",
          "fabric.switch_ports", "fabric.public_bandwidth", "acceptance.threshold_gbytes", "acceptance.threshold_pct",
          "sla.availability_pct", "commercial.power_kw"}
LOWER = {"fabric.oversubscription", "sla.failover_minutes", "sla.support_response_minutes"}
GOOD_BOOL = {"intra_node.full_mesh": True, "intra_node.nvswitch": True, "fabric.dedicated": True,
             "fabric.isolation": True, "verification.hardware": True, "fabric.cabling_priced": True,
             "fabric.optional": False, "fabric.multi_site": False, "commercial.price_hedged": False,
             "commercial.addon_on_request": False, "acceptance.multi_node": True, "acceptance.report_kept": True,
             "acceptance.trial": True, "tuning.baseline": True, "sla.credits": True, "sla.network_restore": True,
             "sla.availability_guaranteed": True}
RANKED = {  # best first
    "gpu.variant": ["SXM", "NVL", "PCIe"],
    "intra_node.link": ["nvlink-switch", "nvlink-bridge", "pcie"],
    "fabric.protocol": PROTOCOLS,
    "fabric.included_protocol": PROTOCOLS,
    "fabric.upgrade_protocol": PROTOCOLS,
    "fabric.cabling": ["provider", "customer", "excluded"],
    "fabric.expansion": ["concrete", "vague"],
    "backup.scope": ["all", "data", "system-only"],
}
KINDS = ("weakened", "strengthened", "dropped", "added", "changed")


def compare(old: Offering, new: Offering) -> list[dict[str, Any]]:
    """One entry per fact path that differs: path, old/new {value, hedged} or null, and the change."""
    changes = []
    for path in fact_paths():
        before, after = old.fact(path), new.fact(path)
        kind = classify(path, before, after)
        if kind is not None:
            changes.append({"path": path, "old": _state(before), "new": _state(after), "change": kind})
    return changes


def classify(path: str, before: Fact[Any] | None, after: Fact[Any] | None) -> str | None:
    """The kind of change from ``before`` to ``after`` (None when they say the same)."""
    if before is None:
        return None if after is None else "weakened" if _caveat(path, after.value) or after.hedged else "added"
    if after is None:
        return "dropped" if _caveat(path, before.value) else "weakened"
    moves = [_direction(path, before.value, after.value), int(before.hedged) - int(after.hedged)]
    if -1 in moves:
        return "weakened"
    if 1 in moves:
        return "strengthened"
    return "changed" if before.value != after.value else None


def _caveat(path: str, value: Any) -> bool:
    """Whether a value is a caveat rather than a promise (an add-on fabric, shared ports, PCIe)."""
    if path in GOOD_BOOL:
        return value != GOOD_BOOL[path]
    return path in RANKED and value in RANKED[path] and value == RANKED[path][-1]


def _direction(path: str, old: Any, new: Any) -> int:
    """+1 better, -1 worse, 0 same or not comparable."""
    if old == new:
        return 0
    if path in HIGHER or path in LOWER:
        if not isinstance(old, (int, float)) or not isinstance(new, (int, float)):
            return 0
        better = new > old if path in HIGHER else new < old
        return 1 if better else -1
    if path in GOOD_BOOL:
        return 1 if new == GOOD_BOOL[path] else -1
    if path in RANKED and old in RANKED[path] and new in RANKED[path]:
        return 1 if RANKED[path].index(new) < RANKED[path].index(old) else -1
    return 0


def _state(fact: Fact[Any] | None) -> dict[str, Any] | None:
    return None if fact is None else {"value": fact.value, "hedged": fact.hedged}
