"""Boards of other shapes than 9x9 (4x4, 6x6, 16x16...): the solver and the engine work on any."""

import pytest

from tutor.model.geometry import regular
from tutor.model.grid import Grid
from tutor.solvers.backtracking import count_solutions, solve, solve_values, validity

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (4, 4), (5, 5)]


@pytest.mark.parametrize("box", SHAPES, ids=lambda box: f"{box[0]}x{box[1]}")
def test_solver_fills_an_empty_board_of_any_shape(box):
    board = regular(*box)
    empty = Grid.empty(board)
    solution = solve(empty)
    assert solution is not None and solution.geometry is board
    assert solution.is_solved
    assert count_solutions(empty) == 2  # counted no further than the limit


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (4, 4)], ids=lambda box: f"{box[0]}x{box[1]}")
def test_solver_finds_the_one_solution_left_after_emptying_one_cell(box):
    board = regular(*box)
    full = solve(Grid.empty(board))
    values = list(full.values)
    values[5] = 0
    count, first = solve_values(values, board)
    assert (count, first) == (1, list(full.values))
    assert validity(Grid(values, geometry=board)).status == "unique"


def test_solver_finds_no_solution_where_a_digit_has_no_place():
    # 4x4: the 1 of row 1 has no place (r1c1 holds 2; the other cells of row 1 see a 1).
    board = regular(2, 2)
    values = [0] * 16
    values[0] = 2
    values[board.cell_at(1, 2)] = 1  # r2c3, in box 2: rules out r1c3 and r1c4
    values[board.cell_at(3, 1)] = 1  # r4c2, in column 2: rules out r1c2
    grid = Grid(values, geometry=board)
    assert not grid.has_conflict()
    assert count_solutions(grid) == 0
    assert validity(grid).status == "none"


def test_validity_names_a_clash_with_the_board_s_own_units():
    board = regular(2, 3)
    values = [0] * 36
    values[0] = values[7] = 4  # r1c1 and r2c2: both in box 1
    check = validity(Grid(values, geometry=board))
    assert check.status == "conflict"
    assert check.message == "conflicting givens: two 4s in box 1 (r1c1 and r2c2)"
    assert check.conflict_cells == {0, 7}


def test_several_solutions_on_a_small_board_say_nothing_of_the_17_clue_bound():
    check = validity(Grid.empty(regular(2, 3)))
    assert check.status == "multiple"
    assert "givens" not in check.message
