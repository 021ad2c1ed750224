"""Why a candidate is gone: a peer holds the digit, or an earlier step (or the user) removed it.

A step's finder sees only values and candidate masks; the texts that explain a single or list a
pattern's candidates need the position itself, and, to name which earlier step removed a
candidate, the history that led there. `Position` carries both: the game builds it from its
history, `positions_along` from a solving path; a candidate that no history accounts for was
not among the pencil marks the position started from (a grid typed in with its own marks).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections import namedtuple
from contextlib import AbstractContextManager, nullcontext
from itertools import compress, count
from operator import ne

from tutor.engine.frozen import Frozen
from tutor.engine.step import Step
from tutor.engine.technique import HintLevel, in_sentence
from tutor.model.geometry import (
    DIGITS_IN, Geometry, cell_name, cells_name, current, unit_name, using,
)
from tutor.model.grid import Grid

PENCIL_MARKS = ""
"""The removal of a candidate the position came without (typed pencil marks, no history)."""


class Position(Frozen):
    """The position a step was found in, and what removed the candidates it lacks.

    `removed_by` maps (cell, digit) to a phrase finishing "d was removed from rXcY ...", such as
    "by the naked pair in row 3" or "by you".
    """

    __slots__ = ("values", "masks", "removed_by")
    values: Sequence[int]
    masks: Sequence[int]
    removed_by: Mapping[tuple[int, int], str]

    def __init__(self, values: Sequence[int], masks: Sequence[int],
                 removed_by: Mapping[tuple[int, int], str] | None = None) -> None:
        self._freeze(values, masks, {} if removed_by is None else removed_by)

    def candidates(self, cell: int) -> tuple[int, ...]:
        return DIGITS_IN[self.masks[cell]]


class BoardStep(Step):
    """A Step that knows the board it was found on (`board`): its hints, one line, changes and
    rating speak of that board (its cells, units and the symbols of digits above 9) wherever they
    are read, where a plain Step speaks of the board in use. The grader gives these on boards
    other than the classic one; it equals and hashes as the plain Step.
    """

    # No __slots__: a tuple's subclass can take no slots of its own, so the board lives in the
    # instance's dictionary (set by `on_board`).
    board: Geometry

    def hint(self, level: HintLevel | int, position: Position | None = None) -> str:
        with self._own_board():  # its cells and units named as its own board's
            return super().hint(level, position)

    def __str__(self) -> str:
        with self._own_board():
            return super().__str__()

    @property
    def rating(self) -> float:
        with self._own_board():  # a hidden single in a box rates less: the board's boxes
            return Step.rating.fget(self)  # type: ignore[attr-defined]  # a property's getter

    @property
    def changes(self) -> str:
        with self._own_board():
            return Step.changes.fget(self)  # type: ignore[attr-defined]  # a property's getter

    def _own_board(self) -> AbstractContextManager[object]:
        return own_board(self)

    def __repr__(self) -> str:
        return Step.__repr__(self).replace(type(self).__name__, "Step", 1)


def own_board(step: Step) -> AbstractContextManager[object]:
    """`with own_board(step):` reads the step on the board it was found on, when it knows it (a
    BoardStep; a copy made by _replace knows none), else on the board in use."""
    board = getattr(step, "board", None)
    return nullcontext() if board is None else using(board)


def on_board(step: Step, board: Geometry) -> BoardStep:
    """`step` as a BoardStep of `board`."""
    known = BoardStep._make(step)
    known.board = board
    return known


class FoundStep(BoardStep):
    """A Step that knows the grid it was found in (`found_in`): its hints, `explanation` included,
    give their reasons (the digits that rule a naked single's others out, what keeps a hidden
    single's digit from the unit's other cells) without a Position being passed, and speak of the
    grid's board. `tutor.next_step` and `tutor.find_steps` return these; it equals and hashes as
    the plain Step.
    """

    found_in: Grid

    def hint(self, level: HintLevel | int, position: Position | None = None) -> str:
        grid = getattr(self, "found_in", None)  # a copy made by _replace knows no grid
        if grid is not None and position is None:
            position = Position(grid.values, grid.masks)
        return super().hint(level, position)


def found(step: Step, grid: Grid) -> FoundStep:
    """`step` as a FoundStep of `grid`."""
    known = FoundStep._make(step)
    known.found_in = grid
    known.board = grid.geometry
    return known


TYPE_CHECKING = False  # not typing's: importing typing costs every command that explains a step
if TYPE_CHECKING:
    from typing import NamedTuple

    class _BlockerFields(NamedTuple):
        cell: int
        digit: int
        seen: int | None
        removed: str
else:
    _BlockerFields = namedtuple("Blocker", "cell digit seen removed")


class Blocker(_BlockerFields):
    """Why `digit` cannot go in `cell`: the peer `seen` holds it; else `removed` says how it went
    (a phrase such as "by the naked pair in row 3", or PENCIL_MARKS)."""

    __slots__ = ()


def holders(position: Position, cell: int, digit: int) -> list[int]:
    """The peers of `cell` holding `digit`: those in its row first, then column, then box."""
    values = position.values
    board = current()
    found = [p for p in board.peers[cell] if values[p] == digit]
    if len(found) < 2:  # most often: nothing to order
        return found
    units_of = board.units_of
    rank = {unit: i for i, unit in enumerate(units_of[cell])}
    return sorted(found, key=lambda p: min(rank.get(u, 3) for u in units_of[p]))


def _peers_in_order(board: Geometry) -> tuple[tuple[int, ...], ...]:
    """[cell]: its peers, those in its row first, then column, then box (holders' order)."""
    units_of = board.units_of

    def ordered(cell: int) -> tuple[int, ...]:
        rank = {unit: i for i, unit in enumerate(units_of[cell])}
        return tuple(sorted(board.peers[cell],
                            key=lambda p: min(rank.get(u, 3) for u in units_of[p])))

    return tuple(ordered(cell) for cell in board.cells)


def first_holders(position: Position, cell: int) -> dict[int, int]:
    """{digit: the first of holders(position, cell, digit)} for every digit a peer holds."""
    values = position.values
    found: dict[int, int] = {}
    for peer in current().table("reasons.peers_in_order", _peers_in_order)[cell]:
        digit = values[peer]
        if digit and digit not in found:
            found[digit] = peer
    return found


def removal(position: Position, cell: int, digit: int) -> str:
    """How a candidate that no peer rules out went: the step that removed it, "by you", or
    PENCIL_MARKS (the position started without it)."""
    return position.removed_by.get((cell, digit), PENCIL_MARKS)


def blocker(position: Position, cell: int, digit: int) -> Blocker:
    """Why `digit` is not a candidate of the empty `cell`."""
    seen = holders(position, cell, digit)
    if seen:
        return Blocker(cell, digit, seen[0], "")
    return Blocker(cell, digit, None, removal(position, cell, digit))


def step_phrase(step: Step) -> str:
    """'by the naked pair in row 3', 'by the XY-Wing at r1c2, r1c5 and r4c2': an earlier step."""
    # 'the naked pair', 'the finned X-Wing', 'the death blossom'; a person's name and letters
    # keep their capitals ('the Sue de Coq', 'the XY-Wing').
    name = in_sentence(step.name)
    # 'by pointing in box 7', 'by simple colours': a name that is an activity takes no article.
    the = "" if name.endswith(("ing", "colours")) and not name.endswith("Wing") else "the "
    units = step.role("base_units") or step.units[:1]  # a fish is named by all its base lines
    if units:
        return f"by {the}{name} in {' and '.join(map(unit_name, units))}"
    shown = step.cells[:3]
    if not shown:
        return f"by {the}{name}"
    more = len(step.cells) - len(shown)
    where = cells_name(shown) if not more else (
        f"{', '.join(map(cell_name, shown))} and {more} more cell{'s' if more > 1 else ''}")
    return f"by {the}{name} at {where}"


Change = tuple[Sequence[int], Sequence[int], Sequence[Step]]
"""One position of a history: its values, its candidate masks, the steps that led to it."""


def removals_in(history: Sequence[Change]) -> dict[tuple[int, int], str]:
    """What removed each candidate gone by the end of `history` (the first position is the start)."""
    found: dict[tuple[int, int], str] = {}
    for before, after in zip(history, history[1:]):
        record_removals(found, before[1], after)
    return found


def record_removals(found: dict[tuple[int, int], str], before: Sequence[int], after: Change) -> None:
    """Add to `found` what removed the candidates lost between masks `before` and the position
    `after`. A candidate lost to one of the steps is credited to it, one lost any other way (a
    pencil mark toggled off) to the user; one that comes back is forgotten, as is one whose cell is
    filled (its peers are what rule digits out then).
    """
    values, masks, steps = after
    # The cells whose candidates changed, picked out at C speed: a step changes few of them.
    for cell in compress(count(), map(ne, before, masks)):
        old, new = before[cell], masks[cell]
        for digit in DIGITS_IN[old & ~new]:
            if not values[cell]:
                maker = next((s for s in steps if (cell, digit) in s.eliminations), None)
                found[(cell, digit)] = "by you" if maker is None else step_phrase(maker)
        for digit in DIGITS_IN[new & ~old]:
            found.pop((cell, digit), None)


def positions_along(grid: Grid, steps: Iterable[Step]) -> Iterator[Position]:
    """The position each step of a solving path from `grid` is found in, with what removed each
    candidate it lacks."""
    found: dict[tuple[int, int], str] = {}
    for step in steps:
        yield Position(grid.values, grid.masks, dict(found))
        after = grid.apply(step)
        record_removals(found, grid.masks, (after.values, after.masks, (step,)))
        grid = after
