"""The Sudoku Explainer rating: apply the first hint of the first technique that has one, in SE's
order, until the grid is solved; ER is the hardest step, EP the hardest up to the first placed
digit, ED the first step's."""

from __future__ import annotations

from functools import partial

from tutor.engine.se import basic, chains, links, nested, uniqueness, wings
from tutor.engine.se.board import Board
from tutor.engine.se.hint import SeHint

BEYOND = 20.0
"""SE's rating for a grid its techniques cannot finish."""

PRODUCERS = (
    basic.hidden_singles,
    partial(basic.intersections, direct=True),
    partial(basic.hidden_sets, degree=2, direct=True),
    basic.naked_singles,
    partial(basic.hidden_sets, degree=3, direct=True),
    partial(basic.intersections, direct=False),
    partial(basic.naked_sets, degree=2),
    partial(basic.fish, degree=2),
    partial(basic.hidden_sets, degree=2, direct=False),
    partial(basic.naked_sets, degree=3),
    partial(basic.fish, degree=3),
    partial(basic.hidden_sets, degree=3, direct=False),
    partial(links.link_chains, degree=2),
    partial(basic.wings, xyz=False),
    partial(basic.wings, xyz=True),
    uniqueness.unique_loops,
    partial(basic.naked_sets, degree=4),
    partial(basic.fish, degree=4),
    partial(basic.hidden_sets, degree=4, direct=False),
    partial(links.link_chains, degree=3),
    partial(wings.als_wings, size=3),
    uniqueness.bug,
    partial(wings.als_wings, size=4),
    basic.aligned_pairs,
    chains.cycles_and_chains,
    basic.aligned_triples,
    chains.nishio,
    chains.multiple_chains,
    chains.dynamic_chains,
    partial(nested.nested_chains, level=1),
    partial(nested.nested_chains, level=2),
    partial(nested.nested_chains, level=3),
    partial(nested.nested_chains, level=4),
    partial(nested.nested_chains, level=5),
)
"""SE 1.2.1's techniques in the order it tries them, with Sukaku Explainer's additions where that
program (which rated the Sudoku Exchange bank) tries them: strong-link chains of two and three
links, WXYZ- and VWXYZ-Wings. Its 4-link chains and its UVWXYZ- and TUVWXYZ-Wings are left out:
the version that rated the bank (late 2019) did not use them, and with them bank puzzles rated
6.6-6.9 by chains read 5.9 or 6.6."""


class SeRating:
    """ER, EP and ED as SE computes them (20.0: beyond SE's techniques, nested forcing chains
    included), and the steps taken."""

    __slots__ = ("er", "ep", "ed", "steps")

    def __init__(self, er: float, ep: float, ed: float, steps: tuple[SeHint, ...] = ()) -> None:
        self.er = er
        self.ep = ep
        self.ed = ed
        self.steps = steps

    def __repr__(self) -> str:
        return f"SeRating(er={self.er}, ep={self.ep}, ed={self.ed})"

    @property
    def beyond(self) -> bool:
        """Whether the puzzle needs more than SE's techniques (then ER, and EP
        or ED where they reach as far, stand at BEYOND rather than at a number)."""
        return self.er >= BEYOND

    @property
    def hardest(self) -> str:
        """The name of the step that set ER ('' when there was none)."""
        best = max(self.steps, key=lambda h: h.difficulty, default=None)
        return best.name if best is not None and self.er < BEYOND else ""


def next_hint(board: Board) -> SeHint | None:
    """The hint SE would apply next, or None when none of its techniques here applies."""
    for producer in PRODUCERS:
        for hint in producer(board):
            return hint
    return None


def se_rating(puzzle: str) -> SeRating:
    """The Sudoku Explainer rating of a puzzle of 81 characters ('1'-'9' given, else empty).

    :raises ValueError: the text is not 81 characters long.
    """
    board = Board.from_digits(puzzle)
    er = ep = ed = 0.0
    steps: list[SeHint] = []
    while not board.solved():
        hint = next_hint(board)
        if hint is None:
            er = BEYOND
            break
        steps.append(hint)
        er = max(er, hint.difficulty)
        hint.apply(board)
        if ep == 0.0:
            if ed == 0.0:
                ed = er
            if hint.places is not None:
                ep = er
    return SeRating(round(er, 1), round(ep, 1), round(ed, 1), tuple(steps))
