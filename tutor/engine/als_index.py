"""The almost locked sets of a position and how they meet: the index ALS-XZ, ALS-XY-Wing, death
blossoms, ALS chains and grouped chains share (an almost locked set: N cells of one unit holding
N+1 digits).

Sets are cell sets of the board in use; a candidate set (digit d's cells at bits
cell_count * (d - 1) up) holds every digit's cells at once; per-digit lists are indexed by digit
(index 0 unused), `size + 1` entries a set where flat.
"""

from __future__ import annotations

from itertools import compress
from operator import eq
from typing import NamedTuple, Sequence

from tutor.model.geometry import COUNT, DIGITS_IN, Geometry
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current, digit_cell_sets


def all_cells(board: Geometry) -> int:
    """Every cell of the board, as a cell set."""
    return (1 << board.cell_count) - 1


def every_digit(board: Geometry) -> int:
    """A cell set times this: the same cells once for each digit (candidates as one set, digit
    d's cells at bits cell_count * (d - 1) up)."""
    return board.table("als.every_digit", _every_digit)


def _every_digit(board: Geometry) -> int:
    return sum(1 << board.cell_count * k for k in range(board.size))


def max_als_cells(board: Geometry) -> int:
    """The largest set looked at: a unit's cells less one (HoDoKu's default on the classic
    board)."""
    return board.size - 1


class Als(NamedTuple):
    """One almost locked set: `cells` (a cell set) in `unit` holding the digits of `mask`.

    `holders[d]` are its cells holding digit d; `seers[d]` the cells outside it that hold d and
    see every one of those (index 0 unused in both)."""

    cells: int
    mask: int
    unit: int
    holders: tuple[int, ...]
    seers: tuple[int, ...]


def _seeing_all_table(board: Geometry) -> dict[int, int]:
    return {}


def seeing_all(board: Geometry, inside: int) -> int:
    """The cells sharing a unit with every one of `inside` (a cell set), kept in the board once
    found (its "als.seeing_all" table): pure geometry, the same in every position and on every
    thread."""
    known = board.table("als.seeing_all", _seeing_all_table)
    seeing = known.get(inside)
    if seeing is None:
        seeing = all_cells(board)
        peer_bits = board.peer_bits
        rest = inside
        while rest:
            low = rest & -rest
            seeing &= peer_bits[low.bit_length() - 1]
            rest ^= low
        if len(known) < 100_000:  # subsets of one unit: far fewer ever occur
            known[inside] = seeing
    return seeing


def almost_locked_sets(masks: Sequence[int], digit_cells: Sequence[int]) -> list[Als]:
    """Every almost locked set of the position, each cell set once (the first unit found)."""
    board = board_in_use()
    found: dict[int, int] = {}
    for unit in range(len(board.units) - 1, -1, -1):  # the first unit's answer written last
        found.update(_unit_sets(masks, unit, board))
    infos: list[dict[int, _PlaceInfo]] = [{} for _ in range(board.size + 1)]
    digit_cells = tuple(digit_cells)
    every = all_cells(board)
    return [_entry(key & every, found[key], digit_cells, infos, _Spots(board), board.size).als
            for key in sorted(found)]


# A set's key is its size << cell_count | its cells: sorting the keys orders the sets by size,
# then cells.


def _wanted_digits(board: Geometry) -> tuple[int, ...]:
    """[choice]: how many digits make the cells of `choice` (a bitset of a unit's empty cells, by
    their order in the unit) almost locked; -1 for too many cells."""
    largest = max_als_cells(board)
    return tuple(size + 1 if size <= largest else -1
                 for size in (s.bit_count() for s in range(1 << board.size)))


def _unit_sets(masks: Sequence[int], unit: int, board: Geometry) -> dict[int, int]:
    """The almost locked sets among one unit's empty cells, as {key: unit << size | digits}: a
    pure function of the unit's masks."""
    # Every choice of the unit's empty cells at once, as lists indexed by the choice: each empty
    # cell doubles them, the new half each with that cell added. A unit has a few empty cells
    # (dozens of choices), and the lists are made in C; a search cell by cell makes each choice
    # in Python.
    digits = [0]
    keys = [0]
    size_bit = 1 << board.cell_count
    for cell in board.units[unit]:
        mask = masks[cell]
        if mask:
            digits += [union | mask for union in digits]
            added = size_bit | 1 << cell
            keys += [key + added for key in keys]
    wanted = board.table("als.wanted_digits", _wanted_digits)
    found = compress(range(len(digits)), map(eq, map(COUNT.__getitem__, digits), wanted))
    base = unit << board.size
    return {keys[choice]: base | digits[choice] for choice in found}


class _Entry(NamedTuple):
    """One set as the build keeps it: the set; `watch`, the candidates it depends on (a
    candidate set: every candidate of its cells, and each digit's candidates in the cells
    seeing all its places of that digit); `reaching`, its digits (a mask) whose places some cell
    outside sees all of; and `places`, for each such digit d, (places << shift | d, d, its
    places, the cells seeing all of them), those cells as _Spots (the build takes them one by
    one; `shift` is the _Spots')."""

    als: Als
    watch: int
    reaching: int
    places: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]


class _Spots(dict):
    """{cells << shift | d: cell_count * d + cell for each cell of `cells` (a cell set), lowest
    first}: where the build keeps each cell's sets for digit d (`shift`: the bits a digit takes,
    4 on the classic board). Each worked out when first asked for. Made for one board."""

    def __init__(self, board: Geometry):
        super().__init__()
        self.board = board
        self.shift = board.size.bit_length()
        self.cell_count = board.cell_count
        # The board's tables the build reads for each set, at hand.
        self.seeing_all = board.table("als.seeing_all", _seeing_all_table)
        self.every_digit = every_digit(board)

    def __missing__(self, key: int) -> tuple[int, ...]:
        found = []
        shift = self.shift
        rest = key >> shift
        offset = self.cell_count * (key & ((1 << shift) - 1))
        while rest:
            low = rest & -rest
            found.append(offset + low.bit_length() - 1)
            rest ^= low
        self[key] = spots = tuple(found)
        return spots


# The search's `als_spots`: the _Spots of the places and regions met so far (the same few recur
# from position to position), emptied when full.

_SPOTS_KEPT = 1 << 13


_PlaceInfo = tuple[int, int, "tuple[int, int, tuple[int, ...], tuple[int, ...]] | None"]
"""For a digit d and its places in a set: (the cells holding d and seeing all of them, the cells
seeing all of them at d's place in a candidate set, and the _Entry.places item or None when no
cell holding d sees all of them)."""

_INFOS_KEPT = 1 << 10
"""Places kept per digit before that digit's memory starts afresh."""


def _place_info(d: int, places: int, cells_d: int, infos: dict[int, _PlaceInfo],
                spots: _Spots) -> _PlaceInfo:
    seeing = spots.seeing_all.get(places)
    if seeing is None:
        seeing = seeing_all(spots.board, places)
    # The cells seeing all of them are outside the set: none sees itself, and the set's other
    # cells lack d.
    region = seeing & cells_d
    shift = spots.shift
    key = places << shift | d
    item = (key, d, spots[key], spots[region << shift | d]) if region else None
    info = infos[places] = (region, seeing << spots.cell_count * (d - 1), item)
    return info


def _entry(bits: int, packed: int, digit_cells: Sequence[int],
           infos: list[dict[int, _PlaceInfo]], spots: _Spots, size: int) -> _Entry:
    """The _Entry of the set `bits` (`packed`: unit << size | digits, `size` the board's);
    `infos[d]` holds the _place_info of d's places, worked out and added when missing."""
    unit = packed >> size
    mask = packed ^ unit << size
    holders = tuple(map(bits.__and__, digit_cells))  # digit_cells[0] is 0
    seers = [0] * len(digit_cells)
    watch = bits * spots.every_digit
    reaching = 0
    places = []
    for d in DIGITS_IN[mask]:
        inside = holders[d]
        info = infos[d].get(inside)
        if info is None:
            info = _place_info(d, inside, digit_cells[d], infos[d], spots)
        region, seeing, item = info
        seers[d] = region
        watch |= seeing
        if item is not None:
            reaching |= 1 << (d - 1)
            places.append(item)
    als = tuple.__new__(Als, (bits, mask, unit, holders, tuple(seers)))
    return tuple.__new__(_Entry, (als, watch, reaching, tuple(places)))


# The search's `als_built`: (digit cells, each unit's _unit_sets, {key: _Entry} in the sets'
# order, each digit's _place_info by places) for the last position built, read and replaced
# whole. The walk builds again after a step or two, which change a few units' candidates: only
# those units are searched again, only the sets whose `watch` meets a changed candidate are
# worked out again, and a digit's places keep their _place_info while its cells stay the same.
# Holds one position's sets, and a bounded number of places per digit.


def _entries(masks: Sequence[int], digit_cells: Sequence[int]) -> dict[int, _Entry]:
    """The position's sets as _Entry by key, in the sets' order (by size, then cells)."""
    digit_cells = tuple(digit_cells)
    board = board_in_use()
    size, cell_count = board.size, board.cell_count
    search = current()
    last = search.als_built
    units: list[dict[int, int]]
    infos: list[dict[int, _PlaceInfo]]
    if last is None:
        units = [_unit_sets(masks, unit, board) for unit in range(len(board.units))]
        before: dict[int, _Entry] = {}
        changed = -1
        infos = [{} for _ in range(size + 1)]
    else:
        last_cells, last_units, before, last_infos = last
        changed = changed_cells = 0
        infos = []
        for d in range(size + 1):
            moved = last_cells[d] ^ digit_cells[d]
            if moved:
                changed |= moved << cell_count * (d - 1)
                changed_cells |= moved
                infos.append({})
            else:
                kept = last_infos[d]
                infos.append(kept if len(kept) < _INFOS_KEPT else {})
        units = [found if not unit_bits & changed_cells else _unit_sets(masks, unit, board)
                 for unit, (found, unit_bits) in enumerate(zip(last_units, board.unit_bits))]
    found: dict[int, int] = {}
    for unit in range(len(units) - 1, -1, -1):  # the first unit's answer written last
        found.update(units[unit])
    spots = search.als_spots
    if spots is None or len(spots) > _SPOTS_KEPT or spots.board is not board:
        spots = search.als_spots = _Spots(board)
    entries: dict[int, _Entry] = {}
    get = before.get
    every = all_cells(board)
    for key in sorted(found):
        entry = get(key)
        if entry is None or entry.watch & changed:
            entry = _entry(key & every, found[key], digit_cells, infos, spots, size)
        entries[key] = entry
    search.als_built = (digit_cells, units, entries, infos)
    return entries


def restricted_commons(a: Als, b: Als) -> int:
    """The digits (a mask) common to two disjoint sets whose every instance in one sees every
    instance in the other: at most one of the two sets can hold such a digit."""
    found = 0
    for d in DIGITS_IN[a.mask & b.mask]:
        if not b.holders[d] & ~a.seers[d]:
            found |= 1 << (d - 1)
    return found


class AlsIndex:
    """One position's almost locked sets and how they meet, as bitsets over the sets' numbers
    (set i is bit i):

    - `ties[stride * i + d]` (`stride`, the board's digits and one): the sets tied to set i by d, a restricted common digit: each of their d's
      sees each d of set i (so neither set holds a d of the other, nor contains the other);
    - `tied[i]`: the sets tied to set i by any digit;
    - `near[stride * i + d]`: the sets holding d whose cells seeing all their d's meet set i's such
      cells (a cell there sees every d of both sets);
    - `near_any[i]`: the sets near set i by any digit;
    - `seen[cell_count * d + cell]`: the sets holding d whose every d that cell sees;
    - `reaching[i]`: the digits (a mask) of set i with cells outside it seeing all their places:
      only these can tie it to another set or make it near one;
    - `twice[i]`: the sets tied to set i by two digits or more;
    - `pairing[i]`: the sets tied to set i that make an ALS-XZ with it if disjoint: tied twice,
      or near it through a digit that does not tie them;
    - `wide`: the sets with more than two reaching digits.

    The finders pair only sets these allow, instead of trying every pair. `links` are the ties
    as lists, built when first read."""

    __slots__ = ("sets", "ties", "tied", "near", "near_any", "reaching", "twice", "pairing",
                 "wide", "seen", "stride", "_links")

    def __init__(self, masks: Sequence[int]):
        board = board_in_use()
        self.stride = stride = board.size + 1
        # groups[places << shift | d]: the sets (a bitset of their numbers) whose places of d are
        # `places`, only those some cell outside sees all of (the others tie nothing);
        # shapes[the same key]: (key, d, places, the cells seeing all of them), cells as _Spots.
        groups: dict[int, int] = {}
        shapes: dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
        sets: list[Als] = []
        reaching: list[int] = []
        self.sets, self.reaching = sets, reaching
        number = 1
        entries = _entries(masks, digit_cell_sets(masks)).values()
        for als, _, reach, places_of in entries:
            sets.append(als)
            reaching.append(reach)
            for shape in places_of:
                key = shape[0]
                if key in groups:
                    groups[key] |= number
                else:
                    groups[key] = number
                    shapes[key] = shape
            number <<= 1
        self._links: list[list[tuple[int, int]]] | None = None
        count = len(sets)
        # One flat list each rather than a list per set: fewer objects for the collector.
        ties = [0] * (stride * count)
        near = [0] * (stride * count)
        tied_any: list[int] = []
        near_any: list[int] = []
        # One flat list (see _Spots), read as it is by the death blossom.
        self.seen = seen = [0] * (board.cell_count * stride)
        # Everything below depends on a set's places of a digit only, and sets often share
        # them: each group of sets with the same places is worked out once.
        for key, (_, _, _, region) in shapes.items():
            members = groups[key]
            for spot in region:
                seen[spot] |= members
        outcomes: dict[int, tuple[int, int, int]] = {}
        for key, (_, _, places, region) in shapes.items():
            # Two sets are tied by d when every d of one sees every d of the other: the sets
            # tied to these places are those whose region holds every one of them.
            tied = -1
            for spot in places:
                tied &= seen[spot]
            close = 0
            for spot in region:
                close |= seen[spot]
            outcomes[key] = tied, close, close & ~tied
        base = 0
        twice_any: list[int] = []
        pairing: list[int] = []
        wide = 0
        number = 1
        for _, _, _, places_of in entries:
            tied_here = near_here = twice = useful = 0
            for key, d, _, _ in places_of:
                tied, close, untied = outcomes[key]
                at = base + d
                ties[at] = tied
                near[at] = close
                twice |= tied_here & tied
                tied_here |= tied
                near_here |= close
                useful |= untied
            tied_any.append(tied_here)
            near_any.append(near_here)
            twice_any.append(twice)
            pairing.append((useful | twice) & tied_here)
            if len(places_of) > 2:
                wide |= number
            number <<= 1
            base += stride
        self.twice = twice_any
        self.pairing = pairing
        self.wide = wide
        self.ties = ties
        self.tied = tied_any
        self.near = near
        self.near_any = near_any

    @property
    def links(self) -> list[list[tuple[int, int]]]:
        """For each set, (other set's number, tie digits as a mask) for every set tied to it,
        by number."""
        links = self._links
        if links is None:
            links = []
            ties, stride = self.ties, self.stride
            for i, (reach, twice) in enumerate(zip(self.reaching, self.twice)):
                base = stride * i
                mine = []
                digits = DIGITS_IN[reach]
                # Most sets are tied by one digit: those are read off that digit's ties.
                for d in digits:
                    alone = ties[base + d] & ~twice
                    while alone:
                        low = alone & -alone
                        alone ^= low
                        mine.append((low.bit_length() - 1, 1 << (d - 1)))
                while twice:
                    low = twice & -twice
                    twice ^= low
                    rcs = 0
                    for d in digits:
                        if ties[base + d] & low:
                            rcs |= 1 << (d - 1)
                    mine.append((low.bit_length() - 1, rcs))
                mine.sort()
                links.append(mine)
            self._links = links
        return links


# The search's `als_found`: (the last position's masks, its AlsIndex): the ladder tries ALS-XZ,
# ALS-XY-Wing, the death blossom, grouped chains and ALS chains on the same position, and
# finding the sets and how they meet is most of each one's work.


def als_index(masks: Sequence[int]) -> AlsIndex:
    """The position's almost locked sets and how they meet, kept in the current search for the
    next finder that asks about the same position."""
    key = tuple(masks)
    search = current()
    last = search.als_found
    if last is None or last[0] != key:
        found = AlsIndex(masks)
        search.als_found = (key, found)
        return found
    return last[1]


class _Links(Sequence):
    """A position's ties as lists (AlsIndex.links), built only when read."""

    def __init__(self, found: AlsIndex):
        self._found = found

    def __getitem__(self, index):
        return self._found.links[index]

    def __len__(self) -> int:
        return len(self._found.sets)


def sets_and_links(masks: Sequence[int]) -> tuple[list[Als], Sequence[list[tuple[int, int]]]]:
    """The position's almost locked sets and, for each, (other set's number, restricted common
    digits as a mask) for every set tied to it (sets sharing cells included)."""
    found = als_index(masks)
    return found.sets, _Links(found)
