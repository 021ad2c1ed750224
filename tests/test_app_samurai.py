"""The app on a Samurai at 110x45 and 80x24: the whole board with every cell inside the terminal,
one grid alone with its pencil marks, grids in focus by key and by click, a shared cell's digit in
both grids, undo, check, and a save resumed as a Samurai."""

from __future__ import annotations

import pytest
from rich.style import Style

from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.board_render import COMPACT, FULL
from tutor.app.game_screen import GameScreen
from tutor.app.board_render import STYLE_NAMES
from tutor.app.samurai_board import WholeLayout, WholePainter, grid_view
from tutor.app.view import BoardView
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.model.formats import parse
from tutor.model.geometry import CLASSIC, samurai
from conftest import until
from test_samurai import PUZZLE, SOLUTION

SIZES = ((110, 45), (80, 24))
TOP_LEFT, TOP_RIGHT, CENTRE, BOTTOM_LEFT, BOTTOM_RIGHT = range(5)


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


@pytest.fixture(scope="module")
def puzzle():
    return parse(PUZZLE, samurai())


@pytest.fixture(scope="module")
def solution():
    return parse(SOLUTION, samurai())


def screen_text(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def place_of(app, cell: int) -> tuple[int, int]:
    """Where on the screen the board draws `cell`'s digit (x, y), on the whole board or in the
    grid drawn alone."""
    board = app.game_screen.query_one(Board)
    layout = board.board_layout
    shape = board.geometry
    grid = board.shown_grid
    if grid is None:
        row, col = shape.row_of[cell], shape.col_of[cell]
    else:
        row, col = divmod(shape.grids[grid].index(cell), CLASSIC.size)
    x = board.content_region.x + layout.column_x(col) + (layout.cell_width - 1) // 2
    y = board.content_region.y + layout.row_y(row) + layout.middle
    return x, y


def drawn_symbol(app, cell: int) -> str:
    x, y = place_of(app, cell)
    return screen_text(app)[y][x]


def hint_text(app) -> str:
    return " ".join(str(app.game_screen.query_one("#hint").render()).split())


def shared_empty_cell(puzzle, grid: int) -> int:
    """An empty cell that `grid` shares with the centre grid."""
    board = puzzle.geometry
    return next(c for c in board.grids[grid]
                if len(board.grids_of[c]) == 2 and not puzzle.value(c))


async def select(pilot, app, cell: int) -> None:
    screen = app.game_screen
    screen.selected = cell
    screen.refresh_views()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_whole_board_draws_every_cell_inside_the_terminal(puzzle, size):
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.game_screen.query_one(Board)
        shape = puzzle.geometry
        assert board.geometry is shape and board.shown_grid is None
        layout = board.board_layout
        assert isinstance(layout, WholeLayout) and layout.compact == (size == (80, 24))
        assert board.size.width == layout.width and board.size.height == layout.height
        assert board.region.right <= size[0] and board.region.bottom <= size[1] - 1
        for cell in shape.cells:
            value = puzzle.value(cell)
            assert drawn_symbol(app, cell) == (str(value) if value else "."), shape.cell_name(cell)
        side = app.game_screen.query_one("#side")
        assert side.region.right <= size[0], "the side panel stays on the screen"
        status = app.game_screen.query_one("#status")
        assert "all grids" in " ".join(str(status.render()).split())
        assert status.region.right <= size[0]
        # At 80x24 the board fills the height: the path is beside it, not cut under it.
        assert app.game_screen.query_one("#steps").display
        assert not app.game_screen.query_one("#steps-under").display
        assert app.game_screen.has_class("-path-beside") == board.compact
        # The gaps: nothing drawn right of the top-left grid's rows 1-6 until the top-right grid.
        y = place_of(app, shape.cell_at(0, 0))[1]
        x_gap = board.content_region.x + layout.column_x(10)
        assert screen_text(app)[y][x_gap:x_gap + layout.cell_width] == " " * layout.cell_width


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_one_grid_alone_and_the_keys_that_move_between_grids(puzzle, size):
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        board = screen.query_one(Board)
        shape = puzzle.geometry
        start = shape.grids[TOP_LEFT][40]
        await select(pilot, app, start)
        assert board.grid_in_focus == TOP_LEFT
        await pilot.press("w")
        await until(pilot, lambda: board.shown_grid == TOP_LEFT)
        # Drawn as the classic board is: full (pencil marks) at 110x45, compact at 80x24.
        assert board.board_layout == (COMPACT if size == (80, 24) else FULL)
        assert board.region.right <= size[0] and board.region.bottom <= size[1] - 1
        assert "top-left grid" in "\n".join(screen_text(app))
        for grid in (TOP_RIGHT, CENTRE, BOTTOM_LEFT, BOTTOM_RIGHT, TOP_LEFT):
            await pilot.press("right_square_bracket")
            await until(pilot, lambda: board.grid_in_focus == grid)
            assert screen.selected == shape.grids[grid][40], "the same place in the next grid"
            for cell in shape.grids[grid]:
                value = puzzle.value(cell)
                if value:
                    assert drawn_symbol(app, cell) == str(value), shape.cell_name(cell)
        await pilot.press("left_square_bracket")
        await until(pilot, lambda: board.grid_in_focus == BOTTOM_RIGHT)
        # Moves keep to the grid drawn: nine steps right stop at its right edge.
        await pilot.press(*["right"] * 9)
        assert screen.selected == shape.grids[BOTTOM_RIGHT][44]
        await pilot.press("w")
        await until(pilot, lambda: board.shown_grid is None)
        # On the whole board the selection crosses into the next grid, which comes into focus.
        await select(pilot, app, shape.grids[TOP_LEFT][8])
        await pilot.press("down", "down", "down", "down", "down", "down", "right")
        assert screen.selected == shape.grids[CENTRE][3]
        assert board.grid_in_focus == CENTRE


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_click_on_the_whole_board_puts_that_grid_in_focus(puzzle, size):
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        board = screen.query_one(Board)
        shape = puzzle.geometry
        await select(pilot, app, shape.grids[TOP_LEFT][0])
        target = shape.grids[BOTTOM_RIGHT][80]
        x, y = place_of(app, target)
        await pilot.click(Board, offset=(x - board.region.x, y - board.region.y))
        await until(pilot, lambda: screen.selected == target)
        assert board.grid_in_focus == BOTTOM_RIGHT
        await pilot.press("w")
        await until(pilot, lambda: board.shown_grid == BOTTOM_RIGHT)
        # A click on the grid drawn alone selects the Samurai's cell under it.
        other = shape.grids[BOTTOM_RIGHT][0]
        x, y = place_of(app, other)
        await pilot.click(Board, offset=(x - board.region.x, y - board.region.y))
        await until(pilot, lambda: screen.selected == other)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_digit_in_a_shared_cell_shows_in_both_grids_and_undoes(puzzle, solution, size):
    app = TutorApp(puzzle, "our Samurai")
    shape = puzzle.geometry
    cell = shared_empty_cell(puzzle, TOP_LEFT)
    digit = str(solution.value(cell))
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        board = screen.query_one(Board)
        await select(pilot, app, cell)
        panel = " ".join(str(screen.query_one("#cell").render()).split())
        # Both grids' rows and columns: 'r7c7 of the top-left grid (r1c1 of the centre grid)'.
        assert shape.cell_name(cell) in panel
        assert "top-left grid" in panel and "centre grid" in panel
        await pilot.press(digit)
        await until(pilot, lambda: screen.game.grid.value(cell) == int(digit))
        assert drawn_symbol(app, cell) == digit, "on the whole board"
        await pilot.press("w")
        await until(pilot, lambda: board.shown_grid == TOP_LEFT)
        assert drawn_symbol(app, cell) == digit, "in the top-left grid"
        board.grid_in_focus = CENTRE  # as [ and ] would, keeping the selection in the cell
        await until(pilot, lambda: board.shown_grid == CENTRE)
        assert drawn_symbol(app, cell) == digit, "in the centre grid"
        await pilot.press("u")
        await until(pilot, lambda: screen.game.grid.value(cell) == 0)
        assert drawn_symbol(app, cell) != digit


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_check_finds_a_wrong_digit_on_the_samurai(puzzle, solution, size):
    shape = puzzle.geometry
    cell, wrong = next((c, d) for c in shape.grids[BOTTOM_RIGHT] if not puzzle.value(c)
                       for d in shape.digits
                       if puzzle.has_candidate(c, d) and d != solution.value(c))
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        board = screen.query_one(Board)
        await select(pilot, app, cell)
        await pilot.press(str(wrong))
        await until(pilot, lambda: screen.game.grid.value(cell) == wrong)
        await pilot.press("c")
        await until(pilot, lambda: "Check" in hint_text(app))
        assert "wrong digits" in hint_text(app) and shape.cell_name(cell) in hint_text(app)
        assert cell in board.view.problems
        # The whole board flags it right of the digit: '!' (the selection's frame wins there,
        # so the flag is seen once the selection moves on).
        await pilot.press("left" if shape.moved(cell, 0, -1) != cell else "right")
        x, y = place_of(app, cell)
        assert screen_text(app)[y][x + 1] == "!"


async def test_a_resumed_samurai_is_a_samurai(puzzle, solution):
    shape = puzzle.geometry
    cell = shared_empty_cell(puzzle, BOTTOM_RIGHT)
    first = TutorApp(puzzle, "our Samurai")
    async with first.run_test(size=SIZES[0]) as pilot:
        screen = first.game_screen
        await select(pilot, first, cell)
        await pilot.press(str(solution.value(cell)))
        await until(pilot, lambda: screen.game.grid.value(cell) == solution.value(cell))
        grids = [state.grid for state in screen.game.states]
    assert len(grids) == 2
    second = TutorApp()
    async with second.run_test(size=SIZES[1]) as pilot:
        await until(pilot, lambda: isinstance(second.screen, ResumeScreen))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(second.screen, GameScreen))
        screen = second.game_screen
        assert [state.grid for state in screen.game.states] == grids
        board = screen.query_one(Board)
        assert board.geometry is shape and board.size.width == board.board_layout.width
        assert drawn_symbol(second, cell) == str(solution.value(cell))
        await pilot.press("u")
        await until(pilot, lambda: screen.game.grid == puzzle)


def test_tutor_play_reads_a_samurai_file(tmp_path):
    from tutor.cli.play import checked_puzzle  # the command's own check, before the app starts

    path = tmp_path / "ours.txt"
    path.write_text("# our Samurai\n" + PUZZLE, encoding="utf-8")
    assert checked_puzzle(str(path), "any") == parse(PUZZLE, samurai())


def test_a_steps_cells_and_units_are_drawn_across_grids_and_in_one_grid(puzzle):
    """A step's highlights (as a hint shows them) on the whole board and narrowed to one grid: a
    shared box is the top-left grid's box 9 and the centre grid's box 1, a row of the centre grid
    is its own row there and dots the cells it crosses of the top-left grid, cells and changes
    keep their digits."""
    shape = puzzle.geometry
    shared_box = next(u for u in shape.box_units if len(shape.unit_grids[u]) == 2
                      and TOP_LEFT in shape.unit_grids[u])
    # Row 1 of the centre grid: its first three cells are r7c7-r7c9 of the top-left grid.
    centre_row = next(u for u in shape.row_units if shape.unit_grids[u] == (CENTRE,)
                      and set(shape.units[u]) & set(shape.grids[TOP_LEFT]))
    cell = shared_empty_cell(puzzle, TOP_LEFT)
    elsewhere = next(c for c in shape.grids[BOTTOM_RIGHT]
                     if not puzzle.value(c) and len(shape.grids_of[c]) == 1)
    digit = next(d for d in shape.digits if puzzle.has_candidate(cell, d))
    view = BoardView(puzzle, None, units=(shared_box, centre_row),
                     pattern_cells=frozenset({cell, elsewhere}), pattern_digits=frozenset({digit}),
                     eliminations=frozenset({(cell, digit)}), problems=frozenset({elsewhere}),
                     marks=((cell, "p"), (elsewhere, "w")))
    row_in_centre = shape.grids[CENTRE].index(shape.units[centre_row][0]) // CLASSIC.size
    for grid, units in ((TOP_LEFT, (CLASSIC.box_units[8],)),
                        (CENTRE, (CLASSIC.box_units[0], CLASSIC.row_units[row_in_centre]))):
        narrowed = grid_view(view, grid)
        place = shape.grids[grid].index(cell)
        assert narrowed.units == units
        crossing = {shape.grids[grid].index(c) for c in shape.units[centre_row]
                    if c in shape.grids[grid]} if grid == TOP_LEFT else set()
        assert narrowed.crossing_cells == crossing
        assert narrowed.pattern_cells == {place} and narrowed.eliminations == {(place, digit)}
        assert narrowed.marks == ((place, "p"),) and not narrowed.problems
        assert narrowed.grid.values == tuple(puzzle.value(c) for c in shape.grids[grid])
    narrowed = grid_view(view, BOTTOM_RIGHT)
    assert narrowed.units == () and narrowed.problems == {shape.grids[BOTTOM_RIGHT].index(elsewhere)}
    styles = {name: Style() for name in STYLE_NAMES}
    lines = [line.plain for line in WholePainter(styles).paint_lines(view, compact=False)]
    layout = WholeLayout(shape, compact=False)
    row = layout.row_y(shape.row_of[cell])
    x = layout.column_x(shape.col_of[cell])
    assert lines[row][x:x + 3] == f"p.×", "its mark, the cell, an elimination"
    assert lines[row][1] == "▶", "the box's rows are marked beside the labels"
    row = layout.row_y(shape.row_of[elsewhere])
    x = layout.column_x(shape.col_of[elsewhere])
    assert lines[row][x] == "w" and lines[row][x + 2] == "!"


async def test_the_making_screens_make_9x9_only_and_copy_gives_its_command(puzzle):
    from tutor.app.making.editor_screen import EditorScreen  # the screen e opens

    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = app.game_screen
        await pilot.press("v")
        await until(pilot, lambda: "The search visualiser" in hint_text(app))
        assert app.screen is screen
        assert "9x9 puzzles only, and this game is a Samurai" in hint_text(app)
        # The editor opens (it makes 9x9 puzzles), but cannot start from a Samurai's givens.
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        await pilot.press("G")
        said = lambda: " ".join(str(editor.query_one("#editor-message").render()).split())
        await until(pilot, lambda: "The game is a Samurai" in said())
        assert "9x9 puzzles only" in said() and not any(editor.values)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert screen.game.grid.geometry is puzzle.geometry, "the Samurai is still the game"
        await pilot.press("x")
        from tutor.app.screens.copy_screen import CopyScreen  # the dialog just opened

        await until(pilot, lambda: isinstance(app.screen, CopyScreen))
        command = app.screen.texts["link"]
        assert command == f"tutor play {puzzle.to_line()}"
    from tutor.cli.play import checked_puzzle  # the command reads its line back

    assert checked_puzzle(command.split()[-1], "any") == puzzle


async def test_a_pasted_samurai_replaces_a_classic_game_and_back():
    from tutor.app.screens.paste_screen import check_puzzle  # what the paste dialog opens
    from tutor.play.game import Game

    app = TutorApp()  # a bundled classic puzzle
    async with app.run_test(size=SIZES[1]) as pilot:
        screen = app.game_screen
        board = screen.query_one(Board)
        classic = screen.game
        await pilot.press("w")
        await until(pilot, lambda: "Only a Samurai" in hint_text(app))
        pasted = check_puzzle(PUZZLE)
        assert pasted.geometry is samurai()
        screen.replace_game(Game(pasted, "pasted Samurai"))
        await until(pilot, lambda: board.geometry is pasted.geometry)
        await pilot.pause()
        assert isinstance(board.board_layout, WholeLayout)
        assert screen.query_one("#left").size.width == board.board_layout.width + 1
        assert board.region.bottom <= SIZES[1][1] - 1
        screen.replace_game(classic)
        await until(pilot, lambda: board.geometry is CLASSIC)
        await pilot.pause()
        assert board.board_layout == COMPACT and board.shown_grid is None
        assert not screen.has_class("-samurai") and not screen.has_class("-path-beside")


async def test_served_the_app_plays_a_samurai_and_copy_gives_its_link(puzzle, monkeypatch):
    """`tutor serve` runs this same app (python -m tutor.app) for each browser: a Samurai plays
    there as in a terminal, and copy-out gives the page's ?puzzle= link with the Samurai's line
    (web/guards.puzzle_parameter takes it), also with one grid shown at 80x24."""
    from tutor.web import served  # the served app's code, as `tutor serve` sets it
    from tutor.web.sessions import new_code
    from tutor.app.screens.copy_screen import CopyScreen  # the dialog x opens

    monkeypatch.setenv(served.ENV_CODE, new_code())
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=SIZES[1]) as pilot:
        board = app.game_screen.query_one(Board)
        await pilot.press("w")
        await until(pilot, lambda: board.shown_grid is not None)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, CopyScreen))
        assert app.screen.texts["link"] == f"?puzzle={puzzle.to_line()}"


async def test_the_footer_shows_the_grids_key_and_fits_at_both_sizes(puzzle):
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=SIZES[0]) as pilot:
        for size in (*SIZES, SIZES[0]):
            await pilot.resize_terminal(*size)
            await until(pilot, lambda: app.size == size)
            await pilot.pause()
            footer = " ".join(screen_text(app)[-1].split())
            assert "w Grid" in footer and footer.endswith("^p palette")
            # t Lessons only where it fits whole beside the grids' key (and a hint's L Lesson).
            assert ("t Lessons" in footer) == (size == SIZES[0])
            assert footer.count("t Les") == footer.count("t Lessons")


def status_text(app) -> str:
    return str(app.game_screen.query_one("#status").render())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_status_line_keeps_to_one_line_and_keeps_what_the_game_is_in(puzzle, size):
    # The side panel beside the whole board is 34 columns at 110x45 and 26 at 80x24: the line
    # leaves out what matters least rather than wrapping onto the panel below.
    app = TutorApp(puzzle, "SudoQ samurai/difficult/sudoku_1")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        status = screen.query_one("#status")
        board = screen.query_one(Board)

        async def fits(*parts: str) -> None:
            await until(pilot, lambda: all(part in status_text(app) for part in parts))
            assert status.size.height == 1
            assert len(status_text(app)) <= status.content_size.width, status_text(app)
            assert "\n" not in status_text(app)
            cell = screen.query_one("#cell")
            assert cell.region.y > status.region.y, "the cell panel starts on the next line"

        await fits("all grids")
        await pilot.press("p")
        await fits("PENCIL", "all grids")
        await pilot.press("f", "5")
        await fits("PENCIL", "only 5s", "all grids")
        await pilot.press("f", "0", "p", "w")
        await until(pilot, lambda: board.shown_grid is not None)
        await fits("top-left grid")
        for _ in range(4):
            await pilot.press("right_square_bracket")
        await until(pilot, lambda: board.grid_in_focus == BOTTOM_RIGHT)
        await fits("bottom-right grid")
        await pilot.press("w", "S")
        await until(pilot, lambda: screen.game.is_solved and board.shown_grid is None)
        await fits("SOLVED", "all grids")


def test_the_status_line_leaves_out_the_least_first():
    from tutor.app.status_line import fitted

    def line(width: int, **said) -> str:
        said = {"name": "Your puzzle", "pencil": False, "moves": 3, "solved": False, **said}
        return fitted(width, **said).plain

    assert line(0, shown="all grids") == "Your puzzle  digits  all grids  3 changes"
    assert line(41, shown="all grids") == "Your puzzle  digits  all grids  3 changes"
    assert line(40, shown="all grids") == "Your puzzle  all grids  3 changes"
    assert line(30, shown="all grids") == "Your puzzle  all grids"
    assert line(21, shown="all grids") == "Your puzz…  all grids"
    assert line(16, shown="all grids") == "Your…  all grids"
    assert line(15, shown="all grids") == "all grids"
    assert line(26, pencil=True, shown="all grids") == "Your…   PENCIL   all grids"
    assert line(25, pencil=True, shown="all grids") == " PENCIL   all grids"
    assert line(20, pencil=True, only="5", solved=True, saved=False, shown="centre grid") \
        == "NOT SAVED SOLVED PE…"
    assert line(24, pencil=True, only="5", shown="all grids") == "PENCIL only 5s all grids"
    # A classic board's line is as it was when it fits.
    assert line(60) == "Your puzzle  digits  3 changes"


async def test_served_the_copy_dialog_gives_a_samurai_the_link_the_page_opens(puzzle, monkeypatch):
    from textual.widgets import TextArea

    from tutor.app.screens.copy_screen import CopyScreen  # the dialog x opens
    from tutor.web.guards import puzzle_parameter
    from tutor.web.served import ENV_CODE, ENV_URL
    from tutor.web.sessions import new_code

    monkeypatch.setenv(ENV_CODE, new_code())
    monkeypatch.setenv(ENV_URL, "http://class.example.org:8000/sudoku/")
    app = TutorApp(puzzle, "our Samurai")
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, CopyScreen))
        link = f"http://class.example.org:8000/sudoku/?puzzle={puzzle.to_line()}"
        assert link in app.screen.query_one("#copy-text", TextArea).text.replace("\n", "")
        await pilot.click("#copy-link")
        assert app.clipboard == link
    # The server takes the link's puzzle as it is.
    assert puzzle_parameter(link.rsplit("=", 1)[1]) == puzzle.to_line()
