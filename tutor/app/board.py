"""The Board widget: draws a BoardView and reports clicked cells; the game screen owns the state."""

from __future__ import annotations

from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .board_render import COMPACT, FULL, STYLE_NAMES, BoardPainter
from .view import BoardView


class Board(Widget, can_focus=True):
    """The 9x9 board. Set `view` to redraw; `compact` picks one line per row for small terminals."""

    COMPONENT_CLASSES = {f"board--{name}" for name in STYLE_NAMES}

    view: reactive[BoardView | None] = reactive(None, layout=False)
    compact: reactive[bool] = reactive(False, layout=True)

    class CellClicked(Message):
        """The user clicked a cell."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def render(self):
        if self.view is None:
            return ""
        styles = {name: self.get_component_rich_style(f"board--{name}") for name in STYLE_NAMES}
        return BoardPainter(styles).paint(self.view, self.compact)

    def watch_compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")

    def get_content_width(self, container, viewport) -> int:
        return (COMPACT if self.compact else FULL).width

    def get_content_height(self, container, viewport, width: int) -> int:
        return (COMPACT if self.compact else FULL).height

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = (COMPACT if self.compact else FULL).cell_at(offset.x, offset.y)
        if cell is not None:
            self.post_message(self.CellClicked(cell))
