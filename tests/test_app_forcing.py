"""The app with forcing chains: a chain's links told strong from weak at the pattern hint, and a
long search shown as "looking" and stopped with escape."""

from __future__ import annotations

import threading

import pytest

import tutor
from tutor.app import game_screen as game_screen_module
from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.view import chain_line
from tutor.model.grid import Grid
from tutor.model.geometry import parse_cell_name as cell
from conftest import settle, until

BIG = (110, 44)
TOP1465_FIRST_STUCK = (
    "4.{1268}.3{178}.{267}...{12}6.{459}8{357}{3459}..{268}...{345}{2367}1..{124}{378}5{13678}{23}9"
    "{378}.8{59}{49}..6.{357}.7{59}2.{13689}......1+927{35}{35}5+13...+94+29+2+7{35}+4{35}+1{68}{68}")
"""A top1465 position where only a forcing chain (or a guess) goes on."""
FORUM_HARDEST_FIRST = (
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
"""A puzzle the engine takes a while to solve to the end."""


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def panel(app, name: str) -> str:
    return str(app.game_screen.query_one(f"#{name}").render())


async def test_the_pattern_hint_letters_a_forcing_chain_and_tells_its_links_apart():
    app = TutorApp(tutor.parse(TOP1465_FIRST_STUCK), "stuck")
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        await pilot.press("n")
        await settle(pilot)
        step = screen.game.hint_step
        assert step.technique == "forcing_chain"
        assert "Links:" not in panel(app, "hint")  # the nudge names no links yet
        await pilot.press("n")
        text = panel(app, "hint")
        assert "Suppose r2c6 is 5: after 6 facts the grid breaks" in text
        assert "Links: a > b; a >5> c; a > d; b > d; b >4> e; c > f; d > g; f >3> g" in text
        assert "(= strong, - weak, > forces)" in text
        marks = dict(app.game_screen.query_one(Board).view.marks)
        assert marks == {cell("r2c6"): "a", cell("r2c9"): "b", cell("r9c4"): "c", cell("r2c2"): "d",
                         cell("r6c7"): "e", cell("r4c4"): "f", cell("r3c2"): "g"}


def test_a_chain_of_strong_and_weak_links_shows_both_marks():
    grid = Grid.empty()
    for name, digits in (("r1c1", (1, 2)), ("r1c2", (1, 3)), ("r2c1", (2, 3))):
        grid = grid.with_candidates(cell(name), digits)
    step = tutor.find_steps(grid, "xy_chain")[0]
    # r1c1 not 1 = r1c1 is 2 - r2c1 not 2 = r2c1 is 3 - r1c2 not 3 = r1c2 is 1
    assert chain_line(step) == "a = b -2- c = d -3- e = f"


async def test_escape_stops_a_long_search_and_its_answer_is_dropped(monkeypatch):
    # The real solve runs, but only once the test lets it: how fast this machine is must not
    # decide whether the search is still running when escape is pressed.
    release = threading.Event()
    real_grade = game_screen_module.grade

    def held_grade(grid):
        release.wait()
        return real_grade(grid)

    monkeypatch.setattr(game_screen_module, "grade", held_grade)
    app = TutorApp(tutor.parse(FORUM_HARDEST_FIRST), "hardest")
    async with app.run_test(size=BIG) as pilot:
        screen = app.game_screen
        screen.pending_notice = 0.001  # say "looking" at once: the state is tested, not the delay
        before = screen.game.grid
        try:
            await pilot.press("S")
            await until(pilot, lambda: "Looking for the next step" in panel(app, "hint"))
            assert screen.pending
            assert "escape stops" in panel(app, "hint")
            await pilot.press("escape")
            assert not screen.pending
            assert "Stopped looking" in panel(app, "hint")
        finally:
            release.set()
        await settle(pilot)  # the stopped search runs out in its thread; its answer is dropped
        assert screen.game.grid == before
        assert "Stopped looking" in panel(app, "hint")
        await pilot.press("n")  # and the next search works as usual
        await settle(pilot)
        assert screen.game.hint_step is not None and screen.game.hint_level == 1
