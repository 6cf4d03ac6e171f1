"""Units and item names written once in a label, a column header or a parent key, given to the values under them.

Quote sheets often give a value's unit where its item is named: "显存（GB）：80", "GPU memory (GB): 80", a column
headed "IB 网卡 (Gbps)" over cells of "400", a machine-readable key "rate_gbps: 400" or '"availability_pct":
99.95'. Read as written, such a number has no unit, and a number without one says nothing. Here the unit
leaves the label (which then names its item alone, "显存：") and follows the number ("80GB"), in the normalised
text only: the map back sends the moved unit to the number, so evidence quotes what the document wrote.

A nested key names the item of the keys indented under it: YAML's "gpu:" over "memory_gb: 80", JSON's
'"support_response_minutes": {' over '"P1": 15'. Each such child label is read with its parent key's words
before it ("gpu memory gb: 80"), and a bare number under a parent key whose last word is a unit takes that unit.
"""

from __future__ import annotations

import re

from slacheck.documents import Passage
from slacheck.extract.lexicon import alternation, meaning
from slacheck.extract.structure import KEY_ENDS, NESTED_KEY, cell_spans
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_BRACKETED_UNIT = regex(rf"\s?[(（]\s*({alternation('label_unit')})\s*[)）]", re.I)
"""A unit in brackets ("(GB)", "（分钟）")."""
_UNIT_LABEL = regex(rf"^\s*[-*+•·]?\s*(?:\*\*)?[^:：|]{{1,48}}?(\s?[(（]\s*({alternation('label_unit')})\s*[)）])"
                    rf"(?:\*\*)?\s*[:：]", re.I)
"""A label that ends in its unit in brackets, up to its colon ("InfiniBand NIC rate (Gb/s):")."""
_KEY_UNIT = regex(rf"^\s*[-*]?\s*\"?[A-Za-z][A-Za-z0-9 ]{{0,40}}? ({alternation('key_unit')})\"?\s*:", re.I)
"""A machine-readable key whose last word is its value's unit (its underscores already read as spaces)."""
PARENT_KEY_WORDS = 3
"""Words a parent key has at most: a longer line ending in a colon is a sentence's lead-in, not a key."""
_CHILD_LABEL = regex(r'(\s*[-*]?\s*"?)([^":：{}\[\]|]{1,48}?)"?\s*[:：]\s*(?=[^\s{\[])')
"""A key with its value on its line: the marker or quote before it, then the key."""
LABEL_REACH = 64
"""Characters at the start of a line where a label's colon stands."""
_BARE_NUMBER = regex(r"\s*\"?(\d+(?:\.\d+)?)\"?\s*,?\s*")
"""A value that is a number alone (quoted, or followed by a comma, as in JSON)."""


def _bare_number_end(text: str, start: int, end: int) -> int | None:
    """Where the number ends when text[start:end] is a number alone, else None."""
    match = _BARE_NUMBER.fullmatch(text, start, end)
    return match.end(1) if match else None


def _value_end(text: str) -> int:
    """Where a key's value ends: before a comment after it ("support_response_minutes: 15   # P1"), else at the
    end of the line."""
    comment = text.find(" #")
    return comment if comment > 0 else len(text)


def _label_unit(text: str) -> list[tuple[int, int, str]]:
    """The edits that move a "label (unit): number" line's unit after its number."""
    key = _KEY_UNIT.match(text)
    if key is not None:
        number_end = _bare_number_end(text, key.end(), _value_end(text))
        unit = meaning("key_unit", key.group(1).lower())
        if number_end is None or not unit:
            return []
        return [(key.start(1) - 1, key.end(1), ""), (number_end, number_end, unit)]  # "gpu memory: 80GB"
    label = _UNIT_LABEL.match(text) if "(" in text or "（" in text else None
    if label is None or (number_end := _bare_number_end(text, label.end(), _value_end(text))) is None:
        return []
    return [(label.start(1), label.end(1), ""), (number_end, number_end, _after_number(label.group(2)))]


def _after_number(unit: str) -> str:
    """A unit as written after a number: a word after a space ("15 minutes"), a symbol right after it ("80GB")."""
    return f" {unit}" if unit.isascii() and unit.isalpha() and unit.islower() else unit


def _cell_units(text: str) -> list[str | None]:
    """The unit each cell of a header row gives in brackets, or None."""
    units: list[str | None] = []
    for start, end in cell_spans(text):
        unit = _BRACKETED_UNIT.search(text, start, end)
        units.append(_after_number(unit.group(1)) if unit else None)
    return units


def _parent_words(text: str) -> str | None:
    """The words of a key alone on its line ("gpu:" gives "gpu", '"sla": {' gives "sla"), or None: a key of a few
    words that starts with a letter and asks nothing."""
    key = NESTED_KEY.fullmatch(text)
    words = key.group(1).strip() if key else ""
    return words if words[:1].isalpha() and len(words.split()) <= PARENT_KEY_WORDS \
        and not words.endswith(("?", "？")) else None


def _under_parent(text: str, parent: str) -> list[tuple[int, int, str]]:
    """The edits that read a child key under its parent's words, and give a bare number the parent's unit."""
    child = _CHILD_LABEL.match(text)
    if child is None:
        return []
    edits = [] if parent.lower() in child.group(2).lower() else [(child.end(1), child.end(1), f"{parent} ")]
    unit = meaning("key_unit", parent.rsplit(None, 1)[-1].lower())
    number_end = _bare_number_end(text, child.end(), _value_end(text)) if unit else None
    if unit and number_end is not None and not _KEY_UNIT.match(text):
        edits.append((number_end, number_end, unit))
    return edits


class UnitPlacer:
    """Moves units to numbers passage by passage: a table's first row is its header, whose units the rows under
    it take; a row's label cell or a label line gives its own; a parent key gives its words to the keys
    indented under it."""

    def __init__(self) -> None:
        self._header: list[str | None] | None = None  # the units of the current table's columns (None: no table)
        self._parents: list[tuple[int, str]] = []  # the open parent keys: their columns and words

    def placed(self, normalized: Normalized, passage: Passage) -> Normalized:
        """``normalized`` (``passage``'s text) with its units placed after its bare numbers."""
        text = normalized.text
        if self._parents:  # the keys that end where a line stands no deeper than they do
            column = passage.first_place()[1]
            while self._parents and self._parents[-1][0] >= column:
                self._parents.pop()
        if passage.kind != "table-row":
            self._header = None
            if ":" not in text[:LABEL_REACH]:  # (normalised: "：" is ":")
                return normalized
            if text.rstrip()[-1:] in KEY_ENDS and (parent := _parent_words(text)) is not None:
                self._parents.append((passage.first_place()[1], parent))
                return normalized
            edits = _label_unit(text)
            if self._parents and (parent_edits := _under_parent(text, self._parents[-1][1])):
                taken = {start for start, _, _ in parent_edits}
                edits = sorted(parent_edits + [edit for edit in edits if edit[0] not in taken])
            return normalized.edited(edits) if edits else normalized
        self._parents.clear()
        if self._header is None:
            self._header = _cell_units(text) if "(" in text or "（" in text else []
            return normalized
        cells = cell_spans(text)
        row_unit = _BRACKETED_UNIT.search(text, *cells[0]) if "(" in text or "（" in text else None
        edits = [(row_unit.start(), row_unit.end(), "")] if row_unit else []  # "| 显存(GB) | 80 |": "| 显存 | 80GB |"
        for column, (start, end) in enumerate(cells):
            unit = _after_number(row_unit.group(1)) if row_unit and column else (
                self._header[column] if column < len(self._header) else None)
            if unit and (number_end := _bare_number_end(text, start, end)) is not None:
                edits.append((number_end, number_end, unit))
        return normalized.edited(edits) if len(edits) > bool(row_unit) else normalized
