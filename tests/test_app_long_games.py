"""Long games in the app: a key press lays out only the path's entries that changed, and a save of
20,000 changes resumes with its position and path."""

from __future__ import annotations

import pytest

import tutor
from tutor.app.app import SAVE_NAME, TutorApp
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.play.game import Game, save_game
from conftest import until

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
BIG = (100, 40)
SMALL = (80, 24)


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def long_game(changes: int) -> Game:
    """The easy puzzle after `changes` pencil marks taken off r1c1 and put back, over and over."""
    game = Game(tutor.parse(EASY), "easy")
    cell = game.grid.empty_cells[0]
    for n in range(changes):
        assert game.toggle_candidate(cell, 1 + n // 2 % 9)
    return game


def newest_line(steps) -> str:
    return steps.labels[-1]


async def test_a_key_in_a_long_game_lays_out_only_the_entries_it_changes():
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        long = long_game(2000)
        screen.set_game(long)
        screen.changed()
        steps = screen.query_one("#steps")
        await until(pilot, lambda: len(steps.labels) == 2000 and steps.laid_out >= 2000)
        await pilot.pause()
        before = steps.laid_out
        assert before == 2000, "each entry laid out once"
        await pilot.press("p", "5")  # a pencil mark in r1c1: one more change
        await pilot.pause()
        assert long.index == 2001 and newest_line(steps).startswith("2001 · r1c1 ")
        assert steps.laid_out == before + 1, "one new entry laid out, not the whole path"
        await pilot.press("u")
        await pilot.pause()
        assert len(steps.labels) == 2000 and steps.laid_out == before + 1, "an undo lays out nothing"
        await pilot.press("y", "u", "5")  # redo, undo, then a change that drops the redo
        await pilot.pause()
        assert long.index == 2001 and not long.can_redo
        assert steps.laid_out == before + 3
        assert steps.scroll_y == steps.max_scroll_y > 0, "the newest entry is in view"


async def test_a_20000_change_save_resumes_at_its_position(data_dir):
    game = long_game(20000)
    game.undo()
    save_game(game, data_dir / SAVE_NAME)
    app = TutorApp()
    async with app.run_test(size=SMALL) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        await pilot.press("r")
        screen = app.game_screen
        steps = screen.query_one("#steps-under")
        await until(pilot, lambda: len(steps.labels) == 19999)
        assert screen.game.index == 19999 and screen.game.grid == game.grid
        assert screen.game.can_redo, "the change undone before saving can be redone"
        assert newest_line(steps) == f"19999 · {game.states[19999].label}"
        await pilot.pause()
        assert steps.scroll_y == steps.max_scroll_y > 0, "the newest entry is in view"
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.grid == game.states[20000].grid
        assert newest_line(steps) == f"20000 · {game.states[20000].label}"
