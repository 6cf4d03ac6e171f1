"""report.context: the lines kept around a finding's quotes, the passages cut from them, the quotes marked."""

from __future__ import annotations

from slacheck.documents import Line
from slacheck.model import Evidence, Finding
from slacheck.report.context import WIDTH, ContextLine, context_lines, excerpts, marked

PATH = "offer.txt"


def _lines(*texts: str, page: int = 1) -> list[Line]:
    return [Line(page=page, number=n, text=text) for n, text in enumerate(texts, start=1)]


def _finding(*quotes: tuple[int, int, str], page: int = 1, path: str = PATH) -> Finding:
    evidence = [Evidence(path=path, page=page, line=line, column=column, text=text) for line, column, text in quotes]
    return Finding(rule="NET004", name="n", family="NET", severity="error", title="t", message="m", fix="f",
                   evidence=evidence)


def test_two_lines_either_side_of_a_quote_and_no_further() -> None:
    lines = _lines(*(f"clause {n}" for n in range(1, 11)))
    kept = context_lines(lines, [_finding((5, 8, "5"))], PATH)
    assert [line.number for line in kept] == [3, 4, 5, 6, 7]
    assert [line.number for run in excerpts(kept, _finding((5, 8, "5")), PATH) for line in run] == [3, 4, 5, 6, 7]


def test_quotes_near_each_other_make_one_passage_and_far_apart_two() -> None:
    lines = _lines(*(f"clause {n}" for n in range(1, 21)))
    near, far = _finding((3, 8, "3"), (6, 8, "6")), _finding((2, 8, "2"), (15, 8, "15"))
    kept = context_lines(lines, [near, far], PATH)
    assert [[line.number for line in run] for run in excerpts(kept, near, PATH)] == [[1, 2, 3, 4, 5, 6, 7, 8]]
    assert [[line.number for line in run] for run in excerpts(kept, far, PATH)] == [[1, 2, 3, 4], [13, 14, 15, 16, 17]]


def test_a_passage_stops_at_the_page_and_other_documents_and_whole_document_quotes_are_left_out() -> None:
    lines = [*_lines("p1 a", "p1 b"), *_lines("p2 a", "p2 b", page=2)]
    finding = _finding((1, 1, "p2"), page=2)
    missing = Finding(rule="SLA001", name="n", family="SLA", severity="warning", title="t", message="m", fix="f",
                      evidence=[Evidence(path=PATH, page=1, line=1, column=1, text="p1 a", role="document")])
    kept = context_lines(lines, [finding, missing, _finding((1, 1, "p1"), path="other.txt")], PATH)
    assert [(line.page, line.number) for line in kept] == [(2, 1), (2, 2)]


def test_a_long_line_is_cut_around_its_quote() -> None:
    text = "x" * 1000 + "shared" + "y" * 1000
    lines = _lines("before " * 200, text)
    finding = _finding((2, 1001, "shared"))
    before, quoted = context_lines(lines, [finding], PATH)
    assert (before.start, len(before.text), before.length) == (0, 2 * WIDTH, 1400)
    assert quoted.start == 1000 - WIDTH and quoted.text == "x" * WIDTH + "shared" + "y" * WIDTH
    assert marked(quoted, finding, PATH) == [("x" * WIDTH, False), ("shared", True), ("y" * WIDTH, False)]


def test_every_quote_on_a_line_is_marked_and_a_moved_quote_is_found_by_its_text() -> None:
    line = ContextLine(page=1, number=4, text="ports shared, fabric 4:1", length=24)
    finding = _finding((4, 7, "shared"), (4, 22, "4:1"))
    assert marked(line, finding, PATH) == [("ports ", False), ("shared", True), (", fabric ", False), ("4:1", True)]
    cleaned = ContextLine(page=1, number=4, text="ports shared", length=13)  # a control character was dropped
    assert marked(cleaned, _finding((4, 8, "shared")), PATH) == [("ports ", False), ("shared", True)]
