"""The engine: the next step (simplest technique first), every instance of a technique, and checks.

Steps are built on the grid's current candidates, so the engine follows a user's own pencil marks;
but first those marks and entries are checked against the unique solution, because a step built on
a removed true digit would teach something false.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from tutor.model.errors import (
    ContradictionError,
    EngineError,
    MultipleSolutionsError,
    NoSolutionError,
    UnknownTechniqueError,
)
from tutor.model.geometry import CLASSIC, Geometry, bit, using
from tutor.model.geometry import current as board_in_use
from tutor.model.grid import Grid
from tutor.engine.registry import (
    BY_ID, LADDER, LADDERS, TECHNIQUES, on_ladder_of, technique, works_on,
)
from tutor.engine.grids import finder_on
from tutor.engine.plain_walk import walk_on
from tutor.engine.reasons import found
from tutor.engine.search import searching
from tutor.engine.step import Step
from tutor.engine.technique import Technique
from tutor.engine.walk import ladder, preferred_step


@lru_cache(maxsize=512)
def _solve_cached(values: tuple[int, ...],
                  geometry: Geometry = CLASSIC) -> tuple[int, tuple[int, ...] | None]:
    from tutor.solvers.backtracking import solve_values  # lazy: grading a fresh puzzle needs none

    count, first = solve_values(values, geometry)
    return count, None if first is None else tuple(first)


def clear_solution_cache() -> None:
    """Forget the solutions found so far (benchmarks time a user's first hint on a puzzle)."""
    _solve_cached.cache_clear()


def solution_values(grid: Grid) -> tuple[int, ...]:
    """The unique solution of the grid's puzzle (its givens), or of its current values if needed."""
    values, givens = grid.values, grid.givens
    if len(givens) == len(values) - values.count(0):
        puzzle = values  # every filled cell is a given: the grid is the puzzle itself
    else:
        puzzle = tuple(v if c in givens else 0 for c, v in enumerate(values))
    count, first = _solve_cached(puzzle, grid.geometry)
    if count == 1 and first is not None:
        return first
    current = grid.values
    if count > 1 and current != puzzle:
        count_now, first_now = _solve_cached(current, grid.geometry)
        if count_now == 1 and first_now is not None:
            return first_now
    if count == 0:
        raise NoSolutionError("the puzzle has no solution")
    raise MultipleSolutionsError("the puzzle has more than one solution, so no step can be proved")


def solution_after(grid: Grid, placements: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """The unique solution of a fresh puzzle (`grid.is_fresh_puzzle`), proved by a search from
    its givens plus `placements`, each of which must hold in every solution (the steps of
    techniques that do not assume one solution): a puzzle has exactly the solutions of the fuller
    grid, whose search is much shorter.

    Raises what check_position raises when that grid has no solution or more than one.
    """
    assert grid.is_fresh_puzzle  # a user's entries need not hold in every solution
    values = list(grid.values)
    for cell, digit in placements:
        values[cell] = digit
    count, first = _solve_cached(tuple(values), grid.geometry)
    if count == 1 and first is not None:
        return first
    check_position(grid)  # raises as a search from the givens alone does
    # It did not raise: a placement held in one solution only, which no step may make.
    raise AssertionError(f"a step placed a digit that is not in the solution: {placements}")


def find_contradiction(grid: Grid, solution: Sequence[int] | None = None) -> ContradictionError | None:
    """What in the grid contradicts the solution (wrong entries, removed true candidates), or None."""
    solution = solution or solution_values(grid)
    wrong, missing = [], []
    values, masks = grid.values, grid.masks
    for c in grid.geometry.cells:
        v = values[c]
        if v:
            if v != solution[c]:
                wrong.append((c, v, solution[c]))
        elif not masks[c] & bit(solution[c]):
            missing.append((c, solution[c]))
    if wrong or missing:
        return ContradictionError(wrong, missing)
    return None


def ladder_of(techniques: str | Iterable[str] | None = None) -> tuple[str, ...]:
    """The technique ids to try, easiest first (registry order), excluding the backtracking fallback.

    `techniques` is None (the full ladder), a ladder's name ('full' or 'card'), or technique ids.

    :raises UnknownTechniqueError: for an unknown ladder name or technique id (its message lists
        the known ones).
    """
    if techniques is None:
        return LADDER
    if isinstance(techniques, str):
        try:
            return LADDERS[techniques]
        except KeyError:
            raise UnknownTechniqueError(
                techniques, tuple(LADDERS), what="ladder",
                note=f"technique ids go in a list, such as ['x_wing']; known ids: {', '.join(BY_ID)}",
            ) from None
    ids = tuple(techniques)
    try:
        return _ladder_of_ids(ids)
    except TypeError:  # an unhashable id: let technique() say what is wrong with it
        return _ladder_of_ids.__wrapped__(ids)


@lru_cache(maxsize=64)
def _ladder_of_ids(ids: tuple[str, ...]) -> tuple[str, ...]:
    """ladder_of for technique ids, kept: a benchmark or a batch grades with the same ids again
    and again."""
    chosen = {technique(t).id for t in ids}
    chosen.discard("backtracking")
    return tuple(t.id for t in TECHNIQUES if t.id in chosen)


def ladder_on(ids: tuple[str, ...], board: Geometry) -> tuple[str, ...]:
    """The ladder `ids` as far as it holds on `board` (registry.on_ladder_of): the same ladder on
    the classic board."""
    return ids if board is CLASSIC else _ladder_on(ids, board)


@lru_cache(maxsize=64)
def _ladder_on(ids: tuple[str, ...], board: Geometry) -> tuple[str, ...]:
    return tuple(t for t in ids if on_ladder_of(t, board))


def stuck_on(board: Geometry) -> EngineError:
    """The error for a position the ladder cannot go on from on a board where no guess is taught
    yet (registry.works_on)."""
    if not any(works_on(t, board) for t in LADDER):
        return EngineError(f"no technique is taught on the {board.name} board: it can be read, "
                           f"checked and solved, and boards of up to 16 digits graded")
    return EngineError(f"the techniques taught on the {board.name} board cannot go on from this "
                       f"position (a guess is taught on the 9x9 board only, for now)")


def first_step(values: Sequence[int], masks: Sequence[int], ladder_ids: tuple[str, ...],
               solution: Sequence[int]) -> Step:
    """The simplest step on an unsolved, consistent position of the board in use (of the ladder's
    techniques that hold there); backtracking if the ladder has none. The finders look in a
    search of their own (engine/search.py).

    :raises EngineError: when the ladder has none on a board where no guess is taught.
    """
    board = board_in_use()
    with searching():
        step = preferred_step(walk_on(values, masks), ladder(ladder_on(ladder_ids, board), board))
    if step is None:
        if not works_on("backtracking", board):
            raise stuck_on(board)
        from tutor.engine.techniques.backtracking import backtracking_step  # lazy: only a stuck ladder guesses

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


def next_step(grid: Grid, techniques: Iterable[str] | None = None) -> Step | None:
    """The simplest step that applies, or None when the grid is solved.

    Raises NoSolutionError / MultipleSolutionsError for an improper puzzle, and ContradictionError
    when the grid's entries or candidates contradict the solution.
    """
    solution = check_position(grid)
    if all(grid.values):
        return None
    with using(grid.geometry):  # the finders' tables and names are the grid's board's
        step = first_step(grid.values, grid.live_masks, ladder_of(techniques), solution)
    return None if step is None else found(step, grid)


def find_steps(grid: Grid, technique_id: str) -> list[Step]:
    """Every instance of one technique on the grid's current candidates (a step the technique's
    finder gives under a more specific name is left to that technique).

    :raises UnknownTechniqueError: for an unknown technique id (its message lists the known ids).
    :raises EngineError: for a technique not taught on the grid's board (registry.works_on).
    :raises NoSolutionError, MultipleSolutionsError: for a uniqueness technique (or backtracking)
        on a puzzle without exactly one solution.
    """
    entry = technique(technique_id)
    if not works_on(entry.id, grid.geometry):
        raise EngineError(f"{entry.name} is not taught on the {grid.geometry.name} board yet")
    if entry.assumes_one_solution:
        solution_values(grid)  # raises for a puzzle without exactly one solution
    with using(grid.geometry):  # the finder's tables and names are the grid's board's
        return _find_steps(grid, entry, technique_id)


def _find_steps(grid: Grid, entry: Technique, technique_id: str) -> list[Step]:
    finder = finder_on(entry, grid.geometry)
    if finder is None:
        if all(grid.values):
            return []
        from tutor.engine.techniques.backtracking import backtracking_step  # lazy: start-up

        return [found(backtracking_step(grid.values, grid.live_masks, solution_values(grid)), grid)]
    # In the caller's search if one is open (what the finders keep then serves its next
    # questions), else in one of its own. A finder may give a step by a more specific name (a
    # sashimi X-Wing that is a skyscraper): that step is an instance of the other technique, whose
    # own finder lists it.
    with searching(fresh=False):
        return [found(step, grid) for step in finder(grid.values, grid.live_masks)
                if step.technique == technique_id]
