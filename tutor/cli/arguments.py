"""Argument helpers shared by the command modules: a command's parser, the puzzle argument, N >= 1."""

from __future__ import annotations

import argparse

PUZZLE_HELP = "an 81-character puzzle, a file, or '-' for stdin"


def command_parser(subparsers, name: str, help: str, description: str,
                   puzzle: str | None = None, many: bool = False) -> argparse.ArgumentParser:
    """The subcommand's parser, its description kept as written, with its puzzle argument if any."""
    parser = subparsers.add_parser(name, help=help, description=description,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    if puzzle:
        parser.add_argument("puzzles" if many else "puzzle", nargs="*" if many else "?",
                            metavar=puzzle, help=PUZZLE_HELP)
    return parser


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
