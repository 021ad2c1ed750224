"""`tutor generate`: proper puzzles at a level or range of the 0-6 scale, reproducible from a seed."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.arguments import positive
from tutor.cli.inputs import CliError

HELP = "generate proper puzzles at a level (0-6) or a range of levels"
DESCRIPTION = """\
Generate puzzles with exactly one solution that grade at LEVEL on the 0-6 scale (0, 0.5, 1, ... 6)
or anywhere in a range such as 2-3.5. Each is printed as one line: the 81-character puzzle, then
`# level 2.5 (Tricky); bottleneck: <the step that set the level>; seed S`; `--seed S` with the same
level and --symmetric setting makes that puzzle again. --out appends the lines to a puzzle file
(created if absent; what it held is kept).

Exit status: 0 done, 1 the file could not be written or no puzzle was found, 2 usage error,
130 interrupted."""


MAX_ATTEMPTS: int | None = None
"""Attempts per puzzle before giving up; None for the generator's own default."""


def level_range(text: str):
    """An argparse type: '2.5' or '2-3.5'."""
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    from tutor.generator.generate import GenerationError, LevelRange

    try:
        return LevelRange.parse(text)
    except GenerationError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "generate", help=HELP, description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--level", "-l", type=level_range, required=True, metavar="L|L1-L2",
                        help="the level, such as 2.5, or a range, such as 2-3.5")
    parser.add_argument("--count", "-n", type=positive, default=1, metavar="N",
                        help="how many puzzles (default 1)")
    parser.add_argument("--symmetric", action="store_true",
                        help="givens symmetric under a 180-degree turn of the board")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="start from this seed (default: a random one, named in each line)")
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="append the puzzles to this file instead of printing them")
    return parser


def _append(name: str, line: str) -> None:
    """Add one line to a puzzle file, rewriting it atomically so a crash never loses what it held."""
    # lazy: start-up speed of the other commands
    from pathlib import Path

    from tutor.model.storage import write_atomic

    path = Path(name)
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"cannot read {path}: {error}") from None
    if old and not old.endswith("\n"):
        old += "\n"
    try:
        write_atomic(path, f"{old}{line}\n")
    except OSError as error:
        raise CliError(f"cannot write {path}: {error}") from None


def _progress_printer():
    """Attempts shown on stderr while a terminal watches; nothing when it is piped."""
    if not sys.stderr.isatty():
        return None

    def show(progress) -> None:
        sys.stderr.write(f"\rpuzzle {min(progress.found + 1, progress.count)} of {progress.count}: "
                         f"attempt {progress.attempts} ")
        sys.stderr.flush()

    return show


def run(args) -> int:
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    from tutor.generator.generate import DEFAULT_MAX_ATTEMPTS, GenerationError, generate

    progress = _progress_printer()
    written = 0
    try:
        for made in generate(args.level, args.count, args.seed, args.symmetric, progress=progress,
                             max_attempts=MAX_ATTEMPTS or DEFAULT_MAX_ATTEMPTS):
            if progress is not None:
                sys.stderr.write("\r\033[K")
            if args.out is not None:
                _append(args.out, made.line)
                written += 1
            else:
                print(made.line, flush=True)
    except GenerationError as error:
        hint = "; try a range of levels" + (" or drop --symmetric" if args.symmetric else "")
        raise CliError(f"{error}{hint}", 1) from None
    if args.out is not None:
        print(f"{written} puzzle{'s' if written != 1 else ''} at level {args.level} added to {args.out}")
    return 0
