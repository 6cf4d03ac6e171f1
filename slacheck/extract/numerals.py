"""Numbers written in Chinese numerals before a unit, put in digits ("玖佰 GB/s" -> "900 GB/s", "肆小时" -> "4小时").

A contract writes its key figures in financial numerals (壹贰叁…) or in words (八十GB, 四百G) as often as in digits;
the readers after this one look for digits. Counts before 台, 卡 or 张 are left to the lexer (NUMBER_ZH), which knows
the words that count nothing (每一台). The new digits quote the numerals they replace.
"""

from __future__ import annotations

from slacheck.extract.lexer import with_first_test
from slacheck.extract.lexicon import alternation, values
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_DIGITS = {word: int(value) for word, value in values("NUMBER_ZH").items() if float(value).is_integer()}
"""Each numeral's value: digits (一, 壹, 两 …) and the multipliers 十 拾 百 佰 千 仟."""
_TEN_THOUSAND = {word: int(value) for word, value in values("numeral_ten_thousand").items()}
_NUMERAL = "".join(sorted(_DIGITS)) + "".join(sorted(_TEN_THOUSAND))
_NUMBER_BEFORE_UNIT = regex(with_first_test(
    rf"(?<![{_NUMERAL}A-Za-z0-9.])[{''.join(sorted(_DIGITS))}][{_NUMERAL}]*(?=\s?(?:{alternation('numeral_unit')}))"))
"""A run of numerals right before a unit, not the tail of a longer word nor a figure's 万 ("15.6 万一个月")."""


def in_digits(normalized: Normalized) -> Normalized:
    """``normalized`` with each number in Chinese numerals before a unit written in digits."""
    if normalized.text.isascii():  # most passages of an English text: nothing to search
        return normalized
    edits = []
    for match in _NUMBER_BEFORE_UNIT.finditer(normalized.text):
        value = _value(match.group())
        if value is not None:
            edits.append((match.start(), match.end(), str(value)))
    return normalized.edited(edits) if edits else normalized


def _value(numerals: str) -> int | None:
    """The integer Chinese numerals write ("玖佰" 900, "壹拾贰万捌仟" 128000, "十一" 11, "两" 2); None when they are
    not one number."""
    if len(numerals) > 1 and all(_DIGITS.get(ch, 10) < 10 for ch in numerals):  # digit by digit: 四〇〇
        return int("".join(str(_DIGITS[ch]) for ch in numerals))
    total = section = digit = 0
    for ch in numerals:
        if ch in _TEN_THOUSAND:
            total += (section + digit) * _TEN_THOUSAND[ch]
            section = digit = 0
            continue
        value = _DIGITS.get(ch)
        if value is None:
            return None
        if value >= 10:  # a multiplier: 十 拾 百 佰 千 仟 (十 alone is ten)
            section += (digit or 1) * value
            digit = 0
        else:
            digit = value
    result = total + section + digit
    return result or None
