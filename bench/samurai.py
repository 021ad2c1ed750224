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

`--pencilmark [N]` then compares, in this process and alternating puzzle by puzzle, what
`tutor grade --json --steps` does for a puzzle (`grade_record` with every step's text, written as
JSON) with pencilmark's `rate(puzzle, steps=True)` (written as JSON too) on the same puzzles, in
CPU time, after one puzzle each outside the measure (the first with its digits relabelled: not one
of the measured puzzles) to build what a process builds once. N takes the first N puzzles of each
SudoQ level (easy, medium, difficult), so a short run still meets every level; without N, all 60.
pencilmark's run of a puzzle is stopped after CAP_SECONDS of CPU: its time then counts as the
cap, so that puzzle's ratio (and the totals') is a lower bound, marked `>=`. It prints each
puzzle's times and ratio, then the ratio at the median, on the totals and the least favourable
puzzle (target: at least 50 times). pencilmark is a yardstick for this benchmark only, never a
dependency of the tutor (`pip install pencilmark`); without it the comparison is skipped and says
why.
"""

from __future__ import annotations

import json
import signal
import statistics
import sys
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
CAP_SECONDS = 300
"""pencilmark's CPU time on one puzzle is cut off here (the issue measured 160 s on a hard one)."""
RUNS = 3
"""Each puzzle is solved this many times and its fastest time kept: the machine's other work
only ever adds time."""


def main(arguments: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if arguments is None else arguments
    try:
        per_level = _per_level(arguments)
    except ValueError as error:
        print(f"bench.samurai: {error}", file=sys.stderr)
        return 2
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
    if per_level is not False:
        yardstick(puzzles, records, per_level)
    return 1 if wrong or broken else 0


def _per_level(arguments: list[str]) -> int | None | bool:
    """From the command line: False without --pencilmark, None for every puzzle, else N."""
    if "--pencilmark" not in arguments:
        if arguments:
            raise ValueError(f"unknown arguments {' '.join(arguments)} (usage: python -m "
                             f"bench.samurai [--pencilmark [N]])")
        return False
    rest = arguments[arguments.index("--pencilmark") + 1:]
    others = arguments[:arguments.index("--pencilmark")] + rest[1:]
    if others:
        raise ValueError(f"unknown arguments {' '.join(others)}")
    if not rest:
        return None
    if not rest[0].isdigit() or int(rest[0]) < 1:
        raise ValueError(f"--pencilmark takes a whole number of puzzles a level, at least 1, "
                         f"not {rest[0]!r}")
    return int(rest[0])


class _Capped(Exception):
    """pencilmark's run of one puzzle reached CAP_SECONDS of CPU."""


def _stop(signum, frame) -> None:
    raise _Capped


def _pencilmark_doc(grid) -> dict:
    """The puzzle in pencilmark's puzzle JSON: its named "samurai" layout, the givens row by row
    over the 21x21 drawn board ('.' for an empty cell and for the gaps)."""
    return {"layout": "samurai", "numbers": grid.to_drawn(gap=".").replace("\n", "")}


def yardstick(path, records: list[dict], per_level: int | None) -> None:
    """Time `tutor grade --json --steps`'s work and pencilmark's rate(steps=True) on the same
    Samurai puzzles, alternating, in CPU time; print each puzzle and the ratios."""
    print("Samurai grade with every step against pencilmark's rate(steps=True), CPU time")
    try:
        import pencilmark  # a yardstick only, never a dependency of the tutor
    except ImportError:
        print("  pencilmark yardstick: skipped: not installed (pip install pencilmark)")
        return
    from tutor.cli.inputs import ANY_BOARD, items_of
    from tutor.cli.records import grade_record

    items = items_of(path.read_text(encoding="utf-8"), path.name, str(path), ANY_BOARD)
    chosen, taken = [], {}
    for item, record in zip(items, records, strict=True):
        if per_level is None or taken.get(record["level"], 0) < per_level:
            taken[record["level"]] = taken.get(record["level"], 0) + 1
            chosen.append((item, record["source"]))
    board = samurai()
    # One puzzle each outside the measure: tables a process builds once are no puzzle's cost.
    first = parse(chosen[0][0].text, board)
    warm = "".join(str(value % 9 + 1) if value else "." for value in first.values)
    json.dumps(grade_record(items_of(warm, "warm-up", None, ANY_BOARD)[0], with_steps=True))
    json.dumps(pencilmark.rate(_pencilmark_doc(parse(warm, board)), steps=True))
    clock = time.process_time  # CPU time: steadier than the wall clock on a shared machine
    ours, theirs, capped = [], [], []
    previous = signal.signal(signal.SIGPROF, _stop)
    try:
        for item, source in chosen:
            started = clock()
            record = grade_record(item, with_steps=True)
            json.dumps(record)
            ours.append(clock() - started)
            doc = _pencilmark_doc(parse(item.text, board))
            started = clock()
            # ITIMER_PROF counts this process's CPU time, as process_time does.
            signal.setitimer(signal.ITIMER_PROF, CAP_SECONDS)
            try:
                json.dumps(pencilmark.rate(doc, steps=True))
                cut = False
            except _Capped:
                cut = True
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            theirs.append(CAP_SECONDS if cut else clock() - started)
            capped.append(cut)
            bound = ">=" if cut else ""
            print(f"  {source}: tutor {1000 * ours[-1]:.0f} ms ({len(record['steps'])} steps), "
                  f"pencilmark {bound}{theirs[-1]:.2f} s, ratio {bound}{theirs[-1] / ours[-1]:.0f}x",
                  flush=True)
    finally:
        signal.signal(signal.SIGPROF, previous)
    ratios = [t / o for t, o in zip(theirs, ours)]
    least = min(range(len(ratios)), key=ratios.__getitem__)
    bound = ">=" if any(capped) else ""
    print(f"  puzzles {len(chosen)} ({'all' if per_level is None else f'the first {per_level} of each level'})"
          + (f", pencilmark stopped at {CAP_SECONDS} s on {sum(capped)}" if any(capped) else ""))
    print(f"  tutor (grade_record with steps, as JSON): median {1000 * statistics.median(ours):.0f} ms, "
          f"slowest {1000 * max(ours):.0f} ms, total {sum(ours):.2f} s")
    print(f"  pencilmark rate(steps=True): median {statistics.median(theirs):.2f} s, slowest "
          f"{bound}{max(theirs):.2f} s, total {bound}{sum(theirs):.1f} s")
    print(f"  ratio pencilmark / tutor: median per puzzle {statistics.median(ratios):.0f}x, totals "
          f"{bound}{sum(theirs) / sum(ours):.0f}x, least {'>=' if capped[least] else ''}"
          f"{ratios[least]:.0f}x ({chosen[least][1]}) (target at least 50x)")


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
    raise SystemExit(main(sys.argv[1:]))
