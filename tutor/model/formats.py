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

* A Samurai (five 9x9 grids, the centre one sharing each corner box with an outer grid): five
  lines of 81 cells, one a grid, in the order top-left, top-right, centre, bottom-left,
  bottom-right (the cells of a shared box written in both its grids, alike: two copies that
  differ are a SharedBoxError naming the cell and both grids); or its drawn board, 21 rows of 21
  places, a gap between grids written as a space (which may be left off a row's end) or another
  character that is no cell's (not `#`, which starts a comment); or one line of its 369 cells in
  reading order (what to_compact writes); or, read as the Samurai board, its five grids' pretty
  or pencil-mark grids one after another (what to_pencilmarks writes). A file of Samurai puzzles
  has each after its `#` comment lines if any, apart from the next by a blank line or the next's
  comment lines.

Candidates that a filled peer rules out are dropped: they can never be right.

Lines end at `\n`, `\r\n` or `\r` only (not at the form feeds, U+0085 or U+2028 that
str.splitlines also breaks at: they may stand in a comment). A control character other than a tab
anywhere but in a comment is an error naming its line and column, and so is a line longer than
MAX_LINE_CHARS, refused before any of it is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutor.model.errors import (
    ConflictError,
    EmptyInputError,
    FormatError,
    NoCandidateError,
    SharedBoxError,
)
from tutor.model.geometry import (
    CLASSIC,
    COL_OF,
    ROW_OF,
    Geometry,
    bit,
    listed,
    regular,
    regular_of_size,
    samurai,
    SAMURAI_CELLS,
    SAMURAI_GRIDS,
    SAMURAI_SCREEN,
)
from tutor.model.grid import (
    Grid,
    fresh_puzzle,
    to_compact,
    to_drawn,
    to_grid_lines,
    to_line,
    to_pencilmarks,
    to_pretty,
)

EMPTY_CHARS = ".0_-*x"
_DIGIT_CHARS = "123456789"

SIZES = (4, 6, 8, 9, 10, 12, 16, 25)
"""The sizes of the regular boards the reader knows (a board of n digits has n x n cells)."""
_CELL_COUNTS = {n * n: n for n in SIZES}
_LONGEST_ROW = max(SIZES)


class _Alphabet:
    """The characters a text writes digits and empty cells with."""

    def __init__(self, symbols: str, empties: str) -> None:
        self.symbols = symbols
        self.empties = empties
        self.values = {ch: v for v, ch in enumerate(symbols, start=1)}
        self.values.update({ch.lower(): v for ch, v in self.values.items() if ch.isalpha()})
        self.cell = re.compile("[" + re.escape("".join(self.values) + empties) + r"]|\+.|\{[^}]*\}")

    def fits(self, geometry: Geometry) -> bool:
        return len(self.symbols) >= geometry.size


# Digits up to 9 (every board up to 9x9); letters after 9 (1-9A-G on 16x16, up to P on 25x25);
# 0-F (0 is the first digit, so only '.' and the like are empty) and A-P (letters only).
_DIGITS = _Alphabet(_DIGIT_CHARS, EMPTY_CHARS)
_LETTERS_AFTER_9 = _Alphabet("123456789ABCDEFGHIJKLMNOP", EMPTY_CHARS.replace("x", ""))
_HEX = _Alphabet("0123456789ABCDEF", EMPTY_CHARS.replace("0", "").replace("x", ""))
_LETTERS = _Alphabet("ABCDEFGHIJKLMNOP", EMPTY_CHARS.replace("x", ""))


def _alphabet_for(sample: str, geometry: Geometry | None) -> _Alphabet:
    """The alphabet a puzzle's text is written in, told by the characters it uses (its comments
    and other fields left out): digits alone up to 9; for larger boards 1-9 then letters, unless
    the text writes 0 as a digit beside '.' for empty cells (0-F) or has letters and no digit
    (A-P)."""
    if geometry is not None and geometry.size <= len(_DIGIT_CHARS):
        return _DIGITS
    letters = {ch for ch in sample.upper() if "A" <= ch <= "Z"}
    if not letters and (geometry is None or geometry.size <= len(_DIGIT_CHARS)):
        return _DIGITS
    if letters <= set("ABCDEF") and "0" in sample and "." in sample:
        return _HEX
    if not any(ch in _DIGIT_CHARS for ch in sample) and letters <= set(_LETTERS.symbols):
        return _LETTERS
    return _LETTERS_AFTER_9
_SEPARATOR_CHARS = set("-+|=.:' \t")

# A parsed cell: (value, is_given, candidate mask or None for standard marks).
_Cell = tuple


BOM = "\ufeff"
"""A UTF-8 byte-order mark, which some editors put at the start of a file: not part of the puzzle."""

MAX_LINE_CHARS = 4096
"""The longest line (not counting its line end) the reader takes, comment lines included (a blank
line, empty or only spaces, is skipped unread).

The longest line a puzzle can need is a line of 81 `{123456789}` cells, 891 characters; files of
other tools add a solution and a few fields (the longest line of the bundled and shared puzzle
files has 323). A longer line is refused at once, before any of it is read: a huge input costs
one scan in C for its line end and no memory beyond its text. A reader of files can read them line
by line up to this bound.
"""

# Whitespace between cells and fields: spaces and tabs, and Unicode's other spaces (a no-break
# space pasted from a web page), but no control character: those are errors, named where they are.
_BLANKS = " \t\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
# Control characters other than the tab (C0, DEL, C1 and the Unicode line and paragraph separators).
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
_NON_BLANK = re.compile(f"[^{_BLANKS}\r\n]")


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of each line that is not blank (empty, or only spaces); lines end at
    \\n, \\r\\n or \\r only.

    Line ends are found by str.find and runs of blank lines skipped by one search and counted by
    str.count, all in C: a huge line, or millions of blank ones, cost no work per character or per
    line in Python, and no list of every line.
    """
    n = len(text)
    start, number = 0, 1
    lf = cr = -1
    while True:
        found = _NON_BLANK.search(text, start)
        if found is None:
            return
        if found.start() > start:
            # The line holding the next character that is not blank starts after the last line end.
            line_start = max(text.rfind("\n", start, found.start()),
                             text.rfind("\r", start, found.start())) + 1
            if line_start > start:
                number += (text.count("\n", start, line_start) + text.count("\r", start, line_start)
                           - text.count("\r\n", start, line_start))
                start = line_start
        if lf < start:
            lf = text.find("\n", start)
            lf = n if lf < 0 else lf
        if cr < start:
            cr = text.find("\r", start)
            cr = n if cr < 0 else cr
        end = min(lf, cr)
        yield number, text[start:end]
        if end == n:
            return
        start = end + 2 if end == cr and lf == cr + 1 else end + 1
        number += 1


def _too_long(line_no: int, length: int) -> FormatError:
    return FormatError(f"the line has {length:,} characters, more than the {MAX_LINE_CHARS:,} "
                       f"a puzzle's line may have", line_no)


def _unexpected(ch: str, line_no: int, col: int, where: str = "") -> FormatError:
    """'unexpected character 'a'', or for an invisible one 'unexpected control character '\\x0c'
    (U+000C)'."""
    if _CONTROL.match(ch):
        return FormatError(f"unexpected control character {ch!r} (U+{ord(ch):04X}){where}",
                           line_no, col)
    return FormatError(f"unexpected character {ch!r}{where}", line_no, col)


def _check_controls(text: str, line_no: int, start_col: int = 1) -> None:
    """Raise a FormatError for the first control character in text (part of a line)."""
    found = _CONTROL.search(text)
    if found:
        raise _unexpected(found.group(), line_no, start_col + found.start())


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


def _scan_cells(text: str, line_no: int, start_col: int = 1, stop_at_space: bool = True,
                alphabet: _Alphabet = _DIGITS, enough: int = CLASSIC.cell_count):
    """Read cells from one line of line-form text; return (cells, index where reading stopped:
    at a space once `enough` cells are read, with `stop_at_space`)."""
    cells: list[_Cell] = []
    i = 0
    n = len(text)
    values, empties = alphabet.values, alphabet.empties
    while i < n:
        ch = text[i]
        if ch in values:
            cells.append((values[ch], True, None))
            i += 1
        elif ch in empties:
            cells.append((0, False, None))
            i += 1
        elif ch == "+":
            if i + 1 < n and text[i + 1] in values:
                cells.append((values[text[i + 1]], False, None))
                i += 2
            else:
                raise FormatError("'+' must be followed by a digit", line_no, start_col + i)
        elif ch == "{":
            close = text.find("}", i)
            if close < 0:
                raise FormatError("'{' is never closed", line_no, start_col + i)
            mask = _candidate_mask(text[i + 1:close], line_no, start_col + i + 1, alphabet)
            cells.append((0, False, mask))
            i = close + 1
        elif ch in " \t|":
            if stop_at_space and ch in " \t" and len(cells) >= enough:
                break
            i += 1
        else:
            raise _unexpected(ch, line_no, start_col + i)
    return cells, i


def _candidate_mask(digits: str, line_no: int, col: int, alphabet: _Alphabet = _DIGITS) -> int:
    mask = 0
    for k, ch in enumerate(digits):
        if ch not in alphabet.values:
            raise _unexpected(ch, line_no, col + k, " in a candidate list")
        if mask & bit(alphabet.values[ch]):
            raise FormatError(f"candidate {ch} listed twice", line_no, col + k)
        mask |= bit(alphabet.values[ch])
    return mask


def _is_separator(line: str) -> bool:
    stripped = line.strip(_BLANKS)
    if not stripped or not set(stripped) <= _SEPARATOR_CHARS or "--" not in stripped:
        return False
    # A row of empty cells written with dashes ("- - - | - - - | - - -") is not a separator.
    cells = [ch for ch in stripped if ch not in " \t|"]
    return not (len(cells) in SIZES and all(ch in EMPTY_CHARS for ch in cells))


def _is_content(line: str) -> bool:
    """Whether a line is neither blank nor a whole-line comment (a control character is content:
    it is reported where it stands)."""
    stripped = line.lstrip(_BLANKS)
    return bool(stripped) and not stripped.startswith("#")


def _content_lines(text: str, most_rows: int = _LONGEST_ROW) -> list[tuple[int, str]]:
    """(line number, text) of each line that is neither blank nor a whole-line comment, up to the
    first one past the largest grid's rows (26 lines that are not separators; past `most_rows`).

    :raises FormatError: a line longer than MAX_LINE_CHARS, before any of it is looked at.
    """
    content = []
    rows = 0
    for no, line in _lines(text):
        if len(line) > MAX_LINE_CHARS:
            raise _too_long(no, len(line))
        if _is_content(line):
            content.append((no, line))
            rows += not _is_separator(line)
            if rows > most_rows:
                break  # one row more than a grid has: the reader stops there, so need not read on
    return content


# A field of a line of another tool's file: fields are apart by spaces, tabs, commas or semicolons
# (a control character is part of its field, so it is never taken for a separator).
_FIELD = re.compile(f"[^{_BLANKS},;]+")


def _counts(geometry: Geometry | None) -> dict[int, int]:
    """{cell count: size} of the boards a text may be read as."""
    return _CELL_COUNTS if geometry is None else {geometry.cell_count: geometry.size}


def _cells_meant(line: str, line_no: int, counted: int, geometry: Geometry | None) -> int:
    """How many cells a wrong-length line holds, as its writer meant them.

    A first field longer than one row was meant as the whole puzzle (what follows it is a comment);
    shorter groups are rows written apart ("9..1.4..2 .8..6..7. ..."), counted together.
    """
    first = _FIELD.search(_strip_comment(line))
    if first is None:
        return counted
    field = first.group()
    try:
        field_cells, _ = _scan_cells(field, line_no, alphabet=_alphabet_for(field, geometry))
    except FormatError:
        return counted
    row = _LONGEST_ROW if geometry is None else geometry.size
    return len(field_cells) if len(field_cells) > row else counted


def _line_form_cells(line: str, line_no: int, geometry: Geometry | None = CLASSIC):
    """Cells of a one-line puzzle (fewer than a board's for a grid row), and the alphabet read.

    Other tools' files often put the puzzle in one field of several (`id puzzle rating`, CSV with
    the solution after a comma, TSV): when the whole line is not one puzzle, the first field that
    is exactly one puzzle is taken, and the rest of the line is a comment.

    :raises FormatError: a bad character (a control character first: it cannot be seen), naming
        its column.
    """
    body = _strip_comment(line)
    counts = _counts(geometry)
    smallest = min(counts)
    first = _FIELD.search(body)
    alphabet = _alphabet_for(first.group() if first else body, geometry)
    try:
        cells, _ = _scan_cells(body, line_no, alphabet=alphabet, enough=smallest)
        error = None
    except FormatError as failure:
        cells, error = None, failure
    if cells is not None and len(cells) in counts:
        if alphabet is not _DIGITS and counts[len(cells)] <= len(_DIGIT_CHARS):
            # A board of digits alone holds no letter: say which character, and where.
            _scan_cells(body, line_no, enough=smallest)
        return cells, alphabet
    for field in _FIELD.finditer(body):
        text = field.group()
        if len(text) < smallest:
            continue
        field_alphabet = _alphabet_for(text, geometry)
        try:
            field_cells, _ = _scan_cells(text, line_no, start_col=field.start() + 1,
                                         alphabet=field_alphabet, enough=smallest)
        except FormatError:
            continue
        if len(field_cells) in counts and (field_alphabet is _DIGITS or
                                            counts[len(field_cells)] > len(_DIGIT_CHARS)):
            return field_cells, field_alphabet
    if error is not None:
        _check_controls(body, line_no)
        raise error
    return cells, alphabet


# The common case, one line of exactly 81 digits and empty-cell characters, is read by a fast path:
# the line's bytes, with every empty-cell character made a 0, minus the code of '0' are the values.
_EMPTY_TO_ZERO = str.maketrans(dict.fromkeys(EMPTY_CHARS, "0"))
_DIGIT_VALUES = bytes(range(256)).translate(bytes((b - 48) % 256 for b in range(256)))
_FAST_LINE_CHARACTERS = "0123456789"


def _fast_line(text: str) -> Grid | None:
    """The puzzle of a plain 81-character line (surrounding whitespace allowed), else None (then
    the full reader handles the text, and reports any problem)."""
    if len(text) > 2 * CLASSIC.cell_count:
        return None  # a long text is no plain line: not even stripped here
    line = text.strip(_BLANKS + "\r\n")
    if len(line) != CLASSIC.cell_count:
        return None
    digits = line.translate(_EMPTY_TO_ZERO)
    if not (digits.isascii() and digits.isdigit()):
        return None
    return fresh_puzzle(tuple(digits.encode().translate(_DIGIT_VALUES)))


def _board(count: int, geometry: Geometry | None, box: tuple[int, int] | None) -> Geometry:
    """The board a text of `count` cells is read as."""
    if geometry is not None:
        return geometry
    size = _CELL_COUNTS[count]
    return regular(*box) if box is not None and box[0] * box[1] == size else regular_of_size(size)


def parse(text: str, geometry: Geometry | None = CLASSIC, box: tuple[int, int] | None = None
          ) -> Grid:
    """Read one puzzle in any accepted format.

    `geometry` is the board the text must hold (the classic one unless said otherwise); None reads
    any board, its shape told by the text (a line of 36 cells is a 6x6 board, with boxes of
    2 rows by 3 columns unless `box` says (rows, columns) otherwise; five lines of 81 cells or a
    drawn board of 21 rows with gaps are a Samurai).

    :raises PuzzleError: naming what is wrong and where (FormatError with its line and column,
        ConflictError and NoCandidateError with their cells, EmptyInputError).
    :raises TypeError: text is not a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    if geometry is CLASSIC:
        grid = _fast_line(text)
        if grid is not None:
            return grid
    if geometry is not None and _is_samurai(geometry):
        # Its grids' pretty or pencil-mark grids one after another have more rows than any grid.
        content = _content_lines(text.removeprefix(BOM), geometry.size * len(geometry.grids))
    else:
        content = _content_lines(text.removeprefix(BOM))
    if not content:
        raise EmptyInputError("empty input: no puzzle found")
    if geometry is not None and _is_samurai(geometry):
        return _parse_samurai(content, geometry)
    if geometry is None and _samurai_form(content):
        return _parse_samurai(content, samurai())
    first_no, first = content[0]
    counts = _counts(geometry)
    if len(content) == 1:
        cells, alphabet = _line_form_cells(first, first_no, geometry)
        if len(cells) not in counts:
            meant = _cells_meant(first, first_no, len(cells), geometry)
            other = (f" ({meant} cells make a {_CELL_COUNTS[meant]}x{_CELL_COUNTS[meant]} board, "
                     f"not read here)" if geometry is not None and meant in _CELL_COUNTS else "")
            raise FormatError(f"found {meant} cells, expected {_expected(geometry)}{other}",
                              first_no)
        return _build(cells, _board(len(cells), geometry, box), first_no)
    grid_lines = [(no, line) for no, line in content if not _is_separator(line)]
    if grid_lines and _holds_a_puzzle(*grid_lines[0], geometry, len(grid_lines)):
        second_no = grid_lines[1][0] if len(grid_lines) > 1 else content[1][0]
        raise FormatError("a second puzzle starts here; one puzzle was expected "
                          "(use tutor.read_puzzles or 'tutor grade' for files)", second_no)
    cells, size = _grid_cells(grid_lines, content[-1][0], geometry)
    return _build(cells, _board(size * size, geometry, box), content[0][0])


def _expected(geometry: Geometry | None) -> str:
    if geometry is not None:
        return str(geometry.cell_count)
    counts = [str(count) for count in _CELL_COUNTS if count != CLASSIC.cell_count]
    return (f"{CLASSIC.cell_count} (a 9x9 board), or " + ", ".join(counts[:-1]) + " or "
            + counts[-1] + " for a board of 4x4 to 25x25")


def _holds_a_puzzle(line_no: int, line: str, geometry: Geometry | None = CLASSIC,
                    rows: int = 0) -> bool:
    """Whether a line holds a whole one-line puzzle (a text of such lines is one puzzle per line)
    rather than a row of a grid.

    Read as any board (`geometry` None), a line holds a puzzle when it does on the classic board,
    or when its first field alone is a whole board's cells (a row of a grid, or of pencil marks,
    never is); a line of 16 cells is a 4x4 puzzle unless the text has exactly 16 such rows: then
    it is a row of a 16x16 grid.
    """
    if len(line) > MAX_LINE_CHARS:
        return False
    if geometry is None:
        if _holds_a_puzzle(line_no, line):
            return True
        first = _FIELD.search(_strip_comment(line))
        if first is None:
            return False
        try:
            cells, _ = _line_form_cells(first.group(), line_no, None)
        except FormatError:
            return False
        return len(cells) in _CELL_COUNTS and not (len(cells) == 16 and rows == 16)
    try:
        cells, _ = _line_form_cells(line, line_no, geometry)
    except FormatError:
        return False
    counts = _counts(geometry)
    if len(cells) not in counts and len(cells) < max(counts):
        return False
    return not _all_candidates_row(line, cells)


_TOKEN = re.compile(f"[^{_BLANKS}|]+")
_ALL_CANDIDATES = set(_DIGIT_CHARS)


def _all_candidates_row(line: str, cells: list[_Cell]) -> bool:
    """Whether a line is a pencil-mark grid's row of nine cells that each hold every candidate
    (`123456789 123456789 ...`, every row of the empty grid's pencil marks).

    Such a row also reads as 81 digits; as a one-line puzzle those clash, so it is taken as a row.
    (Nine groups of nine different digits that make a solution stay a one-line puzzle.)
    """
    tokens = _TOKEN.findall(_strip_comment(line))
    size = CLASSIC.size
    if len(tokens) != size or any(len(t) != size or set(t) != _ALL_CANDIDATES for t in tokens):
        return False
    return Grid([value for value, _, _ in cells[:CLASSIC.cell_count]]).has_conflict()


def _grid_cells(grid_lines: list[tuple[int, str]], last_line: int,
                geometry: Geometry | None = CLASSIC) -> tuple[list[_Cell], int]:
    """Cells of a pretty grid or a pencil-mark grid (separator lines already removed), and the
    board's size (the geometry's, or with none the number of rows).

    :raises FormatError: a bad character or control character (its line and column); a row of
        the wrong length (its line, and the column of its first cell too many, or where the row
        starts); a row too many (where it starts); too few rows (the line of the last, or of the
        text's last line, `last_line`, when there is none).
    """
    rows = [(no, _strip_comment(line)) for no, line in grid_lines]
    rows = [(no, line) for no, line in rows if line.strip(_BLANKS)]
    for no, line in rows:
        _check_controls(line, no)
    if geometry is not None:
        size = geometry.size
    else:
        size = len(rows) if len(rows) in SIZES else min(
            (n for n in SIZES if n >= len(rows)), default=_LONGEST_ROW)
    alphabet = _alphabet_for("".join(line for _, line in rows), geometry or regular_of_size(size))
    tokens = [list(_TOKEN.finditer(line)) for _, line in rows]
    pencil = any(
        "{" in line or "+" in line.replace("-+-", "") for _, line in rows
    ) or any(
        len(found) == size and any(len(m.group()) > 1 for m in found) for found in tokens
    )
    cells: list[_Cell] = []
    for row_index, ((no, line), found) in enumerate(zip(rows, tokens), start=1):
        row_start = len(line) - len(line.lstrip(_BLANKS)) + 1
        if row_index > size:
            raise FormatError(f"found a {row_index}th row, expected {size}", no, row_start)
        if pencil:
            row_cells = [_pencil_token(m.group(), no, m.start() + 1, alphabet) for m in found]
            starts = [m.start() for m in found]
        else:
            row_cells, _ = _scan_cells(line, no, stop_at_space=False, alphabet=alphabet)
            starts = ([m.start() for m in alphabet.cell.finditer(line)] if len(row_cells) > size
                      else [])
        count = len(row_cells)
        if count != size:
            column = starts[size] + 1 if count > size else row_start
            raise FormatError(f"row {row_index} has {count} cell{'' if count == 1 else 's'}, "
                              f"expected {size}", no, column)
        cells.extend(row_cells)
    if len(rows) < size:
        raise FormatError(f"found {len(rows)} rows, expected {size}",
                          rows[-1][0] if rows else last_line)
    return cells, size


def _pencil_token(token: str, line_no: int, col: int, alphabet: _Alphabet = _DIGITS) -> _Cell:
    if token in tuple(alphabet.empties):
        return (0, False, None)
    if token.startswith("{"):
        if not token.endswith("}"):
            raise FormatError(f"'{{' is never closed in {_quoted(token)}", line_no, col)
        return (0, False, _candidate_mask(token[1:-1], line_no, col + 1, alphabet))
    if token.startswith("+"):
        if len(token) == 2 and token[1] in alphabet.values:
            return (alphabet.values[token[1]], False, None)
        raise FormatError(f"'+' must be followed by one digit, not {_quoted(token)}", line_no, col)
    mask = _candidate_mask(token, line_no, col, alphabet)
    if len(token) == 1:
        return (alphabet.values[token], True, None)
    return (0, False, mask)


_DIGITS_WRITTEN = _LETTERS_AFTER_9.symbols


def _build(cells: list[_Cell], geometry: Geometry = CLASSIC, line_no: int | None = None) -> Grid:
    """:raises FormatError: a digit or candidate beyond the board's (a 7 on a 6x6 board)."""
    size = geometry.size
    for cell, (value, _, mask) in enumerate(cells):
        if value > size or (mask is not None and mask >> size):
            digit = value if value > size else mask.bit_length()
            what = "holds" if value > size else "has the candidate"
            raise FormatError(f"{geometry.cell_name(cell)} {what} {_DIGITS_WRITTEN[digit - 1]}: "
                              f"a {geometry.name} board has digits {geometry.symbols[0]}-"
                              f"{geometry.symbols[-1]}", line_no)
    values = [v for v, _, _ in cells]
    givens = [c for c, (v, given, _) in enumerate(cells) if v and given]
    grid = Grid(values, givens, geometry=geometry)
    conflict = grid.describe_conflict()
    if conflict:
        raise ConflictError(conflict, tuple(sorted(grid.conflict_cells())))
    standard = grid.masks
    if any(m is not None for _, _, m in cells):
        masks = [standard[c] if m is None else m & standard[c] for c, (_, _, m) in enumerate(cells)]
        grid = Grid(values, givens, masks, geometry)
    dead = [c for c in geometry.cells if not values[c] and not grid.masks[c]]
    if dead:
        names = ", ".join(geometry.cell_name(c) for c in dead[:5])
        raise NoCandidateError(f"{names} {'has' if len(dead) == 1 else 'have'} no candidate left",
                               tuple(dead))
    return grid


def _grid_rows(text: str) -> int:
    """How many rows a text would have as a drawn grid, counted up to 17 (enough to tell a 16x16
    grid from a file of 4x4 puzzles, one a line)."""
    rows = 0
    for _, line in _lines(text):
        if len(line) <= MAX_LINE_CHARS and _is_content(line) and not _is_separator(line):
            rows += 1
            if rows > 16:
                break
    return rows


def read_puzzles(text: str, geometry: Geometry | None = CLASSIC) -> Iterator[tuple[int, str]]:
    """Split a file's text into puzzles: yield (line number, puzzle text).

    A file whose first puzzle line holds a whole puzzle is one puzzle per line (each line that is
    not blank or a comment is yielded, for parse to read or refuse); otherwise the whole text is
    one puzzle (a pretty or pencil-mark grid). Lines end at \\n, \\r\\n or \\r only. A line longer
    than MAX_LINE_CHARS decides nothing and is not looked into: it is yielded as it is (or within
    the grid's text), and parse refuses it at once. `geometry` is as parse's: None for puzzles of
    any board. A file of Samurai puzzles (the Samurai board, or with None a file whose first
    puzzle is one) yields each puzzle's lines (its comment lines, then its cells' lines, up to a
    blank line or the next comment line) from its first line: line numbers in parse's errors
    count from there.
    """
    text = text.removeprefix(BOM)
    if _is_samurai(geometry) or geometry is None and _starts_with_samurai(text):
        # Puzzles of several lines each, apart by blank lines; each text starts at its line.
        yield from _blocks(text)
        return
    lines = _lines(text)
    before: list[tuple[int, str]] = []  # content lines up to the one that decides
    for no, line in lines:
        too_long = len(line) > MAX_LINE_CHARS
        if not too_long and not _is_content(line):
            continue
        before.append((no, line))
        if too_long or _is_separator(line):
            continue
        if _holds_a_puzzle(no, line, geometry, _grid_rows(text) if geometry is None else 0):
            yield from before
            yield from ((n, rest) for n, rest in lines
                        if len(rest) > MAX_LINE_CHARS or _is_content(rest))
        else:
            yield before[0][0], text
        return
    if before:
        yield before[0][0], text


# --- the Samurai (boards of several grids) -------------------------------------------------------
def _is_samurai(geometry: Geometry | None) -> bool:
    return geometry is not None and len(geometry.grids) > 1


_Spot = tuple[str, int, int]
"""Where a cell is written: its text, line and column (for messages)."""


def _line_cells(line: str, line_no: int) -> tuple[list[_Cell], list[_Spot]]:
    """The cells of a line of one grid's (or several grids') cells, comment left out, and where
    each is written."""
    body = _strip_comment(line)
    _check_controls(body, line_no)
    cells, _ = _scan_cells(body, line_no, stop_at_space=False)
    spots = [(m.group(), line_no, m.start() + 1) for m in _DIGITS.cell.finditer(body)]
    return cells, spots


def _grid_spots(rows: list[tuple[int, str]], size: int) -> list[_Spot]:
    """Where each cell of a pretty or pencil-mark grid (its rows, separators left out) is
    written: a pencil-mark row's tokens, a pretty row's cells."""
    spots = []
    for no, line in rows:
        body = _strip_comment(line)
        found = list(_TOKEN.finditer(body))
        if len(found) != size:
            found = list(_DIGITS.cell.finditer(body))
        spots += [(m.group(), no, m.start() + 1) for m in found]
    return spots


def _samurai_form(content: list[tuple[int, str]]) -> str | None:
    """How a text (its content lines) writes a Samurai: 'grids' (one line a grid), 'drawn' (its
    drawn board's rows), 'line' (one line of every cell, or of every grid's cells), or None when
    it is none of these (then it is read as a regular board).

    Told from the shape's constants, without making the board: every text read as any board asks.
    """
    size, grids = CLASSIC.size, len(SAMURAI_GRIDS)
    # Lines too short to hold a grid's (or the board's) cells are not read.
    try:
        if len(content) == grids:
            if all(len(line) >= size * size for _, line in content):
                cells = [_line_cells(line, no)[0] for no, line in content]
                if all(len(found) == size * size for found in cells) and _shared_agree(cells):
                    return "grids"
        elif len(content) == 1 and len(content[0][1]) >= SAMURAI_CELLS:
            if len(_line_cells(*content[0][::-1])[0]) in (SAMURAI_CELLS, grids * size * size):
                return "line"
    except FormatError:
        return None
    height, width = SAMURAI_SCREEN
    if len(content) == height:
        first = _strip_comment(content[0][1])
        # The first row's cells: the grids drawn from the top; the rest of it is gaps.
        row = [col for _, _, top, left in SAMURAI_GRIDS if top == 0
               for col in range(left, left + size)]
        gaps = set(range(width)) - set(row)
        cell_chars = set(_DIGIT_CHARS + EMPTY_CHARS)
        if (len(first) >= width and all(first[col] in cell_chars for col in row)
                and len({first[col] for col in gaps}) == 1
                and not {first[col] for col in gaps} & cell_chars):
            return "drawn"
    return None


def _shared_agree(grid_cells: list[list[_Cell]]) -> bool:
    """Whether five grids' cells are a Samurai's: most cells of its shared boxes (more than three
    in four) written alike in both their grids. Five classic puzzles one a line are not (their
    corner boxes agree by chance in few cells); a Samurai with a copy written wrong still is, so
    that the reader names the cell."""
    size = CLASSIC.size
    placed: dict[tuple[int, int], _Cell] = {}
    alike = shared = 0
    for (_, _, top, left), cells in zip(SAMURAI_GRIDS, grid_cells):
        for i, cell in enumerate(cells):
            place = (top + i // size, left + i % size)
            if place in placed:
                shared += 1
                alike += placed[place] == cell
            else:
                placed[place] = cell
    return 4 * alike > 3 * shared


def _parse_samurai(content: list[tuple[int, str]], board: Geometry) -> Grid:
    """A Samurai's grid from its text's content lines: five lines (one a grid, in the board's
    order of grids), its drawn board, one line of all its cells, or its grids' pretty or
    pencil-mark grids one after another (what to_pencilmarks writes).

    :raises FormatError: a bad character, a wrong count of lines or cells (naming the grid), a
        cell where the drawn board has a gap; SharedBoxError: two copies of a shared box differ.
    """
    form = _samurai_form(content)
    size, count = board.size, board.size * board.size
    names = board.grid_names
    if form == "drawn" or len(content) == board.screen[0]:
        return _build(_drawn_cells(content, board), board, content[0][0])
    if form == "line":
        no, line = content[0]
        cells, spots = _line_cells(line, no)
        if len(cells) == board.cell_count:
            return _build(cells, board, no)
        rows = [(no, cells[g * count:(g + 1) * count], spots[g * count:(g + 1) * count])
                for g in range(len(board.grids))]
    elif len(content) == len(board.grids):
        rows = []
        for (no, line), name in zip(content, names):
            cells, spots = _line_cells(line, no)
            if len(cells) != count:
                raise FormatError(f"the {name} grid's line has {len(cells)} cells, expected "
                                  f"{count} ({size} rows of {size})", no)
            rows.append((no, cells, spots))
    else:
        grid_rows = [(no, line) for no, line in content if not _is_separator(line)]
        if len(grid_rows) != size * len(board.grids):
            raise FormatError(
                f"found {len(content)} lines; a Samurai is {len(board.grids)} lines of {count} "
                f"cells (the {listed(names)} grids, in that order), its drawn board of "
                f"{board.screen[0]} rows, one line of its {board.cell_count} cells, or its grids' "
                f"pretty or pencil-mark grids one after another", content[-1][0])
        rows = []
        for g in range(len(board.grids)):
            chunk = grid_rows[g * size:(g + 1) * size]
            cells, _ = _grid_cells(chunk, chunk[-1][0], CLASSIC)
            rows.append((chunk[0][0], cells, _grid_spots(chunk, size)))
    return _build(_merged_grids(rows, board), board, content[0][0])


def _merged_grids(rows: list[tuple[int, list[_Cell], list[_Spot]]],
                  board: Geometry) -> list[_Cell]:
    """The board's cells from each grid's cells (with the line the grid starts on, and where
    each cell is written), a shared box's two copies checked alike.

    :raises SharedBoxError: naming the cell in both grids; its line and column are the second
        copy's (the cell's names say where the first is: a reader of a file of puzzles moves the
        error's line to the file's, never numbers inside its message).
    """
    cells: list[_Cell | None] = [None] * board.cell_count
    first: list[tuple[int, str]] = [(0, "")] * board.cell_count
    for g, ((_, grid_cells, spots), board_cells) in enumerate(zip(rows, board.grids)):
        for i, cell in enumerate(board_cells):
            text, no, column = spots[i]
            had = cells[cell]
            if had is None:
                cells[cell] = grid_cells[i]
                first[cell] = (g, text)
            elif had != grid_cells[i]:
                other, other_text = first[cell]
                names = board.grid_names[other], board.grid_names[g]
                raise SharedBoxError(
                    f"the shared cell {board.cell_name(cell)} is {other_text!r} in the {names[0]} "
                    f"grid but {text!r} in the {names[1]} grid: the two copies of a shared box "
                    f"must agree", no, column, cell, names)
    return [cell for cell in cells if cell is not None]


def _drawn_cells(content: list[tuple[int, str]], board: Geometry) -> list[_Cell]:
    """The cells of a drawn board: one character a place, a cell's a digit or an empty-cell
    character, every gap's the same other character (a space, which may be left off the end).

    :raises FormatError: naming the line and column of a bad character.
    """
    height, width = board.screen
    at = {place: cell for cell, place in enumerate(board.positions)}
    cells: list[_Cell] = [(0, False, None)] * board.cell_count
    gap = None
    for row, (no, line) in enumerate(content):
        body = _strip_comment(line).rstrip(_BLANKS)
        _check_controls(body, no)
        if len(body) > width:
            raise FormatError(f"row {row + 1} of the drawn board has {len(body)} places, expected "
                              f"{width}", no, width + 1)
        for col in range(width):
            ch = body[col] if col < len(body) else " "
            cell = at.get((row, col))
            if cell is not None:
                if ch in _DIGITS.values:
                    cells[cell] = (_DIGITS.values[ch], True, None)
                elif ch not in EMPTY_CHARS:
                    raise _unexpected(ch, no, col + 1, f" where the drawn board has a cell "
                                      f"({board.cell_name(cell)})")
            elif col >= len(body):
                continue
            elif ch in _DIGITS.values or ch in EMPTY_CHARS:
                raise FormatError(f"a cell ({ch!r}) where the drawn board has a gap between grids "
                                  f"(row {row + 1}, column {col + 1}); write a gap as a space or "
                                  f"another character that is no cell's", no, col + 1)
            elif gap is None:
                gap = ch
            elif ch != gap:
                raise FormatError(f"the gap between grids is {ch!r} here but {gap!r} before "
                                  f"(row {row + 1}, column {col + 1})", no, col + 1)
    return cells


def _ends_a_puzzle(no: int, line: str, last: int, content: bool) -> bool:
    """Whether a line of a file of Samurai puzzles starts the next one: after the current one's
    cells, a blank line (a line number skipped) or a whole-line comment."""
    return content and (no > last + 1 or not _is_content(line) and len(line) <= MAX_LINE_CHARS)


def _blocks(text: str) -> Iterator[tuple[int, str]]:
    """(first line number, text) of each puzzle of a file of Samurai puzzles: its comment lines
    and then its lines of cells, apart from the next by a blank line or the next's comments."""
    start, last = 0, 0
    lines: list[str] = []
    content = False
    for no, line in _lines(text):
        if _ends_a_puzzle(no, line, last, content) or lines and no > last + 1:
            if content:
                yield start, "\n".join(lines)
            lines, content = [], False
        if not lines:
            start = no
        lines.append(line)
        content = content or len(line) > MAX_LINE_CHARS or _is_content(line)
        last = no
    if content:
        yield start, "\n".join(lines)


def _starts_with_samurai(text: str) -> bool:
    """Whether a text's first run of lines between blank lines is a Samurai (then the text is a
    file of Samurai puzzles). Reads no further than a Samurai's lines."""
    content: list[tuple[int, str]] = []
    last = 0
    for no, line in _lines(text):
        if _ends_a_puzzle(no, line, last, bool(content)) or len(content) > SAMURAI_SCREEN[0]:
            break
        if len(line) > MAX_LINE_CHARS:
            return False
        if _is_content(line):
            content.append((no, line))
        last = no
    return _samurai_form(content) is not None


__all__ = ["parse", "read_puzzles", "SIZES", "to_line", "to_pretty", "to_pencilmarks", "to_compact",
           "to_grid_lines", "to_drawn",
           "EMPTY_CHARS", "MAX_LINE_CHARS", "ROW_OF", "COL_OF"]
