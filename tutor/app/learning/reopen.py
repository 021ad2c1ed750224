"""Reopen the exercise a served learner had open when their page was reloaded (open_exercise.py)."""

from __future__ import annotations

from textual.app import App

from tutor.learning import find_lesson
from tutor.app.learning.exercise_screen import ExerciseScreen
from tutor.app.learning.launch import open_lesson_menu
from tutor.app.learning.lesson_screen import LessonScreen
from tutor.app.learning.open_exercise import OpenExercise, forget


def reopen_exercise(app: App, record: OpenExercise) -> None:
    """The menu, the lesson and the exercise over them, as the learner left them (escape goes
    back the same way). A record naming no lesson or exercise of today's lessons is dropped."""
    menu = open_lesson_menu(app)
    if not menu.lessons:
        return  # the menu says why the lessons could not be read
    try:
        lesson = find_lesson(record.lesson, menu.lessons)
    except KeyError:
        forget(app)
        app.pop_screen()
        return
    menu.open_lesson(lesson)
    lesson_screen = app.screen
    assert isinstance(lesson_screen, LessonScreen)
    session = lesson_screen.session
    if record.exercise is None:
        app.push_screen(ExerciseScreen(session, drill=True))
    elif record.exercise < len(lesson.exercises):
        app.push_screen(ExerciseScreen(session, record.exercise))
    else:
        forget(app)  # the lesson has fewer exercises now: its pages open instead
