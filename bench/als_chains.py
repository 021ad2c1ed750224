"""ALS chains: what one search costs where the ladder reaches it, fruitless or not.

`python -m bench.als_chains [--puzzles N]` walks the first N puzzles (default 100) of top1465,
the SE-rated diabolical bucket and forum-hardest with the full ladder up to ALS chains; at each
position where the ladder reaches them it keeps the position, then goes on by the ALS chain's
first step, or else by the solution's digit in a cell with the fewest candidates. Then it times
the ALS chain search alone on every position kept (CPU; the sets and their ties are built
beforehand, as ALS-XZ builds them earlier in the ladder), apart where it finds nothing and where
it finds a step. With `BENCH_BASELINE=<checkout>` it also times that checkout's search on the
same positions, alternately, and counts the positions where the two give other steps.
"""

from __future__ import annotations

import importlib.util
import sys
import time

import tutor
from tutor.engine import LADDER, technique

from bench.common import baseline_dir, heading, load_puzzles, print_value

SETS = (
    ("top1465", "top1465/top1465.sdm"),
    ("se-rated diabolical", "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt"),
    ("forum-hardest", "forum-hardest/HardestDatabase110626.txt"),
)
ROUNDS = 3
"""Times each search is run; the fastest is kept."""


def positions(limit: int) -> list[tuple[tuple[int, ...], list[int]]]:
    """(values, masks) of every position where the ladder reaches ALS chains."""
    before = LADDER[:LADDER.index("als_chain")]
    als_chains = technique("als_chain").finder
    assert als_chains is not None
    found = []
    for label, relative in SETS:
        puzzles = load_puzzles(relative, limit, what=label)
        for puzzle in puzzles or ():
            grid = tutor.parse(puzzle)
            solved = tutor.solve(grid)
            if solved is None:
                continue
            solution = solved.values
            while not all(grid.values):
                step = tutor.next_step(grid, before)
                if step is not None and step.technique != "backtracking":
                    grid = grid.apply(step)
                    continue
                masks = list(grid.live_masks)
                found.append((tuple(grid.values), masks))
                chain = next(als_chains(grid.values, masks), None)
                if chain is not None:
                    grid = grid.apply(chain)
                    continue
                cell = min((c for c in range(81) if not grid.values[c]),
                           key=lambda c: masks[c].bit_count())
                grid = grid.place(cell, solution[cell])
    return found


def baseline_finder():
    """The baseline checkout's ALS chain finder, its als module loaded beside ours, or None."""
    folder = baseline_dir()
    if folder is None:
        return None
    spec = importlib.util.spec_from_file_location("baseline_als", folder / "tutor/engine/techniques/als.py")
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.als_chains


def search_time(finder, values, masks) -> tuple[float, list]:
    """The fastest CPU time of the whole search over ROUNDS runs, and its steps' removals; a
    first run, untimed, leaves the sets and their ties built as the ladder's earlier finders
    leave them."""
    list(finder(values, masks))
    fastest, steps = float("inf"), []
    for _ in range(ROUNDS):
        start = time.thread_time()
        steps = [s.eliminations for s in finder(values, masks)]
        fastest = min(fastest, time.thread_time() - start)
    return fastest, steps


def summary(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    at = lambda share: ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000  # noqa: E731
    return (f"mean {sum(ordered) / len(ordered) * 1000:.2f} / p50 {at(0.5):.2f} / "
            f"p99 {at(0.99):.2f} / max {ordered[-1] * 1000:.2f} ms ({len(ordered)})")


def run(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    limit = int(argv[argv.index("--puzzles") + 1]) if "--puzzles" in argv else 100
    heading(f"ALS chains: one search where the ladder reaches them (first {limit} puzzles a set)")
    kept = positions(limit)
    baseline = baseline_finder()
    codes = [("ours", technique("als_chain").finder)] + (
        [("baseline", baseline)] if baseline is not None else [])
    times: dict[tuple[str, bool], list[float]] = {}
    differ = 0
    for values, masks in kept:
        found = {}
        for name, finder in codes:  # alternately, position by position
            elapsed, steps = search_time(finder, values, masks)
            found[name] = steps
            times.setdefault((name, bool(steps)), []).append(elapsed)
        differ += baseline is not None and found["ours"] != found["baseline"]
    print_value("positions", f"{len(kept):,}")
    for name, _ in codes:
        print_value(f"{name}: finding nothing, CPU", summary(times.get((name, False), [])))
        print_value(f"{name}: finding a step, CPU", summary(times.get((name, True), [])))
    if baseline is not None:
        print_value("positions with other steps", f"{differ:,}")


if __name__ == "__main__":
    run()
