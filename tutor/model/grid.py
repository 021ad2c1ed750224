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
    ALL_DIGITS,
    BOX_HEIGHT,
    BOX_WIDTH,
    CELL_COUNT,
    CELLS,
    DIGITS_IN,
    PEERS,
    SIZE,
    UNITS,
    bit,
    cell_name,
    mask_of,
    unit_name,
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


def standard_masks(values: Sequence[int]) -> tuple[int, ...]:
    """The standard pencil marks: every digit no peer holds, for each empty cell (0 for filled)."""
    if 0 not in values:
        return _NO_CANDIDATES  # a full board, such as a solution
    own, in_peers, _ = _boards(values)
    return _fields(_free(own, in_peers))


# The fast reader of fresh puzzles works on whole boards at once, as integers holding a 16-bit field
# per cell (bits 0-8 a digit each, bit 9 a flag), so that its work is a few operations on wide
# integers, done in C, instead of a Python loop over cells and units.
_FIELD = 16
_LOWS = sum(ALL_DIGITS << (_FIELD * cell) for cell in CELLS)
_FLAGS = sum(1 << (_FIELD * cell + SIZE) for cell in CELLS)
# For each cell, indexed by digit: the digit's bit in each peer's field, and above those (from bit
# _OWN on) in the cell's own field; one OR of the givens' entries gives both boards.
_OWN = _FIELD * CELL_COUNT
_PEER_FIELDS = [sum(1 << (_FIELD * peer) for peer in PEERS[cell]) for cell in CELLS]
_GIVEN = tuple(tuple(0 if digit == 0 else
                     (_PEER_FIELDS[cell] | 1 << (_OWN + _FIELD * cell)) << (digit - 1)
                     for digit in range(SIZE + 1))
               for cell in CELLS)


_NO_CANDIDATES = (0,) * CELL_COUNT


def _boards(values: Sequence[int]) -> tuple[int, int, int]:
    """(each filled cell's digit in its own field, the filled cells' digits in their peers' fields,
    how many cells are filled): one wide OR of the filled cells' entries."""
    digits = list(compress(values, values))
    both = reduce(or_, map(getitem, compress(_GIVEN, values), digits), 0)
    return both >> _OWN, both & _LOWS, len(digits)


def _free(own: int, in_peers: int) -> int:
    """Each empty cell's standard candidates as its field; 0 in a filled cell's field."""
    filled = (((own + _LOWS) & _FLAGS) >> SIZE) * ALL_DIGITS  # a full field for each filled cell
    return _LOWS ^ ((in_peers | filled) & _LOWS)


def _fields(board: int) -> tuple[int, ...]:
    """The 81 fields as numbers: the integer's bytes in this machine's order, read as 16-bit
    numbers."""
    return tuple(memoryview(board.to_bytes(CELL_COUNT * _FIELD // 8, sys.byteorder)).cast("H"))


def fresh_puzzle(values: tuple[int, ...]) -> Grid | None:
    """The puzzle whose givens are `values` (81 digits 0-9, 0 empty) with the standard pencil
    marks; None when two givens conflict or an empty cell has no candidate left, for the caller to
    report in full.

    Parsing a file of puzzles spends its time here, so this does what Grid(values) does on whole
    boards at once: the givens' digits in their own cells and in their peers, one wide OR.
    """
    own, in_peers, filled = _boards(values)
    if own & in_peers:
        return None  # a given's digit is also in one of its peers
    free = _free(own, in_peers)
    # A field plus 511 reaches the flag bit when it holds a candidate: every empty cell must.
    if ((free + _LOWS) & _FLAGS).bit_count() != CELL_COUNT - filled:
        return None
    grid = Grid.__new__(Grid)
    grid._values = values
    grid._givens = None  # the filled cells, made into a set when first asked for
    grid._masks = _fields(free)
    grid._hash = None
    grid._fresh = True
    grid._clean = True  # no two givens conflict: checked above
    return grid


def _check_digit(digit: int) -> None:
    if not (isinstance(digit, int) and 1 <= digit <= SIZE):
        raise ValueError(f"not a digit 1-{SIZE}: {digit!r}")


def _check_cell(cell: int) -> None:
    if not (isinstance(cell, int) and 0 <= cell < CELL_COUNT):
        raise ValueError(f"not a cell 0-{CELL_COUNT - 1}: {cell!r}")


class Grid:
    """A board position. Immutable: every change returns a new Grid.

    `values[cell]` is the digit in a cell (0 when empty); givens are the puzzle's clues; each empty
    cell has a set of candidates, the standard pencil marks unless narrowed or set explicitly.
    """

    __slots__ = ("_values", "_givens", "_masks", "_hash", "_fresh", "_clean")
    _givens: frozenset[int] | None

    def __init__(self, values: Iterable[int], givens: Iterable[int] | None = None,
                 masks: Iterable[int] | None = None):
        vals = tuple(values)
        if len(vals) != CELL_COUNT or min(vals) < 0 or max(vals) > SIZE:
            raise ValueError(f"values must be {CELL_COUNT} digits 0-{SIZE}")
        self._values = vals
        self._givens = frozenset(compress(CELLS, vals)) if givens is None else frozenset(givens)
        if givens is not None and 0 in map(vals.__getitem__, self._givens):
            raise ValueError("a given must be a filled cell")
        # A fresh puzzle: every filled cell a given, the standard pencil marks.
        self._fresh = masks is None and len(self._givens) == CELL_COUNT - vals.count(0)
        if masks is None:
            self._masks = standard_masks(vals)
        else:
            ms = tuple(masks)
            if len(ms) != CELL_COUNT:
                raise ValueError(f"masks must be {CELL_COUNT} bitmasks")
            # A filled cell has no candidates; keeping that invariant makes equality exact.
            self._masks = tuple([0 if v else m & ALL_DIGITS for v, m in zip(vals, ms)])
        self._hash: int | None = None
        self._clean = False  # not known to be conflict-free (fresh_puzzle knows it)

    # --- construction -------------------------------------------------------------------
    @classmethod
    def empty(cls) -> Grid:
        """A board with no digits."""
        return cls([0] * CELL_COUNT)

    # --- reading ------------------------------------------------------------------------
    @property
    def values(self) -> tuple[int, ...]:
        """81 ints, 0 for an empty cell."""
        return self._values

    @property
    def givens(self) -> frozenset[int]:
        """The cells holding the puzzle's clues."""
        givens = self._givens
        if givens is None:  # a fresh puzzle (fresh_puzzle): its filled cells
            givens = self._givens = frozenset(compress(CELLS, self._values))
        return givens

    @property
    def given_count(self) -> int:
        """How many givens: len(givens), without making the set for a fresh puzzle."""
        if self._givens is None:
            return CELL_COUNT - self._values.count(0)
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
        return tuple(m & s for m, s in zip(self._masks, standard_masks(self._values)))

    def value(self, cell: int) -> int:
        return self._values[cell]

    def is_given(self, cell: int) -> bool:
        return cell in self.givens

    def candidates(self, cell: int) -> frozenset[int]:
        """The candidates of a cell (empty for a filled cell)."""
        return frozenset(DIGITS_IN[self._masks[cell]])

    def has_candidate(self, cell: int, digit: int) -> bool:
        return bool(self._masks[cell] & bit(digit))

    @property
    def is_fresh_puzzle(self) -> bool:
        """Built from its givens alone with the standard pencil marks (as parsed from a line)."""
        return self._fresh

    @property
    def empty_cells(self) -> tuple[int, ...]:
        return tuple(c for c in CELLS if not self._values[c])

    @property
    def is_solved(self) -> bool:
        """Every cell filled and no conflict."""
        return all(self._values) and not self.conflicts()

    def has_conflict(self) -> bool:
        """Whether any digit stands twice in a unit (fast; see conflicts() for which)."""
        if self._clean:
            return False
        own, in_peers, _ = _boards(self._values)
        return bool(own & in_peers)

    def conflicts(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """Each (unit, digit, cells) where a digit stands more than once in a unit."""
        if not self.has_conflict():
            return ()
        found = []
        for u, unit in enumerate(UNITS):
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
        count = {2: "two", 3: "three"}.get(len(cells), str(len(cells)))
        names = " and ".join(cell_name(c) for c in cells)
        return f"{count} {digit}s in {unit_name(unit)} ({names})"

    # --- changing (each returns a new Grid) ---------------------------------------------
    def place(self, cell: int, digit: int) -> Grid:
        """Put `digit` in an empty or user-filled cell and remove it from the peers' candidates."""
        _check_cell(cell)
        _check_digit(digit)
        if cell in self.givens:
            raise ValueError(f"{cell_name(cell)} is a given")
        values = list(self._values)
        masks = list(self._masks)
        old = values[cell]
        if old:
            values[cell] = 0
            masks = self._restore_digit(values, masks, cell, old)
        values[cell] = digit
        masks[cell] = 0
        clear = ~bit(digit)
        for peer in PEERS[cell]:
            masks[peer] &= clear
        return Grid(values, self.givens, masks)

    def clear(self, cell: int) -> Grid:
        """Empty a user-filled cell; its candidates become the standard ones again."""
        _check_cell(cell)
        if cell in self.givens:
            raise ValueError(f"{cell_name(cell)} is a given")
        old = self._values[cell]
        if not old:
            return self
        values = list(self._values)
        values[cell] = 0
        masks = self._restore_digit(values, list(self._masks), cell, old)
        return Grid(values, self.givens, masks)

    @staticmethod
    def _restore_digit(values, masks, cell, digit):
        """After emptying `cell`, give it the standard marks and hand `digit` back to its peers.

        Adding a candidate can never make a position wrong, while leaving a removed digit out
        could hide the true one, so peers get `digit` back wherever no other peer holds it.
        """
        seen = 0
        for p in PEERS[cell]:
            if values[p]:
                seen |= bit(values[p])
        masks[cell] = ALL_DIGITS & ~seen
        b = bit(digit)
        for peer in PEERS[cell]:
            if values[peer] or masks[peer] & b:
                continue
            if not any(values[q] == digit for q in PEERS[peer]):
                masks[peer] |= b
        return masks

    def eliminate(self, pairs: Iterable[tuple[int, int]]) -> Grid:
        """Remove each (cell, digit) candidate."""
        masks = list(self._masks)
        for cell, digit in pairs:
            _check_cell(cell)
            _check_digit(digit)
            masks[cell] &= ~bit(digit)
        return Grid(self._values, self.givens, masks)

    def with_candidates(self, cell: int, digits: Iterable[int]) -> Grid:
        """Set a cell's candidates explicitly (a user's own pencil marks)."""
        _check_cell(cell)
        digits = list(digits)
        for d in digits:
            _check_digit(d)
        masks = list(self._masks)
        masks[cell] = 0 if self._values[cell] else mask_of(digits)
        return Grid(self._values, self.givens, masks)

    def toggle_candidate(self, cell: int, digit: int) -> Grid:
        """Add the candidate if absent, remove it if present (empty cells only)."""
        _check_digit(digit)
        if self._values[cell]:
            return self
        masks = list(self._masks)
        masks[cell] ^= bit(digit)
        return Grid(self._values, self.givens, masks)

    def with_standard_candidates(self) -> Grid:
        """The same values with freshly computed standard pencil marks."""
        return Grid(self._values, self.givens)

    def restart(self) -> Grid:
        """Only the givens, with standard pencil marks."""
        values = [v if c in self.givens else 0 for c, v in enumerate(self._values)]
        return Grid(values, self.givens)

    def as_puzzle(self) -> Grid:
        """Every filled cell becomes a given, with standard pencil marks."""
        return Grid(self._values)

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

    # --- value semantics ----------------------------------------------------------------
    def __eq__(self, other):
        if not isinstance(other, Grid):
            return NotImplemented
        return (self._values == other._values and self.givens == other.givens
                and self._masks == other._masks)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash((self._values, self.givens, self._masks))
        return self._hash

    def __repr__(self):
        # Pasteable: tutor.parse reads the compact form back to an equal Grid.
        return f"tutor.parse({self.to_compact()!r})"

    def __str__(self):
        return self.to_pretty()


# --- writers (tutor.model.formats re-exports them beside the reader) ------------------------
_LINE_CHARACTERS = b"." + bytes(range(ord("1"), ord("1") + SIZE))  # indexed by a cell's value


def to_line(grid: Grid) -> str:
    """81 characters, '.' for an empty cell."""
    # The values as bytes, each turned into its character by one translate (no loop over cells).
    return bytes(grid.values).translate(_LINE_CHARACTERS.ljust(256, b"?")).decode()


def _band_lines(rows: list[list[str]], widths: list[int]) -> list[str]:
    """Lay rows of cell texts out with '|' between stacks and a rule between bands."""
    out = []
    stack_widths = [
        sum(widths[s * BOX_WIDTH:(s + 1) * BOX_WIDTH]) + BOX_WIDTH - 1 for s in range(SIZE // BOX_WIDTH)
    ]
    rule = "-+-".join("-" * w for w in stack_widths)
    for r, row in enumerate(rows):
        if r and r % BOX_HEIGHT == 0:
            out.append(rule)
        stacks = [
            " ".join(row[c].ljust(widths[c]) for c in range(s * BOX_WIDTH, (s + 1) * BOX_WIDTH))
            for s in range(SIZE // BOX_WIDTH)
        ]
        out.append(" | ".join(stacks).rstrip())
    return out


def to_pretty(grid: Grid) -> str:
    """Nine lines with box separators; '.' for an empty cell."""
    rows = [[str(grid.values[r * SIZE + c] or ".") for c in range(SIZE)] for r in range(SIZE)]
    return "\n".join(_band_lines(rows, [1] * SIZE)) + "\n"


def _pencil_cell(grid: Grid, cell: int) -> str:
    value = grid.values[cell]
    if value:
        return str(value) if grid.is_given(cell) else f"+{value}"
    digits = "".join(map(str, DIGITS_IN[grid.masks[cell]]))
    return digits if len(digits) > 1 else "{" + digits + "}"


def to_pencilmarks(grid: Grid) -> str:
    """A pencil-mark grid: solved cells as one digit (`+5` if not a given), candidates otherwise."""
    rows = [[_pencil_cell(grid, r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)]
    widths = [max(len(rows[r][c]) for r in range(SIZE)) for c in range(SIZE)]
    return "\n".join(_band_lines(rows, widths)) + "\n"


def to_compact(grid: Grid) -> str:
    """One line keeping everything: givens, `+` placed digits, `{}` candidates that differ from standard."""
    if grid.is_fresh_puzzle:
        return to_line(grid)  # only givens and standard marks: the plain line says it all
    standard = standard_masks(grid.values)
    parts = []
    for cell in CELLS:
        value = grid.values[cell]
        if value:
            parts.append(str(value) if grid.is_given(cell) else f"+{value}")
        elif grid.masks[cell] == standard[cell]:
            parts.append(".")
        else:
            parts.append("{" + "".join(map(str, DIGITS_IN[grid.masks[cell]])) + "}")
    return "".join(parts)
