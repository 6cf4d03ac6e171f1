"""The fact grammar on its own: vocabulary, phrases, traps, and no parser conflicts."""

import logging
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import logger as lark_logger

from slacheck.extract.lexicon import fact_grammar
from slacheck.extract.parser import scan
from slacheck.extract.reading import read
from slacheck.resources import build_lark


def said(text: str) -> dict[str, object]:
    """path -> first value read from one line of text."""
    normalized = unicodedata.normalize("NFKC", text)
    values: dict[str, object] = {}
    for statement in read(normalized, scan(normalized)):
        values.setdefault(statement.path, statement.value)
    return values


@pytest.mark.parametrize("name,start", [("facts.lark", "phrase"), ("condition.lark", "start")])
def test_grammar_has_no_lalr_conflicts(name: str, start: str, caplog: pytest.LogCaptureFixture) -> None:
    lark_logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            text = fact_grammar() if name == "facts.lark" else None
            build_lark(name, text=text, parser="lalr", start=start, debug=True)
    finally:
        lark_logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


@pytest.mark.parametrize("text,path,value", [
    ("2 台 x 8 卡 H100 SXM5 80GB", "nodes", 2),
    ("2 台 x 8 卡 H100 SXM5 80GB", "gpu.per_node", 8),
    ("2 台 x 8 卡 H100 SXM5 80GB", "gpu.memory_gb", 80),
    ("８卡Ｈ１００", "gpu.per_node", 8),
    ("H200 x 8", "gpu.model", "H200"),
    ("8 张 H20", "gpu.model", "H20"),
    ("L40S 48GB", "gpu.model", "L40S"),
    ("两台 A800", "nodes", 2),
    ("Each node has 8 x NVIDIA H800 SXM5 80GB GPUs", "gpu.per_node", 8),
    ("共 64 卡", "gpu.total", 64),
    ("每台 8 张 ConnectX-7 400Gb/s 网卡", "fabric.nics_per_node", 8),
    ("每台 8 张 ConnectX-7 400Gb/s 网卡", "fabric.rate_gbps", 400.0),
    ("one 100GbE NIC per server", "fabric.nics_per_node", 1),
    ("InfiniBand NDR 400G", "fabric.protocol", "infiniband"),
    ("RoCEv2 200G", "fabric.protocol", "roce-v2"),
    ("RoCE 200G", "fabric.protocol", "roce"),
    ("HDR", "fabric.rate_gbps", 200.0),
    ("万兆内网", "fabric.rate_gbps", 10.0),
    ("NVLink 900GB/s", "intra_node.bandwidth_gbytes", 900.0),
    ("NVLink 4.0 带宽 900GB/s", "intra_node.bandwidth_gbytes", 900.0),
    ("收敛比 3:1", "fabric.oversubscription", 3.0),
    ("端口共享", "fabric.dedicated", False),
    ("端口独享", "fabric.dedicated", True),
    ("不含光模块", "fabric.cabling", "excluded"),
    ("光模块由乙方提供", "fabric.cabling", "provider"),
    ("两层胖树", "fabric.topology", "fat-tree"),
    ("分配 32 个端口", "fabric.switch_ports", 32),
    ("8 nodes x 8 H100 SXM, 8x NDR400 per node", "fabric.nics_per_node", 8),
    ("8 nodes x 8 H100 SXM, 8x NDR400 per node", "fabric.rate_gbps", 400.0),
    ("8 GPUs per node", "gpu.per_node", 8),
    ("USD 60,000 per server per month", "commercial.unit_price",
     {"amount": 60000.0, "currency": "USD", "per": "node", "period": "month"}),
    ("￥9.6万/台/月", "commercial.unit_price", {"amount": 96000.0, "currency": "CNY", "per": "node", "period": "month"}),
    ("3.1.3 Ports: 128 host-facing NDR ports", "fabric.switch_ports", 128),
    ("2 x 8-GPU H100 SXM servers", "gpu.per_node", 8),
    ("eight H100 GPUs per node", "gpu.per_node", 8),
    ("InfiniBand NDR, one HCA per GPU", "fabric.nics_per_gpu", 1),
    ("每张 GPU 对应一张网卡", "fabric.nics_per_gpu", 1),
    ("Snapshots cover system and data disks.", "backup.scope", "all"),
    ("Support responds within 15 minutes.", "sla.support_response_minutes", 15.0),
    ("Fees are billed monthly.", "commercial.billing", "monthly"),
    ("Cluster: 32 x DGX H100 nodes (256 GPUs)", "nodes", 32),
    ("four (4) HGX H100 8-GPU servers", "nodes", 4),
    ("four (4) HGX H100 8-GPU servers", "gpu.per_node", 8),
    ("eight ConnectX-7 adapters per server", "fabric.nics_per_node", 8),
    ("16 台服务器部署在北京和上海两个数据中心", "fabric.multi_site", True),
    ("The 8 nodes are hosted in two data centers in Frankfurt and Paris.", "fabric.multi_site", True),
])
def test_phrases_read_their_facts(text: str, path: str, value: object) -> None:
    assert said(text).get(path) == value


@pytest.mark.parametrize("text,path", [
    ("会议时间 10:30 开始", "fabric.oversubscription"),
    ("请汇款至银行卡 6222", "gpu.per_node"),
    ("2 x 4 cartons of paper", "gpu.per_node"),
    ("工单号 IB-123", "fabric.protocol"),
    ("共享存储 100TB", "fabric.dedicated"),
    ("我们在北京、上海两地运营机房", "fabric.multi_site"),
    ("2 台交换机", "nodes"),
    ("2026 GPU服务器高性能网络选型", "gpu.total"),
    ("NVLink 900GB/s", "fabric.rate_gbps"),
])
def test_traps_are_not_facts(text: str, path: str) -> None:
    assert path not in said(text)


def test_hedge_and_option_qualify_their_sentence() -> None:
    normalized = unicodedata.normalize("NFKC", "4 台 H100。InfiniBand 400G 可选，价格以咨询为准。")
    statements = read(normalized, scan(normalized))
    hedged = {s.path for s in statements if s.hedged}
    assert "fabric.rate_gbps" in hedged and "nodes" not in hedged
    assert any(s.path == "fabric.optional" and s.value is True for s in statements)
    assert any(s.path == "commercial.price_hedged" for s in statements)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_scanning_never_raises(text: str) -> None:
    normalized = unicodedata.normalize("NFKC", text)
    for statement in read(normalized, scan(normalized)):
        assert all(0 <= a < b <= len(normalized) for a, b in statement.spans)
