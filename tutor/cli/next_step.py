"""`tutor next`: the next step for a puzzle or a pencil-mark position, at a chosen hint level."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.arguments import HELPS, board_of, command_parser
from tutor.cli.inputs import read_one
from tutor.cli.wrong_entries import contradiction_report

HELP = HELPS["next"]
DESCRIPTION = """\
Show the simplest next step for a puzzle or a position you reached on paper: PUZZLE is 81
characters, a file, or '-' for stdin (a pencil-mark grid pasted over nine lines works, as do
HoDoKu's '+5' for a digit you placed and SudokuWiki's '4{16}..' lines).

  --hint 1  a nudge: the technique and where to look
  --hint 2  the pattern: which cells and digits
  --hint 3  the full explanation, with what to place or remove

If your entries or pencil marks contradict the solution, it says which cells are wrong.

Exit status: 0 a step was shown (or the grid is solved), 1 a wrong entry or pencil mark, an
improper or unreadable puzzle, 2 usage error."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command_parser(subparsers, "next", HELP, DESCRIPTION, "PUZZLE|PM-GRID",
                            any_board=True)
    parser.add_argument("--hint", type=int, choices=(1, 2, 3), default=1,
                        help="how much to say: 1 nudge (default), 2 pattern, 3 full explanation")
    return parser


def run(args) -> int:
    # lazy: importing the engine is most of this command's start-up; `tutor --help` needs none of it
    from tutor.engine import ContradictionError, EngineError, Position, next_step

    item, grid = read_one(args.puzzle, board_of(args))
    try:
        step = next_step(grid)
    except ContradictionError as error:
        print(contradiction_report(item.where(), error), file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"{item.where()}: {error}", file=sys.stderr)
        return 1
    if step is None:
        print("The grid is solved: there is no next step.")
        return 0
    print(step.hint(args.hint, Position(grid.values, grid.masks)))
    return 0
