"""Say aloud what could not be judged: facts many rules need that the document does not state.

A rule whose condition reads a missing fact stays quiet, and silence must not
read as a pass. For each such fact, the report names it once, in the report's
language, with the rules it left unjudged.
"""

from typing import Any, Iterable, Mapping

from pydantic import BaseModel

from slacheck.regexes import regex
from slacheck.report.messages import section
from slacheck.rules.pack import Rule

KEY_FACTS: dict[str, tuple[str, ...]] = {
    "nodes": ("nodes", "node_count", "multi_node", "gpu_count"),
    "fabric.nics_per_node": ("fabric.nics_per_node", "nics_per_node_effective", "per_gpu_gbps", "per_gpu_nics"),
    "fabric.rate_gbps": ("fabric.rate_gbps", "per_gpu_gbps", "per_gpu_link_gbps", "node_network_gbps",
                         "claim_network_limit_gbps"),
}
"""Each key fact and the condition names that depend on it (what the report says when it is missing: the
catalogue's ``gap.<fact>``)."""
_NAME = regex(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


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
    words = section(language, "gap")
    found = []
    for fact in _missing(values):
        names = KEY_FACTS[fact]
        unjudged = sorted(rule.id for rule in rules if rule.id not in done
                          and set(_NAME.findall(rule.spec.when)) & set(names))
        if unjudged:
            joint = "" if language == "zh" else " "
            message = words[fact] + joint + words["unjudged"].format(rules=", ".join(unjudged))
            found.append(Gap(fact=fact, message=message, rules=unjudged))
    return found
