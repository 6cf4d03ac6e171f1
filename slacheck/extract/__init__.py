"""Extract stage: a loaded document in, statements with evidence out.

For each passage: normalise (keeping the map back), scan with the lark
grammar, read the tokens and phrases as statements, and turn their spans into
evidence that quotes the original lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from slacheck.documents import Budget, Document, Passage
from slacheck.extract.claims import read_claims
from slacheck.extract.parser import scan
from slacheck.extract.structure import frames, provider_names
from slacheck.extract.context import Said
from slacheck.extract.reading import read
from slacheck.normalize import Normalized, normalize
from slacheck.offering import Evidence, Statement


@dataclass(frozen=True)
class Coverage:
    """How much of the document yielded statements."""

    passages: int
    passages_with_facts: int
    characters: int
    characters_in_facts: int

    @property
    def ratio(self) -> float:
        """Share of non-blank characters inside spans that produced a statement."""
        return self.characters_in_facts / self.characters if self.characters else 0.0


@dataclass(frozen=True)
class Extraction:
    """The statements of one document and its coverage."""

    statements: list[Statement]
    coverage: Coverage


WINDOW = 20_000
"""Characters read at a time: a passage longer than this (a file that is one huge line) is read in windows."""


def extract(document: Document, *, budget: Budget | None = None) -> Extraction:
    """Read every passage of a document into statements with evidence, within an optional time budget.

    Every passage is scanned first, so that each can be framed by the headings, tables and options
    around it (structure.frames); then each is read within its frame.
    """
    statements: list[Statement] = []
    with_facts = characters = in_facts = 0
    scanned = []
    for passage in document.passages:
        normalized = normalize(passage.text)
        windows = [(start, scan(normalized.text[start:end])) for start, end in _windows(normalized.text)]
        scanned.append((normalized, windows))
        if budget is not None:
            budget.check(_position(document, passage))
    providers = provider_names(document)
    placed = frames(document, [(normalized.text, list(windows[0][1].tokens)) for normalized, windows in scanned])
    for passage, (normalized, windows), frame in zip(document.passages, scanned, placed):
        said: list[Said] = []
        for start, window_scan in windows:
            window = normalized.text[start:start + window_scan.length]
            found = read(window, window_scan, table_row=passage.kind == "table-row", frame=frame,
                         providers=providers)
            if frame.kind == "offer":
                found += read_claims(window)
            for statement in found:
                statement.spans = [(a + start, b + start) for a, b in statement.spans]
            said.extend(found)
        characters += sum(1 for ch in normalized.text if not ch.isspace())
        covered = {i for s in said for start, end in s.spans for i in range(start, end)}
        in_facts += sum(1 for i in covered if not normalized.text[i].isspace())
        with_facts += bool(said)
        statements.extend(_statement(s, document, passage, normalized) for s in said)
    coverage = Coverage(len(document.passages), with_facts, characters, in_facts)
    return Extraction(statements=statements, coverage=coverage)


def _windows(text: str) -> list[tuple[int, int]]:
    """Spans of at most WINDOW characters covering ``text``, cut after a sentence end or a space."""
    spans, start = [], 0
    while len(text) - start > WINDOW:
        cut = max(text.rfind(mark, start + WINDOW // 2, start + WINDOW) for mark in "。;. \n")
        end = cut + 1 if cut > start else start + WINDOW
        spans.append((start, end))
        start = end
    spans.append((start, len(text)))
    return spans


def _position(document: Document, passage: Passage) -> str:
    """Where a passage starts, for messages."""
    line = document.lines[passage.segments[0].line] if passage.segments else None
    return f"reading page {line.page}, line {line.number}" if line else "reading"


def _statement(said: Said, document: Document, passage: Passage, normalized: Normalized) -> Statement:
    evidence = [e for start, end in said.spans for e in _evidence_for(document, passage, normalized, start, end)]
    return Statement(path=said.path, value=said.value, hedged=said.hedged, evidence=evidence, tag=said.tag,
                     option=said.option)


def _evidence_for(document: Document, passage: Passage, normalized: Normalized, start: int,
                  end: int) -> list[Evidence]:
    """Evidence quoting the original characters behind normalised ``text[start:end]``, one per line touched."""
    source_start, source_end = normalized.source_span(start, end)
    evidence = []
    for line_index, column_start, column_end in passage.sources(source_start, source_end):
        line = document.lines[line_index]
        evidence.append(Evidence(path=document.path, page=line.page, line=line.number, column=column_start + 1,
                                 text=line.text[column_start:column_end]))
    return evidence


def document_language(document: Document) -> str:
    """``zh``, ``en`` or ``mixed`` from the share of CJK ideographs among letters."""
    cjk = latin = 0
    for line in document.lines:
        for ch in line.text:
            if "\u4e00" <= ch <= "\u9fff":
                cjk += 1
            elif ch.isascii() and ch.isalpha():
                latin += 1
    if cjk < 5:
        return "en"
    if cjk * 3 >= latin:
        return "zh"
    return "mixed"
