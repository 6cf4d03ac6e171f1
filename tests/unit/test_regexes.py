"""The package's regexes kept compiled between runs: the same patterns as re.compile, the file rewritten only
when a pattern was missing (keeping the others), and a damaged file read as none."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from slacheck import regexes
from slacheck.needed_words import Gated


def _store(path: Path) -> regexes._Store:
    return regexes._Store(path)


def _compiled(made: regexes.Regex) -> re.Pattern[str]:
    """The compiled regex, gated or not."""
    return made.compiled if isinstance(made, Gated) else made


def test_a_kept_pattern_is_re_compile_s_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "regexes-x.regexes.json"
    first = _store(path)
    made = first.pattern(r"(?P<n>\d+)\s*(?i:gb)", 0)
    assert _compiled(made) == re.compile(r"(?P<n>\d+)\s*(?i:gb)") and first.missed
    assert isinstance(made, Gated) and made.words == ("gb",)
    first.save()
    assert path.exists() and not first.missed
    second = _store(path)
    with monkeypatch.context() as patched:
        patched.setattr(regexes.needed_words, "needed_words", lambda *_: pytest.fail("the kept words are parsed again"))
        again = second.pattern(r"(?P<n>\d+)\s*(?i:gb)", 0)
    assert second.kept and _compiled(again) == _compiled(made) and not second.missed
    assert isinstance(again, Gated) and again.words == ("gb",)
    assert second.pattern("a|b", re.I) == re.compile("a|b", re.I) and second.missed  # another one: written again


def test_runs_that_use_other_patterns_keep_each_other_s(tmp_path: Path) -> None:
    path = tmp_path / "regexes-x.regexes.json"
    first = _store(path)
    first.pattern("one", 0)
    first.save()
    second = _store(path)
    second.pattern("new", 0)
    second.save()
    assert set(_store(path).kept) == {("one", 0), ("new", 0)}
    unchanged = path.stat().st_mtime_ns
    third = _store(path)
    third.pattern("new", 0)
    third.save()  # nothing missing: nothing written
    assert path.stat().st_mtime_ns == unchanged


@pytest.mark.parametrize("damage", ["", "not json", "0" * 64 + "\n[[1, 2]]"])
def test_a_damaged_file_is_read_as_none(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "regexes-x.regexes.json"
    path.write_text(damage, encoding="utf-8")
    store = _store(path)
    assert store.kept == {} and store.pattern("x+", 0) == re.compile("x+")


def test_a_second_start_compiles_none_of_the_package_s_patterns(tmp_path: Path) -> None:
    """The first run writes the file; in the second, every pattern compiled through regex() comes from it."""
    probe = ("import slacheck.regexes as r, slacheck.pipeline, slacheck.documents.html, slacheck.rules.engine\n"
             "print(len(r._store.kept), r._store.missed)\n")
    env = {"SLACHECK_CACHE": str(tmp_path), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]
    first, second = (run.stdout.split() for run in runs)
    assert first[1] == "True" and int(first[0]) > 50
    assert second == [first[0], "False"]
    assert len(list(tmp_path.glob("regexes-*.regexes.json"))) == 1


def test_a_pattern_asked_for_again_is_the_one_made_before(tmp_path: Path) -> None:
    """As re.compile's own cache does for a function that compiles its pattern at every call."""
    store = _store(tmp_path / "regexes-x.regexes.json")
    assert store.pattern("x+y", 0) is store.pattern("x+y", 0)
    store.save()
    again = _store(tmp_path / "regexes-x.regexes.json")
    assert again.pattern("x+y", 0) is again.pattern("x+y", 0)
