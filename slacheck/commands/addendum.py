"""``slacheck addendum FILE``: a draft of supplementary clauses (补充条款) to send to the vendor.

One numbered clause per finding, in the document's language (``--lang`` overrides):
the contract wording of rules/addendum.toml for the offered fabric, with the figures of
``slacheck plan`` filled in, else the finding's fix; then a reference line with the rule
ID and the quoted evidence. Markdown on stdout.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from functools import cache
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict

from slacheck.commands.common import add_document_options, add_rule_pack_option, options_from, rules_for
from slacheck.fleet import PROTOCOL_NAMES
from slacheck.model import Finding
from slacheck.offering import Offering
from slacheck.offers.plan import PlanError, plan
from slacheck.perf import catalogue
from slacheck.pipeline import check_file
from slacheck.regexes import regex
from slacheck.report.labels import short_location
from slacheck.report.markdown_format import md_escape
from slacheck.report.messages import section
from slacheck.report.messages import words as message_words
from slacheck.report.model import Report
from slacheck.resources import rules_file
from slacheck.rules.engine import fill, values_of
from slacheck.rules.pack import PLACEHOLDER

FabricKind = Literal["infiniband", "ethernet", "any"]

_IB_NAMES = {800.0: "XDR", 400.0: "NDR", 200.0: "HDR", 100.0: "EDR"}
_OPTICS = {
    "infiniband": {800.0: "OSFP", 400.0: "OSFP", 200.0: "QSFP56", 100.0: "QSFP28"},
    "ethernet": {800.0: "OSFP", 400.0: "QSFP112/OSFP", 200.0: "QSFP56", 100.0: "QSFP28", 50.0: "QSFP28",
                 25.0: "SFP28", 10.0: "SFP+"},
}
"""Transceiver form factors per fabric and port rate (Gb/s)."""


class Clause(BaseModel):
    """The contract wording for one rule on one kind of fabric."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    fabric: FabricKind
    en: str
    zh: str


@cache
def clauses() -> tuple[Clause, ...]:
    """rules/addendum.toml, read once."""
    data = tomllib.loads(rules_file("addendum.toml").read_text(encoding="utf-8"))
    return tuple(Clause.model_validate(item) for item in data.get("clause", []))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    add_document_options(parser)
    add_rule_pack_option(parser)


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    rules = rules_for(options)
    sys.stdout.write(render_addendum(check_file(args.file, options, rules)))
    return 0


def fabric_kind(protocol: str | None) -> FabricKind:
    """InfiniBand, Ethernet (RoCE, unnamed RDMA, TCP) or unknown."""
    if protocol == "infiniband":
        return "infiniband"
    return "ethernet" if protocol else "any"


def _switch(kind: FabricKind, rate: float, language: str) -> str | None:
    """A catalogue switch of the fabric's kind whose ports carry ``rate``, named with 'or an equivalent'."""
    if kind == "any":
        return None
    found = [(s.port_rate_gbps.value, -s.ports.value, name) for name, s in catalogue.load_catalogue().switch.items()
             if s.protocol == kind and s.port_rate_gbps.value >= rate]
    if not found:
        return None
    words = section(language, "switch")
    return words["equivalent"].format(model=min(found)[2], rate=f"{rate:g}G", kind=words[kind])


def figures(offering: Offering, language: str) -> dict[str, Any]:
    """The names clauses read: the offering's values plus the plan's and the fabric's figures."""
    values = values_of(offering)
    try:
        steps = plan(offering, [])
    except PlanError:
        steps = []
    by_test = {step["test"]: step for step in steps}
    rate, nodes = values["fabric.rate_gbps"], values["node_count"]
    nics = values["nics_per_node_effective"] or values["gpu.per_node"]
    kind = fabric_kind(values["fabric.protocol"])
    name = PROTOCOL_NAMES.get(values["fabric.protocol"] or "")
    if kind == "infiniband" and rate in _IB_NAMES:
        name = f"InfiniBand {_IB_NAMES[rate]}"
    values.update({
        "plan.all_reduce_gbytes": by_test["all_reduce_perf"]["threshold"] if "all_reduce_perf" in by_test else None,
        "plan.per_hca_gbps": by_test["ib_write_bw"]["threshold"] if "ib_write_bw" in by_test else None,
        "gpu.node_total": nodes * values["gpu.per_node"] if nodes and values["gpu.per_node"] else None,
        "fabric.hcas_per_node": int(nics) if nics else None,
        "fabric.ports": int(nics * nodes) if nics and nodes else None,
        "fabric.rate": f"{rate:g}G" if rate else None,
        "fabric.name": name,
        "switch.example": _switch(kind, rate, language) if rate else None,
        "optics": _OPTICS.get(kind, {}).get(float(rate)) if rate else None,
    })
    return values


_QUOTED_FIX = regex(r"(?:Add|Change to|Require)\s*:\s*\"(?P<en>[^\"]+)\"\.?"
                         r"|(?:增加|补充|改为|要求)：“(?P<zh>[^“”]+)”。?")


def clause_text(finding: Finding, kind: FabricKind, values: Mapping[str, Any], language: str) -> str:
    """The first clause for the finding's rule and fabric whose every figure is known; else the clause the
    rule's fix quotes (``Add: "..."``), else the fix itself."""
    for clause in clauses():
        if clause.rule != finding.rule or clause.fabric not in (kind, "any"):
            continue
        text = clause.zh if language == "zh" else clause.en
        if all(values.get(name) is not None for name in PLACEHOLDER.findall(text)):
            return fill(text, values)
    quoted = _QUOTED_FIX.fullmatch(finding.fix.strip())
    if quoted is None:
        return finding.fix
    text = (quoted.group("en") or quoted.group("zh")).strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "。")) else text + ("。" if quoted.group("zh") else ".")


def render_addendum(report: Report) -> str:
    """The numbered clauses as Markdown, in the report's language."""
    language = report.language
    words = message_words(language)
    values = figures(report.offering, language)
    kind = fabric_kind(values["fabric.protocol"])
    name = report.documents[0].path.replace("\\", "/").rsplit("/", 1)[-1] if report.documents else ""
    out = [f"# {words['addendum']}", "", words["addendum_intro"].format(doc=f"`{name.replace('`', '')}`"), ""]
    if not report.findings:
        out.append(words["no_clauses"])
    aside = words["addendum_quote"]
    for number, finding in enumerate(report.findings, start=1):
        quotes = [aside.format(text=md_escape(e.text), where=short_location(e, language))
                  for e in list(dict.fromkeys(finding.evidence))[:3] if e.role == "quote"]
        reference = "; ".join(quotes) or words["not_addressed"]
        out += [f"{number}. {clause_text(finding, kind, values, language)}",
                f"   > {words['reference']}: {finding.rule} {md_escape(finding.title)} — {reference}", ""]
    return "\n".join(out).rstrip("\n") + "\n"
