"""The app's layout in one place: the terminal size below which boards go compact, and the base
of every screen that shows a board (game, lesson pages, exercises, editor)."""

from __future__ import annotations

from typing import TypeVar

from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from tutor.app.board import Board
from tutor.app.board_render import COMPACT, FULL, Layout

Result = TypeVar("Result")

SIDE_MIN_WIDTH = 38
"""Columns the panel beside a full-size board needs."""
FULL_MIN_SIZE = Size(FULL.width + 1 + SIDE_MIN_WIDTH, FULL.height + 1)
"""Below this terminal size the board switches to one line per row."""


def is_compact(size: Size) -> bool:
    """Whether a terminal of this size gets the compact board."""
    return size.width < FULL_MIN_SIZE.width or size.height < FULL_MIN_SIZE.height


def board_layout(compact: bool) -> Layout:
    """The board's drawing layout for the compact or the full size."""
    return COMPACT if compact else FULL


class BoardScreen(Screen[Result]):
    """A screen with one Board: on each resize the board goes compact below FULL_MIN_SIZE, the
    screen gets the `-compact` class, and a fitted footer (keys.FittedFooter) is refitted.
    Subclasses extend `apply_layout` for their own panels."""

    def on_resize(self, event: Resize) -> None:
        self.apply_layout(event.size)

    def apply_layout(self, size: Size) -> bool:
        """Lay the screen out for a terminal of `size`; True when the board is compact."""
        compact = is_compact(size)
        fit = getattr(self, "fit_footer_to", None)
        if fit is not None:
            fit(size.width)
        self.set_class(compact, "-compact")
        self.query_one(Board).compact = compact
        return compact

    @property
    def compact(self) -> bool:
        return self.query_one(Board).compact
