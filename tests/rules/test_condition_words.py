"""The condition language's named sets and constants, and the load-time check of the words it compares."""

from pathlib import Path

import pytest

from slacheck.offering import VOCABULARY, fact_paths, offering_from_facts
from slacheck.perf.plateau import LARGE_MESSAGE_BYTES
from slacheck.rules.conditions import ConditionError, evaluate, parse_condition
from slacheck.rules.engine import FUNCTIONS, known_names, load_rules, values_of
from slacheck.rules.pack import PackError
from slacheck.rules.vocabulary import CONSTANTS, NAMED_SETS, constants, vocabulary

from conftest import SAMPLES, offering_of

NAMES = known_names()


def parsed(source: str):
    return parse_condition(source, NAMES, FUNCTIONS, constants(), vocabulary())


def holds(source: str, facts: dict[str, object]) -> bool:
    return bool(evaluate(parsed(source), values_of(offering_from_facts(facts)), FUNCTIONS))


@pytest.mark.parametrize(("source", "column"), [
    ('fabric.protocol == "roce-v3"', 20),
    ('"roce-v3" != fabric.protocol', 1),
    ('fabric.protocol in ["infiniband", "roce-v3"]', 35),
    ('fabric.protocol not in ["infiniband", "Roce"]', 39),
    ('gpu.variant == "SXM5"', 16),
    ('measured.transport == "ib"', 23),
])
def test_a_word_outside_its_names_vocabulary_is_refused(source: str, column: int) -> None:
    with pytest.raises(ConditionError, match="is not a value of") as error:
        parsed(source)
    assert error.value.column == column


def test_the_refusal_lists_the_words_that_exist() -> None:
    with pytest.raises(ConditionError) as error:
        parsed('fabric.protocol == "roce-v3"')
    assert str(error.value).startswith('"roce-v3" is not a value of fabric.protocol (one of "infiniband", "roce-v2"')


def test_open_names_take_any_word() -> None:
    assert parsed('gpu.model == "MI300X"').names == ("gpu.model",)


def test_a_pack_with_a_mistyped_word_does_not_load(tmp_path: Path) -> None:
    pack = tmp_path / "org.toml"
    pack.write_text('[[rule]]\nid = "ORG001"\nname = "typo"\nfamily = "ORG"\nseverity = "info"\n'
                    "when = 'fabric.protocol == \"roce-v3\"'\n"
                    '[rule.en]\ntitle = "t"\nmessage = "m"\nfix = "f"\n'
                    '[rule.zh]\ntitle = "t"\nmessage = "m"\nfix = "f"\n',
                    encoding="utf-8")
    with pytest.raises(PackError, match=r'org.toml:2: rule ORG001: when: "roce-v3" is not a value of fabric.protocol'):
        load_rules([pack])


@pytest.mark.parametrize("name", sorted(NAMED_SETS))
def test_a_named_set_means_its_words(name: str) -> None:
    words, _ = NAMED_SETS[name]
    condition = parsed(f'"{words[0]}" in {name} and not ("no such word" in {name})')
    assert condition.constants == (name,) and condition.names == ()
    assert evaluate(condition, {}, FUNCTIONS) is True


def test_a_named_set_reads_like_the_list_it_replaces() -> None:
    for protocol in VOCABULARY["fabric.protocol"]:
        facts = {"fabric.protocol": protocol}
        assert holds("fabric.protocol in fabrics.rdma", facts) is (protocol != "ethernet-tcp")
        assert holds("fabric.protocol in fabrics.roce", facts) is protocol.startswith("roce")
    assert not holds("fabric.protocol in fabrics.rdma", {})


def test_a_named_set_with_a_word_its_name_does_not_take_is_refused() -> None:
    with pytest.raises(ConditionError, match='"socket" is not a value of fabric.protocol'):
        parsed("fabric.protocol in transports.tcp")


def test_constants_stand_for_their_values() -> None:
    assert evaluate(parsed("sizes.large_message_bytes"), {}, FUNCTIONS) == LARGE_MESSAGE_BYTES == 0.99 * 268435456
    assert evaluate(parsed("tolerance.price * 100"), {}, FUNCTIONS) == 1.0


def test_named_sets_and_constants_do_not_shadow_a_name() -> None:
    assert not set(constants()) & NAMES
    assert set(constants()) == set(NAMED_SETS) | set(CONSTANTS)


@pytest.mark.parametrize(("total", "fires"), [(784_000, False), (791_000, False), (792_000, True), (777_000, False),
                                              (776_000, True)])
def test_outside_the_price_tolerance(total: float, fires: bool) -> None:
    facts = {"nodes": 8, "commercial.line_total": total,
             "commercial.unit_price": {"value": {"amount": 98_000, "per": "node", "period": "month"}}}
    assert holds("outside(commercial.line_total, price_line_expected, tolerance.price)", facts) is fires


def test_built_in_conditions_write_no_list_of_words() -> None:
    listed = [rule.id for rule in load_rules() if '["' in rule.condition.source]
    assert not listed


def test_every_word_the_reader_gives_a_closed_fact_is_in_its_vocabulary() -> None:
    seen: dict[str, set[str]] = {}
    for sample in [*SAMPLES.glob("*.md"), *SAMPLES.glob("*.txt")]:
        if sample.name == "README.md":
            continue
        offering = offering_of(sample.read_text(encoding="utf-8"))
        for path in VOCABULARY:
            fact = offering.fact(path)
            if fact is not None:
                seen.setdefault(path, set()).add(fact.value)
    assert len(seen) >= 6
    for path, words in seen.items():
        assert words <= set(VOCABULARY[path]), path
    assert set(VOCABULARY) <= set(fact_paths())
