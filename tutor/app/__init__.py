"""The Textual app (the only package that imports Textual); `run_app` starts it."""

from __future__ import annotations

import sys


def run_app(puzzle: str | None = None) -> int:
    """Run the app on puzzle text (already validated by the CLI), or None to resume / open the default."""
    from ..errors import PuzzleError
    from ..formats import parse
    from .app import TutorApp

    grid = None
    if puzzle is not None:
        try:
            grid = parse(puzzle)
        except PuzzleError as error:
            print(f"tutor: {error}", file=sys.stderr)
            return 2
    app = TutorApp(grid)
    app.run()
    return app.return_code or 0


__all__ = ["run_app"]
