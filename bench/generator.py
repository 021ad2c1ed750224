"""Benchmark of the generator: median and worst time to one puzzle at each level 0-6 (half steps too)."""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from tutor.generator.generate import LEVELS, GenerationError, generate_one

SEEDS = 7
TARGET_MEDIAN = 2.0
"""Seconds: the median time to one puzzle should stay below this for levels 0-5."""
MAX_ATTEMPTS = 2000
"""Give up on a seed after this many attempts (symmetric level 5.5 has no bundled puzzle to vary)."""


def measure(level: float, seeds: int = SEEDS, symmetric: bool = False) -> dict:
    """Times to one puzzle at `level` for seeds 0..seeds-1, and how each was made."""
    times, methods = [], Counter()
    for seed in range(seeds):
        started = time.perf_counter()
        try:
            made = generate_one(level, seed, symmetric, max_attempts=MAX_ATTEMPTS)
        except GenerationError:
            methods[f"none in {MAX_ATTEMPTS} attempts"] += 1
        else:
            methods["dug" if made.method == "dug" else "from a bundled puzzle"] += 1
        times.append(time.perf_counter() - started)
    return {"level": level, "median": statistics.median(times), "worst": max(times),
            "methods": dict(methods)}


def run(seeds: int = SEEDS, symmetric: bool = False, out=None) -> list[dict]:
    """Print one line per level: median and worst seconds to one puzzle, and how they were made."""
    out = out or sys.stdout
    kind = "symmetric " if symmetric else ""
    print(f"generator: time to one {kind}puzzle per level, {seeds} seeds each "
          f"(target: median under {TARGET_MEDIAN:g} s for levels 0-5)", file=out)
    results = []
    for level in LEVELS:
        result = measure(level, seeds, symmetric)
        results.append(result)
        ok = "" if level == 6 else ("  ok" if result["median"] < TARGET_MEDIAN else "  OVER TARGET")
        made = ", ".join(f"{n} {how}" for how, n in sorted(result["methods"].items()))
        print(f"  level {level:g}: median {result['median']:.2f} s, worst {result['worst']:.2f} s"
              f" ({made}){ok}", file=out, flush=True)
    return results


if __name__ == "__main__":
    run(symmetric="--symmetric" in sys.argv[1:])
