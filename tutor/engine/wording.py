"""Phrases the families' texts share: removals grouped by digit or by cell, lists of units."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.grids import unit_spot
from tutor.engine.reasons import PENCIL_MARKS, Position
from tutor.engine.step import Step
from tutor.engine.technique import symbol, symbols
from tutor.model.geometry import (
    cell_name, cells_name, cells_or, current, digits_name, listed, unit_name,
)

__all__ = [
    "cells_or", "gone", "lines_name", "listed", "marked_cells", "removals_by_cell",
    "removals_by_digit", "symbol", "symbols", "units_or", "where",
]


def removals_by_digit(step: Step) -> str:
    """'1 from r9c3 and r9c8; 6 from r1c7'; digits leaving the very same cells go together, '2 and
    5 from r5c9' (not '2 from r5c9; 5 from r5c9')."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_digit.setdefault(digit, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for digit, cells in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(cells)), []).append(digit)
    return "; ".join(f"{digits_name(ds)} from {cells_name(cells)}" for cells, ds in by_cells.items())


def removal_lines(removals: str) -> list[str]:
    """A full hint's last lines from '1 from r9c3; 6 from r1c7': 'Remove 1 from r9c3.' when one
    part, else 'Remove:' and one indented line a part, the last ending the sentence."""
    parts = removals.split("; ")
    if len(parts) == 1:
        return [f"Remove {parts[0]}."]
    return ["Remove:"] + [f"  {part}" for part in parts[:-1]] + [f"  {parts[-1]}."]


def removals_by_cell(step: Step) -> str:
    """'2 and 5 from r2c4; 9 from r7c4'."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_cell.setdefault(cell, []).append(digit)
    return "; ".join(f"{digits_name(ds)} from {cell_name(c)}" for c, ds in sorted(by_cell.items()))


_PLURAL = {"row": "rows", "column": "columns", "box": "boxes"}


def lines_name(units: Iterable[int], grid_named: bool = True) -> str:
    """Units of one kind, of one grid, by their numbers: 'row 2', 'rows 2 and 6', 'boxes 1, 4 and
    9'; on a board of several grids within their grid, 'rows 2 and 6 of the top-left grid' (a
    Samurai's shared box numbered in its first grid; without `grid_named`, the grid left for the
    caller to say)."""
    units = tuple(units)
    spots = sorted(unit_spot(u) for u in units)
    kind = current().unit_kinds[units[0]]
    numbers = [str(number + 1) for _, number in spots]
    said = f"{kind} {numbers[0]}" if len(numbers) == 1 else f"{_PLURAL[kind]} {listed(numbers)}"
    return said + (grid_said(spots[0][0]) if grid_named else "")


def grid_said(grid: int) -> str:
    """' of the top-left grid' on a board of several grids; '' on a regular board."""
    board = current()
    return f" of the {board.grid_names[grid]} grid" if len(board.grids) > 1 else ""


def units_or(units: Sequence[int]) -> str:
    """'row 3', 'row 3 or box 1'."""
    return listed((unit_name(u) for u in units), "or")


def marked_cells(position: Position, cells: Iterable[int], last: str = "and") -> str:
    """'r1c1 {2,5}, r1c4 {2,7} and r1c9 {5,7}': cells in reading order, each with its candidates."""
    return listed((f"{cell_name(c)} {{{','.join(map(symbol, position.candidates(c)))}}}"
                   for c in sorted(cells)), last)


def gone(digits: Sequence[int], cells: Iterable[int], how: str) -> str:
    """'6 was removed from r8c1 by the naked pair in row 8', or, for candidates a typed position
    came without (`how` PENCIL_MARKS), '6 and 8 are not among the pencil marks of r8c1'."""
    several = len(digits) > 1
    if how == PENCIL_MARKS:
        return f"{digits_name(digits)} {'are' if several else 'is'} not among the pencil marks of {cells_name(cells)}"
    return f"{digits_name(digits)} {'were' if several else 'was'} removed from {cells_name(cells)} {how}"


def where(step: Step) -> str:
    """The unit a learner should look at: the step's first unit, else its first cell's box."""
    if step.units:
        return unit_name(step.units[0])
    board = current()
    return unit_name(board.box_units[board.box_of[step.cells[0]]])
