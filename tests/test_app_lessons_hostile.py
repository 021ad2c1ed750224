"""The app's lesson menu (`t`) opens, and says what is wrong, whatever the progress file or folder."""

from __future__ import annotations

import json

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.app.game_screen import GameScreen
from tutor.app.learning.exercise_screen import ExerciseScreen
from tutor.app.learning.lesson_app import LessonApp
from tutor.app.learning.lesson_screen import LessonScreen
from tutor.app.learning.menu_screen import REVIEW_ID, LessonMenuScreen
from tutor.learning import RIGHT, load_lessons
from tutor.learning.progress import FILE_NAME
from conftest import until
from test_app_lessons import remove_candidates

# Tricky 2 no. 1 after its first eight steps (as in test_app_lessons).
POINTING = ("82....+1561.....+4.35.6.1.7.99...5...8..+8729..+5.5....+94+7......+8....12685.+4.8.."
            "4..7.")


def attempt(technique, day):
    return {"technique": technique, "date": day, "source": "drill", "lesson": None,
            "exercise": None, "first_try": True, "solved": True, "hint": 0}


def log(*attempts) -> str:
    return json.dumps({"version": 2, "attempts": list(attempts), "earlier": {}, "lessons": {},
                       "open": {}})


FILES = {
    "a date at the calendar's end": (log(attempt("naked_single", "9999-12-31")),
                                     "dated after today (the latest 9999-12-31)"),
    "a technique from a newer release": (log(attempt("quantum_wing", "2020-01-01"),
                                             attempt("pointing", "2020-01-01")), None),
    "deep nesting": ("[" * 100_000, "nested more than 64 deep"),
    "a newer format": ('{"version": 3}', "written by a newer version of the tutor"),
}


async def open_menu(app, pilot) -> LessonMenuScreen:
    await until(pilot, lambda: isinstance(app.screen, GameScreen))
    await pilot.press("t")
    await until(pilot, lambda: isinstance(app.screen, LessonMenuScreen) and app.screen.is_mounted)
    return app.screen


@pytest.mark.parametrize("name", FILES)
async def test_t_opens_the_menu_whatever_the_progress_file(data_dir, name):
    text, said = FILES[name]
    (data_dir / FILE_NAME).write_text(text, encoding="utf-8")
    app = TutorApp(tutor.parse(POINTING), "pointing")
    async with app.run_test(size=(100, 40)) as pilot:
        menu = await open_menu(app, pilot)
        notes = [n.message for n in app._notifications]
        if said is None:
            assert notes == []
            # The technique this release knows is due; the one it does not is left out.
            assert menu.query_one("OptionList").get_option_at_index(0).id == REVIEW_ID
        else:
            assert any(said in note for note in notes), notes
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_t_opens_the_menu_when_the_data_folder_is_a_file(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(folder))
    app = TutorApp(tutor.parse(POINTING), "pointing")
    async with app.run_test(size=(100, 40)) as pilot:
        await open_menu(app, pilot)
        notes = [n.message for n in app._notifications]
        assert any(f"the data folder {folder} is a file, not a folder" in note for note in notes)
    assert folder.read_text() == "not a folder"


async def test_the_lesson_screens_say_when_the_progress_is_not_saved(read_only_dir):
    # The progress cannot be written: the page reached and the answer are not on disk, and both
    # the lesson's pages and the exercise say so, in a line that stays while it is true.
    exercise = load_lessons()[3].exercises[0]
    app = LessonApp("3", seed=1)
    async with app.run_test(size=(110, 45)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.is_mounted)
        pages = app.screen
        assert not pages.query_one("#lesson-saved").display, "nothing has failed yet"
        await pilot.press("right")
        line = pages.query_one("#lesson-saved")
        assert line.display
        said = " ".join(str(line.render()).split())
        assert said.startswith("⚠ Progress not saved:") and "progress.json could not be written" in said
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExerciseScreen) and app.screen.is_mounted)
        screen = app.screen
        await remove_candidates(pilot, exercise.position.eliminations)
        await pilot.press("enter")
        assert screen.feedback.verdict == RIGHT, "the answer is checked all the same"
        line = screen.query_one("#exercise-saved")
        assert line.display and "Your answers count in this session only" in " ".join(
            str(line.render()).split())
