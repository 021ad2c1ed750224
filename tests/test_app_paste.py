"""The paste dialog on hostile and mistaken input: a megabyte is refused before any parsing, and a
pencil-mark position with a wrong digit opens with the wrong cell named (as `tutor next` does)."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import TextArea

import tutor
from tutor.app.app import TutorApp
from tutor.app.screens.paste_screen import MAX_CHARACTERS, PasteScreen
from tutor.engine import ContradictionError
from tutor.model.geometry import cell_name

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
# Tricky 2 no. 1 after its first eight steps, as a pencil-mark grid (+ marks a digit placed).
POINTING = ("82....+1561.....+4.35.6.1.7.99...5...8..+8729..+5.5....+94+7......+8....12685.+4.8.."
            "4..7.")


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def error_line(app) -> str:
    return " ".join(str(app.screen.query_one("#paste-error").render()).split())


async def open_paste(pilot) -> TextArea:
    await pilot.press("o")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PasteScreen)
    return pilot.app.screen.query_one(TextArea)


async def test_a_megabyte_paste_is_refused_before_parsing_and_the_text_kept():
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=(100, 40)) as pilot:
        area = await open_paste(pilot)
        area.load_text("53..7....")
        app.post_message(events.Paste("1" * 1_000_000))
        await pilot.pause()
        assert area.text == "53..7....", "the paste was not taken in; the text typed stays"
        assert (f"too long: 1,000,009 characters, at most {MAX_CHARACTERS:,}"
                in error_line(app))
        area.load_text("1" * (MAX_CHARACTERS + 1))  # as a file's text could be loaded
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PasteScreen), "the dialog stays open"
        assert f"too long: {MAX_CHARACTERS + 1:,} characters" in error_line(app)
        area.load_text("")
        app.post_message(events.Paste(EASY))  # as a terminal sends it: a paste of a proper size goes in
        await pilot.pause()
        assert area.text == EASY


async def test_a_pasted_position_with_a_wrong_digit_opens_naming_the_cell():
    grid = tutor.parse(POINTING)
    text = grid.to_pencilmarks().replace("+8", "+3", 1)  # r5c3: the solution has 8 there
    wrong = tutor.parse(text)
    with pytest.raises(ContradictionError) as raised:  # what `tutor next` reports
        tutor.next_step(wrong)
    named = [cell_name(c) for c in raised.value.cells]
    assert "r5c3" in named
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=(100, 40)) as pilot:
        area = await open_paste(pilot)
        area.load_text(text)
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.game_screen
        assert app.screen is screen, "opened, not refused as having no solution"
        assert screen.game.grid == wrong
        hint = " ".join(str(screen.query_one("#hint").render()).split())
        assert "r5c3 holds 3, but the solution has 8 there" in hint
        assert "no solution" not in hint
        assert screen.game.hint_problem is not None
        assert set(raised.value.cells) == set(screen.game.hint_problem.cells)


async def test_a_pasted_puzzle_whose_givens_have_no_solution_is_still_refused():
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=(100, 40)) as pilot:
        area = await open_paste(pilot)
        area.load_text("45" + EASY[2:])  # r1c1=4, r1c2=5: givens that leave no solution
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PasteScreen)
        assert "cannot be played: no solution" in error_line(app)
