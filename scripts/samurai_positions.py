"""Maintainer tool: make Samurai puzzles of our own and list positions for the Samurai lesson.

Usage: python -m scripts.samurai_positions TECHNIQUE [--puzzles N] [--seed S] [--limit N] [--across]
                                          [--within N]

Each puzzle is made with the tutor's solver: a few random digits on the empty Samurai, solved,
its digits relabelled at random, then dug cell by cell in a random order while the whole puzzle
keeps one solution (tutor.generator.digging.dig, on the Samurai board). Its walk on the card's
ladder is searched for positions where TECHNIQUE comes next. With --across only the steps that
need two grids are listed: a single whose cell or unit is ruled by a digit of another grid (a
shared cell, or a cell of the unit that only another grid's digit rules out), an intersection of
two units not of one grid (a shared box with the centre grid's line, two grids' lines). Each hit
prints the puzzle's number and givens, how many steps in, how many cells carry non-standard
candidates, the step, and the position as a compact line ready for a lesson file, with a `source`
line naming the seed and puzzle (the same seed makes the same puzzles as long as the solver
searches in the same order). --within N stops each walk
after N steps (the lesson's tests walk each position again from its givens).
"""

from __future__ import annotations

import argparse
import random
import sys

from tutor import next_step
from tutor.generator.digging import dig
from tutor.model.geometry import Geometry, samurai
from tutor.model.grid import Grid, standard_masks
from tutor.solvers.backtracking import solve_values

SEED_DIGITS = 12
"""Random digits put on the empty board before the solver completes it."""


def full_samurai(board: Geometry, rng: random.Random) -> list[int]:
    """A random solved Samurai: random digits on random cells (each a candidate there), solved by
    the tutor's solver, then its digits relabelled at random (which keeps every unit whole)."""
    while True:
        values = [0] * board.cell_count
        for cell in rng.sample(board.cells, SEED_DIGITS):
            free = [d for d in board.digits
                    if all(values[p] != d for p in board.peers[cell])]
            values[cell] = rng.choice(free)
        count, solution = solve_values(values, board)
        if count and solution is not None:
            break
    relabel = list(board.digits)
    rng.shuffle(relabel)
    return [relabel[d - 1] for d in solution]


def make_puzzle(board: Geometry, rng: random.Random) -> Grid:
    """A Samurai with one solution from which no given can go."""
    return Grid(dig(full_samurai(board, rng), rng, geometry=board), geometry=board)


def nonstandard_cells(grid: Grid) -> int:
    standard = standard_masks(grid.values, grid.geometry)
    return sum(1 for c, m in enumerate(grid.masks) if not grid.values[c] and m != standard[c])


def needs_two_grids(grid: Grid, step) -> bool:
    """Whether a step's argument reaches across grids (see the module's text)."""
    board = grid.geometry
    if step.technique in ("naked_single", "hidden_single"):
        (cell, digit), = step.placements
        if step.technique == "naked_single":
            return len(board.grids_of[cell]) > 1 and _needs_both(grid, cell)
        unit = step.units[0] if step.units else None
        if unit is None:
            return False
        home = set(board.unit_grids[unit])
        for other in board.units[unit]:
            if other == cell or grid.values[other]:
                continue
            holders = [p for p in board.peers[other] if grid.values[p] == digit]
            if holders and all(not home & set(board.grids_of[p]) for p in holders):
                return True
        return False
    grids = [set(board.unit_grids[u]) for u in step.units]
    return len(grids) > 1 and not set.intersection(*grids)


def _needs_both(grid: Grid, cell: int) -> bool:
    """Whether neither grid of a shared cell alone rules out all its digits but one."""
    board = grid.geometry
    for g in board.grids_of[cell]:
        inside = set(board.grids[g])
        seen = {grid.values[p] for p in board.peers[cell] if p in inside and grid.values[p]}
        if len(seen) >= board.size - 1:
            return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("technique")
    parser.add_argument("--puzzles", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--within", type=int, default=400)
    parser.add_argument("--across", action="store_true",
                        help="only steps whose argument needs two grids")
    args = parser.parse_args(argv)
    board = samurai()
    rng = random.Random(args.seed)
    shown = 0
    for number in range(1, args.puzzles + 1):
        puzzle = make_puzzle(board, rng)
        grid, taken = puzzle, 0
        while taken < args.within and (step := next_step(grid, "card")) is not None:
            if step.technique == args.technique and (not args.across
                                                     or needs_two_grids(grid, step)):
                print(f"puzzle {number} ({puzzle.given_count} givens) step {taken} "
                      f"nonstandard {nonstandard_cells(grid)}: {step}")
                print(f'  grid = "{grid.to_compact()}"')
                print(f'  source = "Made with the tutor\'s solver for this lesson (Samurai, '
                      f'seed {args.seed}, puzzle {number}), after {taken} steps"')
                shown += 1
                if shown >= args.limit:
                    return 0
            grid = grid.apply(step)
            taken += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
