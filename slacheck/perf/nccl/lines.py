"""The logical lines of a launcher's output: MPI ``[1,0]<stdout>:`` fragments joined per writer, labels removed."""

from __future__ import annotations

import re
from dataclasses import dataclass

from slacheck.regexes import regex

_MPI_TAG = regex(r"\[\d{1,9},\d{1,9}\]<std(?:out|err|diag)>:", re.ASCII)
_LINE_LABEL = regex(r"[ \t]{0,8}(?:(\d{1,6}): |\[([A-Za-z]{0,16}\d{1,6})\]:? ?)", re.ASCII)


@dataclass
class Line:
    """A logical output line: launcher prefixes removed, split rows rebuilt."""

    number: int
    text: str
    stream: str | None


def logical_lines(text: str) -> list[Line]:
    """Split text into lines, demultiplexing ``[1,0]<stdout>:`` fragments per writer."""
    out: list[Line] = []
    pending: dict[str, tuple[int, list[str]]] = {}
    for number, physical in enumerate(text.split("\n"), 1):
        for raw in physical.rstrip("\r").split("\r"):
            tags = list(_MPI_TAG.finditer(raw))
            if not tags:
                label = _LINE_LABEL.match(raw)
                if label:
                    out.append(Line(number, raw[label.end():], label.group(1) or label.group(2)))
                else:
                    out.append(Line(number, raw, None))
                continue
            if raw[: tags[0].start()].strip():
                out.append(Line(number, raw[: tags[0].start()], None))
            for i, tag in enumerate(tags):
                end = tags[i + 1].start() if i + 1 < len(tags) else len(raw)
                start, parts = pending.pop(tag.group(0), (number, []))
                parts.append(raw[tag.end():end])
                if i + 1 < len(tags):
                    pending[tag.group(0)] = (start, parts)
                else:
                    out.append(Line(start, "".join(parts), tag.group(0)))
    for stream, (start, parts) in sorted(pending.items(), key=lambda item: item[1][0]):
        out.append(Line(start, "".join(parts), stream))
    return out
