"""A modal form: enter or the main button accepts, escape or Cancel closes; refusals show inline."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.binding import Binding
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

Value = TypeVar("Value")


class FormDialog(ModalScreen[Value | None], Generic[Value]):
    """Subclasses compose the form, with a Static `#<ERROR_ID>` for refusals, a main Button and one
    with id "cancel"; `accept()` reads the form and returns the value to dismiss with, or raises
    one of `REFUSALS`, whose message is shown in the error line while the dialog stays open with
    everything typed kept. Cancelling dismisses with None.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    ERROR_ID = "form-error"
    REFUSALS: tuple[type[Exception], ...] = (ValueError,)
    FOCUS = "Input"
    """The selector of the widget focused first."""

    def accept(self) -> Value:
        raise NotImplementedError

    def on_mount(self) -> None:
        self.query_one(self.FOCUS).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_accept()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            self.action_cancel()
        else:
            self.action_accept()

    def action_accept(self) -> None:
        if not self.is_mounted:
            # ctrl+s (a priority key) typed just after the key that opened the dialog reached it
            # before its widgets were built: it is taken once they are.
            self.call_later(self.action_accept)
            return
        try:
            value = self.accept()
        except self.REFUSALS as problem:
            self.refuse(str(problem))
            return
        self.dismiss(value)

    def refuse(self, reason: str) -> None:
        """Show why the form cannot be accepted; the dialog stays open."""
        error = self.query_one(f"#{self.ERROR_ID}", Static)
        # Plain text: a path or a user's text may hold brackets that are not markup.
        error.update(Content(f"✗ {reason}"))
        error.add_class("-shown")

    def action_cancel(self) -> None:
        self.dismiss(None)
