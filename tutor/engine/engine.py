"""The engine: the next step (simplest technique first), every instance of a technique, and checks.

Steps are built on the grid's current candidates, so the engine follows a user's own pencil marks;
but first those marks and entries are checked against the unique solution, because a step built on
a removed true digit would teach something false.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.model.errors import PuzzleError
from tutor.model.geometry import CELLS, COUNT, DIGITS_IN, PEER_SETS, bit, cell_name
from tutor.model.grid import Grid
from tutor.solvers.backtracking import solve_values
from tutor.engine.backtracking import backtracking_step
from tutor.engine.registry import LADDER, TECHNIQUES, technique
from tutor.engine.step import Step
from tutor.engine.walk import Walk, ladder, preferred_step


class EngineError(PuzzleError):
    """The engine cannot give a step for this grid."""


class NoSolutionError(EngineError):
    """The puzzle has no solution."""


class MultipleSolutionsError(EngineError):
    """The puzzle has more than one solution, so no step can be proved."""


class ContradictionError(EngineError):
    """The grid's entries or candidates contradict the unique solution.

    `wrong_values`: (cell, entered, solution) for user entries that are wrong; `missing`: (cell, digit)
    for true digits removed from a cell's candidates. `cells` lists both, in order.

    A wrong entry rules its digit out of its peers, so a peer whose true digit that is loses it
    through no removal of the user's: `ruled_out[cell]` lists those cells for each wrong entry
    (its consequence), and `removed` only the true candidates nothing on the board explains.
    """

    def __init__(self, wrong_values, missing):
        self.wrong_values = tuple(wrong_values)
        self.missing = tuple(missing)
        self.cells = tuple(sorted({c for c, *_ in self.wrong_values} | {c for c, _ in self.missing}))
        self.ruled_out: dict[int, tuple[int, ...]] = {}
        explained = set()
        for cell, entered, _ in self.wrong_values:
            hit = tuple(c for c, d in self.missing if d == entered and c in PEER_SETS[cell])
            if hit:
                self.ruled_out[cell] = hit
                explained.update((c, entered) for c in hit)
        self.removed = tuple(m for m in self.missing if m not in explained)
        parts = []
        for c, v, s in self.wrong_values:
            part = f"{cell_name(c)} holds {v}, but the solution has {s} there"
            if c in self.ruled_out:
                part += (f"; that {v} rules the true {v} out of "
                         f"{names_list(self.ruled_out[c])}")
            parts.append(part)
        parts += [f"{cell_name(c)} has lost its true candidate {d}" for c, d in self.removed]
        super().__init__("; ".join(parts))


def names_list(cells) -> str:
    """'r1c8', 'r1c8 and r3c1', 'r1c8, r3c1 and r9c2'."""
    names = [cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@lru_cache(maxsize=512)
def _solve_cached(values: tuple[int, ...]) -> tuple[int, tuple[int, ...] | None]:
    count, first = solve_values(values)
    return count, None if first is None else tuple(first)


def solution_values(grid: Grid) -> tuple[int, ...]:
    """The unique solution of the grid's puzzle (its givens), or of its current values if needed."""
    values, givens = grid.values, grid.givens
    if len(givens) == len(values) - values.count(0):
        puzzle = values  # every filled cell is a given: the grid is the puzzle itself
    else:
        puzzle = tuple(v if c in givens else 0 for c, v in enumerate(values))
    count, first = _solve_cached(puzzle)
    if count == 1:
        return first
    current = grid.values
    if count > 1 and current != puzzle:
        count_now, first_now = _solve_cached(current)
        if count_now == 1:
            return first_now
    if count == 0:
        raise NoSolutionError("the puzzle has no solution")
    raise MultipleSolutionsError("the puzzle has more than one solution, so no step can be proved")


def find_contradiction(grid: Grid, solution=None) -> ContradictionError | None:
    """What in the grid contradicts the solution (wrong entries, removed true candidates), or None."""
    solution = solution or solution_values(grid)
    wrong, missing = [], []
    values, masks = grid.values, grid.masks
    for c in CELLS:
        v = values[c]
        if v:
            if v != solution[c]:
                wrong.append((c, v, solution[c]))
        elif not masks[c] & bit(solution[c]):
            missing.append((c, solution[c]))
    if wrong or missing:
        return ContradictionError(wrong, missing)
    return None


def ladder_of(techniques=None) -> tuple[str, ...]:
    """The technique ids to try, easiest first (registry order), excluding the backtracking fallback."""
    if techniques is None:
        return LADDER
    chosen = {technique(t).id for t in techniques}
    chosen.discard("backtracking")
    return tuple(t.id for t in TECHNIQUES if t.id in chosen)


def first_step(values, masks, ladder_ids, solution) -> Step:
    """The simplest step on an unsolved, consistent position; backtracking if the ladder has none."""
    step = preferred_step(Walk(values, masks), ladder(ladder_ids))
    if step is None:
        step = backtracking_step(values, masks, solution)
    return step


def check_position(grid: Grid) -> tuple[int, ...]:
    """The grid's solution, after making sure steps can be proved on it.

    Raises NoSolutionError (clashing digits or no solution), MultipleSolutionsError, or
    ContradictionError when entries or candidates contradict the solution.
    """
    try:
        solution = solution_values(grid)
    except NoSolutionError:
        conflict = grid.describe_conflict()
        if conflict:
            raise NoSolutionError(f"conflicting digits: {conflict}") from None
        raise
    # A fresh puzzle cannot contradict its own solution: its digits are givens and standard
    # pencil marks keep every digit the givens allow.
    if not grid.is_fresh_puzzle:
        problem = find_contradiction(grid, solution)
        if problem:
            raise problem
    return solution


def next_step(grid: Grid, techniques=None) -> Step | None:
    """The simplest step that applies, or None when the grid is solved.

    Raises NoSolutionError / MultipleSolutionsError for an improper puzzle, and ContradictionError
    when the grid's entries or candidates contradict the solution.
    """
    solution = check_position(grid)
    if all(grid.values):
        return None
    return first_step(grid.values, grid.masks, ladder_of(techniques), solution)


def find_steps(grid: Grid, technique_id: str) -> list[Step]:
    """Every instance of one technique on the grid's current candidates."""
    entry = technique(technique_id)
    if entry.finder is None:
        if all(grid.values):
            return []
        return [backtracking_step(grid.values, grid.masks, solution_values(grid))]
    return list(entry.finder(grid.values, grid.masks))
