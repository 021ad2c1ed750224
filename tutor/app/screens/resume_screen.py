"""Offer to resume the saved game at start-up; dismisses True to resume, False for a new game.

Every key a learner presses out of habit in the game (n hint, s step, digits, escape...) resumes,
which loses nothing; only `f` (or the button) starts afresh, and then says that P brings the saved
game back.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tutor.play.game import Game
from tutor.model.words import counted


class ResumeScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("r,enter,escape", "choose(True)", "Resume"),
        Binding("f", "choose(False)", "Fresh game"),
    ]

    def __init__(self, saved: Game, new_name: str) -> None:
        super().__init__()
        self.saved = saved
        self.new_name = new_name

    def compose(self) -> ComposeResult:
        saved = self.saved
        state = "solved" if saved.is_solved else f"{counted(len(saved.grid.empty_cells), 'cell')} to go"
        with Vertical(id="resume-dialog", classes="dialog"):
            yield Label("[b]Resume your saved game?[/b]")
            yield Label(f"{saved.name or 'Saved puzzle'}: {counted(saved.index, 'change')}, {state}.")
            yield Label(f"[dim]A fresh game opens {self.new_name}; the saved one is kept (as "
                        "game-previous.json): [b]P[/b] brings it back.[/dim]")
            with Horizontal(classes="buttons"):
                yield Button("Resume (r)", id="resume", variant="primary")
                yield Button("Fresh game (f)", id="new")

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(event.button.id == "resume")

    def action_choose(self, resume: bool) -> None:
        if not resume:
            self.app.notify(f"{self.saved.name or 'Your saved game'} is kept: press P to bring it "
                            "back.", title="Fresh game", timeout=10)
        self.dismiss(resume)
