"""A Step: one move of the technique engine, with its pattern and explanations at three hint levels."""

from __future__ import annotations

from typing import NamedTuple

from ..geometry import cell_name


class Step(NamedTuple):
    """One deduction: what it places or removes, and the pattern that proves it.

    `cells`, `units` and `digits` form the pattern (for highlighting). Explanations are built from
    these facts only when read, so grading thousands of puzzles pays nothing for text.
    A NamedTuple rather than a frozen dataclass: as immutable, and several times cheaper to build,
    which the grader does for every step of every puzzle.
    """

    technique: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """The technique's display name."""
        from .registry import technique

        return technique(self.technique).name

    def hint(self, level: int) -> str:
        """The explanation at hint level 1 (nudge), 2 (pattern) or 3 (full)."""
        from . import explain

        if level == 1:
            return explain.nudge(self)
        if level == 2:
            return explain.pattern(self)
        if level == 3:
            return explain.full(self)
        raise ValueError("hint level is 1, 2 or 3")

    @property
    def nudge(self) -> str:
        return self.hint(1)

    @property
    def pattern(self) -> str:
        return self.hint(2)

    @property
    def explanation(self) -> str:
        return self.hint(3)

    @property
    def eliminated_cells(self) -> frozenset[int]:
        return frozenset(c for c, _ in self.eliminations)

    def __str__(self) -> str:
        from . import explain

        return explain.one_line(self)


def describe_changes(step: Step) -> str:
    """'r7c5=1' or 'r9c3<>1, r9c8<>1': the step's effect in HoDoKu's notation."""
    placed = [f"{cell_name(c)}={d}" for c, d in step.placements]
    removed = [f"{cell_name(c)}<>{d}" for c, d in step.eliminations]
    return ", ".join(placed + removed)
