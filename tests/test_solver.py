"""Solver and validity, properties checked against a brute-force counter, and the benchmark runner."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
import bench
from bench import common
from bench import solver as solver_bench
from tutor.model.geometry import BOX_HEIGHT, BOX_WIDTH, CELLS, PEERS, SIZE, UNITS, cell_at
from tutor.model.grid import Grid
from tutor.solvers.backtracking import solve_values
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


# --- properties: random solved grids, independent of the solver ----------------------------------


def pattern_digit(row: int, col: int) -> int:
    """A valid solved grid by formula: each row is the previous one shifted within and across bands."""
    return (BOX_WIDTH * (row % BOX_HEIGHT) + row // BOX_HEIGHT + col) % SIZE + 1


def shuffled_lines(draw, band: int) -> list[int]:
    """A line order that keeps lines in their bands (bands and lines inside them shuffled)."""
    bands = draw(st.permutations(range(SIZE // band)))
    order = []
    for b in bands:
        order += [b * band + i for i in draw(st.permutations(range(band)))]
    return order


@st.composite
def solved_grids(draw) -> list[int]:
    """A random solved grid: the pattern grid with digits relabelled and lines shuffled."""
    digits = draw(st.permutations(range(1, SIZE + 1)))
    rows = shuffled_lines(draw, BOX_HEIGHT)
    cols = shuffled_lines(draw, BOX_WIDTH)
    return [digits[pattern_digit(rows[r], cols[c]) - 1] for r in range(SIZE) for c in range(SIZE)]


def is_valid_filling(values) -> bool:
    return all(sorted(values[c] for c in unit) == list(range(1, SIZE + 1)) for unit in UNITS)


def brute_force_count(values) -> int:
    """Every solution counted by plain cell-order backtracking: slow, but shares no code with tutor.solvers.backtracking."""
    values = list(values)
    if any(values[c] and any(values[p] == values[c] for p in PEERS[c]) for c in CELLS):
        return 0
    blanks = [c for c in CELLS if not values[c]]

    def fill(index: int) -> int:
        if index == len(blanks):
            return 1
        cell = blanks[index]
        found = 0
        for digit in range(1, SIZE + 1):
            if all(values[p] != digit for p in PEERS[cell]):
                values[cell] = digit
                found += fill(index + 1)
                values[cell] = 0
        return found

    return fill(0)


@given(solved_grids())
def test_random_solved_grids_are_valid(values):
    assert is_valid_filling(values)
    assert tutor.count_solutions(Grid(values)) == 1


@settings(max_examples=60, deadline=None)
@given(solved_grids(), st.sets(st.sampled_from(CELLS)))
def test_a_solved_grid_with_cells_removed_is_solved_consistently(values, removed):
    puzzle = Grid([0 if c in removed else v for c, v in enumerate(values)])
    count = tutor.count_solutions(puzzle)
    assert count >= 1
    solution = tutor.solve(puzzle)
    assert is_valid_filling(solution.values)
    assert all(solution.values[c] == puzzle.values[c] for c in puzzle.givens)
    assert solution.givens == puzzle.givens
    assert solve_values(puzzle.values) == (count, list(solution.values))
    assert tutor.validity(puzzle).status == ("unique" if count == 1 else "multiple")


@st.composite
def small_subproblems(draw):
    """A solved grid with a few cells blanked (sometimes two whole rows of a band, which leaves
    several solutions), and sometimes one blanked cell refilled with any digit (often no solution)."""
    values = draw(solved_grids())
    blanks = set(draw(st.lists(st.sampled_from(CELLS), max_size=8)))
    if draw(st.booleans()):
        band = draw(st.integers(0, SIZE // BOX_HEIGHT - 1))
        first, second = draw(st.lists(st.integers(0, BOX_HEIGHT - 1), min_size=2, max_size=2, unique=True))
        for row in (band * BOX_HEIGHT + first, band * BOX_HEIGHT + second):
            blanks |= {cell_at(row, col) for col in range(SIZE)}
    puzzle = [0 if c in blanks else v for c, v in enumerate(values)]
    if blanks and draw(st.booleans()):
        puzzle[draw(st.sampled_from(sorted(blanks)))] = draw(st.integers(1, SIZE))
    return puzzle


@settings(max_examples=120, deadline=None)
@given(small_subproblems())
def test_counts_agree_with_a_brute_force_counter(values):
    expected = brute_force_count(values)
    grid = Grid(values)
    assert tutor.count_solutions(grid, limit=10_000) == expected
    for limit in (1, 2, 3):
        assert tutor.count_solutions(grid, limit=limit) == min(expected, limit)
    count, first = solve_values(values)
    assert count == min(expected, 2)
    if expected:
        assert is_valid_filling(first) and all(first[c] == v for c, v in enumerate(values) if v)
        assert tutor.solve(grid).values == tuple(first)
    else:
        assert first is None and tutor.solve(grid) is None
    status = tutor.validity(grid).status
    if grid.conflicts():
        assert status == "conflict"
    else:
        assert status == {0: "none", 1: "unique"}.get(expected, "multiple")


def test_limit_must_be_positive():
    with pytest.raises(ValueError):
        tutor.count_solutions(Grid.empty(), limit=0)


def test_many_solutions_are_counted_exactly_up_to_the_limit():
    # Rows 1 and 2 of the pattern grid blanked: a column's two digits may swap, but a swap in
    # column c forces swaps in c+3 and c+6 (else a row repeats a digit): 2 ** 3 = 8 solutions.
    values = [pattern_digit(r, c) for r in range(SIZE) for c in range(SIZE)]
    for c in range(2 * SIZE):
        values[c] = 0
    assert brute_force_count(values) == 8
    assert tutor.count_solutions(Grid(values), limit=100) == 8
    assert tutor.count_solutions(Grid(values), limit=5) == 5


# --- the benchmark runner and its shared helpers (timing figures are never asserted) ---------------


def test_bench_names_an_unknown_section_and_reports_a_failing_one(capsys, monkeypatch):
    assert bench.main(["no_such_section"]) == 2
    assert "unknown section 'no_such_section'" in capsys.readouterr().err

    def fail():
        raise RuntimeError("broken")

    monkeypatch.setattr(bench.SECTIONS["milp"], "run", fail)
    assert bench.run_section("milp") is False
    assert "milp: failed while running" in capsys.readouterr().out


def test_bench_puzzle_lines_take_the_first_comma_field_and_skip_comments():
    text = "Title line\n#!sudoku -c1,PuzzleR\n\n" + LEO + ",label,poster\n" + NEAR_WORST + "\r\n"
    assert common.puzzle_lines(text) == [LEO, NEAR_WORST]


def test_bench_skips_cleanly_without_shared_data(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(common.SHARED_DATA_ENV, str(tmp_path / "absent"))
    assert common.load_puzzles("kaggle/kaggle_first10000.txt", what="kaggle") is None
    assert "kaggle: skipped: ../shared/data absent" in capsys.readouterr().out
    solver_bench.run()
    assert "nothing measured" in capsys.readouterr().out


def test_bench_solver_section_checks_every_answer(tmp_path, monkeypatch, capsys):
    (tmp_path / "top1465").mkdir()
    (tmp_path / "top1465" / "top1465.sdm").write_text(f"{LEO}\n{NEAR_WORST}\n")
    monkeypatch.setenv(common.SHARED_DATA_ENV, str(tmp_path))
    solver_bench.run()
    out = capsys.readouterr().out
    assert "kaggle: skipped: ../shared/data/kaggle/kaggle_first10000.txt absent" in out
    assert "count_solutions(limit=2)  top1465" in out and "(2 in " in out
    assert "0 counts != 1, 0 invalid solutions" in out
    assert "(3 of 4 sets skipped)" in out  # the verdict; its timing part is never asserted


def test_bench_solution_check_finds_wrong_answers():
    puzzle = tutor.parse(LEO)
    solution = tutor.solve(puzzle)
    assert solver_bench.solution_problem(puzzle, solution) is None
    assert solver_bench.solution_problem(puzzle, None) == "no solution returned"
    swapped = list(solution.values)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert solver_bench.solution_problem(puzzle, Grid(swapped)) is not None
    other = tutor.parse(NEAR_WORST)
    assert solver_bench.solution_problem(other, solution) == "a given was changed"
