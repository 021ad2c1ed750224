"""The puzzle editor's model: live validation of a puzzle being composed, and saving a proper one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.model.grid import Grid
from tutor.model.bundled import Puzzle
from tutor.solvers.backtracking import MIN_PROPER_GIVENS, validity
from tutor.model.errors import TutorError
from tutor.model.storage import data_dir, write_atomic

MY_PUZZLES = "my-puzzles.txt"
NOT_IN_NAMES = ("#", ";", "\n", "\r")
"""A name may not hold these: the file's `# name; source` comment would be read back differently."""


class EditorError(TutorError):
    """A puzzle was not saved; the message says why."""


@dataclass(frozen=True)
class EditorCheck:
    """What the composed puzzle is now.

    `status`: 'conflict', 'none', 'unique' or 'multiple'; `solutions` counts to 2 at most;
    `too_few` is True below 17 givens, where no puzzle is ever unique.
    """

    status: str
    givens: int
    solutions: int
    conflict_cells: frozenset[int]
    too_few: bool
    message: str

    @property
    def is_proper(self) -> bool:
        return self.status == "unique"


def compose(grid: Grid) -> Grid:
    """The puzzle the editor holds: every filled cell becomes a given, pencil marks dropped."""
    return Grid(grid.values)


def set_given(grid: Grid, cell: int, digit: int) -> Grid:
    """The composed puzzle with `digit` in `cell` (conflicts are allowed while composing)."""
    values = list(grid.values)
    values[cell] = digit
    return Grid(values)


def clear_given(grid: Grid, cell: int) -> Grid:
    """The composed puzzle without the given in `cell`."""
    return set_given(grid, cell, 0)


def check(grid: Grid) -> EditorCheck:
    """Validate the composed puzzle: conflicts, givens, and whether it has none, one or more solutions."""
    puzzle = compose(grid)
    givens = len(puzzle.givens)
    too_few = givens < MIN_PROPER_GIVENS
    found = validity(puzzle)
    plural = "" if givens == 1 else "s"
    if found.status == "conflict":
        message = found.message
    elif found.status == "none":
        message = f"no solution ({givens} given{plural})"
    elif found.status == "unique":
        message = f"exactly one solution: a proper puzzle with {givens} given{plural}"
    else:
        message = f"several solutions ({givens} given{plural})"
    if too_few and found.status != "conflict":
        message += (f"; fewer than {MIN_PROPER_GIVENS} givens can never be unique, "
                    f"so add at least {MIN_PROPER_GIVENS - givens} more")
    return EditorCheck(found.status, givens, found.solutions, found.conflict_cells, too_few, message)


def default_path() -> Path:
    """Where the editor saves puzzles unless told otherwise: my-puzzles.txt in the user's data folder."""
    return data_dir() / MY_PUZZLES


def _check_text(what: str, text: str, required: bool) -> str:
    text = text.strip()
    if required and not text:
        raise EditorError(f"not saved: the puzzle needs a {what}")
    bad = [repr(mark) for mark in NOT_IN_NAMES if mark in text]
    if bad:
        raise EditorError(f"not saved: the {what} may not contain {', '.join(bad)}")
    return text


def save(grid: Grid, name: str, path: Path | None = None, source: str = "made in the editor") -> Puzzle:
    """Append the composed puzzle to a puzzle file as `line # name; source`, if it is proper.

    The whole new file is written atomically, so a crash leaves the old file or the new one.
    Raises EditorError naming the reason when the puzzle is not proper, the name is unusable, the
    puzzle is already in the file, or the file cannot be read or written.
    """
    puzzle = compose(grid)
    name = _check_text("name", name, required=True)
    source = _check_text("source", source, required=False)
    result = check(puzzle)
    if not result.is_proper:
        raise EditorError(f"not saved: only a proper puzzle (exactly one solution) can be saved, "
                          f"and this one has {result.message}")
    path = Path(path) if path is not None else default_path()
    line = puzzle.to_line()
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as error:
        raise EditorError(f"not saved: {path} could not be read ({error})") from None
    lines = old.splitlines()
    for number, text in enumerate(lines, start=1):
        if text.split("#")[0].strip() == line:
            raise EditorError(f"not saved: this puzzle is already in {path} (line {number})")
    if old and not old.endswith("\n"):
        old += "\n"
    comment = f"{name}; {source}" if source else name
    try:
        write_atomic(path, f"{old}{line} # {comment}\n")
    except OSError as error:
        raise EditorError(f"not saved: {path} could not be written ({error})") from None
    return Puzzle(line, name, source, path, len(lines) + 1)
