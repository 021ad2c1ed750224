"""The integer-programming solver: its model, its answers against backtracking, and SciPy's absence."""

from __future__ import annotations

import sys

import pytest

import tutor
from tutor.solvers import milp
from tutor.cli import main
from tutor.model.geometry import CELL_COUNT, SIZE
from tutor.model.bundled import collections
from conftest import SHARED_DATA, read_lines

MILP_EXAMPLE_GRID = """\
8..6..9.5
.........
....2.31.
..7318.6.
24.....73
.........
..279.1..
5...8..36
..3......
"""
LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
COUNT_LIMIT = 10
needs_scipy = pytest.mark.skipif(not milp.available(),
                                 reason="SciPy is not installed (pip install 'sudoku-tutor[milp]')")


# --- the model, without solving -----------------------------------------------------------------
def test_four_families_cover_every_variable_once_each():
    families = milp.constraint_families()
    assert sorted(families) == ["box", "cell", "column", "row"]
    for name, rows in families.items():
        assert len(rows) == CELL_COUNT, name
        assert all(len(set(row)) == SIZE for row in rows), name
        covered = sorted(v for row in rows for v in row)
        assert covered == list(range(milp.VARIABLE_COUNT)), name


def test_box_rows_hold_one_digit_of_one_box():
    for row in milp.constraint_families()["box"]:
        cells = [v // SIZE for v in row]
        digits = {v % SIZE for v in row}
        assert len(digits) == 1
        assert len({tutor.model.geometry.BOX_OF[c] for c in cells}) == 1


def test_describe_model_names_variables_families_and_givens():
    grid = tutor.parse(MILP_EXAMPLE_GRID)
    text = milp.describe_model(grid)
    assert f"{milp.VARIABLE_COUNT} binary variables" in text
    for family in ("Each cell holds one digit", "once in each row", "once in each column",
                   "once in each box"):
        assert family in text
    for cell in sorted(grid.givens):
        row, col = divmod(cell, SIZE)
        assert f"x[{row + 1},{col + 1},{grid.values[cell]}]" in text
    assert f"({len(grid.givens)})" in text


# --- without SciPy ------------------------------------------------------------------------------
@pytest.fixture
def without_scipy(monkeypatch):
    """Make `import scipy...` fail in this process, as on an install without the milp extra."""
    for name in ("scipy", "scipy.optimize", "scipy.sparse"):
        monkeypatch.setitem(sys.modules, name, None)


def test_missing_scipy_raises_a_clear_error(without_scipy):
    assert not milp.available()
    with pytest.raises(milp.MilpUnavailable, match=r"pip install 'sudoku-tutor\[milp\]'"):
        milp.solve(tutor.parse(LEO))


@pytest.mark.parametrize("extra", [[], ["--count"], ["--show-model"]])
def test_cli_without_scipy_says_how_to_install(without_scipy, capsys, extra):
    code = main(["solve", "--method", "milp", *extra, LEO])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "pip install 'sudoku-tutor[milp]'" in err and "Traceback" not in err


# --- solving ------------------------------------------------------------------------------------
@needs_scipy
def test_source_example_has_five_solutions_by_both_methods():
    grid = tutor.parse(MILP_EXAMPLE_GRID)
    found = milp.solutions(grid, limit=COUNT_LIMIT)
    assert len(found) == 5 == tutor.count_solutions(grid, limit=COUNT_LIMIT)
    assert len({s.values for s in found}) == 5
    for solution in found:
        assert_solves(solution, grid)
    assert milp.count_solutions(grid, limit=3) == 3


@needs_scipy
def test_cli_solve_and_show_model(capsys, tmp_path):
    path = tmp_path / "example.txt"
    path.write_text(MILP_EXAMPLE_GRID, encoding="utf-8")
    for method in ("milp", "backtracking"):
        assert main(["solve", "--count", "--limit", "10", "--method", method, str(path)]) == 0
        assert capsys.readouterr().out == "5 solutions\n"
    assert main(["solve", "--method", "milp", "--line", LEO]) == 0
    assert capsys.readouterr().out.strip() == tutor.solve(tutor.parse(LEO)).to_line()
    assert main(["solve", "--show-model", LEO]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sudoku as a 0-1 integer program")
    assert out.endswith(tutor.solve(tutor.parse(LEO)).to_pretty())


@needs_scipy
def test_no_solution_and_clashing_values():
    grid = tutor.parse(LEO)
    unsolvable = next(
        g for g in (grid.place(c, d) for c in range(CELL_COUNT) if not grid.values[c]
                    for d in sorted(grid.candidates(c)))
        if tutor.count_solutions(g) == 0
    )
    assert milp.solve(unsolvable) is None and milp.count_solutions(unsolvable) == 0
    clash = tutor.Grid([1, 1] + [0] * (CELL_COUNT - 2))
    assert milp.solve(clash) is None


def assert_solves(solution: tutor.Grid, puzzle: tutor.Grid) -> None:
    assert all(solution.values) and not solution.conflicts()
    assert all(solution.values[c] == v for c, v in enumerate(puzzle.values) if v)


# --- agreement with backtracking ----------------------------------------------------------------
SHARED_SETS = [
    # (file, how many, the separator after the puzzle on a line). Few of the forum's hardest: HiGHS
    # needs about a second for each, and the benchmark times them anyway.
    ("kaggle/kaggle_first10000.txt", 70, None),
    ("kaggle/unbiased_first1000.txt", 40, None),
    ("royle17/sudoku17_20100413.txt", 70, None),
    ("top1465/top1465.sdm", 40, None),
    ("forum-hardest/HardestDatabase110626.txt", 8, ","),
    ("qqwing/qqwing_expert.sdm", 40, None),
    ("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", 30, " "),
]
LOOSENED = 40  # puzzles with givens removed, so that counts above 1 are compared too


def shared_puzzles() -> list[str]:
    lines = []
    for name, count, separator in SHARED_SETS:
        path = SHARED_DATA / name
        taken = [line.split(separator)[0] if separator else line for line in read_lines(path)]
        lines.extend([t for t in taken if len(t) == CELL_COUNT][:count])
    return lines


def loosened(lines: list[str], count: int) -> list[str]:
    """Puzzles with their last four givens removed: most then have several solutions."""
    out = []
    for line in lines[:count]:
        given = [i for i, ch in enumerate(line) if ch not in ".0"]
        cells = list(line)
        for i in given[-4:]:
            cells[i] = "."
        out.append("".join(cells))
    return out


def agreement_puzzles() -> tuple[list[str], str]:
    if (SHARED_DATA / SHARED_SETS[0][0]).exists():
        base = shared_puzzles()
        return base + loosened(base[::7], LOOSENED), "../shared/data"
    base = [p.line for c in collections() for p in c.puzzles()]
    return base + loosened(base, LOOSENED), "bundled puzzles"


@needs_scipy
def test_both_methods_agree_on_solution_and_count():
    lines, origin = agreement_puzzles()
    if origin == "../shared/data":
        assert len(lines) >= 300
    several = 0
    for line in lines:
        grid = tutor.parse(line)
        count = tutor.count_solutions(grid, limit=COUNT_LIMIT)
        found = milp.solutions(grid, limit=COUNT_LIMIT)
        assert len(found) == count, line
        assert len({s.values for s in found}) == len(found), line
        for solution in found:
            assert_solves(solution, grid)
        if count == 1:
            assert found[0].values == tutor.solve(grid).values, line
        several += count > 1
    assert several > 0, f"no puzzle with several solutions among the {origin}"


@needs_scipy
def test_a_solve_cut_short_is_an_error_not_a_no_solution():
    with pytest.raises(milp.MilpFailed, match="without an answer"):
        milp.solutions(tutor.parse(LEO), time_limit=0.0)
