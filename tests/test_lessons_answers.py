"""Answer checking on the lessons' real exercises: right, partly right (by cell), wrong (why, then hints)."""

from __future__ import annotations

import pytest

from tutor.engine import solution_values
from tutor.model.geometry import COUNT, PEERS, parse_cell_name
from tutor.learning import PARTLY, RIGHT, WRONG, check_answer, load_lessons
from tutor.learning.answers import contradiction_after

LESSONS = {lesson.number: lesson for lesson in load_lessons()}
EXERCISES = [(lesson, e) for lesson in LESSONS.values() for e in lesson.exercises]
BACKTRACKING = next(lesson for lesson in LESSONS.values() if "backtracking" in lesson.techniques)


def cell(name: str) -> int:
    return parse_cell_name(name)


@pytest.mark.parametrize("lesson,exercise", EXERCISES, ids=[e.key for _, e in EXERCISES])
def test_the_stated_answer_is_right(lesson, exercise):
    p = exercise.position
    feedback = lesson.check(exercise, p.placements, p.eliminations)
    assert feedback.verdict == RIGHT, str(feedback)
    assert feedback.message.startswith("Right!")


def test_missing_elimination_is_partly_right_naming_the_cell():
    lesson = LESSONS[3]
    exercise = lesson.exercises[0]  # pointing: r5c8<>2, r6c8<>2
    feedback = lesson.check(exercise, eliminations=[(cell("r5c8"), 2)])
    assert feedback.verdict == PARTLY
    assert feedback.missed == ((cell("r6c8"), 2, "<>"),)
    assert "Missed: 2 from r6c8." in feedback.details


def test_an_extra_elimination_is_named_with_why():
    lesson = LESSONS[3]
    exercise = lesson.exercises[0]
    other = min(exercise.grid.candidates(cell("r5c8")) - {2})
    answer = [(cell("r5c8"), 2), (cell("r6c8"), 2), (cell("r5c8"), other)]
    feedback = lesson.check(exercise, eliminations=answer)
    assert feedback.verdict == PARTLY
    assert feedback.wrong == ((cell("r5c8"), other, "<>"),)
    assert any(d.startswith(f"Not part of it: {other} from r5c8. Nothing here rules {other} out")
               for d in feedback.details)


def test_any_instance_of_the_lessons_techniques_is_right():
    # In this pointing exercise a claiming (the other half of lesson 3) is just as right.
    lesson = LESSONS[3]
    feedback = lesson.check(lesson.exercises[0], eliminations=[(cell("r6c4"), 8), (cell("r6c6"), 8)])
    assert feedback.verdict == RIGHT
    assert feedback.step.technique == "claiming"


def test_a_true_step_of_another_technique_is_partly_right():
    lesson = LESSONS[2]  # hidden single exercise; a pointing also exists there
    feedback = lesson.check(lesson.exercises[0], eliminations=[(cell("r7c4"), 7)])
    assert feedback.verdict == PARTLY
    assert feedback.message.startswith("True, but that is a pointing")
    assert "hidden single" in feedback.message


def test_a_digit_a_peer_already_holds_is_wrong_and_says_which_peer():
    lesson = LESSONS[1]
    exercise = lesson.exercises[0]  # r9c4=8
    target = cell("r9c4")
    grid = exercise.grid
    digit, holder = next((grid.values[p], p) for p in PEERS[target] if grid.values[p])
    feedback = lesson.check(exercise, placements=[(target, digit)])
    assert feedback.verdict == WRONG
    assert f"{digit} is not a candidate of r9c4" in feedback.details[0]
    assert f"already holds a {digit}" in feedback.details[0]
    assert len(feedback.hints) == 3
    assert "naked single" in feedback.hints[0].lower()


def test_an_unproved_placement_is_wrong_without_revealing_the_solution():
    lesson = LESSONS[4]
    exercise = lesson.exercises[0]
    grid = exercise.grid
    solution = solution_values(grid)
    target = next(c for c in grid.empty_cells if COUNT[grid.masks[c]] >= 3)
    feedback = lesson.check(exercise, placements=[(target, solution[target])])
    assert feedback.verdict == WRONG
    assert feedback.details[0].startswith("Nothing proves")
    assert "solution" not in str(feedback)


def test_an_empty_answer_is_not_checked():
    lesson = LESSONS[1]
    feedback = lesson.check(lesson.exercises[0])
    assert feedback.verdict == WRONG and feedback.message.startswith("Nothing to check")


def test_backtracking_wrong_guess_shows_its_contradiction():
    lesson = BACKTRACKING
    exercise = lesson.exercises[0]  # r1c4=9; its other candidate is 3
    feedback = lesson.check(exercise, placements=[(cell("r1c4"), 3)])
    assert feedback.verdict == WRONG
    assert feedback.message.startswith("r1c4=3 fails: ")
    assert "no place left" in feedback.message or "no candidate left" in feedback.message
    assert all(line.startswith("then ") for line in feedback.details)
    # The same trial as the backtracking hint's, forced single by forced single.
    assert feedback.details[-1] == "then Hidden single in column 1: r6c1=9"
    right = lesson.check(exercise, placements=[(cell("r1c4"), 9)])
    assert right.verdict == RIGHT
    assert right.message == "Right! r1c4=9: the other candidate leads to a contradiction."


def test_backtracking_true_digit_in_a_busier_cell_is_partly_right():
    lesson = BACKTRACKING
    exercise = lesson.exercises[0]
    grid = exercise.grid
    solution = solution_values(grid)
    busy = next(c for c in grid.empty_cells if COUNT[grid.masks[c]] > 2)
    feedback = lesson.check(exercise, placements=[(busy, solution[busy])])
    assert feedback.verdict == PARTLY
    assert "quicker to test" in feedback.message


def test_contradiction_after_follows_singles_to_the_example_dead_end():
    example = BACKTRACKING.positions["example"]
    lines = contradiction_after(example.grid, cell("r1c3"), 4)
    assert lines == ["then Hidden single in box 3: r2c7=4", "row 5 has no place left for a 4."]
    assert contradiction_after(example.grid, cell("r1c3"), 8) == []


def test_check_answer_on_a_bare_grid():
    exercise = LESSONS[6].exercises[0]
    p = exercise.position
    assert check_answer(exercise.grid, ["hidden_pair"], (), p.eliminations).verdict == RIGHT
    assert check_answer(exercise.grid, ["naked_pair"], (), p.eliminations).verdict != RIGHT
