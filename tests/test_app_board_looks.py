"""Looking at the board: every instance of a technique listed and drawn one by one (a), and the
digit filter showing one digit's candidates (f then 1-9; f then 0 or the same digit: all)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

import tutor
from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.commands import COMMANDS
from tutor.app.game_screen import GameScreen
from tutor.app.keys import help_rows
from tutor.app.screens.filter_screen import DigitFilterScreen
from tutor.app.screens.instances_screen import InstancesScreen
from tutor.engine import TECHNIQUES
from tutor.model.geometry import parse_cell_name
from conftest import settle, until

PUZZLE = "080200060300460007000085000003000072012000640960000100000810000500076008070002090"
SIZES = [(110, 45), (80, 24)]


def board_lines(app) -> list[str]:
    board = app.game_screen.query_one(Board)
    return ["".join(segment.text for segment in board.render_line(y))
            for y in range(board.size.height)]


def status(app) -> str:
    return " ".join(str(app.game_screen.query_one("#status").render()).split())


@pytest.mark.parametrize("size", SIZES)
async def test_the_digit_filter_shows_one_digits_candidates_and_goes_off_again(data_dir, size):
    app = TutorApp(tutor.parse(PUZZLE), "filter")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        r1c1 = parse_cell_name("r1c1")  # candidates 1, 4 and 7
        before = board_lines(app)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, DigitFilterScreen))
        await pilot.press("4")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        view = app.game_screen.query_one(Board).view
        assert view.only_digit == 4 and "only 4s" in status(app)
        assert view.shows_candidate(r1c1, 4) and not view.shows_candidate(r1c1, 1)
        lines = board_lines(app)
        if size == (80, 24):
            row_1 = next(line for line in lines if line.startswith("1 "))
            assert ":4" in row_1 and "8" in row_1, "the candidate marked ':', the given kept"
            assert ":" not in next(line for line in before if line.startswith("1 "))
        else:
            # r1c1's top line held its candidate 1, its middle one its 4: only the 4 is left.
            top, middle = (line[2:9] for line in lines[2:4])
            assert "1" not in top and "4" in middle
        assert app.game_screen.game.index == 0, "the filter changes nothing in the game"

        await pilot.press("f", "4")  # the same digit again: every candidate
        await until(pilot, lambda: app.game_screen.query_one(Board).view.only_digit is None)
        assert "only" not in status(app) and board_lines(app) == before
        await pilot.press("f", "7", "f", "0")
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and app.game_screen.only_digit is None)
        await pilot.press("f", "escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.game_screen.only_digit is None and board_lines(app) == before
        await pilot.press("7")  # a digit after the dialog closed is a digit again
        assert app.game_screen.game.grid.value(r1c1) == 7


@pytest.mark.parametrize("size", SIZES)
async def test_every_instance_is_listed_drawn_one_by_one_and_can_become_the_hint(data_dir, size):
    grid = tutor.parse(PUZZLE)
    singles = tutor.find_steps(grid, "hidden_single")
    assert len(singles) >= 2
    app = TutorApp(grid, "all")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("a")  # no hint shown: the techniques to choose from
        await until(pilot, lambda: isinstance(app.screen, InstancesScreen) and app.screen.is_mounted)
        screen = app.screen
        listed = screen.query_one(OptionList)
        assert listed.option_count == len(TECHNIQUES)
        assert [t.id for t in TECHNIQUES].index("hidden_single") == 1
        await pilot.press("down", "enter")
        await until(pilot, lambda: screen.steps)
        assert screen.steps == singles
        title = " ".join(str(screen.query_one("#instances-title").render()).split())
        assert f"Hidden single: {len(singles)} instances at this position" in title
        board = app.game_screen.query_one(Board)
        assert board.view.pattern_cells == frozenset(singles[0].cells)
        assert board.view.placements == frozenset(singles[0].placements)
        await pilot.press("down")
        assert board.view.placements == frozenset(singles[1].placements), "drawn as picked out"
        assert "the " in str(screen.query_one("#instances-detail").render())
        await pilot.press("enter")  # the second one becomes the hint, its pattern shown
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.game_screen.game
        assert game.hint_step == singles[1] and game.hint_level == 2
        await pilot.press("s")
        await settle(pilot)
        (cell, digit), = singles[1].placements
        assert game.index == 1 and game.grid.value(cell) == digit

        # With a hint shown, the list opens on its technique; escape leaves the board as it was.
        await pilot.press("n")
        await settle(pilot)
        hinted = game.hint_step
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, InstancesScreen) and app.screen.steps)
        assert app.screen.technique_id == hinted.technique and hinted in app.screen.steps
        await pilot.press("left")  # the techniques, the hint's picked out
        listed = app.screen.query_one(OptionList)
        assert listed.get_option_at_index(listed.highlighted).id == hinted.technique
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert game.hint_step == hinted and app.game_screen.query_one(Board).view.placements == set()


async def test_a_technique_with_no_instance_says_so(data_dir):
    app = TutorApp(tutor.parse(PUZZLE), "none")
    async with app.run_test(size=(110, 45)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, InstancesScreen) and app.screen.is_mounted)
        app.screen.look_for("jellyfish")
        await until(pilot, lambda: "None at this position" in str(
            app.screen.query_one("#instances-title").render()))
        assert not app.screen.query_one(OptionList).display


def test_both_are_in_the_one_list_of_keys():
    keys = dict(help_rows())
    assert "Every instance of the hint's technique" in keys["a"]
    assert "one digit's candidates" in keys["f"]
    titles = {command.action: command.title for command in COMMANDS}
    assert titles["show_all"] == "Show every instance of a technique"
    assert titles["digit_filter"] == "Show one digit's candidates"
