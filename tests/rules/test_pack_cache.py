"""Rule packs kept loaded in the cache folder: the same rules and findings as packs read from their text,
a changed pack read again, and a broken or unwritable cache no obstacle."""

import datetime
import json
from pathlib import Path

import pytest

from slacheck.rules import cache, pack
from slacheck.rules.conditions import Condition, parse_condition
from slacheck.rules.engine import FUNCTIONS, check, known_names, load_rules
from slacheck.rules.pack import load_pack
from slacheck.rules.vocabulary import constants, vocabulary
from slacheck.trees import Tree

from conftest import DOCUMENT, SAMPLES, offering_of

USER_PACK = '''
[pack]
name = "org"

[[rule]]
id = "ORG001"
name = "ib-required"
family = "ORG"
severity = "error"
when = 'multi_node and not (fabric.protocol == "infiniband") and fabric.protocol in fabrics.rdma'
evidence = ["fabric.protocol"]
[rule.en]
title = "Our clusters must use InfiniBand"
message = "The fabric is {fabric.protocol}."
fix = "Ask for InfiniBand NDR."
[rule.zh]
title = "集群必须使用 InfiniBand"
message = "机间网络为 {fabric.protocol}。"
fix = "要求 InfiniBand NDR。"
[[rule.test]]
fires = true
given = {nodes = 4, fabric.protocol = "roce-v2"}
'''


def _load(path: Path | str | None) -> list[pack.Rule]:
    return load_pack(path, known_names(), FUNCTIONS, constants(), vocabulary())


def _no_text_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make reading a pack from its TOML fail: rules that still load came from the cache."""
    def refuse(text: str) -> None:
        raise AssertionError("pack read from its text")
    monkeypatch.setattr(pack.tomllib, "loads", refuse)


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SLACHECK_CACHE", str(folder))
    return folder


def test_cached_packs_are_the_packs_read_from_text(cache_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    user = tmp_path / "org.toml"
    user.write_text(USER_PACK, encoding="utf-8")
    first = load_rules([user])
    assert len(list(cache_dir.glob("pack-*.json"))) == 5  # the four built-in packs and the user's
    with monkeypatch.context() as patched:
        _no_text_read(patched)
        cached = load_rules([user])
    monkeypatch.setenv("SLACHECK_CACHE", "")
    uncached = load_rules([user])
    assert cached == uncached == first
    assert [r.pack for r in cached] == [r.pack for r in uncached]
    assert [r.condition.tree for r in cached] == [r.condition.tree for r in uncached]
    assert [(r.condition.names, r.condition.constants) for r in cached] == \
        [(r.condition.names, r.condition.constants) for r in uncached]
    for sample in sorted(SAMPLES.glob("*.md")):
        offering = offering_of(sample.read_text(encoding="utf-8"))
        for language in ("en", "zh"):
            assert check(offering, cached, language=language, document_evidence=DOCUMENT) == \
                check(offering, uncached, language=language, document_evidence=DOCUMENT)


def test_a_pack_at_another_path_names_its_own_path(cache_dir: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    one.write_text(USER_PACK, encoding="utf-8")
    two.write_text(USER_PACK, encoding="utf-8")
    assert {r.pack for r in _load(one)} == {str(one)}
    _no_text_read(monkeypatch)
    assert {r.pack for r in _load(two)} == {str(two)}


def test_a_changed_pack_is_read_again(cache_dir: Path, tmp_path: Path) -> None:
    user = tmp_path / "org.toml"
    user.write_text(USER_PACK, encoding="utf-8")
    assert _load(user)[0].spec.en.fix == "Ask for InfiniBand NDR."
    user.write_text(USER_PACK.replace("Ask for InfiniBand NDR.", "Ask for InfiniBand XDR.")
                    .replace('not (fabric.protocol == "infiniband")', 'fabric.protocol != "infiniband"'),
                    encoding="utf-8")
    changed = _load(user)[0]
    assert changed.spec.en.fix == "Ask for InfiniBand XDR."
    assert changed.condition.source.startswith('multi_node and fabric.protocol != "infiniband"')
    assert len(list(cache_dir.glob("pack-*.json"))) == 2


@pytest.mark.parametrize("damage", ["not json {", "[]", '{"key": "other", "rules": []}', "wrong key",
                                    "bad tree", "foreign node", "bad rule", ""])
def test_a_broken_cache_file_is_loaded_again(cache_dir: Path, damage: str) -> None:
    expected = _load("core.toml")
    [kept] = cache_dir.glob("pack-*.json")
    data = json.loads(kept.read_text(encoding="utf-8"))
    if damage == "wrong key":
        data["key"] = "0" * 64
        kept.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "bad tree":
        data["rules"][0]["tree"] = {"t": 5, "c": "x"}
        data["rules"][1]["tree"] = {"k": "NAME"}
        kept.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "foreign node":  # a kind of node no condition holds: refused, not evaluated
        data["rules"][0]["tree"] = {"t": "visit", "c": []}
        kept.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "bad rule":
        data["rules"][0]["raw"]["severity"] = "catastrophic"
        kept.write_text(json.dumps(data), encoding="utf-8")
    else:
        kept.write_text(damage, encoding="utf-8")
    assert _load("core.toml") == expected
    assert _load("core.toml") == expected  # and the file is good again


def test_an_unwritable_cache_is_no_obstacle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLACHECK_CACHE", "")
    expected = load_rules()
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("SLACHECK_CACHE", str(blocker / "cache"))
    assert load_rules() == expected
    monkeypatch.setenv("SLACHECK_CACHE", str(tmp_path / "cache"))

    def fail(path: object, text: str) -> None:
        raise OSError(30, "Read-only file system")
    monkeypatch.setattr(cache, "write_atomic", fail)
    assert load_rules() == expected
    assert not list((tmp_path / "cache").glob("pack-*.json"))


def test_what_json_cannot_hold_is_not_kept(tmp_path: Path) -> None:
    target = tmp_path / "pack.json"
    condition = parse_condition("nodes > 1", {"nodes"}, {})
    cache.write(target, "k", [({"given": {"start": datetime.date(2026, 1, 1)}}, condition)])
    assert not target.exists()
    odd = Condition(source="x", tree=Tree("constant", [{1, 2}]), names=())
    cache.write(target, "k", [({}, odd)])
    assert not target.exists()
    cache.write(target, "k", [({}, condition)])
    assert json.loads(target.read_text(encoding="utf-8"))["rules"][0]["names"] == ["nodes"]
    with pytest.raises(TypeError):
        cache.encode(Tree("constant", [{"a": 1}]))
    tree = Tree("constant", [("a", 1.5, None, True)])
    assert cache.decode(json.loads(json.dumps(cache.encode(tree)))) == tree


def test_without_the_loading_code_s_source_nothing_is_kept(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key names the source of the modules that load a pack: a package without it keeps no packs."""
    expected = _load("core.toml")
    monkeypatch.setattr(cache, "_SOURCES", ("no_such_module.py",))
    for kept in cache_dir.glob("pack-*.json"):
        kept.unlink()
    assert _load("core.toml") == expected
    assert not list(cache_dir.glob("pack-*.json"))
