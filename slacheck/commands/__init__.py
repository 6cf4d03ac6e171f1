"""Subcommands of the ``slacheck`` CLI: one module each, named in COMMANDS and imported only when run.

A command module has ``add_arguments(parser)`` and ``run(args) -> int`` (the exit code); its docstring
is the command's description. Shared options live in ``common``.
"""

from importlib import import_module
from types import ModuleType
from typing import NamedTuple


class Command(NamedTuple):
    """A subcommand: its name, its module (below slacheck.commands) and its one-line help."""

    name: str
    module: str
    help: str

    def load(self) -> ModuleType:
        """The command's module, imported now."""
        return import_module(f"slacheck.commands.{self.module}")


COMMANDS = [
    Command("check", "check", "read a document and report findings (default)"),
    Command("extract", "extract", "print the structured offering only"),
    Command("diff", "diff", "compare the offerings of two versions of a document"),
    Command("addendum", "addendum", "draft supplementary clauses from the findings (Markdown)"),
    Command("accept", "accept", "check nccl-tests / perftest logs against an expected setup (no contract needed)"),
    Command("plan", "plan",
            "print the acceptance tests (nccl-tests, ib_write_bw) and pass thresholds a contract implies"),
    Command("estimate", "estimate",
            "expected busbw, communication share and price per effective GPU-hour of each offer, side by side"),
    Command("rules", "rules_list", "list every rule: ID, severity, family and title"),
    Command("explain", "explain", "explain a rule: what it checks, why, an example that triggers it and the fix"),
    Command("config", "config",
            "show the settings (org policy, per-file ignores, rule packs) that apply to a file, "
            "and where each comes from"),
    Command("schema", "schema", "print the JSON Schema of the JSON report"),
]
