"""Subcommands of the ``slacheck`` CLI: one module each, registered in COMMANDS.

A command module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int`` (the exit code). Shared options live in ``common``.
"""

from slacheck.commands import (
    accept,
    addendum,
    check,
    config,
    diff,
    estimate,
    explain,
    extract,
    plan,
    rules_list,
    schema,
)

COMMANDS = [check, extract, diff, addendum, accept, plan, estimate, rules_list, explain, config, schema]
