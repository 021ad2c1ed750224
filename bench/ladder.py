"""Beyond the card section: who still needs a guess, how `rating` follows Sudoku Explainer, and speed.

`python -m bench.ladder [--sample N]` grades the shared SE-rated sample with the full ladder and
prints, per SE band, the share of puzzles that still need a guess, the puzzles rated below 4.0
that do (there must be none), and the Spearman correlation of `rating` with SE's rating. Then it
times grading with the full ladder and with the card's ladder against hodoku-py's `Solver.rate`
on the same puzzles, in the same run (hodoku-py is a benchmark yardstick only:
`pip install hodoku-py`; without it the comparison is skipped).
"""

from __future__ import annotations

import sys
import time

import tutor
from tutor.engine import TECHNIQUES

from bench.common import (
    chunks, data_file, heading, load_puzzles, measure, print_figure, print_value, skipped, total,
)

SAMPLE = "se-rated/se_stratified_sample_100_per_rating.txt"
BANDS = ((0, 4), (4, 5), (5, 6), (6, 7), (7, 7.6), (7.6, 8), (8, 9), (9, 99))
"""SE bands for the guess shares; 7.5 is a band edge because issue targets name it."""

SPEED_SETS = (
    ("se-rated hard", "se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", 300),
    ("se-rated diabolical", "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", 300),
    ("top1465", "top1465/top1465.sdm", 300),
)
HODOKU_LIMIT = 30
"""Puzzles per set timed with hodoku-py, which is slow; ours are timed on the same puzzles."""
EXTENDED_FAMILIES = ("singles", "intersections", "subsets", "fish", "single_digit", "wings",
                     "colouring", "uniqueness")
"""Issue 15's ladder: the card's, then fish, single-digit patterns, wings, colouring and
uniqueness (no Sue de Coq, almost locked sets or chains, whose issue has its own targets)."""


def extended_ladder() -> tuple[str, ...]:
    return tuple(t.id for t in TECHNIQUES if t.finder is not None and t.family in EXTENDED_FAMILIES)


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (Pearson's on the ranks, ties averaged)."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5


def band_of(rating: float) -> tuple[float, float]:
    return next(b for b in BANDS if b[0] <= rating < b[1])


def band_label(band: tuple[float, float]) -> str:
    low, high = band
    return f"SE {low:g}-{high:g}" if high < 99 else f"SE {low:g}+"


def se_sample(limit: int | None) -> None:
    heading("SE-rated sample: guesses per SE band, and rating against SE's")
    path = data_file(SAMPLE)
    if path is None:
        skipped("SE sample", SAMPLE)
        return
    fields = [line.split() for line in path.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")]
    rows = [(f[1], float(f[2])) for f in fields if len(f) >= 3]
    if limit:  # the file is sorted by rating: keep every k-th puzzle so every band stays in
        rows = rows[::-(-len(rows) // limit)]
    ours, theirs = [], []
    counts: dict[tuple, list[int]] = {b: [0, 0] for b in BANDS}
    guessed_low: list[str] = []
    started = time.perf_counter()
    for puzzle, se in rows:
        result = tutor.grade(tutor.parse(puzzle))
        ours.append(result.rating)
        theirs.append(se)
        band = counts[band_of(se)]
        band[0] += 1
        if result.backtracking:
            band[1] += 1
            if se < 4.0:
                guessed_low.append(f"{puzzle} (SE {se})")
    elapsed = time.perf_counter() - started
    print_value("puzzles graded", f"{len(rows):,} in {elapsed:.1f} s")
    for band, (n, guessed) in counts.items():
        if n:
            print_value(f"needs a guess, {band_label(band)}", f"{guessed}/{n} ({guessed / n:.0%})")
    all_guessed = sum(g for _, g in counts.values())
    print_value("needs a guess, whole sample", f"{all_guessed}/{len(rows)} ({all_guessed / len(rows):.1%})")
    print_value("rated below 4.0 and needing a guess", f"{len(guessed_low)} (must be 0)")
    for line in guessed_low[:10]:
        print(f"    {line}")
    print_value("Spearman(rating, SE rating)", f"{spearman(ours, theirs):.3f} (target >= 0.85)")


def _hodoku_rate():
    try:
        from hodoku import Solver
    except ImportError:
        return None
    solver = Solver()
    return solver.rate


def speed() -> None:
    heading("grading speed: full ladder, card's ladder, and hodoku-py on the same puzzles")
    hodoku_rate = _hodoku_rate()
    if hodoku_rate is None:
        print_value("hodoku-py", "not installed (pip install hodoku-py): comparison skipped")
    for label, relative, limit in SPEED_SETS:
        lines = load_puzzles(relative, limit, what=label)
        if lines is None:
            continue
        puzzles = [line.split()[0] for line in lines]
        grids = [tutor.parse(p) for p in puzzles]
        full = total(measure(tutor.grade, chunk) for chunk in chunks(grids, 100))
        card = total(measure(lambda g: tutor.grade(g, "card"), chunk) for chunk in chunks(grids, 100))
        print_figure(f"full ladder, {label} ({len(grids)})", full)
        print_figure(f"card's ladder, {label} ({len(grids)})", card)
        if hodoku_rate is not None:
            sample = puzzles[:HODOKU_LIMIT]
            theirs = measure(hodoku_rate, sample)
            sample_grids = [tutor.parse(p) for p in sample]
            ours = measure(tutor.grade, sample_grids)
            issue_ladder = extended_ladder()
            extended = measure(lambda g: tutor.grade(g, issue_ladder), sample_grids)
            print_figure(f"hodoku-py rate, {label} ({len(sample)})", theirs)
            print_value(f"full ladder / hodoku-py, {label}",
                        f"{ours.cpu_rate / theirs.cpu_rate:.1f} times as fast, CPU "
                        "(target >= 20 on diabolical)")
            print_value(f"issue 15's ladder / hodoku-py, {label}",
                        f"{extended.cpu_rate / theirs.cpu_rate:.1f} times as fast, CPU (target >= 50)")


def run(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    limit = int(argv[argv.index("--sample") + 1]) if "--sample" in argv else None
    se_sample(limit)
    speed()


if __name__ == "__main__":
    run()
