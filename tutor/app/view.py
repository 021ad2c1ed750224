"""What the board shows, derived from the game: selection, step highlights and marked cells."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.play.game import Game, problem_cells
from tutor.model.grid import Grid

PATTERN_LEVEL = 2
"""The hint press from which the step's pattern is highlighted."""
CHANGES_LEVEL = 3
"""The hint press from which its eliminations and placements are shown."""


@dataclass(frozen=True)
class BoardView:
    """Everything the board needs to draw one frame; the board reads nothing else."""

    grid: Grid
    selected: int | None
    """None on a read-only board (a lesson page): no cell framed, no label marked."""
    units: tuple[int, ...] = ()
    pattern_cells: frozenset[int] = frozenset()
    pattern_digits: frozenset[int] = frozenset()
    eliminations: frozenset[tuple[int, int]] = frozenset()
    placements: frozenset[tuple[int, int]] = frozenset()
    problems: frozenset[int] = frozenset()
    marks: tuple[tuple[int, str], ...] = ()
    """One-character marks telling a pattern's parts apart without colour: (cell, mark)."""

    def mark(self, cell: int) -> str | None:
        return next((m for c, m in self.marks if c == cell), None)


ROLE_MARKS = (
    ("pivot", "p"), ("pincers", "w"), ("fins", "f"), ("corners", "r"), ("ends", "e"),
    ("colour_a", "A"), ("colour_b", "B"), ("colour_c", "C"), ("colour_d", "D"),
)
"""The mark drawn beside a cell for each role a step's cells can play (letters the hints use:
pivot, wing pincers, fins, rectangle corners, chain ends, colours A to D)."""


def step_marks(step) -> tuple[tuple[int, str], ...]:
    """The step's marks: a chain's cells numbered in order (1-9, then +), else its roles' letters."""
    marks: dict[int, str] = {}
    if step.chain:
        order = [step.chain[0].premise.cells] + [link.conclusion.cells for link in step.chain]
        for number, cells in enumerate(order, start=1):
            for cell in cells:
                marks.setdefault(cell, str(number) if number < 10 else "+")
        return tuple(marks.items())
    for role, mark in ROLE_MARKS:
        for cell in step.role(role):
            marks.setdefault(cell, mark)
    return tuple(marks.items())


def board_view(game: Game, selected: int) -> BoardView:
    """The board's view of the game at its current hint level and check."""
    grid = game.grid
    step = game.hint_step
    level = game.hint_level
    problems = frozenset()
    if game.hint_problem is not None and level:
        problems = problem_cells(game.hint_problem, grid)
    if game.check_result is not None:
        problems |= game.check_result.cells
    # A digit that repeats one in its row, column or box is flagged ! as soon as it is entered.
    problems |= grid.conflict_cells()
    return step_view(grid, selected, step, level, problems)


def step_view(grid: Grid, selected: int | None, step, level: int,
              problems: frozenset[int] = frozenset()) -> BoardView:
    """A board showing a step at a hint level: its pattern from PATTERN_LEVEL, its changes from
    CHANGES_LEVEL (also used by the lesson exercises' hint ladder)."""
    if step is None or level < PATTERN_LEVEL:
        return BoardView(grid, selected, problems=problems)
    shows_changes = level >= CHANGES_LEVEL
    return BoardView(
        grid,
        selected,
        units=step.units,
        pattern_cells=frozenset(step.cells),
        pattern_digits=frozenset(step.digits),
        eliminations=frozenset(step.eliminations) if shows_changes else frozenset(),
        placements=frozenset(step.placements) if shows_changes else frozenset(),
        problems=problems,
        marks=step_marks(step),
    )
