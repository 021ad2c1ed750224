"""Lesson progress: dated attempts with hints, mastery and review, saved atomically, old and corrupt files kept."""

from __future__ import annotations

import itertools
import json
from datetime import date, timedelta

import pytest

from tutor.engine import find_steps, next_step
from tutor.model import storage
from tutor.model.geometry import parse_cell_name
from tutor.learning import load_lessons
from tutor.learning.drills import lesson_drills
from tutor.learning.progress import (
    REVIEW_DAYS, Progress, TechniqueStats, default_path, drill_attempt,
)
from tutor.learning.review import review_drills

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


def test_an_exercise_seen_as_another_technique_counts_for_the_technique_taught():
    # Lesson 13's remote pair exercise is a skyscraper to the ladder; lesson 7's hidden quad a
    # naked quad.
    progress = Progress.load()
    for number, taught in ((13, "remote_pair"), (7, "hidden_quad")):
        lesson = LESSONS[number]
        exercise = next(e for e in lesson.exercises if e.position.seen_as == taught)
        progress.attempt(lesson, exercise).answer(*right_answer(exercise))
        saved = Progress.load()
        assert saved.technique(taught).first_try == 1
        assert saved.technique(exercise.technique).attempts == 0


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



# --- dates, hints, mastery and review (a fake clock: no test waits for a day to pass) ----------
class Clock:
    """A calendar the test turns by hand."""

    def __init__(self, day=date(2026, 1, 5)):
        self.day = day

    def __call__(self) -> date:
        return self.day

    def advance(self, days: int) -> None:
        self.day += timedelta(days=days)


def drill_for(lesson_number: int, seed: int = 1):
    lesson = LESSONS[lesson_number]
    return lesson, next(lesson_drills(lesson, LESSONS, seed=seed))


def answer_drill(progress, lesson, drill, right: bool = True, hint: int = 0):
    attempt = drill_attempt(progress, lesson, drill)
    if hint:
        attempt.saw_hint(hint)
    if not right:
        attempt.answer(placements=[(drill.grid.empty_cells[0], 9)],
                       eliminations=[(drill.grid.empty_cells[1], 9)])
    attempt.answer(drill.step.placements, drill.step.eliminations)


def test_each_attempt_is_dated_with_its_hint_level():
    clock = Clock()
    progress = Progress.load(today=clock)
    lesson, drill = drill_for(4)
    answer_drill(progress, lesson, drill, hint=3)
    record = Progress.load().attempts[-1]
    assert record["date"] == "2026-01-05" and record["hint"] == 3 and record["source"] == "drill"
    assert record["first_try"] and record["solved"]
    # Right at the first answer, but after the full hint: not unaided.
    assert Progress.load().technique("naked_pair").unaided == 0


def test_mastery_needs_unaided_successes_on_the_latest_attempts():
    clock = Clock()
    progress = Progress.load(today=clock)
    lesson, drill = drill_for(6)
    assert progress.mastery("hidden_pair").label == "not practised yet"
    for _ in range(3):
        answer_drill(progress, lesson, drill, hint=3)  # the full hint every time
    assert progress.technique("hidden_pair").first_try == 3
    assert progress.mastery("hidden_pair").state == "learning"
    for _ in range(3):
        answer_drill(progress, lesson, drill)
    mastery = Progress.load(today=clock).mastery("hidden_pair")
    assert mastery.state == "mastered" and mastery.last_unaided == date(2026, 1, 5)
    answer_drill(progress, lesson, drill, right=False)
    assert progress.mastery("hidden_pair").state == "learning"


def test_review_comes_back_at_growing_intervals():
    clock = Clock()
    progress = Progress.load(today=clock)
    lesson, drill = drill_for(4)
    answer_drill(progress, lesson, drill)
    answer_drill(progress, lesson, drill)  # same day, not due: stays in box 1
    gaps = []
    for _ in range(len(REVIEW_DAYS)):
        mastery = progress.mastery("naked_pair")
        assert not mastery.is_due and progress.due_techniques() == []
        gap = (mastery.due - clock.day).days
        gaps.append(gap)
        clock.advance(gap)
        assert progress.mastery("naked_pair").label == "due for review"
        assert progress.due_techniques() == ["naked_pair"]
        answer_drill(progress, lesson, drill)
    assert gaps == list(REVIEW_DAYS)
    assert progress.mastery("naked_pair").box == len(REVIEW_DAYS)
    # A miss sends it back to the first box: due again the next day.
    answer_drill(progress, lesson, drill, right=False)
    mastery = progress.mastery("naked_pair")
    assert mastery.box == 1 and mastery.due == clock.day + timedelta(days=REVIEW_DAYS[0])


def test_due_techniques_come_back_mixed_in_the_review_drill():
    clock = Clock()
    progress = Progress.load(today=clock)
    for number in (4, 6):
        answer_drill(progress, *drill_for(number))
    clock.advance(REVIEW_DAYS[0])
    due = progress.due_techniques()
    assert sorted(due) == ["hidden_pair", "naked_pair"]
    reviewed = list(itertools.islice(review_drills(due, LESSONS, seed=3), 4))
    assert [d.technique for d in reviewed] == due * 2
    assert len({d.grid for d in reviewed}) == 4
    for found in reviewed:
        assert next_step(found.grid).technique == found.technique


def test_once_every_lesson_is_done_a_due_technique_suggests_its_lesson():
    clock = Clock()
    progress = Progress.load(today=clock)
    for lesson in LESSONS:
        for exercise in lesson.exercises:
            progress.attempt(lesson, exercise).answer(*right_answer(exercise))
        progress.record_page(lesson, len(lesson.pages) - 1)
    assert progress.suggest(LESSONS) is None
    clock.advance(REVIEW_DAYS[0])
    suggestion = progress.suggest(LESSONS)
    assert suggestion.reason == "due for review"
    assert progress.due_techniques()[0] in suggestion.lesson.practised


def test_lesson_progress_counts_only_the_lessons_own_exercises():
    # A technique practised elsewhere (lesson 0's naked-single exercises, drills) is not
    # lesson 1's progress: lesson 1, never opened, shows nothing answered.
    progress = Progress.load()
    rules = LESSONS[0]
    for exercise in rules.exercises:
        progress.attempt(rules, exercise).answer(*right_answer(exercise))
    answer_drill(progress, *drill_for(1))
    naked = LESSONS[1]
    assert progress.summary(naked) == f"0/{len(naked.exercises)} exercises"
    n = len(rules.exercises)
    assert progress.summary(rules) == f"{n}/{n} exercises, {n} of {n} right first try"


def test_an_open_attempt_continues_across_answers_under_its_key():
    lesson = LESSONS[3]
    exercise = lesson.exercises[0]
    for _ in range(4):
        progress = Progress.load()  # a new command each time
        attempt = progress.attempt(lesson, exercise, key=exercise.key)
        assert not attempt.answer(eliminations=[(parse_cell_name("r5c8"), 2)]).is_right
    Progress.load().attempt(lesson, exercise, key=exercise.key).answer(*right_answer(exercise))
    saved = Progress.load()
    assert saved.summary(lesson) == f"1/{len(lesson.exercises)} exercises, 0 of 1 right first try"
    assert saved.data["open"] == {}


def test_a_version_1_file_is_converted_and_the_old_one_kept(data_dir):
    old = {"version": 1, "techniques": {"pointing": {"attempts": 5, "first_try": 2, "solved": 4}},
           "lessons": {"03-intersections": {"page": 3, "solved": ["03-intersections/1"]}}}
    path = default_path()
    path.write_text(json.dumps(old), encoding="utf-8")
    progress = Progress.load()
    assert progress.notice is None and "kept as" in progress.upgraded
    kept = [p for p in data_dir.iterdir() if p.name.startswith("progress.json.version-1-")]
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8")) == old
    saved = Progress.load()
    assert saved.upgraded is None and saved.data["version"] == 2
    assert saved.technique("pointing") == TechniqueStats(5, 2, 4, 0)
    assert saved.solved_exercises(LESSONS[3]) == {"03-intersections/1"}
    assert saved.last_page(LESSONS[3]) == 3
    # Counts without dates say nothing of mastery.
    mastery = saved.mastery("pointing")
    assert (mastery.state, mastery.box, mastery.last_unaided) == ("learning", 0, None)
    assert saved.mastery("claiming").state == "not practised yet"


def test_an_old_file_that_cannot_be_copied_is_never_overwritten(data_dir, monkeypatch):
    old = json.dumps({"version": 1, "techniques": {}, "lessons": {}})
    default_path().write_text(old, encoding="utf-8")

    def full_disk(path, tag):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "keep_copy", full_disk)
    progress = Progress.load()
    assert "could not be copied aside" in progress.notice and "not saved" in progress.notice
    lesson = LESSONS[3]
    progress.attempt(lesson, lesson.exercises[0]).answer(*right_answer(lesson.exercises[0]))
    assert default_path().read_text(encoding="utf-8") == old
    assert progress.technique("pointing").attempts == 1, "the session still counts"


def test_a_log_with_a_bad_date_is_kept_aside(data_dir):
    data = {"version": 2, "attempts": [{"technique": "pointing", "date": "yesterday",
                                         "source": "drill", "first_try": True, "solved": True}],
            "earlier": {}, "lessons": {}, "open": {}}
    default_path().write_text(json.dumps(data), encoding="utf-8")
    progress = Progress.load()
    assert "unexpected content" in progress.notice
    assert any(p.name.startswith("progress.json.corrupt-") for p in data_dir.iterdir())


def test_play_steps_count_and_the_weakest_technique_is_named():
    clock = Clock()
    progress = Progress.load(today=clock)
    progress.record_play("x_wing", hint=0)
    progress.record_play("xy_wing", hint=2)
    progress.record_play("x_wing", hint=0)
    assert progress.technique("x_wing").unaided == 2
    assert progress.attempts[-1]["source"] == "play"
    assert progress.weakest_technique() == "xy_wing"


def test_progress_of_a_renamed_lesson_still_counts(data_dir):
    """Backtracking was lesson 08 before the lessons beyond the card came before it."""
    old = {"version": 1, "techniques": {},
           "lessons": {"08-backtracking": {"page": 2, "solved": ["08-backtracking/1"]}}}
    default_path().write_text(json.dumps(old), encoding="utf-8")
    backtracking = next(lesson for lesson in LESSONS if lesson.techniques == ("backtracking",))
    assert backtracking.id == "16-backtracking"
    for progress in (Progress.load(), Progress.load()):  # converted, then read back
        assert progress.solved_exercises(backtracking) == {"16-backtracking/1"}
        assert progress.last_page(backtracking) == 2


def test_a_technique_the_ladder_meets_under_another_name_comes_back_in_review():
    # A remote pair is not met as the ladder's next step (a skyscraper or simple colours makes it
    # first): its review offers a position where a remote pair makes the very step that comes
    # next, and counts for it.
    clock = Clock()
    progress = Progress.load(today=clock)
    lesson = LESSONS[13]
    exercise = next(e for e in lesson.exercises if e.position.seen_as == "remote_pair")
    progress.attempt(lesson, exercise).answer(*right_answer(exercise))
    clock.advance(REVIEW_DAYS[0])
    assert progress.due_techniques() == ["remote_pair"]
    drill = next(review_drills(["remote_pair"], LESSONS, seed=2))
    assert drill.technique == "remote_pair" and drill.step.technique != "remote_pair"
    same = [(set(s.placements), set(s.eliminations)) for s in find_steps(drill.grid, "remote_pair")]
    assert (set(drill.step.placements), set(drill.step.eliminations)) in same
    attempt = drill_attempt(progress, None, drill, "review")
    assert attempt.answer(drill.step.placements, drill.step.eliminations).is_right
    assert progress.technique("remote_pair").first_try == 2
