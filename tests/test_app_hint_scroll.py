"""A long hint in the game: the panel takes the free space, scrolls, says when there is more, and
keeps the step's conclusion on screen, at 110x45 and at 80x24 (read from the drawn screen)."""

from __future__ import annotations

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.app.hint_panel import HintBox
from conftest import settle

# Two hidden singles, then a forcing net whose full explanation is longer than the old panel.
FORCING_NET = "050908600800006007006020000009000070203000809010000400000030700900800004005604030"
CONCLUSION = "Result: r7c8<>2"


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def drawn(app, widget) -> str:
    """The widget's region of the terminal as drawn, row by row."""
    region = widget.region
    rows = app.screen._compositor.render_strips()[region.y:region.bottom]
    return "\n".join(strip.text[region.x:region.right] for strip in rows)


async def full_hint(pilot) -> HintBox:
    for key in "ssnnn":
        await pilot.press(key)
        await settle(pilot)
    screen = pilot.app.game_screen
    assert screen.game.hint_level == 3
    assert "Forcing net" in screen.game.hint_step.hint(1)
    return screen.query_one(HintBox)


@pytest.mark.parametrize("size", [(110, 45), (80, 24)])
async def test_the_full_hints_conclusion_is_on_screen(size):
    app = TutorApp(tutor.parse(FORCING_NET), "forcing net")
    async with app.run_test(size=size) as pilot:
        box = await full_hint(pilot)
        shown = drawn(app, box)
        assert CONCLUSION in shown, shown
        assert "Forcing net" in shown, "read from its start"
        whole = app.screen._compositor.render_strips()
        assert box.region.bottom <= len(whole) - 1, "the box ends above the footer"


async def test_the_hint_takes_the_free_space_at_110x45():
    app = TutorApp(tutor.parse(FORCING_NET), "forcing net")
    async with app.run_test(size=(110, 45)) as pilot:
        box = await full_hint(pilot)
        shown = drawn(app, box)
        # The whole explanation fits: from the first deduction to the key that applies it.
        assert "So r7c8 is not 2: remove 2 from r7c8." in shown
        assert "s: apply this step" in shown
        assert "below" not in shown, "nothing is out of sight, so nothing says so"


async def test_a_hint_too_long_for_80x24_says_so_and_scrolls():
    app = TutorApp(tutor.parse(FORCING_NET), "forcing net")
    async with app.run_test(size=(80, 24)) as pilot:
        box = await full_hint(pilot)
        shown = drawn(app, box)
        assert "lines below" in shown and "J/K scroll" in shown, shown
        assert "s: apply this step" not in shown
        await pilot.press("J")
        await settle(pilot)
        shown = drawn(app, box)
        assert "s: apply this step" in shown, shown
        assert "lines above" in shown and CONCLUSION in shown
        await pilot.press("K")
        await settle(pilot)
        shown = drawn(app, box)
        assert "Hint 3/3: Forcing net" in shown and CONCLUSION in shown, shown


async def test_a_short_hint_leaves_the_path_its_room():
    app = TutorApp(tutor.parse(FORCING_NET), "forcing net")
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        box = app.game_screen.query_one(HintBox)
        hint_lines = app.game_screen.query_one("#hint").outer_size.height
        assert box.size.height == hint_lines, "the box is as tall as its text"
        assert "below" not in drawn(app, box)
