"""Build: with ``SLACHECK_COMPILE=1`` in the environment, the modules that read a document are compiled to C by
mypyc, from the same typed Python source; without it the package is pure Python.

Everything else about the package is in pyproject.toml. The compiled modules run the same code 1.5 times as
fast (docs/performance.md, "Twenty-first round"), and take a C compiler and about a minute to build. Where they
cannot be built (no C compiler, mypyc fails) the package installs and runs as pure Python, with the same
results. An editable install puts the compiled modules beside their sources, where they are imported instead
of them: after editing one of the modules below, install again (or install without ``SLACHECK_COMPILE``).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_backend"))
from slacheck_build import compiling  # noqa: E402 (the backend's folder, as pyproject.toml names it)

# The reading's hot path: normalising the text, cutting it into passages, lexing, parsing and reading them.
# Left out: the modules that build the grammar's tables once (extract/tables.py, extract/lalr.py) and
# documents/markdown.py, through which the tests watch a text file's lines being assembled.
COMPILED = [
    "slacheck/needed_words.py",
    "slacheck/normalize.py",
    "slacheck/documents/blocks.py",
    "slacheck/documents/layout.py",
    "slacheck/documents/model.py",
    "slacheck/documents/numbering.py",
    "slacheck/documents/passages.py",
    "slacheck/documents/text.py",
    *(f"slacheck/extract/{name}.py" for name in (
        "__init__", "acceptance", "amendments", "claims", "collective_claims", "context", "hardware", "lexer",
        "lexicon", "network", "numerals", "parser", "quantities", "reading", "responsibilities", "sites", "sizes",
        "spelling", "structure", "terms", "units")),
]


BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The commands that build extensions: pip asks for the package's requirements and metadata first (egg_info,
dist_info), each a run of this file, where translating the modules (half a minute) would be wasted."""


def compiled_modules() -> list[Extension]:
    """The mypyc extensions, or none where translating fails (another Python or mypy that reads the types
    otherwise); a compiler that fails leaves the pure-Python package too (AllOrNone)."""
    if not compiling() or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # mypy not installed (pip's --no-build-isolation without it)
        print("slacheck: the reading is not compiled (mypy is not installed); installing it as pure Python",
              file=sys.stderr)
        return []
    # pyproject.toml's mypy settings are for checking the code with every dependency installed; the build has
    # none of them, so their types are Any to it
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    try:
        extensions = mypycify(["--config-file=", "--ignore-missing-imports", f"--python-version={python}", *COMPILED],
                              opt_level="3", debug_level="0", multi_file=True)
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        print(f"slacheck: the reading is not compiled ({error!r}); installing it as pure Python", file=sys.stderr)
        return []
    return extensions


class AllOrNone(build_ext):
    """Builds every compiled module, or none of them: a failure anywhere (a compiler error, a compiler killed for
    memory, a missing header) leaves the whole reading pure Python. With multi_file, the modules share one C
    library, so a module built without it would not import: optional extensions one by one are not enough."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 (whatever stops the compiler, the pure package still installs)
            for built in self.get_outputs():
                if os.path.exists(built):
                    os.remove(built)
            print(f"slacheck: the reading is not compiled ({error!r}); installing it as pure Python", file=sys.stderr)


PARALLEL_MAX = 4
"""Compilers run side by side at most: each takes hundreds of MB on mypyc's largest files, and two cores take the
most of the gain (a build in 69 s instead of 99 s, the same speed of reading)."""

setup(ext_modules=compiled_modules(), cmdclass={"build_ext": AllOrNone},
      options={"build_ext": {"parallel": min(os.cpu_count() or 1, PARALLEL_MAX)}})
