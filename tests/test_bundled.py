"""Bundled puzzles: every playable one is proper and grades at its collection's level."""


import tutor
from tutor.model.bundled import collections, default_puzzle, load_file
from tutor.model.resources import bundled_dir

MILP_EXAMPLE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"


def all_puzzles():
    return [(c, p) for c in collections() for p in c.puzzles()]


def test_each_level_has_enough_puzzles():
    levels = {c.level: len(c.puzzles()) for c in collections() if c.level is not None}
    assert sorted(levels) == [0, 1, 2, 3, 4, 5, 6]
    assert all(count >= 30 for count in levels.values()), levels


def test_every_bundled_puzzle_is_proper_and_at_its_level():
    for collection, puzzle in all_puzzles():
        grid = puzzle.grid
        assert tutor.count_solutions(grid) == 1, (puzzle.path.name, puzzle.line_number)
        if collection.level is not None:
            level = tutor.grade(grid).level
            assert collection.level <= level <= collection.level + 0.5, (puzzle.name, level)


def test_every_name_states_the_band_and_level_the_puzzle_grades():
    for collection, puzzle in all_puzzles():
        if collection.level is None:
            continue
        result = tutor.grade(puzzle.grid)
        band, level = puzzle.name.split(" no. ")[0].rsplit(" ", 1)
        assert (band, float(level)) == (result.band, result.level), (puzzle.name, result.level)


def test_each_half_level_is_represented():
    seen = {tutor.grade(p.grid).level for c, p in all_puzzles() if c.level is not None}
    assert {0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6} <= seen


def test_source_puzzles_are_bundled_with_names():
    sources = load_file(bundled_dir("puzzles") / "sources.txt")
    names = [p.name for p in sources]
    assert any("Star Burst Leo" in n for n in names)
    near_worst = next(p for p in sources if "Near worst case" in p.name)
    assert tutor.solve(near_worst.grid).to_line().startswith("987654321")
    assert all(p.line != MILP_EXAMPLE for _, p in all_puzzles())  # improper: not playable


def test_default_puzzle_is_the_gentlest():
    first = default_puzzle()
    assert tutor.grade(first.grid).level == 0
