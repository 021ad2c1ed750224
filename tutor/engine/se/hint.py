"""One step of the Sudoku Explainer rating: its difficulty, what it removes and what it places."""

from __future__ import annotations

from collections.abc import Iterable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tutor.engine.se.board import Board


class SeHint:
    """A deduction as SE rates it: `removes` are (cell, digit) pairs taken out first, then
    `places` (cell, digit) is set, if any (cells are 0-80, row by row)."""

    # A plain class: `tutor grade` must not pay for importing dataclasses at start-up.
    __slots__ = ("difficulty", "name", "removes", "places")

    def __init__(self, difficulty: float, name: str, removes: tuple[tuple[int, int], ...] = (),
                 places: tuple[int, int] | None = None) -> None:
        self.difficulty = difficulty
        self.name = name
        self.removes = removes
        self.places = places

    def __repr__(self) -> str:
        return f"SeHint({self.difficulty}, {self.name!r}, {self.removes!r}, {self.places!r})"

    def apply(self, board: "Board") -> None:
        cand = board.cand
        for cell, digit in self.removes:
            cand[cell] &= ~(1 << digit)
        board.changed()
        if self.places is not None:
            board.place(*self.places)


def removals(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(cell, digit) pairs sorted and without repeats."""
    return tuple(sorted(set(pairs)))
