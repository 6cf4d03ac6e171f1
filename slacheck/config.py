"""Organisation configuration: policy thresholds, per-file ignores and extra rule packs.

Settings come, lowest to highest precedence, from the documented defaults,
the closest configuration file found upward from the checked file (a
``slacheck.toml``, or the ``[tool.slacheck]`` table of a ``pyproject.toml``;
in one directory slacheck.toml wins), and ``--set key=value`` flags.
Conditions read the policy as ``policy.<key>``.

    [tool.slacheck]
    min_availability_pct = 99.9
    rules = ["packs/org.toml"]          # relative to the config file
    select = ["HW", "NET"]              # rule IDs or prefixes (--select replaces it)
    ignore = ["COM003"]                 # added to --ignore
    fail-on = "error"                   # --fail-on overrides it
    exclude = ["drafts", "*.v1.md"]     # left out of folders, as --exclude
    [tool.slacheck.per-file-ignores]
    "vendors/legacy/*.md" = ["SLA005", "COM"]
"""

from __future__ import annotations

import errno
import fnmatch
import math
import os
import stat
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from slacheck.files import read_small_text

POLICY: dict[str, tuple[float, str]] = {
    "min_availability_pct": (99.5, "least availability % an SLA must commit to (SLA005)"),
    "max_support_response_minutes": (30.0, "slowest acceptable support response, minutes (POL001)"),
    "max_replacement_minutes": (240.0, "slowest acceptable hardware replacement/migration, minutes (POL002)"),
    "min_per_gpu_gbps": (100.0, "least inter-node Gb/s per GPU on a data-centre multi-node cluster (NET014)"),
}
"""Policy keys: default and what they mean."""
OTHER_KEYS: dict[str, str] = {
    "rules": "extra rule packs, relative to the configuration file",
    "per-file-ignores": "glob = [rule IDs or prefixes] skipped for matching files",
    "select": "only these rule IDs or prefixes (--select replaces it)",
    "ignore": "skip these rule IDs or prefixes (added to --ignore)",
    "fail-on": "exit 1 at or above this severity: info, warning, error or never (--fail-on overrides it)",
    "exclude": "globs left out of folders and globs, as --exclude",
}
"""The other keys and what they mean."""
FAIL_ON = ("info", "warning", "error", "never")


class ConfigError(Exception):
    """A configuration file or --set flag that cannot be used (message names the file and key)."""


@dataclass(frozen=True)
class Setting:
    """One setting's value and where it came from ("default", a file path, or "--set")."""

    key: str
    value: Any
    source: str


@dataclass(frozen=True)
class Config:
    """The settings that apply to one checked file."""

    settings: dict[str, Setting]
    path: Path | None = None
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    rules: tuple[Path, ...] = field(default_factory=tuple)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: str | None = None
    exclude: tuple[str, ...] = ()

    def policy(self) -> dict[str, float | bool]:
        """``policy.<key>`` -> value, as conditions read them; ``policy.configured``: any not a default."""
        values: dict[str, float | bool] = {f"policy.{key}": self.settings[key].value for key in POLICY}
        values["policy.configured"] = any(self.settings[key].source != "default" for key in POLICY)
        return values

    def ignored_for(self, document: str | Path) -> tuple[str, ...]:
        """Rule IDs/prefixes ignored for a document by per-file-ignores (globs relative to the config file)."""
        if not self.per_file_ignores:
            return ()
        path = Path(document).resolve()
        base = self.path.parent if self.path else Path.cwd()
        try:
            relative = path.relative_to(base.resolve()).as_posix()
        except ValueError:
            relative = path.as_posix()
        found: list[str] = []
        for pattern, ids in self.per_file_ignores:
            if fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(path.name, pattern):
                found.extend(ids)
        return tuple(found)


@dataclass(frozen=True)
class Discovery:
    """Which configuration and waiver files found beside or above a document may apply to it.

    ``isolated`` (--isolated): none. Otherwise a found file applies unless it lies in a checked
    folder (a folder given to check, or the folder of a file given) outside ``project``, the
    repository holding the working directory: such a file came with the documents, not from
    the people running the check. ``project`` None trusts every file (the library default)."""

    isolated: bool = False
    project: Path | None = None
    checked: tuple[Path, ...] = ()

    def trusts(self, found: Path) -> bool:
        """Whether a file found beside or above a document may apply to it."""
        if self.isolated:
            return False
        if self.project is None:
            return True
        folder = found.resolve().parent
        return folder.is_relative_to(self.project) or not any(folder.is_relative_to(c) for c in self.checked)


TRUST_ALL = Discovery()
"""Every file found applies (the library's default; the command line decides with :func:`discovery`)."""


def project_root(directory: Path) -> Path:
    """The repository holding ``directory`` (the closest folder with ``.git``), else ``directory``."""
    directory = directory.resolve()
    return next((folder for folder in (directory, *directory.parents) if (folder / ".git").exists()), directory)


def discovery(inputs: Iterable[str], *, isolated: bool = False) -> Discovery:
    """The discovery rule of a run over ``inputs`` (files, folders or globs) from the working directory."""
    checked = []
    for item in inputs:
        path = Path(item)
        if not path.exists():  # a glob: the folder before its first wildcard
            path = Path(*[part for part in path.parts[:next(
                (i for i, part in enumerate(path.parts) if any(ch in part for ch in "*?[")), len(path.parts))]])
        path = path.resolve()
        checked.append(path if path.is_dir() else path.parent)
    return Discovery(isolated=isolated, project=project_root(Path.cwd()), checked=tuple(dict.fromkeys(checked)))


def _config_files(start: str | Path, rule: Discovery) -> tuple[Path | None, list[Path]]:
    """The closest slacheck.toml, or pyproject.toml with a [tool.slacheck] table, at or above ``start`` that
    ``rule`` trusts, and the closer ones passed over (a file not trusted is never parsed). Walked as
    strings: each document's check looks twice, and Path objects made the walk cost 2.5 times as much."""
    here = os.path.realpath(start)
    folder = here if _stat_is(here, stat.S_ISDIR) else os.path.dirname(here)
    passed: list[Path] = []
    while True:
        for name in ("slacheck.toml", "pyproject.toml"):
            if not _stat_is(os.path.join(folder, name), stat.S_ISREG):
                continue
            candidate = Path(folder, name)
            if not _for_slacheck(candidate, rule.trusts(candidate)):
                continue
            if not rule.trusts(candidate):
                passed.append(candidate)
                break
            return candidate, passed
        if os.path.dirname(folder) == folder:
            return None, passed
        folder = os.path.dirname(folder)


def _stat_is(path: str, kind: Callable[[int], bool]) -> bool:
    """Whether ``path`` is of ``kind`` (stat.S_ISREG, stat.S_ISDIR), as pathlib answers it: a missing path
    is not, any other error is raised."""
    try:
        return kind(os.stat(path).st_mode)
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            return False
        raise
    except ValueError:  # a NUL in the path
        return False


def _for_slacheck(path: Path, trusted: bool) -> bool:
    """Whether a slacheck.toml or pyproject.toml configures slacheck (one not trusted and unreadable: yes)."""
    if path.name == "slacheck.toml":
        return True
    try:
        return _table(path) is not None
    except ConfigError:
        if trusted:
            raise
        return True


def find_config_file(start: str | Path, rule: Discovery = TRUST_ALL) -> Path | None:
    """The closest configuration file at or above ``start`` that ``rule`` trusts."""
    return _config_files(start, rule)[0]


def distrusted_configs(start: str | Path, rule: Discovery) -> list[Path]:
    """The configuration files closer to ``start`` than the one that applies, passed over because ``rule``
    does not trust them (none under --isolated, which looks for nothing)."""
    return [] if rule.isolated else _config_files(start, rule)[1]


def _table(path: Path) -> dict[str, Any] | None:
    """The slacheck table of a config file (None: a pyproject.toml without one)."""
    try:
        data = tomllib.loads(read_small_text(path))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read configuration: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: cannot read configuration: nested too deeply") from None
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: tool: expected a table")
    if path.name == "pyproject.toml":
        table = tool.get("slacheck")
    else:
        table = tool.get("slacheck", data) if "tool" in data else data
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{path}: tool.slacheck: expected a table")
    return table


def parse_overrides(pairs: Iterable[str]) -> dict[str, float]:
    """``--set key=value`` flags (policy keys only)."""
    overrides: dict[str, float] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_").removeprefix("policy.")
        if not sep or key not in POLICY:
            raise ConfigError(f"--set {pair}: expected key=value with key one of {', '.join(POLICY)}")
        overrides[key] = _number(value.strip(), f"--set {pair}")
    return overrides


def _number(value: Any, where: str) -> float:
    """A finite number (``nan`` would make every comparison false and silence the rules using it)."""
    if isinstance(value, bool):
        raise ConfigError(f"{where}: expected a number")
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise ConfigError(f"{where}: expected a number, got {value!r}") from None
    if not math.isfinite(number):
        raise ConfigError(f"{where}: expected a finite number, got {value!r}")
    return number


def load_config(start: str | Path | None = None, overrides: Iterable[str] = (),
                config_file: Path | None = None, rule: Discovery = TRUST_ALL) -> Config:
    """The configuration for a file (or directory): defaults, closest config file ``rule`` trusts (or
    ``config_file``), then --set flags."""
    path = config_file or (find_config_file(start, rule) if start is not None else None)
    if path is None:
        return _load(None, tuple(overrides), 0)
    try:
        changed = path.stat().st_mtime_ns
    except OSError as error:
        raise ConfigError(f"{path}: cannot read configuration: {error.strerror}") from None
    return _load(path.resolve(), tuple(overrides), changed)


@lru_cache(maxsize=64)
def _load(path: Path | None, overrides: tuple[str, ...], changed: int) -> Config:
    """The configuration of one file as of its modification time ``changed``."""
    settings = {key: Setting(key, default, "default") for key, (default, _) in POLICY.items()}
    ignores: list[tuple[str, tuple[str, ...]]] = []
    rules: list[Path] = []
    lists: dict[str, tuple[str, ...]] = {}
    fail_on: str | None = None
    if path is not None:
        found = {key: _checked(path, key, value) for key, value in (_table(path) or {}).items()}
        for key, value in found.items():
            name = key.replace("-", "_") if key not in OTHER_KEYS else key
            settings[name] = Setting(name, value, str(path))
        rules = [path.parent / v for v in found.get("rules", [])]
        ignores = [(glob, tuple(i.strip().upper() for i in ids))
                   for glob, ids in found.get("per-file-ignores", {}).items()]
        lists = {key: tuple(v.strip().upper() if key != "exclude" else v.strip() for v in found[key])
                 for key in ("select", "ignore", "exclude") if key in found}
        fail_on = found.get("fail-on")
    for key, value in parse_overrides(overrides).items():
        settings[key] = Setting(key, value, "--set")
    settings.setdefault("rules", Setting("rules", [], "default"))
    settings.setdefault("per-file-ignores", Setting("per-file-ignores", {}, "default"))
    for key, default in (("select", []), ("ignore", []), ("fail-on", "warning"), ("exclude", [])):
        settings.setdefault(key, Setting(key, default, "default"))
    return Config(settings=settings, path=path, per_file_ignores=tuple(ignores), rules=tuple(rules),
                  select=lists.get("select", ()), ignore=lists.get("ignore", ()), fail_on=fail_on,
                  exclude=lists.get("exclude", ()))


def _checked(path: Path, key: str, value: Any) -> Any:
    """A configuration file's value for ``key``, validated: a number for a policy key, else as written."""
    if (key.replace("-", "_") if key not in OTHER_KEYS else key) in POLICY:
        return _number(value, f"{path}: {key}")
    if key == "rules":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{path}: rules: expected a list of pack paths")
    elif key == "per-file-ignores":
        if not isinstance(value, dict) or not all(
                isinstance(v, list) and all(isinstance(i, str) for i in v) for v in value.values()):
            raise ConfigError(f"{path}: per-file-ignores: expected a table of glob = [rule IDs]")
    elif key in ("select", "ignore", "exclude"):
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise ConfigError(f"{path}: {key}: expected a list of strings")
    elif key == "fail-on":
        if value not in FAIL_ON:
            raise ConfigError(f"{path}: fail-on: expected one of {', '.join(FAIL_ON)}, got {value!r}")
    else:
        raise ConfigError(f"{path}: unknown setting '{key}'{did_you_mean(key, [*POLICY, *OTHER_KEYS])} "
                          f"(known: {', '.join([*POLICY, *OTHER_KEYS])})")
    return value


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean X?"`` for the closest choice, or nothing when none is close."""
    import difflib  # only for a mistake: not imported at every start

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


def default_policy() -> dict[str, float]:
    """``policy.<key>`` -> default value."""
    return {f"policy.{key}": default for key, (default, _) in POLICY.items()}
