"""Amendments: a value a change replaces ("由 99.9% 调整为 99.5%", "reduced from 8 to 4 nodes") is no
longer offered; only the new one is read."""

from __future__ import annotations

import re

from slacheck.extract.context import Said
from slacheck.extract.lexicon import alternation

_REPLACED = re.compile(rf"(?:{alternation('change_from')})\s*([^。；;，,\n]{{1,40}}?)\s*(?:{alternation('change_to')})",
                       re.I)


def without_replaced(said: list[Said], text: str) -> list[Said]:
    """``said`` less what was read inside the old value of an amendment of ``text`` (where a statement's
    first quote, its value, stands)."""
    old = [match.span(1) for match in _REPLACED.finditer(text)]
    if not old:
        return said
    return [s for s in said if not any(start <= s.spans[0][0] and s.spans[0][1] <= end for start, end in old)]
