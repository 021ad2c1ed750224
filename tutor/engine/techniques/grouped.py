"""Grouped chains: nice loops and AICs whose nodes may be a group of one digit's places in a
box and a line, or a digit of an almost locked set, the shortest chain first.

They hold on every regular board: a group is where a box meets a row or a column, whatever the
boxes' shape (on boxes of two rows, where a column meets a box in two cells).
"""

from __future__ import annotations

from typing import Iterator, NamedTuple, Sequence

from tutor.engine.als_index import Als, seeing_all, sets_and_links
from tutor.engine.chain import (
    IN_CELL, IN_SET, SEEN, SET_FORCES_CELL, Link, NamedSet, Node, chain_pattern, length_bonus,
    narration, state,
)
from tutor.engine.techniques.chains import AICTexts, NiceLoopTexts
from tutor.engine.step import Step
from tutor.engine.technique import digits_or, in_sentence, symbol
from tutor.engine.reasons import Position
from tutor.engine.wording import marked_cells, removals_by_digit
from tutor.model.geometry import (
    COUNT, DIGITS_IN, Geometry, cell_name, cells_name, cells_of_bits,
)
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current, digit_cell_sets

HOLDS_ON = "every regular board and the Samurai"


def _intersections(board: Geometry) -> tuple[int, ...]:
    """The places where a box meets a row or a column, as cell sets (54 of three cells on the
    classic board): where groups live."""
    return tuple(sum(1 << c for c in shared) for _, _, shared in board.crossings)

MAX_LINKS = 16
"""The longest grouped chain offered (HoDoKu's reglib chains have at most 14 links)."""

MAX_SET_CELLS = 5
"""The largest almost locked set a grouped chain goes through: a bigger one is hard to see in a
chain, and leaving them out nearly halves the search on boards rich in sets."""

_SEARCH_BUDGET = 400
"""How many partial paths one end's path search may try before giving that end up."""


class _Graph(NamedTuple):
    """A position's nodes and links, as bitsets over node ids.

    `nodes[i]` is (cells, digit, set index or -1); a single cell's candidate, a group (2-3 cells
    of a box and a line) or an almost locked set's places of a digit. `strong[i]`: the nodes
    true if i is false; `weak[i]`: the nodes false if i is true (symmetric); `strong_back[i]`:
    the nodes whose falseness makes i true (`strong` itself but for a set's link to a cell it
    forces, followed only from the set to the cell).
    """

    nodes: list[tuple[int, int, int]]
    strong: list[int]
    weak: list[int]
    strong_back: list[int]
    single: dict[tuple[int, int], int]
    touching: list[int]
    plain: int
    sets: list
    groups: int


# The search's `grouped_graphs`: (masks, {level: graph}): the two grouped finders search the
# same position in turn.

PLAIN, SETS, FORCING = 0, 1, 2
"""The graphs searched in turn: single candidates and groups; with almost locked sets; with the
links between sets and from a set to a cell it forces as well."""


def _graph(masks: Sequence[int], level: int) -> _Graph:
    key = tuple(masks)
    search = current()
    last = search.grouped_graphs
    if last is None or last[0] != key:
        graphs: dict = {}
        search.grouped_graphs = (key, graphs)
    else:
        graphs = last[1]
    if level not in graphs:
        if level == PLAIN:
            graphs[PLAIN] = _build(masks)
        elif level == SETS:
            graphs[SETS] = _with_sets(_graph(masks, PLAIN), masks)
        else:
            graphs[FORCING] = _with_forcing(_graph(masks, SETS), masks)
    return graphs[level]


def _build(masks: Sequence[int]) -> _Graph:
    """The graph of single candidates and groups."""
    digit_cells = digit_cell_sets(masks)
    board = board_in_use()
    digits_here = board.digits
    nodes: list[tuple[int, int, int]] = []
    index: dict[tuple[int, int, int], int] = {}
    single: dict[tuple[int, int], int] = {}
    by_digit: list[list[int]] = [[] for _ in digit_cells]
    # single_at[digit][cell]: the node of the cell's candidate of the digit (links are found
    # from the cells they reach, not by trying every node of the digit).
    single_at: list[list[int]] = [[-1] * board.cell_count for _ in digit_cells]
    for cell in board.cells:
        for digit in DIGITS_IN[masks[cell]]:
            number = len(nodes)
            single[(cell, digit)] = number
            single_at[digit][cell] = number
            index[(1 << cell, digit, -1)] = number
            by_digit[digit].append(number)
            nodes.append((1 << cell, digit, -1))
    groups_of: list[list[tuple[int, int]]] = [[] for _ in digit_cells]
    meets = board.table("grouped.intersections", _intersections)
    for digit in digits_here:
        places = digit_cells[digit]
        for meet in meets:
            group = places & meet
            if group.bit_count() >= 2 and (group, digit, -1) not in index:
                index[(group, digit, -1)] = len(nodes)
                by_digit[digit].append(len(nodes))
                groups_of[digit].append((group, len(nodes)))
                nodes.append((group, digit, -1))
    plain = len(nodes)
    strong = [0] * plain
    weak = [0] * plain
    for digit in digits_here:
        places_of_digit = digit_cells[digit]
        at = single_at[digit]
        groups_here = groups_of[digit]
        # Weak links: same digit, disjoint, each cell of one seeing every cell of the other.
        for i in by_digit[digit]:
            bits = nodes[i][0]
            seen = seeing_all(board, bits) & places_of_digit
            if not seen:
                continue
            links = 0
            rest = seen
            while rest:
                low = rest & -rest
                links |= 1 << at[low.bit_length() - 1]
                rest ^= low
            for other, j in groups_here:
                if other & seen == other:
                    links |= 1 << j
            weak[i] |= links
        # Strong links: a unit's places of the digit split into exactly two nodes.
        for unit_bits in board.unit_bits:
            places = places_of_digit & unit_bits
            if places.bit_count() < 2:
                continue
            rest = places
            while rest:
                low = rest & -rest
                rest ^= low
                partner = index.get((places ^ low, digit, -1))
                if partner is not None:
                    strong[at[low.bit_length() - 1]] |= 1 << partner
            for other, i in groups_here:
                if other & places == other:
                    partner = index.get((places & ~other, digit, -1))
                    if partner is not None:
                        strong[i] |= 1 << partner
    for cell in board.cells:
        digits = DIGITS_IN[masks[cell]]
        ids = [single[(cell, d)] for d in digits]
        together = sum(1 << i for i in ids)
        for i in ids:
            weak[i] |= together & ~(1 << i)
        if len(digits) == 2:
            strong[ids[0]] |= 1 << ids[1]
            strong[ids[1]] |= 1 << ids[0]
    touching = [0] * board.cell_count
    groups = 0
    for i, (bits, _, _) in enumerate(nodes):
        if bits & (bits - 1):
            groups |= 1 << i
            for cell in cells_of_bits(bits):
                touching[cell] |= 1 << i
        else:
            touching[bits.bit_length() - 1] |= 1 << i
    return _Graph(nodes, strong, weak, strong, single, touching, plain, [], groups)


def _with_sets(graph: _Graph, masks: Sequence[int]) -> _Graph:
    """The graph with each almost locked set's places of each of its digits added."""
    nodes, strong, weak = list(graph.nodes), list(graph.strong), list(graph.weak)
    touching = list(graph.touching)
    # Each digit's groups; its single candidates are found by cell (graph.single).
    groups_of: list[list[tuple[int, int]]] = [[] for _ in range(board_in_use().size + 1)]
    for i, (bits, digit, _) in enumerate(graph.nodes):
        if graph.groups >> i & 1:
            groups_of[digit].append((bits, i))
    single = graph.single
    sets: list[Als] = []
    for als in sets_and_links(masks)[0]:
        if not 2 <= als.cells.bit_count() <= MAX_SET_CELLS:
            continue  # a two-digit cell's link is the plain one inside the cell
        number = len(sets)
        sets.append(als)
        ids = []
        for digit in DIGITS_IN[als.mask]:
            i = len(nodes)
            nodes.append((als.holders[digit], digit, number))
            strong.append(0)
            weak.append(0)
            ids.append(i)
            # The set's places of the digit and every outside node that sees them all (the
            # seers hold the digit: each is a single candidate's cell).
            seers = als.seers[digit]
            links = 0
            bit = 1 << i
            rest = seers
            while rest:
                low = rest & -rest
                rest ^= low
                j = single[(low.bit_length() - 1, digit)]
                links |= 1 << j
                weak[j] |= bit
            for other, j in groups_of[digit]:
                if other & seers == other:
                    links |= 1 << j
                    weak[j] |= bit
            weak[i] = links
        together = sum(1 << i for i in ids)
        for i in ids:
            strong[i] = together & ~(1 << i)
        for cell in cells_of_bits(als.cells):
            touching[cell] |= together
    return _Graph(nodes, strong, weak, strong, graph.single, touching, graph.plain, sets,
                  graph.groups)


def _with_forcing(graph: _Graph, masks: Sequence[int]) -> _Graph:
    """The graph with sets, and two more kinds of link (HoDoKu's): a weak link between two sets
    sharing no cell whose places of a digit all see each other (at most one holds it), and a
    strong link from a set's places of x to a cell of three digits or more that sees every
    place in the set of all its digits but z: without x the set holds all its other digits, and
    the cell is z. A chain follows that link from the set to the cell only, as HoDoKu does: the
    other way round (a single candidate false making a set's digit true) it would be open to
    every cell a set forces, and would make the search a fifth longer."""
    strong, weak, back = list(graph.strong), list(graph.weak), list(graph.strong)
    ids: list[dict[int, int]] = [{} for _ in graph.sets]
    for i in range(graph.plain, len(graph.nodes)):
        _, digit, number = graph.nodes[i]
        ids[number][digit] = i
    crowded = 0
    for cell in board_in_use().cells:
        if COUNT[masks[cell]] >= 3:
            crowded |= 1 << cell
    for number, als in enumerate(graph.sets):
        by_digit = ids[number]
        once = twice = 0
        for digit in by_digit:
            twice |= once & als.seers[digit]
            once |= als.seers[digit]
        for cell in cells_of_bits(twice & crowded):
            mask = masks[cell]
            seen = sum(1 << (d - 1) for d in by_digit if als.seers[d] >> cell & 1)
            for x, i in by_digit.items():
                left = mask & ~(seen & ~(1 << (x - 1)))
                if left and not left & (left - 1):
                    j = graph.single[(cell, left.bit_length())]
                    strong[i] |= 1 << j
                    back[j] |= 1 << i
    number_of = {als.cells: number for number, als in enumerate(graph.sets)}
    every, ties = sets_and_links(masks)
    for index, als in enumerate(every):
        set_number = number_of.get(als.cells)
        if set_number is None:
            continue
        for other, digits in ties[index]:
            them = every[other]
            partner = number_of.get(them.cells)
            if other < index or partner is None or als.cells & them.cells:
                continue
            for digit in DIGITS_IN[digits]:
                i, j = ids[set_number][digit], ids[partner][digit]
                weak[i] |= 1 << j
                weak[j] |= 1 << i
    return graph._replace(strong=strong, weak=weak, strong_back=back)


def _linked(graph: _Graph) -> tuple[int, int]:
    """The nodes with weak links, and those with strong links, as bitsets: most candidates have
    weak links alone, and a search need only follow the links a node has."""
    with_weak = with_strong = 0
    for i, links in enumerate(graph.weak):
        if links:
            with_weak |= 1 << i
    for i, links in enumerate(graph.strong):
        if links:
            with_strong |= 1 << i
    return with_weak, with_strong


def _layers(graph: _Graph, start: int, start_true: bool, start_cell: int, loop: bool,
            linked: tuple[int, int]):
    """Breadth first from `start`: yields (links, nodes reached, their truth, layers so far).

    A node is reached once, at its shortest distance, for each truth. Nodes touching the start
    cell are not reached again after the first link (a loop comes back to the start cell only
    to end: they are yielded, then dropped from the frontier); a group through the start cell
    is an ordinary node (its digit's places in a box and a line, one of them the start cell)."""
    own = graph.touching[start_cell] & ~graph.groups
    seen = [0, 0]
    truth = start_true
    frontier = 1 << start
    if not loop:
        seen[truth] = frontier  # a loop may come back to its very start (and stops there)
    layers = [frontier]
    with_weak, with_strong = linked
    for links in range(1, MAX_LINKS + 1):
        adjacency = graph.weak if truth else graph.strong
        reached = 0
        rest = frontier & (with_weak if truth else with_strong)
        while rest:
            low = rest & -rest
            reached |= adjacency[low.bit_length() - 1]
            rest ^= low
        truth = not truth
        reached &= ~seen[truth]
        if links == 1 and loop:
            reached &= ~own
        if not reached:
            return
        # A loop's nodes in its start cell are ends, never searched on: reachable again later.
        seen[truth] |= reached & ~own if loop else reached
        layers.append(reached)
        yield links, reached, truth, layers
        frontier = reached & ~own if (loop or links > 1) else reached
        # A path is rebuilt through the nodes searched on from, not those only reached.
        layers[-1] = frontier


def _path(graph: _Graph, layers: list[int], end: int, start_truth: bool,
          loop: bool, ends: int) -> list[int] | None:
    """A shortest path from the start (layers[0]) to `end` (in the last layer) whose cells are
    never entered twice (a chain may pass inside a cell, from one of its digits to another),
    save that a group may include one of the chain's end cells (`ends`): it stands for its
    digit's places in a box and a line, and reads so (HoDoKu's chains do the same).
    Plain nodes are tried before groups and sets, so a chain that needs neither is found first.
    None if every path crosses itself (or the search budget runs out)."""
    nodes = graph.nodes
    last = len(layers) - 1
    budget = [_SEARCH_BUDGET]
    groups = graph.groups

    def cells_of(i: int) -> int:
        bits, _, number = nodes[i]
        if number >= 0:
            return graph.sets[number].cells
        return bits & ~ends if groups >> i & 1 else bits

    def joined(before: int, after: int) -> bool:
        """Two nodes linked inside one cell or one set: the chain stays where it is."""
        (b_bits, _, b_set), (a_bits, _, a_set) = nodes[before], nodes[after]
        if b_set >= 0 or a_set >= 0:
            return b_set == a_set
        return b_bits == a_bits and b_bits.bit_count() == 1

    def back(path: list[int], used: int, depth: int) -> list[int] | None:
        # `used`: the cells of the path's nodes before its last one (here).
        if depth == 0:
            return path
        budget[0] -= 1
        if budget[0] < 0:
            return None
        here = path[-1]
        here_cells = cells_of(here)
        # The link from depth-1 to depth is strong when the node at depth-1 is false.
        truth_before = start_truth if (depth - 1) % 2 == 0 else not start_truth
        adjacency = graph.weak if truth_before else graph.strong_back
        rest = layers[depth - 1] & adjacency[here]
        ordered = []
        while rest:
            low = rest & -rest
            rest ^= low
            ordered.append(low.bit_length() - 1)
        ordered.sort(key=lambda i: (i >= graph.plain, nodes[i][0].bit_count() > 1))
        for i in ordered:
            bits = cells_of(i)
            if depth - 1 == 0 and loop:
                pass  # a loop's start shares its cell with its end, and with no other node
            elif joined(i, here):
                if bits & used:
                    continue
            elif bits & (used | here_cells):
                continue
            found = back(path + [i], used | here_cells, depth - 1)
            if found is not None:
                return found
        return None

    found = back([end], 0, last)
    return None if found is None else found[::-1]


def _is_grouped(graph: _Graph, path: list[int]) -> bool:
    return any(i >= graph.plain or graph.nodes[i][0].bit_count() > 1 for i in path)


def _unit_of(first: int, second: int, digit_places: int | None) -> int:
    """A unit holding every cell of both; with `digit_places`, one whose places are just theirs
    (a strong link's); SEEN when the cells see each other through several units."""
    both = first | second
    for unit, unit_bits in enumerate(board_in_use().unit_bits):
        if both & unit_bits == both and (digit_places is None
                                         or digit_places & unit_bits == both):
            return unit
    return SEEN


def _chain(graph: _Graph, path: list[int], start_true: bool, digit_cells) -> tuple[Link, ...]:
    links = []
    truth = start_true
    for a, b in zip(path, path[1:]):
        (a_bits, x, a_set), (b_bits, y, b_set) = graph.nodes[a], graph.nodes[b]
        if a_set >= 0 and a_set == b_set:
            unit = IN_SET
        elif not truth and a_set >= 0 > b_set:
            unit = SET_FORCES_CELL
        elif a_bits == b_bits and a_bits.bit_count() == 1:
            unit = IN_CELL
        else:
            unit = _unit_of(a_bits, b_bits, None if truth else digit_cells[x])
        links.append(Link(Node(cells_of_bits(a_bits), x), truth, Node(cells_of_bits(b_bits), y),
                          not truth, unit))
        truth = not truth
    return tuple(links)


def _chain_cells(graph: _Graph, path: list[int]) -> tuple[int, ...]:
    """The chain's cells in order, each once (a set's places of its digits, not the whole set)."""
    cells: list[int] = []
    for i in path:
        for cell in cells_of_bits(graph.nodes[i][0]):
            if cell not in cells:
                cells.append(cell)
    return tuple(cells)


def _roles(graph: _Graph, path: list[int], ends: tuple[int, int]) -> tuple:
    groups = sorted({c for i in path if i < graph.plain and graph.nodes[i][0].bit_count() > 1
                     for c in cells_of_bits(graph.nodes[i][0])})
    sets = []
    for i in path:
        number = graph.nodes[i][2]
        if number >= 0 and number not in sets:
            sets.append(number)
    roles: list[tuple[str, tuple[int, ...]]] = [("ends", ends)]
    if groups:
        roles.append(("groups", tuple(groups)))
    for n, number in enumerate(sets, start=1):
        roles.append((f"set_{n}", cells_of_bits(graph.sets[number].cells)))
    return tuple(roles)


def one_digit(step: Step) -> bool:
    """Whether every node of a chain is the same digit (a grouped X-cycle)."""
    return len({link.premise.digit for link in step.chain}
               | {link.conclusion.digit for link in step.chain}) == 1


def uses_sets(step: Step) -> bool:
    """Whether a grouped chain goes through an almost locked set (HoDoKu's 'with ALS' variants)."""
    return bool(step.role("set_1"))


def _ordered(found: Sequence[tuple[tuple[int, int], tuple, Step]], seen: set) -> Iterator[Step]:
    """Shortest chains first; one chain for each set of changes (`seen`: those already given)."""
    for _, _, step in sorted(found, key=lambda item: (item[0], item[1])):
        key = (step.placements, step.eliminations)
        if key not in seen:
            seen.add(key)
            yield step


def _searches(masks: Sequence[int], levels: tuple[int, ...]) -> Iterator[tuple[_Graph, int]]:
    """The graph without sets, then (for chains only sets make) with them. Every chain of one
    search comes before any of the next, so the finders give the first search's chains before
    making the second: the ladder, which takes the first, never pays for a bigger graph when a
    chain of plain groups will do."""
    for level in levels:
        yield _graph(masks, level), level


AIC_SEARCHES = (PLAIN, SETS, FORCING)
"""The AIC search tries the sets without the links they force before with them: those links
are shortcuts, and a shortcut can leave only crossing paths where a longer chain did not."""
LOOP_SEARCHES = (PLAIN, FORCING)
"""The loop search, three times the AIC search's work (both truths of every start), takes the
sets with their forced links at once."""


# --- Grouped AICs ---------------------------------------------------------------------------


def grouped_aics(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Alternating inference chains through groups (two or three places of a digit in a box and
    a line, true when the digit is in one of them) and almost locked sets (a set without one of
    its digits holds all the others), starting and ending on single candidates, strong links
    at both ends: one of the two end candidates is true.

    Same digit at both ends: it leaves every cell seeing both ends (as in HoDoKu, only when at
    least two cells lose it; one is a discontinuous nice loop's removal). Different digits in
    two cells that see each other: each end's digit leaves the other end's cell (both must
    hold it). Chains needing no group or set are plain AICs, left to that technique.

    `cells` the chain's cells in order, `digits` the removed digits. Roles: ("ends", (first,
    last)), ("groups", cells of its groups), ("set_1", cells), ("set_2", ...) for its sets.
    """
    digit_cells = digit_cell_sets(masks)
    done: set[tuple] = set()
    given: set[tuple] = set()
    for graph, level in _searches(masks, AIC_SEARCHES):
        found = []
        linked = _linked(graph)
        for (start_cell, digit), start in sorted(graph.single.items()):
            if not graph.strong[start]:
                continue
            for links, reached, truth, layers in _layers(graph, start, False, start_cell, False,
                                                         linked):
                if not truth or links < 3:
                    continue
                rest = reached & ((1 << graph.plain) - 1)
                while rest:
                    low = rest & -rest
                    rest ^= low
                    end = low.bit_length() - 1
                    end_bits, other, _ = graph.nodes[end]
                    if end_bits.bit_count() != 1:
                        continue
                    end_cell = end_bits.bit_length() - 1
                    removed = _aic_removals(start_cell, digit, end_cell, other, masks,
                                            digit_cells)
                    if not removed or (start, end) in done:
                        continue
                    path = _path(graph, layers, end, False, False,
                                 1 << start_cell | 1 << end_cell)
                    if path is None:
                        continue
                    done.add((start, end))
                    if not _is_grouped(graph, path):
                        continue
                    chain = _chain(graph, path, False, digit_cells)
                    step = Step("grouped_aic", eliminations=removed,
                                cells=_chain_cells(graph, path),
                                digits=tuple(sorted({d for _, d in removed})),
                                roles=_roles(graph, path, (start_cell, end_cell)), chain=chain)
                    found.append(((level, len(chain)), tuple(path), step))
        yield from _ordered(found, given)


def _aic_removals(start: int, x: int, end: int, y: int, masks, digit_cells):
    if start == end:
        return ()
    peer_bits = board_in_use().peer_bits
    if x == y:
        seen = digit_cells[x] & peer_bits[start] & peer_bits[end]
        if seen.bit_count() < 2:
            return ()
        return tuple((c, x) for c in cells_of_bits(seen))
    if (not peer_bits[start] >> end & 1 or not masks[start] >> (y - 1) & 1
            or not masks[end] >> (x - 1) & 1):
        return ()
    return tuple(sorted(((start, y), (end, x))))


# --- Grouped nice loops ---------------------------------------------------------------------


def grouped_nice_loops(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Nice loops through groups and almost locked sets: a chain that leaves a cell and comes
    back to it. Starting with the cell's x assumed false (a strong link out) or true (a weak
    link out), and coming back as y, true or false:

    - x false ... x true: the cell is x (a placement);
    - x true ... x false, or x true ... y true: x goes; x false ... y false: y goes;
    - otherwise the loop is continuous (x false ... y true; x true ... x true; x false ...
      x false; x true ... y false in a two-digit cell): every weak link then has exactly one
      true end, so its digit leaves every other cell seeing both its ends, and a cell the loop
      enters and leaves by strong links keeps only those two digits.

    Roles: ("ends", (cell, cell)), ("discontinuous", (cell,)) for a discontinuous loop,
    ("groups", ...), ("set_1", ...). `digits` the removed (or placed) digits.
    """
    digit_cells = digit_cell_sets(masks)
    done: set[tuple] = set()
    given: set[tuple] = set()
    for graph, _ in _searches(masks, LOOP_SEARCHES):
        strong, weak, groups, nodes = graph.strong, graph.weak, graph.groups, graph.nodes
        with_weak, with_strong = _linked(graph)
        loops: list[tuple] = []
        for (cell, x), start in sorted(graph.single.items()):
            # The breadth-first search of _layers (a loop's), written out: it is the hot loop.
            own = graph.touching[cell] & ~groups
            ends = 0  # the cell's candidates, where a loop ends
            for digit in DIGITS_IN[masks[cell]]:
                ends |= 1 << graph.single[(cell, digit)]
            # A loop out true and back false through another digit proves nothing when the
            # cell has more than two (_loop_step gives no step).
            no_step = COUNT[masks[cell]] > 2
            for start_true in (False, True):
                if not (weak if start_true else strong)[start]:
                    continue
                seen_false = seen_true = 0
                truth = start_true
                frontier = 1 << start
                layers = [frontier]
                for links in range(1, MAX_LINKS + 1):
                    if truth:
                        adjacency = weak
                        frontier &= with_weak
                    else:
                        adjacency = strong
                        frontier &= with_strong
                    reached = 0
                    while frontier:
                        low = frontier & -frontier
                        reached |= adjacency[low.bit_length() - 1]
                        frontier ^= low
                    truth = not truth
                    if truth:
                        reached &= ~seen_true
                    else:
                        reached &= ~seen_false
                    if links == 1:
                        reached &= ~own
                    if not reached:
                        break
                    # The loop's nodes in its start cell are ends, never searched on.
                    frontier = reached & ~own
                    if truth:
                        seen_true |= frontier
                    else:
                        seen_false |= frontier
                    layers.append(reached)
                    if links >= 3:
                        rest = reached & ends
                        snapshot = None
                        while rest:
                            low = rest & -rest
                            rest ^= low
                            end = low.bit_length() - 1
                            y = nodes[end][1]
                            if start_true and not truth and y != x and no_step:
                                continue
                            # The loop's length is known before its path: a continuous loop
                            # that comes back through another candidate closes inside the cell.
                            if x == y:
                                continuous = start_true == truth
                            else:
                                continuous = start_true != truth
                            length = links + 1 if continuous and end != start else links
                            if snapshot is None:
                                snapshot = layers[:]
                            loops.append((length, cell, x, start_true, len(loops), y, start, end,
                                          truth, snapshot))
                    # A path is rebuilt through the nodes searched on from, not those only reached.
                    layers[-1] = frontier
        # The loops in the order they are given (shortest first, then by start), each worked out
        # (its path, its removals) only when the one before has been given: the ladder takes the
        # first step alone. A loop whose path crosses itself may be found again, longer.
        loops.sort(key=lambda loop: loop[:5])
        for length, cell, x, start_true, _, y, start, end, truth, layers in loops:
            key = (start, start_true, end, truth)
            if key in done:
                continue
            step = _loop_step(graph, layers, cell, x, y, start, end, start_true, truth, masks,
                              digit_cells)
            if step is None:
                continue
            done.add(key)
            if _is_grouped_step(step):
                changes = (step.placements, step.eliminations)
                if changes not in given:
                    given.add(changes)
                    yield step


def _is_grouped_step(step: Step) -> bool:
    return bool(step.role("groups") or step.role("set_1"))


def _loop_step(graph, layers, cell, x, y, start, end, start_true, end_true, masks,
               digit_cells) -> Step | None:
    first_strong, last_strong = not start_true, end_true
    placements: tuple = ()
    removed: set[tuple[int, int]] = set()
    continuous = False
    if not first_strong and not last_strong and x == y:
        removed = {(cell, x)}
    elif first_strong and last_strong and x == y:
        placements = ((cell, x),)
    elif first_strong != last_strong and x != y:
        removed = {(cell, x if not first_strong else y)}
    elif ((not first_strong and not last_strong and bin(masks[cell]).count("1") == 2)
          or (first_strong and last_strong) or (first_strong != last_strong and x == y)):
        continuous = True
    else:
        return None
    path = _path(graph, layers, end, start_true, True, 1 << cell)
    if path is None or not _is_grouped(graph, path):
        return None
    if continuous:
        removed = _loop_removals(graph, path, start_true, cell, x, y, masks, digit_cells)
        if not removed:
            return None  # most continuous loops remove nothing: see that before the chain
    chain = _chain(graph, path, start_true, digit_cells)
    if continuous:
        if end != start:
            # Close the loop inside the start cell.
            chain += (Link(Node((cell,), y), end_true, Node((cell,), x), start_true, IN_CELL),)
    roles = _roles(graph, path, (cell, cell))
    if not continuous:
        roles += (("discontinuous", (cell,)),)
    eliminations = tuple(sorted(removed))
    digits = tuple(sorted({d for _, d in eliminations})) if eliminations else (x,)
    cells = tuple(c for c in _chain_cells(graph, path))
    return Step("grouped_nice_loop", placements=placements, eliminations=eliminations,
                cells=cells, digits=digits, roles=roles, chain=chain)


def _loop_removals(graph, path, start_true, start_cell, x, y, masks, digit_cells):
    """HoDoKu's continuous loop removals: each weak link between cells clears its digit from
    the other cells seeing both its ends (never a single cell of the loop); a cell entered and left by
    strong links through a weak link inside keeps only those two digits; a set the loop passes
    through keeps its other digits."""
    nodes = graph.nodes
    truths = [start_true if k % 2 == 0 else not start_true for k in range(len(path))]
    loop_cells = 0
    for i in path:
        if i < graph.plain and nodes[i][0].bit_count() == 1:
            loop_cells |= nodes[i][0]  # a group's or a set's cells may lose the digit
    removed = set()
    if not start_true and truths[-1] and x != y:
        removed |= {(start_cell, d) for d in DIGITS_IN[masks[start_cell]] if d not in (x, y)}
    for k in range(1, len(path)):
        a, b = nodes[path[k - 1]], nodes[path[k]]
        strong_in = not truths[k - 1]
        if strong_in and k + 2 < len(path) and a[0] != b[0] and b[0].bit_count() == 1:
            c = nodes[path[k + 1]]
            d = nodes[path[k + 2]]
            if c[0] == b[0] and d[0] != c[0] and b[2] < 0 and c[2] < 0:
                here = b[0].bit_length() - 1
                removed |= {(here, e) for e in DIGITS_IN[masks[here]] if e not in (b[1], c[1])}
        if a[2] >= 0 and a[2] == b[2]:
            # Through a set, in at one digit and out at another: one of the two is missing
            # from it either way round, so it holds all its other digits.
            als = graph.sets[a[2]]
            for digit in DIGITS_IN[als.mask]:
                if digit not in (a[1], b[1]):
                    removed |= {(c, digit) for c in cells_of_bits(als.seers[digit])}
        elif strong_in and (a[2] >= 0) != (b[2] >= 0):
            removed |= _forced_removals(graph, a if a[2] >= 0 else b, b if a[2] >= 0 else a,
                                        masks)
        if truths[k - 1] and a[0] != b[0]:
            digit = b[1]
            board = board_in_use()
            seen = seeing_all(board, a[0]) & seeing_all(board, b[0]) & digit_cells[digit]
            seen &= ~loop_cells & ~(1 << start_cell)
            removed |= {(c, digit) for c in cells_of_bits(seen)}
    return removed


def _forced_removals(graph: _Graph, place, forced, masks) -> set[tuple[int, int]]:
    """A continuous loop's strong link between a set's places of x and a cell it forces to z:
    exactly one holds, so the set lacks x, or the cell is one of its other digits, each a digit
    the set then lacks. Either way the set lacks just one digit and holds the rest: a digit the
    cell could not be (nor x) is in the set; one it could be is in the set or in the cell."""
    als = graph.sets[place[2]]
    cell = forced[0].bit_length() - 1
    others = masks[cell] & ~(1 << (forced[1] - 1))
    removed = set()
    for digit in DIGITS_IN[als.mask]:
        if digit == place[1]:
            continue
        seeing = als.seers[digit]
        if others >> (digit - 1) & 1:
            seeing &= board_in_use().peer_bits[cell]
        removed |= {(c, digit) for c in cells_of_bits(seeing)}
    return removed


# --- Ratings and texts ----------------------------------------------------------------------


def grouped_rating(step: Step) -> float:
    """A grouped chain: an AIC's 7.0 plus 0.1 for its groups (0.2 with an almost locked set),
    plus Sudoku Explainer's length bonus by links."""
    base = 7.2 if uses_sets(step) else 7.1
    return round(base + length_bonus(len(step.chain)), 1)


def _sets(step: Step) -> list[tuple[int, ...]]:
    """The cells of each almost locked set the chain goes through, in the chain's order."""
    sets: list[tuple[int, ...]] = []
    while step.role(f"set_{len(sets) + 1}"):
        sets.append(step.role(f"set_{len(sets) + 1}"))
    return sets


def _set_lines(step: Step, position: Position | None = None) -> list[str]:
    """'Set 1: r4c4 and r5c4 form an almost locked set (...)', one line a set; with the position,
    each cell with its candidates."""
    lines = []
    for n, cells in enumerate(_sets(step), start=1):
        named = cells_name(cells) if position is None else marked_cells(position, cells)
        lines.append(f"Set {n}: {named} form an almost locked set (one digit more than cells): "
                     f"without one of its digits, it holds all the others.")
    return lines


def _named_sets(step: Step) -> list[NamedSet]:
    """The set each of the chain's links through a set goes through, named as `_set_lines`
    names it: the one holding the link's places (and, inside a set, both digits' places)."""
    sets = _sets(step)
    named = []
    for link in step.chain:
        if link.unit not in (IN_SET, SET_FORCES_CELL):
            continue
        places = set(link.premise.cells) | (
            set(link.conclusion.cells) if link.unit == IN_SET else set())
        n = next((n for n, cells in enumerate(sets, start=1) if places <= set(cells)), 0)
        named.append(NamedSet(sets[n - 1] if n else (), f"set {n}" if n else "an almost locked set"))
    return named


def _parts(step: Step, position: Position | None = None) -> list[str]:
    """'Its groups are in r1c1 and r1c2: ...', then a line for each almost locked set."""
    found = []
    if step.role("groups"):
        found.append(f"Its groups are in {cells_name(step.role('groups'))}: a group's digit is "
                     f"true when it is in one of the group's cells.")
    return found + _set_lines(step, position)


def _through(step: Step) -> str:
    """'a group of cells', 'an almost locked set' or both."""
    parts = (["a group of cells"] if step.role("groups") else []) + (
        ["an almost locked set"] if uses_sets(step) else [])
    return " and ".join(parts)


def _pattern(step: Step, position: Position | None = None) -> str:
    return chain_pattern(step, f"The {in_sentence(step.name)} runs:", _parts(step, position))


class _GroupedTexts:
    """What grouped chains say besides an ungrouped chain's texts: each almost locked set named
    (and, given the position, its cells' candidates) at both levels, and named where the full
    hint's links go through it, since the full hint does not repeat the pattern's lines."""

    def pattern(self, step: Step) -> str:
        return _pattern(step)

    def pattern_in(self, step: Step, position: Position) -> str:
        return _pattern(step, position)

    def _narration(self, step: Step) -> list[str]:
        return narration(step.chain, _named_sets(step))

    def full_in(self, step: Step, position: Position) -> str:
        full = self.full(step)  # type: ignore[attr-defined]
        plain = _set_lines(step)
        return "\n".join(_set_lines(step, position) + full.splitlines()[len(plain):])


class GroupedAICTexts(_GroupedTexts, AICTexts):
    def spot(self, step: Step) -> str:
        return ("link candidates by strong and weak links in turn, strong at both ends, letting a "
                "digit's places where a box meets a line, or an almost locked set, be one node.")

    def nudge(self, step: Step) -> str:
        return (f"Look for a grouped alternating inference chain starting at "
                f"{cell_name(step.cells[0])}: strong and weak links in turn, some through "
                f"{_through(step)}, removing {digits_or(step.digits)}.")

    def full(self, step: Step) -> str:
        return "\n".join(_set_lines(step) + [super().full(step)])


class GroupedNiceLoopTexts(_GroupedTexts, NiceLoopTexts):
    def spot(self, step: Step) -> str:
        return ("follow strong and weak links in turn from one candidate, a digit's places where a "
                "box meets a line, or an almost locked set, being one node, back to where you "
                "started.")

    def nudge(self, step: Step) -> str:
        cell = cell_name(step.role("ends")[0])
        kind = "" if step.role("discontinuous") else "continuous "
        return (f"Look for a grouped {kind}nice loop that leaves {cell} and comes back to it, "
                f"through {_through(step)}.")

    def full(self, step: Step) -> str:
        if step.role("discontinuous"):
            return "\n".join(_set_lines(step) + [super().full(step)])
        first = step.chain[0].premise
        lines = [*_set_lines(step),
                 f"Suppose {state(first, step.chain[0].premise_true)}. Follow the loop, one "
                 "link at a time:", *self._narration(step),
                 "The loop comes back to where it started without a clash, and it works the same "
                 "way round with every truth swapped, so each weak link has exactly one true end "
                 "and each strong link exactly one true end too."]
        for cell, digits in _by_cell(step.eliminations).items():
            lines.append(f"Either way {cell_name(cell)} cannot be {digits_or(digits)}: "
                         f"{_why_loop_removes(step, cell, digits)}.")
        lines.append(f"Remove {removals_by_digit(step)}.")
        return "\n".join(lines)


def _by_cell(eliminations) -> dict[int, list[int]]:
    by_cell: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_cell.setdefault(cell, []).append(digit)
    return by_cell


def _why_loop_removes(step: Step, cell: int, digits: list[int]) -> str:
    seen = board_in_use().peer_sets[cell]
    for link in step.chain:
        a, b = link.premise, link.conclusion
        if link.unit == IN_CELL and a.cells == (cell,):
            return f"the loop makes it {symbol(a.digit)} or {symbol(b.digit)}"
    reasons = []
    for digit in digits:
        for link in step.chain:
            a, b = link.premise, link.conclusion
            if link.weak and link.unit != IN_CELL and a.digit == digit and all(
                    p in seen for p in a.cells + b.cells):
                reasons.append(f"it sees {a.name()} and {b.name()}, one of which holds the "
                               f"{symbol(digit)}")
                break
    if reasons:
        return "; ".join(reasons)
    sets = _sets(step)
    # A cell seeing every place of a digit in a set sees at least one of the set's cells.
    near = [cells for cells in sets if any(c in seen for c in cells)] or sets or [()]
    cells = next((c for c in near if all(p in seen or p == cell for p in c)), near[0])
    forced = _forced_cell(step, cells)
    if forced is not None and forced in seen:
        return (f"the loop passes through the almost locked set {cells_name(cells)}, which lacks "
                f"just one digit either way round (the one the loop takes from it, or the one "
                f"{cell_name(forced)} holds instead of the loop's), so the "
                f"{digits_or(digits)} is in the set or in {cell_name(forced)}, and it sees both")
    return (f"the loop passes through the almost locked set {cells_name(cells)}, which then "
            f"holds all its other digits, and it sees their places in the set")


def _forced_cell(step: Step, cells: tuple[int, ...]) -> int | None:
    """The cell the set of `cells` forces in the loop, if it forces one."""
    for link in step.chain:
        if link.unit == SET_FORCES_CELL and set(link.premise.cells) <= set(cells):
            return link.conclusion.cells[0]
    return None
