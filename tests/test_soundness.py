"""Soundness: every step the engine emits is true, checked against the unique solution.

Bundled puzzles always; samples of the real sets in ../shared/data when present (the benchmark
script sweeps thousands more).
"""

import pytest

import tutor
from tutor.engine import violations
from tutor.model.bundled import collections
from conftest import read_lines, shared_file


def check(lines):
    checked = 0
    problems = []
    for line in lines:
        grid = tutor.parse(line)
        result = tutor.grade(grid)
        found = violations(grid, result.steps, result.solution_values)
        problems += [f"{line}: {v}" for v in found]
        checked += len(result.steps)
    return checked, problems


def test_bundled_puzzles_are_solved_soundly():
    lines = [p.line for c in collections() for p in c.puzzles()]
    checked, problems = check(lines)
    assert checked > 5000 and not problems, problems[:5]


def test_violations_catches_a_false_step():
    grid = tutor.parse(collections()[0].puzzles()[0].line)
    result = tutor.grade(grid)
    bad = result.steps[0]._replace(eliminations=result.steps[0].placements, placements=())
    assert violations(grid, (bad,) + result.steps[1:], result.solution_values)


SAMPLES = [
    ("se-rated/buckets_with_solutions/easy_puzzle_and_solution.txt", 100),
    ("se-rated/buckets_with_solutions/medium_puzzle_and_solution.txt", 100),
    ("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", 100),
    ("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", 100),
    ("qqwing/qqwing_expert.sdm", 100),
    ("royle17/sudoku17_20100413.txt", 150),
    ("kaggle/kaggle_first10000.txt", 200),
    ("top1465/top1465.sdm", 40),
]


@pytest.mark.parametrize("relative, count", SAMPLES)
def test_real_sets_are_solved_soundly(relative, count):
    lines = [l.split()[0] for l in read_lines(shared_file(relative), count)]
    checked, problems = check(lines)
    assert checked > 0 and not problems, problems[:5]


def test_se_bucket_solutions_match():
    path = shared_file("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt")
    for line in read_lines(path, 50):
        puzzle, solution = line.split()
        assert tutor.grade(tutor.parse(puzzle)).solution.to_line() == solution
