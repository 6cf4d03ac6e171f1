"""Rule packs: TOML data files of rules, loaded and validated.

A pack is data only. Each ``[[rule]]`` has an id, a name, a family, a
severity, a condition (``when``) in the condition language, optional
``evidence`` paths, and ``[rule.en]`` / ``[rule.zh]`` texts: title, message,
fix, and for ``slacheck explain`` why and example. Messages may quote values
as ``{fabric.rate_gbps}`` (an unstated one reads "(not stated)"), and name the
policy a threshold comes from as ``{policy.name}``. ``[[rule.test]]`` cases
beside a rule say what it must fire on and what it must stay quiet on, written
as the offering's facts (``given``), a log's measured values (``log``) and
policy settings (``policy``). A broken pack is refused with its file, rule and
position.
"""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Collection, Iterable, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from slacheck.files import read_small_text
from slacheck.model import RuleInfo, Severity
from slacheck.offering import fact_paths, offering_from_facts
from slacheck.regexes import regex
from slacheck.resources import rules_file
from slacheck.rules import cache
from slacheck.rules.conditions import Condition, ConditionError, Function, parse_condition

PLACEHOLDER = regex(r"\{([a-z][a-z0-9_.]*)\}")
MAX_PACK_BYTES = 2_000_000
PACK_KEYS = ("name", "version", "description")
"""What a pack's ``[pack]`` table may hold."""


class PackError(Exception):
    """A rule pack that cannot be used; the message names file, rule and position."""


class Texts(BaseModel):
    """A rule's words in one language."""

    model_config = ConfigDict(extra="forbid")

    title: str = Field(max_length=300)
    message: str = Field(max_length=2000)
    fix: str = Field(max_length=2000)
    why: str = Field(default="", max_length=4000)
    example: str = Field(default="", max_length=2000)


class RuleTest(BaseModel):
    """One case a rule must fire on (``fires = true``) or stay quiet on (``fires = false``)."""

    model_config = ConfigDict(extra="forbid")

    fires: bool
    given: dict[str, Any] = Field(default_factory=dict)
    """The offering's facts: ``{nodes = 4, fabric.protocol = "roce-v2"}``; a fact may be ``{value, hedged}``."""
    log: dict[str, Any] = Field(default_factory=dict)
    """Measured values of a log, for measurement rules: ``{measured.hosts = 1}``."""
    policy: dict[str, float] = Field(default_factory=dict)
    """Policy settings that differ from the defaults: ``{min_availability_pct = 99.9}``."""
    note: str = Field(default="", max_length=300)
    """What the case shows."""

    def facts(self) -> dict[str, Any]:
        """``given`` as dotted fact paths (TOML's dotted keys nest)."""
        return flatten(self.given, keep=lambda value: "value" in value)

    def measured(self) -> dict[str, Any]:
        """``log`` as dotted names."""
        return flatten(self.log)


def flatten(table: Mapping[str, Any], keep: Callable[[Mapping[str, Any]], bool] = lambda _: False,
            prefix: str = "") -> dict[str, Any]:
    """Nested tables as dotted keys; a table ``keep`` accepts is a value of its own."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and not keep(value):
            flat.update(flatten(value, keep, f"{name}."))
        else:
            flat[name] = value
    return flat


class RuleSpec(BaseModel):
    """One rule as written in a pack."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[A-Z]{2,5}[0-9]{3}$")
    name: str = Field(pattern=r"^[a-z0-9-]{1,80}$")
    family: str = Field(pattern=r"^[A-Z]{2,5}$")
    severity: Severity
    when: str
    evidence: list[str] = Field(default_factory=list, max_length=20)
    needs: Literal["contract", "measurement"] = "contract"
    en: Texts
    zh: Texts
    test: list[RuleTest] = Field(default_factory=list, max_length=50)


class Rule(BaseModel):
    """A loaded rule: its spec, its parsed condition, and the pack it came from."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    spec: RuleSpec
    condition: Condition
    pack: str

    @property
    def id(self) -> str:
        return self.spec.id

    def texts(self, language: str) -> Texts:
        """The rule's words in ``zh`` or ``en``."""
        return self.spec.zh if language == "zh" else self.spec.en

    def info(self, language: str) -> RuleInfo:
        """What the rule is, in ``zh`` or ``en``, as a report describes it."""
        texts = self.texts(language)
        return RuleInfo(id=self.id, name=self.spec.name, severity=self.spec.severity, title=texts.title,
                        description=texts.why or texts.message, fix=texts.fix, why=texts.why)


def load_pack(path: Path | str | None, known_names: set[str], functions: Mapping[str, Function],
              constants: Mapping[str, Any] | None = None,
              vocabulary: Mapping[str, Collection[str]] | None = None) -> list[Rule]:
    """Load a pack: a file (a Path), a built-in pack by name (``"contract.toml"``), or core.toml (None).

    ``constants`` and ``vocabulary``: the named sets and constants conditions may use, and the words of each
    name of closed vocabulary (see slacheck.rules.vocabulary).
    """
    if path is None or isinstance(path, str):
        label = path or "core.toml"
        text = rules_file(label).read_text(encoding="utf-8")
    else:
        label = str(path)
        try:
            if path.stat().st_size > MAX_PACK_BYTES:
                raise PackError(f"{label}: rule pack larger than {MAX_PACK_BYTES} bytes")
            text = read_small_text(path, MAX_PACK_BYTES)
        except (OSError, UnicodeDecodeError) as error:
            reason = str(error) if type(error) is OSError and error.errno is None else error.__class__.__name__
            raise PackError(f"{label}: cannot read rule pack ({reason})") from None
    names = Names(known_names, functions, constants or {}, vocabulary or {})
    kept = cache.cache_path(text, names.known, names.functions, names.constants, names.vocabulary)
    if kept is not None:
        found = _cached(label, *kept)
        if found is not None:
            return found
    parsed = _parse_pack(label, text, names)
    if kept is not None:
        cache.write(*kept, [(raw, rule.condition) for rule, raw in parsed])
    return [rule for rule, _ in parsed]


def _cached(label: str, path: Path, key: str) -> list[Rule] | None:
    """A pack's rules as a cache file keeps them (see slacheck.rules.cache), or None."""
    kept = cache.read(path, key)
    if kept is None:
        return None
    try:
        rules = []
        for entry in kept:
            spec = RuleSpec.model_validate(entry["raw"])
            condition = Condition(source=spec.when, tree=cache.decode(entry["tree"]), names=tuple(entry["names"]),
                                  constants=tuple(entry["constants"]))
            rules.append(Rule(spec=spec, condition=condition, pack=label))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return rules


def _parse_pack(label: str, text: str, names: "Names") -> list[tuple[Rule, Any]]:
    """A pack's rules, each with the TOML table it was read from; PackError if the pack is broken."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PackError(f"{label}: not valid TOML: {error}") from None
    unknown = set(data) - {"pack", "rule"}
    if unknown:
        raise PackError(f"{label}: unknown top-level key(s) {sorted(unknown)}; a pack holds [pack] and [[rule]]")
    header = data.get("pack", {})
    extra = sorted(set(header) - set(PACK_KEYS)) if isinstance(header, dict) else ["(not a table)"]
    if extra:
        raise PackError(f"{label}: [pack]: unknown key(s) {extra}; known: {', '.join(PACK_KEYS)}")
    rules = [(_load_rule(label, text, index, raw, names), raw) for index, raw in enumerate(data.get("rule", []))]
    seen: set[str] = set()
    for rule, _ in rules:
        if rule.id in seen:
            raise PackError(f"{label}: rule {rule.id} defined twice")
        seen.add(rule.id)
    return rules


@dataclass(frozen=True)
class Names:
    """What a pack's conditions, evidence and placeholders may refer to."""

    known: set[str]
    functions: Mapping[str, Function]
    constants: Mapping[str, Any]
    vocabulary: Mapping[str, Collection[str]]


def _load_rule(label: str, text: str, index: int, raw: Any, names: Names) -> Rule:
    """One ``[[rule]]`` validated: its fields, condition, names and test cases."""
    rule_id = raw.get("id", f"#{index + 1}") if isinstance(raw, dict) else f"#{index + 1}"
    where = f"{label}:{_line_of(text, rule_id)}: rule {rule_id}"
    try:
        spec = RuleSpec.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "rule"
        raise PackError(f"{where}: {field}: {first['msg']}") from None
    try:
        condition = parse_condition(spec.when, names.known, names.functions, names.constants, names.vocabulary)
    except ConditionError as error:
        column = f" (column {error.column})" if error.column and "column" not in str(error) else ""
        raise PackError(f"{where}: when: {error}{column}") from None
    problem = _name_problem(spec, names.known) or next(
        (f"test #{number}: {found}" for number, case in enumerate(spec.test, start=1)
         if (found := _case_problem(case, spec, names.known))), None)
    if problem:
        raise PackError(f"{where}: {problem}")
    return Rule(spec=spec, condition=condition, pack=label)


def _name_problem(spec: RuleSpec, known_names: set[str]) -> str | None:
    """An evidence name or text placeholder of a rule that names nothing known, or None."""
    for name in spec.evidence:
        if name not in known_names:
            return f"evidence: unknown name '{name}'"
    for language in ("en", "zh"):
        for field, value in getattr(spec, language):
            for placeholder in PLACEHOLDER.findall(value):
                if placeholder not in known_names:
                    return f"{language}.{field}: unknown placeholder '{{{placeholder}}}'"
    return None


def _case_problem(case: RuleTest, spec: RuleSpec, known_names: set[str]) -> str | None:
    """What is wrong with a rule's test case, or None."""
    stated = set(fact_paths())
    facts = case.facts()
    unknown = sorted(set(facts) - stated)
    if unknown:
        return f"given: unknown fact '{unknown[0]}'"
    try:
        offering_from_facts(facts)
    except ValidationError as error:
        first = error.errors()[0]
        return f"given: {'.'.join(str(part) for part in first['loc'])}: {first['msg']}"
    if case.log and spec.needs != "measurement":
        return "log: measured values are for rules with needs = \"measurement\""
    measured = sorted(name for name in case.measured() if name not in known_names or name in stated)
    if measured:
        return f"log: unknown measured value '{measured[0]}'"
    policy = sorted(key for key in case.policy if f"policy.{key}" not in known_names)
    if policy:
        return f"policy: unknown setting '{policy[0]}'"
    return None


def rule_hint(word: str, known: Iterable[str]) -> str:
    """``"; did you mean NET004?"`` for a mistyped rule ID or prefix (NET04, net4, HW01), else where to look."""
    ids = sorted(set(known))
    match = re.fullmatch(r"([A-Z]+)0*([0-9]{1,3})", word.strip().upper())
    if match and f"{match[1]}{match[2].zfill(3)}" in ids:
        return f"; did you mean {match[1]}{match[2].zfill(3)}?"
    families = sorted({rule_id.rstrip("0123456789") for rule_id in ids})
    import difflib  # only for a mistake: not imported at every start

    close = difflib.get_close_matches(word.upper(), [*ids, *families], n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else "; `slacheck rules` lists them"


def _line_of(text: str, rule_id: str) -> int:
    """The line where a rule's id is written (1 when it cannot be found)."""
    match = re.search(rf'^\s*id\s*=\s*"{re.escape(str(rule_id))}"', text, re.M)
    return text.count("\n", 0, match.start()) + 1 if match else 1
