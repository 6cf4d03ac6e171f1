"""Say aloud what could not be judged: facts many rules need that the document does not state.

A rule whose condition reads a missing fact stays quiet, and silence must not
read as a pass. For each such fact, the report names it once, in the report's
language, with the rules it left unjudged.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from pydantic import BaseModel

from slacheck.rules.pack import Rule

KEY_FACTS: dict[str, tuple[tuple[str, ...], tuple[str, str]]] = {
    "nodes": (("nodes", "node_count", "multi_node", "gpu_count"),
              ("Could not find how many GPU servers this offer is for.", "未能找到本方案的服务器（节点）数量。")),
    "fabric.nics_per_node": (("fabric.nics_per_node", "nics_per_node_effective", "per_gpu_gbps", "per_gpu_nics"),
                             ("Could not find how many network cards (NICs/HCAs) each server has.",
                              "未能找到每台服务器的网卡（NIC/HCA）数量。")),
    "fabric.rate_gbps": (("fabric.rate_gbps", "per_gpu_gbps", "per_gpu_link_gbps", "node_network_gbps"),
                         ("Could not find the inter-node network's port rate.", "未能找到机间网络的端口速率。")),
}
"""Each key fact: the condition names that depend on it, and what the report says when it is missing (en, zh)."""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_UNJUDGED = ("Rules left unjudged: {rules}.", "因此无法判断的规则：{rules}。")


class Gap(BaseModel):
    """A key fact the document does not state, and the rules that could not be judged without it."""

    fact: str
    message: str
    rules: list[str]


def _missing(values: Mapping[str, Any]) -> list[str]:
    """The key facts that are absent (NIC count and rate count only for a fabric that is offered or needed)."""
    missing = [] if values.get("node_count") is not None else ["nodes"]
    fabric_matters = values.get("fabric.protocol") is not None or values.get("multi_node")
    if fabric_matters and values.get("nics_per_node_effective") is None:
        missing.append("fabric.nics_per_node")
    if fabric_matters and values.get("fabric.rate_gbps") is None:
        missing.append("fabric.rate_gbps")
    return missing


def gaps(values: Mapping[str, Any], rules: Iterable[Rule], fired: Iterable[str], language: str) -> list[Gap]:
    """One gap per missing key fact, naming the contract rules that read it and did not fire."""
    rules = [rule for rule in rules if rule.spec.needs == "contract"]
    done = set(fired)
    index = 1 if language == "zh" else 0
    found = []
    for fact in _missing(values):
        names, words = KEY_FACTS[fact]
        unjudged = sorted(rule.id for rule in rules if rule.id not in done
                          and set(_NAME.findall(rule.spec.when)) & set(names))
        if unjudged:
            message = words[index] + (" " if index == 0 else "") + _UNJUDGED[index].format(rules=", ".join(unjudged))
            found.append(Gap(fact=fact, message=message, rules=unjudged))
    return found
