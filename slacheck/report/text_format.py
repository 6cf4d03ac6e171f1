"""Terminal output: a reviewer's memo rendered with rich.

An offering table (what the document promises, with where it says so),
then findings grouped by severity, each with quoted evidence and the clause
to ask for instead, then a one-line summary.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from slacheck.offering import Evidence, fact_paths
from slacheck.report.model import Report

LABELS: dict[str, tuple[str, str]] = {
    "nodes": ("Nodes", "节点数"),
    "gpu.model": ("GPU model", "GPU 型号"),
    "gpu.variant": ("Form factor", "形态"),
    "gpu.memory_gb": ("GPU memory (GB)", "显存 (GB)"),
    "gpu.per_node": ("GPUs per node", "每台 GPU 数"),
    "gpu.total": ("GPUs in total", "GPU 总数"),
    "intra_node.link": ("Intra-node link", "机内互联"),
    "intra_node.bandwidth_gbytes": ("NVLink GB/s per GPU", "每卡 NVLink GB/s"),
    "intra_node.full_mesh": ("Full-mesh claim", "全互联表述"),
    "intra_node.nvswitch": ("NVSwitch", "NVSwitch"),
    "fabric.protocol": ("Fabric protocol", "机间网络协议"),
    "fabric.included_protocol": ("Included fabric protocol", "标配网络协议"),
    "fabric.rate_gbps": ("Port rate (Gb/s)", "端口速率 (Gb/s)"),
    "fabric.nics_per_node": ("NICs per node", "每台网卡数"),
    "fabric.nics_total": ("NICs in total", "网卡总数"),
    "fabric.nic_model": ("NIC model", "网卡型号"),
    "fabric.optional": ("Fabric is an add-on", "网络为选配"),
    "fabric.dedicated": ("Dedicated, non-blocking", "独享/无收敛"),
    "fabric.oversubscription": ("Oversubscription (x:1)", "收敛比 (x:1)"),
    "fabric.switch_model": ("Switch model", "交换机型号"),
    "fabric.switch_ports": ("Switch ports allotted", "分配交换机端口"),
    "fabric.cabling": ("Cables and optics", "线缆与光模块"),
    "fabric.cabling_priced": ("Optics priced", "光模块有报价"),
    "fabric.topology": ("Topology", "拓扑"),
    "fabric.isolation": ("Tenant isolation", "租户隔离"),
    "fabric.multi_site": ("Across sites", "跨机房/地域"),
    "fabric.expansion": ("Expansion promise", "扩展承诺"),
    "fabric.public_bandwidth": ("Public bandwidth (Gb/s)", "公网带宽 (Gb/s)"),
    "verification.hardware": ("Hardware verification", "硬件核验"),
    "tuning.owner": ("PFC/ECN configured by", "PFC/ECN 配置方"),
    "tuning.troubleshooting": ("Congestion diagnosed by", "拥塞/丢包排查方"),
    "tuning.baseline": ("Network config baseline", "网络配置基线"),
    "acceptance.test": ("Acceptance test", "验收测试"),
    "acceptance.multi_node": ("Acceptance across nodes", "多机验收"),
    "acceptance.threshold_gbytes": ("Pass threshold (GB/s)", "通过标准 (GB/s)"),
    "acceptance.threshold_pct": ("Pass threshold (% of line rate)", "通过标准 (线速 %)"),
    "acceptance.report_kept": ("Test report signed/kept", "测试报告签字留存"),
    "acceptance.trial": ("Trial before the term", "试用期"),
    "sla.failover_minutes": ("Replacement time (min)", "更换/迁移时限 (分钟)"),
    "sla.support_response_minutes": ("Support response (min)", "响应时限 (分钟)"),
    "sla.availability_pct": ("Availability (%)", "可用性 (%)"),
    "sla.availability_guaranteed": ("Availability guaranteed", "可用性为承诺"),
    "sla.credits": ("Service credits", "未达标赔付"),
    "sla.network_restore": ("Network restored after replacement", "更换后恢复网络配置"),
    "backup.scope": ("Snapshot scope", "快照范围"),
    "commercial.price_hedged": ("Price hedged", "价格未定"),
    "commercial.addon_on_request": ("Add-on priced on request", "增项价格待询"),
    "commercial.billing": ("Billing", "付款周期"),
    "commercial.term_months": ("Term (months)", "租期 (月)"),
    "commercial.power_kw": ("Rack power per node (kW)", "单台供电 (kW)"),
}

_WORDS = {
    "en": {"offering": "Offering", "fact": "Fact", "value": "Value", "where": "Where", "hedged": "hedged",
           "fix": "Fix", "none": "No findings.", "coverage": "coverage", "error": "ERROR", "warning": "WARNING",
           "info": "INFO", "errors": "errors", "warnings": "warnings", "infos": "info", "yes": "yes", "no": "no",
           "not_stated": "No facts recognised.", "document": "(the document: term missing)",
           "pages": "pages"},
    "zh": {"offering": "方案要点", "fact": "项目", "value": "内容", "where": "出处", "hedged": "未定",
           "fix": "建议条款", "none": "未发现问题。", "coverage": "覆盖率", "error": "错误", "warning": "警告",
           "info": "提示", "errors": "个错误", "warnings": "个警告", "infos": "个提示", "yes": "是", "no": "否",
           "not_stated": "未识别出任何事实。", "document": "（整份文件：缺少该条款）", "pages": "页"},
}
_STYLE = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}


def render_text(report: Report, console: Console) -> None:
    """Print the memo for a report to a rich console."""
    words = _WORDS[report.language]
    for document in report.documents:
        console.print(Text.assemble((document.path, "bold"), f"  {document.format}, {document.pages} "
                                    f"{words['pages']}, {document.language}, {words['coverage']} "
                                    f"{document.coverage.ratio:.0%}"))
        for warning in document.warnings:
            console.print(Text(f"  ! {warning}", style="yellow"))
    console.print(_offering_table(report, words))
    if not report.findings:
        console.print(Text(words["none"], style="bold green"))
    for severity in ("error", "warning", "info"):
        for finding in (f for f in report.findings if f.severity == severity):
            body = [Text(finding.message)]
            body.extend(_quote(e, words) for e in finding.evidence)
            body.append(Text.assemble((f"{words['fix']}: ", "bold green"), finding.fix))
            title = Text.assemble((f"{words[severity]} {finding.rule}", _STYLE[severity]), f"  {finding.title}")
            console.print(Panel(Group(*body), title=title, title_align="left", border_style=_STYLE[severity]))
    summary = report.summary
    console.print(Text.assemble((f"{summary.error} {words['errors']}", _STYLE["error"]), ", ",
                                (f"{summary.warning} {words['warnings']}", _STYLE["warning"]), ", ",
                                (f"{summary.info} {words['infos']}", _STYLE["info"])))


def _offering_table(report: Report, words: dict[str, str]) -> Table | Text:
    index = 1 if report.language == "zh" else 0
    table = Table(title=words["offering"], title_justify="left", show_lines=False)
    table.add_column(words["fact"])
    table.add_column(words["value"])
    table.add_column(words["where"], no_wrap=True)
    for path in fact_paths():
        fact = report.offering.fact(path)
        if fact is None:
            continue
        value = _value(fact.value, words) + (f" ({words['hedged']})" if fact.hedged else "")
        where = ", ".join(f"{e.page}:{e.line}" for e in fact.evidence[:3])
        table.add_row(LABELS.get(path, (path, path))[index], escape(value), where)
    return table if table.row_count else Text(words["not_stated"])


def _value(value: Any, words: dict[str, str]) -> str:
    if isinstance(value, bool):
        return words["yes"] if value else words["no"]
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _quote(evidence: Evidence, words: dict[str, str]) -> Text:
    location = f"{evidence.path}:{evidence.page}:{evidence.line}:{evidence.column}"
    if evidence.role == "document":
        return Text.assemble(("  " + location + " ", "dim"), words["document"])
    return Text.assemble(("  " + location + " ", "dim"), ("“" + evidence.text + "”", "italic"))
