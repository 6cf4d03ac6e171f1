"""`slacheck rules` and `slacheck explain`: every rule explained in both languages, with its example and fix."""

import pytest

from slacheck.cli import main
from slacheck.commands.explain import explanation, slots
from slacheck.rules.engine import load_rules

RULES = load_rules()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_explain_every_rule(rule, language: str, capsys) -> None:
    assert main(["explain", rule.id, "--lang", language, "--no-color"]) == 0
    out = capsys.readouterr().out
    texts = rule.texts(language)
    assert out.strip() and rule.id in out
    assert texts.example and texts.example in out
    assert slots(texts.fix, language) in out
    assert texts.why and slots(texts.why, language) in out
    assert explanation(rule, language) == out


@pytest.mark.parametrize("family", ["OPS", "SLA", "COM"])
def test_contract_rules_are_shipped(family: str) -> None:
    ids = {r.id for r in RULES if r.spec.family == family}
    expected = {"OPS": 8, "SLA": 5, "COM": 4}[family]
    assert ids == {f"{family}{i:03d}" for i in range(1, expected + 1)}


def test_slots_show_policy_defaults_and_named_values() -> None:
    assert slots("under {policy.min_per_gpu_gbps} Gb/s, {policy.name}", "en") == "under 100 Gb/s, the default policy"
    assert slots("{gpu.model} x {node_count}", "zh") == "[GPU 型号] x [node count]"


def test_explain_unknown_rule(capsys) -> None:
    assert main(["explain", "NET999"]) == 2
    assert "unknown rule" in capsys.readouterr().err


@pytest.mark.parametrize("language, word", [("en", "Severity"), ("zh", "严重度")])
def test_rules_table_lists_every_rule(language: str, word: str, capsys) -> None:
    assert main(["rules", "--lang", language, "--no-color"]) == 0
    out = capsys.readouterr().out
    assert word in out
    for rule in RULES:
        assert rule.id in out


def test_rules_json(capsys) -> None:
    import json
    assert main(["rules", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["id"] for d in data} == {r.id for r in RULES}
