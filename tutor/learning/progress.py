"""Lesson progress per technique (attempts, right at the first try), saved atomically with the game data."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.model import storage
from tutor.learning.answers import RIGHT, Feedback, check_answer
from tutor.learning.drills import Drill
from tutor.learning.model import Change, Exercise, Lesson

FILE_NAME = "progress.json"
VERSION = 1
REVISE_BELOW = 0.7
"""A finished lesson whose first-try rate is below this is suggested again for revision."""


@dataclass(frozen=True)
class TechniqueStats:
    """How a learner does on one technique, over lesson exercises and drills."""

    attempts: int = 0
    first_try: int = 0
    """Attempts whose first answer was right."""
    solved: int = 0
    """Attempts eventually answered right."""

    @property
    def first_try_rate(self) -> float | None:
        return self.first_try / self.attempts if self.attempts else None


@dataclass(frozen=True)
class Suggestion:
    lesson: object
    reason: str


def default_path() -> Path:
    return storage.data_dir() / FILE_NAME


def _empty() -> dict:
    return {"version": VERSION, "techniques": {}, "lessons": {}}


def _well_formed(data) -> bool:
    """The shape this module writes; anything else is treated like a corrupt file."""
    if not isinstance(data, dict) or not isinstance(data.get("techniques"), dict):
        return False
    if not isinstance(data.get("lessons"), dict):
        return False
    counts_ok = all(isinstance(v, dict) and all(isinstance(n, int) for n in v.values())
                    for v in data["techniques"].values())
    lessons_ok = all(isinstance(v, dict) and isinstance(v.get("solved", []), list)
                     for v in data["lessons"].values())
    return counts_ok and lessons_ok


class Progress:
    """The learner's progress; every change is saved at once (atomically) to `path`.

    `notice` is set when the saved file could not be read: it was moved aside (the message says
    where) and progress starts afresh, so nothing is overwritten and nothing crashes.
    """

    def __init__(self, path: Path | None = None, data: dict | None = None, notice: str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.data = data if data is not None else _empty()
        self.notice = notice

    @classmethod
    def load(cls, path: Path | str | None = None) -> Progress:
        path = Path(path) if path is not None else default_path()
        try:
            data = storage.read_json(path)
        except storage.Unreadable as error:
            return cls(path, notice=str(error))
        if data is None:
            return cls(path)
        if not _well_formed(data):
            kept = storage.move_aside(path)
            where = f"; it was kept as {kept}" if kept else ""
            return cls(path, notice=f"{path} could not be read (unexpected content){where}")
        return cls(path, data)

    def save(self) -> None:
        storage.write_json(self.path, self.data)

    # --- reading ------------------------------------------------------------------------
    def technique(self, technique_id: str) -> TechniqueStats:
        counts = self.data["techniques"].get(technique_id, {})
        return TechniqueStats(counts.get("attempts", 0), counts.get("first_try", 0),
                              counts.get("solved", 0))

    def _lesson(self, lesson_id: str) -> dict:
        return self.data["lessons"].get(lesson_id, {})

    def solved_exercises(self, lesson: Lesson) -> set[str]:
        """Keys of the lesson's exercises answered right at least once."""
        keys = {e.key for e in lesson.exercises}
        return keys & set(self._lesson(lesson.id).get("solved", []))

    def is_done(self, lesson: Lesson) -> bool:
        """Every exercise answered right (a lesson without exercises: every page read)."""
        if lesson.exercises:
            return len(self.solved_exercises(lesson)) == len(lesson.exercises)
        return self.last_page(lesson) >= len(lesson.pages) - 1

    def last_page(self, lesson: Lesson) -> int:
        """The furthest page reached (0 before the lesson is opened)."""
        return self._lesson(lesson.id).get("page", 0)

    def lesson_stats(self, lesson: Lesson) -> TechniqueStats:
        """The stats of the lesson's techniques (its exercises' techniques for lesson 0), summed."""
        ids = lesson.practised
        stats = [self.technique(t) for t in ids]
        return TechniqueStats(sum(s.attempts for s in stats), sum(s.first_try for s in stats),
                              sum(s.solved for s in stats))

    def summary(self, lesson: Lesson) -> str:
        """'2/4 exercises, 3 of 5 right first try' for the lesson menu."""
        done = len(self.solved_exercises(lesson))
        parts = [f"{done}/{len(lesson.exercises)} exercises"]
        stats = self.lesson_stats(lesson)
        if stats.attempts:
            parts.append(f"{stats.first_try} of {stats.attempts} right first try")
        return ", ".join(parts)

    def suggest(self, lessons: Sequence[Lesson]) -> Suggestion | None:
        """The next lesson to take: the first not done; then the weakest done one; else None."""
        for lesson in lessons:
            if not self.is_done(lesson):
                started = self.last_page(lesson) or self.solved_exercises(lesson)
                return Suggestion(lesson, "continue where you left off" if started else "next on the ladder")
        weakest = None
        for lesson in lessons:
            rate = self.lesson_stats(lesson).first_try_rate
            if rate is not None and rate < REVISE_BELOW and (weakest is None or rate < weakest[0]):
                weakest = (rate, lesson)
        if weakest:
            return Suggestion(weakest[1], f"revise: {weakest[0]:.0%} right first try")
        return None

    # --- recording (each saves) ---------------------------------------------------------
    def record_page(self, lesson: Lesson, page: int) -> None:
        entry = self.data["lessons"].setdefault(lesson.id, {})
        if page > entry.get("page", 0):
            entry["page"] = page
            self.save()

    def record_attempt(self, technique_id: str, first_try: bool, solved: bool,
                       lesson: Lesson | None = None, exercise_key: str | None = None) -> None:
        """One finished (or abandoned) attempt at a position of `technique_id`."""
        counts = self.data["techniques"].setdefault(technique_id, {})
        counts["attempts"] = counts.get("attempts", 0) + 1
        counts["first_try"] = counts.get("first_try", 0) + int(first_try)
        counts["solved"] = counts.get("solved", 0) + int(solved)
        if solved and lesson is not None and exercise_key is not None:
            entry = self.data["lessons"].setdefault(lesson.id, {})
            solved_keys = entry.setdefault("solved", [])
            if exercise_key not in solved_keys:
                solved_keys.append(exercise_key)
        self.save()

    def attempt(self, lesson: Lesson, exercise: Exercise) -> Attempt:
        """Start answering one of a lesson's exercises (see Attempt)."""
        return Attempt(self, lesson, exercise)


class Attempt:
    """One go at an exercise or drill: check answers until right, recording the attempt once.

    The attempt is recorded at the first right answer, or by `give_up()`: whether the first answer
    was right is what 'right first try' counts. Screens only call `answer()` and `give_up()`.
    """

    def __init__(self, progress: Progress, lesson, exercise, drill=None):
        self.progress = progress
        self.lesson = lesson
        self.exercise = exercise
        self.drill = drill
        self.answers: list[Feedback] = []
        self.recorded = False

    @property
    def technique(self) -> str:
        return self.drill.technique if self.drill is not None else self.exercise.technique

    def check(self, placements: Iterable[Change], eliminations: Iterable[Change]) -> Feedback:
        if self.drill is not None:
            techniques = tuple(dict.fromkeys((self.drill.technique,) + self.lesson.techniques))
            return check_answer(self.drill.grid, techniques, placements, eliminations)
        return self.lesson.check(self.exercise, placements, eliminations)

    def answer(self, placements: Iterable[Change] = (), eliminations: Iterable[Change] = ()) -> Feedback:
        feedback = self.check(placements, eliminations)
        if not (placements or eliminations):
            return feedback  # nothing entered yet: not an attempt
        self.answers.append(feedback)
        if feedback.verdict == RIGHT and not self.recorded:
            self._record(solved=True)
        return feedback

    def give_up(self) -> None:
        """Leaving without a right answer still counts as an attempt (if anything was answered)."""
        if self.answers and not self.recorded:
            self._record(solved=False)

    def _record(self, solved: bool) -> None:
        self.recorded = True
        key = self.exercise.key if self.exercise is not None else None
        self.progress.record_attempt(self.technique, self.answers[0].verdict == RIGHT, solved,
                                     self.lesson, key)


def drill_attempt(progress: Progress, lesson: Lesson, drill: Drill) -> Attempt:
    """Start answering a drill (counts toward the technique, not toward the lesson's exercises)."""
    return Attempt(progress, lesson, None, drill)
