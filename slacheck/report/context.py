"""The lines around each finding's quotes, so a report can show a finding beside its passage (HTML).

The pipeline keeps only the lines a finding's quotes stand on and ``AROUND`` lines either side of them;
a long line is cut to ``WIDTH`` characters either side of its quotes (or to its start when it holds none).
None of it is in the JSON report.
"""

from typing import TYPE_CHECKING, Sequence

from pydantic import BaseModel, ConfigDict

from slacheck.model import Evidence, Finding

if TYPE_CHECKING:
    from slacheck.documents.model import Line

AROUND = 2
"""Lines shown before and after a quoted line."""
WIDTH = 200
"""Characters kept either side of the quotes of a line longer than ``2 * WIDTH``."""


class ContextLine(BaseModel):
    """One line of the document near a quote: where it is and its text (cut when long)."""

    model_config = ConfigDict(frozen=True)

    page: int
    number: int
    text: str
    start: int = 0
    """Offset of ``text`` in the document's line (more than 0 when its beginning was cut)."""
    length: int
    """Characters of the whole line."""
    where: str = ""
    """Where a person finds it in a Word, Excel, HTML or e-mail file; "" for PDF and text."""


def quotes(finding: Finding, path: str) -> list[Evidence]:
    """The finding's quotes from the document at ``path`` (not the whole-document evidence of a missing
    term, nor a log line)."""
    return [e for e in finding.evidence if e.role == "quote" and e.path == path]


def context_lines(lines: Sequence["Line"], findings: Sequence[Finding], path: str) -> list[ContextLine]:
    """The lines within ``AROUND`` of every quote the findings make from the document, in document order."""
    from slacheck.documents.model import line_finder

    find = line_finder(lines)  # a document's Lines finds a line without an index of every line
    spans: dict[int, list[tuple[int, int]]] = {}
    for finding in findings:
        for quote in quotes(finding, path):
            i = find(quote.page, quote.line)
            if i is not None:
                spans.setdefault(i, []).append((quote.column - 1, quote.column - 1 + len(quote.text)))
    wanted = sorted({j for i in spans for j in range(i - AROUND, i + AROUND + 1)
                     if 0 <= j < len(lines) and lines[j].page == lines[i].page})
    return [_cut(lines[j], spans.get(j, [])) for j in wanted]


def _cut(line: "Line", spans: list[tuple[int, int]]) -> ContextLine:
    """The line as shown: whole when short, else around its quotes (or its start)."""
    size = len(line.text)
    if size <= 2 * WIDTH:
        start, end = 0, size
    elif spans:
        start, end = max(0, min(s for s, _ in spans) - WIDTH), min(size, max(e for _, e in spans) + WIDTH)
    else:
        start, end = 0, 2 * WIDTH
    return ContextLine(page=line.page, number=line.number, text=line.text[start:end], start=start, length=size,
                       where=line.where)


def excerpts(context: Sequence[ContextLine], finding: Finding, path: str) -> list[list[ContextLine]]:
    """The passages a finding comes from: runs of consecutive context lines around its quotes."""
    near = {(q.page, n) for q in quotes(finding, path) for n in range(q.line - AROUND, q.line + AROUND + 1)}
    runs: list[list[ContextLine]] = []
    for line in context:
        if (line.page, line.number) not in near:
            continue
        last = runs[-1][-1] if runs else None
        if last is not None and last.page == line.page and last.number + 1 == line.number:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def marked(line: ContextLine, finding: Finding, path: str) -> list[tuple[str, bool]]:
    """The line's text in pieces, each with whether it is quoted by the finding."""
    cuts: list[tuple[int, int]] = []
    for quote in quotes(finding, path):
        if (quote.page, quote.line) != (line.page, line.number) or not quote.text:
            continue
        at = quote.column - 1 - line.start
        if line.text[at:at + len(quote.text)] != quote.text:
            at = line.text.find(quote.text)  # the text was cleaned of control characters since
        if at >= 0:
            cuts.append((at, at + len(quote.text)))
    pieces: list[tuple[str, bool]] = []
    done = 0
    for start, end in sorted(cuts):
        start = max(start, done)
        if start >= end:
            continue
        pieces += [(line.text[done:start], False), (line.text[start:end], True)]
        done = end
    pieces.append((line.text[done:], False))
    return [(text, quoted) for text, quoted in pieces if text]
