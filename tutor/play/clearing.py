"""Clearing a digit the learner entered: the pencil marks come back as they were before it."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.model.geometry import PEERS, bit
from tutor.model.grid import Grid


def before_entry(grids: Sequence[Grid], cell: int) -> Grid | None:
    """The latest of `grids` (a game's positions, oldest first, the current one last) where
    `cell` was still empty: the position its digit was entered on, or None."""
    return next((g for g in reversed(grids) if not g.value(cell)), None)


def clear_as_before(grid: Grid, cell: int, before: Grid | None) -> Grid:
    """`grid` with `cell` emptied. Grid.clear gives its digit back to every peer no other peer
    holds it in, and the cell the standard marks: that brought back candidates that steps (or the
    learner) had removed before the digit was entered, and a hint offered the same step again.
    With `before`, the position the digit was entered on, the cell gets back the marks it had
    there, and a peer gets the digit back only if it had it there; a digit a peer held then and
    no longer holds comes back too (leaving it out could hide the true one)."""
    cleared = grid.clear(cell)
    if before is None:
        return cleared
    digit = grid.value(cell)
    masks = list(cleared.masks)
    for peer in PEERS[cell]:
        if not cleared.value(peer) and not before.value(peer) \
                and not before.has_candidate(peer, digit):
            masks[peer] &= ~bit(digit)
    held_then = _held_by_peers(before, cell)
    freed = held_then & ~_held_by_peers(cleared, cell)
    masks[cell] &= before.masks[cell] | freed
    if not masks[cell]:  # never a cell without candidates: keep what Grid.clear gives it
        masks[cell] = cleared.masks[cell]
    return Grid(cleared.values, cleared.givens, masks)


def _held_by_peers(grid: Grid, cell: int) -> int:
    """The digits the peers of `cell` hold, as a bitmask."""
    held = 0
    for peer in PEERS[cell]:
        if grid.value(peer):
            held |= bit(grid.value(peer))
    return held
