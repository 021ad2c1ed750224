"""`tutor grade`: check and grade puzzles from arguments, files or stdin, in parallel over processes
or on a Dask cluster."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections import deque
from itertools import islice

from tutor.cli.arguments import HELPS, board_of, command_parser, positive
from tutor.cli.inputs import CliError, Item, collect
from tutor.model.words import counted

HELP = HELPS["grade"]
DESCRIPTION = """\
Check and grade puzzles: validity (unique, no solution, several solutions, conflicting givens),
givens, level on the 0-6 scale with its band (decided by the card's ladder alone), the bottleneck
step that set the level, where the card's ladder runs out and what was needed then, the tutor's
rating (the hardest step of the tutor's own path, on its own scale) with that technique, Sudoku
Explainer's rating as SE 1.2.1 computes it (ER, with EP and ED in JSON and CSV; --no-se skips
it), and how often each technique was used. Each PUZZLE is 81 characters or a file (one puzzle per line, or one
grid); '-' or no PUZZLE with piped input reads stdin, so a pasted multi-line grid works.

Results are written as each puzzle is graded, in input order, in every output form; the summary
comes at the end. --jobs N grades on N processes of this machine; --dask ADDRESS sends the same
work to the workers of a Dask cluster (needs the dask extra: pip install 'sudoku-tutor[dask]').

Exit status: 0 all puzzles valid, 1 some invalid or unreadable (or the cluster cannot be reached),
2 usage error or the dask extra missing, 130 interrupted."""
DASK_INSTALL_HINT = "pip install 'sudoku-tutor[dask]'"
DASK_CONNECT_TIMEOUT = "20s"
"""How long to keep trying to reach the scheduler before saying it cannot be reached."""
# Chunks small enough to keep every process busy and the progress bar moving, large enough that
# sending them costs little next to grading.
LARGEST_CHUNK = 200
CHUNKS_PER_JOB = 8


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command_parser(subparsers, "grade", HELP, DESCRIPTION, "PUZZLE", many=True,
                            any_board=True)
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
    parser.add_argument("--no-se", action="store_true",
                        help="skip Sudoku Explainer's rating (a second solve, seconds on the "
                             "hardest puzzles)")
    parser.add_argument("--jobs", "-j", type=positive, default=None, metavar="N",
                        help=f"worker processes, at most one per core (default: all cores, "
                             f"{usable_cores()} here)")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="grade on the Dask cluster whose scheduler is at ADDRESS, such as "
                             "tcp://10.0.0.5:8786 (instead of --jobs; needs the dask extra)")
    return parser


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it), at least 1."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this system: every core
        return os.cpu_count() or 1


def worker_count(jobs: int | None, note) -> int:
    """--jobs, at most usable_cores() (more processes than cores only cost memory: each holds its
    own engine); `note` is told when it is capped."""
    cores = usable_cores()
    if jobs is None:
        return cores
    if jobs > cores:
        note(f"--jobs {jobs} is more than the {cores} core{'s' if cores != 1 else ''} this process "
             f"may use: grading on {cores}")
        return cores
    return jobs


class TrackedContext:
    """A multiprocessing context that keeps the processes it starts, so that the pool's workers
    can be terminated on Ctrl-C: ProcessPoolExecutor's own shutdown waits for the chunks they are
    grading, which on hard puzzles takes minutes."""

    def __init__(self, context) -> None:
        self.context = context
        self.processes: list = []

    def Process(self, *args, **kwargs):  # named as multiprocessing names it
        process = self.context.Process(*args, **kwargs)
        self.processes.append(process)
        return process

    def __getattr__(self, name: str):
        return getattr(self.context, name)

    def terminate(self) -> None:
        """End every worker now and wait for each to be gone."""
        for process in self.processes:
            if process.is_alive():
                process.terminate()
        for process in self.processes:
            process.join()


def _ignore_interrupts() -> None:
    """In workers: Ctrl-C is the parent's to handle, so it can stop the pool cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def chunk_size(count: int, workers: int) -> int:
    """Puzzles per unit of work: about CHUNKS_PER_JOB units per worker, at most LARGEST_CHUNK."""
    return max(1, min(LARGEST_CHUNK, -(-count // (workers * CHUNKS_PER_JOB))))


def chunked(items: list[Item], size: int):
    """Consecutive slices of `size` items, made one at a time."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


def in_order(submit, chunks, window: int, pending: deque):
    """The records of every chunk, chunk by chunk in input order, with at most `window` chunks in
    flight: `submit` sends one chunk off and returns a future (of concurrent.futures or of Dask)
    of its records. The bounded window keeps memory flat on a million-line file. `pending` holds
    the futures in flight, for the caller to cancel when the consumer stops early."""
    pending.extend(submit(chunk) for chunk in islice(chunks, window))
    while pending:
        records = pending[0].result()
        pending.popleft()
        following = next(chunks, None)
        if following is not None:
            pending.append(submit(following))
        yield records


def graded(items: list[Item], jobs: int, with_steps: bool, ladder: str = "full",
           dask: str | None = None, se: bool = True):
    """Yield a record per item in input order: on the Dask cluster at `dask` when given, else over
    `jobs` processes when that is worth it."""
    # lazy: grading imports the engine, which `tutor --help` and the other commands never need
    from tutor.cli.records import grade_chunk, grade_record

    if dask is not None:
        yield from dask_graded(dask, items, with_steps, ladder, se)
        return
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield grade_record(item, with_steps, ladder, se)
        return
    # lazy: only for parallel runs
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    size = chunk_size(len(items), jobs)
    jobs = min(jobs, -(-len(items) // size))
    context = TrackedContext(multiprocessing.get_context())
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_ignore_interrupts)
    try:
        for records in in_order(lambda chunk: pool.submit(grade_chunk, chunk, with_steps, ladder, se),
                                chunked(items, size), jobs * 4, deque()):
            yield from records
    except BaseException:
        # Stopped early (Ctrl-C, a closed pipe): drop the queued chunks and end the workers
        # without waiting for the chunks they are grading.
        context.terminate()
        # Quick now that its workers are gone, and waited for: the pool's thread left running
        # would race the interpreter's exit for its closing pipe ("Bad file descriptor").
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def dask_client(address: str):
    """A client of the Dask scheduler at `address`; CliError when Dask's distributed is not
    installed (exit 2, naming the extra) or the scheduler cannot be reached (exit 1)."""
    try:
        from distributed import Client  # lazy: the optional dask extra, only for --dask
    except ImportError as error:
        raise CliError(f"--dask needs Dask's distributed, which is not installed "
                       f"({error.name or error}); install the extra with: {DASK_INSTALL_HINT}",
                       code=2) from None
    try:
        return Client(address, timeout=DASK_CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise CliError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def dask_graded(address: str, items: list[Item], with_steps: bool, ladder: str, se: bool = True):
    """Records in input order, each chunk graded by grade_chunk on a worker of the cluster: the
    same function and chunks as --jobs, so the same records. The workers need sudoku-tutor
    installed (the same version)."""
    from tutor.cli.records import Work, grade_work  # lazy: as in graded()

    if not items:
        return
    client = dask_client(address)
    pending: deque = deque()

    def submit(chunk):
        # pure=False: two equal chunks (the same lines of two files) are still graded apart.
        return client.submit(grade_work, Work(chunk, with_steps, ladder, se), pure=False)

    try:
        workers = max(1, sum(client.nthreads().values()))
        size = chunk_size(len(items), workers)
        chunks = in_order(submit, chunked(items, size), workers * 4, pending)
        while True:
            try:
                records = next(chunks, None)
            except Exception as error:  # a worker failed (such as sudoku-tutor not installed there)
                raise CliError(f"grading on the Dask cluster at {address} failed: "
                               f"{type(error).__name__}: {error}") from None
            if records is None:
                break
            yield from records
    finally:
        # Stopped early (Ctrl-C, a closed pipe) or done: nothing is left running on the cluster.
        if pending:
            client.cancel(list(pending))
        client.close()


class StopFlag:
    """Turns Ctrl-C into a request honoured between two records, so that every record written is
    also counted in the summary, and none is cut in half; while the command waits for the next
    record (`waiting`), Ctrl-C stops the wait at once with KeyboardInterrupt."""

    def __init__(self):
        self.requested = False
        self.waiting = False
        try:
            self.previous = signal.signal(signal.SIGINT, self._request)
        except ValueError:  # not the main thread: Ctrl-C keeps its default behaviour
            self.previous = None

    def _request(self, signum, frame) -> None:
        self.requested = True
        if self.waiting:
            self.waiting = False
            raise KeyboardInterrupt

    def next_of(self, records):
        """The next record of `records`, None when there is none or Ctrl-C came meanwhile."""
        self.waiting = True
        try:
            return next(records, None)
        except KeyboardInterrupt:
            self.requested = True
            return None
        finally:
            self.waiting = False

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
    from tutor.cli.output import CsvWriter, JsonWriter, Lines, Summary, TableWriter

    items, problems = collect(args.puzzles, board_of(args))
    errors = Lines(stderr=True)
    for problem in problems:
        errors.print(problem, markup=False)
    machine = args.json or args.csv
    if args.json:
        writer = JsonWriter(sys.stdout)
    elif args.csv:
        writer = CsvWriter(sys.stdout, args.steps)
    else:
        source_width = max((len(item.where()) for item in items), default=6)
        writer = TableWriter(args.steps, len(items), source_width)
    summary = Summary()
    progress = _progress(len(items))
    task = progress.add_task("grading", total=len(items)) if progress else None
    if progress and not machine and sys.stdout.isatty():
        # Rows printed on the terminal under the progress bar go through its console, which puts
        # them above the bar instead of letting the bar's redraws wipe them.
        writer.live = progress.console
    jobs = worker_count(args.jobs, lambda note: errors.print(f"tutor grade: {note}", markup=False)) \
        if args.dask is None and len(items) > 1 else 1
    results = graded(items, jobs, args.steps, args.ladder, args.dask, not args.no_se)
    stop = StopFlag()
    try:
        if progress:
            progress.start()
        while not stop.requested:
            record = stop.next_of(results)
            if record is None:
                break
            writer.add(record)
            summary.add(record)
            if machine and record["error"]:
                # Bad lines go to stderr too, so they are seen when stdout goes to a file.
                (progress.console if progress else errors).print(record["error"], markup=False)
            if progress:
                progress.advance(task)
    finally:
        stop.restore()
        results.close()
        if progress:
            progress.stop()
    writer.finish()
    report = errors if machine else Lines()
    if summary.total > 1 or stop.requested:
        if not machine:
            report.print()
        for line in summary.lines():
            report.print(line, markup=False)
    if stop.requested:
        errors.print(f"interrupted: {summary.total} of {counted(len(items), 'puzzle')} graded "
                     "(their results are above)", markup=False)
        return 130
    return 1 if problems or summary.invalid_count else 0
