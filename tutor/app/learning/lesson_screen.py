"""A lesson's pages, one at a time: the text beside the board with the page's highlights, then the exercises."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from tutor.learning import LessonSession
from tutor.model.geometry import using
from tutor.learning.text import paragraphs
from tutor.app.board import Board
from tutor.app.layout import BoardScreen
from tutor.app.learning.drill_file_screen import DrillFileScreen, FileDrill
from tutor.app.learning.exercise_screen import ExerciseScreen
from tutor.app.learning.feedback import show_save_problem
from tutor.app.learning.views import marked_candidates, page_view
from tutor.model.words import counted

UNWRAPPED = 10_000
"""Re-flow paragraphs into single lines; the panel wraps them to its own width."""


class LessonScreen(BoardScreen):
    """Pages stepped with → and ←; past the last page (or with e) come the exercises, d drills, D drills from a file."""

    CSS_PATH = "lessons.tcss"
    BINDINGS = [
        Binding("right,l,space,pagedown", "next_page", "Next", key_display="→", priority=True),
        Binding("left,h,pageup", "previous_page", "Back", key_display="←", priority=True),
        Binding("e", "exercises", "Exercises"),
        Binding("d", "drill", "Practice more"),
        Binding("D", "drill_file", "From file"),
        Binding("w", "whole_or_grid", "Grid", show=False),
        Binding("escape", "close", "Lessons"),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    AUTO_FOCUS = "#lesson-text"

    def __init__(self, session: LessonSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Horizontal(id="lesson-body"):
            with Vertical(id="lesson-left"):
                yield Board(id="lesson-board")
                yield Static(id="lesson-candidates")
            with VerticalScroll(id="lesson-text"):
                yield Static(id="lesson-heading")
                yield Static(id="lesson-saved", classes="save-problem")
                yield Static(id="lesson-page")
                yield Static(id="lesson-marks")
                yield Static(id="lesson-next")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show_page()

    def show_page(self) -> None:
        # Cells named on the lesson's board (a small board's lesson: 4x4, 6x6).
        with using(self.session.lesson.geometry):
            self._show_page()

    def _show_page(self) -> None:
        session = self.session
        lesson, page = session.lesson, session.page
        view = page_view(page)
        board = self.query_one(Board)
        board.view = view
        self.query_one("#lesson-left").display = view is not None
        listed = marked_candidates(view)
        # A Samurai's whole board never has room for pencil marks, and at 80x24 none under it:
        # the marked cells' candidates go under the page's text at every size.
        beside = view is not None and view.grid.geometry.is_samurai
        candidates = self.query_one("#lesson-candidates", Static)
        candidates.update("" if beside else listed or "")
        candidates.set_class(listed is not None and not beside, "-shown")
        if beside and page.highlight.cells:
            # One grid drawn alone (w) is the grid of the page's first marked cell.
            board.follow(page.highlight.cells[0])
        marks = self.query_one("#lesson-marks", Static)
        marks.update((listed or "") if beside else "")
        marks.set_class(listed is not None and beside, "-shown")
        self.query_one("#lesson-heading", Static).update(
            f"[dim]Lesson {lesson.label} · {lesson.title} · page {session.page_label}[/dim]")
        show_save_problem(self.query_one("#lesson-saved", Static), session)
        caption = "\n\n[i]The board shows the position after the step.[/i]" if page.after else ""
        self.query_one("#lesson-page", Static).update(Content.from_markup(
            f"[b]$title[/b]\n\n$text{caption}", title=page.title,
            text=paragraphs(page.text, UNWRAPPED)))
        last = session.page_index + 1 >= len(lesson.pages)
        if last:
            closing = (f"→ or e: the {counted(len(lesson.exercises), 'exercise')}, answered on the board. "
                       "d: practice more on fresh positions, D: on positions from your own file.")
        else:
            closing = "→ next page, ← previous page."
        if beside:
            marks = ("(a larger terminal shows its pencil marks)" if board.compact
                     else "with its pencil marks")
            closing += f" w: one grid alone {marks}, or the whole board."
        self.query_one("#lesson-next", Static).update(f"[dim]{closing}[/dim]")
        self.query_one("#lesson-text").scroll_home(animate=False)

    def action_whole_or_grid(self) -> None:
        """On a Samurai's page: the whole board, or one grid alone with its pencil marks (the
        grid of the page's first marked cell)."""
        board = self.query_one(Board)
        if board.view is None or not board.geometry.is_samurai:
            self.notify("Only a Samurai has several grids to show one at a time.")
            return
        board.whole = not board.whole
        grid = board.geometry.grid_names[board.grid_in_focus]
        marks = ("alone (a larger terminal shows its pencil marks)" if board.compact
                 else "with its pencil marks")
        self.notify(f"The {grid} grid {marks}; w shows the whole board."
                    if not board.whole else "The whole board; w shows one grid alone.")

    def action_next_page(self) -> None:
        if not self.is_current:
            return  # a key sent just before the lesson closed: its widgets are gone
        if not self.is_mounted:
            # A priority key the app took as the lesson opened, before its widgets were built:
            # taken once they are, in the order typed.
            self.call_later(self.action_next_page)
            return
        if self.session.next_page():
            self.show_page()
        else:
            self.action_exercises()

    def action_previous_page(self) -> None:
        if not self.is_current:
            return
        if not self.is_mounted:
            self.call_later(self.action_previous_page)
            return
        if self.session.previous_page():
            self.show_page()

    def action_exercises(self) -> None:
        """Open the first exercise not yet answered right (the first if all were)."""
        exercises = self.session.lesson.exercises
        if not exercises:
            self.notify("This lesson has no exercises; d gives practice positions.")
            return
        index = next((i for i, e in enumerate(exercises) if not self.session.exercise_done(e)), 0)
        self.app.push_screen(ExerciseScreen(self.session, index))

    def action_drill(self) -> None:
        self.app.push_screen(ExerciseScreen(self.session, drill=True))

    def action_drill_file(self) -> None:
        def chosen(started: FileDrill | None) -> None:
            if started is not None:
                self.app.push_screen(ExerciseScreen(started.session, started=started.drill))

        self.app.push_screen(DrillFileScreen(self.session), chosen)

    def action_close(self) -> None:
        self.session.leave()
        self.app.pop_screen()

