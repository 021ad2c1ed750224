"""Samurai generation: the solver of several grids, full grids, puzzles unique and at the level
asked, deterministic for a seed, `tutor generate --samurai` and its refusals, the bundled ones."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.generator.fullgrid import random_full_grid
from tutor.model.geometry import samurai
from tutor.solvers.backtracking import _PlainSearch, solve_values


@pytest.fixture(scope="module")
def board():
    return samurai()


def _is_solved(values, board) -> bool:
    return all(sorted(values[c] for c in unit) == list(board.digits) for unit in board.units)


def test_random_full_grids_are_solved_samurai_and_follow_the_seed(board):
    first = random_full_grid(random.Random(5), board)
    assert len(first) == 369 and _is_solved(first, board)
    assert random_full_grid(random.Random(5), board) == first
    assert random_full_grid(random.Random(6), board) != first


def test_the_solver_of_several_grids_counts_as_a_plain_search_does(board):
    # Random givens of random full grids, some with a wrong digit: none, one and several
    # solutions all met, each count and solution the same as the plain search over all cells.
    rng = random.Random(29)
    counts = Counter()
    for case in range(45):
        values = list(random_full_grid(rng, board))
        for cell in rng.sample(board.cells, rng.randrange(60, 250)):
            values[cell] = 0
        if case % 3 == 0:
            values[rng.choice([c for c in board.cells if values[c]])] = rng.randrange(1, 10)
        plain = _PlainSearch(board, 2)
        plain.start(values)
        count, solution = solve_values(values, board)
        assert count == plain.count, case
        counts[count] += 1
        if count:
            assert _is_solved(solution, board)
            assert all(solution[c] == v for c, v in enumerate(values) if v)
        if count == 1:
            assert solution == plain.first
    assert set(counts) == {0, 1, 2}, counts
