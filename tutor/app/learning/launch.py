"""Open the lesson menu or one lesson on top of the current screen (from the game, a hint or the CLI)."""

from __future__ import annotations

from textual.app import App

from tutor.learning import LessonError, find_lesson, lesson_for_technique
from tutor.model.geometry import CLASSIC, Geometry
from tutor.app.learning.library import bundled_lessons
from tutor.app.learning.menu_screen import LessonMenuScreen


def open_lesson_menu(app: App, seed: int | None = None) -> LessonMenuScreen:
    menu = LessonMenuScreen(seed)
    app.push_screen(menu)
    return menu


def open_lesson(app: App, lesson_id: str, seed: int | None = None) -> None:
    """The menu, then the lesson over it, so leaving the lesson lands in the menu.

    `lesson_id` is anything find_lesson accepts ('3', 'intersections', 'naked_pair').
    """
    menu = open_lesson_menu(app, seed)
    if not menu.lessons:
        return  # the menu says why the lessons could not be read
    try:
        lesson = find_lesson(lesson_id, menu.lessons)
    except KeyError as error:
        app.notify(error.args[0], severity="error")
        return
    menu.open_lesson(lesson)


def open_technique_lesson(app: App, technique_id: str, board: Geometry = CLASSIC) -> None:
    """The lesson teaching a technique (the link from a hint), on the game's board if one does."""
    try:
        lesson = lesson_for_technique(technique_id, list(bundled_lessons()), board)
    except LessonError as error:
        app.notify(f"The lessons cannot be read: {error}", severity="error")
        return
    if lesson is None:
        app.notify(f"No lesson teaches {technique_id} yet.", severity="warning")
        return
    open_lesson(app, lesson.id)
