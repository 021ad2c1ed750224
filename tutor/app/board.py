"""The Board widget: draws a BoardView and reports clicked cells; the game screen owns the state."""

from __future__ import annotations

from rich.segment import Segment
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tutor.model.geometry import CLASSIC, Geometry
from tutor.app.board_render import STYLE_NAMES, BoardPainter, Layout, board_layout
from tutor.app.view import BoardView


class Board(Widget, can_focus=True):
    """The board, of the shape of its view's grid (the classic one before a view is set). Set
    `view` to redraw; `compact` picks one line per row for small terminals. A view of another
    shape than the one before asks the screen to lay itself out again (its `apply_layout`): the
    size at which the board goes compact depends on the board.

    It draws through the line API from strips painted once per view: a hint press redraws the
    whole board, and going through Rich segments directly keeps that within a frame or two.
    """

    COMPONENT_CLASSES = {f"board--{name}" for name in STYLE_NAMES}

    view: reactive[BoardView | None] = reactive(None, layout=False)
    compact: reactive[bool] = reactive(False, layout=True)

    class CellClicked(Message):
        """The user clicked a cell."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._strips: list[Strip] | None = None
        self._painted_with: dict = {}

    @property
    def geometry(self) -> Geometry:
        """The shape of the board drawn."""
        return CLASSIC if self.view is None else self.view.grid.geometry

    def watch_view(self, old: BoardView | None, new: BoardView | None) -> None:
        self._strips = None
        before = CLASSIC if old is None else old.grid.geometry
        if new is not None and new.grid.geometry is not before:
            self.refresh(layout=True)
            screen = self.screen if self.is_attached else None
            apply = getattr(screen, "apply_layout", None)
            if apply is not None and screen is not None and screen.size.area:
                apply(screen.size)

    def watch_compact(self, compact: bool) -> None:
        self._strips = None
        self.set_class(compact, "-compact")

    @property
    def board_layout(self) -> Layout:
        return board_layout(self.geometry, self.compact)

    def get_content_width(self, container, viewport) -> int:
        return self.board_layout.width

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.board_layout.height

    def _styles(self) -> dict:
        return {name: self.get_component_rich_style(f"board--{name}") for name in STYLE_NAMES}

    def _paint(self, styles: dict) -> list[Strip]:
        if self.view is None:
            return []
        base = self.rich_style
        console = self.app.console
        strips = []
        for line in BoardPainter(styles).paint_lines(self.view, self.compact):
            # Text.render leaves out the line's own base style; add it under the spans.
            line_style = base + console.get_style(line.style) if line.style else base
            segments = list(Segment.apply_style(line.render(console), line_style))
            strips.append(Strip(segments, line.cell_len))
        return strips

    def render_line(self, y: int) -> Strip:
        if y == 0 or self._strips is None:
            # Component styles resolve after the first paint and change with the theme.
            styles = self._styles()
            if self._strips is None or styles != self._painted_with:
                self._strips = self._paint(styles)
                self._painted_with = styles
        width = self.size.width
        if y < len(self._strips):
            return self._strips[y].extend_cell_length(width, self.rich_style).crop(0, width)
        return Strip.blank(width, self.rich_style)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.board_layout.cell_at(offset.x, offset.y)
        if cell is not None:
            self.post_message(self.CellClicked(cell))
