"""`python -m tutor.app [PUZZLE]`: the app on one line of puzzle text (users start it as `tutor play`)."""

from __future__ import annotations

import sys

from tutor.app import run_app
from tutor.model.errors import PuzzleError
from tutor.model.formats import parse


def main(argv: list[str]) -> int:
    """Parse the puzzle (if any) and run the app; 2 for text that is not a puzzle."""
    try:
        grid = parse(argv[0]) if argv else None
    except PuzzleError as error:
        print(f"tutor: {error}", file=sys.stderr)
        return 2
    return run_app(grid)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
