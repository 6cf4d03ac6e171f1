"""CLM001/CLM002: claims read by slacheck.extract.claims, judged against the performance model."""

from slacheck.extract.claims import read_claims
from slacheck.normalize import normalize
from slacheck.rules.engine import check, load_rules, values_of

from conftest import DOCUMENT, findings_for, offering_of

RULES = [r for r in load_rules() if r.spec.family == "CLM"]



def fired(text: str) -> list[str]:
    return [f.rule for f in findings_for(text, RULES)]


def test_reader_units_and_exclusions():
    said = {(s.path, s.value) for s in read_claims(normalize(
        "机间实测带宽 400Gbps；吞吐达到 50GB/s；NVLink 实测带宽 900GB/s；公网带宽可达 10Gbps；"
        "Cluster bandwidth: 3.2 Tbps；95% scaling efficiency；可用性 99.9%；通信占比 5%").text)}
    assert said == {("claims.bandwidth_gbps", 400.0), ("claims.bandwidth_gbps", 3200.0), ("claims.bandwidth_per", "node"),
                    ("claims.efficiency_pct", 95.0), ("claims.comm_share_pct", 5.0)}


def test_reader_evidence_quotes_the_original_text():
    claim = offering_of("第一行\n可达到ＩＢ ９０％性能\n").claims.efficiency_pct
    assert claim is not None and claim.value == 90.0
    assert (claim.evidence[0].line, claim.evidence[0].text) == (2, "ＩＢ ９０％")


def test_clm001_100g_link_claimed_at_400g():
    text = "4 台 x 8 卡 H100 SXM5，每台 {n} 张 100G RoCE v2 网卡，机间实测带宽 400Gbps。"
    assert fired(text.format(n=1)) == ["CLM001"]
    assert values_of(offering_of(text.format(n=1)))["node_network_gbps"] == 100.0
    assert fired(text.format(n=8)) == []


def test_clm001_a_ports_claim_is_judged_against_one_port():
    text = "3 台 8 卡 H800，每台 8 张 400G IB 网卡。\n我们 IB {where}实测能跑到 90GB/s，放心用。\n"
    assert values_of(offering_of(text.format(where="单口")))["claim_network_limit_gbps"] == 400.0
    assert fired(text.format(where="单口")) == ["CLM001"]  # 720 Gb/s on one 400G port
    assert fired(text.format(where="")) == []  # 720 Gb/s of a node's eight ports
    (found,) = check(offering_of(text.format(where="单口")), RULES, language="en", document_evidence=DOCUMENT)
    assert "720 Gb/s/port" in found.message and "400 Gb/s/port" in found.message


def test_clm001_a_gpus_claim_is_judged_against_its_share_of_the_nodes_nics():
    text = "3 nodes of 8x H800, {nics}x 400G InfiniBand NICs per node.\nUp to 400 Gb/s of east-west bandwidth per GPU.\n"
    assert fired(text.format(nics=2)) == ["CLM001"]  # 800 Gb/s shared by eight GPUs
    assert fired(text.format(nics=8)) == []
    assert offering_of(text.format(nics=2)).claims.bandwidth_per.value == "gpu"


def test_a_gpus_figure_said_with_the_nodes_is_the_nodes_claim():
    said = read_claims(normalize("800 Gb/s per GPU, i.e. 6.4 Tb/s of inter-node bandwidth per node.").text)
    assert [(s.path, s.value) for s in said] == [("claims.bandwidth_gbps", 6400.0), ("claims.bandwidth_per", "node")]


def test_clm001_evidence_quotes_the_claim():
    (found,) = check(offering_of("4 台 x 8 卡 H100 SXM5，每台 1 张 100G RoCE v2 网卡，吞吐达到 50GB/s。"), RULES,
                     language="en", document_evidence=DOCUMENT)
    assert "400 Gb/s" in found.message and "吞吐达到 50GB/s" in [e.text for e in found.evidence]


def test_clm002_efficiency_over_plain_tcp():
    tcp = offering_of("4 nodes x 8 H100 SXM5. Internal network: 25 Gb/s Ethernet. Scaling efficiency 90%.\n")
    assert values_of(tcp)["model_max_efficiency_pct"] < 55  # TCP factor 0.55, and 25G shared by 8 GPUs
    assert fired("4 nodes x 8 H100 SXM5. Internal network: 25 Gb/s Ethernet. Scaling efficiency 90%.\n") \
        == ["CLM002"]
    assert fired("4 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡，可达到 IB 90% 性能。") == []


def test_clm002_comm_share_and_scaling_efficiency():
    setup = "8 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node, "
    values = values_of(offering_of(setup + "communication overhead 5%."))
    assert values["model_min_comm_share_pct"] == 9.4 and values["model_max_efficiency_pct"] == 90.6
    assert fired(setup + "communication overhead 5%.") == ["CLM002"]
    assert fired(setup + "communication overhead 12%.") == []
    assert fired(setup + "95% scaling efficiency.") == ["CLM002"]
    assert fired(setup + "scaling efficiency 90%.") == []


def test_claim_rules_are_quiet_without_claims():
    plain = offering_of("4 台 x 8 卡 H100 SXM5，每台 1 张 100G 网卡。")
    assert check(plain, RULES, language="zh", document_evidence=DOCUMENT) == []


def test_clm001_busbw_figure_beyond_any_algorithm():
    roce = "4 nodes x 8 H100 SXM5, 8 x 400G RoCE v2 NICs per node. Measured all_reduce busbw {} GB/s."
    (found,) = findings_for(roce.format(900), RULES, language="en")
    assert found.rule == "CLM001" and "all_reduce 900 GB/s busbw" in found.message
    assert "at most 700 GB/s busbw" in found.message  # NVLS on one H100 node bounds any algorithm
    assert fired(roce.format(480)) == []  # tree/NVLS may pass the 400 GB/s of the NICs
    one_nic = "2 nodes x 8 H100 SXM5, 1 x 100G RoCE v2 NIC per node. Acceptance: nccl-tests busbw 45 GB/s."
    (found,) = findings_for(one_nic, RULES, language="en")
    assert "at most 23.4 GB/s busbw" in found.message  # 12.5 GB/s x 2(n-1)/n
    assert fired(one_nic.replace("45 GB/s", "20 GB/s")) == []


def test_clm003_acceptance_target_across_sites():
    text = ("32 台 x 8 卡 H100 SXM5，每台 8 张 400G RoCE v2 网卡。其中 16 台部署于新加坡数据中心，16 台部署于洛杉矶"
            "数据中心，两地之间通过 DCI 专线互联。验收：nccl-tests all_reduce_perf 跨全部节点总线带宽不低于 300 GB/s。")
    (found,) = findings_for(text, RULES)
    assert found.rule == "CLM003" and "2400 Gb/s" in found.message and "两地" in [e.text for e in found.evidence]
    assert fired(text.replace("其中 16 台部署于新加坡数据中心，16 台部署于洛杉矶数据中心，两地之间通过 DCI 专线互联。", "")) == []


def test_clm001_single_machine_target_is_judged_on_one_machine():
    text = ("6 台 x 8 卡 H100 SXM5，NVSwitch 全互联，每台 1 张 100G 以太网卡。"
            "乙方在其中一台服务器上运行 nccl-tests（all_reduce_perf），8 卡总线带宽不低于 {} GB/s 即视为验收通过。")
    assert fired(text.format(350)) == []  # NVLink inside one server, not the 100G NIC
    assert fired(text.format(900)) == ["CLM001"]


def test_clm001_reads_an_unstated_nic_count_generously():
    text = "16 nodes x 8 H100 SXM5, 400G RoCE v2 NICs. Acceptance: nccl-tests all_reduce busbw >= {} GB/s."
    assert values_of(offering_of(text.format(300)))["model_max_busbw_gbytes"] == 700.0  # one NIC per GPU assumed
    assert fired(text.format(300)) == []
    assert fired(text.format(720)) == ["CLM001"]


def test_a_measured_busbw_or_algbw_is_a_claim_not_a_threshold():
    offering = offering_of("2 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node. "
                           "In our lab we measured an all_gather algbw of 300 GB/s across both nodes.")
    claim = offering.claims.collective
    assert claim is not None and offering.acceptance.threshold_gbytes is None
    assert (claim.value.gbytes, claim.value.measure, claim.value.collective, claim.value.scope) == (
        300.0, "algbw", "all_gather", "cluster")
    required = offering_of("2 nodes x 8 H100 SXM5. Acceptance: all_reduce busbw must reach at least 300 GB/s.")
    assert required.claims.collective is None and required.acceptance.threshold_gbytes is not None


def test_clm001_algbw_is_judged_as_the_busbw_it_implies():
    setup = "2 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node. "
    (found,) = findings_for(setup + "Measured all_reduce algbw across both nodes: 450 GB/s.", RULES, language="en")
    assert found.rule == "CLM001" and "(= 843.75 GB/s busbw, 16 GPU)" in found.message  # 450 x 2(16-1)/16
    assert fired(setup + "Measured all_reduce algbw across both nodes: 300 GB/s.") == []
    assert fired(setup + "Measured all_reduce algbw across both nodes: 3600 Gb/s.") == ["CLM001"]  # = 450 GB/s
    assert fired(setup + "实测双机 all_gather 算法带宽 450 GB/s。") == ["CLM001"]  # 421.9 busbw > 400 of the NICs
    assert fired(setup + "实测双机 all_gather 总线带宽 380 GB/s。") == []


def test_a_single_node_figure_is_judged_on_one_node():
    setup = "4 nodes x 8 H100 SXM5, 1 x 100G RoCE v2 NIC per node. "
    assert fired(setup + "单机 8 卡实测 all_reduce 总线带宽 480 GB/s。") == []  # NVLink inside one node
    assert fired(setup + "Measured across all nodes: all_reduce busbw 480 GB/s.") == ["CLM001"]
    assert fired(setup + "单机实测 all_reduce 总线带宽 800 GB/s。") == ["CLM001"]


def test_a_share_of_infiniband_is_a_claim_and_no_infiniband_offer():
    setup = "2 nodes x 8 H100 SXM5, 2 x 100G RoCE v2 NICs per node. "
    for claim in ("Our fabric reaches 95% of InfiniBand NDR 400G performance.",
                  "Training runs within 5% of an InfiniBand 400G cluster.",
                  "网络性能可达 IB 400G 的 95%。"):
        offering = offering_of(setup + claim)
        assert offering.fabric.protocol is not None and offering.fabric.protocol.value == "roce-v2"
        assert offering.fabric.rate_gbps is not None and offering.fabric.rate_gbps.value == 100.0
        assert offering.claims.efficiency_pct is not None and offering.claims.efficiency_pct.value == 95.0
        assert fired(setup + claim) == ["CLM002"]


def test_clm003_a_cluster_split_between_named_cities():
    text = ("8 nodes x 8 H100 SXM5, 4 nodes in Singapore and 4 nodes in Los Angeles, 8 x 400G InfiniBand NICs "
            "per node. Acceptance: nccl-tests all_reduce across all 8 nodes, busbw >= 300 GB/s.")
    assert "CLM003" in fired(text)
    assert "CLM003" not in fired(text.replace("Singapore and 4 nodes in Los Angeles", "Singapore"))
