"""Numbers written in Chinese numerals or English words before a unit, put in digits ("玖佰 GB/s" -> "900 GB/s",
"肆小时" -> "4小时", "ninety-nine point nine percent" -> "99.9%"), and a unit said in words, put in its sign
("900 gigabytes per second" -> "900 GB/s").

A contract writes its key figures in financial numerals (壹贰叁…) or in words (八十GB, 四百G) as often as in digits,
and a transcribed voice note says them ("one-fifty gigabytes per second"); the readers after this one look for digits.
Counts before 台, 卡 or 张 are left to the lexer (NUMBER_ZH), which knows the words that count nothing (每一台), and so
are English counts and durations (NUMBER_WORD). The new digits quote the words they replace.
"""

from __future__ import annotations

from slacheck.extract.lexer import with_first_test
from slacheck.extract.lexicon import alternation, values
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_DIGITS = {word: int(value) for word, value in values("NUMBER_ZH").items() if float(value).is_integer()}
"""Each numeral's value: digits (一, 壹, 两 …) and the multipliers 十 拾 百 佰 千 仟."""
_TEN_THOUSAND = {word: int(value) for word, value in values("numeral_ten_thousand").items()}
NUMERALS = "".join(sorted(_DIGITS)) + "".join(sorted(_TEN_THOUSAND))
"""Every Chinese numeral: digits, multipliers and 万 (for a character class)."""
_NUMBER_BEFORE_UNIT = regex(with_first_test(
    rf"(?<![{NUMERALS}A-Za-z0-9.])[{''.join(sorted(_DIGITS))}][{NUMERALS}]*(?=\s?(?:{alternation('numeral_unit')}))"))
"""A run of numerals right before a unit, not the tail of a longer word nor a figure's 万 ("15.6 万一个月")."""


_WORD_VALUES = {"zero": 0, "thousand": 1000} | {word: int(value) for word, value in values("NUMBER_WORD").items()}
"""Each English number word's value: zero (as in "zero point one"), one … nineteen, the tens, hundred and thousand."""
_ONE_WORD = "|".join(sorted(_WORD_VALUES, key=len, reverse=True))
_EN_UNITS = values("number_word_unit")
"""Each unit said in words, and its sign."""
_UNIT_STEMS = tuple(sorted({unit for unit in _EN_UNITS
                            if not any(other != unit and other in unit for other in _EN_UNITS)}))
"""The units said in words that hold no shorter one ("gig" for "gigabytes"): a passage without one of them has no
number to put in digits before a unit said so."""
SPOKEN_WORDS = 8
"""Most words of a number said aloud, before or after its point (a search tries no longer runs of number words)."""
_WORDS_BEFORE_UNIT = regex(
    rf"(?<![A-Za-z0-9.-])(\d+(?:\.\d+)?|(?i:(?:{_ONE_WORD})(?:(?:-| | and )(?:{_ONE_WORD})){{0,{SPOKEN_WORDS}}}"
    rf"(?: point(?: (?:{_ONE_WORD})){{1,{SPOKEN_WORDS}}})?)) ?((?i:{alternation('number_word_unit')}))")
"""A number in English words or in digits right before a unit said in words ("ninety-nine point nine percent",
"four hundred gig", "900 gigabytes per second")."""


def in_digits(normalized: Normalized) -> Normalized:
    """``normalized`` with each number in Chinese numerals or English words before a unit written in digits."""
    text = normalized.text
    edits = []
    if not text.isascii():  # most passages of an English text have no Chinese numerals to search for
        for match in _NUMBER_BEFORE_UNIT.finditer(text):
            value = numeral_value(match.group())
            if value is not None:
                edits.append((match.start(), match.end(), str(value)))
    if any(stem in text for stem in _UNIT_STEMS):  # a unit said in words: its number may be too
        for match in _WORDS_BEFORE_UNIT.finditer(text):
            number = match.group(1)
            said = number if number[0].isdigit() else _spoken_value(number)
            sign = _EN_UNITS[match.group(2).lower()]
            if said is not None:  # "99.9%", "200G", "150 GB/s"
                edits.append((match.start(), match.end(), said + ("" if sign in ("%", "G") else " ") + sign))
    return normalized.edited(sorted(edits)) if edits else normalized


def _spoken_value(words: str) -> str | None:
    """The number English words say, in digits ("ninety-nine point nine" 99.9, "two hundred and fifty" 250, "one-fifty"
    150: a digit and a number of tens said as a voice says a figure); None when they are not one number."""
    whole, _, decimals = words.lower().partition(" point ")
    parts = [part for part in whole.replace("-", " ").split() if part != "and"]
    numbers = [_WORD_VALUES[part] for part in parts]
    if len(numbers) == 2 and numbers[0] < 10 and 10 <= numbers[1] < 100 and "-" in whole:
        total = numbers[0] * 100 + numbers[1]  # "one-fifty"
    else:
        total = group = 0  # the thousands said, and the number under a thousand said after them
        for number in numbers:
            if number == 1000:
                total, group = total + (group or 1) * 1000, 0
            elif number == 100:
                group = (group or 1) * 100
            elif group % 100 == 0 or number < 10 and group % 100 >= 20 and group % 10 == 0:  # "twenty-eight"
                group += number
            else:
                return None  # "three four": no one number
        total += group
    digits = [_WORD_VALUES[part] for part in decimals.split()]
    if any(digit > 9 for digit in digits):
        return None
    return f"{total}.{''.join(map(str, digits))}" if digits else str(total)


def numeral_value(numerals: str) -> int | None:
    """The integer Chinese numerals write ("玖佰" 900, "壹拾贰万捌仟" 128000, "十一" 11, "两" 2); None when they are
    not one number ("十一万二一": 11.2 万, then one)."""
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
        elif digit:  # two digits in a row after a multiplier: two numbers said together ("十一万二一个月")
            return None
        else:
            digit = value
    result = total + section + digit
    return result or None
