"""Pick a bundled puzzle: collections by level, then one of their puzzles."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tutor.model.bundled import Puzzle, collections


def collection_options() -> tuple[list[Option], dict[str, Puzzle]]:
    """One heading per collection (disabled) followed by its puzzles; ids map back to puzzles."""
    options, by_id = [], {}
    for number, collection in enumerate(collections()):
        puzzles = collection.puzzles()
        options.append(Option(f"── {collection.name} ({len(puzzles)}) ──", disabled=True))
        for index, puzzle in enumerate(puzzles):
            option_id = f"p{number}-{index}"
            by_id[option_id] = puzzle
            options.append(Option(f"  {puzzle.name}", id=option_id))
    return options, by_id


class CollectionScreen(ModalScreen[Puzzle | None]):
    """Dismisses with the chosen Puzzle, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        options, self.by_id = collection_options()
        with Vertical(id="collection-dialog", classes="dialog"):
            yield Label("[b]Bundled puzzles[/b] (enter to open, escape to cancel)")
            if not self.by_id:
                yield Label("No bundled puzzles were found.")
            yield OptionList(*options, id="collection-list")

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.focus()
        first = next((i for i, o in enumerate(option_list.options) if not o.disabled), None)
        if first is not None:
            option_list.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.by_id.get(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
