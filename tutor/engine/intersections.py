"""Line-box intersections: pointing (box to line) and claiming (line to box)."""

from __future__ import annotations

from ..geometry import (
    BOX_OF, BOX_UNITS, COL_OF, COLUMN_UNITS, DIGITS, ROW_OF, ROW_UNITS, SIZE, UNIT_BITS,
    cells_of_bits, digit_cell_sets,
)
from .step import Step

_BOX_START = 2 * SIZE
_COLUMN_START = SIZE


def pointing(values, masks):
    """A digit whose places in a box all lie in one row or column: remove it from the rest of that line."""
    digit_cells = digit_cell_sets(masks)
    for box in BOX_UNITS:
        box_bits = UNIT_BITS[box]
        for digit in DIGITS:
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
                    yield Step("pointing", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                               cells=cells_of_bits(inside), units=(box, line), digits=(digit,))


def claiming(values, masks):
    """A digit whose places in a row or column all lie in one box: remove it from the rest of that box."""
    digit_cells = digit_cell_sets(masks)
    for line in ROW_UNITS + COLUMN_UNITS:
        line_bits = UNIT_BITS[line]
        for digit in DIGITS:
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
                yield Step("claiming", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                           cells=cells_of_bits(inside), units=(line, box), digits=(digit,))
