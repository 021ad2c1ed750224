"""The grader: walk the engine's steps to the end and rate the puzzle on the 0-6 scale."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.model.geometry import CLASSIC, Geometry, using
from tutor.model.grid import Grid
from tutor.engine.search import searching
from tutor.engine.frozen import Frozen
from tutor.engine.engine import check_position, ladder_of, ladder_on, solution_after, stuck_on
from tutor.engine.plain_walk import walk_on
from tutor.engine.reasons import on_board
from tutor.engine.registry import CARD_LADDER, TECHNIQUES, works_on
from tutor.engine.scoring import Scorer
from tutor.engine.step import Step
from tutor.engine.walk import Walk, advance, ladder


class Grade(Frozen):
    """How hard a puzzle is, and why.

    `level` is the highest level any technique earned (its level once, its repeated level when used
    in more than one step; pointing and claiming count together); `bottleneck` is the step at which
    the running level first reached the final level, at `bottleneck_index` in `steps`.

    `rating` is the hardest step's rating on Sudoku Explainer's scale and `hardest` that step's
    technique id; `card_runs_out_at` is the index in `steps` of the first step beyond the card's
    ladder (None when the card's ladder finishes); `backtracking` is true only when a guess was
    taken; `geometry` is the puzzle's board. On a board of several grids (a Samurai)
    `bottleneck_grids` names the grids the bottleneck step lies in (see step_grids); it is empty
    on a board of one grid.
    """

    __slots__ = ("level", "band", "techniques", "steps", "bottleneck", "bottleneck_index",
                 "backtracking", "givens", "solution_values", "rating", "hardest",
                 "card_runs_out_at", "geometry", "bottleneck_grids")
    level: float
    band: str
    techniques: dict[str, int]
    steps: tuple[Step, ...]
    bottleneck: Step | None
    bottleneck_index: int | None
    backtracking: bool
    givens: int
    solution_values: tuple[int, ...]
    rating: float
    hardest: str | None
    card_runs_out_at: int | None
    geometry: Geometry
    bottleneck_grids: tuple[str, ...]

    def __init__(self, level: float, band: str, techniques: dict[str, int],
                 steps: tuple[Step, ...], bottleneck: Step | None, bottleneck_index: int | None,
                 backtracking: bool, givens: int, solution_values: tuple[int, ...],
                 rating: float = 0.0, hardest: str | None = None,
                 card_runs_out_at: int | None = None, geometry: Geometry = CLASSIC,
                 bottleneck_grids: tuple[str, ...] = ()) -> None:
        values = (level, band, techniques, steps, bottleneck, bottleneck_index, backtracking,
                  givens, solution_values, rating, hardest, card_runs_out_at, geometry,
                  bottleneck_grids)
        self._freeze(*values)


    @property
    def solution(self) -> Grid:
        return Grid(self.solution_values, geometry=self.geometry)

    @property
    def step_count(self) -> int:
        return len(self.steps)


def grade(grid: Grid, techniques: Iterable[str] | None = None) -> Grade:
    """Grade a puzzle (or a position) by solving it with the simplest steps; see Grade.

    Raises NoSolutionError / MultipleSolutionsError for an improper puzzle and ContradictionError
    for a position whose entries or candidates contradict the solution.

    On a board other than the classic one the ladder holds the techniques taught there
    (registry.on_ladder_of), and a guess only where backtracking works: else EngineError when
    they cannot finish.
    """
    # A search of its own (engine/search.py): a grade starts with no memory of other grades, and
    # costs the same whatever was graded before. The finders' tables and names are the board's.
    with searching(), using(grid.geometry):
        return _grade(grid, techniques)


def _grade(grid: Grid, techniques: Iterable[str] | None) -> Grade:
    # A fresh puzzle needs no search up front: every ladder step but the uniqueness ones is true
    # in every solution, so a grid the ladder fills without them is the one and only solution. The solver is asked only when
    # a backtracking step needs the solution (it raises then for an improper puzzle), or when the
    # walk ends in an impossible grid (a puzzle with no solution). Clashing givens go to the full
    # check at once.
    walk = walk_on(grid.values, grid.live_masks)
    board = grid.geometry
    known: list[tuple[int, ...] | None] = [
        None if grid.is_fresh_puzzle and not grid.has_conflict() else check_position(grid)]

    def backtrack(at: Walk) -> Step:
        if not works_on("backtracking", board):  # no guess is taught there yet
            if known[0] is None:
                check_position(grid)  # an improper puzzle raises what it raises on 9x9
            raise stuck_on(board)
        solution = known[0]
        if solution is None:
            # `steps` holds the walk's steps so far (trials have no fallback): their sure
            # placements shorten the search for the solution.
            solution = known[0] = solution_after(grid, _sure_placements(steps))
        from tutor.engine.techniques.backtracking import guess_step  # lazy: only a stuck ladder guesses

        return guess_step(at.values, at.masks, solution)  # no proof search: see guess_step

    steps: list[Step] = []
    scorer = Scorer()
    advance(walk, ladder(ladder_on(ladder_of(techniques), board), board), steps, scorer,
            backtrack)
    if known[0] is None and not _ASSUMING_ONE_SOLUTION.isdisjoint(scorer.counts):
        # A uniqueness step is sound only if the puzzle has one solution: prove it now (this
        # raises for a puzzle with several, whose walk the step may have led astray).
        known[0] = solution_after(grid, _sure_placements(steps))
    solution = known[0]
    if solution is None:
        # Each placement took a candidate of its cell, so the grid is conflict-free unless some
        # cell ran out of candidates on the way (left 0): only a puzzle with no solution does that.
        if 0 in walk.values:
            check_position(grid)  # raises NoSolutionError
            raise AssertionError("a solvable puzzle's walk left an empty cell")
        solution = tuple(walk.values)
    if board is not CLASSIC:
        # Read after the grade, outside its board, a step still names its own board's cells and
        # units, writes its digits with that board's symbols and rates by that board's boxes.
        steps = [on_board(step, board) for step in steps]
    index = scorer.bottleneck_index
    hardest = hardest_step(steps, scorer.counts, scorer.first_at)
    beyond_card = [at for t, at in scorer.first_at.items() if t not in CARD_IDS]
    return Grade(
        level=scorer.level,
        band=scorer.band,
        techniques=scorer.counts,
        steps=tuple(steps),
        bottleneck=steps[index] if index is not None else None,
        bottleneck_index=index,
        backtracking="backtracking" in scorer.counts,
        givens=grid.given_count,
        solution_values=solution,
        rating=hardest.rating if hardest is not None else 0.0,
        hardest=hardest.technique if hardest is not None else None,
        card_runs_out_at=min(beyond_card) if beyond_card else None,
        geometry=grid.geometry,
        bottleneck_grids=(step_grids(steps[index], board)
                          if index is not None and len(board.grids) > 1 else ()),
    )


def ladder_level(grid: Grid, techniques: Iterable[str] | None = None) -> float | None:
    """The level these techniques earn finishing the puzzle, or None when they get stuck: a
    grade's walk with no guess and no solver, for a generator that asks it thousands of times.

    Each step holds in every solution, so a walk that fills the board proves the solution unique
    (a puzzle with several is never finished); a stuck walk costs only the search for the next
    step, where `grade` would guess on to the end (on a board that teaches the guess). Uniqueness
    techniques, which assume the one solution this proves, are not taken.
    """
    with searching(), using(grid.geometry):
        board = grid.geometry
        ids = tuple(t for t in ladder_on(ladder_of(techniques), board)
                    if t not in _ASSUMING_ONE_SOLUTION)
        walk = walk_on(grid.values, grid.live_masks)
        scorer = Scorer()
        if not advance(walk, ladder(ids), [], scorer, None) or 0 in walk.values:
            return None
        return scorer.level


def step_grids(step: Step, board: Geometry) -> tuple[str, ...]:
    """The names of the grids a step lies in, on a board of several grids: those holding every
    cell of its pattern and of its changes (one, or on a Samurai two for a step inside a shared
    box), else (a step reaching across grids) every grid holding one of them, in the board's
    order."""
    cells = {*step.cells, *(cell for cell, _ in step.placements),
             *(cell for cell, _ in step.eliminations)}
    grids_of = board.grids_of
    holding = set.intersection(*(set(grids_of[cell]) for cell in cells)) if cells else set()
    if not holding:
        holding = {grid for cell in cells for grid in grids_of[cell]}
    return tuple(board.grid_names[grid] for grid in sorted(holding))


def _sure_placements(steps: list[Step]) -> list[tuple[int, int]]:
    """The placements of the steps before the first that assumes one solution: they hold in every
    solution, so a search for the solutions may start from them (see solution_after)."""
    sure: list[tuple[int, int]] = []
    for step in steps:
        if step.technique in _ASSUMING_ONE_SOLUTION:
            break
        sure += step.placements
    return sure


CARD_IDS = frozenset(CARD_LADDER)
_RATING = {t.id: t.rating for t in TECHNIQUES}
_VARYING = frozenset(t.id for t in TECHNIQUES if t.rate_name is not None)
"""The techniques whose steps' ratings are refined one by one (those with a `rate`)."""
_ASSUMING_ONE_SOLUTION = frozenset(t.id for t in TECHNIQUES if t.assumes_one_solution)


def hardest_step(steps: list[Step], counts: dict[str, int],
                 first_at: dict[str, int] | None = None) -> Step | None:
    """The first step of the highest rating.

    A technique's registry rating bounds its steps' ratings (a `rate` only refines it downwards),
    so a step is rated one by one only when its bound could beat the best so far: grading pays
    almost nothing for the rating. `first_at` (each technique's first step index, as the Scorer
    keeps it) saves the search when one technique alone has the highest bound and rates all its
    steps alike: its first step is the answer.
    """
    top = max(map(_RATING.__getitem__, counts), default=0.0)
    if first_at is not None:
        at_top = [t for t in counts if _RATING[t] == top]
        if len(at_top) == 1 and at_top[0] not in _VARYING:
            return steps[first_at[at_top[0]]]
    bound = {t: _RATING[t] for t in counts}
    varying = {t for t in counts if t in _VARYING}
    best: Step | None = None
    best_rating = -1.0
    for step in steps:
        t = step.technique
        if bound[t] <= best_rating:
            continue
        rating = step.rating if t in varying else bound[t]
        if rating > best_rating:
            best, best_rating = step, rating
            if rating >= top:
                break
    return best
