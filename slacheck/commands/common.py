"""Options and output helpers shared by the subcommands."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from slacheck.config import TRUST_ALL, discovery
from slacheck.pipeline import Options
from slacheck.report.clean import clean_text
from slacheck.rules.engine import rule_set
from slacheck.rules.pack import PackError, Rule, rule_hint

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


class UsageError(Exception):
    """Bad arguments or unusable input: one line, exit 2."""


def add_document_options(parser: argparse.ArgumentParser) -> None:
    """Options of every command that reads a contract document."""
    parser.add_argument("--lang", choices=["zh", "en"], help="report language (default: the document's)")
    parser.add_argument("--password", help="password of an encrypted PDF")
    parser.add_argument("--max-pages", type=int, default=2000, help="refuse PDFs with more pages (default 2000)")
    parser.add_argument("--max-bytes", type=int, default=50_000_000, help="refuse larger files (default 50 MB)")
    parser.add_argument("--engine", choices=["pdfplumber", "pdfium"], default="pdfplumber",
                        help="PDF reader: pdfplumber (default) or pdfium (faster; pdfplumber only for pages "
                             "with tables)")
    parser.add_argument("--time-budget", type=float, default=120.0, metavar="SECONDS",
                        help="give up on a document after this long (default 120; 0: no limit); a PDF page "
                             "taking over a quarter of it is skipped with a warning")
    parser.add_argument("--ocr", action="store_true",
                        help="read PDF pages without a text layer (scans) by OCR; needs pip install 'slacheck[ocr]'")


def add_rule_pack_option(parser: argparse.ArgumentParser) -> None:
    """--rules: every command that loads rules reads user packs through this one declaration."""
    parser.add_argument("--rules", action="append", default=[], type=Path, metavar="PACK",
                        help="add a rule pack (TOML); repeatable")


def add_config_options(parser: argparse.ArgumentParser) -> None:
    """--config and --set: which configuration file applies, and policy settings that override it."""
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", dest="set",
                        help="override an org policy setting (see `slacheck config`); repeatable")
    parser.add_argument("--config", type=Path, metavar="PATH",
                        help="configuration file (default: closest slacheck.toml or pyproject.toml [tool.slacheck])")
    parser.add_argument("--isolated", action="store_true",
                        help="ignore every configuration and waiver file beside or above the documents: only the "
                             "command line applies (--config and --waivers still do)")


def add_rule_selection_options(parser: argparse.ArgumentParser) -> None:
    """--select and --ignore: which rules run, by ID or prefix."""
    parser.add_argument("--select", action="append", default=[], metavar="ID",
                        help="only these rules (ID or prefix such as HW or NET0); repeatable")
    parser.add_argument("--ignore", action="append", default=[], metavar="ID",
                        help="skip these rules (ID or prefix); repeatable")


def add_output_options(parser: argparse.ArgumentParser, formats: list[str]) -> None:
    """--format and --no-color."""
    parser.add_argument("--format", choices=formats, default=formats[0], help="output format")
    parser.add_argument("--no-color", action="store_true", help="plain text output (NO_COLOR is respected too)")


def options_from(args: argparse.Namespace) -> Options:
    """Pipeline options from parsed arguments."""
    return Options(language=args.lang, password=args.password, max_pages=args.max_pages, max_bytes=args.max_bytes,
                   time_budget=args.time_budget, engine=args.engine, ocr=args.ocr,
                   rule_packs=tuple(getattr(args, "rules", ())), select=_ids(getattr(args, "select", ())),
                   ignore=_ids(getattr(args, "ignore", ())), settings=tuple(getattr(args, "set", ()) or ()),
                   config_file=getattr(args, "config", None),
                   discovery=discovery(args.files, isolated=args.isolated) if hasattr(args, "isolated") else TRUST_ALL)


def rules_for(options: Options) -> list[Rule]:
    """The built-in rules plus the user's packs; a broken pack is a usage error."""
    try:
        return rule_set(options.rule_packs)
    except PackError as error:
        raise UsageError(str(error)) from None


def check_selectors(selectors: Iterable[str], known: Iterable[str], where: str) -> None:
    """Refuse a rule ID or prefix that names no known rule (``known``: IDs), with a did-you-mean."""
    ids = sorted(set(known))
    for selector in selectors:
        if not any(rule_id.startswith(selector) for rule_id in ids):
            raise UsageError(f"{where}: unknown rule or prefix '{selector}'{rule_hint(selector, ids)}")


def positive_int(value: str) -> int:
    """An argparse type: an integer of at least 1."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {number}")
    return number


def _ids(values: Iterable[str]) -> tuple[str, ...]:
    """Rule IDs or prefixes from repeated and comma-separated options (--select HW,NET0)."""
    return tuple(part.strip().upper() for value in values for part in value.split(",") if part.strip())


def plain(text: str) -> Text:
    """A user's or a document's string for a rich table: shown as written (``[bold]`` or ``[/x]`` in a file name is
    not markup), control characters removed."""
    from rich.text import Text

    return Text(clean_text(text))


def console_for(args: argparse.Namespace) -> Console:
    """A rich console on stdout that honours --no-color and NO_COLOR."""
    plain = getattr(args, "no_color", False) or "NO_COLOR" in os.environ
    from rich.console import Console

    return Console(no_color=plain, highlight=False, soft_wrap=False)
