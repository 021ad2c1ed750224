"""Board geometry: cells, units (rows, columns, boxes), peers and digit bitmasks, computed once."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from struct import Struct

# The only place the board's size is written down: a box is BOX_HEIGHT rows by BOX_WIDTH columns.
BOX_HEIGHT = 3
BOX_WIDTH = 3
SIZE = BOX_HEIGHT * BOX_WIDTH
CELL_COUNT = SIZE * SIZE
MIN_PROPER_GIVENS = 17
"""No 9x9 puzzle with fewer givens has a single solution (McGuire, Tugemann and Civario, 2012)."""
DIGITS = tuple(range(1, SIZE + 1))
CELLS = tuple(range(CELL_COUNT))

# A set of digits is a bitmask: digit d is bit d - 1.
ALL_DIGITS = (1 << SIZE) - 1


def bit(digit: int) -> int:
    """The bitmask holding just `digit`."""
    return 1 << (digit - 1)


def _digits_in() -> tuple[tuple[int, ...], ...]:
    # Built by doubling (the masks with digit d are those without it, plus d), not by testing each
    # digit of each mask: every command that reads a puzzle pays for this table at start-up.
    table: list[tuple[int, ...]] = [()]
    for d in DIGITS:
        table += [digits + (d,) for digits in table]
    return tuple(table)


DIGITS_IN = _digits_in()
"""DIGITS_IN[mask]: the digits of a mask, ascending."""
COUNT = tuple(len(digits) for digits in DIGITS_IN)
"""COUNT[mask]: how many digits a mask holds."""
ONLY_DIGIT = tuple(digits[0] if len(digits) == 1 else 0 for digits in DIGITS_IN)
"""ONLY_DIGIT[mask]: the digit of a one-digit mask, else 0."""


def mask_of(digits: Iterable[int]) -> int:
    """The bitmask of an iterable of digits."""
    mask = 0
    for digit in digits:
        mask |= bit(digit)
    return mask


ROW_OF = tuple(cell // SIZE for cell in CELLS)
COL_OF = tuple(cell % SIZE for cell in CELLS)
BOX_OF = tuple((ROW_OF[c] // BOX_HEIGHT) * BOX_HEIGHT + COL_OF[c] // BOX_WIDTH for c in CELLS)


def cell_at(row: int, col: int) -> int:
    """The cell at 0-based row and column."""
    return row * SIZE + col


# Units are numbered 0..26: rows first, then columns, then boxes.
ROWS = tuple(tuple(cell_at(r, c) for c in range(SIZE)) for r in range(SIZE))
COLUMNS = tuple(tuple(cell_at(r, c) for r in range(SIZE)) for c in range(SIZE))
BOXES = tuple(tuple(c for c in CELLS if BOX_OF[c] == b) for b in range(SIZE))
UNITS = ROWS + COLUMNS + BOXES
ROW_UNITS = tuple(range(0, SIZE))
COLUMN_UNITS = tuple(range(SIZE, 2 * SIZE))
BOX_UNITS = tuple(range(2 * SIZE, 3 * SIZE))
UNIT_KINDS = ("row", "column", "box")

UNITS_OF = tuple((ROW_OF[c], SIZE + COL_OF[c], 2 * SIZE + BOX_OF[c]) for c in CELLS)
"""UNITS_OF[cell]: its row, column and box unit numbers."""
PEERS = tuple(
    tuple(sorted({p for u in UNITS_OF[c] for p in UNITS[u]} - {c})) for c in CELLS
)
"""PEERS[cell]: the cells sharing a unit with it."""
PEER_SETS = tuple(frozenset(p) for p in PEERS)
PEER_BITS = tuple(sum(1 << p for p in PEERS[c]) for c in CELLS)
"""PEER_BITS[cell]: the cells sharing a unit with it, as an 81-bit set."""
UNIT_SETS = tuple(frozenset(u) for u in UNITS)


def unit_kind(unit: int) -> str:
    """'row', 'column' or 'box'."""
    return UNIT_KINDS[unit // SIZE]


def unit_name(unit: int) -> str:
    """A unit's name as people say it: 'row 3', 'column 7', 'box 5'."""
    return f"{unit_kind(unit)} {unit % SIZE + 1}"


def cell_name(cell: int) -> str:
    """A cell's name: r3c7 (1-based row and column)."""
    return f"r{ROW_OF[cell] + 1}c{COL_OF[cell] + 1}"


def listed(words: Iterable[str], last: str = "and") -> str:
    """'', 'a', 'a and b', 'a, b and c' (or with `last` 'or'): the one home of this phrase."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def cells_name(cells: Iterable[int]) -> str:
    """Several cells named in reading order: 'r1c1, r1c5 and r2c3'."""
    return listed(cell_name(c) for c in sorted(cells))


def cells_or(cells: Iterable[int]) -> str:
    """Several cells as alternatives: 'r1c1 or r2c1', 'r1c1, r1c2 or r1c3'."""
    return cells_name(cells).replace(" and ", " or ")


def digits_name(digits: Iterable[int]) -> str:
    """Digits as people say them: '5', '1 and 6', '1, 4 and 7'."""
    return listed(str(d) for d in sorted(digits))


def parse_cell_name(name: str) -> int:
    """The cell named like 'r3c7' (case-insensitive); ValueError otherwise."""
    text = name.strip().lower()
    if len(text) >= 4 and text[0] == "r" and "c" in text:
        row_text, col_text = text[1:].split("c", 1)
        if row_text.isdigit() and col_text.isdigit():
            row, col = int(row_text), int(col_text)
            if 1 <= row <= SIZE and 1 <= col <= SIZE:
                return cell_at(row - 1, col - 1)
    raise ValueError(f"not a cell name: {name!r} (expected r1c1 .. r{SIZE}c{SIZE})")


def common_units(cells: Iterable[int]) -> tuple[int, ...]:
    """The units that contain every one of `cells`."""
    cells = list(cells)
    if not cells:
        return ()
    shared = set(UNITS_OF[cells[0]])
    for c in cells[1:]:
        shared &= set(UNITS_OF[c])
    return tuple(sorted(shared))


UNIT_BITS = tuple(sum(1 << c for c in unit) for unit in UNITS)
"""UNIT_BITS[unit]: the unit's cells as an 81-bit set (cell c is bit c)."""


_EMPTY_TEXT = bytes(ord("1") if value == 0 else ord("0") for value in range(256))
"""bytes.translate's table turning a cell's value into b"1" when it is empty, else b"0"."""


def empty_cell_bits(values: Sequence[int]) -> int:
    """The empty cells (value 0) as an 81-bit set, read in C: the values as bytes, last cell
    first, each turned into "1" when empty, read as a binary number."""
    return int(bytes(values)[::-1].translate(_EMPTY_TEXT), 2)


def cells_of_bits(cell_bits: int) -> tuple[int, ...]:
    """The cells of an 81-bit cell set, ascending."""
    cells = []
    while cell_bits:  # highest first, turned round at the end: one operation less a cell
        cell = cell_bits.bit_length() - 1
        cells.append(cell)
        cell_bits ^= 1 << cell
    cells.reverse()
    return tuple(cells)


def digit_cell_sets(masks: Sequence[int]) -> list[int]:
    """For each digit d (index d), the 81-bit set of cells having d as a candidate (index 0 unused),
    worked out afresh (the engine's finders share one per position: engine/search.py)."""
    return new_digit_cell_sets(masks)


_BIT_TEXT: list[bytes] = []
"""_BIT_TEXT[k]: bytes.translate's table turning a byte into b"1" if its bit k is set, else b"0"
(made on first use, not at start-up)."""
_LOW_DIGITS = min(SIZE, 8)
"""Digits 1 to _LOW_DIGITS are a mask's low byte, the others its high byte."""
_MASK_BYTES = Struct(f"<{CELL_COUNT}H")
"""The 81 masks as two bytes each, low byte first on any machine (packed faster than an array)."""


def new_digit_cell_sets(masks: Sequence[int]) -> list[int]:
    """digit_cell_sets (a list of the caller's own).

    Each digit's set is read off the masks in C rather than cell by cell: the masks as bytes, each
    byte turned into the text "1" or "0" by one of its bits, read as a binary number.
    """
    if not _BIT_TEXT:
        _BIT_TEXT[:] = [bytes(ord("0") + (byte >> shift & 1) for byte in range(256))
                        for shift in range(8)]
    # Reversed once, so that the last cell comes first and each digit's text reads as a binary
    # number with cell 0 its lowest bit: each cell's high byte, then its low byte.
    data = _MASK_BYTES.pack(*masks)[::-1]
    low, high = data[1::2], data[0::2]
    return [0, *[int(low.translate(table), 2) for table in _BIT_TEXT[:_LOW_DIGITS]],
            *[int(high.translate(table), 2) for table in _BIT_TEXT[:SIZE - _LOW_DIGITS]]]


def moved(cell: int, rows: int, cols: int) -> int:
    """The cell `rows` down and `cols` right of `cell`, stopping at the board's edge."""
    row = min(SIZE - 1, max(0, ROW_OF[cell] + rows))
    col = min(SIZE - 1, max(0, COL_OF[cell] + cols))
    return cell_at(row, col)
