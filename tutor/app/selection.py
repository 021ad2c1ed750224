"""The selected cell of a screen with a board: moving it by keys and by mouse clicks."""

from __future__ import annotations

from tutor.app.board import Board


class CellSelection:
    """Mixin for a screen with a `selected` cell, a Board and a `refresh_views()` method; the
    selection moves on the board drawn (its shape), stopping at its edges."""

    selected: int

    def action_move(self, rows: int, cols: int) -> None:
        self.selected = self.query_one(Board).geometry.moved(self.selected, rows, cols)
        self.refresh_views()

    def on_board_cell_clicked(self, event: Board.CellClicked) -> None:
        if 0 <= event.cell < self.query_one(Board).geometry.cell_count:
            self.selected = event.cell
            self.query_one(Board).focus()
            self.refresh_views()
