"""Grid: immutability, candidates, place/clear/eliminate, value equality."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.model.geometry import PEERS
from tutor.model.grid import Grid

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"


def test_standard_candidates():
    grid = tutor.parse(LEO)
    assert grid.candidates(1) == {5, 6}
    assert grid.candidates(0) == frozenset()
    assert grid.is_given(0) and not grid.is_given(1)


def test_place_removes_digit_from_peers_and_is_immutable():
    grid = tutor.parse(LEO)
    after = grid.place(1, 5)
    assert grid.values[1] == 0 and after.values[1] == 5
    assert all(5 not in after.candidates(p) for p in PEERS[1])
    assert 5 in grid.candidates(2)
    with pytest.raises(ValueError, match="r1c1 is a given"):
        grid.place(0, 3)


def test_clear_gives_candidates_back():
    grid = tutor.parse(LEO)
    after = grid.place(1, 5).clear(1)
    assert after == grid


def test_eliminate_and_equality_and_hash():
    grid = tutor.parse(LEO)
    a = grid.eliminate([(1, 6)])
    b = grid.eliminate([(1, 6)])
    assert a == b and hash(a) == hash(b) and a != grid
    assert a.candidates(1) == {5}


def test_restart_and_toggle():
    grid = tutor.parse(LEO)
    changed = grid.place(1, 5).toggle_candidate(2, 3)
    assert changed.restart() == grid
    assert 3 not in changed.candidates(2)
    assert 3 in changed.toggle_candidate(2, 3).candidates(2)


# --- the whole-board computations agree with a plain one, cell by cell ------------------------------
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), min_size=81, max_size=81))
def test_standard_marks_and_conflicts_match_a_cell_by_cell_reading(values):
    from tutor.model.geometry import UNITS

    grid = Grid(values)
    for cell in range(81):
        seen = {values[peer] for peer in PEERS[cell]}
        expected = 0 if values[cell] else sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
        assert grid.masks[cell] == expected
    filled_in = [[values[c] for c in unit if values[c]] for unit in UNITS]
    clash = any(len(digits) != len(set(digits)) for digits in filled_in)
    assert grid.has_conflict() == clash


def test_given_count_and_conflicts_of_parsed_and_built_grids():
    line = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
    parsed = tutor.parse(line)
    assert parsed.given_count == len(parsed.givens) == 81 - line.count(".")
    assert not parsed.has_conflict()
    placed = parsed.place(0, 1)  # a user's entry is no given
    assert placed.given_count == len(placed.givens) == parsed.given_count
    clashing = [0] * 81
    clashing[0] = clashing[1] = 5
    built = Grid(clashing)  # built from values, not parsed: its givens may clash
    assert built.is_fresh_puzzle and built.has_conflict()
    assert built.given_count == 2
    with pytest.raises(tutor.NoSolutionError):
        tutor.grade(built)
