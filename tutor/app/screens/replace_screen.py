"""Ask before an unfinished game is replaced; dismisses True to replace it, False to keep playing."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tutor.play.game import Game
from tutor.model.words import counted


def game_state(game: Game) -> str:
    """'Tough 3 no. 18: 8 changes, 47 cells to go'."""
    state = "solved" if game.is_solved else f"{counted(len(game.grid.empty_cells), 'cell')} to go"
    return f"{game.name or 'Your puzzle'}: {counted(game.index, 'change')}, {state}"


def needs_asking(game: Game) -> bool:
    """A game with changes of the user's that is not solved yet: replacing it must be confirmed."""
    return game.index > 0 and not game.is_solved


class ReplaceScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "choose(True)", "Replace"),
        Binding("n,escape", "choose(False)", "Keep playing"),
    ]

    def __init__(self, current: Game, new_name: str) -> None:
        super().__init__()
        self.current = current
        self.new_name = new_name

    def compose(self) -> ComposeResult:
        with Vertical(id="replace-dialog", classes="dialog"):
            yield Label("[b]Replace your unfinished game?[/b]")
            yield Label(f"{game_state(self.current)}.", id="replace-state", markup=False)
            yield Label(f"It is kept as the previous game: P brings it back (also \"Restore the "
                        f"previous game\" in ctrl+p). The new game is {self.new_name}.",
                        id="replace-keep", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Replace (y)", id="replace", variant="primary")
                yield Button("Keep playing (n)", id="keep")

    def on_mount(self) -> None:
        self.query_one("#replace", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "replace")

    def action_choose(self, replace: bool) -> None:
        self.dismiss(replace)
