"""Where the command line's puzzles come from (arguments, files, stdin), with errors naming the place."""

from __future__ import annotations

import os
import sys
from collections import namedtuple

from tutor.model.errors import PuzzleError, TutorError

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.model.geometry import Geometry
    from tutor.model.grid import Grid

STDIN = "-"
# Characters a puzzle typed on the command line may hold; anything else means a file name.
_PUZZLE_CHARACTERS = frozenset("123456789.0_-*x+{}| \t\r\n")


class CliError(TutorError):
    """A problem reported in one line, ending the command with `code` (1 bad input, 2 usage)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


ECHO_CHARS = 60
"""Characters of a line that could not be read echoed in its record (then how long it was)."""


class Item(namedtuple("Item", "origin file line offset text problem board",
                      defaults=(None, None))):
    """One puzzle's text and where it came from.

    `origin` is the file name, 'stdin' or 'argument 2'; `file` is the path, '-' for stdin or None
    for an argument; `line` is the puzzle's first line in its file (None for a one-line argument);
    `offset` turns a line number inside `text` into a line number of the file. `problem`, when
    set, is why the line could not be read at all (too long, not UTF-8), with its place; `text`
    is then a safe echo of its start. `board` is the board the text is read as: None the classic
    one, ANY_BOARD any regular board its size tells, (rows, columns) of a box any board, with
    boxes of that shape where its size allows two.

    A named tuple rather than a dataclass: a file of a million lines holds a million of them, and
    importing dataclasses costs every command start-up time.
    """

    __slots__ = ()

    origin: str
    file: str | None
    line: int | None
    offset: int
    text: str
    problem: str | None
    board: str | tuple[int, int] | None

    def where(self) -> str:
        """'puzzles.txt line 7', 'stdin line 1' or 'argument 2'."""
        return self.origin if self.line is None else f"{self.origin} line {self.line}"

    def describe(self, error: PuzzleError) -> str:
        """The error's message prefixed with the file, line and column it points at."""
        if error.line is None:
            return f"{self.where()}: {error.message}"
        line = error.line + self.offset
        where = self.origin if self.line is None and line == 1 else f"{self.origin} line {line}"
        if error.column is not None:
            where += f", column {error.column}"
        return f"{where}: {error.message}"


def is_stdin_piped() -> bool:
    """True when stdin is not a terminal (input was piped or redirected)."""
    try:
        return not sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def read_lines(stream, origin: str, file: str | None) -> tuple[str, list[Item]]:
    """The text of a file or stdin read line by line, and an Item for each line that could not be
    read: longer than MAX_LINE_CHARS (never held whole), or not UTF-8 (named by line and byte, never
    echoed raw). Such a line is left blank in the text, so the others keep their line numbers.

    `stream` is binary, or text (io.StringIO in tests). A byte-order mark at the start is dropped.

    :raises CliError: when the first line is not UTF-8: the input is not text at all (an image).
    """
    # lazy: `tutor --help` reads no puzzle (start-up speed)
    from tutor.model.formats import BOM, MAX_LINE_CHARS

    # Bytes read of one line at most: any line of MAX_LINE_CHARS characters (up to 4 bytes each
    # in UTF-8) and its line end fits; a line that does not is longer than MAX_LINE_CHARS, and is
    # reported and skipped without being held whole.
    limit = 4 * MAX_LINE_CHARS + 2

    lines: list[str] = []
    bad: list[Item] = []
    number = 0
    while True:
        raw = stream.readline(limit)
        if not raw:
            break
        number += 1
        if number == 1:
            raw = raw.removeprefix(BOM.encode() if isinstance(raw, bytes) else BOM)
        newline = b"\n" if isinstance(raw, bytes) else "\n"
        unit = "bytes" if isinstance(raw, bytes) else "characters"
        ended = raw.endswith(newline)
        # The line's length without its line end, counted as the rest of a long line is skipped.
        length = len(raw) - 1 if ended else len(raw) + _skip_line(stream, newline, limit)
        if isinstance(raw, bytes):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                if number == 1:
                    raise CliError(f"{origin}: not UTF-8 text ({error.reason} at line 1, byte "
                                   f"{error.start + 1}); is it a puzzle file?") from None
                bad.append(Item(origin, file, number, number - 1, _echo(raw, length, unit),
                                f"{origin} line {number}, byte {error.start + 1}: not UTF-8 text "
                                f"({error.reason})"))
                lines.append("")
                continue
        else:
            text = raw
        text = text.rstrip("\r\n")
        if not ended and length > len(raw) or len(text) > MAX_LINE_CHARS:
            bad.append(Item(origin, file, number, number - 1, _echo(raw, length, unit),
                            f"{origin} line {number}: a line of {length:,} {unit}, longer than "
                            f"the {MAX_LINE_CHARS:,} characters a puzzle line may have"))
            text = ""
        lines.append(text)
    return "\n".join(lines), bad


def _skip_line(stream, newline, limit: int) -> int:
    """Read the rest of a line too long to keep, a piece at a time; its length without the line
    end."""
    skipped = 0
    while True:
        piece = stream.readline(limit)
        if not piece:
            return skipped
        if piece.endswith(newline):
            return skipped + len(piece) - 1
        skipped += len(piece)


def _echo(raw, length: int, unit: str) -> str:
    """The start of a line that could not be read, safe to print: bytes that are not UTF-8 as
    escapes (\\xff), then how long the line was."""
    start = raw[:ECHO_CHARS]
    if isinstance(start, bytes):
        start = start.decode("utf-8", "backslashreplace")
    return f"{start.rstrip()[:ECHO_CHARS]} ... ({length:,} {unit})"


def read_stdin() -> tuple[str, list[Item]]:
    """Piped text, line by line (see read_lines)."""
    stream = getattr(sys.stdin, "buffer", sys.stdin)
    return read_lines(stream, "stdin", STDIN)


def read_file(path: str) -> tuple[str, list[Item]]:
    """A file's text, line by line (see read_lines); CliError naming the file and why it cannot
    be read."""
    try:
        with open(path, "rb") as handle:
            return read_lines(handle, path, path)
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a puzzle file") from None
    except OSError as error:
        raise CliError(f"{path}: cannot read: {error.strerror or error}") from None


_LETTERS = frozenset("ABCDEFGHIJKLMNOPabcdefghijklmnop")
"""The letters a larger board's digits may be written with (16x16: 1-9A-G, 0-F or A-P)."""


def looks_like_puzzle(argument: str) -> bool:
    """Whether a command-line argument is puzzle text rather than a file name: a grid, puzzle
    characters only, or a line of a larger board's cells (letters too) as long as a board has."""
    if "\n" in argument or set(argument) <= _PUZZLE_CHARACTERS:
        return True
    from tutor.model.formats import SIZES  # lazy: `tutor --help` reads no puzzle (start-up speed)

    return (len(argument.strip()) in {n * n for n in SIZES}
            and set(argument) <= _PUZZLE_CHARACTERS | _LETTERS)


ANY_BOARD = "any"
"""Item.board for a command that reads puzzles of any regular board (4x4 to 25x25)."""


def reading(board: str | tuple[int, int] | None) -> tuple[Geometry | None, tuple[int, int] | None]:
    """The board and box shape formats.parse takes for an Item's `board`."""
    from tutor.model.geometry import CLASSIC  # lazy: `tutor --help` reads no puzzle (start-up speed)

    if board is None:
        return CLASSIC, None
    return None, (None if board == ANY_BOARD else board)


def items_from(argument: str, position: int = 1,
               board: str | tuple[int, int] | None = None) -> list[Item]:
    """The puzzles of one argument, in line order: '-' is stdin, an existing path a file, else
    puzzle text. A line that could not be read is an Item with its `problem`.

    :raises CliError: when the input cannot be read at all.
    """
    origin = origin_of(argument, position)
    if argument == STDIN:
        (text, bad), file = read_stdin(), STDIN
    elif origin == argument:
        (text, bad), file = read_file(argument), argument
    else:
        return items_of(argument, origin, None, board)
    found = items_of(text, origin, file, board)
    if bad:
        found = sorted(found + bad, key=lambda item: item.line or 0)
    return found


def _mistyped_puzzle(argument: str) -> bool:
    """A missing 'file' that is mostly puzzle characters was meant as a puzzle: the parser's
    message (which character, which column) helps more than 'no such file'."""
    if os.sep in argument or len(argument) < 9:
        return False
    fitting = sum(1 for ch in argument if ch in _PUZZLE_CHARACTERS)
    return fitting >= 0.8 * len(argument)


def items_of(text: str, origin: str, file: str | None,
             board: str | tuple[int, int] | None = None) -> list[Item]:
    """The puzzles of one input: one per line, or the whole text as one grid."""
    from tutor.model.formats import read_puzzles  # lazy: `tutor --help` reads no puzzle (start-up speed)

    found = []
    for line, puzzle_text in read_puzzles(text, reading(board)[0]):
        # A grid is the whole text (its line numbers are the file's); a Samurai of a file of
        # several is its own lines, from `line`, as a one-line puzzle is.
        whole = "\n" in puzzle_text and len(puzzle_text) >= len(text) - 1
        offset = 0 if whole else line - 1
        one_line_argument = file is None and "\n" not in text.strip()
        shown_line = None if one_line_argument else line
        found.append(Item(origin, file, shown_line, offset, puzzle_text, None, board))
    return found


def collect(arguments: list[str], board: str | tuple[int, int] | None = None
            ) -> tuple[list[Item], list[str]]:
    """Every puzzle of the arguments (stdin when none is given and it is piped), read as `board`
    (see Item), and the inputs that could not be read, as messages."""
    if not arguments:
        if not is_stdin_piped():
            raise CliError("no puzzle given: pass a puzzle, a file, or pipe puzzles in "
                           "(see tutor grade --help)", code=2)
        arguments = [STDIN]
    items: list[Item] = []
    problems: list[str] = []
    for position, argument in enumerate(arguments, start=1):
        try:
            found = items_from(argument, position, board)
        except CliError as error:
            problems.append(str(error))
            continue
        if not found:
            problems.append(f"{origin_of(argument, position)}: no puzzle found (it is empty)")
        items.extend(found)
    return items, problems


def read_one(argument: str | None, board: str | tuple[int, int] | None = None
             ) -> tuple[Item, "Grid"]:
    """The one puzzle of an argument (or of piped stdin), read as `board` (see Item), parsed;
    CliError says what is wrong."""
    if argument is None:
        if not is_stdin_piped():
            raise CliError("no puzzle given: pass a puzzle, a file, or '-' to read stdin", code=2)
        argument = STDIN
    found = items_from(argument, board=board)
    origin = origin_of(argument)
    if not found:
        raise CliError(f"{origin}: no puzzle found (it is empty)")
    if len(found) > 1:
        unreadable = next((item for item in found if item.problem), None)
        if unreadable is not None:
            raise CliError(unreadable.problem)
        one = "one of them" if "\n" in found[0].text else "one line of the file"
        raise CliError(f"{origin} holds {len(found)} puzzles, this command takes one "
                       f"(use 'tutor grade' for many, or pass {one})")
    item = found[0]
    return item, parsed(item)


def parsed(item: Item) -> "Grid":
    """The grid of one item; CliError naming the place of what is wrong."""
    if item.problem:
        raise CliError(item.problem)
    from tutor.model.formats import parse  # lazy: `tutor --help` reads no puzzle (start-up speed)

    try:
        return parse(item.text, *reading(item.board))
    except PuzzleError as error:
        raise CliError(item.describe(error)) from None


def origin_of(argument: str, position: int = 1) -> str:
    """How messages name an argument's input: 'stdin', the file (an existing path, or what cannot be
    a puzzle), or 'argument 2' (puzzle text)."""
    if argument == STDIN:
        return "stdin"
    if os.path.exists(argument) or not (looks_like_puzzle(argument) or _mistyped_puzzle(argument)):
        return argument
    return f"argument {position}"

