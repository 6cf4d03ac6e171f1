"""Reading by structure: subjects, tables, options, quoted e-mail text, commands, and what could not be judged."""

from pathlib import Path

import pytest

from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.extract.structure import cell_spans, option_key, provider_names, row_cells
from slacheck.offering import assemble, assemble_options
from slacheck.pipeline import Options, check_file
from slacheck.rules.engine import load_rules

from conftest import findings_for


def offering_of(text: str, fmt: str = "text"):
    return assemble(extract(document_from_text(text, format=fmt)).statements)


def value(text: str, path: str, fmt: str = "text"):
    fact = offering_of(text, fmt).fact(path)
    return None if fact is None else fact.value


def test_a_storage_network_line_states_nothing_about_the_fabric() -> None:
    text = ("计算网络：每台 8 张 400G InfiniBand 网卡，端口独享。\n"
            "存储网络：每台 2 × 25GbE，接入共享 NAS。\n")
    assert value(text, "fabric.dedicated") is True
    assert value(text, "fabric.rate_gbps") == 400.0


def test_a_heading_carries_its_subject_to_the_lines_below() -> None:
    text = ("## Management network\n\nOne shared 1 GbE switch, oversubscribed 4:1.\n\n"
            "## Compute fabric\n\nEight 400G InfiniBand HCAs per node, non-blocking.\n")
    assert value(text, "fabric.dedicated", "markdown") is True
    assert value(text, "fabric.oversubscription", "markdown") == 1.0


def test_a_tab_table_row_gives_its_item_a_subject() -> None:
    text = ("序号\t项目\t规格\t数量\n"
            "1\t存储网卡\t2×100GbE，共享\t1\n"
            "2\t计算网卡\tConnectX-7 400Gb/s InfiniBand\t8\n")
    assert value(text, "fabric.rate_gbps") == 400.0
    assert value(text, "fabric.dedicated") is None


def test_space_aligned_rows_with_wrapped_cells_join_their_row() -> None:
    document = document_from_text(
        "Item            Spec                        Qty\n"
        "GPU server      8 x H100 SXM5 80GB,         4 nodes\n"
        "                NVSwitch 900 GB/s\n"
        "Internet port   1 Gbps                      1\n")
    rows = [p.text for p in document.passages if p.kind == "table-row"]
    assert rows[1] == "GPU server | 8 x H100 SXM5 80GB, NVSwitch 900 GB/s | 4 nodes"


def test_a_tab_table_wraps_cells_at_its_tab_stops() -> None:
    document = document_from_text(
        "项目\t规格\t价格\n"
        "GPU\t8x H100 SXM\t$2/h\n"
        "\tNVLink 900 GB/s\n"
        " 备注：价格含税\n")
    passages = [(p.kind, p.text) for p in document.passages]
    assert passages[1] == ("table-row", "GPU | 8x H100 SXM NVLink 900 GB/s | $2/h")
    # indented by one space, the note sits under the first column (tabs stop every 8): not a wrapped cell
    assert passages[2] == ("text", "备注：价格含税")
    row = document.passages[1]
    start = row.text.index("SXM")
    assert row.sources(start, len(row.text)) == [(1, 12, 15), (2, 1, 16), (1, 16, 20)]


def test_the_vendors_self_description_is_not_the_offer() -> None:
    intro = "本公司在广州、成都两地共有 5 个机房，已部署 3000 张 GPU 卡。\n"
    assert value(intro, "fabric.multi_site") is True  # the same words, outside the vendor's self-description
    text = "# 公司简介\n\n" + intro + "\n# 报价\n\n4 台 8 卡 H100 SXM。\n"
    assert value(text, "fabric.multi_site", "markdown") is None
    assert value(text, "nodes", "markdown") == 4


def test_an_environment_variable_is_not_a_fabric() -> None:
    text = "Training jobs may set NCCL_IB_HCA=mlx5_0 and NCCL_IB_DISABLE=0.\nInterconnect: 25 GbE (TCP).\n"
    assert value(text, "fabric.protocol") == "ethernet-tcp"


def test_a_quoted_question_in_an_email_is_not_an_offer() -> None:
    text = ("From: sales@vendor.example\nTo: buyer@example.com\nSubject: RE: quote\n\n"
            "Our answer: two servers, RoCE v2 over 2 x 100G per node.\n"
            "> Could you offer InfiniBand NDR 400G x 8 per node instead?\n")
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.rate_gbps") == 100.0


def test_two_options_are_two_offerings_and_the_top_holds_what_they_share() -> None:
    text = ("# Offer\n\n4 nodes x 8 H100 SXM5.\n\n## Option A: InfiniBand\n\n8 x 400G InfiniBand HCAs per node.\n\n"
            "## Option B: RoCE\n\n8 x 200G RoCE v2 NICs per node.\n")
    top, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert [o.name for o in options] == ["Option A", "Option B"]
    assert [o.offering.fact("fabric.protocol").value for o in options] == ["infiniband", "roce-v2"]
    assert top.fact("fabric.protocol") is None
    assert top.fact("nodes").value == 4
    assert top.fact("fabric.nics_per_node").value == 8


@pytest.mark.parametrize("tuned_by_customer", ["由客户自行配置，供应商只提供只读账号",
                                               "供应商交付配置基线文档，PFC/ECN 由客户运维团队自行调优"])
def test_each_option_s_cell_says_who_does_the_duty_its_row_names(tuned_by_customer: str) -> None:
    text = ("| 项目 | 方案A | 方案B | 方案C |\n|---|---|---|---|\n"
            "| GPU | 4 台 8 × H100 SXM5 | 4 台 8 × H100 SXM5 | 4 台 8 × H100 SXM5 |\n"
            "| 计算网络 | RoCE v2 400G | RoCE v2 400G | InfiniBand NDR |\n"
            f"| PFC/ECN 配置 | 供应商负责 | {tuned_by_customer} | 不适用 |\n"
            "| Congestion triage | provider NOC | customer | provider NOC |\n")
    _, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    owners = {o.name: (o.offering.fact("tuning.owner"), o.offering.fact("tuning.troubleshooting")) for o in options}
    assert {name: tuple(f.value if f else None for f in facts) for name, facts in owners.items()} == {
        "方案A": ("provider", "provider"), "方案B": ("customer", "customer"), "方案C": (None, "provider")}


def test_findings_name_the_option_they_are_about(tmp_path: Path) -> None:
    path = tmp_path / "two.md"
    path.write_text("# Offer\n\n4 nodes x 8 H100 SXM5.\n\n## Option A\n\nInfiniBand NDR, 8 HCAs per node, provider "
                    "supplies cables and optics.\n\n## Option B\n\nRoCE v2 200G, 8 NICs per node, provider supplies "
                    "cables and optics.\n", encoding="utf-8")
    report = check_file(path, Options(select=("OPS001",)))
    assert [(f.rule, f.option) for f in report.findings] == [("OPS001", "Option B")]
    assert report.findings[0].message.startswith("[Option B]")


def test_a_missing_node_count_is_said_aloud(tmp_path: Path) -> None:
    path = tmp_path / "vague.txt"
    path.write_text("H100 SXM servers with 8 GPUs each and a RoCE v2 network.\n", encoding="utf-8")
    report = check_file(path, Options())
    gaps = {gap.fact: gap for gap in report.unjudged}
    assert "nodes" in gaps and "NET001" in gaps["nodes"].rules
    assert gaps["nodes"].message.startswith("Could not find how many GPU servers")
    path.write_text("4 台 8 卡 H100 SXM 服务器，RoCE v2 网络。\n", encoding="utf-8")
    report = check_file(path, Options())
    assert "nodes" not in {gap.fact for gap in report.unjudged}
    assert all("未能找到" in gap.message for gap in report.unjudged)


def test_spelled_out_counts_and_terms() -> None:
    assert value("The cluster has five nodes, each with eight (8) H100 SXM GPUs.\n", "nodes") == 5
    assert value("The initial term is twelve (12) months.\n", "commercial.term_months") == 12.0
    assert value("租期：十二个月。\n", "commercial.term_months") == 12.0


def test_a_dotted_leader_joins_a_label_to_its_value() -> None:
    assert value("Term ..................... Twenty-four (24) months\n", "commercial.term_months") == 24.0


def test_a_rows_first_cell_speaks_for_its_value_cell() -> None:
    text = "| 条目 | 约定 |\n|---|---|\n| 可用性 | 99.95%，不达标时按差额减免当月租金 |\n"
    assert value(text, "sla.availability_pct", "markdown") == 99.95
    assert value(text, "sla.credits", "markdown") is True


def test_cards_counted_after_their_name_and_in_a_nic_row() -> None:
    assert value("训练网络适配器：BlueField-3 200G × 4 张\n", "fabric.nics_per_node") == 4
    assert value("| 训练网络 | 适配卡 | ConnectX-6 Dx 100GbE | 2张/台 |\n", "fabric.nics_per_node", "markdown") == 2
    assert value("单台服务器装 4 张 HDR 网卡，六台服务器总计 24 张。\n", "fabric.nics_total") == 24


def test_ports_written_with_kou_and_switch_ports() -> None:
    assert value("交换机 QM9700，为本项目分配 32口。\n", "fabric.switch_ports") == 32
    assert value("Four (4) switch ports are allotted to the nodes.\n", "fabric.switch_ports") == 4


def test_a_multi_node_test_is_read_from_a_node_count_and_a_single_machine_wins_in_its_clause() -> None:
    assert value("交付测试在 6 机 48 卡上跑 nccl-tests，合格线 200 GB/s。\n", "acceptance.multi_node") is True
    text = "到期前对所有 6 台机器做一次检查。检查时 nccl-tests 只在单机内跑，结果达到 100GB/s 即可。\n"
    assert value(text, "acceptance.multi_node") is False


def test_reserved_means_expansion_only_when_it_sets_capacity_aside_for_growth() -> None:
    assert value("We reserve rack space for a future expansion of this cluster.\n", "fabric.expansion") == "vague"
    assert value("Power: 6 kW reserved per node.\n", "fabric.expansion") is None
    assert value("The customer has reserved the cluster for a term of 12 months.\n", "fabric.expansion") is None
    assert value("本方案已预留 IB 扩展能力。\n", "fabric.expansion") == "vague"


def test_a_short_name_defined_for_the_vendor_names_the_provider() -> None:
    text = ('This schedule is between Northgate Compute Ltd. ("Northgate") and Example Labs Inc. ("Customer").\n'
            "Northgate sets PFC and ECN on every switch of the compute network.\n")
    assert value(text, "tuning.owner") == "provider"


def test_short_names_are_defined_in_either_kind_of_bracket() -> None:
    text = ('乙方：北辰算力科技有限公司（以下简称“北辰”）\n'
            'Northgate Compute Ltd. ("Northgate") and Example Labs Inc. ("Customer").\n')
    assert provider_names(document_from_text(text)) == ("北辰", "Northgate")
    assert provider_names(document_from_text(text.replace("（", "").replace("(", ""))) == ()


def test_a_short_name_defined_across_a_line_break_is_found() -> None:
    text = ("This exhibit forms part of the agreement between Harrow Peak Systems, Inc.\n"
            '("Harrow") and the customer named in the order.\n')
    assert provider_names(document_from_text(text)) == ("Harrow",)


def test_only_the_start_of_a_long_top_line_can_be_a_letterhead() -> None:
    words = "spare parts and cabling as listed " * 8
    head = "NORTHWIND GRID COMPUTE LTD - QUOTATION"
    assert provider_names(document_from_text(f"{head} {words}\n")) == ("NORTHWIND GRID COMPUTE", "NORTHWIND GRID",
                                                                        "NORTHWIND")
    assert provider_names(document_from_text(f"{words}{head}\n")) == ()


def test_configuring_the_fabric_names_who_tunes_it() -> None:
    assert value("The Provider shall configure and operate the compute fabric.\n", "tuning.owner") == "provider"


def test_a_column_header_says_what_the_times_under_it_are() -> None:
    text = "| Priority | Meaning | Response time |\n|---|---|---|\n| P1 | whole cluster down | 20 minutes |\n"
    assert value(text, "sla.support_response_minutes", "markdown") == 20.0
    assert value(text.replace("Response time", "Notes"), "sla.support_response_minutes", "markdown") is None


def test_a_times_sign_before_the_model_counts_cards() -> None:
    assert value("整机配置：8×A800 SXM4 80GB，2 台", "gpu.per_node") == 8
    assert value("整机配置：8×A800 SXM4 80GB，2 台", "gpu.model") == "A800"


def test_a_consumer_card_named_by_its_number_alone() -> None:
    assert value("每台 GPU 3090 24G x4", "gpu.model") == "RTX 3090"
    assert value("每台 GPU 3090 24G x4", "gpu.per_node") == 4
    assert value("月租 3090 元，另付押金", "gpu.model") is None


def test_a_fabric_with_its_rate_then_a_count_counts_nics() -> None:
    assert value("组网：RoCE v2 100G x4/节点", "fabric.nics_per_node") == 4
    assert value("Cluster: InfiniBand HDR 200G x 6 台", "fabric.nics_per_node") is None


def test_a_question_offers_nothing() -> None:
    chat = "客户 10:01\n计算网络是独享的吗\n\n销售 10:02\n不是，共享 25G 以太网\n"
    assert value(chat, "fabric.dedicated") is False
    assert value("Is the InfiniBand fabric dedicated? We run 100G Ethernet.", "fabric.protocol") == "ethernet-tcp"


def test_a_fabric_the_offer_lacks_is_not_its_fabric() -> None:
    assert value("这款机型不配 RDMA 网卡，机间走 25G 以太网", "fabric.protocol") == "ethernet-tcp"


def test_a_surname_before_a_title_is_not_a_card_count() -> None:
    assert value("导出于 2025-03-16\n张工 与 客服 的对话记录", "gpu.total") is None


def test_a_long_label_starts_its_own_line_and_a_short_numbered_title_stands_alone() -> None:
    document = document_from_text("Local storage: 2 x 7.68T NVMe\nInter-node network card: 200G RoCE x 4\n"
                                  "3. Quantity\nFour (4) units in one rack\n")
    texts = [p.text for p in document.passages]
    assert texts == ["Local storage: 2 x 7.68T NVMe", "Inter-node network card: 200G RoCE x 4", "3. Quantity",
                     "Four (4) units in one rack"]


def test_pieces_and_units_count_cards_and_servers() -> None:
    text = "Six (6) units, total 48pcs GPU card and 12pcs 200G network card."
    assert value(text, "nodes") == 6
    assert value(text, "gpu.total") == 48
    assert value(text, "fabric.nics_total") == 12


def test_a_fabric_that_cannot_be_had_now_is_not_offered() -> None:
    text = "机间是 25G 以太网。RoCE 的机器要下季度才有，现在给不了。"
    assert value(text, "fabric.protocol") == "ethernet-tcp"
    assert value("能上 RoCE 不", "fabric.protocol") is None


def test_a_disk_size_is_not_a_link_rate() -> None:
    assert value("系统盘 2*480G SSD，数据盘 2*3.84T NVMe", "fabric.rate_gbps") is None
    assert value("系统盘 2*480G SSD，数据盘 2*3.84T NVMe", "fabric.nics_per_node") is None


def test_label_colon_count_gives_the_node_count() -> None:
    assert value("节点数：３", "nodes") == 3
    assert value("Number of nodes: 6", "nodes") == 6


def test_gpu_servers_count_servers_and_hyphenated_gpus_count_cards() -> None:
    assert value("The provider supplies three (3) GPU servers.", "nodes") == 3
    assert value("3 x 8-GPU servers", "nodes") == 3
    assert value("3 x 8-GPU servers", "gpu.per_node") == 8


def test_a_part_number_is_not_a_count() -> None:
    text = "Network: two (2) 100 GbE QSFP28 ports per server (training network)"
    assert value(text, "fabric.nics_per_node") == 2
    assert value(text, "fabric.rate_gbps") == 100.0
    assert value("Chassis: Inspur NF5688M7 G8600", "nodes") is None


def test_huawei_style_ethernet_rates_with_a_count_per_node() -> None:
    text = "计算网络：100GE × 2/台"
    assert value(text, "fabric.rate_gbps") == 100.0
    assert value(text, "fabric.nics_per_node") == 2
    assert value(text, "fabric.protocol") == "ethernet-tcp"


def test_gpu_memory_said_apart_from_the_model() -> None:
    assert value("GPUs: four (4) L40S, 48 GB GDDR6 each", "gpu.memory_gb") == 48
    assert value("显存：80GB", "gpu.memory_gb") == 80
    assert value("内存：1024GB", "gpu.memory_gb") is None
    # right after the form factor, also times the count of cards
    assert value("GPU服务器：HGX H800 8-GPU，SXM5 80GB×8，4 台", "gpu.memory_gb") == 80
    assert value("Accelerators: eight A100 cards, SXM4 40GB each", "gpu.memory_gb") == 40
    assert value("GPU服务器：HGX H800 8-GPU，SXM5，系统盘 960GB", "gpu.memory_gb") is None


def test_a_column_named_for_gpu_memory_says_what_the_sizes_under_it_are() -> None:
    spec = "| Item | Model | GPU memory | System memory |\n|---|---|---|---|\n| Server | 8x L40S | 48 GB | 512 GB |\n"
    assert value(spec, "gpu.memory_gb", "markdown") == 48
    assert value(spec.replace("GPU memory", "Notes"), "gpu.memory_gb", "markdown") is None
    instances = ("| 实例 | GPU | 单卡显存 | 内存 |\n|---|---|---|---|\n| g.small | NVIDIA A100 | 40 GB | 256 GB |\n"
                 "| **g.large** | **NVIDIA H100 SXM** | **80 GB** | 1024 GB |\n")
    assert value(instances, "gpu.memory_gb", "markdown") == 80  # the row set in bold is the one ordered
    assert value(instances.replace("单卡显存", "备注"), "gpu.memory_gb", "markdown") is None


def test_a_table_row_about_nvlink_gives_the_figure_in_its_next_sentence() -> None:
    rows = ("| Part | Specification |\n|---|---|\n"
            "| GPU links | NVLink through NVSwitch chips; 900 GB/s per GPU, both directions |\n"
            "| Storage | Shared file system; 20 GB/s per node |\n")
    assert value(rows, "intra_node.bandwidth_gbytes", "markdown") == 900.0
    assert value(rows.replace("NVLink through NVSwitch chips", "PCIe switches"), "intra_node.bandwidth_gbytes",
                 "markdown") is None


def test_who_supplies_the_optics_may_be_said_elsewhere_in_their_row_or_sentence() -> None:
    row = "| 网络 | 部件 | 规格 | 说明 |\n|---|---|---|---|\n| 计算网 | 光模块/AOC | 400G OSFP | 乙方提供 |\n"
    assert value(row, "fabric.cabling", "markdown") == "provider"
    assert value("Optics: 400G SR8 transceivers and MPO trunks, supplied by the Provider.", "fabric.cabling") \
        == "provider"
    both = "Optics: 400G SR8 transceivers, bought by the Customer and fitted by the Provider."
    assert value(both, "fabric.cabling") is None  # two parties, and the clause of the optics names neither


def test_service_credits_are_named_so_in_a_heading_over_their_tiers() -> None:
    text = "3.2 Service credits.\n\n    Availability below 99.5% ..... 5% of the monthly fee\n"
    assert value(text, "sla.credits") is True
    assert value("No service credits apply to the trial.", "sla.credits") is False


def test_running_the_subnet_manager_is_configuring_the_fabric() -> None:
    assert value("乙方负责计算网络的子网管理。", "tuning.owner") == "provider"
    assert value("The Customer operates its own subnet manager.", "tuning.owner") == "customer"


def test_power_is_read_in_kilowatts_from_kilowatts_or_megawatts() -> None:
    assert value("Power: 41 kW per rack.", "commercial.power_kw") == 41.0
    assert value("Capacity: the Provider confirms 1.2 MW of critical IT load for the cluster.",
                 "commercial.power_kw") == 1200.0
    assert value("园区供电：2 兆瓦。", "commercial.power_kw") == 2000.0
    assert value("Electricity is billed at USD 0.12 per kWh.", "commercial.power_kw") is None  # energy, not power


def test_fees_refunded_for_missed_availability_are_credits_and_a_deposit_returned_is_not() -> None:
    assert value("可用性：99.9%，未达标按不可用时长比例退还当月服务费。", "sla.credits") is True
    assert value("可用性：99.9%。押金 10 万元，合同期满后无息退还。", "sla.credits") is None


def test_a_kind_of_server_between_count_and_unit() -> None:
    assert value("Quantity: three (3) bare-metal servers", "nodes") == 3


def test_the_letterhead_company_is_the_provider() -> None:
    text = ("NORTHWIND GRID COMPUTE LTD - QUOTATION\n\nCustomer: Example Labs Inc.\n\n"
            "Northwind Grid configures PFC and ECN on the leaf switches.\n")
    assert value(text, "tuning.owner") == "provider"


def test_a_parenthetical_list_does_not_cut_a_clause() -> None:
    text = "The vendor swaps failed parts (GPU, NIC, fan, PSU) within six (6) hours of a ticket."
    assert value(text, "sla.failover_minutes") == 360.0


def test_pcie_between_the_gpus_is_the_intra_node_link() -> None:
    text = "GPU：8 × L40S 48GB（PCIe 插卡，卡间走 PCIe，无 NVLink）"
    assert value(text, "gpu.variant") == "PCIe"
    assert value(text, "intra_node.link") == "pcie"


def test_terms_in_years_and_after_a_run_in_heading() -> None:
    assert value("服务期：两年，按季度结算", "commercial.term_months") == 24.0
    assert value("Term: three (3) years", "commercial.term_months") == 36.0
    assert value("7.2 Term. Eighteen (18) months from hand-over.", "commercial.term_months") == 18.0
    assert value("a nine-month term, invoiced monthly", "commercial.term_months") == 9.0
    assert value("2025年签约", "commercial.term_months") is None


def test_billing_said_as_payment_and_subscription() -> None:
    assert value("Payment quarterly in advance.", "commercial.billing") == "quarterly"
    assert value("计费：包年", "commercial.billing") == "annual"


def test_a_trial_on_one_machine_is_not_a_trial_of_the_cluster() -> None:
    assert value("下单前可试用 3 天（单台）。", "acceptance.trial") is False
    assert value("正式计费前在全部节点上试运行七日。", "acceptance.trial") is True


def test_which_text_prevails_is_not_a_price_hedge() -> None:
    assert value("报价以本合同为准。", "commercial.price_hedged") is None
    assert value("单价以实际报价为准。", "commercial.price_hedged") is True
    assert value("中英文本如有不一致，以中文为准。月租金 8 万元。", "commercial.price_hedged") is None
    assert value("报价以英文版本为准。", "commercial.price_hedged") is None


def test_a_heading_mark_carries_its_subject() -> None:
    text = "■ 训练网络\n· 每台 8 × 400G IB\n\n■ 存储网络\n· 每台 2 × 100GbE，与其他租户共享\n"
    assert value(text, "fabric.rate_gbps") == 400.0
    assert value(text, "fabric.dedicated") is None
    assert value("· 每台 2 × 100GbE，与其他租户共享\n", "fabric.dedicated") is False  # the same line, no heading


def test_restoring_service_by_substitution_is_a_replacement_time() -> None:
    text = "The vendor restores service within six (6) hours, by repair or by substituting a spare server."
    assert value(text, "sla.failover_minutes") == 360.0


def test_a_fabric_dedicated_to_the_customer_isolates_it() -> None:
    assert value("A 200 Gb/s RoCE network dedicated to Customer.", "fabric.isolation") is True


def test_a_count_in_its_own_cell_with_its_unit_beside_it() -> None:
    text = ("序号\t项目\t规格\t数量\t单位\n"
            "1\tGPU服务器\tH100 SXM5 80GB 八卡\t3\t台\n"
            "2\t计算网卡\tConnectX-7 400Gb/s InfiniBand\t8\t张/台\n"
            "3\t存储网卡\t2×100GbE\t1\t张/台\n")
    assert value(text, "nodes") == 3
    assert value(text, "fabric.nics_per_node") == 8


def test_a_count_under_a_quantity_column() -> None:
    text = ("| Item | Description | Qty | Monthly |\n|---|---|---|---|\n"
            "| GPU server \"G-4\" | 8 x H200 141GB | 2 | 9,000.00 |\n")
    assert value(text, "nodes", "markdown") == 2


def test_a_chinese_total_after_a_comma_is_its_own_count() -> None:
    text = "每节点配置 4 张 ConnectX-7 HCA，合计 16 张。"
    assert value(text, "fabric.nics_per_node") == 4
    assert value(text, "fabric.nics_total") == 16


def test_a_full_nvlink_mesh_said_of_bridged_pcie_cards() -> None:
    text = "GPU: 8 x A40 PCIe with NVLink bridges, forming a full NVLink mesh across the eight GPUs."
    assert value(text, "intra_node.full_mesh") is True


def test_a_pipe_table_printed_to_pdf_is_read_as_a_table(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    from slacheck.documents import load_document
    lines = ["| Item | Spec | Qty |", "|---|---|---|", "| GPU server | 8 x H100 SXM5 80GB, NVSwitch, 8 x 400G",
             "InfiniBand per node | 4 |", "| Storage NIC | 2 x 100GbE, shared | 1 |"]
    path = tmp_path / "piped.pdf"
    pdf = canvas.Canvas(str(path))
    for k, line in enumerate(lines):
        pdf.drawString(50, 780 - 15 * k, line)
    pdf.save()
    rows = [p.text for p in load_document(path).passages if p.kind == "table-row"]
    assert rows[1] == "GPU server | 8 x H100 SXM5 80GB, NVSwitch, 8 x 400G InfiniBand per node | 4"
    assert rows[2] == "Storage NIC | 2 x 100GbE, shared | 1"


def test_a_count_of_servers_before_their_gpu_count() -> None:
    text = "Three 8-GPU H100 nodes are free from next week."
    assert value(text, "nodes") == 3
    assert value(text, "gpu.per_node") == 8


def test_headroom_to_scale_later_is_a_vague_expansion_promise() -> None:
    assert value("We will hold some headroom so you can scale up later.", "fabric.expansion") == "vague"


def test_servers_split_between_two_facilities() -> None:
    text = ("Four (4) servers sit in the AMS1 facility and four (4) servers in AMS2. "
            "The two facilities are joined by a metro link.")
    assert value(text, "fabric.multi_site") is True
    assert value("Our company runs two facilities in Europe.", "fabric.multi_site") is None


def test_a_responsibility_table_names_who_tunes_and_who_diagnoses() -> None:
    text = ("| Task | Provider | Customer |\n|---|---|---|\n"
            "| PFC and ECN configuration at hand-over | Responsible | Informed |\n"
            "| PFC and ECN changes afterwards | Consulted | Responsible |\n"
            "| Diagnosis of congestion and packet loss | R | C |\n")
    assert value(text, "tuning.owner", "markdown") == "shared"
    assert value(text, "tuning.troubleshooting", "markdown") == "provider"


def test_a_reply_time_is_a_response_time() -> None:
    assert value("Our engineers reply within 2 hours, 24x7.", "sla.support_response_minutes") == 120.0


def test_a_run_in_bold_heading_gives_its_paragraph_a_subject() -> None:
    text = ("3.1 **Compute fabric.** Eight 400G InfiniBand HCAs per node, non-blocking.\n\n"
            "3.2 **Storage network.** Two 100GbE ports per node; its uplinks are oversubscribed at 4:1.\n")
    assert value(text, "fabric.oversubscription", "markdown") == 1.0
    assert value(text, "fabric.dedicated", "markdown") is True


def test_a_disks_pcie_interface_is_not_the_gpu_link() -> None:
    text = "每台：8 × H100 80GB；数据盘 4 × 7.68TB NVMe SSD（PCIe 5.0）"
    assert value(text, "intra_node.link") is None
    assert value(text, "gpu.variant") is None


def test_a_lead_in_ending_in_a_colon_says_where_the_listed_tests_run() -> None:
    text = ("5.1 Before hand-over the vendor runs on each node individually:\n"
            "  (a) a burn-in of 24 hours;\n"
            "  (b) nccl-tests all_reduce_perf over the eight GPUs of the node.\n")
    assert value(text, "acceptance.multi_node") is False
    across = text.replace("on each node individually", "across all nodes")
    assert value(across, "acceptance.multi_node") is True


# --- servers placed in named cities ---------------------------------------------------------------

def test_two_named_cities_with_servers_make_a_multi_site_cluster_and_their_counts_add_up():
    zh = offering_of("8 卡 H100 SXM5 服务器：东京 3 台 + 香港 3 台，每台 8 张 400G IB 网卡。\n")
    assert (zh.nodes.value, zh.fabric.multi_site.value) == (6, True)
    en = offering_of("Sixteen H100 servers in total, with 8 servers in Frankfurt and 8 servers in London.\n")
    assert (en.nodes.value, en.fabric.multi_site.value) == (16, True)
    assert [e.text for e in en.fabric.multi_site.evidence] == ["8 servers in Frankfurt and 8 servers in London"]


def test_places_offered_as_a_choice_or_without_servers_are_not_a_split():
    assert offering_of("You may host the 4 nodes in Tokyo or Seoul.\n").fabric.multi_site is None
    assert offering_of("Offices in Beijing and Shanghai. Offer: 4 台 H100 服务器。\n").fabric.multi_site is None
    single = offering_of("Hosted in Singapore: 4 nodes of 8 H100 SXM5.\n")
    assert single.fabric.multi_site is None and single.nodes.value == 4


# --- acceptance that tests the GPUs alone ---------------------------------------------------------

def test_acceptance_by_compute_tests_only_has_no_communication_test():
    from slacheck.rules.engine import load_rules

    from conftest import findings_for

    ops = [r for r in load_rules() if r.spec.id in ("OPS003", "OPS005")]
    burn = "3 nodes x 8 H100 SXM5, RoCE v2. Acceptance: a 2-hour HPL run and a burn-in on every node.\n"
    offering = offering_of(burn)
    assert (offering.acceptance.test.value, offering.acceptance.compute_only.value) == ("HPL", True)
    assert sorted(f.rule for f in findings_for(burn, ops)) == ["OPS003", "OPS005"]
    both = "3 台 H100 SXM5 服务器。验收：乙方进行烤机测试，并在全部节点上运行 nccl-tests，busbw 不低于 100 GB/s。\n"
    offering = offering_of(both)
    assert offering.acceptance.compute_only.value is False and offering.acceptance.test.value == "nccl-tests"
    assert findings_for(both, ops) == []


# --- amendments and "no longer" -------------------------------------------------------------------

def test_an_amendment_offers_the_new_value_not_the_one_it_replaces():
    zh = offering_of("6 台 A800 服务器。变更条款：服务可用性由 99.95% 下调为 99.8%，故障响应由 15 分钟调整为 1 小时。\n")
    assert (zh.sla.availability_pct.value, zh.sla.support_response_minutes.value) == (99.8, 60.0)
    en = offering_of("Under this amendment the cluster is reduced from 16 nodes to 12 nodes of 8 H200 each.\n")
    assert en.nodes.value == 12
    ranged = offering_of("Acceptance: all_reduce busbw of at least 300 GB/s from 1 GiB to 8 GiB. 4 nodes of 8 H100.\n")
    assert ranged.acceptance.threshold_gbytes.value == 300.0  # a range, not an amendment


def test_credits_no_longer_paid_are_no_credits():
    said = offering_of("4 台 H800。可用性 99.5%，甲方不再因可用性未达标获得赔付。\n")
    assert said.sla.credits.value is False
    no_longer = offering_of("Monthly availability is 99.9%, but service credits are no longer offered.\n")
    assert no_longer.sla.credits.value is False


def test_a_quoted_clause_struck_out_is_not_offered():
    struck = offering_of("补充协议：删除原合同第五条“乙方负责 RoCE 网络 PFC/ECN 参数的配置与调优”。8 台 H800，RoCE v2 400G。\n")
    assert struck.tuning.owner is None
    kept = offering_of("第五条：“乙方负责 RoCE 网络 PFC/ECN 参数的配置与调优”。8 台 H800，RoCE v2 400G。\n")
    assert kept.tuning.owner.value == "provider"
    en = offering_of('Clause 6.3 is amended: the words "Provider tunes PFC and ECN" are deleted. 4 nodes, RoCE v2.\n')
    assert en.tuning.owner is None


def test_a_fabric_under_an_optional_add_ons_heading_is_optional():
    text = ("# Offer\n\n| Item | Qty |\n|---|---|\n| GPU servers, 8 x H100 SXM5 each | 2 |\n\n## Add-ons available on request\n\n"
            "| Item | Price |\n|---|---|\n| RoCE v2 200G fabric, 1 NIC per server | contact sales |\n")
    offering = offering_of(text, "markdown")
    assert offering.fabric.optional.value is True and offering.fabric.included_protocol is None
    assert offering.commercial.addon_on_request.value is True
    plain = text.replace("## Add-ons available on request", "## Network")
    assert offering_of(plain, "markdown").fabric.included_protocol.value == "roce-v2"


def test_congestion_control_is_a_setting_not_incident_diagnosis():
    setting = offering_of("4 nodes, RoCE v2. The provider enables ECN-based congestion control on all switches.\n")
    assert setting.tuning.troubleshooting is None
    incidents = offering_of("4 nodes, RoCE v2. The provider diagnoses congestion and packet loss incidents.\n")
    assert incidents.tuning.troubleshooting.value == "provider"
    assert offering_of("4 台 RoCE v2 服务器，乙方开启交换机拥塞控制。\n").tuning.troubleshooting is None


def test_an_os_volume_snapshot_covers_the_system_disk_only():
    said = offering_of("Snapshots: daily snapshot of the OS volume, kept 7 days. 2 nodes of 8 H100.\n")
    assert said.backup.scope.value == "system-only"


@pytest.mark.parametrize("text", [
    "Leaf switches: two Spectrum-4 SN5600, dedicated to Customer; 128 ports allotted.\n",
    "4 台 H100。计算网交换机 QM9700 一台，只接贵方 4 台服务器，不接入其他客户。\n",
    "网络\tRoCE 400G × 8/台\tCE9860 × 1\t本项目专用，分配 32 个端口\n",
    "The InfiniBand fabric carries no other tenants: 4 nodes, 8 x NDR each.\n",
])
def test_a_switch_or_fabric_kept_for_the_customer_isolates_it(text):
    assert offering_of(text).fabric.isolation.value is True


def test_other_tenants_on_the_fabric_do_not_isolate():
    shared = offering_of("The RoCE fabric is shared with other tenants. 4 nodes of 8 H100.\n")
    assert shared.fabric.isolation.value is False


@pytest.mark.parametrize("text", [
    "8 nodes, InfiniBand NDR. A failed node is replaced within 4 hours; the replacement takes the same leaf port "
    "and rail position.\n",
    "8 nodes, RoCE v2. Failed nodes are swapped within a day and the new node is cabled to the same switch ports.\n",
    "8 台 H100，RoCE 网络。故障节点 4 小时内更换，新节点接回原交换机端口。\n",
])
def test_a_replacement_on_the_same_ports_restores_the_network(text):
    assert offering_of(text).sla.network_restore.value is True


def test_a_whole_switch_for_the_customer_allots_all_its_ports():
    from slacheck.rules.engine import load_rules

    from conftest import findings_for

    net007 = [r for r in load_rules() if r.spec.id == "NET007"]
    own = "4 台 H100，InfiniBand NDR。Leaf 交换机 QM9700 为甲方专用。\n"
    assert offering_of(own).fabric.switch_dedicated.value is True and findings_for(own, net007) == []
    pooled = "4 台 H100，InfiniBand NDR，接入公共 IB 资源池（QM9700），端口与其他租户共享。\n"
    assert offering_of(pooled).fabric.switch_dedicated is None
    assert [f.rule for f in findings_for(pooled, net007)] == ["NET007"]


def test_a_migration_promise_without_a_time_is_a_replacement_but_a_repair_is_not():
    moved = offering_of("4 台 H100 云主机。物理机故障时，平台将实例迁移至同机房其他物理机。\n")
    assert moved.sla.replacement.value is True
    en = offering_of("8 nodes. If a node fails, Provider migrates the workload to a spare node.\n")
    assert en.sla.replacement.value is True
    repaired = offering_of("4 台 H100。出租方负责硬件维修，故障修复时间视备件情况而定。\n")
    assert repaired.sla.replacement is None


def test_a_chat_price_in_w_is_ten_thousand_yuan_and_watts_are_not_money():
    chat = offering_of("两台 8 卡 4090 服务器\n月付 2.4w 一台，先按这个预估\n")
    assert chat.commercial.price_hedged.value is True
    assert offering_of("8 x H100 SXM5, 700W each, 4 nodes.\n").commercial.price_hedged is None


def test_a_data_disk_not_backed_up_leaves_the_system_disk_only():
    said = offering_of("2 台 H100。\n系统盘每周做一次快照\n数据盘不做备份 请自行保存\n")
    assert said.backup.scope.value == "system-only"


def test_a_shared_public_network_says_nothing_of_the_compute_fabric():
    text = ("Network:\n   - 4 nodes on our RoCE v2 100G fabric.\n"
            "   - Public network: 500Mbps shared bandwidth, 4 public IPs.\n")
    assert offering_of(text).fabric.dedicated is None


def test_what_lies_in_any_replaced_or_struck_span_is_dropped_and_nothing_else() -> None:
    """A struck quote that holds an amendment: spans nested in one another, each statement judged by all."""
    from slacheck.extract.amendments import without_replaced
    from slacheck.extract.context import Context, Said

    text = "删除原条款“可用性由 99.9% 调整为 99.5%，按月结算”。可用性 99.8%。"
    def at(word: str) -> Said:
        start = text.index(word)
        return Said("sla.availability_pct", word, [(start, start + len(word))])
    kept = without_replaced([at("99.9%"), at("99.5%"), at("按月"), at("99.8%")], Context(text, []))
    assert [s.value for s in kept] == ["99.8%"]


@pytest.mark.parametrize(("text", "sentences", "clauses"), [
    ("Term ........ 36 months. Price: on request", [0, 24], [0, 24]),
    ("Two nodes, (GPU, HCA, PSU) each.\nNext", [0, 32, 33], [0, 10, 32, 33]),
    ("第一条:8 卡;第二条:RoCE。完", [0, 8, 17], [0, 8, 17]),
    ("Wait... then v2.17 ships. Done", [0, 25], [0, 25]),
])
def test_sentences_end_at_marks_and_full_stops_not_at_leaders(text: str, sentences: list[int],
                                                              clauses: list[int]) -> None:
    """A full stop ends a sentence only alone before a space or the end; commas inside a parenthetical
    list of short items do not end a clause."""
    from slacheck.extract.context import Context

    context = Context(text, [])
    assert context.sentence_starts == sentences
    assert context.clause_starts == clauses


@pytest.mark.parametrize("sentence, asked", [
    ("万兆是RDMA吗? ", True), ("能上IB不", True), ("Is the fabric dedicated?...", True), ("可以吗 。。 \n", True),
    ("不支持 IB。", False), ("RDMA is included. ", False), ("Ask us? Then we answer.", True), ("?", True),
    ("", False), (" 不", False),
])
def test_a_question_is_told_by_how_its_sentence_ends(sentence: str, asked: bool) -> None:
    """The question word is looked for only near the end of the sentence, behind its closing marks and spaces:
    the same answer as a search of the whole sentence."""
    import re

    from slacheck.extract.context import _QUESTION_END, Context

    context = Context(sentence, [])
    position = 0
    whole = bool(re.search(_QUESTION_END.pattern, context.sentence_at(position).rstrip()))
    assert context.in_question(position) == whole == asked


@pytest.mark.parametrize(("text", "nodes"), [
    ("承租方租用 GPU 服务器捌台，每台配置 8 张 H100 SXM5。\n", 8),
    ("本期交付节点贰拾肆台。\n", 24),
    ("集群共一百二十八张卡，分布在十六台服务器上。\n", 16),
])
def test_counts_in_financial_and_long_chinese_numerals(text: str, nodes: int) -> None:
    assert value(text, "nodes") == nodes


@pytest.mark.parametrize("text", [
    '1.2 "节点"：指单台装有 GPU 的服务器，例如一台八卡服务器即为一个节点。\n',
    '2.1 "Node" means one GPU server of the Cluster.\n',
    "3.4 一级故障：任一节点宕机或同一节点连续掉卡。\n",
    "Lessor may lend one (1) Node for a trial week before the term starts.\n",
])
def test_a_definition_any_one_node_or_a_trial_orders_no_single_node(text: str) -> None:
    assert value(text + "The Cluster has twelve (12) Nodes.\n", "nodes") == 12


@pytest.mark.parametrize(("text", "per_node"), [
    ("服务器：8卡 H800 SXM5 80GB\n", 8),
    ("Server: 8x H200 SXM, 141GB each\n", 8),
    ("Node: eight (8) NVIDIA H100 GPUs on an HGX board\n", 8),
])
def test_a_node_word_as_label_names_the_box_the_gpus_are_in(text: str, per_node: int) -> None:
    offering = offering_of(text)
    assert offering.fact("gpu.per_node").value == per_node
    assert offering.fact("nodes") is None


@pytest.mark.parametrize("denial", [
    "本合同项下不提供 InfiniBand。",
    "InfiniBand is not offered under this order.",
    "The provider has not quoted InfiniBand.",
    "客户询问能否改用 IB 网络。",
    "The buyer asked whether InfiniBand could replace it.",
    '1.4 "InfiniBand"：指一种使用专用交换机的高速互连技术。',
])
def test_a_fabric_denied_asked_about_or_defined_is_not_the_offer(denial: str) -> None:
    text = f"计算网络：每台 8 张 400G RoCE v2 网卡。\n{denial}\n"
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.switch_dedicated") is None


def test_roce_spelt_out_is_roce() -> None:
    assert value("The fabric is RDMA over Converged Ethernet version 2 at 400 Gb/s.\n", "fabric.protocol") == "roce-v2"


def test_a_quoted_old_value_replaced_is_no_longer_offered() -> None:
    text = '补充协议：第 2.1 条中"陆台"变更为"捌台"。\n'
    assert value(text, "nodes") == 8


@pytest.mark.parametrize("text", [
    "交换机 2 台专供贵司，不接入任何其他租户。\n",
    "计算网络交换机 1 台，由用户独占。\n",
    "Thirty-two (32) NDR ports are allotted exclusively to Customer.\n",
    "The fabric switches carry only this cluster; no other customer's traffic crosses them.\n",
])
def test_ways_of_saying_the_fabric_is_the_customers_alone(text: str) -> None:
    assert value(text, "fabric.isolation") is True


def test_a_sentence_that_says_no_product_comes_with_a_fabric_denies_it() -> None:
    text = "The cluster network is RDMA-capable Ethernet. No instance type here comes with InfiniBand.\n"
    assert value(text, "fabric.protocol") == "rdma"


@pytest.mark.parametrize(("text", "nodes", "total"), [
    ("Order: 3 nodes (24 × H200 SXM 141 GB)\n", 3, 24),
    ("The order covers four nodes (32 GPUs in total).\n", 4, 32),
])
def test_cards_counted_in_brackets_after_the_servers_are_a_total(text: str, nodes: int, total: int) -> None:
    offering = offering_of(text)
    assert offering.fact("nodes").value == nodes
    assert offering.fact("gpu.total").value == total
    assert offering.fact("gpu.per_node") is None


def test_nvlink_bandwidth_after_an_all_to_all_word() -> None:
    assert value("GPU link: NVSwitch all-to-all, 900 GB/s per GPU\n", "intra_node.bandwidth_gbytes") == 900.0


def test_room_to_grow_is_not_the_node_count() -> None:
    text = "Growth: the spine is built for 64 nodes.\nThe cluster you order has 16 nodes.\n"
    assert value(text, "nodes") == 16


@pytest.mark.parametrize(("text", "hedged"), [
    ("Contact sales\n", None),
    ("[Contact sales →]\n", None),
    ("InfiniBand add-on price: contact sales\n", True),
    ("以上价格以这条为准，每台每月 ¥69,000。\n", None),
    ("网络费用以实际报价为准。\n", True),
])
def test_a_link_or_which_message_prevails_hedges_no_price(text: str, hedged: bool | None) -> None:
    assert value(text, "commercial.price_hedged") is hedged


def test_a_replacement_back_on_the_same_rails_restores_the_network() -> None:
    text = "A failed node is replaced within 4 hours; the spare goes back onto the same leaf rails.\n"
    assert value(text, "sla.network_restore") is True


def test_a_replacement_said_with_huan() -> None:
    assert value("硬件故障 4 小时内换同配置整机。\n", "sla.failover_minutes") == 240.0


def test_a_trial_on_one_server_is_not_a_trial_of_the_cluster() -> None:
    assert value("签约前可先开一台免费试用 3 天。\n", "acceptance.trial") is False


def test_the_instance_type_an_order_selects_is_the_chosen_row() -> None:
    text = ("| Type | GPUs | Link |\n|---|---|---|\n"
            "| g-a100 | 8 × A100 SXM4 | NVSwitch |\n| g-h100 | 8 × H100 SXM5 | NVSwitch |\n"
            "| g-l40s | 4 × L40S PCIe | PCIe |\n\n"
            "g-a100 and g-h100 nodes each have one 200G NIC. g-l40s is for single-node work.\n\n"
            "Selected: g-h100 · 2 nodes\n")
    offering, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert offering.fact("gpu.model").value == "H100"


def test_a_count_before_a_server_platform_counts_servers() -> None:
    offering = offering_of("Order: 4 x HGX H100, each with eight SXM5 GPUs.\n")
    assert offering.fact("nodes").value == 4
    assert value('1.3 "Node" means one NVIDIA DGX B200 system.\nEach Node carries 8 B200 GPUs.\n',
                 "gpu.per_node") == 8


def test_figures_with_thousands_separators_and_words_between() -> None:
    text = ("Each node holds eight (8) B200 GPUs with one hundred eighty gigabytes (180 GB) of HBM3e each, linked "
            "through NVSwitch at one thousand eight hundred gigabytes per second (1,800 GB/s) of NVLink bandwidth.\n")
    offering = offering_of(text)
    assert offering.fact("gpu.memory_gb").value == 180
    assert offering.fact("intra_node.bandwidth_gbytes").value == 1800.0


def test_a_time_after_a_comma_belongs_to_the_replacement_before_it() -> None:
    text = "For a P1 fault the vendor repairs the part, or installs a spare node, within six (6) hours.\n"
    assert value(text, "sla.failover_minutes") == 360.0


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("月度可用性 99.9%。\n补充条款：月度可用性由 99.9% 调整为 99.5%。\n", "sla.availability_pct", 99.5),
    ('出租方交付服务器肆台。\n变更单：第 1 条中"肆台"变更为"陆台"。\n', "nodes", 6),
    ('The Cluster has six (6) Nodes.\nAmendment: "six (6) Nodes" is replaced with "ten (10) Nodes".\n', "nodes", 10),
])
def test_an_amendment_replaces_what_was_said_before(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


OPTIONS = ("| 项目 | 方案A | 方案B |\n|---|---|---|\n| GPU | 8 × A100 PCIe 80GB | 8 × A100 SXM4 80GB |\n"
           "| 计算网络 | 2 × 100G RoCE | 8 × 200G InfiniBand HDR |\n\n")


@pytest.mark.parametrize(("reply", "variant"), [
    ("评审完了，我们定 方案B，合同按这个起草。\n", "SXM"),
    ("After review we'll go with 方案B.\n", "SXM"),
    ("我们建议选择方案B。\n", None),
    ("选方案B可以吗？\n", None),
])
def test_the_option_the_buyer_takes_is_the_offering(reply: str, variant: str | None) -> None:
    extraction = extract(document_from_text(OPTIONS + reply, format="markdown"))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [option.name for option in options] == ["方案A", "方案B"]
    fact = offering.fact("gpu.variant")
    assert (fact.value if fact else None) == variant


VENDORS = ("# 两家对比\n\n## 一、青岚云（供应商 A）\n\n4 台，每台 8 张 A100 PCIe 80GB。\n\n"
           "## 二、Harbor Compute（供应商 B）\n\n4 台，每台 8 张 H100 SXM5 80GB。\n\n## 三、结论\n\n")


@pytest.mark.parametrize(("conclusion", "chosen", "model"), [
    ("选 **Harbor Compute**。\n", "供应商B", "H100"),
    ("最终选择：青岚云，价格更低。\n", "供应商A", "A100"),
    ("我们建议选择 Harbor Compute。\n", None, None),
    ("选择青岚云还是 Harbor Compute？\n", None, None),
])
def test_an_option_is_taken_by_another_name_its_heading_gives_it(conclusion: str, chosen: str | None,
                                                                 model: str | None) -> None:
    extraction = extract(document_from_text(VENDORS + conclusion, format="markdown"))
    offering, _ = assemble_options(extraction.statements, extraction.chosen_option)
    assert extraction.chosen_option == chosen
    fact = offering.fact("gpu.model")
    assert (fact.value if fact else None) == model


def test_a_list_item_that_starts_with_an_option_speaks_for_it() -> None:
    extraction = extract(document_from_text(
        OPTIONS + "通用条款：\n1. 线缆由我司提供。\n2. 方案B 另预留 16 个 HDR 端口用于扩容。\n", format="markdown"))
    _, options = assemble_options(extraction.statements)
    by_name = {option.name: option.offering for option in options}
    assert by_name["方案A"].fact("fabric.protocol").value == "roce"
    assert by_name["方案B"].fact("fabric.protocol").value == "infiniband"


def test_a_copyright_line_names_the_provider_of_a_web_page() -> None:
    text = ("GPU clusters\nPricing\nDocs\n\nSpec sheet\nFabric: InfiniBand NDR, 8 x 400G per node\n"
            "Korvane runs the subnet manager and the fabric's adaptive routing.\n\n© 2025 Korvane Systems, Inc.\n")
    assert provider_names(document_from_text(text)) == ("Korvane Systems", "Korvane")
    assert value(text, "tuning.owner") == "provider"


def test_a_page_that_tells_you_what_you_handle_names_the_customer() -> None:
    text = "Network: RoCE v2, 8 x 400GbE per node.\nYou handle: PFC and ECN settings on your NICs.\n"
    assert value(text, "tuning.owner") == "customer"


def test_tickets_answered_within_an_hour_is_a_response_time() -> None:
    assert value("Support: Priority 1 tickets answered within 1 hour.\n", "sla.support_response_minutes") == 60.0


def test_a_cluster_split_across_two_named_facilities() -> None:
    text = "Clusters above 32 nodes are split across our two Frankfurt facilities.\n"
    assert value(text, "fabric.multi_site") is True


def test_fine_tuning_a_model_is_not_tuning_the_fabric() -> None:
    text = ("Network: RoCE v2, 8 x 400GbE per node.\n"
            'Vendor Labs quote: "We moved our fine-tuning jobs in a day."\n')
    assert value(text, "tuning.owner") is None


@pytest.mark.parametrize(("text", "nics"), [
    ("[10:02] 销售：每台 4×200G RoCE v2 网卡。\n[10:30] 销售：更正一下，每台是 2×200G 网卡，不是 4 张，之前那条作废。\n", 2),
    ("[09:00] Rep: 8 x 400G NICs per node.\n[09:20] Rep: Correction: 4 x 400G NICs per node, instead of 8.\n", 4),
])
def test_a_message_that_corrects_an_earlier_one_replaces_it(text: str, nics: int) -> None:
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == nics
    assert offering.fact("fabric.included_nics_per_node").value == nics


def test_a_front_end_nic_row_is_not_the_fabric() -> None:
    text = ("| 项目 | 规格 | 数量 |\n|---|---|---|\n| 前端网卡 | 25GbE 双端口 | 每台 1 张 |\n"
            "| 计算网络 | InfiniBand NDR 400Gb/s | 每台 8 张 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.included_protocol").value == "infiniband"


@pytest.mark.parametrize("text", [
    "计算网络的网卡、线缆及光模块的具体配置，以乙方届时出具的方案为准。\n",
    "Cables and optics for the fabric: supplier and count to be confirmed by the Provider.\n",
])
def test_optics_left_to_a_later_plan_have_no_supplier(text: str) -> None:
    assert value(text, "fabric.cabling") is None


@pytest.mark.parametrize(("text", "owner"), [
    ("Lessee shall, at its own cost:\n(a) install the drivers;\n"
     "(b) configure PFC and ECN on the fabric, using the portal Lessor makes available.\n", "customer"),
    ("The Customer configures PFC and ECN through a portal the Provider hosts.\n", "customer"),
    ("甲方与乙方共同负责 PFC/ECN 调优。\n", "shared"),
])
def test_the_party_named_before_a_duty_or_leading_its_list_does_it(text: str, owner: str) -> None:
    assert value(text, "tuning.owner") == owner


def test_a_short_name_defined_with_a_second_name_and_the_customers_left_out() -> None:
    text = ('出租方：北岭算力科技有限公司（以下简称"北岭"或"出租方"）\n'
            '承租方：南星视觉技术有限公司（以下简称"南星"或"承租方"）\n\n'
            '计算网络出现拥塞或丢包时，由北岭负责诊断并处理。\n')
    assert provider_names(document_from_text(text)) == ("北岭",)
    assert value(text, "tuning.troubleshooting") == "provider"


def test_copper_cables_supplied_by_the_provider() -> None:
    text = "计算网络采用 HDR 铜缆直连；铜缆由乙方提供，费用已含。\n"
    assert value(text, "fabric.cabling") == "provider"


@pytest.mark.parametrize("text", [
    "可用性目标 99.9%；可用性未达到目标的，乙方不承担赔偿、租金减免或抵扣责任。\n",
    "Availability target: 99.9%. The Provider is not liable for service credits if it is missed.\n",
])
def test_credits_refused_are_no_credits(text: str) -> None:
    assert value(text, "sla.credits") is False


@pytest.mark.parametrize("text", ["共计占用 48 个交换机端口。\n", "陆台节点共计占用肆拾捌个交换机端口。\n"])
def test_switch_ports_counted_with_the_switch_word_between(text: str) -> None:
    assert value(text, "fabric.switch_ports") == 48


def test_an_option_cell_that_says_same_as_another_states_what_it_states() -> None:
    text = ("| Item | Option A | Option B |\n|---|---|---|\n"
            "| Node | HGX H200 8-GPU, 141 GB HBM3e each | same as Option A |\n"
            "| Fabric | InfiniBand NDR, 8 x 400G per node | RoCE v2, 2 x 200G per node |\n\n"
            "**The Customer selects Option B.**\n")
    extraction = extract(document_from_text(text, format="markdown"))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert extraction.chosen_option == "Option B"
    assert offering.fact("gpu.memory_gb").value == 141
    assert offering.fact("fabric.protocol").value == "roce-v2"


def test_a_forwarded_message_is_read_and_its_quoted_questions_are_not() -> None:
    text = ("From: Buyer One <one@example.com>\nSent: Monday\nTo: team <team@example.com>\n"
            "Subject: FW: Re: GPU quote\n\nTeam, see the vendor's answer below.\n\n"
            "-----Original Message-----\nFrom: Vendor Rep <rep@vendor.example>\nSent: Friday\nTo: Buyer One\n"
            "Subject: Re: GPU quote\n\n> Can you do InfiniBand?\n\n"
            "This batch is RoCE v2: 4 x 400G NICs per node, cables included.\n")
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.nics_per_node") == 4


@pytest.mark.parametrize(("text", "per_node", "nics"), [
    ("GPUs per node: 8\n", 8, None),
    ("[1] GPU / 计算\nGPU model: H100 SXM5\n", None, None),
    ("NICs per node: 8 x 400G RoCE v2, 1 NIC : 1 GPU\n", None, 8),
])
def test_spec_sheet_labels_section_numbers_and_ratios(text: str, per_node: int | None, nics: int | None) -> None:
    offering = offering_of(text)
    assert (offering.fact("gpu.per_node").value if offering.fact("gpu.per_node") else None) == per_node
    assert (offering.fact("fabric.nics_per_node").value if offering.fact("fabric.nics_per_node") else None) == nics


def test_options_still_open_are_no_choice() -> None:
    extraction = extract(document_from_text(OPTIONS + "签约时确认方案A或方案B。\n", format="markdown"))
    assert extraction.chosen_option is None


def test_an_agreed_option_named_in_passing_is_no_choice() -> None:
    extraction = extract(document_from_text(OPTIONS + "付款按合同约定方案B的单价结算。\n", format="markdown"))
    assert extraction.chosen_option is None


@pytest.mark.parametrize("text", [
    "单机卡数：8\n",
    "每台 GPU 数量：8\n",
    "GPUs per node 单节点卡数 : 8\n",
])
def test_a_cards_per_node_label_in_chinese_or_in_both_languages(text: str) -> None:
    assert value(text, "gpu.per_node") == 8


def test_a_node_label_without_a_card_word_counts_no_cards() -> None:
    assert value("每台：8\n", "gpu.per_node") is None


def test_a_fabric_months_away_is_not_the_one_offered() -> None:
    text = "InfiniBand 交货期 20 周以上，本期交付以太网 RoCE v2：每台 2 张 200G 网卡。\n"
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.nics_per_node") == 2
    assert value("Lead time for InfiniBand is currently 18 weeks, so this order ships RoCE.\n",
                 "fabric.protocol") == "roce"


def test_a_fabric_said_to_be_of_no_use_is_not_offered() -> None:
    assert value("你们这种小集群用不上 InfiniBand，走普通以太网就行。\n", "fabric.protocol") != "infiniband"


@pytest.mark.parametrize(("text", "split"), [
    ("两个站点组成一个训练集群，统一调度。\n", True),
    ("The cluster spans two sites in one Slurm partition.\n", True),
    ("Since 2015 we have run GPU servers in three Berlin facilities.\n", None),
    ("我们在三个机房都有 GPU 资源。\n", None),
])
def test_sites_split_one_cluster_but_not_the_vendors_premises(text: str, split: bool | None) -> None:
    assert value(text, "fabric.multi_site") is split


def test_each_timed_chat_message_is_a_passage_of_its_own() -> None:
    text = ("09:40  销售小李：签约最短一个季度，按季付款\n"
            "09:41  客户：能不能先试用？\n")
    document = document_from_text(text)
    assert [p.text[:5] for p in document.passages] == ["09:40", "09:41"]
    assert value(text, "commercial.billing") == "quarterly"


def test_a_benchmark_left_unnamed_in_a_trial_is_no_acceptance_test() -> None:
    assert value("可以先开一台机器试用半天，自己跑个 benchmark 看看。\n", "acceptance.test") is None
    assert value("试用期内双方完成压测验收。\n", "acceptance.test") == "benchmark"


@pytest.mark.parametrize(("text", "multi"), [
    ("验收：每台服务器单独运行 gpu-burn 一小时无报错，即视为该台服务器验收通过。\n", False),
    ("Before delivery we run all_reduce_perf across the eight GPUs within each server.\n", False),
    ("| Test | Scope | Pass |\n|---|---|---|\n| all_reduce_perf | all 4 nodes, 32 GPUs | busbw >= 300 GB/s |\n", True),
])
def test_where_an_acceptance_test_runs(text: str, multi: bool) -> None:
    assert value(text, "acceptance.multi_node", "markdown") is multi


@pytest.mark.parametrize("text", [
    "计算网：两层组网（2 台 leaf + 1 台 spine）\n",
    "机房单机柜供电 20kW，每柜部署 2 台。\n",
    "We place 4 servers per rack.\n",
    "Jobs of 2 to 8 nodes are common.\n",
])
def test_switches_racks_and_ranges_count_no_servers(text: str) -> None:
    assert value(text, "nodes") is None


@pytest.mark.parametrize("text", ["预计使用 16 至 64 张 GPU 训练。\n", "Clusters of 16-64 GPUs.\n"])
def test_a_range_of_cards_is_no_total(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("gpu.total") is None and offering.fact("gpu.per_node") is None


def test_an_upgrade_to_another_fabric_leaves_the_included_one_the_fabric() -> None:
    text = ("计算网络：RoCE v2，每台 4 张 200G 网卡。\n\n"
            "可选升级：计算网络升级为 InfiniBand NDR 400G，价格另行报价。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 4 and offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("fabric.optional").value is False
    assert offering.fact("fabric.upgrade_protocol").value == "infiniband"
    assert offering.fact("fabric.upgrade_nics_per_node") is None
    add_on = offering_of("标配 25G 以太网。\n\n可选：InfiniBand NDR 400G，每台 8 张 HCA。\n")
    assert add_on.fact("fabric.protocol").value == "infiniband" and add_on.fact("fabric.upgrade_protocol") is None


def test_an_upgrade_without_its_nic_count_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "offer.md"
    path.write_text("4 台 H100 SXM5 服务器。\n\n计算网络：RoCE v2，每台 4 张 200G 网卡，交换机 SN3700，分配 16 个端口。\n\n"
                    "可选升级：InfiniBand NDR 400G，价格另行报价。\n", encoding="utf-8")
    report = check_file(path, Options())
    [finding] = [f for f in report.findings if f.rule == "NET006"]
    assert "infiniband" in finding.message


def test_an_e_mail_subject_names_what_was_asked_not_what_is_offered() -> None:
    text = ("From: Buyer <b@example.com>\nTo: Rep <r@example.com>\nSubject: Re: InfiniBand lead time\n"
            "Date: Monday\n\nWe can ship RoCE v2 now: 4 x 200G NICs per node.\n")
    assert value(text, "fabric.protocol") == "roce-v2"


@pytest.mark.parametrize("text", ["InfiniBand 交换机原厂交期较长，Q3 之前我们交付不了 IB 方案。\n",
                                  "We cannot deliver InfiniBand before the third quarter.\n"])
def test_a_fabric_that_cannot_be_delivered_is_not_offered(text: str) -> None:
    assert value(text, "fabric.protocol") is None


FORWARD_HEAD = ("From: Reseller <r@example.com>\nTo: Buyer <b@example.com>\nDate: Monday\n"
                "Subject: FW: cluster terms\n\nBuyer, our partner's terms are below.\n\n"
                "---------- Forwarded message ----------\nFrom: Partner <p@example.net>\nDate: Friday\n"
                "Subject: cluster terms\n\n")


def test_a_forwarded_message_quoted_whole_is_read() -> None:
    text = FORWARD_HEAD + "Hello, the terms:\n\n> 1. 4 nodes, RoCE v2, 2 x 200G NICs per node.\n> 2. Optics included.\n"
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.nics_per_node") == 2


def test_questions_quoted_in_a_forwarded_answer_are_not_read() -> None:
    text = (FORWARD_HEAD + "> 1. We saw InfiniBand NDR with 8 HCAs per node elsewhere. What do you have?\n\n"
            "Answer: RoCE v2, 2 x 200G NICs per node.\n\n> 2. Optics?\n\nIncluded.\n")
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.nics_per_node") == 2


@pytest.mark.parametrize("text", ["配置：4 台 H20 服务器（SXM，96GB/卡，NVSwitch）\n", "H20 GPUs, 96 GB per GPU\n"])
def test_a_size_per_card_is_the_gpu_memory(text: str) -> None:
    assert value(text, "gpu.memory_gb") == 96


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Urgent tickets are answered within **30 minutes**.\n", "sla.support_response_minutes", 30.0),
    ("A failed node is swapped within **4 hours**.\n", "sla.failover_minutes", 240.0),
    ("Support 7*24 hours; answered within 20 minutes.\n", "sla.support_response_minutes", 20.0),
])
def test_times_in_bold_are_times(text: str, path: str, expected: float) -> None:
    assert value(text, path, "markdown") == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("4 nodes, RoCE v2 200G. PFC and ECN are set by our network team.\n", "tuning.owner", "provider"),
    ("4 nodes, RoCE v2 200G. Optics and cables are part of the monthly price.\n", "fabric.cabling", "provider"),
    ("4 nodes. Our clusters are never split across sites.\n", "fabric.multi_site", False),
    ("RoCE v2 on every node; NCCL's IB transport runs over it.\n", "fabric.protocol", "roce-v2"),
    ("RoCE v2 on every node. The variable NCCL_IB_HCA does not mean the cluster runs InfiniBand.\n",
     "fabric.protocol", "roce-v2"),
])
def test_a_providers_own_words(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_reserved_cluster_is_a_booking_not_room_to_grow() -> None:
    assert value("Reserved Clusters of 4 nodes, RoCE v2 fabric.\n", "fabric.expansion") is None
    assert value("Reserved Clusters of 4 nodes, RoCE v2 fabric.\n", "nodes") == 4


MATRIX = ("| No. | Requirement | Response | Comment |\n|---|---|---|---|\n"
          "| 1 | InfiniBand NDR, 8 HCAs per node. | {first} | RoCE v2 instead, 4 x 400G NICs per node. |\n"
          "| 2 | Availability of 99.9% with credits. | {second} | As required. |\n")


def test_a_compliance_matrix_offers_a_requirement_only_where_the_row_complies() -> None:
    offering = offering_of(MATRIX.format(first="NC", second="C"), "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 4
    assert offering.fact("sla.availability_pct").value == 99.9
    refused = offering_of(MATRIX.format(first="NC", second="Not comply"), "markdown")
    assert refused.fact("sla.availability_pct") is None


def test_a_letterhead_company_with_a_comma_before_its_suffix_is_named() -> None:
    document = document_from_text("Proposal\nSubmitted by: Harrowgate Compute, Inc.\n\nHarrowgate configures PFC.\n")
    assert "Harrowgate" in provider_names(document)


def test_each_item_a_correction_lists_replaces_what_was_said() -> None:
    text = ("10:05 销售\n现货 A100 80G SXM 3 台，8 卡一台\n\n10:31 销售\n抱歉，更正两点：\n"
            "1）现货是 A100 80G PCIe 版，不是 SXM\n2）只剩 2 台，另一台已被锁定\n")
    offering = offering_of(text)
    assert offering.fact("gpu.variant").value == "PCIe"
    assert offering.fact("nodes").value == 2


def test_a_ticked_box_chooses_its_option() -> None:
    text = ("| Item | Option A | Option B |\n|---|---|---|\n| Nodes | 2 | 4 |\n| Total GPUs | 16 | 32 |\n\n"
            "Selected option: [ ] Option A   [X] Option B\n")
    extraction = extract(document_from_text(text, format="markdown"))
    assert extraction.chosen_option == "Option B"
    offering, _ = assemble_options(extraction.statements, extraction.chosen_option)
    assert offering.fact("nodes").value == 4 and offering.fact("gpu.total").value == 32


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("| Item | Value |\n|---|---|\n| 节点数 | 6 |\n", "nodes", 6),
    ("| Item | Value |\n|---|---|\n| GPUs per node | 8 |\n", "gpu.per_node", 8),
    ("| Item | Value |\n|---|---|\n| Total GPUs | 16 |\n", "gpu.total", 16),
])
def test_a_row_labelled_with_what_it_counts_gives_the_count(text: str, path: str, expected: int) -> None:
    assert value(text, path, "markdown") == expected


def test_what_follows_not_part_of_the_fabric_is_another_network() -> None:
    text = ("4 nodes, RoCE v2, 8 x 400G NICs per node.\n\n"
            "The following are not part of the backend fabric: front-end network, 2 x 25GbE per node; BMC, 1GbE.\n")
    assert value(text, "fabric.nics_per_node") == 8 and value(text, "fabric.rate_gbps") == 400.0


def test_a_baselines_contents_and_pfc_storms_say_nothing_of_who_tunes() -> None:
    text = ("4 nodes, RoCE v2. Customer shall configure and tune PFC and ECN.\n"
            "Provider delivers a configuration baseline (PFC priority, ECN thresholds) at handover.\n"
            "Provider's NOC diagnoses packet loss, PFC storms and congestion.\n")
    assert value(text, "tuning.owner") == "customer"
    assert value(text, "tuning.troubleshooting") == "provider"


def test_a_clause_without_a_subject_keeps_its_sentences_earlier_one() -> None:
    text = "计算网络：RoCE v2，端口独享。\n互联网出口 BGP 200Mbps，与其他客户共享。\n"
    assert value(text, "fabric.dedicated") is True


def test_an_amendment_that_changes_a_quoted_value_accordingly_replaces_it() -> None:
    text = ('5.1 节点 24 台，"GPU 合计 192 块"。\n10.1 第 5.1 条"24 台"变更为"32 台"，'
            '"GPU 合计 192 块"相应变更为"GPU 合计 256 块"。\n')
    assert value(text, "gpu.total") == 256


def test_hardware_replaced_for_not_matching_the_order_is_no_failover_time() -> None:
    text = ("3.3 型号与订单不符的，乙方须在 3 个工作日内更换。\n"
            "8.2 硬件故障：故障服务器在 4 小时内完成备件更换。\n")
    assert value(text, "sla.failover_minutes") == 240.0


@pytest.mark.parametrize(("text", "kw"), [("Each rack position is rated at twelve (12) kW.\n", 12.0),
                                          ("Facility capacity: two (2) MW.\n", 2000.0)])
def test_power_written_in_words(text: str, kw: float) -> None:
    assert value(text, "commercial.power_kw") == kw


def test_a_node_count_changed_from_one_figure_to_another() -> None:
    text = ("Clause 2 lists eight (8) Nodes.\n\nThis amendment brings the number of Nodes leased from eight (8) "
            "to twelve (12).\n")
    assert value(text, "nodes") == 12


def test_an_option_named_with_a_space_is_the_same_option() -> None:
    text = ("| 项目 | 方案 A | 方案 B |\n|---|---|---|\n| GPU | RTX 4090 24GB ×8 | L40S 48GB ×8 |\n\n"
            "贵司确认采用 **方案 B**，租用 1 台。\n")
    extraction = extract(document_from_text(text, format="markdown"))
    assert extraction.chosen_option == "方案B"
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert offering.fact("gpu.model").value == "L40S"
    assert [o.name for o in options] == ["方案A", "方案B"]


PLAIN_PIPES = ("   Type        | GPUs                     | Nodes | Fabric\n"
               "  -------------+--------------------------+-------+---------------------\n"
               "  [ ] small-1  | 4 x L40S 48GB PCIe       |   1   | none\n"
               "  [X] large-4  | 8 x H100 80GB SXM5       |   4   | InfiniBand NDR 400G,\n"
               "               | per node                 |       | 8 HCAs per node\n")


def test_a_plain_text_table_drawn_with_pipes_joins_its_wrapped_cells() -> None:
    rows = [p.text for p in document_from_text(PLAIN_PIPES).passages if p.kind == "table-row"]
    assert rows[-1] == "[X] large-4 | 8 x H100 80GB SXM5 per node | 4 | InfiniBand NDR 400G, 8 HCAs per node"


def test_a_ticked_instance_row_is_the_order() -> None:
    offering = offering_of(PLAIN_PIPES)
    assert offering.fact("gpu.model").value == "H100" and offering.fact("nodes").value == 4
    extraction = extract(document_from_text(PLAIN_PIPES.replace("[X]", "[ ]")))
    _, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [o.name for o in options] == ["small-1", "large-4"]  # no box ticked: two options, none ordered


@pytest.mark.parametrize("text", ["Site 1 Nodes stay in Columbus.\n", "Phase 2 servers arrive in May.\n"])
def test_a_number_that_names_a_site_or_phase_counts_no_servers(text: str) -> None:
    assert value(text, "nodes") is None


def test_each_dot_leader_label_line_is_its_own_passage() -> None:
    text = ("Front-end ........ 2 x 100GbE per node (VPC)\n"
            "Backend .......... InfiniBand NDR 400G available as an add-on,\n"
            "                   pricing on request\n")
    assert [p.text[:9] for p in document_from_text(text).passages] == ["Front-end", "Backend ."]
    assert value(text, "commercial.addon_on_request") is True


def test_a_reserved_pod_is_a_booking_and_ticket_times_are_response_times() -> None:
    assert value("A Reserved Pod is a fixed block of **8 servers**.\n", "nodes", "markdown") == 8
    assert value("Sev-1 tickets: 20 minutes, around the clock.\n", "sla.support_response_minutes") == 20.0


def test_a_two_column_table_ruled_with_dashes_is_a_table() -> None:
    text = ("Severity                                 Response\n"
            "---------------------------------------  ------------\n"
            "P1 - node down, fabric outage            20 minutes\n"
            "     一级：节点宕机、网络中断\n"
            "P2 - degraded performance                2 hours\n"
            "Support runs around the clock.\n")
    rows = [p.text for p in document_from_text(text).passages if p.kind == "table-row"]
    assert rows[1] == "P1 - node down, fabric outage 一级：节点宕机、网络中断 | 20 minutes"
    assert len(rows) == 3
    assert value(text, "sla.support_response_minutes") == 20.0


@pytest.mark.parametrize(("text", "link"), [
    ("GPU 服务器：8 × GeForce RTX 4090 24GB（PCIe 4.0 x16，无 NVLink）\n", "pcie"),
    ("8x L40S without NVLink between the cards.\n", "pcie"),
    ("8x H100 SXM5, NVSwitch. A MIG slice has no NVLink peer.\n", "nvlink-switch"),
])
def test_gpus_said_to_have_no_nvlink_talk_over_pcie(text: str, link: str) -> None:
    assert value(text, "intra_node.link") == link


def test_a_product_line_name_between_count_and_model_is_skipped() -> None:
    assert value("8 × GeForce RTX 4090 24GB per server\n", "gpu.per_node") == 8


def test_a_fabric_without_resources_is_not_offered() -> None:
    text = "IB 目前没有资源，都是 RoCE 的：每台 2 张 100G 网卡。\n"
    assert value(text, "fabric.protocol") == "roce"


@pytest.mark.parametrize(("text", "protocol"), [
    ("这批机器就是万兆以太网，IB 的要等下个月那批，现在给不了。\n", "ethernet-tcp"),
    ("InfiniBand is sold out this quarter, so we ship RoCE v2 instead.\n", "roce-v2"),
])
def test_unavailability_speaks_of_the_fabric_named_before_it(text: str, protocol: str) -> None:
    assert value(text, "fabric.protocol") == protocol


RECITALS = ("AMENDMENT No. 1\n\nRECITALS\n\nA. Under the Agreement Provider supplies eight (8) Nodes of H100 GPUs "
            "connected by InfiniBand NDR.\n\n1. CHANGES\n\n1.1 The Service now comprises twelve (12) Nodes.\n\n"
            "1.2 The compute fabric is RoCE v2 at 400 Gb/s.\n")


def test_the_terms_of_an_agreement_come_before_its_recitals() -> None:
    offering = offering_of(RECITALS)
    assert offering.fact("nodes").value == 12 and offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("gpu.model").value == "H100"  # said only in the recitals: still the offer's


def test_a_chinese_supplement_reads_its_recitals_when_its_terms_are_silent() -> None:
    text = "补充协议\n\n鉴于：\n1. 原合同约定乙方向甲方出租 8 台 H800 服务器。\n\n第一条 租期延长至 24 个月。\n"
    assert value(text, "nodes") == 8 and value(text, "gpu.model") == "H800"


def test_a_duty_whose_doer_follows_a_semicolon() -> None:
    text = ("4 nodes, RoCE v2.\n\nEvery switch ships with PFC and ECN enabled; our network team owns these "
            "settings for the whole term.\n")
    assert value(text, "tuning.owner") == "provider"


@pytest.mark.parametrize(("text", "fmt"), [
    ("Nodes: 2 x H100 SXM servers\nGPUs: 8 per server\n", "text"),
    ("| Item | Value |\n|---|---|\n| Nodes | 2 × H100 SXM |\n| GPUs | 8 per node, 80 GB each |\n", "markdown"),
])
def test_a_gpu_label_with_a_count_per_node(text: str, fmt: str) -> None:
    assert value(text, "gpu.per_node", fmt) == 8
    assert value(text, "nodes", fmt) == 2


@pytest.mark.parametrize(("text", "nodes", "per_node"), [
    ("Nodes: 2 x H100 SXM\n", 2, None),
    ("| Item | Value |\n|---|---|\n| Servers | 2 × H100 SXM |\n", 2, None),
    ("Node: 8 x H100 SXM\n", None, 8),
    ("| Item | Value |\n|---|---|\n| Server | 8 × H100 SXM |\n", None, 8),
])
def test_a_plural_node_label_counts_servers(text: str, nodes: int | None, per_node: int | None) -> None:
    assert value(text, "nodes") == nodes
    assert value(text, "gpu.per_node") == per_node


@pytest.mark.parametrize("text", ["2 nodes, RoCE v2 fabric. The leaf and spine switches carry only your traffic.\n",
                                  "2 nodes, RoCE v2 fabric. The fabric carries the customer's traffic only.\n"])
def test_only_the_customers_traffic_is_isolation(text: str) -> None:
    assert value(text, "fabric.isolation") is True


@pytest.mark.parametrize(("text", "baseline"), [
    ("2 nodes, RoCE v2. At hand-over you receive our RoCE baseline, every PFC and ECN value.\n", True),
    ("2 nodes, RoCE v2. No network baseline is delivered.\n", False),
])
def test_a_named_fabric_baseline_is_a_configuration_baseline(text: str, baseline: bool) -> None:
    assert value(text, "tuning.baseline") is baseline


@pytest.mark.parametrize(("lead_in", "multi_node"), [("Before hand-over we run these across all 2 nodes:", True),
                                                     ("Run on each node individually:", False)])
def test_a_sentence_ending_in_a_colon_speaks_for_the_table_under_it(lead_in: str, multi_node: bool) -> None:
    text = (f"2 nodes of 8x H100 SXM, RoCE v2.\n\n{lead_in}\n\n| Test | Pass |\n|---|---|\n"
            "| nccl-tests all_reduce_perf | busbw >= 300 GB/s |\n")
    assert value(text, "acceptance.multi_node", "markdown") is multi_node


@pytest.mark.parametrize("text", ["2 台服务器，InfiniBand HDR，经 1 台交换机互联，该交换机仅供本项目使用。\n",
                                  "2 nodes, InfiniBand HDR through one switch used by this project only.\n"])
def test_a_switch_for_this_project_only_is_dedicated(text: str) -> None:
    assert value(text, "fabric.dedicated") is True
    assert value(text, "fabric.switch_dedicated") is True


def test_a_restart_on_a_healthy_host_is_a_failover() -> None:
    text = "Hardware failure: we restart your instance on a healthy host within 2 hours of detecting the fault.\n"
    assert value(text, "sla.failover_minutes") == 120.0


def test_ports_counted_with_their_rate_make_expansion_concrete() -> None:
    text = "4 台服务器，RoCE v2。Spine 交换机上另有 8 个 200G 端口供甲方后续扩容使用。\n"
    assert value(text, "fabric.expansion") == "concrete"


def test_what_a_baseline_holds_says_nothing_of_who_tunes() -> None:
    text = ("4 台服务器，RoCE v2。PFC、ECN 参数由乙方负责配置。\n"
            "乙方应于验收前向甲方提交《计算网络配置基线》，内容包括 PFC/ECN 配置。\n")
    assert value(text, "tuning.owner") == "provider"
    assert value(text, "tuning.baseline") is True


@pytest.mark.parametrize(("text", "owner"), [
    ("4 台 H100，RoCE v2。网络出现拥塞、丢包时，由乙方负责定位处理，甲方予以配合。\n", "provider"),
    ("4 nodes, RoCE v2. Congestion and packet loss are diagnosed by the Provider; the Customer assists.\n",
     "provider"),
    ("4 nodes, RoCE v2. Congestion and packet loss are diagnosed by the Provider and the Customer together.\n",
     "shared"),
])
def test_a_party_that_only_helps_does_not_share_the_duty(text: str, owner: str) -> None:
    assert value(text, "tuning.troubleshooting") == owner


def test_a_figure_in_brackets_that_repeats_a_number_word_goes_on_from_the_line_before() -> None:
    text = ("1. Capacity\n\n   a) Four (4) servers, each an HGX H200 platform with eight\n"
            "      (8) H200 GPUs, for a total of 32 GPUs.\n")
    assert value(text, "gpu.per_node") == 8
    items = "The Provider shall deliver the following\n(1) four servers;\n(2) the fabric.\n"
    assert len(document_from_text(items).passages) == 3


def test_answers_put_inline_under_a_quoted_message_are_read() -> None:
    text = ("From: Sales <sales@provider.example>\nTo: Buyer <buyer@customer.example>\n"
            "Date: Mon, 1 Sep 2025 09:00\nSubject: RE: questions\n\nHi,\n\nAnswers inline.\n\n"
            "> -----Original Message-----\n> From: Buyer <buyer@customer.example>\n> Subject: questions\n>\n"
            "> 1. Can you give us eight 400G InfiniBand HCAs per node?\n\n"
            "[A] Our two servers connect over Ethernet: two (2) 100GbE ports per server, plain TCP/IP, no RDMA.\n\n"
            "> 2. Will you run nccl-tests across both nodes at hand-over?\n\n"
            "[A] We don't run formal acceptance tests; you are welcome to run your own benchmarks.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "ethernet-tcp"
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("fabric.rate_gbps").value == 100.0
    assert offering.fact("acceptance.test") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("2 nodes over 100GbE. We don't offer RoCE on this product line.\n", "fabric.protocol", "ethernet-tcp"),
    ("Availability target 99.5%. Service credits do not apply to this product.\n", "sla.credits", False),
])
def test_english_denials_with_do_not(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_list_the_writer_asks_a_vendor_for_offers_nothing() -> None:
    text = ("报价单写的是：计算网络每台 2 张 100G 网卡，与其他客户共用。\n\n"
            "我们希望 vendor 补充的（这是我们的要求）：\n"
            "(a) 每台 8 × 200G 网卡，写明 RoCE v2;\n"
            "(b) 交换机独享;\n\n"
            "3. 验收\n\n- 报价单：交付时每台单独运行 nccl-tests。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("fabric.dedicated").value is False
    assert offering.fact("acceptance.test").value == "nccl-tests"  # the next list is read again


@pytest.mark.parametrize("text", ["6 台服务器，支持 RDMA。协议没写是 IB 还是 RoCE。\n",
                                  "6 台服务器，支持 RDMA。Raymond 问了一句 RoCE v1 还是 v2。\n",
                                  "Six servers, RDMA capable; the quote does not say whether InfiniBand or RoCE.\n"])
def test_a_clause_that_asks_which_fabric_offers_neither(text: str) -> None:
    assert value(text, "fabric.protocol") == "rdma"


def test_a_miscounted_server_is_no_count_and_a_corrected_message_stands() -> None:
    text = ("10:15 销售：先报 ５ 台，每台 ８卡 Ｈ１００ ＳＸＭ５。\n\n"
            "10:46 销售：台数也更正一下：是 ６ 台，当时漏算了一台，一共 ４８ 卡。以这两条为准。\n\n"
            "14:12 销售：¥16.8/卡/小时。\n\n"
            "14:15 销售：不好意思，刚才那个是 H800 的价格。H100 是 ¥19.8/卡/小时，６ 台 ４８ 卡。\n")
    offering = offering_of(text)
    assert offering.fact("nodes").value == 6
    assert offering.fact("gpu.per_node").value == 8
    assert offering.fact("gpu.total").value == 48
    assert offering.fact("commercial.unit_price").value.amount == 19.8
    assert offering.fact("commercial.price_hedged") is None


def test_a_vendor_network_group_tunes_and_the_customer_backs_up_its_own_data() -> None:
    text = ("6 台服务器，参数网 RoCE v2，叶到脊上联按 2:1 收敛设计。\n"
            "PFC 和 ECN 都是我们网络组配置，交付时会给一份交换机和网卡的 PFC/ECN 配置文档。\n"
            "快照只做系统盘。数据盘和 checkpoint 需要你们自己备份。\n")
    offering = offering_of(text)
    assert offering.fact("tuning.owner").value == "provider"
    assert offering.fact("tuning.baseline").value is True
    assert offering.fact("fabric.oversubscription").value == 2.0
    assert offering.fact("backup.scope").value == "system-only"


def test_a_bidders_answer_beats_the_requirement_it_complies_with() -> None:
    text = ("| Req. ID | Requirement | Code | Bidder's response |\n|---|---|---|---|\n"
            "| T-14 | Support response for P1 incidents within 30 minutes | FC | P1: 15 minutes, 24x7. |\n"
            "| T-16 | Availability of at least 99.9% with service credits | FC | Monthly; credits of 5% per 0.1 pp. |\n"
            "| T-12 | Pilot period before the term | FC | A ten (10) day paid pilot. |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("sla.support_response_minutes").value == 15.0
    assert offering.fact("sla.availability_pct").value == 99.9


@pytest.mark.parametrize("terms", ["一级故障 20 分钟内响应，4 小时内更换；二级故障 2 小时内响应，3 个工作日内解决。",
                                   "Severity 1: response within 20 minutes, 12 hours to resolve."])
def test_a_time_to_resolve_is_no_response_time(terms: str) -> None:
    text = "4 台 8 卡 H100 SXM 服务器。\n" + terms + "\n"
    said = [s.value for s in extract(document_from_text(text)).statements if s.path == "sla.support_response_minutes"]
    assert said and max(said) <= 120.0  # 20 minutes (and 2 hours for severity 2), never the days to resolve


@pytest.mark.parametrize("answers", ["供应商回复", "乙方答复", "回复内容", "Provider's reply"])
def test_a_column_of_the_vendor_s_replies_times_no_response(answers: str) -> None:
    text = (f"| 序号 | 询价项 | {answers} |\n|---|---|---|\n"
            "| 1 | GPU | 4 台 8 卡 H100 SXM |\n"
            "| 2 | 验收 | 每台 gpu-burn 48 小时压测 |\n"
            "| 3 | 故障响应 | 一级故障 20 分钟响应 |\n")
    assert value(text, "sla.support_response_minutes", "markdown") == 20.0


@pytest.mark.parametrize(("text", "on_mig"), [
    ("Development servers offer MIG 1g.10gb instances for notebooks and teaching.\n", None),
    ("Client may use two MIG 1g.10gb instances to test connectivity and size the cluster.\n", True),
])
def test_mig_slices_for_teaching_are_no_test_of_the_cluster(text: str, on_mig: bool | None) -> None:
    assert value(text, "acceptance.on_mig") is on_mig


def test_use_cases_are_no_acceptance_test() -> None:
    text = "# 产品\n\n4 台 H100，RoCE v2。\n\n## 典型场景\n\n- 推理服务的批量压测\n"
    assert value(text, "acceptance.test", "markdown") is None


def test_what_the_choice_of_an_option_and_its_section_say_is_the_chosen_options() -> None:
    text = ("| 项目 | 方案 A | 方案 B |\n|---|---|---|\n| 服务器数量 | 2 台 | 4 台 |\n"
            "| 单价 | ¥52,000 / 台 / 月 | ¥118,000 / 台 / 月 |\n\n"
            "## 客户确认\n\n客户确认选择 **方案 B（4 台 H800）**。\n\n| 确认项 | 内容 |\n|---|---|\n| 数量 | 4 台 |\n")
    document = document_from_text(text, format="markdown")
    extraction = extract(document)
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    by_name = {option.name: option.offering for option in options}
    assert by_name["方案A"].fact("nodes").value == 2
    assert by_name["方案B"].fact("nodes").value == 4
    assert offering.fact("commercial.unit_price").value.amount == 118000.0
    assert offering.fact("commercial.line_total") is None  # the next cell is option B's own unit price


@pytest.mark.parametrize(("text", "nodes"), [("Halvard provides two (2) dedicated GPU servers.\n", 2),
                                             ("The lessor provides 2 dedicated GPU servers.\n", 2),
                                             ("We provide two dedicated servers, each with 8 B200 GPUs.\n", 2)])
def test_a_dedicated_word_between_count_and_servers(text: str, nodes: int) -> None:
    assert value(text, "nodes") == nodes


def test_a_size_after_the_cards_with_of_is_their_memory() -> None:
    assert value("Each node has eight (8) B200 SXM GPUs of 180 GB each.\n", "gpu.memory_gb") == 180


def test_the_provider_named_by_its_short_name_supplies_the_optics() -> None:
    text = ('Halvard Compute Ltd ("Halvard") and Orrin Labs Inc. ("Customer").\n\n'
            "Compute Fabric: InfiniBand NDR, 8 HCAs per node.\n\n"
            "Cabling. Halvard supplies and installs all OSFP transceivers and fibre for the Compute Fabric.\n")
    assert value(text, "fabric.cabling") == "provider"


def test_tests_left_out_of_acceptance_or_only_advised_are_none() -> None:
    text = ("4 台服务器。验收标准：单机 8 卡 all_reduce_perf busbw ≥ 150 GB/s。\n\n"
            "跨节点 all_reduce 测试不在合同验收范围内，故未执行。\n\n"
            "甲方建议后续补测 4 台 32 卡的跨节点 all_reduce_perf。\n\n"
            "硬件故障 4 小时内更换；条款未写明更换后是否恢复原交换机端口与网络配置。\n")
    offering = offering_of(text)
    assert offering.fact("acceptance.multi_node").value is False
    assert offering.fact("sla.network_restore").value is False


def test_an_add_on_priced_on_request_after_a_semicolon_and_denials_of_mention() -> None:
    text = ("Two servers over 100GbE. InfiniBand NDR is available as an optional upgrade; the exact "
            "configuration and pricing are on request.\n")
    assert value(text, "commercial.addon_on_request") is True
    zh = "6 台 A800。服务可用性 99.9%，但全文没有任何赔付条款。报价单没有提 GPU 序列号、交付验机。\n"
    assert value(zh, "sla.credits") is False
    assert value(zh, "verification.hardware") is False


def test_a_chinese_numeral_port_count_and_no_other_customer_connected() -> None:
    text = ("计算网络 RoCE v2，每台 8 张 400G 网卡。交换机为 Spectrum-4 SN5600 壹台，乙方为甲方分配肆拾捌个 400G 端口。"
            "该交换机不接入任何其他客户设备。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.switch_ports").value == 48
    assert offering.fact("fabric.isolation").value is True


@pytest.mark.parametrize(("text", "owner"), [
    ("投标人负责 PFC/ECN（DCQCN）配置与调优。\n", "provider"),
    ("A: 我们的网络工程师负责 PFC 和 ECN 配置。\n", "provider"),
    ("Our fabric team configures the subnet manager and diagnoses congestion.\n", "provider"),
])
def test_a_bidder_or_the_vendors_own_engineers_tune(text: str, owner: str) -> None:
    assert value(text, "tuning.owner") == owner


def test_reserving_a_cluster_or_ports_for_the_customer_is_no_expansion() -> None:
    text = ("Reserve a dedicated, non-blocking H100 cluster with InfiniBand.\n\n"
            "| Size | Nodes | Fabric ports reserved |\n|---|---|---|\n| small | 2 | 16 |\n\n"
            "The leaf ports are reserved for your cluster alone and carry no other customer's traffic.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.expansion") is None
    assert offering.fact("fabric.switch_ports").value == 16


def test_support_responded_to_and_a_nic_per_gpu() -> None:
    assert value("Severity 1 incidents are responded to within fifteen (15) minutes.\n",
                 "sla.support_response_minutes") == 15.0
    row = "| 项目 | 配置 | 数量 |\n|---|---|---|\n| 计算网卡 | ConnectX-7 400Gb/s，每卡 GPU 对应 1 张 | 8 张/台 |\n"
    offering = offering_of(row, "markdown")
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.nics_per_gpu").value == 1


@pytest.mark.parametrize("time_line", ["10:26  销售（某算力）\n", "10:26  销售（某算力）\n\n"])
def test_a_chat_message_that_corrects_does_so_with_all_its_lines(time_line: str) -> None:
    text = ("09:41  销售（某算力）\n机间网络是 IB 400G，每台 8 张网卡。\n\n" + time_line +
            "更正一下，IB 这批资源已经被别的客户锁了。\n现在能给您的是以太网内网，支持 RDMA，每台 4 张 400G 网卡。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "rdma"
    assert offering.fact("fabric.nics_per_node").value == 4


def test_a_rejected_vendors_column_and_what_is_still_needed_offer_nothing() -> None:
    text = ("## Side by side\n\n| Item | Saltmarsh (chosen) | Quarry Peak (rejected) |\n|---|---|---|\n"
            "| Nodes | 8 | 8 |\n| Support response | not stated in the quote | 2 hours |\n"
            "| HW replacement | failed node swapped within 4 hours | best effort |\n\n"
            "## What we still need from Saltmarsh before signing\n\n"
            "1. A support response time for P1 incidents.\n"
            "2. Wording that a replacement node is re-cabled to the same ports and its fabric configuration restored.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("sla.support_response_minutes") is None
    assert offering.fact("sla.failover_minutes").value == 240.0
    assert offering.fact("sla.network_restore") is None


def test_a_number_word_before_single_port_nics_and_a_cluster_wide_nic_count() -> None:
    text = ("The cluster has sixteen (16) Nodes. Each Node carries eight single-port ConnectX-7 HCAs.\n"
            "Acceptance: ib_write_bw on each of the 128 HCAs.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.nics_total").value == 128


@pytest.mark.parametrize("number", ["四", "iv", "T-16"])
def test_a_row_number_cell_is_no_row_label(number: str) -> None:
    text = f"| 序号 | 项目 | 承诺 |\n|---|---|---|\n| {number} | 月度可用性 | 不低于 99.9% |\n"
    assert value(text, "sla.availability_pct", "markdown") == 99.9


def test_a_switch_counted_with_its_vendor_before_its_model_is_no_server() -> None:
    text = "4 台 H800 服务器。组网：1 台 NVIDIA Quantum-2 QM9700，分配 32 个 NDR 端口。\n"
    assert value(text, "nodes") == 4


def test_a_header_with_an_empty_corner_names_a_plan_per_column() -> None:
    text = ("Spin up one server in minutes, or a whole pod.\n\n"
            "| | **Small** | **Large** |\n|---|---|---|\n| Servers | 2 | 8 |\n"
            "| GPU | 8 × H100 SXM5 80 GB per server | same |\n| Compute fabric | RoCE v2, 2 × 200 GbE per server | same |\n")
    extraction = extract(document_from_text(text, format="markdown"))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    by_name = {option.name: option.offering for option in options}
    assert by_name["Small"].fact("nodes").value == 2  # its column, not the "one server" said for all
    assert by_name["Large"].fact("nodes").value == 8
    assert by_name["Large"].fact("gpu.model").value == "H100"  # "same" repeats the cell on its left
    assert offering.fact("gpu.model").value == "H100"  # what every plan states alike
    assert offering.fact("nodes") is None


@pytest.mark.parametrize("corner", ["| | Per server | Per pod |", "| | P1 | P2 |"])
def test_scopes_and_severities_in_a_header_are_no_plans(corner: str) -> None:
    text = f"{corner}\n|---|---|---|\n| Servers | 1 | 4 |\n"
    extraction = extract(document_from_text(text, format="markdown"))
    assert assemble_options(extraction.statements)[1] == []


def test_a_vendors_network_engineering_tunes() -> None:
    text = "4 nodes, RoCE v2. Corvid network engineering configures PFC and ECN on the switches and NICs.\n"
    assert value(text, "tuning.owner") == "provider"


@pytest.mark.parametrize("label", ["GPU total:", "Total GPUs:"])
def test_a_gpu_total_label_line(label: str) -> None:
    text = f"Nodes:          six (6) GPU servers\nGPU per node:   8 x A100 80GB SXM4\n{label}      56\n"
    assert value(text, "gpu.total") == 56


def test_each_node_tested_on_its_own_is_a_single_machine_test() -> None:
    text = ("Nodes: six (6) GPU servers.\n"
            "Procedure: each node tested on its own: HPL, then nccl-tests all_reduce_perf across its 8 GPUs.\n")
    assert value(text, "acceptance.multi_node") is False


def test_a_fabric_the_customer_may_choose_instead_is_an_upgrade() -> None:
    text = ("计算网卡：ConnectX-6 Dx 200GbE 单口，RoCE v2，每台 2 张。\n"
            "如客户选用 InfiniBand 组网，原 RoCE 网卡及汇聚端口不再提供，租金相应调整。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.upgrade_protocol").value == "infiniband"


@pytest.mark.parametrize(("words", "count"), [("one hundred and twenty-eight", 128), ("Ninety-six", 96),
                                              ("two hundred", 200), ("twenty-two", 22)])
def test_compound_number_words_count_whole(words: str, count: int) -> None:
    assert value(f"The cluster is wired with {words} HCAs in total.\n", "fabric.nics_total") == count


@pytest.mark.parametrize("text", [
    "方案：6 台 H800 服务器，共 48 卡。\n\n更新：六台那版作废，改报 3 台 H800，共 24 卡。\n",
    "方案：6 台 H800 服务器，共 48 卡。\n\n改报 3 台 H800，共 24 卡。上一版（6台）不再有效。\n",
    "Offer A: 6 x H800 servers, 48 GPUs in total.\n\nPlease disregard the 6-node quote; we now offer 3 H800 "
    "servers, 24 GPUs in total.\n",
])
def test_a_version_set_aside_by_its_node_count_offers_nothing(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("nodes").value == 3
    assert offering.fact("gpu.total").value == 24


def test_a_version_set_aside_by_another_count_leaves_the_offer() -> None:
    text = "方案：6 台 H800 服务器，共 48 卡。\n\n之前四台那版作废。\n"
    assert value(text, "nodes") == 6
    assert value(text, "gpu.total") == 48


def test_a_correction_sets_aside_the_name_it_denies() -> None:
    text = ("10:01  销售\n配置：H800 PCIe 8 卡，NVSwitch 全互联\n\n"
            "10:05  销售\n更正一下，不是 PCIe，是 H800 SXM5（HGX 8-GPU），NVSwitch 全互联\n")
    offering = offering_of(text)
    assert offering.fact("intra_node.link").value == "nvlink-switch"
    assert offering.fact("gpu.variant").value == "SXM"


@pytest.mark.parametrize("text", ["IB 选配每台 8 张 HDR 200G（一卡一网），16 台一共 128 张网卡\n",
                                  "每台配 8 张 200G 卡用于节点间通信\n"])
def test_cards_counted_with_a_line_rate_are_network_cards(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.rate_gbps").value == 200.0


def test_a_quoted_option_turned_down_offers_nothing() -> None:
    text = ("3.1 计算网络：InfiniBand NDR 400Gb/s，交换机专供甲方使用，无收敛。\n"
            "7.1 报价单中的“RoCE 100G 共享组网”方案已被甲方否决。\n")
    assert value(text, "fabric.dedicated") is True
    assert value(text, "fabric.protocol") == "infiniband"


def test_each_item_of_an_enumeration_has_its_own_subject() -> None:
    text = "计算网络：400G RoCE，端口独享。\n月租含计算网络、光模块、公网 100M 共享。\n"
    assert value(text, "fabric.dedicated") is True


def test_a_network_card_for_each_gpu_counts_no_card() -> None:
    assert value("RoCE 网络：一卡一网，单口 400G 网卡\n", "fabric.nics_per_node") is None


_MATRIX_HEAD = "| Ref | Requirement (Buyer) | Response | Bidder comment |\n|---|---|---|---|\n"


def test_a_bidders_fabric_sets_the_rate_over_the_requirements_protocol() -> None:
    text = _MATRIX_HEAD + ("| B-1 | InfiniBand NDR or RoCE v2, at least 400 Gb/s per GPU. | C | RoCE v2 over 400GbE, "
                           "eight ConnectX-7 NICs per node. |\n"
                           "| D-1 | Acceptance. | C | ib_write_bw per NIC pair of at least 350 Gb/s. |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.rate_gbps").value == 400.0


def test_a_hyphenated_severity_before_its_time_is_no_ratio() -> None:
    text = _MATRIX_HEAD + "| E-2 | Severity-1 response within 15 minutes. | C | Sev-1: 10 minutes; Sev-2: 1 hour. |\n"
    assert value(text, "sla.support_response_minutes", "markdown") == 10.0


def test_a_topology_quoted_as_an_option_leaves_the_fabric_included() -> None:
    text = _MATRIX_HEAD + ("| B-1 | Fabric. | C | RoCE v2, 8 x 400G NICs per node. |\n"
                           "| B-2 | Topology. | PC | The spine is built at 2:1 oversubscription. A 1:1 spine can be quoted as an "
                           "option. |\n")
    assert value(text, "fabric.optional", "markdown") is False


def test_rows_naming_several_models_compare_plans_in_columns() -> None:
    text = ("| | **Small** | **Large** |\n|---|---|---|\n| Servers | 1 | 4 |\n"
            "| GPUs per server | 8 × NVIDIA L40S 48 GB PCIe | 8 × NVIDIA H100 80 GB SXM5 |\n"
            "| GPU-to-GPU | PCIe through the host (no NVLink on L40S) | NVLink 4 + NVSwitch, 900 GB/s |\n")
    _, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert [option.name for option in options] == ["Small", "Large"]
    assert options[1].offering.fact("gpu.model").value == "H100"


@pytest.mark.parametrize("sentence", [
    "Acceptance is done server by server: nccl-tests all_reduce_perf on that server's own eight GPUs.",
    "Our standard acceptance: each node runs all_reduce_perf on its 8 GPUs.",
    "验收时逐台运行 nccl-tests all_reduce_perf。",
])
def test_acceptance_server_by_server_is_on_one_machine(sentence: str) -> None:
    text = f"Four H100 nodes, 8 GPUs each, InfiniBand NDR between them.\n{sentence}\n"
    assert value(text, "acceptance.multi_node") is False


def test_an_email_with_bold_headers_reads_only_its_own_message() -> None:
    text = ("**From:** Vendor Sales\n**To:** Buyer\n**Date:** Fri, 12 Sep 2025\n**Subject:** Proposal v3\n\n"
            "We offer two (2) H800 servers, 8 GPUs each, with a 10 Gbps internet port.\n\n"
            "> **From:** Buyer\n> **Subject:** Proposal v2\n>\n"
            "> > - Compute fabric: InfiniBand NDR 400 Gb/s, 8 x ConnectX-7 HCAs per server\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 2
    assert offering.fact("fabric.protocol") is None


@pytest.mark.parametrize("sentence", [
    "We have had to remove the InfiniBand fabric from this proposal.",
    "InfiniBand 网络已取消。",
])
def test_a_fabric_taken_out_of_the_offer_is_not_offered(sentence: str) -> None:
    assert value(f"2 x H800 servers.\n{sentence}\n", "fabric.protocol") is None


def test_power_headroom_is_no_expansion() -> None:
    text = "The cage is provisioned for 24 kW (two servers at up to 10.2 kW each plus headroom).\n"
    assert value(text, "fabric.expansion") is None


_BOX_TABLE = ("┌──────┬──────────────┬──────────────┐\n"
              "│ 项目 │ 方案一：RoCE │ 方案二：IB   │\n"
              "├──────┼──────────────┼──────────────┤\n"
              "│ 网卡 │ 每台 8 张 400G │ 另行确认   │\n"
              "│ 月租 │ ¥680,000/月  │ ¥680,000/月＋IB 加价 │\n"
              "│ IB 加价 │ ―        │ 以咨询为准   │\n"
              "└──────┴──────────────┴──────────────┘\n")


def test_a_table_drawn_with_box_characters_reads_as_a_table() -> None:
    document = document_from_text("报价如下：\n" + _BOX_TABLE)
    rows = [p.text for p in document.passages if p.kind == "table-row"]
    assert rows[1] == "网卡 | 每台 8 张 400G | 另行确认"
    assert len(rows) == 4


def test_a_row_for_one_plan_and_a_surcharge_make_that_plans_add_on() -> None:
    _, options = assemble_options(extract(document_from_text(_BOX_TABLE)).statements)
    by_name = {option.name: option.offering for option in options}
    assert by_name["方案一"].fact("fabric.optional") is None
    assert by_name["方案二"].fact("fabric.optional").value is True
    assert by_name["方案二"].fact("commercial.addon_on_request").value is True


@pytest.mark.parametrize("line", ["本地盘：2×960G（系统）", "Local disks: 2 x 960G, 4 x 3.84T"])
def test_disk_sizes_counted_like_cards_are_no_network_cards(line: str) -> None:
    assert value(f"{line}\n", "fabric.nics_per_node") is None


def test_dotted_leader_lines_are_items_of_the_lead_in_above() -> None:
    text = ("4.2 Provider shall acknowledge an Incident within the following times:\n\n"
            "    Severity 1 ............ 15 minutes\n    Severity 2 ............ 2 hours\n")
    assert value(text, "sla.support_response_minutes") == 15.0


def test_a_node_that_cannot_be_repaired_is_a_failed_one() -> None:
    text = "Where a Node cannot be repaired in place, Provider will migrate the workload to a standby Node.\n"
    assert value(text, "sla.replacement") is True


@pytest.mark.parametrize("text", ["USD 1.85 / GPU-hr, billed monthly, est. USD 21,608/month for 16 GPUs.\n",
                                  "Price: USD 21,608/month for 16 GPUs. 这个是预估，final number after approval\n"])
def test_an_estimate_written_short_or_after_the_price_hedges_it(text: str) -> None:
    assert value(text, "commercial.price_hedged") is True


def test_a_document_of_the_switch_configuration_is_a_baseline() -> None:
    text = "RoCE v2 fabric. We send a doc with switch config + recommended NIC QoS settings before handover.\n"
    assert value(text, "tuning.baseline") is True


def test_a_commit_in_months_is_the_term() -> None:
    assert value("USD 1.85 per GPU-hour on a 3-month commit, billed monthly.\n", "commercial.term_months") == 3.0


def test_chat_messages_with_a_weekday_in_their_time_are_messages_of_their_own() -> None:
    document = document_from_text("[Tue 09:50] Leo (Vendor): switch side PFC + ECN 我们配\n"
                                  "[Tue 09:51] Leo (Vendor): if you see drops, our NOC checks the counters\n")
    assert len(document.passages) == 2
    assert value("[Tue 09:50] Leo (Vendor): switch side PFC + ECN 我们配\n", "tuning.owner") == "provider"


def test_cards_in_a_clause_of_their_own_are_gpus_beside_a_nic_total() -> None:
    offering = offering_of("数量：8 台，共 64 卡，参数面网卡共 32 张\n")
    assert offering.fact("gpu.total").value == 64
    assert offering.fact("fabric.nics_total").value == 32


def test_a_chat_promise_to_swap_a_broken_machine_is_a_replacement() -> None:
    assert value("机器坏了肯定第一时间给你们换，尽快处理。\n", "sla.replacement") is True


def test_a_minimum_signing_period_is_the_term() -> None:
    assert value("合同一年起签，按季度付。\n", "commercial.term_months") == 12.0


def test_racks_held_for_a_later_expansion_are_a_vague_expansion() -> None:
    assert value("机柜给你们预留着，到时候直接扩，价格到时候再谈。\n", "fabric.expansion") == "vague"


def test_monitoring_pfc_and_ecn_counters_configures_nothing() -> None:
    text = ("RoCE v2 fabric, 8 x 400G NICs per node.\n"
            "The Provider's NOC monitors PFC pause frames, ECN marks and CNP counters 24x7.\n")
    assert value(text, "tuning.owner") is None


@pytest.mark.parametrize("promotion", ["A100 80G SXM 老用户续费 8 折。", "Returning A100 SXM4 customers get 20% off."])
def test_a_form_factor_said_with_another_model_is_not_the_offers(promotion: str) -> None:
    text = f"每台 8 块 NVIDIA H100 80GB，卡间 NVLink 900GB/s。\n\n> {promotion}\n"
    offering = offering_of(text, "markdown")
    assert offering.fact("gpu.model").value == "H100"
    assert offering.fact("gpu.variant") is None


def test_answers_between_the_quoted_lines_of_an_original_message_are_read() -> None:
    text = ("From: Vendor Sales\nTo: Buyer\nDate: Thu, 14 Aug 2025\nSubject: RE: RFQ, answers inline\n\n"
            "Answers inline below.\n\n-----Original Message-----\nFrom: Buyer\nSent: Tuesday\n"
            "Subject: RFQ - 64 GPU cluster\n\n> 1. Are the training ports dedicated?\n\n"
            "[V] They sit on our shared fabric, oversubscribed 2:1 at the spine.\n\n> 2. SLA?\n\n"
            "[V] 99.95% monthly availability.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.oversubscription").value == 2.0
    assert offering.fact("sla.availability_pct").value == 99.95
    assert offering.fact("gpu.total") is None


def test_no_need_for_a_fabric_offers_none() -> None:
    text = "网络：机器之间万兆互联。\n直接这么起就行，不用折腾 IB。\n"
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "ethernet-tcp"
    assert offering.fact("fabric.rate_gbps").value == 10.0


def test_a_column_of_a_voided_version_offers_nothing() -> None:
    text = ("| 项目 | V2（已作废） | V3（本版） |\n|---|---|---|\n"
            "| 计算网络 | RoCE v2，每节点 4 × 200G，收敛比 2:1 | RoCE v2，每节点 8 × 400G，1:1 无收敛 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.oversubscription").value == 1.0
    assert offering.fact("fabric.rate_gbps").value == 400.0


def test_a_requote_as_the_customer_asked_replaces_the_count() -> None:
    text = ("10:01 销售：\n2 台，一共 16 卡\n\n10:05 客户：\n2 台不够，我们要 4 台\n\n"
            "10:07 销售：\n不好意思，按您说的 4 台报，那就是 4 台 32 卡，配置同上\n")
    assert value(text, "nodes") == 4


def test_no_other_tenant_on_the_leaves_and_spines_isolates() -> None:
    text = ("InfiniBand NDR fabric, 8 HCAs per node.\nThe leaves and spines that serve a pod carry its traffic only; "
            "no other tenant is ever placed on them.\n")
    assert value(text, "fabric.isolation") is True


def test_a_named_operations_team_of_ours_troubleshoots() -> None:
    text = ("InfiniBand NDR fabric, 8 HCAs per node.\nOur fabric operations team owns the investigation of "
            "congestion, link flaps and packet drops.\n")
    assert value(text, "tuning.troubleshooting") == "provider"


def test_a_spare_cabled_to_the_same_rail_ports_restores_the_fabric() -> None:
    text = ("Failed nodes are swapped for a hot spare within 4 hours. The spare is cabled to the same eight rail "
            "ports as the node it replaces.\n")
    assert value(text, "sla.network_restore") is True


def test_half_an_hour_in_chinese_is_thirty_minutes() -> None:
    assert value("7×24 有人值班，故障半小时内响应。\n", "sla.support_response_minutes") == 30.0


def test_a_plan_named_in_two_languages_is_one_plan() -> None:
    text = ("| Item / 项目 | Plan A / 方案A | Plan B / 方案B |\n|---|---|---|\n"
            "| GPU | A100 SXM4 80GB × 8 | H100 SXM5 80GB × 8 |\n\n"
            "客户选择 Customer's choice:  ☐ Plan A   ☑ Plan B\n")
    offering, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert [option.name for option in options] == ["Plan A", "Plan B"]
    assert options[1].offering.fact("gpu.model").value == "H100"


@pytest.mark.parametrize("text", [
    "3 台 8 卡 H800，RoCE 组网。\n免费试用这边安排不了，试用暂时没有，最短签半年。\n",
    "3 台 8 卡 H800，RoCE 组网。\n整机试用不太方便，您看能不能直接签。\n",
    "Three nodes of 8x H800 on RoCE.\nWe don't offer trials on committed capacity.\n",
    "Three nodes of 8x H800 on RoCE.\nCommitted clusters are not available for trials.\n",
    "Three nodes of 8x H800 on RoCE.\nOne node may be lent for a 5-day trial. No other trial is offered.\n",
    "Three nodes of 8x H800 on RoCE.\nWe cannot arrange a trial at three nodes before the term.\n",
    "Three nodes of 8x H800 on RoCE.\nTrial: 48 hours, limited to one server.\n",
    "Three nodes of 8x H800 on RoCE.\nA 2-day trial is possible on a single DGX node.\n",
    "3 台 8 卡 H800，RoCE 组网。\n试用：签约前暂时无法安排多机试用。\n",
    "3 台 8 卡 H800，RoCE 组网。\n三台一起试跑这个 最近机器比较紧 没办法单独拿出来\n",
])
def test_a_trial_turned_down_offers_none(text: str) -> None:
    assert value(text, "acceptance.trial") is False


def test_a_trial_with_no_problems_found_is_still_a_trial() -> None:
    assert value("3 台 8 卡 H800，RoCE 组网。\n全部 3 台先试用 5 天，试用期没有问题再签合同。\n",
                 "acceptance.trial") is True


def test_a_trial_said_again_in_its_passage_stays_on_one_machine() -> None:
    text = ("3 台 8 卡 H800，RoCE 组网。\n"
            "4.1 签约前可先提供 1 台服务器免费试用 48 小时。试用期满后进入正式租期。\n")
    assert value(text, "acceptance.trial") is False


def test_a_test_run_is_no_trial() -> None:
    assert value("3 台 8 卡 H800。\n验收时完成全部测试运行且无报错即为合格。\n", "acceptance.trial") is None


@pytest.mark.parametrize(("text", "months"), [
    ("价格：每台 5.2 万/月。最短签三个月，月付。\n", 3.0),
    ("3.1 本合同租赁期限为贰拾肆个月。\n", 24.0),
    ("每台 5.2 万/月，3 台就是 15.6 万一个月，租期最少一年，季付。\n", 12.0),
    ("USD 21,000 per node per month, 9 month minimum, billed monthly.\n", 9.0),
    ("around 2.3/gpu/hr, min 6 mo, pay upfront each month\n", 6.0),
    ("The minimum reservation is 18 months.\n", 18.0),
    ("单价的话 一台一个月 四万八 合同最少签一年 半年付\n", 12.0),
    ("每台每月 5 万，最短租期两年。\n", 24.0),
    ("报价：两台合计九万六一个月，最少签一年。\n", 12.0),
])
def test_a_least_term_is_the_term(text: str, months: float) -> None:
    assert value(text, "commercial.term_months") == months


@pytest.mark.parametrize("text", [
    "3 台 8 卡 H100，IB 组网。\n那能不能先试用一下\n",
    "3 台 8 卡 H100，IB 组网。\n请问你们这边可不可以先试用几天\n",
    "3 台 8 卡 H100，IB 组网。\nok can you do a trial first\n",
    "3 台 8 卡 H100，IB 组网。\n价格方面呢 有没有试用\n",
])
def test_a_question_without_its_mark_offers_nothing(text: str) -> None:
    assert value(text, "acceptance.trial") is None


def test_a_label_that_opens_as_a_question_still_gives_its_value() -> None:
    assert value("3 台 8 卡 H100，IB 组网。\n能否提供试用：可以，签约前全部 3 台试用 5 天。\n", "acceptance.trial") is True


def test_a_buyer_asking_for_a_trial_leaves_the_vendor_answer_in_force() -> None:
    text = ("2025-03-02 10:01  我：\n那能不能先试用一下\n"
            "2025-03-02 10:06  李经理｜云岫算力：\n试用的话 可以先开一台给你 跑两天 四台一起试 这个没办法\n")
    assert value("4 台 H100 8 卡，IB 400G。\n" + text, "acceptance.trial") is False


def test_a_trial_on_one_gpu_or_a_slice_is_no_trial_of_the_cluster() -> None:
    assert value("Six nodes of 8x H200, RoCE v2.\nFree trial: one day on a single H200.\n", "acceptance.trial") is False
    assert value("6 台 8 卡 H200，RoCE v2。\n可以先开两个 MIG 实例免费试用，测测通信。\n", "acceptance.trial") is False


@pytest.mark.parametrize("text", [
    "6 x 8-GPU H200 servers on 200G RoCE v2.\nWant InfiniBand? XDR upgrades are offered for this cluster; ask us.\n",
    "6 台 8 卡 H200，200G RoCE v2 互联。\n需要的话可升级为 IB，价格另谈。\n",
])
def test_a_fabric_upgrade_is_an_add_on(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.upgrade_protocol").value == "infiniband"


def test_a_collective_the_fabric_suits_is_no_acceptance_test() -> None:
    text = "6 台 8 卡 H200。\n计算网络每台 8 张 400G 网卡，非常适合跨机 all-reduce。\n"
    assert value(text, "acceptance.test") is None
    assert value("6 台 8 卡 H200。\n验收时跑跨机 all-reduce，busbw 不低于 300GB/s。\n", "acceptance.test") == "all_reduce_perf"


def test_a_hedge_under_a_price_column_hedges_the_price() -> None:
    text = ("| 租期 | 月租 | 备注 |\n|---|---|---|\n| 一年 | ¥ 420,000 / 月 | 季付 |\n"
            "| 两年 | 联系销售 | 需框架协议 |\n")
    assert value(text, "commercial.price_hedged", "markdown") is True


def test_slow_links_with_no_nic_count_are_too_slow_per_gpu(tmp_path: Path) -> None:
    path = tmp_path / "tengig.txt"
    path.write_text("3 台 A100 SXM 服务器，每台 8 卡。\n机器之间万兆以太网互联，TCP 通信。\n", encoding="utf-8")
    report = check_file(path, Options(select=("NET014",)))
    assert [f.rule for f in report.findings] == ["NET014"]
    assert "至多 10Gb/s" in report.findings[0].message
    path.write_text("3 台 A100 SXM 服务器，每台 8 卡。\n机器之间 400G RoCE v2 互联。\n", encoding="utf-8")
    report = check_file(path, Options(select=("NET014",)))
    assert report.findings == [] and "NET014" in {r for gap in report.unjudged for r in gap.rules}


@pytest.mark.parametrize("text", [
    "5 台 8 卡 H20，RoCE v2 组网。\n隔壁机柜给您预留着，以后想扩随时扩。\n",
    "Five 8-GPU H20 nodes on RoCE v2.\nRoom to grow: spare capacity is kept reserved next to your racks, so expanding is easy.\n",
])
def test_room_to_grow_said_as_a_verb_is_vague_expansion(text: str) -> None:
    assert value(text, "fabric.expansion") == "vague"


def test_a_test_of_the_gpus_on_every_node_runs_on_each_by_itself() -> None:
    text = ("Five 8-GPU H20 nodes on RoCE v2.\nAcceptance:\n- all_reduce_perf on each node separately, busbw >= 300 GB/s;\n"
            "- DCGM diagnostic level 3 on every node.\n"
            "Cross-node all_reduce_perf is not part of this acceptance.\n")
    assert value(text, "acceptance.multi_node") is False
    assert value("Five 8-GPU H20 nodes.\nAcceptance: HPL across all five nodes.\n", "acceptance.multi_node") is True


def test_a_requirement_line_gives_way_to_the_answer_below_it() -> None:
    text = ("条款 2.1 计算网络\n招标要求：InfiniBand NDR，每节点 8 张 400Gb/s 网卡。\n"
            "投标应答：部分偏离。我方采用 RoCE v2，每台 8 张 200Gb/s 网卡。\n\n"
            "条款 2.2 交换机\n招标要求：交换机为本项目独享。\n投标应答：满足。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("fabric.dedicated").value is True  # a requirement met and not restated still stands


def test_a_switch_used_together_with_other_customers_is_shared() -> None:
    text = "5 台 8 卡 H20，RoCE v2 组网。\n交换机是机房公用的，和其他几家客户一起用，平时不忙。\n"
    assert value(text, "fabric.dedicated") is False


@pytest.mark.parametrize("text", [
    "2025-03-02 14:01  赵工（甲方）：\nRoCE 的 PFC 和 ECN 谁来调？\n\n2025-03-02 14:05  孙经理（销售）：\n"
    "这部分要客户自己在网卡和交换机上配，我们只管链路。\n",
    "2025-03-02 14:01  赵工（甲方） RoCE 的 PFC 和 ECN 谁来调？\n2025-03-02 14:05  孙经理（销售） "
    "这部分要客户自己在网卡和交换机上配，我们只管链路。\n",
])
def test_a_chat_answer_that_refers_back_takes_up_the_asked_duty(text: str) -> None:
    assert value("5 台 8 卡 H20，RoCE v2 组网。\n\n" + text, "tuning.owner") == "customer"


def test_a_chat_answer_that_refers_to_nothing_asked_owns_nothing() -> None:
    text = ("5 台 8 卡 H20，RoCE v2 组网。\n\n2025-03-02 14:01  赵工（甲方）：\n机柜在哪个机房？\n\n"
            "2025-03-02 14:05  孙经理（销售）：\n这个是客户自己选的，我们都可以。\n")
    assert value(text, "tuning.owner") is None


def test_each_server_as_the_subject_of_a_test_is_one_machine() -> None:
    text = "Five 8-GPU H20 nodes.\nAcceptance: each server must pass a 24-hour gpu-burn run without errors.\n"
    assert value(text, "acceptance.multi_node") is False


def test_mig_slices_to_validate_communication_are_flagged() -> None:
    assert value("1 台 8 卡 H200。\n建议先用 7 个 MIG 实例验证多卡通信，再切回整卡。\n", "acceptance.on_mig") is True


def test_the_table_that_prevails_hedges_no_price() -> None:
    text = "5 台 8 卡 H20，每台 5.8 万/月。\n之前的报价已作废，以本表为准。\n"
    assert value(text, "commercial.price_hedged") is None


@pytest.mark.parametrize("text", [
    "3.1 乙方出租 GPU 服务器 5 台，具体配置以附件二为准。\n",
    "本附件只约定服务等级；硬件与价格以订单为准。\n",
    "未尽事宜以合同正本为准。\n",
])
def test_a_named_document_that_prevails_hedges_no_price(text: str) -> None:
    assert value("5 台 8 卡 H20，每台 5.8 万/月。\n" + text, "commercial.price_hedged") is None


def test_a_diagnosis_before_a_hardware_replacement_is_no_fabric_troubleshooting() -> None:
    text = ("Five 8-GPU H20 nodes on RoCE v2.\n"
            "Provider replaces a failed GPU or node within one business day after diagnosis.\n")
    assert value(text, "tuning.troubleshooting") is None


@pytest.mark.parametrize(("text", "ports"), [
    ("| Item | Plan A |\n|---|---|\n| Switch | NVIDIA SN4600 |\n| Leaf ports allotted | 24 x 200G |\n"
     "| Port speed | 200 Gb/s |\n", 24),
    ("Switching: Quantum-2 QM9700. All one hundred and twenty-eight leaf downlink ports are reserved for the "
     "Customer.\n", 128),
    ("Switching: Quantum-2 QM9700. Forty-eight (48) node-facing NDR ports are allotted to the Customer alone.\n", 48),
])
def test_switch_ports_counted_with_their_kind(text: str, ports: int) -> None:
    assert value(text, "fabric.switch_ports", "markdown") == ports


@pytest.mark.parametrize(("line", "ports"), [("内网是 100G 以太网，每台一个口。", 1), ("内网每台两个 100G 口。", 2)])
def test_ports_counted_per_server_are_its_network_cards(line: str, ports: int) -> None:
    assert value("2 台 A100 SXM，每台 8 卡。\n" + line + "\n", "fabric.nics_per_node") == ports


def test_a_line_over_a_space_aligned_table_names_its_columns() -> None:
    text = ("Two offers for the job:\n\n"
            "                    OFFER A                  OFFER B\n"
            "Servers             4 x HGX H100             4 servers\n"
            "Training network    InfiniBand NDR 400G      RoCE, 100GbE\n"
            "NICs per server     8 x ConnectX-7           2 x 100GbE\n")
    offering, options = assemble_options(extract(document_from_text(text)).statements)
    assert [option.name for option in options] == ["OFFER A", "OFFER B"]
    assert options[1].offering.fact("fabric.nics_per_node").value == 2


def test_a_code_fence_split_by_comment_lines_is_still_code() -> None:
    text = ("## 3. 测试\n\n```bash\n# 服务端\nib_write_bw -d mlx5_0 --report_gbits\n# 客户端\n"
            "ib_write_bw -d mlx5_0 --report_gbits n02\n```\n\n## 4. 服务等级\n\n- 技术支持：7×24，一级故障 15 分钟内响应。\n")
    assert value(text, "sla.support_response_minutes", "markdown") == 15.0


def test_chat_shorthand_for_boxes_terms_and_swaps() -> None:
    text = ("[03/02/2025, 10:01] Sam (GPU shop): 2x HGX H100 boxes, 8x H100 SXM each, $2.2/gpu/hr, 3mo min\n"
            "[03/02/2025, 10:03] Sam (GPU shop): we run nccl-tests all_reduce on each box by itself before handover\n"
            "[03/02/2025, 10:05] Sam (GPU shop): a dead box gets swapped next business day\n"
            "[03/02/2025, 10:06] Sam (GPU shop): cant share serials sorry\n")
    offering = offering_of(text)
    assert offering.fact("nodes").value == 2
    assert offering.fact("commercial.term_months").value == 3.0
    assert offering.fact("acceptance.multi_node").value is False
    assert offering.fact("sla.replacement").value is True
    assert offering.fact("verification.hardware").value is False


def test_each_message_of_a_chat_with_dated_times_stands_alone() -> None:
    text = ("[03/02/2025, 10:01] Sam (GPU shop): 2x HGX H100 boxes, IB NDR 400G, 8 HCAs each\n"
            "[03/02/2025, 10:02] Ana: proof they are SXM?\n"
            "[03/02/2025, 10:04] Sam (GPU shop): serial numbers and nvidia-smi output at handover\n"
            "[03/02/2025, 10:05] Ana: and support?\n")
    assert value(text, "verification.hardware") is True


def test_a_row_that_says_its_item_is_not_offered_offers_nothing() -> None:
    text = ("| 项目 | 规格 |\n|---|---|\n| 计算网络协议 | RoCE v2 |\n| 计算网卡 | 每台 8 张 400GbE 网卡 |\n"
            "| InfiniBand 网络 | 不适用 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 8


@pytest.mark.parametrize("line", [
    "Our RoCE v2 fabric delivers near-InfiniBand performance at Ethernet prices.",
    "RoCE v2 组网，性能媲美 IB。",
    "RoCE v2 with InfiniBand-class latency.",
])
def test_a_fabric_the_offer_is_likened_to_is_not_offered(line: str) -> None:
    assert value("Four 8-GPU H100 nodes.\n" + line + "\n", "fabric.protocol") == "roce-v2"


def test_an_uptime_record_is_no_availability_commitment() -> None:
    text = ("Four 8-GPU H100 nodes.\nWe are proud of a 99.99% uptime record across our fleet.\n\n"
            "| Ref | Requirement | Compliance | Response |\n|---|---|---|---|\n"
            "| R-7 | Availability with service credits | Compliant | 99.9% monthly; credits 10% (< 99.9%) |\n")
    assert value(text, "sla.availability_pct", "markdown") == 99.9


def test_a_duty_row_of_a_two_column_table_names_its_owner() -> None:
    text = "| 项目 | 说明 |\n|---|---|\n| 计算网络 | RoCE v2，每台 8 × 400G |\n| 拥塞/丢包诊断 | 乙方网络工程师负责 |\n"
    assert value(text, "tuning.troubleshooting", "markdown") == "provider"


def test_which_result_row_prevails_hedges_no_price() -> None:
    text = "4 台 8 卡 H20，每台 5.2 万/月。\n判定说明：以大消息行为准，不以平均带宽为准。\n"
    assert value(text, "commercial.price_hedged") is None


def test_mig_switched_off_by_a_command_is_no_mig_test() -> None:
    text = "4 台 8 卡 H20，RoCE v2。\n\n```bash\nnvidia-smi -mig 0    # 验收期间关闭 MIG\n```\n"
    assert value(text, "acceptance.on_mig", "markdown") is None


def test_a_later_version_in_a_chat_with_bracketed_dates_replaces_the_earlier() -> None:
    text = ("[2025-06-02 10:00] 销售：\n2 台 A800 8 卡\n计算网络 RoCE 100G，每台 1 张网卡\n\n"
            "[2025-06-03 09:00] 销售：\n更新一下（第二版，前一版作废）：\n"
            "① 计算网络：InfiniBand HDR 200G，每台 8 张 HCA\n② 价格：7.2 万/台/月\n")
    assert value(text, "fabric.nics_per_node") == 8


def test_a_long_quoted_clause_deleted_after_it_is_struck() -> None:
    text = ('1.1 Section 2 of the Original Order, which read "Two (2) Nodes. Network: RoCE v2, one 100 GbE port per '
            'Node.", is deleted in its entirety.\n\nS1. Nodes. Six (6) Nodes, each with eight (8) H200 GPUs.\n')
    assert value(text, "nodes") == 6


@pytest.mark.parametrize("line", [
    "本报告为 V2。V1 第三节误将 GPU 型号记为“H100 PCIe”，实际为 H100 SXM5，已更正。",
    "v2 替代 v1（v1 曾写“H100 PCIe”，已作废）。实际为 H100 SXM5。",
])
def test_a_value_an_erratum_or_a_voided_version_quotes_is_struck(line: str) -> None:
    assert value(line + "\n交付：4 台 HGX H100 SXM5 服务器，每台 8 卡。\n", "gpu.variant") == "SXM"


def test_a_requirement_quoted_under_its_lead_in_gives_way_to_the_offer() -> None:
    text = ("2025-06-03 10:09  客户：\n我们的需求先贴一下：\n“每卡独立 400G IB，胖树组网。”\n\n"
            "2025-06-03 10:20  销售：\nIB 目前没有现货。我们给 RoCE v2，每台 2 张 200G 网卡，4 台。\n")
    assert value(text, "fabric.protocol") == "roce-v2"


@pytest.mark.parametrize("later", [
    "第二阶段再测 3 台 24 卡跨节点 all_reduce_perf，需另行排期，不作为本次验收条件。",
    "A cross-node all_reduce_perf run over all three servers is not a condition of acceptance.",
    "Multi-node nccl-tests across the three servers are deferred to the second phase.",
])
def test_a_test_put_outside_acceptance_or_off_to_later_is_no_acceptance_test(later: str) -> None:
    text = f"交付 3 台 8 卡 H200。\n验收：每台服务器单独运行 nccl-tests，busbw 不低于 380 GB/s。\n{later}\n"
    assert value(text, "acceptance.multi_node") is False


@pytest.mark.parametrize("message", [
    "[14:02] Lin (buyer): Ran our first job across all three nodes this morning. Here's the tail of the all_reduce_perf run:",
    "[14:02] 买方小林：我们这边跑了 3 台 24 卡的 all_reduce_perf，结果贴在下面。",
])
def test_a_run_the_buyer_reports_in_a_chat_is_no_acceptance_test(message: str) -> None:
    text = ("[13:40] Sales: 3 nodes of 8x H200, acceptance: nccl-tests on each node individually, busbw >= 380 GB/s.\n"
            f"{message}\n")
    assert value(text, "acceptance.multi_node") is False


def test_an_acceptance_run_across_nodes_reported_in_the_report_still_counts() -> None:
    text = "Acceptance: we ran all_reduce_perf across all three nodes; busbw 381 GB/s against 380 GB/s required.\n"
    assert value(text, "acceptance.multi_node") is True


def test_lines_marked_with_a_bracketed_word_are_items_of_their_own() -> None:
    text = ("Included with every cluster\n  [yes] Non-blocking fat-tree on two QM9700 switches\n"
            "  [yes] Shared 25 GbE storage network to the file service (oversubscribed 3:1)\n")
    assert value(text, "fabric.oversubscription") == 1.0


def test_a_services_network_row_is_not_the_fabric() -> None:
    text = ("| Part | Detail |\n|---|---|\n| Training Fabric | 8 x ConnectX-7 400 Gb/s, RoCE v2 |\n"
            "| Services Network | 2 x 25 GbE, shared uplinks, 4:1 |\n")
    assert value(text, "fabric.dedicated", "markdown") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("The Lessor leases six Nodes to the Lessee.\n", "nodes", 6),
    ("Each Server holds eight GPUs.\n", "gpu.per_node", 8),
])
def test_a_count_in_words_before_a_capitalised_defined_unit(text: str, path: str, expected: int) -> None:
    assert value(text, path) == expected


def test_a_defined_baseline_that_records_every_switch_setting_is_a_baseline() -> None:
    text = ('"Settings Record" means the written record of every switch and NIC setting of the fabric, '
            "delivered before the acceptance tests.\n")
    assert value(text, "tuning.baseline") is True


def test_the_block_under_a_lead_in_that_voids_it_offers_nothing() -> None:
    text = ("Current offer: 3 nodes of 8 x H200, RoCE v2, 8 x 400G NICs per node, dedicated leaf ports.\n\n"
            "Superseded, do not sign:\n  March offer: 3 nodes, 2 x 100GbE TCP per node, shared uplinks.\n")
    assert value(text, "fabric.dedicated") is True
    assert value(text, "fabric.nics_per_node") == 8


def test_a_rate_inside_a_part_number_is_no_rate() -> None:
    assert value("Chassis: 3 x Supermicro SYS-421GE-TNRT, RoCE v2.\n", "fabric.rate_gbps") is None


def test_a_benchmark_on_every_node_with_each_after_it_runs_on_each_alone() -> None:
    text = "3 nodes of 8 x H200. At handover we run all_reduce_perf on every node (8 GPUs each).\n"
    assert value(text, "acceptance.multi_node") is False


def test_label_value_lines_aligned_by_spaces_are_rows_of_a_table() -> None:
    text = ("Nodes            3 x Dell PowerEdge XE9680\n"
            "GPU              8 x NVIDIA H200 SXM 141GB per node\n"
            "Compute          RoCE v2, 4 x ConnectX-7 400G per node, shared\n"
            "network          with two other tenants on one leaf\n"
            "Storage          1 x 100GbE per node to a dedicated NAS\n")
    offering = offering_of(text)
    assert offering.fact("nodes").value == 3
    assert offering.fact("fabric.nics_per_node").value == 4
    assert offering.fact("fabric.dedicated").value is False


def test_clause_numbers_set_apart_by_spaces_are_no_labels() -> None:
    text = ("B.1  The Lessor provides three (3) dedicated servers\n     in one hall.\n"
            "B.2  Each server has eight (8) H200 GPUs\n     on an HGX board.\n"
            "B.3  The fabric is RoCE v2 with four (4) 400G NICs\n     per server.\n")
    assert value(text, "nodes") == 3
    assert value(text, "fabric.nics_per_node") == 4


def test_a_pilot_row_on_one_server_is_no_trial_of_the_cluster() -> None:
    text = ("Nodes      3 x HGX H200\nTerm       12 months\n"
            "Pilot      one server for 24 hours before signature\n")
    assert value(text, "acceptance.trial") is False


def test_figures_said_of_another_system_are_not_the_offer() -> None:
    text = ("[10:01] Sales: 3 nodes of 8 x H200, RoCE v2, 2 x 200G NICs per node.\n"
            "[10:05] Sales: That one is 8x 400G IB per node, a different class of fabric.\n")
    assert value(text, "fabric.nics_per_node") == 2


def test_an_upgrade_the_buyer_may_want_later_is_an_add_on() -> None:
    text = "机间网络：RoCE v2 200G 网卡，每台 2 张。\n如果以后想升级 IB，价格另议。\n"
    assert value(text, "fabric.protocol") == "roce-v2"


def test_a_trial_turned_down_with_no_way_offers_none() -> None:
    text = "3 台 8 卡 H200，签一年。\n试用这个实在没办法，资源太紧。\n"
    assert value(text, "acceptance.trial") is False


def test_a_benchmark_each_machine_runs_once_runs_on_one_machine() -> None:
    text = "3 台 8 卡 H200，RoCE v2。\n交付时每台机器跑一遍 nccl-tests，结果发您。\n"
    assert value(text, "acceptance.multi_node") is False


def test_an_infiniband_option_over_rdma_ethernet_is_its_upgrade() -> None:
    offering = offering_of("Three servers, each with one 200G port on our RDMA-capable Ethernet fabric.\n"
                           "Pricing for the InfiniBand option is on request.\n")
    assert offering.fact("fabric.protocol").value == "rdma"
    assert offering.fact("fabric.upgrade_protocol").value == "infiniband"


def test_a_run_pasted_from_another_provider_sets_no_acceptance_test() -> None:
    text = ("[10:11] Buyer: our engineer ran this on a different provider last week:\n"
            "```\n$ ib_write_bw -d mlx5_0 --report_gbits 10.0.0.2\n 65536  5000  390.2  389.9\n```\n"
            "[10:14] Sales: that output's from a 400G IB setup. Ours is 3 nodes with RoCE v2, 2 x 200G per node.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("acceptance.test") is None
    assert offering.fact("fabric.rate_gbps").value == 200.0


def test_a_test_said_to_lie_outside_the_acceptance_scope_later_in_its_sentence_is_none() -> None:
    text = ("3 台 8 卡 H200。验收：每台服务器单独运行 nccl-tests。\n"
            "买方曾提出 3 台 24 卡跨机 all_reduce 测试，卖方回复跨机测试不在本合同验收范围内。\n")
    assert value(text, "acceptance.multi_node") is False


@pytest.mark.parametrize(("text", "multi"), [
    ("3 nodes. At handover we run gpu-burn on each node and all_reduce_perf across all of the nodes.\n", True),
    ("3 nodes. At handover we run nccl-tests all_reduce_perf on each node.\n", False),
])
def test_each_of_two_tests_in_one_clause_runs_where_its_own_words_say(text: str, multi: bool) -> None:
    assert value(text, "acceptance.multi_node") is multi


def test_a_header_line_over_a_rule_names_the_columns_of_the_table_under_it() -> None:
    text = ("                    SMALL              LARGE\n"
            "-----------------------------------------------\n"
            "Nodes               4                  32\n"
            "Fabric              NDR InfiniBand     RoCE v2\n"
            "NICs per node       8 x 400G           8 x 400G\n")
    offering, options = assemble_options(extract(document_from_text(text)).statements)
    assert sorted(option.name for option in options) == ["LARGE", "SMALL"]
    assert offering.fact("nodes") is None


def test_a_duty_the_sentence_before_names_takes_its_party() -> None:
    text = "The Provider configures and operates the fabric. This includes PFC, ECN and DCQCN on every switch.\n"
    assert value(text, "tuning.owner") == "provider"


def test_a_scale_out_fabric_is_the_backend_not_room_to_grow() -> None:
    assert value("4 nodes on a dedicated scale-out fabric, RoCE v2.\n", "fabric.expansion") is None


@pytest.mark.parametrize("wish", [
    "[09:34] Buyer: we'd really want InfiniBand, 8x NDR per node like our current cluster.",
    "[09:34] 买方：我们更想要 IB，每台 8 张 NDR。",
])
def test_a_wish_the_buyer_states_offers_nothing(wish: str) -> None:
    text = f"{wish}\n[09:41] Sales: 3 nodes on 100GbE, one port per node, plain TCP/IP.\n"
    assert value(text, "fabric.protocol") == "ethernet-tcp"


def test_a_request_to_add_a_test_is_no_test() -> None:
    text = "3 nodes of 8x H100 SXM.\n[09:05] Buyer: please add an acceptance test to the order form, there is none.\n"
    assert value(text, "acceptance.test") is None


@pytest.mark.parametrize("said", ["InfiniBand NDR，包含在本报价内（非选配）", "InfiniBand NDR, included, not optional"])
def test_a_fabric_said_not_to_be_optional_is_included(said: str) -> None:
    assert value(f"3 台 8 卡 H200。计算网络：{said}，每台 8 张网卡。\n", "fabric.optional") is False


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("计算网络 RoCE v2，每台 4 张网卡，2 张 GPU 共用 1 张网卡，端口独享。\n", "fabric.dedicated", True),
    ("计算网络 RoCE v2，每台 4 张网卡，2 张 GPU 共用 1 张网卡。\n", "fabric.nics_per_node", 4),
    ("Fabric: RoCE v2 with four NICs per node; two GPUs share one NIC.\n", "fabric.nics_per_node", 4),
    ("Fabric: RoCE v2 with four NICs per node; two GPUs share one NIC.\n", "gpu.per_node", None),
])
def test_gpus_sharing_a_nic_is_a_ratio_not_a_shared_fabric(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_threshold_in_the_answer_cell_of_an_acceptance_row_is_its_threshold() -> None:
    text = ("| # | Requirement | Resp. | Comment |\n|---|---|---|---|\n"
            "| 4.1 | Acceptance: all_reduce_perf across all 6 nodes, busbw threshold | C | "
            "Ring, sizes to 8 GiB; pass at >= 330 GB/s. |\n")
    assert value(text, "acceptance.threshold_gbytes", "markdown") == 330.0


def test_terms_that_do_not_include_credits_give_none() -> None:
    text = "Availability 99.9% per month. Our standard terms do not include service credits.\n"
    assert value(text, "sla.credits") is False


def test_what_is_actually_delivered_prevailing_hedges_no_price() -> None:
    text = "3 台 H200 服务器，每台 9.8 万/月，GPU 型号以乙方实际交付为准。\n"
    assert value(text, "commercial.price_hedged") is None


def test_the_customers_data_disk_backed_up_by_the_provider_is_covered() -> None:
    text = "甲方数据盘由乙方每日增量备份，保留 7 天。\n"
    assert value(text, "backup.scope") == "data"
    assert value("数据盘由甲方自行备份，系统盘每日快照。\n", "backup.scope") == "system-only"


def test_chinese_labels_aligned_as_shown_make_a_table() -> None:
    text = ("服务器数量        3 台\n"
            "GPU               每台 8 张 H200 SXM 141GB\n"
            "计算网络          RoCE v2 200G，每台 4 张网卡\n"
            "存储网络          每台 2×25GbE，接入共享 NAS\n")
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == 4
    assert offering.fact("fabric.dedicated") is None


def test_answers_marked_with_initials_between_unquoted_questions_are_read() -> None:
    text = ("From: Sam Vendor <sam@vendor.example>\nSent: Monday, 4 August 2025 10:00\nTo: Ana Buyer <ana@buyer.example>\n"
            "Subject: RE: questions (answers inline)\n\nHi Ana, answers below marked [SV].\n\n"
            "-----Original Message-----\nFrom: Ana Buyer <ana@buyer.example>\nSent: Friday, 1 August 2025 18:00\n"
            "To: Sam Vendor <sam@vendor.example>\nSubject: questions\n\n"
            "1. Could it be InfiniBand with 8 HCAs per node?\n[SV] No, RoCE v2 only: 3 nodes, 4 x 400G NICs per node.\n\n"
            "2. Who tunes PFC and ECN?\n[SV] PFC and ECN are the customer's responsibility.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 4
    assert offering.fact("tuning.owner").value == "customer"


@pytest.mark.parametrize(("text", "path"), [
    ("3 nodes, RoCE v2. We don't produce a formal baseline document for RoCE pods.\n", "tuning.baseline"),
    ("3 nodes on a 12-month term. We don't do trials on cluster orders.\n", "acceptance.trial"),
])
def test_what_the_vendor_says_it_does_not_do_is_not_offered(text: str, path: str) -> None:
    assert value(text, path) is False


def test_your_team_is_the_customer() -> None:
    text = "3 nodes, RoCE v2. Your team owns the PFC/ECN settings and the congestion troubleshooting.\n"
    assert value(text, "tuning.owner") == "customer"


def test_what_another_vendor_once_quoted_is_not_the_offer() -> None:
    text = ("买方：你们的 H800 是 SXM 还是 PCIe？之前有一家报给我们“H800 PCIe + NVSwitch 全互联”。\n"
            "销售：我们是 HGX H800 SXM5 80GB，每台 8 卡，2 台。\n")
    assert value(text, "gpu.variant") == "SXM"


def test_a_duty_done_by_us_in_chinese_is_the_providers() -> None:
    assert value("RoCE v2，2 台。交换机和网卡侧的 PFC、ECN 都由我们完成。\n", "tuning.owner") == "provider"


def test_gpus_named_before_their_count_stay_gpus_beside_a_nic_count() -> None:
    offering = offering_of("集群共计 GPU 一百二十八张，计算网卡六十四张。\n")
    assert offering.fact("gpu.total").value == 128
    assert offering.fact("fabric.nics_total").value == 64


def test_the_rate_of_the_nics_a_sentence_names_is_no_threshold() -> None:
    assert value("8 x 400 Gb/s NICs, busbw >= 350 GB/s at acceptance.\n", "acceptance.threshold_gbytes") == 350.0


def test_a_label_block_whose_first_label_is_in_lower_case_is_read() -> None:
    text = ("nodes        3 x HGX H200\nGPU          8 x H200 SXM per node\n"
            "Fabric       RoCE v2, 4 x 400G NICs per node\nStorage      shared NAS\n")
    assert value(text, "fabric.nics_per_node") == 4


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Acceptance: nccl-tests across all three Servers, busbw not less than three hundred and forty (340) GB/s.\n",
     "acceptance.threshold_gbytes", 340.0),
    ("Each Server has eight (8) NICs at four hundred (400) Gb/s.\n", "fabric.rate_gbps", 400.0),
    ("Each Server has eight (8) NICs at four hundred (400) Gb/s.\n", "fabric.nics_per_node", 8),
])
def test_a_rate_in_words_with_its_figure_in_brackets(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("验收：3 台跨节点 nccl-tests，busbw 不低于八十五 GB/s 为合格。\n", "acceptance.threshold_gbytes", 85.0),
    ("计算网络：RoCE v2，每台网卡速率二百G。\n", "fabric.rate_gbps", 200.0),
])
def test_a_rate_in_chinese_numerals(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize("text", [
    "The Provider runs nccl-tests all_reduce_perf across all 3 nodes. The pass mark is 350 GB/s.\n",
    "乙方在全部 3 台上运行 nccl-tests。合格线为 350 GB/s。\n",
])
def test_a_threshold_required_in_the_sentence_after_the_test(text: str) -> None:
    assert value(text, "acceptance.threshold_gbytes") == 350.0


def test_a_figure_of_its_own_subject_after_a_test_is_no_threshold() -> None:
    text = "The Provider runs nccl-tests across all 3 nodes. NVLink must reach at least 900 GB/s per GPU.\n"
    assert value(text, "acceptance.threshold_gbytes") is None


def test_nics_counted_before_a_rate_in_chinese_numerals() -> None:
    text = "计算网络：RoCE v2，每台 8 x 二百G 网卡。\n"
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "fabric.rate_gbps") == 200.0


@pytest.mark.parametrize("text", [
    "训练集群共 8 台，分布在 A 机房和 B 机房，IB 互联。\n",
    "The 8 nodes are split between Site A and Site B, joined by InfiniBand.\n",
    "8 nodes in total, racked in DC1 and DC2.\n",
])
def test_two_named_sites_split_the_cluster(text: str) -> None:
    assert value(text, "fabric.multi_site") is True


@pytest.mark.parametrize("text", [
    "8 nodes, InfiniBand NDR. The DC 1 power feed is 2N.\n",
    "8 台服务器，A 机房，IB 互联。\n",
])
def test_one_named_site_is_not_several(text: str) -> None:
    assert value(text, "fabric.multi_site") is None


def test_a_two_column_table_set_apart_by_pipes_keeps_its_rows_apart() -> None:
    text = ("Item | Qty\n"
            "HGX H100 SXM5 server | 4\n"
            "ConnectX-7 400G NIC | 32 (8 per server)\n")
    assert value(text, "nodes") == 4
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "fabric.rate_gbps") == 400.0


@pytest.mark.parametrize("text", [
    "网卡：ConnectX-7 400G 网卡 32（8 per node），RoCE v2。\n",
    "NICs: ConnectX-7 400G NIC 32 (8 per server), RoCE v2.\n",
])
def test_a_nic_total_before_its_count_per_node_in_brackets(text: str) -> None:
    assert value(text, "fabric.nics_per_node") == 8


def test_counts_in_words_as_a_labels_value() -> None:
    text = "Node count: sixteen. GPUs per node: eight (H200 SXM, 141 GB).\n"
    assert value(text, "nodes") == 16
    assert value(text, "gpu.per_node") == 8


@pytest.mark.parametrize(("text", "nodes", "per_node"), [
    ("H100 8 卡整机 x 2，IB 组网。\n", 2, 8),
    ("HGX H100 8-GPU server x 4, InfiniBand NDR.\n", 4, 8),
    ("DGX H100 x 4, InfiniBand NDR.\n", 4, None),
    ("H100 SXM x 8 in one server, InfiniBand NDR.\n", 1, 8),
])
def test_servers_counted_after_the_server(text: str, nodes: int | None, per_node: int | None) -> None:
    assert value(text, "nodes") == nodes
    assert value(text, "gpu.per_node") == per_node


def test_a_rate_the_writer_saw_in_its_own_run_is_no_threshold() -> None:
    text = ("We ran ib_write_bw between the two nodes and saw 392 Gb/s.\n"
            "Offer: 2 nodes of 8x H800 SXM, 8x 400G InfiniBand per node.\n")
    assert value(text, "acceptance.threshold_gbytes") is None


@pytest.mark.parametrize(("text", "rate"), [
    ("计算网络 RoCE，速率 200G，4 台 H800。\n", 200.0),
    ("4 台 H800，RoCE v2 组网，端口速率 200G。\n", 200.0),
    ("4 nodes of H100. Fabric: RoCEv2 at 400G, 8 ports per node.\n", 400.0),
    ("4 nodes of H100, 80G each. Fabric: RoCE v2.\n", None),
])
def test_a_rate_named_by_its_word(text: str, rate: float | None) -> None:
    assert value(text, "fabric.rate_gbps") == rate


def test_dedicated_at_the_end_of_a_list_speaks_of_the_lists_fabric() -> None:
    text = "4 nodes of H100. GPU network: 8 x 400Gb/s NDR InfiniBand, rail-optimised, dedicated.\n"
    assert value(text, "fabric.dedicated") is True
    text = "4 nodes of H100, InfiniBand NDR. Support: 24x7, with a dedicated engineer.\n"
    assert value(text, "fabric.dedicated") is None


@pytest.mark.parametrize("text", [
    "方案A：2 台 H20，万兆网络；方案B：4 台 H20，RoCE 200G x 4/台。\n",
    "Option 1: 2 nodes of 8x L40S with 100GbE. Option 2: 4 nodes of 8x H20 with 4x 200G RoCE per node.\n",
    "Plan A — 2 nodes, 8x L40S each, 100GbE\nPlan B — 4 nodes, 8x H20 each, 4x 200G RoCE per node\n",
])
def test_options_named_where_their_sentences_or_lines_open(text: str) -> None:
    _, options = assemble_options(extract(document_from_text(text, format="text")).statements)
    first, second = (option.offering for option in options)
    assert first.fact("nodes").value == 2 and first.fact("fabric.rate_gbps").value in (10.0, 100.0)
    assert second.fact("nodes").value == 4 and second.fact("fabric.rate_gbps").value == 200.0


def test_an_option_named_inside_a_sentence_opens_nothing() -> None:
    text = "4 台 H20，RoCE 200G x 4/台，与方案A 相比多了 2 台；方案B 价格另议。\n"
    _, options = assemble_options(extract(document_from_text(text, format="text")).statements)
    assert len(options) <= 1


def test_a_service_levels_percentage_is_its_availability() -> None:
    text = "4 nodes of H100 SXM, InfiniBand NDR.\nSLA: 99.95% per calendar month. SLA credits: 10% of the monthly fee.\n"
    assert value(text, "sla.availability_pct") == 99.95
    assert value(text, "sla.credits") is True


@pytest.mark.parametrize("text", [
    "4 nodes of H100, InfiniBand NDR.\n**What's the uptime SLA?** 99.9% monthly, with service credits.\n",
    "4 台 H100，IB 组网。\n可用性承诺是多少？99.9%，未达标按比例赔付。\n",
])
def test_a_figure_that_answers_a_question_about_availability(text: str) -> None:
    assert value(text, "sla.availability_pct") == 99.9


def test_a_figure_after_a_question_about_something_else_is_no_availability() -> None:
    text = "4 nodes of H100, InfiniBand NDR.\nWhat share of line rate must all_reduce reach? 90% of line rate.\n"
    assert value(text, "sla.availability_pct") is None


@pytest.mark.parametrize(("text", "nodes"), [
    ("H800 8 卡 x 4 台，IB 400G。\n更正：是 3 台，不是 4 台，有一台还在维修。\n", 3),
    ("4 台 H800 8 卡，另配 1 台备机，IB 400G。\n", 4),
    ("Four nodes of 8x H100 SXM, plus 1 node on standby, InfiniBand NDR.\n", 4),
])
def test_servers_set_apart_from_the_cluster_do_not_count_it(text: str, nodes: int) -> None:
    assert value(text, "nodes") == nodes


@pytest.mark.parametrize("text", [
    "Our clusters averaged 99.99% uptime in 2025. Your quote: 4 nodes of H100, 99.5% availability.\n",
    "我们的平台去年可用性 99.99%。本次报价：4 台 H100，可用性 99.5%。\n",
])
def test_an_availability_of_the_past_or_of_the_fleet_is_no_commitment(text: str) -> None:
    assert value(text, "sla.availability_pct") == 99.5


def test_a_monthly_average_availability_is_a_commitment() -> None:
    assert value("4 台 H100，IB 组网，月平均可用性不低于 99.9%。\n", "sla.availability_pct") == 99.9


@pytest.mark.parametrize("text", [
    "4 台 H100，IB 400G x 8/台，专属 IB 网络，1:1 无收敛。\n",
    "4 nodes of H100, 8x 400G IB per node, on a dedicated InfiniBand fabric.\n",
])
def test_a_network_dedicated_to_the_customer_isolates_it(text: str) -> None:
    assert value(text, "fabric.isolation") is True


@pytest.mark.parametrize("text", [
    ("From: sales@example.com\nTo: buyer@example.com\nSubject: RE: quote\n\n"
     "> Can you do 400G InfiniBand with 8 NICs per node?\nYes, that's our standard build for H100 SXM.\n"),
    "[10:16] 李工: 每台 8 张 400G IB 网卡吗？\n[10:20] 王经理: 是的，4 台 H800。\n",
])
def test_a_question_answered_yes_states_what_it_asks(text: str) -> None:
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "fabric.rate_gbps") == 400.0


@pytest.mark.parametrize("text", [
    ("From: sales@example.com\nTo: buyer@example.com\nSubject: RE: quote\n\n"
     "> Can you do 400G InfiniBand with 8 NICs per node?\nNo, 2x 200G RoCE per node on H100 SXM.\n"),
    "[10:16] 李工: 每台 8 张 400G IB 网卡吗？\n[10:20] 王经理: 对于这个配置我们再确认。\n",
])
def test_a_question_not_answered_yes_states_nothing(text: str) -> None:
    assert value(text, "fabric.nics_per_node") != 8


@pytest.mark.parametrize(("text", "factor"), [
    ("16 nodes of H100, 4x 400Gb/s NDR per node; 2:1 at the spine.\n", 2.0),
    ("16 台 H100，IB 400G x 8/台，上行 3:1。\n", 3.0),
    ("16 nodes of H100, 4x 400Gb/s NDR per node; GPU to CPU memory ratio 2:1.\n", None),
])
def test_a_ratio_said_of_a_tier_of_the_fabric_is_its_oversubscription(text: str, factor: float | None) -> None:
    assert value(text, "fabric.oversubscription") == factor


@pytest.mark.parametrize("text", [
    "4 nodes of 8x H100 SXM. Networking: 3200 Gbps InfiniBand per node.\n",
    "4 台 H100 SXM，每台 3.2T IB 网络带宽。\n",
    "4 nodes of 8x H100 SXM with 3.2 Tb/s of InfiniBand per node.\n",
])
def test_a_nodes_ports_together_are_one_port_per_gpu(text: str) -> None:
    assert value(text, "fabric.rate_gbps") == 400.0


def test_a_nodes_total_after_its_nics_keeps_them_per_node() -> None:
    text = "HGX H200 nodes x 2: 8x H200 141GB, 8x 400G NDR (3.2 Tbps total per node).\n"
    assert value(text, "nodes") == 2
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "fabric.rate_gbps") == 400.0


@pytest.mark.parametrize("text", [
    "4 nodes of H800 SXM with 8x 400G RoCE NICs each.\nExcludes: switches, optics, cabling.\n",
    "4 nodes of H800 SXM with 8x 400G RoCE NICs each.\n\nNot included: switches, optics and cables.\n",
    "4 台 H800 SXM，每台 8 张 400G RoCE 网卡。\n不含：交换机、光模块、线缆。\n",
])
def test_optics_listed_under_a_label_that_denies_them_are_excluded(text: str) -> None:
    assert value(text, "fabric.cabling") == "excluded"


def test_gpus_sharing_a_port_is_a_ratio_not_a_shared_fabric() -> None:
    text = "6 台 H20 96G x 8。\n网络：200G RoCE v2，每台 4 口（2 卡共用 1 口）。\n"
    assert value(text, "fabric.dedicated") is None
    assert value(text, "fabric.switch_ports") is None
    assert value(text, "fabric.nics_per_node") == 4


@pytest.mark.parametrize("text", [
    "- 2x Supermicro boxes, each 8x H100 SXM 80GB, InfiniBand NDR\n",
    "2 台浪潮服务器，每台 8 卡 H100 SXM，IB 组网。\n",
    "Hardware: 2 x Dell PowerEdge XE9680, each with 8x H100 SXM5, InfiniBand NDR.\n",
])
def test_servers_counted_with_their_maker_between(text: str) -> None:
    assert value(text, "nodes") == 2


def test_a_chat_whose_speakers_and_times_stand_on_their_own_lines() -> None:
    text = ("maria  9:02 AM\n@kai what is the final config?\n"
            "kai (Stratus)  9:10 AM\n8 nodes, 8x H200 SXM each, 8x 400G RoCEv2 per node, leaf/spine, 2:1 at spine\n"
            "kai (Stratus)  9:14 AM\ncorrection: 1:1 at spine, we added two spines\n"
            "maria  9:20 AM\nwho does PFC/ECN?\n"
            "kai (Stratus)  9:21 AM\nour network team, and we hand over the switch config as a baseline doc\n")
    assert value(text, "fabric.oversubscription") == 1.0
    assert value(text, "fabric.topology") == "leaf-spine"
    assert value(text, "tuning.owner") == "provider"
    assert value(text, "tuning.baseline") is True


def test_nics_counted_after_their_rate_and_fabric() -> None:
    text = "Node spec: 8x A800 SXM4 80GB, 4 nodes, 200G InfiniBand HDR x 4 per node.\n"
    assert value(text, "fabric.nics_per_node") == 4
    assert value(text, "fabric.rate_gbps") == 200.0


@pytest.mark.parametrize(("text", "billing"), [
    ("4 台 H100 SXM，月租 9.6 万/台，最短租期 6 个月，押一付三。\n", "quarterly"),
    ("4 台 H100 SXM，月租 9.6 万/台，押一付一。\n", "monthly"),
])
def test_a_deposit_and_the_months_paid_at_a_time_name_the_billing(text: str, billing: str) -> None:
    assert value(text, "commercial.billing") == billing


@pytest.mark.parametrize("text", [
    "RoCE v2，8 台。交换机 PFC、ECN 参数由乙方根据甲方业务负载进行调优，并在交付时提供配置清单。\n",
    "RoCE v2, 8 nodes. PFC and ECN are tuned by the Provider for the Customer's workload.\n",
])
def test_a_party_the_tuning_is_done_for_does_not_do_it(text: str) -> None:
    assert value(text, "tuning.owner") == "provider"


def test_a_configuration_list_handed_over_with_the_tuning_is_a_baseline() -> None:
    text = "RoCE v2，8 台。交换机 PFC、ECN 参数由乙方调优，并在交付时提供配置清单。\n"
    assert value(text, "tuning.baseline") is True
    assert value("8 台 H100 SXM，交付时提供服务器配置清单。\n", "tuning.baseline") is None


def test_one_port_per_gpu_is_a_count_per_gpu() -> None:
    text = "Eight HGX H100 servers. Fabric: NDR InfiniBand, one 400 Gb/s port per GPU, monthly invoicing.\n"
    assert value(text, "fabric.nics_per_gpu") == 1
    assert value(text, "fabric.nics_per_node") is None
    assert value(text, "commercial.billing") == "monthly"


def test_credits_said_right_after_the_availability() -> None:
    text = "6 nodes of A100 SXM, InfiniBand HDR.\n**Is there an SLA?** Yes: 99.5% monthly uptime; credits apply.\n"
    assert value(text, "sla.credits") is True


@pytest.mark.parametrize("text", [
    ("Revised offer below. Our v1 from last week (4 nodes, RoCE 100G, $2.10/GPU-hr) is withdrawn.\n\n"
     "New offer (v2):\n- 8 nodes of 8x H100 SXM\n- InfiniBand NDR, 8x 400G per node\n"),
    "原报价（已作废）：4 台 H800，RoCE 100G，月租 7 万/台。\n新报价：8 台 H800 SXM，IB 400G x 8/台。\n",
])
def test_a_sentence_that_says_what_it_holds_is_void_offers_nothing(text: str) -> None:
    assert value(text, "nodes") == 8
    assert value(text, "fabric.protocol") == "infiniband"


@pytest.mark.parametrize("text", [
    "H800 8 卡 x 4 台，IB 400G。\n更正：四台那版作废，改为 8 台。\n",
    "H800 8 卡 x 4 台，IB 400G。\n更正：四台那版作废，以八台为准。\n",
])
def test_a_correction_that_voids_a_version_keeps_its_new_figures(text: str) -> None:
    assert value(text, "nodes") == 8
    assert value(text, "commercial.price_hedged") is None


@pytest.mark.parametrize(("text", "owner"), [
    ("4 nodes of H100 SXM, 8x 400G RoCE v2 per node. The Provider is not responsible for PFC/ECN tuning; "
     "the Customer configures the fabric using the Provider's portal.\n", "customer"),
    ("4 台 H100 SXM，每台 8 张 400G RoCE v2 网卡。PFC/ECN 调优不在乙方服务范围内。\n", None),
])
def test_a_party_denied_the_tuning_does_not_own_it(text: str, owner: str | None) -> None:
    assert value(text, "tuning.owner") == owner


@pytest.mark.parametrize("text", [
    ("| 规格项 | 方案一 | 方案二 |\n|---|---|---|\n| GPU | 8×A800 PCIe | 8×H800 SXM5 |\n| 台数 | 4 | 4 |\n"
     "| 节点间网络 | 2×100G RoCE | 8×400G IB |\n\n客户意向：方案二。\n"),
    ("| Item | Option A | Option B |\n|---|---|---|\n| GPU | 8x A800 PCIe | 8x H800 SXM5 |\n| Nodes | 4 | 4 |\n"
     "| Fabric | 2x 100G RoCE | 8x 400G IB |\n\nOur preferred option: Option B.\n"),
])
def test_the_option_the_buyer_prefers_is_the_offer(text: str) -> None:
    extraction = extract(document_from_text(text, format="markdown"))
    top, _ = assemble_options(extraction.statements, extraction.chosen_option)
    assert top.fact("fabric.protocol").value == "infiniband"


@pytest.mark.parametrize("text", [
    ("Step 1. On each node run all_reduce_perf (expected busbw >= 450 GB/s intra-node).\n\n"
     "Step 2. Across all 16 nodes run all_reduce_perf; pass at busbw >= 370 GB/s.\n"),
    ("| 1 | 单机通信 | 每台运行 all_reduce_perf（8 卡） | busbw ≥ 450 GB/s |\n"
     "| 2 | 多机通信 | 16 台全部运行 all_reduce_perf | busbw ≥ 370 GB/s |\n"),
])
def test_the_threshold_of_the_run_across_the_nodes_comes_before_one_nodes(text: str) -> None:
    assert value(text, "acceptance.threshold_gbytes") == 370.0


@pytest.mark.parametrize("text", [
    "产品：GPU 云主机（8 卡 H20）\n购买数量：3 台\n网络：RDMA 200Gbps x 4（支持 RoCE）\n",
    "3 nodes of 8x H20. Network: RoCE 200G x 4 per node, RoCEv2 with ECN.\n",
])
def test_cards_said_with_any_rdma_over_ethernet_word_count_for_roce(text: str) -> None:
    assert value(text, "fabric.nics_per_node") == 4
    assert value(text, "fabric.rate_gbps") == 200.0


@pytest.mark.parametrize(("text", "ports"), [
    ("8 台 H100，IB 400G x 8/台。交换机：QM9700，分配给甲方的交换机端口数：64。\n", 64),
    ("8 nodes of H100, 8x 400G IB per node. Switch: QM9700. Switch ports allotted: 64.\n", 64),
    ("8 nodes of H100, 8x 400G IB per node. Switch: QM9700, ports reserved for customer: 64\n", 64),
    ("8 nodes of H100, 8x 400G IB per node. NIC ports per node: 8\n", None),
])
def test_switch_ports_counted_after_a_label_that_names_them(text: str, ports: int | None) -> None:
    assert value(text, "fabric.switch_ports") == ports


@pytest.mark.parametrize("text", [
    "GPU服务器（H100 SXM5*8）  4台  ¥95,000/台/月\n",
    "GPU server: H100 SXM*8, 4 nodes\n",
])
def test_a_count_written_right_after_the_form_factor(text: str) -> None:
    assert value(text, "gpu.per_node") == 8
    assert value(text, "gpu.variant") == "SXM"


@pytest.mark.parametrize("text", [
    ("| 序号 | 条目 | 修改前（失效） | 修改后（生效） |\n|---|---|---|---|\n| 1 | 服务器数量 | 16 台 | 16 台（不变） |\n"
     "| 2 | 机内互联 | NVLink 经 NVSwitch 全互联，单卡 900 GB/s | 不变 |\n"
     "| 3 | 计算网络协议 | RoCE v2 | InfiniBand NDR |\n| 4 | 可用性 | 99.5% | 99.9% |\n"),
    ("| Item | Original terms | Amended |\n|---|---|---|\n| Nodes | 16 | 16 (unchanged) |\n"
     "| GPU interconnect | NVLink through NVSwitch, 900 GB/s per GPU | Unchanged |\n"
     "| Fabric | RoCE v2 | InfiniBand NDR |\n| Availability | 99.5% | 99.9% |\n"),
])
def test_the_old_side_of_an_amendment_table_stands_only_where_the_new_keeps_it(text: str) -> None:
    assert value(text, "fabric.protocol", "markdown") == "infiniband"
    assert value(text, "sla.availability_pct", "markdown") == 99.9
    assert value(text, "intra_node.bandwidth_gbytes", "markdown") == 900.0


def test_credits_denied_later_in_their_clause_are_none() -> None:
    text = "4 台 H100，IB 组网。\n可用性 99.5%，工单 15 分钟响应。赔付这块我们没有。\n"
    assert value(text, "sla.credits") is False


@pytest.mark.parametrize("text", [
    "First cut: 4 servers of 8x H100 SXM, RoCE.\nRevised offer: 8 servers of 8x H100 SXM, RoCE.\n",
    "First cut: 4 servers of 8x H100 SXM, RoCE.\nRevision 2: 8 servers of 8x H100 SXM, RoCE.\n",
])
def test_a_revised_offer_replaces_the_earlier_one(text: str) -> None:
    assert value(text, "nodes") == 8


def test_networks_introduced_as_not_the_fabric_share_nothing_of_it() -> None:
    text = ("16 nodes of H100. Fabric: InfiniBand NDR, non-blocking 1:1, switches serve no other customer.\n"
            "Non-Fabric networks: Storage Network 2 x 200 GbE per Server (shared file system); Management Network "
            "1 GbE, shared with the Lessor's operations; Internet Service 2 Gbps, shared.\n")
    assert value(text, "fabric.dedicated") is True


def test_kept_available_at_least_a_share_is_the_availability() -> None:
    text = "16 nodes of H100, InfiniBand NDR. Lessor shall keep the Cluster available at least 99.9% of each month.\n"
    assert value(text, "sla.availability_pct") == 99.9


def test_an_answer_takes_the_subject_of_the_question_it_answers() -> None:
    text = ("From: sales@example.com\nTo: buyer@example.com\nSubject: RE: questions\n\n"
            "Answers inline below in [RO].\n\n-----Original Message-----\nFrom: Buyer\n\n"
            "> 10. Availability and credits?\n[RO] 99.5% monthly, with a 10% credit if missed.\n\n"
            "> 11. Support response?\n[RO] Sev1: 30 minutes. Sev2: 4 hours.\n")
    assert value(text, "sla.availability_pct") == 99.5
    assert value(text, "sla.support_response_minutes") == 30.0


def test_a_layout_the_writer_sent_before_and_now_replaces_offers_nothing() -> None:
    text = ("Note this replaces the 2 x 200G per node layout I sent on 12 May; the new layout is below.\n\n"
            "RoCE v2, four ConnectX-7 400 Gb/s NICs per server, so 1.6 Tb/s per server.\n")
    assert value(text, "fabric.rate_gbps") == 400.0
    assert value(text, "fabric.nics_per_node") == 4


def test_leaves_that_uplink_to_a_spine_are_the_fabric_not_the_internet() -> None:
    text = "6 nodes of H200, RoCE v2.\nThe leaves uplink to a spine that other tenants also use, 2:1 oversubscribed.\n"
    assert value(text, "fabric.oversubscription") == 2.0
    assert value(text, "fabric.dedicated") is False


def test_a_figure_taken_back_at_once_is_no_offer() -> None:
    text = "4 台 H100，机间走 RoCE，每台两张网卡，单张四百G……不对，单张两百G。\n"
    assert value(text, "fabric.rate_gbps") == 200.0


def test_what_one_server_has_in_all_counts_no_servers() -> None:
    text = "一共八台 H100 SXM。每台两张 200G RoCE 网卡，一台合计四百G。\n"
    assert value(text, "nodes") == 8
    assert value(text, "fabric.rate_gbps") == 200.0


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("8 台 H100，RoCE。\n[转发] 上家测试记录：all_reduce 才 8GB/s\n", "acceptance.threshold_gbytes", None),
    ("8 台 H100，RoCE v2。网络上的丢包、拥塞问题你们先自己排查。\n", "tuning.troubleshooting", "customer"),
    ("8 台 H100 SXM，每台满载十千瓦左右。\n", "commercial.power_kw", 10.0),
    ("8 台 H100，RoCE v2，六台在廊坊，两台在天津。\n", "fabric.multi_site", True),
])
def test_chat_phrasings_in_chinese(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Six servers, RDMA over Ethernet. Each server has two 200GbE ports on the backend network; "
     "the servers hang off a top-of-rack switch.\n", "fabric.nics_per_node", 2),
    ("2 台 H100，RoCE v2。每台占交换机 8 个端口，两台共 16 个端口。\n", "fabric.nics_per_node", None),
])
def test_ports_a_sentence_gives_each_server(text: str, path: str, expected: int | None) -> None:
    assert value(text, path) == expected


def test_boxes_counted_in_words_are_servers() -> None:
    assert value("sure! three boxes, each with four A100 PCIe 80GB cards, 25GbE\n", "nodes") == 3


def test_a_fabric_the_vendor_says_it_has_none_of_now_is_not_offered() -> None:
    text = ("两台 L40S 服务器，每台配一张 25G 网卡走内网，支持 RDMA。\n"
            "400G IB 我们这边目前没有，只有这个 25G 的。\n")
    assert value(text, "fabric.protocol") == "rdma"
    assert value(text, "fabric.rate_gbps") == 25.0


@pytest.mark.parametrize("text", [
    "3 boxes of 4x A100 PCIe, 25GbE. The switch is shared with storage traffic and with a couple of other tenants.\n",
    "3 台 A100，25G 以太网。交换机与存储网络共用，也和其他客户共享。\n",
])
def test_a_network_named_as_sharing_the_fabric_is_not_its_subject(text: str) -> None:
    assert value(text, "fabric.dedicated") is False


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("本合同项下服务月可用率不低于百分之九十九点九五。", "sla.availability_pct", 99.95),
    ("Uptime commitment: 99.9 percent in each billing month.", "sla.availability_pct", 99.9),
    ("月度可用性：百分之99.5。", "sla.availability_pct", 99.5),
    ("Availability is kept at 99.5 per cent, measured monthly.", "sla.availability_pct", 99.5),
    ("交付验收：多机 all_reduce 总线带宽须达到理论带宽的百分之八十五。", "acceptance.threshold_pct", 85.0),
])
def test_a_share_written_in_words_is_a_percentage(text: str, path: str, expected: float) -> None:
    """百分之 before a number in Chinese numerals or digits (点 its decimal point), and "percent" after one."""
    assert value(text, path) == expected


def test_a_share_of_a_whole_hundred_is_no_availability_below_it() -> None:
    assert value("可用性百分之百保障。", "sla.availability_pct") is None


@pytest.mark.parametrize(("text", "expected"), [
    ("整机配置：8 × A800 SXM4 80GB，NVLink 互联\n数量：6\n", 6),
    ("产品名称：GPU 服务器\n规格：8 卡 H20，双路 CPU\n内存：2 TB\n数量：3\n", 3),
    ("Item: GPU node, 8x H200 SXM 141GB\nQty: 12\nUnit price: see attached\n", 12),
    ("Configuration: 8 x B200 per server\nQuantity: two\n", 2),
    ("GPU 型号：H100 SXM\n数量：8\n", None),  # the GPUs counted, not servers
    ("Node: 8x H100 SXM\n\nQuantity: 4\n", None),  # a blank line: no longer the same item
    ("Compute: 8x H100 SXM\nStorage network: 2x 100GbE NICs\nQuantity: 2\n", None),  # another network's item
    ("GPU 服务器：8 × H100 SXM\n数量：4，含三年维保\n", None),  # not a quantity alone on its line
])
def test_a_quantity_alone_under_a_gpu_server_counts_servers(text: str, expected: int | None) -> None:
    assert value(text, "nodes") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Two questions before we sign:\n\n> How many servers does the quote cover?\n\n6.\n\n"
     "> GPUs?\n\n8x H100 SXM in each.\n", 6),
    ("[09:12] 采购-赵: 这批一共几台机器？\n[09:14] 售前-钱: 3\n[09:15] 售前-钱: 每台 8 卡 H800\n", 3),
    ("Q: Number of nodes in the offer?\nA: 12\nQ: GPU model?\nA: H200 SXM, eight per node\n", 12),
    ("> How many GPUs per node?\n\n8.\n\nNodes: see the order form.\n", None),  # GPUs counted, not servers
    ("> 交换机一共几台？\n\n2\n\n服务器：8 卡 H100 SXM\n", None),  # switches counted
    ("> How many nodes are free this month?\n\n4 now, 4 more in March.\n", None),  # an answer that says more
])
def test_a_count_alone_answering_how_many_servers_counts_them(text: str, expected: int | None) -> None:
    assert value(text, "nodes") == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Accelerators: H200 SXM 141GB, 8 per server.\n", "gpu.per_node", 8),
    ("GPUs: B200, eight per node, NVLink 5\n", "gpu.per_node", 8),
    ("Compute NICs: ConnectX-7 400G NDR, 8 per server\n", "fabric.nics_per_node", 8),
    ("HCAs: 4 per node, InfiniBand HDR 200G\n", "fabric.nics_per_node", 4),
    ("Memory: 2 TB DDR5, 16 per server\n", "gpu.per_node", None),  # DIMMs, no GPUs
    ("Power supplies: 3000 W, 6 per server\n", "gpu.per_node", None),
    ("Storage NICs: 2x 100GbE, 2 per server\n", "fabric.nics_per_node", None),  # another network's cards
])
def test_a_count_per_node_after_its_item_counts_that_item(text: str, path: str, expected: int | None) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Compute network: 400G NICs, dedicated\n", "fabric.rate_gbps", 400.0),
    ("Backend fabric: 200G RoCE NIC x 8 per node\n", "fabric.nics_per_node", 8),
    ("计算网络：400G 网卡 ×8，独享\n", "fabric.rate_gbps", 400.0),
])
def test_a_rate_before_a_network_card_is_the_card_s(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("计算网络为 RoCE v2。交换机由我方提供，PFC/ECN 调优由客户负责。\n", "customer"),
    ("交换机由我方提供，无损网络（PFC/ECN）由用户自行配置。\n", "customer"),
    ("Switches are supplied by the Provider, and PFC/ECN tuning is performed by the Customer.\n", "customer"),
    ("PFC/ECN 由我方工程师调优，交换机由客户方采购。\n", "provider"),
])
def test_the_party_after_a_duty_in_its_own_clause_does_it(text: str, expected: str) -> None:
    assert value(text, "tuning.owner") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Acceptance: single-node NCCL all_reduce_perf, busbw >= 360 GB/s\n", False),
    ("Handover includes a single-server nccl-tests run on every box.\n", False),
    ("Single-node price: USD 18 per hour.\n", None),  # no test
])
def test_a_single_node_test_is_not_across_nodes(text: str, expected: bool | None) -> None:
    assert value(text, "acceptance.multi_node") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("NVLink bridges can be fitted on request.\n", None),  # a feature on request, no price
    ("RoCE 200G is an optional add-on, available on request.\n", True),  # an add-on with no price
    ("Pricing for the IB upgrade: on request.\n", True),
])
def test_on_request_hedges_a_price_or_an_add_on_only(text: str, expected: bool | None) -> None:
    assert value(text, "commercial.price_hedged") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("8x H200 141GB per node. The cards are PCIe.\n", "PCIe"),
    ("8x H100 per node; the GPUs are PCIe cards, not SXM.\n", "PCIe"),
    ("GPU：8 × H800 80GB。GPU 形态：PCIe 版。\n", "PCIe"),
    ("Form factor: PCIe\nGPU: 8x A100 80GB\n", "PCIe"),
    ("H100 SXM5（非 PCIe 版），每台 8 卡\n", "SXM"),
    ("H100 SXM5 (not the PCIe version), 8 per node\n", "SXM"),
])
def test_the_form_factor_the_cards_are_said_to_be(text: str, expected: str) -> None:
    assert value(text, "gpu.variant") == expected


def test_pcie_cards_posing_as_sxm_are_caught_when_the_form_factor_is_said_apart(tmp_path: Path) -> None:
    path = tmp_path / "offer.txt"
    path.write_text("Offer: 4 nodes, 8x H100 80GB per node. The cards are PCIe, not SXM.\n"
                    "Intra-node: NVSwitch, full mesh, 900 GB/s per GPU.\n", encoding="utf-8")
    rules = {f.rule for f in check_file(path, Options()).findings}
    assert "HW002" in rules and "HW001" not in rules


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Call notes (not an offer):\n- they mentioned 400G InfiniBand\n- pricing to follow\n\n"
     "Offer: 2 nodes, 8x H100 SXM each, 200G RoCE, dedicated.\n", "fabric.protocol", "roce"),
    ("沟通记录（不构成报价）：\n1. 对方提到可以上 IB 400G\n2. 价格另议\n\n"
     "正式报价：H800 SXM 8 卡 × 4 台，RoCE 200G。\n", "fabric.rate_gbps", 200.0),
    ("沟通记录（不构成报价）：\n1. 对方提到可以上 IB 400G\n2. 价格另议\n\n正式报价：H800 SXM 8 卡 × 4 台。\n",
     "commercial.price_hedged", None),
])
def test_a_block_under_a_lead_in_that_says_it_is_no_offer_states_nothing(text: str, path: str,
                                                                         expected: object) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("400G InfiniBand is available as an upgrade. Contact us for a quote.\n", "commercial.addon_on_request", True),
    ("400G InfiniBand is available as an upgrade.\n", "fabric.optional", True),
    ("每台可加配 4 张 200G IB 网卡，价格另计。\n", "fabric.optional", True),
    ("验收：在任意一台服务器上运行 nccl-tests，带宽达标即通过。\n", "acceptance.multi_node", False),
    ("验收：在任意一台服务器上运行 nccl-tests，带宽达标即通过。\n", "nodes", None),
])
def test_upgrades_quotes_and_any_one_server(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize("text", [
    "RoCE v2 网络，PFC/ECN 我们的工程师会调好。\n",
    "RoCE v2 网络，PFC/ECN 我们这边负责。\n",
    "RoCE v2 网络，PFC/ECN 这块我们来搞定。\n",
])
def test_the_vendor_s_own_voice_owns_the_tuning(text: str) -> None:
    assert value(text, "tuning.owner") == "provider"


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Vendor: Our offer is 16 H800 nodes.\nVendor: Correction - 8 nodes, not 16.\n", "nodes", 8),
    ("[09:01] Sam (vendor): 2 nodes, 8x H100 SXM each, 2x 200G RoCE per node\n"
     "[09:04] Sam (vendor): correction: it's 4x 400G per node, not 2x 200G\n", "fabric.nics_per_node", 4),
    ("[09:01] Sam (vendor): 2 nodes, 8x H100 SXM each, 2x 200G RoCE per node\n"
     "[09:04] Sam (vendor): sorry, correction:\n[09:05] Sam (vendor): 4x 400G RoCE per node\n", "fabric.rate_gbps", 400.0),
    ("Memory: 1 TB DDR5 with ECC error correction, 8x H100 SXM per node, 2 nodes\n", "nodes", 2),
])
def test_a_correction_announced_or_said_with_a_dash_replaces_the_figure_before(text: str, path: str,
                                                                                expected: object) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("path", "expected"), [("nodes", 6), ("gpu.model", "H200"), ("fabric.rate_gbps", 400.0)])
def test_a_numbered_revision_announced_in_chat_replaces_the_earlier_ones(path: str, expected: object) -> None:
    text = ("[09:00] Lee (Northwind): First draft: 2 servers, 8x H100 SXM each, 200G RoCE per server.\n"
            "[09:20] Lee (Northwind): revision 1: same 2 servers, cheaper term.\n"
            "[10:05] Lee (Northwind): Revision 2, this is the one we can commit 👇\n"
            "[10:05] Lee (Northwind):\n"
            "    • 6 servers, each 8x H200 SXM 141GB\n"
            "    • 400G RoCE v2 per server, dedicated switch\n")
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Fabric: 200G RoCE v2 over a shared spine; non-blocking within the rack only\n", None),
    ("计算网络：400G RoCE，机柜内无收敛。\n", None),
    ("Compute fabric: 400G NDR, non-blocking fat tree across all nodes\n", 1.0),
])
def test_non_blocking_kept_to_one_rack_says_nothing_of_the_fabric(text: str, expected: float | None) -> None:
    assert value(text, "fabric.oversubscription") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("每台可选配 4 张 200G IB 网卡（价格另计）。\n", True),
    ("InfiniBand NDR can be added at additional cost.\n", True),
    ("每台可选配 4 张 200G IB 网卡，价格另计 ¥6,000/张/月。\n", None),  # its price is beside it
    ("Extra NVMe storage at additional cost.\n", None),  # not a network add-on
])
def test_a_network_add_on_priced_apart_with_no_price_is_open(text: str, expected: bool | None) -> None:
    assert value(text, "commercial.addon_on_request") == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Acceptance: all_reduce_perf across all 16 nodes, busbw target ~370 GB/s (indicative only, not a commitment).\n",
     "acceptance.threshold_gbytes", None),
    ("Acceptance: all_reduce_perf across all 16 nodes, busbw target ~370 GB/s (indicative only, not a commitment).\n",
     "acceptance.multi_node", True),
    ("验收：16 台跨节点 all_reduce_perf，busbw 参考值约 370 GB/s（仅供参考，不作为验收标准）。\n",
     "acceptance.test", "all_reduce_perf"),
    ("验收：16 台跨节点 all_reduce_perf，busbw 不低于 370 GB/s。\n", "acceptance.threshold_gbytes", 370.0),
])
def test_a_figure_said_to_bind_nobody_is_no_pass_mark(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


TIER_LIST_ZH = ("十二月机时价目\n\n"
                "🟢 经济款｜L40S 48G × 8 单台\n"
                "   ▸ 月租 ¥21,000 / 台\n\n"
                "🔴 旗舰款｜H800 80G × 8 集群（4 台起租）\n"
                "   ▸ 机间 RoCE v2，每台 2 张 200G 网卡\n"
                "   ▸ 价格：以咨询为准\n\n"
                "售后说明\n"
                " • 故障 4 小时内更换\n")
TIER_LIST_EN = ("Price list\n\n"
                "Starter plan - one server, 8x L40S 48GB\n"
                "  - $14,000 per month\n\n"
                "Pro plan - H800 80GB x 8 per node, 4-node cluster\n"
                "  - RoCE v2 between nodes, 2x 200G NICs per node\n"
                "  - Price: contact sales\n\n"
                "Support\n"
                "  - Failed hardware replaced within 4 hours\n")


@pytest.mark.parametrize(("text", "tiers"), [(TIER_LIST_ZH, ["经济款", "旗舰款"]),
                                             (TIER_LIST_EN, ["Starter plan", "Pro plan"])])
def test_the_tiers_of_a_price_list_are_options_with_the_items_under_each(text: str, tiers: list[str]) -> None:
    extraction = extract(document_from_text(text))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [option.name for option in options] == tiers
    small, large = (option.offering for option in options)
    assert small.fact("fabric.protocol") is None and small.fact("commercial.price_hedged") is None
    assert small.fact("nodes") is None or small.fact("nodes").value == 1  # "one server"; 单台 is no count
    assert large.fact("nodes").value == 4 and large.fact("fabric.protocol").value == "roce-v2"
    assert large.fact("fabric.nics_per_node").value == 2 and large.fact("commercial.price_hedged").value is True
    assert offering.fact("sla.failover_minutes").value == 240.0  # under its own heading: every tier's


def test_a_tier_named_mid_sentence_takes_that_sentence() -> None:
    text = TIER_LIST_ZH + "\n常见问题\nQ：能上 IB 吗？\nA：可以，旗舰款加购 IB 即可，价格详询客服。\n"
    extraction = extract(document_from_text(text))
    _, options = assemble_options(extraction.statements, extraction.chosen_option)
    small, large = (option.offering for option in options)
    assert large.fact("fabric.upgrade_protocol").value == "infiniband"
    assert small.fact("fabric.upgrade_protocol") is None and small.fact("fabric.protocol") is None


def test_a_tier_word_in_prose_names_no_option() -> None:
    text = "8 × H100 SXM，4 台。操作系统为 Ubuntu 企业版，RoCE v2 组网。\n"
    extraction = extract(document_from_text(text))
    _, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert options == []


@pytest.mark.parametrize(("text", "expected"), [
    ("A 4-node H800 cluster, RoCE v2.\n", 4),
    ("Cluster: the two-node H100 SXM configuration\n", 2),
    ("a 16-server H100 SXM cluster\n", 16),
    ("Multi-node training is supported.\n", None),
    ("H100 80G × 8 集群（2～4 台起租）\n", 2),
    ("2 to 8 nodes of H100 SXM\n", 2),
    ("1-4 台 H100\n", None),  # one of them may be a single server
    ("可扩展至 2 到 8 台\n", None),  # room to grow
])
def test_a_count_joined_to_its_node_word_and_a_range_of_servers(text: str, expected: int | None) -> None:
    assert value(text, "nodes") == expected


def test_a_range_of_servers_is_hedged() -> None:
    assert offering_of("H100 × 8，2～4 台起租\n").fact("nodes").hedged is True


@pytest.mark.parametrize(("text", "expected"), [
    ("4 台 H100 × 8，RoCE，每台 4 张 200G 网卡。\n如需 IB 组网请私信获取报价。\n", True),
    ("4 nodes of H100 SXM, RoCE v2, 4x 200G NICs per node.\nIf you need InfiniBand, contact sales for a quote.\n", True),
    ("4 台 H100 × 8，RoCE，每台 4 张 200G 网卡。有问题请咨询客服。\n", None),
])
def test_a_network_add_on_asked_for_in_private_is_priced_on_request(text: str, expected: bool | None) -> None:
    assert value(text, "commercial.addon_on_request") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("4 nodes of H100 SXM on a twenty-four (24) month operating lease.\n", 24.0),
    ("4 nodes of H100 SXM, 18-month lease.\n", 18.0),
    ("4 nodes of H100 SXM, 2-year reservation.\n", 24.0),
    ("4 台 H100 SXM，签 12 个月的合同。\n", 12.0),
    ("Invoices are due one month after the lease starts.\n", None),
])
def test_a_length_right_before_what_is_signed_is_the_term(text: str, expected: float | None) -> None:
    assert value(text, "commercial.term_months") == expected


@pytest.mark.parametrize("text", ["Warranty: next-business-day advance parts replacement for failed nodes.\n",
                                  "Failed nodes: NBD parts replacement.\n"])
def test_next_business_day_written_short_or_hyphenated_is_a_replacement_time(text: str) -> None:
    assert value(text, "sla.failover_minutes") == 1440.0


@pytest.mark.parametrize(("text", "expected"), [
    ("We will run all_reduce_perf on one of the servers and send the log.\n", False),
    ("We will run all_reduce_perf across all 8 servers and send the log.\n", True),
])
def test_a_test_run_on_one_of_the_servers_is_single_node(text: str, expected: bool) -> None:
    assert value("8 台 H100 SXM，每台 1 张 200G RoCE v2 网卡。\n" + text, "acceptance.multi_node") == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("All 8 servers hang off one Arista 7060X switch that is yours alone.\n", "fabric.dedicated", True),
    ("All 8 servers hang off one Arista 7060X switch that is yours alone.\n", "fabric.topology", "single-switch"),
    ("8 台接在同一台交换机上，只给你们用。\n", "fabric.topology", "single-switch"),
    ("8 台接在同一台交换机上，这台交换机只给你们用。\n", "fabric.dedicated", True),
    ("The switch runs in one rack; a spare is kept on site.\n", "fabric.topology", None),
])
def test_a_switch_the_customer_alone_uses_and_one_switch_for_all(text: str, path: str, expected: object) -> None:
    assert value("8 servers, H100 SXM, RoCE v2, one 200G NIC each.\n" + text, path) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We set PFC and ECN on the switches. DSCP marking on the hosts (mlnx_qos) is your team's job.\n", "shared"),
    ("We configure PFC and ECN end to end.\n", "provider"),
    ("我们配置交换机侧 PFC/ECN，主机侧 DSCP 由客户自行配置。\n", "shared"),
])
def test_the_vendor_saying_we_and_the_host_side_of_roce(text: str, expected: str) -> None:
    assert value("8 servers, H100 SXM, RoCE v2, one 200G NIC each.\n" + text, "tuning.owner") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("GPU 服务器：H800 ×8 卡，4 台\n数据盘：4 × 3.84TB PCIe 4.0 NVMe SSD\n", None),
    ("GPU server: 8x H100 SXM, 4 nodes, two PCIe 5.0 x16 slots for the NICs\n", None),
    ("GPU server: 8x L40S, 4 nodes; the GPUs talk to each other over PCIe 4.0\n", "pcie"),
])
def test_pcie_said_of_a_disk_or_a_slot_is_no_gpu_link(text: str, expected: str | None) -> None:
    assert value(text, "intra_node.link") == expected


def test_a_row_named_by_its_item_after_its_category_takes_the_item_s_subject() -> None:
    text = ("序号\t类别\t项目\t规格\t数量\n"
            "1\tGPU服务器\t整机\tH800 80GB ×8卡\t4台\n"
            "2\t网络\t存储网络\t2×25GbE，接入共享 NAS\t4台\n"
            "3\t网络\t计算网络\tInfiniBand NDR 400G，每台 8 张\t4台\n")
    assert value(text, "fabric.rate_gbps") == 400.0 and value(text, "fabric.nics_per_node") == 8
    assert value(text, "fabric.dedicated") is None  # the storage network is the one shared
    only_storage = "\n".join(text.splitlines()[:3]) + "\n"
    assert value(only_storage, "fabric.protocol") is None and value(only_storage, "fabric.rate_gbps") is None


@pytest.mark.parametrize(("text", "expected"), [
    ("Jobs of 2 to 8 nodes are common.\n", None),
    ("Minimum rental: 2 to 8 nodes.\n", 2),
    ("最短租期 3 个月，1-4 台起租。\n", None),
])
def test_a_range_of_servers_is_an_order_only_when_offered(text: str, expected: int | None) -> None:
    assert value(text, "nodes") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("序号\t项目\t规格\t单价\n1\tGPU 服务器\tH800 ×8 卡，4 台\t76,500\n2\t计算网络（选配）\tInfiniBand NDR 400G\t以咨询为准\n",
     True),
    ("| Item | Spec | Price |\n|---|---|---|\n| InfiniBand (optional) | NDR 400G | TBD |\n", True),
    ("| Item | Spec | Price |\n|---|---|---|\n| GPU server | 8x H100 SXM, InfiniBand NDR 400G | TBD |\n", None),
])
def test_a_hedged_price_in_a_network_add_on_s_row_prices_the_add_on(text: str, expected: bool | None) -> None:
    assert value(text, "commercial.addon_on_request", "markdown") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("H800 80GB ×8卡 内存：2TB DDR5 卡间互联：NVLink，卡间带宽 400GB/s\n", 400.0),
    ("H100 SXM5：NVLink 900GB/s；显存 80GB HBM3，带宽 3.35TB/s\n", 900.0),
    ("H100 SXM5: NVLink 4.0, HBM3 80GB, 3.35 TB/s memory bandwidth\n", None),
])
def test_an_nvlink_figure_after_a_memory_label_is_nvlink_s(text: str, expected: float | None) -> None:
    assert value(text, "intra_node.bandwidth_gbytes") == expected


def test_between_the_cards_counts_no_cards() -> None:
    text = "| GPU 服务器 | H800 ×8卡 CPU：2×Xeon 8468 卡间互联：NVLink | 4台 |\n"
    assert value(text, "gpu.total", "markdown") is None and value(text, "gpu.per_node", "markdown") == 8


def test_an_option_named_in_two_languages_is_one_option() -> None:
    text = ("## Option A / 方案A — InfiniBand NDR\n\n- 8 × 400G HCAs per server\n\n"
            "## Option B / 方案B — RoCE v2\n\n- 8 × 400GbE NICs per server\n\n"
            "## 价格\n\n| 项目 | 方案A | 方案B |\n|---|---|---|\n| 计算网络 | 9,600 | 7,200 |\n\n"
            "确认选择方案B。\n")
    extraction = extract(document_from_text(text, format="markdown"))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [option.name for option in options] == ["Option A", "Option B"]
    assert [option.offering.fact("fabric.protocol").value for option in options] == ["infiniband", "roce-v2"]
    assert offering.fact("fabric.protocol").value == "roce-v2"  # the one chosen, named in the other language


def test_an_answer_whose_first_sentence_names_the_party_takes_the_duty_asked_about() -> None:
    text = ("16 台 H100 SXM，RoCE v2，每台 8 张 400G 网卡。\n\n"
            "2024-11-02 10:05  周（买方）：\nPFC、ECN 由谁来配？\n\n"
            "2024-11-02 10:07  林（厂商）：\n这个需要你们自己配置。丢包、拥塞我们网络组负责排查。\n")
    assert value(text, "tuning.owner") == "customer"
    assert value(text, "tuning.troubleshooting") == "provider"


@pytest.mark.parametrize(("text", "nodes", "per_node"), [
    ("16 台 H100 SXM。\n8 卡机器配 8 张网卡。\n", 16, 8),
    ("两台 8 卡服务器，H100 SXM\n", 2, 8),
    ("4 GPU servers with 8x H100 SXM each\n", 4, 8),
])
def test_a_count_of_cards_before_a_server_word_in_chinese_is_per_server(text: str, nodes: int, per_node: int) -> None:
    assert value(text, "nodes") == nodes and value(text, "gpu.per_node") == per_node


@pytest.mark.parametrize(("text", "expected"), [
    ("8 台 H100 SXM，RoCE v2，租期 6 个月。\n\n【立即咨询】 【免费试用】 【查看价格】\n", None),
    ("8 nodes of H100 SXM, RoCE v2, 6-month term.\n\n[Pricing] [Start a free trial] [Contact sales]\n", None),
    ("8 台 H100 SXM，RoCE v2，租期 6 个月。\n\n起租前可在全部 8 台上免费试用 48 小时。\n", True),
])
def test_a_row_of_web_buttons_offers_nothing(text: str, expected: bool | None) -> None:
    assert value(text, "acceptance.trial") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("4 nodes of H100 SXM. Minimum commitment is one quarter, billed monthly.\n", 3.0),
    ("4 台 H100 SXM，租期两个季度，季付。\n", 6.0),
    ("4 nodes of H100 SXM. Minimum commitment: two quarters.\n", 6.0),
    ("4 nodes of H100 SXM. The term is a quarter.\n", 3.0),
    ("4 nodes of H100 SXM, billed quarterly.\n", None),
])
def test_a_term_in_quarters(text: str, expected: float | None) -> None:
    assert value(text, "commercial.term_months") == expected


def test_a_list_number_in_a_full_width_bracket_counts_nothing() -> None:
    text = "新方案如下：\n1）H800 SXM 8 卡 ×４台\n2）计算网：RoCE v2，每台 8 张 200G 网卡\n"
    assert value(text, "gpu.per_node") == 8 and value(text, "nodes") == 4


def test_the_clause_that_voids_a_version_and_a_figure_no_longer_offered_are_set_aside() -> None:
    text = ("[11:40] 小林：之前 2×100G 那一版作废，以下面这版为准：\n"
            "1）计算网：RoCE v2，每台 8 张 200G 网卡，一卡对一网卡（不再是 2×100G）\n")
    assert value(text, "fabric.rate_gbps") == 200.0 and value(text, "fabric.nics_per_node") == 8


@pytest.mark.parametrize(("text", "expected"), [
    ("H800 SXM 整机，每台 8 卡，单卡 80G 显存\n", 80),
    ("H800 SXM，显存 96G\n", 96),
    ("H800 SXM，每台 2 张 200G 网卡\n", None),
])
def test_a_size_without_its_b_beside_a_memory_word_is_the_gpus_memory(text: str, expected: int | None) -> None:
    assert value(text, "gpu.memory_gb") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("A MIG slice has no NVLink peer and no NIC of its own, so it tells you nothing about the fabric.\n", None),
    ("Check the InfiniBand connectivity on a MIG slice (1g.10gb) before you rent the cluster.\n", True),
])
def test_mig_said_with_what_it_lacks_is_no_offer(text: str, expected: bool | None) -> None:
    assert value("4 nodes of 8x H100 SXM.\n" + text, "acceptance.on_mig") == expected


PLAN_PAGE = ("# GPU cloud pricing\n\n## Plans\n\n"
             "### Solo — one server\n- 8 × L40S 48 GB PCIe, one server\n- **$1.10 per GPU-hour**\n\n"
             "### Fleet — 4 to 16 nodes\n- 4–16 nodes × 8 × H100 SXM5 80 GB\n"
             "- InfiniBand NDR, 8 × 400 Gb/s HCAs per node\n- Pricing: contact sales\n\n"
             "## Service levels (all plans)\n- Failed hardware is replaced within 4 hours.\n\n"
             "## FAQ\n\n**Is there RDMA?**\nOn Fleet, yes: GPUDirect RDMA over the InfiniBand fabric.\n\n"
             "**Who watches the network?**\nOur NOC monitors the InfiniBand fabric around the clock.\n")


def test_headings_under_a_plans_heading_are_options_and_a_faq_sentence_naming_one_is_its() -> None:
    extraction = extract(document_from_text(PLAN_PAGE, format="markdown"))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [option.name for option in options] == ["Solo", "Fleet"]
    solo, fleet = (option.offering for option in options)
    assert solo.fact("fabric.protocol") is None  # the FAQ's InfiniBand is Fleet's
    assert fleet.fact("fabric.protocol").value == "infiniband" and fleet.fact("nodes").value == 4
    assert offering.fact("sla.failover_minutes").value == 240.0


EMOJI_PAGE = ("🔥 十二月算力上新\n\n━━━━━━━━\n🌱 套餐一｜入门版\n━━━━━━━━\n✅ 单台整机：8 × L40S 48G\n💰 ¥ 9,800/月\n\n"
              "━━━━━━━━\n👑 套餐二｜集群版\n━━━━━━━━\n✅ 4 台 × 8 卡 H800 SXM5 80G\n✅ 机间 RoCE v2：每台 4 张 200G 网卡\n"
              "💰 以咨询为准\n\n━━━━━━━━\n🛡 全套餐通用\n━━━━━━━━\n⭐ 故障 4 小时内换机\n\n"
              "Q：能试用吗？\nA：可以，满意再下单旗舰版～\n")


def test_packages_with_two_names_emoji_items_and_a_title_that_ends_them() -> None:
    extraction = extract(document_from_text(EMOJI_PAGE))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [option.name for option in options] == ["套餐一", "套餐二"]  # 旗舰版 names none of them
    single, cluster = (option.offering for option in options)
    assert single.fact("fabric.protocol") is None and single.fact("commercial.price_hedged") is None
    assert cluster.fact("nodes").value == 4 and cluster.fact("fabric.nics_per_node").value == 4
    assert offering.fact("sla.failover_minutes").value == 240.0  # under the title for every package


def test_a_model_named_in_passing_in_a_correction_is_not_the_offer() -> None:
    text = ("[09:20] Dan: Two servers, each 8x NVIDIA A100 80GB PCIe. RoCE v2, 1x 200GbE per node.\n"
            "[09:48] Dan: sorry, correction: it's 1x 100GbE per node, not 200G. The 200G boxes are the H100 pool.\n")
    assert value(text, "gpu.model") == "A100" and value(text, "fabric.rate_gbps") == 100.0


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("We'll send our standard RoCE config doc at handover so you can check it.\n", "tuning.baseline", True),
    ("DAC cables are on us (same rack).\n", "fabric.cabling", "provider"),
    ("PFC and ECN tuning is on you.\n", "tuning.owner", "customer"),
])
def test_a_config_doc_and_duties_on_us_or_on_you(text: str, path: str, expected: object) -> None:
    assert value("2 nodes of 8x A100 PCIe, RoCE v2, one 100G NIC each.\n" + text, path) == expected


def test_a_count_of_cards_takes_the_protocol_its_sentence_names_alone() -> None:
    text = ("计算网络：每节点 2 张 100G 以太网卡，支持 RDMA。\n"
            "可选升级：InfiniBand NDR 400G，每节点配 8 张 ConnectX-7 HCA，升级费用以咨询为准。\n")
    assert value("4 台 H100 SXM。\n" + text, "fabric.upgrade_nics_per_node") == 8


@pytest.mark.parametrize("text", ["交换机：华为 CloudEngine 16800 系列，256 个端口由甲方专用。\n",
                                  "Switch: Huawei CE16800, 256 ports dedicated to the customer.\n"])
def test_switch_models_with_five_digits(text: str) -> None:
    assert value("8 nodes, RoCE v2.\n" + text, "fabric.switch_model") is not None


@pytest.mark.parametrize(("text", "expected"), [
    ("A：不需要，单机走机内互联就够了，IB/RoCE 只有多台一起训才有意义。\n", None),
    ("A: No. InfiniBand only makes sense once you train across several nodes.\n", None),
    ("计算网络：InfiniBand NDR 400G，每台 8 张 HCA。\n", "infiniband"),
])
def test_saying_when_a_fabric_is_worth_having_offers_none(text: str, expected: str | None) -> None:
    assert value("1 台 8 卡 H100 SXM 整机。\n" + text, "fabric.protocol") == expected


@pytest.mark.parametrize("text", ["Diagnosing congestion and packet loss is on your side as well.\n",
                                  "丢包、拥塞排查你们那边负责。\n"])
def test_your_side_is_the_customer(text: str) -> None:
    assert value("4 nodes of 8x H100 SXM, RoCE v2, 2x 200G NICs per node.\n" + text,
                 "tuning.troubleshooting") == "customer"


@pytest.mark.parametrize(("text", "expected"), [
    ("| # | Item | Qty |\n|---|---|---|\n| 1 | HGX H100 8-GPU server | 1 |\n"
     "| 2 | Add-on: InfiniBand NDR fabric (ConnectX-7 HCAs, switch ports, cabling) | 1 |\n", None),
    ("| # | Item | Qty |\n|---|---|---|\n| 1 | GPU server (8x H100 SXM) | 4 |\n"
     "| 2 | ConnectX-7 400G NIC (with cable) | 8 |\n", 8),
])
def test_the_quantity_of_a_fabric_bundle_counts_no_cards(text: str, expected: int | None) -> None:
    assert value(text, "fabric.nics_per_node", "markdown") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("4 nodes of H100 SXM, RoCE v2.\n• 3 months, prepaid quarterly\n", 3.0),
    ("4 台 H100 SXM。\n6 个月，月付\n", 6.0),
    ("4 nodes of H100 SXM. Delivery in 3 months, billed monthly after that.\n", None),
])
def test_a_length_that_opens_an_item_and_is_billed_is_the_term(text: str, expected: float | None) -> None:
    assert value(text, "commercial.term_months") == expected


def test_what_the_last_vendor_called_verified_is_no_pass_mark() -> None:
    text = ("8 servers of H100 SXM, RoCE v2, one 200G NIC each.\n"
            "[11:40] Dana: Last vendor ran all_reduce_perf and called 400 Gb/s 'verified'.\n"
            "[11:43] Tom: We'll run all_reduce_perf across all 8 servers and share the output.\n")
    assert value(text, "acceptance.test") == "all_reduce_perf"
    assert value(text, "acceptance.threshold_gbytes") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("数据目录及 checkpoint 目录每日快照，保留 14 天；系统盘每周快照。\n", "backup.scope", "data"),
    ("系统盘每周快照一次。\n", "backup.scope", "system-only"),
    ("乙方预留叶交换机三十二个下行端口，用于后续扩容四台同配置节点。\n", "fabric.expansion", "concrete"),
])
def test_data_directories_backed_up_and_downlink_ports_reserved(text: str, path: str, expected: str) -> None:
    assert value("8 台 H100 SXM，InfiniBand NDR。\n" + text, path) == expected


def test_a_switch_that_connects_only_the_customer_and_carries_no_one_else_s_traffic() -> None:
    text = ("2 台 A800 SXM4，RoCE v2。\n"
            "- 交换机：CloudEngine 9860 一台，分配 8 个 200G 端口，该交换机仅接入贵司两台服务器，不承载其他客户流量\n")
    assert value(text, "fabric.dedicated") is True and value(text, "fabric.isolation") is True


@pytest.mark.parametrize(("text", "rate", "nics"), [
    ("机间 IB 400G*8/台，含在月租里\n", 400.0, 8),
    ("Fabric: RoCE 200G×2 per node\n", 200.0, 2),
])
def test_a_rate_times_a_count_written_without_spaces(text: str, rate: float, nics: int) -> None:
    text = "4 台 H100 SXM。\n" + text
    assert value(text, "fabric.rate_gbps") == rate and value(text, "fabric.nics_per_node") == nics


def test_a_count_of_cards_in_a_sentence_about_the_fabric_s_rate_counts_its_cards() -> None:
    text = "4 台 H100 SXM，每台 8 卡。\n【更正】IB 是 200G，每台 2 张，不是 400G*8。\n"
    assert value(text, "fabric.nics_per_node") == 2 and value(text, "gpu.per_node") == 8


@pytest.mark.parametrize(("text", "protocol", "rate"), [
    ("说明：因 NDR 网卡交期较长，本次以 RoCE v2 200G 方案交付。\n", "roce-v2", 200.0),
    ("Because NDR adapters are on long lead time, the fabric is RoCE v2 instead.\n", "roce-v2", None),
    ("计算网为 InfiniBand NDR，每台 8 张 CX7。\n", "infiniband", 400.0),
])
def test_a_fabric_said_to_be_on_long_lead_time_is_not_the_one_delivered(text: str, protocol: str,
                                                                        rate: float | None) -> None:
    text = "4 台 H800 SXM。\n" + text
    assert value(text, "fabric.protocol") == protocol and value(text, "fabric.rate_gbps") == rate


@pytest.mark.parametrize(("text", "expected"), [
    ("交付时每台单独跑 nccl-tests（单机 8 卡）。\n节点故障 4 小时内更换，更换后复测两节点 all_reduce_perf 再交还。\n", False),
    ("Acceptance: all_reduce_perf across all 4 nodes, busbw at least 150 GB/s.\n", True),
])
def test_a_re_test_after_a_replacement_is_not_the_acceptance_test(text: str, expected: bool) -> None:
    assert value("4 台 H100 SXM，RoCE v2。\n" + text, "acceptance.multi_node") is expected


@pytest.mark.parametrize(("text", "nodes"), [
    ("HARDWARE\n  Servers .......... 6\n  GPUs ............. 8 x H100 SXM5 per server\n", 6),
    ("Rack power ...... 11 kW per server, three servers per 40 kW rack\n4 nodes of H100 SXM\n", 4),
])
def test_dotted_leaders_label_a_value_and_counts_per_rack_size_a_rack(text: str, nodes: int) -> None:
    assert value(text, "nodes") == nodes


def test_a_dotted_leader_keeps_the_text_s_length_and_an_ellipsis_stays() -> None:
    from slacheck.normalize import normalize
    assert normalize("Servers ...... 6").text == "Servers:       6"
    assert normalize("well... 6 of them").text == "well... 6 of them"


def test_leaf_ports_allotted_are_switch_ports_not_cards() -> None:
    text = "6 nodes of H100 SXM, RoCE v2.\nLeaf: 2 x Spectrum SN4700, 48 x 200GbE leaf ports allotted to the Customer.\n"
    assert value(text, "fabric.switch_ports") == 48 and value(text, "fabric.nics_total") is None


def test_vendors_compared_under_letters_are_options_each_checked_and_the_chosen_one_is_the_offering() -> None:
    text = ("| 项目 | 甲厂对比 | A厂商 | B厂商 |\n|---|---|---|---|\n"
            "| 计算网 | - | InfiniBand NDR 400G，每台 8 张 | RoCE v2 200G，每台 4 张 |\n"
            "| 节点 | - | 4 台 H100 SXM | 4 台 H100 SXM |\n\n"
            "决议：选定 B厂商，A厂商不再推进。\n")
    path = Path(__file__).parent / "_vendors.md"
    path.write_text(text, encoding="utf-8")
    try:
        report = check_file(path, Options())
    finally:
        path.unlink()
    assert report.offering.fact("fabric.protocol").value == "roce-v2"
    assert {option.name for option in report.options} == {"A厂商", "B厂商"}
    assert {finding.option for finding in report.findings if finding.rule == "OPS001"} == {"B厂商"}  # RoCE's


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("硬件坏了备件次日到，当天换上。换完以后网络配置谁来恢复没说。\n", "sla.replacement", True),
    ("可用性 99.9%。问达不到怎么赔，对方说合同里不写赔付。\n", "sla.credits", False),
    ("合同最短签半年，月付。\n", "commercial.term_months", 6.0),
    ("Term: half a year, billed monthly.\n", "commercial.term_months", 6.0),
])
def test_spoken_terms_of_service(text: str, path: str, expected: object) -> None:
    assert value("4 台 A100 SXM。\n" + text, path) == expected


@pytest.mark.parametrize("text", [
    "六、待乙方书面确认\n- GPU 形态（SXM 还是 PCIe）\n- 端口是否独享\n",
    "## Open questions\n\n- Is the fabric dedicated?\n- SXM or PCIe boards\n",
])
def test_items_still_to_be_confirmed_offer_nothing(text: str) -> None:
    text = "4 台 A100 80G，每台 8 卡。\n\n" + text
    assert value(text, "gpu.variant", "markdown") is None and value(text, "fabric.dedicated", "markdown") is None


@pytest.mark.parametrize(("text", "expected"), [
    ("每台标配两张 25G 网卡，走存储和管理，普通 TCP。\n", None),
    ("Each node has two 25GbE ports, used for storage only.\n", None),
    ("每台两张 200G 网卡，存储网另配 2×25G。\n", 200.0),
])
def test_a_clause_that_says_what_cards_are_for_gives_their_subject(text: str, expected: float | None) -> None:
    assert value("2 台 H100 SXM。\n" + text, "fabric.rate_gbps") == expected


def test_a_renewal_s_bracketed_old_figures_and_its_bilingual_background_heading() -> None:
    text = ("## 1. Background 背景\n\nThe current deal covers 4 nodes, availability 99.5%.\n\n"
            "## 2. Service levels 服务等级\n\n- P1 response within 15 minutes（现合同为 30 分钟）.\n"
            "- Availability 99.9% per month (current contract: 99.5%).\n\n## 3. Nodes\n\n8 nodes of H800 SXM.\n")
    assert value(text, "sla.support_response_minutes", "markdown") == 15.0
    assert value(text, "sla.availability_pct", "markdown") == 99.9
    assert value(text, "nodes", "markdown") == 8


@pytest.mark.parametrize("text", [
    "| Nodes | 8 (4 in DC1 + 4 in DC2) |\n|---|---|\n| GPU | 8 x H100 SXM |\n",
    "The 8 nodes form one cluster, 4 in DC1 and 4 in DC2.\n",
])
def test_nodes_counted_in_two_named_halls_are_multi_site(text: str) -> None:
    assert value(text, "fabric.multi_site", "markdown") is True


@pytest.mark.parametrize(("footnote", "expected"), [
    ("\\* Shared with other tenants of the site.\n", True),  # marks the front-end and the Internet lines only
    ("\\*\\* Shared with other tenants of the site.\n", False),  # also marks the fabric's line
])
def test_a_footnote_speaks_of_the_lines_its_marker_marks(footnote: str, expected: bool) -> None:
    text = ("| Item | Spec |\n|---|---|\n| Compute fabric | 8 x 400G InfiniBand per node** |\n"
            "| Front-end network | 2 x 25 GbE* |\n| Internet | 10 Gbps* |\n\n4 nodes of H100 SXM.\n\n---\n\n" + footnote)
    assert (value(text, "fabric.dedicated", "markdown") is None) is expected


CHAT = ("09:00 Ann (Orbit Labs)\nHi both, we need two 8-GPU servers for a year.\n\n"
        "09:05 Bo-Northwind Cloud\nWe offer H100 SXM, InfiniBand 400G x 8 per node, 99.95% uptime.\n\n"
        "09:08 Cy-Kestrel Compute\nOurs is H100 PCIe, one 100G RoCE NIC per server.\n\n"
        "{choice}")


@pytest.mark.parametrize(("choice", "variant", "uptime"), [
    ("10:30 Ann (Orbit Labs)\nDecision made: we'll go with Kestrel Compute, thanks Bo.\n", "PCIe", None),
    ("10:30 Ann (Orbit Labs)\n最终选 Northwind 的方案，谢谢 Cy。\n", "SXM", 99.95),
    ("10:30 Ann (Orbit Labs)\nThanks both, we are still comparing.\n", "SXM", 99.95),  # nobody turned down
])
def test_a_vendor_chosen_by_name_in_a_group_chat_turns_the_other_down(choice: str, variant: str,
                                                                      uptime: float | None) -> None:
    text = CHAT.format(choice=choice)
    assert value(text, "gpu.variant") == variant and value(text, "sla.availability_pct") == uptime


def test_a_space_aligned_header_over_the_value_columns_names_tiers_and_the_order_picks_one() -> None:
    text = ("                 LITE                   MAX\n"
            "GPU              8x L40S 48GB           8x H100 80GB SXM5\n"
            "Price/month      USD 9,000              USD 22,000\n\n"
            "Order: Selected: MAX x 2 nodes.\n")
    document = document_from_text(text)
    assert [p.text for p in document.passages if p.kind == "table-row"][0] == " | LITE | MAX"
    path = Path(__file__).parent / "_tiers.txt"
    path.write_text(text, encoding="utf-8")
    try:
        report = check_file(path, Options())
    finally:
        path.unlink()
    assert report.offering.fact("gpu.model").value == "H100"
    assert {option.name for option in report.options} == {"LITE", "MAX"}


def test_a_row_s_label_wrapped_onto_the_next_line_keeps_the_table_whole() -> None:
    document = document_from_text(
        "                 LITE                   MAX\n"
        "InfiniBand       not offered            on request\n"
        "  fabric (add-on)\n"
        "Support reply    8 hours                1 hour\n")
    rows = [p.text for p in document.passages if p.kind == "table-row"]
    assert rows[1:] == ["InfiniBand fabric (add-on) | not offered | on request", "Support reply | 8 hours | 1 hour"]


@pytest.mark.parametrize(("text", "rate", "claim"), [
    ('"Our RoCE fabric delivers up to 400 Gb/s per server."\nEach server has one 100GbE RoCE NIC.\n', 100.0, 400.0),
    ("每台两张 200G RoCE 网卡，机间带宽实测可达 400G。\n", 200.0, 400.0),
])
def test_a_rate_a_claim_only_promises_to_reach_is_no_port_rate(text: str, rate: float, claim: float) -> None:
    text = "2 台 H100 SXM。\n" + text
    assert value(text, "fabric.rate_gbps") == rate and value(text, "claims.bandwidth_gbps") == claim


def test_an_order_line_s_count_per_server_beats_its_quantity() -> None:
    text = ("Ln  Item                                          Qty   Price\n"
            "1   GPU server, 8x A100 80GB PCIe                    2   $9,000/mo\n"
            "2   ConnectX-6 Dx 100GbE, RoCE - 1 per server        2   $85/mo\n")
    assert value(text, "fabric.nics_per_node") == 1 and value(text, "fabric.nics_total") == 2


@pytest.mark.parametrize(("text", "path"), [
    ("Six-month term. If they give us a trial I want to run all_reduce_perf across all 4 boxes.\n", "acceptance.trial"),
    ("Draft list of questions going back to the vendor:\n\n1. Multi-node nccl-tests across all 4 nodes at handover?\n"
     "2. Is the fabric dedicated to us\n", "acceptance.multi_node"),
    ("租期半年。如果他们给试用，我们自己跑四台 all_reduce。\n", "acceptance.trial"),
])
def test_what_the_buyer_would_do_or_still_asks_offers_nothing(text: str, path: str) -> None:
    assert value("4 台 H100 SXM，RoCE v2。\n" + text, path) is None


def test_a_row_of_a_duty_and_its_owner_with_dashes_between() -> None:
    text = ("序号\t项目\t规格\t数量\t单价\t备注\n"
            "1\tGPU 服务器\t8×A800 80GB\t4 台\t50,000\t\n"
            "2\t无损网络配置 PFC/ECN\t—\t—\t—\t乙方负责\n"
            "3\t拥塞/丢包故障排查\t—\t—\t—\t甲方自行负责\n")
    assert value(text, "tuning.owner") == "provider" and value(text, "tuning.troubleshooting") == "customer"


def test_a_price_under_a_currency_column_written_est_is_hedged() -> None:
    text = "| # | Item | Qty | Unit USD/mo |\n|---|---|---|---|\n| 4 | Install and cabling | 1 | est. 5,500 |\n"
    assert value(text, "commercial.price_hedged", "markdown") is True


def test_a_bracket_about_a_version_set_aside_states_nothing() -> None:
    text = ("4 nodes of H100 SXM, 8x 400G InfiniBand per node, leaf non-blocking 1:1, ports dedicated.\n"
            "Rev C replaces rev B. (Rev B had 4 HCAs per node and a shared 2:1 leaf; do not use rev B figures.)\n")
    assert value(text, "fabric.nics_per_node") == 8 and value(text, "fabric.oversubscription") == 1.0
    assert value(text, "fabric.dedicated") is True


@pytest.mark.parametrize("text", ["Fabric ops: our NOC runs UFM and the subnet mgr.\n",
                                  "Fabric operations: Provider runs OpenSM on the switches.\n"])
def test_running_ufm_or_opensm_is_configuring_the_fabric(text: str) -> None:
    assert value("2 台 H100 SXM，InfiniBand NDR。\n" + text, "tuning.owner") == "provider"


@pytest.mark.parametrize(("text", "expected"), [
    ("最短 6 个月。试用这边申请不下来，现货太紧了。\n", False),
    ("| 项目 | 内容 |\n|---|---|\n| 试用 | 不提供试用期 |\n", False),
    ("| 项目 | 内容 |\n|---|---|\n| 试用 | 提供 7 天整集群试用 |\n", True),
])
def test_a_trial_turned_down_in_words_or_in_its_row(text: str, expected: bool) -> None:
    assert value("4 台 H100 SXM。\n\n" + text, "acceptance.trial", "markdown") is expected


def test_a_correction_that_says_today_s_figure_stands_hedges_no_price() -> None:
    text = "更正：每台 2 张 200G，以今天这个为准。价格 6.8 万/台/月。\n"
    assert value("2 台 A800 SXM4。\n" + text, "commercial.price_hedged") is None


def test_a_forum_thread_s_replies_offer_nothing() -> None:
    text = ("Posted by u/small_lab · 3h\n\nOur quote:\n\n> 2 nodes of 8x H100 80GB, one 100G RoCE port per node.\n\n"
            "---\n\n▲ 12 · u/netguy\n\nWe rent 8x 400G InfiniBand per node elsewhere, ask for that.\n")
    assert value(text, "fabric.rate_gbps", "markdown") == 100.0
    assert value(text, "fabric.protocol", "markdown") == "roce"


def test_a_buyer_s_memo_keeps_its_background_and_its_own_assessment_out_of_the_offer() -> None:
    text = ("# 采购申请\n\n## 一、申请事由\n\n现有 2 台 A100 服务器，100G 以太网，撑不住。\n\n"
            "## 二、报价摘要\n\n| 项目 | 内容 |\n|---|---|\n| 节点 | 4 台 |\n| GPU | H800 SXM5 80G × 8 / 台 |\n"
            "| 验收 | 每台单机运行 nccl-tests，busbw ≥ 150 GB/s |\n\n"
            "## 三、工程师评估意见\n\n1. 建议改成 4 台联合跑 all_reduce。\n2. 建议争取 IB 400G。\n")
    assert value(text, "nodes", "markdown") == 4 and value(text, "gpu.model", "markdown") == "H800"
    assert value(text, "acceptance.multi_node", "markdown") is False
    assert value(text, "fabric.protocol", "markdown") != "infiniband"  # the assessment's wish


def test_an_ib_upgrade_pack_priced_on_request_is_no_included_fabric() -> None:
    text = ("4 台 A100 PCIe，每台 1 张 100G RoCE 网卡。\n"
            "备注：预留 PCIe 插槽用于后续 IB 扩展；IB 升级包的具体配置及价格以咨询为准。\n")
    assert value(text, "fabric.protocol") == "roce" and value(text, "commercial.price_hedged") is True


def test_a_clause_that_sets_another_aside_replaces_it() -> None:
    text = ("4.2 Lessor shall run nccl-tests all_reduce_perf across all 8 Leased Nodes; busbw at least 360 GB/s.\n\n"
            "11.3 Notwithstanding clause 4.2, Acceptance shall consist solely of a single-node test on each node "
            "individually: nccl-tests all_reduce_perf over its 8 GPUs, busbw at least 350 GB/s.\n")
    assert value("8 nodes of H100 SXM.\n\n" + text, "acceptance.multi_node") is False


def test_a_run_in_heading_names_what_the_figure_after_it_is() -> None:
    assert value("S3 Availability. 99.5% per calendar month per node.\n", "sla.availability_pct") == 99.5


def test_nodes_joined_over_a_campus_interconnect_are_multi_site() -> None:
    text = ("Nodes 1-6 at the IAD-3 facility. Nodes 7-8 at the IAD-5 facility, joined to the IAD-3 fabric over the "
            "campus interconnect.\n")
    assert value(text, "fabric.multi_site") is True


def test_a_price_box_drawn_in_a_code_fence_is_read() -> None:
    text = ("4 nodes of H200 SXM.\n\n```\n+------------------------------------+\n"
            "| 6-month term   $3.95 per GPU-hour  |\n| 12-month term  contact sales       |\n"
            "+------------------------------------+\n```\n")
    assert value(text, "commercial.price_hedged", "markdown") is True


def test_a_competitor_column_of_a_comparison_offers_nothing() -> None:
    text = ("|  | **Our Cluster-32** | Typical hyperscaler 8-GPU instance |\n|---|---|---|\n"
            "| Inter-node | 8x 400G NDR InfiniBand per node | 100 Gbps Ethernet, shared with other customers |\n"
            "| Fabric tuning | configured and tuned by us | you, from the docs |\n")
    assert value(text, "fabric.rate_gbps", "markdown") == 400.0
    assert value(text, "fabric.dedicated", "markdown") is None
    assert value(text, "tuning.owner", "markdown") == "provider"


def test_a_table_s_changed_column_sets_its_old_owner_aside() -> None:
    text = ("| 序号 | 条目 | 修改前（失效） | 修改后（生效） |\n|---|---|---|---|\n"
            "| 1 | 网络配置与调优 | 甲方自行负责 | 乙方负责子网管理及调优 |\n")
    assert value(text, "tuning.owner", "markdown") == "provider"


def test_a_count_per_server_and_a_quantity_with_its_unit_in_one_row() -> None:
    text = ("| 序号 | 名称 | 规格 | 数量 |\n|---|---|---|---|\n| 1 | GPU 服务器 | H800 SXM5 × 8 | 2 台 |\n"
            "| 2 | IB 网卡 | ConnectX-7 400G 单口，每台 4 张 | 6 张 |\n")
    assert value(text, "fabric.nics_per_node", "markdown") == 4 and value(text, "fabric.nics_total", "markdown") == 6


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("- Customer's existing 4-node A100 cluster (HDR 200, one HCA per node) stays out of scope.\n",
     "fabric.nics_per_node", 8),
    ("组内现有 2 台 A100 服务器，每台 1 张 100G 网卡。\n", "fabric.nics_per_node", 8),
    ("甲方现有训练数据由乙方协助迁移，迁移服务费预估 2 万元。\n", "commercial.price_hedged", True),
])
def test_the_buyer_s_own_servers_are_another_system_but_its_data_is_not(text: str, path: str,
                                                                       expected: object) -> None:
    offer = "8 nodes of H100 SXM, InfiniBand NDR, 8 x ConnectX-7 per node.\n"
    assert value(offer + text, path) == expected


def test_a_bracketed_period_before_a_response_is_no_response_time() -> None:
    text = "- Hypercare (30 days after acceptance): Severity 1 response within 2 hours, 24x7.\n"
    assert value(text, "sla.support_response_minutes") == 120.0
    assert value("故障响应时间（30 分钟）保持不变。\n", "sla.support_response_minutes") == 30.0


def test_a_claim_per_gpu_gives_way_to_the_node_figure_after_it() -> None:
    text = ("8 nodes, 8x 400G NICs per node.\n"
            "Customers routinely see up to 800 Gb/s per GPU, i.e. 6.4 Tb/s per node.\n")
    assert value(text, "claims.bandwidth_gbps") == 6400.0 and value(text, "fabric.rate_gbps") == 400.0


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("机房：华东 / 华北随机分配，双机可能分在不同机房，以实际开通为准\n", "fabric.multi_site", True),
    ("机房：华东 / 华北随机分配，双机可能分在不同机房，以实际开通为准\n", "commercial.price_hedged", None),
    ("✔️ 硬件故障：工程师第一时间处理；必要时为您迁移至同配置机器\n", "sla.replacement", True),
])
def test_a_listing_s_rooms_and_its_migration_promise(text: str, path: str, expected: object) -> None:
    assert value("2 台 A100 PCIe 8 卡。\n" + text, path) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("| | Small | Large |\n|---|---|---|\n| Cluster size | 2 to 16 nodes | 2 to 64 nodes |\n", 2),
    ("A cluster uses one node type only. Each node has 8 x H100 SXM.\n", None),
])
def test_a_cluster_size_range_in_a_table_and_a_count_of_node_types(text: str, expected: int | None) -> None:
    assert value(text, "nodes", "markdown") == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("A failed node is swapped within 4 hours; the spare takes its place in your fabric with the same topology "
     "position and NCCL settings.\n", "sla.network_restore", True),
    ("Our network operations centre diagnoses congestion and packet-loss incidents 24/7.\n",
     "tuning.troubleshooting", "provider"),
])
def test_a_spare_in_the_same_position_and_a_provider_s_operations_centre(text: str, path: str,
                                                                         expected: object) -> None:
    assert value("2 nodes of H100 SXM, InfiniBand NDR.\n" + text, path) == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Each node: eight H100 SXM5 on NVSwitch, eight 3.84 TB NVMe drives (PCIe Gen4).\n", "intra_node.link",
     "nvlink-switch"),
    ("Q: Do you deliver a reference switch configuration document?\nA: No. We do not publish or deliver a "
     "configuration baseline.\n", "tuning.baseline", False),
])
def test_a_drive_s_pcie_and_a_baseline_not_delivered(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_negation_in_brackets_does_not_turn_down_what_stands_outside() -> None:
    text = '4 nodes, 100GbE RDMA.\n- ToR ports shared w/ other tenants (Raj: "never been a problem")\n'
    assert value(text, "fabric.dedicated", "markdown") is False


def test_notes_keep_the_buyer_s_own_box_their_take_and_their_asks_out_of_the_offer() -> None:
    text = ("Context: we run 1x DGX A100 on-prem today (ours, NOT part of this deal).\n\n"
            "## What the vendor committed to\n\n- 4 nodes, 8x A100 80G SXM each\n- internode: 100GbE RoCE v2, 1 NIC per node\n"
            "- acceptance: nccl-tests on each box individually\n"
            "  - we asked for all_reduce across all 4 nodes -> pushback\n- trial: asked for a 1wk trial -> no\n\n"
            "## My take\n\nDon't sign until we get 8x 400G InfiniBand per node.\n")
    assert value(text, "nodes", "markdown") == 4 and value(text, "fabric.protocol", "markdown") == "roce-v2"
    assert value(text, "acceptance.multi_node", "markdown") is False
    assert value(text, "acceptance.trial", "markdown") in (None, False)


@pytest.mark.parametrize(("text", "expected"), [
    ("本套餐计算网络为 RoCE v2，暂不提供 IB。IB 集群正在筹备中，敬请期待！\n", "roce-v2"),
    ("IB 目前没有资源，都是 RoCE v2 的。\n", "roce-v2"),
])
def test_words_that_a_fabric_cannot_be_had_speak_of_the_one_right_after_them(text: str, expected: str) -> None:
    assert value("4 台 A100 SXM，每台 2 张 100G 网卡。\n" + text, "fabric.protocol") == expected


def test_a_questionnaire_s_labelled_question_offers_nothing_and_leads_in_to_its_answer() -> None:
    text = ("Q1. How many servers?\nA: Four (4) servers, 8 x H100 SXM each.\n\n"
            "Q5. Describe the fabric. For reference, our target is InfiniBand NDR 400, one HCA per GPU.\n"
            "A: Each server has two single-port 200GbE NICs on our RDMA-capable Ethernet fabric.\n")
    assert value(text, "fabric.protocol") == "rdma" and value(text, "fabric.rate_gbps") == 200.0
    assert value(text, "nodes") == 4


def test_an_amendment_s_old_text_is_gone_and_its_new_text_stands() -> None:
    text = ("1. Item 2.1 (Compute Nodes)\n   Old text: \"Twelve (12) GPU servers, each with eight H100 PCIe GPUs.\"\n"
            "   New text: \"Sixteen (16) HGX H100 SXM5 servers, eight GPUs per server.\"\n\n"
            "2. 第 3.2 条（计算网络）\n   原条款：\"RoCE v2，每台 2 张 200G 网卡。\"\n"
            "   修改后：\"InfiniBand NDR，每台 8 张 400G 网卡。\"\n")
    assert value(text, "nodes") == 16 and value(text, "gpu.variant") == "SXM"
    assert value(text, "fabric.protocol") == "infiniband" and value(text, "fabric.nics_per_node") == 8


@pytest.mark.parametrize(("line", "path"), [
    ("RDMA:                  N/A\n", "fabric.protocol"),
    ("Service credits:       N/A\n", "sla.credits"),
    ("Acceptance testing:    See SOW\n", "acceptance.test"),
    ("硬件更换：待定\n", "sla.replacement"),
])
def test_a_label_whose_whole_value_is_none_or_elsewhere_states_nothing(line: str, path: str) -> None:
    text = "Quantity (nodes):      2\nPrivate network:       2x 100 Gbps Ethernet per node\nUptime SLA: 99.5%\n" + line
    assert value(text, path) is None if path != "fabric.protocol" else value(text, path) == "ethernet-tcp"


def test_an_unticked_400g_upgrade_is_an_add_on() -> None:
    text = ("Private network:       2x 100 Gbps Ethernet per node\n\n== Add-ons ==\n"
            "[ ] InfiniBand NDR 400G upgrade ................ Contact sales\n")
    assert value("2 nodes of H100.\n" + text, "fabric.included_protocol") == "ethernet-tcp"


def test_a_tender_s_requirement_section_gives_way_to_the_winner_s_terms() -> None:
    text = ("【招标公告】\n\n三、采购需求\n3.1 计算网络：InfiniBand NDR 400Gb/s，每节点 8 张 HCA。\n"
            "3.2 验收：4 台服务器全部参与的多机 nccl-tests。\n\n【合同要点】\n\n"
            "1. 设备：H800 SXM5 8 卡服务器 4 台。\n2. 计算网络：RoCE v2，每节点 4 张 200G 网卡。\n"
            "3. 验收：每台服务器单独运行 nccl-tests（单机 8 卡）。\n")
    assert value(text, "fabric.protocol") == "roce-v2" and value(text, "fabric.nics_per_node") == 4
    assert value(text, "acceptance.multi_node") is False


@pytest.mark.parametrize("text", [
    "计算网络：InfiniBand 资源目前紧张，本期采用 RoCE v2，每台 4 张 200G 网卡。",
    "NDR supply is tight this quarter, so the fabric is RoCE v2 with four 200G NICs per node.",
])
def test_a_scarce_fabric_gives_way_to_the_one_delivered_instead(text: str) -> None:
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.rate_gbps") == 200.0


@pytest.mark.parametrize(("text", "priced"), [
    ("InfiniBand NDR，8 台。合计：80,000 元/月（不含光模块及线缆），季付 240,000 元。", None),
    ("InfiniBand NDR，8 台。光模块及线缆不含在总价内，另计 12,000 元。", True),
])
def test_a_total_that_leaves_the_optics_out_is_no_price_for_them(text: str, priced: bool | None) -> None:
    assert value(text, "fabric.cabling") == "excluded"
    assert value(text, "fabric.cabling_priced") is priced


@pytest.mark.parametrize(("text", "owner"), [
    ("计算网络 RoCE v2。我方所用交换机及网卡均支持 PFC、ECN 等无损特性。", None),
    ("RoCE v2 fabric on ECN-capable switches supplied by the Provider.", None),
    ("RoCE v2 fabric. Our switches support PFC; PFC and ECN are configured by the Provider.", "provider"),
])
def test_what_the_switches_support_is_no_duty_to_tune_them(text: str, owner: str | None) -> None:
    assert value(text, "tuning.owner") == owner


def test_a_meeting_s_action_items_agree_nothing() -> None:
    text = ("## 二、讨论要点\n\n1. 计算网 RoCE v2，8 台，每台 4 张 200G 网卡。\n\n"
            "## 四、待办事项\n\n| 序号 | 事项 | 负责人 |\n|---|---|---|\n"
            "| 1 | 提供拓扑图（是否 rail-optimized） | 乙方 |\n| 2 | 评估 8 台跨机 nccl-tests 验收 | 乙方 |\n")
    assert value(text, "fabric.rate_gbps", "markdown") == 200.0
    assert value(text, "fabric.topology", "markdown") is None
    assert value(text, "acceptance.multi_node", "markdown") is None


@pytest.mark.parametrize(("text", "path"), [
    ("可用性 99.9%。甲方提出未达标应按比例抵扣租金，乙方暂不同意写入赔付条款。", "sla.credits"),
    ("甲方要求增加 8 台跨机 nccl-tests，乙方表示需内部评估。", "acceptance.multi_node"),
    ("甲方问更换后网络配置是否由乙方恢复，乙方未正面答复。", "sla.network_restore"),
    ("The customer wanted cross-node NCCL tests at acceptance, but the vendor would not commit.",
     "acceptance.multi_node"),
])
def test_minutes_that_tell_an_ask_left_open_state_nothing(text: str, path: str) -> None:
    assert value(text, path) is None


def test_a_console_page_names_its_provider_in_its_top_line() -> None:
    text = ("Nimbus Compute Console  >  Instance types  >  g8.cluster\n\n"
            "Cluster network: RoCE v2, 8 x 400G NICs per instance.\n"
            "PFC and ECN are configured by Nimbus.\n")
    assert value(text, "tuning.owner") == "provider"


def test_a_line_that_steps_back_out_of_a_list_item_starts_something_new() -> None:
    document = document_from_text(
        "Networking\n"
        "    - Optics and cables are supplied by the Provider and\n"
        "      included in the price\n"
        "  Storage network\n"
        "    - 100 Gbps per node, shared\n")
    texts = [p.text for p in document.passages]
    assert "- Optics and cables are supplied by the Provider and included in the price" in texts
    assert "Storage network" in texts


@pytest.mark.parametrize(("text", "nodes"), [
    ("Quantity: four (4) instances of an 8-GPU H100 instance type", 4),
    ("8 x 400G RoCE NICs per instance. Cluster size: 2 instances.", 2),
])
def test_cloud_instances_are_counted_as_nodes(text: str, nodes: int) -> None:
    assert value(text, "nodes") == nodes


def test_a_ticket_comment_that_supersedes_earlier_revisions_sets_them_aside() -> None:
    text = ("Jo Park  -  2024-10-02 09:14\n"
            "  Rev A: 2 x 200G RoCE per node, shared spine. Rough estimate USD 2.10/GPU-hr.\n\n"
            "Sam Lee (Acme, Sales)  -  2024-10-22 13:47\n"
            "  Rev C attached. This supersedes rev A and rev B in full.\n"
            "    - InfiniBand NDR 400 Gb/s, 8 x ConnectX-7 per node, dedicated leaves.\n"
            "    - USD 2.45 per GPU-hour fixed.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "infiniband"
    assert offering.fact("fabric.rate_gbps").value == 400.0
    assert offering.fact("commercial.price_hedged") is None


@pytest.mark.parametrize(("text", "trial"), [
    ("8 nodes of H200. Trial: sorry, not possible.", False),
    ("8 nodes of H200. Trial: two weeks on all 8 nodes.", True),
])
def test_a_trial_label_turned_down_in_its_sentence(text: str, trial: bool) -> None:
    assert value(text, "acceptance.trial") is trial


@pytest.mark.parametrize(("text", "nodes"), [
    ("Failed node replaced within 4 hours; the replacement is checked by the Provider with 2-node nccl-tests.", None),
    ("更换故障节点后，复测两节点 nccl-tests 后交还。", None),
    ("Acceptance: 4-node nccl-tests all_reduce_perf.", 4),
])
def test_a_replaced_node_s_retest_counts_no_servers(text: str, nodes: int | None) -> None:
    assert value(text, "nodes") == nodes


def test_ufm_telemetry_shared_with_the_customer_is_no_tuning_duty() -> None:
    text = ("InfiniBand NDR fabric. Congestion incidents are diagnosed by the Provider; UFM read-only telemetry shared "
            "with customer.")
    assert value(text, "tuning.owner") is None
    assert value(text, "tuning.troubleshooting") == "provider"


@pytest.mark.parametrize(("text", "expected"), [
    ("第五条 服务\n乙方保证可用性不低于 99.5%，具体以附件二为准。\n\n附件二　服务等级协议\n\n月度可用性承诺为 99.9%，未达标按月租 10% 抵扣。\n",
     99.9),
    ("5. Service. Availability of at least 99.5%.\n\nSchedule 2 - Service Levels\n\n"
     "If this Schedule and the body differ, this Schedule prevails. Monthly availability: 99.9%.\n", 99.9),
    ("This Exhibit A prevails over the Agreement. Availability: 99.5%.\n\nExhibit B\n\nSupport hours: 24x7.\n", 99.5),
    ("第五条 服务\n乙方保证可用性不低于 99.5%。\n\n附件二　服务等级协议\n\n月度可用性承诺为 99.9%。\n", 99.5),
])
def test_an_annex_that_prevails_over_the_body_gives_its_terms_first(text: str, expected: float) -> None:
    assert value(text, "sla.availability_pct") == expected


@pytest.mark.parametrize(("text", "hedged"), [
    ("付款方式：对公转账，收款账户以合同为准。", None),
    ("GPU 服务器 4 台，最终价格以合同为准。", True),
])
def test_a_term_left_to_the_contract_hedges_a_price_only_when_it_names_one(text: str, hedged: bool | None) -> None:
    assert value(text, "commercial.price_hedged") is hedged


@pytest.mark.parametrize("text", [
    "StarPod 支持从 2 节点平滑扩展至千卡规模。2 台，每台 8 × H100。",
    "The platform scales to 1,000 GPUs. 2 nodes, each 8 x H100.",
])
def test_a_gpu_count_the_cluster_can_grow_to_is_no_total(text: str) -> None:
    assert value(text, "gpu.total") is None
    assert value(text, "nodes") == 2


def test_a_trial_whose_sentence_sizes_nothing_is_sized_by_its_passage() -> None:
    text = "2 台 8 × H100。新客户可免费领取 72 小时 H100 MIG 1g.10gb 实例，用于验证多机通信。试用名额有限。"
    assert value(text, "acceptance.trial") is False


def test_a_confirmed_option_s_final_list_amends_its_column() -> None:
    text = ("| 项目 | 方案一 | 方案二 |\n|---|---|---|\n| 台数 | 4 台 | 4 台 |\n"
            "| 计算网络 | RoCE v2，每台 4×200GbE | InfiniBand NDR，每台 8×400Gb/s |\n\n"
            "收到，确认按方案一（调整版）执行，最终配置如下：\n\n- 服务器：HGX H800 8-GPU × 5 台\n- 计算网络：RoCE v2，每台 4 张 200GbE 网卡\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 5
    assert offering.fact("fabric.protocol").value == "roce-v2"


def test_a_capitals_letterhead_before_a_dash_names_the_provider() -> None:
    text = ("# NORTHWIND GRID — Handover Report\n\nRoCE v2 fabric, 8 nodes.\n\n"
            "PFC and ECN are configured by Northwind.\n")
    assert value(text, "tuning.owner", "markdown") == "provider"


def test_a_letterhead_of_vocabulary_names_no_provider() -> None:
    document = document_from_text("RESERVED GPU CLUSTER — Quotation\n\nRoCE v2, 8 nodes.\n")
    assert provider_names(document) == ()


@pytest.mark.parametrize(("text", "multi_node"), [
    ("- gpu-burn, 30 minutes, all 8 nodes\n- NCCL all_reduce_perf run on each node individually\n", False),
    ("- HPL across all four nodes\n", True),
])
def test_a_compute_test_on_all_nodes_runs_on_each_by_itself(text: str, multi_node: bool) -> None:
    assert value(text, "acceptance.multi_node", "markdown") is multi_node


def test_a_reported_result_is_no_pass_threshold() -> None:
    text = ("Acceptance: NCCL all_reduce_perf was run per node. Bus bandwidth was between 471 and 478 GB/s; "
            "the engineer judged all runs as PASS.")
    assert value(text, "acceptance.threshold_gbytes") is None
    assert value(text, "acceptance.test") == "all_reduce_perf"


def test_a_named_baseline_handed_over_is_a_baseline() -> None:
    text = "RoCE v2, 8 nodes. PFC and ECN configured by the Provider; baseline NET-BASE v1.3 delivered with this report."
    assert value(text, "tuning.baseline") is True


def test_a_port_that_must_not_be_shared_is_dedicated() -> None:
    assert value("计算网络 RoCE v2，8 台。计算网端口独享，不得与其他用户共享。", "fabric.dedicated") is True


@pytest.mark.parametrize("text", [
    "IB 设备供货周期 20 周以上，无法满足交付要求；RoCE v2 方案每台 4 张 400G 网卡。",
    "InfiniBand lead time is 20 weeks; we bid RoCE v2 with four 400G NICs per node.",
])
def test_a_fabric_months_away_gives_way_to_another_in_its_passage(text: str) -> None:
    assert value(text, "fabric.protocol") == "roce-v2"


@pytest.mark.parametrize(("text", "credits"), [
    ("月度可用性 99.5%，赔付方式以合同谈判为准。", False),
    ("Availability 99.9%; service credits negotiable.", False),
    ("Availability 99.9%; service credits of 10% per 0.1% below.", True),
])
def test_credits_left_to_negotiation_commit_none(text: str, credits: bool) -> None:
    assert value(text, "sla.credits") is credits


def test_a_data_disk_the_customer_backs_up_after_a_snapshot_clause() -> None:
    text = ("| 项目 | 招标要求 | 投标响应 |\n|---|---|---|\n"
            "| 备份 | 系统盘、数据盘每日快照 | 系统盘每日快照，保留 7 天；数据盘由采购人自行备份 |\n")
    assert value(text, "backup.scope", "markdown") == "system-only"


@pytest.mark.parametrize("text", [
    "i've got four 8-gpu H100 boxes coming free end of month",
    "4x 8-GPU H100 servers, 80GB each",
])
def test_a_count_before_an_n_gpu_server_counts_servers(text: str) -> None:
    assert value(text, "nodes") == 4
    assert value(text, "gpu.per_node") == 8


def test_a_fabric_the_owner_can_add_and_prices_separately_is_an_add_on() -> None:
    text = "4 nodes of 8x H100. The owner can add InfiniBand if you need it; they price that separately."
    assert value(text, "fabric.optional") is True


@pytest.mark.parametrize(("text", "path"), [
    ("4 nodes of 8x H100. can u send nvidia-smi output + gpu serials before we sign", "verification.hardware"),
    ("4 nodes of 8x H100. Send me a written quote with the InfiniBand piece itemised.", "fabric.protocol"),
])
def test_a_buyer_s_request_to_send_something_offers_nothing(text: str, path: str) -> None:
    assert value(text, path) is None


@pytest.mark.parametrize(("text", "multi_site"), [
    ("4 nodes of 8x H100. 2 in atlanta 2 in phoenix rn. same account so u can run them as one cluster.", True),
    ("4 nodes of 8x H100: 2 nodes in Frankfurt and 2 nodes in Amsterdam.", True),
    ("4 nodes of 8x H100: 2 in rack A and 2 in rack B.", None),
    ("8 nodes of 8x H100. 6 in stock, 2 in transit.", None),
])
def test_nodes_counted_in_two_named_places_are_multi_site(text: str, multi_site: bool | None) -> None:
    assert value(text, "fabric.multi_site") is multi_site


@pytest.mark.parametrize("text", [
    "  8. Availability. 99.9% monthly per node. Service credit: 10% of the node's monthly fee per 0.1% below.",
    "S3 Availability. 99.9% per calendar month.",
])
def test_a_numbered_run_in_heading_speaks_for_the_sentence_after_it(text: str) -> None:
    assert value(text, "sla.availability_pct") == 99.9


@pytest.mark.parametrize(("text", "owner"), [
    ("RoCE v2，8 台。自行升级驱动导致的问题我们会协助排查，但不计入 SLA。", None),
    ("RoCE v2，8 台。计算网丢包、拥塞由乙方负责排查。", "provider"),
])
def test_a_diagnosis_of_something_else_is_no_fabric_duty(text: str, owner: str | None) -> None:
    assert value(text, "tuning.troubleshooting") == owner


def test_worked_examples_size_no_order() -> None:
    text = "8 卡 A800 整机，两台起租。两台即 16 卡，四台 32 卡，以此类推。"
    assert value(text, "gpu.total") is None
    assert value(text, "nodes") != 4


def test_a_clause_rewritten_after_a_colon_amends_with_the_quoted_wording() -> None:
    text = ("第三条 乙方提供 4 台 H800 服务器，每台 8 卡。\n\n"
            "第七条 硬件故障 4 小时内完成更换。\n\n"
            "补充协议\n\n**第一条**　主合同第三条修改为：\n\n\"乙方提供６台（陆台）H800 服务器，每台 8 卡。\"\n\n"
            "**第二条**　主合同第七条修改为：\n\n\"硬件故障时，乙方应在 8 小时内完成更换。\"\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 6
    assert offering.fact("sla.failover_minutes").value == 480.0


def test_an_amendment_that_names_roce_without_its_version_keeps_the_version() -> None:
    text = ("计算网络：RoCE v2，每台 8 张 200G 网卡。\n\n主合同第七条修改为：\n\n"
            "\"硬件故障 8 小时内更换；更换后乙方负责恢复原 RoCE 配置。\"\n")
    assert value(text, "fabric.protocol", "markdown") == "roce-v2"


def test_a_row_whose_answer_cell_opens_with_a_denial_denies_its_label() -> None:
    text = ("| 序号 | 项目 | 招标要求 | 乙方响应 |\n|---|---|---|---|\n"
            "| 1 | 计算网络 | RoCE v2 | RoCE v2，每台 8 × 200G |\n"
            "| 2 | 配置基线 | 交付网络配置基线文档 | 不提供（内部资料） |\n"
            "| 3 | 故障响应 | 30 分钟 | 7×24 值守，30 分钟内响应 |\n"
            "| 4 | 试运行 | 有 | 计费前 7 天试运行 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("tuning.baseline").value is False
    assert offering.fact("sla.support_response_minutes").value == 30.0


def test_a_disk_outside_the_backup_scope_is_not_covered() -> None:
    text = "系统盘每日快照，保留 7 天；数据盘不在备份范围，由甲方自行备份。"
    assert value(text, "backup.scope") == "system-only"


def test_a_buyer_s_list_of_needs_in_a_chat_offers_nothing() -> None:
    text = ("刘畅 2024/6/3 11:02\n我先把我们这边的需求列一下，方便你们出方案：\n"
            "1. 8台×8卡，机间最好每卡一张400G，端口全部独享、1:1无收敛\n"
            "2. 交付时八台一起跑 nccl-tests，all_reduce busbw ≥ 350GB/s 才算验收通过\n\n"
            "赵婷（云岫算力-商务） 2024/6/4 09:58\n我们标准验收是每台机器单独跑一遍 nccl-tests，单机八卡 all_reduce。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.dedicated") is None
    assert offering.fact("acceptance.threshold_gbytes") is None
    assert offering.fact("acceptance.multi_node").value is False


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("可用性的话我们机房是九十九点九，对，九十九点九。", "sla.availability_pct", 99.9),
    ("硬件故障的话我们本地是有备件库的，嗯，就是四个小时以内给您换好。", "sla.failover_minutes", 240.0),
    ("可用性 99.9%，赔付的话呃我们没有单独的赔付条款，一般也不会出问题的。", "sla.credits", False),
])
def test_spoken_service_terms(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_forum_op_s_later_post_is_the_offer_and_other_replies_are_not() -> None:
    text = ("**u/nodeshop** · 14 points · 2 days ago\n\n4 nodes, 8x H100 80GB each, one 100G RDMA port per node.\n\n"
            "**u/someone_else** · 9 points · 2 days ago\nFor reference: Tensorhaus gives 8xH100 SXM with 3.2 Tbps IB per "
            "node.\n\n**u/nodeshop** (OP) · 5 points · 1 day ago\n\nEthernet, ConnectX-6 Dx cards, one per node.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "rdma"
    assert offering.fact("fabric.nic_model").value == "ConnectX-6 Dx"
    assert offering.fact("gpu.variant") is None


def test_if_you_need_it_we_are_not_your_shop_offers_no_add_on() -> None:
    text = "4 nodes, one 100G RoCE v2 port per node. If you need IB we're not your shop, see above."
    assert value(text, "fabric.upgrade_protocol") is None
    assert value(text, "fabric.protocol") == "roce-v2"


def test_a_collective_figure_a_setup_does_is_a_claim_not_a_pass_mark() -> None:
    text = ("4 nodes, 8x H100 SXM, one 100G RoCE v2 port per node. Our RDMA setup does 300+ GB/s all-reduce across "
            "all 32 GPUs.")
    offering = offering_of(text)
    assert offering.fact("acceptance.threshold_gbytes") is None
    assert offering.fact("claims.collective").value.gbytes == 300.0


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("8.3 Replacement Time (MSA Section 9.2). Eight (8) hours from confirmation, in place of four (4) hours.",
     "sla.failover_minutes", 480.0),
    ("8.4 Support Response (MSA Schedule B, Part 1). Severity 1: thirty (30) minutes.",
     "sla.support_response_minutes", 30.0),
    ("- P1 response 15 minutes 24x7; P2 2 hours.", "sla.support_response_minutes", 15.0),
])
def test_a_run_in_heading_names_what_the_times_after_it_are(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


def test_a_reference_in_brackets_with_a_comma_keeps_its_clause() -> None:
    text = ("Availability 99.5%. 8.2 Service Credits (MSA Section 9.3 and Schedule B, Part 2) do not apply to this "
            "Order Schedule.")
    assert value(text, "sla.credits") is False


def test_reserved_ports_counted_with_their_generation_make_expansion_concrete() -> None:
    text = ("3.5 Expansion. For twelve (12) months Provider reserves sixty-four (64) NDR leaf ports for up to eight "
            "(8) additional Nodes.")
    assert value(text, "fabric.expansion") == "concrete"


def test_ports_per_leaf_switch_are_no_node_s_nics() -> None:
    text = ("| 计算网 | RoCE v2，每台 2 张 ConnectX-6 200G 单口网卡，共 16 张 |\n"
            "| 交换机 | 2 台 H3C S9825-64D，单层 Leaf，每台 Leaf 分配 8 个 200G 端口 |\n")
    assert value(text, "fabric.nics_per_node", "markdown") == 2


def test_a_test_with_the_fabric_turned_off_names_no_fabric() -> None:
    text = "计算网：RoCE v2，每台 2 张 200G 网卡。8 台服务器。单机 NCCL 测试（逐台执行，关闭 IB 以仅测机内 NVLink）"
    assert value(text, "fabric.protocol") == "roce-v2"


def test_a_command_marked_as_no_acceptance_item_is_no_acceptance_test() -> None:
    text = ("验收以单台服务器为单位逐台进行：每台单独运行 nccl-tests all_reduce_perf。\n\n"
            "```bash\n# 参考（非验收项）：8 机 64 卡 all_reduce\nmpirun -np 64 ./all_reduce_perf -b 1M -e 8G\n```\n")
    assert value(text, "acceptance.multi_node", "markdown") is False


def test_a_questionnaire_answer_that_names_only_the_provider_s_team_owns_the_duty() -> None:
    text = ("16 nodes, InfiniBand NDR.\n\nQ13: Who diagnoses fabric congestion, packet loss and link flaps?\n"
            "A: Acme network NOC, 24x7, from UFM telemetry. We open the incident and own root cause.\n")
    assert value(text, "tuning.troubleshooting") == "provider"


def test_a_labelled_question_answered_yes_states_what_it_asks() -> None:
    text = ("16 nodes of 8x H100 SXM, InfiniBand NDR.\n\nQ6: Will you provide GPU serial numbers and an nvidia-smi -q "
            "dump per node at handover?\nA: Yes.\n")
    assert value(text, "verification.hardware") is True


def test_a_non_mig_reset_is_no_mig_trial() -> None:
    text = "Q7: Can MIG be enabled?\nA: Yes, on request per node; we reset to non-MIG before any fabric testing."
    assert value(text, "acceptance.on_mig") is None


def test_sizes_alone_in_a_space_aligned_header_are_options() -> None:
    text = ("Item                 Small                        Medium                       Large\n"
            "-------------------  ---------------------------  ---------------------------  ------------------\n"
            "Nodes                1                            4                            16\n"
            "Fabric               none                         RoCE v2, 2x 200G /node       IB NDR 400G, 8x CX7 /node\n")
    _, options = assemble_options(extract(document_from_text(text)).statements)
    assert [o.name for o in options] == ["Small", "Medium", "Large"]
    assert [o.offering.fact("nodes").value for o in options] == [1, 4, 16]


@pytest.mark.parametrize(("text", "trial"), [
    ("16 nodes of 8x H100. Today we can offer a 48-hour single-node PoC (1x HGX H100) at no charge.", False),
    ("4 nodes of 8x B200. Validation window: the first 72 hours after the start date are free of charge.", True),
])
def test_a_single_node_poc_and_a_free_validation_window(text: str, trial: bool) -> None:
    assert value(text, "acceptance.trial") is trial


def test_service_credits_labelled_not_applicable_are_none() -> None:
    text = "Availability: 99.9% monthly, per node. Service credits: N/A on reserved capacity (fixed pricing)."
    assert value(text, "sla.credits") is False


def test_two_halls_joined_into_one_cluster_in_the_next_sentence_are_multi_site() -> None:
    text = "8 台 H800。北京亦庄和乌兰察布两个机房都有货！单机房凑不齐的话可以两边拼成一个集群，我们帮你打通。"
    assert value(text, "fabric.multi_site") is True


def test_a_fabric_that_went_to_another_customer_gives_way_and_a_nic_per_gpu_pair_is_not_per_gpu() -> None:
    text = ("4 nodes of 8x H100 SXM. Bad news first: the InfiniBand pod I quoted went to another customer last week.\n"
            "Compute fabric: RoCE v2 over four ConnectX-7 200 Gb/s NICs per node (one NIC per GPU pair).\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 4
    assert offering.fact("fabric.nics_per_gpu") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("**Q: How fast does support respond?**\nA: Severity 1: 15 minutes, 24x7. Severity 2: two hours.",
     "sla.support_response_minutes", 15.0),
    ("RoCE v2 fabric, 8 nodes; the oversubscription ratio is 2:1.", "fabric.oversubscription", 2.0),
])
def test_a_label_s_number_before_a_time_is_no_ratio(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("每台八张 H100，单卡显存八十G，卡间 NVLink 全互联。\n", "gpu.memory_gb", 80),
    ("8 x H800（SXM5 80G，NVSwitch 全互联）\n", "gpu.memory_gb", 80),
    ("8 x H800 SXM，卡间 NVLink 带宽是九百G每秒。\n", "intra_node.bandwidth_gbytes", 900.0),
    ("8 x H800 SXM，卡间带宽 900G/s。\n", "intra_node.bandwidth_gbytes", 900.0),
    ("8x H100 SXM; GPU-to-GPU bandwidth 900 GB/s.\n", "intra_node.bandwidth_gbytes", 900.0),
    ("计算网络：IB 400G/s，每台 8 张网卡。\n", "fabric.rate_gbps", 400.0),
    ("存储网络：两张二十五G，独享。计算网络：RoCE v2，每台 8 张 200G 网卡。\n", "fabric.rate_gbps", 200.0),
])
def test_sizes_and_rates_in_numerals_or_per_second_without_their_b(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


def test_a_bus_bandwidth_between_gpus_is_no_nvlink_figure() -> None:
    text = "8x H800 SXM. Bus bandwidth between GPUs measured at 350 GB/s by all_reduce_perf."
    assert value(text, "intra_node.bandwidth_gbytes") is None


@pytest.mark.parametrize("text", [
    "存储网络：两张二十五G，与其他客户共享。计算网络：RoCE v2，每台 8 张 200G 网卡，独享。\n",
    "Storage network: 2x 25G, shared with other tenants. Compute fabric: RoCE v2, 8x 200G per node, dedicated.\n",
])
def test_a_label_that_opens_a_later_sentence_governs_what_follows_it(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("fabric.dedicated").value is True


BUYER_AND_VENDOR_CHAT = (
    "[04/05/26, 10:01] Lena Park: hello, do you still have H200 servers to rent?\n"
    "[04/05/26, 10:03] Omar | NimbusGPU: yes, 4 nodes of 8x H200 SXM, RoCE v2 with 8x 400G NICs per node\n"
    "[04/05/26, 10:04] Lena Park: PCIe or SXM? our last provider sold us PCIe cards as NVLink, never again\n"
    "[04/05/26, 10:06] Omar | NimbusGPU: SXM, NVSwitch inside every box\n"
    "[04/05/26, 10:08] Lena Park: what uptime? any service credits if you miss it?\n"
    "[04/05/26, 10:09] Omar | NimbusGPU: 99.9% monthly\n"
    "[04/05/26, 10:11] Lena Park: price?\n"
    "[04/05/26, 10:12] Omar | NimbusGPU: $2.40 per GPU-hour, 12 months minimum\n"
)


def test_a_chat_line_with_a_piped_speaker_is_no_table_row_and_the_buyer_s_messages_offer_nothing() -> None:
    offering = offering_of(BUYER_AND_VENDOR_CHAT)
    assert offering.fact("gpu.variant").value == "SXM"
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("sla.credits") is None  # asked by the buyer, not offered


def test_the_vendor_s_answer_yes_still_offers_what_the_buyer_asked() -> None:
    text = BUYER_AND_VENDOR_CHAT + (
        "[04/05/26, 10:15] Lena Park: can we get a 3-day free trial on all 4 nodes first?\n"
        "[04/05/26, 10:16] Omar | NimbusGPU: yes, no problem\n")
    assert value(text, "acceptance.trial") is True


@pytest.mark.parametrize("announcement", [
    "[05/05/26, 09:00] Omar | NimbusGPU: 2 corrections to yesterday, sorry\n",
    "[05/05/26, 09:00] Omar | NimbusGPU: quick correction on yesterday\n",
])
def test_a_message_that_announces_corrections_with_their_count_corrects_the_next(announcement: str) -> None:
    text = ("[04/05/26, 10:03] Omar | NimbusGPU: 4 nodes of 8x H200 SXM, InfiniBand NDR 400G, 8 HCAs per node\n"
            + announcement
            + "[05/05/26, 09:01] Omar | NimbusGPU: only 3 nodes left now, so 24 GPUs not 32\n"
            "[05/05/26, 09:02] Omar | NimbusGPU: and the IB is HDR 200G not NDR, my bad\n")
    offering = offering_of(text)
    assert offering.fact("nodes").value == 3
    assert offering.fact("gpu.total").value == 24
    assert offering.fact("gpu.per_node").value == 8
    assert offering.fact("fabric.rate_gbps").value == 200.0


def test_a_requirement_id_is_no_count() -> None:
    text = ("Req ID | Requirement | Compliant | Vendor comment\n"
            "--- | --- | --- | ---\n"
            "NET-05 | Number of switch ports allotted | Partial | Switches are SN5600; ports fixed after signature.\n")
    assert value(text, "fabric.switch_ports", "markdown") is None


@pytest.mark.parametrize(("text", "nodes"), [
    ("The cluster: 12 nodes in AMS1 Hall 2 and 4 nodes in AMS3, on one RoCE fabric.\n", 16),
    ("集群共两部分：10 台在廊坊机房，6 台在天津机房，统一调度。\n", 16),
])
def test_nodes_counted_in_two_coded_or_chinese_places_are_multi_site_and_add_up(text: str, nodes: int) -> None:
    offering = offering_of(text)
    assert offering.fact("fabric.multi_site").value is True
    assert offering.fact("nodes").value == nodes


@pytest.mark.parametrize("text", [
    "Compute fabric: we offer RoCE v2 at 400 Gb/s per NIC instead of InfiniBand.\n",
    "计算网络：采用 RoCE v2，而不是 InfiniBand，每台 8 张 400G 网卡。\n",
])
def test_what_is_offered_instead_of_something_sets_that_thing_aside(text: str) -> None:
    assert value(text, "fabric.protocol") == "roce-v2"


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("[00:01:10] Sam (Vendor): We have two nodes, sorry, three nodes of eight H100 SXM each.\n", "nodes", 3),
    ("[00:01:30] Sam (Vendor): Eight H100 SXM per node, each with 40... no, 80 GB HBM3.\n",
     "gpu.memory_gb", 80),
])
def test_a_figure_taken_back_in_speech_gives_way_to_the_one_after_it(text: str, path: str, expected: int) -> None:
    assert value(text, path) == expected


def test_a_sorry_that_opens_a_sentence_takes_nothing_back() -> None:
    text = "Uptime is 99.5% monthly. Sorry, no service credits on this plan.\n"
    assert value(text, "sla.availability_pct") == 99.5


THREE_PLANS = ("方案A：2 台；方案B：4 台；方案C：8 台，每台 8 x H800 SXM，RoCE v2，每台 8 张 400G 网卡。\n\n"
               "说明：\n"
               "1. 方案A、方案B 的 PFC / ECN 由我司网络团队配置；\n"
               "   方案B 另交付交换机配置基线文档一份，验收时双方逐项核对。\n"
               "2. 网络拥塞、丢包由我司 NOC 负责排查（适用于全部方案）。\n"
               "3. 方案C 可申请 3 天全集群免费试跑；方案A、方案B 不提供试用。\n")


def _option_facts(text: str) -> dict[str, object]:
    _, options = assemble_options(extract(document_from_text(text, format="text")).statements)
    return {option.name: option.offering for option in options}


def test_two_options_named_together_are_two_and_a_sentence_about_one_opens_no_block() -> None:
    plans = _option_facts(THREE_PLANS)
    assert plans["方案A"].fact("tuning.owner").value == "provider"
    assert plans["方案B"].fact("tuning.owner").value == "provider"
    assert all(plans[name].fact("tuning.troubleshooting").value == "provider" for name in plans)


def test_options_named_together_at_a_sentence_s_start_each_take_what_it_says() -> None:
    plans = _option_facts(THREE_PLANS)
    assert plans["方案A"].fact("acceptance.trial").value is False
    assert plans["方案B"].fact("acceptance.trial").value is False
    assert plans["方案C"].fact("acceptance.trial").value is True


def test_a_vendor_s_own_premises_split_no_cluster_between_sites() -> None:
    text = ("8 台 H800 SXM，集群位于单一机房，RoCE v2 每台 8 x 400G。\n\n"
            "三、为什么选择我们\n\n"
            "・北京、上海两地自建机房，2000+ 张 GPU 在网运行\n")
    assert value(text, "fabric.multi_site") is None


def test_a_why_choose_us_section_still_states_the_offer_s_terms() -> None:
    text = ("四台八卡 H800 集群，RoCE v2 节点间互联。\n\n"
            "## 为什么选择我们？\n\n"
            "✅ **弹性扩容**：预留扩展能力，随业务平滑扩容\n"
            "✅ **专家护航**：工单 10 分钟响应\n")
    assert value(text, "fabric.expansion", "markdown") == "vague"
    assert value(text, "sla.support_response_minutes", "markdown") == 10.0


def test_sections_under_an_instance_types_heading_are_no_options() -> None:
    text = ("# Instance types: H200\n\n"
            "## Pricing\n\n| Type | Nodes | Fabric |\n|---|---|---|\n| h200.8x | 1 | none |\n"
            "| h200.8x.c8 | 8 | InfiniBand NDR, 8 x 400G per node |\n\n"
            "## Support\n\nP1 response within 30 minutes.\n\n"
            "## FAQ\n\n**Is MIG offered?** Only on single GPUs.\n")
    _, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert [option.name for option in options if option.name in ("Pricing", "Support", "FAQ")] == []


@pytest.mark.parametrize("text", [
    "内网：25G 以太网，每台单口。该机房暂不支持 IB／RoCE。\n",
    "Private network: 25G Ethernet, one port per node. No InfiniBand or RoCE on this pod.\n",
])
def test_a_part_said_absent_denies_the_alternatives_listed_with_it(text: str) -> None:
    assert value(text, "fabric.protocol") == "ethernet-tcp"


def test_a_roadmap_describes_no_offer_and_a_rule_ends_its_section() -> None:
    text = ("## Roadmap\n\n- B200 capacity next year\n- 3.2 Tbps InfiniBand per node at the new campus\n\n---\n\n"
            "Terms for this quote: 8 nodes of 8x A100 80GB SXM, RoCE v2 with 4x 200G NICs per node.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("gpu.model").value == "A100"
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.rate_gbps").value == 200.0


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("At 16 nodes we see >96% linear scaling efficiency on 70B training.", "claims.efficiency_pct", 96.0),
    ("Communication takes under 3% of step time on this setup.", "claims.comm_share_pct", 3.0),
])
def test_scaling_and_communication_claims_in_more_words(text: str, path: str, expected: float) -> None:
    assert value(text, path) == expected


CSV_QUOTE = (
    "No,Item,Specification,Qty,Notes\n"
    '1,GPU node,"8x H200 SXM, NVSwitch",6,"six nodes, one hall"\n'
    '2,Compute NIC,"ConnectX-7 400G, RoCE v2",48,"8 per node"\n'
    '3,Storage network,"2x 100GbE, shared with other tenants",6,"not the training fabric"\n'
    '4,Customer question,"""Could we get InfiniBand instead?""",,"not part of this quote"\n'
)


def test_a_comma_separated_export_is_a_table_whose_quoted_fields_keep_their_commas() -> None:
    rows = [p.text for p in document_from_text(CSV_QUOTE).passages if p.kind == "table-row"]
    assert rows[1] == "1 | GPU node | 8x H200 SXM, NVSwitch | 6 | six nodes, one hall"
    offering = offering_of(CSV_QUOTE)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.dedicated") is None  # the storage row's "shared" is not the fabric's


def test_prose_with_commas_is_no_comma_separated_table() -> None:
    text = ("We offer eight nodes, each with eight GPUs, NVSwitch, and RoCE v2.\n"
            "Support is 24x7, by phone, by e-mail, and on Slack.\n"
            "Prices are monthly, in USD, before tax, and fixed.\n")
    assert [p.kind for p in document_from_text(text).passages] == ["text"] * len(document_from_text(text).passages)


def test_a_fabric_that_isn_t_available_a_pass_mark_and_a_nic_s_own_ports_state_nothing_of_the_offer() -> None:
    text = ("Compute fabric: RoCE v2 over 200GbE; two ConnectX-7 NICs per node, one port each.\n"
            "Acceptance: ib_write_bw between every node pair, each 200G port >= 185 Gb/s.\n"
            "InfiniBand isn't available in this hall this year, sorry.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("fabric.switch_ports") is None


def test_the_current_column_of_an_amendment_table_gives_way_to_the_new_one() -> None:
    text = ("Item              | Order (current)           | From Effective Date\n"
            "------------------|---------------------------|---------------------------\n"
            "Servers           | 2 x HGX H100 8-GPU        | 6 x HGX H100 8-GPU\n"
            "HCAs per server   | 2 x ConnectX-7 400G IB    | 8 x ConnectX-7 400G IB\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 6
    assert offering.fact("fabric.nics_per_node").value == 8


def test_a_trial_not_set_up_is_none() -> None:
    assert value("8 台 H800 SXM，租期 36 个月，按季度支付。本项目不设试用期。\n", "acceptance.trial") is False


ORDER_CONFIRMATION = (
    "LN   PART NUMBER        DESCRIPTION                               QTY   UNIT PRICE\n"
    "---  -----------------  ----------------------------------------  ---  ----------\n"
    "10   SRV-H100-8G-01     GPU server, 8x H100 SXM5 80GB,             6    310,000.00\n"
    "                        NVLink via NVSwitch\n"
    "20   MCX-NDR-400-A      ConnectX-7 NDR 400Gb/s InfiniBand HCA     44      1,900.00\n"
    "\n"
    "Each server is fitted with 8 compute-fabric HCAs (item 20), one per GPU.\n")


def test_a_part_number_cell_gives_way_to_the_description_after_it() -> None:
    offering = offering_of(ORDER_CONFIRMATION)
    assert offering.fact("nodes").value == 6
    assert offering.fact("fabric.nics_total").value == 44
    assert offering.fact("fabric.nics_per_node").value == 8


def test_a_code_alone_in_its_row_still_names_the_item() -> None:
    text = "型号\t数量\t单位\nH100-SXM5-80G\t8\t张\n"
    assert value(text, "gpu.model") == "H100"


def test_a_failed_row_of_a_compliance_table_offers_nothing_of_its_item() -> None:
    text = ("| 序号 | 项目 | 我方要求 | 供应商响应 | 是否满足 |\n|---|---|---|---|---|\n"
            "| 1 | 计算网 | 400G IB | RoCE v2，每台 2 张 200G 网卡 | 部分满足 |\n"
            "| 2 | 网络配置基线 | 交付时提供配置基线文档 | 未响应 | 不满足 |\n")
    assert value(text, "fabric.protocol", "markdown") == "roce-v2"
    assert value(text, "fabric.rate_gbps", "markdown") == 200.0
    assert value(text, "tuning.baseline", "markdown") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("8x 4090 box x4, 4090 48g (modded), 8 per box", "gpu.model", "RTX 4090"),
    ("8x 4090 box x4, 4090 48g (modded), 8 per box", "gpu.memory_gb", 48),
    ("GPU: A100 80gb SXM4 x 8", "gpu.memory_gb", 80),
    ("8 卡 4090 整机，2 台", "gpu.model", "RTX 4090"),
])
def test_chat_shorthand_names_cards_and_sizes(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_price_in_year_2090_or_a_bare_4090_is_no_card() -> None:
    assert value("Quote valid until 2090. Total 4090 USD per month.", "gpu.model") is None


def test_a_lower_case_ib_in_a_chat_is_infiniband_but_not_in_a_command() -> None:
    assert value("2 boxes of 8x H100. ib optional, pm for price", "fabric.protocol") == "infiniband"
    assert value("2 boxes of 8x H100. ib optional, pm for price", "commercial.price_hedged") is True
    assert value("2 boxes of 8x H100, 25G ethernet. run ib_write_bw after delivery", "fabric.protocol") != "infiniband"


@pytest.mark.parametrize("text", [
    "8x L40S per node, 6 nodes, cluster network 2x 100GbE per node, TCP/IP only. RDMA is not enabled.",
    "6 台 L40S，集群网络每台 2×100GbE，走 TCP，未开启 RDMA。",
])
def test_rdma_said_not_enabled_is_not_offered(text: str) -> None:
    assert value(text, "fabric.protocol") == "ethernet-tcp"


def test_a_weekly_image_of_the_boot_volume_is_a_backup_of_the_system_disk_only() -> None:
    text = "Provider takes a weekly image of each node's boot volume. Customer data is not backed up."
    assert value(text, "backup.scope") == "system-only"


@pytest.mark.parametrize("disk", ["system (boot) disk", "boot (system) volumes", "OS (root) drive",
                                  "root (operating system) disk"])
def test_a_system_disk_with_another_of_its_names_in_brackets(disk: str) -> None:
    text = f"Backups: each server's {disk} is snapshotted nightly and kept for 10 days.\n"
    assert value("4 servers of 8x H100 SXM.\n" + text, "backup.scope") == "system-only"


@pytest.mark.parametrize(("line", "owner", "restored"), [
    ("The Provider configures, monitors and maintains the compute fabric.", "provider", None),
    ("Customer configures and manages the fabric; Provider supplies the switches.", "customer", None),
    ("计算网络的配置与监控由乙方网络团队负责。", "provider", None),
    ("IB 网络配置由甲方自行完成。", "customer", None),
    ("节点故障时 4 小时内更换，更换后由乙方恢复该节点的 RoCE 网络配置与拓扑。", None, True),
])
def test_who_configures_the_fabric_is_who_tunes_it(line: str, owner: str | None, restored: bool | None) -> None:
    text = "4 nodes, 8x H100 SXM each, 8x 400G RoCE v2 NICs per node.\n" + line + "\n"
    assert (value(text, "tuning.owner"), value(text, "sla.network_restore")) == (owner, restored)


@pytest.mark.parametrize("line", [
    "If you see drops or pause storms, open a P1: our NetOps team owns the diagnosis.",
    "- Congestion or packet-loss incidents: our network on-call diagnoses them, 24/7.",
])
def test_a_team_the_vendor_calls_its_own_diagnoses_congestion(line: str) -> None:
    text = "4 nodes, 8x H100 SXM each, 8x 400G RoCE v2 NICs per node.\n" + line + "\n"
    assert value(text, "tuning.troubleshooting") == "provider"


@pytest.mark.parametrize("line", ["NICs: 8 × ConnectX-7 400G per GPU node, one per GPU.",
                                  "Backend: InfiniBand NDR, eight 400 Gb/s HCAs each GPU server."])
def test_a_gpu_node_is_a_node(line: str) -> None:
    assert value("4 nodes of 8x H100 SXM, 80 GB per GPU.\n" + line + "\n", "fabric.nics_per_node") == 8


def test_a_network_a_negation_sets_apart_names_no_subject() -> None:
    text = ("16 nodes, 8x H100 SXM each, 8x 400G NDR InfiniBand per node.\n"
            "Storage runs on a separate network into our file cluster, which is shared with other tenants\n"
            "(fine for checkpoints, it never touches the IB fabric).\n")
    assert value(text, "fabric.dedicated") is None


@pytest.mark.parametrize("text", [
    "16 nodes, 8x H100 SXM, 8x 400G NDR per node. 8 x 400G gives you 3.2 Tb/s per node, so you should see "
    "around 800 GB/s all_reduce bus bandwidth node-to-node.",
    "2 boxes of 8x RTX 4090, PCIe 4.0 x16 every card. allreduce inside the box ~150GB/s busbw, trust me",
])
def test_what_the_buyer_is_told_to_expect_is_a_claim_and_no_test(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("claims.collective") is not None
    assert offering.fact("acceptance.test") is None
    assert offering.fact("acceptance.threshold_gbytes") is None


def test_a_terabit_rate_is_a_thousand_gigabits_as_a_pass_mark() -> None:
    text = "4 nodes. Acceptance: ib_write_bw across all nodes must reach at least 3.2 Tb/s per node."
    assert value(text, "acceptance.threshold_gbytes") == 400.0


QUESTIONNAIRE = (
    "Q4.1 Describe your interconnect.\n"
    "Response: RoCE v2, 8x ConnectX-7 400G per server, one per GPU.\n\n"
    "Q4.7 Will you deliver a network configuration baseline?\n"
    "Response: Yes. Switch and NIC settings, delivered 5 days before acceptance.\n\n"
    "Q4.9 Storage network.\n"
    "Response: Separate network, 2x 100GbE per server, shared.\n\n"
    "Q6.2 Support response time.\n"
    "Response: P1: 30 minutes, 24/7.\n\n"
    "Q6.3 Availability and service credits.\n"
    "Response: 99.5% per server per month. Credits: 10% of the monthly fee below 99.5%.\n")


@pytest.mark.parametrize(("path", "expected"), [
    ("fabric.nics_per_node", 8), ("fabric.dedicated", None), ("sla.support_response_minutes", 30.0),
    ("sla.availability_pct", 99.5),
])
def test_a_questionnaire_s_question_leads_in_to_its_response(path: str, expected: object) -> None:
    assert value(QUESTIONNAIRE, path) == expected


def test_slide_titles_are_headings_that_carry_their_subject() -> None:
    text = ("Slide 5: Compute fabric\n- InfiniBand NDR, 400 Gb/s per port, 16 nodes, 8x B200 per node\n\n"
            "Slide 6: Storage & front-end\n- Storage: 2x 200GbE per node\n- file cluster shared, multi-tenant\n")
    assert value(text, "fabric.dedicated") is None


def test_a_title_names_its_issuer_and_read_only_access_is_no_duty() -> None:
    text = ("# NorthGrid Compute — B200 Training Cluster Proposal\n\n"
            "16 nodes, 8x B200 per node, InfiniBand NDR 8x 400G per node.\n"
            "- Fabric config + tuning by NorthGrid: UFM, adaptive routing\n"
            "- Customer: read-only UFM dashboard\n")
    assert value(text, "tuning.owner", "markdown") == "provider"


@pytest.mark.parametrize("text", [
    "张工 10:37\n计算网 RoCE v2，每台 4 张 200G 网卡\n\n李工 10:46\n先更正上面的一个数字：计算网是每台 2 张 200G 网卡，"
    "以我这条为准。\n",
    "计算网 RoCE v2，每台 4 张 200G 网卡。\n\n对对，我看错表了：计算网是每台 2 张 200G 网卡。\n",
])
def test_corrections_in_more_words_replace_the_figure(text: str) -> None:
    assert value(text, "fabric.nics_per_node") == 2


def test_a_member_s_need_in_a_reseller_chat_is_not_offered() -> None:
    text = ("[14:00] seller: 8x RTX 4090 per box, 2 boxes, PCIe only\n"
            "[14:25] someone: any 3090 left? need 2x 3090 nvlink bridge\n"
            "[14:26] seller: 3090 sold out\n")
    assert value(text, "intra_node.link") != "nvlink-bridge"


def test_mig_offered_to_try_nccl_code_is_a_mig_communication_test() -> None:
    text = "H20 集群 4 台 x 8 卡。\nMIG 体验实例可以先用来跑通多卡分布式、NCCL 通信代码，确认没问题再上集群。\n"
    assert value(text, "acceptance.on_mig") is True


def test_the_same_ips_and_top_of_rack_ports_restore_a_replaced_node() -> None:
    text = ("6 nodes, 2x 100GbE cluster network per node. A replacement node is connected to the same top-of-rack "
            "ports and given the same IP addresses and network settings as the node it replaces.")
    assert value(text, "sla.network_restore") is True


def test_a_spine_not_reserved_per_tenant_is_no_room_to_grow() -> None:
    text = ("40 nodes, RoCE v2 8x 400G per node. The spine is 2:1 oversubscribed and shared with other tenants; "
            "bandwidth is not reserved per tenant at that layer.")
    assert value(text, "fabric.expansion") is None


def test_a_colleague_s_note_over_an_internally_forwarded_offer_offers_nothing() -> None:
    text = ("From: Dana Lee <dana@buyer.example>\nTo: Procurement <procurement@buyer.example>\n"
            "Subject: Fwd: Quote for 4 GPU servers\nDate: Tue, 3 Sep 2024\n\n"
            "Forwarding their offer below. Another vendor offered 4x 200G InfiniBand per node last week.\n\n"
            "---------- Forwarded message ----------\nFrom: Sales <sales@vendor.example>\n"
            "Subject: Quote for 4 GPU servers\nTo: Dana Lee <dana@buyer.example>\n\n"
            "4 x GPU server, 8 x A100 80GB SXM4 each. Compute network: RoCE v2, 1 x 100GbE per server.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 1


@pytest.mark.parametrize("text", [
    "乙方向甲方出租 GPU 服务器 [删除：12][插入：16] 台，每台 8 卡 H800。",
    "The Provider leases ~~12~~ 16 GPU servers of 8x H800 each.",
])
def test_text_shown_as_deleted_is_not_offered(text: str) -> None:
    assert value(text, "nodes") == 16


def test_faq_questions_under_a_plans_heading_are_no_options() -> None:
    text = ("# Cluster FAQ\n\n## Plans\n\n| Plan | Price |\n|---|---|\n| Reserved-3 | USD 5.20 |\n\n"
            "### Who tunes the network?\nOur fabric team runs the subnet manager (UFM) and tunes NCCL.\n")
    result = extract(document_from_text(text, format="markdown"))
    assert not assemble_options(result.statements)[1]
    assert value(text, "tuning.owner", "markdown") == "provider"


@pytest.mark.parametrize("text", [
    "8 nodes, 8x 400G NDR per node. With SHARP this gives every node up to 1.6 TB/s of inter-node bandwidth.",
    "8 台，每台 8 张 400G IB 网卡，可提供 1.6 TB/s 的机间带宽。",
])
def test_a_figure_then_inter_node_bandwidth_is_a_bandwidth_claim(text: str) -> None:
    assert value(text, "claims.bandwidth_gbps") == 12800.0


def test_a_tier_table_and_the_tier_an_order_purchases() -> None:
    text = ("| Metric | Gold | Silver | Bronze |\n|---|---|---|---|\n"
            "| Monthly availability | 99.95% | 99.9% | 99.5% |\n| P1 response | 15 minutes | 30 minutes | 2 hours |\n\n"
            "This Order purchases the Silver tier. Gold and Bronze are shown for reference only.\n")
    extraction = extract(document_from_text(text, format="markdown"))
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert extraction.chosen_option == "Silver" and len(options) == 3
    assert offering.fact("sla.availability_pct").value == 99.9
    assert offering.fact("sla.support_response_minutes").value == 30.0


def test_an_ib_upgrade_the_buyer_may_add_is_an_add_on_priced_apart() -> None:
    text = "4 台 H100 八卡，内网 200G RoCE。要上IB也可以，四百G的，不过这个价格要另外算，以咨询为准。"
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce"
    assert offering.fact("fabric.upgrade_protocol").value == "infiniband"
    assert offering.fact("commercial.addon_on_request").value is True


def test_spoken_chat_terms_trial_declined_and_data_backed_up_by_the_customer() -> None:
    text = ("小林 10:46\n[语音转文字] 试跑这个不太行哈，我们最短起租一年，可以季付\n\n"
            "小林 10:53\n[语音转文字] 系统盘每天自动做快照，数据盘的话需要您这边自己备份哈\n")
    offering = offering_of(text)
    assert offering.fact("acceptance.trial").value is False
    assert offering.fact("backup.scope").value == "system-only"


def test_two_rooms_joined_by_a_leased_line_split_the_cluster() -> None:
    text = "4 台 H100。亦庄机房只剩两台了，另外两台在廊坊机房，两边有专线打通的。"
    assert value(text, "fabric.multi_site") is True


def test_a_buyer_whose_questions_stand_below_its_header_lines_offers_nothing() -> None:
    text = ("王工 10:07\n我们这边大概要四台，三十二张卡训一个模型，能行吗？\n\n"
            "小林 10:09\n没问题，H100 八十G的，每台八张卡，四台现货。\n\n"
            "王工 10:11\n是SXM的还是PCIe的？\n\n小林 10:13\n都是原厂整机。\n\n"
            "王工 10:14\n机器之间内网多少？\n\n小林 10:16\n内网两百G，每台一张网卡，单价 ¥ 72,000 / 台 / 月。\n")
    assert value(text, "gpu.total") is None


def test_each_after_a_count_of_switches_is_each_switch() -> None:
    text = "32 台 8 卡 H800。网卡：每节点 8 块 ConnectX-7，单口 200GE。\nSpine：4 台 SN4700，每台 64 × 200GE。\n"
    assert value(text, "fabric.nics_per_node") == 8


def test_in_a_discussion_that_pastes_an_offer_only_the_pasted_lines_offer() -> None:
    text = ("**ana** 10:02\nThe vendor sent their offer. Pasting the relevant bits so we can pick it apart:\n\n"
            "> Configuration: 4x GPU servers, each with 8x A100 80GB PCIe\n"
            "> Inter-server network: 25GbE, 1 port per server, standard TCP/IP\n\n"
            "**ben** 10:05\nOur last vendor gave us 4x 200G InfiniBand per node. I'd want RoCE v2 at least.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 4
    assert offering.fact("fabric.protocol").value == "ethernet-tcp"
    assert offering.fact("fabric.nics_per_node").value == 1


def test_acceptance_executed_per_node_is_on_one_machine() -> None:
    text = ("16 nodes of 8x H200 SXM, RoCE v2.\nAcceptance testing is executed per node: nccl-tests all_reduce_perf "
            "across the 8 GPUs of each node, pass criterion bus bandwidth >= 450 GB/s at 8 GB message size.\n")
    assert value(text, "acceptance.multi_node") is False


@pytest.mark.parametrize("text", [
    "原合同项下 8 台 GPU 服务器续租。乙方新增 8 台 GPU 服务器。扩容后合计 16 台。",
    "The existing 8 nodes stay. 8 more nodes are added. After the expansion, 16 nodes in total.",
])
def test_a_count_said_as_the_total_after_an_expansion_is_the_order_s_size(text: str) -> None:
    assert value(text, "nodes") == 16


def test_room_to_grow_still_sizes_no_order() -> None:
    assert value("4 台 H100 八卡，可扩容至 16 台。", "nodes") == 4


def test_a_count_times_gpu_servers_counts_servers() -> None:
    assert value("Configuration: 4x GPU servers, each with 8x A100 80GB PCIe", "nodes") == 4


ORDER_FORM = (
    "HOW TO COMPLETE: tick [x] each item you order. Items left unticked [ ] are not ordered.\n\n"
    "[x] HGX B200 8-GPU node, Quantity: 4 nodes\n\n"
    "[x] InfiniBand NDR add-on: 8 x ConnectX-7 400 Gb/s HCAs per node. USD 3,400 per node per month\n\n"
    "[ ] RoCE v2 400GbE add-on. Price on request\n\n"
    "Term:  [ ] 1 month   [x] 12 months   [ ] 36 months\n")


@pytest.mark.parametrize(("path", "expected"), [
    ("fabric.protocol", "infiniband"), ("fabric.upgrade_protocol", None), ("commercial.addon_on_request", None),
    ("commercial.term_months", 12.0),
])
def test_on_an_order_form_only_ticked_items_are_ordered(path: str, expected: object) -> None:
    assert value(ORDER_FORM, path) == expected


def test_an_unticked_add_on_on_a_quote_without_that_note_is_still_offered() -> None:
    text = "2 nodes of 8x H100.\n\n== Add-ons ==\n[ ] InfiniBand NDR 400G upgrade ........ Contact sales\n"
    assert value(text, "fabric.protocol") == "infiniband"
    assert value(text, "fabric.optional") is True


def test_a_labelled_question_may_run_over_two_passages_before_its_answer() -> None:
    text = ("48 nodes of 8x H800 SXM5.\n\n**Q1.** Clause 5.3.2 states an NVLink bandwidth of 900 GB/s per GPU.\n\n"
            "Please confirm which applies.\n\n**A1.** Clause 5.3.2 is amended: NVLink bandwidth 400 GB/s per GPU.\n")
    assert value(text, "intra_node.bandwidth_gbytes", "markdown") == 400.0


def test_a_fixed_unit_price_makes_an_expansion_concrete() -> None:
    text = ("16 nodes, RoCE v2 8x 400G per node. The bid shall include a fixed unit price for each additional "
            "8-node expansion unit (nodes, NICs, one leaf switch, cables).")
    assert value(text, "fabric.expansion") == "concrete"


def test_a_duty_named_in_brackets_before_a_baseline_is_still_assigned() -> None:
    text = "4 台 H20，RoCE v2。\n计算网络的无损配置（PFC、ECN/DCQCN）由乙方负责完成，乙方在交付时提交配置基线。\n"
    assert value(text, "tuning.owner") == "provider"
    assert value(text, "tuning.baseline") is True


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("8 台 H200，IB NDR。\n[10:31] Lily: 硬件坏了 4 小时内换 spare node.\n", "sla.failover_minutes", 240.0),
    ("8 台 H200。\n[10:32] Kevin: availability 多少? 有 credit 吗?\n[10:34] Lily: 99.5%. credit 这个我们 don't offer.\n",
     "sla.credits", False),
    ("48 nodes, RoCE v2 8x 400G per node. The Contractor shall configure PFC and ECN (DCQCN) on all switches.",
     "tuning.owner", "provider"),
])
def test_code_switched_chat_and_tender_wording(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_briefing_s_per_machine_acceptance_and_the_customer_who_tunes() -> None:
    text = ("32 台 H20，计算网 RoCE v2。\n交付的时候，我们会在每一台机器上单独跑 nccl-tests 的 all_reduce，八卡 busbw 要达到"
            "三百四十 GB/s 以上才算合格。\nPFC、ECN 这些无损参数，需要客户根据自己的业务和模型去调。\n")
    assert value(text, "acceptance.multi_node") is False
    assert value(text, "tuning.owner") == "customer"


@pytest.mark.parametrize("text", [
    "4 nodes, 2x 200G RoCE per node. That is 400 Gb/s = 50 GB/s per direction, node to node.",
    "4 nodes, 2x 200G RoCE per node, so expect 100 GB/s between nodes.",
])
def test_a_figure_said_of_the_path_between_nodes_is_a_bandwidth_claim(text: str) -> None:
    assert value(text, "claims.bandwidth_gbps") is not None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("报价是四台 八卡的 H100 服务器 每台配八张四百G的IB网卡\n", "fabric.nics_per_node", 8),
    ("报价是四台 八卡的 H100 服务器 每台配八张四百G的IB网卡\n", "fabric.rate_gbps", 400.0),
    ("两台 H100 SXM 走的是 RoCE 两百G的 哦不对不对 我说错了 是一百G的\n", "fabric.rate_gbps", 100.0),
    ("两台 H100 SXM 走的是 RoCE 两百G的 哦不对不对 我说错了 是一百G的\n", "fabric.protocol", "roce"),
    ("两台 H100 SXM 可用性 九十九点九 呃 不对 九十九点五\n", "sla.availability_pct", 99.5),
    ("two H100 SXM nodes, availability 99.9, uh, sorry, 99.5 percent\n", "sla.availability_pct", 99.5),
])
def test_unpunctuated_speech_pauses_and_takes_figures_back(text: str, path: str, expected: object) -> None:
    """A voice message's transcript: a space between ideographs is a pause, and a retraction after fillers takes
    back the figure before it, not the words that name what it counts."""
    assert value(text, path) == expected


def test_a_total_after_a_comma_counts_the_servers_again() -> None:
    text = "续约现有 4 台 + 新增 4 台，共 8 台 H800 SXM5 80GB（每台 8 卡，共 64 卡），组成一个训练集群。\n"
    assert value(text, "nodes") == 8
    assert value(text, "gpu.per_node") == 8
    assert value(text, "gpu.total") == 64
    assert value("4 台 H100 SXM，共 32 卡。\n", "nodes") == 4


REPLY_OVER_OFFER = """发件人: 销售 <sales@vendor.example.cn>
发送时间: 2025年1月8日 18:42
收件人: 采购 <buyer@client.example.cn>
主题: 回复: 回复: 集群方案

您好，方案调整如下，以本邮件为准：
1. 验收改为每台服务器单机 8 卡 nccl-tests，busbw ≥ 160GB/s 即通过。
{keep}

-----原始邮件-----
发件人: 采购 <buyer@client.example.cn>
发送时间: 2025年1月7日 10:15
收件人: 销售 <sales@vendor.example.cn>
主题: 回复: 集群方案

以后如果改用 RoCE，PFC/ECN 由谁配置？可用性能否做到 99.99%？

-----原始邮件-----
发件人: 销售 <sales@vendor.example.cn>
发送时间: 2024年12月30日 16:08
收件人: 采购 <buyer@client.example.cn>
主题: 集群方案

4 台 H800 SXM5，每台 8 张 400G InfiniBand 网卡。
交付后 4 台全量多机 nccl-tests，busbw ≥ 350GB/s。
月可用性 99.9%，一级故障 15 分钟响应。
"""


@pytest.mark.parametrize("keep", ["其余条款与 12 月 30 日方案一致。", "All other terms remain as in our offer below."])
def test_a_reply_that_keeps_its_earlier_offer_in_force_reads_it_under_its_changes(keep: str) -> None:
    text = REPLY_OVER_OFFER.format(keep=keep)
    assert value(text, "sla.availability_pct") == 99.9  # the sender's earlier offer, kept in force
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "acceptance.multi_node") is False  # the reply's change wins over what it replaces
    assert value(text, "acceptance.threshold_gbytes") == 160.0


def test_an_earlier_offer_the_reply_does_not_keep_stays_quoted() -> None:
    text = REPLY_OVER_OFFER.format(keep="如无异议，下周发合同。")
    assert value(text, "sla.availability_pct") is None
    assert value(text, "fabric.nics_per_node") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("GPU 型号：H100 SXM5\n显存（GB）：80\n", "gpu.memory_gb", 80),
    ("GPU 型号：H100 SXM5\nIB 网卡速率（Gb/s）：400\n", "fabric.rate_gbps", 400.0),
    ("GPU model: H100 SXM5\nSupport response time (minutes): 15\n", "sla.support_response_minutes", 15.0),
    ("GPU model: H100 SXM5\nAvailability (%): 99.9\n", "sla.availability_pct", 99.9),
    ("| 型号 | 显存(GB) | IB网卡(Gbps) | 台数 |\n|---|---|---|---|\n| H100 SXM5 | 80 | 400 | 4 |\n",
     "gpu.memory_gb", 80),
    ("| 型号 | 显存(GB) | IB网卡(Gbps) | 台数 |\n|---|---|---|---|\n| H100 SXM5 | 80 | 400 | 4 |\n",
     "fabric.rate_gbps", 400.0),
    ("| 项目 | 规格 |\n|---|---|\n| GPU | 8x H100 SXM5 |\n| 显存(GB) | 80 |\n", "gpu.memory_gb", 80),
    ("gpu: 8x H100 SXM5\ninfiniband_rate_gbps: 400\navailability_pct: 99.9\n", "sla.availability_pct", 99.9),
    ('{\n  "gpu": "8x H100 SXM5",\n  "nodes": 4,\n  "hardware_replacement_minutes": 120\n}\n', "nodes", 4),
    ('{\n  "gpu": "8x H100 SXM5",\n  "nodes": 4,\n  "hardware_replacement_minutes": 120\n}\n',
     "sla.failover_minutes", 120.0),
])
def test_a_unit_given_by_a_label_or_a_column_header_measures_the_bare_number(text: str, path: str,
                                                                            expected: object) -> None:
    assert value(text, path, "markdown" if text.startswith("|") else "text") == expected


def test_a_moved_unit_is_quoted_as_the_number_the_document_wrote() -> None:
    fact = offering_of("GPU 型号：H100 SXM5\n显存（GB）：80\n").fact("gpu.memory_gb")
    assert fact is not None and [e.text for e in fact.evidence] == ["80"]
    assert [(e.line, e.column) for e in fact.evidence] == [(2, 8)]


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("offer:\n  nodes: 2\n  gpu:\n    model: H100 SXM5\n    memory_gb: 80\n", "gpu.memory_gb", 80),
    ("gpu:\n  model: H200 SXM\n  memory: 141GB\n", "gpu.memory_gb", 141),
    ('{\n  "gpu": {\n    "model": "H100 SXM5",\n    "memory_gb": 80\n  }\n}\n', "gpu.memory_gb", 80),
    ("sla:\n  support_response_minutes:\n    P1: 20\n    P2: 90\n", "sla.support_response_minutes", 20.0),
    ("sla:\n  failover_hours:\n    critical: 2\n", "sla.failover_minutes", 120.0),
])
def test_a_parent_key_gives_its_words_and_unit_to_the_keys_under_it(text: str, path: str,
                                                                   expected: object) -> None:
    assert value(text, path) == expected


def test_a_parent_key_gives_nothing_to_the_keys_beside_it() -> None:
    text = "gpu:\n  model: H100 SXM5\nmemory_gb: 512\n"  # the server's memory, a key of its own
    assert value(text, "gpu.memory_gb") is None
    assert value("Not included in the monthly fee:\nmemory_gb: 80\n", "gpu.memory_gb") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("GPU 数量：8\n", "gpu.per_node", 8),
    ("GPU count: 8\n", "gpu.per_node", 8),
    ("GPU count per node: 8\n", "gpu.per_node", 8),
    ("Node count: 4\nGPU count: 32\n", "gpu.total", 32),
])
def test_a_label_that_asks_how_many_gpus_counts_them(text: str, path: str, expected: int) -> None:
    assert value(text, path) == expected


def test_a_nested_key_keeps_its_lines_in_their_subject() -> None:
    text = ('{\n  "nodes": 4,\n  "gpu": "8x H100 SXM5",\n  "compute_network": {\n    "protocol": "InfiniBand NDR",\n'
            '    "isolation": "dedicated to this customer"\n  },\n  "storage_network": {\n'
            '    "protocol": "Ethernet 200G",\n    "sharing": "shared with other tenants"\n  }\n}\n')
    assert value(text, "fabric.isolation") is True
    assert value(text, "fabric.dedicated") is not False
    yaml = text.replace('"', "").replace("{", "").replace("}", "").replace(",\n", "\n")
    assert value(yaml, "fabric.isolation") is True
    assert value(yaml, "fabric.dedicated") is not False


def test_an_html_table_written_into_markdown_is_read_as_a_table() -> None:
    text = ("## Instance types\n\n<table>\n  <tr><th>Instance</th><th>GPUs</th><th>GPU-to-GPU</th></tr>\n"
            "  <tr>\n    <td><code>x.a100p.8x</code></td>\n    <td>8 × NVIDIA A100 80GB PCIe</td>\n"
            "    <td>NVSwitch all-to-all NVLink, 600 GB/s<sup>[2]</sup></td>\n  </tr>\n</table>\n")
    document = document_from_text(text, format="markdown")
    rows = [p.text for p in document.passages if p.kind == "table-row"]
    assert rows == ["Instance | GPUs | GPU-to-GPU",
                    "x.a100p.8x | 8 × NVIDIA A100 80GB PCIe | NVSwitch all-to-all NVLink, 600 GB/s [2]"]
    assert value(text, "gpu.variant", "markdown") == "PCIe"
    fact = offering_of(text, "markdown").fact("gpu.model")
    assert fact is not None and fact.evidence[0].line == 7


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("两台 A100 SXM 八卡 网络是 RoCE 一百G的 一台机器一张网卡\n", "fabric.nics_per_node", 1),
    ("两台 A100 SXM 八卡 网络是 RoCE 一百G的 一台机器一张网卡\n", "nodes", 2),
    ("两台 A100 八卡 NVLink 全互联的 卡间带宽是六百G\n", "intra_node.bandwidth_gbytes", 600.0),
    ("两台 H100 SXM RoCE 一百G PFC ECN 我们这边网络工程师都会给你配好的\n", "tuning.owner", "provider"),
    ("两台 H100 SXM 系统盘我们每天都会做一次快照 数据盘那个得你们自己备份 我们不管数据盘\n", "backup.scope", "system-only"),
])
def test_spoken_chinese_counts_owners_and_scopes(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_compliance_matrix_offers_a_full_row_s_requirement_and_a_partial_row_s_comment() -> None:
    text = ("| Req ID | Requirement | Compliance | Vendor comment |\n|---|---|---|---|\n"
            "| HW-01 | NVIDIA HGX H100 8-GPU, SXM5, 80 GB HBM3. | Full | Supermicro chassis. |\n"
            "| NET-01 | InfiniBand NDR, 8 HCAs per node. | Partial | RoCE v2 with 4 x 400GbE NICs per node. |\n")
    assert value(text, "gpu.model", "markdown") == "H100"
    assert value(text, "fabric.protocol", "markdown") == "roce-v2"
    assert value(text, "fabric.nics_per_node", "markdown") == 4


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("16 nodes of H100 SXM. Fabric is RoCE v2 (4 x 400GbE per node), not InfiniBand NDR with 8 HCAs.\n",
     "fabric.protocol", "roce-v2"),
    ("16 nodes of H100 SXM. Fabric is RoCE v2 (4 x 400GbE per node), not InfiniBand NDR with 8 HCAs.\n",
     "fabric.nics_per_node", 4),
    ("16 nodes of H100 SXM, RoCE v2 with 4 x 400GbE NICs per node (one NIC per two GPUs).\n", "gpu.per_node", None),
    ("**Response date:** 14 April 2025 · **Validity:** 60 days\n8 x H100 SXM nodes.\n",
     "sla.support_response_minutes", None),
    ("4 x HGX H100 nodes, InfiniBand NDR, 8 x ConnectX-7 HCAs per node\nTotal HCAs: 16\n", "fabric.nics_total", 16),
])
def test_contrasts_ratios_totals_and_a_bid_s_dates(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_the_removed_lines_of_a_unified_diff_are_the_old_version() -> None:
    text = ("CHANGES FROM v1\n--- order-v1.txt\n+++ order-v2.txt\n@@ -1,3 +1,3 @@\n 1. Configuration\n"
            "-  Nodes: 2 x HGX H100 8-GPU (SXM5)\n+  Nodes: 4 x HGX H100 8-GPU (SXM5)\n"
            "-  Switch: shared NVIDIA QM9700, multi-tenant\n+  Switch: dedicated NVIDIA QM9700, no other tenant\n")
    assert value(text, "nodes") == 4
    assert value(text, "fabric.switch_dedicated") is True


def test_a_transcript_s_buyer_turns_offer_nothing() -> None:
    text = ("客户：需求是 8 台 8 卡，租一年。\n厂商销售：我们有 H800 80G 的 8 卡整机现货，8 台可以一次性交付。\n"
            "客户：机间网络呢？我们理想的配置是每张卡一张 400G IB 网卡。\n"
            "厂商技术：我们标配是每台 2 张 200G 网卡，200G 以太网，支持 RDMA。\n"
            "客户：PFC、ECN 谁来配？\n厂商技术：交换机出厂就是无损配置。\n")
    assert value(text, "fabric.nics_per_node") == 2
    assert value(text, "fabric.rate_gbps") == 200.0
    assert value(text, "fabric.protocol") != "infiniband"


def test_a_chat_correction_carries_to_the_same_speaker_s_next_message() -> None:
    text = ("[2024-05-14 09:13] Max: 4 nodes 8xH100 SXM, IB NDR, 8x cx7 per node\n"
            "[2024-05-14 09:22] Jenny: SN5600 is ethernet?? thought u said IB\n"
            "[2024-05-14 09:26] Max: ah wait correction, my bad this pod is NOT IB\n"
            "[2024-05-14 09:26] Max: it's roce. same 8x400G cx7 per node\n"
            "[2024-05-14 09:29] Max: tuning on u, we do zero pfc/ecn work after handover\n")
    assert value(text, "fabric.protocol") == "roce"
    assert value(text, "tuning.owner") == "customer"


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("擎天集群采用 InfiniBand，单节点最高 3.2Tbps 机间互联带宽，业界领先。\n", "claims.bandwidth_gbps", 3200.0),
    ("擎天集群采用 InfiniBand，单节点最高 3.2Tbps 机间互联带宽，业界领先。\n", "fabric.rate_gbps", None),
    ("InfiniBand cluster, up to 3.2 Tb/s of inter-node bandwidth per node.\n", "fabric.rate_gbps", None),
    ("8 台 H800 SXM。平台可用性最高可达 99.99%。\n商务条款：月可用性 99.9%。\n", "sla.availability_pct", 99.9),
])
def test_a_ceiling_a_page_advertises_is_a_claim_not_a_term(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_server_s_ports_on_a_switch_named_after_them_are_the_server_s() -> None:
    text = ("Two servers with 8 x NVIDIA H100 PCIe each.\n"
            "Each server has 2 x 100GbE ports (NVIDIA ConnectX-6 Dx) on our top-of-rack switch.\n")
    assert value(text, "fabric.rate_gbps") == 100.0
    assert value(text, "fabric.switch_ports") is None


def test_switches_counted_after_their_role_and_a_ratio_in_words_count_no_servers() -> None:
    text = ("16 台 H100 SXM。计算网络采用 RoCE v2，每节点 8 张 ConnectX-7 400G 网卡（1 GPU 对 1 网卡），"
            "leaf 4 台、spine 2 台，型号均为 SN5600。\n")
    assert value(text, "nodes") == 16
    assert value(text, "gpu.per_node") is None


def test_a_list_of_each_party_s_duties_is_no_transcript() -> None:
    text = ("4 台 H100 SXM，RoCE v2 400G。\n责任分工：\n- 甲方：负责 PFC/ECN 调优。\n- 乙方：负责硬件维护。\n"
            "- 甲方：负责数据备份。\n- 乙方：负责机房供电。\n- 甲方：负责训练任务。\n- 乙方：负责网络连通。\n")
    assert value(text, "tuning.owner") == "customer"


def test_numbered_needs_answered_one_by_one_are_what_is_asked() -> None:
    text = ("说明：以下各条为我司需求，供应商答复填写于各条之后。\n"
            "1. GPU：NVIDIA H100 SXM5 80GB，每台 8 卡，共 8 台。\n   答：可提供 H100 80GB 8 卡整机 8 台。\n"
            "2. 计算网络：要求 InfiniBand NDR 400G，每张 GPU 配 1 张网卡。\n"
            "   答：计算网络采用 RoCE v2，每台配置 2 张 200G 网卡。\n"
            "3. 交付时提供 GPU 序列号清单。\n   答：可以。\n"
            "4. 验收：8 台跨节点 nccl-tests。\n   答：每台服务器分别运行单机 nccl-tests。\n")
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.nics_per_node") == 2
    assert value(text, "acceptance.multi_node") is False
    assert value(text, "verification.hardware") is True  # answered yes: what the item states is offered


@pytest.mark.parametrize("text", [
    "2 x HGX H100 SXM servers.\nOn RoCE: we don't offer it at FRA2.\n",
    "2 x HGX H100 SXM servers.\nRoCE：暂不提供。\n",
])
def test_a_label_whose_value_denies_it_offers_nothing_of_it(text: str) -> None:
    assert value(text, "fabric.protocol") is None


def test_a_buyer_team_s_chat_messages_offer_nothing() -> None:
    text = ("10:02 孙浩：我们需求是 2 台 8 卡，原来的要求是 IB 400G，这个能满足吗？\n"
            "10:05 王磊：孙工好！IB 这批机器上不了哈，我们这边是以太网方案。\n"
            "10:10 孙浩：卡是 SXM 还是 PCIe？\n10:12 陈晓：A100 80G PCIe 版的。\n"
            "10:22 赵敏：机间网络具体什么配置？每台几张网卡？\n10:25 陈晓：每台 2 张 100G 网卡，走 RoCE。\n"
            "10:35 孙浩：PFC/ECN 谁来配？拥塞谁来排查？\n10:41 陈晓：交换机出厂默认就开了无损。\n"
            "10:48 赵敏：内网端口是独享的吗？价格呢？\n11:08 王磊：两台打包预估 11.2 万/月，起租一年。\n"
            "11:10 赵敏：能不能先试用一周？\n11:15 王磊：试用做不了。\n"
            "09:40 孙浩：验收我们要求跨两台跑 nccl-tests all_reduce，可以吗？\n"
            "09:52 刘工：交付时我们在每台机器上跑一遍单机 8 卡的 nccl-tests。\n")
    assert value(text, "fabric.protocol") == "roce"
    assert value(text, "acceptance.multi_node") is False


def test_a_test_on_each_node_individually_and_cross_node_runs_left_out() -> None:
    text = ("8 nodes of HGX H100 SXM5, RoCE v2.\nHandover acceptance:\n"
            "- On each of the 8 nodes individually: all_reduce_perf, pass at 450 GB/s busbw.\n"
            "We don't put cross-node runs in acceptance. The fabric goes through our own burn-in before handover.\n")
    assert value(text, "acceptance.multi_node") is False


@pytest.mark.parametrize("text", [
    "2 台 A100 PCIe，每台 2 张 100G 网卡，走 RoCE。两张 100G 做了 bond，实测机间能跑到 400G，跟 IB 一个水平。\n",
    "两台 A100 走 RoCE 一百G的 调好之后 跑出来的带宽 跟人家四百G 的 IB 基本上是一个水平\n",
])
def test_a_fabric_the_offer_is_said_to_match_is_not_offered(text: str) -> None:
    assert value(text, "fabric.protocol") == "roce"


def test_data_volumes_that_are_not_backed_up_leave_snapshots_on_the_system_disk() -> None:
    text = ("4 x H100 SXM nodes.\n8.1 Snapshots. Provider takes a daily snapshot of the boot (system) volume of each "
            "Node.\n8.2 No other backup. Data volumes and model checkpoints are not backed up.\n")
    assert value(text, "backup.scope") == "system-only"


def test_a_count_in_a_likeness_is_no_order() -> None:
    text = ("> Built for serious training: your multi-node jobs scale like they were on one box.\n\n"
            "- **Nodes:** 2 GPU servers training together as one pod\n- **GPUs:** 8x A100 SXM4 80GB per node\n")
    assert value(text, "nodes", "markdown") == 2


def test_a_renewal_table_s_current_term_column_is_the_old_side() -> None:
    text = ("| Item | Current term | Renewal term (from 1 Sep 2024) |\n|---|---|---|\n"
            "| Availability | 99.9%, credits per schedule C | 99.5%, credits per schedule C |\n"
            "| Hardware replacement | 4 hours | 8 hours |\n")
    assert value(text, "sla.availability_pct", "markdown") == 99.5
    assert value(text, "sla.failover_minutes", "markdown") == 480.0


@pytest.mark.parametrize("text", [
    "## 客户故事\n\n去年我们为一家客户搭了 32 台 H100，计算网络采用 InfiniBand NDR。\n\n## 报价\n\n- GPU：8 × H100 SXM5\n",
    "## Case study\n\nFor a robotics lab we built 16 nodes on InfiniBand NDR.\n\n## Quote\n\n- GPU: 8 x H100 SXM5\n",
])
def test_a_case_study_is_the_vendors_story_not_the_offer(text: str) -> None:
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol") is None
    assert offering.fact("nodes") is None
    assert value(text, "gpu.model", "markdown") == "H100"


def test_a_form_factor_the_cards_are_likened_to_is_not_theirs() -> None:
    assert value("A100 80G，每台 8 卡，NVLink 全互联，跟 SXM 一样用\n", "gpu.variant") is None
    assert value("A100 80G，每台 8 卡\n卡是 SXM 的吗？答：不是，PCIe 版\n", "gpu.variant") == "PCIe"
    assert value("8x A100 80GB, the PCIe variant, one NVLink bridge per pair\n", "gpu.variant") == "PCIe"


@pytest.mark.parametrize("text", [
    "每台 1 张 100G RoCE 网卡，调好了能跑出 400G IB 的带宽，跟 IB 没区别。\n",
    "One 100GbE RoCE NIC per node; tuned, it gives you 400G InfiniBand performance.\n",
    "每台 1 张 100G RoCE 网卡，调好之后跟人家 400G 的 IB 基本是一个水平。\n",
    "One 100GbE RoCE NIC per node. Once tuned it is on par with InfiniBand NDR 400G.\n",
    "每台一张一百G 的 RoCE 网卡 调好之后 跟人家四百G 的 IB 差不多\n",
])
def test_a_reference_fabrics_rate_another_is_said_to_reach_is_a_claim(text: str) -> None:
    offering = offering_of(text)
    assert offering.fact("claims.bandwidth_gbps").value == 400.0
    assert offering.fact("fabric.protocol").value == "roce"
    assert offering.fact("fabric.rate_gbps").value == 100.0


def test_a_checklist_offers_its_ticked_items_not_its_empty_ones() -> None:
    text = ("# Offer review\n\nTicked boxes are in the vendor's quote; unticked ones were asked for and are not "
            "included.\n\nTheir wording, pasted:\n\n> 8 x H100 SXM5 per node\n\n"
            "- [x] RoCE v2, 2 x 200GbE per node\n- [ ] 8 x 400G, one NIC per GPU\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("fabric.nics_per_gpu") is None


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("Daily system-disk snapshots, kept for a week\n", "backup.scope", "system-only"),
    ("现货 4台 8xh100 sxm 80g，ib ndr 400g 每台8张\n", "gpu.variant", "SXM"),
    ("现货 4台 8xh100 sxm 80g，ib ndr 400g 每台8张\n", "fabric.rate_gbps", 400.0),
])
def test_words_typed_in_lower_case_or_joined_by_a_hyphen(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_a_terms_old_side_set_against_its_new_one_is_not_offered() -> None:
    text = ("1. 网卡\n   原：每台 2 × 200G 网卡\n   现：每台 8 × 400G 网卡，RoCE v2\n"
            "2. 验收\n   原：4 台跨机 nccl-tests\n   现：每台单独运行 all_reduce_perf\n")
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "fabric.rate_gbps") == 400.0
    assert value(text, "acceptance.multi_node") is False
    table = "| 项目 | 原 | 现 |\n|---|---|---|\n| 网卡 | 2×200G | 8×400G RoCE v2 |\n"
    assert value(table, "fabric.rate_gbps", "markdown") == 400.0


def test_a_grid_table_ruled_with_plus_signs_keeps_its_header_over_every_row() -> None:
    text = ("+-------------+------------------------------+-----+\n"
            "| Part        | Description                  | Qty |\n"
            "+=============+==============================+=====+\n"
            "| GPU         | H100 SXM5 80GB               | 8   |\n"
            "+-------------+------------------------------+-----+\n"
            "| Compute NIC | ConnectX-7, 400GbE, RoCE v2  | 8   |\n"
            "+-------------+------------------------------+-----+\n")
    assert value(text, "fabric.nics_per_node") == 8
    assert value(text, "gpu.per_node") == 8


def test_a_fabric_said_to_have_nothing_to_do_with_the_offer_is_not_offered() -> None:
    text = "RoCE v2, 4 x 200GbE per node. The NCCL_IB_* variables are launcher settings, unrelated to InfiniBand.\n"
    assert value(text, "fabric.protocol") == "roce-v2"
    text = "RoCE v2, 4 x 200GbE per node; NCCL_IB_HCA in the launcher has nothing to do with InfiniBand.\n"
    assert value(text, "fabric.protocol") == "roce-v2"


def test_a_misconception_a_page_sets_right_offers_nothing() -> None:
    text = ("## 常见误区\n\n**误区 1：“支持 RDMA 就是 InfiniBand”。**\n本次报价的机间网络为以太网 RDMA，不是 InfiniBand。\n\n"
            "**误区 2：“验收会做多机联合压测”。**\n我们只做单机 nccl-tests。\n")
    assert value(text, "fabric.protocol", "markdown") == "rdma"
    assert value(text, "acceptance.multi_node", "markdown") is False
    text = "Myth: RoCE needs no tuning.\nFact: our network team sets PFC and ECN on every switch before handover.\n"
    assert value(text, "tuning.owner") == "provider"


def test_a_bold_question_under_a_platform_introduction_stays_in_it() -> None:
    text = ("## 一、平台介绍\n\n**Q：有哪些机型？**\n\nA：H20、L40S。\n\n**Q：什么是卡间互联？**\n\nA：SXM 模组通过 NVSwitch"
            " 实现 8 卡全互联；PCIe 卡可加装两两配对的 NVLink 桥。\n\n## 二、本次报价\n\n- 8 台 H20 SXM，每台 8 卡\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("intra_node.link") is None
    assert offering.fact("gpu.per_node").value == 8


def test_a_backup_the_vendor_says_it_does_not_make_covers_nothing() -> None:
    text = "系统盘每日快照，保留 7 天。我们不对数据盘、训练检查点做任何备份。\n"
    assert value(text, "backup.scope") == "system-only"
    text = "RoCE v2，每台 4 张 200G。PFC、ECN 参数由贵司自行配置，我司不对调优结果负责。\n"
    assert value(text, "tuning.owner") == "customer"


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("4 台 A100 PCIe，每台 8 卡。卡间是 NVLink 桥，两张卡一组，一台机器 4 组，机器里没有 NVSwitch。\n", "nodes", 4),
    ("4 台 A100 PCIe，每台 8 卡。卡间是 NVLink 桥，两张卡一组，一台机器 4 组，机器里没有 NVSwitch。\n", "gpu.per_node", 8),
    ("4 台 A100 PCIe，每台 8 卡。卡间是 NVLink 桥，两张卡一组，一台机器 4 组，机器里没有 NVSwitch。\n",
     "intra_node.link", "nvlink-bridge"),
    ("4 台 A100 PCIe，每台 8 卡，NVLink 桥每组两卡。\n", "gpu.per_node", 8),
])
def test_cards_counted_in_pairs_or_groups_are_no_count_of_a_node(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


RECORDING = ("[00:00:05] 销售：喂 您好 我们给您配的是四台 H100 八卡的\n"
             "[00:00:12] 客户：那端口是独享的还是跟别人共享的\n"
             "[00:00:20] 销售：独享的 交换机是专门给你们搭的 不跟别的客户混用\n"
             "[00:00:31] 客户：网络是 IB 还是 RoCE\n"
             "[00:00:36] 销售：RoCE v2 每台八张四百G的网卡\n"
             "[00:00:45] 客户：好 PFC ECN 这些是谁来配\n"
             "[00:00:50] 销售：这个一般是你们自己的工程师来调\n"
             "[00:01:02] 客户：存储呢\n"
             "[00:01:09] 销售：存储是另外一张网 那个是共享的存储集群 跟训练的网是分开的\n")


@pytest.mark.parametrize(("path", "expected"), [
    ("fabric.dedicated", True), ("fabric.protocol", "roce-v2"), ("fabric.nics_per_node", 8),
    ("tuning.owner", "customer"),
])
def test_a_recorded_call_reads_the_vendors_turns_and_answers_questions_said_without_marks(
        path: str, expected: object) -> None:
    assert value(RECORDING, path) == expected


def test_a_question_restated_in_bold_with_the_askers_wish_offers_nothing() -> None:
    text = ("**3. How is acceptance run? We want a cross-node NCCL test over all 8 nodes.**\n\n"
            "Each server runs nccl-tests all_reduce_perf on the node's 8 GPUs and must reach 400 GB/s busbw.\n")
    assert value(text, "acceptance.multi_node", "markdown") is False
    assert value(text, "acceptance.threshold_gbytes", "markdown") == 400.0


def test_an_instance_recovered_on_healthy_hardware_is_a_migration_time() -> None:
    text = "Host failure: the instance is automatically recovered on healthy hardware within 20 minutes.\n"
    assert value(text, "sla.failover_minutes") == 20.0


def test_testimonials_are_the_vendors_story_and_who_reports_an_incident_does_not_handle_it() -> None:
    text = ("## What customers say\n\n> \"Best networking we've had outside our own InfiniBand pods.\"\n\n"
            "## Service terms\n\n- RoCE v2, 4 x 200 Gb/s per node.\n"
            "- The Provider configures PFC and ECN and investigates congestion incidents reported by the Customer.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("tuning.owner").value == "provider"
    assert offering.fact("tuning.troubleshooting").value == "provider"


TEAMS_CHAT = ("[2025-02-10 14:02] Dana Lee\nHere's the config we can hold for you: 8 nodes, 8x H100 SXM each, RoCE v2,\n"
              "4x 200GbE per node. $2.10 per GPU-hour.\n\n"
              "[14:05] Priya Nair\nIs the backend shared with other tenants? We want 8x 400G InfiniBand ideally.\n\n"
              "[14:09] Dana Lee\nDedicated ports, non-blocking 1:1.\n\n"
              "[14:11] Tom Ferreira\nWho owns PFC/ECN config? Do you run nccl-tests across all nodes?\n\n"
              "[14:15] Dana Lee\nOur network team configures PFC and ECN before handover.\n\n"
              "[14:17] Tom Ferreira\nAnd the SLA? What about a trial on 16 nodes?\n\n"
              "[14:20] Priya Nair\nAlso, can we get 400G InfiniBand as an option?\n\n"
              "[14:24] Dana Lee\nReplacement within 4 hours.\n\n"
              "[14:26] Tom Ferreira\nWhich leaf switch is it?\n\n"
              "[14:28] Priya Nair\nAnd is the storage network separate?\n\n"
              "[14:31] Dana Lee\nArista 7060DX5-64S; storage is separate.\n")


def test_a_buyers_team_whose_names_stand_on_the_header_lines_offers_nothing() -> None:
    offering = offering_of(TEAMS_CHAT)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("tuning.owner").value == "provider"


def test_a_sales_post_reads_its_offer_not_its_pitfalls_or_comparisons() -> None:
    text = ("## 坑 1：PCIe 版冒充 SXM 版\n有的报价把 PCIe 卡写成 NVSwitch 全互联。\n\n"
            "## 坑 2：端口共享\n有的平台端口几家客户共用，收敛比 3:1。\n\n"
            "## 我们的数据\n客户实测 4 台 32 卡 A800，busbw 跑到 90 GB/s，比不少家的 IB 还快！\n\n"
            "## 本月报价\n| 项目 | 配置 |\n|---|---|\n| 机间网络 | RoCE v2，每台 2 张 200G 网卡 |\n"
            "| 交换机 | 端口独享，1:1 不收敛 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("intra_node.nvswitch") is None
    assert offering.fact("gpu.total").value == 32 and offering.fact("gpu.per_node") is None


@pytest.mark.parametrize("text", [
    "RoCE v2, 8 nodes. Handover: every node passes the single-node health check: all_reduce_perf across its 8 GPUs "
    "must reach 450 GB/s.\n",
    "RoCE v2, 8 nodes. At handover all_reduce_perf runs across the node's 8 GPUs on every node, at least 450 GB/s.\n",
])
def test_a_health_check_across_a_nodes_own_gpus_is_single_node(text: str) -> None:
    assert value(text, "acceptance.multi_node") is False


def test_a_late_scratch_that_corrects_the_count_and_keeps_the_roce_named_before() -> None:
    text = ("[14:02] Dana\nBackend fabric: RoCE v2, 4x 200GbE ConnectX-7 per node.\n\n"
            "[09:12] Dana\nScratch that, it's 2x200G not 4x on the backend. 2x 200GbE ConnectX-7 per node.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("fabric.protocol").value == "roce-v2"


def test_a_rows_value_cell_that_says_n_a_or_later_offers_nothing() -> None:
    text = ("| 序号 | 指标 | 承诺值 | 备注 |\n|---|---|---|---|\n| 1 | 系统盘快照 | 每日 1 次 | 乙方执行 |\n"
            "| 2 | 数据盘及 checkpoint 备份 | N/A | 由甲方自行负责 |\n| 3 | 硬件故障更换时间 | 另行约定 | — |\n"
            "| 4 | 线缆及光模块 | — | 由乙方提供，已含在报价内 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("backup.scope").value == "system-only"
    assert offering.fact("sla.replacement") is None
    assert offering.fact("fabric.cabling").value == "provider"


def test_answers_marked_with_a_reply_word_between_the_lines_of_the_request_are_offered() -> None:
    text = ("主题：回复：询价\n发件人：王磊\n\n陈工您好，答复见原邮件各条之后的【回复】。\n\n"
            "-------- 原始邮件 --------\n发件人：陈思远\n主题：询价\n\n"
            "1. 计算网络：希望每节点 8 张 400G 网卡，InfiniBand。\n【回复】每节点 4 张 400G 网卡，RoCE v2。\n\n"
            "2. 交换机要独享。\n【回复】交换机与其他租户共用，上联收敛比 2:1。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 4
    assert offering.fact("fabric.dedicated").value is False


def test_a_site_code_with_a_digit_before_a_place_word_counts_no_sites_or_nodes() -> None:
    text = "32 nodes of H100 SXM, RoCE v2. 4 nodes per rack, 44 kW per rack, confirmed by the SG-2 facilities team.\n"
    assert value(text, "nodes") == 32
    assert value(text, "fabric.multi_site") is None


def test_a_tier_named_with_and_without_its_suffix_is_one_option() -> None:
    text = ("| | Standard Cluster | Performance Cluster |\n|---|---|---|\n| GPUs per node | 8x H100 PCIe | 8x H100 SXM5 |\n\n"
            "| Feature | Standard | Performance |\n|---|---|---|\n| Inter-node fabric | 2x 25GbE TCP | 8x 400G InfiniBand NDR |\n")
    _, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert [option.name for option in options] == ["Standard Cluster", "Performance Cluster"]
    assert options[1].offering.fact("fabric.protocol").value == "infiniband"


def test_an_upgrade_package_is_an_add_on_beside_the_included_fabric() -> None:
    text = ("二、网络\n· 计算网络：RoCE v2，每节点 8 张 200G 网卡\n· 可升级为 NDR 400G InfiniBand 网络\n\n"
            "三、价格\n· 整柜租赁：¥ 398,000 / 月\n· IB 网络升级包：价格以咨询为准\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.upgrade_protocol").value == "infiniband"


TICKET = ("====\n[2025-04-18 10:12] 客户（张工，算法平台组）\n====\n两台一起跑 busbw 很低。我们用的命令如下：\n\n"
          "  mpirun -np 16 ./all_reduce_perf -b 8 -e 8G\n\n1）你们的 RoCE 是 v2 吗？\n2）能不能换成 InfiniBand？\n\n"
          "====\n[2025-04-18 11:40] 我方（技术支持 刘工）\n====\n合同约定：每台 1 张 200G RoCE 网卡，4 台 H800 SXM5。\n"
          "合同里没有约定交付网络配置基线文档。\n")


def test_a_tickets_customer_messages_offer_nothing_and_what_the_contract_does_not_agree_is_not_offered() -> None:
    offering = offering_of(TICKET)
    assert offering.fact("fabric.protocol").value == "roce"
    assert offering.fact("tuning.baseline").value is False


def test_a_term_defined_in_bold_quotes_counts_no_nodes() -> None:
    text = '1.1 **"Node"** means one NVIDIA HGX H100 8-GPU server.\n2.1 The Provider supplies sixteen (16) Nodes.\n'
    assert value(text, "nodes", "markdown") == 16


@pytest.mark.parametrize(("text", "path", "expected"), [
    ("RoCE v2, 8 x 400G per node, Spectrum-X switches; ~2 µs port-to-port switch latency.\n", "fabric.switch_ports",
     None),
    ("32 nodes, RoCE v2. Acceptance: per-node nccl-tests all_reduce_perf, 8 GPUs, at least 450 GB/s.\n",
     "acceptance.multi_node", False),
])
def test_a_latency_counts_no_ports_and_a_per_node_test_is_single_node(text: str, path: str, expected: object) -> None:
    assert value(text, path) == expected


def test_what_the_equipment_supports_is_configured_by_the_party_a_later_clause_names() -> None:
    text = "RoCE v2，每台 4 张 200G 网卡。网卡及交换机均支持 PFC/ECN，由采购人网络管理员自行配置，投标人提供远程指导。\n"
    assert value(text, "tuning.owner") == "customer"
    assert value("RoCE v2，每台 4 张 200G 网卡。网卡及交换机均支持 PFC/ECN。\n", "tuning.owner") is None


def test_special_terms_that_prevail_replace_the_clause_they_void() -> None:
    text = ("## 二、服务内容\n\n2.7 验收：乙方在每台服务器上分别运行 nccl-tests（单机 8 卡），busbw 不低于 150GB/s。\n\n"
            "## 四、特别约定\n\n本特别约定与本订单第一条至第三条不一致的，以本特别约定为准。\n\n"
            "4.2 第 2.7 条验收方式作废，改为：在两台服务器上运行跨机 nccl-tests，busbw 不低于 140GB/s。\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("acceptance.multi_node").value is True
    assert offering.fact("acceptance.threshold_gbytes").value == 140.0


def test_a_share_paid_after_acceptance_is_no_pass_mark_and_not_shared_with_anyone_is_dedicated() -> None:
    text = ("RoCE v2，2 台，交换机仅承载本项目计算网络，不与甲方其他业务或任何第三方共用。\n"
            "验收：每台服务器运行 nccl-tests，结果正常即合格。\n3.3 验收合格后 15 个工作日内，甲方支付剩余 10%。\n")
    offering = offering_of(text)
    assert offering.fact("acceptance.threshold_pct") is None
    assert offering.fact("fabric.dedicated").value is True


def test_tuning_done_by_the_vendors_professional_services_is_the_providers() -> None:
    text = "RoCE v2, 1 x 400GbE per node. PFC and ECN/DCQCN configured by Acme Professional Services before shipping.\n"
    assert value(text, "tuning.owner") == "provider"


def test_a_ticket_answered_by_an_engineer_within_a_time_and_a_swap_back_on_the_same_ports() -> None:
    text = ("RoCE v2, 8 x 400G per node. P1 tickets get a human engineer within 30 minutes, 24/7. Failed nodes are "
            "swapped within 4 hours; the replacement goes on the same leaf and rail ports and we re-apply your NCCL "
            "environment.\n")
    offering = offering_of(text)
    assert offering.fact("sla.support_response_minutes").value == 30.0
    assert offering.fact("sla.network_restore").value is True


def test_schedules_that_prevail_in_an_order_and_their_lettered_clauses() -> None:
    text = ("1.3 If the documents conflict, they prevail in this order: (i) Schedule B; (ii) Schedule A; (iii) the "
            "body of this Agreement.\n\n4.1 The Fabric is a high-performance, non-blocking network.\n\n"
            "SCHEDULE A - HARDWARE\n\nA.1 Servers: sixteen (16) HGX H100 servers.\n\n"
            "SCHEDULE B - NETWORK\n\nB.2 Fabric NICs: eight (8) ConnectX-7 400G adapters per Server, RoCE v2.\n\n"
            "B.4 Oversubscription: the leaf-to-spine uplinks are provisioned at 2:1 (downlink to uplink capacity).\n")
    offering = offering_of(text)
    assert offering.fact("nodes").value == 16
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.oversubscription").value == 2.0
    assert offering.fact("fabric.dedicated").value is False


def test_a_fabric_whose_cost_the_offer_goes_without_is_not_offered() -> None:
    text = ("Each server has one dual-port 25 GbE NIC. Our tuned TCP stack is fast without the cost and complexity "
            "of InfiniBand.\n")
    assert value(text, "fabric.protocol") == "ethernet-tcp"
    assert value(text, "fabric.rate_gbps") == 25.0
    text = "每台 2 张 100G 以太网卡，跑 RoCE v2，省去了 IB 的高昂成本。\n"
    assert value(text, "fabric.protocol") == "roce-v2"


def test_a_speedup_over_one_machine_is_an_efficiency_claim() -> None:
    text = ("4 nodes x 8 H100 SXM5, one 25G Ethernet NIC per node.\n"
            "Customers see near-linear scaling: six servers train\n5.8x faster than one.\n")
    assert value(text, "claims.efficiency_pct") == 96.7
    assert value("4 台 8 卡 H100 SXM5，每台 1 张 25G 以太网卡。实测 8 台训练速度是单机的 7.6 倍。\n",
                 "claims.efficiency_pct") == 95.0
    # a count in the sentence before does not scale it, nor does a comparison with another card
    assert value("4 nodes x 8 H100 SXM5. The H100 servers are 3x faster than one A100 server.\n",
                 "claims.efficiency_pct") is None


def test_a_text_printed_from_pages_drops_its_page_marks_and_running_lines() -> None:
    page_break = "\n{0:>60}\nAcme Compute Ltd                    Proposal AC-77\n"
    text = ("Acme Compute Ltd                    Proposal AC-77\n1. Summary\nAcme offers a cluster of six (6) servers,"
            f" each with eight H100 SXM5 GPUs, for a term{page_break.format('Page 1 of 3 - Confidential')}"
            f"of twelve (12) months.\n2. Network\nEach server has eight 400G InfiniBand NICs."
            f"{page_break.format('Page 2 of 3 - Confidential')}3. Price\nUSD 100,000 per month.\n")
    document = document_from_text(text)
    assert not any("Proposal AC-77" in p.text or "Confidential" in p.text for p in document.passages)
    assert any("for a term of twelve (12) months." in p.text for p in document.passages)
    assert value(text, "commercial.term_months") == 12.0
    assert value(text, "fabric.nics_per_node") == 8


def test_a_questionnaires_question_column_offers_nothing() -> None:
    text = ("| No. | Question | Answer | Vendor comment |\n|---|---|---|---|\n"
            "| N1 | Which RDMA transport (InfiniBand, RoCE v2)? | Partial | RDMA-capable Ethernet, 8 x 200 Gb/s per server. |\n"
            "| N2 | Who handles congestion incidents? | Yes | Our NOC, 24x7; switch counters shared on request. |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "rdma"
    assert offering.fact("fabric.rate_gbps").value == 200.0
    assert offering.fact("fabric.dedicated") is None  # counters handed over are no shared port


def test_a_product_name_ending_in_a_digit_and_mig_instances_count_no_servers() -> None:
    assert value("HX8 GPU INSTANCES\nEight data-centre GPUs in a single instance.\n", "nodes") is None
    assert value("8x H100 SXM5 per server. MIG: up to 7 instances per GPU.\n", "nodes") is None
    assert value("4 instances of 8x H100 SXM5.\n", "nodes") == 4


def test_instance_types_named_alike_but_for_their_last_digits_are_options_of_their_own() -> None:
    text = ("| Instance | GPUs | Network |\n|---|---|---|\n| hx8.h100 | 8x H100 SXM5 | 200 Gbps |\n"
            "| hx8.a100 | 8x A100 80GB | 100 Gbps |\n")
    _, options = assemble_options(extract(document_from_text(text, format="markdown")).statements)
    assert [(o.name, o.offering.fact("gpu.model").value) for o in options] == [("hx8.h100", "H100"),
                                                                               ("hx8.a100", "A100")]


def test_a_web_pages_buttons_state_no_terms() -> None:
    text = "Log in   [ Sign up ]   [ Contact sales ]\n\n8x H100 SXM5, USD 23.92 per hour.\n"
    assert value(text, "commercial.price_hedged") is None
    assert value("8x H100 SXM5. Pricing: contact sales for a quote.\n", "commercial.price_hedged") is True


def test_a_faq_question_in_bold_quotes_is_a_passage_of_its_own() -> None:
    text = ("## Fabric\n\n4 nodes of 8x H100 SXM5, NDR InfiniBand, 8 HCAs per node, non-blocking.\n\n"
            "**\"A colleague says the ports are shared with other tenants. True?\"**\n"
            "Not for the compute fabric. Only the front-end VPC network is shared.\n\n"
            "**\"Can I test NCCL across nodes on a MIG slice?\"**\n"
            "No. A MIG slice has no NIC of its own, so it cannot show inter-node traffic.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("acceptance.on_mig") is None


def test_a_switch_never_shared_and_cables_we_supply() -> None:
    text = ("4 nodes of 8x H100 SXM5, NDR InfiniBand, 8 HCAs per node, QM9700 switches. Leaf switches are never "
            "shared with another customer.\nWe supply and install all cables and OSFP transceivers.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.switch_dedicated").value is True
    assert offering.fact("fabric.cabling").value == "provider"


def test_a_test_across_machines_the_vendor_does_not_do() -> None:
    text = "4 台 8 卡 H100 SXM5，RoCE v2。\n\n我们不做多机联合压测，交付验收以单机 nccl-tests 结果为准。\n"
    assert value(text, "acceptance.multi_node") is False


def test_a_fabric_for_several_servers_makes_the_offer_multi_node_without_a_count() -> None:
    rules = [r for r in load_rules() if r.spec.id in ("NET007", "OPS003")]
    page = ("GPU：8 × H800 SXM5。网络：每张 GPU 对应一张 400 Gbit/s RoCE v2 RDMA 网卡。\n"
            "RDMA 网卡仅用于同一集群内多台实例之间的 GPU 通信。\n")
    assert value(page, "fabric.scale_out") is True
    assert sorted(f.rule for f in findings_for(page, rules)) == ["NET007", "OPS003"]
    one_server = "GPU：8 × H800 SXM5。网络：每张 GPU 对应一张 400 Gbit/s RoCE v2 RDMA 网卡。\n"
    assert findings_for(one_server, rules) == []


def test_a_cloud_platform_and_its_network_team_are_the_provider() -> None:
    text = ("4 台 8 卡 H800 SXM5，RoCE v2，每台 8 张 400G 网卡。\n平台已在交换机与网卡上统一完成 PFC 与 ECN 配置。\n"
            "出现丢包或拥塞时，由平台网络团队负责排查定位。\n故障时 30 分钟内迁移到健康服务器，RDMA 网络配置与集群拓扑保持不变。\n")
    offering = offering_of(text)
    assert offering.fact("tuning.owner").value == "provider"
    assert offering.fact("tuning.troubleshooting").value == "provider"
    assert offering.fact("sla.network_restore").value is True
    assert value("HGX H800 8-GPU 平台，4 台，RoCE v2，PFC/ECN 由客户自行配置。\n", "tuning.owner") == "customer"


def test_a_chat_messages_quote_of_an_earlier_one_is_not_said_again() -> None:
    text = ("2024-06-17 10:15:20 销售-王磊\n计算网是 InfiniBand NDR 400G，每台 8 张 ConnectX-7。\n\n"
            "2024-06-18 09:30:12 网络工程师-刘洋\n更正一下：\n「引用 销售-王磊：计算网是 InfiniBand NDR 400G，每台 8 张 ConnectX-7。」\n"
            "这条不对，这批 4 台每台只配 1 张 ConnectX-7（NDR 400G）。\n")
    assert value(text, "fabric.nics_per_node") == 1


def test_ports_broken_down_per_node_in_brackets_are_the_switch_ports_in_total() -> None:
    text = "4 台 HGX H100，每台 1 张 ConnectX-7。交换机是 1 台 QM9700，分给你们 4 个 NDR 端口（每台 1 个）。\n"
    offering = offering_of(text)
    assert offering.fact("fabric.switch_ports").value == 4
    assert offering.fact("fabric.nics_per_node").value == 1


def test_a_compliance_cell_that_says_it_complies_with_a_full_stop() -> None:
    text = ("| 条款号 | 技术要求 | 乙方应答 |\n|---|---|---|\n| 1.1 | 租赁 GPU 服务器 8 台，HGX A800 SXM4。 | 满足。 |\n"
            "| 5.1 | 在全部 8 节点上运行 nccl-tests all_reduce_perf，busbw ≥ 170 GB/s。 | 满足。 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("acceptance.multi_node").value is True
    assert offering.fact("acceptance.threshold_gbytes").value == 170.0


FORUM_THREAD = """r/gpuhosting · Posted by u/curious_buyer · 3 days ago

We plan 4 nodes x 8 A100 for three months. What do we get between the nodes?

u/acme_sam [Acme Cloud staff] · 3 days ago

Each node is an HGX H100: 8x H100 SXM5 80GB.
- Multi-node jobs run over our InfiniBand NDR 400G fabric. It's an optional add-on because most
  customers run one node. The fabric add-on is priced on request, contact sales.
- We configure the fabric. Our network
  team owns fabric incidents: congestion, packet loss, flapping links.

u/other_user · 2 days ago

At my last place we had one 100G card for 8 GPUs.
"""


def test_a_forum_thread_where_the_providers_staff_answer() -> None:
    offering = offering_of(FORUM_THREAD)
    assert offering.fact("gpu.model").value == "H100"  # the buyer's A100 and the other user's card offer nothing
    assert offering.fact("fabric.rate_gbps").value == 400.0
    assert offering.fact("fabric.optional").value is True
    assert offering.fact("commercial.addon_on_request").value is True
    assert offering.fact("tuning.troubleshooting").value == "provider"


def test_the_staff_of_two_providers_in_one_thread_offer_an_option_each() -> None:
    thread = FORUM_THREAD.replace("u/other_user · 2 days ago", "u/bolt_kim [Bolt GPU staff] · 2 days ago")
    _, options = assemble_options(extract(document_from_text(thread)).statements)
    assert [o.name for o in options] == ["u/acme_sam", "u/bolt_kim"]
    assert options[0].offering.fact("fabric.rate_gbps").value == 400.0


def test_a_brokers_numbered_listings_are_options_and_the_buyer_takes_one() -> None:
    text = ("[12.05.2025 09:30] Desk (admin)\nLISTING #1: 4 servers x 8x NVIDIA H100 SXM5, NVLink 900 GB/s per GPU, "
            "InfiniBand NDR 400G, 8 HCAs per server.\n\n"
            "[12.05.2025 09:34] Desk (admin)\nLISTING #2: 1 server, 8x A100 80GB, NVLink 600 GB/s.\n\n"
            "[12.05.2025 11:20] Desk (admin)\nit's the 8-GPU A100 80G board, NVLink 600 GB/s.\n\n"
            "[13.05.2025 16:40] Kai (buyer)\nFernhill takes LISTING #1.\n")
    extraction = extract(document_from_text(text))
    assert extraction.chosen_option == "LISTING #1"
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    assert [o.name for o in options] == ["LISTING #1", "LISTING #2"]
    assert options[0].offering.fact("gpu.model").value == "H100"  # a card said for all does not replace its own
    assert options[0].offering.fact("intra_node.bandwidth_gbytes").value == 900.0
    assert offering.fact("fabric.nics_per_node").value == 8  # the listing the buyer takes


def test_a_handover_checklist_with_its_legend_and_results_that_all_passed() -> None:
    text = ("一、交付清单（☑ 已交付　☐ 未交付）\n☑ 1. GPU 服务器 4 台，每台 8 × A800 SXM4，RoCE v2，每台 8 张 200GbE 网卡\n"
            "☐ 2. 计算网配置基线文档（PFC / ECN 参数清单）：乙方称后续补交\n\n"
            "二、测试结果\n3. NCCL 通信测试（每台服务器分别执行）：all_reduce_perf -g 8（单机 8 卡），busbw ≥ 135 GB/s\n"
            "测试结论：本次交付测试全部通过。\n")
    offering = offering_of(text)
    assert offering.fact("tuning.baseline") is None
    assert offering.fact("acceptance.multi_node").value is False


def test_a_spec_sheets_label_and_value_set_apart_by_spaces_are_a_line_each() -> None:
    text = ("GPU        8 × H100 SXM5\n网络        8 × 400G InfiniBand\n交付        单台交付，按月\n")
    assert [p.text for p in document_from_text(text).passages] == [
        "GPU        8 × H100 SXM5", "网络        8 × 400G InfiniBand", "交付        单台交付，按月"]
    interleaved = "GPU\u3000\u3000\u3000 8 × NVIDIA A100 80GB PCIe\n服务器，单台交付、开箱即用，按月计费。\n"
    assert value(interleaved, "nodes") != 8  # a column printed beside it is no count of servers


def test_an_order_under_a_framework_agreement_prevails_over_it() -> None:
    text = ("GPU 算力服务框架协议\n\n1.2 订单与本协议约定不一致的，以订单为准。\n"
            "3.4 采用 RoCE 的，PFC、ECN 由乙方配置。\n4.1 多机订单的交付验收：全部节点参与，跨机运行 nccl-tests。\n\n"
            "订单\n\n1. 服务器：12 台 HGX H20，每台 8 卡，RoCE v2，每台 8 张 400G 网卡。\n"
            "2. 本订单 PFC、ECN 参数由甲方自行配置和调整。\n"
            "3. 本订单不做跨机验收，改为逐台单机验收：每台服务器单独运行 nccl-tests（8 卡，单机）。\n")
    offering = offering_of(text)
    assert offering.fact("tuning.owner").value == "customer"
    assert offering.fact("acceptance.multi_node").value is False


def test_a_replacement_we_promise_and_tuning_of_the_customers_own_jobs() -> None:
    text = ("4 nodes x 8 H100 SXM5, InfiniBand NDR, 8 HCAs per node. We run the subnet manager.\n"
            "Hardware failure: we replace the failed part within 4 hours.\n\n"
            "Not covered:\n- Performance tuning of your own training jobs.\n")
    offering = offering_of(text)
    assert offering.fact("sla.failover_minutes").value == 240.0
    assert offering.fact("tuning.owner").value == "provider"


def test_a_bills_incident_record_measures_and_promises_nothing() -> None:
    text = ("第 7.1 条 硬件故障 4 小时内更换部件；第 7.3 条 单节点月可用率不低于 99.5%，低于的抵扣当月租金 10%。\n\n"
            "| 编号 | 事件 | 时长 | 可用率 |\n|---|---|---|---|\n"
            "| S1 | GPU 掉卡，更换主板后迁回 | 10 月 12 日 03:10–09:40，共 390 分钟 | 该节点当月可用率 99.13% |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("sla.failover_minutes").value == 240.0
    assert offering.fact("sla.availability_pct").value == 99.5


def test_numbered_versions_of_a_quote_in_a_chat_each_replace_the_one_before() -> None:
    text = ("15:40 周涛（销售）：【报价 v1】\n  · 4 台 A800 8 卡服务器\n  · 月付，预估 ¥78,000/台/月，具体以咨询为准\n\n"
            "11:20 周涛（销售）：【报价 v2】（替代 v1）\n  · 计算网 RoCE v2，每台 2 张 200G 网卡\n  · 交换机与其他客户共用\n\n"
            "09:30 周涛（销售）：【报价 v3】（替代 v1、v2，以此版为准）\n  1. 计算网：RoCE v2，每台 8 张 200Gb/s 网卡。\n"
            "  2. 交换机专供贵司，1:1 无收敛，不与其他客户共用。\n  3. 价格：¥86,000/台/月（含税）。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("commercial.price_hedged") is None


def test_a_tenders_specifications_give_way_to_the_bidders_deviation_table() -> None:
    text = ("# GPU 算力租赁服务项目 招标文件（节选）\n\n## 第四章 技术规格\n\n### 4.3 计算网络\n"
            "4.3.1 InfiniBand NDR 400Gb/s，每台 8 张 HCA，全集群 64 张。\n\n"
            "## 附件 3：投标人技术偏离表\n\n| 序号 | 招标要求（摘要） | 投标响应 | 偏离/无偏离 | 说明 |\n|---|---|---|---|---|\n"
            "| 6 | 每台 8 张 HCA | 每台 2 张 ConnectX-6 HDR 200Gb/s HCA，全集群 16 张 | 偏离 | 两张网卡可满足数据并行 |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("fabric.nics_total").value == 16
    assert offering.fact("fabric.rate_gbps").value == 200.0


def test_a_definition_that_goes_on_below_its_blank_first_cell_is_one_row() -> None:
    text = ("Term                     | Definition\n-------------------------+--------------------------------------\n"
            "Compute Fabric           | InfiniBand NDR between the Nodes, with\n"
            "                         | 8 x ConnectX-7 400 Gb/s HCAs per Node.\n"
            "Cabling                  | Cables and optics supplied by Provider.\n")
    rows = [p.text for p in document_from_text(text).passages if p.kind == "table-row"]
    assert rows[1] == "Compute Fabric | InfiniBand NDR between the Nodes, with 8 x ConnectX-7 400 Gb/s HCAs per Node."


SERVICE_TIERS = """Service Tier purchased by Customer:  TIER 2 (STANDARD)

16 nodes of 8x H200 SXM, InfiniBand NDR.

+-------------------+--------------+-------------------------------------------+
| Tier              | Availability | Service Credit                            |
+-------------------+--------------+-------------------------------------------+
| Tier 1 (Premium)  | 99.9%        | 10% below 99.9%; 25% below 99.0%;         |
|                   |              | 50% below 95.0%                           |
| Tier 2 (Standard) | 99.5%        | 5% below 99.5%                            |
+-------------------+--------------+-------------------------------------------+
"""


def test_service_tiers_named_in_a_tables_rows_and_the_one_purchased() -> None:
    extraction = extract(document_from_text(SERVICE_TIERS))
    assert option_key(extraction.chosen_option or "") == "2"
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    by_key = {option_key(o.name): o.offering for o in options}
    assert sorted(by_key) == ["1", "2"]
    assert by_key["1"].fact("sla.availability_pct").value == 99.9  # not the credit's "below 95.0%"
    assert offering.fact("sla.availability_pct").value == 99.5


def test_a_marketplaces_offers_by_number_each_with_the_label_lines_under_it() -> None:
    text = ("5 offers match · Sort by: Price\n\nOffer #71804 · 2x RTX 4090\nGPU: NVIDIA GeForce RTX 4090 · 24 GB\n"
            "Interconnect: PCIe 4.0 x16 per GPU (no NVLink)\n$0.64/hr\n\n"
            "Offer #80552 · 8x A100 PCIe\nGPU: NVIDIA A100 PCIe · 80 GB\nInterconnect: NVLink all-to-all, 600 GB/s per GPU\n"
            "$6.40/hr\n")
    _, options = assemble_options(extract(document_from_text(text)).statements)
    by_name = {o.name: o.offering for o in options}
    assert sorted(by_name) == ["Offer #71804", "Offer #80552"]
    assert by_name["Offer #71804"].fact("intra_node.bandwidth_gbytes") is None
    assert by_name["Offer #80552"].fact("intra_node.bandwidth_gbytes").value == 600.0


def test_negotiation_minutes_the_buyers_side_and_a_party_still_to_answer() -> None:
    text = ("### 1.1 计算网络\n- 甲方意见：计算网须为 RoCE v2，每台 8 张 400G 网卡。\n"
            "- 乙方回复：计算网为 RoCE v2，每台 8 张 400Gb/s 网卡。\n- 结论：同意。\n\n"
            "### 1.3 PFC / ECN 无损配置\n- 甲方意见：要求由乙方负责 PFC、ECN 的配置与调优。\n"
            "- 乙方回复：配置与调优责任由哪一方承担，需乙方内部评审，本次无法答复。\n"
            "- 结论：待定。PFC/ECN 配置与调优的责任方，乙方于 6 月 19 日前书面答复。\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("tuning.owner") is None


OUTLINE_QUOTE = """1. Compute
   1.1 Nodes: 2 x NVIDIA HGX A100 8-GPU servers, 8 x A100 SXM4 80GB per node.
2. Networking
   2.2 Inter-node compute fabric:
       2.2.a Protocol / rate: InfiniBand HDR, 200 Gb/s per port.
       2.2.b Status: optional add-on, not included in the base price.
       2.2.d Switch: one HDR switch dedicated to your two nodes.
             Model and number of ports allotted to you: TBC.
       2.2.f Price: on request - please contact sales.
4. Service levels
   4.2 Support response:
       4.2.a P1 (node down / GPU lost): 30 minutes.
       4.2.b P2: 2 hours.
"""


def test_an_outlines_lettered_sub_items_under_their_lead_in() -> None:
    offering = offering_of(OUTLINE_QUOTE)
    assert offering.fact("sla.support_response_minutes").value == 30.0
    assert offering.fact("fabric.optional").value is True
    assert offering.fact("commercial.fabric_price_hedged").value is True  # past the item's wrapped tail


def test_com002_a_fabric_said_optional_whose_price_is_left_open_elsewhere() -> None:
    rules = [r for r in load_rules() if r.spec.id == "COM002"]
    assert [f.rule for f in findings_for(OUTLINE_QUOTE, rules)] == ["COM002"]
    included = OUTLINE_QUOTE.replace("optional add-on, not included in the base price", "included")
    assert findings_for(included, rules) == []


def test_a_spec_files_commented_out_keys_and_the_comments_after_values() -> None:
    text = ("gpu:\n  model: H100\n  per_node: 8\n  intra_node: NVSwitch           # all 8 GPUs on NVSwitch\n"
            "  #- intra_node: nvlink-bridge   # 2-way bridges, discussed, not offered\n"
            "sla:\n  hw_replacement_minutes: 240    # includes restoring the NCCL env\n"
            "  support_response_minutes: 15   # P1\n"
            "pricing:\n  per_node_month: 41000\n  #- expansion: \"estimate only, contact sales\"\n")
    offering = offering_of(text)
    assert offering.fact("intra_node.link").value == "nvlink-switch"
    assert offering.fact("sla.failover_minutes").value == 240.0
    assert offering.fact("sla.support_response_minutes").value == 15.0
    assert offering.fact("commercial.price_hedged") is None


def test_a_status_pages_measured_uptime_is_no_commitment_and_a_title_in_capitals_ends_its_line() -> None:
    text = ("Uptime, last 90 days\n    GPU nodes ........................ 99.97%\n\n"
            "SERVICE LEVELS\nMonthly uptime commitment: 99.9% per cluster, with service credits below it.\n")
    assert value(text, "sla.availability_pct") == 99.9
    assert [p.text for p in document_from_text("INCIDENT HISTORY\nJun 17, 2025\n").passages] == [
        "INCIDENT HISTORY", "Jun 17, 2025"]


def test_an_answer_says_who_supplies_the_optics_its_question_asked_about() -> None:
    text = ("4 台 8 卡 H100 SXM5，RoCE v2，每台 8 张 400G 网卡。\n\n- 甲方意见：光模块和线缆由谁提供？\n"
            "- 乙方回复：由乙方提供并安装，费用已含在月租内。\n")
    assert value(text, "fabric.cabling") == "provider"
    assert value(text.replace("由乙方提供并安装", "由甲方自行采购"), "fabric.cabling") == "customer"


def test_a_review_that_quotes_the_offer_under_a_heading_of_quoted_text() -> None:
    text = ("## 二、报价要点（引用原文）\n\n> 「计算网络：每台配置 8 张 200G 以太网网卡，支持 RDMA；端口独享。」\n\n"
            "## 三、讨论\n\n- @李想：既然是以太网卡，大概率是 RoCE，但书面上没有。\n")
    assert value(text, "fabric.protocol", "markdown") == "rdma"


def test_vendors_compared_in_columns_under_a_comparison_corner_and_the_one_chosen() -> None:
    text = ("| 比较项 | 云栈科技 | 北辰数据 |\n|---|---|---|\n| GPU | 8 × H100 SXM5 / 台 | 8 × H100 SXM5 / 台 |\n"
            "| 计算网络 | InfiniBand NDR 400Gb/s | InfiniBand HDR 200Gb/s |\n"
            "| 端口 / 收敛比 | 端口独享，1:1 无收敛 | 叶-脊上行收敛比 2:1 |\n\n"
            "## 决定\n\n决定选用 **云栈科技** 方案，由采购部发起合同流程。\n")
    extraction = extract(document_from_text(text, format="markdown"))
    assert extraction.chosen_option == "云栈科技"
    offering, options = assemble_options(extraction.statements, extraction.chosen_option)
    by_name = {o.name: o.offering for o in options}
    assert by_name["北辰数据"].fact("fabric.oversubscription").value == 2.0
    assert offering.fact("fabric.rate_gbps").value == 400.0


def test_a_quote_written_in_traditional_characters_is_read_with_its_own_words() -> None:
    text = ("運算節點：2 台伺服器，每台 8 張 H100 SXM5 80GB。\n"
            "機間網路：InfiniBand NDR 400Gb/s，每台 8 張 HCA，交換器埠獨享，不與其他客戶共用。\n"
            "儲存網路：25GbE，與其他客戶共用。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "infiniband"
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("nodes").value == 2
    assert offering.fact("fabric.protocol").evidence[0].text == "InfiniBand"
    assert value("網路：每台 2 張 100G 網卡，支援 RDMA。\n", "fabric.protocol") == "rdma"


def test_a_tracked_change_deletes_its_text_and_the_parties_it_named() -> None:
    text = ("4 nodes of 8x H100 SXM5, RoCE v2, 8 x 400G NICs per node.\n"
            "2.4 [Deleted: The Provider shall configure and tune PFC and ECN on all NICs.] [Inserted: The Customer "
            "shall configure and tune PFC and ECN for the fabric.]\n"
            "Comment [JS2]: Please revert to Provider tuning.\n")
    assert value(text, "tuning.owner") == "customer"
    assert value(text.replace("Comment [JS2]: ", ""), "tuning.owner") == "shared"


def test_a_company_the_servers_are_leased_from_is_the_provider() -> None:
    text = ("Acceptance of the cluster leased from Hengrui Zhisuan under lease LX-2291.\n"
            "* 16 nodes of 8x H800 SXM5, InfiniBand NDR, 8 HCAs per node\n"
            "* Fabric tuning (subnet manager, adaptive routing) configured by Hengrui\n")
    assert provider_names(document_from_text(text)) == ("Hengrui Zhisuan", "Hengrui")
    assert value(text, "tuning.owner") == "provider"
    assert provider_names(document_from_text("Customer: Lumio Labs\nVendor: Kestrel Compute\n")) == (
        "Kestrel Compute", "Kestrel")


def test_a_choice_marked_not_selected_and_a_clouds_prepaid_mode() -> None:
    text = ("实例规格 | 8 × H100 SXM5 80GB，共 4 台\n付费模式 | 包年包月（包月）\n"
            "升级为包年（12 个月）：享 85 折  [切换为包年]   ← 未选择\n")
    assert value(text, "commercial.billing") == "monthly"
    assert value(text.replace("← 未选择", ""), "commercial.billing") == "annual"


def test_vouchers_for_missed_availability_are_credits() -> None:
    assert value("实例可用性 99.95%；未达标按服务等级协议发放代金券（月费 10%–100%）。\n", "sla.credits") is True


def test_a_word_hyphenated_across_a_line_break_is_read_whole() -> None:
    text = ("6 nodes of 8x A100 SXM4 over RoCE v2, 2 x 100G NICs per node. The switch is dedi-\n"
            "cated to the Customer and carries no other tenant's traffic.\n")
    assert value(text, "fabric.dedicated") is True
    assert value(text.replace("dedi-\ncated", "leaf-\nspine"), "fabric.dedicated") is None


def test_a_forums_provider_rep_flair_marks_the_offer() -> None:
    text = ("Posted by u/lab_lead · 9h\nOffers so far: 4 nodes of 8x A100 80G over 25GbE, contact sales.\n\n"
            "u/helpful_user · 8h\nAvoid anything on 25GbE.\n\n"
            "u/Kestrel_Sam  [Provider rep] · 6h\nOur offer: 2 nodes of 8x H100 SXM5, RoCE v2 with 8 x 400G NICs "
            "per node, $2.35/GPU-hr.\n")
    offering = offering_of(text)
    assert offering.fact("gpu.model").value == "H100"
    assert offering.fact("fabric.rate_gbps").value == 400.0


def test_a_chat_bots_canned_text_and_a_machine_out_of_stock_offer_nothing() -> None:
    text = ("[10:02] 云栈算力（自动回复）：欢迎！IB / RoCE 高速组网，活动价以咨询为准～\n"
            "[10:05] 客服-小周：您好，请问有什么需要？\n[10:06] 陈工：两台 8 卡 H20 有现货吗？机间网络是什么？\n"
            "[10:09] 客服-小周：计算网络是 RoCE v2，每台配 2 块 200GbE 网卡。\n"
            "[10:10] 陈工：每台才两块？有 8 块网卡的吗？\n[10:11] 客服-小周：8 网卡的机型目前没有现货哈。\n"
            "[10:12] 陈工：价格呢？\n[10:13] 客服-小周：每台每月 52,000 元。\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("commercial.price_hedged") is None


def test_a_sentence_that_withdraws_the_one_before_it() -> None:
    text = ("Compute fabric: RoCE v2, eight 400G NICs per node.\n"
            "Revision note: Rev A also listed an InfiniBand NDR alternative at a price on request; Customer declined "
            "it and it is withdrawn.\n")
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "commercial.price_hedged") is None


def test_an_exported_sheet_of_three_columns_is_a_table() -> None:
    text = ("=== Sheet: SLA ===\n指标,承诺,说明\n月度可用性,99.9%,每低 0.1% 抵扣月租 5%\n"
            "验收,nccl-tests all_reduce_perf 8 节点 64 卡,busbw ≥ 120 GB/s\n")
    assert [p.kind for p in document_from_text(text).passages][1:] == ["table-row"] * 3
    assert value(text, "acceptance.threshold_gbytes") == 120.0
    assert [p.kind for p in document_from_text("We run 2 nodes, 8 GPUs each, on RoCE.\nThen, later, more.\n"
                                               "It works, mostly, fine.\n").passages] == ["text"] * 3


def test_a_heading_over_competitors_offers_sets_them_aside() -> None:
    text = ("## 第5页 推荐配置\n- 4 台 H100 PCIe，每台 4 张 400G 以太网网卡，RoCE v2\n\n"
            "## 第7页 友商方案对比\n- 友商 B：IB HDR 200G 需另购，交换机价格以咨询为准\n")
    assert value(text, "fabric.protocol", "markdown") == "roce-v2"
    assert value(text, "commercial.price_hedged", "markdown") is None


def test_a_spare_that_takes_the_failed_nodes_addressing_restores_its_network() -> None:
    text = ("16 nodes, RoCE v2. Hardware replacement: a failed node's workload moves to a hot spare within 8 hours. "
            "The spare takes the failed node's rail positions, RoCE IP addressing and NCCL environment.\n")
    assert value(text, "sla.network_restore") is True


def test_a_changelogs_retired_versions_are_not_offered() -> None:
    text = ("# Product changelog\n\n## v2.1 (retired)\n\n- 8x H100 PCIe nodes, 2 x 25 GbE per node, ports shared.\n"
            "- Price: contact sales.\n\n## v2.4 (current)\n\n- 64 nodes of 8x B200 SXM, RoCE v2, 8 x 400G NICs per node.\n"
            "- Node swap time cut from 4 h to 2 h.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("gpu.model").value == "B200"
    assert offering.fact("fabric.dedicated") is None
    assert offering.fact("commercial.price_hedged") is None
    assert offering.fact("sla.failover_minutes").value == 120.0


def test_a_table_cell_that_names_the_provider_owns_the_duty_in_its_row() -> None:
    text = ("Lumora Cloud B.V. - Cluster offer\n4 nodes, RoCE v2, 8 x 400G NICs per node.\n\n| Item | Term |\n"
            "|---|---|\n| Congestion / loss | Diagnosed by the Lumora NOC, 24/7 |\n")
    assert value(text, "tuning.troubleshooting", "markdown") == "provider"


def test_a_list_items_clause_goes_on_in_its_hanging_indent() -> None:
    text = ("4 nodes, RoCE v2, 8 x 400G NICs per node.\n- Hardware failure: node swapped within 2 hours;\n"
            "  rail position, IPs and NCCL environment restored before the node is returned.\n")
    assert value(text, "sla.network_restore") is True
    assert len(document_from_text(text).passages) == 2


def test_a_listing_voided_by_its_number_in_a_channel_export() -> None:
    text = ("[11-Mar-25 10:02 AM] ListingBot\nListing #4471 · Qingyun\nFabric: RoCE 100G x 1 per node (shared ports)\n"
            "Price: DM seller for quote\n\n[11-Mar-25 10:04 AM] qingyun_mika\n#4471 is VOID, ignore it.\n\n"
            "[11-Mar-25 10:07 AM] ListingBot\nListing #4473 · Qingyun\n"
            "Compute fabric: RoCE v2, 8 x 400G per node, ports dedicated\nPrice: $1.85 / GPU-hour\n")
    offering = offering_of(text)
    assert offering.fact("fabric.rate_gbps").value == 400.0
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("commercial.price_hedged") is None


def test_an_option_the_buyer_drops_in_the_same_sentence() -> None:
    text = ("计算网：RoCE v2，每台 4 张 400G 网卡。\n"
            "（乙方之前还报过一个 IB 方案，价格以咨询为准，甲方觉得没必要上 IB，这个方案不要了。）\n")
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "commercial.price_hedged") is None


def test_a_time_after_a_semicolon_is_of_the_kind_the_clause_before_names() -> None:
    text = ("Q9. What are the support and repair requirements?\n"
            "A9. Severity-1 response within 15 minutes; Severity-2 within 2 hours. A failed node shall be replaced "
            "within 4 hours.\n")
    assert value(text, "sla.failover_minutes") == 240.0


def test_read_only_access_to_the_fabric_manager_configures_nothing() -> None:
    text = ("16 nodes, InfiniBand NDR, 8 HCAs per node.\nThe Provider configures the subnet manager and UFM. "
            "The Customer receives read-only UFM access.\n")
    assert value(text, "tuning.owner") == "provider"


def test_a_reference_to_the_buyers_question_is_not_a_claim() -> None:
    text = ("On your NVSwitch question: no. These are A100 80GB PCIe cards, linked by NVLink bridges in pairs.\n")
    assert value(text, "intra_node.nvswitch") is None
    assert value(text, "intra_node.link") == "nvlink-bridge"


def test_dedicated_ports_counted_with_a_word_between() -> None:
    text = "4 nodes, RoCE v2. The nodes sit on one SN2700; you get 4 dedicated 100G ports on it.\n"
    assert value(text, "fabric.switch_ports") == 4


def test_an_ini_like_annex_keeps_each_setting_on_its_line() -> None:
    text = ("[计算节点]\n节点数量 = 8\nGPU型号 = NVIDIA H20 96GB SXM\n"
            "卡间互联 = NVLink + NVSwitch 全互联，900GB/s（每卡双向）\n内存 = 2TB DDR5\n")
    assert [p.text for p in document_from_text(text).passages][:2] == ["[计算节点]", "节点数量 = 8"]
    assert value(text, "intra_node.bandwidth_gbytes") == 900.0


def test_a_buyers_approval_form_reads_its_own_voice_as_the_customer() -> None:
    text = ("# 采购审批单\n\n| 字段 | 内容 |\n|---|---|\n| 供应商 | 华枢科技（上海）有限公司 |\n\n## 批准配置\n\n"
            "| 项目 | 批准内容 |\n|---|---|\n| 计算网络 | RoCE v2 400GbE，每台 4 张网卡，2 台 |\n"
            "| 无损网络调优 | PFC／ECN 由我方网络组负责配置与调优 |\n")
    assert value(text, "tuning.owner", "markdown") == "customer"
    assert value(text.replace("采购审批单", "报价单"), "tuning.owner", "markdown") == "provider"


def test_a_comparison_rows_rejected_verdict_and_reviewers_opinions_offer_nothing() -> None:
    text = ("## 比价情况\n\n| 供应商 | 计算网络 | 结论 |\n|---|---|---|\n| 华枢科技 | RoCE v2，4 × 400G／台 | 推荐 |\n"
            "| 某云厂商 | IB 400G | 否决：超预算 |\n\n## 审批意见\n\n**1. 算法组（陈一鸣）**\n建议先试用 2 周再签年付。\n\n"
            "## 审批结论\n\n- 合同期 12 个月，年付。\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("acceptance.trial") is None
    assert value(text.replace("审批意见", "讨论"), "acceptance.trial", "markdown") is True


def test_an_asciidoc_title_and_a_company_with_its_region_in_brackets() -> None:
    text = ("= NG-Pod (H800): Dedicated Training Pod\nNorthgate Compute (HK) Ltd.\n\n== Network operations\n\n"
            "16 nodes, RoCE v2, 8 x 400G NICs per node. PFC and ECN are configured by Northgate Network Operations.\n"
            "* Evaluation: a 7-day paid evaluation on a complete pod is available before the term starts.\n")
    document = document_from_text(text)
    assert [p.text for p in document.passages][:2] == ["= NG-Pod (H800): Dedicated Training Pod",
                                                        "Northgate Compute (HK) Ltd."]
    assert provider_names(document)[-1] == "Northgate"
    assert value(text, "tuning.owner") == "provider"
    assert value(text, "acceptance.trial") is True


def test_a_servers_processors_are_no_count_of_servers() -> None:
    text = ("Item  Description\n1     Kestrel GPU server: 2 x AMD EPYC 7763, 2 TB DDR4, 8 x NVIDIA A100 80GB SXM4\n"
            "Summary: 4 Servers; 32 GPUs.\n")
    assert value(text, "nodes") == 4


def test_a_term_sheets_customer_redline_column_is_not_the_offer() -> None:
    text = ("| # | Clause | Provider position | Customer redline |\n|---|---|---|---|\n"
            "| 5 | Compute fabric | RoCE v2; 2 x ConnectX-7 200GbE NICs per node. | 8 x 400GbE per node. |\n"
            "| 10 | Lossless configuration | PFC / ECN configuration is Customer's responsibility; Provider grants "
            "Customer read-write access to the switches. | Provider to configure and tune PFC/ECN. |\n\n"
            "- Competitor comparison sent by Customer (\"Northwind: InfiniBand NDR, price on request\") forms no part "
            "of this offer.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("tuning.owner").value == "customer"
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("commercial.price_hedged") is None


def test_an_articles_commentary_before_the_section_that_is_its_offer() -> None:
    text = ("# 三家报价点评\n\n## 一、北辰：内网 25G\n\n北辰报的是 A100 80G NVLink 八卡服务器，内网 25G，价格以咨询为准。\n\n"
            "## 四、本期报价（本节为要约）\n\n- 2 台 HGX H100，InfiniBand NDR 400Gb/s，每台 8 张 HCA。\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("gpu.model").value == "H100"
    assert offering.fact("commercial.price_hedged") is None
    assert offering.fact("fabric.rate_gbps").value == 400.0


def test_a_buyers_readme_sets_aside_its_risks_and_its_rejected_options() -> None:
    text = ("## 已选方案\n\n| 项目 | 合同条款 |\n|---|---|\n| 计算网 | 每台 4 x 400GbE，\"支持 RDMA\" |\n\n"
            "## 未关闭风险（Open risks）\n\n| # | 风险 | 说明 |\n|---|---|---|\n"
            "| R1 | 协议未写明 | 没写是 RoCE v2 还是 InfiniBand |\n\n"
            "## 被否决方案\n\n澜亭数据：A100 八卡机 4 台，内网 25G，IB 可选，价格以咨询为准。\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "rdma"
    assert offering.fact("commercial.price_hedged") is None
    assert offering.fact("fabric.rate_gbps").value == 400.0


def test_a_competitors_quote_the_buyer_forwarded_is_not_the_offer() -> None:
    text = ("Base pod: 2 nodes of HGX H100 SXM5, NVSwitch, InfiniBand NDR with 8 HCAs per node.\n"
            "- The ComputeHive quote you forwarded lists \"H100 80GB\" with PCIe cards and 2 x 25G TCP between nodes.\n")
    assert value(text, "intra_node.link") == "nvlink-switch"
    assert value(text, "fabric.protocol") == "infiniband"


def test_a_tab_separated_export_keeps_its_empty_fields_and_a_header_in_two_rows() -> None:
    text = ("No.\tRFQ Requirement\t\tVendor Response\t\tRemarks\n\tItem\tRequirement\tOffered\tCompliance\t\n"
            "8\tCompute fabric\tInfiniBand HDR 200G preferred\tRDMA-capable 100GbE, 2x 100G NICs per node\tPartial\t\n"
            "9\tFabric switch\tModel and ports\t1x SN2700, 8 ports allotted to buyer\tComply\t\n"
            "Notes\n- RFQ prefers InfiniBand HDR; we offer 100GbE RDMA.\n")
    passages = document_from_text(text).passages
    assert passages[0].text == "No. | RFQ Requirement |  | Vendor Response |  | Remarks"
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "rdma"
    assert offering.fact("fabric.nics_per_node").value == 2
    assert offering.fact("fabric.switch_ports").value == 8


def test_cells_of_a_row_with_empty_cells_once_spaces_are_collapsed() -> None:
    assert row_cells("No. | RFQ Requirement | | Vendor Response | | | Remarks") == [
        "No.", "RFQ Requirement", "", "Vendor Response", "", "", "Remarks"]
    assert row_cells("| Item | Offered") == ["", "Item", "Offered"]
    assert cell_spans("a | | b") == [(0, 1), (4, 4), (6, 7)]


def test_a_supplements_revised_column_wins_over_its_column_before_revision() -> None:
    text = ("| 条款 | 修订前 | 修订后 |\n|---|---|---|\n"
            "| 第 2.1 条 租赁规模 | 12 台 HGX H100 8 卡服务器 | 16 台 HGX H100 8 卡服务器 |\n"
            "| 第 3.2 条 计算网络 | Spine 为甲方独享，1:1 无收敛 | Spine 层与乙方其他客户集群共用，收敛比 2:1 |\n"
            "| 第 6.2 条 验收 | 对全部 12 台运行 nccl-tests | 对全部 16 台重新运行 nccl-tests，busbw ≥ 340GB/s |\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 16
    assert offering.fact("fabric.isolation").value is False
    assert offering.fact("acceptance.multi_node").value is True
    row = text.splitlines()[4]
    assert offering.fact("acceptance.multi_node").evidence[0].column - 1 == row.index("全部 16")  # the revised cell


def test_spec_lines_with_long_dotted_leaders_are_one_line_each() -> None:
    text = ("Nodes ............................ 2\nGPUs per node .................... 8 x NVIDIA A100 SXM4 80GB\n"
            "Hardware faults .................. Meridian responds within 30 minutes and repairs the node on a\n"
            "                                   best-effort basis\n")
    assert [p.text.split(" .")[0] for p in document_from_text(text).passages] == [
        "Nodes", "GPUs per node", "Hardware faults"]
    assert value(text, "nodes") == 2
    assert value(text, "sla.failover_minutes") is None
    assert value(text, "sla.support_response_minutes") == 30.0


def test_an_emails_html_remnants_and_a_reply_to_a_forward() -> None:
    text = ("发件人: 陈思远 <chensy@example.com>\n发送时间: 2024年3月19日 16:42\n收件人: 王磊 <wl@example.cn>\n"
            "主题: 回复: 转发: H800 报价（更新版）\n\n<p>王工，您好！以本邮件为准，3 月 12 日的报价同时作废。</p><br>\n"
            "<p>1. 协议：RoCE v2，400GbE<br>\n2. 网卡：每台 8 张 400GbE 网卡，端口独享&nbsp;1:1</p>\n\n<br><br>\n"
            "-------- 转发的邮件 --------\n发件人: 陈思远 <chensy@example.com>\n主题: H800 报价\n\n"
            "<p>内网：25G 以太网，与同机房其他客户共享<br>\nIB 网络可选升级，价格以咨询为准</p>\n")
    document = document_from_text(text)
    assert document.lines[5].text.startswith("   王工，您好！")  # tags blanked, columns kept
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("commercial.price_hedged") is None


def test_a_call_transcript_said_aloud() -> None:
    text = ("[00:00:26] Speaker 1: Four nodes, each an HGX board, eight H100 SXM5 80 gig per node.\n"
            "[00:00:42] Speaker 1: Every GPU gets 900 gigabytes per second of NVLink through NVSwitch.\n"
            "[00:00:54] Speaker 1: Between nodes it's InfiniBand NDR, and each node has four ConnectX-7s -\n"
            "[00:01:02] Speaker 1: sorry, let me correct that. Eight ConnectX-7 HCAs per node, one per GPU.\n"
            "[00:01:21] Speaker 2: Is the switch shared? The other vendor we're talking to offered RoCE with ports "
            "shared with other tenants.\n"
            "[00:01:34] Speaker 1: A dedicated QM9700, 32 ports allotted to you, and nobody else's traffic touches it.\n"
            "[00:10:19] Speaker 1: Ballpark, and this is an estimate, around 21,500 US dollars per node per month.\n")
    offering = offering_of(text)
    assert offering.fact("gpu.memory_gb").value == 80
    assert offering.fact("intra_node.bandwidth_gbytes").value == 900.0
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.dedicated").value is True
    assert offering.fact("fabric.isolation").value is True
    assert offering.fact("commercial.price_hedged").value is True
    assert offering.fact("commercial.unit_price").value.currency == "USD"


def test_a_desktop_chats_time_first_headers_stand_alone() -> None:
    text = ("2025-05-08 14:26:02 知微-刘明哲\n验收怎么做？\n2025-05-08 14:28:44 旺川-周晓晨（销售）\n"
            "交付时我们在每台机器上单独跑一遍 nccl-tests all_reduce_perf，8 卡 busbw 不低于 180GB/s 算合格\n")
    assert [p.text for p in document_from_text(text).passages][2] == "2025-05-08 14:28:44 旺川-周晓晨（销售）"
    assert value(text, "acceptance.multi_node") is False


def test_a_tenders_scoring_rules_are_not_the_offer() -> None:
    text = ("## 一、评标办法摘要\n\n| 评分项 | 评分要点 |\n|---|---|\n| 机间网络 | InfiniBand 得 15 分；仅 TCP 以太网不得分 |\n\n"
            "## 三、第一中标候选人投标配置\n\n| 项目 | 投标响应 |\n|---|---|\n| 协议 | RoCE v2，无损以太网 |\n"
            "| 网卡 | 每台 2 张 ConnectX-7 200GbE |\n")
    assert value(text, "fabric.protocol", "markdown") == "roce-v2"
    assert value(text, "fabric.nics_per_node", "markdown") == 2


def test_a_chat_exported_as_json_lines_is_read_as_a_chat() -> None:
    lines = [("王磊(启衡)", "10:02", "现在的方案计算网是 RoCE v2，每台 8 张 200G 网卡"),
             ("刘畅(澜湾)", "10:10", "有 IB 吗？交换机呢？PFC 谁配？"),
             ("陈思远(启衡)", "10:13", "这批机器没有 IB，只有 RoCE；交换机 RG-S6920-4C，32 个 200G 口独享"),
             ("刘畅(澜湾)", "10:25", "验收怎么做？跨机测吗？"),
             ("陈思远(启衡)", "10:27", "验收跑 nccl-tests，每台 8 卡 busbw ≥ 150GB/s 算合格，4 台分别测"),
             ("陈思远(启衡)", "10:38", "MIG 实例没有独立网卡，测不了网络，不切 MIG")]
    text = "".join(f'{{"sender": "{who}", "time": "2025-05-12 {at}", "text": "{said}"}}\n' for who, at, said in lines)
    document = document_from_text(text)
    assert document.passages[0].text.startswith("[2025-05-12 10:02] 王磊(启衡): 现在的方案")
    assert document.lines[0].text.endswith("每台 8 张 200G 网卡") and document.lines[0].text.lstrip()[:2] == "现在"
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.switch_model").value == "RG-S6920-4C"
    assert offering.fact("acceptance.multi_node").value is False
    assert offering.fact("acceptance.on_mig") is None


def test_an_availability_not_covered_by_service_credits() -> None:
    text = ("16 nodes, InfiniBand NDR.\nA: 99.9% monthly availability for the cluster. This is an operational "
            "objective: Reserved Clusters are not covered by service credits.\n")
    assert value(text, "sla.credits") is False


def test_an_acceptance_reports_measured_column_promises_nothing() -> None:
    text = ("| 测试项 | 合同约定（承诺值） | 实测值 | 结论 |\n|---|---|---|---|\n"
            "| 多机 nccl-tests all_reduce_perf（8 台 64 卡） | 多机通信正常，带宽达标 | 8 GB 消息 busbw 141.6 GB/s | 合格 |\n")
    assert value(text, "acceptance.threshold_gbytes", "markdown") is None
    assert value(text.replace("实测值", "备注"), "acceptance.threshold_gbytes", "markdown") == 141.6


def test_a_contrast_clause_after_two_options_speaks_of_the_first() -> None:
    text = ("| 项目 | 方案B | 方案C |\n|---|---|---|\n| 计算网络 | RoCE v2 400GbE | InfiniBand HDR |\n\n"
            "3. 方案C 与方案B 的机间带宽相同（每台 1.6Tb/s），但 InfiniBand 网络整体成本更高。\n")
    said = [(s.option, s.value) for s in extract(document_from_text(text, format="markdown")).statements
            if s.path == "fabric.protocol" and s.evidence[0].line == 5]
    assert said == [("方案C", "infiniband")]


def test_an_emails_sender_company_is_the_provider_and_its_recipient_is_not() -> None:
    text = ("**From:** Project Delivery, Tessellate Infrastructure GmbH\n**To:** Infrastructure team, Brightwater AI Ltd.\n\n"
            "8 nodes, InfiniBand NDR. Tessellate configures and runs the fabric (UFM, subnet manager).\n"
            "99.9% monthly availability; 5% of the monthly fee credited for every started 0.1% below.\n")
    assert provider_names(document_from_text(text, format="markdown")) == ("Tessellate Infrastructure", "Tessellate")
    assert value(text, "tuning.owner", "markdown") == "provider"
    assert value(text, "sla.credits", "markdown") is True


def test_an_offer_pasted_in_a_code_fence_in_a_chat_is_the_offer() -> None:
    text = ("[09:41] Priya Raman\nTallgrass sent the quote. Pasting the text version from their PDF so we can pick at "
            "it:\n\n```\nTALLGRASS COMPUTE LLC - QUOTE\n4 x HGX H100 8-GPU servers, RoCE v2, 8 x 400G NICs per node\n"
            "PFC/ECN tuning: customer responsibility.\n```\n\n[09:52] Dan Ortiz\nWe'd want InfiniBand instead.\n")
    offering = offering_of(text)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("tuning.owner").value == "customer"


def test_a_brokers_comparison_turns_one_down_and_forwards_the_others_quote() -> None:
    text = ("发件人：孙晨 <sun@broker.example>\n收件人：刘经理 <liu@buyer.example>\n日期：2025年5月20日\n主题：对比与推荐\n\n"
            "| 对比项 | 星衡智算（推荐） | 曜石云（不推荐） |\n|---|---|---|\n"
            "| 计算网 | InfiniBand HDR 200G，每台 8 张 HCA | 25G TCP 以太网，端口与其他客户共享 |\n\n"
            "星衡报价原文转发如下。\n\n-------- 转发的邮件 --------\n发件人：何倩 <he@xingheng.example>\n"
            "主题：报价\n\n4. 计算网：InfiniBand HDR 200Gb/s，每台 8 张 ConnectX-6 HCA。\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "infiniband"
    assert offering.fact("fabric.dedicated") is None
    assert offering.fact("fabric.nics_per_node").value == 8


def test_a_spec_written_as_json_in_a_fence_is_read() -> None:
    text = ('# Pod spec\n\n```jsonc\n{\n  "compute_fabric": {\n    "protocol": "RoCE v2",\n    "nics_per_node": 8,\n'
            '    "dedicated_ports": true\n  },\n  "acceptance": {\n    "ib_write_bw": ">= 360 Gb/s per NIC"\n  }\n}\n```\n')
    offering = offering_of(text, "markdown")
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.nics_per_node").value == 8
    assert offering.fact("fabric.rate_gbps") is None


def test_a_discussion_threads_provider_badge_marks_the_offer() -> None:
    text = ("### @kvothe-ml opened this discussion · Mar 11, 2025\n\nOur last provider gave us 2 nodes on 25GbE, "
            "shared ports.\n\n### @ornella-p · Mar 11, 2025\n\nWe got InfiniBand at another shop.\n\n"
            "### @mara-okafor · `Maintainer · Provider` (Halvard Cloud) · Mar 12, 2025\n\n"
            "For the reserved pod: 4 nodes of HGX H100, RoCE v2 with 8 x 400G NICs per node, ports dedicated.\n")
    offering = offering_of(text, "markdown")
    assert offering.fact("nodes").value == 4
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("fabric.dedicated").value is True


def test_a_pricing_pages_cards_side_by_side_are_options() -> None:
    text = ("+------------------+------------------+--------------------+\n"
            "| KESTREL L8       | KESTREL H8       | KESTREL H16        |\n"
            "| 1 server         | 1 server         | 2 to 16 servers    |\n"
            "| 8x L40S PCIe     | 8x H100 SXM5     | 8x H100 SXM5       |\n"
            "| 2x 25GbE         | 2x 100GbE        | InfiniBand NDR     |\n"
            "+------------------+------------------+--------------------+\n")
    extraction = extract(document_from_text(text))
    _, options = assemble_options(extraction.statements, extraction.chosen_option)
    by_name = {o.name: o.offering for o in options}
    assert set(by_name) == {"KESTREL L8", "KESTREL H8", "KESTREL H16"}
    assert by_name["KESTREL H16"].fact("fabric.protocol").value == "infiniband"
    assert by_name["KESTREL L8"].fact("gpu.variant").value == "PCIe"


@pytest.mark.parametrize("text", [
    "备份：只做系统盘快照，数据盘和训练 checkpoint 客户那边自己负责。\n",
    "备份：系统盘每日快照，数据盘自理。\n",
    "Backups: boot volumes are snapshotted every night; local scratch data is not backed up.\n",
    "目前只配置了系统盘每日快照；数据盘的备份方案未纳入本次报价。\n",
])
def test_snapshots_of_the_system_disk_alone_leave_the_data_uncovered(text: str) -> None:
    assert value("4 台 H100 8 卡。\n" + text, "backup.scope") == "system-only"


@pytest.mark.parametrize(("text", "fmt"), [
    ("6 nodes of 8x H100, RoCE v2 with 8x 400G per node.\n\n## Not included\n\n- InfiniBand fabric\n"
     "- Backup of local data volumes\n\n## Support\n\nResponse within 30 minutes.\n", "markdown"),
    ("6 nodes of 8x H100, RoCE v2 with 8x 400G per node.\n5. Exclusions\n5.1 An InfiniBand fabric.\n"
     "5.2 Backup of local data volumes.\n6. Support\n6.1 Response within 30 minutes.\n", "text"),
    ("6 nodes of 8x H100, RoCE v2 with 8x 400G per node.\nThe following are not included:\n- InfiniBand fabric\n"
     "- Backup of local data volumes\n\nSupport: response within 30 minutes.\n", "text"),
    ("6 台 H100 8 卡，RoCE v2 组网，每台 8 张 400G 网卡。\n## 不包含的服务\n- IB 网络\n- 数据盘备份\n## 售后\n"
     "30 分钟内响应。\n", "markdown"),
])
def test_what_a_heading_or_lead_in_leaves_out_is_not_offered(text: str, fmt: str) -> None:
    offering = offering_of(text, fmt)
    assert offering.fact("fabric.protocol").value == "roce-v2"
    assert offering.fact("backup.scope") is None
    assert offering.fact("sla.support_response_minutes").value == 30.0  # the section after it is read again


def test_a_trial_an_exclusions_list_names_is_none() -> None:
    text = ("4 nodes of 8x H100.\n\n## What is not included\n\n- Any trial period; the 12-month term starts at "
            "handover\n")
    assert value(text, "acceptance.trial", "markdown") is None


def test_a_heading_that_only_mentions_what_is_not_included_heads_add_ons() -> None:
    text = ("6 nodes of 8x H100.\n\n**OPTIONAL ITEMS (not included in the totals above)**\n\n"
            "- InfiniBand NDR fabric, 8x 400G per node: 3,000 USD per node per month\n")
    assert value(text, "fabric.protocol", "markdown") == "infiniband"


def test_disks_listed_before_a_denied_backup_are_not_covered() -> None:
    text = ("4 nodes of 8x H100.\n6.1 Provider takes a daily snapshot of each node's boot volume.\n"
            "6.2 Data volumes, local scratch space and checkpoints are not snapshotted by Provider.\n")
    assert value(text, "backup.scope") == "system-only"


def test_an_item_under_an_exclusions_heading_that_says_what_is_covered_is_read() -> None:
    text = ("4 nodes of 8x H100.\n\nNot covered:\n- Monitoring of your jobs\n- Backups. We take a nightly snapshot of "
            "each node's system disk; data volumes are not backed up.\n")
    assert value(text, "backup.scope") == "system-only"


def test_a_product_named_in_the_title_and_again_below_is_the_provider() -> None:
    text = ("# Corvane Train: managed GPU pods\n\nCorvane Train gives you 4 nodes of 8x H100, RoCE v2, 8x 400G per "
            "node.\n\n- Corvane configures PFC and ECN (DCQCN) on every switch and NIC.\n")
    assert value(text, "tuning.owner", "markdown") == "provider"
    other = text.replace("# Corvane Train", "# Falcon Review")  # a name the title does not give is nobody's
    assert value(other, "tuning.owner", "markdown") is None


@pytest.mark.parametrize(("who", "party"), [
    ("Brightwater NOC, 24x7", "provider"), ("Helvion's network team", "provider"),
    ("the Customer's network team", "customer"),
])
def test_a_company_named_operations_team_is_the_provider(who: str, party: str) -> None:
    text = f"4 nodes of 8x H100, RoCE v2, 8x 400G per node.\nCongestion and packet-loss incidents: diagnosed by {who}.\n"
    assert value(text, "tuning.troubleshooting") == party


@pytest.mark.parametrize("text", [
    "可用性：月度可用性 99.5%；未达标时的赔付比例，待确认。\n",
    "可用性 99.9%，赔付方案待定。\n",
    "Availability: 99.5% monthly, a target that does not give rise to service credits.\n",
    "Availability target: 99.9% per month. Service credits: not offered.\n",
    "Availability 99.9%. Service credits to be agreed.\n",
])
def test_credits_denied_or_still_to_be_settled_are_none(text: str) -> None:
    assert value("4 nodes of 8x H100.\n" + text, "sla.credits") is False


def test_credits_stay_when_another_term_of_the_sentence_is_open() -> None:
    text = "4 nodes of 8x H100.\nAvailability 99.9%; service credits of 10% per 0.1% below; price to be agreed.\n"
    assert value(text, "sla.credits") is True


@pytest.mark.parametrize(("line", "owner"), [
    ("PFC/ECN：乙方交付时提供交换机和网卡的配置基线文档，供验收核对。\nPFC/ECN 的配置和调优由甲方负责。\n", "customer"),
    ("PFC/ECN: the provider delivers a configuration baseline at handover.\n", None),
    ("PFC/ECN：乙方负责配置，并交付配置基线文档。\n", "provider"),
    ("- 甲方提出希望由乙方负责 PFC/ECN 配置，乙方表示不在报价范围内。\n- 最终 PFC/ECN 的配置与调优由甲方负责。\n", "customer"),
])
def test_who_delivers_a_baseline_or_is_wished_to_tune_is_not_who_tunes(line: str, owner: str | None) -> None:
    assert value("4 台 H100 8 卡，RoCE v2，每台 8 张 400G 网卡。\n" + line, "tuning.owner") == owner


@pytest.mark.parametrize("text", [
    "Use our MIG instances (1g.10gb, hourly). They're perfect for validating your multi-node NCCL setup.\n",
    "We can lend you two MIG 1g.10gb instances on one H100, free, so you\ncan check multi-GPU NCCL communication "
    "before the nodes land.\n",
])
def test_mig_slices_offered_to_check_communication(text: str) -> None:
    assert value("4 nodes of 8x H100 SXM, InfiniBand 8x 400G per node.\n" + text, "acceptance.on_mig") is True


def test_mig_slices_a_later_sentence_says_nothing_of_testing_are_no_test() -> None:
    text = "4 nodes of 8x H100 SXM.\nMIG instances (1g.10gb) are available for inference. They're billed hourly.\n"
    assert value(text, "acceptance.on_mig") is None


def test_mig_slices_a_later_sentence_keeps_from_acceptance_are_no_test() -> None:
    text = ("4 nodes of 8x H100 SXM.\nMIG partitioning is available on request for development; it is not used "
            "for training jobs or acceptance.\n")
    assert value(text, "acceptance.on_mig") is None


def test_what_a_remark_says_is_not_written_is_not_stated() -> None:
    assert value("4 台 A800 80G 8 卡服务器。\n1. 报价里没写是 SXM 还是 PCIe，请对方书面确认。\n", "gpu.variant") is None
    assert value("4 台 A800 SXM4 80G 8 卡服务器。\nSLA 中未写明赔偿，可用性 99.9%。\n", "sla.availability_pct") == 99.9


def test_a_clauses_old_wording_quoted_under_its_label_is_not_offered() -> None:
    text = ("补充协议\n1.1 原合同第 5.2 条原文为：\n    “乙方提供 100G RoCE 网络，交换机端口与其他客户共享。”\n    现修改为：\n"
            "    “乙方提供 InfiniBand NDR 400G 网络，交换机端口全部由甲方独享。”\n")
    assert value(text, "fabric.dedicated") is True
    assert value(text, "fabric.protocol") == "infiniband"


def test_every_node_passing_on_its_own_is_no_multi_node_acceptance() -> None:
    row = ("| 序号 | 项目 | 招标要求 | 投标响应 | 偏离 |\n|---|---|---|---|---|\n| 7 | 通信验收 | 提供 nccl-tests 结果 | "
           "逐台执行 nccl-tests all_reduce_perf（单机 8 卡），busbw ≥ 150GB/s；12 台须全部合格 | 无偏离 |\n")
    assert value(row, "acceptance.multi_node", "markdown") is False


@pytest.mark.parametrize("line", ["IB 不提供。\n", "IB 方案本期不考虑。\n", "乙方答复：IB 方案需要重新设计和报价，本期不考虑。\n"])
def test_a_fabric_turned_down_after_its_name_is_not_offered(line: str) -> None:
    text = "4 台 H100 8 卡。\n计算网络采用 RoCE v2，每节点 8 张 400G 网卡。\n" + line
    assert value(text, "fabric.protocol") == "roce-v2"
    assert value(text, "fabric.nics_per_node") == 8


def test_a_bare_count_under_a_per_node_column_counts_each_node() -> None:
    table = ("16 nodes.\n\n| Item | Model | Per node | Total |\n|---|---|---|---|\n"
             "| Compute fabric NIC | NVIDIA ConnectX-7, 400 Gb/s InfiniBand | 8 | 128 |\n")
    assert value(table, "fabric.nics_per_node", "markdown") == 8
    priced = "16 nodes.\n\n| Item | Price per node |\n|---|---|\n| NIC | 1200 |\n"
    assert value(priced, "fabric.nics_total", "markdown") is None  # a price, no count


def test_a_line_indented_under_a_lead_in_is_led_by_it() -> None:
    text = ("4 nodes of 8x H100.\n2.3 Support response (24x7, by portal or phone):\n"
            "    Severity 1: 30 minutes      Severity 2: 2 hours      Severity 3: next business day\n")
    assert value(text, "sla.support_response_minutes") == 30.0
    flush = text.replace("    Severity", "Severity")  # a line that does not hang under it is its own
    assert value(flush, "sla.support_response_minutes") is None
