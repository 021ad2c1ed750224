"""Digging: remove givens from a full grid, in random order, while the solution stays unique."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Callable

from tutor.model.geometry import CELL_COUNT, CELLS
from tutor.solvers.backtracking import solve_values


def partner(cell: int) -> int:
    """The cell a 180-degree turn of the board puts in place of `cell`."""
    return CELL_COUNT - 1 - cell


def removal_groups(symmetric: bool) -> list[tuple[int, ...]]:
    """The cells removed together: one at a time, or a cell with its 180-degree partner."""
    if not symmetric:
        return [(c,) for c in CELLS]
    return [(c,) if c == partner(c) else (c, partner(c)) for c in CELLS if c <= partner(c)]


def is_unique(values: Sequence[int]) -> bool:
    """Whether these cell values have exactly one solution."""
    return solve_values(values)[0] == 1


def dig(
    solution: Sequence[int],
    rng: random.Random,
    symmetric: bool = False,
    accept: Callable[[list[int]], bool] | None = None,
) -> tuple[int, ...]:
    """A puzzle from which no further given (or symmetric pair) can be removed.

    Givens are tried once each in a random order; a removal stays only if the puzzle keeps exactly
    one solution and `accept(values)` (say, a cap on the grade) allows it.
    """
    values = list(solution)
    groups = removal_groups(symmetric)
    rng.shuffle(groups)
    for group in groups:
        if not values[group[0]]:
            continue
        kept = [values[c] for c in group]
        for c in group:
            values[c] = 0
        if not (is_unique(values) and (accept is None or accept(values))):
            for c, v in zip(group, kept):
                values[c] = v
    return tuple(values)
