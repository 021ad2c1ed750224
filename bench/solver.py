"""Solver benchmark: count_solutions(limit=2) and solve, puzzles per second, on four public sets.

Every benchmarked answer is checked too: each set holds proper puzzles only, so every count must be
1, and every solution must be complete, free of conflicts and keep the puzzle's givens.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tutor.model.formats import parse
from tutor.model.geometry import SIZE, UNITS
from tutor.model.grid import Grid
from tutor.solvers.backtracking import count_solutions, solve
from bench import reference
from bench.common import (
    MEGABYTE,
    baseline_dir,
    code_env,
    data_file,
    repo_root,
    chunks,
    heading,
    load_puzzles,
    max_rss_bytes,
    measure,
    peak_traced_bytes,
    print_figure,
    print_value,
    total,
)


@dataclass(frozen=True)
class PuzzleSet:
    """A benchmark set: its name, file under ../shared/data, sample size, and count target."""

    name: str
    path: str
    limit: int | None
    target: float


SETS = (
    PuzzleSet("kaggle", "kaggle/kaggle_first10000.txt", None, 10_000),
    PuzzleSet("royle17", "royle17/sudoku17_20100413.txt", 10_000, 1_500),
    PuzzleSet("top1465", "top1465/top1465.sdm", None, 300),
    PuzzleSet("forum-hardest", "forum-hardest/HardestDatabase110626.txt", None, 100),
)
"""The sets and the issue's targets for count_solutions(limit=2); royle17 is sampled (first 10,000
of 49,151) to keep the run short."""

MEMORY_LIMIT_BYTES = 50 * MEGABYTE
MEMORY_SAMPLE = 100  # puzzles per set solved under tracemalloc, which is slow
CHUNK = 1000  # puzzles parsed and timed at once


def solution_problem(puzzle: Grid, solution: Grid | None) -> str | None:
    """Why `solution` is not a valid solution of `puzzle`, or None when it is."""
    if solution is None:
        return "no solution returned"
    values = solution.values
    if not all(values):
        return "empty cells left"
    full = set(range(1, SIZE + 1))
    for unit in UNITS:
        if {values[c] for c in unit} != full:
            return "a digit repeats in a unit"
    if any(values[c] != puzzle.values[c] for c in puzzle.givens):
        return "a given was changed"
    return None


def bench_set(puzzle_set: PuzzleSet) -> tuple[list[str], int] | None:
    """Time and check one set: (what failed, peak traced bytes while solving a sample), or None
    when its file is absent."""
    puzzles = load_puzzles(puzzle_set.path, puzzle_set.limit, what=puzzle_set.name)
    if puzzles is None:
        return None
    counted = solved = total([])
    not_one = invalid = 0
    for chunk in chunks(puzzles, CHUNK):
        grids = [parse(p) for p in chunk]
        counts = measure(lambda grid: count_solutions(grid, 2), grids)
        solutions = measure(solve, grids)
        not_one += sum(1 for n in counts.results if n != 1)
        invalid += sum(1 for grid, solution in zip(grids, solutions.results)
                       if solution_problem(grid, solution) is not None)
        counted, solved = total([counted, counts]), total([solved, solutions])
    failed = []
    if not print_figure(f"count_solutions(limit=2)  {puzzle_set.name}", counted, puzzle_set.target):
        failed.append(f"{puzzle_set.name} count_solutions below {puzzle_set.target:,}/s")
    print_figure(f"solve                     {puzzle_set.name}", solved)
    print_value(f"checks                    {puzzle_set.name}",
                f"{not_one} counts != 1, {invalid} invalid solutions (must both be 0)")
    if not_one or invalid:
        failed.append(f"{puzzle_set.name} answers wrong")
    sample = [parse(p) for p in puzzles[:MEMORY_SAMPLE]]
    return failed, peak_traced_bytes(lambda grid: count_solutions(grid, 2), sample)


KAGGLE = "kaggle/kaggle_first10000.txt"
PARSE_SPEED_UP_TARGET = 5  # parsing a line, against the baseline checkout's tutor.parse
YARDSTICK_TARGET = 2  # count_solutions(parse(line), 2) against the plain bitmask solver
ROUNDS = 3

# Times tutor.parse over the lines of a file in a fresh process of some checkout's code: the best
# of ROUNDS passes, results dropped as they come (what reading a file costs per line).
_PARSE_SCRIPT = """
import sys, time
from tutor.model.formats import parse
lines = [l.strip() for l in open(sys.argv[1], encoding="utf-8") if len(l.strip()) == 81]
best = float("inf")
for _ in range(int(sys.argv[2])):
    started = time.process_time()
    for line in lines:
        parse(line)
    best = min(best, time.process_time() - started)
print(best / len(lines))
"""


def parse_seconds(folder: Path, path: Path) -> float:
    """CPU seconds per line of `tutor.parse` on the code in `folder` (fresh process)."""
    done = subprocess.run([sys.executable, "-c", _PARSE_SCRIPT, str(path), str(ROUNDS)],
                          env=code_env(folder), cwd=folder, check=True, capture_output=True,
                          text=True)
    return float(done.stdout.strip())


def bench_parse_and_yardstick() -> list[str]:
    """Parsing speed (before/after with $BENCH_BASELINE) and tutor's parse + count against the
    plain bitmask solver on the Kaggle set; what failed."""
    path = data_file(KAGGLE)
    puzzles = load_puzzles(KAGGLE, what="kaggle (parse, yardstick)")
    if path is None or puzzles is None:
        return []
    failed = []
    root = repo_root() or Path.cwd()
    baseline = baseline_dir()
    now_times, before_times = [], []
    for _ in range(2):  # alternated, so that both see the same load
        now_times.append(parse_seconds(root, path))
        if baseline:
            before_times.append(parse_seconds(baseline, path))
    now = min(now_times)
    line = f"{now * 1e6:6.1f} us per line (cpu, best of {ROUNDS * len(now_times)} passes)"
    if baseline:
        before = min(before_times)
        met = before / now >= PARSE_SPEED_UP_TARGET
        line += (f"; before {before * 1e6:6.1f} us: {before / now:.1f}x faster, target >= "
                 f"{PARSE_SPEED_UP_TARGET}x: {'ok' if met else 'BELOW TARGET'}")
        if not met:
            failed.append("parse speed-up")
    print_value("tutor.parse, one 81-character line, kaggle", line)
    # The yardstick in the same process, chunk by chunk in turn with tutor.
    tutor_cpu = plain_cpu = 0.0
    wrong = 0
    for chunk in chunks(puzzles, CHUNK):
        started = time.process_time()
        counts = [count_solutions(parse(line), 2) for line in chunk]
        tutor_cpu += time.process_time() - started
        started = time.process_time()
        plain = [reference.count_solutions(line, 2) for line in chunk]
        plain_cpu += time.process_time() - started
        wrong += sum(1 for a, b in zip(counts, plain) if a != 1 or b != 1)
    ratio = plain_cpu / tutor_cpu
    met = ratio >= YARDSTICK_TARGET and not wrong
    print_value("count_solutions(parse(line), 2), kaggle",
                f"{len(puzzles) / tutor_cpu:8,.0f}/s cpu; plain bitmask solver "
                f"{len(puzzles) / plain_cpu:8,.0f}/s: {ratio:.2f}x; {wrong} wrong counts; "
                f"target >= {YARDSTICK_TARGET}x: {'ok' if met else 'BELOW TARGET'}")
    if not met:
        failed.append("yardstick")
    return failed


def run() -> None:
    heading("solver: tutor.count_solutions(grid, limit=2) and tutor.solve(grid), one process")
    failed = []
    peak = 0
    measured = 0
    for puzzle_set in SETS:
        result = bench_set(puzzle_set)
        if result is not None:
            measured += 1
            failed += result[0]
            peak = max(peak, result[1])
    if not measured:
        print_value("solver verdict", "nothing measured (no puzzle set found)")
        return
    failed += bench_parse_and_yardstick()
    memory_ok = peak < MEMORY_LIMIT_BYTES
    if not memory_ok:
        failed.append("memory")
    print_value("peak memory while solving (tracemalloc)",
                f"{peak / MEGABYTE:.2f} MB (first {MEMORY_SAMPLE} of each set); "
                f"process max RSS {max_rss_bytes() / MEGABYTE:.1f} MB; "
                f"target < {MEMORY_LIMIT_BYTES // MEGABYTE} MB: {'ok' if memory_ok else 'ABOVE TARGET'}")
    verdict = f"FAILED: {'; '.join(failed)}" if failed else "all targets met, all checks passed"
    if measured < len(SETS):
        verdict += f" ({len(SETS) - measured} of {len(SETS)} sets skipped)"
    print_value("solver verdict", verdict)


if __name__ == "__main__":
    run()
