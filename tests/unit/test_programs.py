"""Regular-expression programs kept between runs: the patterns made from them are re.compile's own."""

from __future__ import annotations

import importlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slacheck import programs
from slacheck.extract import tables
from slacheck.extract.lexer import PROSE, prose_then_skip, skip_pattern

_PIECES = st.sampled_from([
    "a", "B", "7", "条", "卡", r"\d", r"\s", r"\w", ".", "[0-9A-Fa-f]", "[^a-z]", "[一二三]", r"\.", "(?i:gb)",
    "(?:x|yz)", "(?P<name>q)", "(?=a)", "(?!b)", "(?<![0-9])", "^", "$", r"\b",
])
_REPEATS = st.sampled_from(["", "?", "*", "+", "{1,3}", "*?", "{2}"])
_PATTERNS = st.lists(st.tuples(_PIECES, _REPEATS).map("".join), min_size=1, max_size=6).map("".join)


def _valid(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:  # a repeat of nothing, a group name twice
        return False
    return True


@pytest.fixture(scope="module")
def grammar() -> tables.GrammarTables:
    return tables.grammar_tables()


def test_every_regex_of_the_lexer_has_a_program(grammar: tables.GrammarTables) -> None:
    """The lexer compiles none of the grammar's regexes itself where this Python keeps programs: terminals and
    the skip pattern, a prose word with the skip after it, and the prefix filters as they are."""
    skip = skip_pattern(grammar.terminals, grammar.silent, grammar.ranges)
    prose_skip = prose_then_skip(dict(grammar.terminals)[PROSE], skip)
    assert set(grammar.programs) == {(regex, 0) for _, regex in grammar.terminals} | {(skip, 0), (prose_skip, 0)} | {
        (start, 0) for start in grammar.starts.values()}


def test_kept_programs_make_re_compile_s_patterns(grammar: tables.GrammarTables) -> None:
    for (regex, flags), kept in grammar.programs.items():
        made = programs.from_program(regex, kept)
        assert made == re.compile(regex, flags)  # same text, flags and code
        assert made is not None and made.groupindex == re.compile(regex, flags).groupindex


@settings(max_examples=300, deadline=None)
@given(_PATTERNS.filter(_valid), st.sampled_from([0, re.IGNORECASE]), st.text(alphabet="aAbB7条卡 .xyzq-一", max_size=12))
def test_a_pattern_from_its_program_matches_as_re_compile_s(pattern: str, flags: int, text: str) -> None:
    kept = programs.program(pattern, flags)
    assert kept is not None
    made = programs.compiled(pattern, {(pattern, flags): kept}, flags)
    fresh = re.compile(pattern, flags)
    # the same pattern (text, flags, groups); its code too, but for a header that names the first characters of a
    # pattern behind a look-ahead (programs.searched_by_first_character)
    assert (made.pattern, made.flags, made.groups, made.groupindex) == (
        fresh.pattern, fresh.flags, fresh.groups, fresh.groupindex)
    assert made == fresh or pattern.startswith("(?=")
    assert [m.span() for m in made.finditer(text)] == [m.span() for m in fresh.finditer(text)]
    assert [m.groupdict() for m in made.finditer(text)] == [m.groupdict() for m in fresh.finditer(text)]


@given(st.lists(st.integers(min_value=0, max_value=2**32 - 1), max_size=50))
def test_packed_code_reads_back(code: list[int]) -> None:
    assert programs.unpacked(programs.packed(code)) == code


def test_a_program_the_matcher_refuses_falls_back_to_re_compile() -> None:
    refused: programs.Program = (0, [999_999, 1, 2], 0, {})
    assert programs.from_program("ab+", refused) is None
    assert programs.compiled("ab+", {("ab+", 0): refused}) == re.compile("ab+")
    assert programs.compiled("ab+", {}) == re.compile("ab+")  # no program kept
    ignoring_case = programs.program("ab+", re.IGNORECASE)
    assert ignoring_case is not None
    kept = {("ab+", re.IGNORECASE): ignoring_case}
    assert programs.compiled("ab+", kept) == re.compile("ab+")  # only kept for other flags
    assert programs.compiled("ab+", kept, re.IGNORECASE) == re.compile("ab+", re.IGNORECASE)


def test_a_python_without_the_internals_keeps_no_program(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> object:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    assert programs.program("ab+") is None
