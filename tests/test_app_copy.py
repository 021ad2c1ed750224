"""Copying the puzzle out (x): the dialog's lines for a position, its link or command, the clipboard."""

from __future__ import annotations

from textual.widgets import TextArea

import tutor
from tutor.app.screens.copy_screen import CopyScreen
from tutor.web.served import ENV_CODE, ENV_URL
from tutor.web.sessions import new_code
from conftest import settle, until
from test_app import EASY, easy_app, fresh_data_dir  # noqa: F401 (a fixture)

ROOMY = (110, 45)
LINE = EASY.replace("0", ".")


async def open_copy_dialog(pilot) -> str:
    await pilot.press("x")
    await until(pilot, lambda: isinstance(pilot.app.screen, CopyScreen))
    return pilot.app.screen.query_one("#copy-text", TextArea).text


async def test_the_dialog_shows_the_puzzle_and_the_position_and_copies_the_command():
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        game = app.game_screen.game
        await pilot.press("4", "s")  # a digit of the learner's, then a step of the engine's
        await settle(pilot)
        assert game.index == 2
        text = await open_copy_dialog(pilot)
        lines = text.split("\n")
        assert LINE in lines, "the puzzle's givens, one line"
        position = lines[lines.index("Position now (o pastes it back):") + 1]
        assert position.startswith("+4"), "the learner's digit, marked as placed"
        # The position's line reads back as the very position (digits, givens, pencil marks).
        assert tutor.parse(position) == game.grid
        assert f"tutor play {LINE}" in text.replace("\n", " ")
        await pilot.press("l")
        assert app.clipboard == f"tutor play {LINE}"
        await pilot.press("c")
        assert app.clipboard == position
        await pilot.press("escape")
        assert app.screen is app.game_screen


async def test_served_the_dialog_gives_the_link_that_opens_the_puzzle(monkeypatch):
    monkeypatch.setenv(ENV_CODE, new_code())
    monkeypatch.setenv(ENV_URL, "http://class.example.org:8000/sudoku/")
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        await settle(pilot)
        text = await open_copy_dialog(pilot)
        link = f"http://class.example.org:8000/sudoku/?puzzle={LINE}"
        assert link in text.replace("\n", "")
        await pilot.click("#copy-link")
        assert app.clipboard == link
        await pilot.click("#copy-puzzle")
        assert app.clipboard == LINE
