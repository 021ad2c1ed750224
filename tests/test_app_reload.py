"""Served, a reload of the page (a new app on the learner's folder) comes back to the exercise
that was open, not to the game; leaving the exercise first, or outside a browser, it does not."""

from __future__ import annotations

import json

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.app.learning.exercise_screen import ExerciseScreen
from tutor.app.learning.lesson_app import LessonApp
from tutor.app.learning.lesson_screen import LessonScreen
from tutor.app.learning.open_exercise import FILE_NAME
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.web.served import ENV_CODE
from tutor.web.sessions import new_code
from conftest import until

BIG = (110, 45)


@pytest.fixture
def served(monkeypatch, data_dir):
    monkeypatch.setenv(ENV_CODE, new_code())
    return data_dir


def on_top(pilot, kind):
    return lambda: isinstance(pilot.app.screen, kind) and pilot.app.screen.is_mounted


async def open_second_exercise(pilot) -> ExerciseScreen:
    await until(pilot, on_top(pilot, LessonScreen))
    await pilot.press("e")
    await until(pilot, on_top(pilot, ExerciseScreen))
    await pilot.press("right_square_bracket")
    await pilot.pause()
    screen = pilot.app.screen
    assert screen.index == 1
    return screen


async def test_a_reload_returns_to_the_exercise_in_progress_over_the_saved_game(served):
    async with LessonApp("3", seed=1).run_test(size=BIG) as pilot:
        await until(pilot, on_top(pilot, LessonScreen))
        game = pilot.app.game_screen.game
        game.enter(game.grid.empty_cells[0], 5)
        pilot.app.autosave(game)  # a game in progress, saved as the app saves every change
        lesson_id = (await open_second_exercise(pilot)).session.lesson.id
        await pilot.press("q")
    # The page reloads: a new app on the same folder.
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await until(pilot, on_top(pilot, ExerciseScreen))
        screen = app.screen
        assert screen.session.lesson.id == lesson_id and screen.index == 1 and screen.drill is None
        assert not any(isinstance(s, ResumeScreen) for s in app.screen_stack), \
            "the saved game is resumed under the exercise, without asking"
        assert app.game_screen.game.index == 1
        # Escape goes back as before: the lesson, then the menu, then the game.
        await pilot.press("escape")
        await until(pilot, on_top(pilot, LessonScreen))
    assert not (served / FILE_NAME).exists()
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await until(pilot, on_top(pilot, ResumeScreen))


async def test_practice_positions_come_back_as_practice_of_the_same_lesson(served):
    async with LessonApp("3", seed=1).run_test(size=BIG) as pilot:
        await until(pilot, on_top(pilot, LessonScreen))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(pilot.app.screen, ExerciseScreen)
                    and pilot.app.screen.drill is not None)
        lesson_id = pilot.app.screen.session.lesson.id
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ExerciseScreen) and app.screen.drill is not None)
        assert app.screen.session.lesson.id == lesson_id


async def test_outside_a_browser_or_with_a_puzzle_link_the_game_opens(data_dir, monkeypatch, served):
    (data_dir / FILE_NAME).write_text(json.dumps({"lesson": "3", "exercise": 0}))
    app = TutorApp(tutor.parse("." * 80 + "1"))  # opened by a link: the link wins
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert app.screen is app.game_screen
    monkeypatch.delenv(ENV_CODE)
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert app.screen is app.game_screen


@pytest.mark.parametrize("record", [
    "not json", "[]", '{"lesson": 3, "exercise": 0}', '{"lesson": "3", "exercise": -1}',
    '{"lesson": "3", "exercise": true}', '{"lesson": "no-such-lesson", "exercise": 0}',
    '{"lesson": "3", "exercise": 999}', '{"lesson": "' + "x" * 5000 + '", "exercise": 0}',
])
async def test_a_wrong_record_opens_no_exercise_and_never_stops_the_app(served, record):
    (served / FILE_NAME).write_text(record)
    app = TutorApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert not any(isinstance(s, ExerciseScreen) for s in app.screen_stack)
        assert app.return_code is None
