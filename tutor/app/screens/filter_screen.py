"""The digit filter's question: which digit's candidates to show alone (1-9, on a larger board
A-G too), or all of them (0)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from tutor.model.geometry import CLASSIC, DIGITS, SYMBOLS, Geometry
from tutor.app.keys import LETTER_DIGITS


class DigitFilterScreen(ModalScreen[int | None]):
    """Answers the digit typed (0: every candidate), or None when escape cancels."""

    BINDINGS = [
        *(Binding(str(d), f"choose({d})", show=False) for d in (0, *DIGITS)),
        *(Binding(SYMBOLS[d - 1], f"choose({d})", show=False) for d in LETTER_DIGITS),
        Binding("f,delete,backspace", "choose(0)", show=False),
        Binding("escape", "choose(None)", "Cancel"),
    ]

    def __init__(self, shown: int | None, board: Geometry = CLASSIC) -> None:
        super().__init__()
        self.shown = shown
        self.board = board

    def compose(self) -> ComposeResult:
        board = self.board
        now = "every candidate" if self.shown is None else f"only the {board.symbol(self.shown)}s"
        last = board.symbol(board.size)
        typed = f"1-{last}" if board.size <= len(DIGITS) else f"1-9 or A-{last}"
        with Vertical(id="filter-dialog", classes="dialog"):
            yield Label("[b]Show the candidates of one digit[/b]")
            yield Label(f"Type {typed} (the digit shown again, 0 or f: all of them; escape: as it "
                        f"is). Now: {now}.", id="filter-now")

    def action_choose(self, digit: int | None) -> None:
        if digit is not None and digit > self.board.size:
            return  # not a digit of this board: the question stays
        self.dismiss(digit)
