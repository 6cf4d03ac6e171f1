"""Tests for slacheck.normalize: the normal form and the exact map back to the input."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from slacheck import normalize as nz
from slacheck.normalize import normalize


def reference(text: str) -> str:
    """Whole-string NFKC, controls dropped, whitespace collapsed, then the substitutions."""
    out = unicodedata.normalize("NFKC", text)
    out = "".join(" " if ch.isspace() else ch for ch in out if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf"))
    return nz._unify(re.sub(" +", " ", out))


def spans(text: str, source: str) -> list[str]:
    r = normalize(source)
    assert r.text == text
    return [source[slice(*r.source_span(i, i + 1))] for i in range(len(r.text))]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("Ｈ１００", "H100"),
        ("８卡", "8卡"),
        ("￥３.５万／月", "¥3.5万/月"),
        ("机型：8×H100\u3000SXM", "机型:8xH100 SXM"),
        ("8✕A100, 8✖H800", "8xA100, 8xH800"),
        ("8*H100, H100 * 8, 2＊3", "8xH100, H100 x 8, 2x3"),
        ("**粗体** a*b x X", "**粗体** a*b x X"),
        ("3～5万, 3万〜5万, 100G ~ 400G, 10至20台", "3-5万, 3万-5万, 100G - 400G, 10-20台"),
        ("~5万 at least 第1条至第3条", "~5万 at least 第1条至第3条"),
        ("两台 八卡的 A100 八十G的 嗯 显卡", "两台,八卡的 A100 八十G的 嗯 显卡"),  # a space between ideographs: a pause
        ("H100 80G *8卡 整机", "H100 80G x8卡 整机"),  # not after a count's unit
        ("服 务 器 报 价", "服 务 器 报 价"),  # letter-spaced, not paused
        ("IB–400G — 1‐2 ‑ ― －5 −3", "IB-400G - 1-2 - - -5 -3"),
        ("a \t\n  b\r\n\u00a0c", "a b c"),
        ("zero\u200bwidth\u200d \u202ebidi\u202c\u2066x\u2069", "zerowidth bidix"),
        ("\ufeffbom\x07bell\x7f", "bombell"),
        ("㎏ ㎡ ½ ﬁ …", "kg m2 1⁄2 fi ..."),
        ("e\u0301 Å", "é Å"),
        ("ｶﾞｷﾞ 가\u11a8", "ガギ 각"),
    ],
)
def test_normal_form(source: str, expected: str) -> None:
    assert normalize(source).text == expected
    assert reference(source) == expected


def test_map_back_examples() -> None:
    assert spans("H100 8卡", "Ｈ１００\u3000８卡") == ["Ｈ", "１", "０", "０", "\u3000", "８", "卡"]
    assert spans("kg2", "㎏2") == ["㎏", "㎏", "2"]
    assert spans("a b", "a \u200b\t b") == ["a", " \u200b\t ", "b"]
    assert spans("ab", "a\u200bb") == ["a", "b"]
    assert spans("éx", "e\u0301x") == ["e\u0301", "x"]
    assert spans("8xH100", "8×H100") == ["8", "×", "H", "1", "0", "0"]
    r = normalize("a\u200bb")
    assert r.source_span(0, 2) == (0, 3)  # a removed character inside a span is covered
    assert r.source_span(1, 1) == (2, 2) and r.source_span(2, 2) == (3, 3)
    with pytest.raises(IndexError):
        r.source_span(0, 3)


def test_empty_and_all_removed() -> None:
    assert normalize("").text == ""
    r = normalize("\u200b\u200c")
    assert r.text == "" and r.source_span(0, 0) == (2, 2)


def test_large_input_keeps_map_compact() -> None:
    text = "机型：８×Ｈ１００，价格 ￥3.5万/月。The vendor shall provide 8 GPUs.\n" * 5000
    r = normalize(text)
    assert len(r._out) < len(r.text) / 5
    i = r.text.index("The", len(r.text) // 2)
    a, b = r.source_span(i, i + 3)
    assert text[a:b] == "The"


def test_joins_previous_table_is_complete() -> None:
    """Every starter NFKC can merge with its predecessor is in _JOINS_PREVIOUS."""
    found = set(map(chr, range(0x1161, 0x1176))) | set(map(chr, range(0x11A8, 0x11C3)))
    for cp in range(sys.maxunicode + 1):
        ch = chr(cp)
        decomposition = unicodedata.decomposition(ch)
        if decomposition and not decomposition.startswith("<"):
            parts = decomposition.split()
            if len(parts) == 2 and unicodedata.combining(chr(int(parts[1], 16))) == 0:
                found.add(chr(int(parts[1], 16)))
        nfkd = unicodedata.normalize("NFKD", ch)
        if unicodedata.combining(ch) == 0 and nfkd and unicodedata.combining(nfkd[0]):
            found.add(ch)
    assert found <= nz._JOINS_PREVIOUS


def test_stable_characters_are_stable() -> None:
    stable = re.compile(f"[{nz._STABLE}]")
    for cp in range(0x10000):
        ch = chr(cp)
        if stable.match(ch):
            assert unicodedata.normalize("NFKC", ch) == ch and not ch.isspace(), hex(cp)
            assert unicodedata.category(ch) not in ("Cc", "Cf") and nz._starts_chunk(ch), hex(cp)


# --------------------------------------------------------------------------- properties


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60), st.data())
def test_map_is_bounded_and_monotone(source: str, data: st.DataObject) -> None:
    r = normalize(source)
    assert r.text == reference(source)
    n = len(r.text)
    singles = [r.source_span(i, i + 1) for i in range(n)]
    for (a0, a1), (b0, b1) in zip(singles, singles[1:]):
        assert a0 <= b0 and a1 <= b1
    for a, b in singles:
        assert 0 <= a < b <= len(source)
    start = data.draw(st.integers(0, n))
    end = data.draw(st.integers(start, n))
    a, b = r.source_span(start, end)
    assert 0 <= a <= b <= len(source)
    if start < end:
        assert (a, b) == (singles[start][0], singles[end - 1][1])


SIMPLE = st.text(alphabet=st.sampled_from(list("abcXYZ0123 \t机型价格卡万月元，。：；（）ＨＢ１２０／％Ａ\u3000")), max_size=40)


@settings(max_examples=500, deadline=None)
@given(SIMPLE, st.data())
def test_source_slice_normalizes_back(source: str, data: st.DataObject) -> None:
    r = normalize(source)
    n = len(r.text)
    if n == 0:
        return
    start = data.draw(st.integers(0, n - 1))
    end = data.draw(st.integers(start + 1, n))
    a, b = r.source_span(start, end)
    # a pause (a space between ideographs read as ",") depends on two characters either side: a slice that cuts
    # them off reads the space as a space
    pauses = [i for i, ch in enumerate(r.text) if ch == "," and source[slice(*r.source_span(i, i + 1))].isspace()]
    assume(not any(start - 2 <= i < start + 2 or end - 2 <= i < end + 2 for i in pauses))
    assert normalize(source[a:b]).text == r.text[start:end]


def test_traditional_characters_are_read_simplified_and_quote_themselves() -> None:
    source = "機間網路：每台 8 張 400G 網卡，交換器埠獨享。"
    result = nz.in_simplified(normalize(source))
    assert result.text == "机间网路:每台 8 张 400G 网卡,交换器埠独享。"
    assert [source[slice(*result.source_span(i, i + 1))] for i in range(4)] == ["機", "間", "網", "路"]
    assert nz.has_traditional(source) and not nz.has_traditional(result.text)


def test_simplified_text_keeps_the_characters_it_shares_with_traditional_text() -> None:
    for text in ("存储网络覆盖全部节点", "性能提升显著", "4 台 H100 服务器"):
        assert nz.in_simplified(normalize(text)).text == text
        assert not nz.has_traditional(text)
