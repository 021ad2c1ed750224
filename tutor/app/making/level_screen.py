"""Ask for a new puzzle's level (or range), an optional seed, symmetry and a technique it must need;
bad text is named inline."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Static

from tutor.generator import GenerationError, LevelError, LevelRange, check_technique
from tutor.learning import Progress
from tutor.app.screens.form_dialog import FormDialog


@dataclass(frozen=True)
class Request:
    """What to generate: levels, the seed (None: a random one), whether givens are symmetric, and
    the technique the puzzle's grade must use (None: any); levels may be None with a technique."""

    levels: LevelRange | None
    seed: int | None = None
    symmetric: bool = False
    needs: str | None = None


def read_request(level_text: str, seed_text: str, symmetric: bool, needs_text: str = "") -> Request:
    """The request typed in the dialog; GenerationError says what is wrong with it."""
    needs = needs_text.strip() or None
    if needs is not None:
        check_technique(needs)
        if symmetric:
            raise LevelError("symmetric givens cannot be asked together with a technique")
    levels = LevelRange.parse(level_text) if level_text.strip() or needs is None else None
    seed_text = seed_text.strip()
    if not seed_text:
        return Request(levels, None, symmetric, needs)
    try:
        seed = int(seed_text)
    except ValueError:
        raise LevelError(f"the seed {seed_text!r} is not a whole number (or leave it empty "
                         "for a random one)") from None
    if seed < 0:
        raise LevelError(f"the seed {seed} is negative: give 0 or more")
    return Request(levels, seed, symmetric, needs)


def weakest_technique() -> str | None:
    """The learner's weakest practised technique (lesson progress), or None."""
    progress = Progress.load()
    return progress.weakest_technique()


class TickBox(Checkbox, inherit_bindings=False):
    """A checkbox that space ticks, leaving enter to start the generation."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]


class LevelScreen(FormDialog[Request]):
    """Dismisses with a Request, or None when cancelled."""

    BINDINGS = [Binding("enter", "accept", "Generate")]
    ERROR_ID = "level-error"
    REFUSALS = (GenerationError,)
    FOCUS = "#level-text"

    def __init__(self, level: str = "", needs: str = "") -> None:
        super().__init__()
        self.initial_level = level
        self.initial_needs = needs

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="level-dialog", classes="dialog"):
            yield Static("[b]New puzzle[/b]: generate a proper 9x9 puzzle at a level of the 0-6 scale. "
                         "Enter starts, tab moves between the boxes, space ticks the box, escape "
                         "cancels.")
            yield Label("Level: 0 to 6 in steps of 0.5 (such as 2.5), or a range (such as 2-3.5)")
            yield Input(self.initial_level, placeholder="2.5", id="level-text", compact=True)
            yield Label("Seed (optional): the same seed and level make the same puzzle again")
            yield Input(placeholder="random", id="seed-text", restrict=r"[0-9 ]*", compact=True)
            yield TickBox("Symmetric givens (180-degree turn)", id="symmetric", compact=True)
            yield Label("Needs technique (optional): an id such as x_wing; the level may be left "
                        "empty then")
            yield Input(self.initial_needs, placeholder="any", id="needs-text", compact=True)
            yield Button("A puzzle for my weakest technique", id="weakest", compact=True)
            yield Static("", id="level-error")
            with Horizontal(classes="buttons"):
                yield Button("Generate", id="generate", variant="primary")
                yield Button("Cancel", id="cancel")

    def accept(self) -> Request:
        return read_request(self.query_one("#level-text", Input).value,
                            self.query_one("#seed-text", Input).value,
                            self.query_one(TickBox).value,
                            self.query_one("#needs-text", Input).value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "weakest":
            return  # the form's own handler (Textual calls it next) accepts or cancels
        event.stop()
        event.prevent_default()  # not an accept of the form as it stands
        weakest = weakest_technique()
        if weakest is None:
            self.refuse("No technique practised yet: take a lesson or play a game first.")
            return
        self.query_one("#needs-text", Input).value = weakest
        self.query_one("#level-text", Input).value = ""
        self.action_accept()
