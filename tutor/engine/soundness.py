"""Soundness check: replay a grade's steps and compare each one with the unique solution."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.step import Step
from tutor.model.geometry import cell_name
from tutor.model.grid import Grid


def violations(puzzle: Grid, steps: Iterable[Step], solution_values: Sequence[int]) -> list[str]:
    """Every way the steps go wrong: a true digit eliminated, a wrong placement, an unsolved end.

    Each step is also replayed on the grid, so an elimination of a candidate that was not there or
    a placement in a filled cell counts as a violation too.
    """
    found = []
    grid = puzzle
    for index, step in enumerate(steps):
        for cell, digit in step.eliminations:
            if solution_values[cell] == digit:
                found.append(f"step {index} ({step}): eliminates the solution {digit} of {cell_name(cell)}")
            if not grid.has_candidate(cell, digit):
                found.append(f"step {index} ({step}): {digit} is not a candidate of {cell_name(cell)}")
        for cell, digit in step.placements:
            if solution_values[cell] != digit:
                found.append(f"step {index} ({step}): places {digit} in {cell_name(cell)}, "
                             f"solution is {solution_values[cell]}")
            if grid.values[cell]:
                found.append(f"step {index} ({step}): {cell_name(cell)} is already filled")
        if not step.eliminations and not step.placements:
            found.append(f"step {index} ({step}): changes nothing")
        grid = grid.apply(step)
    if grid.values != tuple(solution_values):
        found.append("the steps do not end in the solution")
    return found
