"""The grader: walk the engine's steps to the end and rate the puzzle on the 0-6 scale."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.model.grid import Grid
from tutor.engine.backtracking import backtracking_step
from tutor.engine.engine import check_position, ladder_of
from tutor.engine.scoring import Scorer
from tutor.engine.step import Step
from tutor.engine.walk import Walk, advance, ladder


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is, and why.

    `level` is the highest level any technique earned (its level once, its repeated level when used
    in more than one step; pointing and claiming count together); `bottleneck` is the step at which
    the running level first reached the final level, at `bottleneck_index` in `steps`.
    """

    level: float
    band: str
    techniques: dict[str, int]
    steps: tuple[Step, ...]
    bottleneck: Step | None
    bottleneck_index: int | None
    backtracking: bool
    givens: int
    solution_values: tuple[int, ...]

    @property
    def solution(self) -> Grid:
        return Grid(self.solution_values)

    @property
    def step_count(self) -> int:
        return len(self.steps)


def grade(grid: Grid, techniques: Iterable[str] | None = None) -> Grade:
    """Grade a puzzle (or a position) by solving it with the simplest steps; see Grade.

    Raises NoSolutionError / MultipleSolutionsError for an improper puzzle and ContradictionError
    for a position whose entries or candidates contradict the solution.
    """
    # A fresh puzzle needs no search up front: every ladder step is true in every solution, so a
    # grid the ladder fills completely is the one and only solution. The solver is asked only when
    # a backtracking step needs the solution (it raises then for an improper puzzle), or when the
    # walk ends in an impossible grid (a puzzle with no solution). Clashing givens go to the full
    # check at once.
    walk = Walk(grid.values, grid.masks)
    known: list[tuple[int, ...] | None] = [
        None if grid.is_fresh_puzzle and not walk.clash else check_position(grid)]

    def backtrack(at: Walk) -> Step:
        solution = known[0]
        if solution is None:
            solution = known[0] = check_position(grid)
        return backtracking_step(at.values, at.masks, solution)

    steps: list[Step] = []
    scorer = Scorer()
    advance(walk, ladder(ladder_of(techniques)), steps, scorer, backtrack)
    solution = known[0]
    if solution is None:
        # Each placement took a candidate of its cell, so the grid is conflict-free unless some
        # cell ran out of candidates on the way (left 0): only a puzzle with no solution does that.
        if 0 in walk.values:
            check_position(grid)  # raises NoSolutionError
            raise AssertionError("a solvable puzzle's walk left an empty cell")
        solution = tuple(walk.values)
    index = scorer.bottleneck_index
    return Grade(
        level=scorer.level,
        band=scorer.band,
        techniques=scorer.counts,
        steps=tuple(steps),
        bottleneck=steps[index] if index is not None else None,
        bottleneck_index=index,
        backtracking="backtracking" in scorer.counts,
        givens=len(grid.givens),
        solution_values=solution,
    )
