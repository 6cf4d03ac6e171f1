"""User rule packs, org policy (config files, --set) and per-file ignores; hostile packs are refused clearly."""

from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.config import ConfigError, load_config
from slacheck.pipeline import Options, check_file
from slacheck.rules.conditions import evaluate, parse_condition
from slacheck.rules.engine import FUNCTIONS, fill, known_names, load_rules
from slacheck.rules.pack import PackError, load_pack

from conftest import findings_for

USER_PACK = '''
[pack]
name = "org"

[[rule]]
id = "ORG001"
name = "ib-required"
family = "ORG"
severity = "error"
when = 'multi_node and not (fabric.protocol == "infiniband")'
evidence = ["fabric.protocol"]
[rule.en]
title = "Our clusters must use InfiniBand"
message = "The fabric is {fabric.protocol}."
fix = "Ask for InfiniBand NDR."
[rule.zh]
title = "集群必须使用 InfiniBand"
message = "机间网络为 {fabric.protocol}。"
fix = "要求 InfiniBand NDR。"
'''

RULE_TEMPLATE = '''
[[rule]]
id = "ORG002"
name = "hostile"
family = "ORG"
severity = "error"
when = '{when}'
[rule.en]
title = "t"
message = "m"
fix = "f"
[rule.zh]
title = "t"
message = "m"
fix = "f"
'''

ROCE_DOC = "4 台 x 8 卡 H100 SXM5，每台 8 张 400G RoCE v2 网卡。\n月度可用性 99.5%，未达标按当月服务费的 10% 抵扣。\n"


def fired(text: str, rules, policy=None) -> set[str]:
    return {f.rule for f in findings_for(text, rules, language="en", policy=policy)}


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ user packs

def test_user_pack_adds_a_rule_that_fires(tmp_path: Path) -> None:
    rules = load_rules([write(tmp_path, "org.toml", USER_PACK)])
    assert "ORG001" in fired(ROCE_DOC, rules)
    assert "ORG001" not in fired(ROCE_DOC.replace("RoCE v2", "InfiniBand"), rules)


def test_user_pack_from_config_and_cli(tmp_path: Path, capsys) -> None:
    write(tmp_path, "packs.toml", USER_PACK)
    write(tmp_path, "slacheck.toml", 'rules = ["packs.toml"]\n')
    contract = write(tmp_path, "quote.txt", ROCE_DOC)
    assert "ORG001" in {f.rule for f in check_file(contract, Options()).findings}
    assert main(["rules", "--rules", str(tmp_path / "packs.toml"), "--no-color"]) == 0
    assert "ORG001" in capsys.readouterr().out


# ------------------------------------------------------------------ policy

def test_policy_changes_a_finding() -> None:
    rules = load_rules()
    assert "SLA005" not in fired(ROCE_DOC, rules)  # 99.5 meets the default minimum 99.5
    assert "SLA005" in fired(ROCE_DOC, rules, {"policy.min_availability_pct": 99.9})


def test_policy_from_pyproject_closest_wins_and_set_overrides(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", "[tool.slacheck]\nmin_availability_pct = 99.9\n")
    inner = tmp_path / "vendor"
    inner.mkdir()
    contract = write(inner, "sla.txt", ROCE_DOC)
    assert "SLA005" in {f.rule for f in check_file(contract, Options()).findings}
    config = load_config(contract)
    assert config.settings["min_availability_pct"].source == str(tmp_path / "pyproject.toml")
    write(inner, "slacheck.toml", "min_availability_pct = 99.0\n")
    assert load_config(contract).settings["min_availability_pct"].value == 99.0
    assert "SLA005" not in {f.rule for f in check_file(contract, Options()).findings}
    assert "SLA005" in {f.rule for f in check_file(contract, Options(settings=("min_availability_pct=99.9",))).findings}
    assert load_config(contract, ["min_availability_pct=99.9"]).settings["min_availability_pct"].source == "--set"


def test_net014_reads_the_policy() -> None:
    rules = load_rules()
    text = "4 台 x 8 卡 H100 SXM5，每台 8 张 100G InfiniBand 网卡。\n"
    assert "NET014" not in fired(text, rules)
    assert "NET014" in fired(text, rules, {"policy.min_per_gpu_gbps": 200.0})


def test_pol_rules_use_response_and_replacement_limits() -> None:
    rules = load_rules()
    text = "4 nodes x 8 H100 SXM5. Support response within 1 hour. Failed nodes are replaced within 8 hours.\n"
    assert {"POL001", "POL002"} <= fired(text, rules)
    assert not {"POL001", "POL002"} & fired(text, rules, {"policy.max_support_response_minutes": 60.0,
                                                          "policy.max_replacement_minutes": 480.0})


@pytest.mark.usefixtures("in_project")
def test_config_command_shows_sources(tmp_path: Path, capsys) -> None:
    write(tmp_path, "slacheck.toml", "max_support_response_minutes = 15\n")
    assert main(["config", str(tmp_path), "--set", "min_per_gpu_gbps=200", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert '"source": "--set"' in out and str(tmp_path / "slacheck.toml") in out and '"default"' in out


@pytest.mark.usefixtures("in_project")
def test_config_command_explains_every_key(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    write(tmp_path, "slacheck.toml", 'select = ["HW"]\nfail-on = "error"\n')
    assert main(["config", str(tmp_path), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "glob = [rule IDs or prefixes]" in out
    row = next(line for line in out.splitlines() if line.startswith("│ fail-on "))
    assert '"error"' in row and str(tmp_path / "slacheck.toml") in row and "exit 1 at or above" in row


@pytest.mark.usefixtures("in_project")
def test_bad_config_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "slacheck.toml", "min_availability = 99\n")
    with pytest.raises(ConfigError, match="unknown setting 'min_availability'"):
        load_config(tmp_path / "x.txt")
    assert main(["check", str(write(tmp_path, "x.txt", ROCE_DOC))]) == 2
    with pytest.raises(ConfigError, match="--set"):
        load_config(None, ["min_availability_pct=high"])


# ------------------------------------------------------------------ selection

def test_per_file_ignores(tmp_path: Path) -> None:
    write(tmp_path, "slacheck.toml", '[per-file-ignores]\n"legacy/*.txt" = ["SLA", "OPS001"]\n')
    (tmp_path / "legacy").mkdir()
    old = write(tmp_path / "legacy", "q.txt", ROCE_DOC.replace("，未达标按当月服务费的 10% 抵扣", ""))
    new = write(tmp_path, "q.txt", ROCE_DOC.replace("，未达标按当月服务费的 10% 抵扣", ""))
    old_rules = {f.rule for f in check_file(old, Options()).findings}
    new_rules = {f.rule for f in check_file(new, Options()).findings}
    assert {"SLA005", "OPS001"} <= new_rules
    assert not {r for r in old_rules if r.startswith("SLA") or r == "OPS001"}
    assert "OPS002" in old_rules


def test_fail_on_never_exits_zero(tmp_path: Path) -> None:
    contract = write(tmp_path, "q.txt", ROCE_DOC)
    assert main(["check", str(contract), "--quiet"]) == 1
    assert main(["check", str(contract), "--quiet", "--fail-on", "never"]) == 0


@pytest.mark.usefixtures("in_project")
def test_config_select_ignore_and_fail_on(tmp_path: Path, capsys) -> None:
    contract = write(tmp_path, "q.txt", ROCE_DOC)
    everything = {f.rule for f in check_file(contract, Options()).findings}
    write(tmp_path, "slacheck.toml", 'select = ["SLA", "OPS"]\nignore = ["OPS001"]\nfail-on = "never"\n')
    rules = {f.rule for f in check_file(contract, Options()).findings}
    assert rules == {r for r in everything if r[:3] in ("SLA", "OPS") and r != "OPS001"} and rules
    assert {f.rule for f in check_file(contract, Options(select=("NET",))).findings} == \
        {r for r in everything if r.startswith("NET")}  # --select replaces the config's
    assert main(["check", str(contract), "--quiet"]) == 0  # the config's fail-on
    assert main(["check", str(contract), "--quiet", "--fail-on", "info"]) == 1  # the flag wins
    capsys.readouterr()


@pytest.mark.usefixtures("in_project")
@pytest.mark.parametrize("text, message", [
    ('select = ["SLA05"]\n', "select: unknown rule or prefix 'SLA05'; did you mean SLA005?"),
    ('ignore = ["NET4"]\n', "ignore: unknown rule or prefix 'NET4'; did you mean NET004?"),
    ('[per-file-ignores]\n"*.txt" = ["FOO"]\n', "per-file-ignores \"*.txt\": unknown rule or prefix 'FOO'"),
    ('fail_on = "error"\n', "unknown setting 'fail_on'; did you mean fail-on?"),
    ('fail-on = "errors"\n', "fail-on: expected one of info, warning, error, never"),
    ('exclude = "drafts"\n', "exclude: expected a list of strings")])
def test_bad_config_selection_is_one_usage_line(tmp_path: Path, capsys, text: str, message: str) -> None:
    contract = write(tmp_path, "q.txt", ROCE_DOC)
    write(tmp_path, "slacheck.toml", text)
    assert main(["check", str(contract)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err


# ------------------------------------------------------------------ hostile packs

@pytest.mark.parametrize("when, expected", [
    ('__import__("os")', "syntax error"),
    ("nodes.__class__ == 1", "syntax error"),
    ('gpu.model.__class__.__name__ == "x"', "syntax error"),
    ('eval("1") == 1', "unknown function 'eval'"),
    ("(" * 41 + "nodes" + ")" * 41 + " > 1", "nested deeper than 40"),
    ("os.system == 1", "unknown name 'os.system'"),
    ('matches(gpu.model, "(a+)+$")', "unknown function 'matches'"),
    ("nodes > " + "9" * 400, "syntax error"),
    ('gpu.model == "' + "a" * 300 + '"', "syntax error"),
    ("nodes " * 2000 + "> 1", "longer than 4000"),
    ('min(1, "a") > 0', "min() argument 2: expected a number or null, got a string"),
    ("nvlink_gbytes() > 1", "nvlink_gbytes() takes 1 to 2 arguments, got 0"),
    ("is_datacenter_class(gpu.model, 1)", "is_datacenter_class() takes 1 argument, got 2"),
    ("outside(nodes, 2, true)", "outside() argument 3: expected a number or null, got true or false"),
    ('nvlink_gbytes(gpu.model, ["SXM"]) > 1', "nvlink_gbytes() argument 2: expected a string or null, got a list"),
])
def test_hostile_condition_refused_with_file_rule_and_position(tmp_path: Path, when: str, expected: str) -> None:
    pack = write(tmp_path, "bad.toml", RULE_TEMPLATE.format(when=when))
    with pytest.raises(PackError) as error:
        load_rules([pack])
    message = str(error.value)
    assert str(pack) in message and "ORG002" in message and expected in message
    assert ":3:" in message  # the line of the rule's id
    if "syntax" in expected or "nested" in expected or "unknown" in expected:
        assert "column" in message


def test_unknown_top_level_key_refused(tmp_path: Path) -> None:
    pack = write(tmp_path, "bad.toml", 'exec = "rm -rf /"\n' + RULE_TEMPLATE.format(when="nodes > 1"))
    with pytest.raises(PackError, match=r"bad\.toml: unknown top-level key\(s\) \['exec'\]"):
        load_rules([pack])


def test_unknown_pack_header_key_refused(tmp_path: Path) -> None:
    pack = write(tmp_path, "bad.toml", '[pack]\nname = "x"\nversoin = "1"\n' + RULE_TEMPLATE.format(when="nodes > 1"))
    with pytest.raises(PackError, match=r"bad\.toml: \[pack\]: unknown key\(s\) \['versoin'\]"):
        load_rules([pack])


def test_huge_pack_refused(tmp_path: Path) -> None:
    pack = tmp_path / "huge.toml"
    pack.write_text("# " + "x" * (10 * 1024 * 1024) + "\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"huge\.toml: rule pack larger than"):
        load_rules([pack])


def test_unknown_rule_key_and_placeholder_refused(tmp_path: Path) -> None:
    pack = write(tmp_path, "bad.toml", RULE_TEMPLATE.format(when="nodes > 1").replace('fix = "f"\n[rule.zh]',
                                                                                      'fix = "{os.environ}"\n[rule.zh]'))
    with pytest.raises(PackError, match="ORG002: en.fix: unknown placeholder '{os.environ}'"):
        load_pack(pack, known_names(), FUNCTIONS)
    assert fill("{__class__} {nodes}", {"nodes": 4}) == "{__class__} 4"  # never formatted, only our names
    pack = write(tmp_path, "bad2.toml", RULE_TEMPLATE.format(when="nodes > 1").replace('severity = "error"',
                                                                                       'severity = "error"\nimport = "os"'))
    with pytest.raises(PackError, match="ORG002.*import"):
        load_pack(pack, known_names(), FUNCTIONS)


def test_hostile_pack_via_cli_is_a_usage_error(tmp_path: Path, capsys) -> None:
    pack = write(tmp_path, "bad.toml", RULE_TEMPLATE.format(when='__import__("os")'))
    contract = write(tmp_path, "q.txt", ROCE_DOC)
    assert main(["check", str(contract), "--rules", str(pack)]) == 2
    assert "bad.toml" in capsys.readouterr().err


def test_a_pack_calling_a_function_wrongly_is_refused_at_load(tmp_path: Path, capsys) -> None:
    pack = write(tmp_path, "calls.toml", RULE_TEMPLATE.format(when="nvlink_gbytes() > 1"))
    contract = write(tmp_path, "q.txt", ROCE_DOC)
    assert main(["check", str(contract), "--rules", str(pack)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "calls.toml:3: rule ORG002: when: nvlink_gbytes() takes 1 to 2 arguments, got 0" in captured.err


def test_an_argument_of_the_wrong_type_at_run_time_makes_the_call_null() -> None:
    condition = parse_condition("min(nodes, gpu.model) is null and is_datacenter_class(nodes) is null",
                                known_names(), FUNCTIONS)
    assert evaluate(condition, {"nodes": 4, "gpu.model": "H100"}, FUNCTIONS) is True
    assert evaluate(parse_condition("min(nodes, 8)", known_names(), FUNCTIONS), {"nodes": 4}, FUNCTIONS) == 4
