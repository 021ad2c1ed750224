"""Pick a bundled puzzle: collections by level, then one of their puzzles."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tutor.model.bundled import (
    Collection, Puzzle, board_folder, collections, collections_of, load_file, other_boards,
)
from tutor.model.errors import PuzzleError
from tutor.model.geometry import CLASSIC
from tutor.model.storage import data_dir
from tutor.generator.editor import MY_PUZZLES

MY_PUZZLES_TITLE = "My puzzles"
"""The heading of the puzzles saved from the editor (my-puzzles.txt in the data folder)."""


def my_puzzles() -> list[Puzzle]:
    """The puzzles saved from the editor that still read as puzzles (none if there is no file)."""
    try:
        found = load_file(data_dir() / MY_PUZZLES)
    except (OSError, UnicodeDecodeError, ValueError, IndexError):
        return []
    readable = []
    for puzzle in found:
        try:
            puzzle.grid
        except PuzzleError:
            continue
        readable.append(puzzle)
    return readable


def collection_options() -> tuple[list[Option], dict[str, Puzzle]]:
    """One heading per collection (disabled) followed by its puzzles; ids map back to puzzles.
    Heading ids are 'level-N' for a level's collection of 9x9 puzzles, 'board-6x6-...' for another
    board's (after the 9x9 ones) and 'mine' for the editor's puzzles."""
    options, by_id = [], {}
    groups = [(c, c.puzzles()) for c in collections()]
    groups += [(c, c.puzzles()) for board in other_boards() for c in collections_of(board)]
    mine = my_puzzles()
    if mine:
        groups.append((Collection(MY_PUZZLES_TITLE, mine[0].path, None), mine))
    for number, (collection, puzzles) in enumerate(groups):
        board = collection.geometry
        title = collection.name
        if puzzles is mine and collection.name == MY_PUZZLES_TITLE:
            heading: str | None = "mine"
        elif board is not CLASSIC:
            heading = f"board-{board_folder(board)}-{number}"
            if board_folder(board) != board.name and not board.is_samurai:  # the boxes not the usual ones: say which
                title = f"{title}, boxes {board.box_height}x{board.box_width}"
        elif collection.level is not None:
            heading = f"level-{int(collection.level)}-{number}"
        else:
            heading = None
        options.append(Option(f"── {title} ({len(puzzles)}) ──", id=heading, disabled=True))
        for index, puzzle in enumerate(puzzles):
            option_id = f"p{number}-{index}"
            by_id[option_id] = puzzle
            options.append(Option(f"  {puzzle.name}", id=option_id))
    return options, by_id


class CollectionScreen(ModalScreen[Puzzle | None]):
    """Dismisses with the chosen Puzzle, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"),
                *(Binding(str(level), f"jump('level-{level}-')", f"Level {level}", show=False)
                  for level in range(7)),
                Binding("b", "jump('board-')", "Other boards", show=False),
                Binding("m", "jump('mine')", "My puzzles", show=False)]

    def compose(self) -> ComposeResult:
        options, self.by_id = collection_options()
        with Vertical(id="collection-dialog", classes="dialog"):
            yield Label("[b]Bundled puzzles[/b] (enter opens, 0-6 jumps to a level, b to other "
                        "boards (4x4 to 16x16, Samurai), m to your own puzzles, escape cancels)")
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

    def action_jump(self, prefix: str) -> None:
        """Highlight the first puzzle under the first heading whose id starts with `prefix`."""
        option_list = self.query_one(OptionList)
        options = option_list.options
        heading = next((i for i, o in enumerate(options) if o.id and o.id.startswith(prefix)), None)
        if heading is None:
            self.notify("No such puzzles here.", severity="warning")
            return
        first = next((i for i in range(heading + 1, len(options)) if not options[i].disabled), None)
        if first is not None:
            option_list.highlighted = first
            option_list.scroll_to_highlight(top=True)

    def action_cancel(self) -> None:
        self.dismiss(None)
