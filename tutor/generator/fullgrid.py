"""A random full grid (a solved board), built by randomized backtracking from a seeded Random."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.model.geometry import CLASSIC, Geometry, bit, digits_of


def random_full_grid(rng: random.Random, geometry: Geometry = CLASSIC,
                     start: Sequence[int] | None = None) -> tuple[int, ...]:
    """The board's digits forming a valid solved board; the same `rng` state always gives the
    same board.

    Branches on the empty cell with the fewest digits left (so dead ends are found early) and tries
    its digits in a random order; from an empty board this almost never needs to backtrack far.

    On a board of several grids `start` may hold whole grids already solved (one corner grid of a
    Samurai): the other grids are filled around them.

    :raises ValueError: for a `start` on a board of one grid, or one the grids cannot extend.
    """
    if len(geometry.grids) > 1:
        return _grids_full_grid(rng, geometry, start)
    if start is not None:
        raise ValueError(f"a start is taken on a board of several grids, not the {geometry.name} "
                         "board")
    values = [0] * geometry.cell_count
    used = [0] * (3 * geometry.size)  # the digits placed in each row, column and box
    empties = list(geometry.cells)
    if not _fill(values, used, empties, rng, geometry.units_of, geometry.all_digits):
        raise AssertionError("an empty board always has a solution")
    return tuple(values)


def _grids_full_grid(rng: random.Random, geometry: Geometry,
                     start: Sequence[int] | None = None) -> tuple[int, ...]:
    """A solved board of several classic grids (the Samurai): the grid sharing the most cells (the
    centre one) filled first, then each other grid around the cells it shares with those filled.

    On the Samurai an outer grid shares only one box with the centre grid, and any box's nine
    digits extend to a whole 9x9 grid, so no grid ever has to be undone; nor when `start` holds
    one outer grid solved (the centre grid then extends the box it shares with it). A grid
    already full takes nothing from `rng`.
    """
    board = CLASSIC
    values = [0] * geometry.cell_count if start is None else list(start)
    if len(values) != geometry.cell_count:
        raise ValueError(f"a start of {len(values)} cells for the {geometry.name} board of "
                         f"{geometry.cell_count}")
    order = sorted(range(len(geometry.grids)),
                   key=lambda g: -sum(len(geometry.grids_of[c]) > 1 for c in geometry.grids[g]))
    for g in order:
        cells = geometry.grids[g]
        grid_values = [values[c] for c in cells]
        used = [0] * (3 * board.size)
        for c, v in enumerate(grid_values):
            if v:
                for unit in board.units_of[c]:
                    if used[unit] & bit(v):  # only a start can hold a digit twice
                        raise ValueError(f"the {geometry.grid_names[g]} grid cannot be filled "
                                         f"around the start's digits: {v} twice in one unit")
                    used[unit] |= bit(v)
        empties = [c for c in board.cells if not grid_values[c]]
        if not _fill(grid_values, used, empties, rng, board.units_of, board.all_digits):
            if start is not None:
                raise ValueError(f"the {geometry.grid_names[g]} grid cannot be filled around "
                                 "the start's digits")
            raise AssertionError("the cells a grid shares with those filled always extend")
        for c, v in zip(cells, grid_values):
            values[c] = v
    return tuple(values)


def _fill(values, used, empties, rng, units_of, all_digits) -> bool:
    if not empties:
        return True
    best = -1
    best_mask = 0
    best_count = len(values) + 1
    for c in empties:
        a, b, d = units_of[c]
        m = all_digits & ~(used[a] | used[b] | used[d])
        n = m.bit_count()
        if n < best_count:
            best, best_mask, best_count = c, m, n
            if n <= 1:
                break
    if best_count == 0:
        return False
    digits = list(digits_of(best_mask))
    rng.shuffle(digits)
    rest = [c for c in empties if c != best]
    a, b, d = units_of[best]
    for digit in digits:
        m = bit(digit)
        values[best] = digit
        used[a] |= m
        used[b] |= m
        used[d] |= m
        if _fill(values, used, rest, rng, units_of, all_digits):
            return True
        used[a] &= ~m
        used[b] &= ~m
        used[d] &= ~m
    values[best] = 0
    return False
