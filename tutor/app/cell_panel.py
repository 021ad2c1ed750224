"""The selected cell: its name, value or candidates, styled like the board's highlights."""

from __future__ import annotations

from textual.content import Content

from tutor.app.panel import Panel
from tutor.app.view import BoardView


def candidate_markup(view: BoardView, cell: int) -> str:
    """The cell's candidates, each marked like on the board (struck, reversed, underlined), as the
    board writes them."""
    board = view.grid.geometry
    parts = []
    for digit in board.digits:
        symbol = board.symbol(digit)
        placed = (cell, digit) in view.placements
        if not (view.grid.has_candidate(cell, digit) or placed):
            continue
        if (cell, digit) in view.eliminations:
            parts.append(f"[strike $error]{symbol}[/]")
        elif placed:
            parts.append(f"[b reverse $success]{symbol}[/]")
        elif cell in view.pattern_cells and digit in view.pattern_digits:
            parts.append(f"[b u $accent]{symbol}[/]")
        else:
            parts.append(symbol)
    return " ".join(parts) if parts else "[b $error]none[/]"


class CellPanel(Panel):
    """What the selected cell holds; in the compact layout the only place its candidates show."""

    def show(self, view: BoardView) -> None:
        cell = view.selected
        grid = view.grid
        board = grid.geometry
        # A Samurai's cell name says its grid (both grids' rows and columns in a shared box),
        # where a box's number alone would be one of 41.
        box = "" if board.is_samurai else f" [dim](box {board.box_of[cell] + 1})[/]"
        head = f"[b]{board.cell_name(cell)}[/]{box}"
        value = grid.value(cell)
        if value:
            kind = "given" if grid.is_given(cell) else "your digit"
            body = f"{kind} [b]{board.symbol(value)}[/]"
        else:
            body = f"candidates {candidate_markup(view, cell)}"
        flag = "  [b $error]! check this cell[/]" if cell in view.problems else ""
        self.show_content(Content.from_markup(f"{head}  {body}{flag}"))
