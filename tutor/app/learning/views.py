"""What the board shows in a lesson: a page's position with its highlights (read-only)."""

from __future__ import annotations

from textual.content import Content

from tutor.learning import Page
from tutor.app.cell_panel import candidate_markup
from tutor.app.layout import full_min_size
from tutor.app.view import BoardView


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


def marked_candidates(view: BoardView | None) -> Content | None:
    """The candidates of the cells a page points at, marked as on the full board: the compact
    board has no room for pencil marks, so they are listed under it (a page with candidates that
    points at no cell gets a line saying where they show)."""
    if view is None:
        return None
    cells = set(view.pattern_cells) | {c for c, _ in view.eliminations | view.placements}
    cells = sorted(c for c in cells if not view.grid.value(c))
    if not cells:
        if view.grid.geometry.is_samurai:
            size = full_min_size(view.grid.geometry)
            return Content.from_markup(
                "[dim]The whole Samurai board has no room for the candidates (pencil marks): "
                f"w shows one grid alone (with them on a terminal of {size.width}x{size.height} "
                "or more), and a page that marks cells lists theirs here.[/dim]")
        if any(view.grid.candidates(c) for c in view.grid.empty_cells):
            # A page that shows pencil marks without pointing at a cell ("the small digits in
            # the empty cells are candidates"): say where they are, not leave the reader looking.
            size = full_min_size(view.grid.geometry)
            return Content.from_markup(
                f"[dim]This small board has no room for the candidates (pencil marks); a "
                f"terminal of {size.width}x{size.height} or more shows them.[/dim]")
        return None
    cell_name = view.grid.geometry.cell_name
    lines = [f"[b]{cell_name(c)}[/]: {candidate_markup(view, c)}" for c in cells]
    return Content.from_markup("[dim]Candidates of the marked cells[/dim]\n" + "\n".join(lines))
