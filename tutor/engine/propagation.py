"""Following an assumption by singles: every fact it forces, each with the facts it rests on.

Forcing chains (engine/techniques/forcing.py) assume a candidate true (or false) and follow what the
assumption forces by naked and hidden singles until nothing more follows or the grid breaks. Each
derived placement is recorded with its reason (its cell's last candidate, or a unit's last place
for its digit) and its parents: the earlier facts that removed the other candidates or places.
`Branch.links` turns the facts behind any conclusion into chain Links (engine/chain.py), the shape
the proof of a guess (engine/techniques/backtracking.py) also uses, so both read aloud the same way.
"""

from __future__ import annotations

import sys
from typing import Sequence

from tutor.engine.chain import IN_CELL, Link, Node
from tutor.model.geometry import DIGITS_IN, ONLY_DIGIT, Geometry
from tutor.model.geometry import current as board_in_use

NO_CANDIDATE, NO_PLACE = 0, 1
"""How a branch breaks: a cell left with no candidate, or a unit left with no place for a digit."""
PREMISE = -2
"""A fact's `unit` when it is the branch's assumption (it rests on nothing)."""


Fact = tuple[int, int, bool, int, tuple[int, ...]]
"""(cell, digit, true, unit or IN_CELL or PREMISE, indexes of the parent facts)."""


class Position:
    """A position prepared once for many branches: each unit's places for each digit, on the
    board in use when it is made (`board`; `ops`, the singles' moves on it)."""

    __slots__ = ("values", "masks", "places", "done", "board", "ops")

    def __init__(self, values: Sequence[int], masks: Sequence[int]):
        self.board = board = board_in_use()
        self.ops = ops = board.table("propagation.ops", _Ops)
        size, units = ops.size, board.units
        self.values = list(values)
        self.masks = list(masks)
        # places[unit * size + digit - 1]: the unit's cells (bits by position) holding the digit
        # as a candidate; done[unit]: the digits (bits) already placed in the unit.
        self.places = [0] * (len(units) * size)
        self.done = [0] * len(units)
        for unit, cells in enumerate(units):
            base = unit * size
            for position, cell in enumerate(cells):
                if values[cell]:
                    self.done[unit] |= 1 << (values[cell] - 1)
                else:
                    for digit in DIGITS_IN[masks[cell]]:
                        self.places[base + digit - 1] |= 1 << position

    def branch(self, cell: int, digit: int, true: bool, limit: int | None = None) -> Branch:
        """Assume `cell` is (or is not) `digit` and follow the singles it forces (to `limit`
        facts at most, if given)."""
        return Branch(self, cell, digit, true, limit)


class Branch:
    """One assumption followed to its end.

    `facts[0]` is the assumption; `placed` and `removed` map each candidate key (cell * size +
    digit - 1, size the board's digits) the branch placed or removed to the fact that did it;
    `broken` is None, or (NO_CANDIDATE, cell, 0, parents) or (NO_PLACE, unit, digit, parents).
    """

    __slots__ = ("position", "facts", "placed", "removed", "broken", "values", "masks", "_bits",
                 "_places", "_done", "_queue", "_head")

    def __init__(self, position: Position, cell: int, digit: int, true: bool,
                 limit: int | None = None):
        self.position = position
        self.values = values = position.values[:]
        self.masks = masks = position.masks[:]
        self._places = places = position.places[:]
        self._done = done = position.done[:]
        self.facts: list[Fact] = [(cell, digit, true, PREMISE, ())]
        self.placed: dict[int, int] = {}
        self.removed: dict[int, int] = {}
        self.broken: tuple[int, int, int, tuple[int, ...]] | None = None
        self._bits: list[int] | None = None
        # Singles found, as (cell, digit, unit or IN_CELL); their parents are read when they are
        # made: by then nothing has changed what they rest on (a removal is recorded once).
        self._queue: list[tuple[int, int, int]] = []
        self._head = 0
        ops = position.ops
        if true:
            broken = ops.place(cell, digit, 0, values, masks, places, done, self.placed,
                               self.removed, self._queue)
        else:
            broken = ops.lose(cell, digit, 0, False, masks, places, done, self.removed,
                              self._queue)
        if broken is not None:
            self._break(broken)
        else:
            self.extend(limit)

    def fork(self) -> Branch:
        """A copy of this branch to follow further on its own (a second assumption inside it):
        its facts keep their indexes, so a fact of the copy may rest on this branch's facts."""
        new = object.__new__(type(self))
        new.position = self.position
        new.values, new.masks = self.values[:], self.masks[:]
        new._places, new._done = self._places[:], self._done[:]
        new.facts = self.facts[:]
        new.placed, new.removed = dict(self.placed), dict(self.removed)
        new.broken = self.broken
        new._bits = None
        new._queue = self._queue[self._head:]
        new._head = 0
        return new

    def assume(self, cell: int, digit: int, limit: int | None = None) -> None:
        """Assume, further, that `cell` is `digit` (one of its candidates here), a premise that
        rests on nothing, and follow the singles it forces."""
        self.facts.append((cell, digit, True, PREMISE, ()))
        self._bits = None
        clash = self.position.ops.place(cell, digit, len(self.facts) - 1, self.values, self.masks,
                                        self._places, self._done, self.placed, self.removed,
                                        self._queue)
        if clash is not None:
            self._break(clash)
        else:
            self.extend(limit)

    def eliminate(self, cell: int, digit: int, unit: int, parents: tuple[int, ...]) -> None:
        """Record that `cell` is not `digit` for a reason outside singles (`unit` says which, to
        the caller; `parents`: the facts it rests on). The singles it leaves are found, not made:
        `extend` makes them."""
        self.facts.append((cell, digit, False, unit, parents))
        self._bits = None
        clash = self.position.ops.lose(cell, digit, len(self.facts) - 1, False, self.masks,
                                       self._places, self._done, self.removed, self._queue)
        if clash is not None:
            self._break(clash)

    def causes(self, cell: int, gone: int) -> tuple[int, ...]:
        """The facts that removed the candidates `gone` (a digit mask) from `cell`; a candidate
        the position already lacked rests on nothing."""
        return self.position.ops.causes(self.removed, cell, gone & self.position.masks[cell])

    @property
    def finished(self) -> bool:
        """Nothing more follows: the branch broke, or no single is left to make."""
        return self.broken is not None or self._head >= len(self._queue)

    def extend(self, limit: int | None = None) -> None:
        """Make the singles found, until none is left, the grid breaks, or there are `limit` facts
        (a branch cut short says less, never anything false; extending it again goes on)."""
        values, masks, places, done = self.values, self.masks, self._places, self._done
        facts, placed, removed, queue = self.facts, self.placed, self.removed, self._queue
        base_masks = self.position.masks
        base_places = self.position.places
        ops = self.position.ops
        size, place, causes, place_causes = ops.size, ops.place, ops.causes, ops.place_causes
        head = self._head
        if limit is None:
            limit = sys.maxsize  # facts may be removals too (Branch.eliminate)
        while self.broken is None and head < len(queue) and len(facts) < limit:
            c, d, unit = queue[head]
            head += 1
            if values[c] or not masks[c] & (1 << (d - 1)):
                continue  # placed meanwhile, or the clash is already recorded as broken
            if unit == IN_CELL:
                parents = causes(removed, c, base_masks[c] & ~masks[c])
            else:
                key = unit * size + d - 1
                parents = place_causes(removed, unit, d, base_places[key] & ~places[key])
            facts.append((c, d, True, unit, parents))
            self._bits = None
            clash = place(c, d, len(facts) - 1, values, masks, places, done, placed, removed,
                          queue)
            if clash is not None:
                self._break(clash)
        self._head = head

    def _break(self, broken: tuple[int, int, int]) -> None:
        kind, where, lost = broken
        removed = self.removed
        ops = self.position.ops
        if kind == NO_CANDIDATE:
            self.broken = (kind, where, 0, ops.causes(removed, where, self.position.masks[where]))
        else:
            key = where * ops.size + lost - 1
            self.broken = (kind, where, lost,
                           ops.place_causes(removed, where, lost, self.position.places[key]))

    def weight(self, roots: Sequence[int]) -> int:
        """How many facts the facts `roots` rest on, themselves included (the proof's size)."""
        bits = self._bits
        if bits is None:
            # Each fact's closure as a bitset of fact indexes: parents always come earlier.
            bits = []
            for index, fact in enumerate(self.facts):
                closure = 1 << index
                for parent in fact[4]:
                    closure |= bits[parent]
                bits.append(closure)
            self._bits = bits
        union = 0
        for root in roots:
            union |= bits[root]
        return union.bit_count()

    def closure(self, roots: Sequence[int]) -> list[int]:
        """The facts (indexes, in order) that the facts `roots` rest on, themselves included."""
        facts = self.facts
        seen = set(roots)
        stack = list(roots)
        while stack:
            for parent in facts[stack.pop()][4]:
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        return sorted(seen)

    def node(self, index: int) -> tuple[Node, bool]:
        cell, digit, true, _, _ = self.facts[index]
        return Node((cell,), digit), true

    def links(self, indexes: Sequence[int]) -> list[Link]:
        """The Links deriving the facts `indexes` (a closure, in order): one from each parent."""
        links = []
        for index in indexes:
            cell, digit, _, unit, parents = self.facts[index]
            for parent in parents:
                premise, premise_true = self.node(parent)
                links.append(Link(premise, premise_true, Node((cell,), digit), True, unit))
        return links

    def removal_link(self, cell: int, digit: int) -> Link:
        """The Link by which the branch removed `digit` from `cell`: a placement in the cell or
        in a peer (or the assumption itself)."""
        fact = self.removed[cell * self.position.ops.size + digit - 1]
        premise, premise_true = self.node(fact)
        if premise.cells[0] == cell:
            return Link(premise, premise_true, Node((cell,), digit), False, IN_CELL)
        units_of = self.position.board.units_of
        unit = next(u for u in units_of[cell] if u in units_of[premise.cells[0]])
        return Link(premise, premise_true, Node((cell,), digit), False, unit)


class _Ops:
    """The singles' moves on one board (made once per board, `Geometry.table`): functions
    closing over the board's tables, read as fast as module constants were."""

    __slots__ = ("size", "lose", "place", "causes", "place_causes")

    def __init__(self, board: Geometry) -> None:
        size, units, units_of, peers = board.size, board.units, board.units_of, board.peers
        # position_in_unit[cell][k]: the cell's index within its k-th unit (row, column, box).
        position_in_unit = tuple(tuple(units[unit].index(cell) for unit in units_of[cell])
                                 for cell in board.cells)

        def lose(c: int, d: int, fact: int, filling: bool, masks: list[int], places: list[int],
                 done: list[int], removed: dict[int, int], queue: list
                 ) -> tuple[int, int, int] | None:
            """Remove candidate d from cell c (`filling`: c is being filled); what breaks, if
            anything: (NO_CANDIDATE, cell, 0) or (NO_PLACE, unit, digit). Singles it leaves go
            to `queue`."""
            bit = 1 << (d - 1)
            m = masks[c] ^ bit
            masks[c] = m
            removed[c * size + d - 1] = fact
            if not filling:
                if not m:
                    return NO_CANDIDATE, c, 0
                if not m & (m - 1):
                    queue.append((c, ONLY_DIGIT[m], IN_CELL))
            positions = position_in_unit[c]
            k = 0
            for unit in units_of[c]:
                if not done[unit] & bit:
                    key = unit * size + d - 1
                    left = places[key] & ~(1 << positions[k])
                    places[key] = left
                    if not left:
                        return NO_PLACE, unit, d
                    if not left & (left - 1):
                        queue.append((units[unit][left.bit_length() - 1], d, unit))
                k += 1
            return None

        def place(c: int, d: int, fact: int, values: list[int], masks: list[int],
                  places: list[int], done: list[int], placed: dict[int, int],
                  removed: dict[int, int], queue: list) -> tuple[int, int, int] | None:
            """Place d in cell c: the cell's other candidates and the peers' d go; what breaks,
            if anything."""
            bit = 1 << (d - 1)
            values[c] = d
            placed[c * size + d - 1] = fact
            for unit in units_of[c]:
                done[unit] |= bit
            for other in DIGITS_IN[masks[c] & ~bit]:
                broken = lose(c, other, fact, True, masks, places, done, removed, queue)
                if broken is not None:
                    return broken
            masks[c] = 0
            for p in peers[c]:
                if masks[p] & bit:
                    broken = lose(p, d, fact, False, masks, places, done, removed, queue)
                    if broken is not None:
                        return broken
            return None

        def causes(removed: dict[int, int], cell: int, gone: int) -> tuple[int, ...]:
            """The facts that removed the candidates `gone` (a digit mask) from `cell`."""
            return tuple(dict.fromkeys(removed[cell * size + d - 1] for d in DIGITS_IN[gone]))

        def place_causes(removed: dict[int, int], unit: int, digit: int, gone: int
                         ) -> tuple[int, ...]:
            """The facts that removed `digit` from the unit's cells at positions `gone` (bits)."""
            cells = units[unit]
            found = []
            while gone:
                low = gone & -gone
                found.append(removed[cells[low.bit_length() - 1] * size + digit - 1])
                gone ^= low
            return tuple(dict.fromkeys(found))

        self.size, self.lose, self.place = size, lose, place
        self.causes, self.place_causes = causes, place_causes
