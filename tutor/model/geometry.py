"""Board geometry: cells, units (rows, columns, boxes), peers and digit bitmasks, computed once.

A board's shape is data: a `Geometry` (made by `regular(box_height, box_width)`, one per shape,
built when first asked for) holds its cells, units, peers and names. `CLASSIC` is the 9x9 board
with 3x3 boxes; the module-level tables (SIZE, UNITS, PEERS, ...) are its own, kept as names for
the code that works on the classic board alone. Code that works on any board takes its tables
from the grid's geometry, and names cells with the board in use (`using`, `current`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from math import isqrt
from struct import Struct

TYPE_CHECKING = False  # not typing's: importing typing costs every command start-up time
if TYPE_CHECKING:
    from typing import TypeVar

    _Table = TypeVar("_Table")

MAX_TABLE_SIZE = 16
"""The most digits a board may have for the per-mask tables (DIGITS_IN, COUNT, ONLY_DIGIT): they
have 2**size entries, so larger boards (25x25) are read, checked and solved without them."""

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""The symbols digits 1-25 are written with by default: 1-9, then letters (16x16: 1-9A-G)."""

# A set of digits is a bitmask: digit d is bit d - 1. These do not depend on the board.
def bit(digit: int) -> int:
    """The bitmask holding just `digit`."""
    return 1 << (digit - 1)


def mask_of(digits: Iterable[int]) -> int:
    """The bitmask of an iterable of digits."""
    mask = 0
    for digit in digits:
        mask |= bit(digit)
    return mask


def _grow_mask_tables(size: int) -> None:
    """Make DIGITS_IN, COUNT and ONLY_DIGIT reach every mask of `size` digits.

    A mask's digits do not depend on the board, so one table serves every board: it starts with
    the classic board's 512 masks and grows (in place, so every module holding it sees it) when
    a board with more digits is first made. Built by doubling (the masks with digit d are those
    without it, plus d), not by testing each digit of each mask: every command that reads a
    puzzle pays for the classic table at start-up.
    """
    have = len(DIGITS_IN).bit_length() - 1
    for d in range(have + 1, size + 1):
        added = [digits + (d,) for digits in DIGITS_IN]
        DIGITS_IN.extend(added)
        COUNT.extend(len(digits) for digits in added)
        ONLY_DIGIT.extend(digits[0] if len(digits) == 1 else 0 for digits in added)


DIGITS_IN: list[tuple[int, ...]] = [()]
"""DIGITS_IN[mask]: the digits of a mask, ascending."""
COUNT: list[int] = [0]
"""COUNT[mask]: how many digits a mask holds."""
ONLY_DIGIT: list[int] = [0]
"""ONLY_DIGIT[mask]: the digit of a one-digit mask, else 0."""


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a mask of any size (DIGITS_IN where the table reaches: up to 16 digits)."""
    if mask < len(DIGITS_IN):
        return DIGITS_IN[mask]
    return tuple(d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1)


def listed(words: Iterable[str], last: str = "and") -> str:
    """'', 'a', 'a and b', 'a, b and c' (or with `last` 'or'): the one home of this phrase."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def digits_name(digits: Iterable[int]) -> str:
    """Digits as people say them: '5', '1 and 6', '1, 4 and 7' (above 9, the board's symbols)."""
    symbols = _BOARD.get().symbols
    return listed(symbols[d - 1] for d in sorted(digits))


def cells_of_bits(cell_bits: int) -> tuple[int, ...]:
    """The cells of a cell set (cell c is bit c), ascending."""
    cells = []
    while cell_bits:  # highest first, turned round at the end: one operation less a cell
        cell = cell_bits.bit_length() - 1
        cells.append(cell)
        cell_bits ^= 1 << cell
    cells.reverse()
    return tuple(cells)


_EMPTY_TEXT = bytes(ord("1") if value == 0 else ord("0") for value in range(256))
"""bytes.translate's table turning a cell's value into b"1" when it is empty, else b"0"."""


def empty_cell_bits(values: Sequence[int]) -> int:
    """The empty cells (value 0) as a cell set, read in C: the values as bytes, last cell first,
    each turned into "1" when empty, read as a binary number."""
    return int(bytes(values)[::-1].translate(_EMPTY_TEXT), 2)


_BIT_TEXT: list[bytes] = []
"""_BIT_TEXT[k]: bytes.translate's table turning a byte into b"1" if its bit k is set, else b"0"
(made on first use, not at start-up)."""

UNIT_KINDS = ("row", "column", "box")


class Geometry:
    """One board's shape, as data: its cells, units, peers, names and the tables built from them.

    Immutable once made. Cells are numbered in reading order from 0; units are numbered rows
    first, then columns, then boxes (unit u of a kind is the (u % size + 1)th). Cell sets are
    integers (cell c is bit c), digit sets masks (digit d is bit d - 1).

    Make one with `regular(box_height, box_width)`; each shape is made once and shared.
    """

    box_height: int
    box_width: int
    size: int
    """How many digits (and cells in a unit)."""
    cell_count: int
    name: str
    """'9x9', '6x6', ..."""
    digits: tuple[int, ...]
    cells: tuple[int, ...]
    all_digits: int
    """The mask of every digit."""
    symbols: str
    """symbols[d - 1]: how digit d is written."""
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    box_of: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    row_units: tuple[int, ...]
    column_units: tuple[int, ...]
    box_units: tuple[int, ...]
    unit_kinds: tuple[str, ...]
    units_of: tuple[tuple[int, ...], ...]
    """units_of[cell]: its row, column and box unit numbers."""
    peers: tuple[tuple[int, ...], ...]
    """peers[cell]: the cells sharing a unit with it."""
    peer_sets: tuple[frozenset[int], ...]
    peer_bits: tuple[int, ...]
    """peer_bits[cell]: the cells sharing a unit with it, as a cell set."""
    unit_sets: tuple[frozenset[int], ...]
    unit_bits: tuple[int, ...]
    """unit_bits[unit]: the unit's cells as a cell set."""
    crossings: tuple[tuple[int, int, frozenset[int]], ...]
    """(box, line, shared cells) for each box and each row or column through it."""
    positions: tuple[tuple[int, int], ...]
    """positions[cell]: (row, column) where the cell is drawn."""
    screen: tuple[int, int]
    """The drawn board's rows and columns."""
    features: frozenset[str]
    """What the board offers a technique's argument (engine/technique.py: BOX_LINE, ONE_GRID)."""
    _tables: dict[str, object]

    def __init__(self, box_height: int, box_width: int) -> None:
        size = box_height * box_width
        cells = tuple(range(size * size))
        set_ = object.__setattr__
        set_(self, "box_height", box_height)
        set_(self, "box_width", box_width)
        set_(self, "size", size)
        set_(self, "cell_count", size * size)
        set_(self, "name", f"{size}x{size}")
        set_(self, "digits", tuple(range(1, size + 1)))
        set_(self, "cells", cells)
        set_(self, "all_digits", (1 << size) - 1)
        set_(self, "symbols", SYMBOLS[:size])
        row_of = tuple(cell // size for cell in cells)
        col_of = tuple(cell % size for cell in cells)
        box_of = tuple((row_of[c] // box_height) * box_height + col_of[c] // box_width
                       for c in cells)
        set_(self, "row_of", row_of)
        set_(self, "col_of", col_of)
        set_(self, "box_of", box_of)
        rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
        columns = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
        boxes = tuple(tuple(c for c in cells if box_of[c] == b) for b in range(size))
        units = rows + columns + boxes
        set_(self, "rows", rows)
        set_(self, "columns", columns)
        set_(self, "boxes", boxes)
        set_(self, "units", units)
        set_(self, "row_units", tuple(range(0, size)))
        set_(self, "column_units", tuple(range(size, 2 * size)))
        set_(self, "box_units", tuple(range(2 * size, 3 * size)))
        set_(self, "unit_kinds", tuple(UNIT_KINDS[u // size] for u in range(3 * size)))
        units_of = tuple((row_of[c], size + col_of[c], 2 * size + box_of[c]) for c in cells)
        set_(self, "units_of", units_of)
        peers = tuple(tuple(sorted({p for u in units_of[c] for p in units[u]} - {c}))
                      for c in cells)
        set_(self, "peers", peers)
        set_(self, "peer_sets", tuple(frozenset(p) for p in peers))
        set_(self, "peer_bits", tuple(sum(1 << p for p in peers[c]) for c in cells))
        set_(self, "unit_sets", tuple(frozenset(u) for u in units))
        set_(self, "unit_bits", tuple(sum(1 << c for c in unit) for unit in units))
        # The pairs of units that cross: each box with each row or column through it, and the
        # cells they share (where pointing and claiming act).
        set_(self, "crossings", tuple(
            (box, line, frozenset(units[box]) & frozenset(units[line]))
            for box in range(2 * size, 3 * size) for line in range(2 * size)
            if frozenset(units[box]) & frozenset(units[line])))
        # Where each cell is drawn: (row, column) on a board of `screen` rows and columns.
        set_(self, "positions", tuple(zip(row_of, col_of)))
        set_(self, "screen", (size, size))
        # Boxes crossing rows and columns, and one grid holding every unit of a cell.
        set_(self, "features", frozenset({"box_line", "one_grid"}))
        set_(self, "_tables", {})
        if size <= MAX_TABLE_SIZE:
            _grow_mask_tables(size)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Geometry is immutable: cannot set {name}")

    def __repr__(self) -> str:
        return f"regular({self.box_height}, {self.box_width})"

    def __reduce__(self):
        # Pickled (to another process) as the shape it is, made again there once.
        return regular, (self.box_height, self.box_width)

    def table(self, key: str, build: Callable[[Geometry], _Table]) -> _Table:
        """The board's table named `key`, made by `build(self)` on first use and kept: tables for
        a shape cost nothing until that shape is used."""
        tables = self._tables
        found = tables.get(key)
        if found is None:
            found = tables[key] = build(self)
        return found  # type: ignore[return-value]  # each key is always built by one function

    # --- names ------------------------------------------------------------------------------
    def cell_at(self, row: int, col: int) -> int:
        """The cell at 0-based row and column."""
        return row * self.size + col

    def cell_name(self, cell: int) -> str:
        """A cell's name: r3c7 (1-based row and column)."""
        return f"r{self.row_of[cell] + 1}c{self.col_of[cell] + 1}"

    def unit_kind(self, unit: int) -> str:
        """'row', 'column' or 'box'."""
        return self.unit_kinds[unit]

    def unit_name(self, unit: int) -> str:
        """A unit's name as people say it: 'row 3', 'column 7', 'box 5'."""
        return f"{self.unit_kinds[unit]} {unit % self.size + 1}"

    def symbol(self, digit: int) -> str:
        """How a digit is written on this board: '7', and above 9 a letter ('A' for 10)."""
        return self.symbols[digit - 1]

    def parse_cell_name(self, name: str) -> int:
        """The cell named like 'r3c7' (case-insensitive).

        :raises ValueError: for anything else, or a cell off the board.
        """
        text = name.strip().lower()
        if len(text) >= 4 and text[0] == "r" and "c" in text:
            row_text, col_text = text[1:].split("c", 1)
            if row_text.isdigit() and col_text.isdigit():
                row, col = int(row_text), int(col_text)
                if 1 <= row <= self.size and 1 <= col <= self.size:
                    return self.cell_at(row - 1, col - 1)
        raise ValueError(f"not a cell name: {name!r} (expected r1c1 .. r{self.size}c{self.size})")

    def common_units(self, cells: Iterable[int]) -> tuple[int, ...]:
        """The units that contain every one of `cells`."""
        cells = list(cells)
        if not cells:
            return ()
        shared = set(self.units_of[cells[0]])
        for c in cells[1:]:
            shared &= set(self.units_of[c])
        return tuple(sorted(shared))

    def moved(self, cell: int, rows: int, cols: int) -> int:
        """The cell `rows` down and `cols` right of `cell`, stopping at the board's edge."""
        row = min(self.size - 1, max(0, self.row_of[cell] + rows))
        col = min(self.size - 1, max(0, self.col_of[cell] + cols))
        return self.cell_at(row, col)


_MADE: dict[tuple[int, int], Geometry] = {}
"""Every shape made so far, so that each is made (and its tables built) once."""


def regular(box_height: int, box_width: int) -> Geometry:
    """The N x N board (N = box_height * box_width) whose boxes are box_height rows by box_width
    columns: regular(3, 3) is the classic board, regular(2, 3) the 6x6 board children start on.

    :raises ValueError: for a box less than 2 cells high or wide (its boxes would be its rows or
        columns) or a board of more than 25 digits.
    """
    key = (box_height, box_width)
    found = _MADE.get(key)
    if found is None:
        if not (isinstance(box_height, int) and isinstance(box_width, int)
                and box_height >= 2 and box_width >= 2 and box_height * box_width <= 25):
            raise ValueError(f"no board has boxes of {box_height} x {box_width} cells")
        found = _MADE[key] = Geometry(box_height, box_width)
    return found


def regular_of_size(size: int) -> Geometry:
    """The regular board of `size` digits with its usual boxes: as near square as the size
    allows, wider than tall (4x4: 2x2, 6x6: 2x3, 8x8: 2x4, 12x12: 3x4, 16x16: 4x4).

    :raises ValueError: for a size no regular board has (a prime, such as 7, has no boxes).
    """
    height = max((h for h in range(2, isqrt(size) + 1) if size % h == 0), default=0)
    if not height or size > 25:
        raise ValueError(f"no regular board has {size} digits")
    return regular(height, size // height)


def regular_of_cells(cell_count: int) -> Geometry:
    """The regular board of `cell_count` cells with its usual boxes (81: the classic board).

    :raises ValueError: for a count no regular board has.
    """
    if cell_count == 81:
        return CLASSIC
    size = isqrt(cell_count)
    if size * size != cell_count:
        raise ValueError(f"no regular board has {cell_count} cells")
    return regular_of_size(size)


CLASSIC = regular(3, 3)
"""The classic 9x9 board with 3x3 boxes."""

_BOARD: ContextVar[Geometry] = ContextVar("board", default=CLASSIC)
"""The board the caller speaks of: cell and unit names below are this board's."""


def current() -> Geometry:
    """The board in use (the classic one unless `using` says otherwise)."""
    return _BOARD.get()


@contextmanager
def using(geometry: Geometry) -> Iterator[Geometry]:
    """Speak of `geometry` in the block: names (cell_name, unit_name, ...) are its own."""
    token = _BOARD.set(geometry)
    try:
        yield geometry
    finally:
        _BOARD.reset(token)


# The classic board's tables, by the names the code for that board alone uses.
BOX_HEIGHT = CLASSIC.box_height
BOX_WIDTH = CLASSIC.box_width
SIZE = CLASSIC.size
CELL_COUNT = CLASSIC.cell_count
MIN_PROPER_GIVENS = 17
"""No 9x9 puzzle with fewer givens has a single solution (McGuire, Tugemann and Civario, 2012)."""
DIGITS = CLASSIC.digits
CELLS = CLASSIC.cells
ALL_DIGITS = CLASSIC.all_digits
ROW_OF, COL_OF, BOX_OF = CLASSIC.row_of, CLASSIC.col_of, CLASSIC.box_of
ROWS, COLUMNS, BOXES, UNITS = CLASSIC.rows, CLASSIC.columns, CLASSIC.boxes, CLASSIC.units
ROW_UNITS, COLUMN_UNITS, BOX_UNITS = CLASSIC.row_units, CLASSIC.column_units, CLASSIC.box_units
UNITS_OF = CLASSIC.units_of
"""UNITS_OF[cell]: its row, column and box unit numbers."""
PEERS = CLASSIC.peers
"""PEERS[cell]: the cells sharing a unit with it."""
PEER_SETS = CLASSIC.peer_sets
PEER_BITS = CLASSIC.peer_bits
"""PEER_BITS[cell]: the cells sharing a unit with it, as an 81-bit set."""
UNIT_SETS = CLASSIC.unit_sets
UNIT_BITS = CLASSIC.unit_bits
"""UNIT_BITS[unit]: the unit's cells as an 81-bit set (cell c is bit c)."""


# --- names of the board in use ----------------------------------------------------------------
def cell_at(row: int, col: int) -> int:
    """The cell at 0-based row and column of the board in use."""
    return _BOARD.get().cell_at(row, col)


def unit_kind(unit: int) -> str:
    """'row', 'column' or 'box'."""
    return _BOARD.get().unit_kinds[unit]


def unit_name(unit: int) -> str:
    """A unit's name as people say it: 'row 3', 'column 7', 'box 5'."""
    return _BOARD.get().unit_name(unit)


def cell_name(cell: int) -> str:
    """A cell's name: r3c7 (1-based row and column)."""
    return _BOARD.get().cell_name(cell)


def cells_name(cells: Iterable[int]) -> str:
    """Several cells named in reading order: 'r1c1, r1c5 and r2c3'."""
    return listed(cell_name(c) for c in sorted(cells))


def cells_or(cells: Iterable[int]) -> str:
    """Several cells as alternatives: 'r1c1 or r2c1', 'r1c1, r1c2 or r1c3'."""
    return cells_name(cells).replace(" and ", " or ")


def parse_cell_name(name: str) -> int:
    """The cell named like 'r3c7' (case-insensitive) on the board in use.

    :raises ValueError: for anything else.
    """
    return _BOARD.get().parse_cell_name(name)


def common_units(cells: Iterable[int]) -> tuple[int, ...]:
    """The units that contain every one of `cells`."""
    return _BOARD.get().common_units(cells)


def moved(cell: int, rows: int, cols: int) -> int:
    """The cell `rows` down and `cols` right of `cell`, stopping at the board's edge."""
    return _BOARD.get().moved(cell, rows, cols)


def digit_cell_sets(masks: Sequence[int]) -> list[int]:
    """For each digit d (index d), the set of cells having d as a candidate (index 0 unused),
    worked out afresh (the engine's finders share one per position: engine/search.py)."""
    return new_digit_cell_sets(masks)


_PACKERS: dict[int, tuple[Struct, int, int]] = {}
"""By a board's cell count: its masks' packer, how many digits a mask's low byte holds and how
many its high byte (made when a board of that many cells is first read)."""


def _packer(cell_count: int) -> tuple[Struct, int, int]:
    found = _PACKERS.get(cell_count)
    if found is None:
        size = isqrt(cell_count)
        if size * size != cell_count or size > MAX_TABLE_SIZE:
            raise ValueError(f"no digit cell sets for {cell_count} cells")
        # Two bytes a cell, low byte first on any machine (packed faster than an array).
        found = _PACKERS[cell_count] = (Struct(f"<{cell_count}H"), min(size, 8), max(0, size - 8))
    return found


def new_digit_cell_sets(masks: Sequence[int]) -> list[int]:
    """digit_cell_sets (a list of the caller's own), for a board of any size up to 16 digits.

    Each digit's set is read off the masks in C rather than cell by cell: the masks as bytes, each
    byte turned into the text "1" or "0" by one of its bits, read as a binary number.
    """
    if not _BIT_TEXT:
        _BIT_TEXT[:] = [bytes(ord("0") + (byte >> shift & 1) for byte in range(256))
                        for shift in range(8)]
    packer, low_digits, high_digits = _packer(len(masks))
    # Reversed once, so that the last cell comes first and each digit's text reads as a binary
    # number with cell 0 its lowest bit: each cell's high byte, then its low byte.
    data = packer.pack(*masks)[::-1]
    low, high = data[1::2], data[0::2]
    return [0, *[int(low.translate(table), 2) for table in _BIT_TEXT[:low_digits]],
            *[int(high.translate(table), 2) for table in _BIT_TEXT[:high_digits]]]
