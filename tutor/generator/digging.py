"""Digging: remove givens from a full grid, in random order, while the solution stays unique."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from functools import reduce
from operator import or_
from typing import Callable

from tutor.model.geometry import CLASSIC, Geometry
from tutor.solvers.backtracking import solve_values


def partner(cell: int, geometry: Geometry = CLASSIC) -> int:
    """The cell a 180-degree turn of the board puts in place of `cell`."""
    return geometry.cell_count - 1 - cell


def removal_groups(symmetric: bool, geometry: Geometry = CLASSIC) -> list[tuple[int, ...]]:
    """The cells removed together: one at a time, or a cell with its 180-degree partner."""
    cells = geometry.cells
    if not symmetric:
        return [(c,) for c in cells]
    last = geometry.cell_count - 1
    return [(c,) if c == last - c else (c, last - c) for c in cells if c <= last - c]


def is_unique(values: Sequence[int], geometry: Geometry | None = None) -> bool:
    """Whether these cell values have exactly one solution (on `geometry`, else the board their
    number tells)."""
    return solve_values(values, geometry)[0] == 1


def dig(
    solution: Sequence[int],
    rng: random.Random,
    symmetric: bool = False,
    accept: Callable[[list[int]], bool] | None = None,
    geometry: Geometry = CLASSIC,
    proves_unique: bool = False,
    fixed: Collection[int] = (),
) -> tuple[int, ...]:
    """A puzzle from which no further given (or symmetric pair) can be removed.

    Givens are tried once each in a random order; a removal stays only if the puzzle keeps exactly
    one solution and `accept(values)` (say, a cap on the grade) allows it. With `proves_unique`
    the caller's `accept` only allows puzzles of one solution (a ladder of sound steps finishing
    them), and the solver is not asked. The cells of `fixed` are never removed.
    """
    values = list(solution)
    groups = removal_groups(symmetric, geometry)
    if fixed:
        fixed_cells = frozenset(fixed)
        groups = [group for group in groups if fixed_cells.isdisjoint(group)]
    rng.shuffle(groups)
    for group in groups:
        if not values[group[0]]:
            continue
        kept = [values[c] for c in group]
        for c in group:
            values[c] = 0
        if proves_unique and accept is not None:
            keep = accept(values)
        else:
            keep = is_unique(values, geometry) and (accept is None or accept(values))
        if not keep:
            for c, v in zip(group, kept):
                values[c] = v
    return tuple(values)


def singles_finish(values: Sequence[int], geometry: Geometry, hidden: bool = True) -> bool:
    """Whether naked singles (and hidden singles too, with `hidden`) alone fill the board: then
    the puzzle has one solution and grades at most 0 (naked singles alone) or 0.5.

    The singles fill in any order to the same end (a placement only takes candidates away), so
    this asks what the engine's walk with those techniques alone would reach, much faster.
    """
    filled = singles_closure(values, geometry, hidden)
    return filled is not None and 0 not in filled


def singles_closure(values: Sequence[int], geometry: Geometry,
                    hidden: bool = True) -> list[int] | None:
    """The cell values once naked singles (and hidden singles, with `hidden`) have been made
    until none is left, or None when one empties a cell: the position from which a walk of the
    engine goes on with its other techniques (the singles reach the same end in any order).
    """
    units, units_of, peers = geometry.units, geometry.units_of, geometry.peers
    all_digits = geometry.all_digits
    values = list(values)
    used = [0] * len(units)
    for u, unit in enumerate(units):
        for c in unit:
            if values[c]:
                used[u] |= 1 << (values[c] - 1)
    if len(geometry.grids) == 1:  # three units a cell
        masks = [0 if v else all_digits & ~(used[a] | used[b] | used[d])
                 for v, (a, b, d) in zip(values, units_of)]
    else:  # a Samurai's shared cells lie in five
        masks = [0 if v else all_digits & ~reduce(or_, (used[u] for u in cell_units))
                 for v, cell_units in zip(values, units_of)]
    empty = sum(1 for v in values if not v)

    def place(cell: int, digit_bit: int) -> bool:
        values[cell] = digit_bit.bit_length()
        masks[cell] = 0
        for p in peers[cell]:
            if masks[p] & digit_bit:
                masks[p] &= ~digit_bit
                if not masks[p] and not values[p]:
                    return False
        return True

    while empty:
        progress = False
        for c, m in enumerate(masks):
            if m and not m & (m - 1):
                if not place(c, m):
                    return None
                empty -= 1
                progress = True
        if not progress and hidden:
            for unit in units:
                once = twice = 0
                for c in unit:
                    m = masks[c]
                    twice |= once & m
                    once |= m
                single = once & ~twice
                while single:
                    low = single & -single
                    single ^= low
                    cell = next((c for c in unit if masks[c] & low), -1)
                    if cell < 0 or not place(cell, low):
                        return None
                    empty -= 1
                    progress = True
        if not progress:
            break
    return values
