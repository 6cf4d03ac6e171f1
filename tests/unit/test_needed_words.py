"""The words a regex needs, and gated regexes: a text without any of a regex's words is not searched, and
every search, match and substitution gives what the regex itself gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slacheck import needed_words, regexes
from slacheck.needed_words import Gated, folded, gated

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.mark.parametrize(("pattern", "flags", "words"), [
    (r"(?:changed from|amended from)\s*\d+", 0, ["amended from", "changed from"]),
    (r"(?=(?:[从由]|(?i:[ac])))(?:由|从|(?i:changed from))", 0, ["changed from", "从", "由"]),
    (r"Price(?:s)?:", re.I, ["price:", "prices:"]),  # a run with an optional part: both of its strings
    (r"(?i:a(b|c)d)e", 0, ["abde", "acde"]),  # the strings a run of short items can match together
    (r"x{2,3}y", 0, ["xxy"]),  # "xxxy" holds "xxy"
    (r"\d+\s*G", 0, None),  # one ASCII letter tells nothing
    (r"谁|(?i:who)|[?？]", 0, None),  # a question mark neither
    (r"[^，。]{2,8}验收", 0, ["验收"]),
    (r"(?:a|\w+)bc", 0, ["bc"]),  # a branch without words: the words after it
    (r"(?:abc|\w+)", 0, None),  # a branch without words, and nothing else
    (r"ab?", 0, None),  # only "a" is sure
    (r"(", 0, None),  # not a regex
])
def test_the_words_a_regex_needs(pattern: str, flags: int, words: list[str] | None) -> None:
    assert needed_words.needed_words(pattern, flags) == words


def test_folding_makes_alike_what_re_matches_alike() -> None:
    """ſ matches s, the Kelvin sign k and İ i when re ignores case: folded text holds the words they spell."""
    assert folded("ſtrike") == "strike" and folded("\u212aB") == "kb" and folded("İN") == "in"
    pattern = re.compile("strike|kb|in", re.I)
    for text in ("ſtrike", "\u212aB", "İN"):
        assert pattern.search(text) and needed_words.needed_words(pattern.pattern, re.I)
        assert any(word in folded(text) for word in needed_words.needed_words(pattern.pattern, re.I) or ())


def test_a_regex_without_words_is_given_plain(tmp_path: Path) -> None:
    store = regexes._Store(tmp_path / "regexes-x.regexes.json")
    assert isinstance(store.pattern(r"(?i:dedicated|exclusive) ports?", 0), Gated)
    assert isinstance(store.pattern(r"\d+(?:\.\d+)?", 0), re.Pattern)


def test_a_gated_regex_skips_a_text_without_its_words() -> None:
    compiled = re.compile(r"(?i:not selected)\W*$")
    checked: list[str] = []

    class Watched:
        def search(self, string: str, pos: int = 0, endpos: int = 0) -> re.Match[str] | None:
            checked.append(string)
            return compiled.search(string, pos, endpos)

    gate = Gated(compiled, ["not selected"])
    gate.compiled = Watched()  # type: ignore[assignment]
    assert gate.search("Option B: 4 nodes, 400G per node") is None
    assert gate.search("Option C (NOT SELECTED)", 0, 99) is not None
    assert checked == ["Option C (NOT SELECTED)"]


_PATTERNS = [
    (r"(?:changed|amended) from\s*(\d+)\s*to\s*(\d+)", re.I),
    (r"[\"“]([^\"”]{1,20})[\"”]\s*(?:调整为|改为)", 0),
    (r"(?<![A-Za-z])(?:ſome|rdma|roce)(?![A-Za-z])", re.I),
    (r"不(?:含|包括)(?:交换机|光模块)", 0),
    (r"^\s*(?:option|方案)\s*[A-C]", re.I | re.M),
]
_ALPHABET = st.sampled_from(["changed", "amended", " from ", " to ", "12", "3", "\"", "“", "”", "调整为", "改为", "ſ",
                             "RDMA", "roce", "ome", "S", "不", "含", "包括", "交换机", "光模块", "\n", "option", "方案",
                             "B", "İ", "\u212a", "x", " "])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=14).map("".join))
def test_a_gated_regex_gives_what_the_regex_gives(text: str) -> None:
    for pattern, flags in _PATTERNS:
        compiled = re.compile(pattern, flags)
        gate = gated(compiled, needed_words.needed_words(pattern, flags))
        assert isinstance(gate, Gated)
        assert [m.span() for m in gate.finditer(text)] == [m.span() for m in compiled.finditer(text)]
        assert gate.sub("#", text) == compiled.sub("#", text) and gate.split(text) == compiled.split(text)
        assert gate.findall(text) == compiled.findall(text)
        found, wanted = gate.search(text, 1), compiled.search(text, 1)
        assert (found and found.span()) == (wanted and wanted.span())


def test_every_match_of_the_package_s_gated_regexes_holds_one_of_their_words() -> None:
    """Over every line of the samples, each match of each gated regex the reading made holds a needed word."""
    import slacheck.pipeline  # noqa: F401 (makes the reading's regexes)

    store = regexes._store
    assert store is not None
    made = [found for found in store.made.values() if isinstance(found, Gated)]
    assert len(made) > 100
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(SAMPLES.glob("*.md")))
    matched = 0
    for found in made:
        for match in found.compiled.finditer(text):
            if match.group():
                matched += 1
                assert any(word in folded(match.group()) for word in found.words), (found.pattern, match.group())
    assert matched > 100


def test_past_the_characters_kept_a_document_is_searched_without_a_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pass of the reading looks at every passage again: a gate that forgot them would cost more than it
    saves, so once KEPT_CHARACTERS are kept the rest of the document is let through, until it is forgotten."""
    monkeypatch.setattr(needed_words, "KEPT_CHARACTERS", 12)
    words = needed_words._Words()
    gate = words.add(["rdma"])
    assert gate not in words.held("plain text")  # 10 characters kept
    assert gate in words.held("more text")  # 19 would be more than 12: let through
    assert gate not in words.held("plain text")  # what was kept is still known
    words.forget()
    assert gate in words.held("RDMA!") and gate not in words.held("more")  # 5 and 9 characters kept
    assert needed_words.UNGATED in words.held("anything")
