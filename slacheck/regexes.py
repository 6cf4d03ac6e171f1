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

from slacheck import __version__, programs
from slacheck.resources import cache_file, read_kept, save_kept

_SUFFIX = ".regexes.json"


class _Store:
    """The programs kept in one cache file, those compiled in this run, and the patterns made (a function that
    asks for its pattern at every call, as ``re.compile``'s own cache would, gets the one made before)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.kept = _read(path)
        self.made: dict[tuple[str, int], re.Pattern[str]] = {}
        self.missed = False

    def pattern(self, pattern: str, flags: int) -> re.Pattern[str]:
        """``re.compile(pattern, flags)``, from the kept program when there is one (else its program is kept)."""
        made = self.made.get((pattern, flags)) or programs.kept_pattern(pattern, self.kept, flags)
        if made is None:
            found = programs.program(pattern, flags)
            if found is not None:
                self.kept[pattern, flags] = found
                self.missed = True
            made = re.compile(pattern, flags)
        self.made[pattern, flags] = made
        return made

    def save(self) -> None:
        """Write the programs kept, with those compiled in this run, when this run compiled any."""
        if self.missed:
            save_kept(self.path, programs.as_rows(self.kept))
            self.missed = False


def _read(path: Path | None) -> programs.Programs:
    """The programs kept in ``path`` (none when it is missing or damaged)."""
    try:
        return programs.from_rows(read_kept(path) or ())
    except (ValueError, TypeError):  # binascii.Error is a ValueError
        return {}


_store: _Store | None = None


def regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` for a pattern written in the package, kept compiled between runs."""
    global _store
    if _store is None:
        _store = _Store(cache_file("regexes", f"slacheck {__version__}\n{programs.FORMAT}", _SUFFIX))
        atexit.register(_store.save)
    return _store.pattern(pattern, flags)
