"""Ask a name for the composed puzzle and save it; a refusal (bad name, already saved) shows inline."""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Static

from tutor.generator.editor import EditorError
from tutor.model.bundled import Puzzle
from tutor.app.screens.form_dialog import FormDialog


class NameScreen(FormDialog[Puzzle]):
    """`save(name)` returns the saved Puzzle or raises EditorError; dismisses with it, or None."""

    ERROR_ID = "name-error"
    REFUSALS = (EditorError,)

    def __init__(self, save: Callable[[str], Puzzle], where: str) -> None:
        super().__init__()
        self.save = save
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical(id="name-dialog", classes="dialog"):
            yield Static(Content.from_markup(
                "[b]Save the puzzle[/b] to $where. Give it a name; enter saves, escape cancels.",
                where=self.where))
            yield Input(placeholder="My first puzzle", id="puzzle-name")
            yield Static("", id="name-error")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")

    def accept(self) -> Puzzle:
        return self.save(self.query_one(Input).value)
