"""A random full grid (a solved board), built by randomized backtracking from a seeded Random."""

from __future__ import annotations

import random

from tutor.model.geometry import ALL_DIGITS, CELL_COUNT, COUNT, DIGITS_IN, SIZE, UNITS_OF, bit


def random_full_grid(rng: random.Random) -> tuple[int, ...]:
    """81 digits forming a valid solved board; the same `rng` state always gives the same board.

    Branches on the empty cell with the fewest digits left (so dead ends are found early) and tries
    its digits in a random order; from an empty board this almost never needs to backtrack far.
    """
    values = [0] * CELL_COUNT
    used = [0] * (3 * SIZE)  # the digits placed in each row, column and box
    empties = list(range(CELL_COUNT))
    if not _fill(values, used, empties, rng):
        raise AssertionError("an empty board always has a solution")
    return tuple(values)


def _fill(values, used, empties, rng) -> bool:
    if not empties:
        return True
    best = -1
    best_mask = 0
    best_count = 99
    for c in empties:
        a, b, d = UNITS_OF[c]
        m = ALL_DIGITS & ~(used[a] | used[b] | used[d])
        n = COUNT[m]
        if n < best_count:
            best, best_mask, best_count = c, m, n
            if n <= 1:
                break
    if best_count == 0:
        return False
    digits = list(DIGITS_IN[best_mask])
    rng.shuffle(digits)
    rest = [c for c in empties if c != best]
    a, b, d = UNITS_OF[best]
    for digit in digits:
        m = bit(digit)
        values[best] = digit
        used[a] |= m
        used[b] |= m
        used[d] |= m
        if _fill(values, used, rest, rng):
            return True
        used[a] &= ~m
        used[b] &= ~m
        used[d] &= ~m
    values[best] = 0
    return False
