"""The game at play: clearing a digit keeps the marks earlier steps removed, and a restart's
discarded steps leave the difficulty panel (Pilot tests on the real app)."""

from __future__ import annotations

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.model.geometry import parse_cell_name
from conftest import settle

# 13 steps to the X-Wing on 1 (r28 c38 => r1c3<>1, r9c3<>1), the puzzle's bottleneck.
X_WING_PUZZLE = "080200060300460007000085000003000072012000640960000100000810000500076008070002090"
SIZE = (110, 45)


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def panel(app, name: str) -> str:
    return " ".join(str(app.game_screen.query_one(f"#{name}").render()).split())


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def test_clearing_a_digit_keeps_the_candidates_steps_removed():
    r1c1, r1c3 = parse_cell_name("r1c1"), parse_cell_name("r1c3")
    app = TutorApp(tutor.parse(X_WING_PUZZLE), "x-wing")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await press(pilot, *"s" * 14)
        game = screen.game
        assert any(s.technique == "x_wing" for s in game.applied_steps)
        assert not game.grid.has_candidate(r1c3, 1), "the X-Wing removed it"
        marks = game.grid.masks
        assert screen.selected == r1c1 and not game.grid.value(r1c1)
        await press(pilot, "1")
        assert game.grid.value(r1c1) == 1
        await press(pilot, "0")
        assert not game.grid.value(r1c1)
        assert not game.grid.has_candidate(r1c3, 1), "clearing r1c1 brought back the X-Wing's 1"
        assert game.grid.masks == marks, "every mark is as before the digit was entered"
        await press(pilot, "n")
        assert game.hint_step is not None and game.hint_step.technique != "x_wing"
        assert "X-Wing on the digit 1" not in panel(app, "hint")


async def test_a_restart_drops_the_discarded_steps_from_the_difficulty():
    app = TutorApp(tutor.parse(X_WING_PUZZLE), "x-wing")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await press(pilot, "s", "s", "s")
        assert "×" in panel(app, "difficulty")
        await press(pilot, "R")
        assert "no steps applied yet" in panel(app, "difficulty")
        await press(pilot, "s", "S")
        game = screen.game
        assert game.is_solved
        graded = tutor.grade(game.puzzle)
        text = panel(app, "difficulty")
        counted = sum(int(n) for n in text.split("Puzzle grade")[0].split("×")[1:]
                      for n in [n.split(",")[0].split()[0]])
        assert counted == len(game.applied_steps) == graded.step_count, text
        assert f"solved from the givens in {graded.step_count} steps" in text
        assert "Solved with" in panel(app, "hint")
        await press(pilot, "u", "u")
        assert "no steps applied yet" in panel(app, "difficulty"), "undo goes back past the step"
        await press(pilot, "u")
        assert "×" in panel(app, "difficulty"), "undoing the restart brings its steps back"
