"""Copy the puzzle out: its line, the position's line and a link (or command) that opens it again."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, TextArea

from tutor.model.geometry import regular_of_size
from tutor.model.grid import Grid
from tutor.web.served import puzzle_link


def copy_texts(puzzle: Grid, position: Grid) -> dict[str, str]:
    """What the dialog offers: the puzzle's line (its givens), the position's line (placed digits
    as +d, pencil marks that differ from the standard ones in brackets: `o` or `tutor play` read
    it back), and the link that opens the puzzle when served, else the command that does."""
    line = puzzle.to_line()
    board = puzzle.geometry
    # A line's length tells its size (369 cells: a Samurai); boxes other than the size's default
    # shape are named.
    usual = board.is_samurai or regular_of_size(board.size) is board
    box = "" if usual else f" --box {board.box_height}x{board.box_width}"
    # The served page's `?puzzle=` opens a line whose length tells its board
    # (web/guards.puzzle_parameter): boxes of another shape get the command, which names them.
    link = puzzle_link(line) if usual else None
    return {
        "puzzle": line,
        "position": position.to_compact(),
        "link": link if link is not None else f"tutor play{box} {line}",
    }


class CopyScreen(ModalScreen[None]):
    """The three texts, selectable, and a button (and key) to copy each to the clipboard."""

    BINDINGS = [
        Binding("p", "copy('puzzle')", "Copy the puzzle"),
        Binding("c", "copy('position')", "Copy the position"),
        Binding("l", "copy('link')", "Copy the link"),
        Binding("escape,q", "app.pop_screen", "Close"),
    ]

    def __init__(self, puzzle: Grid, position: Grid, name: str = "") -> None:
        super().__init__()
        self.texts = copy_texts(puzzle, position)
        self.name_shown = name or "this puzzle"
        self.served = not self.texts["link"].startswith("tutor play ")

    def compose(self) -> ComposeResult:
        link_label = "Link (opens the puzzle)" if self.served else "Command (opens the puzzle)"
        shown = (f"Puzzle (givens):\n{self.texts['puzzle']}\n"
                 f"Position now (o pastes it back):\n{self.texts['position']}\n"
                 f"{link_label}:\n{self.texts['link']}")
        with Vertical(id="copy-dialog", classes="dialog"):
            yield Label(Content.from_markup("[b]Copy $name out[/b]", name=self.name_shown))
            text = TextArea(shown, read_only=True, soft_wrap=True, id="copy-text",
                            show_line_numbers=False)
            yield text
            yield Label("", id="copy-said")
            with Horizontal(classes="buttons"):
                yield Button("Copy puzzle (p)", id="copy-puzzle", variant="primary")
                yield Button("Copy position (c)", id="copy-position")
                yield Button(f"Copy {'link' if self.served else 'command'} (l)", id="copy-link")
                yield Button("Close", id="copy-close")

    def on_mount(self) -> None:
        self.query_one("#copy-puzzle", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        what = (event.button.id or "").removeprefix("copy-")
        if what == "close":
            self.app.pop_screen()
        else:
            self.action_copy(what)

    def action_copy(self, what: str) -> None:
        self.app.copy_to_clipboard(self.texts[what])
        # The app cannot know whether the terminal took it (OSC 52); the text stays selectable.
        self.query_one("#copy-said", Label).update(
            f"Copied the {what if what != 'link' or self.served else 'command'} to the clipboard. "
            "If it does not paste, your terminal did not take it: select the text above instead.")
