"""The digit filter's question: which digit's candidates to show alone (1-9), or all of them (0)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from tutor.model.geometry import DIGITS


class DigitFilterScreen(ModalScreen[int | None]):
    """Answers the digit typed (0: every candidate), or None when escape cancels."""

    BINDINGS = [
        *(Binding(str(d), f"choose({d})", show=False) for d in (0, *DIGITS)),
        Binding("f,delete,backspace", "choose(0)", show=False),
        Binding("escape", "choose(None)", "Cancel"),
    ]

    def __init__(self, shown: int | None) -> None:
        super().__init__()
        self.shown = shown

    def compose(self) -> ComposeResult:
        now = "every candidate" if self.shown is None else f"only the {self.shown}s"
        with Vertical(id="filter-dialog", classes="dialog"):
            yield Label("[b]Show the candidates of one digit[/b]")
            yield Label(f"Type 1-9 (the digit shown again, 0 or f: all of them; escape: as it "
                        f"is). Now: {now}.", id="filter-now")

    def action_choose(self, digit: int | None) -> None:
        self.dismiss(digit)
