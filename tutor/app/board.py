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
from tutor.app.samurai_board import WholeLayout, WholePainter, grid_view, moved_in_grid
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
    whole: reactive[bool] = reactive(True, layout=True)
    """On a Samurai: the whole board drawn (True) or only the grid in focus, with pencil marks."""
    grid_in_focus: reactive[int] = reactive(2, layout=True)
    """On a Samurai: the grid in focus (0-4, the centre one at first), which `whole` False draws
    and the selection's moves keep to; it follows the selection into another grid."""

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
            self._lay_out_screen()

    def _lay_out_screen(self) -> None:
        """Ask the screen to lay itself out again: the board's size changed."""
        screen = self.screen if self.is_attached else None
        apply = getattr(screen, "apply_layout", None)
        if apply is not None and screen is not None and screen.size.area:
            apply(screen.size)

    def watch_whole(self) -> None:
        self._strips = None
        if self.geometry.is_samurai:
            self._lay_out_screen()

    def watch_grid_in_focus(self) -> None:
        self._strips = None

    @property
    def shown_grid(self) -> int | None:
        """The grid drawn alone (a Samurai's grid in focus), or None: the whole board is drawn."""
        if self.whole or not self.geometry.is_samurai:
            return None
        return self.grid_in_focus

    def follow(self, cell: int) -> None:
        """Put the grid of a newly selected cell in focus, unless the one in focus holds it."""
        board = self.geometry
        if board.is_samurai and self.grid_in_focus not in board.grids_of[cell]:
            self.grid_in_focus = board.grids_of[cell][0]

    def moved(self, cell: int, rows: int, cols: int) -> int:
        """The cell a move of the selection reaches: on the board drawn, stopping at its edges (on
        a Samurai's grid drawn alone, that grid's edges; on its whole board, across the gaps)."""
        grid = self.shown_grid
        if grid is None:
            return self.geometry.moved(cell, rows, cols)
        return moved_in_grid(self.geometry, grid, cell, rows, cols)

    def watch_compact(self, compact: bool) -> None:
        self._strips = None
        self.set_class(compact, "-compact")

    @property
    def board_layout(self) -> Layout | WholeLayout:
        board = self.geometry
        if board.is_samurai:
            if self.shown_grid is None:
                return WholeLayout(board, self.compact)
            return board_layout(CLASSIC, self.compact)
        return board_layout(board, self.compact)

    def drawn_cell(self, local: int) -> int:
        """The board's cell for a cell of the layout drawn (a Samurai's grid drawn alone numbers
        its cells 0-80)."""
        grid = self.shown_grid
        return local if grid is None else self.geometry.grids[grid][local]

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
        view, painter = self.view, BoardPainter(styles)
        if view.grid.geometry.is_samurai:
            grid = self.shown_grid
            if grid is None:
                painter = WholePainter(styles)
            else:
                view = grid_view(view, grid)
        for line in painter.paint_lines(view, self.compact):
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
            self.post_message(self.CellClicked(self.drawn_cell(cell)))
