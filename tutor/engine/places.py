"""A digit's places read line by line, kept through a grade for the finders of one digit."""

from __future__ import annotations

from operator import getitem

from tutor.engine.dead_ends import LIMIT, forgotten
from tutor.model.geometry import CELL_COUNT, SIZE

_ROW_SHIFTS = tuple(range(0, CELL_COUNT, SIZE))


def _transposed() -> tuple[tuple[int, ...], ...]:
    """_TRANSPOSED, from row 0's table shifted (a few times faster to build than each anew)."""
    first = [sum(1 << (SIZE * j) for j in range(SIZE) if m >> j & 1) for m in range(1 << SIZE)]
    return tuple(tuple(cells << i for cells in first) for i in range(SIZE))


_TRANSPOSED = _transposed()
"""_TRANSPOSED[i][row mask]: row i's positions as an 81-bit set of the cells (j, i) for its
positions j: the rows' sets together are the places read column by column."""
_LINE_MASKS = forgotten([None])
"""{places: (row masks, column masks)}: a pure function of a digit's places, kept through a grade
(the fish and single-digit finders ask about the same digit in turn, and most digits keep their
places between two positions); forget() drops it with the dead ends."""


def masks_by_line(places: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A digit's places (81-bit set) as 9-bit masks of positions: per row (bit j: column j), and
    per column (bit i: row i)."""
    known = _LINE_MASKS[0]
    if known is None:
        known = _LINE_MASKS[0] = {}
    found = known.get(places)
    if found is None:
        rows = tuple([places >> shift & 0x1FF for shift in _ROW_SHIFTS])
        transposed = sum(map(getitem, _TRANSPOSED, rows))  # the rows' sets share no bit
        found = (rows, tuple([transposed >> shift & 0x1FF for shift in _ROW_SHIFTS]))
        if len(known) >= LIMIT:
            known.clear()
        known[places] = found
    return found
