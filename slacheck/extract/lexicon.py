"""The reader's vocabulary (grammar/lexicon.toml): every word it knows, declared once with its meaning.

An entry with a ``priority`` is a grammar terminal; the others are read by the
handlers. Each entry may hold:

- ``zh``: words matched as written (Chinese, or codes such as ``PFC``), with ``zh_after`` after them;
- ``en``: words matched ignoring case (``case_sensitive`` keeps case), between ``before`` and ``after``
  (by default: not followed by a letter);
- ``patterns``: alternatives that need a regex (numbers with units, optional parts);
- meanings: ``zh`` and ``en`` may be tables (word -> meaning); ``values`` holds meanings of words that
  the entry does not lex itself (e.g. the minutes of each duration unit).

Word lists become one regex (a prefix tree) that prefers the longest word, so a word never loses to its
own prefix.
The fact grammar is grammar/facts.lark with these terminals appended; its PROSE
terminal excludes every CJK character the terminals use (``CJK_MARK``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from slacheck.resources import data_toml, grammar_file

LEXICON_FILE = "lexicon.toml"
CJK_MARK = "<lexicon-cjk>"
"""Where facts.lark's PROSE terminal takes the CJK characters of the lexicon's terminals."""
_DEFAULT_AFTER = "(?![A-Za-z])"


def is_cjk(ch: str) -> bool:
    """A CJK unified ideograph (the range PROSE groups)."""
    return "\u4e00" <= ch <= "\u9fff"


def _words(raw: Any) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Words and their meanings from a list or a table."""
    if isinstance(raw, dict):
        return tuple(raw), dict(raw)
    return tuple(raw or ()), {}


_SPECIAL = frozenset("\\.^$*+?{}[]()|")


def _escape(text: str) -> str:
    """Regex metacharacters escaped (outside a character class nothing else needs it)."""
    return "".join("\\" + ch if ch in _SPECIAL else ch for ch in text)


def _join(words: tuple[str, ...]) -> str:
    """The words as one regex that prefers the longest word: a prefix tree ("nic", "nics" -> "nics?").

    Two words can both match at one place only when one is a prefix of the other; the
    tree tries the longer first, as an alternation of the words longest first would.
    """
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _subtree(tree)


def _subtree(node: dict[str, Any]) -> str:
    """The regex of the words below one node of the prefix tree."""
    branches = [(_escape(ch), _subtree(child)) for ch, child in node.items() if ch]
    if not branches:
        return ""
    if "" not in node and len(branches) == 1:
        return "".join(branches[0])
    if len(branches) == 1 and not branches[0][1]:
        return branches[0][0] + "?"  # one optional character
    body = "(?:" + "|".join(head + rest for head, rest in branches) + ")"
    return body + "?" if "" in node else body


@dataclass(frozen=True)
class Entry:
    """One lexicon entry: its words, patterns, guards and meanings."""

    name: str
    priority: int | None = None
    zh: tuple[str, ...] = ()
    en: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    meanings: Mapping[str, Any] = field(default_factory=dict)
    case_sensitive: bool = False
    before: str = ""
    after: str = _DEFAULT_AFTER
    zh_after: str = ""

    @classmethod
    def parse(cls, name: str, raw: Mapping[str, Any]) -> Entry:
        """An entry from its TOML table."""
        known = {"priority", "zh", "en", "patterns", "values", "case_sensitive", "before", "after", "zh_after"}
        if unknown := set(raw) - known:
            raise ValueError(f"lexicon entry {name}: unknown keys {sorted(unknown)}")
        zh, zh_meanings = _words(raw.get("zh"))
        en, en_meanings = _words(raw.get("en"))
        meanings = {**zh_meanings, **{word.lower(): value for word, value in en_meanings.items()},
                    **raw.get("values", {})}
        return cls(name=name, priority=raw.get("priority"), zh=zh, en=en, patterns=tuple(raw.get("patterns", ())),
                   meanings=meanings, case_sensitive=raw.get("case_sensitive", False),
                   before=raw.get("before", ""), after=raw.get("after", _DEFAULT_AFTER),
                   zh_after=raw.get("zh_after", ""))

    @property
    def words(self) -> tuple[str, ...]:
        """Every word of the entry, zh then en."""
        return self.zh + self.en

    def regex(self) -> str:
        """The alternation that matches the entry: zh words, en words (guarded), then patterns."""
        parts = []
        if self.zh:
            parts.append(f"(?:{_join(self.zh)}){self.zh_after}" if self.zh_after else _join(self.zh))
        if self.en:
            group = "(?:" if self.case_sensitive else "(?i:"
            parts.append(f"{self.before}{group}{_join(self.en)}){self.after}")
        parts.extend(self.patterns)
        if not parts:
            raise ValueError(f"lexicon entry {self.name} has no words or patterns")
        return "|".join(parts)

    def cjk(self) -> set[str]:
        """The CJK characters the entry's words, patterns and guards contain."""
        return {ch for text in (*self.words, *self.patterns, self.zh_after) for ch in text if is_cjk(ch)}


@dataclass(frozen=True)
class Lexicon:
    """All entries, by name."""

    entries: Mapping[str, Entry]

    @classmethod
    def parse(cls, text: str) -> Lexicon:
        """A lexicon from the text of a lexicon.toml."""
        return cls.of(tomllib.loads(text))

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Lexicon:
        """A lexicon from a lexicon.toml's tables."""
        return cls({name: Entry.parse(name, raw) for name, raw in data.items()})

    def __getitem__(self, name: str) -> Entry:
        return self.entries[name]

    def terminals(self) -> list[Entry]:
        """The entries that are grammar terminals."""
        return [entry for entry in self.entries.values() if entry.priority is not None]

    def terminal_cjk(self) -> str:
        """Every CJK character of every terminal, sorted: what PROSE must not swallow."""
        return "".join(sorted({ch for entry in self.terminals() for ch in entry.cjk()}))

    def grammar(self, base: str) -> str:
        """A lark grammar: ``base`` (with CJK_MARK filled in) and one line per terminal."""
        if CJK_MARK not in base:
            raise ValueError(f"the grammar has no {CJK_MARK} for PROSE")
        lines = [base.replace(CJK_MARK, self.terminal_cjk()), "", "// ---- vocabulary from lexicon.toml"]
        for entry in self.terminals():
            lines.append(f"{entry.name}.{entry.priority}: /{entry.regex().replace('/', chr(92) + '/')}/")
        return "\n".join(lines) + "\n"


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The shipped lexicon, loaded once."""
    return Lexicon.of(data_toml(LEXICON_FILE, grammar_file(LEXICON_FILE).read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def fact_grammar() -> str:
    """The text of the fact grammar: facts.lark and the lexicon's terminals."""
    return lexicon().grammar(grammar_file("facts.lark").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def english_vocabulary() -> frozenset[str]:
    """Every single word of every entry's English words, lower-cased: what a company's own name is not, and what a
    word hyphenated across a line break may be whole."""
    return frozenset(part for entry in lexicon().entries.values() for word in entry.en for part in word.lower().split())


def words(name: str) -> tuple[str, ...]:
    """The words of an entry."""
    return lexicon()[name].words


def values(name: str) -> Mapping[str, Any]:
    """An entry's meanings: word (en lower-cased) -> value, in lexicon order."""
    return lexicon()[name].meanings


def meaning(name: str, word: str, default: Any = None) -> Any:
    """What a word of an entry means (en words ignoring case)."""
    table = lexicon()[name].meanings
    return table.get(word, table.get(word.lower(), default))


def alternation(name: str) -> str:
    """A regex (no capture groups) matching any word or pattern of an entry."""
    return lexicon()[name].regex()
