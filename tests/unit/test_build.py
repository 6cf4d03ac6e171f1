"""The compiled reading (setup.py): what an installation says of itself, and compiled modules that are current."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import slacheck
import slacheck.extract.lexer
from slacheck.cli import main

PACKAGE = Path(slacheck.__file__).parent


def test_version_says_whether_the_reading_is_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    loaded_compiled = slacheck.extract.lexer.__file__ is not None and slacheck.extract.lexer.__file__.endswith(
        tuple(EXTENSION_SUFFIXES))
    assert slacheck.compiled() is loaded_compiled
    assert out == f"slacheck {slacheck.__version__} ({'reading compiled by mypyc' if loaded_compiled else 'pure Python'})\n"


def test_compiled_modules_beside_their_sources_are_not_older_than_them() -> None:
    """An editable install puts the compiled modules beside their sources, where they are imported instead:
    one older than its source runs code that is no longer there (install again after editing)."""
    pairs = [(library, library.with_name(library.name.split(".")[0] + ".py"))
             for suffix in EXTENSION_SUFFIXES for library in PACKAGE.rglob(f"*{suffix}")]
    pairs = [(library, source) for library, source in pairs if source.is_file()]
    if not pairs:
        pytest.skip("no compiled module beside its source (a pure-Python or a non-editable install)")
    stale = [str(source.relative_to(PACKAGE)) for library, source in pairs
             if source.stat().st_mtime > library.stat().st_mtime]
    assert not stale, f"edited after they were compiled: {stale}; run `pip install -e .` again"
