"""Engine section: grade throughput, soundness and grade-invariance sweeps over real puzzles, slowest next_step."""

from __future__ import annotations

import random
import time

import tutor
from tutor.engine import clear_solution_cache, violations
from tutor.generator.transforms import random_transform

from bench.common import chunks, heading, load_puzzles, measure, print_figure, print_value, total

# (label, file under ../shared/data, how many, grade target in puzzles/s)
GRADE_SETS = (
    ("kaggle", "kaggle/kaggle_first10000.txt", None, 5000),
    ("se-rated easy", "se-rated/buckets_with_solutions/easy_puzzle_and_solution.txt", None, None),
    ("se-rated medium", "se-rated/buckets_with_solutions/medium_puzzle_and_solution.txt", None, None),
    ("se-rated hard", "se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", None, None),
    ("se-rated diabolical", "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt",
     None, None),
    ("royle17 (first 5,000)", "royle17/sudoku17_20100413.txt", 5000, 1500),
    ("top1465", "top1465/top1465.sdm", None, 300),
)

SOUNDNESS_SETS = GRADE_SETS + (
    ("qqwing simple", "qqwing/qqwing_simple.sdm", None, None),
    ("qqwing easy", "qqwing/qqwing_easy.sdm", None, None),
    ("qqwing intermediate", "qqwing/qqwing_intermediate.sdm", None, None),
    ("qqwing expert", "qqwing/qqwing_expert.sdm", None, None),
)

# (label, file, how many, random equivalents graded per puzzle)
INVARIANCE_SETS = (
    ("se-rated hard", "se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", None, 2),
    ("se-rated diabolical", "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt",
     None, 2),
    ("top1465", "top1465/top1465.sdm", None, 2),
)

SLOWEST_SETS = (
    ("top1465", "top1465/top1465.sdm", 200),
    ("forum-hardest", "forum-hardest/HardestDatabase110626.txt", 100),
)


def _load(label, relative, limit):
    lines = load_puzzles(relative, limit, what=label)
    if lines is None:
        return None
    return [line.split()[0] for line in lines]


def grade_throughput() -> None:
    heading("grade (full step list; explanations are built only when read)")
    for label, relative, limit, target in GRADE_SETS:
        lines = _load(label, relative, limit)
        if lines is None:
            continue
        grids = [tutor.parse(line) for line in lines]
        clear_solution_cache()  # each puzzle solved afresh, as a user's would be
        timing = total(measure(tutor.grade, chunk) for chunk in chunks(grids, 1000))
        print_figure(f"grade, {label} ({len(grids)})", timing, target=target)


def print_problems(label: str, problems: list[str]) -> None:
    """How many there are (there must be none), and the first ten."""
    print_value(label, f"{len(problems)} (must be 0)")
    for problem in problems[:10]:
        print(f"    {problem}")


def soundness_sweep() -> None:
    heading("soundness: every step checked against the unique solution")
    puzzles = steps = 0
    problems: list[str] = []
    for label, relative, limit, _ in SOUNDNESS_SETS:
        lines = _load(label, relative, limit)
        if lines is None:
            continue
        for line in lines:
            grid = tutor.parse(line)
            result = tutor.grade(grid)
            found = violations(grid, result.steps, result.solution_values)
            problems += [f"{label}: {line}: {v}" for v in found]
            puzzles += 1
            steps += len(result.steps)
    print_value("puzzles checked", f"{puzzles:,}")
    print_value("steps checked", f"{steps:,}")
    print_problems("violations", problems)


def grade_invariance() -> None:
    heading("grade invariance: random equivalent puzzles (relabelled, shuffled, turned) grade the same")
    rng = random.Random(7)
    graded = 0
    problems: list[str] = []
    for label, relative, limit, copies in INVARIANCE_SETS:
        lines = _load(label, relative, limit)
        if lines is None:
            continue
        for line in lines:
            grid = tutor.parse(line)
            level = tutor.grade(grid).level
            for _ in range(copies):
                twin = random_transform(rng).apply(grid)
                twin_level = tutor.grade(twin).level
                graded += 1
                if twin_level != level:
                    problems.append(f"{label}: {line} grades {level:g}, its equivalent "
                                    f"{twin.to_line()} grades {twin_level:g}")
    print_value("equivalent puzzles graded", f"{graded:,}")
    print_problems("level changed", problems)


def slowest_next_step() -> None:
    heading("slowest single next_step (the app calls it on every hint)")
    worst_first = (0.0, "")
    worst_later = (0.0, "")
    calls = 0
    for label, relative, limit in SLOWEST_SETS:
        lines = _load(label, relative, limit)
        if lines is None:
            continue
        for line in lines:
            grid = tutor.parse(line)
            clear_solution_cache()
            first = True
            while True:
                start = time.perf_counter()
                step = tutor.next_step(grid)
                elapsed = time.perf_counter() - start
                calls += 1
                where = f"{label} {line[:20]}... {step}"
                if first and elapsed > worst_first[0]:
                    worst_first = (elapsed, where)
                if not first and elapsed > worst_later[0]:
                    worst_later = (elapsed, where)
                first = False
                if step is None:
                    break
                grid = grid.apply(step)
    print_value("next_step calls timed", f"{calls:,}")
    print_value("slowest first call (solves the puzzle)",
                f"{worst_first[0] * 1000:.1f} ms (target < 50 ms): {worst_first[1]}")
    print_value("slowest later call", f"{worst_later[0] * 1000:.1f} ms: {worst_later[1]}")


def run() -> None:
    grade_throughput()
    soundness_sweep()
    grade_invariance()
    slowest_next_step()


if __name__ == "__main__":
    run()
