"""The words a regex needs, and one pass over a text that tells which of the package's regexes can match it.

A search of the lexicon's words ("changed from", "不是这个集群", ...) costs ``re`` a try at every character
that can start one of them: most characters of English prose. Yet most passages hold none of the words, and
a regex that needs one of a few words cannot match a text without them. ``needed_words`` walks a parsed
regex for strings one of which every match contains; ``Gated`` is a regex with such words, whose searches
of a text without any of them end at once. Which words a text holds is found for every gated regex
together, in one pass of an Aho-Corasick automaton (ahocorasick_rs), and kept for the document read: its
passages are looked at again in each pass of the reading.

Words are compared case-folded: a word found ignoring case is found here, and a word that must match case
is found too wherever it matches (the gate lets through more, never less).
"""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any, Callable, Iterator, Sequence

import ahocorasick_rs

sre_constants: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")
_casefix: Any = importlib.import_module("re._casefix")

FORMAT = "needed words 2"
"""What the words kept in the cache folder were found by: to be changed with anything that finds other words."""
MOST_STRINGS = 64
"""Most strings kept for one part of a regex; a part that can match more counts as unknown."""
SHORTEST_RANGE = 16
"""Most characters of a class expanded into strings."""
KEPT_CHARACTERS = 1 << 23
"""Most characters of the texts whose words are kept for one document. The reading looks at every passage in
each of its passes, so a gate that forgot the passages it looked at would look at each again in every pass,
which costs more than the searches it saves: past this, the rest of the document is searched without a gate."""
LONGEST_GATED = 8192
"""Longest text a gated regex looks for its words in first (a longer one, a whole document joined, holds most
words anyway, and listing every word found would cost memory in proportion)."""
_REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT)
_ENDLESS = sys.maxsize
"""``re``'s own largest position (a search's default end)."""


def _fold_table() -> dict[int, str]:
    """Characters that ``re`` matches ignoring case with others than their lower case (ſ with s, the Kelvin
    sign with k, ς with σ, ...), each mapped to one character of its class; İ, whose lower case is two
    characters for ``str.lower`` and one for ``re``, to i."""
    table = {0x130: "i"}
    for lower, extras in _casefix._EXTRA_CASES.items():
        canonical = chr(min(lower, *extras))
        for code in (lower, *extras):
            if chr(code) != canonical:
                table[code] = canonical
    return table


_FOLD = _fold_table()
_FOLDED_APART = re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(_FOLD)) + "]")
"""A character of _FOLD: a text without one is folded by ``str.lower`` alone."""


def folded(text: str) -> str:
    """``text`` as words are compared: lower case, with the characters ``re`` matches alike made one."""
    if _FOLDED_APART.search(text) is None:
        return text.lower()
    return text.translate(_FOLD).lower().translate(_FOLD)


Strings = set[str]


def _joined(heads: Strings, tails: Strings) -> Strings | None:
    """Every head followed by every tail; None when there would be more than MOST_STRINGS."""
    if len(heads) * len(tails) > MOST_STRINGS:
        return None
    return {head + tail for head in heads for tail in tails}


def _class_strings(parts: Sequence[tuple[Any, Any]]) -> Strings | None:
    """The characters of a class, when it holds no category and no wide range and is not negated."""
    characters: Strings = set()
    for inner, value in parts:
        if inner is sre_constants.LITERAL:
            characters.add(chr(value))
        elif inner is sre_constants.RANGE and value[1] - value[0] < SHORTEST_RANGE:
            characters.update(map(chr, range(value[0], value[1] + 1)))
        else:  # a category, a negated class, a wide range
            return None
    return characters if len(characters) <= SHORTEST_RANGE else None


def _repeated_strings(low: int, high: int, body: Sequence[tuple[Any, Any]]) -> Strings | None:
    """Every string a repeat of at most three turns matches, when its body matches few."""
    once = _sequence_exactly(body)
    if once is None or high > 3:
        return None
    repeated: Strings = set()
    turns: Strings | None = {""}
    for count in range(high + 1):
        if turns is None:
            return None
        if count >= low:
            repeated |= turns
        turns = _joined(turns, once) if count < high else turns
    return repeated if len(repeated) <= MOST_STRINGS else None


def _exactly(op: Any, av: Any) -> Strings | None:
    """Every string a parsed regex item can match, when they are few (None otherwise); a zero-width item
    matches the empty string."""
    if op is sre_constants.LITERAL:
        return {chr(av)}
    if op is sre_constants.IN:
        return _class_strings(av)
    if op is sre_constants.SUBPATTERN:
        return _sequence_exactly(av[3])
    if op is sre_constants.BRANCH:
        every = _of_every_branch(av[1], _sequence_exactly)
        return every if every is not None and len(every) <= MOST_STRINGS else None
    if op in _REPEATS:
        return _repeated_strings(*av)
    if op in (sre_constants.AT, sre_constants.ASSERT, sre_constants.ASSERT_NOT):
        return {""}
    return None


def _sequence_exactly(items: Sequence[tuple[Any, Any]]) -> Strings | None:
    strings: Strings | None = {""}
    for op, av in items:
        part = _exactly(op, av)
        strings = _joined(strings, part) if strings is not None and part is not None else None
    return strings


def _of_every_branch(branches: Sequence[Any], strings_of: Callable[[Any], Strings | None]) -> Strings | None:
    """The union of what ``strings_of`` gives for each branch; None when it gives None for one of them."""
    every: Strings = set()
    for branch in branches:
        strings = strings_of(branch)
        if strings is None:
            return None
        every |= strings
    return every


def _needed_by_item(op: Any, av: Any) -> Strings | None:
    """Strings one of which every match of a parsed regex item contains; None when none are known."""
    exact = _exactly(op, av)
    if exact is not None:
        return None if "" in exact else exact
    if op is sre_constants.SUBPATTERN:
        return _needed_by_sequence(av[3])
    if op is sre_constants.ATOMIC_GROUP:
        return _needed_by_sequence(av)
    if op is sre_constants.BRANCH:
        return _of_every_branch(av[1], _needed_by_sequence)
    if op in _REPEATS:
        low, _, body = av
        return _needed_by_sequence(body) if low >= 1 else None
    return None


def _better(strings: Strings) -> tuple[int, int]:
    """How well a set of needed strings tells texts apart: by its shortest string, then by fewer strings."""
    return min(map(len, strings)), -len(strings)


def _needed_by_sequence(items: Sequence[tuple[Any, Any]]) -> Strings | None:
    """The best set of needed strings among a sequence's items: a run of items of few strings each counts
    as the strings it can match together."""
    found: list[Strings] = []
    run: Strings = {""}
    for op, av in items:
        exact = _exactly(op, av)
        joined = _joined(run, exact) if exact is not None else None
        if joined is not None:
            run = joined
            continue
        if "" not in run:
            found.append(run)
        run = exact if exact is not None and len(exact) <= MOST_STRINGS else {""}
        if exact is None and (needed := _needed_by_item(op, av)) is not None:
            found.append(needed)
    if "" not in run:
        found.append(run)
    return max(found, key=_better) if found else None


def _telling(word: str) -> bool:
    """Whether a needed word is rare enough to gate on: two characters or more, or one character outside
    ASCII and the CJK punctuation."""
    return len(word) >= 2 or not (word.isascii() or "\u3000" <= word <= "\u303f" or "\uff00" <= word <= "\uffef")


def needed_words(pattern: str, flags: int = 0) -> list[str] | None:
    """Case-folded strings one of which every match of ``pattern`` contains (none of them inside another),
    sorted; None when no such set is known, one of its strings is too common to tell texts apart, or they are all
    single characters."""
    try:
        parsed = sre_parse.parse(pattern, flags)
    except (re.error, RecursionError, OverflowError):
        return None
    needed = _needed_by_sequence(list(parsed))
    if needed is None:
        return None
    words: list[str] = []
    for word in sorted({folded(string) for string in needed}, key=lambda word: (len(word), word)):
        if not any(shorter in word for shorter in words):
            words.append(word)
    if not words or not all(map(_telling, words)) or all(len(word) == 1 for word in words):
        return None  # (a search skips to one of a few characters as fast as a gate would)
    return sorted(words)


UNGATED = 0
"""The gate of what is looked for in every text: every text holds it."""


class _Words:
    """Every gated regex's words in one automaton, and the gates each text looked at holds words of (kept
    until ``forget``: a reading looks at the same lines and passages again and again)."""

    def __init__(self) -> None:
        self.words: dict[str, int] = {}  # each word: its place in gates_of
        self.gates_of: list[tuple[int, ...]] = []  # for each word, the gates that need it
        self.count = UNGATED
        self.automaton: Any = None
        self.seen: dict[str, frozenset[int]] = {}
        self.sets: dict[frozenset[int], frozenset[int]] = {}  # the gates of each set of words found
        self.kept_characters = 0
        self.last = ""
        self.last_held = frozenset({UNGATED})
        self.every: frozenset[int] = frozenset()  # every_gate's, made again once more gates are added

    def add(self, words: Sequence[str]) -> int:
        """A new gate, of something that needs one of ``words``."""
        self.count += 1
        for word in words:
            place = self.words.setdefault(word, len(self.gates_of))
            if place == len(self.gates_of):
                self.gates_of.append(())
            self.gates_of[place] += (self.count,)
        self.automaton = None
        self.forget()
        return self.count

    def held(self, text: str) -> frozenset[int]:
        """The gates of which ``text`` holds a word, with UNGATED (every gate once KEPT_CHARACTERS are kept)."""
        if text is self.last:  # most often: one regex after another searches a passage
            return self.last_held
        found = self.seen.get(text)
        if found is None:
            if self.kept_characters + len(text) > KEPT_CHARACTERS:
                return self.every_gate()
            automaton = self.automaton
            if automaton is None:
                automaton = self.automaton = ahocorasick_rs.AhoCorasick(list(self.words))
            words = frozenset([index for index, _, _ in automaton.find_matches_as_indexes(folded(text),
                                                                                          overlapping=True)])
            found = self.sets.get(words)  # texts hold the same few sets of words
            if found is None:
                gates = {UNGATED}
                for index in words:
                    gates.update(self.gates_of[index])
                found = self.sets[words] = frozenset(gates)
            self.kept_characters += len(text)
            self.seen[text] = found
        self.last, self.last_held = text, found
        return found

    def every_gate(self) -> frozenset[int]:
        """Every gate: what a text not looked at holds."""
        if len(self.every) <= self.count:
            self.every = frozenset(range(self.count + 1))
        return self.every

    def forget(self) -> None:
        """Let go of the texts looked at."""
        self.seen.clear()
        self.sets.clear()
        self.kept_characters = 0
        self.last, self.last_held = "", frozenset({UNGATED})


_WORDS = _Words()


def gate(words: Sequence[str]) -> int:
    """A new gate, for something that needs one of ``words`` (a lexer's terminal, a gated regex)."""
    return _WORDS.add(words)


def held(text: str) -> frozenset[int]:
    """The gates (of gated regexes, of terminals) of which ``text`` holds a word, with UNGATED; every gate for
    a text longer than LONGEST_GATED, which is not looked at."""
    return _WORDS.every_gate() if len(text) > LONGEST_GATED else _WORDS.held(text)


def forget() -> None:
    """Let go of the texts looked at (when a document has been read)."""
    _WORDS.forget()


class Gated:
    """A compiled regex that looks at a text only when the text holds one of the words it needs. It answers
    ``re.Pattern``'s calls with what the regex gives."""

    def __init__(self, compiled: re.Pattern[str], words: Sequence[str]) -> None:
        self.compiled = compiled
        self.words = tuple(words)
        self._gate = gate(words)

    @property
    def pattern(self) -> str:
        return self.compiled.pattern

    @property
    def flags(self) -> int:
        return self.compiled.flags

    @property
    def groups(self) -> int:
        return self.compiled.groups

    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def _may_match(self, text: str) -> bool:
        return self._gate in held(text)

    def search(self, string: str, pos: int = 0, endpos: int = _ENDLESS) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos) if self._may_match(string) else None

    def match(self, string: str, pos: int = 0, endpos: int = _ENDLESS) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos) if self._may_match(string) else None

    def fullmatch(self, string: str, pos: int = 0, endpos: int = _ENDLESS) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos) if self._may_match(string) else None

    def finditer(self, string: str, pos: int = 0, endpos: int = _ENDLESS) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos) if self._may_match(string) else iter(())

    def findall(self, string: str, pos: int = 0, endpos: int = _ENDLESS) -> list[Any]:
        return self.compiled.findall(string, pos, endpos) if self._may_match(string) else []

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count) if self._may_match(string) else string

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count) if self._may_match(string) else (string, 0)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit) if self._may_match(string) else [string]


Regex = re.Pattern[str] | Gated
"""A package regex: compiled, gated by its words when it has some."""


def gated(compiled: re.Pattern[str], words: Sequence[str] | None) -> Regex:
    """``compiled``, gated by ``words`` when there are any."""
    return Gated(compiled, words) if words else compiled

