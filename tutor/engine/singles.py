"""Singles: naked single (one candidate left, full house included) and hidden single (one place left)."""

from __future__ import annotations

from ..geometry import BOX_UNITS, COLUMN_UNITS, ONLY_DIGIT, ROW_UNITS, UNITS, UNITS_OF
from .step import Step

# A hidden single in a box is the easiest to see, then rows, then columns.
HIDDEN_SINGLE_UNIT_ORDER = BOX_UNITS + ROW_UNITS + COLUMN_UNITS


def full_house_unit(values, cell: int) -> int | None:
    """A unit in which `cell` is the last empty cell, if any."""
    for unit in UNITS_OF[cell]:
        if all(values[c] or c == cell for c in UNITS[unit]):
            return unit
    return None


def naked_singles(values, masks):
    """Each empty cell with exactly one candidate."""
    only = ONLY_DIGIT
    for cell, mask in enumerate(masks):
        digit = only[mask]
        if digit and not values[cell]:
            house = full_house_unit(values, cell)
            yield Step("naked_single", placements=((cell, digit),), cells=(cell,),
                       units=() if house is None else (house,), digits=(digit,))


def hidden_singles(values, masks):
    """Each digit with one place left in a box, row or column (one step per cell)."""
    seen = set()
    for unit in HIDDEN_SINGLE_UNIT_ORDER:
        cells = UNITS[unit]
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
