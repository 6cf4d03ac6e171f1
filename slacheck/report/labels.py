"""Names of the offering's facts and how their values read, in zh and en (shared by the renderers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from slacheck.facts import Price
from slacheck.offering import Evidence

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
    "fabric.included_rate_gbps": ("Included port rate (Gb/s)", "标配端口速率 (Gb/s)"),
    "fabric.included_nics_per_node": ("Included NICs per node", "标配每台网卡数"),
    "fabric.nics_total": ("NICs in total", "网卡总数"),
    "fabric.nics_per_gpu": ("NICs per GPU", "每卡网卡数"),
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
    "commercial.unit_price": ("Unit price", "单价"),
    "commercial.line_total": ("Line amount", "该项金额"),
    "commercial.monthly_total": ("Monthly total", "月合计"),
    "commercial.contract_total": ("Contract total", "合同总额"),
    "commercial.billing": ("Billing", "付款周期"),
    "commercial.term_months": ("Term (months)", "租期 (月)"),
    "commercial.power_kw": ("Rack power per node (kW)", "单台供电 (kW)"),
}

_YES_NO = {"en": ("yes", "no"), "zh": ("是", "否")}
_PER = {"en": {"gpu": "GPU", "node": "node"}, "zh": {"gpu": "卡", "node": "台"}}
_PERIOD = {"en": {"hour": "hour", "day": "day", "week": "week", "month": "month", "year": "year"},
           "zh": {"hour": "小时", "day": "天", "week": "周", "month": "月", "year": "年"}}


def label(path: str, language: str) -> str:
    """The name of a fact path in a language (the path itself when it has none)."""
    names = LABELS.get(path, (path, path))
    return names[1] if language == "zh" else names[0]


def show_value(value: Any, language: str) -> str:
    """A fact's value as a reader expects it: yes/no, 16 not 16.0, "USD 2.1 / GPU / hour"."""
    if isinstance(value, bool):
        return _YES_NO[language][0 if value else 1]
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    if isinstance(value, Price):
        parts = [f"{value.currency or ''} {show_value(value.amount, language)}".strip()]
        if value.per:
            parts.append(_PER[language][value.per])
        if value.period:
            parts.append(_PERIOD[language][value.period])
        return " / ".join(parts)
    return str(value)


def is_pdf(path: str) -> bool:
    """Whether a quoted file is a PDF (its lines are those of slacheck's text layer, by page)."""
    return Path(path).suffix.lower() == ".pdf"


def location(evidence: Evidence) -> str:
    """Where a quote is, as an editor or terminal opens it: ``path:line:col``; for a PDF ``path p.3 l.19:16``;
    for Word, Excel, HTML and e-mail the place in the file: ``path Quote!B7``."""
    if evidence.where:
        return f"{evidence.path} {evidence.where}"
    if is_pdf(evidence.path):
        return f"{evidence.path} p.{evidence.page} l.{evidence.line}:{evidence.column}"
    return f"{evidence.path}:{evidence.line}:{evidence.column}"


def short_location(evidence: Evidence, language: str) -> str:
    """Page (PDFs only) and line without the path, in the report's language: ``p.3 l.19`` / ``第3页第19行``;
    the place for Word, Excel, HTML and e-mail (``Quote!B7``)."""
    if evidence.where:
        return evidence.where
    pdf = is_pdf(evidence.path)
    if language == "zh":
        return (f"第{evidence.page}页" if pdf else "") + f"第{evidence.line}行"
    return (f"p.{evidence.page} " if pdf else "") + f"l.{evidence.line}"


def page_prefix(evidence: Evidence) -> str:
    """``p. 3: `` before a message about a PDF (CI views show no page otherwise); nothing for a text file."""
    return f"p. {evidence.page}: " if is_pdf(evidence.path) else ""


def page_note(evidence: Evidence) -> str:
    """`` (p. 3)`` after a title about a PDF; nothing for a text file."""
    return f" (p. {evidence.page})" if is_pdf(evidence.path) else ""
