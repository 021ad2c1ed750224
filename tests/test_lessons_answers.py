"""Answer checking on the lessons' real exercises: right, partly right (by cell), wrong (why, then hints)."""

from __future__ import annotations

import pytest

from tutor.engine import solution_values
from tutor.model.geometry import COUNT, PEERS, parse_cell_name
from tutor.learning import PARTLY, RIGHT, WRONG, check_answer, load_lessons
from tutor.learning.answers import contradiction_after
from tutor.learning.drills import Drill

ALL_LESSONS = load_lessons()
LESSONS = {lesson.number: lesson for lesson in ALL_LESSONS if not lesson.series}
"""The 9x9 ladder by number (the small boards' S1, S2... are numbered apart)."""
EXERCISES = [(lesson, e) for lesson in ALL_LESSONS for e in lesson.exercises]
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


def test_another_technique_of_the_same_lesson_is_named_not_credited():
    # Lesson 3 teaches pointing and claiming; a claiming in the pointing exercise is true, but not
    # the pointing asked.
    lesson = LESSONS[3]
    exercise = lesson.exercises[0]
    feedback = lesson.check(exercise, eliminations=[(cell("r6c4"), 8), (cell("r6c6"), 8)])
    assert feedback.verdict == PARTLY
    assert feedback.message.startswith("True, but that is a claiming (Claiming:")
    assert "not the pointing asked" in feedback.message
    assert feedback.step.technique == "pointing", "the hints lead to the exercise's own step"


def test_an_x_chain_exercise_answered_with_its_listed_mistake_gets_the_mistakes_explanation():
    # Lesson 13 exercise 1 (X-Chain, r9c5<>4): r9c7 sees only one end of the chain. A grouped
    # nice loop does remove that 4, which used to make it "Right! Grouped nice loop".
    lesson = LESSONS[13]
    exercise = lesson.exercises[0]
    assert exercise.technique == "x_chain"
    feedback = lesson.check(exercise, eliminations=[(cell("r9c7"), 4)])
    assert feedback.verdict == WRONG
    assert feedback.message.startswith("r9c7 sees only one end of the X-Chain")
    assert "It is true, but by a grouped nice loop (Grouped nice loop:" in feedback.details[0]
    assert "not by the X-Chain asked" in feedback.details[0]
    assert feedback.step.technique == "x_chain"
    assert set(feedback.step.eliminations) == {(cell("r9c5"), 4)}
    assert "X-Chain" in feedback.hints[0]


def test_a_listed_mistake_beside_the_right_change_is_partly_right_with_its_explanation():
    lesson = LESSONS[13]
    feedback = lesson.check(lesson.exercises[0],
                            eliminations=[(cell("r9c5"), 4), (cell("r9c7"), 4)])
    assert feedback.verdict == PARTLY
    assert feedback.message.startswith("r9c7 sees only one end")
    assert feedback.wrong == ((cell("r9c7"), 4, "<>"),)


def test_one_elimination_of_an_als_xz_that_is_a_whole_als_xy_wing_is_not_credited():
    # Lesson 14 exercise 1 (ALS-XZ: r1c3<>1, r3c7<>4, r8c8<>7): r3c7<>4 alone is an ALS-XY-Wing.
    lesson = LESSONS[14]
    exercise = lesson.exercises[0]
    assert exercise.technique == "als_xz"
    feedback = lesson.check(exercise, eliminations=[(cell("r3c7"), 4)])
    assert feedback.verdict == PARTLY
    assert feedback.message == "Partly right: you found part of this ALS-XZ."
    assert feedback.details[-1].startswith("True, but on its own that is an ALS-XY-Wing (ALS-XY-Wing:")
    assert feedback.details[-1].endswith("not the ALS-XZ asked.")
    assert feedback.missed == ((cell("r1c3"), 1, "<>"), (cell("r8c8"), 7, "<>"))
    assert feedback.step.technique == "als_xz"


def test_a_seen_as_exercise_is_right_by_the_technique_taught():
    lesson = LESSONS[13]
    exercise = next(e for e in lesson.exercises if e.position.seen_as == "remote_pair")
    p = exercise.position
    assert exercise.asked == ("remote_pair", "skyscraper")
    assert lesson.check(exercise, p.placements, p.eliminations).verdict == RIGHT


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
    assert f"holds the {digit} already" in feedback.details[0]
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


def test_a_drill_is_judged_against_its_own_technique():
    # The same position as a drill (practice more, review): the X-Chain is asked; the grouped
    # nice loop that removes r9c7's 4 is named, not credited, and the hints lead to the X-Chain.
    exercise = LESSONS[13].exercises[0]
    drill = Drill(exercise.grid, exercise.own_step(), "lesson 13, exercise 1")
    feedback = drill.check(eliminations=[(cell("r9c7"), 4)])
    assert feedback.verdict == PARTLY
    assert feedback.message.startswith("True, but that is a grouped nice loop")
    assert "not the X-Chain asked" in feedback.message
    assert feedback.step is drill.step
    assert drill.check(eliminations=[(cell("r9c5"), 4)]).verdict == RIGHT
