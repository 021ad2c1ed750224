"""Maintainer tool: time finders on the positions where the ladder without them is stuck.

Usage: python -m scripts.finder_timings FILE TECHNIQUE... [--puzzles N]

Walks the first N puzzles of FILE (one a line, a trailing id or rating tolerated) with the full
ladder less the named techniques until stuck, then runs each named finder on every stuck position,
checks each step against the solution, and makes the first step found. Prints the positions, the
steps each finder found, any unsound step, and each finder's slowest call in CPU milliseconds
with its puzzle.
"""

from __future__ import annotations

import argparse
import time

import tutor
from tutor.engine import LADDER, technique


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("techniques", nargs="+")
    parser.add_argument("--puzzles", type=int, default=300)
    args = parser.parse_args(argv)
    finders = {t: technique(t).finder for t in args.techniques}
    basic = [t for t in LADDER if t not in finders]
    with open(args.file, encoding="utf-8") as handle:
        lines = [line.split()[0] for line in handle if line.strip()][:args.puzzles]
    slowest = {t: (0.0, "") for t in finders}
    found = dict.fromkeys(finders, 0)
    positions = unsound = 0
    for line in lines:
        grid = tutor.parse(line)
        solution = tutor.solve(grid).values
        while True:
            step = tutor.next_step(grid, basic)
            if step is None:
                break
            if step.technique != "backtracking":
                grid = grid.apply(step)
                continue
            # Stuck: the named finders' turn.
            positions += 1
            first = None
            for technique_id, finder in finders.items():
                start = time.process_time()
                steps = list(finder(grid.values, grid.masks))
                spent = time.process_time() - start
                if spent > slowest[technique_id][0]:
                    slowest[technique_id] = (spent, line)
                found[technique_id] += len(steps)
                for found_step in steps:
                    if (any(solution[c] == d for c, d in found_step.eliminations)
                            or any(solution[c] != d for c, d in found_step.placements)):
                        unsound += 1
                        print(f"unsound: {line} {found_step}")
                first = first or (steps[0] if steps else None)
            if first is None:
                break
            grid = grid.apply(first)
    print(f"{positions} stuck positions, steps {found}, {unsound} unsound")
    for technique_id, (spent, line) in slowest.items():
        print(f"{technique_id}: slowest {spent * 1000:.0f} ms ({line})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
