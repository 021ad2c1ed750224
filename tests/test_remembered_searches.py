"""What finders keep from the last position they searched never changes what they find."""

import tutor
from tutor.engine.search import searching
from test_dead_ends import diabolical_stuck_positions

REMEMBERING = ("wxyz_wing", "w_wing", "sue_de_coq", "x_chain", "nice_loop", "aic")
"""Finders that reuse part of the last position's search (Sue de Coq per crossing, WXYZ-Wing per
quad, W-Wing each digit's strong links, X-chains per digit, nice loops and AICs the candidate
graph)."""


def test_remembered_searches_change_no_finding():
    # Along real paths each finder keeps what it can from the position before (warm), as in the
    # walk, and again with the positions in reverse, where far more changes between questions;
    # asked with nothing remembered (cold), they must find exactly the same steps, in order.
    positions = diabolical_stuck_positions()
    for order in (positions, positions[::-1]):
        with searching():  # one search along the path, as in the walk
            warm = [[tutor.find_steps(grid, t) for t in REMEMBERING] for grid in order]
        cold = [[tutor.find_steps(grid, t) for t in REMEMBERING] for grid in order]
        assert warm == cold
        assert any(any(answers) for answers in warm)


def test_memories_of_a_long_search_leave_the_cycle_collector_nothing_to_walk():
    # Along a long search the finders' memories keyed by a digit's places keep thousands of
    # entries. Held as tuples of numbers, which Python's cycle collector stops tracking, they
    # cost a full collection nothing; lists there once made each full collection walk hundreds
    # of thousands of objects, a pause of 100 ms in a hint.
    import gc

    from tutor.engine.engine import ladder_of
    from tutor.engine.registry import CARD_LADDER
    from tutor.engine.walk import Walk, advance, ladder
    from tutor.model.bundled import collections

    techniques = ladder(ladder_of(CARD_LADDER + (
        "x_wing", "swordfish", "jellyfish", "finned_x_wing", "finned_swordfish",
        "finned_jellyfish", "skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle",
        "w_wing")))
    grids = [p.grid for c in collections() if c.level == 6 for p in c.puzzles()][:20]
    with searching() as search:
        for grid in grids:
            advance(Walk(grid.values, grid.live_masks), techniques, [], None, None)
        for _ in range(5):  # a tuple is let go once its items were: one collection a level of nesting
            gc.collect()
        memories = [search.unit_masks, search.close_lines, search.known_links]
        assert sum(map(len, memories)) > 300  # the walk filled them
        tracked = [value for memory in memories for value in memory.values() if gc.is_tracked(value)]
        assert tracked == []
