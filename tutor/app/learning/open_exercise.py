"""Which lesson exercise is open, kept in the learner's folder while served, so that a reload of
the page (a new app on the same folder) comes back to it instead of the game."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import App

from tutor.learning import LessonSession
from tutor.model.storage import Unreadable, data_dir, read_json, write_json
from tutor.web.served import served_code

FILE_NAME = "open-exercise.json"
MAX_ID = 200
"""The longest lesson id a record may name (the bundled ones are about 30 characters)."""


@dataclass(frozen=True)
class OpenExercise:
    """A lesson's exercise (its index from 0), or its practice positions (`exercise` None)."""

    lesson: str
    exercise: int | None


def record_path(app: App) -> Path:
    return (getattr(app, "save_dir", None) or data_dir()) / FILE_NAME


def remember(app: App, session: LessonSession, exercise: int | None) -> None:
    """Note the exercise just opened (served only: a terminal's app starts afresh by design).
    The review and positions from the learner's own file are not noted: they are made afresh."""
    if served_code() is None:
        return
    if session.review or session.drill_file is not None:
        forget(app)
        return
    try:
        write_json(record_path(app), {"lesson": session.lesson.id, "exercise": exercise})
    except OSError:
        pass  # only a convenience for a reload; the game's save reports a folder that fails


def forget(app: App) -> None:
    """The learner left the exercise: a reload opens the game again."""
    if served_code() is None:
        return
    try:
        record_path(app).unlink(missing_ok=True)
    except OSError:
        pass


def recorded(app: App) -> OpenExercise | None:
    """The exercise open when the last app on this folder ended; None when none was (or the
    record cannot be used: an unreadable one is moved aside by read_json, a wrong one ignored)."""
    if served_code() is None:
        return None
    try:
        data = read_json(record_path(app))
    except (Unreadable, OSError):
        return None
    if not isinstance(data, dict):
        return None
    lesson, exercise = data.get("lesson"), data.get("exercise")
    if not isinstance(lesson, str) or not 0 < len(lesson) <= MAX_ID:
        return None
    if exercise is not None and (type(exercise) is not int or exercise < 0):
        return None
    return OpenExercise(lesson, exercise)
