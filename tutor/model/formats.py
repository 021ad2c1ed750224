"""Reading puzzles from text (the writers live beside Grid in tutor.model.grid and are re-exported here).

Accepted input (all round-trip through the writers below):

* One line of 81 cells: a digit 1-9 is a given, `. 0 _ - * x` an empty cell. Text after the cells,
  after whitespace or `#`, is a comment. In lines of other tools' files (CSV, TSV, `id puzzle
  rating`) the first field that is exactly one puzzle is taken. HoDoKu's `+5` marks a digit placed by solving (not a given)
  and SudokuWiki's `{16}` lists an empty cell's candidates, so `4{16}{16}+3...` is a line too.
* Nine lines of nine cells, with any spaces and `|`, `-`, `+` box separators (a pretty grid).
* A pencil-mark grid: nine lines of nine whitespace-separated tokens (HoDoKu, Simple Sudoku, Sudoku
  Explainer). A token of one digit is a solved cell, `+5` a solved cell that is not a given, two or
  more digits are candidates, and `{5}` is an empty cell whose only candidate is 5 (the braces tell it
  apart from a solved 5). `.` or `0` is an empty cell with the standard candidates.

Candidates that a filled peer rules out are dropped: they can never be right.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutor.model.errors import ConflictError, EmptyInputError, FormatError, NoCandidateError
from tutor.model.geometry import (
    CELL_COUNT,
    CELLS,
    COL_OF,
    ROW_OF,
    SIZE,
    bit,
    cell_name,
)
from tutor.model.grid import Grid, fresh_puzzle, to_compact, to_line, to_pencilmarks, to_pretty

EMPTY_CHARS = ".0_-*x"
_DIGIT_CHARS = "123456789"[:SIZE]
_SEPARATOR_CHARS = set("-+|=.:' \t")

# A parsed cell: (value, is_given, candidate mask or None for standard marks).
_Cell = tuple


BOM = "\ufeff"
"""A UTF-8 byte-order mark, which some editors put at the start of a file: not part of the puzzle."""


def shorten(text: str, limit: int = 60) -> str:
    """Text to quote in a message: whole if short, else its start and how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def _quoted(token: str) -> str:
    """A token for an error message: repr'd, cut if long ('+xxxx...' (1,000,000 characters))."""
    if len(token) <= 30:
        return repr(token)
    return f"{token[:30]!r}... ({len(token):,} characters)"


def _strip_comment(line: str) -> str:
    cut = line.find("#")
    return line if cut < 0 else line[:cut]


def _scan_cells(text: str, line_no: int, start_col: int = 1, stop_at_space: bool = True):
    """Read cells from one line of line-form text; return (cells, index where reading stopped)."""
    cells: list[_Cell] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _DIGIT_CHARS:
            cells.append((int(ch), True, None))
            i += 1
        elif ch in EMPTY_CHARS:
            cells.append((0, False, None))
            i += 1
        elif ch == "+":
            if i + 1 < n and text[i + 1] in _DIGIT_CHARS:
                cells.append((int(text[i + 1]), False, None))
                i += 2
            else:
                raise FormatError("'+' must be followed by a digit", line_no, start_col + i)
        elif ch == "{":
            close = text.find("}", i)
            if close < 0:
                raise FormatError("'{' is never closed", line_no, start_col + i)
            mask = _candidate_mask(text[i + 1:close], line_no, start_col + i + 1)
            cells.append((0, False, mask))
            i = close + 1
        elif ch in " \t|":
            if stop_at_space and ch in " \t" and len(cells) >= CELL_COUNT:
                break
            i += 1
        else:
            raise FormatError(f"unexpected character {ch!r}", line_no, start_col + i)
    return cells, i


def _candidate_mask(digits: str, line_no: int, col: int) -> int:
    mask = 0
    for k, ch in enumerate(digits):
        if ch not in _DIGIT_CHARS:
            raise FormatError(f"unexpected character {ch!r} in a candidate list", line_no, col + k)
        if mask & bit(int(ch)):
            raise FormatError(f"candidate {ch} listed twice", line_no, col + k)
        mask |= bit(int(ch))
    return mask


def _is_separator(line: str) -> bool:
    stripped = line.strip()
    if not stripped or not set(stripped) <= _SEPARATOR_CHARS or "--" not in stripped:
        return False
    # A row of nine empty cells written with dashes ("- - - | - - - | - - -") is not a separator.
    cells = [ch for ch in stripped if ch not in " \t|"]
    return not (len(cells) == SIZE and all(ch in EMPTY_CHARS for ch in cells))


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) of each line that is neither blank nor a whole-line comment."""
    return [
        (no, line)
        for no, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


_FIELD = re.compile(r"[^\s,;]+")


def _cells_meant(line: str, line_no: int, counted: int) -> int:
    """How many cells a wrong-length line holds, as its writer meant them.

    A first field longer than one row was meant as the whole puzzle (what follows it is a comment);
    shorter groups are rows written apart ("9..1.4..2 .8..6..7. ..."), counted together.
    """
    first = _FIELD.search(_strip_comment(line))
    if first is None:
        return counted
    try:
        field_cells, _ = _scan_cells(first.group(), line_no)
    except FormatError:
        return counted
    return len(field_cells) if len(field_cells) > SIZE else counted


def _line_form_cells(line: str, line_no: int):
    """Cells of a one-line puzzle (fewer than 81 for a grid row).

    Other tools' files often put the puzzle in one field of several (`id puzzle rating`, CSV with
    the solution after a comma, TSV): when the whole line is not one puzzle, the first field that
    is exactly one puzzle is taken, and the rest of the line is a comment.
    """
    body = _strip_comment(line)
    try:
        cells, _ = _scan_cells(body, line_no)
        if len(cells) == CELL_COUNT:
            return cells
        error = None
    except FormatError as failure:
        cells, error = None, failure
    for field in _FIELD.finditer(body):
        if len(field.group()) < CELL_COUNT:
            continue
        try:
            field_cells, _ = _scan_cells(field.group(), line_no, start_col=field.start() + 1)
        except FormatError:
            continue
        if len(field_cells) == CELL_COUNT:
            return field_cells
    if error is not None:
        raise error
    return cells


# The common case, one line of exactly 81 digits and empty-cell characters, is read by a fast path:
# the line's bytes, with every empty-cell character made a 0, minus the code of '0' are the values.
_EMPTY_TO_ZERO = str.maketrans(dict.fromkeys(EMPTY_CHARS, "0"))
_DIGIT_VALUES = bytes(range(256)).translate(bytes((b - 48) % 256 for b in range(256)))
_FAST_LINE_CHARACTERS = "0123456789"


def _fast_line(text: str) -> Grid | None:
    """The puzzle of a plain 81-character line (surrounding whitespace allowed), else None (then
    the full reader handles the text, and reports any problem)."""
    line = text.strip()
    if len(line) != CELL_COUNT:
        return None
    digits = line.translate(_EMPTY_TO_ZERO)
    if not (digits.isascii() and digits.isdigit()):
        return None
    return fresh_puzzle(tuple(digits.encode().translate(_DIGIT_VALUES)))


def parse(text: str) -> Grid:
    """Read one puzzle in any accepted format; raise a PuzzleError naming what is wrong and where."""
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    grid = _fast_line(text)
    if grid is not None:
        return grid
    content = _content_lines(text.removeprefix(BOM))
    if not content:
        raise EmptyInputError("empty input: no puzzle found")
    first_no, first = content[0]
    if len(content) == 1:
        cells = _line_form_cells(first, first_no)
        if len(cells) != CELL_COUNT:
            raise FormatError(f"found {_cells_meant(first, first_no, len(cells))} cells, "
                              f"expected {CELL_COUNT}", first_no)
        return _build(cells)
    grid_lines = [(no, line) for no, line in content if not _is_separator(line)]
    first_cells = _try_line_cells(grid_lines[0]) if grid_lines else None
    if first_cells is not None and len(first_cells) >= CELL_COUNT:
        second_no = grid_lines[1][0] if len(grid_lines) > 1 else content[1][0]
        raise FormatError("a second puzzle starts here; one puzzle was expected "
                          "(use tutor.read_puzzles or 'tutor grade' for files)", second_no)
    return _build(_grid_cells(grid_lines))


def _try_line_cells(numbered_line):
    no, line = numbered_line
    try:
        return _line_form_cells(line, no)
    except FormatError:
        return None


_TOKEN = re.compile(r"[^\s|]+")


def _grid_cells(grid_lines) -> list[_Cell]:
    """Cells of a pretty grid or a pencil-mark grid (separator lines already removed)."""
    rows = [(no, _strip_comment(line)) for no, line in grid_lines]
    rows = [(no, line) for no, line in rows if line.strip()]
    tokens = [(no, list(_TOKEN.finditer(line))) for no, line in rows]
    pencil = any(
        "{" in line or "+" in line.replace("-+-", "") for _, line in rows
    ) or any(
        len(found) == SIZE and any(len(m.group()) > 1 for m in found) for _, found in tokens
    )
    if len(rows) != SIZE:
        raise FormatError(f"found {len(rows)} rows, expected {SIZE}")
    cells: list[_Cell] = []
    for row_index, ((no, line), (_, found)) in enumerate(zip(rows, tokens), start=1):
        if pencil:
            row_cells = [_pencil_token(m.group(), no, m.start() + 1) for m in found]
        else:
            row_cells, _ = _scan_cells(line, no, stop_at_space=False)
        if len(row_cells) != SIZE:
            raise FormatError(f"row {row_index} has {len(row_cells)} cells, expected {SIZE}", no)
        cells.extend(row_cells)
    return cells


def _pencil_token(token: str, line_no: int, col: int) -> _Cell:
    if token in tuple(EMPTY_CHARS):
        return (0, False, None)
    if token.startswith("{"):
        if not token.endswith("}"):
            raise FormatError(f"'{{' is never closed in {_quoted(token)}", line_no, col)
        return (0, False, _candidate_mask(token[1:-1], line_no, col + 1))
    if token.startswith("+"):
        if len(token) == 2 and token[1] in _DIGIT_CHARS:
            return (int(token[1]), False, None)
        raise FormatError(f"'+' must be followed by one digit, not {_quoted(token)}", line_no, col)
    mask = _candidate_mask(token, line_no, col)
    if len(token) == 1:
        return (int(token), True, None)
    return (0, False, mask)


def _build(cells: list[_Cell]) -> Grid:
    values = [v for v, _, _ in cells]
    givens = [c for c, (v, given, _) in enumerate(cells) if v and given]
    grid = Grid(values, givens)
    conflict = grid.describe_conflict()
    if conflict:
        raise ConflictError(conflict, tuple(sorted(grid.conflict_cells())))
    standard = grid.masks
    if any(m is not None for _, _, m in cells):
        masks = [standard[c] if m is None else m & standard[c] for c, (_, _, m) in enumerate(cells)]
        grid = Grid(values, givens, masks)
    dead = [c for c in CELLS if not values[c] and not grid.masks[c]]
    if dead:
        names = ", ".join(cell_name(c) for c in dead[:5])
        raise NoCandidateError(f"{names} {'has' if len(dead) == 1 else 'have'} no candidate left",
                               tuple(dead))
    return grid


def read_puzzles(text: str) -> Iterator[tuple[int, str]]:
    """Split a file's text into puzzles: yield (line number, puzzle text).

    A file whose first puzzle line holds a whole puzzle is one puzzle per line; otherwise the
    whole text is one puzzle (a pretty or pencil-mark grid).
    """
    text = text.removeprefix(BOM)
    content = _content_lines(text)
    if not content:
        return
    grid_lines = [(no, line) for no, line in content if not _is_separator(line)]
    first = _try_line_cells(grid_lines[0]) if grid_lines else None
    if first is not None and len(first) >= CELL_COUNT:
        yield from content
    else:
        yield content[0][0], text


__all__ = ["parse", "read_puzzles", "to_line", "to_pretty", "to_pencilmarks", "to_compact",
           "EMPTY_CHARS", "ROW_OF", "COL_OF"]
