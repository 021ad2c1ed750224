"""Load a puzzle by pasting it: any accepted format; errors show inline and the text stays for fixing."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static, TextArea

from tutor.model.errors import PuzzleError
from tutor.model.formats import parse
from tutor.model.grid import Grid
from tutor.solvers.backtracking import validity
from tutor.app.screens.form_dialog import FormDialog


def check_puzzle(text: str) -> Grid:
    """The pasted puzzle if it is proper; PuzzleError with the reason otherwise."""
    grid = parse(text)
    report = validity(grid)
    if not report.is_proper:
        raise PuzzleError(f"this puzzle cannot be played: {report.message}")
    return grid


class PasteScreen(FormDialog[Grid]):
    """A multi-line text box; dismisses with the Grid, or None when cancelled."""

    BINDINGS = [Binding("ctrl+s", "accept", "Load", priority=True)]
    ERROR_ID = "paste-error"
    REFUSALS = (PuzzleError,)
    FOCUS = "TextArea"

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.initial_text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="paste-dialog", classes="dialog"):
            yield Static("[b]Load a puzzle[/b]: paste it below (81 cells on a line, a grid, "
                         "pencil marks…), then ctrl+s or Load. Escape cancels.", id="paste-title")
            yield TextArea(self.initial_text, id="paste-text", soft_wrap=False,
                           show_line_numbers=True)
            yield Static("", id="paste-error")
            with Horizontal(classes="buttons"):
                yield Button("Load", id="load", variant="primary")
                yield Button("Cancel", id="cancel")

    def accept(self) -> Grid:
        return check_puzzle(self.query_one(TextArea).text)
