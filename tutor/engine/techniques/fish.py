"""Fish: X-Wing, swordfish and jellyfish, plain and finned (sashimi fish count as finned)."""

from __future__ import annotations

from functools import partial
from itertools import combinations
from operator import getitem
from typing import Callable, Iterable, Iterator, Sequence

from tutor.model.geometry import Geometry, cell_name, cells_name, unit_kind, unit_name
from tutor.model.geometry import current as board_in_use
from tutor.engine.dead_ends import by_digit
from tutor.engine.search import current
from tutor.engine.mask_table import per_mask
from tutor.engine.places import PLACES_LIMIT, masks_by_unit
from tutor.engine.techniques.single_digit import skyscraper_of
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, symbol, symbols
from tutor.engine.grids import unit_spot
from tutor.engine.wording import grid_said, lines_name, removals_by_digit

_BASIC_IDS = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_FINNED_IDS = {2: "finned_x_wing", 3: "finned_swordfish", 4: "finned_jellyfish"}
_FISH_NAMES = {2: "X-Wing", 3: "swordfish", 4: "jellyfish"}

HOLDS_ON = ("every regular board: boxes of any shape (a fin box spans its band's lines); on a "
            "Samurai within each grid (its tables read rows and columns as one grid's: the engine "
            "runs them on each grid alone, engine/grids.py)")
"""The boards fish hold on: the argument needs only lines crossing and boxes cut into bands and
stacks, which every regular board has (4x4 jellyfish are complements of singles and find
nothing)."""

# A fish is found on rows (base) against columns (cover), then the other way round. "Line" i and
# "position" j name cell (i, j) of the first orientation and cell (j, i) of the second, so one
# search serves both.
_ORIENTATIONS = (0, 1)
_COUNT_BITS = 5
"""The bits of a box's count field in _box_tables' sums: a count of at most 15 lines, plus 14,
stays in its field, and reaches the field's top bit from 2 lines up."""


class _FishTables:
    """One board's fish tables (masks of positions along a line have `size` bits), made on
    first use of the board (`Geometry.table`), with the tables built from them on first need
    (the fin tables of a size, the shared per-stack tables, the box tables) kept here too."""

    def __init__(self, board: Geometry) -> None:
        size, box_height, box_width = board.size, board.box_height, board.box_width
        self.size, self.box_height, self.box_width = size, box_height, box_width
        self.popcount = popcount = per_mask(size, int.bit_count)
        self.positions = per_mask(size, lambda m: tuple(j for j in range(size) if m >> j & 1))
        """positions[mask]: the positions along a line (0-based) a mask holds."""
        self.line_cell = (
            tuple(tuple(board.cell_at(i, j) for j in range(size)) for i in range(size)),
            tuple(tuple(board.cell_at(j, i) for j in range(size)) for i in range(size)),
        )
        self.base_unit_start = (0, size)
        self.cover_unit_start = (size, 0)
        # Fins must share one box. Along a row the box spans box_width positions, along a column
        # box_height; lines are grouped into bands of box_height rows or box_width columns.
        band_size = (box_height, box_width)
        stack_size = (box_width, box_height)
        self.lines = range(size)
        """The lines' indices, made once: a hot loop's own range(size) costs as much as its body."""
        self.stack_masks = stack_masks = tuple(
            tuple(((1 << width) - 1) << (s * width) for s in range(size // width))
            for width in stack_size)
        self.off_stack_plus_one = tuple(
            per_mask(size, partial(_off_stack_plus_one, popcount, stacks))
            for stacks in stack_masks)
        """off_stack_plus_one[orientation][mask]: one more than the fewest positions of the mask
        outside one stack; as a spread for _bases, it drops the bases with more than `size` - 1
        positions outside every stack."""
        self.band_lines = band_lines = tuple(
            tuple(tuple(range(band * height, (band + 1) * height))
                  for band in range(size // height))
            for height in band_size)
        """band_lines[orientation][band]: the band's lines."""
        self.band_of = band_of = tuple(tuple(i // height for i in range(size))
                                       for height in band_size)
        """band_of[orientation][line]: the band holding the line."""
        self.band_rest = tuple(
            tuple(tuple(j for j in lines[of[i]] if j != i) for i in range(size))
            for lines, of in zip(band_lines, band_of))
        """band_rest[orientation][line]: the other lines of the line's band."""
        self.band_pairs = tuple(
            tuple((band, i, i2, tuple(r for r in lines if r not in (i, i2)))
                  for band, lines in enumerate(bands) for i, i2 in combinations(lines, 2))
            for bands in band_lines)
        """band_pairs[orientation]: (band, line, later line, the band's other lines) for each two
        lines of a band."""
        self.any_box = tuple(tuple((1 << size // width) - 1 for _ in range(size // height))
                             for height, width in zip(band_size, stack_size))
        """Every stack of every band, rows as base then columns (boxes not looked at)."""
        self.base_line = {n: per_mask(size, partial(_base_line, popcount, n)) for n in _BASIC_IDS}
        """base_line[size][mask]: whether a line with these places can be a basic fish's base
        line (a line with one place is a hidden single, not part of a fish worth teaching)."""
        self.small = per_mask(size, lambda m: 1 <= popcount[m] <= 3)
        self.fin_tables: dict[tuple[int, int], tuple[Sequence, ...]] = {}
        self.shared_tables: dict[tuple, Sequence] = {}
        """Tables of masks that depend on the stacks or bands alone, by what they depend on: the
        two directions share them where boxes are square. Built on first use, then kept."""
        self.box_tables: tuple | None = None
        self.fin_boxes: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        """_fin_boxes' answers by the boxes found (a pure function of them, kept for good)."""
        self.finned_search: dict[int, Callable[[int, int], Iterable[Step]]] = {}
        """The digit search of each size, with its fin tables, made on first use (as the tables
        are)."""


def _base_line(popcount: Sequence[int], size: int, mask: int) -> bool:
    return 2 <= popcount[mask] <= size


def _off_stack_plus_one(popcount: Sequence[int], stacks: tuple[int, ...], mask: int) -> int:
    return min(popcount[mask & ~stack] for stack in stacks) + 1


def _tables() -> _FishTables:
    """The fish tables of the board in use."""
    return board_in_use().table("fish.tables", _FishTables)


def _leaving(t: _FishTables, stacks: tuple[int, ...], room: int) -> Sequence[int]:
    """[mask]: the stacks (bit s for stack s, of the `stacks`) leaving at most `room` positions
    of the mask outside them; none when `room` is negative."""
    popcount = t.popcount
    key = ("leaving", stacks, room)
    table = t.shared_tables.get(key)
    if table is None:
        table = t.shared_tables[key] = per_mask(t.size, lambda mask: sum(
            1 << s for s, stack in enumerate(stacks) if popcount[mask & ~stack] <= room))
    return table


def _touched(t: _FishTables, stacks: tuple[int, ...]) -> Sequence[int]:
    """[mask]: the stacks (bit s for stack s) holding some of the mask's positions."""
    key = ("touched", stacks)
    table = t.shared_tables.get(key)
    if table is None:
        table = t.shared_tables[key] = per_mask(t.size, lambda mask: sum(
            1 << s for s, stack in enumerate(stacks) if mask & stack))
    return table


def _bands_hit(t: _FishTables, band_lines: tuple[tuple[int, ...], ...]
               ) -> Sequence[tuple[int, ...]]:
    """[lines as a set]: the bands (ascending) holding any of the lines."""
    key = ("bands", band_lines)
    table = t.shared_tables.get(key)
    if table is None:
        band_bits = [sum(1 << i for i in lines) for lines in band_lines]
        table = t.shared_tables[key] = per_mask(t.size, lambda lines_bits: tuple(
            band for band, bits in enumerate(band_bits) if lines_bits & bits))
    return table


def _box_tables(t: _FishTables) -> tuple:
    """(row_counts, column_counts, plus, top): row_counts[row][mask] counts one in the field of
    each box the row's places (a mask of columns) reach, column_counts[column][mask]
    likewise for a column's places, so that summed over the lines each field counts the box's
    rows, or columns, holding a place; adding plus to such a sum sets a field's top bit (top)
    where it counts two or more. Field B * stacks + S is the box of band B and stack S. Built on
    first use."""
    if t.box_tables is None:
        size, box_height, box_width = t.size, t.box_height, t.box_width
        stacks = size // box_width
        # A row's counts are its band's first row's moved to the band's fields; a column's, its
        # stack's first column's moved to the stack's field.
        bands = size // box_height
        in_stacks, in_bands = _touched(t, t.stack_masks[0]), _touched(t, t.stack_masks[1])

        def stack_fields(mask: int) -> int:
            touched = in_stacks[mask]
            return sum(1 << _COUNT_BITS * s for s in range(stacks) if touched >> s & 1)

        def band_fields(mask: int) -> int:
            touched = in_bands[mask]
            return sum(1 << _COUNT_BITS * stacks * b for b in range(bands) if touched >> b & 1)

        def shifted(fields: Callable[[int], int], by: int) -> Sequence[int]:
            return per_mask(size, lambda mask: fields(mask) << by)

        row_counts = [shifted(stack_fields, _COUNT_BITS * stacks * band) for band in range(bands)]
        column_counts = [shifted(band_fields, _COUNT_BITS * stack) for stack in range(stacks)]
        t.box_tables = (
            tuple(row_counts[row // box_height] for row in t.lines),
            tuple(column_counts[column // box_width] for column in t.lines),
            sum((1 << _COUNT_BITS - 1) - 2 << _COUNT_BITS * box for box in range(size)),
            sum(1 << _COUNT_BITS - 1 << _COUNT_BITS * box for box in range(size)))
    return t.box_tables


def _fin_boxes(both: tuple[tuple[int, ...], tuple[int, ...]]
               ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The boxes where a digit with these row and column masks may have a fin box, as the stacks
    (bit s for stack s) of each band, rows as base then columns; None where there is none. A fin
    box holds a fin and a place to remove, in two lines of either kind (the removal is on a cover
    line, the fin off it, and on a line that is no base line, the fin on one that is), so it
    holds places in two rows and in two columns: most digits have few such boxes, many none."""
    t = _tables()
    row_counts, column_counts, plus, top = _box_tables(t)
    boxes = ((sum(map(getitem, row_counts, both[0])) + plus)
             & (sum(map(getitem, column_counts, both[1])) + plus) & top)
    if not boxes:
        return None
    found = t.fin_boxes.get(boxes)
    if found is None:
        stacks, bands = t.size // t.box_width, t.size // t.box_height

        def fin_box(band: int, stack: int) -> int:
            return boxes >> _COUNT_BITS * (band * stacks + stack) + _COUNT_BITS - 1 & 1

        found = t.fin_boxes[boxes] = (
            tuple(sum(fin_box(b, s) << s for s in range(stacks)) for b in range(bands)),
            tuple(sum(fin_box(b, s) << b for b in range(bands)) for s in range(stacks)))
    return found


def _fin_tables(orientation: int, size: int) -> tuple[Sequence, ...]:
    """(fits, finned, room, touched, listed, bands, covered) for finned fish of `size` lines;
    stacks come as sets (bit s for stack s), tested at once. A finned fish's cover has at most
    `size` - 1 positions outside the fin box's stack, and every base line's places outside it are
    among them: fits[mask] whether places (a line's, or some lines' union) are some and leave at
    most `size` - 1 positions outside some stack (the lines that can be base lines, the unions a
    base can grow from); finned[union] the stacks leaving at most `size` - 1 positions of the union
    outside, where a fin box can be, or none when the union has at most `size` positions (a plain
    fish); room[out_band][in_band] the stacks where the base lines' places outside the fin box's
    band (out_band) and those in it but outside the stack (in_band, out_band's left out) are at
    most `size` positions, all to be covered; touched[mask] the stacks holding some of the mask's
    positions; listed[stacks] their masks, ascending; bands[lines as a set] the bands
    (ascending) holding any of the lines; covered[out_band] the positions where the cover can meet
    the fin box's stack, among the union's: out_band's own when it has `size` positions (then it is
    the whole cover), else any. Built on first use, then kept (not at import: start-up)."""
    t = _tables()
    popcount, width, every = t.popcount, t.size, (1 << t.size) - 1
    key = (orientation, size)
    tables = t.fin_tables.get(key)
    if tables is None:
        stacks = t.stack_masks[orientation]
        inside = _leaving(t, stacks, size - 1)
        rooms = [_leaving(t, stacks, room) for room in range(-1, size + 1)]  # by room + 1
        tables = t.fin_tables[key] = (
            per_mask(width, lambda mask: mask != 0 and inside[mask] != 0),
            per_mask(width, lambda mask: inside[mask] if popcount[mask] > size else 0),
            per_mask(width, lambda mask: rooms[max(0, size + 1 - popcount[mask])]),
            _touched(t, stacks),
            tuple(tuple(stack for s, stack in enumerate(stacks) if bits >> s & 1)
                  for bits in range(1 << len(stacks))),
            _bands_hit(t, t.band_lines[orientation]),
            per_mask(width, lambda mask: mask if popcount[mask] == size else every))
    return tables


_Base = tuple[tuple[int, ...], int, int]
"""A base: its lines, the union of their places, and the lines as a set."""


def _bases(lines: list[int], line_masks: Sequence[int], size: int,
           spread: Sequence[int]) -> list[_Base]:
    """(base, union of the base lines' positions, the base lines as a set) for the
    `size`-line combinations of `lines` (each of spread at most `size`), in combinations' order,
    leaving out those whose union's `spread` passes `size`. The spread (a count of positions)
    only grows as lines are added, so a partial base already past it is dropped with all its
    extensions."""
    found: list[_Base] = []
    total = len(lines)
    # The lines come with a spread of at most `size` each (they fit), so a first line needs no
    # test; each later line is read from a slice of those after the one before it.
    x = 0
    for i in lines[:total - size + 1]:
        x += 1
        u1 = line_masks[i]
        b1 = 1 << i
        y = x
        for j in lines[x:total - size + 2]:
            y += 1
            u2 = u1 | line_masks[j]
            if spread[u2] > size:
                continue
            if size == 2:
                found.append(((i, j), u2, b1 | 1 << j))
                continue
            b2 = b1 | 1 << j
            z = y
            for k in lines[y:total - size + 3]:
                z += 1
                u3 = u2 | line_masks[k]
                if spread[u3] > size:
                    continue
                if size == 3:
                    found.append(((i, j, k), u3, b2 | 1 << k))
                    continue
                b3 = b2 | 1 << k
                for m in lines[z:]:
                    u4 = u3 | line_masks[m]
                    if spread[u4] <= size:
                        found.append(((i, j, k, m), u4, b3 | 1 << m))
    return found


def _basic(values, masks, size: int) -> Iterator[Step]:
    """`size` lines whose places for a digit all fall in `size` crossing lines: the crossing lines'
    other cells lose the digit. Rows as base first, then columns; one step per set of removals."""
    return by_digit(_BASIC_IDS[size], masks, _BASIC_SEARCH[size])


_Close = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...], tuple[_Base, ...]]
"""A digit's lines of one kind with one to three places; each two of them (in combinations'
order) with at most three places together, with those places: a finned swordfish's lines outside
the fin box's band; and the swordfish's bases: three lines of two or three places with three
places together, in combinations' order."""
def _close_lines(places: int, both: tuple[tuple[int, ...], tuple[int, ...]]
                 ) -> tuple[_Close, _Close]:
    """The digit's _Close for rows and for columns, kept by its places in the search's
    `close_lines` (a pure function of them; the finned swordfish looks at the plain one's places
    next)."""
    search = current()
    known = search.close_lines
    if known is None:
        known = search.close_lines = {}
    found = known.get(places)
    if found is None:
        found = (_close(both[0]), _close(both[1]))
        if len(known) >= PLACES_LIMIT:
            known.clear()
        known[places] = found
    return found


def _close(line_masks: Sequence[int]) -> _Close:
    """The _Close of one kind of lines, in one pass over the pairs of lines of few places."""
    t = _tables()
    popcount, small_lines = t.popcount, t.small
    small = [j for j in t.lines if small_lines[line_masks[j]]]
    base_line = t.base_line[3]
    pairs: list[tuple[int, int, int]] = []
    triples: list[_Base] = []
    later = 0
    for j in small:
        later += 1
        u1 = line_masks[j]
        third = later
        for k in small[later:]:
            third += 1
            u2 = u1 | line_masks[k]
            if popcount[u2] <= 3:
                pairs.append((j, k, u2))
                for m in small[third:]:
                    u3 = u2 | line_masks[m]
                    # A line of one place is no base line (see _FishTables.base_line).
                    if popcount[u3] <= 3 and base_line[u1] and base_line[line_masks[k]] \
                            and base_line[line_masks[m]]:
                        triples.append(((j, k, m), u3, 1 << j | 1 << k | 1 << m))
    # Kept as tuples of numbers, which Python's cycle collector stops tracking: the memory holds
    # up to PLACES_LIMIT digits' places between grades (the app's hints), and lists would make
    # every full collection walk them all.
    return tuple(small), tuple(pairs), tuple(triples)


def _basic_digit(size: int, digit: int, places: int) -> Iterable[Step]:
    t = _tables()
    both = masks_by_unit(places)[:2]  # rows and columns: fish have no use for the boxes
    base_line = t.base_line[size]
    bases: list[Sequence[_Base]] = []
    if size == 2:
        # An X-Wing's two lines have the same two places: most digits have no such two.
        for line_masks in both:
            pairs = [m for m in line_masks if base_line[m]]
            if len(set(pairs)) != len(pairs):
                break
        else:
            return ()
        rows, columns = both
        bases = [_twin_lines(rows, columns, base_line, t), _twin_lines(columns, rows, base_line, t)]
        if not (bases[0] or bases[1]):  # an X-Wing that removes nothing, as most are
            return ()
    elif size == 3:
        close = _close_lines(places, both)
        bases = [close[0][2], close[1][2]]
        if not (bases[0] or bases[1]):  # most digits: done without starting a search
            return ()
    else:
        for line_masks in both:
            lines = [i for i in t.lines if base_line[line_masks[i]]]
            bases.append(_bases(lines, line_masks, size, t.popcount) if len(lines) >= size
                         else ())
        if not (bases[0] or bases[1]):
            return ()
    return _basic_steps(size, digit, both, bases, t)


def _twin_lines(line_masks: Sequence[int], across: Sequence[int], base_line: Sequence[bool],
                t: _FishTables) -> list[_Base]:
    """The X-Wing bases that remove something: two lines with the same places, whose crossing
    lines (`across`: their masks) have places off them, in combinations' order."""
    bases: list[_Base] = []
    for i in t.lines:
        mask = line_masks[i]
        if base_line[mask]:
            # Each earlier line with the same places makes a base with this one.
            h = line_masks.index(mask)
            while h < i:
                in_base = 1 << h | 1 << i
                first, second = t.positions[mask]
                if (across[first] | across[second]) & ~in_base:
                    bases.append(((h, i), mask, in_base))
                h = line_masks.index(mask, h + 1)
    if len(bases) > 1:
        bases.sort()  # into combinations' order
    return bases


def _basic_steps(size: int, digit: int, both: tuple[tuple[int, ...], tuple[int, ...]],
                 bases: list[Sequence[_Base]], t: _FishTables) -> Iterator[Step]:
    """The steps of the bases found for a digit, in their order: rows first."""
    popcount, positions = t.popcount, t.positions
    technique = _BASIC_IDS[size]
    seen = set()
    for orientation in _ORIENTATIONS:
        line_masks = both[orientation]
        # The cover lines read across: their places off the base lines are the removals.
        across = both[1 - orientation]
        line_cell = t.line_cell[orientation]
        for base, union, in_base in bases[orientation]:
            if popcount[union] != size:
                continue
            cover = positions[union]
            off_base = 0
            for j in cover:
                off_base |= across[j]
            if not off_base & ~in_base:
                continue
            removed = [line_cell[i][j] for j in cover for i in positions[across[j] & ~in_base]]
            step = _step(technique, digit, orientation, base, cover, line_masks, (), removed, t)
            # A fish on rows and the fish on the remaining columns are one pattern seen from
            # both sides (same removals): teach it once.
            if step.eliminations not in seen:
                seen.add(step.eliminations)
                yield step


_BASIC_SEARCH: dict[int, Callable[[int, int], Iterable[Step]]] = {
    size: partial(_basic_digit, size) for size in _BASIC_IDS}


def _finned(values, masks, size: int) -> Iterator[Step]:
    """A fish but for some extra places (fins), all in one box: the cover lines' cells in that box
    lose the digit, since either the fish holds or a fin does, and they see every fin. Rows as
    base first, then columns; one step per set of removals."""
    t = _tables()
    search = t.finned_search.get(size)
    if search is None:
        tables = (_fin_tables(0, size), _fin_tables(1, size))
        search = t.finned_search[size] = partial(_finned_digit, size, tables)
    return by_digit(_FINNED_IDS[size], masks, search)


def _finned_digit(size: int, tables, digit: int, places: int) -> Iterable[Step]:
    t = _tables()
    both = masks_by_unit(places)[:2]  # rows and columns: fish have no use for the boxes
    fin_boxes = _fin_boxes(both) if size > 2 else t.any_box
    if fin_boxes is None:
        return ()
    boxes: list[Sequence[_FinBand]] = []
    for orientation in _ORIENTATIONS:
        line_masks = both[orientation]
        fin_tables = tables[orientation]
        fits = fin_tables[0]
        lines = [i for i in t.lines if fits[line_masks[i]]]
        band_stacks = fin_boxes[orientation]
        if len(lines) < size:
            boxes.append(())
        elif size == 2:
            boxes.append(_pair_fin_bands(lines, line_masks, orientation, fin_tables, band_stacks))
        elif size == 3:
            boxes.append(_triple_fin_bands(lines, line_masks, orientation, fin_tables,
                                           band_stacks, _close_lines(places, both)[orientation]))
        else:
            boxes.append(_fin_bands(lines, line_masks, size, orientation, fin_tables,
                                    band_stacks))
    if not (boxes[0] or boxes[1]):  # most digits: done without starting a search
        return ()
    return _finned_steps(size, tables, digit, both, boxes, t)


def _finned_steps(size: int, tables, digit: int, both: tuple[tuple[int, ...], tuple[int, ...]],
                  boxes: list[Sequence[_FinBand]], t: _FishTables) -> Iterator[Step]:
    """The steps of the bases and bands found for a digit, in their order: rows first."""
    popcount, positions = t.popcount, t.positions
    seen: set = set()
    for orientation in _ORIENTATIONS:
        line_masks = both[orientation]
        listed = tables[orientation][4]
        for union, in_base, band, in_band, out_band, others, stacks in boxes[orientation]:
            for stack in listed[stacks]:
                # Every place outside the fin box must be covered (at most `size` positions in
                # these stacks); the cover is made up to `size` lines from the box's own
                # positions, the rest become fins.
                outside = out_band | in_band & ~stack
                for extra in combinations(positions[union & stack & ~outside],
                                          size - popcount[outside]):
                    cover = outside
                    for j in extra:
                        cover |= 1 << j
                    if not others & cover & stack:
                        continue
                    band_lines = t.band_lines[orientation][band]
                    line_cell = t.line_cell[orientation]
                    removed = [line_cell[i][j] for i in band_lines if not in_base >> i & 1
                               for j in positions[line_masks[i] & cover & stack]]
                    # Several fish can prove the same removals (the same fish seen from
                    # rows and from columns, say): the first, on rows, is taught alone.
                    eliminations = tuple(sorted((c, digit) for c in removed))
                    if eliminations in seen:
                        continue
                    seen.add(eliminations)
                    base = positions[in_base]
                    fin_positions = union & ~cover
                    fins = [line_cell[i][j] for i in base if i in band_lines
                            for j in positions[line_masks[i] & fin_positions]]
                    yield _step(_FINNED_IDS[size], digit, orientation, base, positions[cover],
                                line_masks, fins, removed, t)


_FinBand = tuple[int, int, int, int, int, int, int]
"""A base and a band that may hold its fin box: (union of the base lines' places, the base lines as
a set, band, the base lines' places in the band, and outside it, the places of the band's
other lines: what the fin box can remove, and the stacks (bit s for stack s) where the fin box
can be: those leaving at most `size` - 1 of the union's positions and at most `size` base
places to cover outside the box, and holding some place of the band's other lines in the union).
Few tuples are made: each one costs."""


def _fin_bands(lines: list[int], line_masks: Sequence[int], size: int, orientation: int,
               tables: tuple[tuple, ...], band_stacks: Sequence[int]) -> list[_FinBand]:
    """The bases of `size` lines that are no plain fish, each with the bands (ascending) where its
    fin box may be and have a place to remove, in the order of the bases."""
    t = _tables()
    found: list[_FinBand] = []
    _, finned, room, touched, _, bands_hit, covered = tables
    bands = t.band_lines[orientation]
    band_of = t.band_of[orientation]
    for base, union, in_base in _bases(lines, line_masks, size, t.off_stack_plus_one[orientation]):
        fin_stacks = finned[union]
        if not fin_stacks:
            continue
        for band in bands_hit[in_base]:
            band_fin_stacks = fin_stacks & band_stacks[band]
            if not band_fin_stacks:
                continue
            in_band = out_band = 0
            for i in base:
                if band_of[i] == band:
                    in_band |= line_masks[i]
                else:
                    out_band |= line_masks[i]
            # No stack leaves at most `size` places to cover: no fin box in this band (the test
            # that rules out most bands, so it comes first).
            stacks = band_fin_stacks & room[out_band][in_band & ~out_band]
            if not stacks:
                continue
            others = 0
            for i in bands[band]:
                if not in_base >> i & 1:
                    others |= line_masks[i]
            stacks &= touched[others & union & covered[out_band]]
            if stacks:
                found.append((union, in_base, band, in_band, out_band, others, stacks))
    return found


def _triple_fin_bands(lines: list[int], line_masks: Sequence[int], orientation: int,
                      tables: tuple[tuple, ...], band_stacks: Sequence[int], close: _Close
                      ) -> list[_FinBand]:
    """_fin_bands for three lines, found band by band rather than base by base: the fin box's
    band holds one or two of the base lines (with all three, no cell of the band is left to lose
    the digit), and those outside it have at most three places together (the band's test), so
    only the few such pairs and lines are tried with the band's lines. Sorted into the bases'
    order at the end."""
    t = _tables()
    found: list[_FinBand] = []
    _, finned, room, touched, _, _, covered = tables
    band_of = t.band_of[orientation]
    band_rest = t.band_rest[orientation]
    small, tight, _ = close  # the lines that can be outside the fin box's band, pairs of them
    if not small:
        return found
    # One base line in the fin box's band, two outside.
    if tight:
        for i in lines:
            band = band_of[i]
            viable = band_stacks[band]
            if not viable:
                continue
            in_band = line_masks[i]
            others = -1  # made on first need
            for j, k, out_band in tight:
                if band_of[j] == band or band_of[k] == band:
                    continue
                union = in_band | out_band
                stacks = finned[union] & viable & room[out_band][in_band & ~out_band]
                if not stacks:
                    continue
                if others < 0:
                    others = 0
                    for r in band_rest[i]:
                        others |= line_masks[r]
                stacks &= touched[others & union & covered[out_band]]
                if stacks:
                    found.append((union, 1 << i | 1 << j | 1 << k, band, in_band, out_band,
                                  others, stacks))
    # Two base lines in the fin box's band, one outside.
    fits = tables[0]
    for band, i, i2, rest in t.band_pairs[orientation]:
        viable = band_stacks[band]
        if not viable or not (fits[line_masks[i]] and fits[line_masks[i2]]):
            continue
        in_band = line_masks[i] | line_masks[i2]
        others = 0
        for r in rest:
            others |= line_masks[r]
        if not others:
            continue
        for j in small:
            if band_of[j] == band:
                continue
            out_band = line_masks[j]
            union = in_band | out_band
            stacks = (finned[union] & viable & room[out_band][in_band & ~out_band]
                      & touched[others & union & covered[out_band]])
            if stacks:
                found.append((union, 1 << i | 1 << i2 | 1 << j, band, in_band, out_band, others,
                              stacks))
    if len(found) > 1:
        positions = t.positions
        # Base (lines ascending) by base, in combinations' order, then band.
        found.sort(key=lambda box: (positions[box[1]], box[2]))
    return found


def _pair_fin_bands(lines: list[int], line_masks: Sequence[int], orientation: int,
                    tables: tuple[tuple, ...], band_stacks: Sequence[int]) -> list[_FinBand]:
    """_fin_bands for two lines, with _bases written out: each band's places inside and outside
    are one line's, and most pairs are ruled out before anything is built for them."""
    t = _tables()
    found: list[_FinBand] = []
    _, finned, room, touched, _, _, covered = tables
    bands = t.band_lines[orientation]
    band_of = t.band_of[orientation]
    band_rest = t.band_rest[orientation]
    later = 0
    for first in lines:
        later += 1
        a = line_masks[first]
        first_band = band_of[first]
        first_stacks = band_stacks[first_band]
        for second in lines[later:]:
            b = line_masks[second]
            union = a | b
            fin_stacks = finned[union]
            if not fin_stacks:  # as _bases' spread, and no plain X-Wing
                continue
            in_base = 1 << first | 1 << second
            second_band = band_of[second]
            if first_band == second_band:  # nothing outside the one band
                others = 0
                for i in bands[first_band]:
                    if not in_base >> i & 1:
                        others |= line_masks[i]
                stacks = fin_stacks & first_stacks & touched[others & union]
                if stacks:
                    found.append((union, in_base, first_band, union, 0, others, stacks))
                continue
            # The fin box's band holds one of the lines, and the other is all covered.
            stacks = fin_stacks & first_stacks & room[b][a & ~b]
            if stacks:
                others = 0
                for i in band_rest[first]:
                    others |= line_masks[i]
                stacks &= touched[others & union & covered[b]]
                if stacks:
                    found.append((union, in_base, first_band, a, b, others, stacks))
            stacks = fin_stacks & band_stacks[second_band] & room[a][b & ~a]
            if stacks:
                others = 0
                for i in band_rest[second]:
                    others |= line_masks[i]
                stacks &= touched[others & union & covered[a]]
                if stacks:
                    found.append((union, in_base, second_band, b, a, others, stacks))
    return found


def _step(technique: str, digit: int, orientation: int, base, cover, line_masks, fins,
          removed, t: _FishTables) -> Step:
    line_cell = t.line_cell[orientation]
    cells = tuple(sorted(line_cell[i][j] for i in base for j in t.positions[line_masks[i]]))
    base_units = tuple(t.base_unit_start[orientation] + i for i in base)
    cover_units = tuple(t.cover_unit_start[orientation] + j for j in cover)
    roles: tuple[tuple[str, tuple[int, ...]], ...] = (
        ("base_units", base_units), ("cover_units", cover_units))
    if fins:
        roles += (("fins", tuple(sorted(fins))),)
    return Step(technique, eliminations=tuple(sorted((c, digit) for c in removed)), cells=cells,
                units=base_units + cover_units, digits=(digit,), roles=roles)


def x_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """X-Wings. Roles: "base_units" (the two lines holding the digit's places), "cover_units" (the
    two crossing lines those places fall in). `cells` are the base lines' places for the digit."""
    return _basic(values, masks, 2)


def swordfish(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Swordfish: as x_wings with three base and three cover lines."""
    return _basic(values, masks, 3)


def jellyfish(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Jellyfish: as x_wings with four base and four cover lines."""
    return _basic(values, masks, 4)


def finned_x_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Finned (and sashimi) X-Wings. Roles: "base_units", "cover_units" as for x_wings, and "fins"
    (the base lines' places outside the cover lines, all in one box). `cells` are all the base
    lines' places for the digit, fins included.

    A sashimi X-Wing of four places (one fin) is a skyscraper, and is given as one, with the
    skyscraper's removals (single_digit.skyscraper_of), in the fish's place in the order: a
    learner is taught the skyscraper by that name, and the grade counts it so.

    Where a base line's fin and its place lie in one box (boxes two cells wide, such as 4x4's),
    the fish is a claiming in disguise and the skyscraper read from it may not remove what the
    fish removes: the fish is given then."""
    given: set = set()
    for step in _finned(values, masks, 2):
        skyscraper = skyscraper_of(step, masks)
        if skyscraper is None or not set(step.eliminations) <= set(skyscraper.eliminations):
            yield step
        elif skyscraper.eliminations not in given:  # the two sashimi readings of one skyscraper
            given.add(skyscraper.eliminations)
            yield skyscraper


def finned_swordfish(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Finned (and sashimi) swordfish: as finned_x_wings with three base and three cover lines."""
    return _finned(values, masks, 3)


def finned_jellyfish(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Finned (and sashimi) jellyfish: as finned_x_wings with four base and four cover lines."""
    return _finned(values, masks, 4)


def is_sashimi(step: Step) -> bool:
    """Whether a finned fish is sashimi: without its fins, some base line keeps at most one place
    for the digit, so the fins are not mere extras on a complete fish."""
    fins = set(step.role("fins"))
    if not fins:
        return False
    units_of = board_in_use().units_of
    for unit in step.role("base_units"):
        if sum(1 for c in step.cells if c not in fins and unit in units_of[c]) <= 1:
            return True
    return False


def _a(word: str) -> str:
    """'an X-Wing', 'a finned swordfish', 'an 8'."""
    return f"an {word}" if word[:1] == "X" else an(word)


def _lines_name(units) -> str:
    """'row 2', 'rows 2 and 6', 'columns 1, 4 and 9' (units all of one kind; on a Samurai 'rows 2
    and 6 of the top-left grid')."""
    return lines_name(units)


def _short_lines(units) -> str:
    """'r26' or 'c38': lines in HoDoKu's compact notation (on a Samurai numbered within their
    grid, which the caller names)."""
    size = board_in_use().size
    # Above 9 lines a number may take two figures: commas keep 'r1,10' from reading as 'r110'.
    joined = ("," if len(str(size)) > 1 else "").join(str(unit_spot(u)[1] + 1) for u in units)
    return ("r" if unit_kind(units[0]) == "row" else "c") + joined


class _FishTexts(Texts):
    """Shared wording; `units` are the base lines then the cover lines, `digits` the one digit."""

    def kind(self, step: Step) -> str:
        """The fish's name in the texts: 'X-Wing', 'finned swordfish', 'sashimi jellyfish'."""
        return _FISH_NAMES[len(step.role("base_units"))]

    def _parts(self, step: Step):
        digit = symbol(step.digits[0])
        base, cover = step.role("base_units"), step.role("cover_units")
        return digit, _lines_name(base), _lines_name(cover), len(base)

    def one_line(self, step: Step) -> str:
        base, cover = step.role("base_units"), step.role("cover_units")
        fins = step.role("fins")
        fin_text = f" fin {','.join(cell_name(c) for c in fins)}" if fins else ""
        name = self.kind(step)
        return (f"{name[0].upper() + name[1:]}: {symbol(step.digits[0])} {_short_lines(base)} "
                f"{_short_lines(cover)}{grid_said(unit_spot(base[0])[0])}{fin_text} => "
                f"{step.changes}")

    def nudge(self, step: Step) -> str:
        digit, base, _, _ = self._parts(step)
        return f"Look for {_a(self.kind(step))} on the digit {digit}, with {base} as its base."

    def _reason(self, step: Step) -> str:
        digit, base, cover, n = self._parts(step)
        count = {2: "two", 3: "three", 4: "four"}[n]
        line = unit_kind(step.role("base_units")[0])
        across = "column" if line == "row" else "row"
        return (f"Each of these {count} {line}s needs its own {digit}, and each must put it in one "
                f"of {cover}; no {across} can take two of them, so the "
                f"{count} {line}s' {symbols(step.digits[0])} fill {cover}, one in each. No other "
                f"cell of those {across}s can then hold {an(digit)}")

    def _count(self, step: Step) -> str:
        return {2: "two", 3: "three", 4: "four"}[len(step.role("base_units"))]


class BasicFishTexts(_FishTexts):
    """X-Wing, swordfish, jellyfish: base lines whose places for a digit lie in as many cover
    lines."""

    def spot(self, step: Step) -> str:
        n = self._count(step)
        return (f"look for a digit whose places in {n} rows all lie in {n} columns, or in {n} "
                f"columns in {n} rows; it then leaves the rest of those columns (or rows).")

    def pattern(self, step: Step) -> str:
        digit, base, cover, _ = self._parts(step)
        return (f"In {base} the {digit} can only go in {cover} "
                f"({cells_name(step.cells)}).")

    def full(self, step: Step) -> str:
        digit, base, cover, _ = self._parts(step)
        return (f"In {base} the {digit} can only go in {cover} ({cells_name(step.cells)}): "
                f"{_a(self.kind(step))}. {self._reason(step)}. Remove {removals_by_digit(step)}.")


class FinnedFishTexts(_FishTexts):
    """Finned and sashimi fish: as basic fish, plus fins (role "fins") in one box."""

    def spot(self, step: Step) -> str:
        n = self._count(step)
        return (f"look for a digit whose places in {n} rows (or columns) lie in {n} columns (rows) "
                f"but for a fin in one box; the removals are where that box meets those lines.")

    def kind(self, step: Step) -> str:
        adjective = "sashimi" if is_sashimi(step) else "finned"
        return f"{adjective} {_FISH_NAMES[len(step.role('base_units'))]}"

    def _fin_words(self, step: Step) -> tuple[str, str]:
        fins = step.role("fins")
        board = board_in_use()
        box = unit_name(board.box_units[board.box_of[fins[0]]])
        return ("the fin " if len(fins) == 1 else "the fins ") + cells_name(fins), box

    def pattern(self, step: Step) -> str:
        digit, base, cover, _ = self._parts(step)
        fins = set(step.role("fins"))
        fin_words, box = self._fin_words(step)
        body = cells_name([c for c in step.cells if c not in fins])
        text = (f"In {base} the {digit} can only go in {cover} ({body}), or in {fin_words} "
                f"in {box}.")
        if is_sashimi(step):
            text += f" {self._sashimi_note(step)}"
        return text

    def _sashimi_note(self, step: Step) -> str:
        fins = set(step.role("fins"))
        thin, counts = [], set()
        for unit in step.role("base_units"):
            kept = [c for c in step.cells if c not in fins and unit in board_in_use().units_of[c]]
            if len(kept) <= 1:
                thin.append(unit)
                counts.add(len(kept))
        places = {frozenset({1}): "only one place", frozenset({0}): "no place"}.get(
            frozenset(counts), "at most one place")
        fin_word = "fin" if len(fins) == 1 else "fins"
        return (f"Without the {fin_word}, {_lines_name(thin)} would have {places} for the "
                f"{symbol(step.digits[0])} in {_lines_name(step.role('cover_units'))}, which makes "
                f"this finned fish a sashimi.")

    def full(self, step: Step) -> str:
        digit, base, cover, n = self._parts(step)
        fins = set(step.role("fins"))
        fin_words, box = self._fin_words(step)
        plain = _FISH_NAMES[n]
        body = cells_name([c for c in step.cells if c not in fins])
        text = (f"In {base} the {digit} can only go in {cover} ({body}), or in {fin_words} "
                f"in {box}: {_a(self.kind(step))}. ")
        if is_sashimi(step):
            text += f"{self._sashimi_note(step)} "
        either = "the fin holds" if len(fins) == 1 else "one of the fins holds"
        reason = self._reason(step)
        removed = sorted(step.eliminated_cells)
        units_of = board_in_use().units_of
        hit = sorted({u for c in removed for u in units_of[c]} & set(step.role("cover_units")))
        verb, lose = ("is", "it loses") if len(removed) == 1 else ("are", "they lose")
        which = "the fin" if len(fins) == 1 else "a fin"
        text += (f"Either {either} the {digit}, or none does and the other places form "
                 f"{_a(plain)}. In that case: {reason[0].lower()}{reason[1:]}. If instead {which} "
                 f"holds the {digit}, no other cell of {box} can hold one. {cells_name(removed)} "
                 f"{verb} in {_lines_name(hit)} and in {box}, so {lose} the {digit} either way. "
                 f"Remove {removals_by_digit(step)}.")
        return text
