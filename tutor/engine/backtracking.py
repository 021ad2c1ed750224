"""Backtracking, the last resort: place the solution's digit in a cell with the fewest candidates."""

from __future__ import annotations

from typing import Sequence

from tutor.engine.step import Step
from tutor.engine.technique import Texts, digits_or
from tutor.model.geometry import CELLS, COUNT, DIGITS_IN, cell_name, digits_name


def backtracking_step(values: Sequence[int], masks: Sequence[int], solution: Sequence[int]) -> Step:
    """Place the solution digit in an empty cell with the fewest candidates."""
    cell = min((c for c in CELLS if not values[c]), key=lambda c: (COUNT[masks[c]], c))
    return Step("backtracking", placements=((cell, solution[cell]),), cells=(cell,),
                digits=DIGITS_IN[masks[cell]])


class BacktrackingTexts(Texts):
    """`digits` are the cell's candidates; the placement is the one that survives."""

    def one_line(self, step: Step) -> str:
        return f"{step.name}: {step.changes}"

    def nudge(self, step: Step) -> str:
        return ("No technique on the ladder applies here: the next step needs trial and error "
                "(backtracking).")

    def pattern(self, step: Step) -> str:
        return (f"{cell_name(step.cells[0])} has the fewest candidates ({digits_name(step.digits)}): "
                "try each of them.")

    def full(self, step: Step) -> str:
        (cell, digit), = step.placements
        others = [x for x in step.digits if x != digit]
        tried = (f"Trying {digits_or(others)} there leads to a contradiction" if others
                 else "Nothing else fits there")
        return (f"None of the techniques on the ladder applies. {cell_name(cell)} has the fewest "
                f"candidates ({digits_name(step.digits)}). {tried}, so {cell_name(cell)} = {digit}. "
                "After this trial-and-error step the techniques resume; needing it makes the "
                "puzzle level 6.")
