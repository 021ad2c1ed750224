"""Equivalence transforms: where cells go, and what they keep (uniqueness, solution, grade)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.engine import technique
from tutor.generator import transforms
from tutor.model.geometry import CELLS, cell_at, parse_cell_name
from tutor.model.bundled import collections

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"


def bundled_puzzles():
    return [p for c in collections() for p in c.puzzles()]


def sample_puzzles(seed: int, k: int):
    found = bundled_puzzles()
    return random.Random(seed).sample(found, min(k, len(found)))


def hardest(result) -> float:
    """The level of the hardest technique the grade used (its first-use level)."""
    # A technique beyond the card's ladder (level None) earns 6, as the scorer counts it.
    return max(6 if technique(t).level is None else technique(t).level for t in result.techniques)


def at(grid, name: str) -> int:
    return grid.values[parse_cell_name(name)]


def test_transpose_swaps_rows_and_columns():
    puzzle = tutor.parse(LEO)
    moved = transforms.transpose().apply(puzzle)
    for r in range(9):
        for c in range(9):
            assert moved.values[cell_at(c, r)] == puzzle.values[cell_at(r, c)]


def test_rotate_turns_clockwise():
    puzzle = tutor.parse(LEO)
    turned = transforms.rotate(1).apply(puzzle)
    assert at(turned, "r1c9") == at(puzzle, "r1c1")
    assert at(turned, "r9c9") == at(puzzle, "r1c9")
    assert at(turned, "r1c1") == at(puzzle, "r9c1")
    assert transforms.rotate(4).apply(puzzle) == puzzle
    assert transforms.rotate(2).apply(puzzle) == transforms.rotate(1).then(transforms.rotate(1)).apply(puzzle)


def test_band_stack_row_and_column_moves():
    puzzle = tutor.parse(LEO)
    bands = transforms.permute_bands([2, 0, 1]).apply(puzzle)
    assert [at(bands, f"r1c{c}") for c in range(1, 10)] == [at(puzzle, f"r7c{c}") for c in range(1, 10)]
    rows = transforms.permute_rows_in_band(1, [2, 1, 0]).apply(puzzle)
    assert [at(rows, f"r4c{c}") for c in range(1, 10)] == [at(puzzle, f"r6c{c}") for c in range(1, 10)]
    assert [at(rows, f"r1c{c}") for c in range(1, 10)] == [at(puzzle, f"r1c{c}") for c in range(1, 10)]
    stacks = transforms.permute_stacks([1, 2, 0]).apply(puzzle)
    assert [at(stacks, f"r{r}c1") for r in range(1, 10)] == [at(puzzle, f"r{r}c4") for r in range(1, 10)]
    columns = transforms.permute_columns_in_stack(2, [0, 2, 1]).apply(puzzle)
    assert [at(columns, f"r{r}c8") for r in range(1, 10)] == [at(puzzle, f"r{r}c9") for r in range(1, 10)]


def test_relabel_renames_digits_and_candidates():
    puzzle = tutor.parse(LEO)
    swapped = transforms.relabel({9: 1, 1: 9}).apply(puzzle)
    assert at(swapped, "r1c1") == 1 and at(swapped, "r1c4") == 9
    cell = parse_cell_name("r1c2")
    assert swapped.candidates(cell) == frozenset({1 if d == 9 else 9 if d == 1 else d
                                                  for d in puzzle.candidates(cell)})
    assert swapped.givens == puzzle.givens


@pytest.mark.parametrize("bad", [
    lambda: transforms.relabel([1, 1, 2, 3, 4, 5, 6, 7, 8]),
    lambda: transforms.permute_bands([0, 1]),
    lambda: transforms.permute_rows_in_band(0, [0, 0, 1]),
    lambda: transforms.permute_stacks([3, 1, 0]),
])
def test_bad_orders_are_refused(bad):
    with pytest.raises(ValueError):
        bad()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_composition_applies_in_order(first, second):
    puzzle = tutor.parse(LEO)
    one = transforms.random_transform(random.Random(first))
    two = transforms.random_transform(random.Random(second))
    assert one.then(two).apply(puzzle) == two.apply(one.apply(puzzle))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_random_transform_keeps_uniqueness_and_maps_the_solution(seed):
    rng = random.Random(seed)
    for puzzle in sample_puzzles(seed, 4):
        grid = puzzle.grid
        transform = transforms.random_transform(rng)
        moved = transform.apply(grid)
        assert tutor.count_solutions(moved) == 1
        assert tutor.solve(moved).values == transform.values(tutor.solve(grid).values)
        assert len(moved.givens) == len(grid.givens)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_transforms_keep_the_level(seed):
    rng = random.Random(seed)
    for puzzle in sample_puzzles(seed, 6):
        before = tutor.grade(puzzle.grid)
        after = tutor.grade(transforms.random_transform(rng).apply(puzzle.grid))
        assert after.level == before.level, puzzle.name
        assert hardest(after) == hardest(before)


@pytest.mark.parametrize("level", [1.5, 2.5, 3.5, 4.5, 5.5])
def test_every_half_level_puzzle_keeps_its_level_under_every_kind_of_move(level):
    # The half level is where cell order used to matter: a technique met twice in reading order
    # could be met once after turning the board. Each bundled puzzle at these levels is transposed,
    # rotated, and has bands, stacks, rows and columns moved.
    rng = random.Random(level)
    moves = [transforms.transpose(), transforms.rotate(1), transforms.rotate(2),
             transforms.permute_bands([2, 0, 1]), transforms.permute_stacks([1, 2, 0]),
             transforms.permute_rows_in_band(1, [2, 1, 0]),
             transforms.permute_columns_in_stack(2, [0, 2, 1])]
    puzzles = [p for p in bundled_puzzles() if tutor.grade(p.grid).level == level]
    assert puzzles
    for puzzle in puzzles:
        for move in moves + [transforms.random_transform(rng)]:
            assert tutor.grade(move.apply(puzzle.grid)).level == level, (puzzle.name, move)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_relabelling_keeps_the_exact_grade(seed):
    rng = random.Random(seed)
    for puzzle in sample_puzzles(seed, 6):
        names = list(range(1, 10))
        rng.shuffle(names)
        before = tutor.grade(puzzle.grid)
        after = tutor.grade(transforms.relabel(names).apply(puzzle.grid))
        # Counts of singles may differ (digits are met in a new order); the level does not.
        assert after.level == before.level
        if before.level < 6:
            assert set(after.techniques) == set(before.techniques)
        # Beyond the card's ladder the first step found among several of one simplicity depends on
        # the digits' order: the bundled "Diabolical 6 no. 13" meets a skyscraper under one
        # labelling and not under another (seed 850), so only the level is kept there.


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_symmetric_transforms_keep_symmetry(seed):
    from tutor.generator.digging import dig
    from tutor.generator.fullgrid import random_full_grid

    rng = random.Random(seed)
    puzzle = tutor.Grid(dig(random_full_grid(rng), rng, symmetric=True))
    assert transforms.is_symmetric(puzzle.values)
    moved = transforms.random_transform(rng, symmetric=True).apply(puzzle)
    assert transforms.is_symmetric(moved.values)


def test_equivalent_is_reproducible_and_varies_with_the_seed():
    puzzle = tutor.parse(LEO)
    assert transforms.equivalent(puzzle, 5) == transforms.equivalent(puzzle, 5)
    assert len({transforms.equivalent(puzzle, s).to_line() for s in range(10)}) == 10


def test_identity_changes_nothing():
    puzzle = tutor.parse(LEO)
    assert transforms.IDENTITY.apply(puzzle) == puzzle
    assert transforms.IDENTITY.source == CELLS
