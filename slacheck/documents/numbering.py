"""Word's automatic list numbers (``w:numPr``): the number Word shows before a paragraph ("1.", "(2)",
"一、", "第三条"), counted in document order. The file does not hold these numbers in the paragraph's text.

A paragraph is numbered by its own ``w:numPr`` or its style's (a heading style linked to a list); the
list's level gives the start value, the number format and the text around the number (``%1.``, ``(%2)``,
``第%1条``). Lists that share a definition share their counters, as in Word; a list with a start override
starts again there. Bullets and unknown numbering show nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from slacheck.regexes import regex

if TYPE_CHECKING:
    from docx.document import Document as WordDocument
    from docx.text.paragraph import Paragraph

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_PLACEHOLDER = regex(r"%([1-9])")
_SUFFIX = {"tab": " ", "space": " ", "nothing": ""}


@dataclass(frozen=True)
class Level:
    """One level of a list definition."""

    start: int = 1
    format: str = "decimal"
    text: str = ""
    suffix: str = " "
    legal: bool = False
    """``w:isLgl``: every number in the text is shown as a decimal ("1.2.3")."""


class ListNumbers:
    """The list numbers of one Word document, handed out paragraph by paragraph in document order."""

    def __init__(self, word: WordDocument) -> None:
        numbering = _numbering(word)
        self._levels = {_val(a, "abstractNumId"): _levels(a) for a in numbering.iterchildren(f"{_W}abstractNum")} \
            if numbering is not None else {}
        self._lists: dict[str, tuple[str, dict[int, int]]] = {}
        """numId -> (its definition's abstractNumId, start overrides by level)."""
        for num in numbering.iterchildren(f"{_W}num") if numbering is not None else ():
            definition = num.find(f"{_W}abstractNumId")
            overrides = {_int(o, "ilvl", 0): _int(o.find(f"{_W}startOverride"), "val", 1)
                         for o in num.iterchildren(f"{_W}lvlOverride") if o.find(f"{_W}startOverride") is not None}
            if definition is not None:
                self._lists[_val(num, "numId")] = (_val(definition, "val"), overrides)
        self._styles = _style_numbers(word)
        self._default = next((_val(style, "styleId") for style in word.styles.element.iterchildren(f"{_W}style")
                              if _val(style, "type") == "paragraph" and _val(style, "default") in ("1", "true")), "")
        self._counts: dict[str, dict[int, int]] = {}
        self._started: set[str] = set()
        self._shown: dict[Any, str] = {}

    def label(self, paragraph: Paragraph) -> str:
        """The number Word shows before the paragraph, with the space after it ("" when it has none). A
        paragraph asked for twice (a merged table cell) keeps its number and does not count again."""
        element = paragraph._p
        if element not in self._shown:
            style = element.find(f"{_W}pPr/{_W}pStyle")
            self._shown[element] = self._next(element, _val(style, "val") if style is not None else self._default)
        return self._shown[element]

    def _next(self, element: Any, style: str) -> str:
        """Count the paragraph in its list and level; the number as Word shows it."""
        own = element.find(f"{_W}pPr/{_W}numPr")
        inherited_list, inherited_level = self._styles.get(style, ("", 0))
        list_id = _val(own.find(f"{_W}numId"), "val") if own is not None and own.find(f"{_W}numId") is not None \
            else inherited_list
        level = _int(own.find(f"{_W}ilvl"), "val", inherited_level) if own is not None else inherited_level
        if list_id not in self._lists:
            return ""
        definition, overrides = self._lists[list_id]
        levels = self._levels.get(definition, {})
        if level not in levels:
            return ""
        counts = self._counts.setdefault(definition, {})
        if list_id not in self._started:
            self._started.add(list_id)
            counts.update({at: start - 1 for at, start in overrides.items()})
        counts[level] = counts.get(level, levels[level].start - 1) + 1
        for deeper in [at for at in counts if at > level]:
            del counts[deeper]
        shown = levels[level]
        if shown.format in ("bullet", "none") or not shown.text:
            return ""

        def number(match: re.Match[str]) -> str:
            at = int(match.group(1)) - 1
            of = levels.get(at, Level())
            value = counts.get(at, of.start)
            return formatted(value, "decimal" if shown.legal else of.format)

        return _PLACEHOLDER.sub(number, shown.text) + shown.suffix


def formatted(value: int, style: str) -> str:
    """A list number in one of Word's number formats (decimal for those not known here)."""
    return _FORMATS.get(style, str)(value)


def _letters(value: int) -> str:
    """A, B, ... Z, AA, BB, ... (as Word counts letters); other values as decimals."""
    return chr(ord("A") + (value - 1) % 26) * ((value - 1) // 26 + 1) if value > 0 else str(value)


def _chinese(value: int, digits: str, powers: str, zero: str, *, short_ten: bool) -> str:
    """1 to 9999 in Chinese numerals (十二, 一百〇五; 壹拾贰 in the legal form); other values as decimals."""
    if not 0 < value < 10000:
        return str(value)
    text = str(value)
    out: list[str] = []
    gap = False
    for position, digit in enumerate(int(d) for d in text):
        power = len(text) - 1 - position
        if digit == 0:
            gap = bool(out)
            continue
        out += [zero] if gap else []
        out.append(digits[digit] + (powers[power - 1] if power else ""))
        gap = False
    shown = "".join(out)
    return shown[1:] if short_ten and 10 <= value < 20 else shown


def _roman(value: int) -> str:
    """1 to 3999 in Roman numerals; other values as decimals."""
    if not 0 < value < 4000:
        return str(value)
    out = []
    for amount, numeral in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        count, value = divmod(value, amount)
        out.append(numeral * count)
    return "".join(out)


_FORMATS: dict[str, Callable[[int], str]] = {
    "decimalZero": lambda n: f"{n:02d}",
    "upperRoman": lambda n: _roman(n),
    "lowerRoman": lambda n: _roman(n).lower(),
    "upperLetter": _letters,
    "lowerLetter": lambda n: _letters(n).lower(),
    "chineseCounting": lambda n: _chinese(n, "〇一二三四五六七八九", "十百千", "〇", short_ten=True),
    "chineseCountingThousand": lambda n: _chinese(n, "〇一二三四五六七八九", "十百千", "零", short_ten=True),
    "chineseLegalSimplified": lambda n: _chinese(n, "零壹贰叁肆伍陆柒捌玖", "拾佰仟", "零", short_ten=False),
    "ideographTraditional": lambda n: "甲乙丙丁戊己庚辛壬癸"[(n - 1) % 10] if n > 0 else str(n),
    "ideographDigital": lambda n: "".join("〇一二三四五六七八九"[int(d)] for d in str(n)),
    "decimalEnclosedCircle": lambda n: chr(0x2460 + n - 1) if 1 <= n <= 20 else str(n),
    "decimalFullWidth": lambda n: "".join(chr(0xFF10 + int(d)) for d in str(n)),
}
_FORMATS |= {"japaneseCounting": _FORMATS["chineseCounting"], "taiwaneseCounting": _FORMATS["chineseCounting"],
             "decimalEnclosedCircleChinese": _FORMATS["decimalEnclosedCircle"]}


def _numbering(word: WordDocument) -> Any:
    """The numbering part's root element, or None when the document has none (none is created)."""
    from docx.opc.constants import RELATIONSHIP_TYPE

    try:
        return word.part.part_related_by(RELATIONSHIP_TYPE.NUMBERING).element  # type: ignore[attr-defined]
    except KeyError:
        return None


def _levels(definition: Any) -> dict[int, Level]:
    """The levels of one ``w:abstractNum``."""
    levels = {}
    for lvl in definition.iterchildren(f"{_W}lvl"):
        suffix = lvl.find(f"{_W}suff")
        levels[_int(lvl, "ilvl", 0)] = Level(
            start=_int(lvl.find(f"{_W}start"), "val", 1),
            format=_val(lvl.find(f"{_W}numFmt"), "val") or "decimal",
            text=_val(lvl.find(f"{_W}lvlText"), "val"),
            suffix=_SUFFIX.get(_val(suffix, "val"), " ") if suffix is not None else " ",
            legal=lvl.find(f"{_W}isLgl") is not None)
    return levels


def _style_numbers(word: WordDocument) -> dict[str, tuple[str, int]]:
    """Paragraph styles that number their paragraphs: style id -> (numId, level), each taken from the style
    or the closest style it is ``w:basedOn`` that states it."""
    own: dict[str, tuple[str | None, int | None]] = {}
    based: dict[str, str] = {}
    for style in word.styles.element.iterchildren(f"{_W}style"):
        name = _val(style, "styleId")
        numbered = style.find(f"{_W}pPr/{_W}numPr")
        if numbered is not None:
            number_id, level_at = numbered.find(f"{_W}numId"), numbered.find(f"{_W}ilvl")
            own[name] = (_val(number_id, "val") if number_id is not None else None,
                         _int(level_at, "val", 0) if level_at is not None else None)
        parent = style.find(f"{_W}basedOn")
        if parent is not None:
            based[name] = _val(parent, "val")
    resolved: dict[str, tuple[str | None, int | None]] = {}
    for name in {*own, *based}:
        chain: list[str] = []
        at: str | None = name
        while at is not None and at not in resolved and at not in chain:  # each style is walked once
            chain.append(at)
            at = based.get(at)
        list_id, level = resolved.get(at, (None, None)) if at is not None else (None, None)
        for link in reversed(chain):
            stated = own.get(link, (None, None))
            list_id = stated[0] if stated[0] is not None else list_id
            level = stated[1] if stated[1] is not None else level
            resolved[link] = (list_id, level)
    return {name: (list_id, level or 0) for name, (list_id, level) in resolved.items() if list_id is not None}


def _val(element: Any, name: str) -> str:
    """A ``w:`` attribute of an element ("" when the element or the attribute is missing)."""
    return "" if element is None else str(element.get(f"{_W}{name}", ""))


def _int(element: Any, name: str, default: int) -> int:
    """A ``w:`` attribute read as a whole number (``default`` when missing or not a number)."""
    try:
        return int(_val(element, name))
    except ValueError:
        return default
