"""The help screen: every key of the game screen (read from keys.py) and what the board shows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..keys import help_rows

LEGEND = """\
[b]On the board[/b]  givens bold, your digits coloured, pencil marks small.
Hint, 2nd press: the pattern's digits [b u]underlined[/b u], its unit dotted ·, rows ▶ and columns ▼ marked.
Hint, 3rd press: eliminations [strike]struck through[/strike], placements [reverse]reversed[/reverse].
Problems: cells flagged ! .  Compact board: * pattern, × loses candidates, + placement, [ ] selected.
Ctrl+p opens the command palette (more screens and commands)."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Static("[b]Keys[/b]  (mouse: click a cell to select it)")
            yield DataTable(id="help-keys", show_cursor=False, zebra_stripes=True)
            yield Static(LEGEND, id="help-legend")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Keys", "What it does")
        for keys, text in help_rows():
            table.add_row(keys, text)

    def action_close(self) -> None:
        self.dismiss(None)
