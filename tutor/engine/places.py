"""A digit's unit masks and strong links, kept in the search for the finders of one digit.

Holds on every regular board (rows, columns and boxes of any shape): the tables are the board
in use's own, made for it on first use (`Geometry.table`). On a Samurai the unit masks hold (one a
unit) but not the line and box link tables, which read rows and columns as one grid's: there
`unit_links` gives every unit's strong link.
"""

from __future__ import annotations

from itertools import combinations
from operator import getitem
from struct import Struct
from typing import Any, Callable

from tutor.engine.search import current, kept
from tutor.engine.technique import ROW_COLUMN_GRID
from tutor.model.geometry import Geometry
from tutor.model.geometry import current as board_in_use

_LIST_LIMIT = 12
"""Boards of at most this many digits index their per-mask link tables with a list of every
mask (the fastest); larger ones (16x16: 65536 masks a line) keep only the masks that make a
link, in dicts, read with dict.get."""


def _spread_tables(board: Geometry) -> tuple[tuple[int, ...], ...]:
    """_Places.spread, each byte's table made from the one with its lowest bit cleared (a few
    times faster to build than bit by bit)."""
    cell_count, units, units_of = board.cell_count, board.units, board.units_of
    # Each cell's bits: in the field of each unit holding it, the bit of its place in the unit.
    cell_bits = [sum(1 << 16 * unit + units[unit].index(cell) for unit in units_of[cell])
                 for cell in range(cell_count)]
    tables = []
    for byte in range((cell_count + 7) // 8):
        table = [0] * 256
        for bits in range(1, 256):
            low = (bits & -bits).bit_length() - 1
            cell = 8 * byte + low
            table[bits] = table[bits & bits - 1] | (cell_bits[cell] if cell < cell_count else 0)
        tables.append(tuple(table))
    return tuple(tables)


PLACES_LIMIT = 1 << 12
"""Digits' places a memory keyed by places keeps before it starts afresh: a grade meets a few
hundred, and between grades (the app's hints) the memory stays at a megabyte or two."""

UnitMasks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class _Places:
    """One board's tables for reading a digit's places: `spread[k][byte]`, the cells of byte k
    of a cell set spread into 16-bit fields, one a unit (field u, unit u, has bit k for the unit's
    k-th cell: on a regular board field i, row i, has bit j for cell (i, j), field size + j,
    column j, bit i, and field 2 * size + b, box b, bit k for the box's k-th cell), so that
    summed over the set's bytes every unit's mask comes out of one integer's bytes at once, read
    in C; and the strong link tables (see _link_tables, _box_link_tables), on a board whose rows
    and columns cross as one grid's (a Samurai's do not: the finders reading them are not taught
    there)."""

    __slots__ = ("spread", "bytes", "kind_bytes", "read_rows", "read_columns", "read_boxes",
                 "lookup", "row_links", "column_links", "box_links", "unit_links")

    def __init__(self, board: Geometry) -> None:
        size = board.size
        self.spread = _spread_tables(board)
        self.bytes = (board.cell_count + 7) // 8
        # Units are numbered rows, then columns, then boxes: the fields of each kind follow on.
        counts = (len(board.row_units), len(board.column_units), len(board.box_units))
        self.kind_bytes = (2 * counts[0], 2 * (counts[0] + counts[1]), 2 * sum(counts))
        self.read_rows, self.read_columns, self.read_boxes = (
            Struct(f"<{count}H").unpack_from for count in counts)
        # getitem on the lists of every mask, dict.get on the dicts of links alone.
        self.lookup: Callable[[Any, int], Any] = getitem if size <= _LIST_LIMIT else dict.get
        if ROW_COLUMN_GRID in board.features:
            self.row_links = _link_tables(board, board.cell_at, board.row_units[0])
            self.column_links = _link_tables(
                board, lambda column, row: board.cell_at(row, column), board.column_units[0])
            self.box_links = _box_link_tables(board)
        else:
            self.row_links = self.column_links = self.box_links = ()
        self.unit_links: tuple[Any, ...] | None = None
        """unit_links[unit][mask]: the unit's strong link (a, b, unit) where the mask has two
        bits, else None; made on first use (unit_links)."""


def _places(board: Geometry) -> _Places:
    return board.table("places.tables", _Places)


def masks_by_unit(places: int) -> UnitMasks:
    """A digit's places (a cell set) as masks of positions: per row (bit j: column j), per
    column (bit i: row i) and per box (bit k: the box's k-th cell, row by row), on the board in
    use; on a board of several grids, per row, column and box unit in unit order (bit k: the
    unit's k-th cell). Kept in the search's `unit_masks` by places (the fish and single-digit
    finders ask about the same digit in turn, and most digits keep their places between two
    positions)."""
    known = current().unit_masks
    found = known.get(places)
    if found is None:
        tables = _places(board_in_use())
        # The cells' bytes spread apart (they share no bit, so the sum is their union), then the
        # fields read as unsigned shorts: faster than shifting each line out.
        spread = sum(map(getitem, tables.spread, places.to_bytes(tables.bytes, "little")))
        columns_at, boxes_at, end = tables.kind_bytes
        fields = spread.to_bytes(end, "little")
        found = (tables.read_rows(fields), tables.read_columns(fields, columns_at),
                 tables.read_boxes(fields, boxes_at))
        if len(known) >= PLACES_LIMIT:
            known.clear()
        known[places] = found
    return found


Reading = tuple[int, int, int, int]
"""One way to read a strong link in a chain: inner cell, end cell, and the cells each sees."""


def _readings(peer_bits: tuple[int, ...], a: int, b: int) -> tuple[Reading, Reading]:
    """The two readings of the link a = b, inner cell a first."""
    return (a, b, peer_bits[a], peer_bits[b]), (b, a, peer_bits[b], peer_bits[a])


LineLink = tuple[int, int, int, int, int, tuple[Reading, Reading], int]
"""A strong link in a row or column: [0] first cell, [1] second cell, [2] unit, [3] the lines
across it holding the two cells, [4] their boxes (bit sets of line and box numbers), [5] its
readings, [6] its two cells (a cell set). The skyscraper and the kite read the first five, the
turbot fish the last two as well."""


def _link_tables(board: Geometry, cell_of: Callable[[int, int], int], first_unit: int
                 ) -> tuple[Any, ...]:
    """For each line (cell_of(line, position) names its cells, first_unit + line is its unit) and
    each mask of places along it: the line's strong link when the mask has two bits, else None
    (a list of every mask, or on a large board a dict of the links alone). A digit's links are
    then read off its line masks, not worked out from unit intersections at each new set of
    places."""
    size, box_of, peer_bits = board.size, board.box_of, board.peer_bits
    links: list[Any] = []
    for line in range(size):
        of_line: dict[int, LineLink] = {}
        for low, high in combinations(range(size), 2):  # the masks with two bits
            a, b = cell_of(line, low), cell_of(line, high)
            mask = 1 << low | 1 << high
            of_line[mask] = (a, b, first_unit + line, mask, 1 << box_of[a] | 1 << box_of[b],
                             _readings(peer_bits, a, b), 1 << a | 1 << b)
        links.append(_indexed(of_line, size))
    return tuple(links)


def _indexed(found: dict[int, Any], size: int) -> Any:
    """A mask table from the masks found: a tuple of every mask's entry (None where none) on a
    small board, the dict itself on a large one."""
    if size > _LIST_LIMIT:
        return found
    return tuple(found.get(mask) for mask in range(1 << size))


@kept("line_links", PLACES_LIMIT)
def line_links(digit_bits: int) -> tuple[tuple[LineLink, ...], tuple[LineLink, ...]]:
    """The strong links of one digit in rows and in columns, each with the columns (for a row's)
    or rows (for a column's) and the boxes its two cells lie in, as bit sets: whether two links
    can make a chain is then one test. Kept for the next finders that ask about the same places
    (the ladder's finders all look at one position in turn)."""
    tables = _places(board_in_use())
    lookup = tables.lookup
    row_masks, column_masks, _ = masks_by_unit(digit_bits)
    return (tuple(filter(None, map(lookup, tables.row_links, row_masks))),
            tuple(filter(None, map(lookup, tables.column_links, column_masks))))


BoxLink = tuple[int, int, int, int, int, tuple[Reading, Reading]]
"""A strong link in a box: first cell, second cell, unit, the two cells and the cells seeing
either (cell sets), and its readings."""


def _box_link_tables(board: Geometry) -> tuple[Any, ...]:
    """For each box and each mask of places in it: when the mask has two bits, the box's strong
    link and, to tell whether a line holds the same link, the kind of masks of that line (0
    rows, 1 columns, 2 none: the cells share no line), the line and the line's mask holding just
    the two cells; else None (indexed as _link_tables' are)."""
    size, units, row_of, col_of = board.size, board.units, board.row_of, board.col_of
    peer_bits = board.peer_bits
    tables = []
    for unit in board.box_units:
        table: dict[int, tuple[BoxLink, int, int, int]] = {}
        for low, high in combinations(range(size), 2):
            a, b = units[unit][low], units[unit][high]
            if row_of[a] == row_of[b]:
                line = (0, row_of[a], 1 << col_of[a] | 1 << col_of[b])
            elif col_of[a] == col_of[b]:
                line = (1, col_of[a], 1 << row_of[a] | 1 << row_of[b])
            else:
                line = (2, 0, 0)
            link = (a, b, unit, 1 << a | 1 << b, peer_bits[a] | peer_bits[b],
                    _readings(peer_bits, a, b))
            table[1 << low | 1 << high] = (link, *line)
        tables.append(_indexed(table, size))
    return tuple(tables)


@kept("box_links", PLACES_LIMIT)
def box_links(digit_bits: int) -> tuple[BoxLink, ...]:
    """The strong links of one digit in boxes that are not also a row's or a column's (two cells
    alone in both their row and their box make one link), kept as line_links are."""
    tables = _places(board_in_use())
    masks = masks_by_unit(digit_bits)
    return tuple(link for link, kind, line, line_mask
                 in filter(None, map(tables.lookup, tables.box_links, masks[2]))
                 if kind == 2 or masks[kind][line] != line_mask)  # else the line's link already


UnitLink = tuple[int, int, int]
"""A strong link in any unit: its two cells and the unit."""


def _unit_link_tables(board: Geometry) -> tuple[Any, ...]:
    """For each unit, by the mask of a digit's places in it (bit k: the unit's k-th cell): the
    unit's strong link when the mask has two bits, else None (indexed as _link_tables' are)."""
    tables = []
    for u, unit in enumerate(board.units):
        tables.append(_indexed({1 << low | 1 << high: (unit[low], unit[high], u)
                                for low, high in combinations(range(len(unit)), 2)}, board.size))
    return tuple(tables)


@kept("unit_links", PLACES_LIMIT)
def unit_links(digit_bits: int) -> tuple[UnitLink, ...]:
    """The strong links of one digit in every unit of the board in use, in unit order (rows,
    columns, boxes), each pair of cells once: a box's link whose cells are also a line's, or two
    lines' (a Samurai's corner grid row and the centre grid's row through a shared box), comes
    with the first unit holding it. For boards whose lines are not one grid's (the Samurai),
    where line_links and box_links have no tables; kept as they are."""
    tables = _places(board_in_use())
    if tables.unit_links is None:
        tables.unit_links = _unit_link_tables(board_in_use())
    lookup, seen, found = tables.lookup, set(), []
    for link in filter(None, map(lookup, tables.unit_links, _all_masks(digit_bits))):
        pair = link[:2]
        if pair not in seen:
            seen.add(pair)
            found.append(link)
    return tuple(found)


def _all_masks(digit_bits: int) -> tuple[int, ...]:
    """masks_by_unit's masks, one a unit in unit order."""
    rows, columns, boxes = masks_by_unit(digit_bits)
    return rows + columns + boxes
