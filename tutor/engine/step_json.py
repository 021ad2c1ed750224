"""A Step as JSON, both ways, in one place: the stored form (saved games) and the readable form
(`tutor grade --steps`), which names cells as r3c7 and adds the step's texts."""

from __future__ import annotations

from typing import Any

from tutor.engine.chain import NOT_A_UNIT, Link, Node, narration
from tutor.engine.reasons import Position, own_board
from tutor.engine.registry import BY_ID
from tutor.engine.step import Step
from tutor.engine.technique import HintLevel
from tutor.model.errors import SaveError
from tutor.model.geometry import cell_name, current


def step_to_json(step: Step, readable: bool = False, position: Position | None = None) -> dict[str, Any]:
    """The step as a JSON object.

    Stored form (the default): the technique id, placements and eliminations as [cell, digit]
    pairs, the pattern's cells, units and digits, its roles and its chain's links; step_from_json
    reads it back.
    Readable form: the technique id, its one-line text and full explanation (with its reasons,
    given the `position` the step was found in), and the changes as {"cell": "r3c7", "row": 3,
    "col": 7, "digit": 4} (the digit as a number; the texts write it as the board does, 'A' for
    10 on 16x16). A step that knows its board (reasons.BoardStep) is written on that board.
    """
    if readable:
        with own_board(step):
            return {
                "technique": step.technique,
                "text": str(step),
                "explanation": step.hint(HintLevel.FULL, position),
                "placements": [_change(c, d) for c, d in step.placements],
                "eliminations": [_change(c, d) for c, d in step.eliminations],
                **({"chain": narration(step.chain)} if step.chain else {}),
            }
    data: dict[str, Any] = {
        "technique": step.technique,
        "placements": [list(p) for p in step.placements],
        "eliminations": [list(e) for e in step.eliminations],
        "cells": list(step.cells),
        "units": list(step.units),
        "digits": list(step.digits),
    }
    if step.roles:
        data["roles"] = [[name, list(members)] for name, members in step.roles]
    if step.chain:
        data["chain"] = [[list(link.premise.cells), link.premise.digit, link.premise_true,
                          list(link.conclusion.cells), link.conclusion.digit, link.conclusion_true,
                          link.unit] for link in step.chain]
    return data


def _change(cell: int, digit: int) -> dict[str, Any]:
    """A placement or elimination of the readable form: {"cell": "r3c7", "row": 3, "col": 7,
    "digit": 4}, the row and column counted from 1 on the board in use."""
    board = current()
    return {"cell": cell_name(cell), "row": board.row_of[cell] + 1, "col": board.col_of[cell] + 1,
            "digit": digit}


def _node(cells: Any, digit: Any) -> Node:
    board = current()
    return Node(tuple(_within(c, board.cell_count) for c in cells),
                _within(digit - 1, board.size) + 1)


def _link(item: list[Any]) -> Link:
    premise_cells, premise_digit, premise_true, cells, digit, true, unit = item
    if unit not in NOT_A_UNIT:  # a link within a cell or an almost locked set, or by sight
        _within(unit, len(current().units))
    return Link(_node(premise_cells, premise_digit), bool(premise_true), _node(cells, digit),
                bool(true), unit)


def _within(number: Any, top: int) -> int:
    if not isinstance(number, int) or not 0 <= number < top:
        raise SaveError(f"a saved step refers to {number!r}, outside 0-{top - 1}")
    return number


def step_from_json(data: dict[str, Any]) -> Step:
    """The Step of a stored-form object on the board in use; SaveError (or KeyError, TypeError)
    for a malformed one."""
    board = current()
    cell_count, size, unit_count = board.cell_count, board.size, len(board.units)
    name = data["technique"]
    if not isinstance(name, str) or name not in BY_ID:
        raise SaveError(f"a saved step names an unknown technique {name!r}")
    pairs = {
        key: tuple((_within(c, cell_count), _within(d - 1, size) + 1) for c, d in data[key])
        for key in ("placements", "eliminations")
    }
    roles = tuple((str(name), tuple(int(m) for m in members))
                  for name, members in data.get("roles", ()))
    return Step(
        technique=name,
        placements=pairs["placements"],
        eliminations=pairs["eliminations"],
        cells=tuple(_within(c, cell_count) for c in data["cells"]),
        units=tuple(_within(u, unit_count) for u in data["units"]),
        digits=tuple(_within(d - 1, size) + 1 for d in data["digits"]),
        roles=roles,
        chain=tuple(_link(item) for item in data.get("chain", ())),
    )
