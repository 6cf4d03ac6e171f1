"""Values written as "the same as above": a table cell or a label's value that says only "同上", "〃", "ditto" or
"same as above" is read as the value it points to.

Point-by-point answers to a buyer's questions often give one answer to two rows ("计算网络端口是否独享 | 否，与
其他租户共用", then "是否与其他客户隔离 | 同上"). Read as written, the second row says nothing. Here the cell takes,
in the normalised text only, the text of the same column in the row above (a label's value, the value of the
label line above); the map back sends it to the ditto word, so evidence quotes what the document wrote there.
"""

from __future__ import annotations

import re

from slacheck.documents import Passage
from slacheck.extract.lexicon import alternation
from slacheck.extract.structure import cell_spans
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_DITTO = regex(rf"\s*(?:{alternation('ditto')})\s*[。.]?\s*", re.I)
"""A cell or value that is a ditto alone."""
_LABEL_VALUE = regex(r"\s*(?:[-*+•·]\s*)?[^:：|]{1,48}?[:：]\s*")
"""A label up to its value ("- 是否与其他客户隔离："): the value starts where this ends."""


class DittoReader:
    """Reads the dittos of a document passage by passage: a table row's cells look at the row above, a label's
    value at the label line above."""

    def __init__(self) -> None:
        self._row: list[str] | None = None  # the cells of the table row above, as read ([]: a header above)
        self._value: str | None = None  # the value of the label line above, as read

    def filled(self, normalized: Normalized, passage: Passage) -> Normalized:
        """``normalized`` (``passage``'s text) with each ditto replaced by what it repeats."""
        text = normalized.text
        if passage.kind == "table-row":
            self._value = None
            cells = cell_spans(text)
            above, self._row = self._row, [text[start:end] for start, end in cells]
            if above is None:  # a table's first row, its header: the row under it repeats no column name
                self._row = []
            if not above or len(above) != len(cells):
                return normalized
            repeated = {column: above[column] for column, (start, end) in enumerate(cells)
                        if above[column].strip() and _DITTO.fullmatch(text, start, end)}
            if not repeated:
                return normalized
            for column, value in repeated.items():
                self._row[column] = value  # a ditto under this one repeats the same
            return normalized.edited([(*cells[column], value) for column, value in repeated.items()])
        self._row = None
        label = _LABEL_VALUE.match(text)
        if label is None:
            self._value = None
            return normalized
        value_above, self._value = self._value, text[label.end():]
        if value_above is None or not value_above.strip() or not _DITTO.fullmatch(text, label.end()):
            return normalized
        self._value = value_above
        return normalized.edited([(label.end(), len(text), value_above)])
