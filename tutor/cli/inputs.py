"""Where the command line's puzzles come from (arguments, files, stdin), with errors naming the place."""

from __future__ import annotations

import os
import sys
from collections import namedtuple

from tutor.model.errors import PuzzleError, TutorError

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.model.grid import Grid

STDIN = "-"
# Characters a puzzle typed on the command line may hold; anything else means a file name.
_PUZZLE_CHARACTERS = frozenset("123456789.0_-*x+{}| \t\r\n")


class CliError(TutorError):
    """A problem reported in one line, ending the command with `code` (1 bad input, 2 usage)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


class Item(namedtuple("Item", "origin file line offset text")):
    """One puzzle's text and where it came from.

    `origin` is the file name, 'stdin' or 'argument 2'; `file` is the path, '-' for stdin or None
    for an argument; `line` is the puzzle's first line in its file (None for a one-line argument);
    `offset` turns a line number inside `text` into a line number of the file.

    A named tuple rather than a dataclass: a file of a million lines holds a million of them, and
    importing dataclasses costs every command start-up time.
    """

    __slots__ = ()

    origin: str
    file: str | None
    line: int | None
    offset: int
    text: str

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


def read_stdin() -> str:
    """Piped text; a byte-order mark at its start is dropped, as it is from a file."""
    from tutor.model.formats import BOM  # lazy: `tutor --help` reads no puzzle (start-up speed)

    try:
        return sys.stdin.read().removeprefix(BOM)
    except UnicodeDecodeError as error:
        raise CliError(f"stdin: not UTF-8 text ({error.reason} at byte {error.start})") from None


def read_file(path: str) -> str:
    """A file's text, or CliError naming the file and why it cannot be read."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a puzzle file") from None
    except UnicodeDecodeError as error:
        raise CliError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start}); "
                       "is it a puzzle file?") from None
    except OSError as error:
        raise CliError(f"{path}: cannot read: {error.strerror or error}") from None


def looks_like_puzzle(argument: str) -> bool:
    """Whether a command-line argument is puzzle text rather than a file name."""
    return "\n" in argument or set(argument) <= _PUZZLE_CHARACTERS


def text_of(argument: str, position: int = 1) -> tuple[str, str, str | None]:
    """(text, origin, file) for an argument: '-' is stdin, an existing path a file, else puzzle text."""
    if argument == STDIN:
        return read_stdin(), "stdin", STDIN
    if os.path.exists(argument) or not (looks_like_puzzle(argument) or _mistyped_puzzle(argument)):
        return read_file(argument), argument, argument
    return argument, f"argument {position}", None


def _mistyped_puzzle(argument: str) -> bool:
    """A missing 'file' that is mostly puzzle characters was meant as a puzzle: the parser's
    message (which character, which column) helps more than 'no such file'."""
    if os.sep in argument or len(argument) < 9:
        return False
    fitting = sum(1 for ch in argument if ch in _PUZZLE_CHARACTERS)
    return fitting >= 0.8 * len(argument)


def items_of(text: str, origin: str, file: str | None) -> list[Item]:
    """The puzzles of one input: one per line, or the whole text as one grid."""
    from tutor.model.formats import read_puzzles  # lazy: as in read_stdin

    found = []
    for line, puzzle_text in read_puzzles(text):
        whole = "\n" in puzzle_text
        offset = 0 if whole else line - 1
        one_line_argument = file is None and "\n" not in text.strip()
        shown_line = None if one_line_argument else line
        found.append(Item(origin, file, shown_line, offset, puzzle_text))
    return found


def collect(arguments: list[str]) -> tuple[list[Item], list[str]]:
    """Every puzzle of the arguments (stdin when none is given and it is piped), and the inputs
    that could not be read, as messages."""
    if not arguments:
        if not is_stdin_piped():
            raise CliError("no puzzle given: pass a puzzle, a file, or pipe puzzles in "
                           "(see tutor grade --help)", code=2)
        arguments = [STDIN]
    items: list[Item] = []
    problems: list[str] = []
    for position, argument in enumerate(arguments, start=1):
        try:
            text, origin, file = text_of(argument, position)
        except CliError as error:
            problems.append(str(error))
            continue
        found = items_of(text, origin, file)
        if not found:
            problems.append(f"{origin}: no puzzle found (it is empty)")
        items.extend(found)
    return items, problems


def read_one(argument: str | None) -> tuple[Item, "Grid"]:
    """The one puzzle of an argument (or of piped stdin), parsed; CliError says what is wrong."""
    if argument is None:
        if not is_stdin_piped():
            raise CliError("no puzzle given: pass a puzzle, a file, or '-' to read stdin", code=2)
        argument = STDIN
    text, origin, file = text_of(argument)
    found = items_of(text, origin, file)
    if not found:
        raise CliError(f"{origin}: no puzzle found (it is empty)")
    if len(found) > 1:
        raise CliError(f"{origin} holds {len(found)} puzzles, this command takes one "
                       f"(use 'tutor grade' for many, or pass one line of the file)")
    item = found[0]
    from tutor.model.formats import parse  # lazy: as in read_stdin

    try:
        return item, parse(item.text)
    except PuzzleError as error:
        raise CliError(item.describe(error)) from None

