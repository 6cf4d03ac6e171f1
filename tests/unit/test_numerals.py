"""Numbers in Chinese numerals or English words before a unit, put in digits (slacheck.extract.numerals)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slacheck.extract.numerals import _spoken_value, in_digits, numeral_value
from slacheck.normalize import normalize

from conftest import offering_of


@pytest.mark.parametrize(("numerals", "value"), [
    ("玖佰", 900), ("肆", 4), ("十一", 11), ("二十", 20), ("一百二十八", 128), ("陆拾肆", 64),
    ("壹拾贰万捌仟", 128000), ("壹佰零贰万肆仟", 1024000), ("四〇〇", 400), ("两", 2),
])
def test_the_value_numerals_write(numerals: str, value: int) -> None:
    assert numeral_value(numerals) == value


def test_two_numbers_said_together_are_no_one_number() -> None:
    assert numeral_value("十二万五三") is None  # 12.5 万, then three (of something)


_SMALL_DIGITS = "零一二三四五六七八九"


def _written(n: int) -> str:
    """n (1-9999) in common numerals, the way a contract writes it."""
    out, zero = "", False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = n // value % 10
        if digit:
            out += ("零" if zero and out else "") + _SMALL_DIGITS[digit] + unit
            zero = False
        elif out:
            zero = True
    return out


@given(st.integers(min_value=1, max_value=9999))
def test_numerals_read_back_as_the_number_they_write(n: int) -> None:
    assert numeral_value(_written(n)) == n


def test_a_number_before_a_unit_is_put_in_digits_and_quotes_its_numerals() -> None:
    source = "单卡 NVLink 带宽玖佰 GB/s，硬件故障肆小时内更换，试运行柒日。"
    normalized = in_digits(normalize(source))
    assert "900 GB/s" in normalized.text and "4小时" in normalized.text and "7日" in normalized.text
    start = normalized.text.index("900")
    assert source[slice(*normalized.source_span(start, start + 3))] == "玖佰"


def test_counts_before_their_units_are_left_to_the_lexer() -> None:
    assert in_digits(normalize("每一台配置八张网卡")).text == normalize("每一台配置八张网卡").text


def test_a_contract_that_writes_its_figures_in_financial_numerals() -> None:
    offering = offering_of("1.1 GPU 服务器捌台，每台八张 H800 SXM5，单卡 NVLink 带宽玖佰 GB/s。\n"
                           "7.3 硬件故障时，乙方应在肆小时内完成备机更换。\n")
    assert offering.intra_node.bandwidth_gbytes is not None and offering.intra_node.bandwidth_gbytes.value == 900.0
    assert offering.sla.failover_minutes is not None and offering.sla.failover_minutes.value == 240.0
    assert offering.intra_node.bandwidth_gbytes.evidence[0].text == "玖佰 GB/s"


def test_a_figures_ten_thousand_before_one_month_is_no_number_of_months() -> None:
    assert "1个月" not in in_digits(normalize("3 台就是 15.6 万一个月，租期最少一年")).text


@pytest.mark.parametrize(("words", "value"), [
    ("ninety-nine point nine", "99.9"), ("two hundred and fifty", "250"), ("one-fifty", "150"), ("four hundred", "400"),
    ("one hundred twenty-eight", "128"), ("zero point one", "0.1"), ("three four", None), ("twenty twenty", None),
    ("one thousand eight hundred", "1800"), ("two thousand", "2000"),
])
def test_the_value_english_words_say(words: str, value: str | None) -> None:
    assert _spoken_value(words) == value


def test_a_voice_notes_figures_are_put_in_digits_and_signs() -> None:
    source = "SLA is ninety-nine point nine percent; pass at one-fifty gigabytes per second; NICs at two hundred gig."
    normalized = in_digits(normalize(source))
    assert normalized.text == "SLA is 99.9%; pass at 150 GB/s; NICs at 200G."
    start = normalized.text.index("99.9%")
    assert source[slice(*normalized.source_span(start, start + 5))] == "ninety-nine point nine percent"
    assert in_digits(normalize("Every one of them counts.")).text == "Every one of them counts."


def test_an_sla_said_aloud() -> None:
    offering = offering_of("4 nodes, RoCE v2. SLA is ninety-nine point nine percent monthly availability. If they miss "
                           "it you get ten percent of that month's fee back per zero point one percent below.\n")
    assert offering.sla.availability_pct is not None and offering.sla.availability_pct.value == 99.9
    assert offering.sla.credits is not None and offering.sla.credits.value is True
