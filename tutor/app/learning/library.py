"""The bundled lessons, read once per run of the app (the files do not change while it runs)."""

from __future__ import annotations

from functools import lru_cache

from tutor.learning import Lesson, load_lessons


@lru_cache(maxsize=1)
def bundled_lessons() -> tuple[Lesson, ...]:
    """Every lesson in ladder order; raises LessonError naming the file and key of a bad lesson."""
    return tuple(load_lessons())
