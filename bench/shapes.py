"""Boards of other shapes through the library: SudoQ's 4x4, 6x6 and 16x16 puzzles graded step by step.

`python -m bench.shapes [--16]` grades every puzzle of ../shared/data/sudoq/4x4.txt and 6x6.txt
(with --16, 16x16.txt too) with `tutor.grade` on a Grid of that board, and checks every step
against the solution the file lists: no placement of another digit, no elimination of the true
one. Should the techniques taught on the board not finish (with the guess taught on every
regular board, none is stuck), the walk goes from hint to hint (`tutor.next_step`) as far as it
can, and those steps are checked too. It prints, per board: puzzles, finished, stuck, steps, techniques used, violations, the time
grading took and the solver's slowest puzzle.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import tutor
from tutor.engine import violations
from tutor.model.errors import EngineError
from tutor.model.geometry import Geometry, regular, using
from tutor.model.grid import Grid
from tutor.solvers.backtracking import solve_values
from bench.common import data_file, skipped

BOARDS = (("sudoq/4x4.txt", regular(2, 2)), ("sudoq/6x6.txt", regular(2, 3)))
BIG = ("sudoq/16x16.txt", regular(4, 4))
_UNFINISHED = "the steps do not end in the solution"
"""soundness.violations' last finding for steps that stop short of the solution."""


def read_values(text: str, board: Geometry) -> list[int]:
    """A line of the board's symbols ('.' empty) as values."""
    return [0 if ch == "." else board.symbols.index(ch) + 1 for ch in text]


def sudoq_puzzles(path: Path, board: Geometry) -> Iterator[tuple[list[int], list[int]]]:
    """(givens, solution) as values for each line `GIVENS SOLUTION LEVEL` of a SudoQ file."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.split()
            if fields and not fields[0].startswith("#"):
                yield read_values(fields[0], board), read_values(fields[1], board)


def walk(grid: Grid, solution: Sequence[int]) -> tuple[list, bool, list[str]]:
    """(the steps, whether they reach the solution, what is wrong with them) for a puzzle graded
    through the library; when the board's techniques cannot finish, the steps are those from
    hint to hint up to where they stop."""
    try:
        steps = list(tutor.grade(grid).steps)
        finished = True
    except EngineError:  # stuck: the board's techniques cannot go on
        steps, at = [], grid
        try:
            while (step := tutor.next_step(at)) is not None:
                steps.append(step)
                at = at.apply(step)
        except EngineError:
            pass
        finished = False
    with using(grid.geometry):  # cells named as the board's own
        found = violations(grid, steps, solution)
    if not finished and found and found[-1] == _UNFINISHED:
        found.pop()  # it stopped where the board's techniques stop: not a wrong step
    return steps, finished, found


def report(relative: str, board: Geometry) -> int:
    """Print one board's figures; return its violations (or 0 when its file is absent)."""
    path = data_file(relative)
    if path is None:
        skipped(board.name, relative)
        return 0
    puzzles = list(sudoq_puzzles(path, board))
    solver_worst = 0.0
    for givens, solution in puzzles:
        start = time.perf_counter()
        count, first = solve_values(givens, board)
        solver_worst = max(solver_worst, time.perf_counter() - start)
        assert count == 1 and first == solution, "the solver disagrees with the listed solution"
    used: Counter[str] = Counter()
    steps = finished = wrong = 0
    start = time.perf_counter()
    for givens, solution in puzzles:
        made, done, found = walk(Grid(givens, geometry=board), solution)
        steps += len(made)
        finished += done
        wrong += len(found)
        used.update(step.technique for step in made)
        for line in found:
            print(f"  {board.name} {''.join(board.symbols[v - 1] if v else '.' for v in givens)}: {line}")
    took = time.perf_counter() - start
    print(f"{board.name}: {len(puzzles)} puzzles, {finished} finished, {len(puzzles) - finished} stuck "
          f"(their techniques cannot go on), {steps} steps, {wrong} violations; "
          f"grading {took:.2f} s; solver slowest {1000 * solver_worst:.1f} ms")
    print("  techniques: " + ", ".join(f"{t} {n}" for t, n in used.most_common()))
    return wrong


def main(arguments: list[str]) -> int:
    boards = BOARDS + ((BIG,) if "--16" in arguments else ())
    wrong = sum(report(relative, board) for relative, board in boards)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
