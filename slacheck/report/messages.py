"""The words of the report's chrome, in English and Chinese: one catalogue for every renderer and command.

Rule texts live in the rule packs and fact names in :mod:`slacheck.report.labels`; everything else a
reader sees around them (headings, column names, severities, counts, "Fix", "fingerprint", the kinds of
change in ``diff``, the addendum's frame, the tables of ``plan``, ``accept``, ``rules`` and ``explain``, the
sentences of ACC findings and of unjudged key facts) is here, so a Chinese document gets a Chinese report in
every format. Templates take ``str.format`` fields; a dotted key's prefix names its part (see :func:`section`).
"""

from __future__ import annotations

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
}


def words(language: str) -> Mapping[str, str]:
    """Every chrome string in one language (``zh``; anything else reads English)."""
    index = 1 if language == "zh" else 0
    return {key: texts[index] for key, texts in CATALOGUE.items()}


def section(language: str, prefix: str) -> dict[str, str]:
    """The strings of one part of the catalogue (``plan``, ``run``, ...), by their keys without the prefix."""
    start = prefix + "."
    return {key.removeprefix(start): text for key, text in words(language).items() if key.startswith(start)}


def pages(count: int, language: str) -> str:
    """``1 page``, ``12 pages`` / ``12 页``."""
    w = words(language)
    return w["one_page"] if count == 1 else w["pages"].format(n=count)


def counts(error: int, warning: int, info: int, language: str) -> str:
    """The summary line: ``3 errors, 9 warnings, 3 info`` / ``3 个错误，9 个警告，3 个提示``."""
    w = words(language)
    return w["separator"].join((w["errors"].format(n=error), w["warnings"].format(n=warning),
                                w["infos"].format(n=info)))
