"""`tutor next`: the next step for a puzzle or a pencil-mark position, at a chosen hint level."""

from __future__ import annotations

import argparse
import sys

from tutor.model.geometry import cell_name, cells_name
from tutor.cli.arguments import HELPS, command_parser
from tutor.cli.inputs import read_one

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.engine import ContradictionError

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
    parser = command_parser(subparsers, "next", HELP, DESCRIPTION, "PUZZLE|PM-GRID")
    parser.add_argument("--hint", type=int, choices=(1, 2, 3), default=1,
                        help="how much to say: 1 nudge (default), 2 pattern, 3 full explanation")
    return parser


def contradiction_lines(error: "ContradictionError") -> list[str]:
    """One line per wrong cell: an entry that is not the solution (with the true candidates it
    rules out of its peers, its consequence, not a removal of the user's), or a true candidate
    removed."""
    lines = []
    for c, entered, solution in error.wrong_values:
        lines.append(f"  {cell_name(c)}: you entered {entered}, but the solution has {solution} there")
        if c in error.ruled_out:
            lines.append(f"    so {entered} is ruled out of {cells_name(error.ruled_out[c])}, where "
                         f"it is the solution (fixing {cell_name(c)} brings it back)")
    lines += [f"  {cell_name(c)}: the candidate {digit} was removed, but it is the solution there"
              for c, digit in error.removed]
    return lines


def contradiction_summary(error: "ContradictionError") -> str:
    """'1 wrong entry and 2 removed true candidates contradict the solution'."""
    parts = []
    if error.wrong_values:
        count = len(error.wrong_values)
        parts.append(f"{count} wrong entr{'y' if count == 1 else 'ies'}")
    if error.removed:
        count = len(error.removed)
        parts.append(f"{count} removed true candidate{'' if count == 1 else 's'}")
    verb = "contradicts" if len(error.wrong_values) + len(error.removed) == 1 else "contradict"
    return f"{' and '.join(parts)} {verb} the solution"


def run(args) -> int:
    # lazy: importing the engine is most of this command's start-up; `tutor --help` needs none of it
    from tutor.engine import ContradictionError, EngineError, Position, next_step

    item, grid = read_one(args.puzzle)
    try:
        step = next_step(grid)
    except ContradictionError as error:
        print(f"{item.where()}: {contradiction_summary(error)}:", file=sys.stderr)
        print("\n".join(contradiction_lines(error)), file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"{item.where()}: {error}", file=sys.stderr)
        return 1
    if step is None:
        print("The grid is solved: there is no next step.")
        return 0
    print(step.hint(args.hint, Position(grid.values, grid.masks)))
    return 0
