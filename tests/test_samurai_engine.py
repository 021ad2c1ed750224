"""The technique engine on the Samurai: every step true, hints named within grids, intersections
across grids, uniqueness only where its swap keeps every unit, the guess, the grade's bottleneck
grids and the CLI (the families run grid by grid: test_samurai_families.py)."""

from __future__ import annotations

import json
import re

import pytest

import tutor
from conftest import shared_file
from test_samurai import PUZZLE, SOLUTION
from tutor.engine import (BY_ID, LADDER, Position, find_steps, next_step,
                          positions_along, violations)
from tutor.engine.registry import on_ladder_of, runs_per_grid, works_on
from tutor.engine.techniques.uniqueness import holds_across_grids
from tutor.model.formats import parse, read_puzzles
from tutor.model.geometry import samurai, using
from tutor.model.grid import Grid

SUDOQ = "sudoq/samurai.txt"
SUDOQ_SOLUTIONS = "sudoq/samurai.jsonl"


@pytest.fixture(scope="module")
def board():
    return samurai()


@pytest.fixture(scope="module")
def ours(board):
    return parse(PUZZLE, board), parse(SOLUTION, board).values


@pytest.fixture(scope="module")
def graded(ours):
    return tutor.grade(ours[0])


def _unit(board, name: str) -> int:
    return board.unit_names.index(name)


def test_the_ladder_holds_every_technique_on_a_samurai(board):
    ladder = [t for t in LADDER if on_ladder_of(t, board)]
    assert ladder == list(LADDER)
    assert works_on("backtracking", board)  # the guess, after the ladder
    # The fish and single-digit patterns read rows and columns as one grid's, and a rectangle's
    # swap keeps one grid's units: they run grid by grid; the rest over the whole board.
    per_grid = {t for t in LADDER if runs_per_grid(t, board)}
    assert per_grid == {t.id for t in BY_ID.values() if t.family in ("fish", "single_digit")} | {
        "unique_rectangle", "hidden_rectangle"}


def test_every_step_of_our_puzzle_is_true_and_the_grade_finishes(ours, graded):
    grid, solution = ours
    assert violations(grid, graded.steps, solution) == []
    assert graded.solution_values == solution and not graded.backtracking
    # Beyond the card: the puzzle needs wings, so the engine works past singles on 369 cells.
    assert graded.level == 6 and {"pointing", "claiming", "skyscraper", "w_wing"} <= set(
        graded.techniques)


def test_the_grade_names_the_grids_of_its_bottleneck(board, graded):
    step = graded.bottleneck
    assert step is not None and graded.bottleneck_grids
    cells = {*step.cells, *(c for c, _ in step.placements), *(c for c, _ in step.eliminations)}
    named = [board.grid_names.index(name) for name in graded.bottleneck_grids]
    # Each grid named holds every cell of the step (it lies within one grid, or a shared box).
    assert all(g in board.grids_of[c] for g in named for c in cells)


def test_a_one_grid_board_names_no_bottleneck_grid():
    line = "." * 10 + SOLUTION.splitlines()[0][10:]  # a 9x9 grid of our solution, ten cells dug
    result = tutor.grade(tutor.parse(line))
    assert result.bottleneck is not None and result.bottleneck_grids == ()


_UNIT_WORDS = re.compile(r"\b(row|column|box) (\d+)\b(?! of the)")


def test_every_hint_names_cells_and_units_within_their_grids(board, ours, graded):
    grid, _ = ours
    with using(board):
        positions = positions_along(grid, graded.steps)
        for step, position in zip(graded.steps, positions):
            for level in (1, 2, 3):
                text = step.hint(level, position)
                # The nudge of some techniques names no place at all (as on 9x9).
                assert level == 1 or " grid" in text, (step, level, text)
                # A unit is never named by a bare number, which means nothing on a Samurai.
                assert not _UNIT_WORDS.search(text), (step, level, text)


def _crossing_position(board) -> tuple[Grid, int, tuple[int, ...]]:
    """Our solution with row 7 of the top-left grid, row 1 of the centre grid (the same drawn row,
    sharing three cells), their shared box and every cell of one digit emptied (the digit of the
    rows' first shared cell, so it is a candidate wherever those cells are empty), every candidate
    kept but that digit in the top-left row's own six cells: that row's digit lies where it meets
    the centre grid's row 1. Returns the grid, the digit and the centre row's cells outside the
    shared box."""
    solution = parse(SOLUTION, board).values
    top_left_row = board.units[_unit(board, "row 7 of the top-left grid")]
    centre_row = board.units[_unit(board, "row 1 of the centre grid")]
    shared_box = board.units[_unit(board, "box 9 of the top-left grid (box 1 of the centre grid)")]
    digit = solution[next(c for c in centre_row if c in top_left_row)]
    emptied = {*top_left_row, *centre_row, *shared_box,
               *(c for c in board.cells if solution[c] == digit)}
    values = tuple(0 if c in emptied else v for c, v in enumerate(solution))
    masks = [board.all_digits if c in emptied else 0 for c in board.cells]
    for cell in top_left_row:
        if cell not in centre_row:
            masks[cell] &= ~(1 << digit - 1)
    grid = Grid(values, frozenset(c for c, v in enumerate(values) if v), tuple(masks),
                geometry=board)
    return grid, digit, tuple(c for c in centre_row if c not in top_left_row)


def test_a_line_claims_the_cells_it_shares_with_another_grids_line(board):
    grid, digit, rest = _crossing_position(board)
    solution = parse(SOLUTION, board).values
    line_units = (_unit(board, "row 7 of the top-left grid"),
                  _unit(board, "row 1 of the centre grid"))
    steps = find_steps(grid, "claiming")
    across = [s for s in steps if s.units == line_units]
    assert len(across) == 1
    step = across[0]
    assert step.eliminations == tuple((c, digit) for c in sorted(rest))
    assert all(solution[c] != d for c, d in step.eliminations)
    with using(board):
        text = step.hint(3, Position(grid.values, grid.masks))
    assert text.startswith(f"In row 7 of the top-left grid the {digit} can only go in ")
    assert f"the {digit} of row 1 of the centre grid lies in row 7 of the top-left grid" in text
    # The same places also claim the shared box (a box/line step, across its two grids).
    box = _unit(board, "box 9 of the top-left grid (box 1 of the centre grid)")
    assert any(s.units == (line_units[0], box) for s in steps)


def test_a_shared_box_points_along_the_lines_of_both_its_grids(board):
    grid, digit, _ = _crossing_position(board)
    box = _unit(board, "box 9 of the top-left grid (box 1 of the centre grid)")
    shared_row = set(board.units[_unit(board, "row 1 of the centre grid")]) & set(board.units[box])
    # Fill the box's other six cells as solved: its 7 can only go in the row both grids share.
    values, masks = list(grid.values), list(grid.masks)
    solution = parse(SOLUTION, board).values
    top_left_row = board.units[_unit(board, "row 7 of the top-left grid")]
    for cell in top_left_row:  # the digit a candidate along the whole of both rows
        masks[cell] = board.all_digits
    for cell in board.units[box]:
        if cell not in shared_row:
            values[cell], masks[cell] = solution[cell], 0
    position = Grid(tuple(values), grid.givens, tuple(masks), geometry=board)
    pointing = [s for s in find_steps(position, "pointing")
                if s.units[0] == box and s.digits == (digit,)]
    assert {s.units[1] for s in pointing} == {_unit(board, "row 7 of the top-left grid"),
                                                _unit(board, "row 1 of the centre grid")}
    for step in pointing:
        line = board.units[step.units[1]]
        assert step.eliminations == tuple((c, digit) for c in line if c not in shared_row)


def test_uniqueness_on_a_samurai_only_where_its_swap_keeps_every_unit(board, ours):
    grid, solution = ours
    found = 0
    for technique_id in ("unique_rectangle", "hidden_rectangle"):
        for step in find_steps(grid, technique_id):
            found += 1
            assert all(solution[c] != d for c, d in step.eliminations), step
            with using(board):
                assert holds_across_grids(step)
            # No corner in a shared box: its other grid's row and column would hold one corner.
            assert all(len(board.grids_of[c]) == 1 for c in step.role("corners"))
    assert found


def test_every_finder_taught_there_is_true_where_our_puzzle_gets_stuck(board, ours, graded):
    grid, solution = ours
    ids = [t for t in LADDER if works_on(t, board) and BY_ID[t].finder_name is not None
           and t not in ("naked_single", "hidden_single")]
    position, checked, stuck = grid, 0, 0
    for step in graded.steps:
        if step.technique not in ("naked_single", "hidden_single") and stuck < 4:
            stuck += 1
            for technique_id in ids:
                for found in find_steps(position, technique_id):
                    checked += 1
                    assert all(solution[c] == d for c, d in found.placements), found
                    assert all(solution[c] != d for c, d in found.eliminations), found
        position = position.apply(step)
    assert stuck == 4 and checked > 100


def test_the_guess_shows_its_contradiction_across_grids(board, ours):
    grid, solution = ours
    result = tutor.grade(grid, "card")
    assert result.backtracking and violations(grid, result.steps, solution) == []
    with using(board):
        positions = list(positions_along(grid, result.steps))
        index = next(i for i, s in enumerate(result.steps) if s.technique == "backtracking")
        text = result.steps[index].hint(3, positions[index])
    assert "Suppose r" in text and " grid" in text and "impossible" in text


def test_next_step_walks_our_puzzle_to_its_solution(board, ours):
    position, solution = ours
    while (step := next_step(position)) is not None:
        assert violations(position, [step], solution)[:-1] == []
        position = position.apply(step)
    assert position.values == solution


def _run(capsys, *argv):
    from tutor.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tutor_grade_json_names_grids_and_drawn_places(capsys, tmp_path):
    path = tmp_path / "ours.txt"
    path.write_text(f"# ours\n{PUZZLE}")
    code, out, err = _run(capsys, "grade", "--json", "--steps", str(path))
    record = json.loads(out)
    assert (code, err, record["status"], record["board"]) == (0, "", "unique", "Samurai")
    assert record["level"] == 6 and record["se_rating"] is None
    assert record["bottleneck"]["grids"] and set(record["bottleneck"]["grids"]) <= set(
        samurai().grid_names)
    placements = [p for s in record["steps"] for p in s["placements"]]
    assert len(placements) == 369 - 95
    assert all(" grid" in p["cell"] and 1 <= p["row"] <= 21 and 1 <= p["col"] <= 21
               for p in placements)
    assert max(p["row"] for p in placements) > 9  # rows on the 21x21 board, not within a grid


def test_tutor_grade_text_says_the_bottleneck_grid(capsys, tmp_path):
    path = tmp_path / "ours.txt"
    path.write_text(PUZZLE)
    code, out, err = _run(capsys, "grade", "--no-se", str(path))
    assert code == 0 and re.search(r"Board\s+Samurai", out)
    assert re.search(r"Bottleneck\s+step \d+: ", out) and " grid)" in out
    assert "Sudoku Explainer rates 9x9 boards only" in out


def test_tutor_next_names_the_grid(capsys, tmp_path):
    path = tmp_path / "ours.txt"
    path.write_text(PUZZLE)
    for level in ("1", "2", "3"):
        code, out, err = _run(capsys, "next", "--hint", level, str(path))
        assert code == 0 and err == "" and " grid" in out


def _sudoq(board, every: int):
    puzzles, solutions = shared_file(SUDOQ), shared_file(SUDOQ_SOLUTIONS)
    records = [json.loads(line) for line in solutions.read_text().splitlines() if line.strip()]
    found = list(zip(records, read_puzzles(puzzles.read_text(), board)))
    return found[::every]


def test_sudoq_samurai_steps_are_true(board):
    # A few of each level (the whole set is bench.samurai's): every step true to the solution.
    for record, (_, text) in _sudoq(board, 6):
        grid = parse(text, board)
        solution = parse("\n".join(record["solution"]), board).values
        result = tutor.grade(grid)
        assert violations(grid, result.steps, solution) == [], record["source"]
        with using(board):
            assert all(holds_across_grids(step) for step in result.steps
                       if step.technique in ("unique_rectangle", "hidden_rectangle"))
