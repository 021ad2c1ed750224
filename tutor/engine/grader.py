"""The grader: walk the engine's steps to the end and rate the puzzle on the 0-6 scale."""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import CELLS, ONLY_DIGIT, PEERS, SIZE, UNITS, UNITS_OF
from .singles import HIDDEN_SINGLE_UNIT_ORDER
from ..grid import Grid
from .engine import backtracking_step, check_position, ladder_of, ladder_step
from .scoring import Scorer
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
    solution_values: tuple[int, ...]

    @property
    def solution(self) -> Grid:
        return Grid(self.solution_values)

    @property
    def step_count(self) -> int:
        return len(self.steps)


ALL_UNITS = (1 << len(UNITS)) - 1
CELL_UNIT_BITS = tuple(sum(1 << u for u in UNITS_OF[c]) for c in CELLS)
"""CELL_UNIT_BITS[cell]: the cell's three units as a bitset of unit numbers."""


class _Walk:
    """The grader's working position, mutable for speed.

    It keeps a bitset of the cells holding a single candidate and a count of empty cells per unit,
    so the next naked single (lowest cell first, as the finder yields them) costs no rescan.
    """

    __slots__ = ("values", "masks", "singles", "empties", "dirty", "unit_singles", "clash")

    def __init__(self, grid: Grid):
        self.values = values = list(grid.values)
        self.masks = masks = list(grid.masks)
        self.empties = empties = [SIZE] * len(UNITS)
        used = [0] * len(UNITS)
        clash = 0
        singles = 0
        for cell in CELLS:
            if values[cell]:
                a, b, c = UNITS_OF[cell]
                empties[a] -= 1
                empties[b] -= 1
                empties[c] -= 1
                digit_bit = 1 << values[cell]
                clash |= (used[a] | used[b] | used[c]) & digit_bit
                used[a] |= digit_bit
                used[b] |= digit_bit
                used[c] |= digit_bit
            else:
                m = masks[cell]
                if m and not m & (m - 1):
                    singles |= 1 << cell
        self.singles = singles
        self.clash = bool(clash)
        # Hidden singles: each unit's digits with exactly one place, recomputed only for units
        # whose cells changed since (`dirty` holds one bit per unit).
        self.dirty = ALL_UNITS
        self.unit_singles = [0] * len(UNITS)

    def hidden_single(self) -> Step | None:
        """The hidden single the finder would yield first (same unit order), or None."""
        masks = self.masks
        dirty = self.dirty
        unit_singles = self.unit_singles
        found = None
        for unit in HIDDEN_SINGLE_UNIT_ORDER:
            if dirty >> unit & 1:
                once = twice = 0
                for c in UNITS[unit]:
                    m = masks[c]
                    twice |= once & m
                    once |= m
                unit_singles[unit] = once & ~twice
                dirty ^= 1 << unit
            single = unit_singles[unit]
            if single:
                low = single & -single
                cell = next(c for c in UNITS[unit] if masks[c] & low)
                digit = low.bit_length()
                found = tuple.__new__(Step, ("hidden_single", ((cell, digit),), (), (cell,), (unit,),
                                             (digit,)))
                break
        self.dirty = dirty
        return found

    def naked_singles(self, steps: list) -> int:
        """Make naked singles, lowest cell first, until none is left; return how many."""
        values, masks, empties = self.values, self.masks, self.empties
        singles = self.singles
        dirty = self.dirty
        made = 0
        new_tuple = tuple.__new__  # NamedTuple's own __new__ is Python code; this is the hot loop
        while singles:
            cell = (singles & -singles).bit_length() - 1
            digit_bit = masks[cell]
            digit = ONLY_DIGIT[digit_bit]
            a, b, c = UNITS_OF[cell]
            if empties[a] == 1:
                house = (a,)
            elif empties[b] == 1:
                house = (b,)
            elif empties[c] == 1:
                house = (c,)
            else:
                house = ()
            steps.append(new_tuple(Step, ("naked_single", ((cell, digit),), (), (cell,), house,
                                          (digit,))))
            made += 1
            values[cell] = digit
            masks[cell] = 0
            singles ^= 1 << cell
            empties[a] -= 1
            empties[b] -= 1
            empties[c] -= 1
            dirty |= CELL_UNIT_BITS[cell]
            for p in PEERS[cell]:
                m = masks[p]
                if m & digit_bit:
                    m ^= digit_bit
                    masks[p] = m
                    dirty |= CELL_UNIT_BITS[p]
                    if not m & (m - 1):
                        singles |= 1 << p
        self.singles = singles
        self.dirty = dirty
        return made

    def apply(self, step: Step) -> None:
        masks = self.masks
        singles = self.singles
        empties = self.empties
        dirty = self.dirty
        for cell, digit in step.placements:
            self.values[cell] = digit
            masks[cell] = 0
            singles &= ~(1 << cell)
            dirty |= CELL_UNIT_BITS[cell]
            a, b, c = UNITS_OF[cell]
            empties[a] -= 1
            empties[b] -= 1
            empties[c] -= 1
            digit_bit = 1 << (digit - 1)
            for p in PEERS[cell]:
                m = masks[p]
                if m & digit_bit:
                    m ^= digit_bit
                    masks[p] = m
                    dirty |= CELL_UNIT_BITS[p]
                    if m and not m & (m - 1):
                        singles |= 1 << p
        for cell, digit in step.eliminations:
            m = masks[cell] & ~(1 << (digit - 1))
            masks[cell] = m
            dirty |= CELL_UNIT_BITS[cell]
            if m and not m & (m - 1):
                singles |= 1 << cell
            else:
                singles &= ~(1 << cell)
        self.singles = singles
        self.dirty = dirty


def grade(grid: Grid, techniques=None) -> Grade:
    """Grade a puzzle (or a position) by solving it with the simplest steps; see Grade.

    Raises NoSolutionError / MultipleSolutionsError for an improper puzzle and ContradictionError
    for a position whose entries or candidates contradict the solution.
    """
    # A fresh puzzle needs no search up front: every ladder step is true in every solution, so a
    # grid the ladder fills completely is the one and only solution. The solver is asked only when
    # a backtracking step needs the solution (it raises then for an improper puzzle), or when the
    # walk ends in an impossible grid (a puzzle with no solution). Clashing givens go to the full
    # check at once.
    walk = _Walk(grid)
    solution = None if grid.is_fresh_puzzle and not walk.clash else check_position(grid)
    ladder = ladder_of(techniques)
    singles_first = bool(ladder) and ladder[0] == "naked_single"
    rest = ladder[1:] if singles_first else ladder
    hidden_next = singles_first and rest[:1] == ("hidden_single",)
    if hidden_next:
        rest = rest[1:]
    steps: list[Step] = []
    scorer = Scorer()
    remaining = grid.values.count(0)
    while remaining > 0:
        if singles_first and walk.singles:
            made = walk.naked_singles(steps)
            remaining -= made
            scorer.add("naked_single", made)
            continue
        step = walk.hidden_single() if hidden_next else None
        if step is None:
            step = ladder_step(walk.values, walk.masks, rest)
        if step is None:
            if solution is None:
                solution = check_position(grid)
            step = backtracking_step(walk.values, walk.masks, solution)
        walk.apply(step)
        remaining -= len(step.placements)
        scorer.add(step.technique)
        steps.append(step)
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
