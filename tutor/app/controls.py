"""A row of clickable controls (the board's digits, pencil, clear, undo, hint, step) for mouse and
touch.

Each control runs the action its key runs, found in keys.GAME_KEYS (the one list behind the
footer, the help and the palette): a click and a key press are the same command.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.widgets import Static

from tutor.model.geometry import CLASSIC, DIGITS, Geometry
from tutor.app.keys import GAME_KEYS, Key

TOOL_ACTIONS = ("toggle_pencil", "clear", "undo", "hint", "apply_step")
"""The second row, after the digits."""


def key_for(action: str, keys: tuple[Key, ...] = GAME_KEYS) -> Key:
    """The entry of keys.py that runs `action`.

    :raises KeyError: no key runs it (a control must never run what no key does).
    """
    for key in keys:
        if key.action == action:
            return key
    raise KeyError(f"no key runs the action {action!r}")


def control_id(action: str) -> str:
    """'control-digit-3' for digit(3), 'control-undo' for undo: a widget id from an action."""
    return "control-" + action.replace("(", "-").replace(")", "").replace("_", "-")


class Control(Static):
    """One clickable control; a click runs its key's action on the screen, as the key does."""

    def __init__(self, key: Key, label: str) -> None:
        super().__init__(label, id=control_id(key.action), classes="control", markup=False)
        self.key = key
        self.tooltip = f"{key.help} (key: {key.keys.split(',')[0]})"

    async def on_click(self, event: Click) -> None:
        event.stop()
        # The screen's action, as its key binding runs it (the board keeps the focus).
        await self.app.run_action(self.key.action, self.screen)


class Controls(Vertical):
    """Two rows: the board's digits, then pencil, clear, undo, hint and step (labels from
    keys.py). The digits are 1-9 at first; a smaller board hides those it lacks, a larger one
    adds its own (A-G on 16x16)."""

    def compose(self) -> ComposeResult:
        with Horizontal(classes="control-row", id="control-digits"):
            for digit in DIGITS:
                yield Control(key_for(f"digit({digit})"), str(digit))
        with Horizontal(classes="control-row"):
            for action in TOOL_ACTIONS:
                key = key_for(action)
                yield Control(key, key.label)

    def show(self, pencil: bool, board: Geometry = CLASSIC) -> None:
        """Mark the pencil control while pencil mode is on; show `board`'s digits."""
        self.query_one(f"#{control_id('toggle_pencil')}").set_class(pencil, "-on")
        row = self.query_one("#control-digits", Horizontal)
        digits = list(row.query(Control))
        if len(digits) < board.size:
            row.mount_all(Control(key_for(f"digit({d})"), board.symbol(d))
                          for d in range(len(digits) + 1, board.size + 1))
        for number, control in enumerate(digits, start=1):
            control.display = number <= board.size
