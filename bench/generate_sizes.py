"""Benchmark: `tutor generate --size S` as a whole process, per board, with each puzzle checked unique.

    python -m bench.generate_sizes [--seeds N] [--level L] [SIZE ...]

For each size (4x4 6x6 8x8 10x10 12x12 16x16 by default) runs `tutor generate --size S --level L
--seed K` for seeds 1..N in a fresh process (start-up, imports and the engine included), then
reads each printed puzzle back and counts its solutions with the board's solver. Prints the
minimum, median and maximum seconds per size and how many puzzles were unique. Targets (issue 28):
6x6 under 1 s median, 16x16 under 10 s median, every puzzle unique.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from tutor.model.formats import parse
from tutor.model.geometry import regular_of_size
from tutor.solvers.backtracking import count_solutions

SIZES = ("4x4", "6x6", "8x8", "10x10", "12x12", "16x16")
TARGETS = {"6x6": 1.0, "16x16": 10.0}
"""Median seconds a size should stay under."""


def measure(size: str, seeds: int, level: str) -> dict:
    """Whole-process times of `tutor generate --size size` over seeds 1..seeds, and uniqueness."""
    board = regular_of_size(int(size.split("x")[0]))
    times, unique, failed = [], 0, 0
    command = [sys.executable, "-m", "tutor", "generate", "--size", size, "--level", level]
    for seed in range(1, seeds + 1):
        started = time.perf_counter()
        done = subprocess.run([*command, "--seed", str(seed)], capture_output=True, text=True,
                              env=os.environ.copy())
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            failed += 1
            continue
        line = done.stdout.split(" # ")[0].strip()
        unique += count_solutions(parse(line, board)) == 1
    return {"size": size, "min": min(times), "median": statistics.median(times),
            "max": max(times), "unique": unique, "failed": failed, "seeds": seeds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.generate_sizes")
    parser.add_argument("sizes", nargs="*", default=list(SIZES))
    parser.add_argument("--seeds", type=int, default=7)
    parser.add_argument("--level", default="0-1", help="the level or range asked (default 0-1)")
    args = parser.parse_args(argv)
    print(f"tutor generate --size S --level {args.level}, whole process, seeds 1-{args.seeds}")
    print(f"{'size':>6} {'min s':>7} {'median s':>9} {'max s':>7}  unique")
    for size in args.sizes:
        r = measure(size, args.seeds, args.level)
        target = TARGETS.get(size)
        mark = "" if target is None else (
            f"  (target median < {target:g} s: {'met' if r['median'] < target else 'MISSED'})")
        failed = f", {r['failed']} failed" if r["failed"] else ""
        print(f"{size:>6} {r['min']:7.2f} {r['median']:9.2f} {r['max']:7.2f}  "
              f"{r['unique']}/{r['seeds']}{failed}{mark}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
