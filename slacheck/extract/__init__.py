"""Extract stage: a loaded document in, statements with evidence out.

For each passage: normalise (keeping the map back), scan with the lark
grammar, read the tokens and phrases as statements, and turn their spans into
evidence that quotes the original lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Sequence

from slacheck import needed_words
from slacheck.documents import Budget, Document, Passage, joined_pieces, line_texts
from slacheck.extract.amendments import set_aside_versions, without_deleted
from slacheck.extract.claims import read_claims, without_references
from slacheck.extract.context import Said
from slacheck.extract.ditto import DittoReader
from slacheck.extract.lexer import Keyword
from slacheck.extract.numerals import NUMERALS, in_digits
from slacheck.extract.parser import Scan, scan
from slacheck.extract.reading import read
from slacheck.extract.spelling import in_mainland_words, unhyphenated
from slacheck.extract.structure import (
    before_prevailing_annex,
    buyers_document,
    chosen_option,
    frames,
    in_buyers_voice,
    kept_earlier_messages,
    option_key,
    provider_names,
    recitals,
    requirement_lines,
)
from slacheck.extract.units import UnitPlacer
from slacheck.model import constructed
from slacheck.normalize import Normalized, has_traditional, in_simplified, normalize
from slacheck.offering import MAX_EVIDENCE, Evidence, Statement
from slacheck.regexes import regex


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
    chosen_option: str | None = None
    """The option the buyer says it takes, when the document offers several."""


TRADITIONAL_SAMPLE = 100
"""Passages at a document's top that show whether it is written in traditional Chinese characters."""
WINDOW = 20_000
"""Characters read at a time: a passage longer than this (a file that is one huge line) is read in windows."""


def extract(document: Document, *, budget: Budget | None = None) -> Extraction:
    """Read every passage of a document into statements with evidence, within an optional time budget.

    Every passage's first window is scanned first, so that each can be framed by the headings, tables
    and options around it (structure.frames); then each is read within its frame, window by window
    (the later windows of a huge passage are scanned only then), and each scan is let go once read.
    """
    with_facts = characters = in_facts = 0
    normalized_texts: list[Normalized | None] = []  # each passage's, until it is read
    scans: list[Scan | None] = []  # each passage's first window's, until it is read
    units, dittos = UnitPlacer(), DittoReader()
    normalized_before_units: dict[str, Normalized] = {}  # a document repeats its passages: each distinct one's
    scanned: dict[str, Scan] = {}  # and each distinct first window's scan
    traditional = any(has_traditional(passage.text) for passage in document.passages[:TRADITIONAL_SAMPLE])
    for passage in document.passages:
        normalized = normalized_before_units.get(passage.text)
        if normalized is None:
            normalized = unhyphenated(without_deleted(normalize(passage.text)))
            if traditional:  # a document from Taiwan or Hong Kong: its characters and words as the mainland's
                normalized = in_mainland_words(in_simplified(normalized))
            normalized = normalized_before_units[passage.text] = in_digits(normalized)
        normalized = dittos.filled(units.placed(normalized, passage), passage)
        normalized_texts.append(normalized)
        first_window = normalized.text[:_windows(normalized.text)[0][1]]
        found = scanned.get(first_window)
        if found is None:
            found = scanned[first_window] = scan(first_window)
        scans.append(found)
        if budget is not None:
            budget.check(partial(_position, document, passage))
    del normalized_before_units, scanned
    providers = provider_names(document)
    first_windows: list[tuple[str, Sequence[Keyword]]] = [
        (normalized.text, found.tokens) for normalized, found in zip(normalized_texts, scans)
        if normalized is not None and found is not None]
    texts = [text for text, _ in first_windows]
    kept_earlier = kept_earlier_messages(document, texts)  # read once: frames reads them, and they are background
    placed = frames(document, first_windows, kept_earlier)
    chosen = chosen_option(first_windows, placed)
    set_aside_versions(first_windows, placed)
    background = recitals(texts) | requirement_lines(texts) | before_prevailing_annex(texts) | kept_earlier
    buyers = buyers_document(texts)  # "采购审批单": its "我方" is the customer
    del first_windows  # each passage's tokens go once it is read (scans[index] = None below)
    kept = _Kept()
    option_names: dict[str, str] = {}  # each option by the name it is first given ("方案A", then "Option A")
    for index, (passage, frame) in enumerate(zip(document.passages, placed)):
        waiting, window_scan = normalized_texts[index], scans[index]
        assert waiting is not None and window_scan is not None
        normalized, normalized_texts[index], scans[index] = waiting, None, None  # read once: its tokens and
        # phrases can go
        text = normalized.text
        characters += len(text) - text.count(" ")
        stated = False
        quoted: dict[tuple[int, int], list[Evidence]] = {}
        for start, end in _windows(text):
            if start:
                window_scan = scan(text[start:end])
                if budget is not None:
                    budget.check(partial(_position, document, passage))
            window = text[start:start + window_scan.length]
            if buyers:
                window_scan = Scan(in_buyers_voice(window_scan.tokens), window_scan.phrases, window_scan.length)
            said = read(window, window_scan, table_row=passage.kind == "table-row", frame=frame,
                        providers=providers)
            if frame.kind == "offer" and _FIGURE.search(window):
                claims = read_claims(window)
                said = without_references(said, claims, window) + claims
            in_facts += _covered(window, [span for s in said for span in s.spans])
            stated = stated or bool(said)
            for statement in said:
                statement.background = statement.background or index in background  # a recital, a requirement
                if statement.option is not None:
                    statement.option = option_names.setdefault(option_key(statement.option), statement.option)
                if kept.wants(statement):
                    if start:  # spans in the passage, not the window
                        statement.spans = [(a + start, b + start) for a, b in statement.spans]
                    kept.keep(statement, _statement(statement, document, passage, normalized, quoted))
        with_facts += stated
    coverage = Coverage(len(document.passages), with_facts, characters, in_facts)
    chosen = option_names.get(option_key(chosen), chosen) if chosen else None
    needed_words.forget()  # the texts the package's regexes looked at
    return Extraction(statements=kept.statements, coverage=coverage, chosen_option=chosen)


_FIGURE = regex(rf"\d|[{NUMERALS}]\s?G")
"""Every claim states a figure, in digits or as speech writes a rate ("四百G"): a window without one has none."""
_UNCAPPED = ("acceptance.", "fabric.rate_gbps")
"""Paths whose every statement is kept: measured thresholds place them by position (rules.measured)."""


class _Kept:
    """The statements worth keeping, in order.

    A statement is dropped only when it adds nothing to any offering built from them: one like it (same
    path, value, hedging, tag and option) came before, and the facts of its path, value and option already
    have MAX_EVIDENCE distinct quotes, the most an offering keeps (offering.assemble). A document that
    states one thing a million times then costs what a few pages of it do.
    """

    def __init__(self) -> None:
        self.statements: list[Statement] = []
        self._kinds: set[tuple[Any, ...]] = set()
        self._quotes: dict[tuple[Any, ...], set[Evidence]] = {}

    def wants(self, said: Said) -> bool:
        """Whether the statement read as ``said`` would add anything."""
        group = (said.path, said.value, said.option)
        try:
            seen = (group, said.hedged, said.tag, said.background) in self._kinds
        except TypeError:  # an unhashable value: kept, never compared
            return True
        return not seen or len(self._quotes.get(group, ())) < MAX_EVIDENCE or said.path.startswith(_UNCAPPED)

    def keep(self, said: Said, statement: Statement) -> None:
        """Keep ``statement`` (read as ``said``)."""
        self.statements.append(statement)
        group = (said.path, said.value, said.option)
        try:
            self._kinds.add((group, said.hedged, said.tag, said.background))
        except TypeError:
            return
        self._quotes.setdefault(group, set()).update(statement.evidence)


def _covered(text: str, spans: list[tuple[int, int]]) -> int:
    """Non-space characters of ``text`` inside any of the spans (overlaps counted once)."""
    count = end = 0
    for start, stop in sorted(spans):
        start = max(start, end)
        if stop > start:
            count += stop - start - text.count(" ", start, stop)
            end = stop
    return count


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


def _statement(said: Said, document: Document, passage: Passage, normalized: Normalized,
               quoted: dict[tuple[int, int], list[Evidence]]) -> Statement:
    """The statement read as ``said``, with its evidence; ``quoted`` keeps the passage's evidence by span, so
    statements read from one span (a GPU phrase's model, count and form factor) share it."""
    evidence = []
    for span in said.spans:
        found = quoted.get(span)
        if found is None:
            found = quoted[span] = _evidence_for(document, passage, normalized, *span)
        evidence.extend(found)
    return constructed(Statement, _STATEMENT_FIELDS, {"path": said.path, "value": said.value, "hedged": said.hedged,
                                                      "evidence": evidence, "tag": said.tag, "option": said.option,
                                                      "amends": said.amends, "background": said.background,
                                                      "in_column": said.in_column})


def _evidence_for(document: Document, passage: Passage, normalized: Normalized, start: int,
                  end: int) -> list[Evidence]:
    """Evidence quoting the original characters behind normalised ``text[start:end]``, one per line touched."""
    source_start, source_end = normalized.source_span(start, end)
    evidence = []
    for line_index, column_start, column_end in passage.sources(source_start, source_end):
        line = document.lines[line_index]
        evidence.append(constructed(Evidence, _EVIDENCE_FIELDS, {
            "path": document.path, "page": line.page, "line": line.number, "column": column_start + 1,
            "text": line.text[column_start:column_end], "role": "quote", "where": None}))
    return evidence


# Statements and evidence are made from values of the models' own types, so there is nothing to validate;
# every one of them shares one set of the fields given (holding them all, so setting a field adds nothing
# to it), where pydantic would give each its own: half of their memory.
_STATEMENT_FIELDS = {"path", "value", "hedged", "evidence", "tag", "option", "amends", "background", "in_column"}
_EVIDENCE_FIELDS = {"path", "page", "line", "column", "text"}


_ASCII_LETTERS = bytes(range(ord("A"), ord("Z") + 1)) + bytes(range(ord("a"), ord("z") + 1))
_CJK_LEADS = bytes(range(0xE5, 0xEA))
"""The UTF-8 lead bytes of U+5000..U+9FFF."""
_SHARED_LEAD, _FROM_U4E00 = b"\xe4", b"\xb8"
"""The UTF-8 lead byte of U+4000..U+4FFF, and the least second byte of those from U+4E00 on (ideographs)."""


def document_language(document: Document) -> str:
    """``zh``, ``en`` or ``mixed`` from the share of CJK ideographs among letters."""
    cjk = latin = 0
    for piece in joined_pieces(line_texts(document.lines)):
        counted = _ideographs_and_letters(piece)
        cjk, latin = cjk + counted[0], latin + counted[1]
    if cjk < 5:
        return "en"
    if cjk * 3 >= latin:
        return "zh"
    return "mixed"


COUNTED_AT_ONCE = 1 << 16
"""Characters encoded at a time to count ideographs and letters: the copies stay small."""


def _ideographs_and_letters(text: str) -> tuple[int, int]:
    """How many CJK ideographs (U+4E00..U+9FFF) and ASCII letters ``text`` holds, counted in its UTF-8 bytes
    (one lead byte per ideograph, one byte per letter, neither of which occurs inside another character):
    a few passes of bytes methods instead of a regex over every character."""
    cjk = latin = 0
    for start in range(0, len(text), COUNTED_AT_ONCE):
        data = text[start:start + COUNTED_AT_ONCE].encode("utf-8", "surrogatepass")
        shared = sum(1 for after in data.split(_SHARED_LEAD)[1:] if after[:1] >= _FROM_U4E00)
        cjk += len(data) - len(data.translate(None, _CJK_LEADS)) + shared
        latin += len(data) - len(data.translate(None, _ASCII_LETTERS))
    return cjk, latin
