"""Every message reads as prose in the report's language: no unfilled hole, POL names its policy, Chinese chrome."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.commands.explain import explanation
from slacheck.offering import Offering
from slacheck.pipeline import Options, check_file
from slacheck.report.formats import FORMATS
from slacheck.report.messages import CATALOGUE, counts, words
from slacheck.rules.engine import fill, finding, load_rules, values_of

from conftest import DOCUMENT, SAMPLES

RULES = load_rules()
HOLE = re.compile(r"\{[^{}]*\}|<[a-z_.]+>|[?？]")
EVIDENCE = [DOCUMENT]
SLA = "4 台 x 8 卡 H100 SXM5，400G InfiniBand，每台 8 张网卡。技术支持 60 分钟内响应；硬件故障 8 小时内更换。\n"


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_no_hole_against_an_empty_offering(rule, language: str) -> None:
    found = finding(rule, language, values_of(Offering()), EVIDENCE)
    for text in (found.title, found.message, found.fix):
        assert not HOLE.search(text), text


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_explain_shows_no_hole(rule, language: str) -> None:
    assert not HOLE.search(explanation(rule, language).replace(rule.condition.source, ""))


def test_a_missing_value_takes_its_unit_and_aside_with_it() -> None:
    assert fill("Availability: {sla.availability_pct}% now", {}) == "Availability: (not stated) now"
    assert fill("A {commercial.term_months}-month term", {}) == "A (not stated) term"
    assert fill("RoCE ({fabric.protocol}) offered", {}) == "RoCE offered"
    assert fill("签 {commercial.term_months} 个月", {}, "zh") == "签 未写明"
    assert fill("RoCE ({fabric.protocol}) offered", {"fabric.protocol": "RoCEv2"}) == "RoCE (RoCEv2) offered"
    assert fill("{commercial.term_months}-month", {"commercial.term_months": 12.0}) == "12-month"


def _pol_texts(path: Path, *args: str) -> str:
    report = check_file(path, Options(settings=args))
    return " ".join(f"{f.title} {f.message}" for f in report.findings if f.rule.startswith("POL"))


def test_pol_says_default_policy_without_a_config(tmp_path: Path) -> None:
    document = tmp_path / "sla.txt"
    document.write_text(SLA, encoding="utf-8")
    text = _pol_texts(document)
    assert "默认策略" in text and "组织策略" not in text
    assert "贵方组织策略" in _pol_texts(document, "max_support_response_minutes=20")
    (tmp_path / "slacheck.toml").write_text("max_replacement_minutes = 120\n", encoding="utf-8")
    assert "贵方组织策略" in _pol_texts(document) and "默认策略" not in _pol_texts(document)


def test_pol_english_wording(tmp_path: Path, capsys) -> None:
    document = tmp_path / "sla.txt"
    document.write_text(SLA, encoding="utf-8")
    main([str(document), "--lang", "en", "--format", "concise", "--select", "POL"])
    out = capsys.readouterr().out
    assert "slower than the default policy" in out and "organisation" not in out


def test_catalogue_speaks_both_languages_with_the_same_fields() -> None:
    fields = re.compile(r"\{(\w+)\}")
    for key, (en, zh) in CATALOGUE.items():
        assert en.strip() and zh.strip(), key
        assert sorted(fields.findall(en)) == sorted(fields.findall(zh)), key  # word order may differ
    assert words("zh")["fix"] == "建议条款" and words("fr")["fix"] == "Fix"
    assert counts(1, 2, 3, "zh") == "1 个错误，2 个警告，3 个提示"


@pytest.mark.parametrize("name", ["html", "markdown", "junit", "text"])
def test_chinese_document_gets_chinese_chrome(name: str) -> None:
    report = check_file(SAMPLES / "zh_quote_a100_10gbe.pdf", Options())
    out = FORMATS[name](report)
    english = {"html": ["Fix:", ">fingerprint", "Offering", " errors", "slacheck report", "(hedged)", "<th>Fact"],
               "markdown": ["Severity", "Fix:", "Evidence", " errors", "p. 1"],
               "junit": ["fingerprint "], "text": ["Fix:", "fingerprint ", "Offering", " errors"]}[name]
    assert not [word for word in english if word in out]
    chinese = {"html": ["检查报告", "建议条款", "指纹", "方案要点", "个错误", "第1页"],
               "markdown": ["检查报告", "级别", "建议条款", "第1页第"], "junit": ["指纹 "],
               "text": ["建议条款", "指纹 ", "方案要点", "个错误"]}[name]
    assert all(word in out for word in chinese), [word for word in chinese if word not in out]


def test_clean_chinese_document_junit_case_name() -> None:
    report = check_file(SAMPLES / "zh_clean_h100_ib_cluster.md", Options())
    assert 'name="未发现问题"' in FORMATS["junit"](report)


def test_rack_power_fix_does_not_ask_a_pcie_server_for_the_sxm_figure() -> None:
    report = check_file(SAMPLES / "en_order_form_h100_pcie_shared_ib.md", Options())
    (com003,) = [f for f in report.findings if f.rule == "COM003"]
    assert report.offering.fact("gpu.variant").value == "PCIe"
    assert "10.2 kW" not in com003.fix and "less for PCIe" in com003.fix
