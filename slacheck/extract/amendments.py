"""Amendments: a value a change replaces ("由 99.9% 调整为 99.5%", "reduced from 8 to 4 nodes") and a
quoted clause struck out (删除原合同“乙方负责 …”, 'the words "…" are deleted') are no longer offered."""

from __future__ import annotations

import re
from bisect import bisect_right

from slacheck.extract.context import Said
from slacheck.extract.lexicon import alternation

_REPLACED = re.compile(rf"(?:{alternation('change_from')})\s*([^。；;，,\n]{{1,40}}?)\s*(?:{alternation('change_to')})",
                       re.I)


_QUOTED = re.compile(r"[\"“「『]([^\"”」』]{1,400})[\"”」』]")
_STRIKE = re.compile(alternation("strike_word"), re.I)
_SENTENCE_END = re.compile(r"[。；;！？]|[.!?](?=\s)")


def without_replaced(said: list[Said], text: str) -> list[Said]:
    """``said`` less what was read inside the old value of an amendment of ``text`` or a quoted clause it
    strikes out (where a statement's first quote, its value, stands)."""
    old = [match.span(1) for match in _REPLACED.finditer(text)] + _struck(text)
    if not old:
        return said
    return [s for s in said if not any(start <= s.spans[0][0] and s.spans[0][1] <= end for start, end in old)]


def _struck(text: str) -> list[tuple[int, int]]:
    """The quoted clauses a strike word of the same sentence deletes."""
    quoted = list(_QUOTED.finditer(text))
    if not quoted:
        return []
    ends = [end.end() for end in _SENTENCE_END.finditer(text)]
    spans = []
    for match in quoted:
        k = bisect_right(ends, match.start())
        start, stop = ends[k - 1] if k else 0, next((e for e in ends[k:] if e >= match.end()), len(text))
        if _STRIKE.search(text, start, stop):
            spans.append(match.span(1))
    return spans
