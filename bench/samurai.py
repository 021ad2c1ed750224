"""The Samurai solver: SudoQ's 60 Samurai puzzles counted (up to 2) and checked against their solutions.

`python -m bench.samurai` reads ../shared/data/sudoq/samurai.txt (five lines of 81 cells a
puzzle) and samurai.jsonl (their solutions), counts each puzzle's solutions as a whole with the
backtracking solver, checks the count is 1 and the solution the listed one, and prints the mean,
median and slowest time a puzzle (the fastest of RUNS solves of each), beside the same solver's time on the classic 9x9 grids each
puzzle is made of (the same run, so the ratio holds on a busy machine).
"""

from __future__ import annotations

import json
import statistics
import time

from tutor.model.formats import parse, read_puzzles
from tutor.model.geometry import CLASSIC, samurai
from tutor.solvers.backtracking import solve_values
from bench.common import data_file, skipped

PUZZLES = "sudoq/samurai.txt"
SOLUTIONS = "sudoq/samurai.jsonl"
RUNS = 3
"""Each puzzle is solved this many times and its fastest time kept: the machine's other work
only ever adds time."""


def main() -> int:
    print("Samurai solver (count up to 2, solution checked)")
    puzzles, solutions = data_file(PUZZLES), data_file(SOLUTIONS)
    if puzzles is None or solutions is None:
        skipped("SudoQ Samurai", PUZZLES if puzzles is None else SOLUTIONS)
        return 0
    board = samurai()
    records = [json.loads(line) for line in solutions.read_text().splitlines() if line.strip()]
    times, grid_times, wrong = [], [], []
    for record, (_, text) in zip(records, read_puzzles(puzzles.read_text(), board)):
        grid = parse(text, board)
        taken = []
        for _ in range(RUNS):
            start = time.perf_counter()
            count, found = solve_values(grid.values, board)
            taken.append(time.perf_counter() - start)
        times.append(min(taken))
        expected = parse("\n".join(record["solution"]), board).values
        if count != 1 or found is None or tuple(found) != expected:
            wrong.append(record["source"])
        # The same givens as five separate classic puzzles (each may have several solutions).
        lines = [parse(line, CLASSIC).values for line in record["givens"]]
        taken = []
        for _ in range(RUNS):
            start = time.perf_counter()
            for values in lines:
                solve_values(values, CLASSIC)
            taken.append(time.perf_counter() - start)
        grid_times.append(min(taken))
    print(f"  puzzles {len(times)}, unique and as listed {len(times) - len(wrong)}"
          + (f"; wrong: {', '.join(wrong)}" if wrong else ""))
    print(f"  time a puzzle: mean {1000 * statistics.mean(times):.1f} ms, median "
          f"{1000 * statistics.median(times):.1f} ms, slowest {1000 * max(times):.1f} ms")
    print(f"  its five grids solved apart (classic solver): mean "
          f"{1000 * statistics.mean(grid_times):.1f} ms a puzzle")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
