"""``slacheck diff OLD NEW``: how the promises of a revised document moved, fact by fact.

Each fact path is compared. ``weakened``: a promise is no longer stated,
became hedged, moved the wrong way (fewer NICs, a lower rate, higher
oversubscription, dedicated true -> false, SXM -> PCIe) or a new caveat
appeared (an add-on fabric, a hedged price). ``strengthened``: the other
way. ``dropped``: a caveat is no longer stated. ``added``: a new promise.
``changed``: a neutral value (model names) differs. Exit 1 when anything was
weakened.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pydantic_core import to_jsonable_python
from rich.markup import escape
from rich.table import Table

from slacheck.commands.common import add_document_options, add_output_options, console_for, options_from, plain
from slacheck.offers.diff import KINDS, compare
from slacheck.pipeline import analyse, report_language
from slacheck.report.jsontext import indented_json
from slacheck.report.labels import label, show_value
from slacheck.report.messages import words as catalogue


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", metavar="OLD")
    parser.add_argument("new", metavar="NEW")
    add_document_options(parser)
    add_output_options(parser, ["text", "json"])


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    old, new = analyse(args.old, options), analyse(args.new, options)
    changes = compare(old.offering, new.offering)
    if args.format == "json":
        data = {"old": args.old, "new": args.new, "changes": changes,
                "summary": {kind: sum(c["change"] == kind for c in changes) for kind in KINDS}}
        sys.stdout.write(indented_json(to_jsonable_python(data)) + "\n")
    else:
        language = report_language(new, options)
        words = catalogue(language)
        table = Table(title=plain(f"{args.old} -> {args.new}"), title_justify="left")
        for column in ("fact", "old", "new", "change"):
            table.add_column(words[column])
        for c in changes:
            table.add_row(label(c["path"], language), escape(_show(c["old"], language)),
                          escape(_show(c["new"], language)), f"[{STYLES[c['change']]}]{words[c['change']]}[/]")
        console_for(args).print(table if changes else words["no_differences"])
    return 1 if any(c["change"] == "weakened" for c in changes) else 0


STYLES = {"weakened": "bold red", "strengthened": "green", "dropped": "yellow", "added": "cyan", "changed": "white"}


def _show(state: dict[str, Any] | None, language: str) -> str:
    if state is None:
        return "—"
    return show_value(state["value"], language) + (f" ({catalogue(language)['hedged']})" if state["hedged"] else "")
