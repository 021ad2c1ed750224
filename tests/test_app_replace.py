"""Nothing lost when another puzzle opens: an unfinished game is replaced only once confirmed, and
the replaced game is kept as the previous game and can be brought back."""

from __future__ import annotations

import json

import pytest
from textual.widgets import TextArea

import tutor
from tutor.app.app import PREVIOUS_NAME, SAVE_NAME, TutorApp
from tutor.app.game_screen import GameScreen
from tutor.app.making.generating_screen import GeneratingScreen
from tutor.app.screens.collection_screen import CollectionScreen
from tutor.app.screens.paste_screen import PasteScreen
from tutor.app.screens.replace_screen import ReplaceScreen
from tutor.generator import LevelRange, generate_one
from tutor.model.bundled import default_puzzle
from tutor.play.game import load_save
from conftest import run_palette_command, settle

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
BIG = (100, 40)
SMALL = (80, 24)


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def easy_app() -> TutorApp:
    return TutorApp(tutor.parse(EASY), "easy")


def hint_text(app) -> str:
    return str(app.game_screen.query_one("#hint").render())


async def paste(pilot, text: str) -> None:
    await pilot.press("o")
    assert isinstance(pilot.app.screen, PasteScreen)
    pilot.app.screen.query_one(TextArea).load_text(text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_pasting_over_an_unfinished_game_asks_and_keeps_it(data_dir):
    app = easy_app()
    other = default_puzzle().line
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        await pilot.press("4", "l", "p", "6")  # two changes: a digit and a pencil mark
        played = [s.grid for s in screen.game.states]

        await paste(pilot, other)
        assert isinstance(app.screen, ReplaceScreen), "an unfinished game is never replaced silently"
        assert "easy: 2 changes, " in str(app.screen.query_one("#replace-state").render())
        await pilot.press("n")
        assert app.screen is screen and [s.grid for s in screen.game.states] == played
        assert "Kept your game" in hint_text(app)
        assert not (data_dir / PREVIOUS_NAME).exists()

        await paste(pilot, other)
        await pilot.press("y")
        assert app.screen is screen and screen.game.name == "Pasted puzzle"
        assert "P brings it back" in hint_text(app)
        kept = load_save(data_dir / PREVIOUS_NAME)
        assert [s.grid for s in kept.states] == played and kept.name == "easy"

        await pilot.press("5")  # a change in the new game; then back to the old one
        await pilot.press("P")
        assert screen.game.name == "easy" and [s.grid for s in screen.game.states] == played
        assert screen.game.index == 2, "the history came back too"
        await pilot.press("u")
        assert screen.game.index == 1
        assert load_save(data_dir / PREVIOUS_NAME).name == "Pasted puzzle", "swapped, not lost"
    assert json.loads((data_dir / SAVE_NAME).read_text())["name"] == "easy"


async def test_a_bundled_puzzle_over_an_unfinished_game_asks_first():
    app = easy_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("4", "b")
        assert isinstance(app.screen, CollectionScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, ReplaceScreen)
        dialog = app.screen.query_one("#replace-dialog")
        assert dialog.region.right <= SMALL[0] and dialog.region.bottom <= SMALL[1]
        keep = app.screen.query_one("#replace-keep")
        assert keep.size.height >= 2, "the long line wraps inside the dialog at 80x24"
        await pilot.press("escape")
        assert app.game_screen.game.name == "easy"
        await pilot.press("b", "enter")
        await pilot.click("#replace")
        await pilot.pause()
        assert app.game_screen.game.name == default_puzzle().name


async def test_a_generated_puzzle_over_an_unfinished_game_asks_and_can_be_undone_by_restore():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("4")
        await pilot.press("g", *"1", "tab", *"7", "enter")
        await settle(pilot)
        while isinstance(app.screen, GeneratingScreen):
            await settle(pilot)
        assert isinstance(app.screen, ReplaceScreen)
        await pilot.press("y")
        assert app.game_screen.game.puzzle == generate_one(LevelRange.parse("1"), 7).grid
        assert "New puzzle: level" in hint_text(app), "the generator's message is kept"
        assert "P brings it back" in hint_text(app)
        # The command palette offers it too.
        await run_palette_command(pilot, "restore the previous", "Restore the previous game")
        assert app.game_screen.game.name == "easy" and app.game_screen.game.index == 1


async def test_no_question_for_a_game_without_changes_or_a_solved_one(data_dir):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await paste(pilot, default_puzzle().line)
        assert isinstance(app.screen, GameScreen), "nothing to lose: no question"
        assert not (data_dir / PREVIOUS_NAME).exists(), "an untouched game needs no keeping"
        await pilot.press("S")
        await settle(pilot)
        assert app.game_screen.game.is_solved
        await paste(pilot, EASY)
        assert isinstance(app.screen, GameScreen), "a solved game is replaced without a question"
        assert load_save(data_dir / PREVIOUS_NAME).is_solved, "but still kept"


async def test_restore_without_a_previous_game_says_so():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("P")
        assert "no previous game" in hint_text(app)
        assert app.game_screen.game.name == "easy"


async def test_a_declined_saved_game_can_be_brought_back(data_dir):
    first = easy_app()
    async with first.run_test(size=BIG) as pilot:
        await pilot.press("4", "l", "5")
    second = TutorApp()
    async with second.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("f")
        assert second.game_screen.game.name == default_puzzle().name
        await pilot.press("P")
        assert second.game_screen.game.name == "easy" and second.game_screen.game.index == 2


async def test_an_unreadable_previous_game_is_moved_aside_and_said(data_dir):
    (data_dir / PREVIOUS_NAME).write_text("not json", encoding="utf-8")
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("P")
        assert app.game_screen.game.name == "easy"
        (kept,) = data_dir.glob(f"{PREVIOUS_NAME}.corrupt-*")
        assert any(n.message.startswith("The previous game cannot be brought back: ")
                   and "could not be read (not valid JSON" in n.message
                   and f"kept as {kept}" in n.message for n in app._notifications)
