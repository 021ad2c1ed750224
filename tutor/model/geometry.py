"""Board geometry: cells, units (rows, columns, boxes), peers and digit bitmasks, computed once.

A board's shape is data: a `Geometry` (made by `regular(box_height, box_width)` or `samurai()`,
one per shape, built when first asked for) holds its cells, units, peers and names. `CLASSIC` is the 9x9 board
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

    Immutable once made. Cells are numbered in reading order from 0 (on a Samurai, reading order
    on its 21x21 drawn board); units are numbered rows first, then columns, then boxes. Cell sets
    are integers (cell c is bit c), digit sets masks (digit d is bit d - 1).

    Made from data (the cells' places on the drawn board, the units with their kinds and names)
    by a builder: `regular(box_height, box_width)` or `samurai()`; each shape is made once and
    shared. A board is made of one or more 9x9 (n x n) grids (`grids`): a regular board is one
    grid; a Samurai five, whose shared boxes lie in two grids each.
    """

    box_height: int
    """The height of a box (on a Samurai, of each grid's boxes)."""
    box_width: int
    size: int
    """How many digits (and cells in a unit)."""
    cell_count: int
    name: str
    """'9x9', '6x6', ..., 'Samurai'."""
    digits: tuple[int, ...]
    cells: tuple[int, ...]
    all_digits: int
    """The mask of every digit."""
    symbols: str
    """symbols[d - 1]: how digit d is written."""
    row_of: tuple[int, ...]
    """row_of[cell]: the row it is drawn in, from 0 (on a regular board also its row unit)."""
    col_of: tuple[int, ...]
    """col_of[cell]: the column it is drawn in, from 0 (on a regular board also its column unit
    less `size`)."""
    box_of: tuple[int, ...]
    """box_of[cell]: its box's place in `boxes` (its box unit less the first box unit)."""
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    row_units: tuple[int, ...]
    column_units: tuple[int, ...]
    box_units: tuple[int, ...]
    unit_kinds: tuple[str, ...]
    units_of: tuple[tuple[int, ...], ...]
    """units_of[cell]: its unit numbers, ascending (rows, then columns, then its box): three on
    a regular board, five in a Samurai's shared boxes."""
    peers: tuple[tuple[int, ...], ...]
    """peers[cell]: the cells sharing a unit with it."""
    peer_sets: tuple[frozenset[int], ...]
    peer_bits: tuple[int, ...]
    """peer_bits[cell]: the cells sharing a unit with it, as a cell set."""
    unit_sets: tuple[frozenset[int], ...]
    unit_bits: tuple[int, ...]
    """unit_bits[unit]: the unit's cells as a cell set."""
    crossings: tuple[tuple[int, int, frozenset[int]], ...]
    """(box, line, shared cells) for each box and each row or column through it (on a Samurai,
    a shared box with the rows and columns of both its grids)."""
    line_crossings: tuple[tuple[int, int, frozenset[int]], ...]
    """(line, line, shared cells) for two parallel lines of different grids that share cells (a
    corner grid's row and the centre grid's row that run through a shared box); none on a
    regular board."""
    positions: tuple[tuple[int, int], ...]
    """positions[cell]: (row, column) where the cell is drawn."""
    screen: tuple[int, int]
    """The drawn board's rows and columns."""
    features: frozenset[str]
    """What the board offers a technique's argument (engine/technique.py: BOX_LINE, ONE_GRID,
ROW_COLUMN_GRID, EACH_GRID)."""
    grid_names: tuple[str, ...]
    """Each grid's name: ('',) on a regular board; 'top-left', ..., 'bottom-right' on a Samurai."""
    grids: tuple[tuple[int, ...], ...]
    """grids[g]: the cells of grid g, row by row (size x size cells)."""
    grids_of: tuple[tuple[int, ...], ...]
    """grids_of[cell]: the grids holding the cell (two in a Samurai's shared boxes)."""
    unit_grids: tuple[tuple[int, ...], ...]
    """unit_grids[unit]: the grids holding the unit (two for a Samurai's shared box)."""
    cell_spots: tuple[tuple[tuple[int, int, int], ...], ...]
    """cell_spots[cell]: (grid, row, column from 0) in each grid holding it, in the order its name
    gives them (a Samurai's outer grid first)."""
    cell_names: tuple[str, ...]
    unit_names: tuple[str, ...]
    _at: dict[tuple[int, int], int]
    _made_by: tuple[Callable[..., Geometry], tuple[int, ...]]
    _tables: dict[str, object]

    def __init__(self, *, name: str, size: int, box_height: int, box_width: int,
                 positions: Sequence[tuple[int, int]], screen: tuple[int, int],
                 units: Sequence[tuple[int, ...]], unit_kinds: Sequence[str],
                 unit_names: Sequence[str], cell_names: Sequence[str],
                 cell_spots: Sequence[tuple[tuple[int, int, int], ...]],
                 grids: Sequence[tuple[int, ...]], grid_names: Sequence[str],
                 features: Iterable[str],
                 made_by: tuple[Callable[..., Geometry], tuple[int, ...]]) -> None:
        """A board from its data: what `regular` and `samurai` build (units in the order rows,
        columns, boxes; cells numbered 0 to len(positions) - 1)."""
        cells = tuple(range(len(positions)))
        units = tuple(units)
        set_ = object.__setattr__
        set_(self, "box_height", box_height)
        set_(self, "box_width", box_width)
        set_(self, "size", size)
        set_(self, "cell_count", len(cells))
        set_(self, "name", name)
        set_(self, "digits", tuple(range(1, size + 1)))
        set_(self, "cells", cells)
        set_(self, "all_digits", (1 << size) - 1)
        set_(self, "symbols", SYMBOLS[:size])
        set_(self, "positions", tuple(positions))
        set_(self, "screen", screen)
        set_(self, "_at", {place: cell for cell, place in enumerate(positions)})
        set_(self, "row_of", tuple(row for row, _ in positions))
        set_(self, "col_of", tuple(col for _, col in positions))
        set_(self, "unit_kinds", tuple(unit_kinds))
        kind_units = {kind: tuple(u for u, k in enumerate(unit_kinds) if k == kind)
                      for kind in UNIT_KINDS}
        set_(self, "row_units", kind_units["row"])
        set_(self, "column_units", kind_units["column"])
        set_(self, "box_units", kind_units["box"])
        set_(self, "rows", tuple(units[u] for u in self.row_units))
        set_(self, "columns", tuple(units[u] for u in self.column_units))
        set_(self, "boxes", tuple(units[u] for u in self.box_units))
        set_(self, "units", units)
        holding: list[list[int]] = [[] for _ in cells]
        for u, unit in enumerate(units):
            for c in unit:
                holding[c].append(u)
        units_of = tuple(map(tuple, holding))
        set_(self, "units_of", units_of)
        first_box = self.box_units[0]
        set_(self, "box_of", tuple(next(u for u in found if u >= first_box) - first_box
                                   for found in units_of))
        peers = tuple(tuple(sorted({p for u in units_of[c] for p in units[u]} - {c}))
                      for c in cells)
        set_(self, "peers", peers)
        set_(self, "peer_sets", tuple(frozenset(p) for p in peers))
        set_(self, "peer_bits", tuple(sum(1 << p for p in peers[c]) for c in cells))
        unit_sets = tuple(frozenset(u) for u in units)
        set_(self, "unit_sets", unit_sets)
        set_(self, "unit_bits", tuple(sum(1 << c for c in unit) for unit in units))
        # The pairs of units that cross: each box with each row or column through it, and the
        # cells they share (where pointing and claiming act).
        lines = self.row_units + self.column_units
        set_(self, "crossings", tuple(
            (box, line, unit_sets[box] & unit_sets[line])
            for box in self.box_units for line in lines if unit_sets[box] & unit_sets[line]))
        set_(self, "line_crossings", tuple(
            (one, other, unit_sets[one] & unit_sets[other])
            for i, one in enumerate(lines) for other in lines[i + 1:]
            if unit_kinds[one] == unit_kinds[other] and unit_sets[one] & unit_sets[other]))
        set_(self, "grids", tuple(grids))
        set_(self, "grid_names", tuple(grid_names))
        in_grids: list[list[int]] = [[] for _ in cells]
        for g, grid_cells in enumerate(grids):
            for c in grid_cells:
                in_grids[c].append(g)
        set_(self, "grids_of", tuple(map(tuple, in_grids)))
        grid_sets = [frozenset(grid_cells) for grid_cells in grids]
        set_(self, "unit_grids", tuple(tuple(g for g, grid in enumerate(grid_sets) if unit <= grid)
                                       for unit in unit_sets))
        set_(self, "cell_names", tuple(cell_names))
        set_(self, "cell_spots", tuple(cell_spots))
        set_(self, "unit_names", tuple(unit_names))
        set_(self, "features", frozenset(features))
        set_(self, "_made_by", made_by)
        set_(self, "_tables", {})
        if size <= MAX_TABLE_SIZE:
            _grow_mask_tables(size)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Geometry is immutable: cannot set {name}")

    def __repr__(self) -> str:
        maker, arguments = self._made_by
        return f"{maker.__name__}({', '.join(map(str, arguments))})"

    def __reduce__(self):
        # Pickled (to another process) as the shape it is, made again there once.
        return self._made_by

    @property
    def is_samurai(self) -> bool:
        """Whether this is the Samurai board (five grids)."""
        return self._made_by[0] is samurai

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
        """The cell drawn at 0-based row and column.

        :raises ValueError: on a Samurai, for a place in a gap between grids or off the board.
        """
        if len(self.grids) == 1:
            return row * self.size + col
        found = self._at.get((row, col))
        if found is None:
            raise ValueError(f"no cell is drawn at row {row + 1}, column {col + 1}")
        return found

    def cell_name(self, cell: int) -> str:
        """A cell's name: r3c7 (1-based row and column); on a Samurai 'r3c7 of the top-left grid',
        a shared cell 'r7c7 of the top-left grid (r1c1 of the centre grid)'."""
        return self.cell_names[cell]

    def cells_name(self, cells: Iterable[int]) -> str:
        """Several cells named in reading order: 'r1c1, r1c5 and r2c3'; on a Samurai by grid,
        'r1c1 and r1c5 of the top-left grid and r3c3 of the centre grid', a shared cell with its
        place in the centre grid after its grid's cells: 'r1c1 and r7c7 of the top-left grid
        (r7c7 is r1c1 of the centre grid)'."""
        ordered = sorted(cells)
        if len(self.grids) == 1:
            return listed(self.cell_names[c] for c in ordered)
        groups: dict[int, list[int]] = {}
        for c in ordered:
            groups.setdefault(self.cell_spots[c][0][0], []).append(c)
        said = []
        for grid, members in groups.items():
            if len(members) == 1:
                said.append(self.cell_names[members[0]])
                continue
            short = {c: f"r{self.cell_spots[c][0][1] + 1}c{self.cell_spots[c][0][2] + 1}"
                     for c in members}
            also = [f"{short[c]} is r{row + 1}c{col + 1} of the {self.grid_names[other]} grid"
                    for c in members for other, row, col in self.cell_spots[c][1:]]
            said.append(f"{listed(short[c] for c in members)} of the {self.grid_names[grid]} grid"
                        + (f" ({listed(also)})" if also else ""))
        return listed(said)

    def unit_kind(self, unit: int) -> str:
        """'row', 'column' or 'box'."""
        return self.unit_kinds[unit]

    def unit_name(self, unit: int) -> str:
        """A unit's name as people say it: 'row 3', 'column 7', 'box 5'; on a Samurai 'row 3 of
        the centre grid', a shared box 'box 9 of the top-left grid (box 1 of the centre grid)'."""
        return self.unit_names[unit]

    def symbol(self, digit: int) -> str:
        """How a digit is written on this board: '7', and above 9 a letter ('A' for 10)."""
        return self.symbols[digit - 1]

    def parse_cell_name(self, name: str) -> int:
        """The cell named like 'r3c7' (case-insensitive); on a Samurai a name as cell_name writes
        it, or the short form 'TL r3c7' (TL, TR, C, BL, BR: the grid's initials).

        :raises ValueError: for anything else, or a cell off the board.
        """
        if len(self.grids) > 1:
            return _parse_grid_cell_name(self, name)
        found = _cell_in_grid(name.strip().lower(), self.size)
        if found is not None:
            return self.cell_at(*found)
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
        """The cell `rows` down and `cols` right of `cell`, stopping at the board's edge (on a
        Samurai, across a gap to the next cell drawn that way, or staying where none is)."""
        height, width = self.screen
        row = min(height - 1, max(0, self.row_of[cell] + rows))
        col = min(width - 1, max(0, self.col_of[cell] + cols))
        if len(self.grids) == 1:
            return self.cell_at(row, col)
        step_row = (rows > 0) - (rows < 0)
        step_col = (cols > 0) - (cols < 0)
        while (row, col) not in self._at:
            row, col = row + step_row, col + step_col
            if not (0 <= row < height and 0 <= col < width) or (step_row, step_col) == (0, 0):
                return cell
        return self._at[row, col]


def _cell_in_grid(text: str, size: int) -> tuple[int, int] | None:
    """(row, column) from 0 of a name like 'r3c7' (lower case, no spaces) within a grid of
    `size` rows, or None."""
    if len(text) >= 4 and text[0] == "r" and "c" in text:
        row_text, col_text = text[1:].split("c", 1)
        if row_text.isdigit() and col_text.isdigit():
            row, col = int(row_text), int(col_text)
            if 1 <= row <= size and 1 <= col <= size:
                return row - 1, col - 1
    return None


_MADE: dict[tuple[int, int], Geometry] = {}
"""Every shape made so far, so that each is made (and its tables built) once (the Samurai under
(0, 0))."""


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
        found = _MADE[key] = _regular(box_height, box_width)
    return found


def _regular(box_height: int, box_width: int) -> Geometry:
    size = box_height * box_width
    cells = range(size * size)
    box_of = [(c // size // box_height) * box_height + c % size // box_width for c in cells]
    rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
    columns = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
    boxes = tuple(tuple(c for c in cells if box_of[c] == b) for b in range(size))
    kinds = [kind for kind in UNIT_KINDS for _ in range(size)]
    return Geometry(
        name=f"{size}x{size}", size=size, box_height=box_height, box_width=box_width,
        positions=[(c // size, c % size) for c in cells], screen=(size, size),
        units=rows + columns + boxes, unit_kinds=kinds,
        unit_names=[f"{kind} {u % size + 1}" for u, kind in enumerate(kinds)],
        cell_names=[f"r{c // size + 1}c{c % size + 1}" for c in cells],
        cell_spots=[((0, c // size, c % size),) for c in cells],
        grids=(tuple(cells),), grid_names=("",),
        # Boxes crossing rows and columns, and one grid holding every unit of a cell.
        features=("box_line", "one_grid", "row_column_grid"), made_by=(regular, (box_height, box_width)))


SAMURAI_GRIDS = (("top-left", "TL", 0, 0), ("top-right", "TR", 0, 12), ("centre", "C", 6, 6),
                 ("bottom-left", "BL", 12, 0), ("bottom-right", "BR", 12, 12))
"""A Samurai's five 9x9 grids: (name, short name, the drawn row and column of its top-left cell),
in the order the sources' five lines give them. The centre grid shares each corner box with the
outer grid at that corner."""
SAMURAI_SCREEN = (21, 21)


def samurai() -> Geometry:
    """The Samurai board: five 9x9 grids on a 21x21 board, the centre one sharing each corner box
    with an outer grid. 369 cells, 131 units (45 rows, 45 columns and 41 boxes); a cell of a
    shared box lies in 5 units and sees 32 peers. Its boxes cross rows and columns (also of
    another grid, through a shared box), but a cell's units are not all in one grid, so an
    argument that needs one grid (uniqueness) holds on it only where each grid's cells keep to
    their grid's units (the engine runs such techniques grid by grid: each grid is a classic
    board whose units are the Samurai's)."""
    found = _MADE.get((0, 0))
    if found is None:
        found = _MADE[0, 0] = _samurai()
    return found


def _samurai() -> Geometry:
    size, box = CLASSIC.size, CLASSIC.box_height
    places = sorted({(top + r, left + c) for _, _, top, left in SAMURAI_GRIDS
                     for r in range(size) for c in range(size)})
    at = {place: cell for cell, place in enumerate(places)}
    grids = [tuple(at[top + r, left + c] for r in range(size) for c in range(size))
             for _, _, top, left in SAMURAI_GRIDS]
    grid_names = [name for name, _, _, _ in SAMURAI_GRIDS]
    # Where each cell stands in each grid holding it: (grid, row, column).
    where: list[list[tuple[int, int, int]]] = [[] for _ in places]
    for g, grid_cells in enumerate(grids):
        for i, c in enumerate(grid_cells):
            where[c].append((g, i // size, i % size))

    def in_grid(g: int, row: int, col: int) -> str:
        return f"r{row + 1}c{col + 1} of the {grid_names[g]} grid"

    centre = grid_names.index("centre")
    # A shared cell is named in its outer grid first, then in the centre grid (in brackets).
    cell_spots = [tuple(sorted(spots, key=lambda spot: spot[0] == centre)) for spots in where]
    cell_names = [in_grid(*spots[0]) if len(spots) == 1 else
                  f"{in_grid(*spots[0])} ({in_grid(*spots[1])})" for spots in cell_spots]
    # Units: each kind grid by grid; a shared box once, where its first grid lists it.
    units: list[tuple[int, ...]] = []
    kinds: list[str] = []
    names: list[list[tuple[int, int]]] = []  # each unit's (grid, number) in each grid holding it
    for kind in UNIT_KINDS:
        for g, grid_cells in enumerate(grids):
            for n in range(size):
                if kind == "row":
                    unit = grid_cells[n * size:(n + 1) * size]
                elif kind == "column":
                    unit = grid_cells[n::size]
                else:
                    top, left = n // box * box, n % box * box
                    unit = tuple(grid_cells[(top + r) * size + left + c]
                                 for r in range(box) for c in range(box))
                if kind == "box" and unit in units:
                    names[units.index(unit)].append((g, n))
                    continue
                units.append(unit)
                kinds.append(kind)
                names.append([(g, n)])

    def unit_name(kind: str, spots: list[tuple[int, int]]) -> str:
        said = [f"{kind} {n + 1} of the {grid_names[g]} grid" for g, n in spots]
        if len(said) == 1:
            return said[0]
        outer = next(i for i, (g, _) in enumerate(spots) if g != centre)
        return f"{said[outer]} ({said[1 - outer]})"

    return Geometry(
        name="Samurai", size=size, box_height=box, box_width=box, positions=places,
        screen=SAMURAI_SCREEN, units=units, unit_kinds=kinds,
        unit_names=[unit_name(kind, spots) for kind, spots in zip(kinds, names)],
        cell_names=cell_names, cell_spots=cell_spots, grids=grids, grid_names=grid_names,
        # Boxes cross rows and columns (of both grids through a shared box); a cell's units are
        # not all in one grid, but each grid is a classic board whose units are the Samurai's.
        features=("box_line", "each_grid"), made_by=(samurai, ()))


_GRID_WORDS = {name: g for g, (name, _, _, _) in enumerate(SAMURAI_GRIDS)}
_GRID_WORDS.update({short.lower(): g for g, (_, short, _, _) in enumerate(SAMURAI_GRIDS)})


def _parse_grid_cell_name(board: Geometry, name: str) -> int:
    """The cell of a board of several grids named 'r3c7 of the top-left grid' (with the same cell
    in another grid in brackets after it, if given), or 'TL r3c7'.

    :raises ValueError: for anything else, a cell off its grid, or two names of different cells.
    """
    text = " ".join(name.strip().lower().replace("(", " ( ").replace(")", " ) ").split())
    parts = [part.strip() for part in text.replace(")", "").split("(")]
    found = []
    for part in parts:
        words = part.split()
        if len(words) >= 4 and words[1:3] == ["of", "the"] and words[-1] == "grid":
            grid_word, cell_word = " ".join(words[3:-1]), words[0]
        elif len(words) == 2:
            grid_word, cell_word = words
        else:
            grid_word = cell_word = ""
        grid = _GRID_WORDS.get(grid_word)
        spot = _cell_in_grid(cell_word, board.size) if grid is not None else None
        if grid is None or spot is None or grid >= len(board.grids):
            break
        found.append(board.grids[grid][spot[0] * board.size + spot[1]])
    if found and len(found) == len(parts) <= 2:
        if len(set(found)) == 1:
            return found[0]
        raise ValueError(f"{name!r} names two different cells: {board.cell_name(found[0])} and "
                         f"{board.cell_name(found[1])}")
    raise ValueError(f"not a cell name: {name!r} (expected a cell of a grid, such as "
                     f"'r3c7 of the top-left grid' or 'TL r3c7': grids TL, TR, C, BL and BR)")


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


def board_of_cells(cell_count: int) -> Geometry:
    """The board of `cell_count` cells: a regular one with its usual boxes, or the Samurai (369).

    :raises ValueError: for a count no board has.
    """
    if cell_count == SAMURAI_CELLS:
        return samurai()
    try:
        return regular_of_cells(cell_count)
    except ValueError:
        raise ValueError(f"no board has {cell_count} cells") from None


SAMURAI_CELLS = 369
"""A Samurai's cells: five grids of 81, less the 4 x 9 cells of its shared boxes counted twice."""


CLASSIC = regular(3, 3)
"""The classic 9x9 board with 3x3 boxes."""

_BOARD: ContextVar[Geometry] = ContextVar("board", default=CLASSIC)
"""The board the caller speaks of: cell and unit names below are this board's."""


def current() -> Geometry:
    """The board in use (the classic one unless `using` says otherwise)."""
    return _BOARD.get()


def use(geometry: Geometry) -> None:
    """Make `geometry` the board in use for the rest of the current context: for a context made
    to run code in (contextvars.Context.run; the engine runs a Samurai's grids as classic boards
    so); anywhere else `using`, which gives the board back."""
    _BOARD.set(geometry)


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
    """Several cells named in reading order: 'r1c1, r1c5 and r2c3' (on a Samurai grouped by
    grid: Geometry.cells_name)."""
    return _BOARD.get().cells_name(cells)


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
        if size * size != cell_count:  # a board of several grids, such as the Samurai
            size = next((board.size for board in _MADE.values() if board.cell_count == cell_count),
                        0)
        if not size or size > MAX_TABLE_SIZE:
            raise ValueError(f"no digit cell sets for {cell_count} cells")
        # Two bytes a cell, low byte first on any machine (packed faster than an array).
        found = _PACKERS[cell_count] = (Struct(f"<{cell_count}H"), min(size, 8), max(0, size - 8))
    return found


def new_digit_cell_sets(masks: Sequence[int]) -> list[int]:
    """digit_cell_sets (a list of the caller's own), for a board of any size up to 16 digits (or
    a Samurai).

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
