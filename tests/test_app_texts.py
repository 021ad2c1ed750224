"""What the app and its commands say, read as a user reads it: counts in the singular, one
entry per key, a compact grade table."""

from __future__ import annotations

from textual.command import CommandList

import tutor
from tutor.app.app import TutorApp
from tutor.app.commands import COMMANDS
from tutor.app.keys import GAME_KEYS, bindings, help_rows
from tutor.app.screens.replace_screen import game_state
from tutor.model.words import counted
from tutor.play.game import Game
from conftest import settle, until

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


async def test_the_palette_offers_our_commands_and_only_textuals_theme_and_quit(data_dir):
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.press("ctrl+p")
        await until(pilot, lambda: app.screen.query(CommandList)
                    and app.screen.query_one(CommandList).option_count >= len(COMMANDS) + 2)
        options = app.screen.query_one(CommandList)
        titles = {str(options.get_option_at_index(i).prompt).split("\n")[0]
                  for i in range(options.option_count)}
        assert {command.title for command in COMMANDS} | {"Theme", "Quit"} <= titles
        for textuals in ("Keys", "Maximize", "Minimize", "Screenshot"):
            assert textuals not in titles, textuals
        assert len(titles) == len(COMMANDS) + 2
        await pilot.press("escape")


def test_the_help_and_the_bindings_name_the_digit_keys_once():
    assert [keys for keys, _ in help_rows()].count("1-9") == 1
    assert [keys for keys, _ in help_rows()].count("A-G") == 1, "a 16x16 board's letters"
    digits = [b for b in bindings(GAME_KEYS) if b.action.startswith("digit(")]
    assert [b.key for b in digits] == list("123456789ABCDEFG"), "each digit key works"
    assert [b.key_display for b in digits if b.key_display] == ["1-9", "A-G"]
    assert [b.show for b in digits].count(True) == 1
