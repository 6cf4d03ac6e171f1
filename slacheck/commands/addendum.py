"""``slacheck addendum FILE``: a draft of supplementary clauses (补充条款) to send to the vendor.

One numbered clause per finding, in the document's language (``--lang``
overrides): the finding's fix, then a reference line with the rule ID and
the quoted evidence. Markdown on stdout.
"""

from __future__ import annotations

import argparse
import sys

from slacheck.commands.common import add_document_options, options_from, rules_for
from slacheck.pipeline import check_file
from slacheck.report.markdown_format import md_escape
from slacheck.report.model import Report

NAME = "addendum"
HELP = "draft supplementary clauses from the findings (Markdown)"

_WORDS = {
    "zh": {"title": "补充条款（草案）", "intro": "本补充条款是对 {doc} 的补充，与之不一致之处以本补充条款为准。",
           "ref": "依据", "missing": "原文未作约定", "where": "第 {page} 页第 {line} 行",
           "none": "未发现需要补充的条款。"},
    "en": {"title": "Addendum (draft)", "intro": "This addendum supplements {doc}; where the two differ, "
           "this addendum prevails.", "ref": "Reference", "missing": "not addressed in the document",
           "where": "p. {page}, l. {line}", "none": "No clauses to add."},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE")
    add_document_options(parser)
    parser.add_argument("--rules", action="append", default=[], metavar="PACK", help="add a rule pack (TOML)")


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    rules = rules_for(options)
    sys.stdout.write(render_addendum(check_file(args.file, options, rules)))
    return 0


def render_addendum(report: Report) -> str:
    """The numbered clauses as Markdown, in the report's language."""
    words = _WORDS[report.language]
    name = report.documents[0].path.replace("\\", "/").rsplit("/", 1)[-1] if report.documents else ""
    out = [f"# {words['title']}", "", words["intro"].format(doc=f"`{name.replace('`', '')}`"), ""]
    if not report.findings:
        out.append(words["none"])
    for number, finding in enumerate(report.findings, start=1):
        quotes = [f"“{md_escape(e.text)}”（{words['where'].format(page=e.page, line=e.line)}）"
                  if report.language == "zh" else
                  f"“{md_escape(e.text)}” ({words['where'].format(page=e.page, line=e.line)})"
                  for e in list(dict.fromkeys(finding.evidence))[:3] if e.role == "quote"]
        reference = "; ".join(quotes) or words["missing"]
        out += [f"{number}. {finding.fix}", f"   > {words['ref']}: {finding.rule} {md_escape(finding.title)} — "
                f"{reference}", ""]
    return "\n".join(out).rstrip("\n") + "\n"
