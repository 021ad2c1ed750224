"""Sukaku Explainer's ALS wings (WXYZ- to TUVWXYZ-Wing): a bivalue cell and an almost locked set
of mutually visible cells, joined by one or two restricted common digits."""

from __future__ import annotations

from collections.abc import Iterator

from tutor.engine.se.board import COUNT, DIGITS_OF, PEER_BITS, Board
from tutor.engine.se.hint import SeHint, removals

NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing", 5: "UVWXYZ-Wing", 6: "TUVWXYZ-Wing"}


def wing_difficulty(size: int, biggest: int) -> float:
    """5.5-5.6 for 3 cells and 6.2-6.4 for 4 (sets whose largest cell is of middling size rate
    higher), 6.6 for 5 cells, 7.5 for 6."""
    if size == 3:
        return round(5.5 + (1 - abs(3 - biggest)) * 0.1, 1)
    if size == 4:
        return round(6.2 + (2 - abs(3 - biggest)) * 0.1, 1)
    return 6.6 if size == 5 else 7.5


def _cliques(cand: list[int], size: int) -> Iterator[list[int]]:
    """Sets of `size` mutually visible cells of 2+ candidates holding size + 1 digits between
    them, each set once (cells ascending, sets in lexicographic order). The list yielded is
    reused: read it before asking for the next."""
    most = size + 1
    top = size - 1
    start = 0
    for c in range(81):
        if 2 <= COUNT[cand[c]] <= most:
            start |= 1 << c
    chosen = [0] * size
    # Per depth, the cells still to try there (after the last tried, seeing every chosen cell
    # above) and the digits of the cells chosen above.
    options = [0] * size
    unions = [0] * size
    options[0] = start
    depth = 0
    while depth >= 0:
        left = options[depth]
        if not left:
            depth -= 1
            continue
        low = left & -left
        left ^= low
        options[depth] = left
        cell = low.bit_length() - 1
        joined = unions[depth] | cand[cell]
        if COUNT[joined] > most:
            continue
        chosen[depth] = cell
        if depth == top:
            if COUNT[joined] == most:
                yield chosen
        else:
            depth += 1
            options[depth] = left & PEER_BITS[cell]
            unions[depth] = joined


def als_wings(board: Board, size: int) -> Iterator[SeHint]:
    """Wings of an almost locked set of `size` cells (3: WXYZ, 4: VWXYZ, 5: UVWXYZ, 6: TUVWXYZ)
    and a bivalue cell: digit x is restricted common (every set cell holding it sees the bivalue
    cell), so the other digit z goes from every cell seeing all the z-cells of both. When z is
    restricted common too, each other digit of the set goes from the cells seeing all its cells.
    Easiest first, then most removals, as SE sorts them."""
    cand = board.cand
    found: list[tuple[float, int, str, int, tuple[tuple[int, int], ...]]] = []
    bivalue = 0
    where = [0] * 10  # per digit, the cells holding it as bits
    for c in range(81):
        mask = cand[c]
        if COUNT[mask] == 2:
            bivalue |= 1 << c
        for d in DIGITS_OF[mask]:
            where[d] |= 1 << c
    for als in _cliques(cand, size):
        union = 0
        seen_by = 0
        inside = 0
        for c in als:
            union |= cand[c]
            seen_by |= PEER_BITS[c]
            inside |= 1 << c
        # The bivalue cells outside the set that see one of its cells, with digits of the set.
        options = seen_by & bivalue & ~inside
        wings = []
        while options:
            low = options & -options
            options ^= low
            yz = low.bit_length() - 1
            if cand[yz] & union == cand[yz]:
                wings.append(yz)
        if not wings:
            continue
        biggest = max(COUNT[cand[c]] for c in als)
        total = sum(COUNT[cand[c]] for c in als)
        difficulty = wing_difficulty(size, biggest)
        # Per digit of the set, its cells there, and the cells seeing all of them.
        holders = {d: where[d] & inside for d in DIGITS_OF[union]}
        sees_all = {}
        for d, cells in holders.items():
            common = -1
            while cells:
                low = cells & -cells
                cells ^= low
                common &= PEER_BITS[low.bit_length() - 1]
            sees_all[d] = common
        for yz in wings:
            pair = cand[yz]
            restricted = [d for d in DIGITS_OF[pair] if sees_all[d] >> yz & 1]
            if not restricted:
                continue
            double = len(restricted) == 2
            outside = ~(inside | 1 << yz)
            victims = 0
            removes: list[tuple[int, int]] = []

            if double:
                for d in DIGITS_OF[union & ~pair]:
                    victims = sees_all[d] & outside & where[d]
                    removes.extend(_cells_with(victims, d))
                takes = DIGITS_OF[pair]
            else:
                takes = (DIGITS_OF[pair & ~(1 << restricted[0])][0],)
            for d in takes:
                victims = sees_all[d] & PEER_BITS[yz] & outside & where[d]
                removes.extend(_cells_with(victims, d))
            if removes:
                done = removals(removes)
                suffix = f"{2 if double else 1}{biggest}{total}"
                found.append((difficulty, -len(done), suffix, len(found), done))
    # Ties: more removals first, then the larger suffix (as text), then the order found.
    ordered = sorted(found, key=lambda t: (t[0], t[1], _desc(t[2]), t[3]))
    for difficulty, _, _, _, pairs in ordered:
        yield SeHint(difficulty, NAMES[size], pairs)


def _cells_with(cells: int, digit: int) -> list[tuple[int, int]]:
    """(cell, digit) for each cell of the bit set."""
    out = []
    while cells:
        low = cells & -cells
        cells ^= low
        out.append((low.bit_length() - 1, digit))
    return out


def _desc(text: str) -> tuple[int, ...]:
    """A key sorting texts in descending order."""
    return tuple(-ord(ch) for ch in text) + (1,)
