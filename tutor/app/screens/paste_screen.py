"""Load a puzzle by pasting it: any accepted format; errors show inline and the text stays for fixing."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Static, TextArea

from tutor.model.errors import PuzzleError
from tutor.model.formats import parse
from tutor.model.grid import Grid
from tutor.play.game import not_played
from tutor.solvers.backtracking import validity
from tutor.app.screens.form_dialog import FormDialog


MAX_CHARACTERS = 10_000
"""The longest text the dialog takes: a pencil-mark grid with borders is under 2,000 characters,
and parsing a megabyte held the app for seconds."""


def too_long(count: int) -> str:
    return (f"too long: {count:,} characters, at most {MAX_CHARACTERS:,} (paste one puzzle: "
            f"81 cells, a grid or a pencil-mark grid)")


def check_puzzle(text: str) -> Grid:
    """The pasted puzzle, of any board from 4x4 to 16x16 (its size told by the text; a 6x6 one
    has boxes of 2 rows by 3 columns), if its givens make a proper puzzle (the digits placed and
    the pencil marks of a position are the learner's, wrong ones too: the game names them).

    :raises PuzzleError: for a text too long or not a puzzle, a board the tutor does not play,
        or givens with no or several solutions.
    """
    if len(text) > MAX_CHARACTERS:
        raise PuzzleError(too_long(len(text)))
    grid = parse(text, geometry=None)
    refusal = not_played(grid.geometry)
    if refusal is not None:
        raise PuzzleError(refusal)
    report = validity(grid.restart())
    if not report.is_proper:
        raise PuzzleError(f"this puzzle cannot be played: {report.message}")
    return grid


class PuzzleText(TextArea):
    """The dialog's text box: a paste that would make the text too long is refused, not taken in
    (a megabyte pasted held the app for a quarter of a second before any parsing)."""

    class TooLong(Message):
        def __init__(self, count: int) -> None:
            super().__init__()
            self.count = count

    def _on_paste(self, event: events.Paste) -> None:
        # Textual runs TextArea's own handler after this one unless the default is prevented.
        count = len(self.text) - len(self.selected_text) + len(event.text)
        if count > MAX_CHARACTERS:
            event.prevent_default()
            self.post_message(self.TooLong(count))


TEXT_LINES = 14
"""The text box's height when the terminal has room (a pencil-mark grid with its borders)."""


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
            yield PuzzleText(self.initial_text, id="paste-text", soft_wrap=False,
                             show_line_numbers=True)
            yield Static("", id="paste-error")
            with Horizontal(classes="buttons"):
                yield Button("Load", id="load", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_resize(self, event: events.Resize) -> None:
        # At 80x24 a box of 14 lines pushed the error line and the buttons out of the dialog:
        # the box gives up lines first (the rest of the dialog takes about 16).
        box = self.query_one(TextArea)
        box.styles.height = max(3, min(TEXT_LINES, event.size.height - 16))

    def on_puzzle_text_too_long(self, message: PuzzleText.TooLong) -> None:
        self.refuse(f"Not pasted: {too_long(message.count)}.")

    def accept(self) -> Grid:
        return check_puzzle(self.query_one(TextArea).text)
