"""A second, independent solver: Sudoku as a 0-1 integer program, solved by SciPy's milp (HiGHS).

The model is the one of the source document: 729 binary variables x[r,c,d] (cell r,c holds digit d),
four families of equations (each cell one digit; each digit once per row, per column, per box) and
the givens fixed to 1. It is built here from row, column and box arithmetic, not from the
backtracking solver's tables, so that the two solvers share no code and one can check the other.

SciPy is an optional extra (`pip install 'sudoku-tutor[milp]'`); it is imported only when a model is
solved, and its absence raises MilpUnavailable. This module returns data and never prints.
"""

from __future__ import annotations

from tutor.model.errors import MilpFailed, MilpUnavailable
from tutor.model.geometry import BOX_HEIGHT, BOX_WIDTH, CELL_COUNT, SIZE
from tutor.model.grid import Grid

VARIABLE_COUNT = CELL_COUNT * SIZE
INSTALL_HINT = "pip install 'sudoku-tutor[milp]'"


TIME_LIMIT = 60.0
"""Seconds HiGHS may spend on one solve before giving up (the hardest known puzzles take about one)."""
INFEASIBLE = 2  # scipy.optimize.milp's status for "no point meets the constraints"


def _scipy():
    """The SciPy pieces the model needs, or MilpUnavailable saying how to install them."""
    try:
        # Imported lazily: SciPy is the optional milp extra.
        import numpy
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import csr_matrix
    except ImportError as error:
        raise MilpUnavailable(
            f"the MILP solver needs SciPy, which is not installed ({error}); "
            f"install it with: {INSTALL_HINT}"
        ) from None
    return numpy, Bounds, LinearConstraint, milp, csr_matrix


def available() -> bool:
    """Whether SciPy is installed, so the MILP solver can run."""
    try:
        _scipy()
    except MilpUnavailable:
        return False
    return True


def variable(row: int, col: int, digit: int) -> int:
    """The index of x[row,col,digit] (0-based row and column, digit 1-9) among the 729 variables."""
    return (row * SIZE + col) * SIZE + digit - 1


def _box_cells(box: int):
    top = box // (SIZE // BOX_WIDTH) * BOX_HEIGHT
    left = box % (SIZE // BOX_WIDTH) * BOX_WIDTH
    return [(top + dr, left + dc) for dr in range(BOX_HEIGHT) for dc in range(BOX_WIDTH)]


def constraint_families() -> dict[str, list[list[int]]]:
    """The four families of equations, each a list of rows of variable indices that must sum to 1."""
    span = range(SIZE)
    digits = range(1, SIZE + 1)
    return {
        "cell": [[variable(r, c, d) for d in digits] for r in span for c in span],
        "row": [[variable(r, c, d) for c in span] for r in span for d in digits],
        "column": [[variable(r, c, d) for r in span] for c in span for d in digits],
        "box": [[variable(r, c, d) for r, c in _box_cells(b)] for b in span for d in digits],
    }


def _fixed_values(grid: Grid) -> list[tuple[int, int]]:
    """(cell, digit) for every filled cell: givens and placed digits are both fixed to 1."""
    return [(cell, value) for cell, value in enumerate(grid.values) if value]


class _Model:
    """The equations as a sparse matrix plus the bounds fixing the filled cells; cuts are added later."""

    def __init__(self, grid: Grid, time_limit: float = TIME_LIMIT):
        self.time_limit = time_limit
        numpy, self._bounds, self._linear, self._milp, self._csr = _scipy()
        self._numpy = numpy
        rows = [row for family in constraint_families().values() for row in family]
        self.rows = rows
        self.upper = [1.0] * len(rows)
        self.lower = [1.0] * len(rows)
        self.fixed_lower = numpy.zeros(VARIABLE_COUNT)
        for cell, digit in _fixed_values(grid):
            self.fixed_lower[cell * SIZE + digit - 1] = 1.0

    def add_no_good_cut(self, ones: list[int]) -> None:
        """Forbid one solution: its 81 variables at 1 may not all be 1 again."""
        self.rows.append(ones)
        self.lower.append(-self._numpy.inf)
        self.upper.append(len(ones) - 1.0)

    def solve(self) -> list[int] | None:
        """The indices of the variables at 1 in a feasible point, or None when there is none."""
        numpy = self._numpy
        data, indices, pointers = [], [], [0]
        for row in self.rows:
            indices.extend(row)
            data.extend([1.0] * len(row))
            pointers.append(len(indices))
        matrix = self._csr((data, indices, pointers), shape=(len(self.rows), VARIABLE_COUNT))
        result = self._milp(
            numpy.zeros(VARIABLE_COUNT),
            integrality=numpy.ones(VARIABLE_COUNT),
            bounds=self._bounds(self.fixed_lower, numpy.ones(VARIABLE_COUNT)),
            constraints=self._linear(matrix, self.lower, self.upper),
            options={"time_limit": self.time_limit},
        )
        if result.status == INFEASIBLE:
            return None
        if result.x is None or result.status != 0:
            raise MilpFailed(f"the MILP solver stopped without an answer: {result.message}")
        return [i for i, value in enumerate(result.x) if value > 0.5]


def _grid_of(ones: list[int], grid: Grid) -> Grid:
    values = [0] * CELL_COUNT
    for index in ones:
        values[index // SIZE] = index % SIZE + 1
    return Grid(values, grid.givens)


def solutions(grid: Grid, limit: int = 2, time_limit: float = TIME_LIMIT) -> list[Grid]:
    """Up to `limit` distinct solutions, each found by solving again with a cut against the last.

    Raises MilpFailed when one solve runs past `time_limit` seconds without an answer.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    model = _Model(grid, time_limit)
    found: list[Grid] = []
    while len(found) < limit:
        ones = model.solve()
        if ones is None:
            break
        found.append(_grid_of(ones, grid))
        model.add_no_good_cut(ones)
    return found


def solve(grid: Grid) -> Grid | None:
    """One solution of the grid's filled cells, or None when the model is infeasible."""
    found = solutions(grid, limit=1)
    return found[0] if found else None


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many solutions, counting no further than `limit` (limit + 1 solves at most)."""
    return len(solutions(grid, limit))


def describe_model(grid: Grid) -> str:
    """The model in words, as the source explains it: variables, the four families, the givens."""
    fixed = _fixed_values(grid)
    families = constraint_families()
    equations = sum(len(rows) for rows in families.values())
    n = SIZE
    fixed_text = ", ".join(
        f"x[{cell // n + 1},{cell % n + 1},{digit}]" for cell, digit in fixed
    ) or "none"
    lines = [
        f"Sudoku as a 0-1 integer program ({VARIABLE_COUNT} binary variables, "
        f"{equations} equations, {len(fixed)} filled cells fixed).",
        "",
        "Variables",
        f"  x[r,c,d] = 1 when the cell in row r, column c holds digit d, else 0 "
        f"(r, c, d from 1 to {n}).",
        "",
        "Constraints (each sum must equal 1)",
        f"  1. Each cell holds one digit:       for each r, c: sum over d of x[r,c,d] = 1 "
        f"({len(families['cell'])} equations)",
        f"  2. Each digit once in each row:     for each r, d: sum over c of x[r,c,d] = 1 "
        f"({len(families['row'])} equations)",
        f"  3. Each digit once in each column:  for each c, d: sum over r of x[r,c,d] = 1 "
        f"({len(families['column'])} equations)",
        f"  4. Each digit once in each box:     for each box b, d: sum over the {n} cells "
        f"r,c of box b of x[r,c,d] = 1 ({len(families['box'])} equations)",
        "",
        f"Givens and filled cells ({len(fixed)}): x[r,c,d] = 1 for each",
        *_wrap(fixed_text, indent="  "),
        "",
        "Objective: none; any point meeting every constraint is a solution. Solved by HiGHS "
        "through scipy.optimize.milp.",
        "Counting: after each solution, a no-good cut (the sum of its 81 variables at 1 must be "
        "at most 80) forces the next solve to find a different solution, until none is left.",
    ]
    return "\n".join(lines) + "\n"


def _wrap(text: str, indent: str, width: int = 96) -> list[str]:
    out, line = [], indent
    for word in text.split(" "):
        if len(line) + len(word) + 1 > width and line.strip():
            out.append(line.rstrip())
            line = indent
        line += word + " "
    out.append(line.rstrip())
    return out


__all__ = [
    "INSTALL_HINT", "MilpFailed", "MilpUnavailable", "TIME_LIMIT", "VARIABLE_COUNT", "available", "constraint_families",
    "count_solutions", "describe_model", "solutions", "solve", "variable",
]
