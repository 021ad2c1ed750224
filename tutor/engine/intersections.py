"""Line-box intersections: pointing (box to line) and claiming (line to box)."""

from __future__ import annotations

from ..geometry import (
    BOX_OF, BOX_UNITS, COL_OF, COLUMN_UNITS, DIGITS, ROW_OF, ROW_UNITS, SIZE, UNITS, bit,
)
from .step import Step

_BOX_START = 2 * SIZE
_COLUMN_START = SIZE


def _places(masks, unit: int, b: int) -> list[int]:
    return [c for c in UNITS[unit] if masks[c] & b]


def pointing(values, masks):
    """A digit whose places in a box all lie in one row or column: remove it from the rest of that line."""
    for box in BOX_UNITS:
        for digit in DIGITS:
            b = bit(digit)
            cells = _places(masks, box, b)
            if not 2 <= len(cells) <= 3:
                continue
            for line in _shared_line(cells):
                removed = tuple((c, digit) for c in UNITS[line] if c not in cells and masks[c] & b)
                if removed:
                    yield Step("pointing", eliminations=removed, cells=tuple(cells),
                               units=(box, line), digits=(digit,))


def claiming(values, masks):
    """A digit whose places in a row or column all lie in one box: remove it from the rest of that box."""
    for line in ROW_UNITS + COLUMN_UNITS:
        for digit in DIGITS:
            b = bit(digit)
            cells = _places(masks, line, b)
            if not 2 <= len(cells) <= 3:
                continue
            boxes = {BOX_OF[c] for c in cells}
            if len(boxes) != 1:
                continue
            box = _BOX_START + boxes.pop()
            removed = tuple((c, digit) for c in UNITS[box] if c not in cells and masks[c] & b)
            if removed:
                yield Step("claiming", eliminations=removed, cells=tuple(cells),
                           units=(line, box), digits=(digit,))


def _shared_line(cells) -> list[int]:
    lines = []
    if len({ROW_OF[c] for c in cells}) == 1:
        lines.append(ROW_OF[cells[0]])
    if len({COL_OF[c] for c in cells}) == 1:
        lines.append(_COLUMN_START + COL_OF[cells[0]])
    return lines
