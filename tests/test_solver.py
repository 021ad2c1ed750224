"""Solver and validity: unique, none, several solutions, conflicts; sudopedia's expected counts."""

import pytest

import tutor
from tutor.grid import Grid
from conftest import shared_file

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
NEAR_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
MILP_EXAMPLE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"


def is_valid_solution(grid: Grid) -> bool:
    return all(grid.values) and not grid.conflicts()


def test_solve_star_burst_leo():
    puzzle = tutor.parse(LEO)
    solution = tutor.solve(puzzle)
    assert is_valid_solution(solution)
    assert all(solution.values[c] == puzzle.values[c] for c in puzzle.givens)
    assert tutor.count_solutions(puzzle) == 1


def test_near_worst_case():
    solution = tutor.solve(tutor.parse(NEAR_WORST))
    assert solution.to_line().startswith("987654321")


def test_integer_programming_example_has_five_solutions():
    puzzle = tutor.parse(MILP_EXAMPLE)
    assert tutor.count_solutions(puzzle, limit=10) == 5
    assert tutor.count_solutions(puzzle, limit=3) == 3
    report = tutor.validity(puzzle, limit=10)
    assert report.status == "multiple" and "5 solutions" in report.message


def test_validity_reports():
    assert tutor.validity(tutor.parse(LEO)).status == "unique"
    empty = tutor.validity(Grid.empty())
    assert empty.status == "multiple"
    assert "no proper puzzle has fewer than 17" in empty.message
    conflict = Grid([5, 5] + [0] * 79)
    report = tutor.validity(conflict)
    assert report.status == "conflict" and "two 5s in row 1 (r1c1 and r1c2)" in report.message
    # r1c1..r1c8 hold 1..8 and r2c9 holds 9: r1c9 can hold nothing.
    dead = Grid(list(range(1, 9)) + [0] * 9 + [9] + [0] * 63)
    assert tutor.validity(dead).status == "none"
    assert tutor.solve(dead) is None


def test_count_stops_at_limit():
    assert tutor.count_solutions(Grid.empty(), limit=1) == 1
    assert tutor.count_solutions(Grid.empty(), limit=7) == 7


def sudopedia_cases():
    path = shared_file("sudopedia/sudopedia_test_cases.tsv")
    rows = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        kind, name, puzzle, expected, *_ = line.split("\t")
        rows.append((name, puzzle, expected))
    return rows


def test_sudopedia_expected_outcomes():
    cases = sudopedia_cases()
    assert len(cases) == 19
    for name, puzzle, expected in cases:
        grid = Grid([int(c) if c.isdigit() else 0 for c in puzzle])
        report = tutor.validity(grid, limit=200)
        if expected == "none":
            assert report.status in ("none", "conflict"), name
            if name.startswith("Duplicate"):
                assert report.status == "conflict", name
        elif expected.startswith("multiple"):
            assert report.status == "multiple", name
            if ":" in expected:
                assert report.solutions == int(expected.split(":")[1]), name
        else:
            assert report.status == "unique", name
            assert report.solution.to_line() == expected, name


@pytest.mark.parametrize("path, count", [
    ("top1465/top1465.sdm", 60),
    ("royle17/sudoku17_20100413.txt", 200),
    ("forum-hardest/HardestDatabase110626.txt", 30),
])
def test_real_sets_solve_uniquely(path, count):
    from conftest import read_lines

    lines = [l for l in read_lines(shared_file(path)) if not l.startswith("#")]
    lines = [l.split(",")[0] for l in lines if len(l.split(",")[0]) >= 81][:count]
    for line in lines:
        grid = tutor.parse(line[:81])
        solution = tutor.solve(grid)
        assert is_valid_solution(solution)
        assert all(solution.values[c] == grid.values[c] for c in grid.givens)
        assert tutor.count_solutions(grid) == 1
