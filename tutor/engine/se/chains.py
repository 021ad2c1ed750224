"""Sudoku Explainer's chains: cycles and forcing chains (6.5-7.x), Nishio (7.5+), multiple
(8.0+) and dynamic (8.5+) forcing chains, with SE's bonus for the length of the reasoning."""

from __future__ import annotations

from collections.abc import Iterator

from collections import Counter, deque

from tutor.engine.se.board import (
    COUNT, DIGITS_OF, HOUSE_OF, HOUSES, PEER_BITS, PEERS, Board, cell_bits,
)
from tutor.engine.se.hint import SeHint, removals

KINDS = (0, 1, 2)  # box, row, column
CELL_HOUSES = tuple(tuple(HOUSES[kind][HOUSE_OF[cell][kind]] for kind in KINDS) for cell in range(81))
"""Per cell its box, row and column."""
ORDERED_PEERS = tuple(tuple(dict.fromkeys(c for house in CELL_HOUSES[cell] for c in house if c != cell))
                      for cell in range(81))
"""Per cell its peers as on_to_off meets them: its box, then the rest of its row, then of its column."""


HOUSE_MASKS = tuple(tuple(cell_bits(house) for house in CELL_HOUSES[cell]) for cell in range(81))
"""Per cell its box, row and column as bits of an int (bit c: cell c)."""
HOUSE_PEERS = tuple(tuple(mask & ~(1 << cell) for mask in HOUSE_MASKS[cell]) for cell in range(81))
"""Per cell its box, row and column without the cell itself, as bits of an int."""
PEER_MASKS = tuple((cell_bits(CELL_HOUSES[cell][0]) & ~(1 << cell),
                    cell_bits(CELL_HOUSES[cell][1]) & ~cell_bits(CELL_HOUSES[cell][0]),
                    cell_bits(CELL_HOUSES[cell][2]) & ~cell_bits(CELL_HOUSES[cell][0]))
                   for cell in range(81))
"""Per cell its peers as ORDERED_PEERS lists them, in three ints: its box, the rest of its row,
the rest of its column (each read from the lowest bit up, as the houses list their cells)."""


# Why a link holds: the start of a run (none), its cell's last digit or other digits (cell), its
# digit's last place or other places in a box, row or column, or a rule run on the grid as the
# chain left it (advanced: nested chains).
NONE, CELL, BOX, ROW, COL, ADVANCED = 0, 1, 2, 3, 4, 5
HOUSE_CAUSE = (BOX, ROW, COL)


class Link:
    """A candidate assumed on or off, with the links it follows from (`parents`, main one first)."""

    __slots__ = ("cell", "digit", "on", "parents", "key", "size")

    def __init__(self, cell: int, digit: int, on: bool, parents: list["Link"] | None = None) -> None:
        self.cell = cell
        self.digit = digit
        self.on = on
        self.parents = parents if parents is not None else []
        self.key = cell * 20 + digit * 2 + on
        self.size = 0  # its ancestor_count once worked out (0: not yet)

    def conjugate_key(self) -> int:
        return self.key ^ 1


def chain_bonus(complexity: int) -> float:
    """SE's extra for a chain resting on `complexity` candidates: its length is complexity - 2."""
    if complexity < len(_BONUS):
        return _BONUS[complexity]
    # Lazy: the tutor's chain family is heavy, and most puzzles rate without reaching a chain.
    from tutor.engine.techniques.chains import length_bonus

    if not _BONUS:
        _BONUS.extend(length_bonus(n - 2) for n in range(BONUS_TABLED))
        return chain_bonus(complexity)
    return length_bonus(complexity - 2)


BONUS_TABLED = 4096
"""Complexities whose bonus chain_bonus keeps in a table (searches ask for it very often)."""
_BONUS: list[float] = []


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
        for house in CELL_HOUSES[cell]:
            other = -1
            for c in house:
                if cand[c] & bit and c != cell:
                    if other >= 0:
                        other = -1
                        break
                    other = c
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


# --- cycles and forcing chains on the unchanged grid --------------------------------------------
# On the unchanged grid every implication is fixed, so it is tabled once per call by candidate key
# (cell * 20 + digit * 2 + on) and the searches walk integer nodes: node i is a key, its parent
# node and the keys it rests on. Only SE's easiest hint is applied, so a search stops at the depth
# where no chain can be easier than the best one found so far.

Links = dict[int, list[int]]
"""Per candidate key, the keys it implies."""


def tables(cand: list[int], once: bool = False) -> tuple[Links, Links, Links, Links]:
    """Per candidate key, what it implies: an 'on' key the offs of its cell's other digits and the
    offs of its digit in its box, row and column; an 'off' key the on of its cell's last other
    digit and the ons of its digit's last other place in its box, row and column (in that order,
    as on_to_off and off_to_on give them; with `once`, a place last in two houses is listed
    once)."""
    on_cell: Links = {}
    on_house: Links = {}
    off_cell: Links = {}
    off_house: Links = {}
    places = [0] * 10
    for cell, mask in enumerate(cand):
        for digit in DIGITS_OF[mask]:
            places[digit] |= 1 << cell
    for cell in range(81):
        mask = cand[cell]
        if not mask:
            continue
        digits = DIGITS_OF[mask]
        for digit in digits:
            key = cell * 20 + digit * 2
            on_cell[key + 1] = [cell * 20 + d * 2 for d in digits if d != digit]
            there = places[digit]
            offs = []
            for peers in PEER_MASKS[cell]:
                found = there & peers
                while found:
                    low = found & -found
                    found ^= low
                    offs.append((low.bit_length() - 1) * 20 + digit * 2)
            ons: list[int] = []
            there &= ~(1 << cell)
            for house in HOUSE_MASKS[cell]:
                other = there & house
                if other and not other & (other - 1):
                    k = (other.bit_length() - 1) * 20 + digit * 2 + 1
                    if not (once and k in ons):
                        ons.append(k)
            on_house[key + 1] = offs
            off_house[key] = ons
            off_cell[key] = ([cell * 20 + d * 2 + 1 for d in digits if d != digit]
                             if len(digits) == 2 else [])
    return on_cell, on_house, off_cell, off_house


def _limit(best: tuple[float, int, int] | None, base: float, order: int, extra: int) -> int:
    """The deepest node (edges from the start) whose chain can still come before `best`: a chain
    ending at depth D rests on D + extra candidates and rates base + its length bonus; ties go to
    the chain found first, so a chain ranked equal to `best` cannot come before it."""
    if best is None:
        return 10 ** 6
    key = (best, base, order, extra)
    limit = _LIMITS.get(key)
    if limit is None:
        depth = 0
        while (round(base + chain_bonus(depth + extra), 2), depth + extra, order) < best:
            depth += 1
        limit = depth - 1
        if len(_LIMITS) >= 10_000:
            _LIMITS.clear()
        _LIMITS[key] = limit
    return limit


_LIMITS: dict[tuple[tuple[float, int, int], float, int, int], int] = {}
"""_limit's answers: it depends on its arguments alone, and searches ask for the same ones."""


class _Nodes:
    """The nodes of one search: key, parent node (-1 for the start) and depth."""

    __slots__ = ("key", "parent", "depth")

    def __init__(self, key: int) -> None:
        self.key = [key]
        self.parent = [-1]
        self.depth = [0]

    def add(self, key: int, parent: int) -> int:
        self.key.append(key)
        self.parent.append(parent)
        self.depth.append(self.depth[parent] + 1)
        return len(self.key) - 1

    def path(self, node: int) -> list[int]:
        """The keys from the node back to the start."""
        keys = []
        while node >= 0:
            keys.append(self.key[node])
            node = self.parent[node]
        return keys


def _cycles(on_off, off_on, skey: int, limit: int, bits: list[int],
            component: list[int]) -> tuple[_Nodes, list[int]]:
    """Cycles back to the 'on' start: the nodes and the ends (nodes of the start's key). `bits`:
    per key its bit in the sets of keys above a node (the grid's candidates numbered densely,
    to keep those sets small); `component`: per key its strongly connected component (a key
    outside the start's cannot lead back to it, so it is not followed)."""
    nodes = _Nodes(skey)
    keys, parents = nodes.key, nodes.parent
    ancestors = [0]  # per node, the keys above it, as a bit set
    ons = {skey}
    pending_on = [0]
    found: list[int] = []
    length = 0
    mine_too = component[skey]
    while pending_on:
        # Nodes made at a phase lie `length` links from the start.
        length += 1
        if length > limit:
            break
        pending_off = []
        for p in pending_on:
            mine = ancestors[p]
            above = mine | bits[keys[p]]
            for qk in on_off[keys[p]]:
                if not mine & bits[qk] and component[qk] == mine_too:
                    keys.append(qk)
                    parents.append(p)
                    ancestors.append(above)
                    pending_off.append(len(keys) - 1)
        length += 1
        pending_on = []
        if length > limit:
            break
        for p in pending_off:
            above = ancestors[p] | bits[keys[p]]
            for qk in off_on[keys[p]]:
                if qk == skey:
                    if length >= 4:
                        keys.append(qk)
                        parents.append(p)
                        ancestors.append(above)
                        found.append(len(keys) - 1)
                elif qk not in ons and component[qk] == mine_too:
                    ons.add(qk)
                    keys.append(qk)
                    parents.append(p)
                    ancestors.append(above)
                    pending_on.append(len(keys) - 1)
    return nodes, found


def _forcing(on_off, off_on, skey: int, limit: int) -> tuple[_Nodes, list[int]]:
    """From the start (on or off), the first node reaching its opposite: the nodes and that end
    (none found within `limit` links: no end). The search stops there: its key is met once."""
    nodes = _Nodes(skey)
    keys, parents, depth = nodes.key, nodes.parent, nodes.depth
    seen = {skey}
    target = skey ^ 1
    pending_on = [0] if skey & 1 else []
    pending_off = [] if skey & 1 else [0]
    while pending_on or pending_off:
        # A level's ons first, then its offs, those the ons just made included.
        for p in pending_on:
            below = depth[p] + 1
            if below > limit:
                continue
            for qk in on_off[keys[p]]:
                if qk not in seen:
                    seen.add(qk)
                    keys.append(qk)
                    parents.append(p)
                    depth.append(below)
                    if qk == target:
                        return nodes, [len(keys) - 1]
                    pending_off.append(len(keys) - 1)
        nxt = []
        for p in pending_off:
            below = depth[p] + 1
            if below > limit:
                continue
            for qk in off_on[keys[p]]:
                if qk not in seen:
                    seen.add(qk)
                    keys.append(qk)
                    parents.append(p)
                    depth.append(below)
                    if qk == target:
                        return nodes, [len(keys) - 1]
                    nxt.append(len(keys) - 1)
        pending_on, pending_off = nxt, []
    return nodes, []


def reaches(succ: Links, component: list[int] | None = None, sets: bool = True) -> dict[int, int]:
    """Per key of an implication graph (`succ`: a key's successors), the keys it leads to by one
    link or more, as bits (bit k: key k). Worked out once per graph from its strongly connected
    components (Tarjan's, without recursion): a component is closed after every component it
    leads to, so what it reaches is known when it closes. A search from a start that cannot reach
    its end finds nothing, so it need not be made. With `component` (a list by key), each key's
    component is written there (its keys share a number); without `sets`, only that is worked
    out (the answer is empty)."""
    # Lists by key (keys are below 1620) rather than dicts: this runs once per search.
    index = [-1] * 1620
    low = [0] * 1620
    on_stack = [False] * 1620
    stack: list[int] = []
    reach: dict[int, int] = {}
    empty: list[int] = []
    counter = 0
    for root in succ:
        if index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, iter(succ.get(root, empty)))]
        while work:
            v, todo = work[-1]
            for w in todo:
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, iter(succ.get(w, empty))))
                    break
                if on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
            else:
                work.pop()
                if work and low[v] < low[work[-1][0]]:
                    low[work[-1][0]] = low[v]
                if low[v] != index[v]:
                    continue
                w = stack.pop()
                on_stack[w] = False
                if component is not None:
                    component[w] = v
                if not sets:
                    while w != v:
                        w = stack.pop()
                        on_stack[w] = False
                        if component is not None:
                            component[w] = v
                    continue
                if w == v:
                    # A component of one key: what it reaches is what its successors reach.
                    out = 0
                    for x in succ.get(v, empty):
                        out |= reach[x] | 1 << x
                    reach[v] = out
                    continue
                members = [w]
                while w != v:
                    w = stack.pop()
                    on_stack[w] = False
                    members.append(w)
                    if component is not None:
                        component[w] = v
                inside = 0
                for m in members:
                    inside |= 1 << m
                out = inside
                for m in members:
                    for x in succ.get(m, empty):
                        if not inside >> x & 1:
                            out |= reach[x] | 1 << x
                for m in members:
                    reach[m] = out
    return reach


def _x_reach(board: Board, on_house: Links, off_house: Links, component: list[int]) -> dict[int, int]:
    """reaches() of the graph of house links alone (X-chains), with `component` filled in: a
    digit's keys lead only to keys of that digit, along links its places alone decide, so each
    digit's part is worked out on its own and kept in the board's memory for its places."""
    cand = board.cand
    known = board.memory.setdefault("x reach", {})
    if len(known) > X_REACH_KEPT:
        known.clear()
    places = [0] * 10
    for cell, mask in enumerate(cand):
        for digit in DIGITS_OF[mask]:
            places[digit] |= 1 << cell
    reach: dict[int, int] = {}
    for digit in range(1, 10):
        there = places[digit]
        if not there:
            continue
        part = known.get((digit, there))
        if part is None:
            keys = []
            rest = there
            while rest:
                low = rest & -rest
                rest ^= low
                keys.append((low.bit_length() - 1) * 20 + digit * 2)
            succ = {k + 1: on_house[k + 1] for k in keys}
            succ.update((k, off_house[k]) for k in keys)
            mine = [-1] * 1620
            part = known[digit, there] = (reaches(succ, mine), [(k, mine[k]) for k in succ])
        reach.update(part[0])
        for k, c in part[1]:
            component[k] = c
    return reach


X_REACH_KEPT = 2048
"""Digits' places whose X-chain reach a board's memory keeps at most (it starts again beyond)."""


def _y_components(cand: list[int], on_off: Links, off_on: Links, component: list[int]) -> None:
    """The components of the graph whose 'off' links are cells' last digits alone (Y-cycles),
    written in `component` for the keys that can lie on a cycle (the rest stay -1).
    An 'off' leads on only in a cell of two candidates, and an 'on' is reached only from one,
    so a cycle keeps to those cells' keys: the graph is cut down to them."""
    keys = [cell * 20 + digit * 2 for cell in range(81) if COUNT[cand[cell]] == 2
            for digit in DIGITS_OF[cand[cell]]]
    inside = set(keys) | {k + 1 for k in keys}
    succ: Links = {}
    for key in keys:
        succ[key + 1] = [k for k in on_off[key + 1] if k in inside]
        succ[key] = off_on[key]
    reaches(succ, component, sets=False)


def _key_cell(key: int) -> int:
    return key // 20


def _key_digit(key: int) -> int:
    return key % 20 // 2


def cycle_removals(cand: list[int], path: list[int]) -> list[tuple[int, int]]:
    """A cycle's removals: each digit from the cells off the cycle that see both an 'on' and an
    'off' of it along the cycle (path: its keys from the end back to, not counting, the start)."""
    cells = {k // 20 for k in path}
    forward: set[tuple[int, int]] = set()
    backward: set[tuple[int, int]] = set()
    for k in path:
        digit = k % 20 // 2
        bit = 1 << digit
        for c in PEERS[k // 20]:
            if c not in cells and cand[c] & bit:
                (forward if k & 1 else backward).add((c, digit))
    return sorted(forward & backward)


def target_removals(cand: list[int], target: "Link | int") -> list[tuple[int, int]]:
    """An 'off' target removes its digit; an 'on' target removes the cell's other digits."""
    if isinstance(target, int):
        cell, digit, on = target // 20, target % 20 // 2, target & 1
    else:
        cell, digit, on = target.cell, target.digit, target.on
    if not on:
        return [(cell, digit)]
    return [(cell, d) for d in DIGITS_OF[cand[cell]] if d != digit]


def _sorted(found: list) -> Iterator[SeHint]:
    found.sort(key=lambda t: (round(t[0], 2), t[1], t[2]))
    for difficulty, _, _, name, removes in found:
        yield SeHint(round(difficulty, 1), name, removals(removes))


def cycles_and_chains(board: Board) -> Iterator[SeHint]:
    """X-, Y- and XY-cycles (6.5, 7.0) and forcing chains (6.6, 7.0), plus their length bonus:
    the easiest (SE applies that one alone; its ties go to the first found)."""
    cand = board.cand
    on_cell, on_house, off_cell, off_house = tables(cand)
    bits = [0] * 1620
    for n, key in enumerate(off_cell):
        bits[key] = 1 << (2 * n)
        bits[key + 1] = 1 << (2 * n + 1)
    best: tuple[float, int, int] | None = None
    chosen = None

    def offer(difficulty: float, n: int, order: int, name: str, removes) -> None:
        nonlocal best, chosen
        rank = (round(difficulty, 2), n, order)
        if best is None or rank < best:
            best = rank
            chosen = (difficulty, name, removes)

    for cells_too, houses_too in ((False, True), (True, False), (True, True)):
        both = cells_too and houses_too
        if cells_too:
            on_off = {k: on_cell[k] + on_house[k] for k in on_cell}
        else:
            on_off = on_house
        if both:
            off_on = {k: off_cell[k] + off_house[k] for k in off_cell}
        else:
            off_on = off_cell if cells_too else off_house
        component = [-1] * 1620
        # Forcing chains ask what a key reaches; cycles only whether a key lies on one, that is
        # in a component of more than one key (no key leads to itself in one link).
        if not cells_too:
            reach = _x_reach(board, on_house, off_house, component)
        elif not houses_too:
            _y_components(cand, on_off, off_on, component)
            reach = {}  # Y-cycles ask only for components
        else:
            reach = reaches({**on_off, **off_on}, component)
        if both:
            # Multiple chains, tried next on this grid when nothing here applies, ask the same.
            board.memory["chain reach"] = (cand[:], reach)
        size = Counter(component)
        cycle_base = 7.0 if both else 6.5
        cycle_order = 4 if both else 3 if cells_too else 2
        chain_base = 7.0 if both else 6.6
        chain_order = 4 if both else 2
        for cell in range(81):
            if COUNT[cand[cell]] < 2:
                continue
            for digit in DIGITS_OF[cand[cell]]:
                if not houses_too and COUNT[cand[cell]] > 2:
                    continue
                skey = cell * 20 + digit * 2 + 1
                # A cycle ending at depth D rests on D candidates (its end is its start).
                ends: list[int] = []
                if size[component[skey]] > 1:
                    nodes, ends = _cycles(on_off, off_on, skey,
                                          _limit(best, cycle_base, cycle_order, 0), bits,
                                          component)
                for end in ends:
                    path = nodes.path(end)[:-1]
                    removes = cycle_removals(cand, path)
                    if removes:
                        n = len(path)
                        offer(cycle_base + chain_bonus(n), n, cycle_order,
                              "XY-cycle" if both else "Y-cycle" if cells_too else "X-cycle",
                              removes)
                if not houses_too:
                    continue
                for start in (skey, skey - 1):
                    if not reach[start] >> (start ^ 1) & 1:
                        continue
                    # A chain ending at depth D rests on D + 1 candidates.
                    nodes, ends = _forcing(on_off, off_on, start,
                                           _limit(best, chain_base, chain_order, 1))
                    for end in ends:
                        removes = target_removals(cand, nodes.key[end])
                        if removes:
                            n = len(nodes.path(end))
                            offer(chain_base + chain_bonus(n), n, chain_order,
                                  "Forcing chain" if both else "Forcing X-chain", removes)
    if chosen is not None:
        difficulty, name, removes = chosen
        yield SeHint(round(difficulty, 1), name, removals(removes))


# --- chains that follow their own eliminations ---------------------------------------------------

TYPE_CHECKING = False  # not typing's: importing typing costs `tutor grade` its start-up
if TYPE_CHECKING:
    from typing import Any

    # A run's ons or offs: per candidate key what the run holds of it (a Chainer: the keys it
    # rests on, itself included, as bits of an int; nested chains: its Link).
    Reached = dict[int, Any]
    # What a run from a candidate set on gives: the ons, the offs, the contradiction met (if any).
    _Run = tuple[Reached, Reached, tuple[Any, Any] | None]

KEY_BITS = tuple(1 << key for key in range(1620))
"""Per candidate key (cell * 20 + digit * 2 + on) its bit."""


class Chainer:
    """Nishio, multiple and dynamic forcing chains on one grid. `cand` must not change while the
    Chainer is used: each digit's places, and on the unchanged grid what each candidate gives,
    are worked out from it once (a grid changed by an assumption takes a Chainer of its own).

    A run keeps, per candidate it reaches, the candidate keys the link rests on (its ancestors
    and itself) as bits of an int: the rating reads only how many there are, so no link is made.
    Nested chains, which read the links themselves, override `start`, `run` and `count`."""

    def __init__(self, cand: list[int], multiple: bool, dynamic: bool, nishio: bool,
                 memory: dict | None = None) -> None:
        self.cand = cand
        # The board's memory: what cycles_and_chains worked out on this grid (see worth), what
        # digits' places show to Nishio (see hints).
        self._memory = memory
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        if nishio:
            self.base = 7.5
        elif dynamic:
            self.base = 8.5
        else:
            self.base = 8.0
        # What follows from each candidate set on, worked out once: a cell's own chains and the
        # region chains of the houses it lies in start from the same candidates.
        self._from_on: dict[int, _Run] = {}
        # On the unchanged grid, per 'on' key the keys of the offs it gives and per 'off' key
        # those of the ons.
        self._to_off: dict[int, tuple[int, ...]] = {}
        self._to_on: dict[int, tuple[int, ...]] = {}
        # Per digit the cells holding it, as bits of an int (bit c: cell c).
        self._places = [0] * 10
        for cell, mask in enumerate(cand):
            for digit in DIGITS_OF[mask]:
                self._places[digit] |= 1 << cell

    def start(self, cell: int, digit: int, on: bool) -> Any:
        """What a run holds of the candidate it starts from (on or off): the candidate alone."""
        return KEY_BITS[cell * 20 + digit * 2 + on]

    def count(self, link: Any) -> int:
        """How many candidates (cell, digit, on/off) a link rests on, itself included."""
        return link.bit_count()

    def on_run(self, cell: int, digit: int) -> _Run:
        """The ons and offs that follow from the candidate set on, and the contradiction met (if
        any, where the run stopped)."""
        key = cell * 20 + digit * 2 + 1
        done = self._from_on.get(key)
        if done is None:
            ons: Reached = {key: self.start(cell, digit, True)}
            offs: Reached = {}
            absurd = self.run(ons, offs)
            done = self._from_on[key] = (ons, offs, absurd)
        return done

    def run(self, ons: Reached, offs: Reached) -> tuple[Any, Any] | None:
        """Follow the links from the starting ones; the contradicting pair (on, off) if one
        candidate ends up both on and off, else None. `ons` and `offs` grow in place, in the
        order the links are made (SE's: a link's offs, then each 'off' in turn, every new 'on'
        followed at once)."""
        if not self.dynamic:
            return self._static_run(ons, offs)
        bits = KEY_BITS
        cand = self.cand
        # The grid as the run changes it: per cell its digits, per digit its cells (bit c).
        grid = cand[:]
        places = self._places[:]
        source = self._places
        cells_too = not self.nishio
        pending_on, pending_off = deque(ons), deque(offs)
        while True:
            if pending_on:
                # on_to_off inlined.
                key = pending_on.popleft()
                held = ons[key]
                cell = key // 20
                digit = key % 20 >> 1
                if cells_too:
                    # An 'on' still stands in the grid (its 'off' would have been a
                    # contradiction), so its digit is among the cell's.
                    for d in DIGITS_OF[grid[cell] ^ 1 << digit]:
                        k = cell * 20 + d * 2
                        twin = ons.get(k + 1)
                        if twin is not None:
                            return twin, held | bits[k]
                        if k not in offs:
                            offs[k] = held | bits[k]
                            pending_off.append(k)
                dk = digit * 2
                there = places[digit]
                # The peers in on_to_off's order: box, rest of the row, rest of the column.
                for mask in PEER_MASKS[cell]:
                    found = there & mask
                    while found:
                        low = found & -found
                        found ^= low
                        k = (low.bit_length() - 1) * 20 + dk
                        twin = ons.get(k + 1)
                        if twin is not None:
                            return twin, held | bits[k]
                        if k not in offs:
                            offs[k] = held | bits[k]
                            pending_off.append(k)
                continue
            if pending_off:
                # off_to_on inlined (houses always), each new 'on' followed at once. An 'on' rests
                # on the 'off' that gives it and on the offs that emptied its cell or house
                # before (the grid as the run left it).
                key = pending_off.popleft()
                held = offs[key]
                cell = key // 20
                digit = key % 20 >> 1
                # Likewise an 'off' is still in the grid until it is followed.
                left = grid[cell]
                if cells_too and COUNT[left] == 2:
                    k = cell * 20 + DIGITS_OF[left ^ 1 << digit][0] * 2 + 1
                    twin = offs.get(k ^ 1)
                    if twin is not None or k not in ons:
                        q = held | bits[k]
                        for d in DIGITS_OF[cand[cell] ^ left]:
                            q |= offs[cell * 20 + d * 2]
                        if twin is not None:
                            return q, twin
                        ons[k] = q
                        pending_on.append(k)
                there = places[digit]
                dk = digit * 2
                for mask in HOUSE_PEERS[cell]:
                    other = there & mask
                    if not other or other & (other - 1):
                        continue
                    k = (other.bit_length() - 1) * 20 + dk + 1
                    twin = offs.get(k ^ 1)
                    if twin is None and k in ons:
                        continue
                    q = held | bits[k]
                    gone = source[digit] & mask & ~there
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        q |= offs[(low.bit_length() - 1) * 20 + dk]
                    if twin is not None:
                        return q, twin
                    ons[k] = q
                    pending_on.append(k)
                grid[cell] = left ^ 1 << digit
                places[digit] = there ^ 1 << cell
                continue
            return None

    def _static_run(self, ons: Reached, offs: Reached) -> tuple[Any, Any] | None:
        """run() on the unchanged grid (multiple chains): what each candidate on or off gives is
        fixed, so it is tabled (on first use) and the run walks the tables."""
        bits = KEY_BITS
        to_off, to_on = self._to_off, self._to_on
        pending_on, pending_off = deque(ons), deque(offs)
        while True:
            if pending_on:
                key = pending_on.popleft()
                held = ons[key]
                made = to_off.get(key)
                if made is None:
                    made = to_off[key] = self._offs_of(key // 20, key % 20 >> 1)
                for k in made:
                    twin = ons.get(k + 1)
                    if twin is not None:
                        return twin, held | bits[k]
                    if k not in offs:
                        offs[k] = held | bits[k]
                        pending_off.append(k)
                continue
            if pending_off:
                key = pending_off.popleft()
                held = offs[key]
                made = to_on.get(key)
                if made is None:
                    made = to_on[key] = self._ons_of(key // 20, key % 20 >> 1)
                for k in made:
                    twin = offs.get(k ^ 1)
                    if twin is not None:
                        return held | bits[k], twin
                    if k not in ons:
                        ons[k] = held | bits[k]
                        pending_on.append(k)
                continue
            return None

    def _offs_of(self, cell: int, digit: int) -> tuple[int, ...]:
        """The keys of what the candidate on turns off on the unchanged grid, in on_to_off's
        order (the cell's other digits, then its peers holding the digit: box, row, column)."""
        made = [cell * 20 + d * 2 for d in DIGITS_OF[self.cand[cell]] if d != digit]
        there = self._places[digit]
        for mask in PEER_MASKS[cell]:
            found = there & mask
            while found:
                low = found & -found
                found ^= low
                made.append((low.bit_length() - 1) * 20 + digit * 2)
        return tuple(made)

    def _ons_of(self, cell: int, digit: int) -> tuple[int, ...]:
        """The keys of what the candidate off turns on on the unchanged grid, in off_to_on's
        order (the cell's last other digit, then the digit's last other place in its box, row,
        column)."""
        cand = self.cand
        made = []
        if COUNT[cand[cell]] == 2:
            made.append(cell * 20 + DIGITS_OF[cand[cell] & ~(1 << digit)][0] * 2 + 1)
        there = self._places[digit] & ~(1 << cell)
        for mask in HOUSE_MASKS[cell]:
            other = there & mask
            if other and not other & (other - 1):
                made.append((other.bit_length() - 1) * 20 + digit * 2 + 1)
        return tuple(made)

    def hints(self) -> Iterator[SeHint]:
        cand = self.cand
        found: list = []
        if self.nishio and type(self).run is Chainer.run:
            # Nishio keeps only contradictions: a candidate's chains are built when the digit's
            # places alone show that it on, or it off, meets one. Those places change for few
            # digits from one step to the next: what they show is kept in the board's memory.
            known = self._memory.setdefault("nishio", {}) if self._memory is not None else {}
            if len(known) > NISHIO_KEPT:
                known.clear()
            absurd = [0] * 10
            for digit in range(1, 10):
                there = self._places[digit]
                shown = known.get(there)
                if shown is None:
                    shown = known[there] = nishio_absurd_places(there)
                absurd[digit] = shown
            for cell in range(81):
                if COUNT[cand[cell]] > 1:
                    for digit in DIGITS_OF[cand[cell]]:
                        if absurd[digit] >> cell & 1:
                            self._binary(cell, digit, False, True, found)
            yield from _sorted(found)
            return
        worth = self.worth() if type(self) is Chainer and not self.dynamic else None
        for cell in range(81):
            n = COUNT[cand[cell]]
            if (n > 2 or (n > 1 and self.dynamic)) and (worth is None or worth >> cell & 1):
                self._cell(cell, n, found)
        yield from _sorted(found)

    def worth(self) -> int:
        """The cells (bit c: cell c) whose multiple chains on the unchanged grid may find
        something: a run from a candidate set on reaches no more than the candidate's reach in
        the grid's implication graph, so a cell's (or a region's) forcing chains need a key that
        every one of its candidates reaches; the other cells' runs are not made."""
        cand = self.cand
        known = self._memory.get("chain reach") if self._memory is not None else None
        if known is not None and known[0] == cand:
            reach = known[1]
        else:
            on_cell, on_house, off_cell, off_house = tables(cand)
            succ = {k: on_cell[k] + on_house[k] for k in on_cell}
            succ.update((k, off_cell[k] + off_house[k]) for k in off_cell)
            reach = reaches(succ)
        worth = 0
        for cell in range(81):
            digits = DIGITS_OF[cand[cell]]
            if len(digits) < 3:
                continue
            common = -1
            for d in digits:
                key = cell * 20 + d * 2 + 1
                common &= reach[key] | 1 << key
            if common:
                worth |= 1 << cell
                continue
            for d in digits:
                there = self._places[d]
                for mask in HOUSE_MASKS[cell]:
                    places = there & mask
                    if not places & (places - 1) or places & -places != 1 << cell:
                        continue
                    common = -1
                    while places:
                        low = places & -places
                        places ^= low
                        key = (low.bit_length() - 1) * 20 + d * 2 + 1
                        common &= reach[key] | 1 << key
                    if common:
                        worth |= 1 << cell
        return worth

    def _found(self, found: list, links: list[Any], order: int, name: str, removes,
               cause: int) -> None:
        """Keep a hint that removes something: the chains' ends (`links`), SE's kind (`order`:
        its rank among equal difficulties), its name and removals; `cause`: why the start holds
        (a cell or region chain's), which nested chains keep."""
        if removes:
            complexity = sum(self.count(link) for link in links)
            found.append((self.base + chain_bonus(complexity), complexity, order, name, removes))

    def _cell(self, cell: int, n: int, found) -> None:
        cand = self.cand
        per_digit: dict[int, tuple[dict, dict]] = {}
        cell_on: Reached | None = None
        cell_off: Reached | None = None
        for digit in DIGITS_OF[cand[cell]]:
            on_on, on_off = self._binary(cell, digit, n >= 3 and not self.nishio and self.dynamic,
                                         self.dynamic or self.nishio, found)
            if not self.nishio:
                self._houses(cell, digit, on_on, on_off, found)
            per_digit[digit] = (on_on, on_off)
            if cell_on is None or cell_off is None:
                cell_on, cell_off = on_on, on_off
            else:
                cell_on = _common(cell_on, on_on)
                cell_off = _common(cell_off, on_off)
        if self.nishio or not (n == 2 or (self.multiple and n > 2)) or cell_on is None or cell_off is None:
            return
        for targets, side in ((cell_on, 0), (cell_off, 1)):
            for key in targets:
                self._found(found, [per_digit[d][side][key] for d in per_digit], 5,
                            "Cell forcing chains", target_removals(cand, key), CELL)

    def _binary(self, cell, digit, double: bool, contradiction: bool, found):
        """Chains from the candidate on and from it off; what follows from it on."""
        cand = self.cand
        key_on = cell * 20 + digit * 2 + 1
        on_on, on_off, absurd = self.on_run(cell, digit)
        if contradiction and absurd:
            self._found(found, list(absurd), 7, "Contradiction forcing chain", [(cell, digit)],
                        NONE)
        if not (contradiction or double):
            # Nothing is read from the run from the candidate off (multiple chains).
            return on_on, on_off
        off_on: Reached = {}
        off_off: Reached = {key_on - 1: self.start(cell, digit, False)}
        absurd = self.run(off_on, off_off)
        if contradiction and absurd:
            self._found(found, list(absurd), 7, "Contradiction forcing chain",
                        target_removals(cand, key_on), NONE)
        if double:
            # What follows both from the digit and from its absence is true.
            for from_on, from_off in ((on_on, off_on), (on_off, off_off)):
                # Few keys are shared: they are found by set (the shorter run read), then taken
                # in the order of the run from the digit on.
                shared = from_on.keys() & from_off.keys()
                if shared:
                    for key in [k for k in from_on if k in shared]:
                        self._found(found, [from_on[key], from_off[key]], 1,
                                    "Double forcing chain", target_removals(cand, key), NONE)
        return on_on, on_off

    def _houses(self, cell, digit, on_on, on_off, found) -> None:
        cand = self.cand
        there = self._places[digit]
        for kind in KINDS:
            # The digit's places in the house (as the house lists them: ascending), the cell first.
            inside = there & HOUSE_MASKS[cell][kind]
            if inside & -inside != 1 << cell:
                continue
            places = []
            while inside:
                low = inside & -inside
                inside ^= low
                places.append(low.bit_length() - 1)
            if not (len(places) == 2 or (self.multiple and len(places) > 2)):
                continue
            outcomes = []
            for other in places:
                if other == cell:
                    outcomes.append((on_on, on_off))
                else:
                    ons, offs, _ = self.on_run(other, digit)
                    outcomes.append((ons, offs))
            for side in (0, 1):
                first = outcomes[0][side]
                shared = first.keys() & outcomes[1][side].keys()
                for o in outcomes[2:]:
                    if not shared:
                        break
                    shared &= o[side].keys()
                if not shared:
                    continue
                for key in [k for k in first if k in shared]:
                    self._found(found, [o[side][key] for o in outcomes], 6,
                                "Region forcing chains",
                                target_removals(cand, key), HOUSE_CAUSE[kind])


HOUSE_BITS = tuple(cell_bits(house) for kind in KINDS for house in HOUSES[kind])
"""The 27 houses (boxes, rows, columns) as bits of an int (bit c: cell c)."""
HOUSES_OF = tuple(sum(1 << (kind * 9 + HOUSE_OF[cell][kind]) for kind in KINDS) for cell in range(81))
"""Per cell its three houses, as bits (bit h: HOUSE_BITS[h])."""


def nishio_absurd(places: int, cell: int, on: bool) -> bool:
    """Whether Nishio's run from the digit on (or off) in the cell meets a contradiction, from
    the digit's places (bit c: cell c) alone: the run ends where nothing more follows whatever
    order it takes, and meets a contradiction exactly when that end has a place both on and off,
    or a house of two or more places all off."""
    ons = offs = 0
    new_on, new_off = (1 << cell, 0) if on else (0, 1 << cell)
    while new_on or new_off:
        if new_on & offs:
            return True
        ons |= new_on
        while new_on:
            low = new_on & -new_on
            new_on ^= low
            seen = PEER_BITS[low.bit_length() - 1] & places
            if seen & ons:
                return True
            new_off |= seen
        new_off &= ~offs
        if new_off & ons:
            return True
        offs |= new_off
        houses = 0
        while new_off:
            low = new_off & -new_off
            new_off ^= low
            houses |= HOUSES_OF[low.bit_length() - 1]
        while houses:
            low = houses & -houses
            houses ^= low
            there = places & HOUSE_BITS[low.bit_length() - 1]
            left = there & ~offs
            if not left:
                if there & (there - 1):
                    return True
            elif not left & (left - 1) and not left & ons:
                new_on |= left
    return False


def nishio_absurd_places(places: int) -> int:
    """The places of a digit (bit c: cell c) where nishio_absurd holds with the digit on or off."""
    absurd = 0
    rest = places
    while rest:
        low = rest & -rest
        rest ^= low
        cell = low.bit_length() - 1
        if nishio_absurd(places, cell, True) or nishio_absurd(places, cell, False):
            absurd |= low
    return absurd


NISHIO_KEPT = 4096
"""Digits' places whose nishio_absurd_places a board's memory keeps at most (it starts again
beyond)."""


def _common(first: Reached, second: Reached) -> Reached:
    """The entries of `first` whose keys are also in `second`, in `first`'s order."""
    shared = first.keys() & second.keys()
    if len(shared) == len(first):
        return first
    return {k: v for k, v in first.items() if k in shared}


def nishio(board: Board) -> Iterator[SeHint]:
    """Nishio forcing chains (7.5 + length)."""
    yield from Chainer(board.cand, False, True, True, board.memory).hints()


def multiple_chains(board: Board) -> Iterator[SeHint]:
    """Multiple forcing chains: cell and region forcing chains (8.0 + length)."""
    yield from Chainer(board.cand, True, False, False, board.memory).hints()


def dynamic_chains(board: Board) -> Iterator[SeHint]:
    """Dynamic forcing chains (8.5 + length)."""
    yield from Chainer(board.cand, True, True, False).hints()
