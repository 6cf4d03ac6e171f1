"""Evaluate rule packs against an offering and produce findings.

The names a condition can read are the offering's fact paths (a fact reads as
its value; ``<path>.hedged`` as its hedge flag) plus the derived values
registered in rules.derived. The functions it can call are the hardware catalogue's
lookups. Both tables are fixed: a pack can reach nothing else.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from slacheck.config import POLICY, default_policy
from slacheck.facts import Fact
from slacheck.model import SEVERITY_RANK, Finding
from slacheck.offering import Evidence, NamedOffering, Offering, fact_paths, offering_from_facts
from slacheck.perf import catalogue
from slacheck.regexes import regex
from slacheck.report.messages import words
from slacheck.rules import derived, vocabulary
from slacheck.rules.conditions import Function, evaluate
from slacheck.rules.pack import PLACEHOLDER, Rule, RuleTest, load_pack

if TYPE_CHECKING:
    from slacheck.rules.subjects import Subject

BUILTIN_PACKS = ("core.toml", "contract.toml", "acceptance.toml", "claims.toml")
"""The shipped packs, in load order: HW/NET, OPS/SLA/COM, ACC (measurement) and CLM (claims) rules."""


def _nvlink_figures(model: str | None) -> list[float]:
    """Every NVLink GB/s figure of a model's variants."""
    found = catalogue.gpu(model) if model else None
    return [v.nvlink_gbytes.value for v in found.variants.values()] if found else []


def _outside(value: float | None, expected: float | None, tolerance: float | None) -> bool | None:
    """Whether ``value`` lies more than ``tolerance`` (a fraction) above or below ``expected``; None if unknown."""
    if value is None or expected is None or tolerance is None:
        return None
    return value > expected * (1 + tolerance) or value < expected * (1 - tolerance)


def _ships_as_sxm_and_pcie(model: str | None) -> bool:
    """Whether a model ships both as SXM and as a PCIe card."""
    return model is not None and catalogue.ships_as_sxm_and_pcie(model)


def _is_datacenter_class(model: str | None) -> bool:
    """Whether a model is a data-centre GPU."""
    return model is not None and catalogue.is_datacenter_class(model)


def _least(*values: float | None) -> float | None:
    """The smallest of the numbers given (null ones left out; none: null)."""
    return min((v for v in values if v is not None), default=None)


def _most(*values: float | None) -> float | None:
    """The largest of the numbers given (null ones left out; none: null)."""
    return max((v for v in values if v is not None), default=None)


FUNCTIONS: dict[str, Function] = {
    "ships_as_sxm_and_pcie": _ships_as_sxm_and_pcie,
    "nvlink_figures": _nvlink_figures,
    "nvlink_gbytes": derived.nvlink_gbytes,
    "is_datacenter_class": _is_datacenter_class,
    "min": _least,
    "max": _most,
    "outside": _outside,
}
"""The functions a condition may call; their annotations are the argument types checked when a pack loads
(literal arguments) and when a condition runs (any other: a value of the wrong type makes the call null)."""


def known_names() -> set[str]:
    """Every name a condition may read."""
    paths = fact_paths()
    return {*paths, *(f"{path}.hedged" for path in paths), *derived.names(),
            *(f"policy.{key}" for key in POLICY), POLICY_NAME}


def load_rules(extra_packs: Iterable[Path] = ()) -> list[Rule]:
    """The built-in pack followed by any user packs (a later rule with the same id replaces the earlier)."""
    names = known_names()
    by_id: dict[str, Rule] = {}
    constants, words = vocabulary.constants(), vocabulary.vocabulary()
    loaded = [load_pack(name, names, FUNCTIONS, constants, words) for name in BUILTIN_PACKS]
    loaded.extend(load_pack(pack, names, FUNCTIONS, constants, words) for pack in extra_packs)
    for rules in loaded:
        for rule in rules:
            by_id[rule.id] = rule
    return list(by_id.values())


@lru_cache(maxsize=16)
def rule_set(packs: tuple[Path, ...] = ()) -> list[Rule]:
    """load_rules, once per process for each set of packs (rule packs are read-only data)."""
    return load_rules(packs)


def values_of(offering: Offering, policy: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The flat name -> value table that conditions read (``policy.<key>``: the org policy, defaults if None)."""
    values: dict[str, Any] = {**default_policy(), **(policy or {})}
    for path in fact_paths():
        fact = offering.fact(path)
        values[path] = fact.value if fact else None
        values[f"{path}.hedged"] = fact.hedged if fact else None
    values.update(derived.contract_values(offering, values))
    return values


def check(offering: Offering, rules: Iterable[Rule], *, language: str, document_evidence: Evidence,
          policy: Mapping[str, Any] | None = None, values: Mapping[str, Any] | None = None) -> list[Finding]:
    """Run every contract rule (with the org ``policy``); findings in rule order. ``values``: the offering's
    table with that policy (``values_of``), when the caller has made it already."""
    values = values if values is not None else values_of(offering, policy)
    findings = []
    for rule in rules:
        if rule.spec.needs != "contract" or not fires(rule, values):
            continue
        findings.append(finding(rule, language, values, _evidence(rule, offering, document_evidence)))
    return findings


def fires(rule: Rule, values: Mapping[str, Any]) -> bool:
    """Whether a rule's condition holds on a table of values (null, false and 0 do not)."""
    return evaluate(rule.condition, values, FUNCTIONS) not in (None, False, 0)


def fires_on_case(rule: Rule, case: RuleTest) -> bool:
    """Whether a rule fires on one of its ``[[rule.test]]`` cases (an offering built from the case's facts)."""
    values = values_of(offering_from_facts(case.facts()), {f"policy.{k}": v for k, v in case.policy.items()})
    if rule.spec.needs == "measurement":
        values.update({name: None for name in derived.MEASURED})
        values.update(case.measured())
    return fires(rule, values)


def check_options(options: Sequence[NamedOffering], tables: Sequence[Mapping[str, Any]], rules: Iterable[Rule], *,
                  language: str, document_evidence: Evidence) -> list[Finding]:
    """Check each option on its own (``tables``: each one's ``values_of``): a finding every option shares is
    reported once, any other names its option."""
    rules = list(rules)
    by_option = [check(option.offering, rules, language=language, document_evidence=document_evidence,
                       values=values) for option, values in zip(options, tables)]
    findings: list[Finding] = []
    for option, found in zip(options, by_option):
        for item in found:
            shared = all(any(_same(item, other) for other in others) for others in by_option)
            if shared:
                if not any(_same(item, kept) and kept.option is None for kept in findings):
                    findings.append(item)
                continue
            prefix = f"[{option.name}] "
            findings.append(item.model_copy(update={"option": option.name, "message": prefix + item.message}))
    order = {rule.id: index for index, rule in enumerate(rules)}
    return sorted(findings, key=lambda f: (order.get(f.rule, len(order)), f.option or ""))


def _same(one: Finding, other: Finding) -> bool:
    return one.rule == other.rule and one.evidence == other.evidence


def check_subjects(offering: Offering, rules: Iterable[Rule], subjects: Iterable[Subject], *,
                   language: str) -> list[Finding]:
    """Run every measurement rule on already-measured subjects (collective runs, perftest logs).

    One finding per rule and log: the runs it fires on are listed in it (merged).
    Findings in log, then rule order.
    """
    from slacheck.rules.subjects import merged  # benchmark logs' modules load only when there are logs

    base = values_of(offering)
    active = [rule for rule in rules if rule.spec.needs == "measurement"]
    by_log: dict[str, list[Subject]] = {}
    for subject in subjects:
        by_log.setdefault(subject.path, []).append(subject)
    findings = []
    for runs in by_log.values():
        for rule in active:
            firing = [s for s in runs if fires(rule, {**base, **s.values})]
            if not firing:
                continue
            evidence = list(dict.fromkeys(e for s in firing for e in s.evidence(rule.condition.names)))
            findings.append(finding(rule, language, {**base, **merged(firing, language)}, evidence))
    return findings


POLICY_NAME = "policy.name"
"""A placeholder: which policy a threshold comes from, in the report's language."""
def policy_name(language: str, configured: bool) -> str:
    """How a text names the policy its thresholds come from."""
    return words(language)["policy.configured" if configured else "policy.default"]


def finding(rule: Rule, language: str, values: Mapping[str, Any], evidence: list[Evidence]) -> Finding:
    """A finding of ``rule`` with its texts filled in from ``values``.

    ``{policy.name}`` reads "the default policy" unless a configuration file or --set gave a threshold
    (``policy.configured``).
    """
    texts = rule.texts(language)
    values = {**values, POLICY_NAME: policy_name(language, bool(values.get("policy.configured")))}
    return Finding(rule=rule.id, name=rule.spec.name, family=rule.spec.family, severity=rule.spec.severity,
                   title=fill(texts.title, values, language), message=fill(texts.message, values, language),
                   fix=fill(texts.fix, values, language), evidence=evidence)


def _evidence(rule: Rule, offering: Offering, document_evidence: Evidence) -> list[Evidence]:
    """The evidence of the facts a rule names (or reads); the document itself when none is stated."""
    stated = set(fact_paths())
    paths = rule.spec.evidence or [name for name in rule.condition.names if name in stated]
    facts: list[Fact[Any]] = [f for f in (offering.fact(p) for p in paths) if f is not None]
    quoted = list(dict.fromkeys(e for f in facts for e in f.evidence))
    by_line: dict[tuple[str, int, int], list[Evidence]] = {}
    for quote in quoted:
        by_line.setdefault((quote.path, quote.page, quote.line), []).append(quote)
    return [e for e in quoted if not any(_inside(e, other) for other in by_line[e.path, e.page, e.line])] \
        or [document_evidence]


def _inside(inner: Evidence, outer: Evidence) -> bool:
    """``inner`` quotes part of what ``outer`` already quotes on the same line."""
    if (inner.path, inner.page, inner.line) != (outer.path, outer.page, outer.line) or inner == outer:
        return False
    return outer.column <= inner.column and inner.column + len(inner.text) <= outer.column + len(outer.text)


_HOLE = regex(PLACEHOLDER.pattern
                   + r"(%|-month|-node|-GPU| ?GB/s| ?Gb/s| ?GB\b| ?kW| minutes| months| ?分钟| ?个月)?")
_ASIDE = regex(r" ?[(（]" + PLACEHOLDER.pattern + r"[)）]")


def fill(template: str, values: Mapping[str, Any], language: str = "en") -> str:
    """Replace ``{name}`` placeholders with values (integers without a trailing .0).

    A value the document does not state reads "(not stated)" / "未写明", and the unit written right after
    the placeholder is dropped with it, so no ``?%`` or ``?-month`` reaches the reader; an aside that is only
    a placeholder, ``({fabric.protocol})``, is dropped whole.
    """
    template = _ASIDE.sub(lambda m: "" if values.get(m.group(1)) is None else m.group(0), template)

    def one(match: re.Match[str]) -> str:
        value = values.get(match.group(1))
        if value is None:
            return words(language)["unstated"]
        return _show(value) + (match.group(2) or "")
    return _HOLE.sub(one, template)


def _show(value: Any) -> str:
    """A stated value as a message quotes it."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def at_or_above(findings: Iterable[Finding], level: str) -> bool:
    """Whether any finding is at or above a severity level ("never" means no)."""
    if level == "never":
        return False
    return any(SEVERITY_RANK[f.severity] >= SEVERITY_RANK[level] for f in findings)
