"""Benchmark of `tutor generate --needs`: median and slowest time to a puzzle needing each technique.

`python -m bench.needs [TECH ...] [--seeds N] [--time-limit S]` calls
`tutor.generator.needs.generate_needing(TECH, seed)` for seeds 0..N-1 in this process (what the
command does after start-up) and prints, per technique, the median and slowest wall-clock time, the
median CPU time (steadier on a busy machine) and how many seeds gave up at the time limit. A
technique that gives up on its first seed is not tried again: the search cannot find it in time.
Without TECH, every technique of the registry with a finder.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from tutor.engine import TECHNIQUES
from tutor.generator.needs import generate_needing
from tutor.model.errors import GenerationError

SEEDS = 7
TIME_LIMIT = 20.0
"""The command's default limit (`--time-limit`)."""
TARGET_MEDIAN = 3.0
"""Seconds: a learner waits for the puzzle."""


def measure(technique_id: str, seeds: int, time_limit: float) -> dict:
    walls, cpus, gave_up = [], [], 0
    for seed in range(seeds):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            generate_needing(technique_id, seed, time_limit=time_limit)
        except GenerationError:
            gave_up += 1
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if gave_up and seed == 0:
            break
    return {"technique": technique_id, "median": statistics.median(walls), "slowest": max(walls),
            "cpu": statistics.median(cpus), "tried": len(walls), "gave_up": gave_up}


def run(techniques: list[str], seeds: int = SEEDS, time_limit: float = TIME_LIMIT, out=None) -> list[dict]:
    out = out or sys.stdout
    print(f"generate --needs: seconds to one puzzle, seeds 0-{seeds - 1}, limit {time_limit:g} s "
          f"(target: median under {TARGET_MEDIAN:g} s)", file=out)
    print(f"  {'technique':<20} {'median':>8} {'slowest':>8} {'CPU med':>8}  result", file=out)
    results = []
    for technique_id in techniques:
        result = measure(technique_id, seeds, time_limit)
        results.append(result)
        if result["gave_up"] == result["tried"]:
            verdict = "gives up (none found in time)"
        else:
            verdict = "ok" if result["median"] < TARGET_MEDIAN else "OVER TARGET"
            if result["gave_up"]:
                verdict += f", {result['gave_up']} of {result['tried']} seeds gave up"
        print(f"  {technique_id:<20} {result['median']:8.2f} {result['slowest']:8.2f} "
              f"{result['cpu']:8.2f}  {verdict}", file=out, flush=True)
    found = [r for r in results if r["gave_up"] < r["tried"]]
    within = [r for r in found if r["median"] < TARGET_MEDIAN]
    print(f"  {len(found)} of {len(results)} techniques found; {len(within)} of them with a median "
          f"under {TARGET_MEDIAN:g} s", file=out)
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.needs", description=__doc__.splitlines()[0])
    parser.add_argument("techniques", nargs="*", metavar="TECH")
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT)
    args = parser.parse_args(argv)
    techniques = args.techniques or [t.id for t in TECHNIQUES if t.finder is not None]
    run(techniques, args.seeds, args.time_limit)


if __name__ == "__main__":
    main()
