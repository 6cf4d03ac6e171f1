"""The cycle collector is paused for the package's own work (slacheck.collector): a check must leave no cyclic
garbage for it to find, and the collector must come back as it was."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any, Callable

import pytest

import slacheck.documents.text as text_files
import slacheck.pipeline as pipeline
from slacheck.extract import extract
from slacheck.pipeline import Options, analyse, check_file

from conftest import SAMPLES

CHECKED_SAMPLES = sorted(p for p in SAMPLES.iterdir() if p.suffix in (".md", ".txt", ".pdf") and p.name != "README.md")


@pytest.mark.parametrize("path", CHECKED_SAMPLES, ids=lambda p: p.name)
def test_a_check_leaves_no_reference_cycles(path: Path) -> None:
    """The cycle collector is paused while a text file is loaded and from reading to the report
    (slacheck.collector): that costs nothing only while a check makes no cyclic garbage for it to find."""
    check_file(path, Options())  # what the first check loads and keeps
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        report = check_file(path, Options())
        del report
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_the_collector_is_paused_for_the_package_s_own_work_and_comes_back_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, bool]] = []

    def watched(name: str, work: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            seen.append((name, gc.isenabled()))
            return work(*args, **kwargs)
        return run

    monkeypatch.setattr(pipeline, "load_document", watched("load", pipeline.load_document))
    # markdown_table, the first step of assembling a text file's lines, is looked up where it is called even in
    # the compiled build (it stays Python)
    monkeypatch.setattr(text_files, "markdown_table", watched("lines", text_files.markdown_table))
    monkeypatch.setattr(pipeline, "extract", watched("read", extract))
    monkeypatch.setattr(pipeline, "check", watched("rules", pipeline.check))
    path = next(p for p in CHECKED_SAMPLES if p.suffix == ".md")
    check_file(path, Options())
    assert seen == [("load", True), ("lines", False), ("read", False), ("rules", False)] and gc.isenabled()
    gc.disable()
    try:
        analyse(path, Options())
        assert seen[4:] == [("load", False), ("lines", False), ("read", False)] and not gc.isenabled()
    finally:
        gc.enable()
