"""Rules tested as data: every rule's ``[[rule.test]]`` cases, on offerings built by hand (no reader),
and every contract rule's documented example, read by the reader.

Each case names the facts an offering states (and, for measurement rules, a log's measured values);
the rule must fire on every ``fires = true`` case and stay quiet on every ``fires = false`` one.
The examples of measurement rules describe benchmark logs; the log tests read real ones.
"""

from pathlib import Path

import pytest

from slacheck.rules.engine import fires_on_case, load_rules
from slacheck.rules.pack import PackError

from conftest import findings_for

RULES = load_rules()
CASES = [pytest.param(rule, number, case, id=f"{rule.id}-{number}")
         for rule in RULES for number, case in enumerate(rule.spec.test, start=1)]


def test_every_rule_has_a_case_to_fire_on_and_one_to_stay_quiet_on() -> None:
    lacking = [rule.id for rule in RULES if {case.fires for case in rule.spec.test} != {True, False}]
    assert not lacking


@pytest.mark.parametrize(("rule", "number", "case"), CASES)
def test_rule_case(rule, number, case) -> None:
    assert fires_on_case(rule, case) is case.fires, f"{rule.id} test #{number} ({case.note})"


EXAMPLES = [pytest.param(rule, language, id=f"{rule.id}-{language}")
            for rule in RULES if rule.spec.needs == "contract" for language in ("en", "zh")]


@pytest.mark.parametrize(("rule", "language"), EXAMPLES)
def test_the_documented_example_fires_its_rule(rule, language) -> None:
    example = rule.texts(language).example
    assert example, f"{rule.id} has no {language} example"
    assert [f.rule for f in findings_for(example, [rule], language=language)] == [rule.id], example


PACK = """
[[rule]]
id = "ORG001"
name = "org-rule"
family = "ORG"
severity = "warning"
when = 'nodes >= 2'
[rule.en]
title = "t"
message = "m"
fix = "f"
[rule.zh]
title = "t"
message = "m"
fix = "f"
"""


def _pack(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "org.toml"
    path.write_text(PACK + "\n[[rule.test]]\n" + case + "\n", encoding="utf-8")
    return path


def test_a_user_pack_rule_runs_its_cases(tmp_path: Path) -> None:
    rule = next(r for r in load_rules([_pack(tmp_path, "fires = true\ngiven = { nodes = 2 }")]) if r.id == "ORG001")
    assert fires_on_case(rule, rule.spec.test[0])
    assert not fires_on_case(rule, rule.spec.test[0].model_copy(update={"given": {"nodes": 1}}))


def test_a_case_can_give_a_hedged_fact(tmp_path: Path) -> None:
    pack = _pack(tmp_path, "fires = true\ngiven = { nodes = { value = 2, hedged = true } }")
    text = pack.read_text(encoding="utf-8")
    pack.write_text(text.replace("'nodes >= 2'", "'nodes.hedged == true'"), encoding="utf-8")
    rule = next(r for r in load_rules([pack]) if r.id == "ORG001")
    assert fires_on_case(rule, rule.spec.test[0])
    assert not fires_on_case(rule, rule.spec.test[0].model_copy(update={"given": {"nodes": 2}}))


@pytest.mark.parametrize(("case", "message"), [
    ("fires = true\ngiven = { fabric.protocl = \"infiniband\" }", "test #1: given: unknown fact 'fabric.protocl'"),
    ("fires = true\ngiven = { nodes = \"four\" }", "test #1: given: nodes.value:"),
    ("fires = true\nlog = { measured.hosts = 1 }", "test #1: log: measured values are for rules with needs"),
    ("fires = true\npolicy = { min_uptime = 99 }", "test #1: policy: unknown setting 'min_uptime'"),
    ("fires = maybe", "not valid TOML"),
    ("fire = true", "test.0.fires: Field required"),
])
def test_a_broken_case_is_refused_with_its_rule_and_number(tmp_path: Path, case: str, message: str) -> None:
    with pytest.raises(PackError, match="ORG001|not valid TOML") as error:
        load_rules([_pack(tmp_path, case)])
    assert message in str(error.value)
