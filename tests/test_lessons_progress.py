"""Lesson progress: attempts and first tries per technique, saved atomically, corrupt files kept aside."""

from __future__ import annotations

import json

import pytest

from tutor.model.geometry import parse_cell_name
from tutor.learning import load_lessons
from tutor.learning.drills import lesson_drills
from tutor.learning.progress import Progress, default_path, drill_attempt

LESSONS = load_lessons()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    return tmp_path


def right_answer(exercise):
    return exercise.position.placements, exercise.position.eliminations


def test_a_right_first_answer_counts_and_is_saved(data_dir):
    lesson = LESSONS[3]
    exercise = lesson.exercises[0]
    progress = Progress.load()
    attempt = progress.attempt(lesson, exercise)
    assert attempt.answer(*right_answer(exercise)).is_right
    assert progress.path == data_dir / "progress.json"
    saved = Progress.load()
    assert saved.technique("pointing").attempts == 1
    assert saved.technique("pointing").first_try == 1
    assert saved.solved_exercises(lesson) == {exercise.key}


def test_wrong_then_right_is_one_attempt_not_first_try():
    lesson = LESSONS[1]
    exercise = lesson.exercises[0]
    progress = Progress.load()
    attempt = progress.attempt(lesson, exercise)
    attempt.answer(placements=[(parse_cell_name("r1c1"), 1)])
    attempt.answer(*right_answer(exercise))
    attempt.answer(*right_answer(exercise))  # answering again records nothing more
    stats = Progress.load().technique("naked_single")
    assert (stats.attempts, stats.first_try, stats.solved) == (1, 0, 1)


def test_giving_up_counts_an_attempt_only_if_something_was_answered():
    lesson = LESSONS[2]
    progress = Progress.load()
    progress.attempt(lesson, lesson.exercises[0]).give_up()
    assert Progress.load().technique("hidden_single").attempts == 0
    attempt = progress.attempt(lesson, lesson.exercises[0])
    attempt.answer(eliminations=[(parse_cell_name("r1c1"), 5)])
    attempt.give_up()
    stats = Progress.load().technique("hidden_single")
    assert (stats.attempts, stats.first_try, stats.solved) == (1, 0, 0)
    assert Progress.load().solved_exercises(lesson) == set()


def test_drills_count_toward_the_technique_not_the_exercises():
    lesson = LESSONS[4]
    drill = next(lesson_drills(lesson, LESSONS, seed=4))
    progress = Progress.load()
    attempt = drill_attempt(progress, lesson, drill)
    assert attempt.answer(drill.step.placements, drill.step.eliminations).is_right
    saved = Progress.load()
    assert saved.technique("naked_pair").first_try == 1
    assert saved.solved_exercises(lesson) == set()


def test_suggestion_follows_the_ladder_then_revision():
    progress = Progress.load()
    assert progress.suggest(LESSONS).lesson.number == 0
    for lesson in LESSONS[:3]:
        for exercise in lesson.exercises:
            progress.attempt(lesson, exercise).answer(*right_answer(exercise))
    progress.record_page(LESSONS[3], 2)
    suggestion = Progress.load().suggest(LESSONS)
    assert suggestion.lesson.number == 3 and suggestion.reason == "continue where you left off"
    for lesson in LESSONS[3:]:
        for exercise in lesson.exercises:
            attempt = progress.attempt(lesson, exercise)
            if lesson.number == 6:
                attempt.answer(placements=[(parse_cell_name("r1c1"), 1)])  # a miss first
            attempt.answer(*right_answer(exercise))
    suggestion = Progress.load().suggest(LESSONS)
    assert suggestion.lesson.number == 6 and suggestion.reason.startswith("revise: 0%")
    n = len(LESSONS[6].exercises)
    assert Progress.load().summary(LESSONS[6]) == f"{n}/{n} exercises, 0 of {n} right first try"


def test_a_corrupt_file_is_kept_aside_and_progress_starts_afresh(data_dir):
    path = default_path()
    path.write_text("{not json", encoding="utf-8")
    progress = Progress.load()
    assert "could not be read" in progress.notice and "kept as" in progress.notice
    kept = [p for p in data_dir.iterdir() if p.name.startswith("progress.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert progress.technique("pointing").attempts == 0
    progress.record_page(LESSONS[1], 1)
    assert json.loads(path.read_text(encoding="utf-8"))["lessons"]["01-naked-single"]["page"] == 1


def test_a_file_of_the_wrong_shape_is_kept_aside_too(data_dir):
    default_path().write_text(json.dumps({"techniques": [1, 2]}), encoding="utf-8")
    progress = Progress.load()
    assert "unexpected content" in progress.notice
    assert any(p.name.startswith("progress.json.corrupt-") for p in data_dir.iterdir())

