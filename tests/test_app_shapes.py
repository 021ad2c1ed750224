"""The app on boards of other sizes (4x4, 6x6, 16x16) at 110x45 and 80x24: every cell drawn where
the layout puts it, digits and letters entered, hints drawn, steps applied, saves resumed."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.game_screen import GameScreen
from tutor.app.layout import is_compact
from tutor.app.screens.paste_screen import check_puzzle
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.model.errors import PuzzleError
from tutor.model.geometry import Geometry, regular
from tutor.model.grid import Grid
from tutor.solvers.backtracking import count_solutions
from conftest import settle

SIZES = ((110, 45), (80, 24))
BOARDS = {"4x4": (2, 2), "6x6": (2, 3), "16x16": (4, 4)}
HOLES = {"4x4": 16, "6x6": 36, "16x16": 110}
"""How many cells digging may empty: every one on the small boards; on 16x16 a puzzle of many
givens (singles solve it, and each uniqueness check stays quick)."""


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def solved_values(board: Geometry, rng: random.Random) -> list[int]:
    """A solved grid: the pattern that shifts each row by a box's width (each band by one),
    its digits relabelled at random."""
    n, height, width = board.size, board.box_height, board.box_width
    labels = list(board.digits)
    rng.shuffle(labels)
    return [labels[(width * (r % height) + r // height + c) % n] for r in range(n) for c in range(n)]


@cache
def dug_puzzle(name: str) -> Grid:
    """A puzzle of our own: a solved grid of the board, cells emptied in a seeded order while its
    solution stays the only one."""
    board = regular(*BOARDS[name])
    rng = random.Random(name)
    values = solved_values(board, rng)
    order = list(board.cells)
    rng.shuffle(order)
    emptied = 0
    for cell in order:
        if emptied == HOLES[name]:
            break
        kept, values[cell] = values[cell], 0
        if count_solutions(Grid(values, geometry=board)) == 1:
            emptied += 1
        else:
            values[cell] = kept
    return Grid(values, geometry=board)


def solution_of(puzzle: Grid) -> list[int]:
    from tutor.solvers.backtracking import solve  # the solver checks the app's digits

    return list(solve(puzzle).values)


def screen_text(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def drawn_symbol(app, cell: int) -> str:
    """The character the board draws where `cell`'s digit stands (the layout's middle line)."""
    board = app.game_screen.query_one(Board)
    layout = board.board_layout
    shape = board.geometry
    row, col = shape.row_of[cell], shape.col_of[cell]
    x = board.content_region.x + layout.column_x(col) + (layout.cell_width - 1) // 2
    y = board.content_region.y + layout.row_y(row) + layout.middle
    return screen_text(app)[y][x]


def empty_cell_to_enter(puzzle: Grid, solution: list[int]) -> int:
    """An empty cell, one whose digit is above 9 where the board has such digits."""
    return max(puzzle.empty_cells, key=lambda c: (solution[c], -c))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(BOARDS))
async def test_the_board_draws_every_cell_inside_the_terminal(name, size):
    puzzle = dug_puzzle(name)
    shape = puzzle.geometry
    app = TutorApp(puzzle, f"our {name}")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.game_screen.query_one(Board)
        assert board.geometry is shape
        # 4x4 and 6x6 boards have room for their pencil marks at 80x24, 16x16 at neither size.
        assert board.compact == (name == "16x16") == is_compact(app.size, shape)
        assert board.region.right <= size[0] and board.region.bottom <= size[1] - 1
        assert board.size.width == board.board_layout.width
        assert board.size.height == board.board_layout.height
        for cell in shape.cells:
            value = puzzle.value(cell)
            if value or board.compact:  # the full board's empty cells show their pencil marks
                expected = shape.symbol(value) if value else "."
                assert drawn_symbol(app, cell) == expected, shape.cell_name(cell)
        text = "\n".join(screen_text(app))
        assert f"{shape.size}┃" in text.replace(" ", ""), "the last row's label"
        side = app.game_screen.query_one("#side")
        assert side.region.right <= size[0], "the side panel stays on the screen"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(BOARDS))
async def test_digits_and_letters_enter_and_pencil_marks_toggle(name, size):
    puzzle = dug_puzzle(name)
    shape = puzzle.geometry
    solution = solution_of(puzzle)
    cell = empty_cell_to_enter(puzzle, solution)
    digit = solution[cell]
    key = shape.symbol(digit)
    app = TutorApp(puzzle, f"our {name}")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        screen.selected = cell
        screen.refresh_views()
        await pilot.press("m", "p", key)  # the standard marks, then the digit's mark off
        await pilot.pause()
        assert not screen.game.grid.has_candidate(cell, digit)
        await pilot.press(key, "p", key)  # back on, then pencil mode off: the digit itself
        await pilot.pause()
        assert screen.game.grid.value(cell) == digit
        assert drawn_symbol(app, cell) == key
        if name == "16x16":
            assert key.isalpha(), "a digit above 9, typed as its capital letter"
        await pilot.press("u")
        await pilot.pause()
        assert screen.game.grid.value(cell) == 0


async def test_a_digit_the_board_lacks_is_refused_and_said():
    puzzle = dug_puzzle("4x4")
    app = TutorApp(puzzle, "our 4x4")
    async with app.run_test(size=SIZES[1]) as pilot:
        screen = app.game_screen
        before = screen.game.grid
        await pilot.press("7", "A")
        await pilot.pause()
        assert screen.game.grid == before
        assert "has the digits 1 to 4" in str(screen.query_one("#hint").render())
        footer = " ".join(screen_text(app)[-1].split())
        assert "1-4 Digit" in footer


@pytest.mark.parametrize("name", list(BOARDS))
async def test_the_selection_stops_at_the_boards_edge(name):
    shape = dug_puzzle(name).geometry
    app = TutorApp(dug_puzzle(name), f"our {name}")
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = app.game_screen
        screen.selected = 0
        await pilot.press(*["right"] * (shape.size + 2), *["down"] * (shape.size + 2))
        assert screen.selected == shape.cell_count - 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(BOARDS))
async def test_a_hint_highlights_and_a_step_changes_the_board(name, size):
    puzzle = dug_puzzle(name)
    app = TutorApp(puzzle, f"our {name}")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        await pilot.press("n", "n", "n")
        await settle(pilot)
        step = screen.game.hint_step
        assert step is not None
        view = screen.query_one(Board).view
        assert view.pattern_cells == frozenset(step.cells) and view.pattern_cells
        assert view.placements or view.eliminations, "the third press shows the changes"
        hint = str(screen.query_one("#hint").render())
        assert "Hint 3/3" in hint and "Result:" in " ".join(hint.split())
        before = screen.game.grid
        await pilot.press("s")
        await settle(pilot)
        assert screen.game.grid == before.apply(step)
        for cell, digit in step.placements:
            assert drawn_symbol(app, cell) == puzzle.geometry.symbol(digit)


@pytest.mark.parametrize("name", list(BOARDS))
async def test_a_game_resumed_from_its_save_shows_its_own_board(name):
    puzzle = dug_puzzle(name)
    shape = puzzle.geometry
    first = TutorApp(puzzle, f"our {name}")
    async with first.run_test(size=SIZES[0]) as pilot:
        await pilot.press("s", "s")
        await settle(pilot)
        grids = [state.grid for state in first.game_screen.game.states]
    assert len(grids) == 3
    second = TutorApp()
    async with second.run_test(size=SIZES[1]) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ResumeScreen)
        await pilot.press("r")
        await pilot.pause()
        screen = second.game_screen
        assert isinstance(screen, GameScreen)
        assert [state.grid for state in screen.game.states] == grids
        board = screen.query_one(Board)
        assert board.geometry is shape and board.board_layout.width == board.size.width
        for cell in shape.cells:
            value = grids[-1].value(cell)
            if value:
                assert drawn_symbol(second, cell) == shape.symbol(value)


async def test_opening_a_board_of_another_size_lays_the_screen_out_again():
    small, large = dug_puzzle("6x6"), dug_puzzle("16x16")
    app = TutorApp(small, "our 6x6")
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = app.game_screen
        board = screen.query_one(Board)
        assert not board.compact
        from tutor.play.game import Game  # the game the paste dialog would open

        screen.replace_game(Game(large, "our 16x16"))
        await pilot.pause()
        assert board.compact and board.geometry is large.geometry
        assert screen.query_one("#left").size.width == board.board_layout.width + 1
        screen.replace_game(Game(small, "our 6x6"))
        await pilot.pause()
        assert not board.compact and board.size.height == board.board_layout.height


def test_the_paste_dialog_reads_every_played_size_and_refuses_25x25():
    for name in BOARDS:
        puzzle = dug_puzzle(name)
        text = "".join(puzzle.geometry.symbol(v) if v else "." for v in puzzle.values)
        assert check_puzzle(text) == puzzle
    with pytest.raises(PuzzleError, match="4x4 to 16x16"):
        check_puzzle("." * 625)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_6x6_board_of_3x2_boxes_has_its_own_lines_and_copy_command(size):
    board = regular(3, 2)
    values = solved_values(board, random.Random(7))
    for cell in board.rows[0]:
        values[cell] = 0
    puzzle = Grid(values, geometry=board)
    app = TutorApp(puzzle, "3x2 boxes")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        drawn = app.game_screen.query_one(Board)
        # Pencil marks 3 rows of 2 need 27 lines: full at 110x45, compact at 80x24.
        assert drawn.compact == (size == (80, 24))
        text = screen_text(app)
        top = next(line for line in text if "┏" in line)
        assert top.count("┳") == board.size // board.box_width - 1, "a heavy line every 2 columns"
        await pilot.press("x")
        await pilot.pause()
        from tutor.app.screens.copy_screen import CopyScreen  # the dialog just opened

        assert isinstance(app.screen, CopyScreen)
        assert app.screen.texts["link"] == f"tutor play --box 3x2 {puzzle.to_line()}"


async def test_the_puzzle_list_opens_a_bundled_puzzle_of_another_board():
    from textual.widgets import OptionList

    from tutor.app.screens.collection_screen import CollectionScreen
    from tutor.model.bundled import collections_of, other_boards

    boards = other_boards()
    assert [b.name for b in boards][:2] == ["4x4", "6x6"] and boards[-2].name == "16x16"
    assert boards[-1].is_samurai  # the Samurai after the regular boards
    first = collections_of(boards[0])[0].puzzles()[0]
    app = TutorApp(dug_puzzle("6x6"), "our 6x6")
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.press("b")
        assert isinstance(app.screen, CollectionScreen)
        await pilot.press("b")  # to the first board other than 9x9: 4x4
        options = app.screen.query_one(OptionList)
        assert options.get_option_at_index(options.highlighted - 1).prompt.startswith("── 4x4")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        game = app.game_screen.game
        assert game.grid == first.grid and game.grid.geometry is boards[0]
        assert app.game_screen.query_one(Board).geometry is boards[0]


@pytest.mark.parametrize("name", ["6x6", "16x16"])
async def test_the_making_screens_say_they_make_9x9_puzzles_only(name):
    # The search visualiser and the editor draw 9x9 boards: on another board the visualiser says
    # so, and the editor opens (it makes 9x9 puzzles) but does not copy the game's givens.
    from tutor.app.making.editor_screen import EditorScreen  # the screen e opens

    puzzle = dug_puzzle(name)
    app = TutorApp(puzzle, f"our {name}")
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = app.game_screen
        hint = lambda: " ".join(str(screen.query_one("#hint").render()).split())
        await pilot.press("v")
        await settle(pilot)
        assert app.screen is screen
        assert f"9x9 puzzles only, and this game is a {name} board" in hint()
        await pilot.press("e")
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        before = editor.values
        await pilot.press("G")
        await settle(pilot)
        said = " ".join(str(editor.query_one("#editor-message").render()).split())
        assert f"The game is a {name} board: the editor makes 9x9 puzzles only" in said
        assert editor.values == before and len(before) == 81
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.game.grid == puzzle
