"""CLI benchmark: `tutor grade --json` over whole files, --jobs 2 against --jobs 1, as a user runs it.

Each run is a fresh `python -m tutor` process (start-up, reading, grading in parallel, writing JSON
Lines all count); its output is checked to hold one record per puzzle, in input order. The CPU time
of all its processes is shown too: on a machine shared with other work the wall-clock speed-up
says little, while equal CPU totals show that running in parallel costs next to nothing.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import heading, load_puzzles, print_value

SETS = (
    ("kaggle (10,000)", "kaggle/kaggle_first10000.txt", None),
    ("royle17 (first 5,000)", "royle17/sudoku17_20100413.txt", 5_000),
)
JOBS = (1, 2)


def children_cpu() -> float:
    """CPU seconds of the finished child processes (with their own workers, which they wait for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def grade_file(path: Path, jobs: int, expected: int) -> tuple[float, float]:
    """(wall, CPU) seconds of `tutor grade --jobs N --json FILE`; raises if the output is incomplete."""
    cpu_before = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "grade", "--jobs", str(jobs), "--json", str(path)],
        capture_output=True, text=True,
        env=dict(os.environ, TUTOR_DATA_DIR=tempfile.gettempdir()),
    )
    wall = time.perf_counter() - started
    cpu = children_cpu() - cpu_before
    lines = done.stdout.splitlines()
    if len(lines) != expected or done.returncode not in (0, 1):
        raise RuntimeError(f"tutor grade gave {len(lines)} records for {expected} puzzles "
                           f"(exit {done.returncode}): {done.stderr[-300:]}")
    if [json.loads(line)["line"] for line in lines] != list(range(1, expected + 1)):
        raise RuntimeError("tutor grade records are not in input order")
    return wall, cpu


def run() -> None:
    heading(f"cli: tutor grade --json, --jobs {' vs '.join(map(str, JOBS))} "
            f"({os.cpu_count()} cores here)")
    for name, relative, limit in SETS:
        puzzles = load_puzzles(relative, limit, what=name)
        if puzzles is None:
            continue
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "puzzles.txt"
            path.write_text("\n".join(puzzles) + "\n", encoding="utf-8")
            runs = {jobs: grade_file(path, jobs, len(puzzles)) for jobs in JOBS}
        for jobs, (wall, cpu) in runs.items():
            print_value(f"{name}, --jobs {jobs}",
                        f"{wall:7.2f} s   {len(puzzles) / wall:8,.0f} puzzles/s   "
                        f"(cpu {cpu:.2f} s in all processes)")
        speed_up = runs[JOBS[0]][0] / runs[JOBS[-1]][0]
        print_value(f"{name}, --jobs {JOBS[-1]} speed-up", f"{speed_up:.2f}x wall-clock")


if __name__ == "__main__":
    run()
