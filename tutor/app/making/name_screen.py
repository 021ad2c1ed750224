"""Ask a name for the composed puzzle and save it; a refusal (bad name, already saved) shows inline."""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from ...generator.editor import EditorError
from ...puzzles import Puzzle


class NameScreen(ModalScreen[Puzzle | None]):
    """`save(name)` returns the saved Puzzle or raises EditorError; dismisses with it, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, save: Callable[[str], Puzzle], where: str) -> None:
        super().__init__()
        self.save = save
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical(id="name-dialog", classes="dialog"):
            yield Static(f"[b]Save the puzzle[/b] to {self.where}. Give it a name; enter saves, "
                         "escape cancels.")
            yield Input(placeholder="My first puzzle", id="puzzle-name")
            yield Static("", id="name-error")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        try:
            puzzle = self.save(self.query_one(Input).value)
        except EditorError as problem:
            error = self.query_one("#name-error", Static)
            error.update(f"✗ {problem}")
            error.add_class("-shown")
            return
        self.dismiss(puzzle)

    def action_cancel(self) -> None:
        self.dismiss(None)
