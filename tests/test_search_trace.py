"""The search visualiser's model: events replay to the board, and the counters match independent counts."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.generator.generate import generate_one
from tutor.generator.search_trace import SearchTrace, trace
from tutor.model.geometry import CELLS, PEERS, UNITS
from tutor.model.bundled import collections, load_file
from tutor.model.resources import bundled_dir

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"


def near_worst_case():
    """The puzzle made to defeat cell-order backtracking (puzzles/sources.txt)."""
    for puzzle in load_file(bundled_dir("puzzles") / "sources.txt"):
        if puzzle.name.startswith("Near worst case"):
            return puzzle.grid
    pytest.fail("the near-worst-case puzzle is missing from puzzles/sources.txt")


def plain_backtracking_counts(values):
    """Guesses and take-backs of plain cell-order backtracking, counted by a separate recursion."""
    values = list(values)
    empties = [c for c in CELLS if not values[c]]
    counts = {"guesses": 0, "backtracks": 0}

    def fits(cell, digit):
        return all(values[p] != digit for p in PEERS[cell])

    def fill(index):
        if index == len(empties):
            return True
        cell = empties[index]
        for digit in range(1, 10):
            if fits(cell, digit):
                values[cell] = digit
                counts["guesses"] += 1
                if fill(index + 1):
                    return True
                values[cell] = 0
                counts["backtracks"] += 1
        return False

    solved = fill(0)
    return counts["guesses"], counts["backtracks"], solved, values


def candidates(values, cell):
    return [d for d in range(1, 10) if all(values[p] != d for p in PEERS[cell])]


def propagate(values):
    """Fill naked and hidden singles in place until none is left; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for cell in CELLS:
            if not values[cell]:
                options = candidates(values, cell)
                if not options:
                    return False
                if len(options) == 1:
                    values[cell] = options[0]
                    changed = True
        if changed:
            continue
        for unit in UNITS:
            for digit in set(range(1, 10)) - {values[c] for c in unit}:
                places = [c for c in unit if not values[c] and digit in candidates(values, c)]
                if not places:
                    return False
                if len(places) == 1:
                    values[places[0]] = digit
                    changed = True
    return True


def propagation_counts(values):
    """Guesses and take-backs of singles-then-fewest-candidates search, by a separate recursion."""
    counts = {"guesses": 0, "backtracks": 0}

    def search(values):
        values = list(values)
        if not propagate(values):
            return None
        empty = [c for c in CELLS if not values[c]]
        if not empty:
            return values
        cell = min(empty, key=lambda c: (len(candidates(values, c)), c))
        for digit in candidates(values, cell):
            counts["guesses"] += 1
            tried = list(values)
            tried[cell] = digit
            solved = search(tried)
            if solved:
                return solved
            counts["backtracks"] += 1
        return None

    solution = search(values)
    return counts["guesses"], counts["backtracks"], solution


def replay(grid, events):
    """The board rebuilt from the events alone."""
    values = list(grid.values)
    for event in events:
        if event.kind in ("place", "guess"):
            assert values[event.cell] == 0, f"{event} fills a filled cell"
            values[event.cell] = event.digit
        elif event.kind == "backtrack":
            assert event.cell in event.cleared
            for cell in event.cleared:
                assert cell not in grid.givens
                values[cell] = 0
    return values


def easy_puzzle(seed):
    """A level-0 puzzle: many givens, so plain backtracking ends in a few thousand steps."""
    return generate_one("0", seed).grid


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_cell_order_counts_match_an_independent_count(seed):
    grid = easy_puzzle(seed)
    events = list(trace(grid, "cell_order"))
    guesses, backtracks, solved, values = plain_backtracking_counts(grid.values)
    last = events[-1]
    assert solved and last.kind == "solved"
    assert (last.guesses, last.backtracks) == (guesses, backtracks)
    assert sum(e.kind == "guess" for e in events) == guesses
    assert sum(e.kind == "backtrack" for e in events) == backtracks
    assert replay(grid, events) == values == list(tutor.solve(grid).values)


def test_cell_order_counts_match_on_a_puzzle_with_no_solution():
    # r1c9 has no digit left, but plain backtracking only finds out by trying everything before it.
    values = [0] * 81
    for c in range(8):
        values[c] = c + 1
    values[40 + 4] = 9  # r5c9
    values[9:12] = [4, 5, 6]
    grid = tutor.Grid(values)
    last = trace(grid, "cell_order").run()
    guesses, backtracks, solved, _ = plain_backtracking_counts(values)
    assert not solved and last.kind == "no_solution"
    assert (last.guesses, last.backtracks) == (guesses, backtracks)
    assert trace(grid, "propagation").run().kind == "no_solution"


def propagation_puzzles():
    """Twenty bundled level-6 puzzles (they need guessing) and twenty of the other levels."""
    hardest = [p.grid for c in collections() if c.level == 6 for p in c.puzzles()][:20]
    others = [p.grid for c in collections() if c.level != 6 for p in c.puzzles()]
    return hardest + random.Random(3).sample(others, min(20, len(others)))


def test_propagation_counts_match_an_independent_count():
    guessed = 0
    for grid in propagation_puzzles():
        last = trace(grid, "propagation").run()
        guesses, backtracks, solution = propagation_counts(grid.values)
        assert last.kind == "solved" and solution == list(tutor.solve(grid).values)
        assert (last.guesses, last.backtracks) == (guesses, backtracks)
        guessed += guesses > 0
    assert guessed >= 10, "the sample should include puzzles that need guessing"


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_propagation_events_replay_to_the_solution(seed):
    grid = generate_one("6", seed).grid
    search = trace(grid, "propagation")
    events = list(search)
    last = events[-1]
    assert last.kind == "solved" and last.guesses >= 1
    assert replay(grid, events) == list(tutor.solve(grid).values) == search.values
    assert last.guesses - last.backtracks == last.depth
    assert sum(e.kind == "guess" for e in events) == last.guesses
    assert sum(e.kind == "backtrack" for e in events) == last.backtracks
    assert all(e.reason in ("naked single", "hidden single") for e in events if e.kind == "place")
    assert [e.steps for e in events[:-1]] == list(range(1, len(events)))


def test_near_worst_case_needs_the_step_limit_in_cell_order():
    grid = near_worst_case()
    capped = trace(grid, "cell_order", step_limit=20_000)
    last = capped.run()
    assert last.kind == "limit" and last.steps == 20_000
    assert last.guesses + last.backtracks == 20_000
    assert capped.outcome == "limit"
    smart = trace(grid, "propagation").run()
    assert smart.kind == "solved" and smart.steps < 200
    assert (smart.guesses, smart.backtracks) == propagation_counts(grid.values)[:2]


def test_leo_side_by_side():
    grid = tutor.parse(LEO)
    plain = trace(grid, "cell_order", step_limit=50_000).run()
    smart = trace(grid, "propagation").run()
    assert smart.kind == "solved"
    assert smart.guesses < plain.guesses


def test_conflicting_givens_end_at_once():
    grid = tutor.Grid([5, 5] + [0] * 79)
    for strategy in ("cell_order", "propagation"):
        events = list(trace(grid, strategy))
        assert [e.kind for e in events] == ["no_solution"]


def test_the_board_follows_the_events():
    grid = tutor.parse(LEO)
    search = SearchTrace(grid, "propagation")
    for event in search:
        if event.kind in ("place", "guess"):
            assert search.values[event.cell] == event.digit
        elif event.kind == "backtrack":
            assert all(search.values[c] == 0 for c in event.cleared)
    assert search.grid().givens == grid.givens and search.grid().is_solved


def test_unknown_strategy_is_refused():
    with pytest.raises(ValueError, match="unknown strategy 'random'"):
        SearchTrace(tutor.parse(LEO), "random")


def test_side_by_side_steps_both_searches_until_each_ends():
    from tutor.generator.search_trace import SideBySide

    grid = near_worst_case()
    both = SideBySide(grid, step_limit=3000)
    ticks = 0
    while not both.finished:
        made = both.advance(100)
        ticks += 1
        assert all(len(events) <= 100 for events in made.values())
    assert both.latest["propagation"].kind == "solved"
    # 30 ticks of 100 steps reach the limit; the 31st brings the "limit" event itself.
    assert both.latest["cell_order"].kind == "limit" and ticks == 3000 // 100 + 1
    assert both.searches["propagation"].grid().is_solved
    assert both.advance(5) == {"cell_order": [], "propagation": []}
