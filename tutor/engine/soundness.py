"""Soundness check: replay a grade's steps and compare each one with the unique solution."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.step import Step
from tutor.model.geometry import cell_name, current, using
from tutor.model.grid import Grid


def violations(puzzle: Grid, steps: Iterable[Step], solution_values: Sequence[int]) -> list[str]:
    """Every way the steps go wrong: a true digit eliminated, a wrong placement, an unsolved end.

    Each step is also replayed on the grid, so an elimination of a candidate that was not there or
    a placement in a filled cell counts as a violation too.
    """
    with using(puzzle.geometry):  # cells named, digits written as the puzzle's board does
        return _violations(puzzle, steps, solution_values)


def _violations(puzzle: Grid, steps: Iterable[Step], solution_values: Sequence[int]) -> list[str]:
    symbol = current().symbol
    found = []
    grid = puzzle
    for index, step in enumerate(steps):
        for cell, digit in step.eliminations:
            if solution_values[cell] == digit:
                found.append(f"step {index} ({step}): eliminates the solution {symbol(digit)} of "
                             f"{cell_name(cell)}")
            if not grid.has_candidate(cell, digit):
                found.append(f"step {index} ({step}): {symbol(digit)} is not a candidate of "
                             f"{cell_name(cell)}")
        for cell, digit in step.placements:
            if solution_values[cell] != digit:
                found.append(f"step {index} ({step}): places {symbol(digit)} in {cell_name(cell)}, "
                             f"solution is {symbol(solution_values[cell])}")
            if grid.values[cell]:
                found.append(f"step {index} ({step}): {cell_name(cell)} is already filled")
        if not step.eliminations and not step.placements:
            found.append(f"step {index} ({step}): changes nothing")
        grid = grid.apply(step)
    if grid.values != tuple(solution_values):
        found.append("the steps do not end in the solution")
    return found
