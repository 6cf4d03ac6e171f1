"""The words of the report's chrome, in English and Chinese: one catalogue for every renderer and command.

Rule texts live in the rule packs; everything else a reader sees around them (headings, column names,
fact names and values, severities, counts, "Fix", "fingerprint", the kinds of
change in ``diff``, the addendum's frame, the tables of ``plan``, ``accept``, ``rules`` and ``explain``, the
sentences of ACC findings and of unjudged key facts) is here, so a Chinese document gets a Chinese report in
every format. Templates take ``str.format`` fields; a dotted key's prefix names its part (see :func:`section`).
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

CATALOGUE: dict[str, tuple[str, str]] = {
    # report frame
    "report": ("slacheck report", "slacheck 检查报告"),
    "offering": ("Offering", "方案要点"),
    "fact": ("Fact", "项目"),
    "value": ("Value", "内容"),
    "where": ("Where", "出处"),
    "hedged": ("hedged", "未定"),
    "fix": ("Fix", "建议条款"),
    "fingerprint": ("fingerprint", "指纹"),
    "evidence": ("Evidence", "原文"),
    "severity": ("Severity", "级别"),
    "rule": ("Rule", "规则"),
    "finding": ("Finding", "问题"),
    "waived": ("waived", "已豁免"),
    "none": ("No findings.", "未发现问题。"),
    "no_facts": ("No facts recognised.", "未识别出任何事实。"),
    "whole_document": ("(the document: term missing)", "（整份文件：缺少该条款）"),
    "pages": ("{n} pages", "{n} 页"),
    "one_page": ("1 page", "1 页"),
    "coverage": ("coverage", "覆盖率"),
    "applied": ("{file} ({kind}) applied, findings suppressed: {n}", "已应用 {file}（{kind}）：屏蔽 {n} 个问题"),
    "distrusted": ("{file} not applied: it came with the documents, outside the project",
                   "未应用 {file}：它随文件而来，位于项目之外"),
    "measurements": ("Acceptance measurements", "验收实测"),
    # fact names: the offering's table, diff and explain (key: fact.<dotted path>)
    "fact.nodes": ("Nodes", "节点数"),
    "fact.gpu.model": ("GPU model", "GPU 型号"),
    "fact.gpu.variant": ("Form factor", "形态"),
    "fact.gpu.memory_gb": ("GPU memory (GB)", "显存 (GB)"),
    "fact.gpu.per_node": ("GPUs per node", "每台 GPU 数"),
    "fact.gpu.total": ("GPUs in total", "GPU 总数"),
    "fact.intra_node.link": ("Intra-node link", "机内互联"),
    "fact.intra_node.bandwidth_gbytes": ("NVLink GB/s per GPU", "每卡 NVLink GB/s"),
    "fact.intra_node.full_mesh": ("Full-mesh claim", "全互联表述"),
    "fact.intra_node.nvswitch": ("NVSwitch", "NVSwitch"),
    "fact.fabric.protocol": ("Fabric protocol", "机间网络协议"),
    "fact.fabric.included_protocol": ("Included fabric protocol", "标配网络协议"),
    "fact.fabric.rate_gbps": ("Port rate (Gb/s)", "端口速率 (Gb/s)"),
    "fact.fabric.nics_per_node": ("NICs per node", "每台网卡数"),
    "fact.fabric.included_rate_gbps": ("Included port rate (Gb/s)", "标配端口速率 (Gb/s)"),
    "fact.fabric.included_nics_per_node": ("Included NICs per node", "标配每台网卡数"),
    "fact.fabric.upgrade_protocol": ("Upgrade fabric protocol", "升级选项网络协议"),
    "fact.fabric.upgrade_nics_per_node": ("Upgrade NICs per node", "升级选项每台网卡数"),
    "fact.fabric.nics_total": ("NICs in total", "网卡总数"),
    "fact.fabric.nics_per_gpu": ("NICs per GPU", "每卡网卡数"),
    "fact.fabric.nic_model": ("NIC model", "网卡型号"),
    "fact.fabric.optional": ("Fabric is an add-on", "网络为选配"),
    "fact.fabric.dedicated": ("Dedicated, non-blocking", "独享/无收敛"),
    "fact.fabric.oversubscription": ("Oversubscription (x:1)", "收敛比 (x:1)"),
    "fact.fabric.switch_model": ("Switch model", "交换机型号"),
    "fact.fabric.switch_ports": ("Switch ports allotted", "分配交换机端口"),
    "fact.fabric.cabling": ("Cables and optics", "线缆与光模块"),
    "fact.fabric.cabling_priced": ("Optics priced", "光模块有报价"),
    "fact.fabric.topology": ("Topology", "拓扑"),
    "fact.fabric.isolation": ("Tenant isolation", "租户隔离"),
    "fact.fabric.multi_site": ("Across sites", "跨机房/地域"),
    "fact.fabric.scale_out": ("Joins several servers", "多机互联"),
    "fact.fabric.expansion": ("Expansion promise", "扩展承诺"),
    "fact.fabric.public_bandwidth": ("Public bandwidth (Gb/s)", "公网带宽 (Gb/s)"),
    "fact.verification.hardware": ("Hardware verification", "硬件核验"),
    "fact.tuning.owner": ("PFC/ECN configured by", "PFC/ECN 配置方"),
    "fact.tuning.troubleshooting": ("Congestion diagnosed by", "拥塞/丢包排查方"),
    "fact.tuning.baseline": ("Network config baseline", "网络配置基线"),
    "fact.acceptance.test": ("Acceptance test", "验收测试"),
    "fact.acceptance.multi_node": ("Acceptance across nodes", "多机验收"),
    "fact.acceptance.threshold_gbytes": ("Pass threshold (GB/s)", "通过标准 (GB/s)"),
    "fact.acceptance.threshold_pct": ("Pass threshold (% of line rate)", "通过标准 (线速 %)"),
    "fact.acceptance.report_kept": ("Test report signed/kept", "测试报告签字留存"),
    "fact.acceptance.trial": ("Trial before the term", "试用期"),
    "fact.sla.failover_minutes": ("Replacement time (min)", "更换/迁移时限 (分钟)"),
    "fact.sla.support_response_minutes": ("Support response (min)", "响应时限 (分钟)"),
    "fact.sla.availability_pct": ("Availability (%)", "可用性 (%)"),
    "fact.sla.availability_guaranteed": ("Availability guaranteed", "可用性为承诺"),
    "fact.sla.credits": ("Service credits", "未达标赔付"),
    "fact.sla.network_restore": ("Network restored after replacement", "更换后恢复网络配置"),
    "fact.backup.scope": ("Snapshot scope", "快照范围"),
    "fact.commercial.price_hedged": ("Price hedged", "价格未定"),
    "fact.commercial.addon_on_request": ("Add-on priced on request", "增项价格待询"),
    "fact.commercial.fabric_price_hedged": ("Fabric priced on request", "网络价格待询"),
    "fact.commercial.unit_price": ("Unit price", "单价"),
    "fact.commercial.line_total": ("Line amount", "该项金额"),
    "fact.commercial.monthly_total": ("Monthly total", "月合计"),
    "fact.commercial.contract_total": ("Contract total", "合同总额"),
    "fact.commercial.billing": ("Billing", "付款周期"),
    "fact.commercial.term_months": ("Term (months)", "租期 (月)"),
    "fact.commercial.power_kw": ("Rack power per node (kW)", "单台供电 (kW)"),
    # fact values: yes/no, and what a price is per
    "yes": ("yes", "是"),
    "no": ("no", "否"),
    "per.gpu": ("GPU", "卡"),
    "per.node": ("node", "台"),
    "period.hour": ("hour", "小时"),
    "period.day": ("day", "天"),
    "period.week": ("week", "周"),
    "period.month": ("month", "月"),
    "period.year": ("year", "年"),
    # where a quote is, without the path: page (PDFs only) and line
    "place.page": ("p.{page} ", "第{page}页"),
    "place.line": ("l.{line}", "第{line}行"),
    # severities: a label, and the counts of the summary line
    "error": ("error", "错误"),
    "warning": ("warning", "警告"),
    "info": ("info", "提示"),
    "errors": ("{n} errors", "{n} 个错误"),
    "warnings": ("{n} warnings", "{n} 个警告"),
    "infos": ("{n} info", "{n} 个提示"),
    "separator": (", ", "，"),
    # the summary table of a batch
    "summary": ("Summary", "汇总"),
    "file": ("File", "文件"),
    "errors_column": ("Errors", "错误"),
    "warnings_column": ("Warnings", "警告"),
    "info_column": ("Info", "提示"),
    "waived_column": ("Waived", "已豁免"),
    "status": ("Status", "结果"),
    "ok": ("ok", "通过"),
    "fail": ("fail", "未通过"),
    "unusable": ("unusable: {reason}", "无法读取：{reason}"),
    # JUnit
    "no_findings_case": ("no findings", "未发现问题"),
    # diff
    "old": ("Old", "原版本"),
    "new": ("New", "新版本"),
    "change": ("Change", "变化"),
    "no_differences": ("No differences in the offering.", "两版方案要点没有差别。"),
    "weakened": ("weakened", "削弱"),
    "strengthened": ("strengthened", "加强"),
    "dropped": ("dropped", "删去"),
    "added": ("added", "新增"),
    "changed": ("changed", "变更"),
    # addendum
    "addendum": ("Addendum (draft)", "补充条款（草案）"),
    "addendum_intro": ("This addendum supplements {doc}; where the two differ, this addendum prevails.",
                       "本补充条款是对 {doc} 的补充，与之不一致之处以本补充条款为准。"),
    "reference": ("Reference", "依据"),
    "not_addressed": ("not addressed in the document", "原文未作约定"),
    "no_clauses": ("No clauses to add.", "未发现需要补充的条款。"),
    "addendum_quote": ("“{text}” ({where})", "“{text}”（{where}）"),
    # plan
    "plan.title": ("Acceptance plan", "验收方案"),
    "plan.test": ("Test", "测试"),
    "plan.command": ("Command", "命令"),
    "plan.pass": ("Pass if >=", "通过标准（≥）"),
    "plan.sizes": ("Sizes judged", "判定消息大小"),
    "plan.model": ("Model typical/ceiling", "模型 典型/上限"),
    "plan.contract": ("contract", "合同约定"),
    "plan.contract-share": ("contract: {pct:g}% of line rate", "合同约定：线速的 {pct:g}%"),
    "plan.model_source": ("80% of model", "模型典型值的 80%"),
    "plan.note": ("Run every test on all nodes at once; judge the sizes shown, not the average. nccl-tests figures "
                  "are busbw, perftest figures are per HCA. For ib_write_bw start the same command without "
                  "<peer-host> on the peer first.",
                  "所有测试须在全部节点上同时运行；按所列消息大小判定，不看平均值。"
                  "nccl-tests 数值为总线带宽（busbw），perftest 数值为单网卡带宽。"
                  "ib_write_bw 需先在对端运行不带 <peer-host> 的同一命令。"),
    "plan.fallback": ("The contract states no threshold for {tests}: the model's figure (80% of its typical value) "
                      "is used instead; put a figure in the contract.",
                      "合同未约定 {tests} 的通过标准：表中改用模型数值（典型值的 80%），建议在合同中写明。"),
    # rules: the table
    "list.title": ("Rules", "规则"),
    "list.id": ("ID", "ID"),
    "list.severity": ("Severity", "严重度"),
    "list.family": ("Family", "类别"),
    "list.rule_title": ("Title", "标题"),
    # gaps: key facts the document does not state
    "gap.nodes": ("Could not find how many GPU servers this offer is for.", "未能找到本方案的服务器（节点）数量。"),
    "gap.fabric.nics_per_node": ("Could not find how many network cards (NICs/HCAs) each server has.",
                                 "未能找到每台服务器的网卡（NIC/HCA）数量。"),
    "gap.fabric.rate_gbps": ("Could not find the inter-node network's port rate.", "未能找到机间网络的端口速率。"),
    "gap.unjudged": ("Rules left unjudged: {rules}.", "因此无法判断的规则：{rules}。"),
    # explain: headings
    "explain.what": ("What it checks", "检查内容"),
    "explain.condition": ("Condition", "触发条件"),
    "explain.why": ("Why it matters", "为什么重要"),
    "explain.example": ("Example that triggers it", "触发示例"),
    "explain.fix": ("Use instead", "建议改为"),
    "explain.severity": ("Severity", "严重度"),
    "explain.family": ("Family", "类别"),
    "explain.pack": ("Pack", "规则包"),
    # rules --test
    "tests.fired": ("fired, expected quiet", "触发了，应不触发"),
    "tests.quiet": ("stayed quiet, expected to fire", "未触发，应触发"),
    "tests.summary": ("{cases} cases of {rules} rule(s): {failed} wrong",
                      "{rules} 条规则的 {cases} 个用例：{failed} 个不符"),
    # addendum: the example switch
    "switch.equivalent": ("{model} (or an equivalent {rate} {kind})", "{model}（或同等 {rate} {kind}）"),
    "switch.infiniband": ("InfiniBand switch", "InfiniBand 交换机"),
    "switch.ethernet": ("Ethernet switch", "以太网交换机"),
    # a benchmark run against its requirement, and the fabric it ran on (ACC findings)
    "run.run": ("{name} {figure} at {sizes}, required {required} ({basis})",
                "{name} 在 {sizes} 为 {figure}，要求 {required}（{basis}）"),
    "run.hca": ("{name} on {device}: {figure} at {sizes}, required {required} per HCA ({basis})",
                "{name}（{device}）在 {sizes} 为 {figure}，要求单网卡 {required}（{basis}）"),
    "run.contract": ("contract", "合同约定"),
    "run.share": ("the contract's {pct}% of the {basis} line rate", "合同约定：线速 {basis} 的 {pct}%"),
    "run.model": ("80% of the model's typical {basis}", "模型典型值 {basis} 的 80%"),
    "run.port": ("80% of the {basis} port rate", "端口速率 {basis} 的 80%"),
    "run.unknown": ("no requirement known", "无可用要求"),
    "run.infiniband": ("InfiniBand (NCCL NET/IB)", "InfiniBand（NCCL NET/IB）"),
    "run.roce": ("RoCE (NCCL NET/IB over Ethernet)", "RoCE（以太网上的 NCCL NET/IB）"),
    "run.socket": ("TCP sockets (NCCL NET/Socket)", "TCP socket（NCCL NET/Socket）"),
    "run.efa": ("AWS EFA (aws-ofi-nccl)", "AWS EFA（aws-ofi-nccl）"),
    "run.ofi": ("libfabric (aws-ofi-nccl)", "libfabric（aws-ofi-nccl）"),
    "run.tcpx": ("GPUDirect-TCPX/TCPXO (TCP)", "GPUDirect-TCPX/TCPXO（TCP）"),
    "run.tcp-latency": ("a TCP-class network: a small all_reduce takes {detail}, over RDMA 20-50 µs",
                        "TCP 类网络：小消息 all_reduce 耗时 {detail}，RDMA 仅 20-50 µs"),
    # rule texts: where thresholds come from, and a value the document does not state
    "policy.default": ("the default policy", "默认策略"),
    "policy.configured": ("your organisation's policy", "贵方组织策略"),
    "unstated": ("(not stated)", "未写明"),
    # accept: the measurements table
    "accept.title": ("Measurements", "实测结果"),
    "accept.log": ("Log", "日志"),
    "accept.test": ("Test", "测试"),
    "accept.status": ("Status", "状态"),
    "accept.hosts": ("Hosts/ranks", "主机/rank"),
    "accept.sizes": ("Sizes judged", "判定消息大小"),
    "accept.measured": ("Measured", "实测"),
    "accept.required": ("Required", "要求"),
    "accept.model": ("Model typical/ceiling", "模型 典型/上限"),
    "accept.fabric": ("Fabric", "网络"),
    "accept.source.contract": ("contract", "合同"),
    "accept.source.share": ("contract share", "合同线速比例"),
    "accept.source.model": ("80% of model", "模型 80%"),
    # notes on the waiver file (WVR findings)
    "waiver.expired.title": ("Expired waiver", "豁免已过期"),
    "waiver.expired.message": ("The waiver for {rule} ({fp}) expired on {expires}; it no longer waives anything.",
                               "{rule}（{fp}）的豁免已于 {expires} 过期，不再生效。"),
    "waiver.expired.fix": ("Fix the finding, or renew the waiver with a new expiry date and reason.",
                           "整改该问题，或更新豁免的到期日与理由。"),
    "waiver.unused.title": ("Unused waiver", "豁免未使用"),
    "waiver.unused.message": ("The waiver for {rule} ({fp}) matched no finding.",
                              "{rule}（{fp}）的豁免没有匹配任何问题。"),
    "waiver.unused.fix": ("Remove the waiver from the waiver file.", "从豁免文件中删除该条目。"),
}


def words(language: str) -> Mapping[str, str]:
    """Every chrome string in one language (``zh``; anything else reads English), read-only."""
    return _words(_index(language))


def _index(language: str) -> int:
    """Where a language's text stands in the catalogue's pairs."""
    return 1 if language == "zh" else 0


@lru_cache(maxsize=2)
def _words(index: int) -> Mapping[str, str]:
    """The catalogue's strings at one index, made once (every label and value a renderer shows asks)."""
    return MappingProxyType({key: texts[index] for key, texts in CATALOGUE.items()})


def section(language: str, prefix: str) -> Mapping[str, str]:
    """The strings of one part of the catalogue (``plan``, ``run``, ...), by their keys without the prefix."""
    return _section(_index(language), prefix)


@lru_cache(maxsize=64)
def _section(index: int, prefix: str) -> Mapping[str, str]:
    start = prefix + "."
    return MappingProxyType({key.removeprefix(start): text for key, text in _words(index).items()
                             if key.startswith(start)})


def pages(count: int, language: str) -> str:
    """``1 page``, ``12 pages`` / ``12 页``."""
    w = words(language)
    return w["one_page"] if count == 1 else w["pages"].format(n=count)


def counts(error: int, warning: int, info: int, language: str) -> str:
    """The summary line: ``3 errors, 9 warnings, 3 info`` / ``3 个错误，9 个警告，3 个提示``."""
    w = words(language)
    return w["separator"].join((w["errors"].format(n=error), w["warnings"].format(n=warning),
                                w["infos"].format(n=info)))
