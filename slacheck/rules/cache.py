"""Loaded rule packs kept between runs, so a start-up reads one JSON file per pack instead of parsing
its TOML and one condition at a time.

A pack's cache file holds each rule as written (the TOML table its spec is validated from) and its parsed
condition as plain data: the tree's rule names (as ``str``, as lark gives them when its parser comes from
its own cache), tokens (type, text, position) and the values of the named sets and constants substituted
into it. Nothing in it is executed: a rule is validated again from its table and a tree is made of
``slacheck.trees`` nodes, holding only the kinds of node the evaluator knows.

The file is named by a hash of everything the loaded rules depend on: the pack's text, the
names, functions, constants and closed vocabularies conditions may use, the condition grammar, the source
of the modules that load a pack and slacheck's version. The hash is written inside the file too and
checked when it is read, so a changed pack (or slacheck) never reads rules another one loaded. Where the
pack is (a rule names it) is not part of the key: packs of the same text share one file. A cache
folder that cannot be written, or a file that cannot be read or does not hold what is expected, means
the pack is loaded from its text again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Collection, Mapping

from slacheck import __version__
from slacheck.files import write_atomic
from slacheck.resources import cache_folder, grammar_file
from slacheck.rules.conditions import NODE_KINDS, Condition
from slacheck.trees import Token, Tree

FORMAT = 1
"""The layout of a cache file; a new layout is a new key."""

_SOURCES = ("pack.py", "conditions.py", "cache.py")
"""The modules whose code shapes a loaded rule (their text is part of the key)."""


def fingerprint(known: Collection[str], functions: Mapping[str, Any], constants: Mapping[str, Any],
                vocabulary: Mapping[str, Collection[str]]) -> str | None:
    """A hash of what a pack's conditions may refer to, and of the code and grammar that load them (None
    when the grammar or the modules' source cannot be read, as in a package without its source)."""
    folder = Path(__file__).parent
    try:
        sources = [grammar_file("condition.lark").read_text(encoding="utf-8"),
                   *((folder / name).read_text(encoding="utf-8") for name in _SOURCES)]
    except (OSError, UnicodeDecodeError):
        return None
    digest = hashlib.sha256()
    for part in (str(FORMAT), __version__, *sorted(known), "\0", *sorted(functions),
                 repr(sorted((name, repr(value)) for name, value in constants.items())),
                 repr(sorted((name, tuple(words)) for name, words in vocabulary.items())), *sources):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def cache_path(text: str, known: Collection[str], functions: Mapping[str, Any], constants: Mapping[str, Any],
               vocabulary: Mapping[str, Collection[str]]) -> tuple[Path, str] | None:
    """The cache file of a pack's ``text``, loaded with these names, functions, constants and vocabulary,
    and the key written inside it; None when there is no cache folder. Packs of the same text share it,
    wherever they are."""
    folder = cache_folder()
    context = fingerprint(known, functions, constants, vocabulary) if folder else None
    if folder is None or context is None:
        return None
    key = hashlib.sha256("\0".join((context, text)).encode("utf-8", "surrogatepass")).hexdigest()
    return folder / f"pack-{key[:24]}.json", key


def read(path: Path, key: str) -> list[dict[str, Any]] | None:
    """The rules kept in a cache file, as written by :func:`write`; None if it is missing or not ours."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    rules = data.get("rules") if isinstance(data, dict) and data.get("key") == key else None
    return rules if isinstance(rules, list) else None


def write(path: Path, key: str, rules: list[tuple[Any, Condition]]) -> None:
    """Keep a pack's rules (each rule's TOML table and parsed condition) for the next run; a cache that
    cannot be written (or a pack that cannot be written as JSON, such as one with TOML dates) is no error."""
    try:
        entries = [{"raw": raw, "tree": encode(condition.tree), "names": list(condition.names),
                    "constants": list(condition.constants)} for raw, condition in rules]
        write_atomic(path, json.dumps({"key": key, "rules": entries}, ensure_ascii=False, allow_nan=True))
    except (OSError, TypeError, ValueError):
        pass


def encode(node: Any) -> Any:
    """A condition tree as plain JSON data (a TypeError for anything else in it)."""
    if node is None:
        return None
    if isinstance(node, Tree):
        return {"t": str(node.data), "c": [encode(child) for child in node.children]}
    if isinstance(node, Token):
        return {"k": node.type, "s": str(node), "p": [node.start_pos, node.line, node.column, node.end_line,
                                                      node.end_column, node.end_pos]}
    return {"v": _value(node)}


def decode(data: Any) -> Any:
    """The condition tree :func:`encode` wrote (a KeyError, TypeError or ValueError if it is not one)."""
    if data is None:
        return None
    if "t" in data:
        if data["t"] not in NODE_KINDS:
            raise ValueError("not a node of a condition")
        return Tree(data["t"], [decode(child) for child in data["c"]])
    if "k" in data:
        return Token(data["k"], data["s"], *data["p"])
    return _unvalue(data["v"])


def _value(value: Any) -> Any:
    """A constant's value as JSON data: tuples marked as such."""
    if isinstance(value, tuple):
        return {"tuple": [_value(item) for item in value]}
    if isinstance(value, list):
        return [_value(item) for item in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} in a pack cache")


def _unvalue(data: Any) -> Any:
    if isinstance(data, dict):
        return tuple(_unvalue(item) for item in data["tuple"])
    if isinstance(data, list):
        return [_unvalue(item) for item in data]
    return data
