"""HW001-HW007 and NET001-NET015: each fires on a clause written to trip it and stays quiet on a near miss."""

import pytest

from slacheck.rules.derived import switch_missing
from slacheck.rules.engine import load_rules

from conftest import findings_for

RULES = load_rules()

# A multi-node offer with every network term pinned; cases add or change one thing.
PINNED = (
    "每台配备 8 张 ConnectX-7 400Gb/s InfiniBand NDR 网卡，交换机型号 QM9700，为甲方分配 32 个端口。\n"
    "计算网络端口独享，1:1 无阻塞，与其他租户隔离。\n"
    "光模块及线缆由乙方提供，已含在报价中。\n"
    "交付时提供 GPU 序列号及 nvidia-smi 输出。\n"
)

CASES = {
    "HW001": ("4 台 x 8 卡 A100 80G，支持 NVLink。\n" + PINNED,
              "4 台 x 8 卡 A100 SXM4 80G，NVSwitch 全互联。\n" + PINNED),
    "HW002": ("2 nodes x 8 H100 PCIe 80GB, fully interconnected through NVSwitch.\n",
              "2 nodes x 8 H100 PCIe 80GB; GPUs communicate over PCIe Gen5.\n"),
    "HW003": ("2 台 x 8 卡 RTX 3090，NVLink 桥接，8 卡全互联。\n" + PINNED,
              "2 台 x 8 卡 RTX 3090，NVLink 桥接两两相连。\n" + PINNED),
    "HW004": ("4 台 x 8 卡 H800 SXM5，NVLink 900GB/s。\n" + PINNED,
              "4 台 x 8 卡 H800 SXM5，NVLink 400GB/s。\n" + PINNED),
    "HW005": ("4 台 x 8 卡 H100 SXM5 80G。\n",
              "4 台 x 8 卡 H100 SXM5 80G，交付时提供 GPU 序列号。\n"),
    "HW006": ("4 台 x 8 卡 H100 SXM5，共 64 卡。\n" + PINNED,
              "4 台 x 8 卡 H100 SXM5，共 32 卡。\n" + PINNED),
    "HW007": ("4 台 x 8 卡 H100 SXM5。签约前可用 MIG 实例（1g.10gb）验证多机 NCCL 通信。\n" + PINNED,
              "4 台 x 8 卡 H100 SXM5。推理服务可按需开启 MIG 切分。\n" + PINNED),
    "NET001": ("4 台 x 8 卡 H100 SXM5，带宽：BGP 100Mbps 独享，10Gbps 国际带宽。\n",
               "4 台 x 8 卡 H100 SXM5，内网 InfiniBand NDR 400Gb/s。\n"),
    "NET002": ("4 nodes x 8 H100 SXM5. Internal network: 25 Gb/s Ethernet.\n",
               "4 nodes x 8 H100 SXM5. Internal network: 400 Gb/s InfiniBand NDR.\n"),
    "NET003": ("4 台 x 8 卡 H100 SXM5，机间网络 100G，支持 RDMA。\n",
               "4 台 x 8 卡 H100 SXM5，机间网络 100G RoCE v2。\n"),
    "NET004": ("4 台 x 8 卡 H100 SXM5。\n" + PINNED.replace("1:1 无阻塞", "收敛比 3:1"),
               "4 台 x 8 卡 H100 SXM5。\n" + PINNED),
    "NET005": ("4 台 x 8 卡 H100 SXM5，内网 InfiniBand NDR 400Gb/s。\n",
               "4 台 x 8 卡 H100 SXM5，内网 InfiniBand NDR 400Gb/s，端口独享。\n"),
    "NET006": ("4 台 x 8 卡 H100 SXM5，IB 400G 可选，价格以咨询为准。\n",
               "4 台 x 8 卡 H100 SXM5，可选每台 8 张 400G IB 网卡。\n"),
    "NET007": ("4 台 x 8 卡 H100 SXM5。\n" + PINNED.replace("交换机型号 QM9700，", ""),
               "4 台 x 8 卡 H100 SXM5。\n" + PINNED),
    "NET008": ("4 台 x 8 卡 H100 SXM5。\n" + PINNED.replace("光模块及线缆由乙方提供，已含在报价中。\n", "不含光模块。\n"),
               "4 台 x 8 卡 H100 SXM5。\n" + PINNED),
    "NET009": ("4 台 x 8 卡 H100 SXM5。\n" + PINNED + "预留 IB 扩展能力。\n",
               "4 台 x 8 卡 H100 SXM5。\n" + PINNED + "预留 16 个端口用于扩展，每台扩展节点月租 ¥60,000。\n"),
    "NET010": ("16 台 x 8 卡 H100 SXM5。\n" + PINNED,
               "16 台 x 8 卡 H100 SXM5，两层胖树拓扑。\n" + PINNED),
    "NET011": ("4 台 x 8 卡 H100 SXM5，节点跨机房部署。\n" + PINNED,
               "4 台 x 8 卡 H100 SXM5，全部节点位于同一机房。\n" + PINNED),
    "NET012": ("1 台 8 卡 H100 SXM5，配 8 张 400G InfiniBand 网卡。\n",
               "2 台 x 8 卡 H100 SXM5，配 8 张 400G InfiniBand 网卡。\n"),
    "NET013": ("40 nodes x 8 H100 SXM5, 8 x 400G RoCE v2 NICs per node.\n",
               "40 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node.\n"),
    "NET014": ("4 台 x 8 卡 H100 SXM5，每台 1 张 100G InfiniBand 网卡。\n",
               "4 台 x 8 卡 H100 SXM5，每台 8 张 100G InfiniBand 网卡。\n"),
    "NET015": ("4 台 x 8 卡 H100 SXM5，内网 InfiniBand NDR 400Gb/s，1:1 无阻塞。\n",
               "4 台 x 8 卡 H100 SXM5，内网 InfiniBand NDR 400Gb/s，使用甲方独享交换机。\n"),
}


def fired(text: str) -> set[str]:
    return {f.rule for f in findings_for(text, RULES)}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_fires(rule: str) -> None:
    assert rule in fired(CASES[rule][0])


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_quiet_on_near_miss(rule: str) -> None:
    assert rule not in fired(CASES[rule][1])


def test_every_hw_and_net_rule_has_cases() -> None:
    ids = {r.id for r in RULES if r.id.startswith(("HW", "NET"))}
    assert ids == set(CASES)


def test_finding_quotes_the_clause_that_fired() -> None:
    net004 = next(f for f in findings_for("4 台 x 8 卡 H100 SXM5。\n内网端口共享。\n", RULES, language="en")
                  if f.rule == "NET004")
    assert [(e.line, e.text) for e in net004.evidence] == [(2, "共享")]
    assert net004.fix.startswith("Require")


def test_one_nic_per_gpu_counts_as_a_nic_count() -> None:
    text = "4 nodes x 8 H100 SXM5, InfiniBand NDR 400 Gb/s, one HCA per GPU.\n"
    assert not {"NET006", "NET014"} & fired(text)
    assert "NET006" in fired(text.replace(", one HCA per GPU", ""))


def test_an_h100_nvl_is_a_pcie_card_for_hw002() -> None:
    fired = {f.rule for f in findings_for("32 nodes x 8 H100 NVL 94GB, full-mesh NVLink across all 8 GPUs.\n" + PINNED, RULES)}
    quiet = {f.rule for f in findings_for("32 nodes x 8 H100 NVL 94GB, NVLink bridges between GPU pairs.\n" + PINNED, RULES)}
    assert "HW002" in fired and "HW002" not in quiet


ROCE_PINNED = (
    "4 台 x 8 卡 H100 SXM5，RoCE v2，每台 8 张 400G 网卡。\n"
    "交换机：{switch}，甲方专用，分配 400G 端口 32 个。\n"
)


@pytest.mark.parametrize(("switch", "fires"), [
    ("NVIDIA Spectrum-4 SN5600", True),  # an Ethernet switch carries no InfiniBand
    ("QM9700", False),
])
def test_net007_an_upgrade_to_another_fabric_needs_its_own_switch(switch: str, fires: bool) -> None:
    text = ROCE_PINNED.format(switch=switch) + "可选升级：InfiniBand NDR 400G 组网，每台 8 张网卡，价格另议。\n"
    assert ("NET007" in fired(text)) is fires
    assert "NET007" not in fired(ROCE_PINNED.format(switch=switch))


def test_net007_a_switch_of_no_known_family_is_given_the_benefit_of_the_doubt() -> None:
    values = {"fabric.protocol": "roce-v2", "fabric.upgrade_protocol": "infiniband", "fabric.switch_model": "DS5000",
              "fabric.switch_ports": 32, "fabric.switch_dedicated": True}
    assert switch_missing(None, values)["fabric_without_switch"] is None  # type: ignore[arg-type]
    assert switch_missing(None, {**values, "fabric.switch_model": "SN5600"})[  # type: ignore[arg-type]
        "fabric_without_switch"] == "infiniband"


@pytest.mark.parametrize(("upgrade", "fires"), [
    ("可选升级：InfiniBand NDR 400G 组网，每台 8 张网卡，价格另计。\n", True),
    ("可选升级：InfiniBand NDR 400G 组网，每台 8 张网卡，IB 线缆与光模块同样由乙方提供。\n", False),
])
def test_net008_an_upgrade_to_another_fabric_needs_its_own_optics(upgrade: str, fires: bool) -> None:
    base = "4 台 x 8 卡 H100 SXM5，RoCE v2，每台 8 张 400G 网卡。\n线缆及光模块由乙方提供，费用已含。\n"
    assert "NET008" not in fired(base)
    assert ("NET008" in fired(base + upgrade)) is fires
