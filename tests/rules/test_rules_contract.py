"""OPS001-OPS008, SLA001-SLA005 and COM001-COM004: each fires on a clause written to trip it and stays quiet
on a near miss (same style as test_rules_hw_net.py)."""

import pytest

from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.offering import assemble
from slacheck.rules.engine import load_rules

from conftest import findings_for

RULES = load_rules()

NODES = "4 台 x 8 卡 H100 SXM5，每台 8 张 400G RoCE v2 网卡。\n"
# Every OPS/SLA/COM term pinned; a case removes or changes one thing.
TERMS = {
    "tuning": "乙方负责交换机与网卡的 PFC、ECN（DCQCN）参数配置。\n",
    "baseline": "交付时乙方提供网络配置基线文档，供甲方验收时核对。\n",
    "troubleshoot": "计算网络出现拥塞、丢包时，由乙方负责排查。\n",
    "acceptance": "交付时乙方在全部 4 台节点上运行多机 nccl-tests（all_reduce_perf）。\n",
    "threshold": "通过标准：总线带宽不低于 340 GB/s，测试报告由双方签字留存。\n",
    "trial": "正式租期前提供 3 天付费试用。\n",
    "term": "租期：12 个月，月付。\n",
    "response": "技术支持：7×24 小时，故障响应时间不超过 15 分钟。\n",
    "replace": "硬件故障 4 小时内完成更换，更换后乙方恢复该节点原有的网络配置与 NCCL 环境。\n",
    "availability": "月度可用性 99.9%，未达标按当月服务费的 10% 抵扣。\n",
    "backup": "系统盘与数据盘每日快照，保留 7 天。\n",
    "power": "单台服务器供电 10.2kW，机柜供电已确认。\n",
}


def doc(nodes: str = NODES, **changes: str) -> str:
    terms = {**TERMS, **changes}
    return nodes + "".join(terms.values())


EN_NODES = "4 nodes x 8 H100 SXM5, 8 x 400G RoCE v2 NICs per node.\n"

CASES = {
    "OPS001": (doc(tuning=""), doc()),
    "OPS002": (doc(baseline=""), doc()),
    "OPS003": (doc(acceptance="", threshold=""), doc()),
    "OPS004": (doc(acceptance="交付时乙方在其中一台服务器上运行 nccl-tests。\n"), doc()),
    "OPS005": (doc(threshold=""), doc()),
    "OPS006": (doc(trial=""), doc(trial="", term="租期：1 个月，按月计费。\n")),
    "OPS007": (doc(troubleshoot=""), doc()),
    "OPS008": (doc(tuning="PFC、ECN 等无损网络参数由甲方自行配置。\n"), doc()),
    "SLA001": (doc(replace="硬件故障时乙方将尽快安排更换。\n"), doc()),
    "SLA002": (doc(backup="系统盘每日自动快照，保留最近 3 份。\n"), doc()),
    "SLA003": (doc(response=""), doc()),
    "SLA004": (doc(replace="硬件故障 4 小时内更换同配置服务器。\n"), doc()),
    "SLA005": (doc(availability="月度可用性 99.9%。\n"), doc()),
    "COM001": (doc(term="租期：12 个月，月付，单价 3.2 万/台/月（预估）。\n"),
               doc(term="租期：12 个月，月付，单价 3.2 万/台/月。\n")),
    "COM002": (doc() + "可选 InfiniBand 400G 组网，价格以咨询为准。\n",
               doc() + "可选 InfiniBand 400G 组网，每台 8 张 HCA，¥20,000/台/月。\n"),
    "COM003": (doc(power=""), doc()),
    "COM004": (doc(term="租期：12 个月，月付。服务费：¥98,000/台/月，4 台合计 ¥372,000/月。\n"),
               doc(term="租期：12 个月，月付。服务费：¥98,000/台/月，4 台合计 ¥392,000/月。\n")),
}

EN_CASES = {
    "OPS001": (EN_NODES + "Internal network: 100G Ethernet, RDMA supported.\n",
               EN_NODES + "Provider configures PFC and ECN on the switches and the NICs.\n"),
    "OPS004": (EN_NODES + "Provider will run nccl-tests all_reduce_perf on each server individually.\n",
               EN_NODES + "Provider runs nccl-tests all_reduce_perf across all 4 nodes.\n"),
    "OPS005": (EN_NODES + "Provider runs nccl-tests across all 4 nodes and shares the output.\n",
               EN_NODES + "Provider runs nccl-tests across all 4 nodes. Acceptance passes when the bus bandwidth is "
                          "at least 340 GB/s.\n"),
    "SLA001": (EN_NODES + "Hardware faults are handled on a best-effort basis.\n",
               EN_NODES + "Failed hardware is replaced within the next business day.\n"),
    "SLA002": (EN_NODES + "Provider takes a daily snapshot of each node's boot (system) volume. "
                          "Local NVMe data volumes are not included in snapshots.\n",
               EN_NODES + "Daily snapshots of the system disk and the data disks, kept for 7 days.\n"),
    "SLA003": (EN_NODES + "Support: ticket system.\n", EN_NODES + "Support: 24x7, response within 30 minutes.\n"),
    "SLA005": (EN_NODES + "Provider targets a Monthly Availability of 99.95%, not a guarantee.\n",
               EN_NODES + "Availability: 99.9% per month. Below 99.9%, Customer receives a service credit of 10%.\n"),
    "COM001": (EN_NODES + "Estimated monthly fee: USD 60,000 per server.\n",
               EN_NODES + "Monthly fee: USD 60,000 per server, fixed for the Term.\n"),
}



def fired(text: str, policy: dict | None = None) -> set[str]:
    return {f.rule for f in findings_for(text, RULES, policy=policy)}


def test_pinned_document_is_clean() -> None:
    assert not {r for r in fired(doc()) if r.startswith(("OPS", "SLA", "COM"))}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_fires(rule: str) -> None:
    assert rule in fired(CASES[rule][0])


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_quiet_on_near_miss(rule: str) -> None:
    assert rule not in fired(CASES[rule][1])


@pytest.mark.parametrize("rule", sorted(EN_CASES))
def test_rule_fires_en(rule: str) -> None:
    assert rule in fired(EN_CASES[rule][0])


@pytest.mark.parametrize("rule", sorted(EN_CASES))
def test_rule_quiet_on_near_miss_en(rule: str) -> None:
    assert rule not in fired(EN_CASES[rule][1])


def test_single_node_is_exempt_from_multi_node_rules() -> None:
    text = "1 台 8 卡 H100 SXM5，每台 8 张 400G RoCE v2 网卡。\n" + "".join(
        v for k, v in TERMS.items() if k not in ("acceptance", "trial"))
    assert not fired(text) & {"OPS003", "OPS004", "OPS006", "OPS007", "SLA004", "COM003"}


def test_facts_read() -> None:
    offering = assemble(extract(document_from_text(doc())).statements)
    values = {path: offering.fact(path).value for path in (
        "tuning.owner", "tuning.troubleshooting", "tuning.baseline", "acceptance.multi_node",
        "acceptance.threshold_gbytes", "acceptance.report_kept", "acceptance.trial", "sla.failover_minutes",
        "sla.support_response_minutes", "sla.availability_pct", "sla.credits", "sla.network_restore",
        "backup.scope", "commercial.term_months", "commercial.billing", "commercial.power_kw")}
    assert values == {
        "tuning.owner": "provider", "tuning.troubleshooting": "provider", "tuning.baseline": True,
        "acceptance.multi_node": True, "acceptance.threshold_gbytes": 340.0, "acceptance.report_kept": True,
        "acceptance.trial": True, "sla.failover_minutes": 240.0, "sla.support_response_minutes": 15.0,
        "sla.availability_pct": 99.9, "sla.credits": True, "sla.network_restore": True, "backup.scope": "all",
        "commercial.term_months": 12.0, "commercial.billing": "monthly", "commercial.power_kw": 10.2}


@pytest.mark.parametrize("text, minutes", [
    ("硬件故障 2 小时内更换。", 120.0), ("Failed nodes are swapped within 30 minutes.", 30.0),
    ("Failed hardware is replaced within 2 business days.", 2880.0),
    ("Failed hardware is replaced by the next business day.", 1440.0),
])
def test_replacement_time_units(text: str, minutes: float) -> None:
    offering = assemble(extract(document_from_text(text)).statements)
    assert offering.sla.failover_minutes is not None and offering.sla.failover_minutes.value == minutes


def test_service_hours_are_not_a_response_time() -> None:
    offering = assemble(extract(document_from_text("乙方提供 7×24 小时技术支持。")).statements)
    assert offering.sla.support_response_minutes is None


def test_com004_checks_the_contract_total_against_monthly_total_and_term() -> None:
    lines = "| 合计 |  | ¥392,000/月 |\n12 个月合同总额：{total}。\n"
    assert "COM004" in fired(doc() + lines.format(total="¥4,800,000"))
    assert "COM004" not in fired(doc() + lines.format(total="¥4,704,000"))


def test_hourly_gpu_price_times_730_hours_is_the_monthly_line() -> None:
    row = "| GPU compute | 32 GPUs | USD 2.10/GPU-hour | USD {amount} |\n"
    assert "COM004" not in fired(EN_NODES + row.format(amount="49,056.00"))
    assert "COM004" in fired(EN_NODES + row.format(amount="52,000.00"))


def test_com002_an_upgrade_priced_on_request_is_an_add_on_priced_on_request() -> None:
    base = "4 台 H100 8 卡，机间 200G 以太网，支持 RDMA，每台 2 张网卡。\nIB 也可以做，NDR 400G，算增项，每台 8 张网卡，{price}。\n"
    assert "COM002" in fired(base.format(price="价格以咨询为准"))
    assert "COM002" not in fired(base.format(price="每台每月加 8000 元"))
