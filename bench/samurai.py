"""The Samurai solver and engine on SudoQ's 60 Samurai puzzles, checked against their solutions.

`python -m bench.samurai` reads ../shared/data/sudoq/samurai.txt (five lines of 81 cells a
puzzle) and samurai.jsonl (their solutions).

Solver: counts each puzzle's solutions as a whole with the backtracking solver, checks the count
is 1 and the solution the listed one, and prints the mean, median and slowest time a puzzle (the
fastest of RUNS solves of each), beside the same solver's time on the classic 9x9 grids each
puzzle is made of (the same run, so the ratio holds on a busy machine).

Engine: grades each puzzle through the library (tutor.grade, the full ladder), checks every
placement and elimination of every step against the listed solution (tutor.engine.violations),
and prints the puzzles, how many the grade finished, the steps, the violations (targets: 0), the
grade's time a puzzle (median, target under 1 s; slowest, under 10 s), and the time of
`next_step` at every step of a walk from hint to hint through each puzzle (p99 over all the
steps, target under 200 ms).
"""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter

import tutor
from tutor.engine import next_step, violations
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
    broken = engine(board, records, [text for _, text in read_puzzles(puzzles.read_text(), board)])
    return 1 if wrong or broken else 0


def engine(board, records: list[dict], texts: list[str]) -> bool:
    """Grade each puzzle and walk it from hint to hint, checking every step against its solution;
    print the figures and return whether any step was false or any grade failed."""
    print("Samurai engine (every step checked against the solution)")
    grade_times, step_times = [], []
    steps = finished = 0
    false: list[str] = []
    used: Counter[str] = Counter()  # steps by technique, over every grade
    graded_with: Counter[str] = Counter()  # grades using each technique
    for record, text in zip(records, texts):
        grid = parse(text, board)
        solution = parse("\n".join(record["solution"]), board).values
        start = time.perf_counter()
        try:
            result = tutor.grade(grid)
        except tutor.TutorError as error:
            false.append(f"{record['source']}: {error}")
            continue
        grade_times.append(time.perf_counter() - start)
        steps += len(result.steps)
        used.update(result.techniques)
        graded_with.update(result.techniques.keys())
        found = violations(grid, result.steps, solution)
        false += [f"{record['source']}: {problem}" for problem in found]
        finished += not found
        # The walk a learner makes asking for one hint after another.
        position = grid
        while True:
            start = time.perf_counter()
            step = next_step(position)
            step_times.append(time.perf_counter() - start)
            if step is None:
                break
            false += [f"{record['source']} (next step): {problem}"
                      for problem in violations(position, [step], solution)
                      if problem != "the steps do not end in the solution"]
            position = position.apply(step)
    print(f"  puzzles {len(records)}, graded to the solution {finished}, steps {steps}, "
          f"violations {len(false)}")
    for problem in false[:10]:
        print(f"    {problem}")
    beyond = [t for t in used if t not in ("naked_single", "hidden_single")]
    if beyond:
        print("  steps by technique beyond singles (in how many grades): " + ", ".join(
            f"{t} {used[t]} ({graded_with[t]})" for t in sorted(beyond, key=lambda t: -used[t])))
    if grade_times:
        print(f"  grade a puzzle: median {1000 * statistics.median(grade_times):.0f} ms, slowest "
              f"{1000 * max(grade_times):.0f} ms (targets 1000 ms and 10000 ms)")
    if step_times:
        step_times.sort()
        p99 = step_times[min(len(step_times) - 1, int(0.99 * len(step_times)))]
        print(f"  next_step over {len(step_times)} steps: median "
              f"{1000 * statistics.median(step_times):.1f} ms, p99 {1000 * p99:.1f} ms, slowest "
              f"{1000 * step_times[-1]:.1f} ms (target p99 200 ms)")
    return bool(false)


if __name__ == "__main__":
    raise SystemExit(main())
