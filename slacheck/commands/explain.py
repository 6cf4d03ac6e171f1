"""``slacheck explain RULE``: what a rule checks, why it matters, a clause that triggers it, and the
clause to use instead."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from rich.markup import escape

from slacheck.commands.common import UsageError, add_rule_pack_option, console_for
from slacheck.commands.rules_list import loaded_rules
from slacheck.config import default_policy
from slacheck.report.messages import section
from slacheck.rules.derived import descriptions as derived_descriptions
from slacheck.rules.engine import POLICY_NAME, fill, policy_name
from slacheck.rules.pack import PLACEHOLDER, Rule, rule_hint
from slacheck.rules.vocabulary import descriptions


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rule", metavar="RULE", help="a rule ID such as NET004")
    parser.add_argument("--lang", choices=["zh", "en"], default="en", help="language (default en)")
    add_rule_pack_option(parser)
    parser.add_argument("--no-color", action="store_true", help="plain text output")


def explanation(rule: Rule, language: str) -> str:
    """The explanation as plain text: policy thresholds at their defaults, other values as [their name]."""
    texts = rule.texts(language)
    headings = section(language, "explain")
    what, condition, why, example, fix, severity, family, pack = (
        headings[key] for key in ("what", "condition", "why", "example", "fix", "severity", "family", "pack"))
    plain = lambda text: slots(text, language)  # noqa: E731
    parts = [
        f"{rule.id}  {plain(texts.title)}",
        f"{severity}: {rule.spec.severity}   {family}: {rule.spec.family}   {pack}: {Path(rule.pack).name}",
        "",
        f"{what}:",
        f"  {plain(texts.message)}",
        f"  {condition}: {rule.condition.source}",
    ]
    derived = derived_descriptions()
    parts.extend(f"    {name}: {derived[name]}" for name in rule.condition.names if name in derived)
    named = descriptions()
    parts.extend(f"    {name}: {named[name]}" for name in rule.condition.constants)
    if texts.why:
        parts += ["", f"{why}:", f"  {plain(texts.why)}"]
    if texts.example:
        parts += ["", f"{example}:", f"  {texts.example}"]
    parts += ["", f"{fix}:", f"  {plain(texts.fix)}"]
    return "\n".join(parts) + "\n"


def slots(template: str, language: str) -> str:
    """A rule text for reading: ``{policy.<key>}`` as its default, any other value as ``[its name]``."""
    defaults = {**default_policy(), POLICY_NAME: policy_name(language, configured=False)}

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in defaults:
            return fill(match.group(0), defaults, language)
        return f"[{section(language, 'fact').get(name, name.replace('_', ' ').replace('.', ' '))}]"
    return PLACEHOLDER.sub(one, template)


def run(args: argparse.Namespace) -> int:
    wanted = args.rule.strip().upper()
    rules = {r.id: r for r in loaded_rules(args)}
    if wanted not in rules:
        raise UsageError(f"unknown rule '{args.rule}'{rule_hint(wanted, rules)}")
    console_for(args).print(escape(explanation(rules[wanted], args.lang)), end="", soft_wrap=True)
    return 0
