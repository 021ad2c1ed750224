"""One learner in one lesson: paging, exercises and drills, answers read off the board, progress kept.

A lesson screen holds a LessonSession and only draws what it says: the page (text, board,
highlights), or the exercise's board; when the learner confirms, it passes its board to `answer`.
"""

from __future__ import annotations

from collections.abc import Iterator

from tutor.model.errors import WriteError
from tutor.model.geometry import CLASSIC, Geometry
from tutor.model.grid import Grid
from tutor.learning.answers import Feedback, changes_between
from tutor.learning.drills import Drill, lesson_drills
from tutor.learning.model import Exercise, Lesson, Page
from tutor.learning.progress import REVIEW, Attempt, Progress, drill_attempt
from tutor.learning.review import review_drills


class LessonSession:
    """Where the learner is in a lesson; every answer and page reached is saved to `progress`.

    A save that fails (a read-only data folder, a full disk) never interrupts the lesson: the
    progress is kept in memory and `save_problem` says why it is not on disk.
    """

    review = False
    """True for the mixed review (ReviewSession), which belongs to no lesson."""

    def __init__(self, lesson: Lesson, lessons: list[Lesson], progress: Progress | None = None,
                 seed: int = 0, drill_file=None):
        self.lesson = lesson
        self.lessons = lessons
        self.progress = progress if progress is not None else Progress.load()
        self.page_index = min(self.progress.last_page(lesson), len(lesson.pages) - 1)
        self.attempt: Attempt | None = None
        self.seed = seed
        self.drill_file = drill_file
        self._drills: Iterator[Drill] | None = None
        self.save_problem: WriteError | None = None
        """The last failed save of the progress, cleared by one that works."""

    def _saving(self, write) -> None:
        """Run a change that saves the progress; a failure is kept in `save_problem`."""
        try:
            write()
        except WriteError as error:
            self.save_problem = error
        else:
            self.save_problem = None

    # --- pages -------------------------------------------------------------------------
    @property
    def page(self) -> Page:
        return self.lesson.pages[self.page_index]

    @property
    def page_label(self) -> str:
        return f"{self.page_index + 1}/{len(self.lesson.pages)}"

    def go_to_page(self, index: int) -> Page:
        self.page_index = max(0, min(index, len(self.lesson.pages) - 1))
        self._saving(lambda: self.progress.record_page(self.lesson, self.page_index))
        return self.page

    def next_page(self) -> bool:
        """Move on; False on the last page (the screen then offers the exercises)."""
        if self.page_index + 1 >= len(self.lesson.pages):
            return False
        self.go_to_page(self.page_index + 1)
        return True

    def previous_page(self) -> bool:
        if self.page_index == 0:
            return False
        self.go_to_page(self.page_index - 1)
        return True

    # --- exercises and drills ----------------------------------------------------------
    def start_exercise(self, index: int) -> Exercise:
        """Open exercise `index` (0-based); leaving the previous one unanswered right counts."""
        self.leave()
        exercise = self.lesson.exercises[index]
        self.attempt = self.progress.attempt(self.lesson, exercise)
        return exercise

    def start_drill(self) -> Drill:
        """The next 'practice more' position (DrillError when there is none)."""
        self.leave()
        if self._drills is None:
            self._drills = lesson_drills(self.lesson, self.lessons, self.seed, self.drill_file)
        drill = next(self._drills)
        self.attempt = drill_attempt(self.progress, self.lesson, drill)
        return drill

    @property
    def board(self) -> Grid | None:
        """The position of the open exercise or drill."""
        if self.attempt is None:
            return None
        if self.attempt.drill is not None:
            return self.attempt.drill.grid
        assert self.attempt.exercise is not None, "an attempt is at an exercise or a drill"
        return self.attempt.exercise.grid

    def answer(self, board: Grid) -> Feedback:
        """Check the learner's board against the open exercise or drill (and record it)."""
        if self.attempt is None:
            raise RuntimeError("no exercise or drill is open")
        start = self.board
        assert start is not None  # an attempt is open
        placements, eliminations = changes_between(start, board)
        try:
            feedback = self.attempt.answer(placements, eliminations)
        except WriteError as error:
            self.save_problem = error
            return self.attempt.answers[-1]  # checked and kept before the save failed
        self.save_problem = None
        return feedback

    def leave(self) -> None:
        """Close the open exercise or drill (an attempt answered but never right is recorded)."""
        if self.attempt is not None:
            self.attempt.give_up()
            self.attempt = None

    def saw_hint(self, level: int) -> None:
        """A hint of this level is on screen for the open exercise or drill."""
        attempt = self.attempt
        if attempt is not None:
            self._saving(lambda: attempt.saw_hint(level))

    def exercise_done(self, exercise: Exercise) -> bool:
        return exercise.key in self.progress.solved_exercises(self.lesson)


def lesson_for_technique(technique_id: str, lessons: list[Lesson],
                         board: Geometry = CLASSIC) -> Lesson | None:
    """The lesson teaching a technique (for the 'learn this' link of a hint), or None: the one
    on the hint's `board` (a small board's lesson for a 4x4 game), else the 9x9 ladder's."""
    teaching = [lesson for lesson in lessons if technique_id in lesson.techniques]
    return next((lesson for lesson in teaching if lesson.geometry is board),
                next((lesson for lesson in teaching if not lesson.series), None))


class ReviewSession(LessonSession):
    """The mixed review drill: positions for each technique due for review, in turn.

    It has no lesson and no pages; `lesson` is None and only drills are offered.
    """

    review = True

    def __init__(self, lessons: list[Lesson], progress: Progress | None = None, seed: int = 0):
        self.lessons = lessons
        self.progress = progress if progress is not None else Progress.load()
        self.lesson = None  # type: ignore[assignment]  # a review belongs to no lesson
        self.page_index = 0
        self.attempt = None
        self.seed = seed
        self.drill_file = None
        self.due = self.progress.due_techniques()
        self._drills = None
        self.save_problem = None

    def start_drill(self) -> Drill:
        """The next review position (DrillError when nothing is due or nothing is found)."""
        self.leave()
        if self._drills is None:
            self._drills = review_drills(self.due, self.lessons, self.seed)
        drill = next(self._drills)
        self.attempt = drill_attempt(self.progress, None, drill, REVIEW)
        return drill
