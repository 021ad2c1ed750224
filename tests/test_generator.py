"""The generator: full grids, digging, level ranges, generation by level with seeds, progress, cancel."""

import random
import re
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.generator import Cancelled, GenerationError, LevelRange, generate, generate_one
from tutor.generator.digging import dig, is_unique, partner, removal_groups
from tutor.generator.fullgrid import random_full_grid
from tutor.generator.generate import Progress, seed_puzzles, vary
from tutor.generator.transforms import is_symmetric
from tutor.model.bundled import Collection, load_file

SEEDS = st.integers(0, 10**6)
LINE = re.compile(r"^[1-9.]{81} # level (\d(?:\.5)?) \((\w+)\); bottleneck: (.+); seed (\d+)$")


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_full_grid_is_a_solution_and_reproducible(seed):
    values = random_full_grid(random.Random(seed))
    assert tutor.Grid(values).is_solved
    assert random_full_grid(random.Random(seed)) == values


def test_full_grids_differ_between_seeds():
    assert len({random_full_grid(random.Random(s)) for s in range(20)}) == 20


@settings(max_examples=8, deadline=None)
@given(SEEDS, st.booleans())
def test_dug_puzzle_is_unique_minimal_and_from_its_grid(seed, symmetric):
    rng = random.Random(seed)
    solution = random_full_grid(rng)
    puzzle = dig(solution, rng, symmetric)
    assert tutor.count_solutions(tutor.Grid(puzzle)) == 1
    assert all(v in (0, s) for v, s in zip(puzzle, solution))
    assert is_symmetric(puzzle) or not symmetric
    for group in removal_groups(symmetric):
        if puzzle[group[0]]:
            fewer = [0 if c in group else v for c, v in enumerate(puzzle)]
            assert not is_unique(fewer), f"{group} could still be removed"


def test_removal_groups_pair_each_cell_with_its_turned_partner():
    groups = removal_groups(True)
    assert sorted(c for g in groups for c in g) == list(range(81))
    assert (40,) in groups and (0, 80) in groups
    assert all(partner(g[0]) == g[-1] for g in groups)


@pytest.mark.parametrize("text, low, high", [
    ("2.5", 2.5, 2.5), ("0", 0, 0), ("6", 6, 6), ("2-3.5", 2, 3.5), (" 1 - 2 ", 1, 2),
])
def test_level_text(text, low, high):
    levels = LevelRange.parse(text)
    assert (levels.low, levels.high) == (low, high)


@pytest.mark.parametrize("text, says", [
    ("7", "levels run from 0 to 6"),
    ("2.25", "steps of 0.5"),
    ("hard", "'hard' is not a level"),
    ("4-2", "runs backwards: write it as 2-4"),
    ("", "is not a level"),
])
def test_bad_level_text_says_what_is_wrong(text, says):
    with pytest.raises(GenerationError, match=re.escape(says)):
        LevelRange.parse(text)


@settings(max_examples=6, deadline=None)
@given(SEEDS, st.sampled_from(["0", "0.5", "1-2", "2-2.5", "6"]))
def test_generated_puzzle_is_unique_and_at_the_level(seed, level):
    made = generate_one(level, seed)
    levels = LevelRange.parse(level)
    assert tutor.count_solutions(made.grid) == 1
    result = tutor.grade(made.grid)
    assert result.level in levels
    assert result.level == made.grade.level
    match = LINE.match(made.line)
    assert match, made.line
    assert float(match.group(1)) == result.level and match.group(4) == str(seed)
    assert match.group(3) == str(result.bottleneck)


@settings(max_examples=4, deadline=None)
@given(SEEDS, st.sampled_from(["3", "3.5", "4.5", "5", "5.5", "4-5.5"]))
def test_rare_levels_are_unique_and_at_the_level(seed, level):
    made = generate_one(level, seed)
    assert tutor.count_solutions(made.grid) == 1
    assert tutor.grade(made.grid).level in LevelRange.parse(level)


@settings(max_examples=4, deadline=None)
@given(SEEDS)
def test_symmetric_generation(seed):
    made = generate_one("0.5-1.5", seed, symmetric=True)
    assert is_symmetric(made.grid.values)
    assert tutor.count_solutions(made.grid) == 1


@pytest.mark.parametrize("level", [step / 2 for step in range(13)])
def test_every_level_has_a_symmetric_puzzle(level):
    # The bundled files hold a symmetric seed for each level that digging rarely reaches.
    made = generate_one(str(level), 3, symmetric=True, max_attempts=500)
    assert is_symmetric(made.grid.values)
    assert tutor.count_solutions(made.grid) == 1
    assert tutor.grade(made.grid).level == level


def test_same_seed_same_puzzle():
    first = generate_one("1-2", 12345)
    again = generate_one("1-2", 12345)
    assert first.line == again.line
    assert generate_one("1-2", 12346).line != first.line


def test_count_gives_different_puzzles_each_remade_by_its_seed():
    made = list(generate("0.5", count=3, seed=40))
    assert len({m.grid.to_line() for m in made}) == 3
    for m in made:
        assert generate_one("0.5", m.seed).line == m.line


def test_rare_level_comes_from_a_bundled_puzzle_kept_at_the_level():
    made = generate_one("5", 3)
    assert made.grade.level == 5 and made.method != "dug"
    assert tutor.count_solutions(made.grid) == 1
    assert tutor.grade(made.grid).bottleneck.technique == "hidden_triple"


def test_vary_keeps_the_puzzle_proper_and_in_range(tmp_path):
    puzzle = load_file(_level_file(tmp_path, "4"))[0]
    levels = LevelRange.parse("4-4.5")
    varied = vary(puzzle.grid, random.Random(1), levels)
    assert varied is not None
    grid, result, kept = varied
    assert tutor.count_solutions(grid) == 1 and result.level in levels
    assert kept > 0 and grid.to_line() != puzzle.line


def _level_file(folder, level):
    """A one-collection folder holding the first bundled puzzle that grades at `level`."""
    wanted = float(level)
    for collection in _bundled():
        for puzzle in collection.puzzles():
            if tutor.grade(puzzle.grid).level == wanted:
                path = folder / f"level-{level}.txt"
                path.write_text(f"{puzzle.line} # test seed; copied from {collection.path.name}\n")
                return path
    pytest.fail(f"no bundled puzzle at level {level}")


def _bundled():
    from tutor.model.bundled import collections

    return collections()


def test_seed_puzzles_are_graded_and_filtered(tmp_path):
    path = _level_file(tmp_path, "4")
    pool = [Collection("Level 4", path, 4.0)]
    assert [p.line for p in seed_puzzles(LevelRange(4, 4), collections=pool)] == [load_file(path)[0].line]
    assert seed_puzzles(LevelRange(2, 3), collections=pool) == []


def test_cancel_with_an_event_stops_before_any_attempt():
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        generate_one("6", 1, cancel=stop)


def test_progress_is_reported_and_cancel_callable_stops_the_search():
    seen = []

    def cancel():
        return len(seen) >= 3

    # Level 3 exactly from digging alone is rare: an empty pool makes it keep digging.
    with pytest.raises(Cancelled):
        generate_one("3", 2, progress=seen.append, cancel=cancel, collections=[])
    assert [p.attempts for p in seen] == [1, 2, 3]
    assert all(isinstance(p, Progress) and p.found == 0 and p.count == 1 for p in seen)


def test_attempt_limit_gives_a_clear_error():
    with pytest.raises(GenerationError, match="no puzzle at level 3 found in 2 attempts"):
        generate_one("3", 2, max_attempts=2, collections=[])


def test_count_below_one_is_refused():
    with pytest.raises(GenerationError, match="at least 1"):
        list(generate("1", count=0))
