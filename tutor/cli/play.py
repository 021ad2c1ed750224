"""`tutor play` (and bare `tutor`): check the puzzle, then start the app, which is imported lazily."""

from __future__ import annotations

import argparse

from tutor.cli.arguments import HELPS, board_of, command_parser
from tutor.cli.inputs import CliError, items_from, origin_of, parsed

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.model.grid import Grid

HELP = HELPS["play"]
DESCRIPTION = """\
Start the interactive tutor on PUZZLE (a line of 81 characters, or of another regular board's
n*n cells, 4x4 to 16x16; a drawn grid; a Samurai's five lines of 81 cells or its drawn board; a
file; or '-' for stdin); with a file of several puzzles, its first puzzle. --box RxC picks the boxes' shape where the size allows two (6x6: 2x3 or 3x2). Without PUZZLE it opens a bundled puzzle. 'tutor' with no
command does the same.

Exit status: 0 after the app closes, 1 an unreadable or improper puzzle, or the data folder in
use by another tutor (one app per data folder: the other is named), 2 the app cannot start."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    return command_parser(subparsers, "play", HELP, DESCRIPTION, "PUZZLE|FILE", any_board=True)


def checked_puzzle(argument: str, board: str | tuple[int, int] | None = None) -> "Grid":
    """The argument's (first) puzzle, read as `board` (see cli/inputs.Item), once it parses and
    has exactly one solution."""
    # lazy: the parser and solver load only when a puzzle is given (start-up speed of --help)
    from tutor.play.game import not_played
    from tutor.solvers.backtracking import validity

    found = items_from(argument, board=board)
    if not found:
        raise CliError(f"{origin_of(argument)}: no puzzle found (it is empty)")
    item = found[0]
    grid = parsed(item)
    refusal = not_played(grid.geometry)
    if refusal is not None:
        raise CliError(f"{item.where()}: {refusal}")
    check = validity(grid)
    if not check.is_proper:
        raise CliError(f"{item.where()}: {check.message}; the tutor needs a puzzle with exactly "
                       "one solution")
    return grid


def run(args) -> int:
    puzzle = checked_puzzle(args.puzzle, board_of(args)) if args.puzzle is not None else None
    try:
        from tutor.app import run_app  # lazy: the CLI never loads the app unless it starts it
    except ImportError as error:
        # Only the app imports Textual; a broken or missing app must not break the other commands.
        raise CliError(f"the app cannot start: {error}", code=2) from None
    return run_app(puzzle) or 0
