"""Sudoku Explainer's uniqueness techniques: unique rectangles and loops (4.5-5.0+) and the
bivalue universal grave (5.6-6.0)."""

from __future__ import annotations

from collections.abc import Iterator

from tutor.engine.se.board import (
    COUNT, DIGITS_OF, HOUSE_OF, HOUSES, PEER_SET, Board, combos,
)
from tutor.engine.se.basic import common_tuple
from tutor.engine.se.hint import SeHint, removals

KINDS = (0, 1, 2)  # box, row, column: SE's region order for loops and BUG


def _loop_difficulty(size: int) -> float:
    """4.5 for a rectangle; 4.6 for 6 cells, 4.7 for 8, 5.0 for 10 or more."""
    if size >= 10:
        return 5.0
    if size >= 8:
        return 4.7
    if size >= 6:
        return 4.6
    return 4.5


def _find_loops(board: Board, start: int, v1: int, v2: int) -> list[list[int]]:
    """Closed paths from `start` through cells holding both digits, each step inside one house of
    a kind other than the step before, with at most two cells holding extra digits (more when
    they all add the same one digit), as SE searches them."""
    cand = board.cand
    need = 1 << v1 | 1 << v2
    found: list[list[int]] = []
    loop: list[int] = []

    def walk(cell: int, allowed: int, extra: int, last_kind: int) -> None:
        loop.append(cell)
        for kind in KINDS:
            if kind == last_kind:
                continue
            for nxt in HOUSES[kind][HOUSE_OF[cell][kind]]:
                if nxt == loop[0] and len(loop) >= 4:
                    found.append(loop[:])
                elif nxt not in loop:
                    mask = cand[nxt]
                    if mask & need == need:
                        # Each next cell adds its extra digits to the path's own (Sukaku
                        # Explainer's fix: SE 1.2.1 let them leak into the other branches).
                        more = extra | mask & ~need
                        n = COUNT[mask]
                        if n == 2 or COUNT[more] == 1 or allowed > 0:
                            walk(nxt, allowed - (1 if n > 2 else 0), more, kind)
        loop.pop()

    walk(start, 2, 0, -1)
    return found


def _valid_loop(loop: list[int]) -> bool:
    """Each house met by the loop is met once by an even-placed cell and once by an odd one."""
    seen: tuple[set[tuple[int, int]], set[tuple[int, int]]] = (set(), set())
    for k, cell in enumerate(loop):
        side = seen[k % 2]
        for kind in KINDS:
            house = (kind, HOUSE_OF[cell][kind])
            if house in side:
                return False
            side.add(house)
    return seen[0] == seen[1]


def _shared_houses(c1: int, c2: int):
    for kind in KINDS:
        if HOUSE_OF[c1][kind] == HOUSE_OF[c2][kind]:
            yield HOUSES[kind][HOUSE_OF[c1][kind]]


def _combos_with(degree: int, i1: int,
                 i2: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """combos(degree, 9) that hold place i1 and not place i2, in that order, each with its
    places other than i1."""
    key = (degree, i1, i2)
    found = _WITH.get(key)
    if found is None:
        found = _WITH[key] = tuple((c, tuple(k for k in c if k != i1))
                                   for c in combos(degree, 9) if i1 in c and i2 not in c)
    return found


_WITH: dict[tuple[int, int, int], tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {}


def _type3(board: Board, v1: int, v2: int, c1: int, c2: int, base: float):
    """Type 3: the extra digits of the two cells act as one cell of a naked or hidden set."""
    cand = board.cand
    extra = (cand[c1] | cand[c2]) & ~(1 << v1 | 1 << v2)
    out = []
    # Hidden sets from pairs up, naked ones from the extra digits' count (Sukaku Explainer's
    # fix; SE 1.2.1 started both at that count, missing hidden pairs).
    for degree in range(2, 8):
        for house in _shared_houses(c1, c2):
            empty = board.empties(house)
            i1, i2 = house.index(c1), house.index(c2)
            if degree * 2 <= empty and degree >= COUNT[extra]:
                held = [cand[c] for c in house]
                start = extra & cand[c1] & cand[c2]
                for combo, places in _combos_with(degree, i1, i2):
                    naked = start
                    for k in places:
                        naked |= held[k]
                    if COUNT[naked] != degree:
                        continue
                    masks = [extra if k == i1 else held[k] for k in combo]
                    others = [house[k] for k in places]
                    union = common_tuple(masks, degree)
                    if not union:
                        continue
                    skip = set(others) | {c1, c2}
                    removes = [(c, d) for c in house if c not in skip for d in DIGITS_OF[cand[c] & union]]
                    if removes:
                        out.append(SeHint(round(base + (degree - 1) * 0.1, 1),
                                          "Unique loop type 3 (naked set)", removals(removes)))
            if degree * 2 < empty:
                rest = [d for d in range(1, 10) if d not in (v1, v2) and not extra >> d & 1]
                if degree - 2 <= len(rest):
                    for pick in combos(degree - 2, len(rest)):
                        digits = [rest[k] for k in pick] + [v1, v2]
                        union, ok = 0, True
                        for d in digits:
                            pos = board.positions(house, d) & ~(1 << i2)
                            if not pos:
                                ok = False
                                break
                            union |= pos
                        if not ok or COUNT[union << 1 & 0x3FE] != degree:
                            continue
                        union &= ~(1 << i1)
                        keep = sum(1 << d for d in digits)
                        removes = [(house[k], d) for k in range(9) if union >> k & 1
                                   for d in DIGITS_OF[cand[house[k]] & ~keep]]
                        if removes:
                            n = COUNT[union << 1 & 0x3FE]
                            out.append(SeHint(round(base + (n - 1) * 0.1, 1),
                                              "Unique loop type 3 (hidden set)", removals(removes)))
    return out


def unique_loops(board: Board) -> Iterator[SeHint]:
    """Unique rectangles and loops, types 1-4, easiest first as SE sorts them."""
    cand = board.cand
    found: list[tuple[float, int, int, SeHint]] = []
    seen: set[tuple] = set()

    def add(kind: int, loop: list[int], hint: SeHint | None) -> None:
        if hint is None or not hint.removes:
            return
        # SE keeps one hint per loop and type, except that type 3 keeps each set it finds.
        key: tuple = (kind, len(loop), frozenset(loop))
        if kind == 3:
            key += (hint.name, hint.difficulty, hint.removes)
        if key in seen:
            return
        seen.add(key)
        found.append((hint.difficulty, kind, len(found), hint))

    memory = board.memory.setdefault("unique loops", {})
    supports: dict[int, tuple[int, ...]] = {}
    for cell in range(81):
        if COUNT[cand[cell]] != 2:
            continue
        v1, v2 = DIGITS_OF[cand[cell]]
        pair = 1 << v1 | 1 << v2
        # A pair's loops rest on the cells holding both digits and their candidates alone, and
        # from one step to the next most pairs keep theirs: the loops found are remembered.
        support = supports.get(pair)
        if support is None:
            support = supports[pair] = tuple(c << 10 | cand[c] for c in range(81)
                                             if cand[c] & pair == pair)
        loops = memory.get((cell, support))
        if loops is None:
            if len(memory) >= LOOPS_KEPT:
                memory.clear()
            loops = memory[cell, support] = _find_loops(board, cell, v1, v2)
        for loop in loops:
            if not _valid_loop(loop):
                continue
            base = _loop_difficulty(len(loop))
            extras = [c for c in loop if COUNT[cand[c]] > 2]
            if len(extras) == 1:
                rescue = extras[0]
                add(1, loop, SeHint(base, "Unique loop type 1", ((rescue, v1), (rescue, v2))))
            elif len(extras) >= 2:
                extra_digits = 0
                for c in extras:
                    extra_digits |= cand[c] & ~pair
                if COUNT[extra_digits] == 1:
                    add(2, loop, _type2(board, extras, extra_digits, base))
                if len(extras) == 2:
                    c1, c2 = extras
                    if COUNT[extra_digits] >= 2:
                        for hint in _type3(board, v1, v2, c1, c2, base):
                            add(3, loop, hint)
                    add(4, loop, _type4(board, c1, c2, v1, v2, base))
    found.sort(key=lambda t: (t[0], t[1], t[2]))
    for _, _, _, hint in found:
        yield hint


LOOPS_KEPT = 20_000
"""Loop searches unique_loops remembers at most (in the board's memory; it starts again beyond)."""


def _type2(board: Board, extras: list[int], extra_digits: int, base: float) -> SeHint:
    digit = DIGITS_OF[extra_digits][0]
    common = set.intersection(*(set(PEER_SET[c]) for c in extras)) - set(extras)
    removes = [(c, digit) for c in common if board.cand[c] >> digit & 1]
    return SeHint(base, "Unique loop type 2", removals(removes))


def _type4(board: Board, c1: int, c2: int, v1: int, v2: int, base: float) -> SeHint | None:
    cand = board.cand
    lock1 = lock2 = False
    for house in _shared_houses(c1, c2):
        others = [c for c in house if c not in (c1, c2)]
        if not any(cand[c] >> v1 & 1 for c in others):
            lock1 = True
        if not any(cand[c] >> v2 & 1 for c in others):
            lock2 = True
    if lock1:
        gone = v2
    elif lock2:
        gone = v1
    else:
        return None
    removes = [(c, gone) for c in (c1, c2) if cand[c] >> gone & 1]
    return SeHint(base, "Unique loop type 4", removals(removes))


def bug(board: Board) -> Iterator[SeHint]:
    """Bivalue universal grave: types 1 (5.6), 2 and 4 (5.7), 3 (5.8 and up)."""
    cand = board.cand
    temp = cand[:]
    bug_cells: list[int] = []
    bug_digits: dict[int, int] = {}
    all_digits = 0
    common: set[int] | None = None
    for kind in KINDS:
        for house in HOUSES[kind]:
            for digit in range(1, 10):
                pos = [c for c in house if cand[c] >> digit & 1]
                if len(pos) in (0, 2):
                    continue
                wide = [c for c in pos if COUNT[cand[c]] >= 3]
                if not wide:
                    return
                if len(wide) == 1:
                    cell = wide[0]
                    if cell not in bug_cells:
                        bug_cells.append(cell)
                    bug_digits[cell] = bug_digits.get(cell, 0) | 1 << digit
                    all_digits |= 1 << digit
                    temp[cell] &= ~(1 << digit)
                    common = set(PEER_SET[cell]) if common is None else common & PEER_SET[cell]
                    common -= set(bug_cells)
                    if len(bug_cells) > 1 and COUNT[all_digits] > 1 and not common:
                        return
    if any(board.val[c] == 0 and COUNT[temp[c]] != 2 for c in range(81)):
        return
    for kind in KINDS:
        for house in HOUSES[kind]:
            for digit in range(1, 10):
                if sum(1 for c in house if temp[c] >> digit & 1) not in (0, 2):
                    return
    if not bug_cells:
        return
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        removes = [(cell, d) for d in DIGITS_OF[cand[cell] & ~all_digits]]
        if removes:
            yield SeHint(5.6, "BUG type 1", removals(removes))
    elif COUNT[all_digits] == 1:
        digit = DIGITS_OF[all_digits][0]
        if common:
            removes = [(c, digit) for c in common if cand[c] >> digit & 1]
            if removes:
                yield SeHint(5.7, "BUG type 2", removals(removes))
        if len(bug_cells) == 2:
            yield from _bug4(board, bug_cells, bug_digits, all_digits)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(board, bug_cells, bug_digits, all_digits)
        yield from _bug3(board, bug_cells, all_digits, common)


def _bug3(board: Board, bug_cells, all_digits: int, common: set[int]):
    cand = board.cand
    for kind in KINDS:
        indexes = {HOUSE_OF[c][kind] for c in bug_cells}
        if len(indexes) != 1:
            continue
        house = HOUSES[kind][indexes.pop()]
        region_cells = [c for c in common if c in house]
        region_cells.sort(key=house.index)
        for degree in range(2, 7):
            if len(region_cells) < degree:
                continue
            for pick in combos(degree - 1, len(region_cells)):
                naked = [region_cells[k] for k in pick]
                masks = [cand[c] for c in naked]
                other = 0
                for m in masks:
                    other |= m
                if COUNT[other] != degree:
                    continue
                masks.append(all_digits)
                union = common_tuple(masks, degree)
                if not union:
                    continue
                erasable = [c for c in region_cells if c not in naked and c not in bug_cells]
                removes = [(c, d) for c in erasable for d in DIGITS_OF[cand[c] & union]]
                if removes:
                    yield SeHint(round(5.7 + (degree - 1) * 0.1, 1), "BUG type 3", removals(removes))


def _bug4(board: Board, bug_cells, bug_digits, all_digits: int):
    cand = board.cand
    c1, c2 = bug_cells
    shared = cand[c1] & cand[c2] & ~all_digits
    if COUNT[shared] != 1:
        return
    digit = DIGITS_OF[shared][0]
    for kind in KINDS:
        if HOUSE_OF[c1][kind] != HOUSE_OF[c2][kind]:
            continue
        removes = [(c, d) for c in (c1, c2)
                   for d in DIGITS_OF[cand[c] & ~bug_digits[c] & ~(1 << digit)]]
        if removes:
            yield SeHint(5.7, "BUG type 4", removals(removes))
