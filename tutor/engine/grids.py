"""A board made of grids (a Samurai) seen one grid at a time: a finder runs on each grid as on a
regular board, and its steps are told in the whole board's cells and units.

Each grid of a Samurai is a classic board whose rows, columns and boxes are all units of the
Samurai, so a step found from one grid's units alone is true of the whole puzzle (its
eliminations may lie in a shared box: they are still the grid's cells). The families whose
tables read rows and columns by number (fish, single-digit patterns) and the uniqueness
rectangles run this way (registry.runs_per_grid); a uniqueness step is kept only where its swap
keeps every unit of the whole board valid (its family's `holds_across_grids`).

Each grid has a search of its own (engine/search.py) inside the board's: what a finder keeps
is keyed by a digit's places or a position's masks, which mean other cells in another grid (or
on the whole board), so a grid's memories must not meet another's. The grid's finder runs in a
context of its own (contextvars.Context.run), where the board in use is the grid's regular board
and the search is the grid's: one call a step, and nothing of it leaks into the caller's context
between steps (the finders are generators the caller may leave half read).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextvars import Context, copy_context
from importlib import import_module
from operator import itemgetter

from tutor.model.geometry import Geometry, use
from tutor.model.geometry import current as board_in_use
from tutor.engine.registry import grid_board, runs_per_grid
from tutor.engine.search import Search, current, enter
from tutor.engine.step import Step
from tutor.engine.technique import ONE_GRID, Finder, Technique

# The roles of a step that hold units and those that hold neither cells nor units (numbers,
# digits): every other role holds cells (see each family's finders for its roles).
_UNIT_ROLES = frozenset({"box"})
_NUMBER_ROLES = frozenset({"type"})


def _role_kind(name: str) -> str:
    """'units', 'cells' or 'other': what a role's members are."""
    if name.endswith("_units") or name in _UNIT_ROLES:
        return "units"
    if name.endswith(("_digit", "_digits")) or name in _NUMBER_ROLES:
        return "other"
    return "cells"


class GridMaps:
    """One board's grids as regular boards: for grid g, `cells[g][i]` is the board's cell at the
    grid's cell i, `units[g][u]` the board's unit at the grid's unit u; `unit_spots[unit]` is
    (grid, the unit's number among the grid's units of its kind, from 0) for each grid holding a
    unit of the board (two for a Samurai's shared box)."""

    def __init__(self, board: Geometry) -> None:
        self.board = board
        self.grid_board = inner = grid_board(board)
        self.cells = tuple(tuple(cells) for cells in board.grids)
        unit_at = {frozenset(unit): u for u, unit in enumerate(board.units)}
        self.units = tuple(tuple(unit_at[frozenset(cells[c] for c in unit)] for unit in inner.units)
                           for cells in self.cells)
        spots: list[list[tuple[int, int]]] = [[] for _ in board.units]
        for g, units in enumerate(self.units):
            for u, unit in enumerate(units):
                spots[unit].append((g, u % inner.size))
        self.unit_spots = tuple(map(tuple, spots))
        self.read = tuple(itemgetter(*cells) for cells in self.cells)
        """read[g](values or masks): the grid's values or masks, as a tuple in its cell order."""

    def mapped(self, step: Step, grid: int) -> Step:
        """A step found on grid `grid` (in the grid's cells and units), told in the board's."""
        cell, unit = self.cells[grid], self.units[grid]
        if step.chain:  # no family run by grid builds chains: their nodes would need telling too
            raise ValueError(f"a {step.technique} step with a chain cannot be told by grid")
        roles = []
        for name, members in step.roles:
            kind = _role_kind(name)
            if kind == "cells":
                members = tuple(cell[c] for c in members)
            elif kind == "units":
                members = tuple(unit[u] for u in members)
            roles.append((name, members))
        # A grid's cells come in the board's reading order too, so what was sorted stays sorted.
        return Step(step.technique,
                    placements=tuple((cell[c], d) for c, d in step.placements),
                    eliminations=tuple((cell[c], d) for c, d in step.eliminations),
                    cells=tuple(cell[c] for c in step.cells),
                    units=tuple(unit[u] for u in step.units),
                    digits=step.digits, roles=tuple(roles))


def grid_maps(board: Geometry | None = None) -> GridMaps:
    """The grid maps of `board` (of the board in use when None), made on first use."""
    return (board or board_in_use()).table("grids.maps", GridMaps)


def unit_spot(unit: int) -> tuple[int, int]:
    """(grid, number among the grid's units of its kind, from 0) of a unit of the board in use:
    on a regular board (0, its number); for a Samurai's shared box, in its first grid."""
    board = board_in_use()
    if len(board.grids) == 1:
        return 0, unit % board.size
    return grid_maps(board).unit_spots[unit][0]


class _GridMemory:
    """What a search keeps for running finders grid by grid: each grid's context (its regular
    board in use, its own search) and the last position's view of the grids."""

    __slots__ = ("contexts", "masks", "values", "views")

    def __init__(self, maps: GridMaps) -> None:
        self.contexts: tuple[Context, ...] = tuple(
            _context_of(maps.grid_board, Search()) for _ in maps.cells)
        self.masks: Sequence[int] | None = None
        self.values: tuple[int, ...] = ()
        self.views: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


def _context_of(board: Geometry, search: Search) -> Context:
    context = copy_context()
    context.run(_speak_of, board, search)
    return context


def _speak_of(board: Geometry, search: Search) -> None:
    use(board)
    enter(search)


def _views(maps: GridMaps, values: Sequence[int], masks: Sequence[int]
           ) -> tuple[_GridMemory, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]:
    """The search's grid memory and each grid's (values, masks), made once a position: the
    ladder's finders look at one position in turn, handed the same masks (engine/walk.py)."""
    search = current()
    memory = search.grids
    if memory is None:
        memory = search.grids = _GridMemory(maps)
    values_now = tuple(values)
    if masks is not memory.masks or values_now != memory.values:
        memory.masks, memory.values = masks, values_now
        memory.views = tuple((read(values_now), read(masks)) for read in maps.read)
    return memory, memory.views


def per_grid(finder: Finder, keep: Callable[[Step], bool] | None = None) -> Finder:
    """`finder` run on each grid of the board in use in turn (in the board's grid order), its
    steps told in the board's cells and units; with `keep`, only the steps it keeps."""

    def on_each_grid(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
        maps = grid_maps()
        # The views are taken now: a trial position's finders (the look-ahead) may replace the
        # memory's before this generator is read on.
        memory, views = _views(maps, values, masks)
        for grid, (grid_values, grid_masks) in enumerate(views):
            run = memory.contexts[grid].run
            steps = run(finder, grid_values, grid_masks)
            while True:
                step = run(next, steps, None)
                if step is None:
                    break
                told = maps.mapped(step, grid)
                if keep is None or keep(told):
                    yield told

    on_each_grid.__name__ = on_each_grid.__qualname__ = f"{finder.__name__}_per_grid"
    on_each_grid.__doc__ = f"{finder.__name__} on each grid alone (engine/grids.py)."
    return on_each_grid


def finder_on(entry: Technique, board: Geometry) -> Finder | None:
    """The technique's finder as it runs on `board`: its own, or on a board made of grids where
    the technique needs one grid (registry.runs_per_grid), its own on each grid in turn (a
    ONE_GRID technique's steps kept by its family's `holds_across_grids`)."""
    finder = entry.finder
    if finder is None or not runs_per_grid(entry.id, board):
        return finder
    keep = None
    if ONE_GRID in entry.needs:
        keep = getattr(import_module(entry.module), "holds_across_grids")
    return per_grid(finder, keep)
