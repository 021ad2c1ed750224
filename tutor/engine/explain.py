"""Plain-words explanations of a Step at three hint levels, and its one-line form."""

from __future__ import annotations

from ..geometry import cell_name, cells_name, digits_name, unit_name
from .step import Step, describe_changes


def _where(step: Step) -> str:
    """The unit a learner should look at."""
    if step.units:
        return unit_name(step.units[0])
    from ..geometry import BOX_OF

    return f"box {BOX_OF[step.cells[0]] + 1}"


def _removals(step: Step) -> str:
    """'1 from r9c3 and r9c8; 6 from r1c7', grouped by digit."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return "; ".join(f"{d} from {cells_name(cells)}" for d, cells in sorted(by_digit.items()))


def _removals_by_cell(step: Step) -> str:
    """'2 and 5 from r2c4; 9 from r7c4', grouped by cell."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_cell.setdefault(cell, []).append(digit)
    return "; ".join(f"{digits_name(ds)} from {cell_name(c)}" for c, ds in sorted(by_cell.items()))


def _all_in(cells) -> str:
    return "both in" if len(cells) == 2 else "all in"


def _subset_word(step: Step) -> str:
    return {2: "pair", 3: "triple", 4: "quad"}[len(step.cells)]


def _units_or(units) -> str:
    names = [unit_name(u) for u in units]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def one_line(step: Step) -> str:
    """HoDoKu-like summary: 'Hidden single: r7c5=1', 'Pointing: 1 in box 8 => r9c3<>1, r9c8<>1'."""
    t = step.technique
    changes = describe_changes(step)
    digits = ",".join(map(str, step.digits))
    if t == "naked_single":
        label = "Naked single (full house)" if step.units else "Naked single"
        return f"{label}: {changes}"
    if t in ("hidden_single", "backtracking"):
        return f"{step.name}: {changes}"
    if t == "pointing":
        return f"Pointing: {digits} in {unit_name(step.units[0])} => {changes}"
    if t == "claiming":
        return f"Claiming: {digits} in {unit_name(step.units[0])} => {changes}"
    cells = ",".join(cell_name(c) for c in step.cells)
    return f"{step.name}: {digits} in {cells} => {changes}"


def nudge(step: Step) -> str:
    """Hint level 1: the technique and where to look."""
    t = step.technique
    if t == "naked_single":
        if step.units:
            return f"Look for a full house in {unit_name(step.units[0])}: one cell is left to fill."
        return f"Look for a naked single in {_where(step)}: a cell with only one candidate left."
    if t == "hidden_single":
        return f"Look for a hidden single in {unit_name(step.units[0])}: a digit with only one place."
    if t == "pointing":
        return (f"Look for pointing in {unit_name(step.units[0])}: a digit confined to one "
                "row or column of the box.")
    if t == "claiming":
        return (f"Look for claiming in {unit_name(step.units[0])}: a digit confined to one box "
                "of the line.")
    if t.startswith("naked_"):
        return f"Look for a naked {_subset_word(step)} in {_where(step)}."
    if t.startswith("hidden_"):
        return f"Look for a hidden {_subset_word(step)} in {_where(step)}."
    if t == "backtracking":
        return ("No technique on the ladder applies here: the next step needs trial and error "
                "(backtracking).")
    return f"Look for a {step.name.lower()}."


def pattern(step: Step) -> str:
    """Hint level 2: which cells and digits form the pattern."""
    t = step.technique
    d = digits_name(step.digits)
    if t == "naked_single":
        (cell, digit), = step.placements
        if step.units:
            return f"{cell_name(cell)} is the last empty cell of {unit_name(step.units[0])}."
        return f"{cell_name(cell)} has only one candidate left: {digit}."
    if t == "hidden_single":
        (cell, digit), = step.placements
        return f"In {unit_name(step.units[0])} the {digit} has only one place: {cell_name(cell)}."
    if t in ("pointing", "claiming"):
        return (f"In {unit_name(step.units[0])} the {d} can only go in "
                f"{cells_name(step.cells).replace(' and ', ' or ')}, {_all_in(step.cells)} "
                f"{unit_name(step.units[1])}.")
    if t.startswith("naked_"):
        return f"{cells_name(step.cells)} hold only the candidates {d} between them."
    if t.startswith("hidden_"):
        return (f"In {unit_name(step.units[0])} the digits {d} can only go in "
                f"{cells_name(step.cells)}.")
    if t == "backtracking":
        cell = step.cells[0]
        return (f"{cell_name(cell)} has the fewest candidates ({digits_name(step.digits)}): "
                "try each of them.")
    return one_line(step)


def full(step: Step) -> str:
    """Hint level 3: the whole reasoning, naming every cell and elimination."""
    t = step.technique
    d = digits_name(step.digits)
    if t == "naked_single":
        (cell, digit), = step.placements
        if step.units:
            unit = unit_name(step.units[0])
            return (f"{cell_name(cell)} is the only empty cell left in {unit}, and {digit} is the "
                    f"only digit {unit} is missing, so {cell_name(cell)} = {digit} (a full house).")
        return (f"Every digit but {digit} is ruled out for {cell_name(cell)}: by the digits already "
                f"in its row, column and box, or by earlier eliminations. So {digit} is its only "
                f"candidate: {cell_name(cell)} = {digit}.")
    if t == "hidden_single":
        (cell, digit), = step.placements
        unit = unit_name(step.units[0])
        return (f"{unit.capitalize()} needs a {digit} somewhere, and every other cell of {unit} is "
                f"either filled or has lost {digit} as a candidate. So the {digit} must go in "
                f"{cell_name(cell)}, whatever other candidates that cell has: "
                f"{cell_name(cell)} = {digit}.")
    if t == "pointing":
        box, line = unit_name(step.units[0]), unit_name(step.units[1])
        return (f"In {box} the {d} can only go in {cells_name(step.cells).replace(' and ', ' or ')}, "
                f"{_all_in(step.cells)} {line}. Whichever cell it is, the {d} of {line} lies inside {box}, so {d} "
                f"can be removed from the rest of {line}: {cells_name(step.eliminated_cells)}.")
    if t == "claiming":
        line, box = unit_name(step.units[0]), unit_name(step.units[1])
        return (f"In {line} the {d} can only go in {cells_name(step.cells).replace(' and ', ' or ')}, "
                f"{_all_in(step.cells)} {box}. Whichever cell it is, the {d} of {box} lies in {line}, so {d} can be "
                f"removed from the rest of {box}: {cells_name(step.eliminated_cells)}.")
    if t.startswith("naked_"):
        word = _subset_word(step)
        n = len(step.cells)
        return (f"{cells_name(step.cells)} hold only the candidates {d} between them (a naked "
                f"{word}). These {n} cells must take these {n} digits, one each, so no other cell "
                f"of {_units_or(step.units)} can hold {d.replace(' and ', ' or ')}. "
                f"Remove {_removals(step)}.")
    if t.startswith("hidden_"):
        word = _subset_word(step)
        n = len(step.cells)
        unit = unit_name(step.units[0])
        return (f"In {unit} the digits {d} can only go in {cells_name(step.cells)} (a hidden "
                f"{word}). These {n} digits need these {n} cells, one each, so the cells can hold "
                f"nothing else. Remove {_removals_by_cell(step)}.")
    if t == "backtracking":
        (cell, digit), = step.placements
        others = [x for x in step.digits if x != digit]
        tried = (f"Trying {digits_name(others).replace(' and ', ' or ')} there leads to a "
                 "contradiction" if others else "Nothing else fits there")
        return (f"None of the techniques on the ladder applies. {cell_name(cell)} has the fewest "
                f"candidates ({d}). {tried}, so {cell_name(cell)} = {digit}. After this trial-and-"
                "error step the techniques resume; needing it makes the puzzle level 6.")
    return one_line(step)
