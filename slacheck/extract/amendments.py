"""Amendments: a value a change replaces ("由 99.9% 调整为 99.5%", "reduced from 8 to 4 nodes") and a
quoted clause struck out (删除原合同“乙方负责 …”, 'the words "…" are deleted') are no longer offered."""

from __future__ import annotations

import re

from slacheck.extract.context import Context, Said
from slacheck.extract.lexicon import alternation

_REPLACED = re.compile(rf"(?:{alternation('change_from')})\s*([^。；;，,\n]{{1,40}}?)\s*(?:{alternation('change_to')})",
                       re.I)


_QUOTED = re.compile(r"[\"“「『]([^\"”」』]{1,400})[\"”」』]")
_STRIKE = re.compile(alternation("strike_word"), re.I)


def without_replaced(said: list[Said], context: Context) -> list[Said]:
    """``said`` less what was read inside the old value of an amendment of the passage or a quoted clause
    it strikes out (where a statement's first quote, its value, stands)."""
    old = [match.span(1) for match in _REPLACED.finditer(context.text)]
    old += [match.span(1) for match in _QUOTED.finditer(context.text)
            if _STRIKE.search(context.sentence_at(match.start()))]
    if not old:
        return said
    return [s for s in said if not any(start <= s.spans[0][0] and s.spans[0][1] <= end for start, end in old)]
