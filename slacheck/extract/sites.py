"""Servers placed in named cities: one cluster split between two places is multi-site, and the places'
node counts add up ("4 台 in one city + 4 台 in another" is 8 nodes)."""

from __future__ import annotations

import re

from slacheck.extract.context import Context, Handler, Said, as_count, node_counts, span_of
from slacheck.extract.lexer import Keyword
from slacheck.extract.lexicon import alternation, meaning
from slacheck.regexes import regex

_CHOICE = regex(alternation("place_choice"), re.I)


def _place(token: Keyword, context: Context) -> list[Said]:
    """Said once per sentence, at the first token of its second place.

    The sentence must count servers and name two or more places that are not alternatives
    ("Singapore or Tokyo"). When each place has a node count of its own, their sum is the node count.
    """
    tokens = context.in_sentence(token.start)
    firsts: dict[str, Keyword] = {}
    for place in (t for t in tokens if t.type == "PLACE"):
        firsts.setdefault(meaning("PLACE", place.value, place.value), place)
    places = list(firsts.values())
    if len(places) < 2 or token is not places[1]:
        return []
    counts = node_counts(tokens)
    between = context.text[places[0].end:places[-1].start]
    if not counts or _CHOICE.search(between):
        return []
    said = [Said("fabric.multi_site", True, [span_of(p) for p in places])]
    numbers = [as_count(c) for c in counts]
    if len(counts) == len(places) and all(numbers):
        total = sum(n for n in numbers if n)
        said.append(Said("nodes", total, [span_of(c) for c in counts], tag="primary"))
    return said


KEYWORDS: dict[str, Handler] = {"PLACE": _place}
