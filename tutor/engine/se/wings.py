"""Sukaku Explainer's ALS wings (WXYZ- to TUVWXYZ-Wing): a bivalue cell and an almost locked set
of mutually visible cells, joined by one or two restricted common digits."""

from __future__ import annotations

from collections.abc import Iterator

from tutor.engine.se.board import COUNT, DIGITS_OF, PEER_SET, Board
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
    them, each set once (cells ascending)."""
    chosen: list[int] = []

    def grow(options: list[int], union: int) -> Iterator[list[int]]:
        # options: the cells after the last chosen that see every chosen cell, ascending.
        if len(chosen) == size:
            if COUNT[union] == size + 1:
                yield chosen
            return
        for i, cell in enumerate(options):
            mask = cand[cell]
            if COUNT[union | mask] > size + 1:
                continue
            chosen.append(cell)
            peers = PEER_SET[cell]
            yield from grow([c for c in options[i + 1:] if c in peers], union | mask)
            chosen.pop()

    yield from grow([c for c in range(81) if COUNT[cand[c]] >= 2], 0)


def als_wings(board: Board, size: int) -> Iterator[SeHint]:
    """Wings of an almost locked set of `size` cells (3: WXYZ, 4: VWXYZ, 5: UVWXYZ, 6: TUVWXYZ)
    and a bivalue cell: digit x is restricted common (every set cell holding it sees the bivalue
    cell), so the other digit z goes from every cell seeing all the z-cells of both. When z is
    restricted common too, each other digit of the set goes from the cells seeing all its cells.
    Easiest first, then most removals, as SE sorts them."""
    cand = board.cand
    found: list[tuple[float, int, str, int, tuple[tuple[int, int], ...]]] = []
    for als in _cliques(cand, size):
        union = 0
        for c in als:
            union |= cand[c]
        biggest = max(COUNT[cand[c]] for c in als)
        total = sum(COUNT[cand[c]] for c in als)
        difficulty = wing_difficulty(size, biggest)
        inside = set(als)
        seen_by: set[int] = set()
        for c in als:
            seen_by |= PEER_SET[c]
        for yz in sorted(seen_by - inside):
            pair = cand[yz]
            if COUNT[pair] != 2 or pair & union != pair:
                continue
            holders = {d: [c for c in als if cand[c] >> d & 1] for d in DIGITS_OF[union]}
            restricted = [d for d in DIGITS_OF[pair] if all(yz in PEER_SET[c] for c in holders[d])]
            if not restricted:
                continue
            double = len(restricted) == 2
            removes: list[tuple[int, int]] = []

            def take(digit: int, cells: list[int]) -> None:
                victims = set(PEER_SET[cells[0]])
                for c in cells[1:]:
                    victims &= PEER_SET[c]
                victims -= inside
                victims.discard(yz)
                removes.extend((v, digit) for v in victims if cand[v] >> digit & 1)

            if double:
                for d in DIGITS_OF[union & ~pair]:
                    take(d, holders[d])
                for d in DIGITS_OF[pair]:
                    take(d, [yz] + holders[d])
            else:
                z = DIGITS_OF[pair & ~(1 << restricted[0])][0]
                take(z, [yz] + holders[z])
            if removes:
                done = removals(removes)
                suffix = f"{2 if double else 1}{biggest}{total}"
                found.append((difficulty, -len(done), suffix, len(found), done))
    # Ties: more removals first, then the larger suffix (as text), then the order found.
    ordered = sorted(found, key=lambda t: (t[0], t[1], _desc(t[2]), t[3]))
    for difficulty, _, _, _, pairs in ordered:
        yield SeHint(difficulty, NAMES[size], pairs)


def _desc(text: str) -> tuple[int, ...]:
    """A key sorting texts in descending order."""
    return tuple(-ord(ch) for ch in text) + (1,)
