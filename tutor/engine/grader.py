"""The grader: walk the engine's steps to the end and rate the puzzle on the 0-6 scale."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..geometry import PEERS, bit
from ..grid import Grid
from .engine import (
    NoSolutionError,
    find_contradiction,
    first_step,
    ladder_of,
    solution_values,
)
from .registry import band, technique
from .step import Step


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
    solution: Grid = field(repr=False, default=None)

    @property
    def step_count(self) -> int:
        return len(self.steps)


def _apply(values, masks, step: Step) -> None:
    for cell, digit in step.placements:
        values[cell] = digit
        masks[cell] = 0
        clear = ~bit(digit)
        for p in PEERS[cell]:
            masks[p] &= clear
    for cell, digit in step.eliminations:
        masks[cell] &= ~bit(digit)


def grade(grid: Grid, techniques=None) -> Grade:
    """Grade a puzzle (or a position) by solving it with the simplest steps; see Grade."""
    conflict = grid.describe_conflict()
    if conflict:
        raise NoSolutionError(f"conflicting digits: {conflict}")
    solution = solution_values(grid)
    problem = find_contradiction(grid, solution)
    if problem:
        raise problem
    ladder = ladder_of(techniques)
    values, masks = list(grid.values), list(grid.masks)
    steps: list[Step] = []
    group_counts: dict[str, int] = {}
    counts: dict[str, int] = {}
    level = 0.0
    bottleneck_index = None
    remaining = sum(1 for v in values if not v)
    while remaining:
        step = first_step(values, masks, ladder, solution)
        _apply(values, masks, step)
        remaining -= len(step.placements)
        entry = technique(step.technique)
        counts[entry.id] = counts.get(entry.id, 0) + 1
        used = group_counts.get(entry.score_group, 0) + 1
        group_counts[entry.score_group] = used
        earned = entry.level if used == 1 else entry.repeated_level
        if earned is not None and earned > level:
            level = earned
            bottleneck_index = len(steps)
        elif bottleneck_index is None and earned is not None and earned >= level:
            bottleneck_index = len(steps)
        steps.append(step)
    bottleneck = steps[bottleneck_index] if bottleneck_index is not None else None
    return Grade(
        level=level,
        band=band(level),
        techniques=counts,
        steps=tuple(steps),
        bottleneck=bottleneck,
        bottleneck_index=bottleneck_index,
        backtracking="backtracking" in counts,
        givens=len(grid.givens),
        solution=Grid(solution, grid.givens),
    )
