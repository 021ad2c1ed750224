"""Offer to resume the saved game at start-up; dismisses True to resume, False for a new game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tutor.play.game import Game


class ResumeScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("r,enter", "choose(True)", "Resume"),
        Binding("n,escape", "choose(False)", "New game"),
    ]

    def __init__(self, saved: Game, new_name: str) -> None:
        super().__init__()
        self.saved = saved
        self.new_name = new_name

    def compose(self) -> ComposeResult:
        saved = self.saved
        state = "solved" if saved.is_solved else f"{len(saved.grid.empty_cells)} cells to go"
        with Vertical(id="resume-dialog", classes="dialog"):
            yield Label("[b]Resume your saved game?[/b]")
            yield Label(f"{saved.name or 'Saved puzzle'}: {saved.index} changes, {state}.")
            yield Label(f"[dim]A new game opens {self.new_name}; the saved one is kept as "
                        "game-previous.json.[/dim]")
            with Horizontal(classes="buttons"):
                yield Button("Resume (r)", id="resume", variant="primary")
                yield Button("New game (n)", id="new")

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "resume")

    def action_choose(self, resume: bool) -> None:
        self.dismiss(resume)
