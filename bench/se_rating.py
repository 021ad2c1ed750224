"""`python -m bench.se_rating [--limit N] [--tutor]`: the Sudoku Explainer rating reproduced,
against the Sudoku Exchange bank's own ratings (../shared/data/se-rated), band by band.

For each band of the bank's rating: how many puzzles, the share rated exactly (within 0.05) and
within 0.2, the mean difference (ours - bank's), and the time per puzzle. --limit N takes the
first N puzzles of each rating value (the sample holds up to 100 of each); --tutor also rates
them with the tutor's own ladder, for comparison. Without ../shared it says so and stops."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from bench.common import data_file

SAMPLE = "se-rated/se_stratified_sample_100_per_rating.txt"
BANDS = ((2.5, 4.0), (4.0, 5.0), (5.0, 6.0), (6.0, 7.0), (7.0, 8.5), (8.5, 9.35))


def band_of(rating: float) -> str:
    for low, high in BANDS:
        if low <= rating < high:
            return f"{low}-{min(high, 9.3)}"
    return "other"


def load(limit: int | None) -> list[tuple[str, str, float]]:
    path = data_file(SAMPLE)
    if path is None:
        return []
    rows, taken = [], Counter()
    for line in path.read_text().splitlines():
        fields = line.split()
        if len(fields) != 3 or line.startswith("#"):
            continue
        ident, puzzle, rating = fields
        if limit is not None and taken[rating] >= limit:
            continue
        taken[rating] += 1
        rows.append((ident, puzzle, float(rating)))
    return rows


def table(title: str, results: dict[str, list[tuple[float, float, float]]]) -> None:
    print(f"\n{title}")
    print(f"{'band':<10}{'n':>6}{'exact':>9}{'<=0.2':>9}{'mean diff':>11}{'s/puzzle':>10}")
    total: list[tuple[float, float, float]] = []
    for name in [band_of(low) for low, _ in BANDS]:
        rows = results.get(name, [])
        total += rows
        _line(name, rows)
    _line("all", total)


def _line(name: str, rows: list[tuple[float, float, float]]) -> None:
    if not rows:
        print(f"{name:<10}{0:>6}")
        return
    n = len(rows)
    exact = sum(1 for ours, bank, _ in rows if abs(ours - bank) <= 0.05) / n
    near = sum(1 for ours, bank, _ in rows if abs(ours - bank) <= 0.2 + 1e-9) / n
    mean = sum(ours - bank for ours, bank, _ in rows) / n
    seconds = sum(t for _, _, t in rows) / n
    print(f"{name:<10}{n:>6}{exact:>9.1%}{near:>9.1%}{mean:>+11.2f}{seconds:>10.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.se_rating", description=__doc__)
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="first N puzzles of each rating value (default: all)")
    parser.add_argument("--tutor", action="store_true",
                        help="also rate with the tutor's own ladder (slower)")
    parser.add_argument("--misses", action="store_true", help="list the puzzles rated differently")
    args = parser.parse_args(argv)
    rows = load(args.limit)
    if not rows:
        print(f"skipped: {SAMPLE} not found under ../shared/data")
        return 0
    from tutor.engine import se_rating  # noqa: PLC0415 (after the data check: nothing to load without it)
    ours: dict[str, list[tuple[float, float, float]]] = {}
    misses = []
    for ident, puzzle, bank in rows:
        start = time.perf_counter()
        rating = se_rating(puzzle)
        spent = time.perf_counter() - start
        ours.setdefault(band_of(bank), []).append((rating.er, bank, spent))
        if abs(rating.er - bank) > 0.05:
            misses.append((ident, bank, rating.er, rating.hardest))
    table(f"SE rating reproduced vs the bank's ({len(rows)} puzzles)", ours)
    if args.tutor:
        import tutor  # noqa: PLC0415 (only for the comparison)
        from tutor.engine import grade  # noqa: PLC0415
        theirs: dict[str, list[tuple[float, float, float]]] = {}
        for _, puzzle, bank in rows:
            start = time.perf_counter()
            result = grade(tutor.parse(puzzle))
            theirs.setdefault(band_of(bank), []).append(
                (result.rating, bank, time.perf_counter() - start))
        table("Tutor rating (its own ladder) vs the bank's", theirs)
    if args.misses:
        for ident, bank, er, hardest in misses:
            print(f"  {ident} bank {bank} ours {er} ({hardest})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
