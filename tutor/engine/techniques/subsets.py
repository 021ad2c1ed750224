"""Subsets: naked and hidden pairs, triples and quads."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, compress
from operator import ne
from typing import Any

from tutor.model.geometry import CLASSIC, COUNT, DIGITS_IN, Geometry, cells_of_bits
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current, digit_cell_sets
from tutor.engine.places import masks_by_unit
from tutor.engine.reasons import Position
from tutor.engine.step import Step
from tutor.engine.technique import Texts
from tutor.engine.wording import marked_cells, removals_by_cell, removals_by_digit, units_or, where
from tutor.model.geometry import cells_name, digits_name, unit_name

_NAKED_IDS = {2: "naked_pair", 3: "naked_triple", 4: "naked_quad"}
_HIDDEN_IDS = {2: "hidden_pair", 3: "hidden_triple", 4: "hidden_quad"}


def _locked_groups(entries: list[tuple[int, int]], size: int) -> list:
    """(cells, union of their masks) for each `size` (3 or 4) of the entries (cell, mask) holding
    `size` digits between them (a triple at most three), in combinations' order; a pair or triple
    already past `size` digits is dropped with all its extensions."""
    assert size in (3, 4)  # naked pairs have a search of their own (_all_pairs)
    count = COUNT
    found: list[tuple[tuple[int, ...], int]] = []
    total = len(entries)
    for x in range(total - size + 1):
        a, ma = entries[x]
        for y in range(x + 1, total - size + 2):
            b, mb = entries[y]
            u2 = ma | mb
            if count[u2] > size:
                continue
            if size == 3:
                for c, mc in entries[y + 1:]:
                    u3 = u2 | mc
                    if count[u3] <= 3:
                        found.append(((a, b, c), u3))
                continue
            for z in range(y + 1, total - 1):
                c, mc = entries[z]
                u3 = u2 | mc
                if count[u3] > size:
                    continue
                for d, md in entries[z + 1:]:
                    u4 = u3 | md
                    if count[u4] == size:
                        found.append(((a, b, c, d), u4))
    return found


class _Tables:
    """A board's tables for the subset finders, made on first use (Geometry.table)."""

    __slots__ = ("board", "groups", "first_box", "small", "cell_units", "unit_cells")

    def __init__(self, board: Geometry):
        self.board = board
        self.groups: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], int]] = {}
        """cells -> (the units they share, those units' other cells ascending, the same as a cell
        set): board geometry alone, filled as asked and kept (a few thousand groups at most)."""
        self.first_box = 2 * board.size
        count = COUNT[:1 << board.size]
        self.small = {size: tuple(2 <= n <= size for n in count) for size in (3, 4)}
        """small[size][mask]: whether a cell with these candidates can be in a naked group of
        `size`."""
        self.cell_units = tuple(sum(1 << u for u in units) for units in board.units_of)
        """cell_units[cell]: the cell's three units as a bitset of unit numbers."""
        self.unit_cells = tuple(_CellsByPositions(unit) for unit in board.units)
        """unit_cells[unit][positions]: the unit's cells at those positions (bit k: its k-th
        cell)."""


def _tables() -> _Tables:
    return board_in_use().table("subsets", _Tables)


def _group_geometry(group: tuple[int, ...],
                    tables: _Tables) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    known = tables.groups.get(group)
    if known is None:
        board = tables.board
        shared = tuple(sorted(set.intersection(*(set(board.units_of[c]) for c in group))))
        others = sorted({c for u in shared for c in board.units[u]} - set(group))
        known = tables.groups[group] = (shared, tuple(others), sum(1 << c for c in others))
    return known


# The search's `pairs`: the last position's masks with its _pairs_in_order, replaced whole (see
# _by_unit).


def _pairs_in_order(masks: Sequence[int]) -> list:
    """The naked pairs' (first unit they share, cells, union, _group_geometry(cells)), in the order
    the unit by unit search meets them first: by the first unit the two cells share, then by cell.
    Two cells with the same two candidates that share a unit are a pair. The walk asks again after
    a step or two, which change a few cells: the pairs of the others stay."""
    key = tuple(masks)
    search = current()
    last = search.pairs
    if last is None:
        found = _all_pairs(key)
    else:
        before, found = last
        if before is key:
            return found
        changed = _changes(before, key)[1]
        if changed:
            found = _pairs_after(found, key, changed)
    search.pairs = (key, found)
    return found


def _all_pairs(masks: Sequence[int]) -> list:
    """_pairs_in_order worked out afresh: one pass over the bivalue cells finds them all."""
    by_mask: dict[int, list[int]] = {}
    count = COUNT
    for cell, mask in enumerate(masks):
        if count[mask] == 2:
            by_mask.setdefault(mask, []).append(cell)
    found = []
    tables = _tables()
    peer_sets = tables.board.peer_sets
    for mask, cells in by_mask.items():
        if len(cells) > 1:
            for i, a in enumerate(cells):
                for b in cells[i + 1:]:
                    if b in peer_sets[a]:
                        geometry = _group_geometry((a, b), tables)
                        found.append((geometry[0][0], (a, b), mask, geometry))
    found.sort()  # no two entries share their first unit and cells: the geometries are not compared
    return found


def _pairs_after(found: list, masks: Sequence[int], changed: tuple[int, ...]) -> list:
    """_pairs_in_order(masks), given the pairs `found` at a position whose masks differ from these
    only in the cells `changed`."""
    gone = set(changed)
    found = [entry for entry in found if entry[1][0] not in gone and entry[1][1] not in gone]
    count = COUNT
    tables = _tables()
    peers = tables.board.peers
    for a in changed:
        mask = masks[a]
        if count[mask] == 2:
            for b in peers[a]:
                # a pair of two changed cells is taken once, from its first cell
                if masks[b] == mask and (a < b or b not in gone):
                    pair = (a, b) if a < b else (b, a)
                    geometry = _group_geometry(pair, tables)
                    found.append((geometry[0][0], pair, mask, geometry))
    found.sort()  # as in _all_pairs
    return found


def _naked(values, masks, size: int):
    """k cells of one unit holding only k digits between them: those digits leave every unit they share."""
    digit_cells = digit_cell_sets(masks)
    if size == 2:
        for _, group, union, (shared, others, other_bits) in _pairs_in_order(masks):
            for d in DIGITS_IN[union]:
                if digit_cells[d] & other_bits:
                    break
            else:
                continue
            removed = tuple((c, d) for c in others if masks[c] & union
                            for d in DIGITS_IN[masks[c] & union])
            yield Step(_NAKED_IDS[size], eliminations=removed, cells=group, units=shared,
                       digits=DIGITS_IN[union])
        return

    tables = _tables()
    small = tables.small[size]
    units, first_box = tables.board.units, tables.first_box
    count = COUNT

    def groups_of(unit: int) -> list:
        """The unit's (cells, union, _group_geometry(cells)...) of `size` cells holding `size`
        digits between them, in combinations' order, leaving out those that share no other
        unit and remove nothing: a pure function of the unit's masks (what groups sharing two
        units remove is not). A box leaves out the groups in a row or column too: the search meets
        them first there (rows and columns come before boxes), and a group is one step."""
        # (cell, mask) for its cells with two to `size` candidates (a loop, not a list
        # comprehension: one function call less for each unit)
        entries = []
        for c in units[unit]:
            m = masks[c]
            if small[m]:
                entries.append((c, m))
        if len(entries) <= size:
            if len(entries) < size:
                return []
            # the one choice, mostly a unit's last `size` cells: no search, the same test as
            # _locked_groups (at most `size` digits, a quad's exactly four)
            union = 0
            for _, m in entries:
                union |= m
            if count[union] > size or size == 4 and count[union] < size:
                return []
            found = [(tuple([c for c, _ in entries]), union)]
        else:
            found = _locked_groups(entries, size)
        # entries ascend by cell, as the unit's cells do, so groups come in combinations' order
        groups = []
        for group, union in found:
            geometry = _group_geometry(group, tables)
            if len(geometry[0]) == 1:
                # its one unit is this one, so whether it removes anything is the unit's own
                # affair: kept only if it does (most groups a unit's last cells make do not)
                for d in DIGITS_IN[union]:
                    if digit_cells[d] & geometry[2]:
                        groups.append((group, union) + geometry)
                        break
            elif unit < first_box:
                groups.append((group, union) + geometry)
        return groups

    for groups in filter(None, _by_unit(("naked", size), masks, lambda: groups_of)):
        for group, union, shared, others, other_bits in groups:
            for d in DIGITS_IN[union]:
                if digit_cells[d] & other_bits:
                    break
            else:
                continue  # nothing to remove: the units they share hold none of their digits
            removed = tuple((c, d) for c in others if masks[c] & union
                            for d in DIGITS_IN[masks[c] & union])
            yield Step(_NAKED_IDS[size], eliminations=removed, cells=group, units=shared,
                       digits=DIGITS_IN[union])


_SIZE = CLASSIC.size
_NINE = (1 << _SIZE) - 1
_FIRST_BOX = 2 * _SIZE
_UNITS_IN = tuple(tuple(tuple(first + d - 1 for d in digits) for digits in DIGITS_IN[:_NINE + 1])
                  for first in (0, _SIZE, _FIRST_BOX))
"""_UNITS_IN[kind][bits]: the classic board's rows (kind 0), columns (1) or boxes (2) of a
nine-bit set of them, ascending, as unit numbers: a bitset of units read off in three table
look-ups (any other board reads the bitset's bits one by one)."""


# The search's `last_change`: (before, after, _changes(before, after)) for the last two
# positions compared, replaced whole: the subset finders' memories mostly last saw the same
# position (the same tuple), so they share it.


def _changes(before: tuple[int, ...],
             after: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the units holding a cell whose masks differ, those cells)."""
    search = current()
    last = search.last_change
    if last is not None and last[0] is before and last[1] is after:
        return last[2]
    tables = _tables()
    cells = tuple(compress(tables.board.cells, map(ne, before, after)))  # compared in C
    cell_units = tables.cell_units
    unit_bits = 0
    for c in cells:
        unit_bits |= cell_units[c]
    if tables.board is CLASSIC:
        rows, columns, boxes = _UNITS_IN
        units = (rows[unit_bits & _NINE] + columns[unit_bits >> _SIZE & _NINE]
                 + boxes[unit_bits >> _FIRST_BOX])
    else:
        units = cells_of_bits(unit_bits)  # the set bits ascending: rows, columns, boxes
    changes = (units, cells)
    search.last_change = (before, after, changes)
    return changes


def _by_unit(kind: tuple, masks: Sequence[int],
             make_work: Callable[[], Callable[[int], Any]]) -> list:
    """[work(unit) for every unit], where work = make_work() and work(unit) is a pure function of
    the unit's masks; work is made only when some unit must be worked out (the next finder at a
    position mostly reads what the last one worked out).

    The search's slot for `kind` keeps (masks, answers) for the last position asked. The
    walk asks again after a step or two, which change a few units: only theirs are worked out
    again.
    """
    key = tuple(masks)
    slots = current().by_unit
    slot = slots.get(kind)
    if slot is None:
        slot = slots[kind] = [None]
    last = slot[0]
    if last is None:
        answers = list(map(make_work(), range(len(board_in_use().units))))
    else:
        before, answers = last
        if before is key:
            return answers
        # no test for equal masks first: another position's masks mostly differ, and then the
        # test would only repeat the first steps of _changes
        changed = _changes(before, key)[0]
        if changed:
            answers = answers[:]
            work = make_work()
            for unit in changed:
                answers[unit] = work(unit)
    slot[0] = (key, answers)
    return answers


_NOTHING: tuple = ()
"""A unit's hidden subsets when it holds none that removes something (empty, so that the finders
pass over it in C)."""


def _pairs_and_triples(entries: list[tuple[int, int]], limit: int) -> list[tuple[int, int]]:
    """(digits as a mask, union of their places) for each two, and each three, of the entries
    (digit as a mask, its places: two or three cells of a unit) whose places together are at most
    `limit` cells (2 or 3), each size in combinations' order; a pair already past `limit` cells
    is dropped with all its extensions. The hidden pair and triple finders ask about the same
    positions in turn, and share it."""
    count = COUNT
    found: list[tuple[int, int]] = []
    # the entries after the first digit chosen, walked as lists rather than by index (fewer
    # steps for the hundred or more pairs a position's units hold)
    rest = entries[:]
    for a, pa in entries:
        del rest[0]
        y = 0
        for b, pb in rest:
            y += 1
            u2 = pa | pb
            if count[u2] > limit:
                continue
            if count[u2] == 2:
                found.append((a | b, u2))
            for c, pc in rest[y:]:
                u3 = u2 | pc
                if count[u3] <= limit:
                    found.append((a | b | c, u3))
    return found


def _quads(entries: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(digits as a mask, union of their places) for each four of the entries (digit as a mask,
    its places) whose places together are exactly four cells, in combinations' order (hidden
    quads are asked about seldom)."""
    return [(a | b | c | d, union)
            for (a, pa), (b, pb), (c, pc), (d, pd) in combinations(entries, 4)
            if COUNT[union := pa | pb | pc | pd] == 4]


class _CellsByPositions(dict):
    """{9-bit mask of positions in a unit: those cells of the unit, ascending}, filled as asked
    (board geometry alone, kept for good: at most 511 sets a unit)."""

    def __init__(self, cells: tuple[int, ...]):
        super().__init__()
        self.cells = cells

    def __missing__(self, positions: int) -> tuple[int, ...]:
        found = self[positions] = tuple([self.cells[k - 1] for k in DIGITS_IN[positions]])
        return found




def _hidden_facts(masks: Sequence[int], smallest: int, largest: int) -> Callable[[int], tuple]:
    """work for _by_unit: the unit's hidden (pairs, triples, quads), of sizes `smallest` to
    `largest` (the others empty), that remove something, each as (cells, digits, removals) in
    combinations' order of the digits: a pure function of the unit's masks."""
    digit_cells = digit_cell_sets(masks)
    tables = _tables()
    unit_cells = tables.unit_cells
    # Each digit's places unit by unit as masks (bit k: the unit's k-th cell), kept by places in
    # the search and shared with the fish (places.masks_by_unit).
    spread = []
    for d in tables.board.digits:
        if digit_cells[d]:
            rows, columns, boxes = masks_by_unit(digit_cells[d])
            spread.append((1 << (d - 1), rows + columns + boxes))
    held = tables.small[largest]

    def facts_of(unit: int) -> tuple:
        present = 0  # digits with places in the unit
        entries = []  # (digit as a mask, its places) for each digit with two to `largest` places
        for digit, by_unit in spread:
            here = by_unit[unit]
            if here:
                present += 1
                if held[here]:
                    entries.append((digit, here))
        # A hidden subset removes a digit outside it: in a unit with no more digits than the
        # subset has, there is nothing to remove, so no subset that large is looked for.
        if present <= smallest or len(entries) < smallest:
            return _NOTHING
        if smallest == 4:
            found = _quads(entries)
        else:
            found = _pairs_and_triples(entries, 3 if present > 3 else 2)
        if not found:
            return _NOTHING
        facts: tuple[list, list, list] = ([], [], [])
        for keep, union in found:
            cells = unit_cells[unit][union]
            for c in cells:
                if masks[c] & ~keep:
                    break
            else:
                continue  # a naked subset too, holding nothing else (most are)
            removed = tuple((c, d) for c in cells for d in DIGITS_IN[masks[c] & ~keep])
            digits = DIGITS_IN[keep]
            facts[len(digits) - 2].append((cells, digits, removed))
        return facts if any(facts) else _NOTHING

    return facts_of


_HIDDEN_SIZES = {2: (2, 3), 3: (2, 3), 4: (4, 4)}
"""The sizes of hidden subset worked out together for each size asked: pairs and triples (asked
about the same positions in turn), quads (asked about seldom) alone."""


def _hidden(values, masks, size: int):
    """k digits confined to the same k cells of a unit: every other candidate leaves those cells."""
    sizes = _HIDDEN_SIZES[size]
    which = size - 2
    seen = set()
    answers = _by_unit(("hidden", sizes), masks, lambda: _hidden_facts(masks, *sizes))
    for unit, facts in compress(enumerate(answers), answers):
        for cells, digits, removed in facts[which]:
            key = (cells, digits)
            if key in seen:
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


_SPOT_COUNT = {2: "two", 3: "three", 4: "four"}


class NakedSubsetTexts(Texts):
    """k cells of one unit holding only k digits between them; `units` are the units they share."""

    def spot(self, step: Step) -> str:
        return (f"look for {_SPOT_COUNT[len(step.cells)]} cells of one row, column or box whose "
                f"candidates together are only {_SPOT_COUNT[len(step.cells)]} digits.")

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

    def spot(self, step: Step) -> str:
        return (f"look for {_SPOT_COUNT[len(step.digits)]} digits whose places in one row, column "
                f"or box are the same {_SPOT_COUNT[len(step.digits)]} cells (or fewer of them "
                f"each).")

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
