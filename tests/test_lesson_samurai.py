"""Lesson S4, the Samurai: read on its board, every position checked against the engine and
walked from its puzzle's givens, what its pages claim true, answered in the CLI and on the app's
board."""

from __future__ import annotations

import argparse
import re
from collections import deque

import pytest

from tutor import next_step
from tutor.cli import lesson as lesson_command
from tutor.engine import BY_ID, works_on
from tutor.learning import RIGHT, LessonError, find_lesson, load_lesson, load_lessons, verify
from tutor.learning.loader import parse_board, parse_changes, parse_unit_name
from tutor.learning.tiers import OTHER_BOARDS, lesson_tier
from tutor.model.geometry import CLASSIC, parse_cell_name, samurai, using
from tutor.model.grid import Grid
from tutor.solvers.backtracking import count_solutions

LESSONS = load_lessons()
LESSON = find_lesson("samurai", LESSONS)
BOARD = samurai()
POSITIONS = list(LESSON.positions.values()) + [e.position for e in LESSON.exercises]


def cell(name: str) -> int:
    with using(BOARD):
        return parse_cell_name(name)


def unit(name: str) -> int:
    with using(BOARD):
        return parse_unit_name(name)


def test_the_samurai_lesson_is_s4_on_the_samurai_board_listed_last():
    assert LESSON.id == "s4-samurai" and LESSON.label == "S4" and LESSON.geometry is BOARD
    assert find_lesson("S4", LESSONS) is LESSON
    assert all(p.grid.geometry is BOARD for p in POSITIONS)
    assert all(p.grid.geometry is BOARD for p in LESSON.pages if p.grid)
    assert lesson_tier(LESSON) is OTHER_BOARDS
    assert set(LESSON.techniques) == {"naked_single", "hidden_single", "pointing", "claiming"}


def test_every_stated_step_is_the_engines_next_step_on_the_samurai():
    assert verify(LESSON) == []
    for position in POSITIONS:
        step = next_step(position.grid, "card")
        assert (step.technique, set(step.placements), set(step.eliminations)) == (
            position.technique, set(position.placements), set(position.eliminations))


def test_the_intersections_shown_act_between_grids():
    # Pointing from a shared box into another grid's cells, and a line claiming another grid's
    # line (not a box): what the lesson teaches beyond the 9x9 board.
    for position in POSITIONS:
        if position.technique not in ("pointing", "claiming"):
            continue
        step = next_step(position.grid, "card")
        first, second = (set(BOARD.unit_grids[u]) for u in step.units)
        changed = {c for c, _ in step.eliminations}
        assert len(first | second) > 1, position.name
        if position.technique == "pointing":
            # A shared box points, and each cell it clears lies outside one of the box's grids:
            # a box of one grid changes another.
            assert len(first) == 2, "a shared box points"
            assert all(not first <= set(BOARD.grids_of[c]) for c in changed)
        else:
            assert BOARD.unit_kinds[step.units[1]] != "box" and not first & second, \
                "a line claims another grid's line"


def test_each_position_is_a_walk_from_one_of_our_own_puzzles():
    # Each position names its puzzle (made by scripts/samurai_positions.py, seed 1) and how many
    # steps in it lies: positions of one puzzle share its givens, which have one solution as a
    # whole, and that many card steps from the givens reach the position. (The script's puzzles
    # depend on the solver's search order, so they are checked by their givens, not remade.)
    puzzles: dict[int, Grid] = {}
    for position in POSITIONS:
        found = re.search(r"\(Samurai, seed 1, puzzle (\d+)\), after (\d+) steps", position.source)
        assert found, position.source
        number, steps = int(found.group(1)), int(found.group(2))
        givens = position.grid.restart()
        assert puzzles.setdefault(number, givens) == givens, position.name
        walked = givens
        for _ in range(steps):
            walked = walked.apply(next_step(walked, "card"))
        assert walked == position.grid, position.name
    assert len(puzzles) >= 2
    for givens in puzzles.values():
        assert count_solutions(givens, limit=2) == 1


def test_what_the_pages_claim_about_the_board_is_true():
    # Page 2: 369 cells, 131 units; a shared cell in 5 units seeing 32 cells, another in 3 seeing 20.
    assert BOARD.cell_count == 369 and len(BOARD.units) == 131
    assert (len(BOARD.rows), len(BOARD.columns), len(BOARD.boxes)) == (45, 45, 41)
    shared, alone = cell("BR r1c2"), cell("C r1c5")
    assert len(BOARD.units_of[shared]) == 5 and len(BOARD.peers[shared]) == 32
    assert len(BOARD.units_of[alone]) == 3 and len(BOARD.peers[alone]) == 20
    assert cell("BR r1c2") == cell("C r7c8")
    # The shared boxes as page 1 names them.
    for corner, centre in (("box 9 of the top-left grid", "box 1 of the centre grid"),
                           ("box 7 of the top-right grid", "box 3 of the centre grid"),
                           ("box 3 of the bottom-left grid", "box 7 of the centre grid"),
                           ("box 1 of the bottom-right grid", "box 9 of the centre grid")):
        assert unit(corner) == unit(centre)


def test_the_single_needs_both_grids_as_the_page_says():
    grid = LESSON.positions["overlap"].grid
    target = cell("BR r1c2")

    def ruled_out(grid_name: str) -> set[int]:
        inside = set(BOARD.grids[BOARD.grid_names.index(grid_name)])
        return {grid.value(p) for p in BOARD.peers[target] if p in inside and grid.value(p)}

    assert ruled_out("bottom-right") == {3, 4, 5, 6, 8, 9}
    assert ruled_out("centre") == {1, 3, 7, 9}
    box = unit("box 1 of the bottom-right grid")
    assert {grid.value(c) for c in BOARD.units[box]} - {0} == {9}
    assert grid.candidates(target) == {2}


def test_the_hidden_single_is_ruled_by_a_digit_of_the_centre_grid():
    grid = LESSON.positions["hidden"].grid
    assert grid.value(cell("C r2c5")) == 6 and grid.value(cell("TL r7c2")) == 6
    assert grid.value(cell("TL r4c4")) == 6 and grid.value(cell("TL r8c6"))
    for name in ("TL r8c7", "TL r8c8", "TL r8c9"):
        assert cell(name) in BOARD.units[unit("row 2 of the centre grid")]
        assert not grid.has_candidate(cell(name), 6)


def test_one_grid_alone_has_many_solutions_and_uniqueness_is_kept_to_sound_patterns():
    # The uniqueness page: the top-left grid's 20 givens alone have more than a thousand
    # solutions; the whole puzzle one. Rectangles and BUG+1 work on a Samurai only as the page
    # says (a rectangle through a shared box is dropped: tests/test_samurai_families.py).
    puzzle = LESSON.positions["overlap"].grid
    top_left = [puzzle.value(c) for c in BOARD.grids[0]]
    assert sum(1 for v in top_left if v) == 20
    assert count_solutions(Grid(top_left), limit=1001) == 1001
    assert count_solutions(puzzle, limit=2) == 1
    uniqueness = [t for t in BY_ID.values() if t.family == "uniqueness"]
    assert works_on("unique_rectangle", BOARD) and works_on("bug_plus_one", BOARD)
    assert uniqueness and all(works_on(t.id, BOARD) for t in uniqueness)
    page = next(p for p in LESSON.pages if p.title == "Why uniqueness needs the whole puzzle")
    assert "clear of the shared boxes" in page.text and "131" in page.text


# --- names on the Samurai board in lesson files and answers ---------------------------------

def test_units_cells_and_changes_are_named_within_a_grid():
    assert parse_board("samurai") is BOARD and parse_board(" Samurai ") is BOARD
    with pytest.raises(ValueError, match="takes no box shape"):
        parse_board("samurai", "3x3")
    assert unit("C row 3") == unit("row 3 of the centre grid") == unit("ROW 3 of the Centre grid")
    assert unit("TL box 9") == unit("box 1 of the centre grid") == unit(
        "box 9 of the top-left grid (box 1 of the centre grid)")
    with pytest.raises(ValueError, match="expected a unit of a grid"):
        unit("row 3")
    with pytest.raises(ValueError, match="numbered 1 to 9"):
        unit("C row 10")
    with using(BOARD):
        assert parse_changes("C r2c4<>1, r7c7 of the top-left grid=2") == (
            ((cell("C r1c1"), 2),), ((cell("C r2c4"), 1),))
        with pytest.raises(ValueError, match="not a cell name: 'Q r1c1'"):
            parse_changes("Q r1c1=2")
        with pytest.raises(ValueError, match=r"expected like C r3c7=4"):
            parse_changes("C r1c1 2")
    # The 9x9 board reads its own names as before.
    assert parse_changes("r7c5=1") == (((parse_cell_name("r7c5"), 1),), ())


SAMURAI_FILE = """
number = 4
title = "T"
summary = "S"
board = "samurai"
techniques = ["pointing"]

[positions.example]
grid = "{grid}"
source = "test"
technique = "pointing"
answer = "C r2c4<>1, C r2c6<>1"

[[pages]]
title = "P"
text = "one"
board = "example"
cells = ["C r2c1"]
units = ["row 2 of the centre grid"]
"""


@pytest.mark.parametrize("change,key,words", [
    (('units = ["row 2 of the centre grid"]', 'units = ["row 2"]'), "pages[0].units[0]",
     "expected a unit of a grid"),
    (('cells = ["C r2c1"]', 'cells = ["r2c1"]'), "pages[0].cells[0]", "not a cell name"),
    (('answer = "C r2c4<>1, C r2c6<>1"', 'answer = "C r2c4<>1"'), None,
     "but the engine's next step is Pointing"),
    (('board = "samurai"', 'board = "samurai"\nbox = "3x3"'), "box", "takes no box shape"),
])
def test_a_samurai_lesson_file_names_what_is_wrong(tmp_path, change, key, words):
    text = SAMURAI_FILE.replace("{grid}", LESSON.positions["pointing"].grid.to_compact())
    old, new = change
    assert old in text
    path = tmp_path / "s4-test.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if key is None:
        problems = verify(load_lesson(path))
        assert len(problems) == 1 and words in problems[0], problems
        return
    with pytest.raises(LessonError) as caught:
        load_lesson(path)
    assert str(caught.value).startswith(f"s4-test.toml: {key}: "), str(caught.value)
    assert words in str(caught.value)


# --- the command line -----------------------------------------------------------------------

def run(*argv) -> int:
    parser = argparse.ArgumentParser(prog="tutor")
    subparsers = parser.add_subparsers(dest="command")
    lesson_command.add_parser(subparsers).set_defaults(run=lesson_command.run)
    return (args := parser.parse_args(["lesson", *argv])).run(args)


def test_the_text_names_cells_within_their_grids(capsys, data_dir):
    assert run("samurai", "--text", "--answers") == 0
    out = capsys.readouterr().out
    assert out.startswith("Lesson S4: Samurai: five grids, one puzzle")
    assert "# the top-left grid" in out and "# the bottom-right grid" in out
    assert "Answer: r2c8 of the bottom-left grid (r8c2 of the centre grid)=8" in out
    assert "Step: remove 1 from r2c4 and r2c6 of the centre grid" in out


def test_answers_in_the_cli_right_and_wrong(capsys, data_dir):
    assert run("S4", "--answer", "1", "BL r2c8=8") == 0
    assert "Right! Naked single: r2c8 of the bottom-left grid" in capsys.readouterr().out
    # A wrong answer is told why (it raised for the X-Wing, which a Samurai does not have).
    assert run("S4", "--answer", "2", "C r9c5=8") == 1
    out = capsys.readouterr().out
    assert "8 is not a candidate of r9c5 of the centre grid" in out
    assert "Hint: Look for a hidden single in row 9 of the centre grid" in out
    assert run("S4", "--answer", "3", "C r4c2<>7") == 1
    assert ("Missed: 7 from r2c8 of the bottom-left grid (r8c2 of the centre grid)"
            in capsys.readouterr().out)
    # A cell named without its grid is a usage error naming the cell.
    from tutor.cli.inputs import CliError

    with pytest.raises(CliError, match="not a cell name: 'r9c4'") as caught:
        run("S4", "--answer", "2", "r9c4=8")
    assert caught.value.code == 2


# --- the app: pages drawn and an exercise answered on the board ------------------------------

def _keys_to(board, start: int, target: int) -> list[str]:
    """The arrow keys that take the selection from `start` to `target` on the board as drawn
    (the whole Samurai: arrows cross the gaps), found by a breadth-first search."""
    moves = {"down": (1, 0), "up": (-1, 0), "right": (0, 1), "left": (0, -1)}
    came = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == target:
            break
        for key, (rows, cols) in moves.items():
            there = board.moved(here, rows, cols)
            if there not in came:
                came[there] = (here, key)
                queue.append(there)
    keys = []
    while came[target] is not None:
        target, key = came[target]
        keys.append(key)
    return keys[::-1]


async def _go_to(pilot, target: int) -> None:
    from tutor.app.board import Board

    screen = pilot.app.screen
    await pilot.press(*_keys_to(screen.query_one(Board), screen.selected, target))
    assert screen.selected == target


@pytest.mark.parametrize("size", [(110, 45), (80, 24)])
async def test_the_lesson_pages_draw_the_whole_samurai(data_dir, size):
    from tutor.app.board import Board
    from tutor.app.learning.lesson_app import LessonApp

    app = LessonApp("samurai", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "right", "right")
        await pilot.pause()
        page = LESSON.pages[3]
        assert page.title in str(screen.query_one("#lesson-page").render())
        board = screen.query_one(Board)
        assert board.view.grid == page.grid and board.whole
        assert board.compact == (size == (80, 24))
        # The whole board fits beside the text, and the marked cell's candidates are listed
        # under the page's text (the whole board has no pencil marks).
        assert board.region.right <= size[0] and board.region.bottom <= size[1] - 1
        marks = str(screen.query_one("#lesson-marks").render())
        assert "r1c2 of the bottom-right grid (r7c8 of the centre grid): 2" in marks
        assert screen.query_one("#lesson-marks").display


async def test_an_exercise_answered_wrong_then_right_on_the_samurai_board(data_dir):
    from tutor.app.learning.exercise_screen import ExerciseScreen
    from tutor.app.learning.lesson_app import LessonApp
    from tutor.learning import WRONG

    exercise = LESSON.exercises[2]  # pointing: C r4c2<>7, C r8c2<>7
    app = LessonApp("S4", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("]", "]")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExerciseScreen) and screen.index == 2
        assert screen.pencil, "an elimination is answered in pencil mode"
        # Wrong: 7 removed from a cell of the pattern, which keeps it (a common mistake).
        await _go_to(pilot, cell("TL r7c8"))
        await pilot.press("7", "enter")
        assert screen.feedback.verdict == WRONG
        await pilot.press("r")
        assert screen.game.grid == exercise.grid
        for cell_name_, digit in (("C r4c2", 7), ("BL r2c8", 7)):
            await _go_to(pilot, cell(cell_name_))
            await pilot.press(str(digit))
        await pilot.press("enter")
        assert screen.feedback.verdict == RIGHT
        assert "Right! Pointing: 7 in box 9 of the top-left grid" in str(
            screen.query_one("#exercise-feedback").render())


async def test_w_shows_one_grid_alone_on_a_page_and_in_an_exercise(data_dir):
    from tutor.app.board import Board
    from tutor.app.learning.exercise_screen import ExerciseScreen
    from tutor.app.learning.lesson_app import LessonApp

    app = LessonApp("S4", seed=1)
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        page = next(i for i, p in enumerate(LESSON.pages) if p.board == "pointing")
        await pilot.press(*["right"] * page)
        await pilot.pause()
        board = screen.query_one(Board)
        assert board.whole and "w: one grid alone with its pencil marks" in str(
            screen.query_one("#lesson-next").render())
        await pilot.press("w")
        # The grid of the page's first marked cell (r8c7 of the top-left grid), drawn as a
        # classic board with its pencil marks.
        assert not board.whole and board.shown_grid == BOARD.grid_names.index("top-left")
        assert not board.compact
        await pilot.press("w")
        assert board.whole
        await pilot.press("e")
        await pilot.pause()
        exercise = app.screen
        assert isinstance(exercise, ExerciseScreen)
        board = exercise.query_one(Board)
        await _go_to(pilot, cell("BL r2c8"))
        await pilot.press("w")
        assert not board.whole and exercise.selected in BOARD.grids[board.shown_grid]
        assert "with its pencil marks; w shows the whole board" in str(
            exercise.query_one("#exercise-mode").render())
        await pilot.press("8", "enter")
        assert exercise.feedback.verdict == RIGHT, "answered on the grid drawn alone"


def test_practice_more_walks_the_lessons_puzzles_on_the_cards_ladder():
    from itertools import islice

    from tutor.learning.drills import drill_ladder, lesson_drills

    # The Samurai's card techniques are drilled on the card's ladder, as its positions were
    # found; the 9x9 lessons keep the full ladder.
    assert drill_ladder(LESSON.practised, BOARD) == "card"
    assert drill_ladder(LESSON.practised, CLASSIC) is None
    found = list(islice(lesson_drills(LESSON, LESSONS, seed=5), 4))
    assert len(found) == 4
    for drill in found:
        assert drill.grid.geometry is BOARD and drill.technique in LESSON.techniques
        assert next_step(drill.grid, "card") == drill.step
        assert drill.check(drill.step.placements, drill.step.eliminations).is_right


def test_a_samurai_hints_lesson_link_is_s4_for_what_it_teaches():
    from tutor.learning.session import lesson_for_technique

    assert lesson_for_technique("pointing", LESSONS, BOARD) is LESSON
    assert lesson_for_technique("hidden_single", LESSONS, BOARD) is LESSON
    # What S4 does not teach: the 9x9 ladder's lesson.
    assert lesson_for_technique("naked_pair", LESSONS, BOARD).id == "04-naked-pair"
    assert lesson_for_technique("pointing", LESSONS).id == "03-intersections"
