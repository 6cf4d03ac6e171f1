"""Build: the modules that read a document are compiled to C by mypyc, from the same typed Python source.

Everything else about the package is in pyproject.toml. The compiled modules run the same code 1.5 times as
fast (docs/performance.md, "Twenty-first round"). Where they cannot be built (no C compiler, or
``SLACHECK_PURE_PYTHON=1`` in the environment) the package installs and runs as pure Python, with the same
results. An editable install puts the compiled modules beside their sources, where they are imported instead
of them: after editing one of the modules below, install again (or install with ``SLACHECK_PURE_PYTHON=1``).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

# The reading's hot path: normalising the text, cutting it into passages, lexing, parsing and reading them.
# Left out: the modules that build the grammar's tables once (extract/tables.py, extract/lalr.py) and
# documents/markdown.py, through which the tests watch a text file's lines being assembled.
COMPILED = [
    "slacheck/normalize.py",
    "slacheck/documents/blocks.py",
    "slacheck/documents/layout.py",
    "slacheck/documents/model.py",
    "slacheck/documents/numbering.py",
    "slacheck/documents/passages.py",
    "slacheck/documents/text.py",
    *(f"slacheck/extract/{name}.py" for name in (
        "__init__", "acceptance", "amendments", "claims", "collective_claims", "context", "hardware", "lexer",
        "lexicon", "network", "parser", "quantities", "reading", "responsibilities", "sites", "sizes",
        "structure", "terms")),
]


BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The commands that build extensions: pip asks for the package's requirements and metadata first (egg_info,
dist_info), each a run of this file, where translating the modules (half a minute) would be wasted."""


def compiled_modules() -> list[Extension]:
    """The mypyc extensions, each optional: a compiler that fails leaves the pure-Python module in its place, and
    so does a translation that fails (another Python or mypy that reads the types otherwise)."""
    if os.environ.get("SLACHECK_PURE_PYTHON", "") not in ("", "0") or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without the build requirements (pip's --no-build-isolation)
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
    for extension in extensions:
        extension.optional = True
    return extensions


# mypyc's C in several files, compiled side by side: a build in 69 s instead of 99 s on two cores, the same speed
setup(ext_modules=compiled_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
