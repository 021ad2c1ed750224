"""'Practice from a file': ask for a puzzle file and start the lesson's drills from it; errors show inline."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Static

from tutor.learning import LessonSession
from tutor.learning.drills import Drill, DrillError
from tutor.app.screens.form_dialog import FormDialog


@dataclass(frozen=True)
class FileDrill:
    """A session drilling from the user's file, with its first drill already open."""

    session: LessonSession
    drill: Drill


def start_file_drill(session: LessonSession, text: str) -> FileDrill:
    """A session like `session` (same lesson, progress and seed) whose drills come from the file
    at `text` (`~` expanded); DrillError says why the file gives none."""
    if not text.strip():
        raise DrillError("type the path of a puzzle file, one puzzle a line")
    path = Path(text.strip()).expanduser()
    from_file = LessonSession(session.lesson, session.lessons, session.progress,
                              seed=session.seed, drill_file=path)
    try:
        drill = from_file.start_drill()
    except StopIteration:
        raise DrillError(f"{path.name}: every position has been given") from None
    return FileDrill(from_file, drill)


class DrillFileScreen(FormDialog[FileDrill]):
    """A path box; dismisses with the file's first drill, or None when cancelled."""

    CSS_PATH = "lessons.tcss"
    ERROR_ID = "drill-file-error"
    REFUSALS = (DrillError,)

    def __init__(self, session: LessonSession) -> None:
        super().__init__()
        self.session = session
        # The file drilled from last in this lesson is offered again.
        self.initial_text = str(session.drill_file or "")

    def compose(self) -> ComposeResult:
        lesson = self.session.lesson
        with Vertical(id="drill-file-dialog", classes="dialog"):
            yield Static(Content.from_markup(
                "[b]Practice from a file[/b]: positions from your own puzzles where $names comes "
                "next. The file holds one puzzle a line (or one grid). Enter starts, escape cancels.",
                names=lesson.technique_names), id="drill-file-title")
            yield Input(self.initial_text, placeholder="~/puzzles.txt", id="drill-file-path")
            yield Static("", id="drill-file-error")
            with Horizontal(classes="buttons"):
                yield Button("Practise", id="practise", variant="primary")
                yield Button("Cancel", id="cancel")

    def accept(self) -> FileDrill:
        return start_file_drill(self.session, self.query_one(Input).value)
