"""Generate the requested puzzle (at a level, or needing a technique) in a worker thread, showing
attempts and time; escape cancels."""

from __future__ import annotations

import random
import threading
import time

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from tutor.engine import technique
from tutor.generator import (
    Cancelled, Generated, GenerationError, Progress, generate_needing, generate_one,
)
from tutor.generator.generate import DEFAULT_MAX_ATTEMPTS
from tutor.app.making.level_screen import Request

CLOCK_TICK = 0.2
"""Seconds between updates of the attempts and the elapsed time."""


class Finished(Message):
    """The worker is done: a Generated puzzle, or the GenerationError that stopped it."""

    def __init__(self, result: Generated | GenerationError) -> None:
        super().__init__()
        self.result = result


class GeneratingScreen(ModalScreen[Generated | None]):
    """Dismisses with the Generated puzzle, or None when cancelled or nothing was found."""

    BINDINGS = [Binding("escape,c", "cancel", "Cancel")]

    def __init__(self, request: Request, max_attempts: int = DEFAULT_MAX_ATTEMPTS,
                 collections=None) -> None:
        super().__init__()
        self.request = request
        self.max_attempts = max_attempts
        self.collections = collections
        """The puzzle collections rare levels start from (None: the bundled ones)."""
        seed = request.seed
        self.seed = random.SystemRandom().randrange(10**9) if seed is None else seed
        self.cancel_event = threading.Event()
        self.attempts = 0
        self.started = time.monotonic()
        self.failure = ""

    def compose(self) -> ComposeResult:
        request = self.request
        symmetric = ", symmetric" if request.symmetric else ""
        if request.needs is not None:
            at = f" at level {request.levels}" if request.levels is not None else ""
            what = f"a puzzle needing {technique(request.needs).name}{at}"
        else:
            what = f"a level {request.levels} puzzle"
        with Vertical(id="generating-dialog", classes="dialog"):
            yield Static(f"[b]Generating {what}[/b] (seed {self.seed}{symmetric})")
            yield ProgressBar(total=None, show_percentage=False, show_eta=False, id="generating-bar")
            yield Static("", id="generating-progress")
            yield Static("[dim]Escape (or c) cancels.[/dim]", id="generating-keys")

    def on_mount(self) -> None:
        self.started = time.monotonic()
        self.show_progress()
        self.set_interval(CLOCK_TICK, self.show_progress)
        self.generate()

    def show_progress(self) -> None:
        elapsed = time.monotonic() - self.started
        text = f"attempt {self.attempts + 1}, {elapsed:.1f} s"
        if self.failure:
            text = f"[b $text-error]✗ {self.failure}[/]"
        self.query_one("#generating-progress", Static).update(text)

    @work(thread=True, exclusive=True, group="generate")
    def generate(self) -> None:
        request = self.request
        try:
            if request.needs is not None:
                made = generate_needing(request.needs, self.seed, levels=request.levels,
                                        cancel=self.cancel_event, collections=self.collections,
                                        progress=self.count_attempt)
            else:
                assert request.levels is not None, "a request names levels or a technique"
                made = generate_one(request.levels, self.seed, request.symmetric,
                                    progress=self.count_attempt,
                                    cancel=self.cancel_event, max_attempts=self.max_attempts,
                                    collections=self.collections)
        except Cancelled:
            return  # the dialog has closed already
        except GenerationError as error:
            self.post_message(Finished(error))
            return
        self.post_message(Finished(made))

    def count_attempt(self, progress: Progress) -> None:
        """Called in the worker thread; the clock shows the count (a message each would flood)."""
        self.attempts = progress.attempts

    def on_finished(self, message: Finished) -> None:
        if isinstance(message.result, GenerationError):
            hint = " or leave symmetric off" if self.request.symmetric else ""
            if self.request.needs is not None:
                self.failure = f"{message.result}; try another technique"
            else:
                self.failure = f"{message.result}; try a range of levels{hint}"
            self.query_one(ProgressBar).display = False
            self.query_one("#generating-keys", Static).update("[dim]Escape closes.[/dim]")
            self.show_progress()
        else:
            self.dismiss(message.result)

    def on_unmount(self) -> None:
        # Quitting the app mid-generation must not wait for the worker to give up on its own.
        self.cancel_event.set()

    def action_cancel(self) -> None:
        # The worker stops at its next attempt; the dialog need not wait for it.
        self.cancel_event.set()
        self.dismiss(None)
