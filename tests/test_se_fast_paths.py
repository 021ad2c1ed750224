"""The SE rating's fast paths give what the plain ones give: chain runs read from per-digit bit
sets against a run written the plain way (cell by cell, as on_to_off and off_to_on read the grid),
and aligned triple exclusion against every combination tried in turn."""

import random
from collections import Counter, deque
from itertools import combinations, product

import pytest

from tutor.engine.se import basic, chains, uniqueness, wings
from tutor.engine.se.board import COUNT, DIGITS_OF, PEER_SET, Board, combos, tight_subsets
from tutor.engine.se.chains import ORDERED_PEERS, Chainer, Link, off_to_on
from tutor.engine.se.nested import NestedChainer
from tutor.engine.se.rating import PRODUCERS

PUZZLES = (
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
)
"""The first two of top1465: both reach SE's dynamic forcing chains."""
MODES = {"nishio": (False, True, True), "multiple": (True, False, False),
         "dynamic": (True, True, False)}


def grids_before(producer, puzzle: str, most: int = 3) -> list[list[int]]:
    """The candidate grids on which SE's order of techniques first has to try `producer`."""
    board = Board.from_digits(puzzle)
    grids = []
    while not board.solved() and len(grids) < most:
        hint = None
        for p in PRODUCERS:
            if p is producer:
                grids.append(board.cand[:])
            hint = next(iter(p(board)), None)
            if hint is not None:
                break
        if hint is None:
            break
        hint.apply(board)
    return grids


def plain_run(chainer: Chainer, ons: dict, offs: dict):
    """Chainer.run written the plain way: every peer and house cell looked at in turn."""
    grid = chainer.cand[:]
    source = chainer.cand if chainer.dynamic else None
    cells_too = not chainer.nishio
    pending_on, pending_off = deque(ons.values()), deque(offs.values())
    while pending_on or pending_off:
        if pending_on:
            p = pending_on.popleft()
            made = []
            if cells_too:
                made += [(p.cell, d) for d in DIGITS_OF[grid[p.cell]] if d != p.digit]
            made += [(c, p.digit) for c in ORDERED_PEERS[p.cell] if grid[c] >> p.digit & 1]
            for cell, digit in made:
                q = Link(cell, digit, False, [p])
                if q.key ^ 1 in ons:
                    return ons[q.key ^ 1], q
                if q.key not in offs:
                    offs[q.key] = q
                    pending_off.append(q)
            continue
        p = pending_off.popleft()
        made = off_to_on(grid, p, source, offs, cells_too, True)
        if chainer.dynamic:
            grid[p.cell] &= ~(1 << p.digit)
        for q in made:
            if q.key ^ 1 in offs:
                return q, offs[q.key ^ 1]
            if q.key not in ons:
                ons[q.key] = q
                pending_on.append(q)
    return None


def rests_on(link: Link) -> int:
    """The keys a plain run's link rests on, itself included, as bits of an int (what a
    Chainer's run keeps per link)."""
    seen = 0
    todo = [link]
    while todo:
        p = todo.pop()
        if not seen >> p.key & 1:
            seen |= 1 << p.key
            todo.extend(p.parents)
    return seen


def shape(links: dict) -> list:
    """Each link's key and what it rests on, in the order the run made them."""
    return [(key, held if isinstance(held, int) else rests_on(held))
            for key, held in links.items()]


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_chain_runs_match_the_plain_run(puzzle, mode):
    grids = grids_before(chains.nishio, puzzle, most=2)
    assert grids, "the puzzle reaches SE's chains"
    grids += [thinned(cand, seed) for seed, cand in enumerate(grids)]
    runs = absurd_runs = 0
    for cand in grids:
        for cell in range(81):
            for digit in DIGITS_OF[cand[cell]] if COUNT[cand[cell]] > 1 else ():
                for on in (True, False):
                    fast = Chainer(cand, *MODES[mode])
                    plain = Chainer(cand, *MODES[mode])
                    start = Link(cell, digit, on)
                    got_ons, got_offs, want_ons, want_offs = {}, {}, {}, {}
                    (got_ons if on else got_offs)[start.key] = fast.start(cell, digit, on)
                    (want_ons if on else want_offs)[start.key] = start
                    got = fast.run(got_ons, got_offs)
                    want = plain_run(plain, want_ons, want_offs)
                    assert shape(got_ons) == shape(want_ons)
                    assert shape(got_offs) == shape(want_offs)
                    assert (got is None) == (want is None)
                    if got is not None and want is not None:
                        assert list(got) == [rests_on(link) for link in want]
                        absurd_runs += 1
                    runs += 1
    assert runs > 200
    if mode == "dynamic":
        assert absurd_runs > 0  # contradictions met, and where the runs stop compared


def plain_exclusion(cand: list[int], cells: list[int], excluders: list[int]) -> tuple:
    """Aligned exclusion by trying every combination of the cells' digits."""
    allowed = [0] * len(cells)
    for digits in product(*(DIGITS_OF[cand[c]] for c in cells)):
        if any(digits[i] == digits[j] and cells[j] in PEER_SET[cells[i]]
               for i in range(len(cells)) for j in range(i + 1, len(cells))):
            continue
        held = sum(1 << d for d in set(digits))
        if any(cand[e] & held == cand[e] for e in excluders):
            continue
        for k, d in enumerate(digits):
            allowed[k] |= 1 << d
    return tuple((c, d) for k, c in enumerate(cells) for d in DIGITS_OF[cand[c] & ~allowed[k]])


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_aligned_triple_exclusion_matches_every_combination_tried(puzzle):
    grids = grids_before(basic.aligned_triples, puzzle)
    assert grids
    tried = removing = 0
    for cand in grids:
        board = Board([0] * 81, cand[:])
        cells, excl = basic._excluders(board, 3)
        for a in range(len(cells)):
            for b in range(a + 1, len(cells)):
                for c in cells[b + 1:b + 8]:
                    common = sorted(set(excl[cells[a]]) & set(excl[cells[b]]) & set(excl[c]))
                    if len(common) < 2:
                        continue
                    triple = [cells[a], cells[b], c]
                    want = plain_exclusion(cand, triple, common)
                    got = basic._exclusion(board, triple, common)
                    assert tuple(got) == want
                    tried += 1
                    removing += bool(want)
    assert tried > 100


def test_aligned_exclusion_removes_the_digits_every_combination_of_which_is_out():
    # r1c1 {1,2} sees r1c2 {2,3} (row) and r4c1 {1,3} (column); excluders {1,2} and {1,3}. Only
    # 2, 3, 3 survives: with r1c1 = 1 each combination holds {1,2} or {1,3}; 2, 3, 1 holds both.
    cand = [0] * 81
    cand[0], cand[1], cand[27] = 0b0110, 0b1100, 0b1010
    cand[20], cand[30] = 0b0110, 0b1010
    board = Board([0] * 81, cand)
    assert basic._exclusion(board, [0, 1, 27], [20, 30]) == ((0, 1), (1, 2), (27, 1))
    assert plain_exclusion(cand, [0, 1, 27], [20, 30]) == ((0, 1), (1, 2), (27, 1))


def thinned(cand: list[int], seed: int) -> list[int]:
    """The grid with about a third of its candidates taken out at random (one kept per cell):
    grids where many more chains meet contradictions."""
    rng = random.Random(seed)
    out = []
    for mask in cand:
        digits = list(DIGITS_OF[mask])
        kept = [d for d in digits if rng.random() > 0.33] or digits[:1]
        out.append(sum(1 << d for d in kept))
    return out


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_nishio_contradictions_from_the_places_alone_match_the_runs(puzzle):
    grids = grids_before(chains.nishio, puzzle, most=2)
    grids += [thinned(cand, seed) for seed, cand in enumerate(grids * 3)]
    met = runs = 0
    for cand in grids:
        chainer = Chainer(cand, *MODES["nishio"])
        places = [sum(1 << c for c in range(81) if cand[c] >> d & 1) for d in range(10)]
        for cell in range(81):
            for digit in DIGITS_OF[cand[cell]]:
                for on in (True, False):
                    ons, offs = {}, {}
                    (ons if on else offs)[cell * 20 + digit * 2 + on] = chainer.start(cell, digit,
                                                                                      on)
                    absurd = chainer.run(ons, offs) is not None
                    assert chains.nishio_absurd(places[digit], cell, on) == absurd
                    met += absurd
                    runs += 1
    assert runs > 1000 and 50 < met < runs - 50


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_strong_link_chains_remembered_per_digit_match_those_found_afresh(puzzle):
    from tutor.engine.se import links

    grids = grids_before(partial_of(links.link_chains, 3), puzzle, most=6)
    assert len(grids) > 2
    for seed in range(6):
        # A thinned grid, then the same with one candidate fewer: eight digits' places repeat.
        cand = thinned(grids[0], seed)
        grids.append(cand)
        cell = next(c for c in range(81) if COUNT[cand[c]] > 1)
        fewer = cand[:]
        fewer[cell] &= ~(1 << DIGITS_OF[cand[cell]][-1])
        grids.append(fewer)
    found = 0
    for degree in (2, 3):
        # One after the other, as the rating meets them, with one memory.
        memory: dict = {}
        remembered = [list(links.link_chains(Board([0] * 81, cand[:], memory), degree))
                      for cand in grids]
        assert len(memory["link chains"]) < 9 * len(grids)
        for cand, hints in zip(grids, remembered):
            afresh = list(links.link_chains(Board([0] * 81, cand[:]), degree))
            assert [repr(h) for h in hints] == [repr(h) for h in afresh]
            found += len(hints)
    assert found > 10


def partial_of(function, degree):
    """The producer of PRODUCERS that is `function` with that degree."""
    return next(p for p in PRODUCERS
                if getattr(p, "func", None) is function and p.keywords.get("degree") == degree)


def plain_reach(succ: dict[int, list[int]], start: int) -> set[int]:
    """The keys a breadth-first walk from `start` meets through one link or more."""
    seen: set[int] = set()
    todo = list(succ.get(start, ()))
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo.extend(succ.get(key, ()))
    return seen


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_reach_from_components_matches_a_walk_from_each_key(puzzle):
    grids = grids_before(chains.cycles_and_chains, puzzle, most=2)
    assert grids
    cycles = 0
    for cand in grids + [thinned(cand, seed) for seed, cand in enumerate(grids)]:
        on_cell, on_house, off_cell, off_house = chains.tables(cand)
        for succ in ({**on_house, **off_house},
                     {**{k: on_cell[k] + on_house[k] for k in on_cell},
                      **{k: off_cell[k] + off_house[k] for k in off_cell}}):
            component = [-1] * 1620
            reach = chains.reaches(succ, component)
            walks = {key: plain_reach(succ, key) for key in succ}
            for key, want in walks.items():
                assert {k for k in range(1620) if reach[key] >> k & 1} == want
                cycles += key in want
                # Two keys share a component exactly when each leads to the other.
                for other in want:
                    mutual = other == key or key in walks.get(other, ())
                    assert (component[other] == component[key]) == mutual
    assert cycles > 0  # some keys lie on a cycle, some do not: both sides checked


def same_parts(first: list[int], second: list[int], keys) -> bool:
    """Whether two component labellings group `keys` alike."""
    pairs = {(first[k], second[k]) for k in keys}
    return len(pairs) == len({a for a, _ in pairs}) == len({b for _, b in pairs})


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_cycle_graphs_cut_down_match_the_whole_graphs(puzzle):
    grids = grids_before(chains.cycles_and_chains, puzzle, most=3)
    assert grids
    grids += [thinned(cand, seed) for seed, cand in enumerate(grids)]
    memory: dict = {}
    on_cycles = 0
    for cand in grids * 2:  # the second time round, each digit's part comes from the memory
        on_cell, on_house, off_cell, off_house = chains.tables(cand)
        # House links alone, a digit at a time: the same reach and components.
        whole = [-1] * 1620
        want = chains.reaches({**on_house, **off_house}, whole)
        parts = [-1] * 1620
        got = chains._x_reach(Board([0] * 81, cand[:], memory), on_house, off_house, parts)
        assert got == want
        assert same_parts(whole, parts, want)
        # Cells' last digits alone: the keys on a cycle fall in the same components.
        on_off = {k: on_cell[k] + on_house[k] for k in on_cell}
        whole = [-1] * 1620
        chains.reaches({**on_off, **off_cell}, whole, sets=False)
        parts = [-1] * 1620
        chains._y_components(cand, on_off, off_cell, parts)
        size = Counter(whole)
        cycling = [k for k in on_off.keys() | off_cell.keys() if size[whole[k]] > 1]
        assert all(parts[k] >= 0 for k in cycling)
        assert same_parts(whole, parts, cycling)
        assert not any(parts[k] >= 0 and size[whole[k]] == 1 and Counter(parts)[parts[k]] > 1
                       for k in on_off)
        on_cycles += len(cycling)
    assert len(memory["x reach"]) < 9 * len(grids)  # parts were found in the memory
    assert on_cycles > 0


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_multiple_chains_skip_only_cells_that_find_nothing(puzzle):
    grids = grids_before(chains.multiple_chains, puzzle, most=3)
    assert grids
    skipped = 0
    for cand in grids + [thinned(cand, seed) for seed, cand in enumerate(grids)]:
        chainer = Chainer(cand, *MODES["multiple"])
        worth = chainer.worth()
        for cell in range(81):
            n = COUNT[cand[cell]]
            if n < 3 or worth >> cell & 1:
                continue
            found: list = []
            Chainer(cand, *MODES["multiple"])._cell(cell, n, found)
            assert found == [], f"cell {cell} was skipped but finds {found[0][3]}"
            # The same search inside nested chains (level 3's rule) keeps its links: it too
            # finds nothing from the cell.
            inner = NestedChainer(cand, [0] * 81, True, False, 0)
            inner._cell(cell, n, inner._records)
            assert inner._records == []
            skipped += 1
    assert skipped > 0


def test_tight_subsets_are_the_combinations_common_tuple_accepts_in_order():
    rng = random.Random(7)
    checked = 0
    for _ in range(2000):
        degree = rng.randint(2, 4)
        masks = []
        for _ in range(rng.randint(0, 9)):
            mask = 0
            while bin(mask).count("1") < 2:
                mask = rng.getrandbits(10) & rng.getrandbits(10)
            masks.append(mask)
        want = [(combo, basic.common_tuple([masks[k] for k in combo], degree))
                for combo in combos(degree, len(masks))]
        want = [(combo, union) for combo, union in want if union]
        assert tight_subsets(masks, degree) == want
        checked += len(want)
    assert checked > 100


APE_PUZZLE = "050060090004803500000715000305000201000309000400020003028000130009000600500000008"
"""A puzzle of the bank's diabolical bucket whose SE path takes an aligned pair exclusion."""


def test_aligned_pairs_remove_what_every_combination_tried_removes():
    grids = grids_before(basic.aligned_pairs, APE_PUZZLE, most=40)
    grids += [thinned(cand, seed) for seed, cand in enumerate(grids * 2)]
    want = []
    for cand in grids:
        board = Board([0] * 81, cand[:])
        cells, excl = basic._excluders(board, 2)
        for a in range(len(cells)):
            for b in range(a + 1, len(cells)):
                common = sorted(set(excl[cells[a]]) & set(excl[cells[b]]))
                if len(common) >= 2:
                    removes = plain_exclusion(cand, [cells[a], cells[b]], common)
                    if removes:
                        want.append(tuple(sorted(removes)))
    got = [hint.removes for cand in grids
           for hint in basic.aligned_pairs(Board([0] * 81, cand[:]))]
    assert sorted(got) == sorted(want)
    assert want  # the exclusion finds something (on the puzzle's path, at least once)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_als_cliques_are_the_mutually_visible_sets_of_size_plus_one_digits(puzzle):
    cand = Board.from_digits(puzzle).cand
    for size in (3, 4):
        got = [tuple(cells) for cells in wings._cliques(cand, size)]
        cells = [c for c in range(81) if COUNT[cand[c]] >= 2]
        want = []
        for combo in combinations(cells, size):
            union = 0
            for c in combo:
                union |= cand[c]
            if COUNT[union] == size + 1 and all(
                    b in PEER_SET[a] for a, b in combinations(combo, 2)):
                want.append(combo)
        assert got == want
        assert got


REMEMBERING = [
    # A bank puzzle whose SE path takes a unique loop (type 2); one of top1465 whose path tries
    # aligned triple exclusion again and again (its grids with a candidate fewer find some).
    (uniqueness.unique_loops,
     "051000603000300100030500470069140800000060000007093540092008060003001000508000310"),
    (basic.aligned_triples, PUZZLES[0].replace(".", "0")),
    # Nishio on the same puzzle: most digits keep their places from one grid to the next.
    (chains.nishio, PUZZLES[0].replace(".", "0")),
]


@pytest.mark.parametrize("producer, puzzle", REMEMBERING,
                         ids=["unique loops", "aligned triples", "nishio"])
def test_finds_remembered_along_a_path_match_those_found_afresh(producer, puzzle):
    path = grids_before(producer, puzzle, most=12)
    assert path
    # After each grid of the path, that grid with one candidate fewer in one cell, cell after
    # cell: the same cells with other candidates, and most finds the same.
    grids = []
    for cand in path:
        for cell in [c for c in range(81) if COUNT[cand[c]] > 2][:24]:
            fewer = cand[:]
            fewer[cell] &= ~(1 << DIGITS_OF[cand[cell]][-1])
            grids += [cand, fewer]
    memory: dict = {}
    found = changed = used = 0
    last = None
    for cand in grids:
        used += bool(memory)  # something was remembered for this search to read
        remembered = list(producer(Board([0] * 81, cand[:], memory)))
        afresh = list(producer(Board([0] * 81, cand[:])))
        assert [repr(h) for h in remembered] == [repr(h) for h in afresh]
        found += len(afresh)
        changed += last is not None and [repr(h) for h in afresh] != last
        last = [repr(h) for h in afresh]
    assert used  # the memory was used
    assert found > 0
    assert changed > 0  # some grid with a candidate fewer finds otherwise than its path grid


def _thinned(cand: list[int], rng: random.Random, most: int) -> list[int]:
    """The grid with up to `most` candidates taken out of cells that keep one or more."""
    out = cand[:]
    for _ in range(rng.randrange(most + 1)):
        cell = rng.choice([c for c in range(81) if COUNT[out[c]] > 1])
        out[cell] &= ~(1 << rng.choice(DIGITS_OF[out[cell]]))
    return out


def _placed(cand: list[int], cell: int) -> list[int]:
    """The grid with the cell's first candidate placed: the cell empty of candidates, its peers
    without that digit."""
    out = cand[:]
    bit = 1 << DIGITS_OF[cand[cell]][0]
    for peer in PEER_SET[cell]:
        out[peer] &= ~bit
    out[cell] = 0
    return out


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_aligned_triples_after_a_search_that_found_nothing_match_a_fresh_search(puzzle):
    # After a search that removed nothing, the next tries only the triples that touch a changed
    # cell (or a cell that became a base cell, or stopped being one). The pairs of grids: a path
    # grid and a thinned one (either first), that one and one thinned further; a cell down to
    # one candidate (its peers are no base cells), then placed, or given its candidates back.
    rng = random.Random(5)
    path = grids_before(basic.aligned_triples, puzzle, most=6)
    pairs = []
    for cand in path:
        for _ in range(15):
            fewer = _thinned(cand, rng, 5)
            pairs += [(cand, fewer), (fewer, cand), (fewer, _thinned(fewer, rng, 3))]
        for cell in [c for c in range(81) if COUNT[cand[c]] == 2][:12]:
            single = cand[:]
            single[cell] &= single[cell] - 1  # the lower digit out: one candidate left
            pairs += [(single, _placed(single, cell))]
    for cand in [fewer for fewer, _ in pairs[1::3][:8]]:
        for cell in [c for c in range(81) if COUNT[cand[c]] > 1][::3]:
            single = cand[:]
            single[cell] &= single[cell] - 1
            pairs += [(single, cand)]
    clean = removing = 0
    for first, second in pairs:
        memory: dict = {}
        before = list(basic.aligned_triples(Board([0] * 81, first[:], memory)))
        remembered = list(basic.aligned_triples(Board([0] * 81, second[:], memory)))
        afresh = list(basic.aligned_triples(Board([0] * 81, second[:])))
        assert [repr(h) for h in remembered] == [repr(h) for h in afresh]
        clean += not before
        removing += bool(afresh)
    assert clean > 150 and removing > 10


def every_triple(cand: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Aligned triple exclusion's removals, triple by triple in SE's order, each triple tried
    with all its common excluders (no filter, no memory)."""
    board = Board([0] * 81, cand[:])
    cells, excl = basic._excluders(board, 3)
    out = []
    for b in range(1, len(cells)):
        for a in range(b):
            c0, c1 = cells[a], cells[b]
            thirds = [c for c in excl[c0] + excl[c1] if c in excl and c not in (c0, c1)]
            for c2 in dict.fromkeys(thirds):
                common = set(excl[c0]) & set(excl[c1]) & set(excl[c2])
                if len(common) >= 2:
                    removes = basic._exclusion(board, [c0, c1, c2], sorted(common))
                    if removes:
                        out.append(tuple(sorted(removes)))
    return out


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_aligned_triples_filters_drop_no_triple_that_removes(puzzle):
    # aligned_triples tries a triple only with the excluders a combination can cover, and skips
    # one with none unless two of its cells hold the same candidates: on thinned path grids it
    # finds, in order, what trying every triple with every common excluder finds.
    rng = random.Random(11)
    removing = 0
    for cand in grids_before(basic.aligned_triples, puzzle, most=4):
        for _ in range(25):
            grid = _thinned(cand, rng, 6)
            got = [h.removes for h in basic.aligned_triples(Board([0] * 81, grid[:]))]
            want = every_triple(grid)
            assert got == want
            removing += bool(want)
    assert removing > 5


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_multiple_chains_read_the_reach_of_cycles_only_on_the_same_grid(puzzle):
    # cycles_and_chains leaves the grid's reach in the board's memory for multiple chains, tried
    # next on that grid; on another grid (a later one of the path) it must not be read.
    path = grids_before(chains.multiple_chains, puzzle, most=4)
    assert len(path) >= 2
    found = 0
    for first, second in zip(path, path[1:] + path[:1]):
        for grid in first, second:
            memory: dict = {}
            list(chains.cycles_and_chains(Board([0] * 81, first[:], memory)))
            assert "chain reach" in memory
            remembered = list(chains.multiple_chains(Board([0] * 81, grid[:], memory)))
            afresh = list(chains.multiple_chains(Board([0] * 81, grid[:])))
            assert [repr(h) for h in remembered] == [repr(h) for h in afresh]
            found += len(afresh)
    assert found > 0
