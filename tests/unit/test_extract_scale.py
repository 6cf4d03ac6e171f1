"""Extraction of documents that say the same things many times: what is kept, and what it costs nothing to drop."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import slacheck.extract as extraction
from slacheck.documents.load import document_from_text
from slacheck.extract import _covered, _ideographs_and_letters, document_language, extract
from slacheck.offering import MAX_EVIDENCE, assemble_options

REPEATED = "".join(
    f"第{i}节 每台服务器配置 8x H100 SXM GPU，节点间采用 400G InfiniBand 网络。\n\n"
    f"Option {'A' if i % 2 else 'B'}: 4 nodes, 8x H100 SXM, NDR 400Gb/s per GPU.\n\n"
    for i in range(40)
)


def test_repeated_statements_are_dropped_without_changing_the_offering(monkeypatch: pytest.MonkeyPatch) -> None:
    document = document_from_text(REPEATED)
    capped = extract(document)
    monkeypatch.setattr(extraction, "MAX_EVIDENCE", 10**9)
    every = extract(document)
    assert len(capped.statements) < len(every.statements) / 2
    assert assemble_options(capped.statements) == assemble_options(every.statements)
    assert capped.coverage == every.coverage


def test_an_offering_still_quotes_the_first_places_a_fact_is_stated() -> None:
    offering, _ = assemble_options(extract(document_from_text(REPEATED)).statements)
    quotes = offering.gpu.model.evidence  # type: ignore[union-attr]
    assert len(quotes) == MAX_EVIDENCE
    assert [q.line for q in quotes] == sorted(q.line for q in quotes)
    assert quotes[0].line == 1


def test_every_acceptance_statement_is_kept() -> None:
    line = "Pass threshold: bus bandwidth (busbw) of at least 340 GB/s for every message size of 1 GB and above.\n\n"
    statements = extract(document_from_text(line * 30)).statements
    thresholds = [s for s in statements if s.path == "acceptance.threshold_gbytes"]
    assert len(thresholds) == 30


@pytest.mark.parametrize("spans", [[], [(0, 4)], [(2, 9), (0, 3), (5, 7)], [(1, 12), (1, 12), (3, 4)]])
def test_coverage_counts_each_covered_non_space_character_once(spans: list[tuple[int, int]]) -> None:
    text = "ab cd ef gh ij"
    expected = len({i for start, end in spans for i in range(start, end) if not text[i].isspace()})
    assert _covered(text, spans) == expected


@pytest.mark.parametrize(("text", "language"), [
    ("8x H100 SXM, 400G InfiniBand per node.", "en"),
    ("每台服务器配置八张 H100 GPU。", "zh"),
    ("GPU 服务器租赁合同 rental agreement: the provider supplies nodes with eight GPUs each and networking.", "mixed"),
])
def test_document_language(text: str, language: str) -> None:
    assert document_language(document_from_text(text + "\n")) == language


@given(st.text(st.one_of(st.characters(min_codepoint=0x3F00, max_codepoint=0xA0FF),
                         st.characters(max_codepoint=0x200), st.characters())))
def test_ideographs_and_letters_are_counted_on_bytes_as_on_characters(text: str) -> None:
    assert _ideographs_and_letters(text) == (sum("\u4e00" <= ch <= "\u9fff" for ch in text),
                                             sum(ch.isascii() and ch.isalpha() for ch in text))


def test_a_long_text_is_counted_piece_by_piece() -> None:
    text = "中a一Z\u4dff\u9fa5 " * extraction.COUNTED_AT_ONCE
    assert _ideographs_and_letters(text) == (3 * extraction.COUNTED_AT_ONCE, 2 * extraction.COUNTED_AT_ONCE)


def test_a_fact_in_a_later_window_of_one_huge_line_is_read_and_quoted() -> None:
    prose = "The parties agree that the provider shall deliver the services in a professional manner. " * 700
    fact = "Each node has 8x H100 SXM GPUs."
    assert len(prose) > 2 * extraction.WINDOW
    document = document_from_text(prose + fact + "\n")
    offering, _ = assemble_options(extract(document).statements)
    quotes = offering.gpu.model.evidence  # type: ignore[union-attr]
    assert [(q.line, q.column, q.text) for q in quotes] == [
        (1, len(prose) + fact.index("8x") + 1, "8x H100 SXM GPUs"), (1, len(prose) + fact.index("H100") + 1, "H100")]


def test_a_passage_said_again_is_read_where_it_stands_each_time() -> None:
    """Repeated passages share one scan; each is still quoted at its own line and read in its own frame."""
    line = "NCCL all_reduce busbw of at least 360 GB/s on the whole cluster.\n\n"
    text = line + "## Option A\n\n" + line + "## Option B\n\n" + line
    thresholds = [s for s in extract(document_from_text(text)).statements if s.path == "acceptance.threshold_gbytes"]
    assert [s.evidence[0].line for s in thresholds] == [1, 5, 9]
    assert [s.option for s in thresholds] == [None, "Option A", "Option B"]
