"""Parsing every accepted format, the writers' round trips, and clear errors for bad input."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import tutor
from tutor import ConflictError, EmptyInputError, FormatError, NoCandidateError, PuzzleError
from tutor.model.formats import MAX_LINE_CHARS
from tutor.model.geometry import cell_name

STAR_BURST_LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"

PRETTY = """
9 . . | 1 . 4 | . . 2
. 8 . | . 6 . | . 7 .
. . . | . . . | . . .
------+-------+------
4 . . | . . . | . . 1
. 7 . | . . . | . 3 .
3 . . | . . . | . . 7
------+-------+------
. . . | . . . | . . .
. 3 . | . 7 . | . 8 .
1 . . | 2 . 9 | . . 4
"""

HODOKU_PM = """
.----------------.----------------------.----------------.
| 9   56    3567 | 1      358    4      | 3568  56    2  |
| 25  8     12345| 359    6      235    | 13459 7     359|
"""


def test_line_forms_and_empty_characters():
    grid = tutor.parse(STAR_BURST_LEO)
    assert grid.to_line() == STAR_BURST_LEO
    assert len(grid.givens) == 20
    for empty in "0_-*x":
        assert tutor.parse(STAR_BURST_LEO.replace(".", empty)) == grid
    assert tutor.parse(STAR_BURST_LEO + "   Star Burst Leo, 20 givens") == grid
    assert tutor.parse(STAR_BURST_LEO + "#comment") == grid
    assert tutor.parse("# a file header\n" + STAR_BURST_LEO + "\n") == grid


def test_lines_of_other_tools_files():
    grid = tutor.parse(STAR_BURST_LEO)
    solution = tutor.solve(grid).to_line()
    zeros = STAR_BURST_LEO.replace(".", "0")
    assert tutor.parse(f"066924143146 {zeros}  2.5") == grid          # Sudoku Exchange bank
    assert tutor.parse(f"{zeros},{solution}") == grid                   # Kaggle CSV
    assert tutor.parse(f"valid\tStar\t{STAR_BURST_LEO}\t{solution}\t20") == grid  # TSV
    assert tutor.parse(f"{STAR_BURST_LEO},Label;tarek,95532,,") == grid  # forum CSV
    text = f"# id puzzle rating\nab12 {zeros} 2.5\ncd34 {zeros} 2.6\n"
    assert [no for no, _ in tutor.read_puzzles(text)] == [2, 3]
    with pytest.raises(FormatError, match="found 80 cells"):
        tutor.parse(f"id {zeros[:80]} 2.5"[3:])


def test_pretty_grid_and_compact_rows():
    grid = tutor.parse(STAR_BURST_LEO)
    assert tutor.parse(PRETTY) == grid
    rows = "\n".join(STAR_BURST_LEO[i:i + 9] for i in range(0, 81, 9))
    assert tutor.parse(rows) == grid
    boxed = "\n".join(
        "|".join(STAR_BURST_LEO[i + k:i + k + 3] for k in (0, 3, 6)) for i in range(0, 81, 9)
    )
    assert tutor.parse(boxed) == grid


def test_writers_round_trip_with_candidates_and_placed_digits():
    grid = tutor.parse(STAR_BURST_LEO).place(1, 5).eliminate([(2, 3), (9, 5)])
    grid = grid.with_candidates(11, [4])
    for text in (grid.to_pencilmarks(), grid.to_compact(), repr(grid).split("'")[1]):
        assert tutor.parse(text) == grid
    assert tutor.parse(grid.to_line()).values == grid.values
    assert "{4}" in grid.to_pencilmarks()  # an empty cell with one candidate keeps its braces
    assert "+5" in grid.to_pencilmarks()   # a placed digit is told apart from a given


def test_repr_pastes_back():
    grid = tutor.parse(STAR_BURST_LEO).place(1, 5)
    assert eval(repr(grid), {"tutor": tutor}) == grid


def test_sudokuwiki_compact_form():
    board = ("4{16}{16}{125}7{125}{25}98{126}93{24}{24}{68}{128}57{28}75{16}{69}{18}{28}{16}"
             "{46}{49}3{24}65{78}{78}{16}1{27}{79}6{3}{25}{28}{2479}{469}{2369}5{27}8{3679}{29}"
             "{39}{19}1{58}{458}3{27}6{289}{69}{26}7{36}{69}{89}59{36}{237}{258}{256}{169}{124}"
             "{13}8{35}{26}")
    with pytest.raises(PuzzleError):
        tutor.parse(board)  # not 81 cells: an error, not a traceback
    cells = ["4", "{16}", "{16}"] + ["."] * 78
    grid = tutor.parse("".join(cells))
    assert grid.candidates(1) == {1, 6} and grid.values[0] == 4


def test_pencil_mark_grid_reads_candidates():
    grid = tutor.parse(STAR_BURST_LEO)
    narrowed = grid.eliminate([(1, 6)])
    text = narrowed.to_pencilmarks()
    back = tutor.parse(text)
    assert back.candidates(1) == {5}
    assert back.values[1] == 0


def test_pencil_mark_candidates_ruled_out_by_peers_are_dropped():
    rows = [["123456789"] * 9 for _ in range(9)]
    rows[0][0] = "5"
    text = "\n".join(" ".join(r) for r in rows)
    grid = tutor.parse(text)
    assert 5 not in grid.candidates(1) and grid.candidates(80) == set(range(1, 10))


@pytest.mark.parametrize("text, expected", [
    ("", "empty input"),
    ("   \n# only a comment\n", "empty input"),
    (STAR_BURST_LEO[:80], "found 80 cells, expected 81"),
    (STAR_BURST_LEO[:40] + "a" + STAR_BURST_LEO[41:], "line 1, column 41: unexpected character 'a'"),
    ("\n".join([STAR_BURST_LEO[i:i + 9] for i in range(0, 72, 9)]), "found 8 rows, expected 9"),
    ("\n".join([STAR_BURST_LEO[i:i + 9] + ("1" if i == 27 else "") for i in range(0, 81, 9)]),
     "line 4, column 10: row 4 has 10 cells, expected 9"),
    ("\n\n" + "\n".join(STAR_BURST_LEO[i:i + 9] for i in range(0, 81, 9)).replace("4", "q", 1),
     "line 3, column 6: unexpected character 'q'"),
])
def test_format_errors_name_what_and_where(text, expected):
    with pytest.raises(PuzzleError) as info:
        tutor.parse(text)
    assert expected in str(info.value)


def test_error_classes():
    with pytest.raises(EmptyInputError):
        tutor.parse("")
    with pytest.raises(FormatError):
        tutor.parse("12")
    assert issubclass(PuzzleError, ValueError)


def test_conflict_names_the_cells():
    line = "5......5." + "." * 72
    with pytest.raises(ConflictError) as info:
        tutor.parse(line)
    assert str(info.value) == "two 5s in row 1 (r1c1 and r1c8)"
    line = "." * 18 + "5......5." + "." * 54
    with pytest.raises(ConflictError, match=r"two 5s in row 3 \(r3c1 and r3c8\)"):
        tutor.parse(line)


def test_cell_with_no_candidate_left():
    # r7c2 sees 1-8 in its row and 9 in its column.
    values = ["."] * 81
    for col, digit in zip([0, 2, 3, 4, 5, 6, 7, 8], "12345678"):
        values[54 + col] = digit
    values[1] = "9"
    with pytest.raises(NoCandidateError) as info:
        tutor.parse("".join(values))
    assert "r7c2 has no candidate left" in str(info.value)
    assert cell_name(info.value.cells[0]) == "r7c2"


def test_second_puzzle_in_parse_is_refused_but_read_puzzles_splits():
    two = STAR_BURST_LEO + "\n" + STAR_BURST_LEO + "\n"
    with pytest.raises(FormatError, match="line 2"):
        tutor.parse(two)
    assert [no for no, _ in tutor.read_puzzles("# header\n" + two)] == [2, 3]
    assert len(list(tutor.read_puzzles(PRETTY))) == 1


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("123456789.0 \n|-+{}#x_*a")), max_size=200))
def test_any_text_parses_or_raises_puzzle_error(text):
    try:
        grid = tutor.parse(text)
    except PuzzleError:
        return
    assert tutor.parse(grid.to_compact()) == grid


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(list("123456789.")), min_size=81, max_size=81))
def test_any_81_cells_parse_or_raise(cells):
    text = "".join(cells)
    try:
        grid = tutor.parse(text)
    except (ConflictError, NoCandidateError):
        return
    assert grid.to_line() == text
    for writer in (grid.to_pretty, grid.to_pencilmarks, grid.to_compact):
        assert tutor.parse(writer()) == grid


def test_a_byte_order_mark_is_not_part_of_the_puzzle():
    line = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
    assert tutor.parse("\ufeff" + line) == tutor.parse(line)
    pretty = tutor.parse(line).to_pencilmarks()
    assert tutor.parse("\ufeff" + pretty) == tutor.parse(pretty)
    assert list(tutor.read_puzzles("\ufeff" + line + "\n" + line)) == [(1, line), (2, line)]
    # Anywhere else it is still an unexpected character, named where it is.
    with pytest.raises(tutor.FormatError, match="column 3: unexpected character '\\\\ufeff'"):
        tutor.parse(line[:2] + "\ufeff" + line[2:])


def test_a_huge_bad_token_is_quoted_cut():
    # As long as a line may be (a longer line is refused for its length: see below).
    grid = tutor.parse("." * 81).to_pencilmarks().splitlines()
    grid[0] = "+" + "x" * 3_999 + " " + grid[0].split(None, 1)[1]
    assert len(grid[0]) <= MAX_LINE_CHARS
    with pytest.raises(tutor.FormatError) as info:
        tutor.parse("\n".join(grid))
    message = str(info.value)
    assert len(message) < 200 and message.endswith("'+xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (4,000 characters)")


# --- the fast reader of plain 81-character lines ----------------------------------------------------
def _slow_parse(line: str):
    """The same line read by the general reader (one cell per character, then Grid's own checks):
    the fast path must agree with it on the grid and on the error."""
    return tutor.parse(" ".join(line))  # spaces between cells send it past the fast path


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("123456789" + "." * 12 + "0x"), min_size=81, max_size=81),
       st.sampled_from(["", " ", "\n", "\t  "]))
def test_the_fast_line_reader_agrees_with_the_general_reader(cells, padding):
    line = "".join(cells)
    try:
        expected = _slow_parse(line)
    except PuzzleError as error:
        with pytest.raises(type(error)) as raised:
            tutor.parse(padding + line + padding)
        assert str(raised.value) == str(error) and raised.value.cells == error.cells
        return
    grid = tutor.parse(padding + line + padding)
    assert grid == expected and hash(grid) == hash(expected)
    assert grid.is_fresh_puzzle and grid.givens == expected.givens
    assert all(type(mask) is int for mask in grid.masks)


def test_the_fast_line_reader_reports_conflicts_and_dead_cells_like_the_general_one():
    conflict = "11" + "." * 79
    with pytest.raises(ConflictError) as raised:
        tutor.parse(conflict)
    assert raised.value.cells == (0, 1)
    dead = "12345678." + "........9" + "." * 63  # r1c9 sees 1-8 in its row and 9 in its box
    with pytest.raises(NoCandidateError) as raised:
        tutor.parse(dead)
    assert "r1c9" in str(raised.value)
    assert tutor.parse("." * 81) == tutor.Grid.empty()


# --- every writer's text reads back: the empty and near-empty grids too -----------------------------
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


@st.composite
def grids(draw):
    """Grids a user can reach: some cells of a solution filled (givens or placed digits, often
    none or a few), the others with the standard candidates or some of them, always keeping the
    true digit (so no cell is left without a candidate)."""
    relabel = draw(st.permutations(range(1, 10)))
    solution = [relabel[int(ch) - 1] for ch in SOLUTION]
    count = draw(st.one_of(st.integers(0, 4), st.integers(0, 81)))
    filled = draw(st.permutations(range(81)))[:count]
    placed = draw(st.sets(st.sampled_from(filled))) if filled else set()
    values = [0] * 81
    for cell in filled:
        values[cell] = solution[cell]
    grid = tutor.Grid(values, [c for c in filled if c not in placed])
    if draw(st.booleans()):
        keep = draw(st.lists(st.integers(0, 511), min_size=81, max_size=81))
        grid = tutor.Grid(values, grid.givens,
                          [m & (k | 1 << (solution[c] - 1)) for c, (m, k) in enumerate(zip(grid.masks, keep))])
    return grid


def _reads_back(text, expected):
    assert tutor.parse(text) == expected
    items = list(tutor.read_puzzles(text))
    assert len(items) == 1 and tutor.parse(items[0][1]) == expected


@settings(max_examples=200, deadline=None)
@given(grids())
@example(tutor.Grid.empty())
@example(tutor.Grid.empty().eliminate([(80, 1)]))
@example(tutor.Grid.empty().place(80, 9))
def test_every_writers_text_reads_back(grid):
    for text in (grid.to_pencilmarks(), grid.to_compact(), repr(grid).split("'")[1]):
        _reads_back(text, grid)
    for text in (grid.to_line(), grid.to_pretty()):  # values only: every digit a given
        _reads_back(text, grid.as_puzzle())


def test_a_pencil_mark_grid_whose_rows_hold_every_candidate_is_one_grid():
    # Each row of nine '123456789' also reads as 81 digits: as a puzzle they clash, so it is a row.
    empty = tutor.Grid.empty()
    assert tutor.parse(empty.to_pencilmarks()) == empty
    narrowed = empty.eliminate([(cell, 5) for cell in range(9, 81)])
    text = narrowed.to_pencilmarks()
    assert text.splitlines()[0].split("|")[0].split() == ["123456789"] * 3
    assert [no for no, _ in tutor.read_puzzles(text)] == [1]
    assert tutor.parse(text) == narrowed
    # Nine groups of nine digits that make a solution stay a one-line puzzle, one per line.
    rows_apart = " ".join(SOLUTION[i:i + 9] for i in range(0, 81, 9))
    assert tutor.parse(rows_apart).to_line() == SOLUTION
    assert [no for no, _ in tutor.read_puzzles(rows_apart + "\n" + rows_apart)] == [1, 2]
    with pytest.raises(ConflictError):  # one line alone is never a grid
        tutor.parse(" ".join(["123456789"] * 9))


# --- lines end at \n, \r\n or \r only; a control character elsewhere is named where it is ------------
LINE_BREAKERS = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("breaker", LINE_BREAKERS)
def test_a_character_str_splitlines_breaks_at_stays_in_its_comment(breaker):
    grid = tutor.parse(STAR_BURST_LEO)
    pencil = grid.eliminate([(1, 6)])
    header = f"# made by hand{breaker}page 2\n"
    assert tutor.parse(header + PRETTY) == grid
    assert tutor.parse(header + pencil.to_pencilmarks()) == pencil
    assert tutor.parse(f"{STAR_BURST_LEO} # Star{breaker}Burst Leo") == grid
    assert tutor.parse(f"{STAR_BURST_LEO}   Star{breaker}Burst Leo") == grid  # text after the cells
    assert tutor.parse(f"valid\tStar{breaker}\t{STAR_BURST_LEO}\t20") == grid  # another field
    text = header + f"{STAR_BURST_LEO}\n{STAR_BURST_LEO[:80]}\n"
    assert [no for no, _ in tutor.read_puzzles(text)] == [2, 3]
    # Line numbers count line ends only: the bad row below is on line 6 of the text.
    rows = PRETTY.strip().splitlines()
    rows[4] = rows[4].replace("4", "q", 1)
    with pytest.raises(FormatError, match="^line 6, column 1: unexpected character 'q'$"):
        tutor.parse(header + "\n".join(rows))


@pytest.mark.parametrize("breaker", LINE_BREAKERS + ["\x00", "\x1b", "\x7f", "\x9b"])
def test_a_control_character_outside_a_comment_is_named_where_it_is(breaker):
    PENCIL = tutor.parse(STAR_BURST_LEO).to_pencilmarks()
    code = f"U+{ord(breaker):04X}"
    for text, line, column in [
        (STAR_BURST_LEO[:40] + breaker + STAR_BURST_LEO[40:], 1, 41),
        (breaker + STAR_BURST_LEO, 1, 1),
        (STAR_BURST_LEO + breaker, 1, 82),
        ("# a header\n" + STAR_BURST_LEO + breaker + "\n", 2, 82),
        (PRETTY.replace(". 7 . | . . .", ". 7 . |" + breaker + ". . .", 1), 7, 8),
        (PRETTY.replace("------+-------+------", "------+-------+------" + breaker, 1), 5, 22),
        (PENCIL.replace("\n", breaker + "\n", 1), 1, PENCIL.index("\n") + 1),
    ]:
        with pytest.raises(FormatError) as info:
            tutor.parse(text)
        assert (info.value.line, info.value.column) == (line, column), repr(text)
        assert f"unexpected control character {breaker!r} ({code})" in str(info.value)


def test_windows_and_old_mac_line_ends():
    grid = tutor.parse(STAR_BURST_LEO)
    for end in ("\r\n", "\r"):
        assert tutor.parse(PRETTY.replace("\n", end)) == grid
        text = f"# header{end}{STAR_BURST_LEO}{end}{STAR_BURST_LEO}{end}"
        assert [no for no, _ in tutor.read_puzzles(text)] == [2, 3]
    rows = PRETTY.strip().split("\n")
    rows[5] = rows[5] + " 5"
    with pytest.raises(FormatError, match="^line 6, "):
        tutor.parse("\r\n".join(rows))
    # Blank lines of every ending are counted, however many (16 lines before the grid here).
    blanks = "\n \r\n\t\r\r\n" * 3 + "  \n# a comment\n\n\n"
    with pytest.raises(FormatError, match="^line 22, column 23: row 5 has 10 cells"):
        tutor.parse(blanks + "\r\n".join(rows))
    with pytest.raises(EmptyInputError):
        tutor.parse("\n\r\n \t" * 100_000 + " " * (2 * MAX_LINE_CHARS))  # blank lines are not read


# --- a wrong row names its line, and where the stray cell or row starts --------------------------
def test_a_stray_token_in_a_drawn_grid_is_named_where_it_is():
    rows = PRETTY.strip().splitlines()  # line 4 is the first band's rule
    with pytest.raises(FormatError) as info:
        tutor.parse("\n".join(rows[:6] + ["    7"] + rows[6:]))
    assert str(info.value) == "line 7, column 5: row 6 has 1 cell, expected 9"
    with pytest.raises(FormatError) as info:
        tutor.parse("\n".join(rows + ["", "  5 . ."]))
    assert str(info.value) == "line 13, column 3: found a 10th row, expected 9"
    with pytest.raises(FormatError) as info:
        tutor.parse("\n".join(rows[:2] + [rows[2] + " 6"] + rows[3:]))
    assert str(info.value) == "line 3, column 23: row 3 has 10 cells, expected 9"
    pencil = tutor.parse(STAR_BURST_LEO).eliminate([(1, 6)]).to_pencilmarks().splitlines()
    column = len(pencil[4]) + 2
    pencil[4] += " 13"
    with pytest.raises(FormatError) as info:
        tutor.parse("\n".join(pencil))
    assert str(info.value) == f"line 5, column {column}: row 4 has 10 cells, expected 9"
    with pytest.raises(FormatError) as info:
        tutor.parse("\n".join(rows[:9] + ["# the last two rows are missing"]))
    assert str(info.value) == "line 9: found 7 rows, expected 9"


# --- a line longer than MAX_LINE_CHARS is refused for its length, before it is read ---------------
def test_a_line_longer_than_the_bound_is_refused_naming_it_and_its_length():
    assert 891 < MAX_LINE_CHARS  # 81 cells of {123456789}, the longest a puzzle needs
    longest = STAR_BURST_LEO + " " + "x" * (MAX_LINE_CHARS - 82)
    assert tutor.parse(longest) == tutor.parse(STAR_BURST_LEO)
    too_long = longest + "x"
    for text, line in [(too_long, 1), ("." * 10_000_000, 1), ("# header\n" + too_long + "\n", 2),
                       ("# " + "x" * MAX_LINE_CHARS + "\n" + PRETTY, 1),
                       (PRETTY.replace("\n. 7 .", "\n. 7 ." + " " * MAX_LINE_CHARS, 1), 7)]:
        with pytest.raises(FormatError) as info:
            tutor.parse(text)
        length = len(text.splitlines()[line - 1])
        assert str(info.value) == (f"line {line}: the line has {length:,} characters, more than "
                                   f"the {MAX_LINE_CHARS:,} a puzzle's line may have")
    # In a file of puzzle lines the long line is one item (refused when read); the others read.
    text = f"{too_long}\n{STAR_BURST_LEO}\n{'1' * 10_000_000}\n{STAR_BURST_LEO}\n"
    items = list(tutor.read_puzzles(text))
    assert [no for no, _ in items] == [1, 2, 3, 4]
    assert [item == STAR_BURST_LEO for _, item in items] == [False, True, False, True]
    with pytest.raises(FormatError, match="10,000,000 characters"):
        tutor.parse(items[2][1])


# --- boards of other sizes ---------------------------------------------------------------------
from tutor.model.geometry import regular, regular_of_size  # noqa: E402


def _shape_puzzle(size: int) -> "tutor.Grid":
    """A valid position of our own on the regular board of `size` digits: a shifted filling with
    about a third of its cells emptied."""
    board = regular_of_size(size)
    h, w = board.box_height, board.box_width
    solution = [(r % h * w + r // h + c) % size + 1 for r in range(size) for c in range(size)]
    values = [0 if (cell * 7 + cell // size) % 3 == 0 else v for cell, v in enumerate(solution)]
    return tutor.Grid(values, geometry=board)


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 16, 25])
def test_a_line_or_a_drawn_grid_of_any_regular_size_is_read_as_that_board(size):
    grid = _shape_puzzle(size)
    line = grid.to_line()
    assert tutor.parse(line, None) == grid
    assert tutor.parse(line.replace(".", "0") if size < 16 else line, None) == grid
    assert tutor.parse(grid.to_pretty(), None) == grid
    changed = grid.place(grid.empty_cells[0], 1 + (grid.empty_cells[0] % size))
    if not changed.has_conflict():
        assert tutor.parse(changed.to_compact(), None) == changed
        assert tutor.parse(changed.to_pencilmarks(), None) == changed
    # Told the board, the reader wants that board; not told, the classic board.
    assert tutor.parse(line, grid.geometry) == grid
    with pytest.raises(FormatError, match=f"found {size * size} cells, expected 81|unexpected "
                                          "character"):
        tutor.parse(line)


def test_a_6x6_board_has_boxes_of_2_rows_unless_told_otherwise():
    assert tutor.parse("." * 36, None).geometry is regular(2, 3)
    assert tutor.parse("." * 36, None, box=(3, 2)).geometry is regular(3, 2)
    assert tutor.parse("." * 144, None).geometry is regular(3, 4)


def test_16x16_symbols_1_to_G_0_to_F_and_A_to_P():
    grid = _shape_puzzle(16)
    line = grid.to_line()
    assert "G" in line
    hexline = "".join(c if c == "." else "0123456789ABCDEF"[int(c, 17) - 1] for c in line)
    letters = "".join(c if c == "." else "ABCDEFGHIJKLMNOP"[int(c, 17) - 1] for c in line)
    assert tutor.parse(hexline, None) == grid
    assert tutor.parse(letters, None) == grid
    assert tutor.parse(line.lower(), None) == grid


def test_a_file_of_4x4_lines_and_a_16x16_grid_are_told_apart():
    small = [_shape_puzzle(4).to_line(), "1" + "." * 15]
    assert [text for _, text in tutor.read_puzzles("\n".join(small) + "\n", None)] == small
    rows = "\n".join(_shape_puzzle(16).to_line()[i:i + 16] for i in range(0, 256, 16))
    assert len(list(tutor.read_puzzles(rows, None))) == 1
    assert tutor.parse(rows, None) == _shape_puzzle(16)


def test_a_wrong_size_or_a_digit_off_the_board_is_named():
    with pytest.raises(FormatError, match="found 35 cells, expected 81 .a 9x9 board., or 16, 36"):
        tutor.parse("." * 35, None)
    with pytest.raises(FormatError, match="r1c2 holds 7: a 6x6 board has digits 1-6"):
        tutor.parse(".7" + "." * 34, None)
    with pytest.raises(FormatError, match="r1c2 holds H: a 16x16 board has digits 1-G"):
        tutor.parse("1H" + "." * 254, None)
    with pytest.raises(ConflictError, match="two 3s in row 1"):
        tutor.parse("3..3" + "." * 12, None)


def test_the_shared_sudoq_puzzles_read_as_their_boards():
    from conftest import shared_file

    for name, board in (("4x4", regular(2, 2)), ("6x6", regular(2, 3)), ("16x16", regular(4, 4))):
        lines = shared_file(f"sudoq/{name}.txt").read_text().splitlines()
        for line in lines:
            givens, solution, _ = line.split()
            grid = tutor.parse(line, None)
            assert grid.geometry is board and grid.to_line() == givens
            assert tutor.parse(solution, None).is_solved
