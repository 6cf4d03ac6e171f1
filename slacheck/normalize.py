"""Text normalisation for fact extraction, with an exact map back to the input.

``normalize`` applies, in this order:

1. NFKC (full-width ``Ｈ１００`` -> ``H100``, ``：`` -> ``:``, U+3000 -> space, ``㎏`` -> ``kg``);
2. removal of control and format characters (zero-width, bidi controls, BOM, soft hyphen, C0/C1
   controls other than whitespace);
3. collapsing every run of whitespace (any Unicode space, tab, line break) to one ``" "``;
4. one-for-one substitutions: ``×``/``✕``/``✖`` -> ``x``; ``*`` between numbers or model names
   -> ``x``; dashes ``‐ ‑ ‒ – — ― −`` -> ``-``; ``~ 〜 ∼`` and ``至`` between two numbers -> ``-``; a dotted
   leader between a label and its value (``Nodes ........ 16``) -> ``:`` and spaces; a key's quotes (JSON's
   ``"nodes": 4``) and underscores (``memory_gb: 80``) -> spaces; a space between two ideographs -> ``,``.

``in_simplified`` writes traditional Chinese characters as simplified ones, one for one (``網路`` -> ``网路``,
grammar/traditional_chinese.txt), for a document written in them (``has_traditional``).

The map is stored as pieces: an *identity* piece maps its output characters one-to-one onto an
equally long input range; a *block* piece maps every output character onto the whole input range
it came from (an NFKC expansion such as ``㎏`` -> ``kg``, a composed sequence such as ``e`` +
U+0301 -> ``é``, or a collapsed whitespace run).  Removed characters belong to no piece; a span of
the output covers them when they lie between its first and last character.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cache

from slacheck.regexes import Regex, regex
from slacheck.resources import grammar_file

__all__ = ["Normalized", "has_traditional", "in_simplified", "normalize"]

# Characters that never change under NFKC, are not whitespace or controls, and never combine
# with a neighbour: ASCII printable, CJK unified ideographs, stable CJK punctuation and quotes.
_STABLE = r"!-~\u00b7\u2018-\u201d\u3001-\u3003\u3008-\u3011\u3014-\u301b\u3400-\u4dbf\u4e00-\u9fff"
_FAST_RUN = regex(rf"(?P<stable>[{_STABLE}])|(?P<space>\s+)")
# A stable run (stable characters, single spaces between them) ends before the first of two spaces or
# the first other character, and before a space there. (As one pattern, ``[S]+(?: [S]+)*``, ``re`` keeps
# a backtracking frame per space: 77 MB for a million-character paragraph of one-letter words.)
_RUN_STOP = regex(rf"  |[^{_STABLE} ]")

# Starters that NFKC may merge with the preceding character: second halves of canonical
# pairs with combining class 0 (Unicode 14 decompositions), characters whose NFKD starts
# with a non-starter, and Hangul medial/final jamo (composed algorithmically).
_JOINS_PREVIOUS = frozenset(
    "\u09be\u09d7\u0b3e\u0b56\u0b57\u0bbe\u0bd7\u0cc2\u0cd5\u0cd6\u0d3e\u0d57\u0dcf\u0ddf"
    "\u0f73\u0f75\u0f81\u0fb5\u0fb7\u102e\u1b35\uff9e\uff9f"
    "\U00011127\U0001133e\U00011357\U000114b0\U000114ba\U000114bd\U000115af\U00011930"
    + "".join(map(chr, range(0x1161, 0x1176)))
    + "".join(map(chr, range(0x11A8, 0x11C3)))
)

_ALWAYS = str.maketrans(
    {
        "\u00d7": "x", "\u2715": "x", "\u2716": "x",
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
        "\u2014": "-", "\u2015": "-", "\u2212": "-",
    }
)
_ALWAYS_SIGNS = regex("[" + re.escape("".join(map(chr, _ALWAYS))) + "]")
"""Any character _ALWAYS replaces: most texts have none, and finding that costs a fifth of translating."""
# '*' with a digit on one side and a digit or letter on the other (8*H100, H100 * 8, 2*3).
_STAR = regex(
    r"\*(?:(?:(?<=\d\*)|(?<=\d \*))(?= ?[0-9A-Za-z])|(?:(?<=[0-9A-Za-z]\*)|(?<=[0-9A-Za-z] \*))(?= ?\d))"
)
"""The '*' first, so a search skips straight to each one."""
_RANGE_SIGN_CLASS = "[~\u301c\u223c\u81f3]"
# '~' '〜' '∼' '至' after a number (optionally with a unit: 3万~5万, 100G ~ 400G) and before one.
_RANGE = regex(r"(\d ?(?:[万千百亿%]|[A-Za-z]{1,3})? ?)" + _RANGE_SIGN_CLASS + r"(?= ?[¥$€£]? ?\d)")


def _range_dash(m: re.Match[str]) -> str:
    return m.group(1) + "-"


_RANGE_SIGNS = regex(_RANGE_SIGN_CLASS)


_LEADER_DOTS = regex(r"(?<![\s.])(?: ?\.{4,}| \.{3})(?= [^\s.])")
"""A dotted leader after a label and before its value: it says what a colon does."""


def _as_colon(m: re.Match[str]) -> str:
    return ":" + " " * (len(m.group()) - 1)


_JSON_KEY = regex(r'(?<![^\s{,\[])"([^"\n]{1,40})"(?=[ \t]*:[ \t]*(?:["{\[\d-]|true|false|null|$))')
"""A quoted key before its colon and a JSON value ('"nodes": 4'): read without its quotes, as a label (not a
term a definition quotes: '"节点"：指…')."""


def _unquoted_key(m: re.Match[str]) -> str:
    return f" {m.group(1)} "


_SNAKE_KEY = regex(r"(?<![^\s-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?=[ \t]*:(?:\s|$))")
"""A machine-readable key before its colon ("memory_gb: 80", "storage_network:"): read with spaces for its
underscores, as the words it spells ("memory gb", "storage network"); commands, variables ("NCCL_IB_HCA=") and
device ports ("mlx5_0:1") keep theirs."""


def _spaced_key(m: re.Match[str]) -> str:
    return m.group().replace("_", " ")


_HAN = r"\u3400-\u4dbf\u4e00-\u9fff"
_SPOKEN_PAUSE = regex(rf" (?<=[{_HAN}][{_HAN}] )(?=[{_HAN}][{_HAN}])")  # the space first, for a fast search
"""A space between two words of ideographs: Chinese writes no space between words, so one stands for a pause, as in
unpunctuated speech ("两台 八卡的 A100 八十G的"); not beside a single ideograph, as in letter-spaced headings ("服 务
器") or after a count's unit ("8卡 整机")."""


TRADITIONAL_FILE = "traditional_chinese.txt"


@cache
def _traditional() -> tuple[Regex, dict[int, int]]:
    """A search for any traditional Chinese character, and the table that writes each as its simplified one."""
    pairs = [line.split() for line in grammar_file(TRADITIONAL_FILE).read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    traditional, simplified = "".join(pair[0] for pair in pairs), "".join(pair[1] for pair in pairs)
    return regex(f"[{traditional}]"), str.maketrans(traditional, simplified)


def has_traditional(text: str) -> bool:
    """Whether ``text`` writes any character in its traditional form (網, 頻, 櫃)."""
    return not text.isascii() and _traditional()[0].search(text) is not None


def in_simplified(normalized: Normalized) -> Normalized:
    """``normalized`` with its traditional Chinese characters written simplified, one for one (the map back is the
    same): a quote sheet from Taiwan or Hong Kong (伺服器、網路、頻寬) is read with the words of one from the
    mainland."""
    search, table = _traditional()
    return normalized.retyped(normalized.text.translate(table)) if search.search(normalized.text) else normalized


def _unify(text: str) -> str:
    """The one-for-one substitutions of step 4 (lengths and positions are kept); each regex runs only
    when its sign occurs."""
    if _ALWAYS_SIGNS.search(text):
        text = text.translate(_ALWAYS)
    if "*" in text:
        text = _STAR.sub("x", text)
    if _RANGE_SIGNS.search(text):
        text = _RANGE.sub(_range_dash, text)
    if "..." in text:
        text = _LEADER_DOTS.sub(_as_colon, text)
    if '"' in text:
        text = _JSON_KEY.sub(_unquoted_key, text)
    if "_" in text:
        text = _SNAKE_KEY.sub(_spaced_key, text)
    return text if text.isascii() else _SPOKEN_PAUSE.sub(",", text)


@dataclass(frozen=True, slots=True, init=False)
class Normalized:
    """Normalised text plus the map from its characters back to the input string (the constructor written out, as
    extract.context.Said's is)."""

    text: str
    _source_length: int = field(repr=False, compare=False)
    _out: array = field(repr=False, compare=False)
    _in: array = field(repr=False, compare=False)
    _in_end: array = field(repr=False, compare=False)
    _identity: bytes = field(repr=False, compare=False)

    def __init__(self, text: str, _source_length: int, _out: array, _in: array, _in_end: array,
                 _identity: bytes) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_source_length", _source_length)
        object.__setattr__(self, "_out", _out)
        object.__setattr__(self, "_in", _in)
        object.__setattr__(self, "_in_end", _in_end)
        object.__setattr__(self, "_identity", _identity)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the input string that normalized text[start:end] came from."""
        if not 0 <= start <= end <= len(self.text):
            raise IndexError(f"span {start}:{end} outside 0:{len(self.text)}")
        if start == end:
            position = self._source_length if start == len(self.text) else self._char_span(start)[0]
            return position, position
        return self._char_span(start)[0], self._char_span(end - 1)[1]

    def _char_span(self, index: int) -> tuple[int, int]:
        return self._char_piece(index)[:2]

    def _char_piece(self, index: int) -> tuple[int, int, bool]:
        """The input span of output character ``index``, and whether its piece maps one-to-one."""
        piece = bisect_right(self._out, index) - 1
        if self._identity[piece]:
            source = self._in[piece] + index - self._out[piece]
            return source, source + 1, True
        return self._in[piece], self._in_end[piece], False

    def retyped(self, text: str) -> Normalized:
        """This map with another text of the same length, each character replaced one for one."""
        return Normalized(text, self._source_length, self._out, self._in, self._in_end, self._identity)

    def edited(self, edits: list[tuple[int, int, str]]) -> Normalized:
        """This text with output ranges replaced (``(start, end, new)``, in order, not overlapping): a removed
        character maps nowhere; an inserted one maps to the input of the character before it (a unit moved
        after a number quotes the number); one that replaces a range maps to that range's input (a number
        written in words, put in digits, quotes the words)."""
        pieces: list[tuple[int, int, bool]] = []
        parts: list[str] = []
        position = 0
        for start, end, new in edits:
            parts.append(self.text[position:start])
            pieces.extend(self._char_piece(index) for index in range(position, start))
            if new:
                if end > start:
                    source, source_end = self._char_span(start)[0], self._char_span(end - 1)[1]
                else:
                    source, source_end, _ = self._char_piece(max(0, start - 1))
                parts.append(new)
                pieces.extend([(source, source_end, False)] * len(new))
            position = end
        parts.append(self.text[position:])
        pieces.extend(self._char_piece(index) for index in range(position, len(self.text)))
        out, src, src_end, identity = array("q"), array("q"), array("q"), bytearray()
        for index, (source, source_end, one_to_one) in enumerate(pieces):
            if index and identity[-1] == one_to_one and (
                    src_end[-1] == source if one_to_one else (src[-1], src_end[-1]) == (source, source_end)):
                if one_to_one:
                    src_end[-1] = source_end
                continue
            out.append(index)
            src.append(source)
            src_end.append(source_end)
            identity.append(one_to_one)
        return Normalized("".join(parts), self._source_length, out, src, src_end, bytes(identity))


class _Builder:
    """Accumulates output text and its map pieces."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.out: list[int] = []
        self.src: list[int] = []
        self.src_end: list[int] = []
        self.identity: list[bool] = []
        self.length = 0
        self.ends_with_space = False

    def identical(self, text: str, source: int) -> None:
        """Output ``text`` mapped one-to-one onto the input from ``source``."""
        if self.identity and self.identity[-1] and self.src_end[-1] == source:
            self.src_end[-1] = source + len(text)
        else:
            self._piece(source, source + len(text), True)
        self.parts.append(text)
        self.length += len(text)
        self.ends_with_space = False

    def block(self, text: str, source: int, source_end: int) -> None:
        """Output ``text``; every character of it maps to input[source:source_end]."""
        self._piece(source, source_end, False)
        self.parts.append(text)
        self.length += len(text)
        self.ends_with_space = False

    def space(self, source: int, source_end: int) -> None:
        """Output one space for input[source:source_end], merging with a preceding space."""
        if self.ends_with_space:
            self.src_end[-1] = source_end
            return
        self._piece(source, source_end, False)
        self.parts.append(" ")
        self.length += 1
        self.ends_with_space = True

    def _piece(self, source: int, source_end: int, identity: bool) -> None:
        self.out.append(self.length)
        self.src.append(source)
        self.src_end.append(source_end)
        self.identity.append(identity)


_SPLIT_SPACE = regex("( )")
_chunk_cache: dict[str, str] = {}


def _clean(chunk: str) -> str:
    """NFKC of ``chunk`` with control/format characters dropped and whitespace made ``" "``."""
    cached = _chunk_cache.get(chunk)
    if cached is not None:
        return cached
    kept = []
    for ch in unicodedata.normalize("NFKC", chunk):
        if ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cf"):
            kept.append(ch)
    result = "".join(kept)
    if len(chunk) == 1:
        _chunk_cache[chunk] = result
    return result


_WHOLE = array("q", [0])
"""The map of a text copied whole: one identity piece from 0 (an identity piece's end is never read)."""


def _starts_chunk(ch: str) -> bool:
    """Whether NFKC can never merge ``ch`` with the character before it."""
    return unicodedata.combining(ch) == 0 and ch not in _JOINS_PREVIOUS


def normalize(text: str) -> Normalized:
    """NFKC-normalise ``text``, drop invisible controls, collapse spaces, unify x and dashes."""
    n = len(text)
    if n and text[0] != " " and text[-1] != " " and _RUN_STOP.search(text) is None:
        return _whole(text, text)  # stable characters and single spaces inside: one run, copied whole
    out = _Builder()
    pos = 0
    while pos < n:
        m = _FAST_RUN.match(text, pos)
        if m is not None:
            end = m.end()
            if m.lastgroup == "space":
                out.space(pos, end)
                pos = end
                continue
            stop = _RUN_STOP.search(text, pos)
            end = stop.start() if stop is not None else n
            if text[end - 1] == " ":
                end -= 1
            if end < n and not _starts_chunk(text[end]):
                end -= 1  # the last stable character composes with what follows
            if end > pos:
                out.identical(text[pos:end], pos)
                pos = end
                continue
        end = pos + 1
        while end < n and not _starts_chunk(text[end]):
            end += 1
        _emit_chunk(out, text, pos, end)
        pos = end
    if out.identity == [True] and out.src == [0]:
        return _whole("".join(out.parts), text)
    return Normalized(
        _unify("".join(out.parts)),
        n,
        array("q", out.out),
        array("q", out.src),
        array("q", out.src_end),
        bytes(out.identity),
    )


def _whole(output: str, source: str) -> Normalized:
    """The output of a ``source`` copied whole (the one map every such text shares), its one-for-one
    substitutions made; the source string itself when they change nothing."""
    unified = _unify(output)
    return Normalized(source if unified == source else unified, len(source), _WHOLE, _WHOLE, _WHOLE, b"\x01")


def _emit_chunk(out: _Builder, text: str, start: int, end: int) -> None:
    """Emit the cleaned NFKC form of text[start:end] (one starter and what combines with it)."""
    cleaned = _clean(text[start:end])
    if not cleaned:
        return
    if end - start == 1 and len(cleaned) == 1 and cleaned != " ":
        out.identical(cleaned, start)
        return
    for piece in _SPLIT_SPACE.split(cleaned):
        if piece == " ":
            out.space(start, end)
        elif piece:
            out.block(piece, start, end)
