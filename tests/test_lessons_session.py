"""The session a lesson screen drives: paging, answers read off the board, drills, progress kept."""

from __future__ import annotations

import pytest

from tutor.model.geometry import DIGITS, parse_cell_name
from tutor.learning import load_lessons
from tutor.learning.answers import changes_between
from tutor.learning.progress import Progress
from tutor.learning.session import LessonSession, lesson_for_technique

LESSONS = load_lessons()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    return tmp_path


def test_changes_between_reads_the_learners_moves_only():
    grid = LESSONS[1].exercises[0].grid  # r9c4=8
    target = parse_cell_name("r9c4")
    # Placing clears 8 from the peers by itself: that is not an elimination the learner made.
    assert changes_between(grid, grid.place(target, 8)) == (((target, 8),), ())
    other = next(c for c in grid.empty_cells if len(grid.candidates(c)) > 2)
    digit = min(grid.candidates(other))
    absent = min(set(DIGITS) - grid.candidates(target))
    marked = grid.toggle_candidate(other, digit).toggle_candidate(target, absent)
    assert changes_between(grid, marked) == ((), ((other, digit),))


def test_paging_is_saved_and_resumed():
    lesson = LESSONS[3]
    session = LessonSession(lesson, LESSONS)
    assert session.page_index == 0 and not session.previous_page()
    while session.next_page():
        pass
    assert session.page_label == f"{len(lesson.pages)}/{len(lesson.pages)}"
    assert session.previous_page() and session.page_index == len(lesson.pages) - 2
    assert LessonSession(lesson, LESSONS).page_index == len(lesson.pages) - 1


def test_answers_from_the_board_and_a_drill_are_recorded():
    lesson = LESSONS[3]
    session = LessonSession(lesson, LESSONS, seed=5)
    exercise = session.start_exercise(0)  # pointing
    removed = exercise.position.eliminations
    assert session.answer(exercise.grid.eliminate(removed[:1])).verdict == "partly"
    assert session.answer(exercise.grid.eliminate(removed)).is_right
    assert session.exercise_done(exercise)
    pointing = Progress.load().technique("pointing")
    assert (pointing.attempts, pointing.first_try, pointing.solved) == (1, 0, 1)

    drill = session.start_drill()
    assert session.board == drill.grid
    before = Progress.load().technique(drill.technique)
    assert session.answer(drill.grid.apply(drill.step)).is_right
    after = Progress.load().technique(drill.technique)
    assert (after.attempts - before.attempts, after.first_try - before.first_try) == (1, 1)


def test_leaving_a_wrongly_answered_exercise_counts_the_attempt():
    lesson = LESSONS[1]
    session = LessonSession(lesson, LESSONS)
    exercise = session.start_exercise(1)
    cell = next(c for c in exercise.grid.empty_cells if len(exercise.grid.candidates(c)) > 1)
    session.answer(exercise.grid.place(cell, min(exercise.grid.candidates(cell))))
    session.leave()
    stats = Progress.load().technique("naked_single")
    assert (stats.attempts, stats.first_try, stats.solved) == (1, 0, 0)
    with pytest.raises(RuntimeError):
        session.answer(exercise.grid)


def test_a_hint_links_to_the_lesson_of_its_technique():
    assert lesson_for_technique("claiming", LESSONS).number == 3
    assert lesson_for_technique("naked_quad", LESSONS).number == 5
    assert lesson_for_technique("x_wing", LESSONS[:8]) is None


@pytest.mark.parametrize("technique", ["x_wing", "simple_colors", "unique_rectangle", "als_xz"])
def test_an_elimination_only_exercise_is_answered_on_the_board(technique):
    # Beyond the card most steps only remove candidates: the learner strikes them out on the board.
    lesson = next(l for l in LESSONS if technique in l.techniques)
    index, exercise = next((i, e) for i, e in enumerate(lesson.exercises) if e.technique == technique)
    session = LessonSession(lesson, LESSONS)
    session.start_exercise(index)
    removals = exercise.position.eliminations
    assert removals and not exercise.position.placements
    part = session.answer(exercise.grid.eliminate(removals[:1]))
    # One removal is part of the step (or, for an ALS, a smaller true step of the lesson itself).
    assert part.verdict in ("partly", "right")
    feedback = session.answer(exercise.grid.eliminate(removals))
    assert feedback.is_right, feedback
    assert exercise.key in session.progress.solved_exercises(lesson)
