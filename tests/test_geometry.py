"""Geometry: units, peers and names are computed right."""

from tutor.model.geometry import (
    BOXES, CELLS, COUNT, PEERS, UNITS, UNITS_OF, cell_name, common_units, digits_name,
    mask_of, parse_cell_name, unit_name, DIGITS_IN,
)


def test_units_and_peers():
    assert len(UNITS) == 27 and all(len(u) == 9 for u in UNITS)
    assert all(len(PEERS[c]) == 20 for c in CELLS)
    assert BOXES[4] == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    for c in CELLS:
        assert all(c in UNITS[u] for u in UNITS_OF[c])


def test_names_round_trip():
    assert cell_name(0) == "r1c1" and cell_name(80) == "r9c9" and cell_name(24) == "r3c7"
    assert all(parse_cell_name(cell_name(c)) == c for c in CELLS)
    assert unit_name(2) == "row 3" and unit_name(9 + 6) == "column 7" and unit_name(18 + 4) == "box 5"
    assert digits_name([7, 1, 4]) == "1, 4 and 7"


def test_masks():
    assert DIGITS_IN[mask_of([1, 6])] == (1, 6)
    assert COUNT[mask_of([2, 3, 9])] == 3


def test_common_units():
    assert common_units([0, 1]) == (0, 18)  # row 1 and box 1
    assert common_units([0, 80]) == ()


def test_moved_stops_at_the_edge():
    from tutor.model.geometry import moved

    assert moved(parse_cell_name("r5c5"), -1, 0) == parse_cell_name("r4c5")
    assert moved(parse_cell_name("r1c1"), -1, -1) == parse_cell_name("r1c1")
    assert moved(parse_cell_name("r9c8"), 1, 3) == parse_cell_name("r9c9")


def test_digit_cell_sets_read_off_in_c_agree_with_the_definition():
    import random

    from tutor.model.geometry import digit_cell_sets, new_digit_cell_sets

    rng = random.Random(15)
    boards = [[0] * 81, [511] * 81, [1 << (c % 9) for c in CELLS]]
    boards += [[rng.randrange(512) for _ in CELLS] for _ in range(200)]
    for masks in boards:
        expected = [0] + [sum(1 << c for c in CELLS if masks[c] >> (d - 1) & 1) for d in range(1, 10)]
        assert new_digit_cell_sets(masks) == expected
        assert digit_cell_sets(tuple(masks)) == expected


# --- boards of every shape ---------------------------------------------------------------------
import pickle  # noqa: E402

import pytest  # noqa: E402

from tutor.model.geometry import (  # noqa: E402
    CLASSIC, regular, regular_of_cells, regular_of_size, using,
)
from tutor.model.grid import Grid  # noqa: E402

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (5, 5)]


@pytest.mark.parametrize("height, width", SHAPES)
def test_a_regular_board_has_the_units_and_peers_its_shape_says(height, width):
    board = regular(height, width)
    n = height * width
    assert board.size == n and board.cell_count == n * n and len(board.units) == 3 * n
    assert all(len(unit) == n for unit in board.units)
    assert sorted(c for unit in board.boxes for c in unit) == list(board.cells)
    for cell in board.cells:
        row, col = board.row_of[cell], board.col_of[cell]
        box = board.boxes[board.box_of[cell]]
        # A box is `height` rows by `width` columns.
        assert len({board.row_of[c] for c in box}) == height
        assert len({board.col_of[c] for c in box}) == width
        assert board.peer_sets[cell] == frozenset(
            c for c in board.cells if c != cell and (board.row_of[c] == row or board.col_of[c] == col
                                                     or board.box_of[c] == board.box_of[cell]))
        assert board.peer_bits[cell] == sum(1 << p for p in board.peers[cell])
        assert board.parse_cell_name(board.cell_name(cell)) == cell
    # Each box crosses `height` rows and `width` columns, in `width` and `height` cells.
    for box, line, shared in board.crossings:
        assert len(shared) == (width if board.unit_kind(line) == "row" else height)
    assert len(board.crossings) == n * (height + width)


def test_each_shape_is_made_once_and_immutable():
    assert regular(3, 3) is CLASSIC and regular(2, 3) is regular(2, 3)
    assert regular(2, 3) is not regular(3, 2)
    assert pickle.loads(pickle.dumps(regular(3, 4))) is regular(3, 4)
    with pytest.raises(AttributeError):
        regular(2, 3).size = 9  # type: ignore[misc]
    with pytest.raises(ValueError, match="7 digits"):
        regular_of_size(7)
    with pytest.raises(ValueError, match="no board"):
        regular(0, 3)
    assert regular_of_size(6) is regular(2, 3) and regular_of_size(12) is regular(3, 4)
    assert regular_of_cells(81) is CLASSIC and regular_of_cells(256) is regular(4, 4)


def test_names_speak_of_the_board_in_use():
    board = regular(4, 4)
    with using(board):
        assert cell_name(255) == "r16c16" and unit_name(47) == "box 16"
        assert digits_name([16, 10, 3]) == "3, A and G"
        assert parse_cell_name("r12c15") == 11 * 16 + 14
    assert cell_name(80) == "r9c9"  # the classic board again outside the block
    with pytest.raises(ValueError):
        parse_cell_name("r12c15")


def test_the_mask_tables_serve_every_board_up_to_16_digits():
    regular(4, 4)
    assert DIGITS_IN[mask_of([1, 9, 16])] == (1, 9, 16) and COUNT[(1 << 16) - 1] == 16
    assert DIGITS_IN[mask_of([2, 5])] == (2, 5)  # the classic board's part is unchanged


@pytest.mark.parametrize("height, width", SHAPES)
def test_a_grid_carries_its_board(height, width):
    board = regular(height, width)
    n = board.size
    # A Latin-square-like filling made valid: the classic shift pattern for any box shape.
    solution = [(r % height * width + r // height + c) % n + 1 for r in range(n) for c in range(n)]
    full = Grid(solution, geometry=board)
    assert full.is_solved and full.geometry is board
    blanked = [0 if (cell * 7) % 3 == 0 else v for cell, v in enumerate(solution)]
    grid = Grid(blanked, geometry=board)
    for cell in board.cells:
        if not blanked[cell]:
            assert grid.has_candidate(cell, solution[cell])
            seen = {blanked[p] for p in board.peers[cell]} - {0}
            assert grid.candidates(cell) == frozenset(board.digits) - seen
    placed = grid.place(grid.empty_cells[0], solution[grid.empty_cells[0]])
    assert placed.geometry is board and placed.given_count == grid.given_count
    assert len(grid.to_line()) == n * n
    assert grid.to_line() == "".join(board.symbols[v - 1] if v else "." for v in blanked)
    assert len(grid.to_pretty().splitlines()) == n + n // height - 1


def test_two_givens_that_clash_are_a_conflict_on_any_board():
    board = regular(4, 4)
    values = [0] * 256
    values[0] = values[17] = 16  # r1c1 and r2c2: the same box
    grid = Grid(values, geometry=board)
    assert grid.describe_conflict() == "two Gs in box 1 (r1c1 and r2c2)"


def test_every_regular_board_built_from_data_agrees_with_row_column_box_arithmetic():
    from tutor.model.geometry import regular

    for height, width in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (5, 5)]:
        board = regular(height, width)
        size = height * width
        for c in board.cells:
            row, col = divmod(c, size)
            box = row // height * height + col // width
            assert (board.row_of[c], board.col_of[c], board.box_of[c]) == (row, col, box)
            assert board.units_of[c] == (row, size + col, 2 * size + box)
            assert board.positions[c] == (row, col) and board.cell_at(row, col) == c
            assert board.cell_name(c) == f"r{row + 1}c{col + 1}"
            mates = {p for p in board.cells if p != c and (p // size == row or p % size == col
                     or (p // size // height, p % size // width) == (row // height, col // width))}
            assert board.peers[c] == tuple(sorted(mates))
        assert [board.unit_name(u) for u in range(3 * size)] == [
            f"{kind} {n}" for kind in ("row", "column", "box") for n in range(1, size + 1)]
        assert [(box, line) for box, line, _ in board.crossings] == [
            (box, line) for box in range(2 * size, 3 * size) for line in range(2 * size)
            if set(board.units[box]) & set(board.units[line])]
        assert board.grids == (board.cells,) and board.line_crossings == ()
        assert board.features == {"box_line", "one_grid", "row_column_grid"}
        assert repr(board) == f"regular({height}, {width})"
