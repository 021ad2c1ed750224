"""Sudoku Explainer's techniques up to aligned pair exclusion, each yielding its hints in the
order SE finds them (the rating applies the first hint of the first technique that has one)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from tutor.engine.se.board import (
    BLOCK, COL_KIND, COLS, COUNT, DIGITS_OF, HOUSES, PEER_BITS, PEER_SET, PEERS, ROW_KIND,
    ROWS, Board, cell_bits, tight_subsets,
)
from tutor.engine.se.hint import SeHint, removals

# SE looks at boxes first, then columns, then rows, for singles and subsets.
SCAN_ORDER = (BLOCK, COL_KIND, ROW_KIND)


def _bits(mask: int) -> list[int]:
    return [k for k in range(9) if mask >> k & 1]


def hidden_singles(board: Board) -> Iterator[SeHint]:
    """Last empty cell of a house (1.0), then a digit with one place in a box (1.2) or line (1.5)."""
    for alone in (True, False):
        for kind in SCAN_ORDER:
            for house in HOUSES[kind]:
                empty = board.empties(house)
                if (empty == 1) != alone:
                    continue
                places = board.places_of(house)
                for digit in range(1, 10):
                    pos = places[digit]
                    if pos and not pos & (pos - 1):
                        cell = house[pos.bit_length() - 1]
                        difficulty = 1.0 if alone else 1.2 if kind == BLOCK else 1.5
                        yield SeHint(difficulty, "Hidden single", places=(cell, digit))


def naked_singles(board: Board) -> Iterator[SeHint]:
    """A cell with one candidate left (2.3)."""
    for cell, mask in enumerate(board.cand):
        if mask and not mask & (mask - 1):
            yield SeHint(2.3, "Naked single", places=(cell, mask.bit_length() - 1))


# Box-line pairs in SE's order: (box, column), (box, row), (column, box), (row, box).
LOCK_ORDER = ((BLOCK, COL_KIND), (BLOCK, ROW_KIND), (COL_KIND, BLOCK), (ROW_KIND, BLOCK))


def _crossings() -> dict[tuple[int, int, int, int], tuple[int, int]]:
    """Per crossing houses (kind1, index1, kind2, index2): the places of their shared cells, as a
    mask over house 1's nine places and one over house 2's."""
    out = {}
    for kind1, kind2 in {*LOCK_ORDER}:
        for i1, house1 in enumerate(HOUSES[kind1]):
            for i2, house2 in enumerate(HOUSES[kind2]):
                shared = set(house1) & set(house2)
                if shared:
                    out[kind1, i1, kind2, i2] = (
                        sum(1 << k for k, c in enumerate(house1) if c in shared),
                        sum(1 << k for k, c in enumerate(house2) if c in shared))
    return out


CROSSINGS = _crossings()


def _crossing_lists():
    """Per house (kind1, index1) and crossing kind, the crossing houses in index order as
    (index2, places over house 1, places over house 2); and per house (kind2, index2) and kind 1
    the houses of kind 1 crossing it, in index order, as (index1, places over house 1)."""
    out: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
    back: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for (kind1, i1, kind2, i2), (in1, in2) in sorted(CROSSINGS.items()):
        out.setdefault((kind1, i1, kind2), []).append((i2, in1, in2))
        back.setdefault((kind2, i2, kind1), []).append((i1, in1))
    return out, back


CROSSING_LIST, CROSSED_BY = _crossing_lists()


def intersections(board: Board, direct: bool) -> Iterator[SeHint]:
    """Pointing and claiming: a digit of one house confined to its crossing with another.

    Direct (1.7 pointing, 1.9 claiming): only when the removals leave a hidden single in a third
    house of the first kind, which is placed; as in SE, a direct hint only places its digit (the
    removals stay, for a later step to make). Otherwise 2.6 pointing, 2.8 claiming."""
    places_of = board.places_of
    for kind1, kind2 in LOCK_ORDER:
        houses1, houses2 = HOUSES[kind1], HOUSES[kind2]
        for i1, house1 in enumerate(houses1):
            places1 = places_of(house1)
            crossings = CROSSING_LIST[kind1, i1, kind2]
            # Per crossing (in order) the digits of house 1 confined to it, ascending.
            confined: list[list[int]] = [[] for _ in crossings]
            for digit in range(1, 10):
                pos = places1[digit]
                if pos & (pos - 1):
                    for n, (_, in1, _) in enumerate(crossings):
                        if not pos & ~in1:
                            confined[n].append(digit)
                            break
            for (i2, in1, in2), digits in zip(crossings, confined):
                if not digits:
                    continue
                house2 = houses2[i2]
                places2 = places_of(house2)
                for digit in digits:
                    out2 = places2[digit] & ~in2
                    if not out2:
                        continue
                    if not direct:
                        removes = tuple((house2[k], digit) for k in range(9) if out2 >> k & 1)
                        yield SeHint(2.6 if kind1 == BLOCK else 2.8,
                                     "Pointing" if kind1 == BLOCK else "Claiming", removals(removes))
                        continue
                    for i3, in3 in CROSSED_BY[kind2, i2, kind1]:
                        if i3 == i1:
                            continue
                        house3 = houses1[i3]
                        pos3 = places_of(house3)[digit]
                        if not pos3 & (pos3 - 1):
                            continue
                        left = pos3 & ~in3
                        if left and not left & (left - 1):
                            yield SeHint(1.7 if kind1 == BLOCK else 1.9,
                                         "Direct pointing" if kind1 == BLOCK else "Direct claiming",
                                         (), (house3[left.bit_length() - 1], digit))


def common_tuple(masks: Iterable[int], degree: int) -> int:
    """The union of the masks when every one has two or more members and the union has `degree`;
    else 0 (SE's test for a subset)."""
    union = 0
    for m in masks:
        if not m & (m - 1):
            return 0
        union |= m
    return union if bin(union).count("1") == degree else 0


def hidden_sets(board: Board, degree: int, direct: bool) -> Iterator[SeHint]:
    """`degree` digits confined to `degree` cells of a house (3.4, 4.0, 5.4). Direct (2.0 pair,
    2.5 triple): only when clearing those cells leaves a hidden single, which is placed (only
    placed, as SE applies a direct hint)."""
    cand = board.cand
    for kind in SCAN_ORDER:
        for house in HOUSES[kind]:
            empty = board.empties(house)
            if not (empty > degree * 2 or (direct and empty > degree)):
                continue
            positions = board.places_of(house)
            # A digit with fewer than two places is in no set (common_tuple): leaving such digits
            # out keeps the others' combinations in the same order.
            usable = [d for d in range(1, 10) if positions[d] & (positions[d] - 1)]
            if len(usable) < degree:
                continue
            for combo, common in tight_subsets([positions[d] for d in usable], degree):
                digits = [usable[k] for k in combo]
                keep = sum(1 << d for d in digits)
                cells = [house[k] for k in _bits(common)]
                removes = tuple((c, d) for c in cells for d in DIGITS_OF[cand[c] & ~keep])
                if not direct:
                    if removes:
                        name = ("Hidden pair", "Hidden triple", "Hidden quad")[degree - 2]
                        yield SeHint((3.4, 4.0, 5.4)[degree - 2], name, removals(removes))
                    continue
                for d in range(1, 10):
                    if keep >> d & 1:
                        continue
                    pos = positions[d]
                    if pos & (pos - 1) and bin(pos & ~common).count("1") == 1:
                        if removes:
                            cell = house[(pos & ~common).bit_length() - 1]
                            yield SeHint(2.0 if degree == 2 else 2.5,
                                         "Direct hidden pair" if degree == 2 else "Direct hidden triple",
                                         (), (cell, d))
                        break


def naked_sets(board: Board, degree: int) -> Iterator[SeHint]:
    """`degree` cells of a house holding `degree` digits between them (3.0, 3.6, 5.0)."""
    cand = board.cand
    for kind in SCAN_ORDER:
        for house in HOUSES[kind]:
            if board.empties(house) < degree * 2:
                continue
            # Cells of fewer than two candidates are in no set (common_tuple): leaving them out
            # keeps the others' combinations in the same order.
            usable = [c for c in house if cand[c] & (cand[c] - 1)]
            if len(usable) < degree:
                continue
            for combo, common in tight_subsets([cand[c] for c in usable], degree):
                inside = {usable[k] for k in combo}
                removes = tuple((c, d) for c in house if c not in inside
                                for d in DIGITS_OF[cand[c] & common])
                if removes:
                    name = ("Naked pair", "Naked triple", "Naked quad")[degree - 2]
                    yield SeHint((3.0, 3.6, 5.0)[degree - 2], name, removals(removes))


def fish(board: Board, degree: int) -> Iterator[SeHint]:
    """X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2): columns as base first, then rows."""
    cand, val = board.cand, board.val
    placed = [0] * 10
    for v in val:
        placed[v] += 1
    for base, cover in ((COLS, ROWS), (ROWS, COLS)):
        # SE tries the sets of base lines in combos' order and, for each, the digits in turn.
        found = []
        for digit in range(1, 10):
            if placed[digit] + degree * 2 > 9:
                continue
            positions = [board.places_of(line)[digit] for line in base]
            usable = [k for k in range(9) if positions[k] & (positions[k] - 1)]
            for combo, common in tight_subsets([positions[k] for k in usable], degree):
                found.append((sum(1 << usable[k] for k in combo), digit, common))
        found.sort()
        for base_set, digit, common in found:
            bit = 1 << digit
            removes = tuple((line[k], digit) for j in _bits(common) for line in (cover[j],)
                            for k in range(9) if not base_set >> k & 1 and cand[line[k]] & bit)
            if removes:
                name = ("X-Wing", "Swordfish", "Jellyfish")[degree - 2]
                yield SeHint((3.2, 3.8, 5.2)[degree - 2], name, removals(removes))


def wings(board: Board, xyz: bool) -> Iterator[SeHint]:
    """XY-Wing (4.2) and XYZ-Wing (4.4), pivots row by row."""
    cand = board.cand
    size = 3 if xyz else 2
    for pivot in range(81):
        xy = cand[pivot]
        if COUNT[xy] != size:
            continue
        for xz_cell in PEERS[pivot]:
            xz = cand[xz_cell]
            if COUNT[xz] != 2 or COUNT[xy & ~xz] != 1:
                continue
            for yz_cell in PEERS[pivot]:
                yz = cand[yz_cell]
                if COUNT[yz] != 2:
                    continue
                union, inter = xy | xz | yz, xy & xz & yz
                if COUNT[union] != 3 or COUNT[inter] != (1 if xyz else 0):
                    continue
                z = DIGITS_OF[xz & yz][0]
                victims = PEER_SET[xz_cell] & PEER_SET[yz_cell]
                if xyz:
                    victims &= PEER_SET[pivot]
                removes = tuple((c, z) for c in victims
                                if c not in (pivot, xz_cell, yz_cell) and cand[c] >> z & 1)
                if removes:
                    yield SeHint(4.4 if xyz else 4.2, "XYZ-Wing" if xyz else "XY-Wing",
                                 removals(removes))


def _excluders(board: Board, most: int):
    """SE's aligned-exclusion base cells, row by row: cells with two or more candidates, no peer
    down to one candidate, and some peers with 2..`most` candidates (their excluders)."""
    cand = board.cand
    cells, excl = [], {}
    for cell in range(81):
        if COUNT[cand[cell]] < 2:
            continue
        found, single = [], False
        for p in PEERS[cell]:
            n = COUNT[cand[p]]
            if n == 1:
                single = True
            elif 2 <= n <= most:
                found.append(p)
        if not single and found:
            cells.append(cell)
            excl[cell] = found
    return cells, excl


def _pairs(n: int):
    """Index pairs in SE's order: (0,1), (0,2), (1,2), (0,3), ..."""
    for second in range(1, n):
        for first in range(second):
            yield first, second


def _exclusion(board: Board, cells: list[int], excluders: Iterable[int]):
    """Removals of aligned triple exclusion: the candidates of the three `cells` in no
    combination allowed by the excluders (a combination is out when two cells that see each
    other share a digit, or when it covers every candidate of an excluder)."""
    return _excluded(board.cand, cells, {board.cand[e] for e in excluders})


def _excluded(cand: list[int], cells: Sequence[int], excluders: set[int]):
    """_exclusion from the excluders' candidates (`excluders`: their masks)."""
    see01 = cells[1] in PEER_SET[cells[0]]
    see02 = cells[2] in PEER_SET[cells[0]]
    see12 = cells[2] in PEER_SET[cells[1]]
    f0, f1, f2 = cand[cells[0]], cand[cells[1]], cand[cells[2]]
    # A combination covers an excluder when the excluder's digits lie within its three.
    masks = [m for m in excluders if COUNT[m] <= 3]
    a0 = a1 = a2 = 0
    for d0 in DIGITS_OF[f0]:
        b0 = 1 << d0
        for d1 in DIGITS_OF[f1]:
            if see01 and d1 == d0:
                continue
            b01 = b0 | 1 << d1
            # The third digits that would complete an excluder with the first two.
            banned = (b0 if see02 else 0) | ((1 << d1) if see12 else 0)
            for m in masks:
                rest = m & ~b01
                if not rest:
                    banned = f2
                    break
                if not rest & (rest - 1):
                    banned |= rest
            third = f2 & ~banned
            if third:
                a0 |= b0
                a1 |= 1 << d1
                a2 |= third
        if a0 == f0 and a1 == f1 and a2 == f2:
            # Every candidate already allowed: nothing to remove.
            return ()
    allowed = (a0, a1, a2)
    full = (f0, f1, f2)
    return tuple((cells[k], d) for k in range(3) for d in DIGITS_OF[full[k] & ~allowed[k]])


def aligned_pairs(board: Board) -> Iterator[SeHint]:
    """Aligned pair exclusion (6.2)."""
    cand = board.cand
    cells, excl = _excluders(board, 2)
    # Per base cell its excluders as bits (bit c: cell c): a pair's common ones are an AND.
    excl_bits = {c: cell_bits(found) for c, found in excl.items()}
    for a, b in _pairs(len(cells)):
        c0, c1 = cells[a], cells[b]
        common = excl_bits[c0] & excl_bits[c1]
        if not common & (common - 1):
            continue
        # Every excluder here has two candidates (a base cell has no peer down to one), so a
        # pair of digits covers one exactly when it is that excluder's pair.
        masks = []
        while common:
            low = common & -common
            common ^= low
            masks.append(cand[low.bit_length() - 1])
        f0, f1 = cand[c0], cand[c1]
        see = c1 in PEER_SET[c0]
        a0 = a1 = 0
        for d0 in DIGITS_OF[f0]:
            b0 = 1 << d0
            # The second digits that would complete an excluder with d0 (or repeat it in sight).
            banned = b0 if see else 0
            for m in masks:
                if m & b0:
                    banned |= m ^ b0
            second = f1 & ~banned
            if second:
                a0 |= b0
                a1 |= second
        if a0 != f0 or a1 != f1:
            removes = tuple((c0, d) for d in DIGITS_OF[f0 & ~a0]) + tuple(
                (c1, d) for d in DIGITS_OF[f1 & ~a1])
            yield SeHint(6.2, "Aligned pair exclusion", removals(removes))


def aligned_triples(board: Board) -> Iterator[SeHint]:
    """Aligned triplet exclusion (7.5): the third cell among the excluders of the first two."""
    cand = board.cand
    cells, excl = _excluders(board, 3)
    base = 0
    for cell in cells:
        base |= 1 << cell
    # A triple's outcome rests on its three cells' candidates, whether they are base cells, and
    # its common excluders' candidates. When the last search (on this memory) removed nothing,
    # only the triples that touch a cell changed since, or a base cell gained or lost, are tried:
    # `hot` holds those cells, and a changed excluder makes its peers hot for the pairs it serves.
    clean = board.memory.pop("aligned triples clean", None)
    hot = changed = -1
    if clean is not None:
        before, before_base = clean
        changed = 0
        for cell in range(81):
            if before[cell] != cand[cell]:
                changed |= 1 << cell
        hot = changed | (base ^ before_base)
    # Per base cell its excluders as bits (bit c: cell c), and those that are base cells too.
    excl_bits = {c: cell_bits(found) for c, found in excl.items()}
    excl_base = {c: found & base for c, found in excl_bits.items()}
    found = False
    # Pairs in SE's order: (0,1), (0,2), (1,2), (0,3), ...
    for b in range(1, len(cells)):
        c1 = cells[b]
        bits1 = excl_bits[c1]
        base1 = excl_base[c1]
        hot1 = hot >> c1 & 1
        near1 = changed & PEER_BITS[c1]
        for a in range(b):
            c0 = cells[a]
            first_two = excl_bits[c0] & bits1
            if not first_two & (first_two - 1):
                continue
            if hot1 or hot >> c0 & 1:
                third_hot = -1 ^ (1 << c0 | 1 << c1)
            else:
                third_hot = hot
                moved = near1 & PEER_BITS[c0]
                while moved:
                    low = moved & -moved
                    moved ^= low
                    third_hot |= PEER_BITS[low.bit_length() - 1]
                third_hot &= ~(1 << c0 | 1 << c1)
            # The third cells in SE's order: c0's excluders, then c1's, each once (ascending).
            base0 = excl_base[c0]
            thirds = (base0 & third_hot, base1 & ~base0 & third_hot)
            if not (thirds[0] or thirds[1]):
                continue
            f0, f1 = cand[c0], cand[c1]
            for rest2 in thirds:
                while rest2:
                    low2 = rest2 & -rest2
                    rest2 ^= low2
                    c2 = low2.bit_length() - 1
                    common = first_two & excl_bits[c2]
                    if not common & (common - 1):
                        continue
                    # Only an excluder whose digits all lie among the three cells' can be
                    # covered by a combination of theirs.
                    f2 = cand[c2]
                    outside = ~(f0 | f1 | f2)
                    masks = set()
                    while common:
                        low = common & -common
                        common ^= low
                        m = cand[low.bit_length() - 1]
                        if not m & outside:
                            masks.add(m)
                    # Without such an excluder, only two of the cells seeing each other with
                    # the same two digits, both seen by the third, can remove anything.
                    if not masks and f0 != f1 and f0 != f2 and f1 != f2:
                        continue
                    removes = _excluded(cand, (c0, c1, c2), masks)
                    if removes:
                        found = True
                        yield SeHint(7.5, "Aligned triple exclusion", removals(removes))
    if not found:
        board.memory["aligned triples clean"] = (cand[:], base)
