"""Sudoku Explainer's chains: cycles and forcing chains (6.5-7.x), Nishio (7.5+), multiple
(8.0+) and dynamic (8.5+) forcing chains, with SE's bonus for the length of the reasoning."""

from __future__ import annotations

from collections.abc import Iterator

from collections import deque

from tutor.engine.se.board import COUNT, DIGITS_OF, HOUSE_OF, HOUSES, PEERS, Board
from tutor.engine.se.hint import SeHint, removals

KINDS = (0, 1, 2)  # box, row, column


class Link:
    """A candidate assumed on or off, with the links it follows from (`parents`, main one first)."""

    __slots__ = ("cell", "digit", "on", "parents", "key")

    def __init__(self, cell: int, digit: int, on: bool, parents: list["Link"] | None = None) -> None:
        self.cell = cell
        self.digit = digit
        self.on = on
        self.parents = parents if parents is not None else []
        self.key = cell * 20 + digit * 2 + on

    def conjugate_key(self) -> int:
        return self.key ^ 1


def chain_bonus(complexity: int) -> float:
    """SE's extra for a chain resting on `complexity` candidates: its length is complexity - 2."""
    # Lazy: the tutor's chain family is heavy, and most puzzles rate without reaching a chain.
    from tutor.engine.techniques.chains import length_bonus

    return length_bonus(complexity - 2)


def ancestor_count(link: Link) -> int:
    """The distinct candidates (cell, digit, on/off) the link rests on, itself included."""
    seen: set[int] = set()
    todo = [link]
    while todo:
        nxt = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                nxt.extend(p.parents)
        todo = nxt
    return len(seen)


def on_to_off(cand: list[int], p: Link, cells_too: bool) -> list[Link]:
    """What an 'on' candidate turns off: the cell's other digits (when `cells_too`), then the
    digit in its box, row and column."""
    out = []
    cell, digit = p.cell, p.digit
    if cells_too:
        for d in DIGITS_OF[cand[cell]]:
            if d != digit:
                out.append(Link(cell, d, False, [p]))
    bit = 1 << digit
    added = {cell}
    for kind in KINDS:
        for c in HOUSES[kind][HOUSE_OF[cell][kind]]:
            if c not in added and cand[c] & bit:
                added.add(c)
                out.append(Link(c, digit, False, [p]))
    return out


def off_to_on(cand: list[int], p: Link, source: list[int] | None, offs: dict[int, Link],
              cells_too: bool, houses_too: bool) -> list[Link]:
    """What an 'off' candidate turns on: the cell's last other digit (when `cells_too`), the
    digit's last other place in a box, row or column (when `houses_too`). With `source`, the
    candidates removed since (earlier links) are added as parents."""
    out = []
    cell, digit = p.cell, p.digit
    if cells_too and COUNT[cand[cell]] == 2:
        other = DIGITS_OF[cand[cell] & ~(1 << digit)][0]
        link = Link(cell, other, True, [p])
        if source is not None:
            for d in DIGITS_OF[source[cell] & ~cand[cell]]:
                hidden = offs.get(cell * 20 + d * 2)
                if hidden is not None:
                    link.parents.append(hidden)
        out.append(link)
    if houses_too:
        bit = 1 << digit
        for kind in KINDS:
            house = HOUSES[kind][HOUSE_OF[cell][kind]]
            other = -1
            for c in house:
                if c != cell and cand[c] & bit:
                    if other >= 0:
                        other = -1
                        break
                    other = c
            else:
                pass
            if other >= 0:
                link = Link(other, digit, True, [p])
                if source is not None:
                    for c in house:
                        if source[c] & bit and not cand[c] & bit:
                            hidden = offs.get(c * 20 + digit * 2)
                            if hidden is not None:
                                link.parents.append(hidden)
                out.append(link)
    return out


def _is_ancestor(child: Link, key: int) -> bool:
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == key:
            return True
    return False


# --- cycles and forcing chains on the unchanged grid --------------------------------------------

def _cycles(cand, source: Link, cells_too: bool, houses_too: bool) -> list[Link]:
    ons = {source.key: source}
    pending_on: deque[Link] = deque([source])
    pending_off: deque[Link] = deque()
    found, length = [], 0
    while pending_on or pending_off:
        length += 1
        while pending_on:
            p = pending_on.popleft()
            for q in on_to_off(cand, p, cells_too):
                if not _is_ancestor(p, q.key):
                    pending_off.append(q)
        length += 1
        while pending_off:
            p = pending_off.popleft()
            for q in off_to_on(cand, p, None, {}, cells_too, houses_too):
                if length >= 4 and q.key == source.key:
                    found.append(q)
                if q.key not in ons:
                    ons[q.key] = q
                    pending_on.append(q)
    return found


def _forcing(cand, source: Link, cells_too: bool) -> list[Link]:
    ons: dict[int, Link] = {}
    offs: dict[int, Link] = {}
    (ons if source.on else offs)[source.key] = source
    pending_on = deque([source] if source.on else [])
    pending_off = deque([] if source.on else [source])
    found: dict[int, Link] = {}
    while pending_on or pending_off:
        while pending_on:
            p = pending_on.popleft()
            for q in on_to_off(cand, p, cells_too):
                if q.conjugate_key() == source.key and q.key not in found:
                    found[q.key] = q
                if q.key not in offs:
                    offs[q.key] = q
                    pending_off.append(q)
        while pending_off:
            p = pending_off.popleft()
            for q in off_to_on(cand, p, None, offs, cells_too, True):
                if q.conjugate_key() == source.key and q.key not in found:
                    found[q.key] = q
                if q.key not in ons:
                    ons[q.key] = q
                    pending_on.append(q)
    return list(found.values())


def _cycle_removals(cand, end: Link) -> list[tuple[int, int]]:
    cells = set()
    p = end
    while p.parents:
        cells.add(p.cell)
        p = p.parents[0]
    forward: set[tuple[int, int]] = set()
    backward: set[tuple[int, int]] = set()
    p = end
    while p.parents:
        bit = 1 << p.digit
        for c in PEERS[p.cell]:
            if c not in cells and cand[c] & bit:
                (forward if p.on else backward).add((c, p.digit))
        p = p.parents[0]
    return sorted(forward & backward)


def _target_removals(cand, target: Link) -> list[tuple[int, int]]:
    """An 'off' target removes its digit; an 'on' target removes the cell's other digits."""
    if not target.on:
        return [(target.cell, target.digit)]
    return [(target.cell, d) for d in DIGITS_OF[cand[target.cell]] if d != target.digit]


def _sorted(found: list) -> Iterator[SeHint]:
    found.sort(key=lambda t: (round(t[0], 2), t[1], t[2]))
    for difficulty, _, _, name, removes in found:
        yield SeHint(round(difficulty, 1), name, removals(removes))


def cycles_and_chains(board: Board) -> Iterator[SeHint]:
    """X-, Y- and XY-cycles (6.5, 7.0) and forcing chains (6.6, 7.0), plus their length bonus."""
    cand = board.cand
    found = []
    for cells_too, houses_too in ((False, True), (True, False), (True, True)):
        both = cells_too and houses_too
        for cell in range(81):
            if COUNT[cand[cell]] < 2:
                continue
            for digit in DIGITS_OF[cand[cell]]:
                if not houses_too and COUNT[cand[cell]] > 2:
                    continue
                source = Link(cell, digit, True)
                for end in _cycles(cand, source, cells_too, houses_too):
                    removes = _cycle_removals(cand, end)
                    if removes:
                        n = ancestor_count(end)
                        found.append(((7.0 if both else 6.5) + chain_bonus(n), n,
                                      4 if both else 3 if cells_too else 2,
                                      "XY-cycle" if both else "Y-cycle" if cells_too else "X-cycle",
                                      removes))
                if not houses_too:
                    continue
                for start in (source, Link(cell, digit, False)):
                    for target in _forcing(cand, start, cells_too):
                        removes = _target_removals(cand, target)
                        if removes:
                            n = ancestor_count(target)
                            found.append(((7.0 if both else 6.6) + chain_bonus(n), n,
                                          4 if both else 2,
                                          "Forcing chain" if both else "Forcing X-chain", removes))
    yield from _sorted(found)


# --- chains that follow their own eliminations ---------------------------------------------------

class Chainer:
    """Nishio, multiple and dynamic forcing chains on one grid."""

    def __init__(self, cand: list[int], multiple: bool, dynamic: bool, nishio: bool) -> None:
        self.cand = cand
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        if nishio:
            self.base = 7.5
        elif dynamic:
            self.base = 8.5
        else:
            self.base = 8.0

    def run(self, ons: dict[int, Link], offs: dict[int, Link]) -> tuple[Link, Link] | None:
        """Follow the links from the starting ones; the contradicting pair (on, off) if one
        candidate ends up both on and off, else None. `ons` and `offs` grow in place."""
        grid = self.cand[:]
        source = self.cand if self.dynamic else None
        cells_too = not self.nishio
        pending_on, pending_off = deque(ons.values()), deque(offs.values())
        while True:
            if pending_on:
                p = pending_on.popleft()
                for q in on_to_off(grid, p, cells_too):
                    twin = ons.get(q.key ^ 1)
                    if twin is not None:
                        return twin, q
                    if q.key not in offs:
                        offs[q.key] = q
                        pending_off.append(q)
                continue
            if pending_off:
                p = pending_off.popleft()
                made = off_to_on(grid, p, source, offs, cells_too, True)
                if self.dynamic:
                    grid[p.cell] &= ~(1 << p.digit)
                for q in made:
                    twin = offs.get(q.key ^ 1)
                    if twin is not None:
                        return q, twin
                    if q.key not in ons:
                        ons[q.key] = q
                        pending_on.append(q)
                continue
            return None

    def hints(self) -> Iterator[SeHint]:
        cand = self.cand
        found: list = []
        for cell in range(81):
            n = COUNT[cand[cell]]
            if n > 2 or (n > 1 and self.dynamic):
                self._cell(cell, n, found)
        yield from _sorted(found)

    def _add(self, found, complexity: int, key: int, name: str, removes) -> None:
        if removes:
            found.append((self.base + chain_bonus(complexity), complexity, key, name, removes))

    def _cell(self, cell: int, n: int, found) -> None:
        cand = self.cand
        per_digit: dict[int, tuple[dict, dict]] = {}
        cell_on: dict[int, Link] | None = None
        cell_off: dict[int, Link] | None = None
        for digit in DIGITS_OF[cand[cell]]:
            on_on: dict[int, Link] = {}
            on_off: dict[int, Link] = {}
            self._binary(cell, digit, on_on, on_off, n >= 3 and not self.nishio and self.dynamic,
                         self.dynamic or self.nishio, found)
            if not self.nishio:
                self._houses(cell, digit, on_on, on_off, found)
            per_digit[digit] = (on_on, on_off)
            if cell_on is None or cell_off is None:
                cell_on, cell_off = dict(on_on), dict(on_off)
            else:
                cell_on = {k: v for k, v in cell_on.items() if k in on_on}
                cell_off = {k: v for k, v in cell_off.items() if k in on_off}
        if self.nishio or not (n == 2 or (self.multiple and n > 2)) or cell_on is None or cell_off is None:
            return
        for targets, side in ((cell_on, 0), (cell_off, 1)):
            for key, target in targets.items():
                complexity = sum(ancestor_count(per_digit[d][side][key]) for d in per_digit)
                self._add(found, complexity, 5, "Cell forcing chains", _target_removals(cand, target))

    def _binary(self, cell, digit, on_on, on_off, double: bool, contradiction: bool, found) -> None:
        cand = self.cand
        p_on = Link(cell, digit, True)
        p_off = Link(cell, digit, False)
        on_on[p_on.key] = p_on
        absurd = self.run(on_on, on_off)
        if contradiction and absurd:
            self._add(found, ancestor_count(absurd[0]) + ancestor_count(absurd[1]), 7,
                      "Contradiction forcing chain", [(cell, digit)])
        off_on: dict[int, Link] = {}
        off_off = {p_off.key: p_off}
        absurd = self.run(off_on, off_off)
        if contradiction and absurd:
            self._add(found, ancestor_count(absurd[0]) + ancestor_count(absurd[1]), 7,
                      "Contradiction forcing chain", _target_removals(cand, p_on))
        if double:
            # What follows both from the digit and from its absence is true.
            for from_on, from_off in ((on_on, off_on), (on_off, off_off)):
                for key, a in from_on.items():
                    b = from_off.get(key)
                    if b is not None:
                        self._add(found, ancestor_count(a) + ancestor_count(b), 1,
                                  "Double forcing chain", _target_removals(cand, a))

    def _houses(self, cell, digit, on_on, on_off, found) -> None:
        cand = self.cand
        bit = 1 << digit
        for kind in KINDS:
            house = HOUSES[kind][HOUSE_OF[cell][kind]]
            places = [c for c in house if cand[c] & bit]
            if not (len(places) == 2 or (self.multiple and len(places) > 2)) or places[0] != cell:
                continue
            outcomes = []
            for other in places:
                if other == cell:
                    outcomes.append((on_on, on_off))
                else:
                    start = Link(other, digit, True)
                    ons: dict[int, Link] = {start.key: start}
                    offs: dict[int, Link] = {}
                    self.run(ons, offs)
                    outcomes.append((ons, offs))
            for side in (0, 1):
                common = [k for k in outcomes[0][side] if all(k in o[side] for o in outcomes[1:])]
                for key in common:
                    target = outcomes[0][side][key]
                    complexity = sum(ancestor_count(o[side][key]) for o in outcomes)
                    self._add(found, complexity, 6, "Region forcing chains",
                              _target_removals(cand, target))


def nishio(board: Board) -> Iterator[SeHint]:
    """Nishio forcing chains (7.5 + length)."""
    yield from Chainer(board.cand, False, True, True).hints()


def multiple_chains(board: Board) -> Iterator[SeHint]:
    """Multiple forcing chains: cell and region forcing chains (8.0 + length)."""
    yield from Chainer(board.cand, True, False, False).hints()


def dynamic_chains(board: Board) -> Iterator[SeHint]:
    """Dynamic forcing chains (8.5 + length)."""
    yield from Chainer(board.cand, True, True, False).hints()
