"""The immutable Grid: values, givens and each cell's candidates (pencil marks), and its text writers.

Reading text is tutor.model.formats (which builds Grids); writing needs only the Grid, so it is here.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from functools import reduce
from itertools import compress
from operator import getitem, or_

from tutor.model.geometry import (
    CLASSIC,
    Geometry,
    bit,
    board_of_cells,
    digits_of,
    mask_of,
)


# Not typing.TYPE_CHECKING: importing typing would cost every command start-up time.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    class StepLike(Protocol):
        """What Grid.apply needs of a step (tutor.engine.Step is one): its changes."""

        @property
        def placements(self) -> tuple[tuple[int, int], ...]: ...

        @property
        def eliminations(self) -> tuple[tuple[int, int], ...]: ...


def standard_masks(values: Sequence[int], geometry: Geometry | None = None) -> tuple[int, ...]:
    """The standard pencil marks: every digit no peer holds, for each empty cell (0 for filled).

    :raises ValueError: for a number of values no board has.
    """
    wide = _wide(geometry or board_of_cells(len(values)))
    if 0 not in values:
        return wide.no_candidates  # a full board, such as a solution
    own, in_peers, _ = wide.boards(values)
    return wide.fields(wide.free(own, in_peers))


class _Wide:
    """One board's tables for reading whole boards at once, as integers holding a field per cell
    (bits 0 to size-1 a digit each, bit `size` a flag), so that the work is a few operations on
    wide integers, done in C, instead of a Python loop over cells and units."""

    def __init__(self, geometry: Geometry):
        size, cells = geometry.size, geometry.cells
        # 16 bits a cell while the digits and the flag fit, else 32.
        field = self.field = 16 if size < 16 else 32
        self.size, self.cell_count, self.all_digits = size, geometry.cell_count, geometry.all_digits
        self.lows = sum(geometry.all_digits << (field * cell) for cell in cells)
        self.flags = sum(1 << (field * cell + size) for cell in cells)
        # For each cell, indexed by digit: the digit's bit in each peer's field, and above those
        # (from bit `own` on) in the cell's own field; one OR of the givens' entries gives both.
        own = self.own = field * geometry.cell_count
        peer_fields = [sum(1 << (field * peer) for peer in geometry.peers[cell]) for cell in cells]
        self.given = tuple(tuple(0 if digit == 0 else
                                 (peer_fields[cell] | 1 << (own + field * cell)) << (digit - 1)
                                 for digit in range(size + 1))
                           for cell in cells)
        self.no_candidates = (0,) * geometry.cell_count

    def boards(self, values: Sequence[int]) -> tuple[int, int, int]:
        """(each filled cell's digit in its own field, the filled cells' digits in their peers'
        fields, how many cells are filled): one wide OR of the filled cells' entries."""
        digits = list(compress(values, values))
        both = reduce(or_, map(getitem, compress(self.given, values), digits), 0)
        return both >> self.own, both & self.lows, len(digits)

    def free(self, own: int, in_peers: int) -> int:
        """Each empty cell's standard candidates as its field; 0 in a filled cell's field."""
        lows = self.lows
        # A full field for each filled cell:
        filled = (((own + lows) & self.flags) >> self.size) * self.all_digits
        return lows ^ ((in_peers | filled) & lows)

    def fields(self, board: int) -> tuple[int, ...]:
        """The fields as numbers: the integer's bytes in this machine's order, read as 16-bit
        (or 32-bit) numbers."""
        data = memoryview(board.to_bytes(self.cell_count * self.field // 8, sys.byteorder))
        return tuple(data.cast("H") if self.field == 16 else data.cast("I"))


def _wide(geometry: Geometry) -> _Wide:
    """The board's wide-integer tables (the classic board's are made at start-up)."""
    return _CLASSIC_WIDE if geometry is CLASSIC else geometry.table("wide", _Wide)


_CLASSIC_WIDE = _Wide(CLASSIC)


def fresh_puzzle(values: tuple[int, ...], geometry: Geometry = CLASSIC) -> Grid | None:
    """The puzzle whose givens are `values` (one digit a cell, 0 empty) with the standard pencil
    marks; None when two givens conflict or an empty cell has no candidate left, for the caller to
    report in full.

    Parsing a file of puzzles spends its time here, so this does what Grid(values) does on whole
    boards at once: the givens' digits in their own cells and in their peers, one wide OR.
    """
    wide = _wide(geometry)
    own, in_peers, filled = wide.boards(values)
    if own & in_peers:
        return None  # a given's digit is also in one of its peers
    free = wide.free(own, in_peers)
    # A field plus its full mask reaches the flag bit when it holds a candidate: every empty cell
    # must.
    if ((free + wide.lows) & wide.flags).bit_count() != wide.cell_count - filled:
        return None
    grid = Grid.__new__(Grid)
    grid._values = values
    grid._givens = None  # the filled cells, made into a set when first asked for
    grid._masks = wide.fields(free)
    grid._geometry = geometry
    grid._hash = None
    grid._fresh = True
    grid._clean = True  # no two givens conflict: checked above
    return grid


def _check_digit(digit: int, geometry: Geometry) -> None:
    if not (isinstance(digit, int) and 1 <= digit <= geometry.size):
        raise ValueError(f"not a digit 1-{geometry.size}: {digit!r}")


def _check_cell(cell: int, geometry: Geometry) -> None:
    if not (isinstance(cell, int) and 0 <= cell < geometry.cell_count):
        raise ValueError(f"not a cell 0-{geometry.cell_count - 1}: {cell!r}")


class Grid:
    """A board position. Immutable: every change returns a new Grid.

    `values[cell]` is the digit in a cell (0 when empty); givens are the puzzle's clues; each empty
    cell has a set of candidates, the standard pencil marks unless narrowed or set explicitly.
    `geometry` is the board's shape: the classic 9x9 board unless said otherwise (or told by the
    number of values: 36 values make a 6x6 board with 2x3 boxes).
    """

    __slots__ = ("_values", "_givens", "_masks", "_geometry", "_hash", "_fresh", "_clean")
    _givens: frozenset[int] | None

    def __init__(self, values: Iterable[int], givens: Iterable[int] | None = None,
                 masks: Iterable[int] | None = None, geometry: Geometry | None = None):
        """:raises ValueError: for values, givens or masks that do not fit the board."""
        vals = tuple(values)
        if geometry is None:
            geometry = CLASSIC if len(vals) == CLASSIC.cell_count else board_of_cells(len(vals))
        self._geometry = geometry
        cell_count, size = geometry.cell_count, geometry.size
        if len(vals) != cell_count or min(vals) < 0 or max(vals) > size:
            raise ValueError(f"values must be {cell_count} digits 0-{size}")
        self._values = vals
        self._givens = (frozenset(compress(geometry.cells, vals)) if givens is None
                        else frozenset(givens))
        if givens is not None and 0 in map(vals.__getitem__, self._givens):
            raise ValueError("a given must be a filled cell")
        # A fresh puzzle: every filled cell a given, the standard pencil marks.
        self._fresh = masks is None and len(self._givens) == cell_count - vals.count(0)
        if masks is None:
            self._masks = standard_masks(vals, geometry)
        else:
            ms = tuple(masks)
            if len(ms) != cell_count:
                raise ValueError(f"masks must be {cell_count} bitmasks")
            # A filled cell has no candidates; keeping that invariant makes equality exact.
            full = geometry.all_digits
            self._masks = tuple([0 if v else m & full for v, m in zip(vals, ms)])
        self._hash: int | None = None
        self._clean = False  # not known to be conflict-free (fresh_puzzle knows it)

    def _new(self, values: Iterable[int], givens: Iterable[int] | None = None,
             masks: Iterable[int] | None = None) -> Grid:
        """A grid on the same board."""
        return Grid(values, givens, masks, self._geometry)

    # --- construction -------------------------------------------------------------------
    @classmethod
    def empty(cls, geometry: Geometry = CLASSIC) -> Grid:
        """A board with no digits."""
        return cls([0] * geometry.cell_count, geometry=geometry)

    # --- reading ------------------------------------------------------------------------
    @property
    def geometry(self) -> Geometry:
        """The board's shape: its cells, units, peers and names."""
        return self._geometry

    @property
    def values(self) -> tuple[int, ...]:
        """One int a cell (81 on the classic board), 0 for an empty cell."""
        return self._values

    @property
    def givens(self) -> frozenset[int]:
        """The cells holding the puzzle's clues."""
        givens = self._givens
        if givens is None:  # a fresh puzzle (fresh_puzzle): its filled cells
            givens = self._givens = frozenset(compress(self._geometry.cells, self._values))
        return givens

    @property
    def given_count(self) -> int:
        """How many givens: len(givens), without making the set for a fresh puzzle."""
        if self._givens is None:
            return self._geometry.cell_count - self._values.count(0)
        return len(self._givens)

    @property
    def masks(self) -> tuple[int, ...]:
        """Each cell's candidates as a bitmask (digit d is bit d-1); 0 for a filled cell."""
        return self._masks

    @property
    def live_masks(self) -> tuple[int, ...]:
        """The candidates without any digit a peer already holds: pencil marks left behind (or
        typed back) after a digit was placed in a peer say nothing, and a finder that counted them
        as places would reason from an impossible digit. The engine works on these."""
        if self._fresh:
            return self._masks
        return tuple(m & s for m, s in zip(self._masks, standard_masks(self._values, self._geometry)))

    def value(self, cell: int) -> int:
        return self._values[cell]

    def is_given(self, cell: int) -> bool:
        return cell in self.givens

    def candidates(self, cell: int) -> frozenset[int]:
        """The candidates of a cell (empty for a filled cell)."""
        return frozenset(digits_of(self._masks[cell]))

    def has_candidate(self, cell: int, digit: int) -> bool:
        return bool(self._masks[cell] & bit(digit))

    @property
    def is_fresh_puzzle(self) -> bool:
        """Built from its givens alone with the standard pencil marks (as parsed from a line)."""
        return self._fresh

    @property
    def empty_cells(self) -> tuple[int, ...]:
        return tuple(c for c in self._geometry.cells if not self._values[c])

    @property
    def is_solved(self) -> bool:
        """Every cell filled and no conflict."""
        return all(self._values) and not self.conflicts()

    def has_conflict(self) -> bool:
        """Whether any digit stands twice in a unit (fast; see conflicts() for which)."""
        if self._clean:
            return False
        own, in_peers, _ = _wide(self._geometry).boards(self._values)
        return bool(own & in_peers)

    def conflicts(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """Each (unit, digit, cells) where a digit stands more than once in a unit."""
        if not self.has_conflict():
            return ()
        found = []
        for u, unit in enumerate(self._geometry.units):
            where: dict[int, list[int]] = {}
            for c in unit:
                if self._values[c]:
                    where.setdefault(self._values[c], []).append(c)
            for digit, cells in sorted(where.items()):
                if len(cells) > 1:
                    found.append((u, digit, tuple(cells)))
        return tuple(found)

    def conflict_cells(self) -> frozenset[int]:
        return frozenset(c for _, _, cells in self.conflicts() for c in cells)

    def describe_conflict(self) -> str | None:
        """'two 5s in row 3 (r3c1 and r3c8)' for the first conflict, or None."""
        found = self.conflicts()
        if not found:
            return None
        unit, digit, cells = found[0]
        count = {2: "two", 3: "three", 4: "four"}.get(len(cells), str(len(cells)))
        board = self._geometry
        return f"{count} {board.symbol(digit)}s in {board.unit_name(unit)} ({board.cells_name(cells)})"

    # --- changing (each returns a new Grid) ---------------------------------------------
    def place(self, cell: int, digit: int) -> Grid:
        """Put `digit` in an empty or user-filled cell and remove it from the peers' candidates."""
        _check_cell(cell, self._geometry)
        _check_digit(digit, self._geometry)
        if cell in self.givens:
            raise ValueError(f"{self._geometry.cell_name(cell)} is a given")
        values = list(self._values)
        masks = list(self._masks)
        old = values[cell]
        if old:
            values[cell] = 0
            masks = self._restore_digit(values, masks, cell, old)
        values[cell] = digit
        masks[cell] = 0
        clear = ~bit(digit)
        for peer in self._geometry.peers[cell]:
            masks[peer] &= clear
        return self._new(values, self.givens, masks)

    def clear(self, cell: int) -> Grid:
        """Empty a user-filled cell; its candidates become the standard ones again."""
        _check_cell(cell, self._geometry)
        if cell in self.givens:
            raise ValueError(f"{self._geometry.cell_name(cell)} is a given")
        old = self._values[cell]
        if not old:
            return self
        values = list(self._values)
        values[cell] = 0
        masks = self._restore_digit(values, list(self._masks), cell, old)
        return self._new(values, self.givens, masks)

    def _restore_digit(self, values, masks, cell, digit):
        """After emptying `cell`, give it the standard marks and hand `digit` back to its peers.

        Adding a candidate can never make a position wrong, while leaving a removed digit out
        could hide the true one, so peers get `digit` back wherever no other peer holds it.
        """
        peers = self._geometry.peers
        seen = 0
        for p in peers[cell]:
            if values[p]:
                seen |= bit(values[p])
        masks[cell] = self._geometry.all_digits & ~seen
        b = bit(digit)
        for peer in peers[cell]:
            if values[peer] or masks[peer] & b:
                continue
            if not any(values[q] == digit for q in peers[peer]):
                masks[peer] |= b
        return masks

    def eliminate(self, pairs: Iterable[tuple[int, int]]) -> Grid:
        """Remove each (cell, digit) candidate."""
        masks = list(self._masks)
        for cell, digit in pairs:
            _check_cell(cell, self._geometry)
            _check_digit(digit, self._geometry)
            masks[cell] &= ~bit(digit)
        return self._new(self._values, self.givens, masks)

    def with_candidates(self, cell: int, digits: Iterable[int]) -> Grid:
        """Set a cell's candidates explicitly (a user's own pencil marks)."""
        _check_cell(cell, self._geometry)
        digits = list(digits)
        for d in digits:
            _check_digit(d, self._geometry)
        masks = list(self._masks)
        masks[cell] = 0 if self._values[cell] else mask_of(digits)
        return self._new(self._values, self.givens, masks)

    def toggle_candidate(self, cell: int, digit: int) -> Grid:
        """Add the candidate if absent, remove it if present (empty cells only)."""
        _check_digit(digit, self._geometry)
        if self._values[cell]:
            return self
        masks = list(self._masks)
        masks[cell] ^= bit(digit)
        return self._new(self._values, self.givens, masks)

    def with_standard_candidates(self) -> Grid:
        """The same values with freshly computed standard pencil marks."""
        return self._new(self._values, self.givens)

    def restart(self) -> Grid:
        """Only the givens, with standard pencil marks."""
        values = [v if c in self.givens else 0 for c, v in enumerate(self._values)]
        return self._new(values, self.givens)

    def as_puzzle(self) -> Grid:
        """Every filled cell becomes a given, with standard pencil marks."""
        return self._new(self._values)

    def apply(self, step: StepLike) -> Grid:
        """Make a step's placements, then its eliminations."""
        grid = self
        for cell, digit in step.placements:
            grid = grid.place(cell, digit)
        if step.eliminations:
            grid = grid.eliminate(step.eliminations)
        return grid

    # --- writing ------------------------------------------------------------------------
    def to_line(self) -> str:
        """81 characters, '.' for an empty cell."""
        return to_line(self)

    def to_pretty(self) -> str:
        return to_pretty(self)

    def to_pencilmarks(self) -> str:
        return to_pencilmarks(self)

    def to_compact(self) -> str:
        return to_compact(self)

    def to_grid_lines(self, compact: bool = False) -> str:
        return to_grid_lines(self, compact)

    def to_drawn(self, gap: str = " ") -> str:
        return to_drawn(self, gap)

    # --- value semantics ----------------------------------------------------------------
    def __eq__(self, other):
        if not isinstance(other, Grid):
            return NotImplemented
        return (self._geometry is other._geometry and self._values == other._values and self.givens == other.givens
                and self._masks == other._masks)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash((self._values, self.givens, self._masks))
        return self._hash

    def __repr__(self):
        # Pasteable: tutor.parse reads the compact form back to an equal Grid.
        if self._geometry is CLASSIC:
            return f"tutor.parse({self.to_compact()!r})"
        return f"tutor.parse({self.to_compact()!r}, {self._geometry!r})"

    def __str__(self):
        return self.to_pretty()


# --- writers (tutor.model.formats re-exports them beside the reader) ------------------------
def _line_characters(geometry: Geometry) -> bytes:
    """bytes.translate's table from a cell's value to its character ('.' for empty)."""
    return (b"." + geometry.symbols.encode()).ljust(256, b"?")


def to_line(grid: Grid) -> str:
    """One character a cell (81 on the classic board), '.' for an empty cell."""
    # The values as bytes, each turned into its character by one translate (no loop over cells).
    table = grid.geometry.table("line_characters", _line_characters)
    return bytes(grid.values).translate(table).decode()


def _band_lines(geometry: Geometry, rows: list[list[str]], widths: list[int]) -> list[str]:
    """Lay rows of cell texts out with '|' between stacks and a rule between bands."""
    out = []
    size, box_height, box_width = geometry.size, geometry.box_height, geometry.box_width
    stacks = range(size // box_width)
    stack_widths = [sum(widths[s * box_width:(s + 1) * box_width]) + box_width - 1 for s in stacks]
    rule = "-+-".join("-" * w for w in stack_widths)
    for r, row in enumerate(rows):
        if r and r % box_height == 0:
            out.append(rule)
        texts = [" ".join(row[c].ljust(widths[c]) for c in range(s * box_width, (s + 1) * box_width))
                 for s in stacks]
        out.append(" | ".join(texts).rstrip())
    return out


def to_pretty(grid: Grid) -> str:
    """One line a row with box separators; '.' for an empty cell (a Samurai: its drawn board)."""
    board = grid.geometry
    if len(board.grids) > 1:
        return to_drawn(grid)
    line, size = to_line(grid), board.size
    rows = [list(line[r * size:(r + 1) * size]) for r in range(size)]
    return "\n".join(_band_lines(board, rows, [1] * size)) + "\n"


def _digits_text(board: Geometry, mask: int) -> str:
    return "".join(board.symbols[d - 1] for d in digits_of(mask))


def _pencil_cell(grid: Grid, cell: int) -> str:
    board = grid.geometry
    value = grid.values[cell]
    if value:
        return board.symbol(value) if grid.is_given(cell) else f"+{board.symbol(value)}"
    digits = _digits_text(board, grid.masks[cell])
    return digits if len(digits) > 1 else "{" + digits + "}"


def to_pencilmarks(grid: Grid) -> str:
    """A pencil-mark grid: solved cells as one digit (`+5` if not a given), candidates otherwise
    (a Samurai: each grid's, after a comment line naming it)."""
    board = grid.geometry
    size = board.size
    parts = []
    for name, cells in zip(board.grid_names, board.grids):
        rows = [[_pencil_cell(grid, cells[r * size + c]) for c in range(size)] for r in range(size)]
        widths = [max(len(rows[r][c]) for r in range(size)) for c in range(size)]
        heading = [f"# the {name} grid"] if name else []
        parts.append("\n".join(heading + _band_lines(board, rows, widths)) + "\n")
    return "\n".join(parts)


def to_compact(grid: Grid) -> str:
    """One line keeping everything: givens, `+` placed digits, `{}` candidates that differ from standard."""
    if grid.is_fresh_puzzle:
        return to_line(grid)  # only givens and standard marks: the plain line says it all
    return "".join(_compact_cells(grid))


def _compact_cells(grid: Grid) -> list[str]:
    """Each cell as to_compact writes it: a given's digit, `+5` for a placed digit, `.` for the
    standard candidates, `{15}` for others."""
    board = grid.geometry
    standard = standard_masks(grid.values, board)
    parts = []
    for cell in board.cells:
        value = grid.values[cell]
        if value:
            parts.append(board.symbol(value) if grid.is_given(cell) else f"+{board.symbol(value)}")
        elif grid.masks[cell] == standard[cell]:
            parts.append(".")
        else:
            parts.append("{" + _digits_text(board, grid.masks[cell]) + "}")
    return parts


def to_grid_lines(grid: Grid, compact: bool = False) -> str:
    """A board of several grids (a Samurai) as one line a grid, in the board's order of grids
    (top-left, top-right, centre, bottom-left, bottom-right): the sources' five lines of 81
    characters, '.' for an empty cell; a shared box is written in both its grids. With `compact`,
    each cell as to_compact writes it (placed digits and candidates kept)."""
    board = grid.geometry
    cells = _compact_cells(grid) if compact else list(to_line(grid))
    return "".join("".join(cells[c] for c in grid_cells) + "\n" for grid_cells in board.grids)


def to_drawn(grid: Grid, gap: str = " ") -> str:
    """The board as drawn, one character a place: a digit, '.' for an empty cell and `gap` where
    no cell is (a Samurai's 21 rows of 21; trailing gaps left out when `gap` is a space)."""
    board = grid.geometry
    height, width = board.screen
    line = to_line(grid)
    rows = [[gap] * width for _ in range(height)]
    for cell, (row, col) in enumerate(board.positions):
        rows[row][col] = line[cell]
    texts = ["".join(row) for row in rows]
    if gap == " ":
        texts = [text.rstrip() for text in texts]
    return "\n".join(texts) + "\n"
