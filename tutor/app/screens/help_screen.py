"""The help screen: every key of the game screen (read from keys.py) and what the board shows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from rich.table import Table
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tutor.app.keys import help_rows
from tutor.web.served import served_help

LEGEND = """\
[b]On the board[/b]  givens bold, your digits coloured, pencil marks small.
Hint, 2nd press: the pattern's digits [b u]underlined[/b u], its unit dotted ·, rows ▶ and columns ▼ marked.
Hint, 3rd press: eliminations [strike]struck through[/strike], placements [reverse]reversed[/reverse].
A chain's cells: lettered a b c … in order beside the cell (the hint's Links line joins them).
Problems: cells flagged ! .  Compact board: * pattern, × loses candidates, + placement, [ ] selected.
Boards of 4x4 to 16x16: pencil marks in mini-grids shaped like a box (2x3 on 6x6); digits from 10
written and typed as capitals (A is 10, G is 16); 10x10 and larger boards are compact, the cell
panel listing the selected cell's candidates.
Ctrl+p opens the command palette (more screens and commands)."""


def key_table() -> Table:
    """Keys and what they do, wrapping to the dialog's width."""
    table = Table(title="Keys", title_justify="left", box=None, expand=True, padding=(0, 1))
    table.add_column("Key", style="bold", no_wrap=True)
    table.add_column("What it does", ratio=1)
    for keys, text in help_rows():
        table.add_row(keys, text)
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            served = served_help()
            if served:
                # Only in a browser (tutor serve): the resume code and the keys the browser keeps.
                yield Static(served, id="help-served")
            yield Static(key_table(), id="help-keys")
            yield Static(LEGEND, id="help-legend")

    def action_close(self) -> None:
        self.dismiss(None)
