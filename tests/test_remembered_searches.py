"""What finders keep from the last position they searched never changes what they find."""

import tutor
from tutor.engine import chains, sue_de_coq, wings
from test_dead_ends import diabolical_stuck_positions

REMEMBERING = ("wxyz_wing", "w_wing", "sue_de_coq", "x_chain", "nice_loop", "aic")
"""Finders that reuse part of the last position's search (Sue de Coq per crossing, WXYZ-Wing per
quad, W-Wing each digit's strong links, X-chains per digit, nice loops and AICs the candidate
graph)."""


def forget() -> None:
    sue_de_coq._last_crossings[0] = None
    wings._last_patterns[0] = None
    wings._known_links[0] = None
    chains._last_x_chains[0] = None
    chains._last_graph[0] = None


def test_remembered_searches_change_no_finding():
    # Along real paths each finder keeps what it can from the position before (warm), as in the
    # walk, and again with the positions in reverse, where far more changes between questions;
    # asked with nothing remembered (cold), they must find exactly the same steps, in order.
    positions = diabolical_stuck_positions()
    for order in (positions, positions[::-1]):
        forget()
        warm = [[tutor.find_steps(grid, t) for t in REMEMBERING] for grid in order]
        cold = []
        for grid in order:
            answers = []
            for technique_id in REMEMBERING:
                forget()
                answers.append(tutor.find_steps(grid, technique_id))
            cold.append(answers)
        assert warm == cold
        assert any(any(answers) for answers in warm)
