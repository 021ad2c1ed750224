"""Boards of other sizes through the command line: every SudoQ step checked, 16x16 speed measured.

`python -m bench.sizes` runs, for each of ../shared/data/sudoq/4x4.txt, 6x6.txt and 16x16.txt, one
`tutor grade --json --steps --no-se FILE` process on the file's puzzles and checks every placement
and elimination of every step, by its 1-based `row` and `col`, against the solution the file lists.
It prints per board: puzzles, unique, steps, placements, eliminations, violations and the
whole-process time.

`--speed` then grades each distinct 16x16 "difficult" puzzle in a process of its own (whole-process
time of `tutor grade --json --steps --no-se`, the median and the slowest), and, in this process and
alternating puzzle by puzzle, the command's own record (`grade_record`: the grade with every
step's text, as `--json --steps` writes it) against
pencilmark's `rate(puzzle, steps=True)` (CPU time, after one easy puzzle each to build what a
process builds once) when pencilmark is installed (a yardstick only, never a
dependency of the tutor: `pip install pencilmark`).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import data_file, skipped

FILES = ("sudoq/4x4.txt", "sudoq/6x6.txt", "sudoq/16x16.txt")


def _puzzles(path: Path, level: str | None = None) -> list[tuple[str, str]]:
    """(givens, solution) of each line `GIVENS SOLUTION LEVEL`, distinct givens only, at `level`."""
    seen: set[str] = set()
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) < 2 or fields[0].startswith("#") or fields[0] in seen:
            continue
        if level is not None and (len(fields) < 3 or fields[2] != level):
            continue
        seen.add(fields[0])
        found.append((fields[0], fields[1]))
    return found


def _grade_command(path: str) -> list[str]:
    return [sys.executable, "-m", "tutor", "grade", "--json", "--steps", "--no-se", path]


def _run(puzzles: list[str]) -> tuple[list[dict], float]:
    """The records of one `tutor grade` process over `puzzles`, and its whole-process time."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as out:
        out.write("\n".join(puzzles) + "\n")
    try:
        started = time.perf_counter()
        done = subprocess.run(_grade_command(out.name), capture_output=True, text=True, check=False)
        took = time.perf_counter() - started
    finally:
        os.unlink(out.name)
    if done.returncode not in (0, 1):
        raise SystemExit(f"tutor grade failed ({done.returncode}): {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()], took


def _symbol_values(solution: str, size: int) -> list[int]:
    symbols = "123456789ABCDEFGHIJKLMNOP"[:size]
    return [symbols.index(ch) + 1 for ch in solution]


def check(record: dict, solution: list[int], size: int) -> tuple[int, int, list[str]]:
    """(placements, eliminations, what is false) of a record's steps against the solution."""
    placed = removed = 0
    wrong = []
    for step in record.get("steps") or ():
        for change in step["placements"]:
            placed += 1
            if solution[(change["row"] - 1) * size + change["col"] - 1] != change["digit"]:
                wrong.append(f"{step['text']}: {change['cell']} is not {change['digit']}")
        for change in step["eliminations"]:
            removed += 1
            if solution[(change["row"] - 1) * size + change["col"] - 1] == change["digit"]:
                wrong.append(f"{step['text']}: removes {change['digit']}, {change['cell']}'s digit")
    return placed, removed, wrong


def soundness() -> int:
    """Print the sweep's table; the number of violations."""
    print("| board | puzzles | unique | steps | placements | eliminations | violations | process |")
    print("|---|---|---|---|---|---|---|---|")
    total = 0
    for relative in FILES:
        path = data_file(relative)
        if path is None:
            skipped("sudoq sweep", relative)
            continue
        puzzles = _puzzles(path)
        records, took = _run([givens for givens, _ in puzzles])
        size = int(len(puzzles[0][0]) ** 0.5)
        steps = placed = removed = unique = 0
        wrong: list[str] = []
        for record, (_, solution) in zip(records, puzzles, strict=True):
            unique += record["status"] == "unique"
            steps += len(record.get("steps") or ())
            p, r, w = check(record, _symbol_values(solution, size), size)
            placed, removed = placed + p, removed + r
            wrong += w
        total += len(wrong)
        print(f"| {size}x{size} | {len(puzzles)} | {unique} | {steps:,} | {placed:,} | {removed:,} "
              f"| {len(wrong)} | {took:.1f} s |")
        for line in wrong[:10]:
            print("   ", line)
    return total


def speed() -> None:
    """Whole-process and in-process timings on the 16x16 "difficult" puzzles."""
    path = data_file("sudoq/16x16.txt")
    if path is None:
        skipped("16x16 speed", "sudoq/16x16.txt")
        return
    puzzles = [givens for givens, _ in _puzzles(path, "difficult")]
    whole = []
    for givens in puzzles:
        whole.append(_run([givens])[1])
    print(f"16x16 difficult, {len(puzzles)} distinct puzzles, one `tutor grade --json --steps "
          f"--no-se` process each: median {statistics.median(whole):.3f} s, "
          f"slowest {max(whole):.3f} s")
    from tutor.cli.inputs import ANY_BOARD, Item
    from tutor.cli.records import grade_record
    try:
        import pencilmark  # a yardstick only, never a dependency of the tutor
    except ImportError:
        pencilmark = None
        print("  pencilmark yardstick: skipped: not installed (pip install pencilmark)")
    # Both sides first grade one easy puzzle outside the measure: tables built once per process
    # (a 16x16 board's) are not any one puzzle's cost.
    warm = _puzzles(path, "easy")[0][0]
    grade_record(Item("bench", None, None, 0, warm, None, ANY_BOARD), with_steps=True, se=False)
    if pencilmark is not None:
        pencilmark.rate(warm, steps=True)
    clock = time.process_time  # CPU time: steadier than the wall clock on a shared machine
    ours, theirs = [], []
    for givens in puzzles:
        started = clock()
        grade_record(Item("bench", None, None, 0, givens, None, ANY_BOARD), with_steps=True, se=False)
        ours.append(clock() - started)
        if pencilmark is not None:
            started = clock()
            pencilmark.rate(givens, steps=True)
            theirs.append(clock() - started)
    print(f"the record with every step's text, in process, CPU time: median {statistics.median(ours) * 1000:.1f} ms, "
          f"slowest {max(ours) * 1000:.0f} ms, total {sum(ours):.2f} s")
    if theirs:
        ratios = [t / o for t, o in zip(theirs, ours)]
        print(f"pencilmark rate(steps=True): median {statistics.median(theirs) * 1000:.0f} ms, "
              f"slowest {max(theirs) * 1000:.0f} ms, total {sum(theirs):.2f} s")
        print(f"ratio pencilmark / tutor: median per puzzle {statistics.median(ratios):.0f}x, "
              f"least {min(ratios):.1f}x, totals {sum(theirs) / sum(ours):.0f}x")


def main(arguments: list[str]) -> int:
    violations = soundness()
    if "--speed" in arguments:
        speed()
    return 1 if violations else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
