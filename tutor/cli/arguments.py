"""Argument helpers shared by the command modules: a command's parser, the puzzle argument, N >= 1."""

from __future__ import annotations

import argparse
import os
import sys

HELPS = {
    "play": "start the tutor app (the default when no command is given)",
    "grade": "check and grade puzzles (arguments, files, or piped stdin)",
    "solve": "print a puzzle's solution, or count its solutions",
    "next": "the next step for a puzzle or a pencil-mark grid, as a hint",
    "lesson": "guided lessons, one per technique, with exercises on real positions",
    "generate": "generate proper puzzles at a level (0-6), a range of levels, or needing a technique",
    "serve": "serve the app to web browsers, each browser its own learner",
}
"""Each command's one-line help, in the order `tutor --help` lists them: here, not in the command's
module, so that listing them imports none of those modules."""
PUZZLE_HELP = "an 81-character puzzle, a file, or '-' for stdin"
ANY_PUZZLE_HELP = ("a puzzle (81 characters, or 16 to 625 for a board of 4x4 to 25x25), a file, "
                   "or '-' for stdin")


def terminal_width() -> int:
    """The terminal's width as shutil.get_terminal_size gives it ($COLUMNS, else the terminal's,
    else 80), without importing shutil (and with it bz2, lzma and zlib) as argparse's own help
    formatter does on every parser: a few milliseconds of every command's start-up."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, as wide as the terminal (see terminal_width)."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_width() - 2 if width is None else width)


class DescriptionFormatter(HelpFormatter, argparse.RawDescriptionHelpFormatter):
    """The help formatter that keeps a command's description as written."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose help is formatted by HelpFormatter unless told otherwise; its
    subcommands' parsers are Parsers too."""

    def __init__(self, *args, formatter_class=HelpFormatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


def command_parser(subparsers, name: str, help: str, description: str,
                   puzzle: str | None = None, many: bool = False,
                   any_board: bool = False) -> argparse.ArgumentParser:
    """The subcommand's parser, its description kept as written, with its puzzle argument if any
    (with `any_board`, of any regular board, and the --box option)."""
    parser = subparsers.add_parser(name, help=help, description=description,
                                   formatter_class=DescriptionFormatter)
    if puzzle:
        parser.add_argument("puzzles" if many else "puzzle", nargs="*" if many else "?",
                            metavar=puzzle, help=ANY_PUZZLE_HELP if any_board else PUZZLE_HELP)
    if any_board:
        parser.add_argument("--box", type=box_shape, default=None, metavar="RxC", help=BOX_HELP)
    return parser


def board_of(args) -> str | tuple[int, int]:
    """What a command taking puzzles of any board reads them as (cli/inputs.Item.board)."""
    return args.box or "any"


BOX_HELP = ("the boxes' shape, ROWSxCOLUMNS, for a board whose size has two (6x6: 2x3, the "
            "default, or 3x2; 8x8: 2x4 or 4x2; 10x10: 2x5 or 5x2; 12x12: 3x4 or 4x3)")


def box_shape(text: str) -> tuple[int, int]:
    """An argparse type: a box shape such as '2x3' (2 rows by 3 columns)."""
    rows, _, columns = text.lower().partition("x")
    if not (rows.isdigit() and columns.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a box shape such as 2x3")
    shape = int(rows), int(columns)
    if min(shape) < 2 or shape[0] * shape[1] > 25:
        raise argparse.ArgumentTypeError(f"no board has boxes of {text}: each side 2 or more, "
                                         f"at most 25 cells")
    return shape


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number above 0 (seconds, a rate)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not more than 0")
    return value
