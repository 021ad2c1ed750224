"""Benchmark: `tutor generate --size S` as a whole process, per board, with each puzzle checked unique.

    python -m bench.generate_sizes [--seeds N] [--level L] [SIZE ...]
    python -m bench.generate_sizes --seeds 5 --level 0,0.5,1,2,6 samurai

For each size (4x4 6x6 8x8 10x10 12x12 16x16 by default; `samurai` for `--samurai`) runs `tutor
generate --size S --level L --seed K` for seeds 1..N in a fresh process (start-up, imports and the
engine included), then reads each printed puzzle back, counts its solutions with the board's
solver and grades it. Prints the minimum, median and maximum seconds per size and level, how many
puzzles were unique and how many graded in the level asked. --level takes several levels (or
ranges) apart by commas. Targets (issue 28): 6x6 under 1 s median, 16x16 under 10 s median;
(issue 29) the Samurai under 30 s median; every puzzle unique.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from tutor.engine import grade
from tutor.generator.generate import LevelRange
from tutor.model.formats import parse
from tutor.model.geometry import regular_of_size, samurai
from tutor.solvers.backtracking import count_solutions

SIZES = ("4x4", "6x6", "8x8", "10x10", "12x12", "16x16")
TARGETS = {"6x6": 1.0, "16x16": 10.0, "samurai": 30.0}
"""Median seconds a size should stay under."""


def measure(size: str, seeds: int, level: str) -> dict:
    """Whole-process times of `tutor generate --size size` over seeds 1..seeds, uniqueness and
    the grade."""
    if size == "samurai":
        board, shape = samurai(), ["--samurai"]
    else:
        board, shape = regular_of_size(int(size.split("x")[0])), ["--size", size]
    times, unique, failed, at_level = [], 0, 0, 0
    wanted = LevelRange.parse(level)
    command = [sys.executable, "-m", "tutor", "generate", *shape, "--level", level]
    for seed in range(1, seeds + 1):
        started = time.perf_counter()
        done = subprocess.run([*command, "--seed", str(seed)], capture_output=True, text=True,
                              env=os.environ.copy())
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            failed += 1
            continue
        text = done.stdout if size == "samurai" else done.stdout.split(" # ")[0].strip()
        grid = parse(text, board)
        if count_solutions(grid) == 1:
            unique += 1
            at_level += grade(grid).level in wanted
    return {"size": size, "min": min(times), "median": statistics.median(times),
            "max": max(times), "unique": unique, "failed": failed, "seeds": seeds,
            "level": level, "at_level": at_level}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.generate_sizes")
    parser.add_argument("sizes", nargs="*", default=list(SIZES))
    parser.add_argument("--seeds", type=int, default=7)
    parser.add_argument("--level", default="0-1",
                        help="the level or range asked, or several apart by commas (default 0-1)")
    args = parser.parse_args(argv)
    print(f"tutor generate --size S --level L, whole process, seeds 1-{args.seeds}")
    print(f"{'size':>7} {'level':>6} {'min s':>7} {'median s':>9} {'max s':>7}  unique  at level")
    for size in args.sizes:
        for level in args.level.split(","):
            r = measure(size, args.seeds, level)
            target = TARGETS.get(size)
            mark = "" if target is None else (
                f"  (target median < {target:g} s: {'met' if r['median'] < target else 'MISSED'})")
            failed = f", {r['failed']} failed" if r["failed"] else ""
            print(f"{size:>7} {level:>6} {r['min']:7.2f} {r['median']:9.2f} {r['max']:7.2f}  "
                  f"{r['unique']}/{r['seeds']}{failed}  {r['at_level']}/{r['seeds']}{mark}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
