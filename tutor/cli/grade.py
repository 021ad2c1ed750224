"""`tutor grade`: check and grade puzzles from arguments, files or stdin, in parallel over processes."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections import deque
from itertools import islice

from tutor.cli.arguments import command_parser, positive
from tutor.cli.inputs import Item, collect

HELP = "check and grade puzzles (arguments, files, or piped stdin)"
DESCRIPTION = """\
Check and grade puzzles: validity (unique, no solution, several solutions, conflicting givens),
givens, level on the 0-6 scale with its band (decided by the card's ladder alone), the bottleneck
step that set the level, where the card's ladder runs out and what was needed then, the rating on
Sudoku Explainer's scale with the hardest technique, and how often each technique was used. Each PUZZLE is 81 characters or a file (one puzzle per line, or one
grid); '-' or no PUZZLE with piped input reads stdin, so a pasted multi-line grid works.

Exit status: 0 all puzzles valid, 1 some invalid or unreadable, 2 usage error, 130 interrupted."""
# Chunks small enough to keep every process busy and the progress bar moving, large enough that
# sending them costs little next to grading.
LARGEST_CHUNK = 200
CHUNKS_PER_JOB = 8


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command_parser(subparsers, "grade", HELP, DESCRIPTION, "PUZZLE", many=True)
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true",
                      help="one JSON object per puzzle per line (JSON Lines)")
    form.add_argument("--csv", action="store_true", help="one CSV row per puzzle, with a header")
    parser.add_argument("--steps", action="store_true",
                        help="the whole step list, numbered, with full explanations")
    parser.add_argument("--ladder", choices=("full", "card"), default="full",
                        help="the techniques to grade with: 'full' (default) tries the card's ladder, "
                             "then the techniques beyond it, before a guess; 'card' only the card's "
                             "ladder, then backtracking")
    parser.add_argument("--jobs", "-j", type=positive, default=os.cpu_count() or 1, metavar="N",
                        help="worker processes (default: all cores, %(default)s here)")
    return parser


def _ignore_interrupts() -> None:
    """In workers: Ctrl-C is the parent's to handle, so it can stop the pool cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def graded(items: list[Item], jobs: int, with_steps: bool, ladder: str = "full"):
    """Yield a record per item in input order, over `jobs` processes when that is worth it."""
    # lazy: grading imports the engine, which `tutor --help` and the other commands never need
    from tutor.cli.records import grade_chunk, grade_record

    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield grade_record(item, with_steps, ladder)
        return
    from concurrent.futures import ProcessPoolExecutor  # lazy: only for parallel runs

    size = max(1, min(LARGEST_CHUNK, -(-len(items) // (jobs * CHUNKS_PER_JOB))))
    chunks = iter([items[i:i + size] for i in range(0, len(items), size)])
    jobs = min(jobs, -(-len(items) // size))
    with ProcessPoolExecutor(jobs, initializer=_ignore_interrupts) as pool:
        # A bounded window of chunks in flight keeps memory flat on a million-line file.
        pending = deque(pool.submit(grade_chunk, chunk, with_steps, ladder)
                        for chunk in islice(chunks, jobs * 4))
        try:
            while pending:
                records = pending.popleft().result()
                following = next(chunks, None)
                if following is not None:
                    pending.append(pool.submit(grade_chunk, following, with_steps, ladder))
                yield from records
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


class StopFlag:
    """Turns Ctrl-C into a request honoured between two records, so that every record written is
    also counted in the summary, and none is cut in half."""

    def __init__(self):
        self.requested = False
        try:
            self.previous = signal.signal(signal.SIGINT, self._request)
        except ValueError:  # not the main thread: Ctrl-C keeps its default behaviour
            self.previous = None

    def _request(self, signum, frame) -> None:
        self.requested = True

    def restore(self) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def _progress(total: int):
    """A progress bar with rate and ETA on stderr when it is a terminal, else None."""
    if total < 2 or not sys.stderr.isatty():
        return None
    # Imported lazily: the progress bar is only drawn on a terminal.
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn,
                               TextColumn, TimeRemainingColumn)
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task):
            return Text(f"{task.speed:,.0f} puzzles/s" if task.speed else "")

    from tutor.cli.output import console  # lazy: as in run()

    return Progress(TextColumn("grading"), BarColumn(), MofNCompleteColumn(), Rate(),
                    TimeRemainingColumn(), console=console(stderr=True), transient=True)


def run(args) -> int:
    # lazy: the writers import the engine's technique names (start-up speed of `tutor --help`)
    from tutor.cli.output import CsvWriter, JsonWriter, Summary, TableWriter, console

    items, problems = collect(args.puzzles)
    errors = console(stderr=True)
    for problem in problems:
        errors.print(problem, markup=False)
    machine = args.json or args.csv
    if args.json:
        writer = JsonWriter(sys.stdout)
    elif args.csv:
        writer = CsvWriter(sys.stdout, args.steps)
    else:
        writer = TableWriter(args.steps)
    summary = Summary()
    progress = _progress(len(items))
    task = progress.add_task("grading", total=len(items)) if progress else None
    results = graded(items, args.jobs, args.steps, args.ladder)
    stop = StopFlag()
    try:
        if progress:
            progress.start()
        for record in results:
            writer.add(record)
            summary.add(record)
            if machine and record["error"]:
                # Bad lines go to stderr too, so they are seen when stdout goes to a file.
                (progress.console if progress else errors).print(record["error"], markup=False)
            if progress:
                progress.advance(task)
            if stop.requested:
                break
    finally:
        stop.restore()
        results.close()
        if progress:
            progress.stop()
    writer.finish()
    report = errors if machine else console()
    if summary.total > 1 or stop.requested:
        if not machine:
            report.print()
        for line in summary.lines():
            report.print(line, markup=False)
    if stop.requested:
        errors.print(f"interrupted: {summary.total} of {len(items)} puzzles graded "
                     "(their results are above)", markup=False)
        return 130
    return 1 if problems or summary.invalid_count else 0
