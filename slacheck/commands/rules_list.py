"""``slacheck rules``: list every rule (built-in packs, user packs and config packs): ID, severity, family, title."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.table import Table

from slacheck.commands.common import UsageError, console_for
from slacheck.config import ConfigError, load_config
from slacheck.rules.engine import load_rules
from slacheck.rules.pack import PackError, Rule


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=["zh", "en"], default="en", help="language of the titles (default en)")
    parser.add_argument("--rules", action="append", default=[], type=Path, metavar="PACK",
                        help="also list the rules of a pack (TOML); repeatable")
    parser.add_argument("--family", action="append", default=[], metavar="FAMILY", help="only these families")
    parser.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    parser.add_argument("--no-color", action="store_true", help="plain text output")


def loaded_rules(args: argparse.Namespace) -> list[Rule]:
    """Built-in rules plus --rules packs and the packs of the configuration found from the current folder."""
    try:
        config = load_config(Path.cwd())
        return load_rules((*config.rules, *getattr(args, "rules", ())))
    except (PackError, ConfigError) as error:
        raise UsageError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    rules = [r for r in loaded_rules(args) if not args.family or r.spec.family in args.family]
    if args.format == "json":
        data = [{"id": r.id, "severity": r.spec.severity, "family": r.spec.family, "name": r.spec.name,
                 "title": r.texts(args.lang).title, "pack": Path(r.pack).name} for r in rules]
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return 0
    zh = args.lang == "zh"
    table = Table(title="规则" if zh else "Rules", show_lines=False)
    for header in (("ID", "ID"), ("严重度", "Severity"), ("类别", "Family"), ("标题", "Title")):
        table.add_column(header[0] if zh else header[1], overflow="fold")
    styles = {"error": "bold red", "warning": "yellow", "info": "cyan"}
    for rule in rules:
        severity = rule.spec.severity
        table.add_row(rule.id, f"[{styles[severity]}]{severity}[/]", rule.spec.family, rule.texts(args.lang).title)
    console_for(args).print(table)
    return 0
