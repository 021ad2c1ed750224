"""Backtracking solver: bit-parallel singles and intersections, fewest-candidates branching, counting.

Pure Python is slow per operation but fast on wide integers, so the whole search state is one
integer holding every candidate four times, in four layouts of fields:

- cell layout: one field per cell, one bit per digit (a field with one bit is a naked single);
- row, column and box layouts: one field per (digit, unit), one bit per place of the digit in the
  unit (a field with one bit is a hidden single).

Every field is SIZE candidate bits plus a guard bit that stays set while the field is open (its
cell, or its digit in that unit, not yet placed). Subtracting the guards' low bits from the state
tests all 324 fields at once: which open field is empty (a contradiction), which holds exactly one
candidate (a single to place) or two (the branching choice). Placing a candidate is one AND with a
precomputed mask that clears it, its rivals in its cell, its digit in its peers and the four fields
it closes. Pointing and claiming run on the row and column layouts with the same trick, once no
single is left. Branching picks a field with the fewest candidates: a cell, the one with the most
open peers, before a (digit, unit).

Those tables are the classic board's. Any other board (up to 25x25) is searched by `_PlainSearch`:
one candidate mask a cell, naked and hidden singles over the board's units, then the cell with the
fewest candidates guessed. A board of several classic grids (the Samurai) is searched by
`_GridsSearch`: guesses on the shared cells only, each grid then counted by the classic search.
"""

from __future__ import annotations

from collections import namedtuple
from functools import reduce
from itertools import compress
from operator import add, and_
from collections.abc import Sequence

from tutor.model.geometry import (
    CLASSIC,
    Geometry,
    BOX_HEIGHT,
    BOX_OF,
    BOX_UNITS,
    BOX_WIDTH,
    CELL_COUNT,
    CELLS,
    COL_OF,
    MIN_PROPER_GIVENS,
    PEERS,
    board_of_cells,
    ROW_OF,
    SIZE,
    UNITS,
)
from tutor.model.grid import Grid

# --- the layouts ---------------------------------------------------------------------------------

_STRIDE = SIZE + 1  # a field's candidate bits, then its guard bit
_LAYOUTS = 4  # cells, rows, columns, boxes
_FIELDS_PER_LAYOUT = CELL_COUNT  # 81 cells, and 9 digits x 9 units in each unit layout
_CELL_LAYOUT, _ROW_LAYOUT, _COLUMN_LAYOUT, _BOX_LAYOUT = range(_LAYOUTS)
_CANDIDATES = CELL_COUNT * SIZE  # candidate number: cell * SIZE + digit - 1

_VALUE_BITS = (1 << SIZE) - 1
_FULL = (1 << (_STRIDE * _LAYOUTS * _FIELDS_PER_LAYOUT)) - 1  # every field's bits, guards too
# The lowest bit of every field (a geometric series, summed in one division), moved to the guard.
_GUARDS = _FULL // ((1 << _STRIDE) - 1) << SIZE
_GUARD_COUNT = _GUARDS.bit_count()
_CELL_FIELDS = _GUARDS & ((1 << (_STRIDE * _FIELDS_PER_LAYOUT)) - 1)

_PLACE_IN_BOX = [0] * CELL_COUNT
for _unit in BOX_UNITS:
    for _place, _cell in enumerate(UNITS[_unit]):
        _PLACE_IN_BOX[_cell] = _place


def _positions_of(cell: int, digit_index: int) -> tuple[int, int, int, int]:
    """The candidate's bit position in each layout of the state: its field in the cell layout
    (the cell), then in the row, column and box layouts (digit, unit), and its bit in the field."""
    # Written out, not looped over the layouts: this runs 729 times at import, which every
    # `tutor solve` pays.
    row, column = ROW_OF[cell], COL_OF[cell]
    unit_fields = _FIELDS_PER_LAYOUT + digit_index * SIZE  # the row layout's (digit, first unit)
    return (_STRIDE * cell + digit_index,
            _STRIDE * (unit_fields + row) + column,
            _STRIDE * (_FIELDS_PER_LAYOUT + unit_fields + column) + row,
            _STRIDE * (2 * _FIELDS_PER_LAYOUT + unit_fields + BOX_OF[cell]) + _PLACE_IN_BOX[cell])


_POSITIONS = tuple(_positions_of(cell, d) for cell in CELLS for d in range(SIZE))
_CANDIDATE_AT = [0] * (_STRIDE * _LAYOUTS * _FIELDS_PER_LAYOUT)
for _candidate, _positions in enumerate(_POSITIONS):
    for _position in _positions:
        _CANDIDATE_AT[_position] = _candidate


_BITS = [1 << a | 1 << b | 1 << c | 1 << d for a, b, c, d in _POSITIONS]


# A peer's candidate of digit d sits in every layout where the same peer's candidate of digit 0
# does, moved by d fields' worth of bits: by d in the cell layout, by d * SIZE fields in the unit
# layouts. So each cell's peers are summed once, for digit 0, and shifted per digit.
_UNIT_LAYOUTS = ((1 << (_STRIDE * _LAYOUTS * _FIELDS_PER_LAYOUT)) - 1) ^ (
    (1 << (_STRIDE * _FIELDS_PER_LAYOUT)) - 1)


def _keep_masks(cell: int) -> list[int]:
    """The state bits that survive placing each digit in `cell` (digit 1 first)."""
    peers = 0
    for peer in PEERS[cell]:
        peers |= _BITS[peer * SIZE]
    # The four fields placing a digit closes: the cell's own, and its (digit, unit) fields, which
    # move with the digit as the peers' unit-layout bits do.
    closed = 0
    for position in _POSITIONS[cell * SIZE]:
        closed |= 1 << (position - position % _STRIDE + SIZE)
    peer_cells = peers & ~_UNIT_LAYOUTS
    units = (peers | closed) & _UNIT_LAYOUTS
    own = closed & ~_UNIT_LAYOUTS  # every candidate of the cell itself, the placed one included
    for digit_index in range(SIZE):
        own |= _BITS[cell * SIZE + digit_index]
    # XOR with _FULL clears them: they are all inside it.
    return [_FULL ^ (own | peer_cells << digit_index | units << (_STRIDE * SIZE * digit_index))
            for digit_index in range(SIZE)]


_KEEP = [mask for cell in CELLS for mask in _keep_masks(cell)]
_REMOVE = [_FULL ^ bits for bits in _BITS]
# Indexed by the bit length of a cell field's guard: the guards of the cell's peers.
_PEER_GUARDS = [0] * (_STRIDE * _FIELDS_PER_LAYOUT + 1)
for _cell in CELLS:
    _PEER_GUARDS[_STRIDE * _cell + SIZE + 1] = sum(1 << (_STRIDE * p + SIZE) for p in PEERS[_cell])
_IN_CELL_LAYOUT = [1 << _POSITIONS[c][_CELL_LAYOUT] for c in range(_CANDIDATES)]

# The solution is kept as one hexadecimal digit per cell (so SIZE <= 15), making writing it out a
# string format.
_NIBBLE = [(c % SIZE + 1) << (4 * (c // SIZE)) for c in range(_CANDIDATES)]
# Indexed by a hexadecimal digit's character code: its value.
_HEX_VALUE = bytearray(256)
for _value, _code in enumerate(b"0123456789abcdef"):
    _HEX_VALUE[_code] = _value

# --- pointing and claiming on the row and column layouts -----------------------------------------
# In the row layout a field (digit, row) splits into segments of BOX_WIDTH bits, one per box the row
# crosses, and BOX_HEIGHT consecutive fields make a band; the column layout is the same with the
# box's sides swapped. Layouts with the same shape are processed together, as one integer.


# Named tuples rather than dataclasses here: `tutor solve` imports this module, and importing
# dataclasses (with inspect and ast) would double that command's start-up time.
class _LinePart(namedtuple("_LinePart", "heads field_lows guards segment_fill heads_fill "
                                        "segment_shifts band_moves")):
    """The masks for pointing and claiming on a run of fields shaped alike."""

    __slots__ = ()
    heads: int  # the first bit of every segment
    field_lows: int  # the first bit of every field
    guards: int
    segment_fill: int  # multiplier that widens a head bit to its whole segment
    heads_fill: int  # multiplier that puts a bit on every head of a field
    segment_shifts: tuple[int, ...]
    band_moves: tuple[tuple[int, int, int], ...]  # (shift, mask after >>, mask after <<)


def _line_part(first_field: int, field_count: int, segment: int, band: int) -> _LinePart:
    fields = range(first_field, first_field + field_count)
    segments = range(0, SIZE, segment)
    heads = sum(1 << (_STRIDE * f + s) for f in fields for s in segments)
    moves = []
    for distance in range(1, band):
        # A field at band place p hears from place p + distance (>>) and p - distance (<<).
        down = sum(1 << (_STRIDE * f + s) for f in fields for s in segments
                   if (f - first_field) % band + distance < band)
        up = sum(1 << (_STRIDE * f + s) for f in fields for s in segments
                 if (f - first_field) % band >= distance)
        moves.append((_STRIDE * distance, down, up))
    return _LinePart(
        heads=heads,
        field_lows=sum(1 << (_STRIDE * f) for f in fields),
        guards=sum(1 << (_STRIDE * f + SIZE) for f in fields),
        segment_fill=(1 << segment) - 1,
        heads_fill=sum(1 << s for s in segments),
        segment_shifts=tuple(range(1, segment)),
        band_moves=tuple(moves),
    )


_LINE_SHIFT = _STRIDE * _FIELDS_PER_LAYOUT * _ROW_LAYOUT
_LINE_BITS = (1 << (_STRIDE * _FIELDS_PER_LAYOUT * 2)) - 1  # rows and columns
_LINE_PARTS: tuple[_LinePart, ...]
if BOX_WIDTH == BOX_HEIGHT:
    _LINE_PARTS = (_line_part(0, 2 * _FIELDS_PER_LAYOUT, BOX_WIDTH, BOX_HEIGHT),)
else:
    _LINE_PARTS = (_line_part(0, _FIELDS_PER_LAYOUT, BOX_WIDTH, BOX_HEIGHT),
                   _line_part(_FIELDS_PER_LAYOUT, _FIELDS_PER_LAYOUT, BOX_HEIGHT, BOX_WIDTH))


def _intersections(lines: int) -> int:
    """The row and column layouts after pointing and claiming (not repeated to a fixed point)."""
    # Helpers are written inline: this runs at most search nodes, where calls cost.
    for part in _LINE_PARTS:
        heads = part.heads
        guards = part.guards
        field_lows = part.field_lows
        moves = part.band_moves
        segments = lines
        for shift in part.segment_shifts:
            segments |= lines >> shift
        segments &= heads
        # Pointing: a box's digit confined to one line's segment leaves the rest of that line.
        elsewhere = 0  # each segment head set when the same segment of another band field has one
        for shift, down, up in moves:
            elsewhere |= (segments >> shift) & down | (segments << shift) & up
        pointing = segments & ~elsewhere
        if pointing:
            fields = (pointing | guards) - field_lows & guards
            lines &= ~(((fields >> SIZE) * _VALUE_BITS) ^ (pointing * part.segment_fill))
        # Claiming: a line's digit confined to one box leaves the rest of that box. A field's
        # heads are tested for "exactly one" with the guard-bit subtraction.
        marked = segments | guards
        rest = marked & (marked - field_lows)
        rest_guards = rest & guards
        one = rest_guards ^ ((rest - (rest_guards >> SIZE)) & guards)
        if one:
            claiming = segments & (one >> SIZE) * part.heads_fill
            spread = 0
            for shift, down, up in moves:
                spread |= (claiming >> shift) & down | (claiming << shift) & up
            lines &= ~(spread * part.segment_fill)
    return lines


# --- the search ----------------------------------------------------------------------------------


class _Search:
    """Depth-first search over one puzzle; stops once `limit` solutions are found."""

    __slots__ = ("limit", "count", "first", "guesses")

    def __init__(self, limit: int):
        self.limit = limit
        self.count = 0
        self.first: int | None = None  # the first solution, one hexadecimal digit per cell
        self.guesses = 0

    def run(self, state: int, placed: int) -> None:
        keep = _KEEP
        candidate_at = _CANDIDATE_AT
        nibble = _NIBBLE
        while True:
            guards = state & _GUARDS
            lows = guards >> SIZE
            less_one = state - lows  # an open field keeps its guard iff not empty
            if less_one & _GUARDS != guards:
                return  # a cell with no digit left, or a digit with no place left in a unit
            rest = state & less_one  # every field without its lowest candidate; guards kept
            singles = guards ^ ((rest - lows) & _GUARDS)  # guard lost: nothing was left
            if singles:
                singles = state & (singles >> SIZE) * _VALUE_BITS
                while singles:
                    candidate = candidate_at[(singles & -singles).bit_length() - 1]
                    mask = keep[candidate]
                    state &= mask
                    # Drops the same single seen in another layout, and any single this one rules
                    # out (its field is then empty and open: caught on the next pass).
                    singles &= mask
                    placed += nibble[candidate]
                continue
            if not state:
                self._found(placed)
                return
            lines = state >> _LINE_SHIFT & _LINE_BITS
            narrowed = _intersections(lines)
            if narrowed == lines:
                break
            ruled_out = (lines ^ narrowed) << _LINE_SHIFT
            while ruled_out:
                mask = _REMOVE[candidate_at[(ruled_out & -ruled_out).bit_length() - 1]]
                state &= mask
                ruled_out &= mask
        self._branch(state, placed)

    def _branch(self, state: int, placed: int) -> None:
        """Try each candidate of a field with the fewest (two, nearly always), a cell first."""
        # No open field is empty or single here, so strip two candidates from each before testing.
        at_least = state & _GUARDS
        level = state & (state - (at_least >> SIZE))
        level &= level - (at_least >> SIZE)
        at_least = level & _GUARDS  # fields with at least k candidates, k = 2 first
        while True:
            level &= level - (at_least >> SIZE)
            more = level & _GUARDS
            exactly = at_least ^ more
            if exactly:
                break
            at_least = more
        cells = exactly & _CELL_FIELDS
        if cells:
            # Of the cells with fewest digits, the one with the most open peers: its guess rules out
            # the most, which in the hardest puzzles saves about a third of the guesses.
            open_cells = state & _CELL_FIELDS
            peers_of = _PEER_GUARDS
            best = -1
            while cells:
                guard = cells & -cells
                cells ^= guard
                score = (open_cells & peers_of[guard.bit_length()]).bit_count()
                if score > best:
                    best = score
                    field = guard
        else:
            field = exactly & -exactly
        options = state & (field >> SIZE) * _VALUE_BITS
        candidate_at = _CANDIDATE_AT
        while options:
            low = options & -options
            options ^= low
            candidate = candidate_at[low.bit_length() - 1]
            self.guesses += 1
            self.run(state & _KEEP[candidate], placed + _NIBBLE[candidate])
            if self.count >= self.limit:
                return

    def _found(self, placed: int) -> None:
        self.count += 1
        if self.first is None:
            self.first = placed

    def solution(self) -> list[int] | None:
        """The first solution's values, or None."""
        return None if self.first is None else _digits(self.first)


_CANDIDATE_BASE = tuple(cell * SIZE - 1 for cell in CELLS)  # plus the digit: the candidate number
_FIELDS_CLOSED = _LAYOUTS  # placing a candidate closes its field in each layout


def _start(values) -> tuple[int, int] | None:
    """The state and placed digits after the filled cells; None if two of them clash."""
    # One AND per filled cell, run by reduce: this start is most of the work on an easy puzzle.
    candidates = list(map(add, compress(_CANDIDATE_BASE, values), compress(values, values)))
    state = reduce(and_, map(_KEEP.__getitem__, candidates), _FULL)
    # Two clashing digits share a field (their unit's, for that digit), so fewer fields close.
    if _GUARD_COUNT - (state & _GUARDS).bit_count() != _FIELDS_CLOSED * len(candidates):
        return None
    return state, sum(map(_NIBBLE.__getitem__, candidates))


# --- any other board -----------------------------------------------------------------------------


class _PlainSearch:
    """Depth-first search over one puzzle on any regular board (the classic one has `_Search`):
    each cell's candidates as a mask, naked and hidden singles over the board's units until none
    is left, then each candidate of a cell with the fewest tried in turn; stops once `limit`
    solutions are found."""

    __slots__ = ("limit", "count", "first", "guesses", "peers", "units", "units_of", "all_digits")

    def __init__(self, board: Geometry, limit: int):
        self.limit = limit
        self.count = 0
        self.first: list[int] | None = None
        self.guesses = 0
        self.peers, self.units, self.units_of = board.peers, board.units, board.units_of
        self.all_digits = board.all_digits

    def start(self, values: Sequence[int]) -> None:
        """Search from the filled cells `values` (0 empty); nothing is found if two clash or an
        empty cell has no candidate."""
        values = list(values)
        used = []  # each unit's digits, as a mask
        for unit in self.units:
            mask = 0
            for c in unit:
                v = values[c]
                if v:
                    b = 1 << (v - 1)
                    if mask & b:
                        return  # a digit twice in the unit
                    mask |= b
            used.append(mask)
        all_digits = self.all_digits
        masks = [0] * len(values)
        for c, v in enumerate(values):
            if not v:
                seen = 0
                for u in self.units_of[c]:  # three units, or five in a Samurai's shared box
                    seen |= used[u]
                masks[c] = all_digits & ~seen
                if not masks[c]:
                    return
        self.run(values, masks)

    def run(self, values: list[int], masks: list[int]) -> None:
        if not self._settle(values, masks):
            return
        best, fewest = -1, 99
        for c, m in enumerate(masks):
            if m:
                k = m.bit_count()
                if k < fewest:
                    best, fewest = c, k
                    if k == 2:
                        break
        if best < 0:  # every cell filled
            self.count += 1
            if self.first is None:
                self.first = values
            return
        self._guess(values, masks, best)

    def _guess(self, values: list[int], masks: list[int], cell: int) -> None:
        """Each candidate of the cell in turn, on a copy, searched on until the limit is met."""
        options = masks[cell]
        while options:
            low = options & -options
            options ^= low
            self.guesses += 1
            trial_values, trial_masks = values[:], masks[:]
            if self._place(trial_values, trial_masks, cell, low):
                self.run(trial_values, trial_masks)
            if self.count >= self.limit:
                return

    def solution(self) -> list[int] | None:
        """The first solution's values, or None."""
        return self.first

    def _place(self, values: list[int], masks: list[int], cell: int, digit_bit: int) -> bool:
        """Put the digit in the cell and take it from the peers; False if a peer is left with no
        candidate."""
        values[cell] = digit_bit.bit_length()
        masks[cell] = 0
        for p in self.peers[cell]:
            m = masks[p]
            if m & digit_bit:
                m ^= digit_bit
                if not m:
                    return False
                masks[p] = m
        return True

    def _settle(self, values: list[int], masks: list[int]) -> bool:
        """Make naked and hidden singles until none is left; False on a contradiction (a cell or a
        unit's digit with no place left)."""
        place, all_digits = self._place, self.all_digits
        while True:
            progress = False
            for c, m in enumerate(masks):
                if m and not m & (m - 1):
                    if not place(values, masks, c, m):
                        return False
                    progress = True
            for unit in self.units:
                once = twice = placed = 0
                for c in unit:
                    m = masks[c]
                    if m:
                        twice |= once & m
                        once |= m
                    else:
                        placed |= 1 << (values[c] - 1)
                if once | placed != all_digits:
                    return False  # a digit with no place left in the unit
                single = once & ~twice
                while single:
                    low = single & -single
                    single ^= low
                    cell = next((c for c in unit if masks[c] & low), -1)
                    if cell < 0 or not place(values, masks, cell, low):
                        return False  # its one place took another of the unit's singles
                    progress = True
            if not progress:
                return True


# --- a board of several classic grids (the Samurai) ----------------------------------------------


class _GridsSearch(_PlainSearch):
    """Search over a board of several classic 9x9 grids whose only ties are their shared cells
    (the Samurai): branches on the shared cells alone, then counts each grid on its own.

    Every unit lies in one grid, so once the shared cells are filled the grids are separate
    classic puzzles: the board's solutions are the product of theirs, each counted by the classic
    bit-parallel search. Before each branch every grid must still have a solution on its own
    (one classic search each), which cuts off a wrong shared digit at once. A plain search over
    all the cells can instead try every way of a hard corner of one grid under each guess made in
    another (minutes on a Samurai dug to near its fewest givens, where this takes milliseconds).
    """

    __slots__ = ("grids", "shared")

    def __init__(self, board: Geometry, limit: int):
        super().__init__(board, limit)
        self.grids = board.grids
        self.shared = tuple(c for c in board.cells if len(board.grids_of[c]) > 1)

    def run(self, values: list[int], masks: list[int]) -> None:
        if not self._settle(values, masks):
            return
        open_shared = [c for c in self.shared if masks[c]]
        wanted = 1 if open_shared else self.limit - self.count
        found = []
        for grid in self.grids:
            search = _search([values[c] for c in grid], wanted, CLASSIC)
            if not search.count:
                return  # this grid has no solution on its own
            found.append(search)
        if not open_shared:
            solutions = 1
            for search in found:
                solutions *= search.count
            self.count = min(self.limit, self.count + solutions)  # counting no further
            if self.first is None:
                first = values[:]
                for grid, search in zip(self.grids, found):
                    for c, v in zip(grid, search.solution() or ()):
                        first[c] = v
                self.first = first
            return
        best = min(open_shared, key=lambda c: masks[c].bit_count())
        self._guess(values, masks, best)


def _is_classic_grids(geometry: Geometry) -> bool:
    """Whether the board is several classic grids, each unit within one of them (the Samurai)."""
    return len(geometry.grids) > 1 and geometry.size == SIZE and all(
        len(grid) == CELL_COUNT for grid in geometry.grids)


def _search(values: Sequence[int], limit: int,
            geometry: Geometry | None = None) -> _Search | _PlainSearch:
    """A finished search of the board's puzzle `values` (the board told by their number unless
    given)."""
    if geometry is None:
        geometry = CLASSIC if len(values) == CELL_COUNT else board_of_cells(len(values))
    if geometry is CLASSIC:
        search = _Search(limit)
        started = _start(values)
        if started is not None:
            search.run(*started)
        return search
    plain = (_GridsSearch if _is_classic_grids(geometry) else _PlainSearch)(geometry, limit)
    plain.start(values)
    return plain


def _digits(placed: int) -> list[int]:
    """The 81 digits of a solution kept as one hexadecimal digit per cell (cell 0 lowest)."""
    return list(f"{placed:0{CELL_COUNT}x}"[::-1].encode().translate(_HEX_VALUE))


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many solutions the grid's values have, counting no further than `limit`."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    return _search(grid.values, limit, grid.geometry).count


def solve(grid: Grid) -> Grid | None:
    """The first solution found (the only one for a proper puzzle), or None if there is none."""
    solution = _search(grid.values, 1, grid.geometry).solution()
    if solution is None:
        return None
    return Grid(solution, grid.givens, geometry=grid.geometry)


def solve_values(values: Sequence[int],
                 geometry: Geometry | None = None) -> tuple[int, list[int] | None]:
    """(solution count up to 2, the first solution's values): one search for both. The board is
    `geometry`, or told by the number of values (81: the classic one)."""
    search = _search(values, 2, geometry)
    return search.count, search.solution()


class Validity(namedtuple("Validity", "status solutions message solution conflict_cells",
                          defaults=(None, frozenset()))):
    """What a puzzle is: 'unique', 'none', 'multiple' or 'conflict', with a sentence saying so."""

    __slots__ = ()
    status: str
    solutions: int
    message: str
    solution: Grid | None  # default None
    conflict_cells: frozenset[int]  # default empty

    @property
    def is_proper(self) -> bool:
        return self.status == "unique"




def validity(grid: Grid, limit: int = 2) -> Validity:
    """Check a puzzle: conflicting givens, no solution, several solutions, or exactly one."""
    conflict = grid.describe_conflict()
    if conflict:
        return Validity("conflict", 0, f"conflicting givens: {conflict}",
                        conflict_cells=grid.conflict_cells())
    search = _search(grid.values, max(2, limit), grid.geometry)
    if search.count == 0:
        return Validity("none", 0, "no solution")
    first = search.solution()
    assert first is not None  # a search that counted a solution kept the first
    solution = Grid(first, grid.givens, geometry=grid.geometry)
    if search.count == 1:
        return Validity("unique", 1, "unique solution", solution)
    capped = search.count >= max(2, limit)
    amount = f"at least {search.count}" if capped else str(search.count)
    message = f"more than one solution ({amount} solutions)" if capped else f"{amount} solutions"
    filled = sum(1 for v in grid.values if v)
    if filled < MIN_PROPER_GIVENS and grid.geometry is CLASSIC:
        message += (f"; it has {filled} givens, and no proper puzzle has fewer than "
                    f"{MIN_PROPER_GIVENS}")
    return Validity("multiple", search.count, message, solution)
