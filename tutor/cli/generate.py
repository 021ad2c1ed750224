"""`tutor generate`: proper puzzles at a level or range of the 0-6 scale, reproducible from a seed."""

from __future__ import annotations

import argparse
import os
import stat
import sys

from tutor.cli.arguments import BOX_HELP, HELPS, DescriptionFormatter, box_shape, positive, positive_float
from tutor.cli.inputs import CliError

HELP = HELPS["generate"]
DESCRIPTION = """\
Generate puzzles with exactly one solution that grade at LEVEL on the 0-6 scale (0, 0.5, 1, ... 6)
or anywhere in a range such as 2-3.5. Each is printed as one line: the 81-character puzzle, then
`# level 2.5 (Tricky); bottleneck: <the step that set the level>; seed S`; `--seed S` with the same
level and --symmetric setting makes that puzzle again. --out appends the lines to a puzzle file
(created if absent, in a folder that exists; what it held is kept; a device, pipe or folder is
refused).

--size NxN makes puzzles of another board: 4x4, 6x6, 8x8, 10x10, 12x12 or 16x16 (9x9 by
default), printed in the board's symbols (16x16: 1-9 then A-G), with its usual boxes (6x6: 2 rows
by 3 columns) unless --box RxC says otherwise. Levels mean the same on every board (the card's
ladder); a level the board's ladder cannot earn (3 on 4x4, which has no triples) is refused.

--samurai makes Samurai puzzles (five 9x9 grids, the centre one sharing each corner box with an
outer grid), with one solution as a whole and graded by the card's ladder over all five grids,
each printed as its comment line (`# level 2 (...); ...; seed S; Samurai board`) and its five
grids' lines (top-left, top-right, centre, bottom-left, bottom-right), a blank line between two.

--needs TECH makes a puzzle whose grade (with the full ladder) needs that technique, such as
x_wing or hidden_pair (`tutor grade` lists the techniques a puzzle uses); with --level too it must
also grade in that range (refused at once when no puzzle there can need it: a technique beyond
the card's ladder needs level 6). It gives up after --time-limit seconds (default 20) with a
message.

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


def board_size(text: str) -> int:
    """An argparse type: a board size such as '6x6' (or '6'), its number of digits."""
    first, _, second = text.lower().partition("x")
    if not first.isdigit() or (second and second != first):
        raise argparse.ArgumentTypeError(f"{text!r} is not a board size such as 6x6")
    return int(first)


def board(args):
    """The board asked for by --size and --box (the classic one when neither is given).

    :raises CliError: for a size no regular board has or one not generated (25x25), a box that
        does not fit the size, or --box without --size on a board other than 9x9.
    """
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    from tutor.model.geometry import CLASSIC, MAX_TABLE_SIZE, regular, regular_of_size, samurai

    if getattr(args, "samurai", False):
        given = [option for option, value in (("--size", args.size), ("--box", args.box))
                 if value is not None]
        if given:
            raise CliError(f"--samurai is a board of five 9x9 grids: it cannot be combined with "
                           f"{' or '.join(given)}", 2)
        return samurai()
    size = args.size
    if size is None:
        if args.box is None:
            return CLASSIC
        size = args.box[0] * args.box[1]
    if args.box is not None:
        rows, columns = args.box
        if rows * columns != size:
            raise CliError(f"--box {rows}x{columns}: boxes of {rows}x{columns} cells make a "
                           f"{rows * columns}x{rows * columns} board, not {size}x{size}", 2)
        geometry = regular(rows, columns)
    else:
        try:
            geometry = regular_of_size(size)
        except ValueError:
            raise CliError(f"--size {size}x{size}: no regular board has {size} digits (sizes "
                           f"with boxes: 4x4, 6x6, 8x8, 9x9, 10x10, 12x12, 16x16)", 2) from None
    if geometry.size > MAX_TABLE_SIZE:
        raise CliError(f"--size {size}x{size}: puzzles are generated on boards of up to "
                       f"{MAX_TABLE_SIZE}x{MAX_TABLE_SIZE}", 2)
    return geometry


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "generate", help=HELP, description=DESCRIPTION,
        formatter_class=DescriptionFormatter,
    )
    parser.add_argument("--level", "-l", type=level_range, metavar="L|L1-L2",
                        help="the level, such as 2.5, or a range, such as 2-3.5")
    parser.add_argument("--size", type=board_size, default=None, metavar="NxN",
                        help="the board: 4x4, 6x6, 8x8, 9x9 (the default), 10x10, 12x12 or 16x16")
    parser.add_argument("--box", type=box_shape, default=None, metavar="RxC", help=BOX_HELP)
    parser.add_argument("--samurai", action="store_true",
                        help="Samurai puzzles: five 9x9 grids sharing the centre grid's corner boxes")
    parser.add_argument("--needs", metavar="TECH",
                        help="a technique id the puzzle's grade must use, such as x_wing")
    parser.add_argument("--time-limit", type=positive_float, default=None,
                        metavar="SECONDS", help="with --needs: give up after this long (default 20)")
    parser.add_argument("--count", "-n", type=positive, default=1, metavar="N",
                        help="how many puzzles (default 1)")
    parser.add_argument("--symmetric", action="store_true",
                        help="givens symmetric under a 180-degree turn of the board")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="start from this seed (default: a random one, named in each line)")
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="append the puzzles to this file instead of printing them")
    return parser


KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket"),
         (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))
"""What a target that is not a regular file is, for the message refusing it."""


def _not_regular(name: str, mode: int) -> CliError:
    kind = next((what for test, what in KINDS if test(mode)), "not a regular file")
    return CliError(f"cannot read or append to {name}: it is {kind}, not a puzzle file")


def check_out(name: str) -> None:
    """Before anything is made: --out must be a regular file, or a new one in an existing folder.

    Only a regular file is ever opened: a device such as /dev/zero, or a pipe (even behind a
    symbolic link), is refused by what os.stat says of it, without opening it.

    :raises CliError: naming the target and what it is, or the missing folder.
    """
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        folder = os.path.dirname(name) or "."
        if not os.path.isdir(folder):
            raise CliError(f"cannot write {name}: the folder {folder} does not exist "
                           "(tutor generate makes no folders)") from None
        return
    except OSError as error:
        raise CliError(f"cannot write {name}: {error.strerror or error}") from None
    if not stat.S_ISREG(mode):
        raise _not_regular(name, mode)


def _append(name: str, line: str) -> None:
    """Add one line at the end of a puzzle file (made if absent), a newline first if the file does
    not end with one. What the file held is never rewritten, and of it only the last byte is read:
    O_APPEND puts the line after whatever is there, so a crash leaves what it held untouched.

    :raises CliError: when the target is not a regular file or cannot be written.
    """
    # O_NONBLOCK: a pipe put in the file's place since check_out is opened without waiting for a
    # reader, then refused like any target that is not a regular file.
    flags = os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        try:
            handle = os.open(name, os.O_RDWR | flags, 0o666)
        except PermissionError:  # may be written but not read: then the newline check is skipped
            handle = os.open(name, os.O_WRONLY | flags, 0o666)
    except FileNotFoundError:
        check_out(name)  # names the missing folder
        raise CliError(f"cannot write {name}: no such file or folder") from None
    except OSError as error:
        raise CliError(f"cannot write {name}: {error.strerror or error}") from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise _not_regular(name, status.st_mode)
        data = f"{line}\n".encode()
        if status.st_size and _last_byte(handle, status.st_size) != b"\n":
            data = b"\n" + data
        while data:
            data = data[os.write(handle, data):]
    except OSError as error:
        raise CliError(f"cannot write {name}: {error.strerror or error}") from None
    finally:
        os.close(handle)


def _last_byte(handle: int, size: int) -> bytes:
    """The file's last byte; a newline's worth of doubt (b"") when it cannot be read."""
    try:
        os.lseek(handle, size - 1, os.SEEK_SET)  # O_APPEND still writes at the end
        return os.read(handle, 1)
    except OSError:
        return b""


def _progress_printer():
    """Attempts shown on stderr while a terminal watches; nothing when it is piped."""
    if not sys.stderr.isatty():
        return None

    def show(progress) -> None:
        sys.stderr.write(f"\rpuzzle {min(progress.found + 1, progress.count)} of {progress.count}: "
                         f"attempt {progress.attempts} ")
        sys.stderr.flush()

    return show


def _needing(args):
    """`count` puzzles needing args.needs, from seed, seed + 1, ... (each a different puzzle)."""
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    import random
    from tutor.generator.needs import DEFAULT_TIME_LIMIT, generate_needing

    time_limit = DEFAULT_TIME_LIMIT if args.time_limit is None else args.time_limit
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    seen: set[str] = set()
    while len(seen) < args.count:
        made = generate_needing(args.needs, seed, levels=args.level, time_limit=time_limit)
        seed += 1
        if made.grid.to_line() not in seen:
            seen.add(made.grid.to_line())
            yield made


def _needs_line(made, technique_id: str) -> str:
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    from tutor.generator.needs import uses as steps_using

    uses = steps_using(made, technique_id)
    # A skyscraper is met as a sashimi X-Wing: the grade's own count of it is then 0.
    met_as = "" if made.grade.techniques.get(technique_id) else ", met under another name"
    return (f"{made.grid.to_line()} # needs {technique_id} ({uses} step{'s' if uses > 1 else ''}"
            f"{met_as}); {made.comment}")


def run(args) -> int:
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    from tutor.generator.generate import DEFAULT_MAX_ATTEMPTS, generate
    from tutor.generator.needs import UnknownTechnique, check_levels, check_technique
    from tutor.generator.generate import check_board_levels
    from tutor.model.errors import LevelError
    from tutor.model.geometry import CLASSIC

    if args.level is None and args.needs is None:
        raise CliError("give --level L (such as 2.5 or 2-3.5) or --needs TECH (such as x_wing)", 2)
    geometry = board(args)
    if args.out is not None:
        check_out(args.out)
    if args.needs is not None and geometry is not CLASSIC:
        dropped = "--samurai" if geometry.is_samurai else "--size"
        raise CliError(f"--needs makes 9x9 puzzles only; drop {dropped} or --needs", 2)
    if args.needs is not None:
        try:
            check_technique(args.needs)
        except UnknownTechnique as error:
            raise CliError(f"--needs: {error}", 2) from None
        if args.symmetric:
            raise CliError("--symmetric cannot be combined with --needs", 2)
        if args.level is not None:
            try:
                check_levels(args.needs, args.level)
            except LevelError as error:
                raise CliError(f"--level: {error}", 2) from None
        return _write(args, _needing(args), clear_progress=False)
    if geometry is not CLASSIC:
        try:
            check_board_levels(args.level, geometry)
        except LevelError as error:
            raise CliError(f"--level: {error}", 2) from None
    printer = _progress_printer()
    return _write(args, generate(args.level, args.count, args.seed, args.symmetric,
                                 progress=printer,
                                 max_attempts=MAX_ATTEMPTS or DEFAULT_MAX_ATTEMPTS,
                                 geometry=geometry),
                  clear_progress=printer is not None)


def _write(args, puzzles, clear_progress: bool) -> int:
    """Print the puzzles (or add them to --out) as they come; `clear_progress` wipes the attempts
    line the progress printer left on the terminal."""
    # lazy: the generator imports the engine; only `tutor generate` needs them (start-up speed)
    from tutor.generator.generate import GenerationError

    written = 0
    what = f"at level {args.level}" if args.needs is None else f"needing {args.needs}"
    try:
        for made in puzzles:
            if args.needs is not None:
                made_line = _needs_line(made, args.needs)
            else:
                made_line = made.line
            if clear_progress:
                sys.stderr.write("\r\033[K")
            if args.out is not None:
                _append(args.out, made_line)
                written += 1
            else:
                if written and "\n" in made_line:  # puzzles of several lines: a blank line between
                    print()
                print(made_line, flush=True)
                written += 1
    except GenerationError as error:
        if args.needs is not None:
            raise CliError(f"{error}; try another technique or a longer --time-limit", 1) from None
        hint = "; try a range of levels" + (" or drop --symmetric" if args.symmetric else "")
        raise CliError(f"{error}{hint}", 1) from None
    if args.out is not None:
        print(f"{written} puzzle{'s' if written != 1 else ''} {what} added to {args.out}")
    return 0
