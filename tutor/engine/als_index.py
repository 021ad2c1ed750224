"""The almost locked sets of a position and how they meet: the index ALS-XZ, ALS-XY-Wing, death
blossoms, ALS chains and grouped chains share (an almost locked set: N cells of one unit holding
N+1 digits)."""

from __future__ import annotations

from itertools import compress
from operator import eq
from typing import NamedTuple, Sequence

from tutor.model.geometry import COUNT, DIGITS_IN, PEER_BITS, UNIT_BITS, UNITS
from tutor.engine.search import current, digit_cell_sets


ALL_CELLS = (1 << 81) - 1
"""Every cell, as an 81-bit set."""

MAX_ALS_CELLS = 8
"""The largest set looked at (HoDoKu's default: a unit's nine cells less one)."""


class Als(NamedTuple):
    """One almost locked set: `cells` (81-bit set) in `unit` holding the digits of `mask`.

    `holders[d]` are its cells holding digit d; `seers[d]` the cells outside it that hold d and
    see every one of those (index 0 unused in both)."""

    cells: int
    mask: int
    unit: int
    holders: tuple[int, ...]
    seers: tuple[int, ...]


_SEE_ALL: dict[int, int] = {}
"""_SEE_ALL[cells]: the cells sharing a unit with every one of `cells` (81-bit sets), kept once
found: pure geometry, the same in every position and on every thread."""


def _seeing_all(inside: int) -> int:
    seeing = _SEE_ALL.get(inside)
    if seeing is None:
        seeing = ALL_CELLS
        rest = inside
        while rest:
            low = rest & -rest
            seeing &= PEER_BITS[low.bit_length() - 1]
            rest ^= low
        if len(_SEE_ALL) < 100_000:  # subsets of one unit: far fewer ever occur
            _SEE_ALL[inside] = seeing
    return seeing


def almost_locked_sets(masks: Sequence[int], digit_cells: Sequence[int]) -> list[Als]:
    """Every almost locked set of the position, each cell set once (the first unit found)."""
    found: dict[int, int] = {}
    for unit in range(len(UNITS) - 1, -1, -1):  # the first unit's answer written last
        found.update(_unit_sets(masks, unit))
    infos: list[dict[int, _PlaceInfo]] = [{} for _ in range(10)]
    digit_cells = tuple(digit_cells)
    return [_entry(key & ALL_CELLS, found[key], digit_cells, infos, _Spots()).als
            for key in sorted(found)]


_SIZE_SHIFT = 81
"""A set's key is size << 81 | cells: sorting the keys orders the sets by size, then cells."""

_WANTED_DIGITS = tuple(
    size + 1 if size <= MAX_ALS_CELLS else -1 for size in (s.bit_count() for s in range(512)))
"""_WANTED_DIGITS[choice]: how many digits make the cells of `choice` (a bitset of a unit's empty
cells, by their order in the unit) almost locked; -1 for too many cells."""


def _unit_sets(masks: Sequence[int], unit: int) -> dict[int, int]:
    """The almost locked sets among one unit's empty cells, as {key: unit << 9 | digits}: a pure
    function of the unit's masks."""
    # Every choice of the unit's empty cells at once, as lists indexed by the choice: each empty
    # cell doubles them, the new half each with that cell added. A unit has a few empty cells
    # (dozens of choices), and the lists are made in C; a search cell by cell makes each choice
    # in Python.
    digits = [0]
    keys = [0]
    for cell in UNITS[unit]:
        mask = masks[cell]
        if mask:
            digits += [union | mask for union in digits]
            added = 1 << _SIZE_SHIFT | 1 << cell
            keys += [key + added for key in keys]
    found = compress(range(len(digits)), map(eq, map(COUNT.__getitem__, digits), _WANTED_DIGITS))
    base = unit << 9
    return {keys[choice]: base | digits[choice] for choice in found}


EVERY_DIGIT = sum(1 << 81 * k for k in range(9))
"""A cell set times this: the same cells once for each digit (candidates as 729-bit sets, digit
d's cells at bits 81 * (d - 1) up)."""

EVERY_CANDIDATE = ALL_CELLS * EVERY_DIGIT
"""Every cell for every digit, as a 729-bit set."""


class _Entry(NamedTuple):
    """One set as the build keeps it: the set; `watch`, the candidates it depends on (a 729-bit
    set: every candidate of its cells, and each digit's candidates in the cells seeing all its
    places of that digit); `reaching`, its digits (a mask) whose places some cell outside sees
    all of; and `places`, for each such digit d, (places << 4 | d, d, its places, the cells
    seeing all of them), those cells as _Spots (the build takes them one by one)."""

    als: Als
    watch: int
    reaching: int
    places: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]


class _Spots(dict):
    """{cells << 4 | d: 81 * d + cell for each cell of `cells` (an 81-bit set), lowest first}:
    where the build keeps each cell's sets for digit d. Each worked out when first asked for."""

    def __missing__(self, key: int) -> tuple[int, ...]:
        found = []
        rest = key >> 4
        offset = 81 * (key & 15)
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
seeing all of them at d's place in a 729-bit set, and the _Entry.places item or None when no
cell holding d sees all of them)."""

_INFOS_KEPT = 1 << 10
"""Places kept per digit before that digit's memory starts afresh."""


def _place_info(d: int, places: int, cells_d: int, infos: dict[int, _PlaceInfo],
                spots: _Spots) -> _PlaceInfo:
    seeing = _SEE_ALL.get(places)
    if seeing is None:
        seeing = _seeing_all(places)
    # The cells seeing all of them are outside the set: none sees itself, and the set's other
    # cells lack d.
    region = seeing & cells_d
    item = (places << 4 | d, d, spots[places << 4 | d], spots[region << 4 | d]) if region else None
    info = infos[places] = (region, seeing << 81 * (d - 1), item)
    return info


def _entry(bits: int, packed: int, digit_cells: Sequence[int],
           infos: list[dict[int, _PlaceInfo]], spots: _Spots) -> _Entry:
    """The _Entry of the set `bits` (`packed`: unit << 9 | digits); `infos[d]` holds the
    _place_info of d's places, worked out and added when missing."""
    mask = packed & 511
    holders = tuple(map(bits.__and__, digit_cells))  # digit_cells[0] is 0
    seers = [0] * 10
    watch = bits * EVERY_DIGIT
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
    als = tuple.__new__(Als, (bits, mask, packed >> 9, holders, tuple(seers)))
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
    search = current()
    last = search.als_built
    units: list[dict[int, int]]
    infos: list[dict[int, _PlaceInfo]]
    if last is None:
        units = [_unit_sets(masks, unit) for unit in range(len(UNITS))]
        before: dict[int, _Entry] = {}
        changed = -1
        infos = [{} for _ in range(10)]
    else:
        last_cells, last_units, before, last_infos = last
        changed = changed_cells = 0
        infos = []
        for d in range(10):
            moved = last_cells[d] ^ digit_cells[d]
            if moved:
                changed |= moved << 81 * (d - 1)
                changed_cells |= moved
                infos.append({})
            else:
                kept = last_infos[d]
                infos.append(kept if len(kept) < _INFOS_KEPT else {})
        units = [found if not unit_bits & changed_cells else _unit_sets(masks, unit)
                 for unit, (found, unit_bits) in enumerate(zip(last_units, UNIT_BITS))]
    found: dict[int, int] = {}
    for unit in range(len(units) - 1, -1, -1):  # the first unit's answer written last
        found.update(units[unit])
    spots = search.als_spots
    if spots is None or len(spots) > _SPOTS_KEPT:
        spots = search.als_spots = _Spots()
    entries: dict[int, _Entry] = {}
    get = before.get
    for key in sorted(found):
        entry = get(key)
        if entry is None or entry.watch & changed:
            entry = _entry(key & ALL_CELLS, found[key], digit_cells, infos, spots)
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

    - `ties[10 * i + d]`: the sets tied to set i by d, a restricted common digit: each of their d's
      sees each d of set i (so neither set holds a d of the other, nor contains the other);
    - `tied[i]`: the sets tied to set i by any digit;
    - `near[10 * i + d]`: the sets holding d whose cells seeing all their d's meet set i's such
      cells (a cell there sees every d of both sets);
    - `near_any[i]`: the sets near set i by any digit;
    - `seen[81 * d + cell]`: the sets holding d whose every d that cell sees;
    - `reaching[i]`: the digits (a mask) of set i with cells outside it seeing all their places:
      only these can tie it to another set or make it near one;
    - `twice[i]`: the sets tied to set i by two digits or more;
    - `pairing[i]`: the sets tied to set i that make an ALS-XZ with it if disjoint: tied twice,
      or near it through a digit that does not tie them;
    - `wide`: the sets with more than two reaching digits.

    The finders pair only sets these allow, instead of trying every pair. `links` are the ties
    as lists, built when first read."""

    __slots__ = ("sets", "ties", "tied", "near", "near_any", "reaching", "twice", "pairing",
                 "wide", "seen", "_links")

    def __init__(self, masks: Sequence[int]):
        # groups[places << 4 | d]: the sets (a bitset of their numbers) whose places of d are
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
        ties = [0] * (10 * count)
        near = [0] * (10 * count)
        tied_any: list[int] = []
        near_any: list[int] = []
        # One flat list (see _Spots), read as it is by the death blossom.
        self.seen = seen = [0] * 810
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
            base += 10
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
            ties = self.ties
            for i, (reach, twice) in enumerate(zip(self.reaching, self.twice)):
                base = 10 * i
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
