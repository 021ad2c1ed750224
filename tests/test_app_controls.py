"""The row of clickable controls: each click does what its key does, on the real app (Pilot)."""

from __future__ import annotations

import tutor
from tutor.app.board import Board
from tutor.app.controls import TOOL_ACTIONS, Controls, control_id
from tutor.app.keys import GAME_KEYS
from conftest import settle
from test_app import EASY, SMALL, easy_app, fresh_data_dir  # noqa: F401 (a fixture)

ROOMY = (110, 45)


async def click(pilot, action: str) -> None:
    await pilot.click(f"#{control_id(action)}")
    await settle(pilot)


async def test_clicking_a_digit_enters_it_in_the_selected_cell_and_clear_takes_it_out():
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        screen = app.game_screen
        cell = screen.selected
        await click(pilot, "digit(4)")
        assert screen.game.grid.value(cell) == 4
        # The board keeps the keyboard: the next key moves the selection as before.
        assert app.focused is screen.query_one(Board)
        await click(pilot, "clear")
        assert screen.game.grid.value(cell) == 0


async def test_the_pencil_control_toggles_the_mode_and_shows_it():
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        screen = app.game_screen
        pencil = screen.query_one(f"#{control_id('toggle_pencil')}")
        cell = screen.selected
        digit = min(screen.game.grid.candidates(cell))
        await click(pilot, "toggle_pencil")
        assert screen.pencil and pencil.has_class("-on")
        await click(pilot, f"digit({digit})")
        assert digit not in screen.game.grid.candidates(cell) and screen.game.grid.value(cell) == 0
        await click(pilot, "toggle_pencil")
        assert not screen.pencil and not pencil.has_class("-on")


async def test_undo_hint_and_step_controls_do_what_their_keys_do():
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        screen = app.game_screen
        cell = screen.selected
        await click(pilot, "digit(4)")
        await click(pilot, "undo")
        assert screen.game.index == 0 and screen.game.grid.value(cell) == 0
        step = tutor.next_step(screen.game.grid)
        await click(pilot, "hint")
        assert screen.game.hint_level == 1
        await click(pilot, "hint")
        assert screen.game.hint_level == 2, "a second click climbs the ladder, as n does"
        await click(pilot, "apply_step")
        assert screen.game.index == 1
        assert screen.game.grid == tutor.parse(EASY).apply(step)


async def test_each_control_runs_its_keys_action_and_is_labelled_from_the_keys_list():
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        controls = app.game_screen.query_one(Controls)
        shown = [(c.key.action, str(c.render())) for c in controls.query(".control")]
        by_action = {k.action: k for k in GAME_KEYS}
        assert [a for a, _ in shown] == [f"digit({d})" for d in range(1, 10)] + list(TOOL_ACTIONS)
        for action, label in shown[9:]:
            assert label == by_action[action].label
        assert [label for _, label in shown[:9]] == [str(d) for d in range(1, 10)]


async def test_the_controls_show_on_the_full_layout_and_leave_the_small_one_its_panels():
    app = easy_app()
    async with app.run_test(size=ROOMY) as pilot:
        controls = app.game_screen.query_one(Controls)
        assert controls.display and controls.region.height == 2
        # Every control is in sight, none cut by the side panel's width.
        side = app.game_screen.query_one("#side").region
        for control in controls.query(".control"):
            assert side.contains_region(control.region), control.id
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        # Hidden there: the panels start right under the status line, as without controls.
        assert controls.region.height == 0
        status, cell = (app.game_screen.query_one(n).region for n in ("#status", "#cell"))
        assert cell.y == status.bottom
