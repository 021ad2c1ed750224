"""Phrases the families' texts share: removals grouped by digit or by cell, lists of units."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.step import Step
from tutor.model.geometry import BOX_OF, cell_name, cells_name, cells_or, digits_name, unit_name

__all__ = ["cells_or", "removals_by_cell", "removals_by_digit", "units_or", "where"]


def removals_by_digit(step: Step) -> str:
    """'1 from r9c3 and r9c8; 6 from r1c7'."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return "; ".join(f"{d} from {cells_name(cells)}" for d, cells in sorted(by_digit.items()))


def removals_by_cell(step: Step) -> str:
    """'2 and 5 from r2c4; 9 from r7c4'."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_cell.setdefault(cell, []).append(digit)
    return "; ".join(f"{digits_name(ds)} from {cell_name(c)}" for c, ds in sorted(by_cell.items()))


def units_or(units: Sequence[int]) -> str:
    """'row 3', 'row 3 or box 1'."""
    names = [unit_name(u) for u in units]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]




def where(step: Step) -> str:
    """The unit a learner should look at: the step's first unit, else its first cell's box."""
    if step.units:
        return unit_name(step.units[0])
    return f"box {BOX_OF[step.cells[0]] + 1}"
