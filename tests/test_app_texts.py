"""What the app and its commands say, read as a user reads it: counts in the singular, one
entry per key, a compact grade table."""

from __future__ import annotations

import tutor
from tutor.app.app import TutorApp
from tutor.app.screens.replace_screen import game_state
from tutor.model.words import counted
from tutor.play.game import Game
from conftest import settle

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def one_to_go() -> str:
    """EASY solved but for r1c1."""
    solution = tutor.solve(tutor.parse(EASY)).to_line()
    return "." + solution[1:]


def test_counted_says_one_in_the_singular():
    assert [counted(n, "step") for n in (0, 1, 2)] == ["0 steps", "1 step", "2 steps"]
    assert counted(20_000, "change") == "20,000 changes"
    assert counted(1, "puzzle", "puzzles") == "1 puzzle"


def text_of(screen, selector: str) -> str:
    return " ".join(str(screen.query_one(selector).render()).split())


async def test_a_one_step_solve_says_one_step_and_one_change(data_dir):
    app = TutorApp(tutor.parse(one_to_go()), "one to go")
    async with app.run_test(size=(110, 45)) as pilot:
        screen = app.game_screen
        await pilot.press("S")
        await settle(pilot)
        assert screen.game.is_solved
        hint = text_of(screen, "#hint")
        assert "Solved with 1 step (u undoes it)" in hint, hint
        assert screen.game.history_labels == ["solve to the end (1 step)"]
        assert "1 change" in text_of(screen, "#status") and "1 changes" not in text_of(screen, "#status")
        assert "1 step" in text_of(screen, "#difficulty") and "1 steps" not in text_of(screen, "#difficulty")


def test_a_replaced_game_is_counted_in_the_singular():
    game = Game(tutor.parse(one_to_go()), "one to go")
    assert game_state(game) == "one to go: 0 changes, 1 cell to go"
