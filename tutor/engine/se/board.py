"""The 9x9 candidate grid the Sudoku Explainer rating works on: bitmasks, houses in SE's orders."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

ALL = 0b1111111110
"""Every digit's bit: digit d is bit d (bits 1-9), so a mask reads as the digits it holds."""

ROW = tuple(i // 9 for i in range(81))
COL = tuple(i % 9 for i in range(81))
BOX = tuple((i // 27) * 3 + (i % 9) // 3 for i in range(81))

ROWS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES = tuple(tuple((b // 3) * 27 + (b % 3) * 3 + (k // 3) * 9 + k % 3 for k in range(9))
              for b in range(9))

BLOCK, ROW_KIND, COL_KIND = 0, 1, 2
"""House kinds, numbered as SE's region types are ordered (box, row, column)."""
HOUSES = {BLOCK: BOXES, ROW_KIND: ROWS, COL_KIND: COLS}
KIND_NAMES = {BLOCK: "box", ROW_KIND: "row", COL_KIND: "column"}
HOUSE_OF = tuple((BOX[i], ROW[i], COL[i]) for i in range(81))
"""Per cell: the index of its box, row and column (by kind number)."""

PEERS = tuple(tuple(sorted({j for kind in (BOXES, ROWS, COLS)
                            for house in kind if i in house for j in house} - {i}))
              for i in range(81))
PEER_SET = tuple(frozenset(p) for p in PEERS)


def cell_bits(cells: Iterable[int]) -> int:
    """The cells as bits of an int (bit c: cell c)."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


PEER_BITS = tuple(cell_bits(PEERS[cell]) for cell in range(81))
"""Per cell its peers as bits."""

DIGITS_OF = tuple(tuple(d for d in range(1, 10) if m >> d & 1) for m in range(1 << 10))
"""The digits of each mask, ascending."""
COUNT = tuple(len(d) for d in DIGITS_OF)


def combos(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """k-subsets of range(n) in SE's enumeration order: by the value of their bitmask."""
    key = (k, n)
    found = _COMBOS.get(key)
    if found is None:
        found = tuple(sorted(combinations(range(n), k), key=lambda t: sum(1 << i for i in t)))
        _COMBOS[key] = found
    return found


_COMBOS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}

BITS_SET = tuple(bin(m).count("1") for m in range(1 << 10))
"""Per mask below 1024, how many bits it has (bit 0 included)."""


def tight_subsets(masks: list[int], degree: int) -> list[tuple[tuple[int, ...], int]]:
    """The `degree`-subsets of the masks (each of two or more bits, below 1024) whose union has
    `degree` bits, as (indices, union), in combos' order (SE's: by the value of the subset's
    bitmask). The same as trying every one of combos(degree, len(masks)), but a partial union of
    more than `degree` bits cuts off every subset that holds it: the largest index is chosen
    first, then the next, so the subsets come in that order."""
    n = len(masks)
    found: list[tuple[tuple[int, ...], int]] = []

    def down(k: int, top: int, union: int, chosen: tuple[int, ...]) -> None:
        for a in range(k - 1, top):
            u = union | masks[a]
            if BITS_SET[u] > degree:
                continue
            if k == 1:
                if BITS_SET[u] == degree:
                    found.append(((a, *chosen), u))
            else:
                down(k - 1, a, u, (a, *chosen))

    if degree <= n:
        down(degree, n, 0, ())
    return found


class Board:
    """Values and candidate masks of the 81 cells; a placed cell has no candidates."""

    __slots__ = ("val", "cand", "_places", "memory")

    def __init__(self, val: list[int], cand: list[int], memory: dict | None = None) -> None:
        self.val = val
        self.cand = cand
        # What techniques remember from one step of the puzzle to the next, an entry each, keyed
        # by the candidates their finds rest on (so a copy may share it): the rating's walk keeps
        # one board, and with it this memory, for the whole puzzle.
        self.memory: dict = {} if memory is None else memory
        # Per house (by id) the places of each digit, made on demand: every technique asks for
        # them many times on one grid. Whatever changes the candidates calls changed().
        self._places: dict[int, list[int]] | None = None

    def changed(self) -> None:
        """Forget what was worked out from the candidates (call after changing them)."""
        self._places = None

    @classmethod
    def from_digits(cls, digits: str) -> "Board":
        """The board of 81 characters ('1'-'9' given, anything else empty), candidates pruned by the givens.

        :raises ValueError: the text is not 81 characters long.
        """
        if len(digits) != 81:
            raise ValueError(f"a puzzle has 81 cells, this text has {len(digits)}")
        board = cls([0] * 81, [ALL] * 81)
        for i, ch in enumerate(digits):
            if ch in "123456789":
                board.place(i, int(ch))
        return board

    def copy(self) -> "Board":
        return Board(self.val[:], self.cand[:], self.memory)

    def place(self, cell: int, digit: int) -> None:
        self._places = None
        self.val[cell] = digit
        self.cand[cell] = 0
        off = ~(1 << digit)
        cand = self.cand
        for p in PEERS[cell]:
            cand[p] &= off

    def solved(self) -> bool:
        return 0 not in self.val

    def positions(self, house: tuple[int, ...], digit: int) -> int:
        """Bitmask over the house's nine places of those where `digit` is a candidate."""
        places = self._places
        if places is None:
            places = self._places = self._all_places()
        return places[id(house)][digit]

    def places_of(self, house: tuple[int, ...]) -> list[int]:
        """Per digit (index 1-9), positions(house, digit): for loops over a house's digits
        (index 0: how many of its cells are empty)."""
        places = self._places
        if places is None:
            places = self._places = self._all_places()
        return places[id(house)]

    def _all_places(self) -> dict[int, list[int]]:
        # Index 0 (no digit) holds how many of the house's cells are empty.
        cand, val = self.cand, self.val
        found = {}
        for house in (*BOXES, *ROWS, *COLS):
            masks = [0] * 10
            empty = 0
            for k, c in enumerate(house):
                if not val[c]:
                    empty += 1
                for d in DIGITS_OF[cand[c]]:
                    masks[d] |= 1 << k
            masks[0] = empty
            found[id(house)] = masks
        return found

    def empties(self, house: tuple[int, ...]) -> int:
        """How many of the house's cells are empty."""
        places = self._places
        if places is None:
            places = self._places = self._all_places()
        return places[id(house)][0]
