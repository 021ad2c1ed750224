"""What the board shows, derived from the game: selection, step highlights and marked cells."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import chain_nodes, node_label
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
    only_digit: int | None = None
    """The digit filter: only this digit's candidates are drawn (None: all of them)."""
    crossing_cells: frozenset[int] = frozenset()
    """Cells dotted as the units' cells are, of a unit not drawn whole: one of a Samurai's grids
    drawn alone shows where a unit of another grid crosses it."""

    def shows_candidate(self, cell: int, digit: int) -> bool:
        """Whether the board draws `digit` among the cell's candidates (the filter aside, every
        candidate, and a placement being shown)."""
        if self.only_digit is not None and digit != self.only_digit:
            return False
        return self.grid.has_candidate(cell, digit) or (cell, digit) in self.placements

    def mark(self, cell: int) -> str | None:
        return next((m for c, m in self.marks if c == cell), None)


ROLE_MARKS = (
    ("pivot", "p"), ("pincers", "w"), ("fins", "f"), ("corners", "r"), ("ends", "e"),
    ("colour_a", "A"), ("colour_b", "B"), ("colour_c", "C"), ("colour_d", "D"),
)
"""The mark drawn beside a cell for each role a step's cells can play (letters the hints use:
pivot, wing pincers, fins, rectangle corners, chain ends, colours A to D)."""


def link_mark(link) -> str:
    """'=' for a strong link, '-' for a weak one, '>' for a fact that forces the next (a single)."""
    return "=" if link.strong else "-" if link.weak else ">"


def chain_line(step) -> str:
    """The chain as the board labels it: 'a =4= b -4- c'; a link between two digits shows only
    its mark ('b = c'), and a link that does not follow on starts a new run after ';'."""
    numbers = {node: node_label(number) for number, node in enumerate(chain_nodes(step), start=1)}
    runs: list[str] = []
    previous = None
    for link in step.chain:
        premise = (link.premise, link.premise_true)
        conclusion = (link.conclusion, link.conclusion_true)
        mark = link_mark(link)
        if link.premise.digit == link.conclusion.digit:
            mark = f"{mark}{link.conclusion.digit}{mark}"
        if premise != previous:
            runs.append(numbers[premise])
        runs[-1] += f" {mark} {numbers[conclusion]}"
        previous = conclusion
    return "; ".join(runs)


def step_marks(step) -> tuple[tuple[int, str], ...]:
    """The step's marks: a chain's cells lettered in order (node_label: a cell in several nodes
    shows the first), else its roles' letters."""
    marks: dict[int, str] = {}
    if step.chain:
        for number, (node, _) in enumerate(chain_nodes(step), start=1):
            for cell in node.cells:  # type: ignore[attr-defined]
                marks.setdefault(cell, node_label(number))
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
