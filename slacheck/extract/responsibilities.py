"""Who does what, from a responsibility table: "Activity | <provider> | Customer" with "Responsible" (负责, R,
✓) under the party that does the row's task. A row about tuning or troubleshooting the fabric names its owner;
a task whose rows name different parties is shared (the offering joins them).
"""

from __future__ import annotations

import re

from slacheck.extract.context import Context, Said
from slacheck.extract.lexicon import alternation
from slacheck.extract.structure import DUTIES, first_worded_cell
from slacheck.regexes import regex

_MARK = regex(rf"\s*(?:{alternation('responsible_mark')})\s*", re.I)
_PROVIDER = regex(alternation("PROVIDER"), re.I)
_CUSTOMER = regex(alternation("CUSTOMER"), re.I)
MIN_COLUMNS = 3
"""A task column and at least two party columns."""


def row_owners(context: Context, columns: tuple[str, ...], providers: tuple[str, ...]) -> list[Said]:
    """The owner of the fabric task a responsibility table's row names."""
    if not context.table_row or len(columns) < MIN_COLUMNS:
        return []
    parties = [_party(name, providers) for name in columns]
    item = first_worded_cell(context.text)
    if item is None or not any(parties):
        return []
    paths = {DUTIES[t.type] for t in context.keywords_in(*item) if t.type in DUTIES}
    owners = {parties[i] for i, (start, end) in enumerate(context.cells())
              if i < len(parties) and parties[i] and _MARK.fullmatch(context.text, start, end)}
    if not paths or not owners:
        return []
    owner = "shared" if len(owners) > 1 else owners.pop()
    return [Said(path, owner, [item]) for path in sorted(paths)]


def _party(header: str, providers: tuple[str, ...]) -> str | None:
    """The party a column header names: the provider (by role or by the name the document gives it) or
    the customer."""
    if _CUSTOMER.search(header):
        return "customer"
    if _PROVIDER.search(header) or any(name.lower() in header.lower() for name in providers):
        return "provider"
    return None
