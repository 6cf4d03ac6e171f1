"""Command line entry point: ``slacheck [COMMAND] ...``; ``slacheck FILE`` means ``slacheck check FILE``.

Exit codes: 0 no finding at or above --fail-on; 1 there is one; 2 unusable
input or usage; 3 an internal error (rerun with --debug for the traceback).
"""

from __future__ import annotations

import argparse
import atexit
import os
import sys
import traceback
from typing import NoReturn, Sequence

from slacheck import __version__, compiled
from slacheck.commands import COMMANDS

EXIT_USAGE, EXIT_INTERNAL = 2, 3
_NAMES = {command.name for command in COMMANDS}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        """Print ``slacheck: error: ...`` and exit 2."""
        self.exit(EXIT_USAGE, f"slacheck: error: {message}\n")


def _parser(chosen: str | None) -> argparse.ArgumentParser:
    """The argument parser; only the ``chosen`` command's module is imported (the others are listed by name)."""
    parser = _Parser(
        prog="slacheck", description="Check GPU server and cluster contracts, quotes and SLAs for costly network "
        "and hardware terms.")
    parser.add_argument("--version", action="version", version=f"slacheck {__version__} ({_build()})")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        if command.name != chosen:
            subparsers.add_parser(command.name, help=command.help)
            continue
        module = command.load()
        sub = subparsers.add_parser(command.name, help=command.help, description=module.__doc__)
        module.add_arguments(sub)
        sub.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
        sub.set_defaults(run=module.run)
    return parser


def _build() -> str:
    """How this installation runs the reading (``slacheck --version`` says it)."""
    return "reading compiled by mypyc" if compiled() else "pure Python"


def _with_default_command(argv: list[str]) -> list[str]:
    """``slacheck FILE`` means ``slacheck check FILE``."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first is None or first in _NAMES or argv[:1] in (["-h"], ["--help"], ["--version"]):
        return argv
    return ["check", *argv]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``slacheck`` command."""
    arguments = _with_default_command(list(sys.argv[1:] if argv is None else argv))
    parser = _parser(next((a for a in arguments if a in _NAMES), None))
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code not in (0, None) else 0
    if args.command is None:
        print("slacheck: error: no file or command given; `slacheck --help` lists them", file=sys.stderr)
        return EXIT_USAGE
    from slacheck.commands.common import UsageError  # the command's module has imported both already
    from slacheck.documents import DocumentError

    try:
        return args.run(args)
    except (UsageError, DocumentError) as error:
        print(f"slacheck: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # an internal bug: one line unless --debug
        if args.debug:
            traceback.print_exc()
        else:
            print(f"slacheck: internal error: {error.__class__.__name__}: {error}; rerun with --debug",
                  file=sys.stderr)
        return EXIT_INTERNAL


def script() -> NoReturn:
    """The ``slacheck`` command (and ``python -m slacheck``): ``main``, then an exit that skips tearing the
    interpreter down.

    Freeing every object one by one as Python exits takes about 40 ms after a check, a sixth of a cold
    one. The output is flushed and the exit handlers run (the package's kept regexes, temporary files)
    before the process ends. Python's own exit is kept when flushing fails (a reader that closed the
    pipe: it reports it as it always has) and under a profiler or a tracer (which report after the run).
    """
    code = main()
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        sys.exit(code)
    atexit._run_exitfuncs()  # what the interpreter would run at exit
    os._exit(code)
