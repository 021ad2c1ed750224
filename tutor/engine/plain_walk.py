"""The walk on any board but the classic one: the same position and loop, kept plainly.

The classic board's walk (engine/walk.py) is unrolled for nine cells a unit and keeps running
tables of singles, for speed. On any other board this one stands in for it, with the same methods
(advance, the look-ahead and the next step use either) and the same steps: naked singles lowest
cell first, with the unit they are the last empty cell of (a full house); when none is left, the
hidden single the finder yields first (boxes, then rows, then columns; lowest digit first); then
the ladder's other finders in order. It keeps the naked singles as placements make them (among
the placed cell's peers), and finds a hidden single by asking its finder afresh, a pass over the
board's units.
"""

from __future__ import annotations

from collections.abc import Sequence
from heapq import heappop, heappush

from tutor.model.geometry import (
    CLASSIC, ONLY_DIGIT, Geometry, current as board_in_use, new_digit_cell_sets,
)
from tutor.engine.search import current
from tutor.engine.scoring import Scorer
from tutor.engine.step import Step
from tutor.engine.techniques.singles import hidden_singles, naked_single
from tutor.engine.walk import Walk


class PlainWalk(Walk):
    """A working position on `board`, mutable: a Walk to advance and the look-ahead, each of its
    methods its own (the classic Walk's running tables are left unused)."""

    __slots__ = ("board",)

    def __init__(self, values: Sequence[int], masks: Sequence[int], board: Geometry):
        self.values = list(values)
        self.masks = list(masks)
        self.empty = self.values.count(0)
        self.board = board

    def make_singles(self, steps: list, hidden: bool, scorer: Scorer | None) -> int:
        """Make naked singles, lowest cell first, and when none is left (with `hidden`) the hidden
        single the finder would yield first, until neither is left or the grid is full; return how
        many were made. Their steps go to `steps`, and each to `scorer` (if given)."""
        made = 0
        values, masks, peers, only = self.values, self.masks, self.board.peers, ONLY_DIGIT
        # The naked singles, lowest cell first: those there are now, then each placement's peers
        # left with one candidate (candidates only go, so a single stays one until placed). The
        # same steps as asking naked_singles afresh each time, without a pass over the board each.
        pending = [c for c, m in enumerate(masks) if only[m] and not values[c]]
        while self.empty:
            step = None
            while pending:
                cell = heappop(pending)
                if only[masks[cell]] and not values[cell]:
                    step = naked_single(values, cell, only[masks[cell]])
                    break
            if step is None:
                if not hidden:
                    break
                step = next(hidden_singles(values, masks), None)
                if step is None:
                    break
            (cell, digit), = step.placements
            digit_bit = 1 << (digit - 1)
            losing = [p for p in peers[cell] if masks[p] & digit_bit]
            self._put(cell, digit)
            for p in losing:
                if only[masks[p]] and not values[p]:
                    heappush(pending, p)
            steps.append(step)
            if scorer is not None:
                scorer.add(step.technique)
            made += 1
        return made

    def _put(self, cell: int, digit: int) -> None:
        """Put `digit` in the empty `cell`: its candidates and its peers' candidate `digit` go."""
        masks = self.masks
        self.values[cell] = digit
        masks[cell] = 0
        self.empty -= 1
        keep = ~(1 << (digit - 1))
        for peer in self.board.peers[cell]:
            masks[peer] &= keep

    def apply(self, step: Step) -> None:
        for cell, digit in step.placements:
            if not self.values[cell]:  # already placed (a trial can apply steps found earlier)
                self._put(cell, digit)
        masks = self.masks
        for cell, digit in step.eliminations:
            masks[cell] &= ~(1 << (digit - 1))

    def copy(self) -> PlainWalk:
        return PlainWalk(self.values, self.masks, self.board)

    def take(self, other: Walk) -> None:
        """Become `other` (a trial copy of this walk that went ahead)."""
        self.values, self.masks, self.empty = other.values, other.masks, other.empty

    def remember_digit_cells(self) -> tuple[int, ...]:
        """Hand the finders about to look at this position its digits' cells (see Walk's); returns
        the masks as a tuple, to hand the finders."""
        masks = tuple(self.masks)
        current().look_at(masks, new_digit_cell_sets(masks))
        return masks


def walk_on(values: Sequence[int], masks: Sequence[int]) -> Walk:
    """The walk for the board in use (geometry.current): the classic board's own, else a plain one."""
    board = board_in_use()
    return Walk(values, masks) if board is CLASSIC else PlainWalk(values, masks, board)
