"""The words of the report's chrome, in English and Chinese: one catalogue for every renderer and command.

Rule texts live in the rule packs and fact names in :mod:`slacheck.report.labels`; everything else a
reader sees around them (headings, column names, severities, counts, "Fix", "fingerprint", the kinds of
change in ``diff``, the addendum's frame) is here, so a Chinese document gets a Chinese report in every
format. Templates take ``str.format`` fields.
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
}


def words(language: str) -> Mapping[str, str]:
    """Every chrome string in one language (``zh``; anything else reads English)."""
    index = 1 if language == "zh" else 0
    return {key: texts[index] for key, texts in CATALOGUE.items()}


def pages(count: int, language: str) -> str:
    """``1 page``, ``12 pages`` / ``12 页``."""
    w = words(language)
    return w["one_page"] if count == 1 else w["pages"].format(n=count)


def counts(error: int, warning: int, info: int, language: str) -> str:
    """The summary line: ``3 errors, 9 warnings, 3 info`` / ``3 个错误，9 个警告，3 个提示``."""
    w = words(language)
    return w["separator"].join((w["errors"].format(n=error), w["warnings"].format(n=warning),
                                w["infos"].format(n=info)))
