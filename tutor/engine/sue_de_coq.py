"""Sue de Coq: two or three cells where a line crosses a box, shared out between the line and the box."""

from __future__ import annotations

from typing import Iterator, Sequence

from tutor.model.geometry import (
    COUNT, DIGITS_IN, UNIT_BITS, cells_name, cells_of_bits, digits_name, unit_name,
)
from tutor.engine.step import Step
from tutor.engine.technique import Texts, digits_or
from tutor.engine.wording import removals_by_digit

_CROSSINGS = tuple((line, 18 + box) for line in range(18) for box in range(9)
                   if UNIT_BITS[line] & UNIT_BITS[18 + box])
"""(line unit, box unit) for every line and box that cross."""


def _subsets(cells: Sequence[int], masks) -> Iterator[tuple[int, int, int, int]]:
    """(cell bits, digit mask, cell count, index of the last cell) for every non-empty subset."""
    stack = [(0, 0, 0, 0)]
    while stack:
        start, bits, union, size = stack.pop()
        for i in range(start, len(cells)):
            cell = cells[i]
            new_bits, new_union = bits | 1 << cell, union | masks[cell]
            yield new_bits, new_union, size + 1, i
            stack.append((i + 1, new_bits, new_union, size + 1))


def sue_de_coq(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Two or three cells C where a line meets a box, holding digits V, at least two more than
    cells; a set L of other cells of the line and a set B of other cells of the box, B holding
    none of L's digits of V.

    When L has as many cells as its digits outside V plus a (a >= 1), and B as many as its digits
    outside V plus the rest (|V| - |C| - a), the cells of C, L and B hold every digit of V once and
    every digit of L and B outside V: L's cells take a digits of V and all their others, B's the
    rest. So the digits of V that B lacks (and L's others) are in the line, within C and L, and
    leave the line's other cells; the digits of V that L lacks (and B's others) leave the box's
    other cells. This is HoDoKu's form (extra digits in L and B allowed).

    Roles: ("intersection", cells), ("intersection_digits", V), ("line_cells", cells),
    ("line_digits", digits), ("box_cells", cells), ("box_digits", digits). `units` are the line
    then the box; `digits` the eliminated digits ascending (HoDoKu's candidate field).
    """
    empty = 0
    for c, m in enumerate(masks):
        if m:
            empty |= 1 << c
    steps = []
    for line, box in _CROSSINGS:
        crossing = cells_of_bits(UNIT_BITS[line] & UNIT_BITS[box] & empty)
        if len(crossing) < 2:
            continue
        line_empty = UNIT_BITS[line] & empty
        box_empty = UNIT_BITS[box] & empty
        for core_bits, core_mask, core_size, _ in _subsets(list(crossing), masks):
            spare = COUNT[core_mask] - core_size
            if core_size < 2 or spare < 2:
                continue
            # The box's sets do not depend on the line's but for the cells and digits it takes:
            # listed once per crossing set, by how many of V's digits each would take.
            box_sets: dict[int, list[tuple[int, int]]] = {}
            for box_bits, box_mask, box_size, _ in _subsets(
                    cells_of_bits(box_empty & ~core_bits), masks):
                if box_mask & core_mask:
                    box_sets.setdefault(box_size - COUNT[box_mask & ~core_mask], []).append(
                        (box_bits, box_mask))
            line_pool = cells_of_bits(line_empty & ~core_bits)
            for line_bits, line_mask, line_size, _ in _subsets(list(line_pool), masks):
                line_extra = line_mask & ~core_mask
                taken = line_size - COUNT[line_extra]
                if not line_mask & core_mask or not 0 < taken < spare:
                    continue
                banned = line_mask & core_mask
                for box_bits, box_mask in box_sets.get(spare - taken, ()):
                    if box_mask & banned or box_bits & line_bits:
                        continue
                    step = _step(masks, line, box, core_bits, core_mask, line_bits, line_mask,
                                 box_bits, box_mask, line_empty, box_empty)
                    if step is not None:
                        steps.append(step)
    seen = set()
    for step in sorted(steps, key=lambda s: (len(s.cells), -len(s.eliminations))):
        if step.eliminations not in seen:
            seen.add(step.eliminations)
            yield step


def _step(masks, line, box, core_bits, core_mask, line_bits, line_mask, box_bits, box_mask,
          line_empty, box_empty) -> Step | None:
    shared_extra = line_mask & box_mask & ~core_mask
    line_removes = ((core_mask | line_mask) & ~box_mask) | shared_extra
    box_removes = ((core_mask | box_mask) & ~line_mask) | shared_extra
    removed = set()
    for c in cells_of_bits(line_empty & ~core_bits & ~line_bits):
        for d in DIGITS_IN[masks[c] & line_removes]:
            removed.add((c, d))
    for c in cells_of_bits(box_empty & ~core_bits & ~box_bits):
        for d in DIGITS_IN[masks[c] & box_removes]:
            removed.add((c, d))
    if not removed:
        return None
    eliminations = tuple(sorted(removed))
    core, line_cells, box_cells = (cells_of_bits(core_bits), cells_of_bits(line_bits),
                                   cells_of_bits(box_bits))
    return Step("sue_de_coq", eliminations=eliminations, cells=core + line_cells + box_cells,
                units=(line, box), digits=tuple(sorted({d for _, d in eliminations})),
                roles=(("intersection", core), ("intersection_digits", DIGITS_IN[core_mask]),
                       ("line_cells", line_cells), ("line_digits", DIGITS_IN[line_mask]),
                       ("box_cells", box_cells), ("box_digits", DIGITS_IN[box_mask])))


class SueDeCoqTexts(Texts):
    """The crossing cells, the line's set and the box's set, with their digits."""

    def one_line(self, step: Step) -> str:
        return (f"{step.name}: {cells_name(step.role('intersection'))} "
                f"({''.join(map(str, step.role('intersection_digits')))}) with "
                f"{cells_name(step.role('line_cells'))} "
                f"({''.join(map(str, step.role('line_digits')))}) and "
                f"{cells_name(step.role('box_cells'))} "
                f"({''.join(map(str, step.role('box_digits')))}) => {step.changes}")

    def nudge(self, step: Step) -> str:
        line, box = step.units
        return (f"Look for a Sue de Coq where {unit_name(line)} crosses {unit_name(box)}: cells "
                f"there holding at least two more digits than cells.")

    def pattern(self, step: Step) -> str:
        line, box = step.units
        return (f"{cells_name(step.role('intersection'))}, where {unit_name(line)} crosses "
                f"{unit_name(box)}, hold {digits_name(step.role('intersection_digits'))}. In "
                f"{unit_name(line)}, {_holds(step.role('line_cells'))} "
                f"{digits_name(step.role('line_digits'))}; in {unit_name(box)}, "
                f"{_holds(step.role('box_cells'))} "
                f"{digits_name(step.role('box_digits'))}.")

    def full(self, step: Step) -> str:
        line, box = (unit_name(u) for u in step.units)
        core = step.role("intersection")
        core_digits = set(step.role("intersection_digits"))
        line_cells, box_cells = step.role("line_cells"), step.role("box_cells")
        line_digits, box_digits = set(step.role("line_digits")), set(step.role("box_digits"))
        line_core, box_core = sorted(line_digits & core_digits), sorted(box_digits & core_digits)
        line_extra, box_extra = sorted(line_digits - core_digits), sorted(box_digits - core_digits)
        line_takes = len(line_cells) - len(line_extra)
        box_takes = len(box_cells) - len(box_extra)
        line_removes = sorted(core_digits - box_digits | set(line_extra))
        box_removes = sorted(core_digits - line_digits | set(box_extra))
        return (f"{self.pattern(step)} The {_count(len(core))} crossing cells hold different "
                f"digits, all from {digits_name(sorted(core_digits))}. In {line}, "
                f"{_part(line_cells, line_extra, line_takes, line_core)} In {box}, "
                f"{_part(box_cells, box_extra, box_takes, box_core)} No digit is in both lists, "
                f"and each of these cells shares {line} or {box} with the crossing cells, so "
                f"together they hold {len(core) + line_takes + box_takes} different digits of "
                f"{digits_name(sorted(core_digits))}: every one of them, each once, and with "
                f"them every other digit of the two sets. So "
                f"{digits_name(line_removes)} can only be in the crossing cells or "
                f"{cells_name(line_cells)}, all in {line}, and {digits_name(box_removes)} only in "
                f"the crossing cells or {cells_name(box_cells)}, all in {box}: no other cell of "
                f"{line} can hold the first, nor any other cell of {box} the second. Remove "
                f"{_removal_text(step)}.")


def _holds(cells) -> str:
    return f"{cells_name(cells)} {'holds' if len(cells) == 1 else 'hold'}"


def _count(cells: int) -> str:
    return "two" if cells == 2 else "three"


def _part(cells, extra, takes: int, core_digits) -> str:
    """'r8c8 is 1 cell holding 3 and 5 with no other digit, so it takes 1 of 3 or 5.'"""
    size = "1 cell" if len(cells) == 1 else f"{len(cells)} cells"
    verb, pronoun = ("is", "it") if len(cells) == 1 else ("are", "they")
    others = (f"only {len(extra)} other digit{'s' if len(extra) > 1 else ''} "
              f"({digits_name(extra)})" if extra else "no other digit")
    return (f"{cells_name(cells)} {verb} {size} with {others} besides "
            f"{digits_or(core_digits)}, so {pronoun} must hold at least {takes} of "
            f"{digits_or(core_digits)}{' and also ' + digits_name(extra) if extra else ''}.")


def _removal_text(step: Step) -> str:
    return removals_by_digit(step)
