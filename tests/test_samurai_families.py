"""Fish, single-digit patterns, colouring and uniqueness on the Samurai: fish and single-digit
patterns found grid by grid, colouring over the whole board, rectangles kept only where their swap
keeps every unit of the Samurai, BUG+1 over every unit; every step true and named by grid."""

from __future__ import annotations

import re

import pytest

import tutor
from test_samurai import PUZZLE, SOLUTION
from tutor.engine import (BY_ID, LADDER, MultipleSolutionsError, find_steps, next_step,
                          positions_along)
from tutor.engine.engine import ladder_on
from tutor.engine.grader import step_grids
from tutor.engine.grids import per_grid
from tutor.engine.registry import runs_per_grid, works_on
from tutor.engine.techniques.uniqueness import bug_plus_one, holds_across_grids, unique_rectangles
from tutor.model.formats import parse
from tutor.model.geometry import mask_of, samurai, using
from tutor.model.grid import Grid
from tutor.solvers.backtracking import count_solutions

# Our own: our solver's Samurai solution (test_samurai.SOLUTION) with its digits relabelled, dug
# at random by our solver while the whole puzzle kept one solution (97 givens).
DUG = """\
......5...3.2.....9....6..1.9..34...2..87.......6....8....1....14.....8..8372....
.4....3....2..7..67..81..........9.2....8...56...2..182.....7......68......9.....
.....42...8...........5..............564..........9..8.78.9...............281..97
.2..3..78...52......6.....29..3.6...15....4..7.8........9.8..........9.5...1...8.
...8....7....6.....97..1.3.1.2...97...4..5..238..9........3....2.....1.....2...9.
"""
DUG_SOLUTION = """\
461387529538291476972546831897134652256879143314652798729418365145963287683725914
145296387892357146763814529458671932921483675637529418289135764514768293376942851
365174289287936514914258376829367145756481932431529768178692453693745821542813697
524639178817524693396817542942356817153978426768241359239485761481762935675193284
453829617821367549697541238162483975974615382385792461549138726238976154716254893
"""

FAMILIES = ("fish", "single_digit", "colouring", "uniqueness")
NEW = tuple(t for t in BY_ID if BY_ID[t].family in FAMILIES)
_BARE_UNIT = re.compile(r"\b(row|column|box) (\d+)\b(?! of the)")


@pytest.fixture(scope="module")
def board():
    return samurai()


def _grid(board, text: str) -> Grid:
    return parse(text, board)


def test_every_family_is_taught_on_the_samurai(board):
    assert all(works_on(t, board) for t in NEW)
    # Grid by grid: the families whose tables read one grid's rows and columns, and the rectangles
    # (their swap must keep one grid's units); over the whole board: colouring and BUG+1.
    per_grid_ids = {t for t in NEW if runs_per_grid(t, board)}
    assert per_grid_ids == {t for t in NEW if BY_ID[t].family in ("fish", "single_digit")} | {
        "unique_rectangle", "hidden_rectangle"}
    assert ladder_on(LADDER, board) == LADDER


def _check_texts(board, step, position) -> None:
    with using(board):
        texts = [step.hint(level, position) for level in (1, 2, 3)] + [str(step)]
    for text in texts:
        assert not _BARE_UNIT.search(text), (step, text)
    assert all(" grid" in text for text in texts[1:]), (step, texts)
    if runs_per_grid(step.technique, board):
        # Found in one grid: every cell and unit of it lies in that grid, which the texts name.
        grids = step_grids(step, board)
        assert grids, step
        holding = {g for g in range(len(board.grids))
                   if all(set(board.units[u]) <= set(board.grids[g]) for u in step.units)}
        assert {board.grid_names[g] for g in holding} & set(grids), step
        assert any(f"of the {name} grid" in texts[1] for name in grids), (step, texts[1])


def test_every_family_fires_on_our_dug_samurai_and_every_step_is_true(board):
    grid, solution = _grid(board, DUG), _grid(board, DUG_SOLUTION).values
    result = tutor.grade(grid)
    assert result.solution_values == solution
    assert tutor.engine.violations(grid, result.steps, solution) == []
    # The ladder takes some of them by itself.
    assert {"finned_x_wing", "skyscraper", "unique_rectangle"} <= set(result.techniques)
    seen: dict[str, int] = {}
    across_grids = 0
    with using(board):
        positions = list(positions_along(grid, result.steps))
    now = grid
    for step, position in zip(result.steps, positions):
        here, now = now, now.apply(step)
        if step.technique in ("naked_single", "hidden_single"):
            continue
        for technique_id in NEW:
            found = find_steps(here, technique_id)
            for instance in found:
                assert all(solution[c] != d for c, d in instance.eliminations), instance
                assert all(solution[c] == d for c, d in instance.placements), instance
                if BY_ID[technique_id].family == "colouring" and not set.intersection(
                        *(set(board.grids_of[c]) for c in instance.cells)):
                    across_grids += 1  # a cluster reaching over grids: colouring's whole board
            if found and technique_id not in seen:
                seen[technique_id] = len(found)
                _check_texts(board, found[0], position)
        if len(seen) == len(NEW) - 1 and across_grids:
            break
    assert set(seen) == set(NEW) - {"bug_plus_one"}  # BUG+1: tests below
    assert across_grids


def _marked(board, empty: dict[str, str]) -> Grid:
    """Our puzzle's givens (test_samurai.PUZZLE), every empty cell with its standard candidates
    but the cells named, which keep only the candidates given (a string of digits): pencil marks
    a learner might have, each keeping its cell's solution."""
    grid = parse(PUZZLE, board)
    masks = list(grid.masks)
    for name, digits in empty.items():
        cell = board.parse_cell_name(name)
        wanted = mask_of(map(int, digits))
        assert masks[cell] & wanted == wanted  # the given candidates are standard ones
        masks[cell] = wanted
    return Grid(grid.values, grid.givens, tuple(masks), geometry=board)


def test_a_rectangle_through_a_shared_box_is_not_taught(board):
    # r7c3 and r9c7 of the top-left grid hold 7, r7c7 and r9c3 hold 2: swapping 2 and 7 there
    # keeps every unit of the top-left grid valid (a second solution of that grid alone), but not
    # row 1 of the centre grid, which holds r7c7 of the top-left grid and not r7c3. Three corners
    # marked 2 and 7 alone, r7c3 also 1: grid by grid, a unique rectangle would take the 7 of
    # r7c3, its solution.
    grid = _marked(board, {"TL r7c3": "127", "TL r7c7": "27", "TL r9c3": "27", "TL r9c7": "27"})
    solution = parse(SOLUTION, board).values
    roof = board.parse_cell_name("TL r7c3")
    assert solution[roof] == 7
    with using(board):
        raw = list(per_grid(unique_rectangles)(grid.values, grid.live_masks))
        wrong = [step for step in raw if (roof, 7) in step.eliminations]
        assert wrong and not any(holds_across_grids(step) for step in wrong)
    steps = find_steps(grid, "unique_rectangle") + find_steps(grid, "hidden_rectangle")
    assert not any(roof in step.role("corners") for step in steps)
    for step in steps:  # rectangles elsewhere, inside one grid: true
        assert all(solution[c] != d for c, d in step.eliminations), step
        with using(board):
            assert holds_across_grids(step)


def test_a_rectangle_inside_one_grid_is_taught_and_true(board):
    # r2c6 and r4c5 of the centre grid hold 8, r4c6 holds 3 and r2c5 holds 2.
    grid = _marked(board, {"C r2c5": "238", "C r2c6": "38", "C r4c5": "38", "C r4c6": "38"})
    solution = parse(SOLUTION, board).values
    roof = board.parse_cell_name("C r2c5")
    steps = [s for s in find_steps(grid, "unique_rectangle") if roof in s.role("corners")]
    assert [s.eliminations for s in steps] == [((roof, 3), (roof, 8))]
    assert solution[roof] == 2
    step = steps[0]
    with using(board):
        assert holds_across_grids(step)
    text = step.hint(3)
    assert ("the four corners r2c5, r2c6, r4c5 and r4c6 of the centre grid (rows 2 and 4, "
            "columns 5 and 6, boxes 2 and 5 of the centre grid) can never hold only 3 and 8"
            in text), text
    assert step.hint(1) == ("Look for a unique rectangle on 3 and 8 in rows 2 and 4 of the "
                            "centre grid (it rests on the puzzle having only one solution).")
    assert str(step).startswith("Unique rectangle type 1: 3,8 in r2c5 of the centre grid,")


def _bug_masks(board, solution, marks: dict[str, str]):
    """The solution with the cells named empty, each with the candidates given: not a position a
    game reaches (their digits are placed in the cells' other units), but what BUG+1's finder
    counts, candidates by unit, is all there."""
    cells = {board.parse_cell_name(name): mask_of(map(int, digits)) for name, digits in marks.items()}
    values = tuple(0 if c in cells else v for c, v in enumerate(solution))
    return values, tuple(cells.get(c, 0) for c in board.cells)


def test_bug_plus_one_counts_every_unit_of_the_whole_samurai(board):
    solution = parse(SOLUTION, board).values
    # r1c4 and r2c2 of the top-left grid hold 2, r2c4 holds 6 and r1c2 holds 8: three cells of
    # 2 and 6, one of 2, 6 and 8, in units that hold them two by two but for the 8.
    values, masks = _bug_masks(board, solution, {"TL r1c2": "268", "TL r1c4": "26",
                                                 "TL r2c2": "26", "TL r2c4": "26"})
    roof = board.parse_cell_name("TL r1c2")
    with using(board):
        steps = list(bug_plus_one(values, masks))
        assert [s.placements for s in steps] == [((roof, 8),)] and solution[roof] == 8
        text = steps[0].hint(3)
    assert ("8 is a candidate three times in row 1 of the top-left grid, in column 2 of the "
            "top-left grid and in box 1 of the top-left grid" in text)
    # The cell of three in a shared box: r8c8 of the top-left grid is r2c2 of the centre grid,
    # whose column 2 holds no other empty cell, so 1 and 6 are candidates once there: no grave on
    # the whole board (in the top-left grid alone there would be one).
    values, masks = _bug_masks(board, solution, {"TL r1c7": "16", "TL r1c8": "16",
                                                 "TL r8c7": "16", "TL r8c8": "156"})
    with using(board):
        assert list(bug_plus_one(values, masks)) == []
        grid_cells = board.grids[0]
        view = (tuple(values[c] for c in grid_cells), tuple(masks[c] for c in grid_cells))
    # The top-left grid alone, as a classic board: there r8c8 (cell 70) would be placed.
    assert [s.placements for s in bug_plus_one(*view)] == [((70, 5),)]


def test_uniqueness_rests_on_the_whole_samurais_one_solution(board):
    # r1c1 and r2c7 of the top-left grid hold 9, r1c7 and r2c1 hold 1, no corner in a shared box:
    # emptied, 1 and 9 swap there in every unit of the Samurai, so the whole puzzle has two
    # solutions, and no uniqueness step (nor any step at all) is given.
    solution = parse(SOLUTION, board).values
    corners = {board.parse_cell_name(name) for name in ("TL r1c1", "TL r1c7", "TL r2c1", "TL r2c7")}
    values = tuple(0 if c in corners else v for c, v in enumerate(solution))
    grid = Grid(values, frozenset(c for c in board.cells if c not in corners), geometry=board)
    assert count_solutions(grid) == 2
    for technique_id in ("unique_rectangle", "hidden_rectangle", "bug_plus_one"):
        with pytest.raises(MultipleSolutionsError):
            find_steps(grid, technique_id)
    with pytest.raises(MultipleSolutionsError):
        next_step(grid)
    with pytest.raises(MultipleSolutionsError):
        tutor.grade(grid)
