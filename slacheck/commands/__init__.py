"""Subcommands of the ``slacheck`` CLI: one module each, registered in COMMANDS.

A command module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int`` (the exit code). Shared options live in ``common``.
"""

from slacheck.commands import addendum, check, diff, extract

COMMANDS = [check, extract, diff, addendum]
