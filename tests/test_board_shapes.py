"""Boards of other shapes than 9x9 (4x4, 6x6, 16x16...): the solver and the engine work on any."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tutor
from tutor.engine.engine import ladder_on
from tutor.engine.plain_walk import PlainWalk
from tutor.engine.registry import LADDER, technique
from tutor.engine.scoring import Scorer
from tutor.engine.search import searching
from tutor.engine.walk import Walk, advance, ladder
from tutor.model.geometry import CLASSIC, regular, using
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


# --- the engine on other boards ------------------------------------------------------------------

# Puzzles of our own, made with the solver (a solved board, then cells emptied while one solution
# is left): (box height, box width, givens, solution), '.' empty.
OWN_PUZZLES = [
    (2, 2, "...3.....4..3..1", "4123231414323241"),
    (2, 2, ".4.....3......24", "3412214342311324"),
    (2, 2, "...4....1...3.1.", "2134432112433412"),
    (2, 3, "3...6...1..5...4.......2.26..11.....", "352164641235265413413652526341134526"),
    (2, 3, "..6.13.3..6..14.3....15.3.5.........", "256413431562514236623154345621162345"),
    (2, 3, "...5...6....6...2.4...6.5...14.1....", "142536365142653421421365536214214653"),
    (3, 2, "........64.....3.11...6..6......5..2", "321546516423642351153264264135435612"),
    (3, 2, ".5.1..1.3....4........4.....2..6.2.5", "354162123654642513215346536421461235"),
    (2, 4, ".7.5.28...1.6.......85.7......163.........4.1.6..3......85...14.",
     "6735428124186375416285377853241636815724524718631324765885763142"),
    (2, 4, "..6.2....5.836...6..8.....15...........3.3..52.6..2...1.78......",
     "4163285725783641364781258215673467521483138452765426731878314562"),
]
BEYOND_SUBSETS = [  # singles, intersections and subsets cannot finish these
    (2, 3, "..1.3..5...2........2..5....4..4.6..", "621534354162135426462315516243243651"),
    (3, 2, "..6..3....5..15......6214..........5", "256413643152315264534621421536162345"),
]


def _own(box_height, box_width, givens, solution):
    from bench.shapes import read_values

    board = regular(box_height, box_width)
    return board, Grid(read_values(givens, board), geometry=board), read_values(solution, board)


def _ids(case):
    return f"{case[0]}x{case[1]}:{case[2]}"


@pytest.mark.parametrize("case", OWN_PUZZLES, ids=_ids)
def test_own_puzzles_are_graded_to_their_solution_every_step_true(case):
    from bench.shapes import walk

    board, grid, solution = _own(*case)
    assert solve_values(grid.values, board) == (1, solution)
    steps, finished, wrong = walk(grid, solution)
    assert finished and steps and wrong == []
    grade = tutor.grade(grid)
    assert grade.solution_values == tuple(solution)
    assert grade.solution.geometry is board and grade.solution.is_solved
    assert 0 <= grade.level <= 5.5 and grade.card_runs_out_at is None and not grade.backtracking
    assert set(grade.techniques) <= set(ladder_on(LADDER, board))


def test_own_puzzles_use_every_family_of_the_board_ladder():
    """The fixtures above are worth their place: between them they need pointing, claiming and
    naked and hidden subsets, each step true."""
    used = set()
    for case in OWN_PUZZLES:
        _, grid, _ = _own(*case)
        used |= set(tutor.grade(grid).techniques)
    assert {"naked_single", "hidden_single", "pointing", "claiming", "naked_pair", "naked_triple",
            "hidden_pair"} <= used


@pytest.mark.parametrize("case", BEYOND_SUBSETS, ids=_ids)
def test_a_puzzle_beyond_subsets_is_finished_by_the_board_s_later_techniques(case):
    from bench.shapes import walk

    board, grid, solution = _own(*case)
    steps, finished, wrong = walk(grid, solution)
    assert finished and wrong == []
    grade = tutor.grade(grid)
    assert grade.solution_values == tuple(solution) and not grade.backtracking
    basic = {"singles", "intersections", "subsets"}
    assert {technique(t).family for t in grade.techniques} - basic


def test_sudoq_4x4_and_6x6_every_step_true(request):
    """Issue 27 item 5: every 4x4 and 6x6 SudoQ puzzle, graded through the library, walks to its
    solution (or as far as the board's techniques go) with every step true."""
    from conftest import shared_file
    from bench.shapes import BOARDS, sudoq_puzzles, walk

    for relative, board in BOARDS:
        path = shared_file(relative)
        puzzles = list(sudoq_puzzles(path, board))
        assert len(puzzles) == 60
        stuck = 0
        for givens, solution in puzzles:
            grid = Grid(givens, geometry=board)
            steps, finished, wrong = walk(grid, solution)
            assert wrong == [], (board.name, givens)
            stuck += not finished
        assert stuck == 0  # with the guess taught on every board, none can stick


def test_each_board_s_ladder_follows_the_complement_rule():
    # Every family works on every regular board; only subsets and fish bigger than half the
    # digits are left out (a naked set of k cells is a hidden set of n - k, a fish of k rows one
    # of n - k columns).
    left_out = {box: set(t for t in LADDER if t not in ladder_on(LADDER, regular(*box)))
                for box in ((2, 2), (2, 3), (2, 4), (4, 4))}
    quads = {"naked_quad", "hidden_quad", "jellyfish", "finned_jellyfish"}
    assert left_out[2, 3] == quads
    assert left_out[2, 2] == quads | {"naked_triple", "hidden_triple", "swordfish",
                                      "finned_swordfish"}
    assert left_out[2, 4] == left_out[4, 4] == set()
    assert ladder_on(LADDER, CLASSIC) == LADDER  # every technique on the classic board


def test_every_family_has_a_technique_on_each_board_s_ladder():
    families = {technique(t).family for t in LADDER}
    for box in ((2, 2), (2, 3), (3, 4)):
        assert {technique(t).family for t in ladder_on(LADDER, regular(*box))} == families


def test_naked_pair_on_6x6_named_with_the_board_s_units():
    board = regular(2, 3)
    grid = Grid.empty(board).with_candidates(0, (1, 2)).with_candidates(1, (1, 2))
    step, = tutor.find_steps(grid, "naked_pair")
    assert step.cells == (0, 1) and step.digits == (1, 2)
    assert step.units == (0, 2 * board.size)  # row 1 and box 1
    # The rest of row 1 (r1c3 to r1c6) and of box 1 (r1c3, r2c1 to r2c3) lose 1 and 2.
    assert step.eliminated_cells == {2, 3, 4, 5, 6, 7, 8}
    assert "no other cell of row 1 or box 1 can hold 1 or 2" in step.explanation
    assert "r2c1" in step.explanation and "r7" not in step.explanation


@pytest.mark.parametrize("box, kind", [((2, 3), "triple"), ((2, 4), "quad")])
def test_a_hidden_set_is_the_naked_set_of_the_unit_s_other_cells(box, kind):
    # Row 1's last k cells (k = half the digits) hold only 1 to k: a naked set there, and a hidden
    # set (the other digits) in its first k cells, the complement rule's two faces of one fact.
    board = regular(*box)
    k = board.size // 2
    grid = Grid.empty(board)
    for cell in range(k, board.size):
        grid = grid.with_candidates(cell, range(1, k + 1))
    hidden = [s for s in tutor.find_steps(grid, f"hidden_{kind}") if s.units == (0,)]
    assert [(s.cells, s.digits) for s in hidden] == [(tuple(range(k)), board.digits[k:])]
    assert {d for _, d in hidden[0].eliminations} == set(range(1, k + 1))
    naked, = [s for s in tutor.find_steps(grid, f"naked_{kind}")
              if s.cells == tuple(range(k, board.size))]
    # The naked set empties its box's other row too; in row 1 both remove the same.
    in_row_1 = tuple((c, d) for c, d in naked.eliminations if c < board.size)
    assert in_row_1 == hidden[0].eliminations
    assert f"(a hidden {kind})" in hidden[0].explanation


def test_16x16_texts_write_digits_above_9_as_letters():
    board = regular(4, 4)
    full = solve(Grid.empty(board))
    values = list(full.values)
    cell = values.index(10)
    values[cell] = 0
    step = tutor.next_step(Grid(values, geometry=board))
    assert step.placements == ((cell, 10),)
    assert f"{board.cell_name(cell)}=A" in str(step)
    assert "= A (a full house)" in step.explanation
    assert "and A is the only digit" in step.explanation


def test_hidden_single_in_a_6x6_box_rates_as_a_box_s():
    board, grid, _ = _own(*OWN_PUZZLES[4])
    steps = tutor.grade(grid).steps
    in_box = [s for s in steps if s.technique == "hidden_single"
              and board.unit_kinds[s.units[0]] == "box"]
    assert in_box
    with using(board):
        assert {s.rating for s in in_box} == {1.2}


def test_plain_walk_makes_the_classic_walk_s_steps():
    """The plain walk promises the classic walk's steps: on the classic board (where the engine
    uses the classic walk) both make the same steps, look-ahead included."""
    puzzles = ["045900000000710205020003009008301026010000050360805100200100030801057000000009510",
               ".1....3....4...8.9...965...1..8.6..3..34.71..2..3.9..4...678...6.1...9....8....2."]
    for line in puzzles:
        grid = tutor.parse(line)
        made = []
        for make in (Walk, lambda values, masks: PlainWalk(values, masks, CLASSIC)):
            with searching():
                steps: list = []
                scorer = Scorer()
                advance(make(grid.values, grid.live_masks), ladder(LADDER), steps, scorer, None)
                made.append((steps, scorer.counts, scorer.level, scorer.bottleneck_index))
        assert made[0] == made[1]
        assert len(made[0][0]) > 40


def _run(code: str) -> str:
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=True)
    return done.stdout


def test_grading_a_9x9_builds_no_other_shape_s_tables():
    out = _run(
        "import tutor\n"
        "from tutor.model import geometry\n"
        "tutor.grade(tutor.parse('045900000000710205020003009008301026010000050360805100200100030801057000000009510'))\n"
        "print(sorted(geometry._MADE), len(geometry.DIGITS_IN))\n")
    assert out.split("\n")[0] == "[(3, 3)] 512"


def test_a_small_board_graded_first_leaves_the_classic_board_s_steps_alone():
    # Families are loaded on first use: loading them while a 6x6 board is in use must not build
    # their classic tables for that board.
    classic = "045900000000710205020003009008301026010000050360805100200100030801057000000009510"
    box_height, box_width, givens, _ = BEYOND_SUBSETS[0]
    # The classic grade's steps, and at each position on the way the steps of the techniques
    # that read a digit's strong links in rows and columns.
    grade_classic = (f"grid = tutor.parse({classic!r})\n"
                     "for step in tutor.grade(grid).steps:\n"
                     "    print(tuple(step))\n"
                     "    for t in ('skyscraper', 'two_string_kite', 'turbot_fish'):\n"
                     "        print(t, [tuple(s) for s in tutor.find_steps(grid, t)])\n"
                     "    grid = grid.apply(step)\n")
    alone = _run("import tutor\n" + grade_classic)
    after = _run(
        "import tutor\n"
        "from tutor.model.geometry import regular\n"
        "from tutor.model.grid import Grid\n"
        "from bench.shapes import read_values\n"
        f"board = regular({box_height}, {box_width})\n"
        f"tutor.grade(Grid(read_values({givens!r}, board), geometry=board))\n" + grade_classic)
    assert after == alone and "'skyscraper', ()" in alone


def test_a_board_s_ladder_is_derived_from_what_each_technique_needs():
    from tutor.engine.registry import TECHNIQUES, on_ladder_of, works_on
    from tutor.engine.technique import BOX_LINE, ONE_GRID, ONE_SOLUTION

    by_id = {t.id: t for t in TECHNIQUES}
    assert by_id["unique_rectangle"].needs == {ONE_SOLUTION, ONE_GRID}
    assert by_id["unique_rectangle"].assumes_one_solution
    assert not by_id["x_wing"].assumes_one_solution
    assert BOX_LINE in by_id["pointing"].needs and BOX_LINE in by_id["finned_x_wing"].needs
    assert by_id["jellyfish"].set_size == 4 and by_id["hidden_triple"].set_size == 3
    for board in (regular(2, 2), regular(2, 3), regular(2, 4), regular(4, 4)):
        for t in TECHNIQUES:
            if on_ladder_of(t.id, board):
                # Every need the board must meet is met, and the complement rule holds.
                assert t.needs - {ONE_SOLUTION} <= board.features
                assert 2 * t.set_size <= board.size
            elif works_on(t.id, board):
                assert 2 * t.set_size > board.size
    assert not on_ladder_of("hidden_triple", regular(2, 2))
    assert on_ladder_of("hidden_triple", regular(2, 3))


def test_a_25x25_board_is_read_and_solved_but_not_graded():
    board = regular(5, 5)
    n = board.size
    values = [0 if (r + 2 * c) % n == 0 else (r % 5 * 5 + r // 5 + c) % n + 1
              for r in range(n) for c in range(n)]
    grid = tutor.Grid(values, geometry=board)
    assert tutor.solve(grid).is_solved
    assert tutor.parse(grid.to_line(), None) == grid
    with pytest.raises(tutor.engine.EngineError, match="no technique is taught on the 25x25 board"):
        tutor.grade(grid)
