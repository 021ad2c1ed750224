"""Backtracking solver: singles propagation, fewest-candidates-first branching, solution counting."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import ALL_DIGITS, CELL_COUNT, CELLS, COUNT, ONLY_DIGIT, SIZE, UNITS, UNITS_OF
from .grid import Grid

_UNITS_OF = UNITS_OF
_UNITS = UNITS
_COUNT = COUNT
_ONLY = ONLY_DIGIT
_ALL = ALL_DIGITS
# Bits of a mask, lowest first, for branching without a loop over all nine digits.
_BITS = tuple(tuple(1 << k for k in range(SIZE) if m >> k & 1) for m in range(ALL_DIGITS + 1))


class _Search:
    """Depth-first search over one puzzle; stops once `limit` solutions are found."""

    __slots__ = ("limit", "count", "first", "guesses")

    def __init__(self, limit: int):
        self.limit = limit
        self.count = 0
        self.first: list[int] | None = None
        self.guesses = 0

    def run(self, values: list[int], used: list[int], empties: list[int]) -> None:
        units_of = _UNITS_OF
        count_of = _COUNT
        all_digits = _ALL
        while True:
            # Naked singles, placed as soon as found, so one pass often fills many cells.
            progress = False
            best = -1
            best_count = 99
            remaining = []
            for c in empties:
                a, b, d = units_of[c]
                m = all_digits & ~(used[a] | used[b] | used[d])
                if not m:
                    return
                if not m & (m - 1):
                    values[c] = m
                    used[a] |= m
                    used[b] |= m
                    used[d] |= m
                    progress = True
                else:
                    remaining.append(c)
                    n = count_of[m]
                    if n < best_count:
                        best_count = n
                        best = c
            empties = remaining
            if not empties:
                self._found(values)
                return
            if progress:
                continue
            # Hidden singles: a digit with one place in a unit.
            placed = self._hidden_singles(values, used, empties)
            if placed is None:
                return
            if placed:
                empties = [c for c in empties if not values[c]]
                if not empties:
                    self._found(values)
                    return
                continue
            break
        a, b, d = units_of[best]
        m = all_digits & ~(used[a] | used[b] | used[d])
        rest = [c for c in empties if c != best]
        for digit_bit in _BITS[m]:
            self.guesses += 1
            new_values = values[:]
            new_used = used[:]
            new_values[best] = digit_bit
            new_used[a] |= digit_bit
            new_used[b] |= digit_bit
            new_used[d] |= digit_bit
            self.run(new_values, new_used, rest)
            if self.count >= self.limit:
                return

    @staticmethod
    def _hidden_singles(values, used, empties):
        """Place every hidden single; return how many, or None on a contradiction."""
        units_of = _UNITS_OF
        masks = {}
        for c in empties:
            a, b, d = units_of[c]
            masks[c] = _ALL & ~(used[a] | used[b] | used[d])
        placed = 0
        for u, unit in enumerate(_UNITS):
            once = twice = 0
            for c in unit:
                m = masks.get(c)
                if m is not None and not values[c]:
                    twice |= once & m
                    once |= m
            if (once | used[u]) != _ALL:
                return None  # some digit has no place left in this unit
            single = once & ~twice & ~used[u]
            while single:
                digit_bit = single & -single
                single ^= digit_bit
                for c in unit:
                    if not values[c] and masks[c] & digit_bit:
                        a, b, d = units_of[c]
                        if (used[a] | used[b] | used[d]) & digit_bit:
                            return None  # placed twice through two units at once
                        values[c] = digit_bit
                        used[a] |= digit_bit
                        used[b] |= digit_bit
                        used[d] |= digit_bit
                        placed += 1
                        break
        return placed

    def _found(self, values):
        self.count += 1
        if self.first is None:
            self.first = [_ONLY[m] for m in values]


def _start(values) -> tuple[list[int], list[int], list[int]] | None:
    """Bit-valued cells, per-unit used digits and the empty cells; None if the givens clash."""
    bits = [0] * CELL_COUNT
    used = [0] * (3 * SIZE)
    empties = []
    for c in CELLS:
        v = values[c]
        if v:
            b = 1 << (v - 1)
            for u in _UNITS_OF[c]:
                if used[u] & b:
                    return None
                used[u] |= b
            bits[c] = b
        else:
            empties.append(c)
    return bits, used, empties


def _search(values, limit: int) -> _Search:
    search = _Search(limit)
    started = _start(values)
    if started is not None:
        search.run(*started)
    return search


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many solutions the grid's values have, counting no further than `limit`."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    return _search(grid.values, limit).count


def solve(grid: Grid) -> Grid | None:
    """The first solution found (the only one for a proper puzzle), or None if there is none."""
    search = _search(grid.values, 1)
    if search.first is None:
        return None
    return Grid(search.first, grid.givens)


def solve_values(values) -> tuple[int, list[int] | None]:
    """(solution count up to 2, the first solution's values): one search for both."""
    search = _search(values, 2)
    return search.count, search.first


@dataclass(frozen=True)
class Validity:
    """What a puzzle is: 'unique', 'none', 'multiple' or 'conflict', with a sentence saying so."""

    status: str
    solutions: int
    message: str
    solution: Grid | None = None
    conflict_cells: frozenset[int] = frozenset()

    @property
    def is_proper(self) -> bool:
        return self.status == "unique"


MIN_PROPER_GIVENS = 17


def validity(grid: Grid, limit: int = 2) -> Validity:
    """Check a puzzle: conflicting givens, no solution, several solutions, or exactly one."""
    conflict = grid.describe_conflict()
    if conflict:
        return Validity("conflict", 0, f"conflicting givens: {conflict}",
                        conflict_cells=grid.conflict_cells())
    search = _search(grid.values, max(2, limit))
    if search.count == 0:
        return Validity("none", 0, "no solution")
    solution = Grid(search.first, grid.givens)
    if search.count == 1:
        return Validity("unique", 1, "unique solution", solution)
    capped = search.count >= max(2, limit)
    amount = f"at least {search.count}" if capped else str(search.count)
    message = f"more than one solution ({amount} solutions)" if capped else f"{amount} solutions"
    filled = sum(1 for v in grid.values if v)
    if filled < MIN_PROPER_GIVENS:
        message += (f"; it has {filled} givens, and no proper puzzle has fewer than "
                    f"{MIN_PROPER_GIVENS}")
    return Validity("multiple", search.count, message, solution)
