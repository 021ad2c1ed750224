"""Subsets: naked and hidden pairs, triples and quads."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from tutor.model.geometry import (
    COUNT, DIGITS, DIGITS_IN, UNIT_BITS, UNITS, UNITS_OF, bit, cells_of_bits, digit_cell_sets,
)
from tutor.engine.reasons import Position
from tutor.engine.step import Step
from tutor.engine.technique import Texts
from tutor.engine.wording import marked_cells, removals_by_cell, removals_by_digit, units_or, where
from tutor.model.geometry import cells_name, digits_name, unit_name

_NAKED_IDS = {2: "naked_pair", 3: "naked_triple", 4: "naked_quad"}
_HIDDEN_IDS = {2: "hidden_pair", 3: "hidden_triple", 4: "hidden_quad"}


def _naked(values, masks, size: int):
    """k cells of one unit holding only k digits between them: those digits leave every unit they share."""
    seen = set()
    for unit, unit_cells in enumerate(UNITS):
        open_cells = [c for c in unit_cells if 2 <= COUNT[masks[c]] <= size]
        if len(open_cells) < size:
            continue
        for group in combinations(open_cells, size):
            union = 0
            for c in group:
                union |= masks[c]
            if COUNT[union] != size:
                continue
            key = frozenset(group)
            if key in seen:
                continue
            seen.add(key)
            shared = sorted(set.intersection(*(set(UNITS_OF[c]) for c in group)))
            removed: list[tuple[int, int]] = []
            hit_units = []
            for u in shared:
                before = len(removed)
                for c in UNITS[u]:
                    if c not in key and masks[c] & union:
                        for d in DIGITS_IN[masks[c] & union]:
                            if (c, d) not in removed:
                                removed.append((c, d))
                if len(removed) > before:
                    hit_units.append(u)
            if removed:
                yield Step(_NAKED_IDS[size], eliminations=tuple(sorted(removed)), cells=group,
                           units=tuple(shared), digits=DIGITS_IN[union])


_last_unit_places: list = [None]
"""(digit places, answer) for the last position _unit_places saw, in one slot replaced whole (as
fish._last_line_masks, for finders running in two threads)."""


def _unit_places(digit_cells: list[int]) -> list[list[tuple[int, int, int]]]:
    """Per unit, (digit, its places in the unit, how many) for each digit with two to four places
    (the most a hidden subset's digit can have), ascending by digit; worked out once per position
    for the three hidden subset finders."""
    last = _last_unit_places[0]
    if last is not None and last[0] is digit_cells:
        return last[1]
    found = []
    spread = [(d, digit_cells[d]) for d in DIGITS if digit_cells[d]]
    for unit_bits in UNIT_BITS:
        entries = []
        for d, places in spread:
            where = places & unit_bits
            count = where.bit_count()
            if 2 <= count <= 4:
                entries.append((d, where, count))
        found.append(entries)
    _last_unit_places[0] = (digit_cells, found)
    return found


def _digit_groups(entries: list[tuple[int, int, int]], size: int):
    """(digits, union of their places) for each `size` of the entries (digit, places, count) whose
    places together are `size` cells, in combinations' order; a partial choice already past `size`
    cells is dropped with all its extensions."""
    total = len(entries)
    for x in range(total - size + 1):
        a, pa, _ = entries[x]
        for y in range(x + 1, total - size + 2):
            b, pb, _ = entries[y]
            u2 = pa | pb
            if u2.bit_count() > size:
                continue
            if size == 2:
                yield (a, b), u2
                continue
            for z in range(y + 1, total - size + 3):
                c, pc, _ = entries[z]
                u3 = u2 | pc
                if u3.bit_count() > size:
                    continue
                if size == 3:
                    yield (a, b, c), u3
                    continue
                for w in range(z + 1, total):
                    d, pd, _ = entries[w]
                    u4 = u3 | pd
                    if u4.bit_count() == size:
                        yield (a, b, c, d), u4


def _hidden(values, masks, size: int):
    """k digits confined to the same k cells of a unit: every other candidate leaves those cells."""
    digit_cells = digit_cell_sets(masks)
    unit_places = _unit_places(digit_cells)
    seen = set()
    for unit in range(len(UNITS)):
        entries = unit_places[unit]
        if len(entries) < size:
            continue
        if size < 4:
            entries = [e for e in entries if e[2] <= size]
            if len(entries) < size:
                continue
        for digits, union in _digit_groups(entries, size):
            keep = 0
            for d in digits:
                keep |= bit(d)
            cells = cells_of_bits(union)
            removed = tuple((c, d) for c in cells for d in DIGITS_IN[masks[c] & ~keep])
            key = (cells, digits)
            if not removed or key in seen:
                continue
            seen.add(key)
            yield Step(_HIDDEN_IDS[size], eliminations=removed, cells=cells,
                       units=(unit,), digits=digits)


def naked_pairs(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    return _naked(values, masks, 2)


def naked_triples(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    return _naked(values, masks, 3)


def naked_quads(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    return _naked(values, masks, 4)


def hidden_pairs(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    return _hidden(values, masks, 2)


def hidden_triples(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    return _hidden(values, masks, 3)


def hidden_quads(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    return _hidden(values, masks, 4)


_SUBSET_WORDS = {2: "pair", 3: "triple", 4: "quad"}


class NakedSubsetTexts(Texts):
    """k cells of one unit holding only k digits between them; `units` are the units they share."""

    def nudge(self, step: Step) -> str:
        return f"Look for a naked {_SUBSET_WORDS[len(step.cells)]} in {where(step)}."

    def pattern(self, step: Step) -> str:
        return self._pattern(step, cells_name(step.cells))

    def pattern_in(self, step: Step, position: Position) -> str:
        return self._pattern(step, marked_cells(position, step.cells))

    def full(self, step: Step) -> str:
        return self._full(step, cells_name(step.cells))

    def full_in(self, step: Step, position: Position) -> str:
        return self._full(step, marked_cells(position, step.cells))

    def _pattern(self, step: Step, cells: str) -> str:
        return f"{cells} hold only the candidates {digits_name(step.digits)} between them."

    def _full(self, step: Step, cells: str) -> str:
        """`cells`: the pattern's cells as the text names them (with their candidates or not)."""
        d = digits_name(step.digits)
        n = len(step.cells)
        return (f"{cells} hold only the candidates {d} between them (a naked "
                f"{_SUBSET_WORDS[n]}). These {n} cells must take these {n} digits, one each, so no "
                f"other cell of {units_or(step.units)} can hold {d.replace(' and ', ' or ')}. "
                f"Remove {removals_by_digit(step)}.")


class HiddenSubsetTexts(Texts):
    """k digits confined to the same k cells of the unit `units[0]`."""

    def nudge(self, step: Step) -> str:
        return f"Look for a hidden {_SUBSET_WORDS[len(step.cells)]} in {where(step)}."

    def pattern(self, step: Step) -> str:
        return self._pattern(step, cells_name(step.cells))

    def pattern_in(self, step: Step, position: Position) -> str:
        return self._pattern(step, marked_cells(position, step.cells))

    def full(self, step: Step) -> str:
        return self._full(step, cells_name(step.cells))

    def full_in(self, step: Step, position: Position) -> str:
        return self._full(step, marked_cells(position, step.cells))

    def _pattern(self, step: Step, cells: str) -> str:
        return f"In {unit_name(step.units[0])} the digits {digits_name(step.digits)} can only go in {cells}."

    def _full(self, step: Step, cells: str) -> str:
        """`cells`: the pattern's cells as the text names them (with their candidates or not)."""
        n = len(step.cells)
        return (f"{self._pattern(step, cells)[:-1]} (a hidden {_SUBSET_WORDS[n]}). These {n} digits "
                f"need these {n} cells, one each, so the cells can hold nothing else. "
                f"Remove {removals_by_cell(step)}.")
