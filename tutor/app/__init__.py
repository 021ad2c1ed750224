"""The Textual app (the only package that imports Textual); `run_app` starts it, `run_lesson` opens a lesson."""

from __future__ import annotations

import sys


def run_app(puzzle: str | None = None) -> int:
    """Run the app on puzzle text (already validated by the CLI), or None to resume / open the default."""
    from tutor.model.errors import PuzzleError
    from tutor.model.formats import parse
    from tutor.app.app import TutorApp

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


def run_lesson(lesson_id: str) -> int:
    """Run the app open on a lesson ('3', 'intersections', 'naked_pair'); 2 for an unknown lesson."""
    from tutor.learning import LessonError, find_lesson, load_lessons
    from tutor.app.learning.lesson_app import LessonApp

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
