"""Sudoku Explainer's dynamic forcing chains (+) and nested forcing chains (9.0 and up)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from functools import partial

from tutor.engine.se.basic import CROSSINGS, LOCK_ORDER, SCAN_ORDER
from tutor.engine.se.board import (
    COLS, COUNT, DIGITS_OF, HOUSE_OF, HOUSES, ROWS, Board,
)

from tutor.engine.se.chains import (
    ADVANCED, BOX, CELL, HOUSE_CAUSE, KINDS, NONE, ORDERED_PEERS, Chainer, Link, ancestor_count,
    chain_bonus, cycle_removals, tables, target_removals,
)
from tutor.engine.se.hint import SeHint, removals

SUFFIXES = {1: " (+)", 2: " (+ forcing chains)", 3: " (+ multiple forcing chains)",
            4: " (+ dynamic forcing chains)", 5: " (+ dynamic forcing chains (+ forcing chains))"}
"""SE's names of the nesting levels (what runs inside the chains)."""


def _peer_cause() -> tuple[dict[int, int], ...]:
    """Per cell and peer: the first house (box, row, column) they share, as a cause."""
    out = []
    for cell in range(81):
        kinds: dict[int, int] = {}
        for kind in KINDS:
            for c in HOUSES[kind][HOUSE_OF[cell][kind]]:
                if c != cell and c not in kinds:
                    kinds[c] = HOUSE_CAUSE[kind]
        out.append(kinds)
    return tuple(out)


PEER_CAUSE = _peer_cause()


def level_difficulty(level: int) -> float:
    """SE's base difficulty of dynamic forcing chains nested to `level` (1: 9.0 ... 5: 11.0)."""
    return 8.5 + 0.5 * level


class NLink(Link):
    """A Link that knows why it holds (`cause`) and, for one made by a rule run on the grid as
    the chain left it, the chain hint that rule gave (`nested`, or None)."""

    __slots__ = ("cause", "nested")

    def __init__(self, cell: int, digit: int, on: bool, parents: list[Link] | None = None,
                 cause: int = NONE, nested: "ChainHint | None" = None) -> None:
        super().__init__(cell, digit, on, parents)
        self.cause = cause
        self.nested = nested


class ChainHint:
    """A chain hint with what SE needs to nest it: the chains' ends (`targets`), the start's own
    cause for cell and region chains, and its complexity (candidates, nested chains included)."""

    __slots__ = ("difficulty", "complexity", "order", "name", "removes", "targets", "start_cause",
                 "_fkey")

    def __init__(self, difficulty: float, complexity: int, order: int, name: str,
                 removes: list[tuple[int, int]], targets: list[Link], start_cause: int) -> None:
        self.difficulty = difficulty
        self.complexity = complexity
        self.order = order
        self.name = name
        self.removes = removes
        self.targets = targets
        self.start_cause = start_cause
        self._fkey: tuple | None = None

    def fkey(self) -> tuple:
        """What makes two nested chains the same for SE (their ends and the links behind each)."""
        if self._fkey is None:
            self._fkey = tuple((t.key, tuple(_chain_keys(t))) for t in self.targets)
        return self._fkey


def _chain_keys(target: Link) -> list[int]:
    """The keys of the link and its ancestors, level by level (as SE lists a chain)."""
    seen: set[int] = set()
    out = []
    todo = [target]
    while todo:
        nxt = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                out.append(p.key)
                nxt.extend(p.parents)
        todo = nxt
    return out


def _ancestors(target: Link) -> Iterator[Link]:
    """The link and its ancestors, one per key, level by level."""
    seen: set[int] = set()
    todo = [target]
    while todo:
        nxt = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                yield p
                nxt.extend(p.parents)
        todo = nxt


def nested_complexity(targets: list[Link]) -> int:
    """The complexity of the distinct nested chains the targets rest on."""
    done_links: set[int] = set()
    done_chains: set[tuple] = set()
    seen_hints: set[int] = set()
    total = 0
    for t in targets:
        for p in _ancestors(t):
            hint = getattr(p, "nested", None)
            if hint is None or id(p) in done_links:
                continue
            done_links.add(id(p))
            if id(hint) in seen_hints:
                continue
            seen_hints.add(id(hint))
            key = hint.fkey()
            if key not in done_chains:
                done_chains.add(key)
                total += hint.complexity
    return total


def rule_parents(hint: ChainHint, source: list[int], grid: list[int]) -> list[int]:
    """The candidates removed since `source` (as 'off' keys) a chain hint found on `grid` rests
    on: per 'on' link, those of its cell (cell cause) or of its digit in its house."""
    out: dict[int, None] = {}
    for target in hint.targets:
        for p in _ancestors(target):
            if not p.on:
                continue
            cause = p.cause if isinstance(p, NLink) else NONE
            if cause == NONE and not p.parents:
                cause = hint.start_cause
            if cause == CELL:
                cell = p.cell
                for d in DIGITS_OF[source[cell] & ~grid[cell]]:
                    out[cell * 20 + d * 2] = None
            elif cause in HOUSE_CAUSE:
                kind = cause - BOX
                bit = 1 << p.digit
                for c in HOUSES[kind][HOUSE_OF[p.cell][kind]]:
                    if source[c] & bit and not grid[c] & bit:
                        out[c * 20 + p.digit * 2] = None
    return list(out)


# --- the simple rules SE runs on the grid a chain left -------------------------------------------

def _places(grid: list[int]) -> dict[int, list[int]]:
    """Per house (by id) the places of each digit, as masks over its nine cells."""
    found = {}
    for kind in KINDS:
        for house in HOUSES[kind]:
            masks = [0] * 10
            for k, c in enumerate(house):
                for d in DIGITS_OF[grid[c]]:
                    masks[d] |= 1 << k
            found[id(house)] = masks
    return found


def _bits(mask: int) -> list[int]:
    return [k for k in range(9) if mask >> k & 1]


Found = tuple[list[tuple[int, int]], list[int], "ChainHint | None"]
"""A rule's hint on a chain's grid: its removals, the removed candidates it rests on (off keys),
the chain hint it is (None for a simple rule)."""


_CROSSING_LIST = tuple((house1, house2, *CROSSINGS[kind1, i1, kind2, i2])
                       for kind1, kind2 in LOCK_ORDER
                       for i1, house1 in enumerate(HOUSES[kind1])
                       for i2, house2 in enumerate(HOUSES[kind2])
                       if (kind1, i1, kind2, i2) in CROSSINGS)
"""Crossing houses in SE's order of pointing and claiming, with their shared places' masks."""


def _locking(grid, val, source, places) -> list[Found]:
    out: list[Found] = []
    for house1, house2, in1, in2 in _CROSSING_LIST:
        pos1 = places[id(house1)]
        pos2 = places[id(house2)]
        for digit in range(1, 10):
            pos = pos1[digit]
            if not pos & (pos - 1) or pos & ~in1:
                continue
            out2 = pos2[digit] & ~in2
            if not out2:
                continue
            bit = 1 << digit
            parents = [c * 20 + digit * 2 for k, c in enumerate(house1)
                       if not in1 >> k & 1 and source[c] & bit and not grid[c] & bit]
            out.append(([(house2[k], digit) for k in _bits(out2)], parents, None))
    return out


POP = tuple(bin(m).count("1") for m in range(1 << 10))
"""The number of members of a mask."""


def _equal_pairs(masks: list[int]) -> Iterator[tuple[int, int]]:
    """Index pairs (i, j) whose masks are equal with two members, in SE's order of pairs
    ((0, 1), (0, 2), (1, 2), (0, 3), ...): with two members each, two masks make a pair exactly
    when they are equal."""
    for j in range(1, len(masks)):
        mj = masks[j]
        if POP[mj] != 2:
            continue
        for i in range(j):
            if masks[i] == mj:
                yield i, j


def _hidden_pairs(grid, val, source, places) -> list[Found]:
    out: list[Found] = []
    for kind in SCAN_ORDER:
        for house in HOUSES[kind]:
            if not sum(1 for c in house if not val[c]) > 4:
                continue
            positions = places[id(house)]
            usable = [d for d in range(1, 10) if positions[d] & (positions[d] - 1)]
            for i, j in _equal_pairs([positions[d] for d in usable]):
                digits = (usable[i], usable[j])
                common = positions[digits[0]]
                keep = (1 << digits[0]) | (1 << digits[1])
                removes = [(house[k], d) for k in _bits(common)
                           for d in DIGITS_OF[grid[house[k]] & ~keep]]
                if not removes:
                    continue
                parents = [house[k] * 20 + d * 2 for k in range(9) if not common >> k & 1
                           for d in digits if source[house[k]] >> d & 1]
                out.append((removes, parents, None))
    return out


def _naked_pairs(grid, val, source, places) -> list[Found]:
    out: list[Found] = []
    for kind in SCAN_ORDER:
        for house in HOUSES[kind]:
            if sum(1 for c in house if not val[c]) < 4:
                continue
            usable = [c for c in house if grid[c] & (grid[c] - 1)]
            for i, j in _equal_pairs([grid[c] for c in usable]):
                cells = (usable[i], usable[j])
                common = grid[cells[0]]
                removes = [(c, d) for c in house if c not in cells
                           for d in DIGITS_OF[grid[c] & common]]
                if not removes:
                    continue
                parents = [c * 20 + d * 2 for c in cells for d in DIGITS_OF[source[c] & ~common]]
                out.append((removes, parents, None))
    return out


def _x_wings(grid, val, source, places) -> list[Found]:
    out: list[Found] = []
    placed = [0] * 10
    for v in val:
        placed[v] += 1
    digits = [d for d in range(1, 10) if placed[d] + 4 <= 9]
    for base, cover in ((COLS, ROWS), (ROWS, COLS)):
        lines = [places[id(line)] for line in base]
        for second in range(1, 9):
            for first in range(second):
                base_set = (1 << first) | (1 << second)
                for digit in digits:
                    common = lines[second][digit]
                    if POP[common] != 2 or lines[first][digit] != common:
                        continue
                    bit = 1 << digit
                    removes = [(cover[j][k], digit) for j in _bits(common) for k in range(9)
                               if not base_set >> k & 1 and grid[cover[j][k]] & bit]
                    if not removes:
                        continue
                    parents = [c * 20 + digit * 2 for b in (first, second)
                               for k, c in enumerate(base[b])
                               if not common >> k & 1 and source[c] & bit and not grid[c] & bit]
                    out.append((removes, parents, None))
    return out


SIMPLE_RULES = (_locking, _hidden_pairs, _naked_pairs, _x_wings)
"""The rules SE runs first on a chain's grid, in its order: pointing and claiming, hidden pair,
naked pair, X-Wing."""


# --- chain hints with their links, for nesting ---------------------------------------------------

def _static_link(keys: list[int]) -> NLink:
    """The chain of an unchanged grid's search (keys from the end back to the start) as links,
    each with its cause; the end's link."""
    prev: NLink | None = None
    for k in reversed(keys):
        cell, digit, on = k // 20, k % 20 // 2, bool(k & 1)
        if prev is None:
            link = NLink(cell, digit, on)
        else:
            cause = CELL if prev.cell == cell else PEER_CAUSE[prev.cell][cell]
            link = NLink(cell, digit, on, [prev], cause)
        prev = link
    assert prev is not None
    return prev


def _static_on_cause(grid: list[int], link: NLink) -> None:
    """An 'on' link made from an 'off' of another cell holds by the first house (box, row,
    column) of both where the digit has just those two places: set that cause."""
    if not link.on or not link.parents or link.cause == CELL:
        return
    other = link.parents[0].cell
    bit = 1 << link.digit
    for kind in KINDS:
        house = HOUSES[kind][HOUSE_OF[link.cell][kind]]
        if other in house and sum(1 for c in house if grid[c] & bit) == 2:
            link.cause = HOUSE_CAUSE[kind]
            return


def _reversed(end: NLink) -> NLink:
    """A cycle walked the other way, each link flipped, keeping its cause (as SE builds it)."""
    links = []
    p: Link | None = end
    while p is not None:
        links.append(p)
        p = p.parents[0] if p.parents else None
    out: list[NLink] = []
    for p in links:
        out.append(NLink(p.cell, p.digit, not p.on, None, getattr(p, "cause", NONE)))
    # links[0] is the end, links[-1] the start: the reversed chain runs start -> end backwards.
    out.reverse()
    for a, b in zip(out, out[1:]):
        a.parents.append(b)
    return out[0]


def _first_forcing(on_off: dict[int, list[int]], off_on: dict[int, list[int]],
                   skey: int) -> list[int] | None:
    """The first chain (breadth first, a level's ons then its offs) from the start to its
    opposite, as keys from that end back to the start; None when there is none. SE keeps only
    the first: the search stops there."""
    parent = {skey: -1}
    target = skey ^ 1
    pending_on = [skey] if skey & 1 else []
    pending_off = [] if skey & 1 else [skey]
    while pending_on or pending_off:
        for p in pending_on:
            for q in on_off[p]:
                if q not in parent:
                    parent[q] = p
                    if q == target:
                        return _back(parent, q)
                    pending_off.append(q)
        nxt = []
        for p in pending_off:
            for q in off_on[p]:
                if q not in parent:
                    parent[q] = p
                    if q == target:
                        return _back(parent, q)
                    nxt.append(q)
        pending_on, pending_off = nxt, []
    return None


def _back(parent: dict[int, int], key: int) -> list[int]:
    keys = []
    while key != -1:
        keys.append(key)
        key = parent[key]
    return keys


def _static_graphs(grid: list[int]) -> list[tuple[dict[int, list[int]], dict[int, list[int]]]]:
    """The links of an unchanged grid by candidate key (cell * 20 + digit * 2 + on), for X-,
    Y- and XY-chains: an 'on' turns off its cell's other digits (not in X-chains) and its digit
    in its box, row and column; an 'off' turns on its cell's last other digit (not in X-chains)
    and its digit's last other place in its box, row and column (not in Y-chains), in that
    order, each once."""
    on_cell, on_house, off_cell, off_house = tables(grid, once=True)
    on_both = {k: on_cell[k] + v for k, v in on_house.items()}
    return [(on_house, off_house), (on_both, off_cell),
            (on_both, {k: off_cell[k] + v for k, v in off_house.items()})]


def _static_cycles(on_off: dict[int, list[int]], off_on: dict[int, list[int]],
                   skey: int) -> list[list[int]]:
    """The cycles back to the 'on' start, breadth first as SE finds them (a link is not taken
    back to one of its own ancestors; an 'on' is met once): each as keys from its end (the start
    again) back to the start."""
    keys = [skey]
    parents = [-1]
    ancestors = [0]  # per node, the keys above it, as a bit set
    ons = {skey}
    pending_on = [0]
    ends: list[int] = []
    length = 0
    while pending_on:
        length += 2
        pending_off = []
        for p in pending_on:
            above = ancestors[p] | 1 << keys[p]
            for q in on_off[keys[p]]:
                # An 'off' that turns nothing on goes nowhere: it is not followed.
                if off_on[q] and not (ancestors[p] >> q) & 1:
                    keys.append(q)
                    parents.append(p)
                    ancestors.append(above)
                    pending_off.append(len(keys) - 1)
        pending_on = []
        for p in pending_off:
            above = ancestors[p] | 1 << keys[p]
            for q in off_on[keys[p]]:
                if q == skey:
                    if length >= 4:
                        keys.append(q)
                        parents.append(p)
                        ancestors.append(above)
                        ends.append(len(keys) - 1)
                elif q not in ons:
                    ons.add(q)
                    keys.append(q)
                    parents.append(p)
                    ancestors.append(above)
                    pending_on.append(len(keys) - 1)
    paths = []
    for end in ends:
        path = []
        node = end
        while node >= 0:
            path.append(keys[node])
            node = parents[node]
        paths.append(path)
    return paths


def static_hints(grid: list[int]) -> list[ChainHint]:
    """Every cycle and forcing chain on an unchanged grid, as SE's 'Forcing Chains & Cycles'
    lists them (sorted: difficulty, complexity, kind; ties in the order found)."""
    found: list[ChainHint] = []
    graphs = _static_graphs(grid)
    for (cells_too, houses_too), (on_off, off_on) in zip(
            ((False, True), (True, False), (True, True)), graphs):
        both = cells_too and houses_too
        cycle_base = 7.0 if both else 6.5
        order = 4 if both else 3 if cells_too else 2
        chain_base = 7.0 if both else 6.6
        for cell in range(81):
            if COUNT[grid[cell]] < 2:
                continue
            if not houses_too and COUNT[grid[cell]] > 2:
                continue
            for digit in DIGITS_OF[grid[cell]]:
                skey = cell * 20 + digit * 2 + 1
                for path in _static_cycles(on_off, off_on, skey):
                    removes = cycle_removals(grid, path[:-1])
                    if removes:
                        dst_on = _static_link(path)
                        for p in _ancestors(dst_on):
                            _static_on_cause(grid, p)  # type: ignore[arg-type]
                        n = len(path) - 1
                        found.append(ChainHint(cycle_base + chain_bonus(n), n, order, "Cycle",
                                               removes, [dst_on, _reversed(dst_on)], NONE))
                if not houses_too:
                    continue
                for start in (skey, skey - 1):
                    chain = _first_forcing(on_off, off_on, start)
                    if chain is not None:
                        removes = target_removals(grid, chain[0])
                        if removes:
                            target = _static_link(chain)
                            for p in _ancestors(target):
                                _static_on_cause(grid, p)  # type: ignore[arg-type]
                            n = len(chain)
                            found.append(ChainHint(chain_base + chain_bonus(n), n,
                                                   4 if both else 2, "Forcing chain", removes,
                                                   [target], NONE))
    found.sort(key=lambda h: (round(h.difficulty, 2), h.complexity, h.order))
    return found


FOUND_MOST = 20_000
"""Entries a NestedChainer's `memory` holds at most (it starts again beyond)."""


class NestedChainer(Chainer):
    """Multiple and dynamic forcing chains whose runs, when they come to a stop, apply SE's
    other rules to the grid as it stands (`level` 1-5): what those remove joins the chain, resting
    on the removed candidates the rule needed. Level 0 is the plain search, with the links kept
    for nesting. `memory` keeps, per rule, source grid and chain's grid, the rule's hints there
    that rest on removed candidates: the chainers of one search (the levels, the inner ones)
    share it."""

    def __init__(self, cand: list[int], val: list[int], multiple: bool, dynamic: bool,
                 level: int, memory: dict[tuple, list[Found]] | None = None) -> None:
        super().__init__(cand, multiple, dynamic, False)
        self.val = val
        self.memory: dict[tuple, list[Found]] = {} if memory is None else memory
        self.level = level
        if level:
            self.base = level_difficulty(level)
        self._advanced_cache: dict[tuple[int, ...], list[Found]] = {}
        self._source_key = tuple(cand)
        self._inner: list[tuple[str, Callable[..., list]]] | None = None
        self._records: list[ChainHint] = []

    # -- the run ---------------------------------------------------------------------------------

    def start(self, cell: int, digit: int, on: bool) -> NLink:
        """A run's start: nested chains keep the links, whose causes they read."""
        return NLink(cell, digit, on)

    def count(self, link: Link) -> int:
        """ancestor_count, kept in the link (links are shared between the chains built on them;
        a link's parents are all known when it is counted)."""
        if not link.size:
            link.size = ancestor_count(link)
        return link.size

    def run(self, ons: dict[int, Link], offs: dict[int, Link]) -> tuple[Link, Link] | None:
        grid = self.cand[:]
        source = self.cand
        dynamic = self.dynamic
        pending_on, pending_off = deque(ons.values()), deque(offs.values())
        while True:
            if pending_on:
                p = pending_on.popleft()
                cell, digit = p.cell, p.digit
                for d in DIGITS_OF[grid[cell]]:
                    if d != digit:
                        k = cell * 20 + d * 2
                        twin = ons.get(k + 1)
                        if twin is not None:
                            return twin, NLink(cell, d, False, [p], CELL)
                        if k not in offs:
                            q = offs[k] = NLink(cell, d, False, [p], CELL)
                            pending_off.append(q)
                bit = 1 << digit
                dk = digit * 2
                causes = PEER_CAUSE[cell]
                for c in ORDERED_PEERS[cell]:
                    if grid[c] & bit:
                        k = c * 20 + dk
                        twin = ons.get(k + 1)
                        if twin is not None:
                            return twin, NLink(c, digit, False, [p], causes[c])
                        if k not in offs:
                            q = offs[k] = NLink(c, digit, False, [p], causes[c])
                            pending_off.append(q)
            elif pending_off:
                p = pending_off.popleft()
                made = self._off_to_on(grid, p, source if dynamic else None, offs)
                if dynamic:
                    grid[p.cell] &= ~(1 << p.digit)
                for q in made:
                    twin = offs.get(q.key ^ 1)
                    if twin is not None:
                        return q, twin
                    if q.key not in ons:
                        ons[q.key] = q
                        pending_on.append(q)
            if not pending_on and not pending_off:
                if not self.level:
                    return None
                for removes, parent_keys, nested in self._advanced(grid):
                    parents = [offs[k] for k in parent_keys if k in offs]
                    for cell, digit in removes:
                        k = cell * 20 + digit * 2
                        if k not in offs:
                            q = offs[k] = NLink(cell, digit, False, list(parents), ADVANCED,
                                                nested)
                            pending_off.append(q)
                if not pending_off:
                    return None

    @staticmethod
    def _off_to_on(grid: list[int], p: Link, source: list[int] | None,
                   offs: dict[int, Link]) -> list[NLink]:
        """What an 'off' turns on (the cell's last digit, the digit's last place in a box, row or
        column), with the candidates removed since `source` as further parents."""
        out = []
        cell, digit = p.cell, p.digit
        if COUNT[grid[cell]] == 2:
            other = DIGITS_OF[grid[cell] & ~(1 << digit)][0]
            link = NLink(cell, other, True, [p], CELL)
            if source is not None:
                for d in DIGITS_OF[source[cell] & ~grid[cell]]:
                    hidden = offs.get(cell * 20 + d * 2)
                    if hidden is not None:
                        link.parents.append(hidden)
            out.append(link)
        bit = 1 << digit
        for kind in KINDS:
            house = HOUSES[kind][HOUSE_OF[cell][kind]]
            other = -1
            for c in house:
                if grid[c] & bit and c != cell:
                    if other >= 0:
                        other = -1
                        break
                    other = c
            if other >= 0:
                link = NLink(other, digit, True, [p], HOUSE_CAUSE[kind])
                if source is not None:
                    for c in house:
                        if source[c] & bit and not grid[c] & bit:
                            hidden = offs.get(c * 20 + digit * 2)
                            if hidden is not None:
                                link.parents.append(hidden)
                out.append(link)
        return out

    # -- the rules run on a stopped run's grid ---------------------------------------------------

    def _inner_rules(self) -> list[tuple[str, Callable[..., list]]]:
        """SE's rules for a stopped run's grid at this level, in its order, by name."""
        if self._inner is None:
            level = self.level
            rules: list[tuple[str, Callable[..., list]]] = [(rule.__name__, rule)
                                                             for rule in SIMPLE_RULES]
            if level < 4:
                if level >= 2:
                    rules.append(("chains", static_hints))
                if level >= 3:
                    rules.append(("multiple", partial(_chainer_hints, self.val, self.memory, True, False, 0)))
            else:
                rules.append(("dynamic", partial(_chainer_hints, self.val, self.memory, True, True, 0)))
                if level >= 5:
                    rules.append((f"nested{level - 3}",
                                  partial(_chainer_hints, self.val, self.memory, True, True,
                                          level - 3)))
            self._inner = rules
        return self._inner

    def _advanced(self, grid: list[int]) -> list[Found]:
        """What the first of the level's rules that rests on removed candidates gives on the
        grid: its hints that do (SE keeps only those)."""
        key = tuple(grid)
        done = self._advanced_cache.get(key)
        if done is not None:
            return done
        result: list[Found] = []
        places = None
        for name, rule in self._inner_rules():
            # A rule's hints on a grid, for the same source, are the same whichever level asks:
            # the levels above the first one that stops redo its runs.
            memo = (name, self._source_key, key)
            found = self.memory.get(memo)
            if found is None:
                found = []
                if rule in SIMPLE_RULES:
                    if places is None:
                        places = _places(grid)
                    found = [f for f in rule(grid, self.val, self.cand, places) if f[1]]
                else:
                    for hint in rule(grid[:]):
                        parents = rule_parents(hint, self.cand, grid)
                        if parents:
                            found.append((hint.removes, parents, hint))
                if len(self.memory) >= FOUND_MOST:
                    self.memory.clear()
                self.memory[memo] = found
            if found:
                result = found
                break
        self._advanced_cache[key] = result
        return result

    # -- the hints, with their links -------------------------------------------------------------

    def complexity(self, targets: list[Link]) -> int:
        flat = sum(self.count(t) for t in targets)
        return flat + nested_complexity(targets) if self.level >= 2 else flat

    def records(self) -> list[ChainHint]:
        """Every hint, sorted as SE sorts them (difficulty, complexity, kind)."""
        cand = self.cand
        self._records = []
        # Plain multiple chains (a rule inside level 3) skip the cells that cannot find any.
        worth = self.worth() if not self.dynamic and not self.level else None
        for cell in range(81):
            n = COUNT[cand[cell]]
            if (n > 2 or (n > 1 and self.dynamic)) and (worth is None or worth >> cell & 1):
                self._cell(cell, n, self._records)
        found = self._records
        found.sort(key=lambda h: (round(h.difficulty, 2), h.complexity, h.order))
        return found

    def hints(self) -> Iterator[SeHint]:
        for h in self.records():
            yield SeHint(round(h.difficulty, 1), h.name, removals(h.removes))

    def _found(self, found: list, links: list[Link], order: int, name: str, removes,
               cause: int) -> None:
        """Chainer's hints as nested chains keep them: with their links, the start's cause and
        the complexity of the chains nested in them, named for the level."""
        if removes:
            complexity = self.complexity(links)
            if self.level:
                name = name.rsplit(" forcing", 1)[0] + " forcing chains" + SUFFIXES[self.level]
            found.append(ChainHint(self.base + chain_bonus(complexity), complexity, order, name,
                                   list(removes), links, cause))


def _chainer_hints(val: list[int], memory: dict[tuple, list[Found]], multiple: bool,
                   dynamic: bool, level: int, grid: list[int]) -> list[ChainHint]:
    return NestedChainer(grid, val, multiple, dynamic, level, memory).records()


def nested_chains(board: Board, level: int) -> Iterator[SeHint]:
    """Dynamic forcing chains (+) (level 1, 9.0) and nested forcing chains (levels 2-5, 9.5-11.0),
    plus the length bonus of the candidates they rest on, nested chains' own included."""
    source = tuple(board.cand)
    kept = board.memory.get("nested chains")
    if kept is None or kept[0] != source:
        # A new grid: nothing found on the last one serves again.
        kept = board.memory["nested chains"] = (source, {})
    yield from NestedChainer(board.cand, board.val, True, True, level, kept[1]).hints()
