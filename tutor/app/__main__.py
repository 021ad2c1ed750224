"""`python -m tutor.app [PUZZLE]`: the app on one line of puzzle text (users start it as `tutor play`)."""

from __future__ import annotations

import sys

from tutor.app import run_app
from tutor.model.errors import PuzzleError
from tutor.model.formats import parse

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.model.grid import Grid


def opening(argv: list[str]) -> tuple[Grid | None, str]:
    """The puzzle to open (None: resume or the default) and what to say at the start. A puzzle
    that cannot be played (a board too large, no solution or several: a served link's count is
    made here, in the session's own process, never in the server) is not opened, and the notice
    says why.

    :raises PuzzleError: the text is not a puzzle (on any board its length tells).
    """
    if not argv:
        return None, ""
    grid = parse(argv[0], None)
    from tutor.play.game import not_played  # lazy: only with a puzzle
    from tutor.solvers.backtracking import validity

    why = not_played(grid.geometry)
    if why is None:
        check = validity(grid)
        if check.is_proper:
            return grid, ""
        why = f"{check.message}; the tutor needs a puzzle with exactly one solution"
    return None, f"The puzzle given was not opened: {why}."


def main(argv: list[str]) -> int:
    """Run the app on the puzzle of `argv` (see `opening`); 2 for text that is not a puzzle."""
    try:
        grid, notice = opening(argv)
    except PuzzleError as error:
        print(f"tutor: {error}", file=sys.stderr)
        return 2
    return run_app(grid, notice=notice)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
