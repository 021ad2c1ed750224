"""Lesson progress against hostile files and folders: kept, said, never a traceback or a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tutor.cli.inputs import CliError
from tutor.learning import load_lessons
from tutor.learning.progress import Progress, default_path
from tutor.learning.session import LessonSession
from tutor.model.errors import FolderError, WriteError
from test_lessons_cli import run  # `tutor lesson ...` through the command's own parser

LESSONS = load_lessons()
INTERSECTIONS = LESSONS[3]
REPO = Path(__file__).resolve().parent.parent
RIGHT = ("1", "r5c8<>2, r6c8<>2")  # lesson 3's first exercise, answered right
PARTLY = ("1", "r5c8<>2")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    return tmp_path / "data"


def shell(*argv, env_dir) -> subprocess.CompletedProcess:
    """`python -m tutor lesson ...` in a process of its own, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "tutor", "lesson", *argv], capture_output=True,
                          text=True, cwd=REPO, timeout=300,
                          env={**os.environ, "TUTOR_DATA_DIR": str(env_dir),
                               "PYTHONPATH": str(REPO)})


def attempt(technique="pointing", day="2026-01-05", **fields):
    return {"technique": technique, "date": day, "source": "drill", "lesson": None,
            "exercise": None, "first_try": True, "solved": True, "hint": 0, **fields}


def progress_file(attempts=None, **fields) -> dict:
    data = {"version": 2, "attempts": attempts or [], "earlier": {}, "lessons": {}, "open": {}}
    data.update(fields)
    default_path().write_text(json.dumps(data), encoding="utf-8")
    return data


# --- dates, ids and shapes -----------------------------------------------------------------------
def test_a_date_at_the_end_of_the_calendar_counts_as_today_and_is_said(data_dir):
    written = progress_file([attempt("naked_single", "9999-12-31")])
    today = date(2026, 3, 1)
    progress = Progress.load(today=lambda: today)
    assert "1 attempt is dated after today (the latest 9999-12-31)" in progress.notice
    mastery = progress.mastery("naked_single")
    assert (mastery.box, mastery.last_unaided, mastery.due) == (1, today, date(2026, 3, 2))
    assert progress.due_techniques() == []
    assert json.loads(default_path().read_text()) == written, "the file is left as it was"


def test_tomorrow_from_another_time_zone_is_not_worth_a_notice(data_dir):
    progress_file([attempt("naked_single", "2026-03-02")])
    assert Progress.load(today=lambda: date(2026, 3, 1)).notice is None


def test_ids_from_a_newer_release_are_kept_and_ignored(data_dir):
    future = attempt("quantum_wing", lesson="99-future", exercise="99-future/1",
                     source="daily-puzzle")
    progress_file([future, attempt("pointing", source="daily-puzzle")],
                  earlier={"future_fish": {"attempts": 3}},
                  lessons={"99-future": {"solved": ["99-future/1"], "page": 3}})
    progress = Progress.load(today=lambda: date(2026, 3, 1))
    assert progress.notice is None
    assert progress.practised_techniques() == ["pointing"]
    assert progress.due_techniques() == ["pointing"]
    assert progress.weakest_technique() == "pointing"
    assert progress.suggest(LESSONS).lesson is LESSONS[0]
    progress.record_page(LESSONS[1], 2)
    saved = json.loads(default_path().read_text())
    assert saved["attempts"][0] == future and saved["earlier"] == {"future_fish": {"attempts": 3}}
    assert saved["lessons"]["99-future"] == {"solved": ["99-future/1"], "page": 3}
    assert saved["lessons"]["01-naked-single"] == {"page": 2}


@pytest.mark.parametrize("fields,problem", [
    ({"attempts": {"0": {}}}, '"attempts" is not a list'),
    ({"attempts": [attempt(day="yesterday")]}, "attempt 1 has no valid date ('yesterday')"),
    ({"attempts": [attempt(), attempt(hint="2")]}, "attempt 2 has a hint level that is not a whole number"),
    ({"attempts": [attempt(exercise=["03-intersections/1"])]},
     'attempt 1 has "exercise": [\'03-intersections/1\'], not a name'),
    ({"lessons": {"03-intersections": {"solved": [{"x": 1}]}}},
     "lesson '03-intersections': \"solved\" is not a list of exercise names"),
    ({"lessons": {"03-intersections": {"page": "2"}}},
     "lesson '03-intersections': \"page\" is not a page number"),
    ({"earlier": {"pointing": {"attempts": "5"}}},
     "\"earlier\" of 'pointing' is not a table of whole numbers"),
    ({"open": {"03-intersections/1": 4}}, "open attempt '03-intersections/1' points to no attempt"),
    ({"version": "2"}, "unknown format version '2'"),
])
def test_a_file_of_a_bad_shape_is_kept_aside_with_what_is_wrong(data_dir, fields, problem):
    progress_file(**fields)
    written = default_path().read_text()
    progress = Progress.load()
    assert f"(unexpected content: {problem})" in progress.notice
    assert "progress starts afresh" in progress.notice
    (kept,) = data_dir.glob("progress.json.corrupt-*")
    assert kept.read_text() == written and not default_path().exists()
    assert progress.saving and progress.practised_techniques() == []


def test_deep_nesting_is_kept_aside(data_dir):
    default_path().write_text("[" * 100_000, encoding="utf-8")
    progress = Progress.load()
    assert "nested more than 64 deep" in progress.notice and "kept as" in progress.notice
    assert len(list(data_dir.glob("progress.json.corrupt-*"))) == 1


def test_a_file_of_a_newer_version_is_left_alone_and_said(data_dir):
    newer = json.dumps({"version": 3, "attempts": [], "streaks": {"days": 9}})
    default_path().write_text(newer, encoding="utf-8")
    progress = Progress.load()
    assert "was written by a newer version of the tutor (its format is version 3; this " \
           "version reads up to 2)" in progress.notice
    assert "left as it is" in progress.notice and "not saved" in progress.notice
    assert "corrupt" not in progress.notice and not progress.saving
    exercise = INTERSECTIONS.exercises[0]
    progress.attempt(INTERSECTIONS, exercise).answer(exercise.position.placements,
                                                     exercise.position.eliminations)
    assert progress.technique("pointing").attempts == 1, "the session still counts"
    assert default_path().read_text() == newer
    assert [p.name for p in data_dir.iterdir()] == ["progress.json"]


# --- the data folder cannot be used, or cannot be written ---------------------------------------
def make_file(path):
    path.rmdir()
    path.write_text("notes")


def make_dangling_link(path):
    path.rmdir()
    path.symlink_to(path.parent / "unplugged-disk")


def make_looping_link(path):
    path.rmdir()
    path.symlink_to(path)


FOLDERS = [(make_file, "is a file, not a folder"),
           (make_dangling_link, "is a symbolic link to {parent}/unplugged-disk, which does not exist"),
           (make_looping_link, "is a symbolic link in a loop")]


@pytest.mark.parametrize("make,words", FOLDERS)
def test_progress_from_an_unusable_folder_is_a_clean_result(data_dir, make, words):
    make(data_dir)
    progress = Progress.load()
    assert isinstance(progress.unusable, FolderError) and not progress.saving
    said = words.format(parent=data_dir.parent)
    assert progress.notice.startswith(f"the data folder {data_dir} {said}")
    exercise = INTERSECTIONS.exercises[0]
    feedback = progress.attempt(INTERSECTIONS, exercise).answer(exercise.position.placements,
                                                                exercise.position.eliminations)
    assert feedback.is_right and progress.technique("pointing").attempts == 1
    assert not (data_dir.parent / "unplugged-disk").exists()


def test_a_failed_save_raises_a_write_error_naming_the_file(read_only_dir):
    progress = Progress.load()
    assert progress.saving and progress.notice is None
    exercise = INTERSECTIONS.exercises[0]
    one = progress.attempt(INTERSECTIONS, exercise)
    with pytest.raises(WriteError) as info:
        one.answer(exercise.position.placements, exercise.position.eliminations)
    assert str(info.value).startswith(f"{read_only_dir / 'progress.json'} could not be written (")
    assert isinstance(info.value, OSError)
    assert one.answers[-1].is_right, "the answer was checked before the save"
    assert one.index == 0 and progress.attempts[0]["solved"], "and kept in memory"


def test_a_lesson_goes_on_when_its_progress_cannot_be_saved(read_only_dir):
    session = LessonSession(INTERSECTIONS, LESSONS)
    session.next_page()
    assert isinstance(session.save_problem, WriteError) and session.page_index == 1
    exercise = session.start_exercise(0)
    assert session.answer(exercise.grid.eliminate(exercise.position.eliminations)).is_right
    assert "progress.json could not be written" in str(session.save_problem)
    assert session.exercise_done(exercise), "kept for this session"


# --- from the shell ------------------------------------------------------------------------------
@pytest.mark.parametrize("make,words", FOLDERS)
def test_the_shell_names_an_unusable_data_folder(data_dir, capsys, make, words):
    make(data_dir)
    assert run("1", "--text") == 0, "reading a lesson needs no data folder"
    assert capsys.readouterr().out.startswith("Lesson 1: Naked single")
    assert run("4", "--drill", "--seed", "9") == 0, "nor does showing a drill"
    said = f"the data folder {data_dir} {words.format(parent=data_dir.parent)}"
    for argv in ((), ("--review",), ("3", "--answer", *RIGHT)):
        with pytest.raises(CliError) as info:
            run(*argv)
        assert str(info.value).startswith(said) and info.value.code == 1


def test_a_dangling_data_folder_from_a_real_shell(data_dir):
    make_dangling_link(data_dir)
    done = shell(env_dir=data_dir)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "File exists" not in done.stderr
    assert done.stderr.startswith(f"tutor lesson: the data folder {data_dir} is a symbolic link")


@pytest.mark.parametrize("answer,verdict,code", [(RIGHT, "Right!", 1), (PARTLY, "Partly right", 1)])
def test_an_answer_that_cannot_be_saved_still_gets_its_verdict(read_only_dir, capsys, answer,
                                                               verdict, code):
    with pytest.raises(CliError) as info:
        run("3", "--answer", *answer)
    assert capsys.readouterr().out.startswith(verdict)
    assert str(info.value).startswith(f"progress not saved: {read_only_dir / 'progress.json'} "
                                      "could not be written (")
    assert str(info.value).endswith("this answer is not recorded") and info.value.code == code


def test_a_right_answer_in_a_read_only_folder_from_a_real_shell(read_only_dir):
    done = shell("3", "--answer", *RIGHT, env_dir=read_only_dir)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.startswith("Right!") and "progress not saved" in done.stderr


HOSTILE = {
    "far future": json.dumps({"version": 2, "attempts": [attempt("naked_single", "9999-12-31")],
                              "earlier": {}, "lessons": {}, "open": {}}),
    "newer ids": json.dumps({"version": 2, "attempts": [attempt("quantum_wing", "2020-01-01")],
                             "earlier": {}, "lessons": {"99-future": {}}, "open": {}}),
    "deep": "[" * 100_000,
    "long number": '{"version": 2, "attempts": ' + "9" * 5000 + "}",
    "newer": '{"version": 3}',
}


@pytest.mark.parametrize("name", HOSTILE)
def test_lesson_and_review_take_any_progress_file_without_a_traceback(data_dir, name):
    default_path().write_text(HOSTILE[name], encoding="utf-8")
    for argv in ((), ("--review",)):
        done = shell(*argv, env_dir=data_dir)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
    if name in ("far future", "newer ids", "newer"):
        assert default_path().read_text() == HOSTILE[name], "kept as it was"
    else:
        (kept,) = data_dir.glob("progress.json.corrupt-*")
        assert kept.read_text() == HOSTILE[name]


def test_review_without_a_seed_picks_one(data_dir, capsys):
    progress_file([attempt("naked_pair", "2020-01-01")])
    assert run("--review") == 0
    assert capsys.readouterr().out.startswith("Review (1 technique due), seed ")
