"""A random full grid (a solved board), built by randomized backtracking from a seeded Random."""

from __future__ import annotations

import random

from tutor.model.geometry import CLASSIC, Geometry, bit, digits_of


def random_full_grid(rng: random.Random, geometry: Geometry = CLASSIC) -> tuple[int, ...]:
    """The board's digits forming a valid solved board; the same `rng` state always gives the
    same board.

    Branches on the empty cell with the fewest digits left (so dead ends are found early) and tries
    its digits in a random order; from an empty board this almost never needs to backtrack far.
    """
    values = [0] * geometry.cell_count
    used = [0] * (3 * geometry.size)  # the digits placed in each row, column and box
    empties = list(geometry.cells)
    if not _fill(values, used, empties, rng, geometry.units_of, geometry.all_digits):
        raise AssertionError("an empty board always has a solution")
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
