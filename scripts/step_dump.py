"""Maintainer tool: dump the steps a grade (or a walk of hints) takes, one line a step, to compare two versions.

Usage: python -m scripts.step_dump FILE [--limit N] [--hints] [--texts]

FILE: each line that starts with an 81-character puzzle (anything after a comma or a space is
ignored, as in the forum's hardest list). Each line of the dump is the puzzle's number, the
step's index and `str(step)` (technique, placements and eliminations); `--texts` adds each step's full hint (given its position), `--hints` walks
`next_step` from hint to hint instead of grading. Two versions dump the same walk exactly when
their dumps without `--texts` are identical (`diff` them).
"""

from __future__ import annotations

import argparse
import sys

from tutor import next_step, parse
from tutor.engine import HintLevel, Position, grade, positions_along


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--hints", action="store_true", help="walk next_step instead of grading")
    parser.add_argument("--texts", action="store_true", help="add each step's full hint")
    args = parser.parse_args(argv)
    with open(args.file, encoding="utf-8") as handle:
        puzzles = [token for line in handle
                   for token in line.replace(",", " ").split()[:1] if len(token) == 81]
    for number, text in enumerate(puzzles[:args.limit], start=1):
        grid = parse(text)
        if args.hints:
            pairs = []
            while True:
                step = next_step(grid)
                if step is None:
                    break
                pairs.append((step, Position(grid.values, grid.live_masks)))
                grid = grid.apply(step)
        else:
            steps = grade(grid).steps
            pairs = list(zip(steps, positions_along(grid, steps)))
        for index, (step, position) in enumerate(pairs, start=1):
            print(f"{number}\t{index}\t{step}")
            if args.texts:
                print(step.hint(HintLevel.FULL, position))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
