"""Every instance of a technique at the game's position, listed beside the board: each one
highlighted on the board as it is picked out (HoDoKu's "show all", SudokuWiki's list of steps)."""

from __future__ import annotations

from typing import Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.engine import TECHNIQUES, EngineError, Step, find_steps, technique as technique_entry
from tutor.model.grid import Grid
from tutor.model.words import counted

MIN_WIDTH = 30
"""Columns the list takes at least (over the side panel; the board stays in sight)."""


class Found(Message):
    """A worker's answer: the technique's instances at the position, or why there are none."""

    def __init__(self, technique_id: str, steps: list[Step] | EngineError) -> None:
        super().__init__()
        self.technique_id, self.steps = technique_id, steps


class InstancesScreen(ModalScreen[Step | None]):
    """The list of a technique's instances (or, first, of the techniques to choose from).

    `preview(step)` draws a step on the game's board (None: the board as it was). The screen
    answers the instance chosen with enter, or None.
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("left,backspace", "techniques", "Techniques"),
    ]

    def __init__(self, grid: Grid, technique_id: str | None,
                 preview: Callable[[Step | None], None], width: int) -> None:
        super().__init__()
        self.grid = grid
        self.start = technique_id
        self.preview = preview
        self.width = max(MIN_WIDTH, width)
        self.technique_id: str | None = None
        self.steps: list[Step] = []
        self.looking = 0
        """Numbers the searches: an answer to a search given up (escape, another technique) is dropped."""

    def compose(self) -> ComposeResult:
        with Vertical(id="instances-dialog"):
            yield Static(id="instances-title")
            yield OptionList(id="instances-list")
            yield Static(id="instances-detail")
            yield Static(id="instances-keys")

    def on_mount(self) -> None:
        self.query_one("#instances-dialog").styles.width = self.width
        if self.start is None:
            self.action_techniques()
        else:
            self.look_for(self.start)

    # --- the two lists ------------------------------------------------------------------------
    def action_techniques(self) -> None:
        """Choose the technique: every technique of the registry, the one shown last first picked."""
        self.looking += 1
        self.technique_id, self.steps = None, []
        self.preview(None)
        self.show("[b]Every instance of a technique[/b]\nChoose the technique:",
                  [Option(t.name, id=t.id) for t in TECHNIQUES],
                  "↑↓ choose · enter: its instances here · escape: close")
        chosen = next((i for i, t in enumerate(TECHNIQUES) if t.id == self.start), 0)
        self.query_one(OptionList).highlighted = chosen

    def look_for(self, technique_id: str) -> None:
        self.looking += 1
        self.technique_id, self.steps = technique_id, []
        self.start = technique_id
        name = technique_entry(technique_id).name
        self.show(f"[b]{name}[/b]\nLooking for every instance…", [],
                  "← other techniques · escape: close")
        self.find(technique_id, self.looking)

    @work(thread=True, group="instances")
    def find(self, technique_id: str, looking: int) -> None:
        try:
            steps: list[Step] | EngineError = find_steps(self.grid, technique_id)
        except EngineError as error:
            steps = error
        if looking == self.looking:
            self.post_message(Found(technique_id, steps))

    def on_found(self, message: Found) -> None:
        if message.technique_id != self.technique_id:
            return
        name = technique_entry(message.technique_id).name
        if isinstance(message.steps, EngineError):
            self.show(Content.from_markup("[b]$name[/b]\nNot here: $why", name=name,
                                          why=str(message.steps)), [],
                      "← other techniques · escape: close")
            return
        self.steps = message.steps
        if not self.steps:
            self.show(f"[b]{name}[/b]\nNone at this position.", [],
                      "← other techniques · escape: close")
            return
        self.show(f"[b]{name}[/b]: {counted(len(self.steps), 'instance')} at this position",
                  [Option(f"{n}. {step.changes}", id=str(n - 1))
                   for n, step in enumerate(self.steps, start=1)],
                  "↑↓ each one on the board · enter: make it the hint (s applies it) · "
                  "← other techniques · escape: close")
        self.query_one(OptionList).highlighted = 0

    def show(self, title: str | Content, options: list[Option], keys: str) -> None:
        self.query_one("#instances-title", Static).update(title)
        listed = self.query_one(OptionList)
        listed.clear_options()
        listed.add_options(options)
        listed.display = bool(options)
        self.query_one("#instances-detail", Static).update("")
        self.query_one("#instances-keys", Static).update(f"[dim]{keys}[/dim]")
        if options:
            listed.focus()

    # --- picking one out -----------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.technique_id is None or not self.steps:
            return
        step = self.steps[int(event.option.id)]
        self.preview(step)
        self.query_one("#instances-detail", Static).update(Content(step.hint(2)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.technique_id is None:
            self.look_for(event.option.id)
        else:
            self.looking += 1
            self.dismiss(self.steps[int(event.option.id)])

    def action_close(self) -> None:
        self.looking += 1
        self.preview(None)
        self.dismiss(None)
