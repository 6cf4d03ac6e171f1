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
from slacheck.report.labels import short_location
from slacheck.report.markdown_format import md_escape
from slacheck.report.messages import words as catalogue
from slacheck.report.model import Report

NAME = "addendum"
HELP = "draft supplementary clauses from the findings (Markdown)"

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
    language = report.language
    words = catalogue(language)
    name = report.documents[0].path.replace("\\", "/").rsplit("/", 1)[-1] if report.documents else ""
    out = [f"# {words['addendum']}", "", words["addendum_intro"].format(doc=f"`{name.replace('`', '')}`"), ""]
    if not report.findings:
        out.append(words["no_clauses"])
    aside = "“{text}”（{where}）" if language == "zh" else "“{text}” ({where})"
    for number, finding in enumerate(report.findings, start=1):
        quotes = [aside.format(text=md_escape(e.text), where=short_location(e, language))
                  for e in list(dict.fromkeys(finding.evidence))[:3] if e.role == "quote"]
        reference = "; ".join(quotes) or words["not_addressed"]
        out += [f"{number}. {finding.fix}", f"   > {words['reference']}: {finding.rule} {md_escape(finding.title)} — "
                f"{reference}", ""]
    return "\n".join(out).rstrip("\n") + "\n"
