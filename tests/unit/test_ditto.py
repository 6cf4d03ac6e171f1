"""Values written as "the same as above" (同上, 〃, ditto): read as what they repeat, quoted where they stand."""

from __future__ import annotations

import pytest

from slacheck.documents.load import document_from_text
from slacheck.extract import extract
from slacheck.extract.ditto import DittoReader
from slacheck.normalize import normalize
from slacheck.offering import Offering, assemble

ANSWERS = ("| 序号 | 项目 | 响应 |\n|---|---|---|\n"
           "| 1 | GPU | 2 台，每台 8 张 H100 SXM5 |\n"
           "| 2 | 计算网络 | RoCE v2，每台 8 张 400G 网卡 |\n"
           "| 3 | 网络配置与调优 | 由我司负责 |\n"
           "| 4 | 网络拥塞与丢包诊断 | {diagnosis} |\n")


def _offering(text: str, fmt: str = "markdown") -> Offering:
    return assemble(extract(document_from_text(text, format=fmt)).statements)


@pytest.mark.parametrize("ditto", ["同上", "〃", "同上。", "Ditto", "same as above"])
def test_a_ditto_cell_says_what_the_cell_above_it_says(ditto: str) -> None:
    fact = _offering(ANSWERS.format(diagnosis=ditto)).fact("tuning.troubleshooting")
    assert fact is not None and fact.value == "provider"
    assert [quote.line for quote in fact.evidence] == [6] * len(fact.evidence)  # quoted in its own row


def test_a_ditto_of_a_ditto_repeats_the_first_value() -> None:
    text = ANSWERS.format(diagnosis="同上").replace("| 3 | 网络配置与调优 | 由我司负责 |",
                                                  "| 3 | 网络配置与调优 | 由我司负责 |\n| 3a | 交换机配置 | 同上 |")
    fact = _offering(text).fact("tuning.troubleshooting")
    assert fact is not None and fact.value == "provider"


def test_without_a_ditto_the_row_says_nothing_more() -> None:
    assert _offering(ANSWERS.format(diagnosis="待定")).fact("tuning.troubleshooting") is None


def test_a_label_whose_value_is_a_ditto_takes_the_value_of_the_label_above() -> None:
    text = ("8 servers of 8x H100 SXM, RoCE v2 with 8x 400G NICs per server.\n"
            "- Fabric tuning (PFC/ECN): the provider's network team.\n"
            "- Congestion and packet-loss diagnosis: as above.\n")
    fact = _offering(text, "text").fact("tuning.troubleshooting")
    assert fact is not None and fact.value == "provider"


def test_the_row_under_the_header_and_a_row_of_other_width_repeat_nothing() -> None:
    reader = DittoReader()
    rows = document_from_text("| a | b |\n|---|---|\n| 同上 | x |\n| 1 | 2 | 同上 |\n", format="markdown").passages
    texts = [reader.filled(normalize(p.text), p).text for p in rows]
    assert texts == [p.text for p in rows]


def test_a_ditto_maps_back_to_where_it_stands() -> None:
    reader = DittoReader()
    document = document_from_text("| 项目 | 响应 |\n|---|---|\n| 调优 | 由乙方负责 |\n| 诊断 | 同上 |\n", format="markdown")
    header, first, second = document.passages
    reader.filled(normalize(header.text), header)
    reader.filled(normalize(first.text), first)
    filled = reader.filled(normalize(second.text), second)
    assert filled.text == second.text.replace("同上", "由乙方负责")
    start = filled.text.index("由乙方负责")
    a, b = filled.source_span(start, start + len("由乙方负责"))
    assert second.text[a:b] == "同上"
