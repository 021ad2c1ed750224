"""MILP benchmark: time per puzzle of the integer-programming solver next to backtracking.

For each set: solve (one solution) and count_solutions(limit=2) (a solution, then the proof that no
other exists) by both methods, in wall-clock milliseconds per puzzle; the answers must agree.
"""

from __future__ import annotations

from tutor.solvers import milp
from tutor.model.formats import parse
from tutor.model.bundled import collections
from tutor.solvers.backtracking import count_solutions, solve
from bench.common import heading, load_puzzles, measure

SETS = (
    ("kaggle", "kaggle/kaggle_first10000.txt", 15),
    ("royle17", "royle17/sudoku17_20100413.txt", 15),
    ("top1465", "top1465/top1465.sdm", 10),
    ("forum-hardest", "forum-hardest/HardestDatabase110626.txt", 5),
)
BUNDLED = 10  # bundled puzzles (the hardest level), so the section runs without ../shared too


def bundled_hardest() -> list[str]:
    levelled = [c for c in collections() if c.level is not None]
    return [p.line for p in levelled[-1].puzzles()[:BUNDLED]] if levelled else []


COLUMNS = ("milp solve", "backtr. solve", "milp count", "backtr. count")


def bench(name: str, puzzles: list[str]) -> None:
    """One line for a set: milliseconds per puzzle by each method, and whether the answers agree."""
    grids = [parse(p) for p in puzzles]
    timings = [
        measure(milp.solve, grids),
        measure(solve, grids),
        measure(lambda g: milp.count_solutions(g, 2), grids),
        measure(lambda g: count_solutions(g, 2), grids),
    ]
    agree = (all(a.values == b.values for a, b in zip(timings[0].results, timings[1].results))
             and timings[2].results == timings[3].results)
    cells = "".join(f"{1000 * t.wall / t.count:>18.2f}" for t in timings)
    print(f"  {name:<24}{len(grids):>4}{cells}   {'yes' if agree else 'NO'}")


def run() -> None:
    heading("milp: integer-programming solver (SciPy/HiGHS) next to backtracking")
    if not milp.available():
        print(f"  skipped: SciPy is not installed ({milp.INSTALL_HINT})")
        return
    milp.solve(parse("." * 81))  # import SciPy before timing anything
    header = "".join(f"{c + ' ms':>18}" for c in COLUMNS)
    print(f"  {'set':<24}{'n':>4}{header}   agree")
    for name, relative, limit in SETS:
        puzzles = load_puzzles(relative, limit, what=name)
        if puzzles is not None:
            bench(name, puzzles)
    hardest = bundled_hardest()
    if hardest:
        bench("bundled hardest level", hardest)


if __name__ == "__main__":
    run()
