"""The app at 80x24: what the compact board cannot show is said elsewhere, nothing is cut off."""

from __future__ import annotations

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.model.geometry import cell_name
from conftest import settle, until

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
SMALL = (80, 24)
BIG = (100, 40)


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def line_of(app, widget) -> str:
    """The widget's first row as drawn on the terminal."""
    region = widget.region
    strip = app.screen._compositor.render_strips()[region.y]
    return strip.text[region.x:region.right]


async def test_the_hint_lists_its_cells_candidates_on_the_compact_board():
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=SMALL) as pilot:
        screen = app.game_screen
        await pilot.press("n", "n")
        await settle(pilot)
        step = screen.game.hint_step
        hint = str(screen.query_one("#hint").render())
        grid = screen.game.grid
        for cell in step.cells:
            if not grid.value(cell):
                digits = "".join(map(str, sorted(grid.candidates(cell))))
                assert f"{cell_name(cell)} {digits}" in hint
        assert "Candidates:" in hint
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert "Candidates:" not in str(screen.query_one("#hint").render()), \
            "the full board shows them itself"


async def test_solved_stays_in_sight_at_80x24():
    app = TutorApp(tutor.parse(EASY), "Level 1 puzzle with a long name, seed 123456789")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("S")
        await settle(pilot)
        assert app.game_screen.game.is_solved
        assert "SOLVED" in line_of(app, app.game_screen.query_one("#status"))


async def test_the_resume_dialog_wraps_at_80x24(data_dir):
    first = TutorApp(tutor.parse(EASY), "Tough 3 no. 18")
    async with first.run_test(size=SMALL) as pilot:
        await pilot.press("4")
    app = TutorApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        dialog = app.screen.query_one("#resume-dialog")
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        # The sentence's end (after the file's name) shows: wrapped, not cut.
        assert "brings it back." in " ".join(text.split()), "the whole sentence shows, wrapped, not cut"
        assert dialog.region.right <= SMALL[0]
        for label in dialog.query("Label"):
            assert label.region.right <= dialog.region.right, "no line runs past the dialog"


# --- smaller items: the path follows, notices stay, quitting says the game is saved ----------------
async def test_the_path_follows_the_newest_entry():
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=SMALL) as pilot:
        screen = app.game_screen
        cell = screen.game.grid.empty_cells[0]
        screen.selected = cell
        for n in range(30):  # thirty changes: far more than the path shows at this size
            await pilot.press("p", str(1 + n % 9), "p")
        await pilot.pause()
        steps = screen.query_one("#steps-under")
        assert steps.max_scroll_y > 0
        assert steps.scroll_y == steps.max_scroll_y, "the newest change is in view"


def entries_in_view(steps) -> range:
    """The numbers of the path's entries in view (line 0 is the heading, line n entry n)."""
    top = round(steps.scroll_y)
    return range(max(top, 1), top + steps.scrollable_content_region.height)


@pytest.mark.parametrize("size, panel", [(SMALL, "#steps-under"), (BIG, "#steps")])
async def test_the_path_scrolls_back_by_keys(size, panel):
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        cell = screen.selected = screen.game.grid.empty_cells[0]
        for n in range(66):  # 66 changes: a candidate taken off and put back, over and over
            assert screen.game.toggle_candidate(cell, 1 + n // 2 % 9)
        screen.changed()
        steps = screen.query_one(panel)
        newest = screen.game.index
        assert newest >= 60
        # The list follows its newest entry once laid out (a frame or two: wait for that state).
        await until(pilot, lambda: newest in entries_in_view(steps))
        await pilot.press("pageup")
        await until(pilot, lambda: round(steps.scroll_y) < steps.max_scroll_y)
        assert newest not in entries_in_view(steps), "a page up leaves the newest entry"
        for _ in range(3):
            await pilot.press("pageup")
        await pilot.press("home")
        await pilot.pause()
        assert 1 in entries_in_view(steps), "the first change is in view"
        await pilot.press("pagedown")
        await pilot.pause()
        assert 1 not in entries_in_view(steps)
        await pilot.press("end")
        await pilot.pause()
        assert newest in entries_in_view(steps), "end shows the newest again"
        await pilot.press("home", "down", "down", "up")  # the board's keys still move it
        await pilot.pause()
        assert 1 in entries_in_view(steps), "moving the selection leaves the path where it is"
        assert screen.selected == cell + 9, "the selection moved"
        await pilot.press("up")
        await pilot.press("p", "5")
        await pilot.pause()
        assert screen.game.index == newest + 1
        assert newest + 1 in entries_in_view(steps), "a new change shows the newest again"


async def test_the_path_shows_the_newest_entry_after_the_layout_switches():
    # The path under the compact board was hidden while the full board showed, and came back at
    # its first entry when the terminal shrank to 80x24 (and back again the other way).
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        cell = screen.selected = screen.game.grid.empty_cells[0]
        for n in range(66):
            assert screen.game.toggle_candidate(cell, 1 + n // 2 % 9)
        screen.changed()
        await pilot.pause()
        newest = screen.game.index
        for size, panel in ((SMALL, "#steps-under"), (BIG, "#steps"), (SMALL, "#steps-under")):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            steps = screen.query_one(panel)
            assert steps.max_scroll_y > 0
            assert newest in entries_in_view(steps), f"the newest entry at {size}"
        await pilot.press("home")
        await pilot.resize_terminal(81, 24)  # a resize after scrolling back leaves it back
        await pilot.pause()
        assert 1 in entries_in_view(screen.query_one("#steps-under"))


async def test_a_corrupt_save_notice_stays_in_the_hint_panel(data_dir):
    (data_dir / "game.json").write_text("{", encoding="utf-8")
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert "unreadable" in str(app.game_screen.query_one("#hint").render())


async def test_quitting_an_unfinished_game_says_it_is_saved(data_dir, capsys):
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("4", "q")
    said = "".join(capsys.readouterr().err.split())  # as printed, wrapped to the terminal
    assert "issavedin" in said and "".join(str(data_dir / "game.json").split()) in said


async def test_answered_right_before_is_not_said_of_the_answer_just_given(data_dir):
    from tutor.app.learning.lesson_app import LessonApp
    from tutor.learning import load_lessons

    lesson = load_lessons()[1]
    (cell, digit), = lesson.exercises[0].position.placements
    app = LessonApp("1", seed=1)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        screen = app.screen
        screen.selected = cell
        await pilot.press(str(digit), "enter")
        heading = str(screen.query_one("#exercise-heading").render())
        assert "answered right before" not in heading
        await pilot.press("enter", "left_square_bracket")
        heading = str(screen.query_one("#exercise-heading").render())
        assert "Exercise 1 of" in heading and "answered right before" in heading


async def test_the_puzzle_picker_jumps_to_a_level_and_lists_my_puzzles(data_dir):
    from tutor.app.screens.collection_screen import CollectionScreen
    from tutor.generator.editor import save
    from tutor.model.bundled import collections

    mine = save(tutor.parse(EASY), "My first puzzle")
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("b")
        screen = app.screen
        assert isinstance(screen, CollectionScreen)
        options = screen.query_one("OptionList")
        await pilot.press("5")
        level_5 = next(c for c in collections() if c.level == 5).puzzles()[0]
        assert screen.by_id[options.get_option_at_index(options.highlighted).id] == level_5
        await pilot.press("m")
        chosen = screen.by_id[options.get_option_at_index(options.highlighted).id]
        assert chosen.name == "My first puzzle" and chosen.line == mine.line
        await pilot.press("enter")
        assert app.game_screen.game.name == "My first puzzle"


@pytest.mark.parametrize("size", [SMALL, (110, 45)])
async def test_the_puzzle_pickers_heading_is_shown_whole(size):
    # The heading ran past the dialog and lost its end ("... m to your own puzzles, esc").
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=size) as pilot:
        await pilot.press("b")
        await pilot.pause()
        drawn = " ".join(strip.text.strip(" █▌▐") for strip in
                         app.screen._compositor.render_strips())
        assert "escape cancels)" in " ".join(drawn.split())


async def test_a_repeated_digit_is_flagged_as_it_is_entered():
    from tutor.app.board import Board
    from tutor.model.geometry import parse_cell_name

    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        r1c1 = parse_cell_name("r1c1")
        assert screen.selected == r1c1
        await pilot.press("3")  # r1c3 holds a given 3
        view = screen.query_one(Board).view
        assert {r1c1, parse_cell_name("r1c3")} <= view.problems, "flagged !, not by colour alone"
        assert "Conflict (marked !): two 3s in row 1" in str(screen.query_one("#hint").render())
        # A digit repeated in two units: each cell flagged ! is explained, not only the first.
        await pilot.press("backspace", "down", "down", "down", "8")  # r4c1: r4c3 and r8c1 hold 8s
        view = screen.query_one(Board).view
        assert {parse_cell_name(n) for n in ("r4c1", "r4c3", "r8c1")} <= view.problems
        said = " ".join(str(screen.query_one("#hint").render()).split())
        assert "two 8s in row 4 (r4c1 and r4c3)" in said
        assert "two 8s in column 1 (r4c1 and r8c1)" in said
        await pilot.press("backspace")
        assert not screen.query_one(Board).view.problems


async def test_a_lesson_page_about_candidates_says_where_they_show_at_80x24():
    # Lesson 0's second page says "the small digits in the empty cells are candidates", which
    # the compact board cannot draw and the page points at no cell to list.
    from tutor.app.layout import FULL_MIN_SIZE
    from tutor.app.learning.lesson_app import LessonApp

    app = LessonApp("0")
    async with app.run_test(size=SMALL) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "LessonScreen")
        lesson = app.screen
        await pilot.press("right")
        assert "candidates" in str(lesson.query_one("#lesson-page").render())
        listed = lesson.query_one("#lesson-candidates")
        assert listed.display and listed.region.height
        said = " ".join(str(listed.render()).split())
        assert f"{FULL_MIN_SIZE.width}x{FULL_MIN_SIZE.height} or more shows them" in said
        await pilot.press("right")  # the next page points at cells: their candidates are listed
        said = str(listed.render())
        assert "r2c9" in said and "shows them" not in said
        await pilot.resize_terminal(110, 45)
        await pilot.pause()
        assert not listed.display, "the full board draws them itself"
