"""Maintainer tool: walk real puzzles with the engine and list positions for a technique's lessons.

Usage: python -m scripts.find_positions TECHNIQUE FILE [--full] [--seen-as] [--limit N] [--max-puzzles N]

FILE holds puzzles one a line (any format tutor.read_puzzles accepts; a leading id and a trailing
rating, as in the Sudoku Exchange files, are tolerated). Each hit prints the puzzle's line number,
how many steps in, how many cells carry non-standard candidates (fewer is easier to reproduce by
hand), the step, and the position as a compact string ready for a lesson file. Hand-pick from them.

With --seen-as it lists instead positions where another technique comes next and TECHNIQUE makes
that very step (the same placements and eliminations): the positions a lesson states with
`seen_as`, for the techniques the ladder always meets under another name (a remote pair is met
as a skyscraper or simple colours, a grouped AIC as an ALS-XZ).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from tutor import next_step, parse
from tutor.engine import find_steps
from tutor.model.geometry import COUNT
from tutor.model.grid import Grid, standard_masks


def walk(grid: Grid, ladder: str | None = "card") -> Iterator[tuple[int, Grid, object]]:
    """Each (steps taken, position, next step) from `grid` until it is solved.

    Positions for the card's techniques come from the card's walk; `ladder=None` walks the full
    ladder, as the lessons beyond the card do.
    """
    taken = 0
    while True:
        step = next_step(grid, ladder)
        if step is None:
            return
        yield taken, grid, step
        grid = grid.apply(step)
        taken += 1


def nonstandard_cells(grid: Grid) -> int:
    """How many empty cells have candidates other than the standard pencil marks."""
    standard = standard_masks(grid.values)
    return sum(1 for c, m in enumerate(grid.masks) if not grid.values[c] and m != standard[c])


def no_cell_holds_all(grid: Grid, step) -> bool:
    """A naked subset in which no cell holds every digit of the subset (the 'hidden' forms)."""
    return all(COUNT[grid.masks[c]] < len(step.digits) for c in step.cells)


def same_step(grid: Grid, step, technique: str) -> bool:
    """Whether `technique` makes exactly `step` (its placements and eliminations) on `grid`."""
    wanted = (set(step.placements), set(step.eliminations))
    return any((set(s.placements), set(s.eliminations)) == wanted
               for s in find_steps(grid, technique))


def puzzle_lines(text: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        fields = raw.split()
        if not fields or raw.lstrip().startswith("#"):
            continue
        line = next((f for f in fields if len(f) == 81), None)
        if line:
            yield number, line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("technique")
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, default=20, help="hits to print")
    parser.add_argument("--max-puzzles", type=int, default=300)
    parser.add_argument("--clean", action="store_true", help="only positions with standard marks")
    parser.add_argument("--full", action="store_true",
                        help="walk the full ladder (for techniques beyond the card)")
    parser.add_argument("--no-full", action="store_true",
                        help="naked subsets where no cell holds every digit")
    parser.add_argument("--seen-as", action="store_true",
                        help="positions where another technique comes next and TECHNIQUE makes "
                             "the same step")
    args = parser.parse_args(argv)
    with open(args.file, encoding="utf-8") as handle:
        lines = list(puzzle_lines(handle.read()))[: args.max_puzzles]
    hits = 0
    for number, line in lines:
        try:
            start = parse(line)
            for taken, grid, step in walk(start, None if args.full else "card"):
                if args.seen_as:
                    if step.technique == args.technique or not same_step(grid, step, args.technique):
                        continue
                elif step.technique != args.technique:
                    continue
                odd = nonstandard_cells(grid)
                if args.clean and odd:
                    continue
                if args.no_full and not no_cell_holds_all(grid, step):
                    continue
                print(f"line {number} step {taken} odd {odd}: {step}\n  {line}\n  {grid.to_compact()}")
                hits += 1
                break
        except ValueError as error:
            print(f"line {number}: skipped ({error})", file=sys.stderr)
        if hits >= args.limit:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
