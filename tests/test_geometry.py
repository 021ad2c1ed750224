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
