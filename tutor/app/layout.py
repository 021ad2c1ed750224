"""The app's layout in one place: the terminal size below which boards go compact, and the base
of every screen that shows a board (game, lesson pages, exercises, editor)."""

from __future__ import annotations

from typing import TypeVar

from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from tutor.app.board import Board
from tutor.model.geometry import CLASSIC, Geometry
from tutor.app.board_render import Layout, full_layout
from tutor.app.board_render import board_layout as layout_of

Result = TypeVar("Result")

SIDE_MIN_WIDTH = 38
"""Columns the panel beside a full-size board needs."""


def full_min_size(board: Geometry) -> Size:
    """Below this terminal size a board of this shape switches to one line per row: its full
    layout, a margin, the side panel, and the footer's line must fit (4x4 and 6x6 boards go
    full at 80x24, 8x8 ones and the classic board at 110x45, 10x10 to 16x16 ones not
    even there)."""
    full = full_layout(board)
    return Size(full.width + 1 + SIDE_MIN_WIDTH, full.height + 1)


FULL_MIN_SIZE = full_min_size(CLASSIC)
"""Below this terminal size the classic board switches to one line per row."""


def is_compact(size: Size, board: Geometry = CLASSIC) -> bool:
    """Whether a terminal of this size gets the compact board (of this shape)."""
    least = full_min_size(board)
    return size.width < least.width or size.height < least.height


def board_layout(compact: bool, board: Geometry = CLASSIC) -> Layout:
    """The board's drawing layout for the compact or the full size."""
    return layout_of(board, compact)


class BoardScreen(Screen[Result]):
    """A screen with one Board: on each resize the board goes compact below FULL_MIN_SIZE, the
    screen gets the `-compact` class, and a fitted footer (keys.FittedFooter) is refitted.
    Subclasses extend `apply_layout` for their own panels."""

    def on_resize(self, event: Resize) -> None:
        self.apply_layout(event.size)

    def apply_layout(self, size: Size) -> bool:
        """Lay the screen out for a terminal of `size`; True when the board is compact."""
        board = self.query_one(Board)
        compact = is_compact(size, board.geometry)
        fit = getattr(self, "fit_footer_to", None)
        if fit is not None:
            fit(size.width)
        self.set_class(compact, "-compact")
        board.compact = compact
        return compact

    @property
    def compact(self) -> bool:
        return self.query_one(Board).compact
