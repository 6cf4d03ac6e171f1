"""Data kept in the cache folder between runs: the shipped TOML files' tables, checked by their digest."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from slacheck import resources
from slacheck.extract import lexicon
from slacheck.perf import catalogue

_TEXT = 'title = "quote"\n[gpu]\nmodel = "H100"\ncount = 8\nshare = 0.5\nwords = ["卡", "GPU"]\n[gpu.names]\nz = 1\na = 2\n'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SLACHECK_CACHE", str(tmp_path))
    return tmp_path


def _no_toml_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(text: str) -> Any:
        raise AssertionError("the TOML was read again")

    monkeypatch.setattr(tomllib, "loads", refused)


def test_tables_are_read_back_without_reading_the_toml(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = resources.data_toml("offer.toml", _TEXT)
    assert first == tomllib.loads(_TEXT)
    [kept] = cache.glob("offer-*.toml.json")
    _no_toml_reader(monkeypatch)
    again = resources.data_toml("offer.toml", _TEXT)
    assert again == first and type(again["gpu"]["count"]) is int and type(again["gpu"]["share"]) is float
    assert list(again["gpu"]["names"]) == ["z", "a"]  # a table's keys keep their order
    assert kept.exists()


@pytest.mark.parametrize("damage", ["", "0" * 64 + "\n{}", "no digest", "cut"])
def test_damaged_tables_are_read_from_the_toml_again(cache: Path, damage: str) -> None:
    resources.data_toml("offer.toml", _TEXT)
    [kept] = cache.glob("offer-*.toml.json")
    kept.write_text(kept.read_text(encoding="utf-8")[:-5] if damage == "cut" else damage, encoding="utf-8")
    assert resources.data_toml("offer.toml", _TEXT) == tomllib.loads(_TEXT)
    assert resources.read_kept(kept) == tomllib.loads(_TEXT)  # written again


def test_a_changed_file_replaces_its_kept_tables(cache: Path) -> None:
    resources.data_toml("offer.toml", _TEXT)
    changed = _TEXT.replace("8", "16")
    assert resources.data_toml("offer.toml", changed)["gpu"]["count"] == 16
    [kept] = cache.glob("offer-*.toml.json")
    assert resources.read_kept(kept)["gpu"]["count"] == 16


def test_tables_with_dates_are_not_kept(cache: Path) -> None:
    text = "signed = 2026-12-01\n"
    assert resources.data_toml("offer.toml", text) == tomllib.loads(text)
    assert not list(cache.glob("offer-*"))


def test_no_cache_folder_still_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLACHECK_CACHE", "")
    assert resources.data_toml("offer.toml", _TEXT) == tomllib.loads(_TEXT)


def test_bad_toml_raises_as_tomllib_does(cache: Path) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        resources.data_toml("offer.toml", "[[[")


def test_the_shipped_lexicon_and_catalogue_are_read_from_kept_tables(cache: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Once kept, the shipped lexicon and catalogue load without the TOML reader, and load the same."""
    lexicon.lexicon.cache_clear()
    catalogue.load_catalogue.cache_clear()
    try:
        words, shipped = lexicon.lexicon(), catalogue.load_catalogue()
        lexicon.lexicon.cache_clear()
        catalogue.load_catalogue.cache_clear()
        _no_toml_reader(monkeypatch)
        assert lexicon.lexicon() == words
        assert catalogue.load_catalogue() == shipped
    finally:
        lexicon.lexicon.cache_clear()
        catalogue.load_catalogue.cache_clear()
    assert sorted(p.name.split("-")[0] for p in cache.glob("*.toml.json")) == ["catalogue", "lexicon"]
