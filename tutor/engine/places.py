"""A digit's unit masks and strong links, kept in the search for the finders of one digit."""

from __future__ import annotations

from itertools import combinations
from operator import getitem
from struct import Struct
from typing import Callable

from tutor.engine.search import current, kept
from tutor.model.geometry import (
    BOX_OF, BOX_UNITS, CELL_COUNT, CLASSIC, COL_OF, COLUMN_UNITS, PEER_BITS, ROW_OF, ROW_UNITS, SIZE,
    UNITS, Geometry, cells_of_bits,
)
from tutor.model.geometry import current as board_in_use

_BYTES = (CELL_COUNT + 7) // 8
"""The bytes of an 81-bit set of cells."""


def _spread_tables() -> tuple[tuple[int, ...], ...]:
    """_SPREAD, each byte's table made from the one with its lowest bit cleared (a few times faster
    to build than bit by bit)."""
    tables = []
    for byte in range(_BYTES):
        table = [0] * 256
        for bits in range(1, 256):
            low = (bits & -bits).bit_length() - 1
            cell = 8 * byte + low
            if cell < CELL_COUNT:
                row, column, box = ROW_OF[cell], COL_OF[cell], BOX_OF[cell]
                table[bits] = table[bits & bits - 1] | 1 << 16 * row + column \
                    | 1 << 16 * (SIZE + column) + row \
                    | 1 << 16 * (2 * SIZE + box) + UNITS[BOX_UNITS[box]].index(cell)
            else:
                table[bits] = table[bits & bits - 1]
        tables.append(tuple(table))
    return tuple(tables)


_SPREAD = _spread_tables()
"""_SPREAD[k][byte]: the cells of byte k of an 81-bit set, spread into 16-bit fields: field i
(row i) has bit j for cell (i, j), field 9 + j (column j) bit i, field 18 + b (box b) bit k for
the box's k-th cell. Summed over the set's bytes, all three kinds of masks come out of one
integer's bytes at once, read in C."""
_KIND_BYTES = 2 * SIZE
_read_units = Struct(f"<{SIZE}H").unpack_from
"""The masks of one kind (rows' first, then columns', then boxes') from the spread set's bytes."""


PLACES_LIMIT = 1 << 12
"""Digits' places a memory keyed by places keeps before it starts afresh: a grade meets a few
hundred, and between grades (the app's hints) the memory stays at a megabyte or two."""

UnitMasks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def masks_by_unit(places: int) -> UnitMasks:
    """A digit's places (81-bit set) as 9-bit masks of positions: per row (bit j: column j), per
    column (bit i: row i) and per box (bit k: the box's k-th cell, row by row). Kept in the
    search's `unit_masks` by places (the fish and single-digit finders ask about the same digit
    in turn, and most digits keep their places between two positions)."""
    known = current().unit_masks
    found = known.get(places)
    if found is None:
        board = board_in_use()
        if board is not CLASSIC:
            found = _masks_by_unit_on(board, places)
        else:
            # The cells' bytes spread apart (they share no bit, so the sum is their union), then
            # the fields read as unsigned shorts: faster than shifting each line out.
            spread = sum(map(getitem, _SPREAD, places.to_bytes(_BYTES, "little")))
            fields = spread.to_bytes(3 * _KIND_BYTES, "little")
            found = (_read_units(fields), _read_units(fields, _KIND_BYTES),
                     _read_units(fields, 2 * _KIND_BYTES))
        if len(known) >= PLACES_LIMIT:
            known.clear()
        known[places] = found
    return found


def _unit_positions(board: Geometry) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each cell, (unit, the cell's position in it) for its row, column and box."""
    return tuple(tuple((u, board.units[u].index(cell)) for u in board.units_of[cell])
                 for cell in board.cells)


def _masks_by_unit_on(board: Geometry, places: int) -> UnitMasks:
    """masks_by_unit on any board, cell by cell (the classic board's is read in C)."""
    masks = [0] * len(board.units)
    positions = board.table("places.unit_positions", _unit_positions)
    for cell in cells_of_bits(places):
        for unit, position in positions[cell]:
            masks[unit] |= 1 << position
    size = board.size
    return tuple(masks[:size]), tuple(masks[size:2 * size]), tuple(masks[2 * size:])


Reading = tuple[int, int, int, int]
"""One way to read a strong link in a chain: inner cell, end cell, and the cells each sees."""


def _readings(a: int, b: int) -> tuple[Reading, Reading]:
    """The two readings of the link a = b, inner cell a first."""
    return (a, b, PEER_BITS[a], PEER_BITS[b]), (b, a, PEER_BITS[b], PEER_BITS[a])


LineLink = tuple[int, int, int, int, int, tuple[Reading, Reading], int]
"""A strong link in a row or column: [0] first cell, [1] second cell, [2] unit, [3] the lines
across it holding the two cells, [4] their boxes (bit sets of line and box numbers), [5] its
readings, [6] its two cells (81-bit set). The skyscraper and the kite read the first five, the
turbot fish the last two as well."""


def _link_tables(cell_of: Callable[[int, int], int], first_unit: int
                 ) -> tuple[tuple[LineLink | None, ...], ...]:
    """For each line (cell_of(line, position) names its cells, first_unit + line is its unit) and
    each 9-bit mask of places along it: the line's strong link when the mask has two bits, else
    None. A digit's links are then read off its line masks, not worked out from 27 unit
    intersections at each new set of places."""
    links = []
    for line in range(SIZE):
        of_line: list[LineLink | None] = [None] * (1 << SIZE)
        for low, high in combinations(range(SIZE), 2):  # the masks with two bits, alone filled
            a, b = cell_of(line, low), cell_of(line, high)
            mask = 1 << low | 1 << high
            of_line[mask] = (a, b, first_unit + line, mask, 1 << BOX_OF[a] | 1 << BOX_OF[b],
                             _readings(a, b), 1 << a | 1 << b)
        links.append(tuple(of_line))
    return tuple(links)


_ROW_LINKS = _link_tables(CLASSIC.cell_at, ROW_UNITS[0])
_COLUMN_LINKS = _link_tables(lambda column, row: CLASSIC.cell_at(row, column), COLUMN_UNITS[0])
"""_ROW_LINKS[row][mask]: the row's strong link (lines across: the mask itself) when its places
along it are the mask's two; likewise for the columns."""


@kept("line_links", PLACES_LIMIT)
def line_links(digit_bits: int) -> tuple[tuple[LineLink, ...], tuple[LineLink, ...]]:
    """The strong links of one digit in rows and in columns, each with the columns (for a row's)
    or rows (for a column's) and the boxes its two cells lie in, as bit sets: whether two links
    can make a chain is then one test. Kept for the next finders that ask about the same places
    (the ladder's finders all look at one position in turn)."""
    row_masks, column_masks, _ = masks_by_unit(digit_bits)
    return (tuple(filter(None, map(getitem, _ROW_LINKS, row_masks))),
            tuple(filter(None, map(getitem, _COLUMN_LINKS, column_masks))))


BoxLink = tuple[int, int, int, int, int, tuple[Reading, Reading]]
"""A strong link in a box: first cell, second cell, unit, the two cells and the cells seeing
either (81-bit sets), and its readings."""


def _box_link_tables() -> tuple[tuple[tuple[BoxLink, int, int, int] | None, ...], ...]:
    """For each box and each 9-bit mask of places in it: when the mask has two bits, the box's
    strong link and, to tell whether a line holds the same link, the kind of masks of that line
    (0 rows, 1 columns, 2 none: the cells share no line), the line and the line's mask holding
    just the two cells; else None."""
    tables = []
    for unit in BOX_UNITS:
        table: list[tuple[BoxLink, int, int, int] | None] = [None] * (1 << SIZE)
        for low, high in combinations(range(SIZE), 2):
            a, b = UNITS[unit][low], UNITS[unit][high]
            if ROW_OF[a] == ROW_OF[b]:
                line = (0, ROW_OF[a], 1 << COL_OF[a] | 1 << COL_OF[b])
            elif COL_OF[a] == COL_OF[b]:
                line = (1, COL_OF[a], 1 << ROW_OF[a] | 1 << ROW_OF[b])
            else:
                line = (2, 0, 0)
            link = (a, b, unit, 1 << a | 1 << b, PEER_BITS[a] | PEER_BITS[b], _readings(a, b))
            table[1 << low | 1 << high] = (link, *line)
        tables.append(tuple(table))
    return tuple(tables)


_BOX_LINKS = _box_link_tables()


@kept("box_links", PLACES_LIMIT)
def box_links(digit_bits: int) -> tuple[BoxLink, ...]:
    """The strong links of one digit in boxes that are not also a row's or a column's (two cells
    alone in both their row and their box make one link), kept as line_links are."""
    masks = masks_by_unit(digit_bits)
    return tuple(link for link, kind, line, line_mask
                 in filter(None, map(getitem, _BOX_LINKS, masks[2]))
                 if kind == 2 or masks[kind][line] != line_mask)  # else the line's link already
