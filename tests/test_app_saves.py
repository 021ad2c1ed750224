"""A save that is JSON but no game of its puzzle (a later change alters a given) is moved aside
when the app starts, with a message naming the change and the cell, and a fresh game starts."""

from __future__ import annotations

import json

import tutor
from tutor.app.app import SAVE_NAME, TutorApp
from tutor.app.game_screen import GameScreen
from tutor.model.bundled import default_puzzle
from tutor.model.geometry import parse_cell_name
from tutor.play.game import Game, save_game

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


async def test_a_save_that_changes_a_given_is_moved_aside_naming_it(data_dir):
    game = Game(tutor.parse(EASY), "easy")
    game.enter(parse_cell_name("r1c1"), 4)
    game.enter(parse_cell_name("r1c2"), 5)
    path = data_dir / SAVE_NAME
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["changes"][1]["cells"].append([parse_cell_name("r1c3"), 7, 0])  # r1c3 is a given (3)
    damaged = json.dumps(data)
    path.write_text(damaged, encoding="utf-8")
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), "no offer to resume it"
        assert app.game_screen.game.name == default_puzzle().name
        (kept,) = data_dir.glob(f"{SAVE_NAME}.corrupt-*")
        assert kept.read_text(encoding="utf-8") == damaged, "kept as it was"
        hint = " ".join(str(app.game_screen.query_one("#hint").render()).split())
        assert "change 2 (r1c2=5) changes the given r1c3" in hint and kept.name in hint
