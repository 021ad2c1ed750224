"""Entry point of the `tutor` command: builds the parser from the command modules and dispatches.

Each command is a module with `add_parser(subparsers) -> ArgumentParser` and `run(args) -> int`
(the exit status), imported only when its command runs (`tutor --help` lists the commands from
arguments.HELPS alone). Adding a command is one entry in MODULES and one in HELPS. A command's module
must not import Textual at module level: only `tutor play` and `tutor lesson` start the app, by a
lazy import inside `run` (`tutor serve` likewise imports the web server, and with it
textual-serve, inside `run`).
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from tutor.model.version import VERSION
from tutor.cli.arguments import HELPS, Parser

MODULES = {"play": "play", "grade": "grade", "solve": "solve", "next": "next_step",
           "lesson": "lesson", "generate": "generate", "serve": "serve"}
"""Each command's module in tutor.cli, by command name."""
COMMANDS: list[str] = list(HELPS)
"""The command names, in the order `tutor --help` lists them."""
DEFAULT_COMMAND = "play"


class VersionAction(argparse.Action):
    """--version, read from the package itself: looking up the installed distribution's metadata
    (importlib.metadata) would cost more than the rest of `tutor --version`."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {VERSION}")
        parser.exit()


def requested(argv: list[str]) -> str | None:
    """The command `argv` runs (its first word that is not an option), None if there is none."""
    first = next((word for word in argv if not word.startswith("-")), None)
    return first if first in MODULES else None


def command_module(name: str):
    """The module of the command `name` (imported now: each command's start-up pays for its own
    module alone)."""
    return import_module(f"tutor.cli.{MODULES[name]}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with `only`, that command's options and the others' names and help lines
    alone (all that parsing a command line of that command needs, at a fraction of the start-up
    time)."""
    parser = Parser(
        prog="tutor",
        description="A terminal tutor for the techniques humans use to solve Sudoku.",
        epilog="With no command, 'tutor' starts the app (tutor play). "
               "'tutor COMMAND --help' describes each command.",
    )
    parser.add_argument("--version", action=VersionAction)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is None or name == only:
            module = command_module(name)
            module.add_parser(subparsers).set_defaults(run=module.run)
        else:
            # Parsing stops at this command's name, as an unknown command, before it would run.
            subparsers.add_parser(name, help=HELPS[name])
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 fine, 1 bad puzzles or input, 2 usage)."""
    argv = (sys.argv[1:] if argv is None else list(argv)) or [DEFAULT_COMMAND]
    parser = build_parser(only=requested(argv) or "")
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        # argparse exits for --help (0) and usage errors (2); callers get the status instead.
        return stop.code if isinstance(stop.code, int) else 2
    from tutor.cli.inputs import CliError  # lazy: `tutor --help` needs no input handling

    try:
        return args.run(args)
    except CliError as error:
        print(f"tutor {args.command}: {error}", file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        print(f"tutor {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`tutor grade big.txt --json | head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
