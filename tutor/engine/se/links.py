"""Sukaku Explainer's strong-link chains of one digit (skyscraper, kite, turbot fish and their
grouped and 3- and 4-link forms): strong links in houses joined end to start by shared houses."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from tutor.engine.se.board import (
    BLOCK, BOX, COL, COL_KIND, DIGITS_OF, HOUSES, PEER_BITS, ROW, ROW_KIND, Board, cell_bits,
)
from tutor.engine.se.hint import SeHint, removals

BASE = {2: 4.0, 3: 5.4}
"""The rating of a chain of that many strong links, all in parallel lines."""



class StrongLink:
    """The digit is in one of two ends (groups of cells) of a house; `grouped` when an end has
    more than one cell (an empty rectangle in a box, two segments of a line)."""

    __slots__ = ("kind", "house", "ends", "grouped", "cells")

    def __init__(self, kind: int, house: int, ends: tuple[tuple[int, ...], tuple[int, ...]],
                 grouped: bool, cells: frozenset[int]) -> None:
        self.kind = kind
        self.house = house
        self.ends = ends
        self.grouped = grouped
        self.cells = cells


def _split(cells: list[int], first: list[int], second: list[int], heart: int | None,
           both_ways: bool = True):
    """The end pairs of a grouped link from its two blades (`first` along a row), as SE pairs
    them: a blade of one cell against the other blade (with the heart of a box); else blade
    against blade (both with the heart when it holds the digit). When both blades are one cell
    and the heart holds the digit, the heart goes with one or the other: in chains of two links
    either way; in longer chains (`both_ways` false) SE's search keeps only the row's cell
    alone, the heart with the column's."""
    with_heart = [] if heart is None else [heart]
    if len(first) == 1 and len(second) == 1:
        if heart is not None and heart in cells:
            if not both_ways:
                return [(tuple(first), tuple(second + with_heart))]
            return [(tuple(first), tuple(second + with_heart)),
                    (tuple(second), tuple(first + with_heart))]
        return [(tuple(first), tuple(second))]
    if len(first) == 1:
        return [(tuple(first), tuple(second + with_heart))]
    if len(second) == 1:
        return [(tuple(second), tuple(first + with_heart))]
    if heart is not None and heart in cells:
        return [(tuple(first + [heart]), tuple(second + [heart]))]
    return [(tuple(first), tuple(second))]


def strong_links(board: Board, digit: int, degree: int = 2) -> list[StrongLink]:
    """The digit's strong links for chains of `degree` links, boxes first, then rows, then
    columns."""
    found = []
    for kind in (BLOCK, ROW_KIND, COL_KIND):
        for index, house in enumerate(HOUSES[kind]):
            pos = board.places_of(house)[digit]
            if not pos & (pos - 1):
                continue
            cells = [house[k] for k in range(9) if pos >> k & 1]
            n = len(cells)
            if n == 2:
                a, b = cells
                if kind == BLOCK and (ROW[a] == ROW[b] or COL[a] == COL[b]):
                    continue
                found.append(StrongLink(kind, index, ((a,), (b,)), False, frozenset(cells)))
                continue
            if n < 3 or n > 6:
                continue
            if kind == BLOCK:
                for heart in house:
                    row, col = ROW[heart], COL[heart]
                    if any(ROW[c] != row and COL[c] != col for c in cells):
                        continue
                    first = [c for c in cells if ROW[c] == row and c != heart]
                    second = [c for c in cells if COL[c] == col and c != heart]
                    if first and second:
                        found.extend(StrongLink(kind, index, ends, True, frozenset(cells))
                                     for ends in _split(cells, first, second, heart,
                                                        degree == 2))
                    break
                else:
                    # No cross holds them all: in chains of three links or more, four places
                    # or more in two of the box's rows (or columns) make a link, one row
                    # against the other.
                    if degree > 2 and n >= 4:
                        link = _two_lines(kind, index, house, pos, cells)
                        if link is not None:
                            found.append(link)
            else:
                segments = [[c for c in cells if BOX[c] == b] for b in sorted({BOX[c] for c in house})]
                for e in range(3):
                    if segments[e]:
                        continue
                    first, second = [s for k, s in enumerate(segments) if k != e]
                    if first and second:
                        found.extend(StrongLink(kind, index, ends, True, frozenset(cells))
                                     for ends in _split(cells, first, second, None))
                    break
    return found


ROW0, ROW1, ROW2 = 0b000000111, 0b000111000, 0b111000000
COL0, COL1, COL2 = 0b001001001, 0b010010010, 0b100100100
TWO_LINES = ((ROW0, ROW1), (ROW0, ROW2), (ROW1, ROW2), (COL0, COL1), (COL0, COL2), (COL1, COL2))
"""A box's pairs of rows, then of columns, in the order SE tries them, as masks over the box's
nine places (row by row)."""


def _two_lines(kind: int, index: int, house: tuple[int, ...], pos: int,
               cells: list[int]) -> StrongLink | None:
    """The link between two rows (or columns) of a box holding the digit's places `pos`, for
    the first pair of lines SE tries whose third line is empty; None when that pair leaves one
    line empty too, or no third line is."""
    for first, second in TWO_LINES:
        if pos & ~(first | second):
            continue
        if not pos & first or not pos & second:
            return None
        ends = (tuple(house[k] for k in range(9) if (pos & first) >> k & 1),
                tuple(house[k] for k in range(9) if (pos & second) >> k & 1))
        return StrongLink(kind, index, ends, True, frozenset(cells))
    return None


@lru_cache(maxsize=None)
def _houses_of(group: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The houses holding every cell of the group: its column, row, box, in SE's order."""
    return tuple((kind, of[group[0]]) for kind, of in ((COL_KIND, COL), (ROW_KIND, ROW), (BLOCK, BOX))
                 if all(of[c] == of[group[0]] for c in group))


@lru_cache(maxsize=None)
def _shared_house(group1: tuple[int, ...], group2: tuple[int, ...]) -> tuple[int, int] | None:
    """The house holding every cell of both groups, looked for as SE does: column, row, box."""
    second = _houses_of(group2)
    for house in _houses_of(group1):
        if house in second:
            return house
    return None


def _difficulty(chain: list[StrongLink]) -> float:
    """The rating as the version that rated the Sudoku Exchange bank gives it (later versions
    differ): 4.0 skyscraper, 4.1 kite, 4.2 turbot fish; 3 links: 5.4 in parallel lines, 5.5 with
    a box, 5.6 in rows and columns; grouped, 4.3 and 5.7."""
    n = len(chain)
    if any(link.grouped for link in chain):
        return round(BASE[n] + 0.3, 1)
    kinds = {link.kind for link in chain}
    if n == 2:
        return 4.2 if BLOCK in kinds else 4.1 if len(kinds) == 2 else 4.0
    if BLOCK in kinds:
        return round(BASE[n] + 0.1, 1)
    return round(BASE[n] + 0.2, 1) if len(kinds) == 2 else BASE[n]


Find = tuple[float, int, str, tuple[int, ...], int, str, tuple[tuple[int, int], ...]]
"""A strong-link chain found: rating, minus its removals' count, SE's tie-breaks (_tie_break),
its place among those found, its name and its removals (sorted as SE sorts them)."""
TURBOT_ORDER = {(1, 1): 0, (2, 2): 1, (1, 2): 2, (0, 1): 3, (0, 2): 4, (0, 0): 5}
"""The order in which SE's 2-link search tries the kinds of its links (by kind numbers, box 0,
row 1, column 2): rows, columns, a row and a column, a row and a box, a column and a box."""


def _tie_break(chain: list[StrongLink]) -> tuple[str, tuple[int, ...]]:
    """How SE orders chains of equal rating and removals: by a text made of how many links are
    grouped and the links' kinds read the way that sorts first, rows and columns being
    interchangeable (two links: the grouped count alone); then by the kinds of links it tried
    first (for two links in TURBOT_ORDER, for three in ascending order of the sorted kinds)."""
    kinds = [link.kind for link in chain]
    grouped = sum(1 for link in chain if link.grouped)
    if len(chain) == 2:
        first, second = sorted(kinds)
        return ("00", "01", "11")[grouped], (TURBOT_ORDER[first, second],)
    if "".join(map(str, kinds)) > "".join(map(str, kinds[::-1])):
        kinds.reverse()
    original = "".join(map(str, kinds))
    # Rows and columns swapped, and that read backwards: the one that sorts first.
    swapped = "".join("2" if k == 1 else "1" if k == 2 else "0" for k in kinds)
    swapped = min(swapped, swapped[::-1])
    if 1 in kinds:
        name = min(original, swapped)
    else:
        name = original.replace("2", "1")
    return f"{grouped}{name}", tuple(sorted(kinds))


def _name(chain: list[StrongLink]) -> str:
    kinds = {link.kind for link in chain}
    if len(chain) == 2:
        name = ("Turbot fish" if BLOCK in kinds else "Two-string kite" if len(kinds) == 2
                else "Skyscraper")
    else:
        name = f"{len(chain)} strong links"
    return ("Grouped " + name[0].lower() + name[1:]) if any(l.grouped for l in chain) else name


HOUSE_BITS = {(kind, index): cell_bits(house) for kind, houses in HOUSES.items()
              for index, house in enumerate(houses)}
"""Per house (kind, index) its cells as bits (bit c: cell c)."""


@lru_cache(maxsize=None)
def _seeing_all(cells: tuple[int, ...]) -> int:
    """The cells that see every one of `cells`, as bits."""
    seen = PEER_BITS[cells[0]]
    for c in cells[1:]:
        seen &= PEER_BITS[c]
    return seen


def _digit_chains(board: Board, digit: int, degree: int, places: int) -> list:
    """link_chains' finds for one digit, in the order met (the index is the place among them):
    they rest on the digit's places alone (`places`: bit c for cell c)."""
    found: list[Find] = []
    links = strong_links(board, digit, degree)
    if len(links) < degree:
        return found
    # Which link (and which of its ends first) can follow a link entered by a given end.
    follows: dict[tuple[int, int], list[tuple[int, int, tuple[int, int]]]] = {}
    # The link ends lying in each house: an end can follow a tail only through a house both lie in.
    in_house: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for j, other in enumerate(links):
        for side2 in (0, 1):
            for house in _houses_of(other.ends[side2]):
                in_house.setdefault(house, []).append((j, side2))
    for i, link in enumerate(links):
        for side in (0, 1):
            tail = link.ends[1 - side]
            near = sorted({(j, side2) for house in _houses_of(tail)
                           for j, side2 in in_house.get(house, ())})
            follows[i, side] = [(j, side2, house) for j, side2 in near
                                if j != i and not links[j].cells & link.cells
                                for house in (_shared_house(tail, links[j].ends[side2]),)
                                if house is not None]
    chain: list[int] = []
    sides: list[int] = []
    shared: list[tuple[int, int]] = []
    # The links' cells as bits (bit c: cell c).
    link_bits = [cell_bits(link.cells) for link in links]

    def close() -> None:
        # Each chain is met from both ends: keep one reading.
        if chain[0] > chain[-1]:
            return
        members = [links[i] for i in chain]
        start = members[0].ends[sides[0]]
        end = members[-1].ends[1 - sides[-1]]
        ring = _shared_house(start, end)
        if ring is not None:
            victims = HOUSE_BITS[ring]
            for house in shared:
                victims |= HOUSE_BITS[house]
            for i in chain:
                victims &= ~link_bits[i]
        else:
            victims = _seeing_all(start + end)
            for link in members:
                victims &= ~HOUSE_BITS[link.kind, link.house]
            for house in shared:
                victims &= ~HOUSE_BITS[house]
        victims &= places
        if victims:
            removes = []
            while victims:
                low = victims & -victims
                victims ^= low
                removes.append((low.bit_length() - 1, digit))
            found.append((_difficulty(members), -len(removes), *_tie_break(members), len(found),
                          _name(members),
                          tuple(removes)))

    def grow(used: int) -> None:
        # The last link of a chain whose first link is numbered higher would read a chain met
        # the other way round: close() would drop it, so it is not tried.
        last = len(chain) + 1 == degree
        first = chain[0]
        for j, side2, house in follows[chain[-1], sides[-1]]:
            if j in chain or link_bits[j] & used or (last and j < first):
                continue
            chain.append(j)
            sides.append(side2)
            shared.append(house)
            if last:
                close()
            else:
                grow(used | link_bits[j])
            chain.pop()
            sides.pop()
            shared.pop()

    for i, link in enumerate(links):
        for side in (0, 1):
            chain.append(i)
            sides.append(side)
            grow(link_bits[i])
            chain.pop()
            sides.pop()
    return found


def link_chains(board: Board, degree: int) -> Iterator[SeHint]:
    """Chains of `degree` strong links of a digit (distinct houses, no candidate in two of them),
    each end joined to the next start by a house: the digit goes from the cells seeing both far
    ends outside the chain's houses; in a loop (far ends sharing a house) from the shared houses.
    Easiest first (4.0 for two links, 5.4 for three, plus 0.1-0.2 for mixed house kinds, 0.3
    when grouped), then most removals."""
    cand = board.cand
    memory = board.memory.setdefault("link chains", {})
    found: list[Find] = []
    where = [0] * 10  # per digit the cells holding it (bit c: cell c)
    for c, mask in enumerate(cand):
        for digit in DIGITS_OF[mask]:
            where[digit] |= 1 << c
    for digit in range(1, 10):
        places = where[digit]
        # From one step to the next most digits keep their places: their finds are remembered.
        key = (degree, digit, places)
        mine = memory.get(key)
        if mine is None:
            if len(memory) >= FOUND_KEPT:
                memory.clear()
            mine = memory[key] = _digit_chains(board, digit, degree, places)
        start = len(found)
        found.extend((difficulty, worth, suffix, kinds, start + k, name, removes)
                     for difficulty, worth, suffix, kinds, k, name, removes in mine)
    found.sort()
    for difficulty, _, _, _, _, name, removes in found:
        yield SeHint(difficulty, name, removes)


FOUND_KEPT = 20_000
"""Finds link_chains remembers at most (in the board's memory; it starts again beyond)."""
