"""Start-up benchmark: CPU time of short `tutor` commands beside a bare `python -c pass`.

Each command runs as a fresh process doing what the installed `tutor` script does (import
tutor.cli, call main), as a user types it; the CPU time (user +
system) of that process is what the figures compare, the median of several runs, since it moves
less than wall-clock time on a shared machine. The yardstick, a bare interpreter, runs in the same
loop, interleaved with the commands, so that both see the same load.

With BENCH_BASELINE=<folder of another checkout> the same commands also run on that checkout's code
(PYTHONPATH pointed at it), interleaved too, for a before/after comparison in one run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

from bench.common import baseline_dir, code_env, heading, load_puzzles, print_value, repo_root

RUNS = 9
# The first puzzle of the Kaggle set (everyday difficulty), written out so the figure never skips.
EVERYDAY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
HARDEST = "forum-hardest/HardestDatabase110626.txt"


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """User + system CPU seconds of one process running `command` (its output discarded), run in
    the folder PYTHONPATH names, since `python -c` puts the current folder first on the path."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, env=env, cwd=env.get("PYTHONPATH"))
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def commands(hardest: str | None) -> list[tuple[str, list[str], float]]:
    """(label, tutor arguments, allowed multiple of the bare interpreter) of each timed command."""
    found = [
        ("tutor --help", ["--help"], 3),
        ("tutor --version", ["--version"], 3),
        ("tutor solve PUZZLE", ["solve", EVERYDAY], 3),
        ("tutor grade PUZZLE", ["grade", "--jobs", "1", EVERYDAY], 4),
        ("tutor next PUZZLE", ["next", EVERYDAY], 4),
    ]
    if hardest is not None:
        found.append(("tutor next HARDEST (forum #1)", ["next", hardest], 4))
    return found


# What pip's `tutor` script runs (`python -m tutor` would add runpy's own imports).
SCRIPT = "import sys; from tutor.cli import main; sys.argv[0] = 'tutor'; sys.exit(main())"


def tutor_command(arguments: list[str]) -> list[str]:
    return [sys.executable, "-c", SCRIPT, *arguments]


def run() -> None:
    heading(f"startup: CPU time of a fresh process, median of {RUNS}, beside `python -c pass`")
    root = repo_root() or Path.cwd()
    baseline = baseline_dir()
    hardest_set = load_puzzles(HARDEST, 1, what="forum hardest #1")
    timed = commands(hardest_set[0] if hardest_set else None)
    python = sys.executable
    bare_env = dict(os.environ)
    bare_env.pop("PYTHONPATH", None)
    samples: dict[str, list[float]] = {"bare": []}
    for label, _, _ in timed:
        samples[label] = []
        samples["before " + label] = []
    for label, arguments, _ in timed:  # warm-up: writes the bytecode caches
        cpu_seconds(tutor_command(arguments), code_env(root))
        if baseline:
            cpu_seconds(tutor_command(arguments), code_env(baseline))
    # Interleaved rounds: each round times the yardstick and every command once.
    for _ in range(RUNS):
        samples["bare"].append(cpu_seconds([python, "-c", "pass"], bare_env))
        for label, arguments, _ in timed:
            samples[label].append(cpu_seconds(tutor_command(arguments), code_env(root)))
            if baseline:
                samples["before " + label].append(
                    cpu_seconds(tutor_command(arguments), code_env(baseline)))
    bare = statistics.median(samples["bare"])
    print_value("python -c pass (the yardstick)", f"{bare * 1000:6.1f} ms cpu")
    for label, _, allowed in timed:
        now = statistics.median(samples[label])
        line = f"{now * 1000:6.1f} ms cpu = {now / bare:5.1f}x bare"
        if baseline:
            before = statistics.median(samples["before " + label])
            line += f"   (before: {before * 1000:6.1f} ms = {before / bare:5.1f}x)"
        verdict = "ok" if now <= allowed * bare else "ABOVE TARGET"
        print_value(label, f"{line}   target <= {allowed}x: {verdict}")


if __name__ == "__main__":
    run()
