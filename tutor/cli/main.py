"""Entry point of the `tutor` command: parses arguments and dispatches to a subcommand."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tutor",
        description="A terminal tutor for the techniques humans use to solve Sudoku.",
    )
    parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    parser.parse_args(argv)
    parser.print_help(sys.stdout)
    return 0
