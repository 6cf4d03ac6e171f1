"""The package's own regexes, kept compiled in the cache folder between runs.

Every module compiles its patterns when it is imported or first used, about 100 of them: 0.04 s, a tenth
of a cold check, since ``re`` parses and compiles in Python code. ``regex(pattern, flags)`` gives what
``re.compile`` gives, made from the program an earlier run kept for it (``programs``) when the cache file
holds one. A run that compiles a pattern the file lacks writes the file again as it exits, with the
programs it held and the new ones: runs that use different patterns (a check, an acceptance run) do not
undo each other's, and the file, named by slacheck's version and the Python build, holds one version's
patterns. Only patterns written in the package go through here, never one made from a document's text.
"""

from __future__ import annotations

import atexit
import re
from pathlib import Path

from slacheck import __version__, needed_words, programs
from slacheck.needed_words import Regex, gated
from slacheck.resources import cache_file, read_kept, save_kept

__all__ = ["Regex", "regex"]

_SUFFIX = ".regexes.json"


class _Store:
    """The programs kept in one cache file, those compiled in this run, and the patterns made (a function that
    asks for its pattern at every call, as ``re.compile``'s own cache would, gets the one made before)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.kept, self.words = _read(path)
        self.made: dict[tuple[str, int], Regex] = {}
        self.missed = False

    def pattern(self, pattern: str, flags: int) -> Regex:
        """``re.compile(pattern, flags)``, from the kept program when there is one (else its program is kept),
        gated by its needed words."""
        key = (pattern, flags)
        made = self.made.get(key)
        if made is not None:
            return made
        compiled = programs.kept_pattern(pattern, self.kept, flags)
        if compiled is None:
            found = programs.program(pattern, flags)
            if found is not None:
                self.kept[key] = found
                self.missed = True
            compiled = re.compile(pattern, flags)
        if key not in self.words:
            self.words[key] = needed_words.needed_words(pattern, flags)
            self.missed = True
        made = self.made[key] = gated(compiled, self.words[key])
        return made

    def save(self) -> None:
        """Write the programs and words kept, with those made in this run, when this run made any."""
        if self.missed:
            save_kept(self.path, {"programs": programs.as_rows(self.kept),
                                  "words": [[pattern, flags, words] for (pattern, flags), words in self.words.items()]})
            self.missed = False


Words = dict[tuple[str, int], list[str] | None]
"""Each pattern's needed words (None: it has none that tell), by the pattern and its flags."""


def _read(path: Path | None) -> tuple[programs.Programs, Words]:
    """The programs and words kept in ``path`` (none when it is missing or damaged)."""
    try:
        kept = read_kept(path) or {"programs": [], "words": []}
        return (programs.from_rows(kept["programs"]),
                {(pattern, flags): words for pattern, flags, words in kept["words"]})
    except (ValueError, TypeError, KeyError):  # binascii.Error is a ValueError
        return {}, {}


_store: _Store | None = None


def regex(pattern: str, flags: int = 0) -> Regex:
    """``re.compile(pattern, flags)`` for a pattern written in the package, kept compiled between runs and
    gated by the words it needs."""
    global _store
    if _store is None:
        made_by = f"slacheck {__version__}\n{programs.FORMAT}\n{needed_words.FORMAT}"
        _store = _Store(cache_file("regexes", made_by, _SUFFIX))
        atexit.register(_store.save)
    return _store.pattern(pattern, flags)
