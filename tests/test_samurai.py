"""The Samurai board: its geometry, names, formats, saves and solver."""

from __future__ import annotations

import json
import pickle

import pytest

from conftest import shared_file
from tutor.model.errors import FormatError, NoCandidateError, SaveError, SharedBoxError
from tutor.model.formats import parse, read_puzzles
from tutor.model.geometry import (
    CLASSIC,
    board_of_cells,
    cells_name,
    new_digit_cell_sets,
    regular,
    samurai,
    using,
)
from tutor.model.grid import Grid
from tutor.play.game import grid_from_json, grid_to_json
from tutor.solvers.backtracking import count_solutions, solve, solve_values, validity

# Our own puzzle (made by our solver: a few random digits on the empty board solved, its digits
# relabelled, then dug at random while the whole puzzle kept one solution; 95 givens, none of
# which can go). Five lines: top-left, top-right, centre, bottom-left, bottom-right.
PUZZLE = """\
......1.....6.4.3.73..9.....7....8..6.8...4..24...6.7.............782....5.......
...6...5....2.3....82.4..6.9..834...76..5.......1...4....4.1.8.1.9..5..2.........
...4...........1.9....1......7....9.31..5......4..7.8....8.6........1............
..9.2....54...........4....7....8.....2.....83.5.9.......95.3.......67..8.1......
...5..8..........7.....4..54......3..39..1.....1.7...4...4.5.6.6....8........9...
"""
SOLUTION = """\
984253167125674938736198524573429816618537492249816375367945281491782653852361749
491678253576213498382549167915834726764952831823167945657421389149385672238796514
281439657653728149749615238567283491318954726924167385435876912872391564196542873
169827435543169872278543196796218543412735968385694217627951384954386721831472659
912567843564283197873194625486952731739841256251376984197425368625738419348619572
"""


@pytest.fixture(scope="module")
def board():
    return samurai()


def test_the_shape_has_the_facts_of_the_issue(board):
    assert board.cell_count == 369 and len(board.units) == 131
    assert (len(board.rows), len(board.columns), len(board.boxes)) == (45, 45, 41)
    assert all(len(unit) == 9 for unit in board.units)
    shared = [c for c in board.cells if len(board.units_of[c]) == 5]
    assert len(shared) == 36
    assert {len(board.peers[c]) for c in shared} == {32}
    assert {len(board.peers[c]) for c in board.cells if c not in shared} == {20}
    assert all(len(board.units_of[c]) == 3 for c in board.cells if c not in shared)
    assert board.screen == (21, 21) and board.digits == tuple(range(1, 10))
    assert len(board.grids) == 5 and all(len(grid) == 81 for grid in board.grids)
    # Each shared box is one unit, in two grids; each other unit in one.
    assert sorted(len(board.unit_grids[u]) for u in board.box_units).count(2) == 4


def test_the_shape_is_made_once_and_pickles_as_itself(board):
    assert samurai() is board and pickle.loads(pickle.dumps(board)) is board
    assert repr(board) == "samurai()" and board_of_cells(369) is board
    assert board.is_samurai and not CLASSIC.is_samurai
    with pytest.raises(ValueError, match="no board has 370 cells"):
        board_of_cells(370)


def test_a_shared_box_crosses_the_lines_of_both_its_grids(board):
    centre_row_1 = next(u for u in board.row_units if board.unit_name(u) == "row 1 of the centre grid")
    top_left_row_7 = next(u for u in board.row_units
                          if board.unit_name(u) == "row 7 of the top-left grid")
    shared_box = next(u for u in board.box_units
                      if board.unit_name(u).startswith("box 9 of the top-left grid"))
    crossing = {(box, line): cells for box, line, cells in board.crossings}
    assert crossing[shared_box, centre_row_1] == crossing[shared_box, top_left_row_7]
    assert len(crossing[shared_box, centre_row_1]) == 3
    # The two rows run side by side through the shared box: a crossing of lines of two grids.
    lines = {(one, other): cells for one, other, cells in board.line_crossings}
    assert lines[top_left_row_7, centre_row_1] == crossing[shared_box, centre_row_1]
    assert len(board.crossings) == 41 * 6 + 4 * 6 and len(board.line_crossings) == 4 * 6
    assert "box_line" in board.features and "one_grid" not in board.features
    assert "row_column_grid" not in board.features  # its rows and columns are five grids'
    assert CLASSIC.features == {"box_line", "one_grid", "row_column_grid"}
    assert CLASSIC.line_crossings == ()


def test_cells_are_named_in_their_grid_and_a_shared_cell_in_both(board):
    assert board.cell_name(board.cell_at(0, 0)) == "r1c1 of the top-left grid"
    assert board.cell_name(board.cell_at(2, 18)) == "r3c7 of the top-right grid"
    assert (board.cell_name(board.cell_at(6, 6))
            == "r7c7 of the top-left grid (r1c1 of the centre grid)")
    assert (board.cell_name(board.cell_at(14, 14))
            == "r3c3 of the bottom-right grid (r9c9 of the centre grid)")
    assert board.cell_name(board.cell_at(10, 10)) == "r5c5 of the centre grid"
    with pytest.raises(ValueError, match="no cell is drawn at row 10, column 1"):
        board.cell_at(9, 0)


def test_units_are_named_in_their_grid(board):
    names = [board.unit_name(u) for u in range(len(board.units))]
    assert names[2] == "row 3 of the top-left grid"
    assert "row 3 of the centre grid" in names and "column 7 of the bottom-right grid" in names
    assert "box 5 of the top-right grid" in names and "box 5 of the centre grid" in names
    assert "box 9 of the top-left grid (box 1 of the centre grid)" in names
    assert "box 1 of the bottom-right grid (box 9 of the centre grid)" in names
    assert len(set(names)) == 131
    # A shared box is not listed again under the centre grid's own number.
    assert not any(name.startswith("box 1 of the centre grid") for name in names)


def test_names_read_back_long_and_short(board):
    assert all(board.parse_cell_name(board.cell_name(c)) == c for c in board.cells)
    shared = board.cell_at(6, 6)
    assert board.parse_cell_name("TL r7c7") == shared
    assert board.parse_cell_name("c r1c1") == shared
    assert board.parse_cell_name("R1C1 of the Centre grid") == shared
    assert board.parse_cell_name("br r9c9") == board.cell_at(20, 20)
    with pytest.raises(ValueError, match="names two different cells"):
        board.parse_cell_name("r7c7 of the top-left grid (r1c2 of the centre grid)")
    for wrong in ("r3c7", "TL r10c1", "r3c7 of the middle grid", "XX r1c1", ""):
        with pytest.raises(ValueError, match="not a cell name"):
            board.parse_cell_name(wrong)
    # The regular boards keep their names.
    assert CLASSIC.cell_name(24) == "r3c7" and CLASSIC.unit_name(22) == "box 5"
    assert regular(2, 3).parse_cell_name("r6c6") == 35


def test_the_board_in_use_names_samurai_cells_grid_by_grid(board):
    with using(board):
        assert cells_name([board.cell_at(0, 0), board.cell_at(0, 12)]) == (
            "r1c1 of the top-left grid and r1c1 of the top-right grid")
        assert cells_name([board.cell_at(10, 10), board.cell_at(0, 4), board.cell_at(0, 0)]) == (
            "r1c1 and r1c5 of the top-left grid and r5c5 of the centre grid")
        assert cells_name([board.cell_at(0, 0), board.cell_at(6, 6)]) == (
            "r1c1 and r7c7 of the top-left grid (r7c7 is r1c1 of the centre grid)")
        assert cells_name([board.cell_at(6, 6)]) == board.cell_name(board.cell_at(6, 6))
    assert cells_name([0, 80, 4]) == "r1c1, r1c5 and r9c9"  # the classic board as before


def test_moving_crosses_the_gaps(board):
    right_edge = board.cell_at(4, 8)
    assert board.cell_name(board.moved(right_edge, 0, 1)) == "r5c1 of the top-right grid"
    assert board.cell_name(board.moved(board.cell_at(8, 3), 1, 0)) == "r1c4 of the bottom-left grid"
    # Nothing is drawn further that way: the cell stays.
    assert board.moved(board.cell_at(10, 6), 0, -1) == board.cell_at(10, 6)
    assert board.moved(board.cell_at(0, 0), -1, -1) == board.cell_at(0, 0)


def test_digit_cell_sets_on_the_samurai(board):
    grid = parse(PUZZLE, board)
    sets = new_digit_cell_sets(grid.masks)
    for digit in board.digits:
        assert sets[digit] == sum(1 << c for c in board.cells if grid.has_candidate(c, digit))


def test_five_lines_read_and_write_back(board):
    grid = parse(PUZZLE, board)
    assert grid.geometry is board and grid.given_count == 95
    assert grid.to_grid_lines() == PUZZLE
    assert parse(PUZZLE, None) == grid  # told by its five lines of 81 cells
    assert parse(PUZZLE.replace(".", "0"), board) == grid
    assert parse("# ours\n" + PUZZLE.replace("\n", "  # a comment\n"), board) == grid


def test_the_drawn_board_reads_and_writes_back(board):
    grid = parse(PUZZLE, board)
    drawn = grid.to_drawn()
    rows = drawn.splitlines()
    assert len(rows) == 21 and rows[0] == "......1..   ...6...5."
    # The centre grid's row 5 alone, trailing gaps left off.
    assert rows[10] == " " * 6 + PUZZLE.splitlines()[2][36:45]
    assert parse(drawn, board) == grid and parse(drawn, None) == grid
    slashed = grid.to_drawn("/")
    assert all(len(row) == 21 for row in slashed.splitlines())
    assert parse(slashed, None) == grid
    assert grid.to_pretty() == drawn


def _played(board) -> tuple[Grid, Grid]:
    """Our puzzle, and a position of it: one digit placed, one candidate taken out."""
    grid = parse(PUZZLE, board)
    first, second = grid.empty_cells[:2]
    played = grid.place(first, parse(SOLUTION, board).value(first))
    return grid, played.eliminate([(second, max(played.candidates(second)))])


def test_the_pencil_marks_grid_by_grid_read_back(board):
    grid, played = _played(board)
    for position in (grid, played):
        text = position.to_pencilmarks()
        assert text.startswith("# the top-left grid\n") and "# the centre grid\n" in text
        assert parse(text, board) == position
    # A shared cell written differently in its two grids' pencil marks is refused.
    text = grid.to_pencilmarks().splitlines()
    centre_row_1 = text.index("# the centre grid") + 1
    tokens = text[centre_row_1].split()
    changed = "5" if tokens[0] != "5" else "6"
    text[centre_row_1] = text[centre_row_1].replace(tokens[0], changed.ljust(len(tokens[0])), 1)
    with pytest.raises(SharedBoxError) as caught:
        parse("\n".join(text), board)
    assert caught.value.line == centre_row_1 + 1 and caught.value.grids == ("top-left", "centre")


def test_one_line_of_every_cell_reads_back(board):
    grid = parse(PUZZLE, board)
    assert len(grid.to_line()) == 369 and parse(grid.to_line(), None) == grid
    assert parse(PUZZLE.replace("\n", ""), board) == grid  # the five grids in one line
    assert eval(repr(grid), {"tutor": __import__("tutor"), "samurai": samurai}) == grid


def test_a_played_position_round_trips(board):
    _, played = _played(board)
    assert parse(played.to_grid_lines(compact=True), board) == played
    assert parse(played.to_compact(), board) == played
    saved = json.loads(json.dumps(grid_to_json(played)))
    assert saved["board"] == "samurai" and "box" not in saved
    assert grid_from_json(saved) == played
    # A regular board's save still names its box; an old classic save names nothing.
    six = Grid([0] * 36)
    assert grid_to_json(six)["box"] == [2, 3] and "board" not in grid_to_json(six)
    assert grid_from_json(grid_to_json(Grid.empty())) == Grid.empty()
    with pytest.raises(SaveError, match="names no board: board 'hexagon'"):
        grid_from_json(dict(saved, board="hexagon"))


def test_two_copies_of_a_shared_box_that_disagree_are_an_error(board):
    lines = PUZZLE.splitlines()
    # The centre grid's r1c1 is the top-left grid's r7c7 (its line's 61st character).
    assert lines[0][60] == "."
    lines[2] = "5" + lines[2][1:]
    with pytest.raises(SharedBoxError) as caught:
        parse("\n".join(lines), board)
    error = caught.value
    assert error.grids == ("top-left", "centre")
    assert error.cell == board.cell_at(6, 6) and (error.line, error.column) == (3, 1)
    assert "r7c7 of the top-left grid (r1c1 of the centre grid)" in error.message
    assert "is '.' in the top-left grid but '5' in the centre grid" in error.message
    with pytest.raises(SharedBoxError):
        parse("\n".join(lines), None)


@pytest.mark.parametrize(("change", "message"), [
    (lambda lines: lines[:4], "found 4 lines; a Samurai is 5 lines of 81 cells"),
    (lambda lines: [lines[0][:-1]] + lines[1:], "the top-left grid's line has 80 cells"),
    (lambda lines: lines[:3] + [lines[3][:10] + "a" + lines[3][11:]] + lines[4:],
     "unexpected character 'a'"),
])
def test_bad_five_line_texts_say_what_and_where(board, change, message):
    with pytest.raises(FormatError, match=message):
        parse("\n".join(change(PUZZLE.splitlines())), board)


def test_bad_drawn_boards_say_what_and_where(board):
    grid = parse(PUZZLE, board)
    rows = grid.to_drawn("/").splitlines()
    in_gap = rows[:]
    in_gap[10] = "1" + in_gap[10][1:]
    with pytest.raises(FormatError, match=r"a cell \('1'\) where the drawn board has a gap") as caught:
        parse("\n".join(in_gap), board)
    assert (caught.value.line, caught.value.column) == (11, 1)
    two_gaps = rows[:]
    two_gaps[10] = "~" + two_gaps[10][1:]
    with pytest.raises(FormatError, match="the gap between grids is '~' here but '/' before"):
        parse("\n".join(two_gaps), board)
    bad_cell = rows[:]
    bad_cell[3] = bad_cell[3][:4] + "a" + bad_cell[3][5:]
    with pytest.raises(FormatError, match=r"'a' where the drawn board has a cell \(r4c5 of the"):
        parse("\n".join(bad_cell), board)


def test_conflicts_and_dead_cells_name_grids(board):
    lines = PUZZLE.splitlines()
    # r1c7 of the top-left grid holds 1: a 1 in its r1c1 clashes in row 1.
    lines[0] = "1" + lines[0][1:]
    with pytest.raises(ValueError, match=r"two 1s in row 1 of the top-left grid \(r1c1 and r1c7 "
                                         r"of the top-left grid\)"):
        parse("\n".join(lines), board)
    line = parse(PUZZLE, board).to_line()
    empty = line.index(".")
    with pytest.raises(NoCandidateError, match="r1c1 of the top-left grid has no candidate"):
        parse(line[:empty] + "{}" + line[empty + 1:], board)


def test_a_file_of_puzzles_is_split_at_blank_lines(board):
    text = f"# a file\n\n# first\n{PUZZLE}\n\n# second\n{SOLUTION}"
    found = list(read_puzzles(text, None))
    assert [line for line, _ in found] == [3, 11]
    assert parse(found[0][1], None) == parse(PUZZLE, board)
    assert parse(found[1][1], board).values == parse(SOLUTION, board).values
    assert list(read_puzzles(text, board)) == found
    # Comment lines alone may part them too.
    packed = f"# first\n{PUZZLE}# second\n# (ours again)\n{PUZZLE}"
    assert [line for line, _ in read_puzzles(packed, None)] == [1, 7]
    assert all(parse(text, None) == parse(PUZZLE, board) for _, text in read_puzzles(packed, None))
    # A file of classic puzzles is still read one a line, five of them too (their corner boxes
    # do not agree as a Samurai's shared boxes do).
    classic = "." * 81 + "\n" + "1" + "." * 80 + "\n"
    assert len(list(read_puzzles(classic, None))) == 2
    lines = PUZZLE.splitlines()
    five = "\n".join(lines[2:] + lines[:2]) + "\n"
    assert [text for _, text in read_puzzles(five, None)] == lines[2:] + lines[:2]
    with pytest.raises(FormatError, match="a second puzzle starts here"):
        parse(five, None)


def test_our_puzzle_has_one_solution_the_known_one(board):
    grid = parse(PUZZLE, board)
    assert count_solutions(grid) == 1
    solved = solve(grid)
    assert solved is not None and solved.values == parse(SOLUTION, board).values
    assert solved.is_solved
    check = validity(grid)
    assert check.status == "unique"
    # Taking out one given leaves several solutions (it was dug as far as it goes).
    loose = list(grid.values)
    loose[next(c for c in board.cells if loose[c])] = 0
    assert count_solutions(Grid(loose, geometry=board)) == 2


def test_the_empty_samurai_has_many_solutions_and_each_is_valid(board):
    count, first = solve_values([0] * board.cell_count, board)
    assert count == 2 and first is not None
    assert Grid(first, geometry=board).is_solved


def test_an_impossible_samurai_has_none(board):
    # A wrong digit in a shared cell, with a candidate left everywhere: no solution.
    solution = parse(SOLUTION, board)
    grid = parse(PUZZLE, board)
    cell = next(c for c in grid.empty_cells if len(board.units_of[c]) == 5)
    wrong = next(d for d in board.digits if d != solution.value(cell) and grid.has_candidate(cell, d))
    assert count_solutions(grid.place(cell, wrong).as_puzzle()) == 0


def test_every_sudoq_samurai_solves_to_its_listed_solution(board):
    path = shared_file("sudoq/samurai.jsonl")
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    texts = list(read_puzzles(shared_file("sudoq/samurai.txt").read_text(), None))
    assert len(records) == len(texts) == 60
    for record, (_, text) in zip(records, texts):
        grid = parse(text, None)
        assert grid.to_grid_lines().splitlines() == record["givens"]
        count, solution = solve_values(grid.values, board)
        assert count == 1, record["source"]
        assert Grid(solution, geometry=board).to_grid_lines().splitlines() == record["solution"]


def _run(capsys, *argv):
    from tutor.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tutor_solve_prints_the_five_lines(capsys, tmp_path, board):
    path = tmp_path / "ours.txt"
    path.write_text("# our Samurai\n" + PUZZLE)
    code, out, err = _run(capsys, "solve", str(path))
    assert (code, out, err) == (0, SOLUTION, "")
    code, out, _ = _run(capsys, "solve", "--line", str(path))
    assert code == 0 and out == parse(SOLUTION, board).to_line() + "\n"
    code, out, _ = _run(capsys, "solve", "--count", str(path))
    assert (code, out) == (0, "1 solution\n")
    # The drawn board is read too.
    drawn = tmp_path / "drawn.txt"
    drawn.write_text(parse(PUZZLE, board).to_drawn())
    assert _run(capsys, "solve", str(drawn))[:2] == (0, SOLUTION)


def test_tutor_solve_json_names_cells_with_rows_and_columns_of_the_drawn_board(capsys, tmp_path,
                                                                                board):
    path = tmp_path / "ours.txt"
    path.write_text(PUZZLE)
    code, out, _ = _run(capsys, "solve", "--json", str(path))
    record = json.loads(out)
    assert code == 0 and record["board"] == "Samurai" and record["solutions"] == 1
    assert list(record["grids"].values()) == SOLUTION.splitlines()
    assert len(record["cells"]) == 369
    shared = next(c for c in record["cells"] if c["row"] == 7 and c["col"] == 7)
    assert shared["cell"] == "r7c7 of the top-left grid (r1c1 of the centre grid)"
    assert shared["digit"] == int(SOLUTION.splitlines()[0][60])


def test_tutor_solve_names_a_disagreeing_shared_box_by_the_file_line(capsys, tmp_path):
    lines = PUZZLE.splitlines()
    lines[2] = "5" + lines[2][1:]
    path = tmp_path / "bad.txt"
    path.write_text("# a comment\n\n# ours\n" + "\n".join(lines) + "\n")
    code, out, err = _run(capsys, "solve", str(path))
    assert code == 1 and out == ""
    assert err.startswith(f"tutor solve: {path} line 6, column 1: the shared cell r7c7 of the "
                          f"top-left grid (r1c1 of the centre grid)")
    assert "Traceback" not in err


def test_the_milp_solver_leaves_a_samurai_to_backtracking(capsys, tmp_path):
    pytest.importorskip("scipy")
    path = tmp_path / "ours.txt"
    path.write_text(PUZZLE)
    code, out, err = _run(capsys, "solve", "--method", "milp", str(path))
    assert (code, out) == (2, "")
    assert "a Samurai is solved by backtracking" in err
