"""Line-box intersections: pointing (box to line) and claiming (line to box)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from tutor.model.geometry import (
    BOX_UNITS, COLUMN_UNITS, DIGITS, ROW_UNITS, SIZE, UNIT_BITS, cells_of_bits, digit_cell_sets,
)
from tutor.engine.dead_ends import dead_places, mark_dead_places
from tutor.engine.reasons import Position
from tutor.engine.step import Step
from tutor.engine.technique import Texts
from tutor.engine.wording import cells_or, marked_cells
from tutor.model.geometry import cells_name, digits_name, unit_name

_BOX_START = 2 * SIZE
_LINES = ROW_UNITS + COLUMN_UNITS
_COLUMN_START = SIZE


def _confined(outer: int, inner_units: Sequence[int]) -> dict[int, int]:
    """{places: inner unit} for every two or three cells of unit `outer` that lie in one of the
    `inner_units` (one place is a single, and four cannot share a line of a box)."""
    found = {}
    for inner in inner_units:
        shared = cells_of_bits(UNIT_BITS[outer] & UNIT_BITS[inner])
        if len(shared) < 2:
            continue
        for size in (2, 3):
            for cells in combinations(shared, size):
                found[sum(1 << c for c in cells)] = inner
    return found


_POINTING_LINES = tuple(_confined(box, ROW_UNITS + COLUMN_UNITS) for box in BOX_UNITS)
"""_POINTING_LINES[box - first box unit]: {places in the box: the row or column holding them all}."""
_CLAIMING_BOXES = {line: _confined(line, BOX_UNITS) for line in _LINES}
"""_CLAIMING_BOXES[line]: {places in the line: the box holding them all}."""


def pointing(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A digit whose places in a box all lie in one row or column: remove it from the rest of that line."""
    digit_cells = digit_cell_sets(masks)
    live = _live_digits("pointing", digit_cells)
    found = 0
    for box in BOX_UNITS:
        box_bits = UNIT_BITS[box]
        lines = _POINTING_LINES[box - _BOX_START]
        for digit in live:
            places = digit_cells[digit]
            inside = places & box_bits
            if not inside:  # placed in the box
                continue
            line = lines.get(inside)
            if line is None:
                continue
            removed = places & UNIT_BITS[line] & ~box_bits
            if removed:
                found |= 1 << digit
                yield Step("pointing", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                           cells=cells_of_bits(inside), units=(box, line), digits=(digit,))
    _mark_dead("pointing", digit_cells, live, found)


def claiming(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A digit whose places in a row or column all lie in one box: remove it from the rest of that box."""
    digit_cells = digit_cell_sets(masks)
    live = _live_digits("claiming", digit_cells)
    found = 0
    for line in _LINES:
        line_bits = UNIT_BITS[line]
        boxes = _CLAIMING_BOXES[line]
        for digit in live:
            places = digit_cells[digit]
            inside = places & line_bits
            if not inside:  # placed in the line
                continue
            box = boxes.get(inside)
            if box is None:
                continue
            box_bits = UNIT_BITS[box]
            removed = places & box_bits & ~line_bits
            if removed:
                found |= 1 << digit
                yield Step("claiming", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                           cells=cells_of_bits(inside), units=(line, box), digits=(digit,))
    _mark_dead("claiming", digit_cells, live, found)


def _live_digits(tag: str, digit_cells: list[int]) -> list[int]:
    """The digits worth searching: those with places that the same search has not already found
    nothing in (each digit's intersections depend on its places alone; see dead_ends)."""
    dead = dead_places(tag)
    return [d for d in DIGITS if digit_cells[d] and digit_cells[d] not in dead]


def _mark_dead(tag: str, digit_cells: list[int], searched: list[int], found: int) -> None:
    """After a search went through to the end: remember the digits it found nothing for."""
    dead = dead_places(tag)
    for d in searched:
        if not found >> d & 1:
            mark_dead_places(dead, digit_cells[d])


class _IntersectionTexts(Texts):
    """Pointing and claiming: `units` is (the unit the digit is confined in, the unit it leaves)."""

    confined = ""
    """What the digit is confined to, as the nudge says it."""
    lies = "lies in"
    """How the digit of the other unit relates to the first ('lies inside box 1')."""

    def one_line(self, step: Step) -> str:
        digits = ",".join(map(str, step.digits))
        return f"{step.name}: {digits} in {unit_name(step.units[0])} => {step.changes}"

    def nudge(self, step: Step) -> str:
        return f"Look for {step.name.lower()} in {unit_name(step.units[0])}: {self.confined}."

    def pattern(self, step: Step) -> str:
        return self._pattern(step, cells_or(step.cells))

    def pattern_in(self, step: Step, position: Position) -> str:
        return self._pattern(step, marked_cells(position, step.cells, "or"))

    def full(self, step: Step) -> str:
        return self._full(step, cells_or(step.cells))

    def full_in(self, step: Step, position: Position) -> str:
        return self._full(step, marked_cells(position, step.cells, "or"))

    def _pattern(self, step: Step, cells: str) -> str:
        """`cells`: the pattern's cells as the text names them (with their candidates or not)."""
        return (f"In {unit_name(step.units[0])} the {digits_name(step.digits)} can only go in "
                f"{cells}, {_all_in(step.cells)} {unit_name(step.units[1])}.")

    def _full(self, step: Step, cells: str) -> str:
        d = digits_name(step.digits)
        inside, other = unit_name(step.units[0]), unit_name(step.units[1])
        return (f"{self._pattern(step, cells)[:-1]}. Whichever cell it is, the {d} of {other} "
                f"{self.lies} {inside}, so {d} can be removed from the rest of {other}: "
                f"{cells_name(step.eliminated_cells)}.")



class PointingTexts(_IntersectionTexts):
    confined = "a digit confined to one row or column of the box"
    lies = "lies inside"


class ClaimingTexts(_IntersectionTexts):
    confined = "a digit confined to one box of the line"


def _all_in(cells) -> str:
    return "both in" if len(cells) == 2 else "all in"
