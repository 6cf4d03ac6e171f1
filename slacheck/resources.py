"""Access to the data files shipped inside the package (grammar/ and rules/)."""

import hashlib
import json
import os
import tomllib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from slacheck.files import write_atomic

if TYPE_CHECKING:
    from lark import Lark


def grammar_file(name: str) -> Traversable:
    """A file of grammar/, e.g. ``grammar_file("facts.lark")``."""
    return resources.files("slacheck.grammar").joinpath(name)


def rules_file(name: str) -> Traversable:
    """A file of rules/, e.g. ``rules_file("catalogue.toml")``."""
    return resources.files("slacheck.builtin_rules").joinpath(name)


def cache_folder() -> Path | None:
    """The user cache folder where built grammars are kept between runs (None: keep nothing).

    ``SLACHECK_CACHE`` names another folder; an empty value turns the cache off.
    """
    folder = os.environ.get("SLACHECK_CACHE")
    if folder is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "slacheck")
    if not folder:
        return None
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return Path(folder)


def cache_file(name: str, text: str, suffix: str) -> Path | None:
    """The cache file of something built from a grammar's ``text``: named by the text's hash, so a changed
    grammar never reads what another one built (None when there is no cache folder)."""
    folder = cache_folder()
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    return folder / f"{Path(name).stem}-{digest}{suffix}" if folder else None


def save_kept(kept: Path | None, payload: Any) -> None:
    """Keep ``payload`` as JSON in ``kept`` (a cache_file), its SHA-256 on the first line; the files kept for
    earlier texts of the same name are removed. A folder that cannot be written is no error. Keys keep
    their order: in TOML tables it can be meaningful (a word list read from a table's keys)."""
    if kept is None:
        return
    text = json.dumps(payload)
    stem, _, rest = kept.name.rpartition("-")  # cache_file's "{stem}-{hash}{suffix}"
    suffix = rest[rest.index("."):]
    try:
        write_atomic(kept, f"{_digest(text)}\n{text}")
        for other in kept.parent.glob(f"{stem}-*{suffix}"):
            if other != kept:
                other.unlink(missing_ok=True)
    except OSError:
        pass


def read_kept(kept: Path | None) -> Any:
    """What save_kept kept in ``kept``; None when there is nothing, or it is damaged (its digest differs)."""
    if kept is None:
        return None
    try:
        digest, _, text = kept.read_text(encoding="utf-8").partition("\n")
        return json.loads(text) if digest == _digest(text) else None
    except (OSError, ValueError):
        return None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def data_toml(name: str, text: str) -> dict[str, Any]:
    """``tomllib.loads(text)`` of a data file shipped in the package (``name``), kept as JSON in the cache
    folder: tomllib reads in Python code (16 ms for the lexicon), json in C. Raises as tomllib does."""
    kept = cache_file(name, text, ".toml.json")
    data = read_kept(kept)
    if not isinstance(data, dict):
        data = tomllib.loads(text)
        try:
            same = json.loads(json.dumps(data)) == data
        except (TypeError, ValueError):  # dates and times have no JSON form
            same = False
        if same:
            save_kept(kept, data)
    return data


def build_lark(name: str, *, text: str | None = None, **options: Any) -> "Lark":
    """A lark parser for a grammar of grammar/ (or its assembled ``text``), built without lark's
    terminal-collision search; an LALR parser's tables are kept in the cache folder.

    When the optional ``interegular`` package is installed, lark compares every
    pair of terminals at build time: over a minute for the fact vocabulary.
    Terminal order is fixed by priorities instead, and the grammar tests check it.
    Lark checks the cached tables against a hash of the grammar, its options and its own version,
    and builds them again (and tries to save them) when they do not match, are unreadable or
    cannot be written.
    """
    from lark import Lark
    from lark import lexer as lark_lexer

    if text is None:
        text = grammar_file(name).read_text(encoding="utf-8")
    cached = cache_file(name, text, ".lark.pickle") if options.get("parser") == "lalr" else None
    if cached is not None:
        options["cache"] = str(cached)
    saved = lark_lexer.has_interegular
    lark_lexer.has_interegular = False
    try:
        return Lark(text, **options)
    finally:
        lark_lexer.has_interegular = saved
