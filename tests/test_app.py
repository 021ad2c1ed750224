"""The Textual app driven through the Pilot: entering digits, pencil marks, hints, undo, modals, saves."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList, TextArea
from textual.widgets._footer import FooterKey

import tutor
from tutor.app.app import PREVIOUS_NAME, SAVE_NAME, TutorApp
from tutor.app.board import Board
from tutor.app.board_render import COMPACT, FULL
from tutor.app.game_screen import GameScreen
from tutor.app.keys import GAME_KEYS, CoalescedFooter
from tutor.app.screens.collection_screen import CollectionScreen
from tutor.app.screens.help_screen import HelpScreen
from tutor.app.screens.paste_screen import PasteScreen
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.model.geometry import cell_name, parse_cell_name
from tutor.model.bundled import default_puzzle
from conftest import first_guess, run_palette_command, settle

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
MULTIPLE = "." * 81
BIG = (100, 40)
SMALL = (80, 24)


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    """Every test here gets its own empty data folder."""
    return data_dir


def easy_app() -> TutorApp:
    return TutorApp(tutor.parse(EASY), "easy")


def screen_text(widget) -> str:
    return str(widget.render())


def panel(app, name: str) -> str:
    return str(app.game_screen.query_one(f"#{name}").render())


async def test_enter_and_clear_digits(data_dir):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        r1c1 = parse_cell_name("r1c1")
        assert screen.selected == r1c1, "the first empty cell is selected"
        await pilot.press("4")
        assert screen.game.grid.value(r1c1) == 4
        assert "your digit 4" in panel(app, "cell")
        saved = json.loads((data_dir / SAVE_NAME).read_text())
        assert saved["index"] == 1, "saved after the change"
        await pilot.press("backspace")
        assert screen.game.grid.value(r1c1) == 0
        await pilot.press("7", "delete")
        assert screen.game.grid.value(r1c1) == 0
        # r1c3 holds a given 3: digits and delete leave it alone.
        await pilot.press("l", "l", "5", "backspace")
        assert screen.selected == parse_cell_name("r1c3")
        assert screen.game.grid.value(screen.selected) == 3
        assert "given" in panel(app, "hint")


async def test_moving_with_keys_and_mouse():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        await pilot.press("down", "j", "right", "l")
        assert cell_name(screen.selected) == "r3c3"
        await pilot.press("up", "k", "k", "left", "h", "h")
        assert cell_name(screen.selected) == "r1c1", "the selection stops at the edge"
        r5c7 = parse_cell_name("r5c7")
        await pilot.click(Board, offset=(FULL.column_x(6) + 2, FULL.row_y(4) + 1))
        assert screen.selected == r5c7


async def test_pencil_mode_toggles_candidates():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        cell = screen.selected
        digit = min(screen.game.grid.candidates(cell))
        await pilot.press("p")
        assert "PENCIL" in panel(app, "status")
        await pilot.press(str(digit))
        assert digit not in screen.game.grid.candidates(cell)
        assert screen.game.grid.value(cell) == 0
        await pilot.press(str(digit))
        assert digit in screen.game.grid.candidates(cell)
        await pilot.press("p", str(digit))
        assert screen.game.grid.value(cell) == digit


async def test_hint_ladder_and_apply():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        board = app.game_screen.query_one(Board)
        step = tutor.next_step(screen.game.grid)
        await pilot.press("n")
        await settle(pilot)
        assert screen.game.hint_level == 1
        assert step.hint(1) in panel(app, "hint").replace("\n", " ")
        assert not board.view.pattern_cells, "the nudge highlights nothing yet"
        await pilot.press("n")
        assert board.view.pattern_cells == set(step.cells)
        assert board.view.units == step.units
        assert not board.view.placements
        await pilot.press("n")
        assert board.view.placements == set(step.placements)
        assert board.view.eliminations == set(step.eliminations)
        assert "Result:" in panel(app, "hint")
        await pilot.press("s")
        await settle(pilot)
        assert screen.game.applied_steps == [step]
        assert any(str(step) in line for line in screen.query_one("#steps").labels)
        assert step.name in panel(app, "difficulty")
        assert screen.game.hint_level == 0 and not board.view.pattern_cells


async def test_step_key_solves_step_by_step():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        expected = tutor.grade(screen.game.grid).steps[:5]
        await pilot.press(*"sssss")  # presses made while the engine is busy are queued, not lost
        for _ in range(100):
            if not (screen.pending or screen.queued):
                break
            await settle(pilot)
        assert screen.game.applied_steps == list(expected)


async def test_hint_names_a_wrong_digit_instead_of_a_step():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        solution = tutor.solve(screen.game.puzzle).values
        cell = screen.selected
        wrong = next(d for d in screen.game.grid.candidates(cell) if d != solution[cell])
        await pilot.press(str(wrong), "n")
        await settle(pilot)
        text = panel(app, "hint")
        assert "wrong" in text and cell_name(cell) in text
        assert cell in app.game_screen.query_one(Board).view.problems
        await pilot.press("s")
        await settle(pilot)
        assert screen.game.applied_steps == [], "no step is applied on a wrong board"


async def test_undo_and_redo_keys():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        game = app.game_screen.game
        start = game.grid
        await pilot.press("1", "l", "p", "9")
        after = game.grid
        await pilot.press("u", "u")
        assert game.grid == start
        await pilot.press("y", "ctrl+y")
        assert game.grid == after
        await pilot.press("u", "ctrl+z", "u")
        assert game.grid == start and "Nothing to undo" in panel(app, "hint")


async def test_check_restart_and_solve_to_the_end():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        await pilot.press("c")
        assert "no conflicts" in panel(app, "hint")
        await pilot.press("S")
        await settle(pilot)
        assert screen.game.is_solved
        assert "SOLVED" in panel(app, "status")
        graded = tutor.grade(screen.game.puzzle)
        assert f"Puzzle grade {graded.level:g} ({graded.band})" in panel(app, "difficulty")
        await pilot.press("R")
        assert screen.game.grid == screen.game.puzzle
        await pilot.press("u")
        assert screen.game.is_solved


async def test_paste_a_valid_puzzle():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, PasteScreen)
        pretty = tutor.parse(default_puzzle().line).to_pretty()
        app.screen.query_one(TextArea).load_text(pretty)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game_screen.game.grid == tutor.parse(pretty)
        assert app.game_screen.game.name == "Pasted puzzle"


@pytest.mark.parametrize("text, message", [
    ("12a" + "." * 78, "line 1, column 3"),
    (MULTIPLE, "more than one solution"),
    ("", "empty input"),
])
async def test_paste_refuses_bad_puzzles_and_keeps_the_text(text, message):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("o")
        area = app.screen.query_one(TextArea)
        area.load_text(text)
        await pilot.click("#load")
        await pilot.pause()
        assert isinstance(app.screen, PasteScreen)
        assert message in str(app.screen.query_one("#paste-error").render())
        assert area.text == text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert app.game_screen.game.name == "easy"


async def test_typing_into_the_paste_box():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("o", *"1.3", "ctrl+s")
        assert isinstance(app.screen, PasteScreen)
        assert app.screen.query_one(TextArea).text == "1.3"
        assert "found 3 cells" in str(app.screen.query_one("#paste-error").render())


async def test_resume_after_restart(data_dir):
    first = easy_app()
    async with first.run_test(size=BIG) as pilot:
        await pilot.press("4", "l", "p", "6", "s")
        await settle(pilot)
        played = first.game_screen.game
        grids = [s.grid for s in played.states]
    second = TutorApp()
    async with second.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ResumeScreen)
        await pilot.press("r")
        game = second.game_screen.game
        assert [s.grid for s in game.states] == grids and game.name == "easy"
        await pilot.press("u")
        assert game.grid == grids[-2], "the history came back too"


async def test_declining_resume_keeps_the_old_save(data_dir):
    first = easy_app()
    async with first.run_test(size=BIG) as pilot:
        await pilot.press("4")
    old = (data_dir / SAVE_NAME).read_text()
    second = TutorApp()
    async with second.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("f")
        assert second.game_screen.game.name == default_puzzle().name
        await pilot.press("s")
        await settle(pilot)
    assert (data_dir / PREVIOUS_NAME).read_text() == old
    assert json.loads((data_dir / SAVE_NAME).read_text())["name"] == default_puzzle().name


async def test_a_corrupt_save_is_moved_aside_and_a_fresh_game_starts(data_dir):
    (data_dir / SAVE_NAME).write_text('{"version": 1, "states": [', encoding="utf-8")
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game_screen.game.name == default_puzzle().name
        kept = list(data_dir.glob(f"{SAVE_NAME}.corrupt-*"))
        assert len(kept) == 1 and kept[0].read_text() == '{"version": 1, "states": ['
        notes = [n.message for n in app._notifications]
        assert any(str(kept[0]) in note for note in notes)
        await pilot.press("s")
        await settle(pilot)
    assert json.loads((data_dir / SAVE_NAME).read_text())["index"] == 1


async def test_compact_layout_at_80x24_switches_live():
    app = easy_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        board = app.game_screen.query_one(Board)
        assert board.compact and app.game_screen.has_class("-compact")
        assert board.size.height == COMPACT.height and board.size.width == COMPACT.width
        cell = app.game_screen.selected
        digits = " ".join(map(str, sorted(app.game_screen.game.grid.candidates(cell))))
        assert f"candidates {digits}" in panel(app, "cell")
        await pilot.click(Board, offset=(COMPACT.column_x(8) + 1, COMPACT.row_y(8)))
        assert cell_name(app.game_screen.selected) == "r9c9"
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert not board.compact and board.size.height == FULL.height
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert board.compact


async def test_help_screen_lists_every_command():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query_one("#help-keys").content
        described = set(table.columns[1].cells)
        shown_keys = set(table.columns[0].cells)
        drawn = " ".join(strip.text for strip in app.screen._compositor.render_strips())
        assert drawn.split().count("Keys") == 1, "one heading, then the column of keys"
        for key in GAME_KEYS:
            if not key.action.startswith(("move", "digit")):
                assert key.help in described
                assert key.keys.split(",")[0].replace("question_mark", "?") in " ".join(shown_keys)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_pick_a_bundled_puzzle():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("b")
        assert isinstance(app.screen, CollectionScreen)
        options = app.screen.query_one(OptionList)
        assert options.highlighted is not None
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert app.game_screen.game.name == default_puzzle().name
        assert app.game_screen.game.grid == default_puzzle().grid


async def test_command_palette_lists_the_game_commands():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await run_palette_command(pilot, "check the board", "Check the board")
        assert isinstance(app.screen, GameScreen)
        assert "no conflicts" in panel(app, "hint")


def test_the_app_module_refuses_unreadable_text_without_starting(capsys):
    from tutor.app.__main__ import main

    assert main(["12a" + "." * 78]) == 2
    assert "column 3" in capsys.readouterr().err
    # Any board its length tells: a line of no board's length is named by its cells.
    assert main(["12a"]) == 2
    assert "found 3 cells" in capsys.readouterr().err


async def test_an_unusable_data_folder_never_stops_the_game(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(blocker))
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        assert app.game_screen.game.index == 1
        notes = [n.message for n in app._notifications]
        assert sum("will not be saved" in note or "Could not save" in note for note in notes) == 1


def footer_line(app) -> str:
    """The footer's row as drawn on the terminal (the screen's last line)."""
    return app.screen._compositor.render_strips()[-1].text


def footer_labels(app) -> list[str]:
    """'n Hint' for each action the footer is asked to show (by its first key, as the footer does)."""
    first = {}
    for active in app.screen.active_bindings.values():
        if active.binding.show:
            first.setdefault(active.binding.action, active.binding)
    return [f"{app.get_key_display(binding)} {binding.description}" for binding in first.values()]


async def test_the_footer_fits_at_80x24_and_the_hidden_keys_still_work():
    app = easy_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        for hint_shown in (False, True):
            labels = footer_labels(app)
            assert ("L Lesson" in labels) == hint_shown, "the lesson link comes with a hint"
            assert "? Help" in labels and "t Lessons" in labels
            line = footer_line(app)
            assert len(line) == SMALL[0]
            for label in labels:
                assert f" {label} " in f" {line}", f"{label!r} is cut off in {line!r}"
            await pilot.press("n")
            await settle(pilot)
        assert "c Check" not in footer_labels(app), "a narrow footer leaves some keys to the help"
        await pilot.press("c")
        assert "Check" in panel(app, "hint"), "a key left out of the footer still works"


async def test_a_wide_footer_shows_every_key():
    app = easy_app()
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        line = footer_line(app)
        shown = [k.footer_text for k in GAME_KEYS if k.show]
        assert sorted(footer_labels(app)) == sorted(shown)
        for label in shown:
            assert f" {label} " in f" {line}", f"{label!r} is cut off in {line!r}"


async def test_the_footer_rebuilds_its_keys_only_when_what_it_shows_changes():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        footer = app.game_screen.query_one(CoalescedFooter)
        keys = list(footer.query(FooterKey))
        assert len(keys) > 5 and all(key.has_class("-compact") for key in keys)
        app.game_screen.refresh_bindings()  # as focus moving does: the keys shown stay the same
        await settle(pilot)
        assert list(footer.query(FooterKey)) == keys, "the same keys, not mounted again"
        await pilot.press("n")  # a hint brings the lesson link
        await settle(pilot)
        assert "L Lesson" in footer_labels(app) and " L Lesson " in f" {footer_line(app)} "
        assert list(footer.query(FooterKey)) != keys


async def test_a_level_six_grade_says_where_the_card_runs_out_and_the_rating():
    puzzle = next(c for c in tutor.model.bundled.collections() if c.level == 6).puzzles()[0]
    graded = tutor.grade(puzzle.grid)
    app = TutorApp(puzzle.grid, puzzle.name)
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("S")
        await settle(pilot)
        text = " ".join(panel(app, "difficulty").split())
        stop = graded.card_runs_out_at
        assert (f"The card's ladder runs out at step {stop + 1}; needs {graded.steps[stop].name}"
                in text)
        assert f"Rating {graded.rating:g} ({tutor.engine.technique(graded.hardest).name})" in text


def test_pattern_parts_are_marked_by_letters_not_colour_alone():
    from rich.style import Style

    from tutor.app.board_render import STYLE_NAMES, BoardPainter
    from tutor.app.view import PATTERN_LEVEL, step_view

    wing_position = ("9+6+48+21+7+35..+56+97...87+1...+26949+3+2+8+6+157+58+7...+32+6.+1.375.+9..4....+57"
                     ".+7.8.6.9..1.9+7..6.3")
    grid = tutor.parse(wing_position)
    (step,) = tutor.find_steps(grid, "xyz_wing")
    painter = BoardPainter({name: Style() for name in STYLE_NAMES})
    for compact in (False, True):
        shown = painter.paint(step_view(grid, None, step, PATTERN_LEVEL), compact).plain
        hidden = painter.paint(step_view(grid, None, step, 1), compact).plain
        assert shown.count("p") == 1 and shown.count("w") == 2, shown
        assert "p" not in hidden and "w" not in hidden
    # A guess's proof letters the chain's cells in order.
    stuck, guess = first_guess(tutor.parse(next(c for c in tutor.model.bundled.collections()
                                                 if c.level == 6).puzzles()[0].line))
    view = step_view(stuck, None, guess, PATTERN_LEVEL)
    assert [m for _, m in view.marks][:3] == ["a", "b", "c"]
    assert view.marks[0][0] == guess.cells[0]


async def test_habitual_game_keys_never_start_over_from_the_resume_dialog(data_dir):
    # n (hint) and s (step) are pressed out of habit: in the dialog they must not discard the
    # saved game; only f (or the button) starts afresh, and then the app says P brings it back.
    first = easy_app()
    async with first.run_test(size=BIG) as pilot:
        await pilot.press("4")
    for answer in ("escape", "enter", "r"):
        app = TutorApp()
        async with app.run_test(size=BIG) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            await pilot.press("n", "s", "5", "u")  # nothing: the dialog waits for its answer
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            await pilot.press(answer)  # the keys that answer resume, which loses nothing
            await pilot.pause()
            assert app.game_screen.game.name == "easy", answer
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert app.game_screen.game.name == default_puzzle().name
        assert any("P" in str(n.message) and "back" in str(n.message) for n in app._notifications)
        await pilot.press("P")
        await settle(pilot)
        assert app.game_screen.game.name == "easy"
