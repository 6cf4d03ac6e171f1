"""Two offers written outside the samples' phrasing: what is read, and what fires."""

import importlib.util
import sys
from pathlib import Path

import pytest

from slacheck.offering import Offering
from slacheck.pipeline import Options, check_file

from conftest import FIXTURES, SAMPLES

OFFERS = FIXTURES / "offers"


def values(offering: Offering, *paths: str) -> dict[str, object]:
    return {path: (fact.value if (fact := offering.fact(path)) else None) for path in paths}


def test_english_managed_cluster_is_read_and_clean() -> None:
    report = check_file(OFFERS / "managed_h200_roce_en.md", Options())
    assert values(report.offering, "nodes", "gpu.model", "gpu.variant", "gpu.memory_gb", "fabric.protocol",
                  "fabric.rate_gbps", "fabric.nics_per_gpu", "fabric.switch_ports", "sla.support_response_minutes",
                  "sla.failover_minutes", "backup.scope", "commercial.billing") == {
        "nodes": 8, "gpu.model": "H200", "gpu.variant": "SXM", "gpu.memory_gb": 141, "fabric.protocol": "roce-v2",
        "fabric.rate_gbps": 400.0, "fabric.nics_per_gpu": 1, "fabric.switch_ports": 64,
        "sla.support_response_minutes": 15.0, "sla.failover_minutes": 240.0, "backup.scope": "all",
        "commercial.billing": "monthly"}
    assert [f.rule for f in report.findings] == []


def test_chinese_quote_with_shared_ib_ports() -> None:
    report = check_file(OFFERS / "a800_shared_ib_zh.txt", Options())
    assert values(report.offering, "nodes", "gpu.model", "gpu.per_node", "intra_node.bandwidth_gbytes",
                  "fabric.nics_per_node", "fabric.rate_gbps", "fabric.dedicated", "fabric.isolation",
                  "tuning.owner", "commercial.billing") == {
        "nodes": 6, "gpu.model": "A800", "gpu.per_node": 8, "intra_node.bandwidth_gbytes": 400.0,
        "fabric.nics_per_node": 2, "fabric.rate_gbps": 200.0, "fabric.dedicated": False, "fabric.isolation": False,
        "tuning.owner": "customer", "commercial.billing": "quarterly"}
    assert report.offering.commercial.unit_price.hedged
    fired = {f.rule for f in report.findings}
    assert {"HW001", "NET004", "NET014", "NET015", "OPS003", "SLA001", "COM001"} <= fired
    assert not fired & {"HW004", "NET002", "NET006", "SLA003"}


def test_english_sla_with_negations_and_an_infiniband_option() -> None:
    report = check_file(OFFERS / "h100_tcp_ib_option_sla_en.txt", Options())
    assert values(report.offering, "fabric.dedicated", "fabric.isolation", "fabric.included_protocol",
                  "fabric.included_nics_per_node", "fabric.included_rate_gbps", "fabric.optional", "fabric.cabling",
                  "sla.availability_guaranteed", "backup.scope", "commercial.unit_price") == {
        "fabric.dedicated": True, "fabric.isolation": True, "fabric.included_protocol": "ethernet-tcp",
        "fabric.included_nics_per_node": 2, "fabric.included_rate_gbps": 100.0, "fabric.optional": True,
        "fabric.cabling": "excluded", "sla.availability_guaranteed": False, "backup.scope": "system-only",
        "commercial.unit_price": report.offering.commercial.unit_price.value}
    assert report.offering.commercial.unit_price.value.amount == 12000.0
    fired = {f.rule for f in report.findings}
    assert {"NET002", "NET006", "NET014", "COM002", "SLA001", "SLA002", "SLA005"} <= fired
    assert not fired & {"NET004", "NET015", "NET005"}


def test_complete_chinese_contract_is_clean_and_its_arithmetic_is_checked(tmp_path: Path) -> None:
    source = OFFERS / "h100_roce_contract_zh.md"
    report = check_file(source, Options())
    assert [f.rule for f in report.findings] == []
    assert values(report.offering, "fabric.dedicated", "fabric.isolation", "acceptance.threshold_gbytes",
                  "commercial.line_total", "commercial.contract_total") == {
        "fabric.dedicated": True, "fabric.isolation": True, "acceptance.threshold_gbytes": 320.0,
        "commercial.line_total": 1472000.0, "commercial.contract_total": 17664000.0}
    wrong = tmp_path / "wrong_total.md"
    wrong.write_text(source.read_text(encoding="utf-8").replace("¥17,664,000", "¥18,400,000"), encoding="utf-8")
    assert [f.rule for f in check_file(wrong, Options()).findings] == ["COM004"]


def test_pcie_cards_with_bridges_called_fully_connected() -> None:
    report = check_file(OFFERS / "a100_pcie_bridges_quote_en.txt", Options())
    assert values(report.offering, "gpu.variant", "intra_node.link", "intra_node.full_mesh", "fabric.rate_gbps",
                  "fabric.nics_per_node", "fabric.dedicated") == {
        "gpu.variant": "PCIe", "intra_node.link": "nvlink-bridge", "intra_node.full_mesh": True,
        "fabric.rate_gbps": 200.0, "fabric.nics_per_node": 1, "fabric.dedicated": False}
    fired = {f.rule for f in report.findings}
    # PCIe cards claimed as a full NVLink mesh: HW002 (PCIe posing as SXM) and HW003 (pairwise bridges)
    assert {"HW002", "HW003", "NET004", "NET014"} <= fired
    assert not fired & {"HW001", "COM001"}  # "Estimated delivery" hedges a date, not a price


def test_chinese_sla_with_tiered_response_and_customer_backed_data_disks() -> None:
    report = check_file(OFFERS / "h800_sla_zh.txt", Options())
    assert values(report.offering, "sla.support_response_minutes", "sla.failover_minutes", "sla.availability_pct",
                  "sla.credits", "backup.scope") == {
        "sla.support_response_minutes": 15.0, "sla.failover_minutes": 480.0, "sla.availability_pct": 99.95,
        "sla.credits": True, "backup.scope": "system-only"}
    fired = {f.rule for f in report.findings}
    assert {"SLA002", "SLA004", "POL002"} <= fired
    assert not fired & {"SLA001", "SLA003", "SLA005"}


def _pdf_renderer():
    spec = importlib.util.spec_from_file_location("make_pdfs", SAMPLES / "make_pdfs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_pdfs", module)
    spec.loader.exec_module(module)
    return module.render_pdf


@pytest.mark.parametrize("offer", sorted(OFFERS.iterdir()), ids=lambda p: p.name)
def test_pdf_of_each_offer_gives_the_same_findings(offer: Path, tmp_path: Path) -> None:
    pdf = tmp_path / f"{offer.stem}.pdf"
    _pdf_renderer()(offer.read_text(encoding="utf-8"), pdf)
    assert [f.rule for f in check_file(pdf, Options()).findings] == \
        [f.rule for f in check_file(offer, Options()).findings]
