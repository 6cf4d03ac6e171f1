"""The first-character lexer: the fact grammar's terminals, matched as lark's basic lexer matches them.

Each terminal's regex is walked with the standard library's own regex parser to
find the characters (and first few characters) a match can start with; one search
skips prose up to the next such character, where only the terminals that can
start there are tried.
"""

from __future__ import annotations

import importlib
import re
from bisect import bisect_right
from functools import lru_cache
from typing import Any, Iterator, Mapping, Sequence

from slacheck import needed_words, regexes
from slacheck.programs import BMP_END, Program, character_ranges, compiled

# the regex parser's own modules, which typeshed does not describe in every installation
sre_constants: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")


class Keyword:
    """A vocabulary token: its terminal's name, its text and where it lies (``text[start:end]``)."""

    __slots__ = ("type", "value", "start", "end")

    def __init__(self, type: str, value: str, start: int, end: int) -> None:
        self.type = type
        self.value = value
        self.start = start
        self.end = end


PROSE = "PROSE"
"""The terminal of text the grammar does not know: it ends a run of keywords but is not kept."""
SHARED_VALUES = 65_536
"""Most distinct token texts the lexer keeps to share between tokens (and texts of PREFIX characters it keeps
the terminals of)."""
FEW = 4
"""Terminals that can start with one character tried without looking at the characters after it."""
PREFIX = 4
"""Characters looked at, where more than FEW terminals can start with the first, to narrow the terminals tried."""
DIGITS = "0123456789"
_AS_ZERO = str.maketrans(DIGITS, "0" * len(DIGITS))

_ANY = r"\s\S"
_CATEGORIES = {
    sre_constants.CATEGORY_DIGIT: r"\d", sre_constants.CATEGORY_NOT_DIGIT: r"\D",
    sre_constants.CATEGORY_SPACE: r"\s", sre_constants.CATEGORY_NOT_SPACE: r"\S",
    sre_constants.CATEGORY_WORD: r"\w", sre_constants.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT}
_ZERO_WIDTH = {sre_constants.AT, sre_constants.ASSERT, sre_constants.ASSERT_NOT}


def _char(code: int) -> str:
    """One character as written in a class: itself when it is a letter or digit, else escaped."""
    character = chr(code)
    return character if character.isalnum() else f"\\U{code:08x}"


_Part = tuple[str, bool]
"""A character-class part (``a-z``, ``\\d``, one escaped character) and whether it matches ignoring case."""
_ANY_PART: _Part = (_ANY, False)


def _one_character(op: Any, av: Any, fold: bool) -> set[_Part]:
    """The class parts of a parsed regex item that matches one character (any character for a negated class)."""
    if op is sre_constants.LITERAL:
        return {(_char(av), fold)}
    if op is sre_constants.IN:
        parts: set[_Part] = set()
        for inner, value in av:
            if inner is sre_constants.LITERAL:
                parts.add((_char(value), fold))
            elif inner is sre_constants.RANGE:
                parts.add((f"{_char(value[0])}-{_char(value[1])}", fold))
            elif inner is sre_constants.CATEGORY and value in _CATEGORIES:
                parts.add((_CATEGORIES[value], False))
            else:  # a negated class, or a category without a class escape
                return {_ANY_PART}
        return parts
    if op is sre_constants.CATEGORY and av in _CATEGORIES:
        return {(_CATEGORIES[av], False)}
    return {_ANY_PART}  # any character, a negated literal


def _folds(fold: bool, added: int, removed: int) -> bool:
    """Whether a group matches ignoring case, inside a pattern that does (``fold``), given its flags."""
    return (fold or bool(added & sre_constants.SRE_FLAG_IGNORECASE)) and not removed & sre_constants.SRE_FLAG_IGNORECASE


_Class = frozenset[_Part]
"""The characters one position of a match can hold."""
_Prefix = tuple[tuple[_Class, ...], bool]
"""The classes of a match's first characters, and whether they are the whole match (it can end there)."""
_WHOLE_EMPTY: _Prefix = ((), True)
_SINGLE_CHARACTER = {sre_constants.LITERAL, sre_constants.NOT_LITERAL, sre_constants.IN, sre_constants.ANY,
                     sre_constants.CATEGORY}
MAX_PREFIXES = 512
"""Most prefixes kept for one regex item; beyond, those of one length are merged position by position (which
lets through more, never less)."""


def _followed(first: set[_Prefix], second: set[_Prefix], length: int) -> set[_Prefix]:
    """The prefixes (up to ``length`` characters) of a match of ``first`` followed by one of ``second``."""
    joined: set[_Prefix] = set()
    for classes, whole in first:
        if not whole:
            joined.add((classes, False))
            continue
        for more, more_whole in second:
            both = classes + more
            joined.add((both[:length], more_whole and len(both) < length))
    return _bounded(joined)


def _bounded(prefixes: set[_Prefix]) -> set[_Prefix]:
    """``prefixes``, merged by length and wholeness when there are more than MAX_PREFIXES."""
    if len(prefixes) <= MAX_PREFIXES:
        return prefixes
    merged: dict[tuple[int, bool], list[set[_Part]]] = {}
    for classes, whole in prefixes:
        positions = merged.setdefault((len(classes), whole), [set() for _ in classes])
        for position, characters in zip(positions, classes):
            position |= characters
    return {(tuple(frozenset(p) for p in positions), whole) for (_, whole), positions in merged.items()}


def _prefixes_of_sequence(items: Sequence[tuple[Any, Any]], fold: bool, length: int) -> set[_Prefix]:
    prefixes = {_WHOLE_EMPTY}
    for op, av in items:
        if not any(whole for _, whole in prefixes):
            break  # every prefix is complete: what follows adds nothing
        prefixes = _followed(prefixes, _prefixes_of_item(op, av, fold, length), length)
    return prefixes


def _prefixes_of_item(op: Any, av: Any, fold: bool, length: int) -> set[_Prefix]:
    """The prefixes of one parsed regex item (lookarounds and anchors are zero-width: skipped)."""
    if op in _SINGLE_CHARACTER:
        return {((frozenset(_one_character(op, av, fold)),), True)}
    if op in _REPEATS:
        low, high, body = av
        once = _prefixes_of_sequence(body, fold, length)
        prefixes = {_WHOLE_EMPTY}
        for turn in range(min(high, length)):  # each turn that matches anything adds a character
            prefixes = _followed(prefixes, once if turn < low else once | {_WHOLE_EMPTY}, length)
        return prefixes
    if op is sre_constants.SUBPATTERN:
        _, added, removed, body = av
        return _prefixes_of_sequence(body, _folds(fold, added, removed), length)
    if op is sre_constants.ATOMIC_GROUP:
        return _prefixes_of_sequence(av, fold, length)
    if op is sre_constants.BRANCH:
        return _bounded(set().union(*(_prefixes_of_sequence(branch, fold, length) for branch in av[1])))
    if op in _ZERO_WIDTH:
        return {_WHOLE_EMPTY}
    anything = frozenset({_ANY_PART})  # anything else (a back reference, ...): any start at all
    return {((anything,) * size, size < length) for size in range(length + 1)}


def prefixes(regex: str, length: int) -> set[_Prefix]:
    """The first ``length`` characters of every match of ``regex`` (all of a shorter match) as classes."""
    parsed = sre_parse.parse(regex)
    return _prefixes_of_sequence(parsed, bool(parsed.state.flags & sre_constants.SRE_FLAG_IGNORECASE), length)


def _class_regex(characters: _Class) -> str:
    exact = "".join(sorted(part for part, fold in characters if not fold))
    folded = "".join(sorted(part for part, fold in characters if fold))
    if exact and folded:
        return f"(?:[{exact}]|(?i:[{folded}]))"
    return f"[{exact}]" if exact else f"(?i:[{folded}])"


def first_prefixes(regex: str) -> str:
    """A regex that matches the first PREFIX characters of every match of ``regex`` (all of a shorter match)
    at the start of a string; it may match more, never less."""
    found = {tuple(map(_digits_as_one, classes)) for classes, _ in prefixes(regex, PREFIX)}
    return _as_tree(found) if found else "(?!)"


def _digits_as_one(characters: _Class) -> _Class:
    """A class that holds an ASCII digit, with every ASCII digit: to a prefix filter the digits are one
    character, so the lexer can look up a number's prefix with its digits written as 0."""
    if any(_part_pattern(part).match(digit) for part, _ in characters for digit in DIGITS):
        return characters | {("0-9", False)}
    return characters


def _as_tree(prefixes: set[tuple[_Class, ...]]) -> str:
    """An alternation of ``prefixes`` with their shared heads written once, and the heads of equal tails
    merged into one class."""
    if () in prefixes:
        return ""  # a prefix ends here: whatever comes after it passes
    tails: dict[_Class, set[tuple[_Class, ...]]] = {}
    for prefix in prefixes:
        tails.setdefault(prefix[0], set()).add(prefix[1:])
    heads: dict[str, set[_Part]] = {}
    for head, after in tails.items():
        heads.setdefault(_as_tree(after), set()).update(head)
    branches = sorted(_class_regex(frozenset(head)) + tail for tail, head in heads.items())
    return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"


def _first_parts(regex: str) -> tuple[set[_Part], bool]:
    """The class parts a match of ``regex`` can start with, and whether it can match nothing."""
    found = prefixes(regex, 1)
    return {part for classes, _ in found for first in classes for part in first}, _WHOLE_EMPTY in found


def first_characters(regex: str) -> str:
    """A regex matching one character: every character a match of ``regex`` can start with, ignoring case
    only where ``regex`` does.

    It may match more characters than really start a match, never fewer.
    """
    parts, _ = _first_parts(regex)
    return _class_regex(frozenset(parts)) if parts else "(?!)"


def with_first_test(regex: str) -> str:
    """``regex`` behind a look-ahead at the characters a match can start with (unless it can match nothing).

    A search can skip ahead to a literal or a class that a regex starts with, but not to a word matched
    ignoring case, nor past a branch per word: there it tries every branch at every character. The
    look-ahead rejects most characters with one class test. The matches are the same.
    """
    parts, nullable = _first_parts(regex)
    if nullable or not parts or _ANY_PART in parts:
        return regex
    return f"(?={_class_regex(frozenset(parts))})(?:{regex})"


def longest_match(regex: str) -> int:
    """The most characters a match of ``regex`` can take (a very large number when it has no bound)."""
    return int(sre_parse.parse(regex).getwidth()[1])


_BEYOND_THE_PLANE = r"\\[dDSwW]|\\U00(?:0[1-9a-f]|10)|[\U00010000-\U0010ffff]"
"""What a class that first_characters writes holds when it can match a character at or above BMP_END: a
category with such characters (``\\d``, ``\\w`` and the negated ones), or such a character, written escaped or
as itself. Case folding never crosses BMP_END. A class without any of them is not compiled for such a
character (compiling every terminal's class costs 10 ms, for the first emoji a document holds)."""


_Candidate = tuple[str, re.Pattern[str], int]
"""A terminal that can start at a character: its name, its compiled regex and its gate among the needed words."""


class FirstCharLexer:
    """Lark's basic lexer, same tokens, but dispatched on the character where each token starts.

    Lark tries every terminal, in priority order, at every position. Here one
    search skips whitespace and prose (the ``skipped`` terminals) up to the
    next position where another terminal can start; only the terminals that can
    start with that character are tried there, in lark's order. Where more than
    FEW terminals can start with it (a letter, a digit), only those that can
    start with it and the characters after it (PREFIX in all) are tried.
    Skipped tokens are not made: a flag tells that prose came before a token.
    """

    def __init__(self, terminals: Sequence[tuple[str, str]], silent: frozenset[str], prose: str = PROSE,
                 first: Mapping[str, str] | None = None, starts: Mapping[str, str] | None = None,
                 ranges: Mapping[str, Sequence[tuple[int, int]]] | None = None, skip: str | None = None,
                 programs: Mapping[tuple[str, int], Program] | None = None,
                 words: Mapping[str, Sequence[str] | None] | None = None) -> None:
        """``terminals``: each terminal's name and regex, in the order lark's basic lexer tries them; ``first``,
        ``starts``, ``ranges``, ``skip`` and ``words``: what first_characters, first_prefixes, character_ranges,
        skip_pattern and needed_words.needed_words give for them;
        ``programs``: compiled programs of the terminals, the prefix filters and the skip pattern (tables.py)."""
        self.terminals = [name for name, _ in terminals]
        self.silent = silent
        self.skipped = silent | {prose}
        self._regex = dict(terminals)
        self._classes = first or {name: first_characters(regex) for name, regex in terminals}
        ranges = ranges or {name: character_ranges(self._classes[name]) for name in self.terminals}
        self._ranges = {name: ([low for low, _ in ranges[name]], [high for _, high in ranges[name]])
                        for name in self.terminals}
        self._first: dict[str, re.Pattern[str] | None] = {}  # None: starts below BMP_END only
        self._programs = programs or {}
        skip = skip or skip_pattern(terminals, silent, ranges, prose)
        self._skip = compiled(skip, self._programs)
        self._prose = prose
        self._prose_skip = compiled(prose_then_skip(self._regex[prose], skip), self._programs)
        self._starts = starts or {name: first_prefixes(regex) for name, regex in terminals}
        words = words if words is not None else {name: needed_words.needed_words(regex) for name, regex in terminals}
        self._gates = {name: needed_words.gate(found) if (found := words.get(name)) else needed_words.UNGATED
                       for name in self.terminals}
        """Each terminal's gate among the needed words: a terminal none of whose words a text holds is not tried
        in it."""
        self._by_char: dict[str, list[_Candidate]] = {}
        self._by_prefix: dict[str, list[_Candidate]] = {}
        self._compiled: dict[str, re.Pattern[str]] = {}
        self._start_filters: dict[str, re.Pattern[str]] = {}
        self._shared: dict[str, str] = {}

    def _candidates(self, ch: str) -> list[_Candidate]:
        """The terminals that can start with ``ch``, in order, each compiled (once, when first needed).

        Trying them one by one costs about what one alternation of them costs, and compiling an
        alternation for every character met would cost more than a document's whole lexing.
        """
        digit = ch in DIGITS  # the digits share one list, as their prefixes share entries
        candidates = []
        for name in self.terminals:
            if self._starts_with(name, ch) or digit and any(self._starts_with(name, d) for d in DIGITS):
                pattern = self._prose_skip if name == self._prose else self._compiled.get(name)
                if pattern is None:
                    pattern = self._compiled[name] = compiled(self._regex[name], self._programs)
                candidates.append((name, pattern, self._gates[name]))
        for one in DIGITS if digit else ch:
            self._by_char[one] = candidates
        return candidates

    def _starts_with(self, name: str, ch: str) -> bool:
        """Whether a match of terminal ``name`` can start with ``ch``."""
        code = ord(ch)
        if code < BMP_END:
            lows, highs = self._ranges[name]
            index = bisect_right(lows, code) - 1
            return index >= 0 and code <= highs[index]
        first = self._first.get(name)
        if first is None:
            classes = self._classes[name]
            beyond = regexes.regex(_BEYOND_THE_PLANE).search(classes)
            first = self._first[name] = re.compile(classes) if beyond else None
        return first is not None and bool(first.match(ch))

    def _candidates_at(self, prefix: str, candidates: list[_Candidate]) -> list[_Candidate]:
        """The ``candidates`` of a prefix's first character that can start with the prefix (the next PREFIX
        characters of the text, fewer at its end). The prefix filters come compiled with the tables, so even a
        short text gains from them."""
        kept = []
        for candidate in candidates:
            kind = candidate[0]
            starts = self._start_filters.get(kind)
            if starts is None:
                starts = self._start_filters[kind] = compiled(self._starts[kind], self._programs)
            if starts.match(prefix):
                kept.append(candidate)
        self._by_prefix[prefix] = kept
        return kept

    def lex(self, text: str) -> Iterator[tuple[Keyword, bool]]:
        """Each vocabulary token of ``text`` and whether prose came since the token before it.

        Tokens of the same text share one string (up to SHARED_VALUES of them): a document repeats its
        vocabulary. A terminal that needs words the text does not hold is not tried.
        """
        skip, by_char, by_prefix, skipped, silent, prose_kind = self._skip.match, self._by_char, self._by_prefix, \
            self.skipped, self.silent, self._prose
        shared = self._shared
        if len(shared) > SHARED_VALUES:
            shared.clear()
        if len(by_prefix) > SHARED_VALUES:
            by_prefix.clear()
        position, end, prose, at_stop = 0, len(text), False, False
        held = needed_words.held(text)
        while position < end:
            if not at_stop:
                gap = skip(text, position)
                assert gap is not None  # a starred group matches at least nothing
                stop = gap.end()
                if stop > position:
                    prose = prose or gap.start("prose") >= 0
                    position = stop
                    if position >= end:
                        break
            ch = text[position]
            candidates = by_char.get(ch) or self._candidates(ch)
            if len(candidates) > FEW:
                prefix = text[position:position + PREFIX]
                if ch in DIGITS:
                    prefix = prefix.translate(_AS_ZERO)  # one entry for every number of as many digits
                candidates = by_prefix.get(prefix) or self._candidates_at(prefix, candidates)
            for kind, pattern, gate in candidates:  # noqa: B007 (kind is used after the loop)
                if gate in held and (match := pattern.match(text, position)):
                    break
            else:
                raise ValueError(f"no terminal matches at character {position}: {ch!r}")
            stop = match.end()
            at_stop = kind == prose_kind  # its match went on skipping to where a vocabulary token can start
            if kind in skipped:
                prose = prose or kind not in silent
            else:
                value = match.group()
                yield Keyword(kind, shared.setdefault(value, value), position, stop), prose
                prose = False
            position = stop


def prose_then_skip(prose: str, skip: str) -> str:
    """A word of prose, then what the skip pattern skips after it: where every other terminal has failed, the
    prose terminal's match and the skip after it are one search."""
    return f"(?:{prose}){skip}"


def skip_pattern(terminals: Sequence[tuple[str, str]], silent: frozenset[str],
                 ranges: Mapping[str, Sequence[tuple[int, int]]], prose: str = PROSE) -> str:
    """The regex that skips whitespace and prose up to where a vocabulary terminal can start (a group named
    ``prose`` matches when prose was skipped).

    Whitespace, the commonest thing in any text, is looked at with the character after it: a space stops the
    skip only where that character can follow it in a vocabulary token."""
    skipped = silent | {prose}
    vocabulary = [(name, regex) for name, regex in terminals if name not in skipped]
    starts = sorted(r for name, _ in vocabulary for r in ranges[name])
    spaces = {code for name in silent for low, high in ranges[name] for code in range(low, high + 1)
              if any(start <= code <= end for start, end in starts)}
    followed = _followers([regex for _, regex in vocabulary], spaces)
    starts = _without(starts, set(followed))
    by_followers: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for code, followers in sorted(followed.items()):
        by_followers.setdefault(followers, []).append(code)
    stops = "|".join([_class_of(starts)] + [_class_of([(code, code) for code in codes], astral=False) + _class_of(
        followers) for followers, codes in by_followers.items()])
    units = "|".join(f"(?:{regex})" if name in silent else f"(?P<prose>{regex})"
                     for name, regex in terminals if name in skipped)
    return f"(?:(?!{stops})(?:{units}))*"  # not possessive (*+): Python 3.11.2's re matches that wrongly


def _followers(regexes: Sequence[str], spaces: set[int]) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each of the ``spaces`` (code points) that no match of ``regexes`` is alone, the characters that can
    come after it at the start of a match (ranges of code points, ignoring case like the first characters)."""
    followers: dict[int, set[tuple[int, int]]] = {code: set() for code in spaces}
    matches_alone: set[int] = set()
    for regex in regexes:
        for classes, whole in prefixes(regex, 2):
            if len(classes) == 1 and whole:
                matches_alone |= {code for part, _ in classes[0] for code in _codes_in(part, spaces)}
            elif len(classes) == 2:
                codes = {code for part, _ in classes[0] for code in _codes_in(part, spaces)}
                if codes:
                    second = character_ranges(f"(?i:[{''.join(sorted(part for part, _ in classes[1]))}])")
                    for code in codes:
                        followers[code].update(second)
    return {code: tuple(sorted(ranges)) for code, ranges in followers.items() if code not in matches_alone}


@lru_cache(maxsize=4096)
def _part_pattern(part: str) -> re.Pattern[str]:
    """A class part as a pattern of one character, ignoring case."""
    return re.compile(f"[{part}]", re.IGNORECASE)


def _codes_in(part: str, codes: set[int]) -> set[int]:
    """The ``codes`` a class part matches, ignoring case."""
    pattern = _part_pattern(part)
    return {code for code in codes if pattern.match(chr(code))}


def _without(ranges: Sequence[tuple[int, int]], codes: set[int]) -> list[tuple[int, int]]:
    """``ranges`` (sorted) with the code points in ``codes`` taken out."""
    kept: list[tuple[int, int]] = []
    for low, high in ranges:
        for code in sorted(c for c in codes if low <= c <= high):
            if code > low:
                kept.append((low, code - 1))
            low = code + 1
        if low <= high:
            kept.append((low, high))
    return kept


def _class_of(ranges: Sequence[tuple[int, int]], astral: bool = True) -> str:
    """A character class of the code points in ``ranges`` (sorted) and, unless ``astral`` is False, of every
    character from BMP_END on."""
    merged: list[list[int]] = []
    for low, high in ranges:
        if merged and low <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    parts = [_char(low) if low == high else f"{_char(low)}-{_char(high)}" for low, high in merged]
    beyond = f"{_char(BMP_END)}-{_char(0x10FFFF)}" if astral else ""
    return f"[{''.join(parts)}{beyond}]"
