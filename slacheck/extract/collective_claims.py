"""A collective bandwidth figure said as seen, not required: "measured all_reduce busbw 900 GB/s",
"实测 all_reduce 算法带宽可达 300 GB/s". It is a claim (CLM001 judges it), never an acceptance threshold."""

from __future__ import annotations

import re

from slacheck.extract.context import Context, Said, as_gbytes, names_one_machine, span_of
from slacheck.extract.lexer import Keyword
from slacheck.extract.lexicon import alternation, meaning
from slacheck.regexes import regex

CLAIM_PATH = "claims.collective"

_MEASURED = regex(alternation("claim_measured"), re.I)
_REQUIRED = regex(alternation("claim_required"), re.I)


def collective_claim(token: Keyword, context: Context) -> list[Said] | None:
    """The claim a GB/s (or Gb/s) figure makes, or None when its sentence does not claim a measured figure.

    The sentence must name busbw, algbw or a collective and say the figure was seen (measured, 可达, up to) without
    also requiring it (at least, 不低于, acceptance). The collective is the nearest named before the
    figure (all_reduce if none); one node or the cluster when the sentence says so (单机, "across both nodes").
    """
    sentence = context.sentence_types(token.start)
    if not sentence & {"BUSBW", "ALGBW", "BENCH"} or token.type not in ("BW_BYTES", "RATE_BITS"):
        return None
    if not claims_a_figure(token.start, context):
        return None
    if token.type == "RATE_BITS" and "BW_BYTES" in sentence:  # "8 x 400G gives you 3.2 Tb/s ..., so you should
        return []  # see around 800 GB/s busbw": the GB/s figure is the claim, the Gb/s one the links'
    value = as_gbytes(token)
    if value is None:
        return []
    tokens = context.in_sentence(token.start)
    measures = [t for t in tokens if t.type in ("BUSBW", "ALGBW") and t.start < token.start] or [
        t for t in tokens if t.type in ("BUSBW", "ALGBW")]  # none named ("300+ GB/s all-reduce"): busbw
    named = [t for t in tokens if t.type == "BENCH" and t.start < token.start]
    collective = _collective(named[-1].value) if named else None
    one_node = any(names_one_machine(t) for t in tokens)
    cluster = any(t.type == "ALL_NODES" for t in tokens)
    claim = {"gbytes": value, "measure": "algbw" if measures and measures[-1].type == "ALGBW" else "busbw",
             "collective": collective or "all_reduce",
             "scope": "one-node" if one_node else "cluster" if cluster else None}
    return [Said(CLAIM_PATH, claim, [span_of(token)])]


def claims_a_figure(position: int, context: Context) -> bool:
    """Whether the sentence at a position says a bandwidth figure was seen or is to be expected, without requiring
    it ("allreduce inside the box ~150GB/s busbw, trust me"): a claim, no test the offer sets."""
    text = context.sentence_at(position)
    return bool(context.sentence_types(position) & {"BW_BYTES", "RATE_BITS"}) and _MEASURED.search(text) is not None \
        and _REQUIRED.search(text) is None


def _collective(word: str) -> str | None:
    """The collective a benchmark word names (all_gather_perf: all_gather), if it names one."""
    name = str(meaning("BENCH", word, ""))
    return name.removesuffix("_perf") if name.endswith("_perf") else None
