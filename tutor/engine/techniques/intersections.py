"""Line-box intersections: pointing (box to line) and claiming (line to box)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from tutor.model.geometry import Geometry, cells_of_bits, current
from tutor.engine.search import digit_cell_sets
from tutor.engine.dead_ends import LIMIT, dead_places
from tutor.engine.reasons import Position
from tutor.engine.step import Step
from tutor.engine.technique import Texts, in_sentence
from tutor.engine.wording import cells_or, marked_cells, symbol
from tutor.model.geometry import cells_name, digits_name, unit_kind, unit_name


_Confined = tuple[int, tuple[int, ...], tuple[int, int]]
"""A unit's places confined to another unit: (the rest of the other unit, the places' cells, the
step's units: the first unit, then the other)."""


_UnitTable = dict[int, tuple[_Confined, ...]]
"""One outer unit's {places: (_Confined, ...)} (see _confined)."""


def _confined(board: Geometry, outers: Sequence[int], inners_of: Callable[[int], Sequence[int]]
              ) -> tuple[_UnitTable, ...]:
    """For each of the `outers` units, {places: (_Confined, ...)} for every two or more of its
    cells that lie in one of its `inners_of(outer)` units (one place is a single; on the classic
    board two or three, a box's side), one _Confined for each such unit (on a Samurai a shared
    box's side lies in a row of each of its two grids)."""
    unit_bits = board.unit_bits
    tables: list[_UnitTable] = []
    for outer in outers:
        found: dict[int, list[_Confined]] = {}
        for inner in inners_of(outer):
            shared = cells_of_bits(unit_bits[outer] & unit_bits[inner])
            for size in range(2, len(shared) + 1):
                for cells in combinations(shared, size):
                    found.setdefault(sum(1 << c for c in cells), []).append(
                        (unit_bits[inner] & ~unit_bits[outer], cells, (outer, inner)))
        tables.append({places: tuple(confined) for places, confined in found.items()})
    return tuple(tables)


def _merged(tables: Sequence[_UnitTable]) -> dict[int, _Confined] | None:
    """The units' tables as one {places: _Confined}, when no places have two (as on every regular
    board: no two units share such places, and the finders look up one table); else None."""
    merged: dict[int, _Confined] = {}
    for table in tables:
        for places, confined in table.items():
            if len(confined) > 1 or places in merged:
                return None
            merged[places] = confined[0]
    return merged


class _Tables:
    """A board's tables for pointing and claiming, made on first use (Geometry.table)."""

    __slots__ = ("pointing_lines", "claiming_boxes", "box_bits", "line_bits", "alone",
                 "pointing_by_unit", "claiming_by_unit")

    def __init__(self, board: Geometry):
        lines = board.row_units + board.column_units
        unit_bits, unit_kinds = board.unit_bits, board.unit_kinds
        # A line's inner units: the boxes it crosses and, on a board of several grids, the lines
        # of its own kind it shares cells with (a corner grid's row 7 and the centre grid's row 1
        # share three cells: a digit of one confined to them leaves the rest of the other).
        alongside: dict[int, list[int]] = {line: [] for line in lines}
        for one, other, _ in board.line_crossings:
            alongside[one].append(other)
            alongside[other].append(one)
        self.pointing_by_unit = _confined(
            board, board.box_units,
            lambda box: [line for line in lines if unit_bits[box] & unit_bits[line]])
        """For each box: {places in it: the (rest of the row or column holding them all, their
        cells, (the box, the line)) for each such line}."""
        self.claiming_by_unit = _confined(
            board, lines,
            lambda line: [box for box in board.box_units if unit_bits[box] & unit_bits[line]]
            + sorted(other for other in alongside[line] if unit_kinds[other] == unit_kinds[line]))
        """For each line: {places in it: the (rest of the box, or the other grid's line, holding
        them all, their cells, (the line, the box or line)) for each}."""
        self.pointing_lines = _merged(self.pointing_by_unit)
        """{places in a box: (the rest of the row or column holding them all, their cells, (the
        box, the line))}, on a board where no places have two (else None)."""
        self.claiming_boxes = _merged(self.claiming_by_unit)
        """{places in a line: (the rest of the box holding them all, their cells, (the line, the
        box))}, likewise."""
        self.box_bits = tuple((box, board.unit_bits[box]) for box in board.box_units)
        self.line_bits = tuple((line, board.unit_bits[line]) for line in lines)
        self.alone = tuple((digit,) for digit in range(board.size + 1))
        """alone[digit]: (digit,), a step's digits."""


def _tables(board: Geometry) -> _Tables:
    return board.table("intersections", _Tables)


_new_step = tuple.__new__
"""Steps made as plain tuples of all their fields, in Step's field order (technique, placements,
eliminations, cells, units, digits, roles, chain): Step's own __new__ (keywords, defaults) is
Python code, several times dearer, and most calls make a step or more."""


def pointing(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A digit whose places in a box all lie in one row or column: remove it from the rest of that line."""
    board = current()
    tables = _tables(board)
    found = _confined_places(masks, board.digits, tables.box_bits, tables.pointing_lines,
                             tables.pointing_by_unit, dead_places("pointing"))
    alone = tables.alone
    for _, digit, cells, units, removed in found:
        yield _new_step(Step, ("pointing", (), _eliminations(removed, digit), cells, units,
                               alone[digit], (), ()))


def claiming(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A digit whose places in a row or column all lie in one box: remove it from the rest of that box
    (on a Samurai also: all in the cells the line shares with another grid's line, which loses it
    elsewhere)."""
    board = current()
    tables = _tables(board)
    found = _confined_places(masks, board.digits, tables.line_bits, tables.claiming_boxes,
                             tables.claiming_by_unit, dead_places("claiming"))
    alone = tables.alone
    for _, digit, cells, units, removed in found:
        yield _new_step(Step, ("claiming", (), _eliminations(removed, digit), cells, units,
                               alone[digit], (), ()))


def _eliminations(removed: int, digit: int) -> tuple[tuple[int, int], ...]:
    """(cell, digit) for each cell of `removed` (an 81-bit set), ascending: read off its bits in one
    pass, not through cells_of_bits (a step is made at nearly every other call)."""
    found = []
    while removed:
        low = removed & -removed
        found.append((low.bit_length() - 1, digit))
        removed ^= low
    return tuple(found)


def _confined_places(masks: Sequence[int], digits: Sequence[int],
                     outers: tuple[tuple[int, int], ...],
                     table: dict[int, _Confined] | None,
                     by_unit: tuple[_UnitTable, ...],
                     dead: set[int]
                     ) -> list[tuple[int, int, tuple[int, ...], tuple[int, int], int]]:
    """(outer unit, digit, the digit's places in the outer unit, the step's units, the places it
    loses) for every digit whose places in an `outers` unit all lie in one inner unit (`table`,
    or where that is None the outer unit's own in `by_unit`), with places to lose, in the
    finders' order: unit by unit, digit by digit (then by inner unit).

    Each digit's steps depend on its places alone (see dead_ends): the digits with none are
    marked dead at once, and found all at once, so that a digit's places are searched unit after
    unit (one pass instead of one per unit) and the digits already searched in vain are skipped.
    """
    digit_cells = digit_cell_sets(masks)
    found: list[tuple[int, int, tuple[int, ...], tuple[int, int], int]] = []
    get = table.get if table is not None else None
    for digit in digits:
        places = digit_cells[digit]
        if not places or places in dead:
            continue
        before = len(found)
        if get is not None:
            for outer, outer_bits in outers:
                inside = places & outer_bits
                if not inside:  # placed in the unit
                    continue
                confined = get(inside)
                if confined is not None:  # not a single, nor spread over inner units
                    removed = places & confined[0]
                    if removed:
                        found.append((outer, digit, confined[1], confined[2], removed))
        else:
            for (outer, outer_bits), unit_table in zip(outers, by_unit):
                inside = places & outer_bits
                for rest, cells, units in unit_table.get(inside, ()) if inside else ():
                    removed = places & rest
                    if removed:
                        found.append((outer, digit, cells, units, removed))
        if len(found) == before:
            if len(dead) >= LIMIT:  # the bound of dead_places; most searches end here
                dead.clear()
            dead.add(places)
    if len(found) > 1:
        found.sort()  # unit first, then digit, then the other unit (no two share all three)
    return found


class _IntersectionTexts(Texts):
    """Pointing and claiming: `units` is (the unit the digit is confined in, the unit it leaves)."""

    confined = ""
    """What the digit is confined to, as the nudge says it."""
    lies = "lies in"
    """How the digit of the other unit relates to the first ('lies inside box 1')."""

    def one_line(self, step: Step) -> str:
        digits = ",".join(map(symbol, step.digits))
        return f"{step.name}: {digits} in {unit_name(step.units[0])} => {step.changes}"

    def nudge(self, step: Step) -> str:
        return f"Look for {in_sentence(step.name)} in {unit_name(step.units[0])}: {self.confined}."

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

    def spot(self, step: Step) -> str:
        return ("look in each box for a digit whose places in the box all lie in one row or one "
                "column.")


class ClaimingTexts(_IntersectionTexts):
    confined = "a digit confined to one box of the line"

    def nudge(self, step: Step) -> str:
        if unit_kind(step.units[1]) != "box":  # a line of another grid (a Samurai)
            return (f"Look for {in_sentence(step.name)} in {unit_name(step.units[0])}: a digit "
                    f"confined to the cells it shares with a line of another grid.")
        return super().nudge(step)

    def spot(self, step: Step) -> str:
        if unit_kind(step.units[1]) != "box":
            return ("look in each row and column that runs through a shared box for a digit "
                    "whose places in it all lie in the cells it shares with another grid's line.")
        return "look in each row and column for a digit whose places in it all lie in one box."


def _all_in(cells) -> str:
    return "both in" if len(cells) == 2 else "all in"
