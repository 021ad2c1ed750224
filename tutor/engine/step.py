"""A Step: one move of the technique engine, with its pattern and explanations at three hint levels."""

from __future__ import annotations

from collections import namedtuple

from tutor.engine.technique import ENTRIES, HintLevel, Technique
from tutor.model.geometry import cell_name, current

TYPE_CHECKING = False  # not typing's: importing typing costs every command that takes a step
if TYPE_CHECKING:
    from typing import NamedTuple

    from tutor.engine.chain import Link
    from tutor.engine.reasons import Position

    class _StepFields(NamedTuple):
        technique: str
        placements: tuple[tuple[int, int], ...] = ()
        eliminations: tuple[tuple[int, int], ...] = ()
        cells: tuple[int, ...] = ()
        units: tuple[int, ...] = ()
        digits: tuple[int, ...] = ()
        roles: tuple[tuple[str, tuple[int, ...]], ...] = ()
        chain: tuple[Link, ...] = ()
else:
    # The same fields as a plain named tuple at run time (typing.NamedTuple builds one of these).
    _StepFields = namedtuple(
        "Step", "technique placements eliminations cells units digits roles chain",
        defaults=((),) * 7)


class Step(_StepFields):
    """One deduction: what it places or removes, and the pattern that proves it.

    `cells`, `units` and `digits` form the pattern (for highlighting). `roles` names the parts of
    a pattern that has more than one kind of cell or unit, as (role, numbers) pairs, e.g.
    ("fins", (cells...)) or ("cover_units", (units...)); each technique documents its own roles.
    A step that is (or is proved by) a chain carries its links in `chain` (see engine/chain.py).
    Explanations are built from these facts only when read, so grading thousands of puzzles pays
    nothing for text. A NamedTuple rather than a frozen dataclass: as immutable, and several times
    cheaper to build, which the grader does for every step of every puzzle.
    """

    __slots__ = ()

    @property
    def entry(self) -> Technique:
        """The technique's registry entry."""
        return ENTRIES[self.technique]

    @property
    def name(self) -> str:
        """The technique's display name."""
        return ENTRIES[self.technique].name

    def role(self, name: str) -> tuple[int, ...]:
        """The cells or units playing `name` in the pattern (empty when the step has none)."""
        for role, members in self.roles:
            if role == name:
                return members
        return ()

    def hint(self, level: HintLevel | int, position: Position | None = None) -> str:
        """The explanation at a hint level: nudge, pattern or full. Given the position the step
        was found in (engine/reasons.py), it names candidates and what ruled digits out.

        :raises ValueError: for a level that is not 1, 2 or 3.
        """
        return ENTRIES[self.technique].texts.hint(self, level, position)

    @property
    def nudge(self) -> str:
        return self.hint(HintLevel.NUDGE)

    @property
    def pattern(self) -> str:
        return self.hint(HintLevel.PATTERN)

    @property
    def explanation(self) -> str:
        return self.hint(HintLevel.FULL)

    @property
    def rating(self) -> float:
        """This step's rating on Sudoku Explainer's scale."""
        return ENTRIES[self.technique].rating_of(self)

    @property
    def eliminated_cells(self) -> frozenset[int]:
        return frozenset(c for c, _ in self.eliminations)

    @property
    def changes(self) -> str:
        """'r7c5=1' or 'r9c3<>1, r9c8<>1': the step's effect in HoDoKu's notation."""
        return describe_changes(self)

    def __str__(self) -> str:
        return ENTRIES[self.technique].texts.one_line(self)


def describe_changes(step: Step) -> str:
    """'r7c5=1' or 'r9c3<>1, r9c8<>1': the step's effect in HoDoKu's notation."""
    symbols = current().symbols  # the board in use's: above 9, letters
    placed = [f"{cell_name(c)}={symbols[d - 1]}" for c, d in step.placements]
    removed = [f"{cell_name(c)}<>{symbols[d - 1]}" for c, d in step.eliminations]
    return ", ".join(placed + removed)
