"""The build backend: setuptools' own, asking for mypy (which brings mypyc) only for a build that compiles the
reading (``SLACHECK_COMPILE=1``, see setup.py). A default build needs nothing but setuptools and no C compiler."""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (every hook setuptools gives, the two below widened)

COMPILER = "mypy>=2.4,<3"
"""What translates the reading to C: the range the code is checked with (the test extra)."""


def compiling() -> bool:
    """Whether this build compiles the reading."""
    return os.environ.get("SLACHECK_COMPILE", "") not in ("", "0")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [*build_meta.get_requires_for_build_wheel(config_settings), *([COMPILER] if compiling() else [])]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [*build_meta.get_requires_for_build_editable(config_settings), *([COMPILER] if compiling() else [])]
