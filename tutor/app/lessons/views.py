"""What the board shows in a lesson: a page's position with its highlights (read-only)."""

from __future__ import annotations

from ...lessons import Page
from ..view import BoardView


def page_view(page: Page) -> BoardView | None:
    """The page's board, with no selection, showing the cells, units, digits and changes it points at."""
    if page.grid is None:
        return None
    highlight = page.highlight
    return BoardView(
        page.grid,
        None,
        units=highlight.units,
        pattern_cells=frozenset(highlight.cells),
        pattern_digits=frozenset(highlight.digits),
        eliminations=frozenset(highlight.eliminations),
        placements=frozenset(highlight.placements),
    )
