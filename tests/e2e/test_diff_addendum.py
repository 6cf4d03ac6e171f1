"""``slacheck diff`` (promises weakened / strengthened / dropped / added) and ``slacheck addendum``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from slacheck.cli import main
from slacheck.facts import Fact
from slacheck.offers.diff import classify
from slacheck.pipeline import Options, check_file

from conftest import SAMPLES

CLEAN = SAMPLES / "zh_clean_h100_ib_cluster.md"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _variant(tmp_path: Path, name: str, *replacements: tuple[str, str]) -> Path:
    text = CLEAN.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _changes(capsys, old: Path, new: Path) -> tuple[int, dict[str, str]]:
    code, out, _ = run(capsys, "diff", str(old), str(new), "--format", "json")
    return code, {c["path"]: c["change"] for c in json.loads(out)["changes"]}


def test_weakened_revision_exits_1(tmp_path: Path, capsys) -> None:
    weak = _variant(tmp_path, "weak.md", ("每节点 8 张", "每节点 4 张"),
                    ("1:1，全网无阻塞（non-blocking）", "2:1"))
    code, changes = _changes(capsys, CLEAN, weak)
    assert code == 1
    assert changes == {"fabric.nics_per_node": "weakened", "fabric.included_nics_per_node": "weakened",
                       "fabric.dedicated": "weakened", "fabric.oversubscription": "weakened"}
    code, back = _changes(capsys, weak, CLEAN)
    assert code == 0 and set(back.values()) == {"strengthened"} and set(back) == set(changes)


def test_same_document_has_no_changes(capsys) -> None:
    code, changes = _changes(capsys, CLEAN, CLEAN)
    assert code == 0 and changes == {}
    code, out, _ = run(capsys, "diff", str(CLEAN), str(CLEAN), "--no-color")
    assert code == 0 and out == "两版方案要点没有差别。\n"  # a Chinese document: Chinese words
    code, out, _ = run(capsys, "diff", str(CLEAN), str(CLEAN), "--no-color", "--lang", "en")
    assert code == 0 and out == "No differences in the offering.\n"


def test_diff_table_on_the_terminal(tmp_path: Path, capsys) -> None:
    weak = _variant(tmp_path, "weak.md", ("每节点 8 张", "每节点 4 张"))
    code, out, _ = run(capsys, "diff", str(CLEAN), str(weak), "--no-color")
    assert code == 1
    row = next(line for line in out.splitlines() if "每台网卡数" in line)
    assert re.search(r"8\s.*4\s.*削弱", row)


def test_classify_rules() -> None:
    def fact(value: object, hedged: bool = False) -> Fact:
        return Fact(value=value, hedged=hedged)

    assert classify("gpu.variant", fact("SXM"), None) == "weakened"
    assert classify("gpu.variant", fact("SXM"), fact("PCIe")) == "weakened"
    assert classify("fabric.rate_gbps", fact(400.0), fact(200.0)) == "weakened"
    assert classify("fabric.rate_gbps", fact(200.0), fact(400.0)) == "strengthened"
    assert classify("fabric.rate_gbps", fact(400.0), fact(800.0, hedged=True)) == "weakened"
    assert classify("fabric.dedicated", fact(True), fact(False)) == "weakened"
    assert classify("fabric.optional", fact(True), None) == "dropped"
    assert classify("fabric.optional", None, fact(True)) == "weakened"
    assert classify("fabric.nic_model", None, fact("ConnectX-7")) == "added"
    assert classify("gpu.model", fact("H100"), fact("H800")) == "changed"
    assert classify("nodes", fact(8), fact(8)) is None


def test_addendum_one_clause_per_finding(capsys) -> None:
    sample = SAMPLES / "zh_quote_a100_10gbe.md"
    report = check_file(sample, Options())
    code, out, _ = run(capsys, "addendum", str(sample))
    assert code == 0
    assert out.startswith("# 补充条款（草案）")
    clauses = re.findall(r"^(\d+)\. (.+)$", out, flags=re.M)
    assert [int(n) for n, _ in clauses] == list(range(1, len(report.findings) + 1))
    assert not any(word in text for _, text in clauses for word in ("要么", "Either", "[N]", "?"))
    references = re.findall(r"^   > 依据: ([A-Z]+\d{3}) ", out, flags=re.M)
    assert references == [f.rule for f in report.findings]
    assert "“８卡 A100 80G”（第15行）" in out


def test_addendum_language_override(capsys) -> None:
    code, out, _ = run(capsys, "addendum", str(SAMPLES / "zh_quote_a100_10gbe.md"), "--lang", "en")
    assert code == 0 and out.startswith("# Addendum (draft)")
    assert "> Reference: HW001" in out and "(l.15)" in out


def test_addendum_for_a_clean_document(capsys) -> None:
    code, out, _ = run(capsys, "addendum", str(SAMPLES / "en_clean_h100_order_form.md"))
    assert code == 0 and "No clauses to add." in out and not re.search(r"^\d+\. ", out, flags=re.M)


def test_diff_json_carries_prices(capsys) -> None:
    code, out, _ = run(capsys, "diff", str(CLEAN), str(CLEAN.parent / "mixed_quote_grid_h100_roce.md"),
                       "--format", "json")
    change = next(c for c in json.loads(out)["changes"] if c["path"] == "commercial.unit_price")
    assert change["old"]["value"] == {"amount": 98000.0, "currency": "CNY", "per": "node", "period": "month"}
    assert change["new"]["value"]["amount"] == 95000.0
    assert code == 1


def clauses_of(out: str) -> dict[str, str]:
    """Rule id -> the clause written for it."""
    found = re.findall(r"^\d+\. (.+)\n   > (?:依据|Reference): ([A-Z]+\d{3}) ", out, flags=re.M)
    return {rule: text for text, rule in found}


def test_addendum_clauses_fit_a_roce_fabric(capsys) -> None:
    code, out, _ = run(capsys, "addendum", str(SAMPLES / "mixed_quote_grid_h100_roce.md"), "--lang", "en")
    clauses = clauses_of(out)
    assert code == 0 and "SN4600" in clauses["NET007"] and "Ethernet switch" in clauses["NET007"]
    assert "200G QSFP56" in clauses["NET008"]
    assert "QM9700" not in out and "OSFP" not in out and "InfiniBand switch" not in out
    assert clauses["HW006"].startswith("The order is 6 nodes x 8 GPUs = 48 GPUs in total")


def test_addendum_fills_plan_figures_and_writes_clauses_not_advice(capsys) -> None:
    sample = SAMPLES / "en_order_form_h100_pcie_shared_ib.md"
    code, out, _ = run(capsys, "addendum", str(sample))
    clauses = clauses_of(out)
    assert clauses["HW002"].startswith("The Provider confirms that the GPUs delivered are H100 PCIe cards")
    assert "Either" not in out and " or strike" not in out
    code, plan_out, _ = run(capsys, "plan", str(sample), "--format", "json")
    steps = {s["test"]: s for s in json.loads(plan_out)["steps"]}
    assert f"at least {steps['all_reduce_perf']['threshold']:g} GB/s" in clauses["OPS005"]
    assert f"at least {steps['ib_write_bw']['threshold']:g} Gb/s" in clauses["OPS005"]
    assert "QM8700" in clauses["NET007"] and "QSFP56" in clauses["NET008"]  # one HDR 200G HCA per server


def test_addendum_speaks_the_documents_language(capsys) -> None:
    code, out, _ = run(capsys, "addendum", str(SAMPLES / "zh_quote_h100_ib_addon.md"))
    clauses = clauses_of(out)
    assert "QM9700（或同等 400G InfiniBand 交换机）" in clauses["NET007"] and "32 个" in clauses["NET007"]
    assert all(re.search(r"[\u4e00-\u9fff]", text) for text in clauses.values())
