"""One step of the Sudoku Explainer rating: its difficulty, what it removes and what it places."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeHint:
    """A deduction as SE rates it: `removes` are (cell, digit) pairs taken out first, then
    `places` (cell, digit) is set, if any (cells are 0-80, row by row)."""

    difficulty: float
    name: str
    removes: tuple[tuple[int, int], ...] = ()
    places: tuple[int, int] | None = None

    def apply(self, board) -> None:
        cand = board.cand
        for cell, digit in self.removes:
            cand[cell] &= ~(1 << digit)
        if self.places is not None:
            board.place(*self.places)


def removals(pairs) -> tuple[tuple[int, int], ...]:
    """(cell, digit) pairs sorted and without repeats."""
    return tuple(sorted(set(pairs)))
