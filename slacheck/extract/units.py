"""Units written once in a label or a column header, moved to the bare numbers they measure.

Quote sheets often give a value's unit where its item is named: "显存（GB）：80", "GPU memory (GB): 80", a column
headed "IB 网卡 (Gbps)" over cells of "400", a machine-readable key "rate_gbps: 400" or '"availability_pct":
99.95'. Read as written, such a number has no unit, and a number without one says nothing. Here the unit
leaves the label (which then names its item alone, "显存：") and follows the number ("80GB"), in the normalised
text only: the map back sends the moved unit to the number, so evidence quotes what the document wrote.
"""

from __future__ import annotations

import re

from slacheck.extract.lexicon import alternation, meaning
from slacheck.extract.structure import cell_spans
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_BRACKETED_UNIT = regex(rf"\s?[(（]\s*({alternation('label_unit')})\s*[)）]", re.I)
"""A unit in brackets ("(GB)", "（分钟）")."""
_UNIT_LABEL = regex(rf"^\s*[-*+•·]?\s*(?:\*\*)?[^:：|]{{1,48}}?(\s?[(（]\s*({alternation('label_unit')})\s*[)）])"
                    rf"(?:\*\*)?\s*[:：]", re.I)
"""A label that ends in its unit in brackets, up to its colon ("InfiniBand NIC rate (Gb/s):")."""
_KEY_UNIT = regex(rf"^\s*[-*]?\s*\"?[A-Za-z][A-Za-z0-9 ]{{0,40}}? ({alternation('key_unit')})\"?\s*:", re.I)
"""A machine-readable key whose last word is its value's unit (its underscores already read as spaces)."""
LABEL_REACH = 64
"""Characters at the start of a line where a label's colon stands."""
_BARE_NUMBER = regex(r"\s*\"?(\d+(?:\.\d+)?)\"?\s*,?\s*")
"""A value that is a number alone (quoted, or followed by a comma, as in JSON)."""


def _bare_number_end(text: str, start: int, end: int) -> int | None:
    """Where the number ends when text[start:end] is a number alone, else None."""
    match = _BARE_NUMBER.fullmatch(text, start, end)
    return match.end(1) if match else None


def _label_unit(text: str) -> list[tuple[int, int, str]]:
    """The edits that move a "label (unit): number" line's unit after its number."""
    key = _KEY_UNIT.match(text)
    if key is not None:
        number_end = _bare_number_end(text, key.end(), len(text))
        unit = meaning("key_unit", key.group(1).lower())
        return [(number_end, number_end, unit)] if number_end is not None and unit else []
    label = _UNIT_LABEL.match(text) if "(" in text or "（" in text else None
    if label is None or (number_end := _bare_number_end(text, label.end(), len(text))) is None:
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


class UnitPlacer:
    """Moves units to numbers passage by passage: a table's first row is its header, whose units the rows under
    it take; a row's label cell or a label line gives its own."""

    def __init__(self) -> None:
        self._header: list[str | None] | None = None  # the units of the current table's columns (None: no table)

    def placed(self, normalized: Normalized, kind: str) -> Normalized:
        """``normalized`` with its units placed after its bare numbers."""
        text = normalized.text
        if kind != "table-row":
            self._header = None
            edits = _label_unit(text) if ":" in text[:LABEL_REACH] else []  # (normalised: "：" is ":")
            return normalized.edited(edits) if edits else normalized
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
