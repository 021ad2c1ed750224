"""The finders' memories (searches that found nothing, the last position's facts unit by unit, the
walk's own bookkeeping) never change what they find."""

import tutor
from tutor.engine.search import searching
from tutor.model.geometry import UNITS
from conftest import read_lines, shared_file

ONE_DIGIT = ("pointing", "claiming", "x_wing", "swordfish", "jellyfish", "finned_x_wing",
             "finned_swordfish", "finned_jellyfish", "skyscraper", "two_string_kite",
             "turbot_fish", "empty_rectangle", "simple_colors", "multi_colors")
UNIT_BY_UNIT = ("naked_pair", "naked_triple", "naked_quad", "hidden_pair", "hidden_triple",
                "hidden_quad")
"""Subset finders that keep the last position's facts unit by unit and work out only the units
that changed."""


def stuck_positions(line):
    """The positions of a puzzle's graded path where singles do not go on."""
    grid = tutor.parse(line)
    for step in tutor.grade(grid).steps:
        if step.technique not in ("naked_single", "hidden_single"):
            yield grid
        grid = grid.apply(step)


def diabolical_stuck_positions(puzzles: int = 4) -> list:
    """The stuck positions along the graded paths of the first se-rated diabolical puzzles."""
    lines = [l.split()[0] for l in read_lines(
        shared_file("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt"), puzzles)]
    positions = [grid for line in lines for grid in stuck_positions(line)]
    assert len(positions) >= 20
    return positions


def test_remembered_dead_ends_change_no_finding():
    # Along real paths, in one search, the one-digit finders remember their dead ends from
    # position to position (warm), as the walk's do; asked again each in a search of its own
    # (cold), they must find exactly the same steps, in the same order.
    positions = diabolical_stuck_positions()
    with searching():
        warm = [[tutor.find_steps(grid, t) for t in ONE_DIGIT + UNIT_BY_UNIT] for grid in positions]
    cold = [[tutor.find_steps(grid, t) for t in ONE_DIGIT + UNIT_BY_UNIT] for grid in positions]
    assert warm == cold


def test_the_walks_digit_cells_follow_its_masks():
    # The walk keeps each digit's cells as it places and removes (finders are handed them), and
    # its count of empty cells: at every step of real grades they must be what the grid says.
    from tutor.engine.walk import Walk, advance, ladder
    from tutor.model.geometry import new_digit_cell_sets

    lines = [l.split()[0] for l in read_lines(
        shared_file("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt"), 5)]
    checked = 0
    for line in lines:
        grid = tutor.parse(line)
        walk = Walk(grid.values, grid.live_masks)
        basic = ladder(("naked_single", "hidden_single", "pointing", "claiming", "naked_pair",
                        "hidden_pair", "x_wing"))
        for step in tutor.grade(grid).steps:
            walk.apply(step)
            assert walk.digit_cells == new_digit_cell_sets(walk.masks)
            assert walk.empty == walk.values.count(0)
            checked += 1
        steps: list = []
        walk = Walk(grid.values, grid.live_masks)
        advance(walk, basic, steps, None, None)  # naked singles in batches, trials, copies
        assert walk.digit_cells == new_digit_cell_sets(walk.masks)
        assert walk.empty == walk.values.count(0)
    assert checked > 100


def test_the_walks_hidden_singles_follow_its_masks():
    # The walk keeps each unit's hidden singles until the unit changes, and works out again only
    # the removed digit when a step removes candidates: at every step of real grades, each unit
    # it does not mark as changed must hold exactly the digits with one place there, and be
    # listed as holding some exactly when it does.
    from tutor.engine.walk import SLOT_OF, Walk
    from tutor.model.geometry import UNITS

    def check(walk):
        for unit, cells in enumerate(UNITS):
            slot = SLOT_OF[unit]
            if walk.dirty >> slot & 1:
                continue
            once = twice = 0
            for cell in cells:
                twice |= once & walk.masks[cell]
                once |= walk.masks[cell]
            assert walk.unit_singles[slot] == once & ~twice
            assert bool(walk.pending >> slot & 1) == bool(once & ~twice)

    lines = [l.split()[0] for l in read_lines(
        shared_file("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt"), 8)]
    removals = 0
    for line in lines:
        grid = tutor.parse(line)
        walk = Walk(grid.values, grid.live_masks)
        steps = tutor.grade(grid).steps
        at = 0
        while at < len(steps):
            made: list = []
            walk.make_singles(made, True, None)
            assert made == list(steps[at:at + len(made)])
            at += len(made)
            check(walk)
            if at < len(steps):
                assert walk.dirty == 0  # stuck: every unit worked out
                walk.apply(steps[at])
                removals += bool(steps[at].eliminations)
                at += 1
                check(walk)
    assert removals > 20


def test_each_grade_and_next_step_runs_in_a_search_of_its_own():
    # Whatever the finders keep of a position (dead ends, the last position's facts, answers
    # keyed by a digit's places) lives in the search a grade or a next step opens, never in the
    # caller's: a grade inside a caller's search leaves it as it was, and finds what it finds
    # outside it.
    from tutor.engine.search import Search

    puzzle = "...72..6....5..4.......17.8.1......3.67...19.4......5.5.91.......2..3....3..89..."
    grid = tutor.parse(puzzle)  # a puzzle whose walk colours and looks for kites
    alone = tutor.grade(grid).steps
    with searching() as search:
        assert tutor.grade(grid).steps == alone
        grid_at = grid
        for step in alone[:40]:
            grid_at = grid_at.apply(step)
        tutor.next_step(grid_at)
        empty = Search()
        assert all(getattr(search, name) == getattr(empty, name) for name in Search.__slots__)
    # The walk's own search held something of each kind.
    with searching() as search:
        tutor.find_steps(grid_at, "simple_colors")
        tutor.find_steps(grid_at, "skyscraper")
        assert search.clusters and search.line_links and search.unit_masks


def test_subset_memories_follow_candidates_that_come_back():
    # The subset finders keep the last position's facts (its naked pairs, each unit's groups and
    # hidden subsets) and work out again only the cells and units that changed. A player's own
    # marks can also bring candidates back or leave a cell with none: along a seeded series of
    # such edits, asked after each one with their memories warm, they must find exactly what
    # they find with their memories cleared first.
    import random

    rng = random.Random(15)
    edited = []
    for grid in diabolical_stuck_positions()[::4]:
        for _ in range(3):
            for _ in range(rng.randrange(1, 6)):
                cell = rng.choice([c for c in range(81) if not grid.values[c]])
                grid = grid.toggle_candidate(cell, rng.randrange(1, 10))
            edited.append(grid)
    with searching():
        warm = [[tutor.find_steps(grid, t) for t in UNIT_BY_UNIT] for grid in edited]
    cold = [[tutor.find_steps(grid, t) for t in UNIT_BY_UNIT] for grid in edited]
    assert sum(len(steps) for answers in warm for steps in answers) > 20
    assert warm == cold


def hidden_subsets_by_definition(masks, size: int) -> list:
    """(cells, digits, unit, removals) of every hidden subset of `size` digits, read off its
    definition unit by unit: digits with two places or more whose places are at most `size`
    cells between them (a quad exactly four), and fewer than the unit's digits (else nothing is
    left to remove), in combinations' order; a group whose cells hold nothing else (a naked one)
    is left out, and a group met again in a later unit is one step."""
    from itertools import combinations

    from tutor.model.geometry import DIGITS_IN

    found, seen = [], set()
    for unit, unit_cells in enumerate(UNITS):
        places = {d: [c for c in unit_cells if masks[c] >> d - 1 & 1] for d in range(1, 10)}
        present = sum(1 for d in places if places[d])
        held = [d for d in places if len(places[d]) >= 2]
        for digits in combinations(held, size):
            cells = tuple(sorted({c for d in digits for c in places[d]}))
            if len(cells) > min(size, present - 1) or size == 4 and len(cells) != 4:
                continue
            keep = sum(1 << d - 1 for d in digits)
            removed = tuple((c, d) for c in cells for d in DIGITS_IN[masks[c] & ~keep])
            if removed and (cells, digits) not in seen:
                seen.add((cells, digits))
                found.append((cells, digits, unit, removed))
    return found


def naked_subsets_by_definition(masks, size: int) -> list:
    """(cells, digits, units, removals) of every naked subset of `size` cells, read off its
    definition: cells of a unit with two to `size` candidates, at most `size` between them (a
    quad exactly four), in combinations' order, each once in the first unit the cells share,
    kept where the units they share hold their digits elsewhere."""
    from itertools import combinations

    from tutor.model.geometry import COUNT, DIGITS_IN, UNITS_OF

    found = []
    for unit, unit_cells in enumerate(UNITS):
        small = [c for c in unit_cells if 2 <= COUNT[masks[c]] <= size]
        for cells in combinations(small, size):
            union = 0
            for c in cells:
                union |= masks[c]
            shared = tuple(sorted(set.intersection(*(set(UNITS_OF[c]) for c in cells))))
            if COUNT[union] > size or size == 4 and COUNT[union] != 4 or shared[0] != unit:
                continue
            others = sorted({c for u in shared for c in UNITS[u]} - set(cells))
            removed = tuple((c, d) for c in others for d in DIGITS_IN[masks[c] & union])
            if removed:
                found.append((cells, DIGITS_IN[union], shared, removed))
    return found


def edited_stuck_positions() -> list:
    """Every other diabolical stuck position, and each after a player's seeded edits (candidates
    brought back or taken away, cells left with one or none)."""
    import random

    rng = random.Random(2)
    grids = []
    for grid in diabolical_stuck_positions()[::2]:
        grids.append(grid)
        for _ in range(rng.randrange(1, 8)):
            cell = rng.choice([c for c in range(81) if not grid.values[c]])
            grid = grid.toggle_candidate(cell, rng.randrange(1, 10))
        grids.append(grid)
    return grids


def test_subsets_are_their_definition():
    # The naked and hidden subset searches (hidden pairs and triples share one, walking each
    # unit's digits with two or three places; naked triples and quads one per unit) find exactly
    # what the definitions name, in their order, on real stuck positions and on the same
    # positions after a player's edits, their memories warm.
    counts = {}
    with searching():  # one search along the positions: the memories warm
        for grid in edited_stuck_positions():
            masks = grid.live_masks
            for size, kind in ((2, "pair"), (3, "triple"), (4, "quad")):
                hidden = [(s.cells, s.digits, s.units[0], s.eliminations)
                          for s in tutor.find_steps(grid, "hidden_" + kind)]
                assert hidden == hidden_subsets_by_definition(masks, size)
                naked = [(s.cells, s.digits, s.units, s.eliminations)
                         for s in tutor.find_steps(grid, "naked_" + kind)]
                assert naked == naked_subsets_by_definition(masks, size)
                counts["hidden", size] = counts.get(("hidden", size), 0) + len(hidden)
                counts["naked", size] = counts.get(("naked", size), 0) + len(naked)
    assert all(counts.values()) and len(counts) == 6, counts
