"""Benchmark of the lessons: loading the files, checking answers, and the wait for a fresh drill."""

from __future__ import annotations

import sys
import time
from itertools import islice

from tutor.learning import load_lessons, verify
from tutor.learning.drills import clear_walk_cache, lesson_drills

TARGET_LOAD = 0.2
"""Seconds to load and validate all lesson files (opening the lesson menu)."""
TARGET_FIRST_DRILL = 1.0
"""Seconds from 'practice more' to the first drill, with nothing cached."""
DRILLS = 10


def _seconds(action) -> tuple[float, object]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def _verdict(value: float, target: float) -> str:
    return "ok" if value < target else "OVER TARGET"


def run(out=None) -> dict:
    """Print the figures; return them (seconds) for callers that want numbers."""
    out = out or sys.stdout
    load, lessons = _seconds(load_lessons)
    print(f"lessons: load and validate {len(lessons)} files: {load:.3f} s "
          f"(target {TARGET_LOAD:g} s) {_verdict(load, TARGET_LOAD)}", file=out)
    agree, _ = _seconds(lambda: [verify(lesson) for lesson in lessons])
    exercises = [(lesson, e) for lesson in lessons for e in lesson.exercises]
    check, _ = _seconds(lambda: [lesson.check(e, e.position.placements, e.position.eliminations)
                                 for lesson, e in exercises])
    print(f"lessons: engine agreement of every example and exercise: {agree:.3f} s; "
          f"checking {len(exercises)} answers: {check / len(exercises) * 1000:.1f} ms each", file=out)
    worst_first = 0.0
    figures = {"load": load, "verify": agree, "check_each": check / len(exercises)}
    for lesson in lessons:
        clear_walk_cache()
        first, _ = _seconds(lambda: next(lesson_drills(lesson, lessons, seed=1)))
        more, _ = _seconds(lambda: list(islice(lesson_drills(lesson, lessons, seed=2), DRILLS)))
        worst_first = max(worst_first, first)
        figures[lesson.id] = first
        print(f"lessons: {lesson.id}: first drill {first:.3f} s cold, {DRILLS} more {more:.3f} s",
              file=out)
    print(f"lessons: worst first drill {worst_first:.3f} s (target {TARGET_FIRST_DRILL:g} s) "
          f"{_verdict(worst_first, TARGET_FIRST_DRILL)}", file=out)
    return figures


if __name__ == "__main__":
    run()
