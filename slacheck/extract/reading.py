"""Give grammar tokens and phrases their meaning: statements about fact paths.

Each family of facts has its own module of small handlers — hardware (GPUs,
NVLink), network (fabric, NICs, switches) and terms (acceptance, SLA,
prices) — registered by phrase name or token type. This module runs them over
one normalised passage and adds the qualifiers that span a sentence.
"""

from __future__ import annotations

from slacheck.extract import hardware, network, terms
from slacheck.extract.context import Context, Handler, PhraseHandler, Said, span_of
from slacheck.extract.parser import Scan

_PHRASES: dict[str, PhraseHandler] = {**hardware.PHRASES, **network.PHRASES, **terms.PHRASES}
_KEYWORDS: dict[str, list[Handler]] = {}
for _module in (hardware, network, terms):
    for _kind, _handler in _module.KEYWORDS.items():
        _KEYWORDS.setdefault(_kind, []).append(_handler)


def read(text: str, scan: Scan, *, table_row: bool = False) -> list[Said]:
    """All statements of one normalised passage (in a table row, 可选/optional qualifies the whole row)."""
    context = Context(text, scan.keywords(), phrases=scan.phrases, table_row=table_row)
    said: list[Said] = []
    for phrase in scan.phrases:
        handler = _PHRASES.get(phrase.tree.data)
        if handler:
            said.extend(handler(phrase, context))
    for token in context.keywords:
        for handler in _KEYWORDS.get(token.type, ()):
            said.extend(handler(token, context))
    said.extend(_qualifiers(said, context))
    for statement in said:
        if "HEDGE" in context.sentence_types(statement.spans[0][0]):
            statement.hedged = True
    return said


def _qualifiers(said: list[Said], context: Context) -> list[Said]:
    """fabric.optional from 可选/optional in a sentence that states the fabric; the included fabric's facts."""
    def scope(position: int) -> int:
        return 0 if context.table_row else context.sentence(position)

    optional = {scope(t.start_pos) for t in context.keywords if t.type in ("OPTIONAL", "EXPANSION")}
    included = {"fabric.protocol": "fabric.included_protocol", "fabric.rate_gbps": "fabric.included_rate_gbps",
                "fabric.nics_per_node": "fabric.included_nics_per_node"}
    extra = [Said(included[s.path], s.value, s.spans, tag=s.tag) for s in said
             if s.path in included and scope(s.spans[0][0]) not in optional]
    about_fabric = {scope(s.spans[0][0]) for s in said if s.path.startswith("fabric.")}
    extra.extend(Said("fabric.optional", True, [span_of(t)]) for t in context.keywords
                 if t.type == "OPTIONAL" and scope(t.start_pos) in about_fabric)
    return extra
