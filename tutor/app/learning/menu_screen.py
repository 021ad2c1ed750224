"""The lesson menu: the lessons in number order with their tier and progress, each technique's standing, the review."""

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
from tutor.learning.progress import REVIEW_DAYS
from tutor.learning.session import ReviewSession
from tutor.learning.tiers import Tier, in_number_order
from tutor.app.learning.exercise_screen import ExerciseScreen
from tutor.app.learning.lesson_screen import LessonScreen
from tutor.app.learning.library import bundled_lessons

SUGGESTED_MARK = "▶"
REVIEW_ID = "review"
"""The option id of the mixed review drill (lesson ids are file names, never this)."""
INDENT = "\u00a0"


def lesson_option(lesson: Lesson, tier: Tier, progress: Progress, suggestion) -> Option:
    """Two lines: number, title and done mark; then the tier, exercises solved and first-try
    counts."""
    suggested = suggestion is not None and suggestion.lesson is lesson
    text = Text()
    # No-break spaces: the option list drops ordinary leading spaces, and these keep the columns.
    text.append(f"{SUGGESTED_MARK if suggested else INDENT} {lesson.label}  ", style="bold")
    text.append(lesson.title, style="bold" if suggested else "")
    if progress.is_done(lesson):
        text.append("  ✓ done", style="bold green")
    text.append(f"\n{INDENT * 5}{tier.name} · {progress.summary(lesson)}", style="dim")
    if suggested:
        text.append(f"  · suggested: {suggestion.reason}", style="italic")
    return Option(text, id=lesson.id)


def technique_lines(lesson: Lesson, progress: Progress) -> list[str]:
    """'Pointing: mastered (last unaided 2026-11-20) · 3 attempts, 2 right first try, 2 without
    a hint' for each technique the lesson teaches."""
    lines = []
    # Lesson 0 teaches no technique of its own; its exercises' techniques stand in.
    taught = lesson.practised
    for technique_id in taught:
        stats = progress.technique(technique_id)
        name = technique_entry(technique_id).name
        if stats.attempts:
            attempts = f"{stats.attempts} attempt{'s' if stats.attempts != 1 else ''}"
            lines.append(f"{name}: {progress.mastery(technique_id)} · {attempts}, "
                         f"{stats.first_try} right first try, {stats.unaided} without a hint")
        else:
            lines.append(f"{name}: not practised yet")
    return lines


def review_option(due: list[str]) -> Option:
    names = ", ".join(technique_entry(t).name for t in due)
    text = Text()
    text.append(f"{INDENT} ↻  Review: {len(due)} technique{'s' if len(due) > 1 else ''} due",
                style="bold")
    text.append(f"\n{INDENT * 5}{names}", style="dim")
    return Option(text, id=REVIEW_ID)


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
        yield Static("[b]Lessons[/b]  each with its tier, the suggested one marked ▶ "
                     "[dim](enter opens, escape goes back)[/dim]", id="lesson-menu-title")
        yield OptionList(id="lesson-list")
        yield Static(id="lesson-detail")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.progress.notice:
            self.notify(f"{self.progress.notice}.",
                        title="Progress file problem", severity="warning", timeout=15)
        if self.progress.upgraded:
            self.notify(f"{self.progress.upgraded}.", title="Progress converted", timeout=15)
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
        due = self.progress.due_techniques()
        options = [review_option(due)] if due else []
        options += [lesson_option(lesson, tier, self.progress, self.suggestion)
                    for lesson, tier in in_number_order(self.lessons)]
        option_list.add_options(options)
        if highlight_suggestion or keep is None:
            # Opened straight on a lesson (CLI, hint link): leaving it lands on that lesson.
            suggested = self.suggestion.lesson if self.suggestion else None
            shown = self.opened or suggested or (self.lessons[0] if self.lessons else None)
            keep = next((i for i, option in enumerate(options)
                         if shown is not None and option.id == shown.id), None)
        if keep is not None and keep < len(options):
            option_list.highlighted = keep
            self.show_option(options[keep].id)

    def show_option(self, option_id: str | None) -> None:
        if option_id == REVIEW_ID:
            days = ", ".join(str(d) for d in REVIEW_DAYS[:-1]) + f", then {REVIEW_DAYS[-1]}"
            self.query_one("#lesson-detail", Static).update(
                "[b]Review[/b]\nA mixed drill on the techniques due for review (Leitner boxes: "
                f"a technique comes back after {days} days while you get it right without a "
                f"hint; a miss brings it back after {REVIEW_DAYS[0]}).")
        elif option_id is not None:
            self.show_detail(self.lesson_by_id(option_id))

    def show_detail(self, lesson: Lesson) -> None:
        lines = [f"[b]{lesson.label}. {lesson.title}[/b]", lesson.summary]
        lines += technique_lines(lesson, self.progress)
        self.query_one("#lesson-detail", Static).update(Text("\n").join(
            [Text.from_markup(lines[0])] + [Text(line) for line in lines[1:]]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_option(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == REVIEW_ID:
            self.open_review()
        elif event.option.id is not None:
            self.open_lesson(self.lesson_by_id(event.option.id))

    def lesson_by_id(self, lesson_id: str) -> Lesson:
        return next(lesson for lesson in self.lessons if lesson.id == lesson_id)

    def open_review(self) -> None:
        session = ReviewSession(self.lessons, self.progress, seed=self.seed)
        self.app.push_screen(ExerciseScreen(session, drill=True))

    def open_lesson(self, lesson: Lesson) -> None:
        self.opened = lesson
        session = LessonSession(lesson, self.lessons, self.progress, seed=self.seed)
        self.app.push_screen(LessonScreen(session))

    def action_close(self) -> None:
        self.app.pop_screen()
