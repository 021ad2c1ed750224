"""The Textual app (the only package that imports Textual); `run_app` starts it, `run_lesson` opens a lesson.

Importing this package does not import Textual: the CLI checks that the app can start first.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.model.grid import Grid


def run_app(grid: Grid | None = None, notice: str = "") -> int:
    """Run the app on a puzzle (checked by the CLI), or None to resume / open the default;
    `notice` is said in the hint panel at the start (why a puzzle given was not opened)."""
    from tutor.app.app import TutorApp  # lazy: Textual loads only when the app starts

    app = TutorApp(grid, notice=notice)
    app.run()
    return app.return_code or 0


def run_lesson(lesson_id: str) -> int:
    """Run the app open on a lesson ('3', 'intersections', 'naked_pair'); 2 for an unknown lesson."""
    from tutor.app.learning.lesson_app import LessonApp  # lazy: Textual loads only when the app starts
    from tutor.learning import LessonError, find_lesson, load_lessons  # lazy: the game needs none

    try:
        lesson = find_lesson(lesson_id, load_lessons())
    except LessonError as error:
        print(f"tutor: lesson file problem: {error}", file=sys.stderr)
        return 1
    except KeyError as error:
        print(f"tutor: {error.args[0]}", file=sys.stderr)
        return 2
    app = LessonApp(lesson.id)
    app.run()
    return app.return_code or 0


__all__ = ["run_app", "run_lesson"]
