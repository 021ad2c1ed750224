"""`python -m bench.se_rating [--limit N] [--tutor]`: the Sudoku Explainer rating reproduced,
against the Sudoku Exchange bank's own ratings (../shared/data/se-rated), band by band.

For each band of the bank's rating: how many puzzles, the share rated exactly (within 0.05) and
within 0.2, the mean difference (ours - bank's), and the time per puzzle. --limit N takes the
first N puzzles of each rating value (the sample holds up to 100 of each); --tutor also rates
them with the tutor's own ladder, for comparison. Without ../shared it says so and stops.

`--versus-java PATH` (a jar or class folder of Sudoku/Sukaku Explainer built from its source)
rates the same puzzles with its batch rater (diuf.sudoku.test.serate) and with ours, one after
the other in the same run, each as a whole process over the whole file: wall-clock and CPU
seconds of both, the ratio (theirs / ours), and how often the two give the same ER, EP and ED.
The sets are the bank's diabolical bucket and top1465 (--sets; --limit N keeps the first N of
each). --java-threads N passes serate's --threads (0: as many threads as cores for its chain
searches; serate reads 1 when it is not given); --jobs N rates ours in N processes. Without PATH
that comparison is skipped, saying why.

`--forum` rates the forum's hardest puzzles (forum-hardest: those with an ER, 9.7-11.9, easiest
first; --from R / --to R keep an ER range, --limit N the first N) against their ER/EP/ED, one
line a puzzle as it is rated (SE's and ours, seconds, our hardest step), then how many are exact
and within 0.2; --timeout S gives up on a puzzle after S seconds (counted apart), --jobs N rates
in N processes; --record FILE keeps results between runs (see read_record)."""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.common import data_file, load_puzzles

SAMPLE = "se-rated/se_stratified_sample_100_per_rating.txt"
SETS = {
    "diabolical": "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt",
    "top1465": "top1465/top1465.sdm",
    "forum-hardest": "forum-hardest/HardestDatabase110626.txt",
}
"""The puzzle sets --versus-java rates, by name."""
SERATE = "diuf.sudoku.test.serate"
"""The batch rater's class in Sudoku Explainer and its forks."""
RATING = re.compile(r"^(\d+\.\d)/(\d+\.\d)/(\d+\.\d)(?:\s+(\S+))?$")
BANDS = ((2.5, 4.0), (4.0, 5.0), (5.0, 6.0), (6.0, 7.0), (7.0, 8.5), (8.5, 9.35))


def band_of(rating: float) -> str:
    for low, high in BANDS:
        if low <= rating < high:
            return f"{low}-{min(high, 9.3)}"
    return "other"


def load(limit: int | None, lowest: float = 0.0,
         highest: float = 99.0) -> list[tuple[str, str, float]]:
    path = data_file(SAMPLE)
    if path is None:
        return []
    rows: list[tuple[str, str, float]] = []
    taken: Counter[str] = Counter()
    for line in path.read_text().splitlines():
        fields = line.split()
        if len(fields) != 3 or line.startswith("#"):
            continue
        ident, puzzle, rating = fields
        if (not lowest - 1e-9 <= float(rating) <= highest + 1e-9
                or (limit is not None and taken[rating] >= limit)):
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


def _rate_one(puzzle: str) -> str:
    from tutor.engine import se_rating  # noqa: PLC0415 (the timed process pays for its imports)
    start = time.perf_counter()
    rating = se_rating(puzzle)
    return f"{rating.er:.1f}/{rating.ep:.1f}/{rating.ed:.1f} {time.perf_counter() - start:.3f}s"


def rate_file(path: str, jobs: int = 1) -> int:
    """Rate each puzzle of a file (one a line) with ours, printing `ER/EP/ED seconds` a line, as
    the Java rater's --format=%r/%p/%d %e does (20.0 for a puzzle beyond our techniques); with
    jobs > 1, in that many processes (in the file's order)."""
    puzzles = Path(path).read_text().split()
    if jobs > 1:
        from multiprocessing import Pool  # noqa: PLC0415 (only when asked for)
        with Pool(jobs) as pool:
            for line in pool.imap(_rate_one, puzzles, chunksize=1):
                print(line, flush=True)
        return 0
    for puzzle in puzzles:
        print(_rate_one(puzzle), flush=True)
    return 0


def load_forum(lowest: float, highest: float,
               limit: int | None) -> list[tuple[str, tuple[float, ...]]]:
    """The forum-hardest puzzles with an ER in [lowest, highest], easiest first, with their
    ER, EP and ED. A label may hold commas, so the ratings are read from the row's end (ER, EP,
    ED, then the two suexrat columns); a missing EP or ED reads 0.0."""
    path = data_file(SETS["forum-hardest"])
    if path is None:
        return []
    rows = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or len(line) < 82 or line[81] != ",":
            continue
        fields = line.split(",")
        if not fields[-5]:
            continue
        # One row has an ER but no EP and ED: 0.0 stands for a missing one.
        rating = tuple(float(f) if f else 0.0 for f in fields[-5:-2])
        if lowest - 1e-9 <= rating[0] <= highest + 1e-9:
            rows.append((fields[0], rating))
    rows.sort(key=lambda row: row[1][0])
    return rows[:limit] if limit is not None else rows


class _OutOfTime(Exception):
    pass


def _rate_timed(job: tuple[str, int]) -> tuple[tuple[float, float, float] | None, float, str]:
    """Our ER, EP, ED (None when out of time), seconds and hardest step of one puzzle."""
    import signal  # noqa: PLC0415 (the worker's own alarm)

    from tutor.engine import se_rating  # noqa: PLC0415

    puzzle, timeout = job

    def stop(signum, frame):  # noqa: ARG001 (a signal handler's signature)
        raise _OutOfTime

    start = time.perf_counter()
    if timeout:
        signal.signal(signal.SIGALRM, stop)
        signal.alarm(timeout)
    try:
        rating = se_rating(puzzle)
    except _OutOfTime:
        return None, time.perf_counter() - start, ""
    finally:
        if timeout:
            signal.alarm(0)
    return (rating.er, rating.ep, rating.ed), time.perf_counter() - start, rating.hardest


def read_record(path: Path | None) -> dict[str, tuple[tuple[float, float, float] | None, float, str]]:
    """Results kept by an earlier --record run: our ER/EP/ED (None: out of time), seconds and
    hardest step, by puzzle. A line is: puzzle, SE's ER/EP/ED, ours or 'out-of-time', seconds,
    hardest step, tab-separated."""
    kept: dict[str, tuple[tuple[float, float, float] | None, float, str]] = {}
    if path is None or not path.exists():
        return kept
    for line in path.read_text().splitlines():
        fields = line.split("\t")
        if len(fields) < 4 or line.startswith("#"):
            continue
        ours = None if fields[2] == "out-of-time" else tuple(float(x) for x in fields[2].split("/"))
        kept[fields[0]] = (ours, float(fields[3]), fields[4] if len(fields) > 4 else "")
    return kept


def forum(lowest: float, highest: float, limit: int | None, jobs: int, timeout: int,
          record: Path | None = None) -> int:
    """Rate forum-hardest against its ER/EP/ED, a line a puzzle, then the agreement. With
    `record`, a puzzle rated in time before (in that file) is not rated again, and each new
    result is added to it as it comes; one out of time is tried again only with a longer
    timeout than it had."""
    rows = load_forum(lowest, highest, limit)
    kept = read_record(record)
    if not rows:
        print(f"skipped: {SETS['forum-hardest']} not found under ../shared/data (or no puzzle "
              "in the range)")
        return 0
    print(f"forum-hardest: {len(rows)} puzzles rated by SE {rows[0][1][0]}-{rows[-1][1][0]}"
          + (f", {timeout} s each at most" if timeout else ""), flush=True)
    def again(puzzle: str) -> bool:
        if puzzle not in kept:
            return True
        ours, spent, _ = kept[puzzle]
        return ours is None and (not timeout or timeout > spent + 1)

    todo = [row for row in rows if again(row[0])]
    if record is not None:
        print(f"{len(rows) - len(todo)} kept from {record}, {len(todo)} to rate", flush=True)
    jobs_in = [(puzzle, timeout) for puzzle, _ in todo]
    if jobs > 1:
        from multiprocessing import Pool  # noqa: PLC0415 (only when asked for)
        pool = Pool(jobs)
        results = pool.imap(_rate_timed, jobs_in, chunksize=1)
    else:
        pool = None
        results = map(_rate_timed, jobs_in)
    for i, ((puzzle, theirs), (ours, spent, hardest)) in enumerate(zip(todo, results)):
        said = "out of time" if ours is None else "/".join(f"{x:.1f}" for x in ours)
        print(f"#{i + 1:<4}{puzzle} SE {'/'.join(f'{x:.1f}' for x in theirs)} ours {said} "
              f"{spent:.1f}s {hardest}", flush=True)
        kept[puzzle] = (ours, spent, hardest)
        if record is not None:
            with record.open("a") as handle:
                handle.write("\t".join([puzzle, "/".join(f"{x:.1f}" for x in theirs),
                                         "out-of-time" if ours is None else said,
                                         f"{spent:.1f}", hardest]) + "\n")
    if pool is not None:
        pool.close()
    done = [(theirs, *kept[puzzle][:2]) for puzzle, theirs in rows if puzzle in kept]
    n = len(done)
    rated = [(t, o, s) for t, o, s in done if o is not None and o[0] < 20.0]
    exact = sum(1 for t, o, _ in rated if abs(t[0] - o[0]) < 0.05)
    near = sum(1 for t, o, _ in rated if abs(t[0] - o[0]) <= 0.2 + 1e-9)
    all3 = sum(1 for t, o, _ in rated if all(abs(a - b) < 0.05 for a, b in zip(t, o)))
    late = sum(1 for _, o, _ in done if o is None)
    print(f"\n{n} puzzles: rated {len(rated)}, ER exact {exact} ({exact / n:.1%}), within 0.2 "
          f"{near} ({near / n:.1%}), ER/EP/ED all equal {all3}; out of time {late}, "
          f"beyond {n - len(rated) - late}")
    if rated:
        print(f"seconds a rated puzzle: mean {sum(s for *_, s in rated) / len(rated):.1f}, "
              f"most {max(s for *_, s in rated):.1f}")
    return 0


def _seconds(text: str | None) -> float:
    """serate's %e: '0.64s', '1m05s', '1h02m'."""
    if not text:
        return 0.0
    match = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?", text)
    if match is None:
        return 0.0
    hours, minutes, seconds = (float(g) if g else 0.0 for g in match.groups())
    return hours * 3600 + minutes * 60 + seconds


def timed(command: list[str]) -> tuple[list[tuple[float, float, float, float]], float, float, str]:
    """Run a rater as a whole process: its ratings (ER, EP, ED, seconds), wall-clock and CPU
    seconds (user + system, children included), and its error output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rows = []
    for line in proc.stdout.splitlines():
        match = RATING.match(line.strip())
        if match:
            er, ep, ed, spent = match.groups()
            rows.append((float(er), float(ep), float(ed), _seconds(spent)))
    return rows, wall, cpu, proc.stderr


def versus_java(classes: str, sets: list[str], limit: int | None, threads: int | None,
                java: str, jobs: int = 1) -> int:
    """Rate each set with SE's batch rater and with ours, print times, ratio and agreement."""
    if not Path(classes).exists():
        print(f"--versus-java: {classes} does not exist (give SE's jar or class folder)")
        return 2
    status = 0
    for name in sets:
        puzzles = load_puzzles(SETS[name], limit, what=name)
        if not puzzles:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("\n".join(p.replace(".", "0") for p in puzzles) + "\n")
            path = handle.name
        try:
            command = [java, "-Xmx1g", "-cp", classes, SERATE, "--format=%r/%p/%d %e",
                       f"--input={path}"]
            if threads is not None:
                command.append(f"--threads={threads}")
            theirs, java_wall, java_cpu, java_err = timed(command)
            ours, our_wall, our_cpu, our_err = timed(
                [sys.executable, "-m", "bench.se_rating", "--rate-file", path, "--jobs", str(jobs)])
        finally:
            os.unlink(path)
        print(f"\n{name}: {len(puzzles)} puzzles" + (f" (first {limit})" if limit else ""))
        if len(theirs) != len(puzzles) or len(ours) != len(puzzles):
            print(f"  rated {len(theirs)} by SE's rater, {len(ours)} by ours: the run failed")
            print("  " + (java_err or our_err).strip()[-800:])
            status = 1
            continue
        print(f"  {'':<22}{'wall s':>9}{'cpu s':>9}")
        print(f"  {'SE serate (Java)':<22}{java_wall:>9.1f}{java_cpu:>9.1f}")
        print(f"  {f'ours (Python, {jobs} job' + ('s)' if jobs > 1 else ')'):<22}"
              f"{our_wall:>9.1f}{our_cpu:>9.1f}")
        print(f"  ratio SE / ours: wall {java_wall / our_wall:.2f}, cpu {java_cpu / our_cpu:.2f}")
        n = len(puzzles)
        same_er = sum(1 for a, b in zip(theirs, ours) if abs(a[0] - b[0]) < 0.05)
        near_er = sum(1 for a, b in zip(theirs, ours) if abs(a[0] - b[0]) <= 0.2 + 1e-9)
        same_all = sum(1 for a, b in zip(theirs, ours) if all(abs(x - y) < 0.05
                                                              for x, y in zip(a[:3], b[:3])))
        beyond = sum(1 for b in ours if b[0] >= 20.0)
        print(f"  agreement: ER equal {same_er}/{n} ({same_er / n:.1%}), within 0.2 "
              f"{near_er}/{n} ({near_er / n:.1%}), ER/EP/ED all equal {same_all}/{n}; "
              f"ours beyond its techniques (20.0) on {beyond}")
        if beyond:
            # Where we stop (nested chains) SE goes on: the whole-run ratio flatters us there,
            # so the per-puzzle times are also summed over the puzzles both rate.
            both = [(a[3], b[3]) for a, b in zip(theirs, ours) if b[0] < 20.0 and a[0] < 20.0]
            java_t = sum(a for a, _ in both)
            our_t = sum(b for _, b in both)
            print(f"  on the {len(both)} puzzles both rate (per-puzzle times, no start-up): "
                  f"SE {java_t:.1f} s, ours {our_t:.1f} s, ratio {java_t / max(our_t, 1e-9):.2f}")
        misses = [(i, a, b) for i, (a, b) in enumerate(zip(theirs, ours)) if abs(a[0] - b[0]) >= 0.05
                  and b[0] < 20.0]
        for i, a, b in misses[:10]:
            print(f"    #{i + 1} {puzzles[i]} SE {a[0]:.1f}/{a[1]:.1f}/{a[2]:.1f} "
                  f"ours {b[0]:.1f}/{b[1]:.1f}/{b[2]:.1f}")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.se_rating", description=__doc__)
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="first N puzzles of each rating value (default: all); "
                             "with --versus-java, of each set")
    parser.add_argument("--versus-java", metavar="PATH",
                        help="SE's jar or class folder: time its batch rater against ours")
    parser.add_argument("--sets", default="diabolical,top1465",
                        help=f"with --versus-java, the sets to rate ({', '.join(SETS)}; "
                             "default diabolical,top1465)")
    parser.add_argument("--java-threads", type=int, default=None, metavar="N",
                        help="with --versus-java, serate's --threads (default: not given, which "
                             "serate reads as 1)")
    parser.add_argument("--java", default="java", help="the java command (default: java)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="with --versus-java (and --forum), rate ours in N processes")
    parser.add_argument("--from", dest="lowest", type=float, default=0.0, metavar="R",
                        help="only the puzzles SE (the bank, or the forum with --forum) rates R "
                             "or more")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="with --forum, keep each result in FILE and skip puzzles rated "
                             "there before (bench/results/forum-hardest.tsv holds ours)")
    parser.add_argument("--forum", action="store_true",
                        help="rate forum-hardest (ER 9.7-11.9) against its ER/EP/ED")
    parser.add_argument("--to", dest="highest", type=float, default=99.0, metavar="R",
                        help="only the puzzles SE (the bank, or the forum with --forum) rates R "
                             "or less")
    parser.add_argument("--timeout", type=int, default=0, metavar="S",
                        help="with --forum, give up on a puzzle after S seconds")
    parser.add_argument("--rate-file", help=argparse.SUPPRESS)
    parser.add_argument("--tutor", action="store_true",
                        help="also rate with the tutor's own ladder (slower)")
    parser.add_argument("--misses", action="store_true", help="list the puzzles rated differently")
    args = parser.parse_args(argv)
    if args.rate_file:
        return rate_file(args.rate_file, args.jobs)
    if args.forum:
        return forum(args.lowest, args.highest, args.limit, args.jobs, args.timeout,
                     args.record)
    if args.versus_java:
        sets = [s for s in args.sets.split(",") if s]
        unknown = [s for s in sets if s not in SETS]
        if unknown:
            parser.error(f"--sets: unknown set {unknown[0]!r} (known: {', '.join(SETS)})")
        return versus_java(args.versus_java, sets, args.limit, args.java_threads, args.java,
                           args.jobs)
    print("SE's batch rater: skipped: no --versus-java PATH (its jar or class folder)")
    rows = load(args.limit, args.lowest, args.highest)
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
