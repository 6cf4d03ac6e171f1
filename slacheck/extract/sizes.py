"""The message sizes a pass threshold judges: "at message sizes of 1 GiB and above", "消息大小不小于 1GB 时",
"message sizes from 256 MB to 8 GB", or a command's ``-b 1G -e 8G`` when every size in it must pass."""

from __future__ import annotations

import re

from slacheck.extract.context import Context, Said, span_of
from slacheck.extract.lexer import Keyword
from slacheck.extract.lexicon import alternation, words
from slacheck.regexes import regex

SIZES_PATH = "acceptance.threshold_sizes"
"""A statement whose value is ``[smallest, largest or None]`` in bytes (rules.thresholds reads it)."""

_SIZE = regex(r"(\d+(?:\.\d+)?) ?([KMGT]?)(?:i?B)?", re.I)
_POWERS = {"": 0, "K": 1, "M": 2, "G": 3, "T": 4}
_FLAGS = regex(r"^(?:-b|--minbytes) ?(\S+).*?(?:-e|--maxbytes) ?(\S+)$")
_OPEN_ENDED = regex(alternation("size_and_above"), re.I)


def judged_sizes(threshold: Keyword, context: Context) -> list[Said]:
    """The sizes said with a threshold figure, as a statement placed where the threshold stands.

    The nearest size phrase of the threshold's sentence (its row, in a table) wins. A command's
    -b/-e range counts only when the threshold holds at every size ("各消息大小 busbw ≥ 330 GB/s").
    """
    tokens = context.in_line(threshold.start)
    every = any(word in context.sentence_at(threshold.start).lower() for word in words("every_size")) or (
        context.table_row and any(word in context.text.lower() for word in words("every_size")))
    found = [(abs(t.start - threshold.start), t) for t in tokens
             if t.type == "MSG_SIZES" and (every or not _FLAGS.match(t.value))]
    for _, token in sorted(found, key=lambda pair: pair[0]):
        sizes = size_bounds(token.value)
        if sizes is not None:
            return [Said(SIZES_PATH, list(sizes), [span_of(threshold), span_of(token)])]
    return []


def size_bounds(text: str) -> tuple[float, float | None] | None:
    """(smallest, largest or None) in bytes from a size phrase; K/M/G/T are binary, as nccl-tests reads them.

    One size is a lower bound ("1 GiB and above"); two are a range. A bare number of a -b/-e flag is bytes.
    """
    flags = _FLAGS.match(text)
    said = [flags.group(1), flags.group(2)] if flags else [text]
    found = [_bytes(number, unit) for part in said for number, unit in _SIZE.findall(part)]
    if len(found) >= 2:
        low, high = found[0], found[1]
        return (low, high) if low <= high else None
    if len(found) == 1 and _OPEN_ENDED.search(text):
        return found[0], None
    return None


def _bytes(number: str, unit: str) -> float:
    return float(number) * float(1024 ** _POWERS[unit.upper()])
