"""``slacheck config [FILE]``: every setting that applies to FILE (or the current folder), its value and its source.

Sources, lowest to highest: the documented default, the closest slacheck.toml or
pyproject.toml [tool.slacheck] above FILE, then --set key=value.
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.markup import escape
from rich.table import Table

from slacheck.commands.common import UsageError, add_config_options, console_for, plain
from slacheck.config import OTHER_KEYS, POLICY, ConfigError, discovery, load_config
from slacheck.report.jsontext import indented_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default=".", metavar="FILE", help="a document or folder (default .)")
    add_config_options(parser)
    parser.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    parser.add_argument("--no-color", action="store_true", help="plain text output")


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.file, args.set, config_file=args.config,
                             rule=discovery([args.file], isolated=args.isolated))
    except ConfigError as error:
        raise UsageError(str(error)) from None
    rows = [(s.key, s.value, s.source, POLICY[s.key][1] if s.key in POLICY else OTHER_KEYS.get(s.key, ""))
            for s in config.settings.values()]
    if args.format == "json":
        data = {"file": config.path and str(config.path),
                "settings": {k: {"value": v, "source": src, "help": h} for k, v, src, h in rows}}
        sys.stdout.write(indented_json(data) + "\n")
        return 0
    table = Table(title=plain(f"slacheck settings ({config.path or 'no configuration file: defaults'})"))
    for column in ("Setting", "Value", "Source", "Meaning"):
        table.add_column(column, overflow="fold")
    for key, value, source, meaning in rows:
        shown = f"{value:g}" if isinstance(value, float) else json.dumps(value, ensure_ascii=False)
        table.add_row(*(escape(cell) for cell in (key, shown, source, meaning)))
    console_for(args).print(table)
    return 0
