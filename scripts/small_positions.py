"""Maintainer tool: make small-board puzzles (4x4, 6x6...) and list positions for a lesson's technique.

Usage: python -m scripts.small_positions SIZE TECHNIQUE [--puzzles N] [--seed S] [--limit N] [--seen-as]
       python -m scripts.small_positions SIZE TECHNIQUE --drill-lines [--puzzles N] [--seed S] [--limit N]

SIZE is a board like 4x4 or 6x6 (boxes as `regular_of_size` makes them: 6x6 has boxes of 2 rows
by 3 columns). Each puzzle is a full grid from a seeded shuffle of a pattern, dug cell by cell
while it keeps one solution; its walk on the card's ladder is searched for positions where
TECHNIQUE comes next. Each hit prints the puzzle (givens), how many steps in, how many cells carry
non-standard candidates, the step, and the position as a compact string ready for a lesson file,
with a `source` line naming the seed and puzzle so that anyone can make it again.

With --drill-lines it prints instead puzzles for lessons/small-board-puzzles.txt: those whose walk
on the full ladder reaches TECHNIQUE, each with its comment (`# name; source; drills <the
techniques its walk reaches>`).
"""

from __future__ import annotations

import argparse
import random
import sys

from tutor import next_step, validity
from tutor.engine import TECHNIQUES, find_steps
from tutor.model.geometry import Geometry, regular_of_size
from tutor.model.grid import Grid, standard_masks


def full_grid(board: Geometry, rng: random.Random) -> list[int]:
    """A random full grid: the banded pattern, its digits, rows and columns shuffled within
    what keeps every unit whole (rows within a band, bands, columns within a stack, stacks)."""
    n, bh, bw = board.size, board.box_height, board.box_width
    digits = list(range(1, n + 1))
    rng.shuffle(digits)

    def order(groups: int, each: int) -> list[int]:
        outer = list(range(groups))
        rng.shuffle(outer)
        result = []
        for group in outer:
            inner = list(range(each))
            rng.shuffle(inner)
            result += [group * each + i for i in inner]
        return result

    rows, cols = order(n // bh, bh), order(n // bw, bw)
    return [digits[(bw * (r % bh) + r // bh + c) % n] for r in rows for c in cols]


def dig(board: Geometry, rng: random.Random) -> Grid:
    """A puzzle with one solution from a random full grid, no given removable without a second."""
    values = full_grid(board, rng)
    cells = list(board.cells)
    rng.shuffle(cells)
    for cell in cells:
        kept = values[cell]
        values[cell] = 0
        if validity(Grid(values, geometry=board)).status != "unique":
            values[cell] = kept
    return Grid(values, geometry=board)


def nonstandard_cells(grid: Grid) -> int:
    standard = standard_masks(grid.values, grid.geometry)
    return sum(1 for c, m in enumerate(grid.masks) if not grid.values[c] and m != standard[c])


def drill_reach(puzzle: Grid) -> list[str]:
    """The techniques a puzzle's walk on the full ladder reaches, in the ladder's order."""
    reached = set()
    grid = puzzle
    while (step := next_step(grid)) is not None:
        reached.add(step.technique)
        grid = grid.apply(step)
    return [t.id for t in TECHNIQUES if t.id in reached]


def same_step(grid: Grid, step, technique: str) -> bool:
    """Whether `technique` makes exactly `step` (its placements and eliminations) on `grid`."""
    wanted = (set(step.placements), set(step.eliminations))
    return any((set(s.placements), set(s.eliminations)) == wanted
               for s in find_steps(grid, technique))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", help="4x4, 6x6, ...")
    parser.add_argument("technique")
    parser.add_argument("--puzzles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--drill-lines", action="store_true",
                        help="print puzzles for lessons/small-board-puzzles.txt")
    parser.add_argument("--seen-as", action="store_true",
                        help="list positions where another technique comes next and TECHNIQUE "
                             "makes that very step (a lesson's `seen_as`)")
    args = parser.parse_args(argv)
    board = regular_of_size(int(args.size.lower().split("x")[0]))
    rng = random.Random(args.seed)
    shown = 0
    for number in range(1, args.puzzles + 1):
        puzzle = dig(board, rng)
        if args.drill_lines:
            reached = drill_reach(puzzle)
            if args.technique in reached:
                print(f"{puzzle.to_line()}  # Small {board.name} {args.seed}-{number}; made with "
                      f"scripts/small_positions.py ({board.name}, seed {args.seed}, puzzle "
                      f"{number}); drills {', '.join(reached)}")
                shown += 1
                if shown >= args.limit:
                    return 0
            continue
        grid, taken = puzzle, 0
        while (step := next_step(grid, "card")) is not None:
            if (step.technique == args.technique if not args.seen_as
                    else step.technique != args.technique and same_step(grid, step, args.technique)):
                print(f"puzzle {number} ({puzzle.given_count} givens) {puzzle.to_line()} step {taken} "
                      f"nonstandard {nonstandard_cells(grid)}: {step}")
                print(f'  grid = "{grid.to_compact()}"')
                print(f'  source = "Made with the tutor\'s solver for this lesson ({board.name}, '
                      f'seed {args.seed}, puzzle {number}), after {taken} steps"')
                shown += 1
                if shown >= args.limit:
                    return 0
            grid = grid.apply(step)
            taken += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
