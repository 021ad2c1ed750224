"""Chains: remote pairs, X- and XY-chains, nice loops and AICs, the shortest chain first.

They hold on every regular board: a chain's links are a unit's only two places for a digit, a
cell's only two candidates, and cells seeing each other, never the boxes' shape.
"""

from __future__ import annotations

from collections import deque
from typing import Iterator, Sequence

from tutor.engine.chain import IN_CELL, Link, Node, chain_pattern, length_bonus, narration, state
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, digits_or, in_sentence, symbol, symbols
from tutor.engine.wording import removals_by_digit
from tutor.model.geometry import COUNT, DIGITS_IN, Geometry, cell_name, cells_name, cells_of_bits
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current, digit_cell_sets


MAX_LINKS = 21
"""The longest chain offered: longer ones are hard to follow, and the search stays quick."""

HOLDS_ON = "every regular board and the Samurai"


def _common_unit(first: int, second: int, places: int | None = None) -> int:
    """A unit holding both cells; with `places` (a digit's cells), one holding only those two."""
    board = board_in_use()
    units_of = board.units_of
    for unit in units_of[first]:
        if unit in units_of[second]:
            if places is None:
                return unit
            if bin(places & board.unit_bits[unit]).count("1") == 2:
                return unit
    raise ValueError("the cells share no such unit")


def _paths(starts, strong, weak, is_end, max_links: int = MAX_LINKS, closed: bool = False):
    """Every shortest alternating path from each start, as lists of nodes.

    A path begins with its start assumed false, crosses a strong link (so the next node is true),
    a weak link (so the next is false), and so on; it ends on a true node where `is_end(start,
    node)` holds. Breadth first, so each end is reached by a shortest chain; a path never visits
    a node twice (with `closed`, a path may come back to its start, true, and end there).
    """
    for start in starts:
        # Each node reached false, and each reached true, with the node it was reached from
        # (a path alternates, so that node's state is the other one); to rebuild the path.
        false_from: dict = {start: None}
        true_from: dict = {}
        queue = deque([(start, False, 0)])
        while queue:
            node, true, length = queue.popleft()
            if length >= max_links:
                continue
            if true:
                following_links, reached = weak.get(node, ()), false_from
            else:
                following_links, reached = strong.get(node, ()), true_from
            for following in following_links:
                if following in reached:
                    continue
                if closed and following == start:
                    # Back at the start: an end only, never a way through; left unmarked so a
                    # later, simple path can still close the loop.
                    if not true and is_end(start, following):
                        path = _rebuilt(false_from, true_from, node, true, following)
                        if len(set(path)) == len(path) - 1:
                            yield path
                    continue
                reached[following] = node
                if not true and is_end(start, following):
                    path = _rebuilt(false_from, true_from, node, true, following)
                    if len(set(path)) == len(path):
                        yield path
                queue.append((following, not true, length + 1))


def _rebuilt(false_from, true_from, node, true: bool, last) -> list:
    """The path from the start to `node` (reached `true` or not), then `last`."""
    path = [last]
    while node is not None:
        path.append(node)
        node = (true_from if true else false_from)[node]
        true = not true
    path.reverse()
    return path


def _ordered(found: list[tuple[int, tuple, Step]]) -> Iterator[Step]:
    """Shortest chains first; one chain for each set of removals (the shortest that proves it)."""
    seen = set()
    for _, _, step in sorted(found, key=lambda item: (item[0], item[1])):
        key = (step.placements, step.eliminations, step.digits)
        if key not in seen:
            seen.add(key)
            yield step


# --- X-chains -------------------------------------------------------------------------------


def x_chains(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """One digit's places, alternately joined by strong links (a unit's only two places) and weak
    links (two places sharing a unit), starting and ending with a strong link.

    If the first end is not the digit, the chain forces the last end to be it: one of the two ends
    holds it, so every cell seeing both ends loses it. `cells` are the chain's cells in order,
    `digits` the digit; `chain` the links. Roles: ("ends", (first, last)).
    """
    search = current()
    digit_cells = search.digit_cell_sets(masks)
    last = search.x_chains or {}
    now = {}
    found = []
    for digit in board_in_use().digits:
        places = digit_cells[digit]
        known = last.get(digit)
        if known is not None and known[0] == places:
            mine = known[1]
        else:
            mine = _x_chains_of(digit, places)
        now[digit] = (places, mine)
        found += mine
    search.x_chains = now
    yield from _ordered(found)


# The search's `x_chains`: {digit: (its places, its chains)} from the last search, replaced
# whole. A digit's X-chains depend on its places alone, and from one stuck position to the next
# most digits keep theirs.


def _x_chains_of(digit: int, places: int) -> list[tuple[int, tuple, Step]]:
    """The X-chains of one digit with these places, as (links, sort key, step)."""
    found: list[tuple[int, tuple, Step]] = []
    cells = cells_of_bits(places)
    if len(cells) < 4:
        return found
    board = board_in_use()
    peer_bits = board.peer_bits
    strong: dict[int, list[int]] = {}
    weak: dict[int, list[int]] = {}
    for cell in cells:
        weak[cell] = [c for c in cells_of_bits(peer_bits[cell] & places)]
    for unit_bits in board.unit_bits:
        pair = places & unit_bits
        if bin(pair).count("1") == 2:
            a, b = cells_of_bits(pair)
            strong.setdefault(a, []).append(b)
            strong.setdefault(b, []).append(a)
    for cell in strong:
        strong[cell] = sorted(set(strong[cell]))

    def is_end(start: int, end: int) -> bool:
        return places & peer_bits[start] & peer_bits[end] & ~(1 << start | 1 << end) != 0

    for path in _paths(sorted(strong), strong, weak, is_end):
        if len(path) < 4:
            continue
        first, last = path[0], path[-1]
        removed = places & peer_bits[first] & peer_bits[last]
        chain = []
        for i in range(len(path) - 1):
            here, there = Node((path[i],), digit), Node((path[i + 1],), digit)
            if i % 2 == 0:
                unit = _common_unit(path[i], path[i + 1], places)
                chain.append(Link(here, False, there, True, unit))
            else:
                chain.append(Link(here, True, there, False, _common_unit(path[i], path[i + 1])))
        step = Step("x_chain", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                    cells=tuple(path), digits=(digit,), roles=(("ends", (first, last)),),
                    chain=tuple(chain))
        found.append((len(chain), (digit, tuple(path)), step))
    return found


# --- XY-chains and remote pairs -------------------------------------------------------------


def _bivalue_paths(masks, pair_mask: int | None):
    """Paths through two-candidate cells (all holding `pair_mask`, when given), as node lists of
    (cell, digit): the start's digit assumed false, the cell's other digit true, then a weak link
    to the same digit in a seen cell, and so on, ending on a cell taking the start's digit."""
    board = board_in_use()
    peer_bits = board.peer_bits
    cells = [c for c in board.cells
             if COUNT[masks[c]] == 2 and (pair_mask is None or masks[c] == pair_mask)]
    if len(cells) < (4 if pair_mask else 3):
        return
    bits = 0
    for c in cells:
        bits |= 1 << c
    strong, weak = {}, {}
    for cell in cells:
        x, y = DIGITS_IN[masks[cell]]
        strong[(cell, x)] = [(cell, y)]
        strong[(cell, y)] = [(cell, x)]
        peers = cells_of_bits(peer_bits[cell] & bits)
        for digit in (x, y):
            weak[(cell, digit)] = [(p, digit) for p in peers if masks[p] >> (digit - 1) & 1]
    starts = sorted(strong)
    digit_cells = digit_cell_sets(masks)

    def is_end(start, end) -> bool:
        if end[1] != start[1] or end[0] == start[0]:
            return False
        if pair_mask is not None:
            return True
        return digit_cells[start[1]] & peer_bits[start[0]] & peer_bits[end[0]] != 0

    yield from _paths(starts, strong, weak, is_end)


def _bivalue_chain(path) -> tuple[Link, ...]:
    chain = []
    for i in range(len(path) - 1):
        (a, x), (b, y) = path[i], path[i + 1]
        if i % 2 == 0:
            chain.append(Link(Node((a,), x), False, Node((b,), y), True, IN_CELL))
        else:
            chain.append(Link(Node((a,), x), True, Node((b,), y), False, _common_unit(a, b)))
    return tuple(chain)


def xy_chains(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Two-candidate cells, each seeing the next and sharing a digit with it, so that if the first
    cell is not x, the last one is x. Either way x leaves every cell seeing both ends.

    `cells` are the chain's cells in order, `digits` (x,), `chain` the links (strong inside a
    cell, weak between cells). Roles: ("ends", (first, last)).
    """
    digit_cells = digit_cell_sets(masks)
    peer_bits = board_in_use().peer_bits
    found = []
    for path in _bivalue_paths(masks, None):
        (first, digit), (last, _) = path[0], path[-1]
        removed = digit_cells[digit] & peer_bits[first] & peer_bits[last]
        cells = tuple(c for c, _ in path[::2])
        step = Step("xy_chain", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                    cells=cells, digits=(digit,), roles=(("ends", (first, last)),),
                    chain=_bivalue_chain(path))
        found.append((len(step.chain), (digit, cells), step))
    yield from _ordered(found)


def remote_pairs(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Four or more cells holding only the same two digits, each seeing the next: the cells
    alternate between the two digits, so the two ends (an even number of cells apart) hold both,
    and both digits leave every cell seeing the two ends.

    `cells` are the chain's cells in order, `digits` the pair, `chain` the links for the smaller
    digit of the first cell. Roles: ("ends", (first, last)).
    """
    digit_cells = digit_cell_sets(masks)
    peer_bits = board_in_use().peer_bits
    found = []
    for pair_mask in sorted({m for m in masks if COUNT[m] == 2}):
        if sum(1 for m in masks if m == pair_mask) < 4:
            continue
        x, y = DIGITS_IN[pair_mask]
        for path in _bivalue_paths(masks, pair_mask):
            if path[0][1] != x or len(path) < 8:
                continue
            first, last = path[0][0], path[-1][0]
            seen_by_both = peer_bits[first] & peer_bits[last]
            removed = sorted((c, d) for d in (x, y)
                             for c in cells_of_bits(digit_cells[d] & seen_by_both))
            if not removed:
                continue
            cells = tuple(c for c, _ in path[::2])
            step = Step("remote_pair", eliminations=tuple(removed), cells=cells, digits=(x, y),
                        roles=(("ends", (first, last)),), chain=_bivalue_chain(path))
            found.append((len(step.chain), (pair_mask, cells), step))
    yield from _ordered(found)


def remote_pair_of(cells: Sequence[int], masks: Sequence[int]) -> Step | None:
    """The remote pair that cells holding only the same two digits, each seeing the next, make
    (a W-Wing whose strong link's ends hold only the pincers' two digits is one), or None when
    it removes nothing. Shaped as remote_pairs shapes it."""
    pair_mask = masks[cells[0]]
    if COUNT[pair_mask] != 2 or any(masks[c] != pair_mask for c in cells):
        return None
    x, y = DIGITS_IN[pair_mask]
    path = []
    for k, cell in enumerate(cells):
        gone, true = (x, y) if k % 2 == 0 else (y, x)
        path += [(cell, gone), (cell, true)]
    first, last = cells[0], cells[-1]
    digit_cells = digit_cell_sets(masks)
    peer_bits = board_in_use().peer_bits
    seen_by_both = peer_bits[first] & peer_bits[last]
    removed = sorted((c, d) for d in (x, y) for c in cells_of_bits(digit_cells[d] & seen_by_both))
    if not removed:
        return None
    return Step("remote_pair", eliminations=tuple(removed), cells=tuple(cells), digits=(x, y),
                roles=(("ends", (first, last)),), chain=_bivalue_chain(path))


# --- Alternating inference chains ----------------------------------------------------------


# The search's `chain_graph`: (candidates of every cell, {kind: graph}) of the last position the
# chain searches saw: nice loops and AICs, tried one after the other at the same stuck position,
# build each graph once.


def _graphs_of(masks) -> tuple[tuple[int, ...], dict]:
    key = tuple(masks)
    search = current()
    last = search.chain_graph
    if last is not None and last[0] == key:
        return last
    last = (key, {})
    search.chain_graph = last
    return last


def _candidates(board: Geometry) -> tuple[tuple[int, int], ...]:
    size = board.size
    return tuple((number // size, number % size + 1) for number in range(board.cell_count * size))


def numbered_candidates(board: Geometry) -> tuple[tuple[int, int], ...]:
    """The board's candidates by number: [n] is the candidate (cell, digit) numbered
    n = size * cell + digit - 1 (numbers keep the candidates' order, so sorting numbers sorts
    candidates)."""
    return board.table("chains.candidates", _candidates)


def _numbered_graph(masks):
    """Every candidate, numbered (see numbered_candidates), with its strong links (a unit's only two places for
    the digit, or a two-candidate cell's other digit) and weak links (the digit in a seen cell, or
    another digit of the same cell): lists indexed by number of the numbers it links to (None for
    no link), each candidate's weak links also as a frozenset, the numbers with a strong link
    ascending, and the digits' cells. Shared between callers: read it, do not change it."""
    key, graphs = _graphs_of(masks)
    graph = graphs.get("numbers")
    if graph is not None:
        return graph
    digit_cells = digit_cell_sets(masks)
    board = board_in_use()
    size, all_peers = board.size, board.peers
    candidates = board.cell_count * size
    strong: list = [None] * candidates
    weak: list = [None] * candidates
    weak_sets: list = [None] * candidates
    for cell in board.cells:
        digits = DIGITS_IN[key[cell]]
        if not digits:
            continue
        peers = all_peers[cell]
        base = size * cell - 1
        for digit in digits:
            bit = 1 << (digit - 1)
            links = ([size * c + digit - 1 for c in peers if key[c] & bit]
                     + [base + d for d in digits if d != digit])
            weak[base + digit] = links
            weak_sets[base + digit] = frozenset(links)
        if len(digits) == 2:
            x, y = digits
            strong[base + x] = [base + y]
            strong[base + y] = [base + x]
    for digit in board.digits:
        places = digit_cells[digit]
        for unit_bits in board.unit_bits:
            pair = places & unit_bits
            if pair.bit_count() == 2:
                a, b = cells_of_bits(pair)
                a, b = size * a + digit - 1, size * b + digit - 1
                links = strong[a]
                if links is None:
                    strong[a] = [b]
                elif b not in links:
                    links.append(b)
                else:
                    continue
                links = strong[b]
                if links is None:
                    strong[b] = [a]
                else:
                    links.append(a)
    starts = [n for n, links in enumerate(strong) if links is not None]
    graph = strong, weak, weak_sets, starts, digit_cells
    graphs["numbers"] = graph
    return graph


def _aic_removals(start, end, masks, digit_cells) -> tuple[tuple[int, int], ...]:
    """What one true end of two removes: a digit seen by both ends (same digit), or each end's
    digit from the other end's cell (different digits, the cells seeing each other)."""
    (a, x), (b, y) = start, end
    if a == b:
        return ()
    board = board_in_use()
    if x == y:
        seen = digit_cells[x] & board.peer_bits[a] & board.peer_bits[b]
        return tuple((c, x) for c in cells_of_bits(seen))
    if not board.peer_bits[a] >> b & 1:
        return ()
    found = []
    if masks[a] >> (y - 1) & 1:
        found.append((a, y))
    if masks[b] >> (x - 1) & 1:
        found.append((b, x))
    return tuple(sorted(found))


def _aic_chain(path, digit_cells) -> tuple[Link, ...]:
    chain = []
    for i in range(len(path) - 1):
        (a, x), (b, y) = path[i], path[i + 1]
        strong = i % 2 == 0
        if a == b:
            unit = IN_CELL
        elif strong:
            unit = _common_unit(a, b, digit_cells[x])
        else:
            unit = _common_unit(a, b)
        chain.append(Link(Node((a,), x), not strong, Node((b,), y), strong, unit))
    return tuple(chain)


def _open_chain_kind(path: Sequence[tuple[int, int]], masks: Sequence[int]) -> str:
    """The most specific name of an alternating chain of (cell, digit) nodes, strong first and
    last: an X-chain when it keeps to one digit, an XY-chain when it goes through two-candidate
    cells only (strong inside each, weak between) and ends on its start's digit, else an AIC."""
    if len({d for _, d in path}) == 1:
        return "x_chain"
    if all(path[i][0] == path[i + 1][0] for i in range(0, len(path), 2)) and \
            all(COUNT[masks[c]] == 2 for c, _ in path) and path[0][1] == path[-1][1]:
        return "xy_chain"
    return "aic"


def open_chain_step(path: Sequence[tuple[int, int]], removed: tuple[tuple[int, int], ...],
                    masks: Sequence[int], digit_cells: Sequence[int]) -> Step:
    """The step of an alternating chain of (cell, digit) nodes that starts and ends strong (one
    of its ends is true), removing `removed`, named by what it is (_open_chain_kind) and shaped
    as that technique's finder shapes it."""
    kind = _open_chain_kind(path, masks)
    (first, x), (last, y) = path[0], path[-1]
    chain = _aic_chain(path, digit_cells)
    roles = (("ends", (first, last)),)
    if kind == "x_chain":
        return Step(kind, eliminations=removed, cells=tuple(c for c, _ in path), digits=(x,),
                    roles=roles, chain=chain)
    if kind == "xy_chain":
        return Step(kind, eliminations=removed, cells=tuple(c for c, _ in path[::2]),
                    digits=(x,), roles=roles, chain=chain)
    cells = [first]
    for c, _ in path[1:]:
        if c != cells[-1]:
            cells.append(c)
    return Step(kind, eliminations=removed, cells=tuple(cells), digits=tuple(sorted({x, y})),
                roles=roles, chain=chain)


def aics(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Alternating inference chains over any candidates: strong links (a unit's only two places
    for a digit, a two-candidate cell's two digits) and weak links, starting and ending strong, so
    that one of the two end candidates is true.

    Same digit at both ends: it leaves every cell seeing both ends. Different digits in two cells
    that see each other: each end's digit leaves the other end's cell. Chains that are X-chains
    (one digit) or XY-chains (two-candidate cells only) are left to those techniques. `cells` are
    the chain's cells in order (a cell twice when the chain passes inside it), `digits` the end
    digits. Roles: ("ends", (first cell, last cell)).
    """
    strong, weak, _, starts, digit_cells = _numbered_graph(masks)
    node = numbered_candidates(board_in_use())
    given: set = set()

    def is_end(start: int, end: int) -> bool:
        return bool(_aic_removals(node[start], node[end], masks, digit_cells))

    for links, numbered in _rounds(starts, strong, weak, is_end, MAX_AIC_LINKS):
        found = []
        for numbers in numbered:
            path = [node[n] for n in numbers]
            if _open_chain_kind(path, masks) != "aic":
                continue  # an X-chain or XY-chain: those techniques, tried earlier, find it
            if crosses_itself(path):
                continue
            removed = _aic_removals(path[0], path[-1], masks, digit_cells)
            step = open_chain_step(path, removed, masks, digit_cells)
            found.append((len(step.chain), tuple(path), step))
        # The chains of this round have links + 1 links, no fewer than any given before.
        yield from _ordered_given(found, given)


def _follow(frontier: list[int], true: int, strong, weak, false_from: dict[int, int],
            true_from: dict[int, int], arrivals: list[int]) -> list[int]:
    """One link further from each candidate of a search's frontier: strong links from candidates
    reached false, weak links from those reached true (`true`). Each candidate not reached that way
    before is noted in `true_from` or `false_from` with the candidate it came from, and in
    `arrivals`; returns those that have links of the next kind to go on with."""
    if true:
        following_links, reached, then = weak, false_from, strong
    else:
        following_links, reached, then = strong, true_from, weak
    ahead = []
    for here in frontier:
        nexts = following_links[here]
        if nexts is None:
            continue
        for following in nexts:
            if following in reached:
                continue
            reached[following] = here
            arrivals.append(following)
            if then[following] is not None:
                ahead.append(following)
    return ahead


def _rounds(starts, strong, weak, is_end, max_links: int):
    """_paths over numbered candidates (see _numbered_graph), every start's search going one link
    at a time, all together: yields (links, paths) after each round, the paths of links + 1
    links. Each start's search is the one _paths makes alone (the same paths), so a caller that
    wants the shortest paths first may stop after any round."""
    searches: list[tuple[int, dict[int, int], dict[int, int], list[int]]] = [
        (start, {start: -1}, {}, [start]) for start in starts]
    for links in range(max_links):
        true = links & 1
        paths = []
        going = []
        for start, false_from, true_from, frontier in searches:
            arrivals: list[int] = []
            ahead = _follow(frontier, true, strong, weak, false_from, true_from, arrivals)
            if not true:
                for following in arrivals:
                    if is_end(start, following):
                        numbers = _numbers_back(false_from, true_from, true_from[following], true,
                                                following)
                        if len(set(numbers)) == len(numbers):
                            paths.append(numbers)
            if ahead:
                going.append((start, false_from, true_from, ahead))
        yield links, paths
        searches = going
        if not searches:
            return


def crosses_itself(path: Sequence[tuple[int, int]], loop: bool = False) -> bool:
    """Whether a chain of (cell, digit) nodes comes back to a cell it has left (a loop may come
    back to its first cell at the end): such a chain is hard to follow, and HoDoKu, whose
    chains the regression library lists, never offers one."""
    cells = [path[0][0]]
    for cell, _ in path[1:]:
        if cell != cells[-1]:
            cells.append(cell)
    if loop and len(cells) > 1 and cells[-1] == cells[0]:
        cells.pop()
    return len(set(cells)) != len(cells)


def _loop_removals(path, masks, digit_cells) -> tuple[tuple[int, int], ...]:
    """In a continuous loop every weak link holds exactly one true end: the digit leaves the rest
    of the units the two cells share; inside a cell, the cell's other digits go."""
    board = board_in_use()
    units_of, unit_bits = board.units_of, board.unit_bits
    removed = set()
    loop = set(path)
    closed = path + [path[0]]
    for i in range(1, len(closed) - 1, 2):
        (a, x), (b, y) = closed[i], closed[i + 1]
        if a == b:
            removed |= {(a, d) for d in DIGITS_IN[masks[a]] if d not in (x, y)}
        else:
            for unit in units_of[a]:
                if unit in units_of[b]:
                    removed |= {(c, x) for c in cells_of_bits(digit_cells[x] & unit_bits[unit])
                                if c not in (a, b)}
    return tuple(sorted(removed - loop))


def nice_loops(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Nice loops. Continuous: an alternating chain of strong and weak links that closes on itself
    (its last true candidate weakly linked to the first, assumed false). Around the loop each
    weak link then has exactly one true end, so its digit leaves the rest of the units its two
    cells share, and a cell with a weak link inside keeps only the loop's two digits.

    Discontinuous: a chain that leaves a cell assumed not x and comes back to it as y: the cell is
    x or y, and loses its other digits; or comes back to x itself: the cell is x (a placement);
    or a chain that starts with the cell true for x (a weak link out) and comes back to the cell
    as another digit: x goes.
    Role ("discontinuous", (cell,)).

    A discontinuous loop that leaves a candidate by a weak link and comes back to it by another,
    the chain between them (three links or more) ending in two other cells, is that open chain
    with the candidate seeing both its ends: it is given as the AIC (or X-chain, or XY-chain) it
    is, with all that chain removes (see open_chain_step), in the loop's place in the order.

    `cells` are the loop's cells in order, `digits` every digit it removes, `chain` its links
    (in a continuous loop the last one, weak, closes it). Roles: ("ends", (first, last cell)).
    """
    strong, weak, weak_sets, starts, digit_cells = _numbered_graph(masks)
    node = numbered_candidates(board_in_use())
    found: list[tuple[int, tuple, Step]] = []

    def loop_cells(path, first_cell) -> tuple[int, ...]:
        cells = [first_cell]
        for c, _ in path:
            if c != cells[-1]:
                cells.append(c)
        if cells[-1] == cells[0] and len(cells) > 1:
            cells.pop()
        return tuple(cells)

    def link_between(premise, premise_true, conclusion, conclusion_true) -> Link:
        (a, _), (b, _) = premise, conclusion
        unit = IN_CELL if a == b else _common_unit(a, b)
        return Link(Node((a,), premise[1]), premise_true, Node((b,), conclusion[1]),
                    conclusion_true, unit)

    def chain_found(numbers: list[int]) -> None:
        """The loops of a chain the search found (start false, end true, each weakly linked to
        the start, both seeing a candidate, or back in the start's cell)."""
        path = [node[n] for n in numbers]
        first, last = path[0], path[-1]
        if crosses_itself(path, loop=True):
            return
        key = tuple(path)
        if first[0] == last[0] and COUNT[masks[first[0]]] > 2:
            closing_found(path, key)
        # Continuous: the last true candidate weakly linked back to the first.
        if len(path) >= 4 and numbers[0] in weak_sets[numbers[-1]]:
            removed = _loop_removals(path, masks, digit_cells)
            if removed:
                chain = _aic_chain(path + [path[0]], digit_cells)
                step = Step("nice_loop", eliminations=removed, cells=loop_cells(path, first[0]),
                            digits=tuple(sorted({d for _, d in removed})),
                            roles=(("ends", (first[0], last[0])),), chain=chain)
                found.append((len(chain), key, step))
        # Discontinuous, the digit itself: S true makes the first end (weakly linked to it)
        # false, the chain makes the last end true, also weakly linked to S: S true would make
        # S false, so S goes.
        both = weak_sets[numbers[0]] & weak_sets[numbers[-1]]
        if both and first[0] != last[0] and len(path) > 2:
            # Each loop S - first = ... = last - S removes S, and together they remove what
            # the chain first = ... = last removes (a candidate seeing both its ends, or, its
            # ends two digits in cells that see each other, each end's digit from the other
            # end's cell): that open chain is an AIC (or an X- or XY-chain), taught as one. It
            # keeps the loops' place in the order (their links: the chain's and two weak).
            # One strong link alone is no chain (it is a box-line intersection: S and its two
            # places share a box and a line): that loop stays a loop.
            on_path = set(numbers)
            removed = tuple(node[n] for n in sorted(both) if n not in on_path)
            if removed:
                found.append((len(path) + 1, key,
                              open_chain_step(path, removed, masks, digit_cells)))
        elif both:
            on_path = set(numbers)
            middle = None
            for number in sorted(both):
                if number in on_path:
                    continue
                gone = node[number]
                if middle is None:
                    middle = _aic_chain(path, digit_cells)
                chain = ((link_between(gone, True, first, False),) + middle
                         + (link_between(last, True, gone, False),))
                cell, x = gone
                step = Step("nice_loop", eliminations=(gone,), cells=loop_cells(path, cell),
                            digits=(x,),
                            roles=(("ends", (cell, cell)), ("discontinuous", (cell,))),
                            chain=chain)
                found.append((len(chain), key, step))

    def closing_found(path, key) -> None:
        # Discontinuous: a chain from one digit of a cell to another digit of the same cell. If
        # the cell is not x it is y, so it is x or y, and its other digits go.
        (cell, x), (_, y) = path[0], path[-1]
        removed = tuple((cell, d) for d in DIGITS_IN[masks[cell]] if d not in (x, y))
        step = Step("nice_loop", eliminations=removed, cells=loop_cells(path[1:], cell),
                    digits=tuple(d for _, d in removed),
                    roles=(("ends", (cell, cell)), ("discontinuous", (cell,))),
                    chain=_aic_chain(path, digit_cells))
        found.append((len(step.chain), key, step))

    def placement_found(numbers: list[int]) -> None:
        # A chain from x back to x itself: if the cell is not x, it is x, so it is x.
        path = [node[n] for n in numbers]
        if crosses_itself(path, loop=True) or len(path) < 4:
            return
        cell, x = path[0]
        cells = [cell]
        for c, _ in path[1:]:
            if c != cells[-1]:
                cells.append(c)
        cells.pop()
        step = Step("nice_loop", placements=((cell, x),), cells=tuple(cells), digits=(x,),
                    roles=(("ends", (cell, cell)), ("discontinuous", (cell,))),
                    chain=_aic_chain(path, digit_cells))
        found.append((len(step.chain), tuple(path), step))

    # Every search goes breadth first, all of them a link at a time, so that when they have
    # gone k links no loop of k links or fewer is left to find: those are given, shortest first,
    # and the searches go on only if asked for more. Each search is the one it would be alone
    # (the chains found, their order), so the loops are the same whenever the searches stop.
    # Chains from each start false (the start, the candidates reached false and true, each with
    # the candidate it was reached from, and the last link's candidates).
    chains: list[tuple[int, dict[int, int], dict[int, int], list[int]]] = [
        (start, {start: -1}, {}, [start]) for start in starts]
    # Placements: S false makes a strong partner A true, and a chain from A makes another strong
    # partner B false, which makes S true; searched from A with S left out.
    placing: list[tuple[int, dict[int, int], dict[int, int], list[int], set[int]]] = []
    for start in starts:
        partners = strong[start]
        if len(partners) < 2:
            continue
        for first in partners:
            placing.append((start, {start: -1}, {first: -1, start: -1}, [first],
                            set(partners) - {first}))
    given: set = set()
    chain_links = MAX_AIC_LINKS - 2
    for links in range(max(chain_links, MAX_AIC_LINKS - 1)):
        true = links & 1
        if links < chain_links and chains:
            going = []
            for start, false_from, true_from, frontier in chains:
                arrivals: list[int] = []
                ahead = _follow(frontier, true, strong, weak, false_from, true_from, arrivals)
                if not true:
                    ends = weak_sets[start]
                    for following in arrivals:
                        if following != start and (
                                following in ends or not ends.isdisjoint(weak_sets[following])):
                            numbers = _numbers_back(false_from, true_from, true_from[following],
                                                    true, following)
                            if len(set(numbers)) == len(numbers):
                                chain_found(numbers)
                if ahead:
                    going.append((start, false_from, true_from, ahead))
            chains = going
        if links >= 1 and placing:
            still = []
            for start, false_from, true_from, frontier, others in placing:
                arrivals = []
                ahead = _follow(frontier, true, strong, weak, false_from, true_from, arrivals)
                if true:
                    for following in arrivals:
                        if following in others:
                            numbers = _numbers_back(false_from, true_from, false_from[following],
                                                    true, following)
                            if len(set(numbers)) == len(numbers):
                                placement_found([start] + numbers + [start])
                if ahead:
                    still.append((start, false_from, true_from, ahead, others))
            placing = still
        # Every chain of links + 1 links or fewer is found (placements: links + 2).
        if not chains and not placing:
            break
        ready = [item for item in found if item[0] <= links + 1]
        if ready:
            found = [item for item in found if item[0] > links + 1]
            yield from _ordered_given(ready, given)
    yield from _ordered_given(found, given)


def _numbers_back(false_from, true_from, here: int, true: int, last: int) -> list[int]:
    """The numbered path from the start to `here` (reached `true` or not), then `last`."""
    path = [last]
    while here >= 0:
        path.append(here)
        here = (true_from if true else false_from)[here]
        true = not true
    path.reverse()
    return path


def _ordered_given(found: list[tuple[int, tuple, Step]], seen: set) -> Iterator[Step]:
    """_ordered, continued: `seen` the changes of the steps already given."""
    for _, _, step in sorted(found, key=lambda item: (item[0], item[1])):
        key = (step.placements, step.eliminations, step.digits)
        if key not in seen:
            seen.add(key)
            yield step


MAX_AIC_LINKS = 21
"""An AIC's longest chain: the search over every candidate stays interactive."""


def chain_rating(step: Step) -> float:
    """Sudoku Explainer's length bonus on a base rating: +0.1 per rung of its length ladder (more
    than 4, 6, 8, 12, 16, 24 ...). An X-chain's length is its links; an XY-chain's or remote
    pair's is its cells (each cell's inside link is no extra step for the eye)."""
    base = {"remote_pair": 6.5, "x_chain": 6.5, "xy_chain": 6.6, "nice_loop": 7.0,
            "aic": 7.0}[step.technique]
    length = (len(step.chain) if step.technique in ("x_chain", "nice_loop", "aic")
              else len(step.cells))
    return round(base + length_bonus(length), 1)


# --- Texts ----------------------------------------------------------------------------------


def _conclusion(step: Step) -> str:
    first, last = step.role("ends")
    ends = f"{cell_name(first)} and {cell_name(last)}"
    by_cell: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_cell.setdefault(cell, []).append(digit)
    start, end = step.chain[0].premise, step.chain[-1].conclusion
    if start.digit != end.digit:
        # Two different digits at the ends, in cells that see each other.
        lines = []
        for cell, digits in sorted(by_cell.items()):
            mine, other = (start, end) if cell == first else (end, start)
            lines.append(f"Either way {cell_name(cell)} cannot be {digits_or(digits)}: either it "
                         f"is {symbol(mine.digit)} itself, or {cell_name(other.cells[0])}, which "
                         f"it sees, is {symbol(other.digit)}.")
    else:
        # Cells losing the same digits for the same reason go in one line.
        by_digits: dict[tuple[int, ...], list[int]] = {}
        for c, ds in sorted(by_cell.items()):
            by_digits.setdefault(tuple(ds), []).append(c)
        lines = [f"Either way {cells_name(cs)} cannot be {digits_or(ds)}: "
                 f"{'it sees' if len(cs) == 1 else 'each sees'} both {ends}."
                 for ds, cs in by_digits.items()]
    return "\n".join(lines) + f"\nRemove {removals_by_digit(step)}."


class _ChainTexts(Texts):
    kind = "chain"

    def _narration(self, step: Step) -> list[str]:
        """The chain one link a line (a family whose chains go through sets names them)."""
        return narration(step.chain)

    def one_line(self, step: Step) -> str:
        nodes = " ".join(f"{cell_name(c)}" for c in step.cells)
        return f"{step.name}: {','.join(map(symbol, step.digits))} {nodes} => {step.changes}"

    def pattern(self, step: Step) -> str:
        return chain_pattern(step, f"The {in_sentence(step.name)} runs through "
                                   f"{len(step.cells)} cells:")

    def full(self, step: Step) -> str:
        first = step.chain[0]
        last = step.chain[-1]
        opening = (f"Suppose {cell_name(first.premise.cells[0])} is not "
                   f"{symbol(first.premise.digit)}. "
                   f"Follow the chain, one link at a time:")
        lines = [opening, *self._narration(step),
                 f"So if {cell_name(first.premise.cells[0])} is not {symbol(first.premise.digit)}, "
                 f"{cell_name(last.conclusion.cells[0])} is {symbol(last.conclusion.digit)}: "
                 f"either "
                 f"{state(first.premise, True)} or {state(last.conclusion, True)}.",
                 _conclusion(step)]
        return "\n".join(lines)


class XChainTexts(_ChainTexts):
    def spot(self, step: Step) -> str:
        return ("take one digit and hop from place to place, alternately through a unit where it "
                "has only two places and any shared unit, starting and ending with the first kind.")

    def nudge(self, step: Step) -> str:
        digits = symbols(step.digits[0])
        return (f"Look for an X-Chain on the {digits}: a chain of {digits}, alternately the only "
                f"two places in a unit and two places sharing a unit, starting at "
                f"{cell_name(step.cells[0])}.")


class XYChainTexts(_ChainTexts):
    def spot(self, step: Step) -> str:
        return ("look for a path of two-candidate cells, each seeing the next and sharing a digit "
                "with it, whose first and last cells both hold one same digit; cells seeing both "
                "ends lose it.")

    def nudge(self, step: Step) -> str:
        digit = step.digits[0]
        return (f"Look for an XY-Chain of two-candidate cells that starts and ends with "
                f"{an(symbol(digit))}, starting at {cell_name(step.cells[0])}.")


class AICTexts(_ChainTexts):
    def spot(self, step: Step) -> str:
        return ("link candidates alternately by strong links (a digit's only two places in a unit, "
                "a cell's only two candidates) and weak ones, strong at both ends; what both ends "
                "rule out goes.")

    def nudge(self, step: Step) -> str:
        return (f"Look for an alternating inference chain starting at "
                f"{cell_name(step.cells[0])}: strong and weak links in turn, through cells and "
                f"units, ending on {digits_or(step.digits)}.")


class NiceLoopTexts(_ChainTexts):
    def spot(self, step: Step) -> str:
        return ("follow strong and weak links in turn from one candidate and look for a way back "
                "to where it started.")

    def nudge(self, step: Step) -> str:
        if step.role("discontinuous"):
            cell = cell_name(step.role("discontinuous")[0])
            start = step.chain[0].premise
            supposed = "" if step.chain[0].premise_true else "not "
            return (f"Look for a nice loop that leaves {cell} and comes back to it: suppose it is "
                    f"{supposed}{symbol(start.digit)}.")
        return (f"Look for a continuous nice loop through {cell_name(step.cells[0])}: strong and "
                f"weak links in turn that close on themselves.")

    def full(self, step: Step) -> str:
        if step.role("discontinuous"):
            cell = step.role("discontinuous")[0]
            x, y = symbol(step.chain[0].premise.digit), symbol(step.chain[-1].conclusion.digit)
            if step.chain[0].premise_true:
                return "\n".join([
                    f"Suppose {cell_name(cell)} is {x}. Follow the chain, one link at a time:",
                    *self._narration(step),
                    f"So if {cell_name(cell)} were {x}, it would not be {x}: the supposition "
                    f"undoes itself.",
                    f"So {cell_name(cell)} cannot be {x}.",
                    f"Remove {removals_by_digit(step)}."])
            if x == y:
                return "\n".join([
                    f"Suppose {cell_name(cell)} is not {x}. Follow the chain, one link at a time:",
                    *self._narration(step),
                    f"So if {cell_name(cell)} is not {x}, it is {x}: the supposition undoes "
                    f"itself, and {cell_name(cell)} is {x}.",
                    f"Place {x} in {cell_name(cell)}."])
            if not step.chain[-1].conclusion_true:
                # In by a weak link: not x makes it not y, and x makes it not y as well.
                return "\n".join([
                    f"Suppose {cell_name(cell)} is not {x}. Follow the chain, one link at a time:",
                    *self._narration(step),
                    f"So if {cell_name(cell)} is not {x}, it is not {y} either; and if it is {x}, "
                    f"it is not {y}.",
                    f"Either way {cell_name(cell)} cannot be {digits_or(step.digits)}.",
                    f"Remove {removals_by_digit(step)}."])
            return "\n".join([
                f"Suppose {cell_name(cell)} is not {x}. Follow the chain, one link at a time:",
                *self._narration(step),
                f"So if {cell_name(cell)} is not {x}, it is {y}: either way it is {x} or {y}.",
                f"Either way {cell_name(cell)} cannot be {digits_or(step.digits)}.",
                f"Remove {removals_by_digit(step)}."])
        first = step.chain[0].premise
        lines = [f"Suppose {cell_name(first.cells[0])} is not {symbol(first.digit)}. Follow the "
                 "loop, one link at a time:", *self._narration(step),
                 "The loop comes back to where it started without a clash, and it works the same "
                 "way round with every candidate's truth swapped, so each weak link has exactly "
                 "one true end."]
        removed = set(step.eliminations)
        for link in step.chain:
            if not link.weak:
                continue
            a, b = link.premise, link.conclusion
            if link.unit == IN_CELL:
                cell = a.cells[0]
                gone = sorted(d for c, d in removed if c == cell)
                if gone:
                    lines.append(f"{cell_name(cell)} is {symbol(a.digit)} or {symbol(b.digit)}, so "
                                 f"it cannot be "
                                 f"{digits_or(gone)}.")
                continue
            pair = (a.cells[0], b.cells[0])
            units_of = board_in_use().units_of
            gone = sorted(c for c, d in removed if d == a.digit and c not in pair and any(
                u in units_of[c] for u in units_of[pair[0]] if u in units_of[pair[1]]))
            if gone:
                lines.append(f"One of {cell_name(pair[0])} and {cell_name(pair[1])} is "
                             f"{symbol(a.digit)}, so either way " + ", ".join(
                                 f"{cell_name(c)}" for c in gone)
                             + f" cannot be {symbol(a.digit)}.")
        lines.append(f"Remove {removals_by_digit(step)}.")
        return "\n".join(lines)


class RemotePairTexts(_ChainTexts):
    def spot(self, step: Step) -> str:
        return ("look for an even number of cells, four or more, all holding only the same two "
                "digits, each seeing the next; a cell seeing both ends loses both digits.")

    def nudge(self, step: Step) -> str:
        x, y = map(symbol, step.digits)
        return (f"Look for a remote pair: a chain of cells holding only {x} and {y}, each seeing "
                f"the next, starting at {cell_name(step.cells[0])}.")

    def full(self, step: Step) -> str:
        x, y = map(symbol, step.digits)
        first, last = step.role("ends")
        text = super().full(step)
        return text.replace(
            "\nEither way", f"\nThe same holds with {x} and {y} swapped: the ends hold one {x} "
                            f"and one {y} between them, so {cell_name(first)} and "
                            f"{cell_name(last)} hold both digits.\nEither way", 1)
