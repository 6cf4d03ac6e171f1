"""``slacheck rules``: list every rule (built-in packs, user packs and config packs): ID, severity, family, title.

``slacheck rules --test`` runs instead each rule's ``[[rule.test]]`` cases and reports the ones it gets wrong.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.table import Table

from slacheck.commands.common import UsageError, add_rule_pack_option, console_for
from slacheck.config import ConfigError, load_config
from slacheck.report.jsontext import indented_json
from slacheck.report.messages import section
from slacheck.rules.engine import fires_on_case, load_rules
from slacheck.rules.pack import PackError, Rule


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=["zh", "en"], default="en", help="language of the titles (default en)")
    add_rule_pack_option(parser)
    parser.add_argument("--family", action="append", default=[], metavar="FAMILY", help="only these families")
    parser.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    parser.add_argument("--no-color", action="store_true", help="plain text output")
    parser.add_argument("--test", action="store_true",
                        help="run each rule's [[rule.test]] cases instead; exit 1 when a rule gets one wrong")


def loaded_rules(args: argparse.Namespace) -> list[Rule]:
    """Built-in rules plus --rules packs and the packs of the configuration found from the current folder."""
    try:
        config = load_config(Path.cwd())
        return load_rules((*config.rules, *getattr(args, "rules", ())))
    except (PackError, ConfigError) as error:
        raise UsageError(str(error)) from None


def run_tests(rules: list[Rule], language: str) -> tuple[list[str], str]:
    """Each case a rule gets wrong, as a line, and the summary line."""
    words = section(language, "tests")
    wrong = [f"{rule.id} test #{number}{f' ({case.note})' if case.note else ''}: "
             f"{words['fired'] if case.fires is False else words['quiet']}"
             for rule in rules for number, case in enumerate(rule.spec.test, start=1)
             if fires_on_case(rule, case) is not case.fires]
    cases = sum(len(rule.spec.test) for rule in rules)
    return wrong, words["summary"].format(cases=cases, rules=len(rules), failed=len(wrong))


def run(args: argparse.Namespace) -> int:
    rules = [r for r in loaded_rules(args) if not args.family or r.spec.family in args.family]
    if args.test:
        wrong, summary = run_tests(rules, args.lang)
        sys.stdout.write("".join(f"{line}\n" for line in wrong) + summary + "\n")
        return 1 if wrong else 0
    if args.format == "json":
        data = [{"id": r.id, "severity": r.spec.severity, "family": r.spec.family, "name": r.spec.name,
                 "title": r.texts(args.lang).title, "pack": Path(r.pack).name} for r in rules]
        sys.stdout.write(indented_json(data) + "\n")
        return 0
    words = section(args.lang, "list")
    table = Table(title=words["title"], show_lines=False)
    for header in ("id", "severity", "family", "rule_title"):
        table.add_column(words[header], overflow="fold")
    styles = {"error": "bold red", "warning": "yellow", "info": "cyan"}
    for rule in rules:
        severity = rule.spec.severity
        table.add_row(rule.id, f"[{styles[severity]}]{severity}[/]", rule.spec.family, rule.texts(args.lang).title)
    console_for(args).print(table)
    return 0
