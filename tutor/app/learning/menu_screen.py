"""The lesson menu: the lessons in ladder order with progress per technique, the suggested one first in view."""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tutor.engine import technique as technique_entry
from tutor.learning import Lesson, LessonError, LessonSession, Progress
from tutor.app.learning.lesson_screen import LessonScreen
from tutor.app.learning.library import bundled_lessons

SUGGESTED_MARK = "▶"
INDENT = "\u00a0"


def lesson_option(lesson: Lesson, progress: Progress, suggestion) -> Option:
    """Two lines: number, title and done mark; then exercises solved and first-try counts."""
    suggested = suggestion is not None and suggestion.lesson is lesson
    text = Text()
    # No-break spaces: the option list drops ordinary leading spaces, and these keep the columns.
    text.append(f"{SUGGESTED_MARK if suggested else INDENT} {lesson.number}  ", style="bold")
    text.append(lesson.title, style="bold" if suggested else "")
    if progress.is_done(lesson):
        text.append("  ✓ done", style="bold green")
    text.append(f"\n{INDENT * 5}{progress.summary(lesson)}", style="dim")
    if suggested:
        text.append(f"  · suggested: {suggestion.reason}", style="italic")
    return Option(text, id=lesson.id)


def technique_lines(lesson: Lesson, progress: Progress) -> list[str]:
    """'Pointing: 3 attempts, 2 right first try, 3 solved' for each technique the lesson teaches."""
    lines = []
    # Lesson 0 teaches no technique of its own; its exercises' techniques stand in.
    taught = lesson.practised
    for technique_id in taught:
        stats = progress.technique(technique_id)
        name = technique_entry(technique_id).name
        if stats.attempts:
            lines.append(f"{name}: {stats.attempts} attempts, {stats.first_try} right first try, "
                         f"{stats.solved} solved")
        else:
            lines.append(f"{name}: not practised yet")
    return lines


class LessonMenuScreen(Screen):
    """Pick a lesson; `seed` fixes the drills of every lesson opened from here (None: random)."""

    CSS_PATH = "lessons.tcss"
    BINDINGS = [
        Binding("escape", "close", "Back to the game"),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    AUTO_FOCUS = "#lesson-list"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = random.randrange(1_000_000) if seed is None else seed
        self.lessons: list[Lesson] = []
        self.progress = Progress.load()
        self.load_problem = ""
        self.opened: Lesson | None = None
        try:
            self.lessons = list(bundled_lessons())
        except LessonError as error:
            self.load_problem = f"The lessons cannot be read: {error}"

    def compose(self) -> ComposeResult:
        yield Static("[b]Lessons[/b]  one per technique, in ladder order "
                     "[dim](enter opens, escape goes back)[/dim]", id="lesson-menu-title")
        yield OptionList(id="lesson-list")
        yield Static(id="lesson-detail")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.progress.notice:
            self.notify(f"{self.progress.notice}; progress starts afresh.",
                        title="Progress moved aside", severity="warning", timeout=15)
        if self.load_problem:
            self.query_one("#lesson-detail", Static).update(self.load_problem)
        self.show_lessons(highlight_suggestion=True)

    def on_screen_resume(self) -> None:
        # Back from a lesson: its answers changed the progress shown.
        if self.is_mounted:
            self.show_lessons()

    def show_lessons(self, highlight_suggestion: bool = False) -> None:
        option_list = self.query_one(OptionList)
        keep = option_list.highlighted
        self.suggestion = self.progress.suggest(self.lessons)
        option_list.clear_options()
        option_list.add_options([lesson_option(lesson, self.progress, self.suggestion)
                                 for lesson in self.lessons])
        if highlight_suggestion or keep is None:
            # Opened straight on a lesson (CLI, hint link): leaving it lands on that lesson.
            suggested = self.suggestion.lesson if self.suggestion else None
            shown = self.opened or suggested
            keep = self.lessons.index(shown) if shown in self.lessons else 0
        if self.lessons:
            option_list.highlighted = keep
            self.show_detail(self.lessons[keep])

    def show_detail(self, lesson: Lesson) -> None:
        lines = [f"[b]{lesson.number}. {lesson.title}[/b]", lesson.summary]
        lines += technique_lines(lesson, self.progress)
        self.query_one("#lesson-detail", Static).update(Text("\n").join(
            [Text.from_markup(lines[0])] + [Text(line) for line in lines[1:]]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.show_detail(self.lesson_by_id(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_lesson(self.lesson_by_id(event.option.id))

    def lesson_by_id(self, lesson_id: str) -> Lesson:
        return next(lesson for lesson in self.lessons if lesson.id == lesson_id)

    def open_lesson(self, lesson: Lesson) -> None:
        self.opened = lesson
        session = LessonSession(lesson, self.lessons, self.progress, seed=self.seed)
        self.app.push_screen(LessonScreen(session))

    def action_close(self) -> None:
        self.app.pop_screen()
