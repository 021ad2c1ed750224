"""Line-box intersections: pointing (box to line) and claiming (line to box)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tutor.model.geometry import (
    BOX_OF, BOX_UNITS, COL_OF, COLUMN_UNITS, DIGITS, ROW_OF, ROW_UNITS, SIZE, UNIT_BITS,
    cells_of_bits, digit_cell_sets,
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


def pointing(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A digit whose places in a box all lie in one row or column: remove it from the rest of that line."""
    digit_cells = digit_cell_sets(masks)
    live = _live_digits("pointing", digit_cells)
    found = 0
    for box in BOX_UNITS:
        box_bits = UNIT_BITS[box]
        for digit in live:
            inside = digit_cells[digit] & box_bits
            if not 2 <= inside.bit_count() <= 3:  # one place is a single; four cannot share a line
                continue
            first = (inside & -inside).bit_length() - 1
            for line in (ROW_OF[first], _COLUMN_START + COL_OF[first]):
                line_bits = UNIT_BITS[line]
                if inside & ~line_bits:
                    continue
                removed = digit_cells[digit] & line_bits & ~box_bits
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
        for digit in live:
            inside = digit_cells[digit] & line_bits
            if not 2 <= inside.bit_count() <= 3:
                continue
            first = (inside & -inside).bit_length() - 1
            box = _BOX_START + BOX_OF[first]
            box_bits = UNIT_BITS[box]
            if inside & ~box_bits:
                continue
            removed = digit_cells[digit] & box_bits & ~line_bits
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
