"""The selected cell of a screen with a board: moving it by keys and by mouse clicks."""

from __future__ import annotations

from tutor.app.board import Board


class CellSelection:
    """Mixin for a screen with a `selected` cell, a Board and a `refresh_views()` method; the
    selection moves on the board drawn (its shape), stopping at its edges; on a Samurai the grid
    in focus follows it."""

    selected: int

    def action_move(self, rows: int, cols: int) -> None:
        board = self.query_one(Board)
        self.selected = board.moved(self.selected, rows, cols)
        board.follow(self.selected)
        self.refresh_views()

    def on_board_cell_clicked(self, event: Board.CellClicked) -> None:
        board = self.query_one(Board)
        if 0 <= event.cell < board.geometry.cell_count:
            self.selected = event.cell
            # A click into another of a Samurai's grids puts that grid in focus.
            board.follow(event.cell)
            board.focus()
            self.refresh_views()
