"""CLI benchmark: `tutor grade --json` over whole files, --jobs 2 against --jobs 1 and a local Dask
cluster, as a user runs it; and the peak memory of the table output over all of Royle's list.

Each run is a fresh `python -m tutor` process (start-up, reading, grading in parallel, writing JSON
Lines all count); its output is checked to hold one record per puzzle, in input order. The CPU time
of all its processes is shown too: on a machine shared with other work the wall-clock speed-up
says little, while equal CPU totals show that running in parallel costs next to nothing.

With BENCH_BASELINE=<another checkout> the --jobs 1 run is timed on that code too, in the same run.
`--dask` runs against a LocalCluster of 2 worker processes started here (skipped without the dask
extra). The memory figure is the largest resident size of any process of the run (maxrss).
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

from bench.common import (MEGABYTE, baseline_dir, code_env, data_file, heading, load_puzzles,
                          print_value, repo_root)

SETS = (
    ("kaggle (10,000)", "kaggle/kaggle_first10000.txt", None),
    ("royle17 (first 5,000)", "royle17/sudoku17_20100413.txt", 5_000),
)
JOBS = (1, 2)
ROYLE = "royle17/sudoku17_20100413.txt"
MEMORY_TARGET = 100 * MEGABYTE
BASELINE_SPEED_UP_TARGET = 2  # grade --json on kaggle, --jobs 1, against the baseline checkout


def children_cpu() -> float:
    """CPU seconds of the finished child processes (with their own workers, which they wait for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def grade_file(path: Path, jobs: int, expected: int, folder: Path | None = None,
               dask: str | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of `tutor grade --jobs N --json FILE` (or `--dask ADDRESS`) on the code
    in `folder` (this checkout by default); raises if the output is incomplete."""
    folder = folder or repo_root() or Path.cwd()
    where = ["--dask", dask] if dask else ["--jobs", str(jobs)]
    cpu_before = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "grade", *where, "--json", str(path)],
        capture_output=True, text=True, env=code_env(folder), cwd=folder,
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


def local_cluster():
    """A LocalCluster of 2 worker processes on 127.0.0.1, or None without the dask extra."""
    try:
        from distributed import LocalCluster
    except ImportError:
        return None
    return LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=":0")


# Runs a command and reports the peak resident size of its processes. A go-between, because Linux
# counts a child's size before exec (a copy of this large benchmark process) in its peak; the
# go-between's own children start from its small size.
_PEAK_SCRIPT = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
"""


def table_memory(path: Path, jobs: int = 2) -> tuple[int, float, int]:
    """(peak resident bytes of any process, wall seconds, output lines) of the default table
    output of `tutor grade --jobs N FILE`, its output read and dropped as it comes."""
    folder = repo_root() or Path.cwd()
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", _PEAK_SCRIPT, sys.executable, "-m", "tutor",
                                "grade", "--jobs", str(jobs), str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=code_env(folder), cwd=folder)
    lines = sum(1 for _ in process.stdout)
    peak_kilobytes = int(process.stderr.read().split()[-1])
    process.wait()
    return peak_kilobytes * 1024, time.perf_counter() - started, lines


def run() -> None:
    heading(f"cli: tutor grade --json, --jobs {' vs '.join(map(str, JOBS))} "
            f"({os.cpu_count()} cores here)")
    baseline = baseline_dir()
    cluster = local_cluster()
    if cluster is None:
        print_value("--dask", "skipped: the dask extra is not installed")
    try:
        bench_sets(baseline, cluster)
    finally:
        if cluster is not None:
            cluster.close()
    royle = data_file(ROYLE)
    if royle is None:
        print_value("table output memory, royle17", "skipped: ../shared/data absent")
        return
    peak, wall, lines = table_memory(royle)
    print_value("tutor grade --jobs 2 (table), all royle17",
                f"peak resident {peak / MEGABYTE:.0f} MB in any process ({lines:,} lines in "
                f"{wall:.0f} s); target < {MEMORY_TARGET // MEGABYTE} MB: "
                f"{'ok' if peak < MEMORY_TARGET else 'ABOVE TARGET'}")


def bench_sets(baseline: Path | None, cluster) -> None:
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
        if baseline and name.startswith("kaggle"):
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "puzzles.txt"
                path.write_text("\n".join(puzzles) + "\n", encoding="utf-8")
                wall, cpu = grade_file(path, 1, len(puzzles), folder=baseline)
            faster = runs[1][1] and cpu / runs[1][1]
            print_value(f"{name}, --jobs 1, before", f"{wall:7.2f} s   {len(puzzles) / wall:8,.0f} "
                        f"puzzles/s   (cpu {cpu:.2f} s): now {faster:.2f}x the throughput (cpu); "
                        f"target >= {BASELINE_SPEED_UP_TARGET}x: "
                        f"{'ok' if faster >= BASELINE_SPEED_UP_TARGET else 'BELOW TARGET'}")
        if cluster is not None:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "puzzles.txt"
                path.write_text("\n".join(puzzles) + "\n", encoding="utf-8")
                wall, cpu = grade_file(path, 0, len(puzzles), dask=cluster.scheduler_address)
            print_value(f"{name}, --dask (local cluster, 2 workers)",
                        f"{wall:7.2f} s   {len(puzzles) / wall:8,.0f} puzzles/s   "
                        f"(beside --jobs 2: {len(puzzles) / runs[2][0]:,.0f} puzzles/s)")


if __name__ == "__main__":
    run()
