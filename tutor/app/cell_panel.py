"""The selected cell: its name, value or candidates, styled like the board's highlights."""

from __future__ import annotations

from textual.content import Content

from tutor.model.geometry import BOX_OF, DIGITS, cell_name
from tutor.app.panel import Panel
from tutor.app.view import BoardView


def candidate_markup(view: BoardView, cell: int) -> str:
    """The cell's candidates, each marked like on the board (struck, reversed, underlined)."""
    parts = []
    for digit in DIGITS:
        placed = (cell, digit) in view.placements
        if not (view.grid.has_candidate(cell, digit) or placed):
            continue
        if (cell, digit) in view.eliminations:
            parts.append(f"[strike $error]{digit}[/]")
        elif placed:
            parts.append(f"[b reverse $success]{digit}[/]")
        elif cell in view.pattern_cells and digit in view.pattern_digits:
            parts.append(f"[b u $accent]{digit}[/]")
        else:
            parts.append(str(digit))
    return " ".join(parts) if parts else "[b $error]none[/]"


class CellPanel(Panel):
    """What the selected cell holds; in the compact layout the only place its candidates show."""

    def show(self, view: BoardView) -> None:
        cell = view.selected
        grid = view.grid
        head = f"[b]{cell_name(cell)}[/] [dim](box {BOX_OF[cell] + 1})[/]"
        value = grid.value(cell)
        if value:
            kind = "given" if grid.is_given(cell) else "your digit"
            body = f"{kind} [b]{value}[/]"
        else:
            body = f"candidates {candidate_markup(view, cell)}"
        flag = "  [b $error]! check this cell[/]" if cell in view.problems else ""
        self.show_content(Content.from_markup(f"{head}  {body}{flag}"))
