"""Shared helpers of the benchmark sections: puzzle files from ../shared/data, timing, memory, output.

A section typically does::

    puzzles = load_puzzles("top1465/top1465.sdm")    # None (and a "skipped" line) when absent
    if puzzles is None:
        return
    grids = [tutor.parse(p) for p in puzzles]
    timing = measure(lambda g: tutor.count_solutions(g, 2), grids)
    print_figure("count_solutions(limit=2), top1465", timing, target=300)

(for large sets, `chunks` and `total` time chunk by chunk to keep memory low).

Timings report wall-clock time (what a user waits) and this process's CPU time (steadier on a
machine shared with other jobs); targets are checked against the wall-clock rate.
"""

from __future__ import annotations

import os
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tutor.model.geometry import CELL_COUNT

BASELINE_ENV = "BENCH_BASELINE"
"""Environment variable naming another checkout (such as main's) whose code some sections also time,
in the same run, for a before/after comparison."""
SHARED_DATA_ENV = "TUTOR_SHARED_DATA"
"""Environment variable naming the data folder to use instead of ../shared/data."""

MEGABYTE = 1024 * 1024


def repo_root() -> Path | None:
    """The checkout holding this package (the folder with pyproject.toml), else one above the
    current directory; None for an installed copy run outside a checkout."""
    here = Path(__file__).resolve().parent.parent
    candidates = [here, Path.cwd(), *Path.cwd().parents]
    for folder in candidates:
        if (folder / "pyproject.toml").is_file() and (folder / "tutor").is_dir():
            return folder
    return None


def shared_data_dir() -> Path | None:
    """The shared data folder: $TUTOR_SHARED_DATA, else ../shared/data beside the checkout; None
    when absent (a user's fresh clone has no ../shared)."""
    override = os.environ.get(SHARED_DATA_ENV)
    if override:
        path = Path(override)
        return path if path.is_dir() else None
    root = repo_root()
    if root is None:
        return None
    path = root.parent / "shared" / "data"
    return path if path.is_dir() else None


def baseline_dir() -> Path | None:
    """The checkout named by $BENCH_BASELINE, or None when it is unset."""
    folder = os.environ.get(BASELINE_ENV)
    return Path(folder) if folder else None


def code_env(folder: Path) -> dict[str, str]:
    """The environment of a process that runs the code in `folder` (run it with cwd=folder, since
    `python -c` puts the current folder first on the path), away from the user's data, with
    compiled bytecode written and reused as an installed package has it."""
    env = dict(os.environ, PYTHONPATH=str(folder), TUTOR_DATA_DIR=os.devnull + ".bench")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def data_file(relative: str) -> Path | None:
    """A file under the shared data folder, e.g. data_file("kaggle/kaggle_first10000.txt"), or None."""
    folder = shared_data_dir()
    if folder is None:
        return None
    path = folder / relative
    return path if path.is_file() else None


def skipped(what: str, relative: str) -> None:
    """Print the line that says a measurement was skipped because its data file is missing."""
    if shared_data_dir() is None:
        reason = "../shared/data absent"
    else:
        reason = f"../shared/data/{relative} absent"
    print(f"  {what}: skipped: {reason}")


def puzzle_lines(text: str) -> list[str]:
    """The 81-character puzzles of a file's text: one per line, `#` lines and blank lines skipped,
    only the first comma- or space-separated field kept, other lines (titles) dropped."""
    puzzles = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        # forum-hardest is CSV; the SE buckets are "puzzle solution": the puzzle is the first field.
        puzzle = line.split(",", 1)[0].split()[0]
        if len(puzzle) == CELL_COUNT:
            puzzles.append(puzzle)
    return puzzles


def load_puzzles(relative: str, limit: int | None = None, what: str | None = None) -> list[str] | None:
    """The first `limit` (all if None) puzzle strings of a shared data file; when the file is
    absent, print "<what>: skipped: ../shared/data absent" and return None."""
    path = data_file(relative)
    if path is None:
        skipped(what or relative, relative)
        return None
    puzzles = puzzle_lines(path.read_text(encoding="utf-8"))
    return puzzles if limit is None else puzzles[:limit]


@dataclass(frozen=True)
class Timing:
    """How long `count` calls took: wall-clock and CPU seconds, and what they returned."""

    count: int
    wall: float
    cpu: float
    results: list

    @property
    def rate(self) -> float:
        """Calls per wall-clock second."""
        return self.count / self.wall if self.wall > 0 else float("inf")

    @property
    def cpu_rate(self) -> float:
        """Calls per CPU second of this process."""
        return self.count / self.cpu if self.cpu > 0 else float("inf")


def total(timings: Iterable[Timing]) -> Timing:
    """The sum of several timings (of chunks of one set); the results are not kept."""
    timings = list(timings)
    return Timing(sum(t.count for t in timings), sum(t.wall for t in timings),
                  sum(t.cpu for t in timings), [])


def fastest(best: Timing | None, timing: Timing) -> Timing:
    """The one of two timings of the same work that took less CPU (`best` may be None)."""
    return timing if best is None or timing.cpu < best.cpu else best


def chunks(items: list, size: int) -> Iterator[list]:
    """Consecutive slices of `size` items: time a large set chunk by chunk so that only one
    chunk's parsed puzzles and answers are held at once (keeps the process small)."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


def measure(function: Callable, items: Iterable) -> Timing:
    """Call `function(item)` for every item; time the loop (results kept for checking)."""
    items = list(items)
    wall_start = time.perf_counter()
    cpu_start = time.process_time()
    results = [function(item) for item in items]
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    return Timing(len(items), wall, cpu, results)


def peak_traced_bytes(function: Callable, items: Iterable) -> int:
    """Peak bytes Python allocated while calling `function(item)` for every item (tracemalloc;
    slow, so run it on a sample, separately from the timing)."""
    items = list(items)
    already = tracemalloc.is_tracing()
    if not already:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    for item in items:
        function(item)
    _, peak = tracemalloc.get_traced_memory()
    if not already:
        tracemalloc.stop()
    return max(0, peak - base)


def max_rss_bytes() -> int:
    """The peak resident memory of this process so far (includes the interpreter and loaded data)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports kilobytes


def heading(title: str) -> None:
    """Print a section's title line."""
    print(f"== {title}")


def print_figure(label: str, timing: Timing, target: float | None = None, unit: str = "puzzles/s") -> bool:
    """Print one figure line: rate, CPU rate, sample size, and the target when there is one.
    Returns whether the target is met (True without a target)."""
    met = target is None or timing.rate >= target
    line = (f"  {label:<44} {timing.rate:>10,.0f} {unit}   cpu {timing.cpu_rate:>10,.0f}/s"
            f"   ({timing.count} in {timing.wall:.2f} s)")
    if target is not None:
        line += f"   target >= {target:,.0f}: {'ok' if met else 'BELOW TARGET'}"
    print(line)
    return met


def print_value(label: str, value: str) -> None:
    """Print one labelled line that is not a rate (a memory figure, a check's result)."""
    print(f"  {label:<44} {value}")
