"""The documentation tells the truth: every option of `check` is documented, CI installs what exists."""

from __future__ import annotations

import argparse
import re

from slacheck.cli import _parser

from conftest import ROOT

DOCS = (ROOT / "README.md").read_text(encoding="utf-8") + (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")


def _check_options() -> list[str]:
    parser = _parser("check")
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    check = commands.choices["check"]
    return [o for a in check._actions for o in a.option_strings if o.startswith("--") and o != "--help"]


def test_every_check_option_is_documented() -> None:
    options = _check_options()
    assert {"--exclude", "--statistics", "--jobs", "--output"} <= set(options)
    assert [o for o in options if o not in DOCS] == []
    assert "text\\|concise\\|json" in DOCS


def test_ci_installs_from_the_repository_and_pre_commit_is_real() -> None:
    ci = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    assert not re.search(r"pip install slacheck\b", ci) and "https://example.com" not in ci
    assert "git+" in ci and "rev: v0.1.0" in ci and "repo: local" in ci
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "- id: slacheck" in hooks and "entry: slacheck" in hooks and "args: [check]" in hooks
    pattern = re.search(r"^  files: (.+)$", hooks, flags=re.M)
    assert pattern and all(re.search(pattern[1], name)
                           for name in ("a.pdf", "b.md", "c.txt", "d.docx", "e.xlsx", "f.html", "g.htm", "h.eml"))
    assert not re.search(pattern[1], "d.pptx")
