"""Singles: naked single (one candidate left, full house included) and hidden single (one place left)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tutor.engine.reasons import Position, first_holders, holders, removal
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an
from tutor.engine.wording import gone, symbol, where
from tutor.model.geometry import (
    BOX_UNITS, COLUMN_UNITS, ONLY_DIGIT, ROW_UNITS, Geometry, cell_name, cells_name, common_units,
    current, digits_name, unit_name,
)

# A hidden single in a box is the easiest to see, then rows, then columns.
HIDDEN_SINGLE_UNIT_ORDER = BOX_UNITS + ROW_UNITS + COLUMN_UNITS
"""The order on the classic board (the walk's own tables follow it); unit_order(board) on any."""


def _unit_order(board: Geometry) -> tuple[int, ...]:
    return board.box_units + board.row_units + board.column_units


def unit_order(board: Geometry) -> tuple[int, ...]:
    """The board's units in the order hidden singles are looked for: boxes, rows, columns."""
    return board.table("singles.unit_order", _unit_order)


def full_house_unit(values: Sequence[int], cell: int) -> int | None:
    """A unit in which `cell` is the last empty cell, if any."""
    board = current()
    units = board.units
    for unit in board.units_of[cell]:
        if all(values[c] or c == cell for c in units[unit]):
            return unit
    return None


def naked_singles(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Each empty cell with exactly one candidate."""
    only = ONLY_DIGIT
    for cell, mask in enumerate(masks):
        digit = only[mask]
        if digit and not values[cell]:
            yield naked_single(values, cell, digit)


def naked_single(values: Sequence[int], cell: int, digit: int) -> Step:
    """The naked single of `digit`, the only candidate of the empty `cell` (a full house when the
    cell is the last empty one of a unit)."""
    house = full_house_unit(values, cell)
    return Step("naked_single", placements=((cell, digit),), cells=(cell,),
                units=() if house is None else (house,), digits=(digit,))


def hidden_singles(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Each digit with one place left in a box, row or column (one step per cell)."""
    seen = set()
    board = current()
    units = board.units
    for unit in unit_order(board):
        cells = units[unit]
        once = twice = 0
        for c in cells:
            m = masks[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        while single:
            low = single & -single
            single ^= low
            digit = low.bit_length()
            cell = next(c for c in cells if masks[c] & low)
            if cell in seen:
                continue
            seen.add(cell)
            yield Step("hidden_single", placements=((cell, digit),), cells=(cell,),
                       units=(unit,), digits=(digit,))


class NakedSingleTexts(Texts):
    """A naked single; with a unit in `units`, it is a full house (the unit's last empty cell)."""

    def spot(self, step: Step) -> str:
        return ("look for a cell with one candidate left; the last empty cell of a row, column or "
                "box (a full house) is the easiest to see.")

    def one_line(self, step: Step) -> str:
        label = "Naked single (full house)" if step.units else "Naked single"
        return f"{label}: {step.changes}"

    def nudge(self, step: Step) -> str:
        if step.units:
            return f"Look for a full house in {unit_name(step.units[0])}: one cell is left to fill."
        return f"Look for a naked single in {where(step)}: a cell with only one candidate left."

    def pattern(self, step: Step) -> str:
        (cell, digit), = step.placements
        if step.units:
            return f"{cell_name(cell)} is the last empty cell of {unit_name(step.units[0])}."
        return f"{cell_name(cell)} has only one candidate left: {symbol(digit)}."

    def full(self, step: Step) -> str:
        (cell, digit), = step.placements
        if step.units:
            unit = unit_name(step.units[0])
            return (f"{cell_name(cell)} is the only empty cell left in {unit}, and {symbol(digit)} is the "
                    f"only digit {unit} is missing, so {cell_name(cell)} = {symbol(digit)} (a full house).")
        return (f"Every digit but {symbol(digit)} is ruled out for {cell_name(cell)}: by the digits already "
                f"in its row, column and box, or by earlier eliminations. So {symbol(digit)} is its only "
                f"candidate: {cell_name(cell)} = {symbol(digit)}.")

    def full_in(self, step: Step, position: Position) -> str:
        (cell, digit), = step.placements
        if step.units:
            return self.full(step)
        return (f"Every digit but {symbol(digit)} is ruled out for {cell_name(cell)}: "
                f"{'; '.join(ruled_out(position, cell, digit))}. So {symbol(digit)} is its only "
                f"candidate: {cell_name(cell)} = {symbol(digit)}.")


def ruled_out(position: Position, cell: int, digit: int) -> list[str]:
    """What rules each digit but `digit` out of `cell`, grouped: the digits its row, column and box
    hold ('1, 4 and 7 are in row 8'), then those removed earlier, by what removed them."""
    units_of = current().units_of
    in_unit: dict[int, list[int]] = {unit: [] for unit in units_of[cell]}
    removed: dict[str, list[int]] = {}
    first = first_holders(position, cell)
    for other in current().digits:
        if other == digit:
            continue
        seen = first.get(other)
        if seen is not None:
            unit = next(u for u in units_of[cell] if u in units_of[seen])
            in_unit[unit].append(other)
        else:
            removed.setdefault(removal(position, cell, other), []).append(other)
    parts = [f"{digits_name(ds)} {'are' if len(ds) > 1 else 'is'} in {unit_name(u)}"
             for u, ds in in_unit.items() if ds]
    return parts + [gone(ds, (cell,), how) for how, ds in removed.items()]


class HiddenSingleTexts(Texts):
    def spot(self, step: Step) -> str:
        return ("take a digit and a box, row or column without it, and check whether only one of "
                "its empty cells can still hold that digit; boxes, and digits placed many times "
                "already, are the quickest.")

    def one_line(self, step: Step) -> str:
        return f"{step.name}: {step.changes}"

    def nudge(self, step: Step) -> str:
        return f"Look for a hidden single in {unit_name(step.units[0])}: a digit with only one place."

    def pattern(self, step: Step) -> str:
        (cell, digit), = step.placements
        return f"In {unit_name(step.units[0])} the {symbol(digit)} has only one place: {cell_name(cell)}."

    def full(self, step: Step) -> str:
        (cell, digit), = step.placements
        unit = unit_name(step.units[0])
        # Without the position the cells cannot be named one by one, but each kind of reason
        # can (never "it has lost the candidate", which only says again that it cannot go there).
        return (f"{unit.capitalize()} needs {an(symbol(digit))} somewhere, and no other cell of {unit} "
                f"can take it: each is filled, or sees {an(symbol(digit))} placed in its row, column "
                f"or box, or had {symbol(digit)} removed by an earlier step. So the {symbol(digit)} must go in "
                f"{cell_name(cell)}, whatever other candidates that cell has: "
                f"{cell_name(cell)} = {symbol(digit)}.")

    def full_in(self, step: Step, position: Position) -> str:
        (cell, digit), = step.placements
        unit = step.units[0]
        return (f"{unit_name(unit).capitalize()} needs {an(symbol(digit))}, and {cell_name(cell)} is "
                f"the only place left for it: {'; '.join(other_places(position, unit, cell, digit))}. "
                f"So the {symbol(digit)} must go in {cell_name(cell)}, whatever other candidates that cell "
                f"has: {cell_name(cell)} = {symbol(digit)}.")


def other_places(position: Position, unit: int, cell: int, digit: int) -> list[str]:
    """Why `digit` cannot go in the unit's other cells: the placed digits that see them (each
    naming as many cells as it rules out, the most first), the removals, then the filled cells."""
    values = position.values
    cells = current().units[unit]
    empty = [c for c in cells if c != cell and not values[c]]
    filled = [c for c in cells if c != cell and values[c]]
    seen_by = {c: holders(position, c, digit) for c in empty}
    left = [c for c in empty if seen_by[c]]
    parts = []
    while left:
        counts: dict[int, int] = {}
        for c in left:
            for holder in seen_by[c]:
                counts[holder] = counts.get(holder, 0) + 1
        best = max(counts, key=lambda h: (counts[h], -h))
        covered = [c for c in left if best in seen_by[c]]
        shared = [u for u in common_units(covered + [best]) if u != unit]
        through = f" ({unit_name(shared[0])})" if shared else ""
        verb = "sees" if len(covered) == 1 else "see"
        parts.append(f"{cells_name(covered)} {verb} the {symbol(digit)} in {cell_name(best)}{through}")
        left = [c for c in left if c not in covered]
    removed: dict[str, list[int]] = {}
    for c in empty:
        if not seen_by[c]:
            removed.setdefault(removal(position, c, digit), []).append(c)
    parts += [gone((digit,), cells, how) for how, cells in removed.items()]
    if filled:
        parts.append(f"{cells_name(filled)} {'is' if len(filled) == 1 else 'are'} already filled")
    return parts


def naked_single_rating(step: Step) -> float:
    """Sudoku Explainer rates a full house 1.0 and any other naked single 2.3."""
    return 1.0 if step.units else 2.3


def hidden_single_rating(step: Step) -> float:
    """Sudoku Explainer rates a hidden single in a box 1.2 and in a row or column 1.5."""
    return 1.2 if step.units and current().unit_kinds[step.units[0]] == "box" else 1.5
