"""The walk: the engine's position kept mutable for speed, and the simplest-step-first loop on it.

One loop serves the grader (to the end), the engine's next step, and the look-ahead behind it:
when several instances of the simplest technique apply, the engine prefers one after which
easier techniques alone finish the puzzle, so a technique counts as used more than once only when
the puzzle needs it more than once, whatever the cells' order (the grade survives turning the
board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import groupby
from operator import itemgetter

from tutor.model.geometry import (
    CELLS, CLASSIC, DIGITS_IN, ONLY_DIGIT, PEER_BITS, UNIT_BITS, UNITS, UNITS_OF, Geometry,
    new_digit_cell_sets, empty_cell_bits,
)
from tutor.engine.grids import finder_on
from tutor.engine.search import current
from tutor.engine.registry import TECHNIQUES, technique
from tutor.engine.scoring import Scorer
from tutor.engine.techniques.singles import HIDDEN_SINGLE_UNIT_ORDER
from tutor.engine.step import Step
from tutor.engine.technique import Finder, Technique

# The walk numbers the units by their place in the hidden single finder's order (box, row, column),
# their slots, so that the lowest bit of a set of slots is the unit the finder looks at first.
SLOT_OF = tuple(HIDDEN_SINGLE_UNIT_ORDER.index(u) for u in range(len(UNITS)))
"""SLOT_OF[unit]: the unit's slot."""
ALL_SLOTS = (1 << len(UNITS)) - 1
CELL_SLOTS = tuple(tuple(SLOT_OF[u] for u in UNITS_OF[c]) for c in CELLS)
"""CELL_SLOTS[cell]: the slots of the cell's row, column and box."""
CELL_SLOT_BITS = tuple(sum(1 << slot for slot in CELL_SLOTS[c]) for c in CELLS)
"""CELL_SLOT_BITS[cell]: the cell's three units as a bitset of slots."""
_ALL_BUT = tuple(((1 << len(CELLS)) - 1) ^ 1 << c for c in CELLS)
"""_ALL_BUT[cell]: every cell but this one, as an 81-bit set."""
_ALL_CELLS = (1 << len(CELLS)) - 1
_HOUSES = tuple((UNIT_BITS[row], (row,), UNIT_BITS[column], (column,), UNIT_BITS[box], (box,))
                for row, column, box in UNITS_OF)
"""_HOUSES[cell]: its row, column and box, each as an 81-bit set of cells and as a naked single's
units when the cell is the unit's last empty one."""
_AWAY = tuple(((1 << len(CELLS)) - 1) & ~(PEER_BITS[c] | 1 << c) for c in CELLS)
"""_AWAY[cell]: the cells sharing no unit with it (itself excluded), as an 81-bit set: a digit
placed in the cell keeps only these places."""
assert all(len(unit) == 9 for unit in UNITS)  # make_singles reads a unit's masks as nine
_SLOT_MASKS = tuple(itemgetter(*UNITS[u]) for u in HIDDEN_SINGLE_UNIT_ORDER)
"""_SLOT_MASKS[slot](masks): the unit's cells' masks, fetched in one call."""
_SLOT_CELL_BITS = tuple(UNIT_BITS[u] for u in HIDDEN_SINGLE_UNIT_ORDER)
"""_SLOT_CELL_BITS[slot]: the unit's cells as an 81-bit set."""


_TECHNIQUE = itemgetter(0)
"""A step's technique id (its first field), for map()."""


class Walk:
    """A working position for the grader, the next step and its look-ahead, mutable for speed.

    It keeps a bitset of the cells holding a single candidate and one of the empty cells
    (`open_cells`, and their count `empty`), so the next naked single (lowest cell first, as the finder yields them)
    costs no rescan, and each digit's cells (as digit_cell_sets gives them), so a placement visits
    only the peers that lose the digit, and the finders need not work them out.
    """

    __slots__ = ("values", "masks", "singles", "open_cells", "empty", "dirty", "unit_singles",
                 "pending", "digit_cells")

    def __init__(self, values, masks):
        self.values = values = list(values)
        self.masks = masks = list(masks)
        self.open_cells = open_cells = empty_cell_bits(values)
        self.empty = open_cells.bit_count()
        self.digit_cells = digit_cells = new_digit_cell_sets(masks)
        # The empty cells in exactly one digit's cells hold a single candidate.
        once = twice = 0
        for cells in digit_cells:
            twice |= once & cells
            once |= cells
        self.singles = once & ~twice & open_cells
        # Hidden singles: each unit's digits with exactly one place (`unit_singles`, by slot),
        # recomputed only for units whose cells changed since (`dirty`, a set of slots).
        # `pending` holds the units not dirty whose hidden singles are not none.
        self.dirty = ALL_SLOTS
        self.unit_singles = [0] * len(UNITS)
        self.pending = 0

    def make_singles(self, steps: list, hidden: bool, scorer: Scorer | None) -> int:
        """Make naked singles, lowest cell first, and when none is left (with `hidden`) the hidden
        single the finder would yield first, until neither is left or the grid is full; return
        how many were made. Their steps go to `steps`, each run of one
        technique to `scorer` (if given) at once."""
        values, masks, open_cells = self.values, self.masks, self.open_cells
        digit_cells = self.digit_cells
        singles, dirty, pending = self.singles, self.dirty, self.pending
        unit_singles = self.unit_singles
        before = run_start = len(steps)
        remaining = self.empty
        append = steps.append
        new_tuple = tuple.__new__  # NamedTuple's own __new__ is Python code; this is the hot loop
        # The tables of the loop as locals (cheaper to read than globals).
        only_digit, houses, slot_bits_of = ONLY_DIGIT, _HOUSES, CELL_SLOT_BITS
        peer_bits, away, step_class = PEER_BITS, _AWAY, Step
        # One loop for both singles, the placement written out once: singles are most of a
        # grade's steps, and a call (and a pass of advance's loop) for each would cost more.
        while True:
            if singles:
                cell_bit = singles & -singles
                singles ^= cell_bit
                cell = cell_bit.bit_length() - 1
                digit_bit = masks[cell]
                digit = only_digit[digit_bit]
                # Its house: the first of its units (row, column, box) where it is the last
                # empty cell.
                row_bits, row, column_bits, column, box_bits, box = houses[cell]
                house: tuple[int, ...]
                if open_cells & row_bits == cell_bit:
                    house = row
                elif open_cells & column_bits == cell_bit:
                    house = column
                elif open_cells & box_bits == cell_bit:
                    house = box
                else:
                    house = ()
                append(new_tuple(step_class, ("naked_single", ((cell, digit),), (), (cell,), house,
                                        (digit,), (), ())))
            else:
                if not hidden or len(steps) - before == remaining:
                    break
                # Only units with singles or not worked out since they changed can hold one.
                slots = pending | dirty
                while slots:
                    low = slots & -slots
                    slots ^= low
                    slot = low.bit_length() - 1
                    if dirty & low:
                        m0, m1, m2, m3, m4, m5, m6, m7, m8 = _SLOT_MASKS[slot](masks)
                        once = m0 | m1
                        twice = m0 & m1
                        twice |= once & m2
                        once |= m2
                        twice |= once & m3
                        once |= m3
                        twice |= once & m4
                        once |= m4
                        twice |= once & m5
                        once |= m5
                        twice |= once & m6
                        once |= m6
                        twice |= once & m7
                        once |= m7
                        twice |= once & m8
                        once |= m8
                        single = unit_singles[slot] = once & ~twice
                        dirty ^= low
                        if single:
                            pending |= low
                        else:
                            pending &= ~low
                            continue
                    else:
                        single = unit_singles[slot]
                    break
                else:
                    break  # no hidden single either
                digit_bit = single & -single
                digit = digit_bit.bit_length()
                # Its one place in the unit:
                cell = (digit_cells[digit] & _SLOT_CELL_BITS[slot]).bit_length() - 1
                if scorer is not None:
                    if len(steps) > run_start:
                        scorer.add("naked_single", len(steps) - run_start)
                    scorer.add("hidden_single")
                    run_start = len(steps) + 1
                append(new_tuple(step_class, ("hidden_single", ((cell, digit),), (), (cell,),
                                        (HIDDEN_SINGLE_UNIT_ORDER[slot],), (digit,), (), ())))
                keep = _ALL_BUT[cell]
                for d in DIGITS_IN[masks[cell] ^ digit_bit]:  # the digit's own places: below
                    digit_cells[d] &= keep
                cell_bit = 1 << cell
            values[cell] = digit
            masks[cell] = 0
            open_cells ^= cell_bit
            dirty |= slot_bits_of[cell]
            places = digit_cells[digit]
            losing = places & peer_bits[cell]
            digit_cells[digit] = places & away[cell]
            while losing:  # in any order: highest first costs one operation less
                p = losing.bit_length() - 1
                low = 1 << p
                losing ^= low
                m = masks[p] ^ digit_bit
                masks[p] = m
                dirty |= slot_bits_of[p]
                if only_digit[m]:  # (a cell left without candidates is no single)
                    singles |= low
        if scorer is not None and len(steps) > run_start:
            scorer.add("naked_single", len(steps) - run_start)
        self.singles, self.dirty, self.pending = singles, dirty, pending
        self.open_cells = open_cells
        made = len(steps) - before
        self.empty -= made
        return made

    def copy(self) -> Walk:
        twin = Walk.__new__(Walk)
        twin.values, twin.masks = self.values[:], self.masks[:]
        twin.open_cells, twin.unit_singles = self.open_cells, self.unit_singles[:]
        twin.empty, twin.singles, twin.dirty = self.empty, self.singles, self.dirty
        twin.pending, twin.digit_cells = self.pending, self.digit_cells[:]
        return twin

    def take(self, other: Walk) -> None:
        """Become `other` (a trial copy that went ahead)."""
        self.values, self.masks = other.values, other.masks
        self.open_cells, self.unit_singles = other.open_cells, other.unit_singles
        self.empty, self.singles, self.dirty = other.empty, other.singles, other.dirty
        self.pending, self.digit_cells = other.pending, other.digit_cells

    def remember_digit_cells(self) -> tuple[int, ...]:
        """Hand the finders about to look at this position its digits' cells (the current
        search's digit_cell_sets); returns the masks as a tuple, to hand the finders in place of
        the list: one object per position, so that the finders' memories of the last position
        know it by identity, and a finder cannot change the walk's own masks."""
        masks = tuple(self.masks)
        current().look_at(masks, self.digit_cells[:])
        return masks

    def _place(self, cell: int, digit: int, singles: int, dirty: int) -> tuple[int, int]:
        """Put `digit` in the empty `cell`: its candidates and its peers' candidate `digit` go, the
        empty cells and the digits' cells follow. Takes and returns the walk's naked singles and
        changed units (apply keeps them in locals while it works)."""
        masks = self.masks
        digit_cells = self.digit_cells
        self.values[cell] = digit
        keep = _ALL_BUT[cell]
        digit_bit = 1 << (digit - 1)
        for d in DIGITS_IN[masks[cell] ^ digit_bit]:  # the digit's own places: below
            digit_cells[d] &= keep
        masks[cell] = 0
        singles &= keep
        dirty |= CELL_SLOT_BITS[cell]
        self.open_cells ^= 1 << cell
        self.empty -= 1
        places = digit_cells[digit]
        losing = places & PEER_BITS[cell]
        digit_cells[digit] = places & _AWAY[cell]
        while losing:
            p = losing.bit_length() - 1
            low = 1 << p
            losing ^= low
            m = masks[p] ^ digit_bit
            masks[p] = m
            dirty |= CELL_SLOT_BITS[p]
            if ONLY_DIGIT[m]:
                singles |= low
        return singles, dirty

    def apply(self, step: Step) -> None:
        masks = self.masks
        digit_cells = self.digit_cells
        singles = self.singles
        dirty = self.dirty
        for cell, digit in step.placements:
            if not self.values[cell]:  # already placed (a trial can apply steps found earlier)
                singles, dirty = self._place(cell, digit, singles, dirty)
        unit_singles = self.unit_singles
        pending = self.pending
        for cell, digit in step.eliminations:
            digit_bit = 1 << (digit - 1)
            m = masks[cell] & ~digit_bit
            masks[cell] = m
            places = digit_cells[digit] = digit_cells[digit] & _ALL_BUT[cell]
            # Only the digit's places changed in the cell's units: where their hidden singles
            # are known, whether the digit is one of them is all there is to work out again.
            for slot in CELL_SLOTS[cell]:
                if dirty >> slot & 1:
                    continue
                inside = places & _SLOT_CELL_BITS[slot]
                if inside & (inside - 1):
                    continue  # two places left, so two or more before: no single either time
                before = unit_singles[slot]
                after = before | digit_bit if inside else before & ~digit_bit
                if after != before:
                    unit_singles[slot] = after
                    if after:
                        pending |= 1 << slot
                    else:
                        pending &= ~(1 << slot)
            if ONLY_DIGIT[m]:
                singles |= 1 << cell
            else:
                singles &= _ALL_BUT[cell]
        self.singles = singles
        self.dirty = dirty
        self.pending = pending


class Rung:
    """A ladder's technique and its finder on the ladder's board, None until a walk first reaches
    the technique: reading the finder then imports the technique's family, and the rung keeps it
    for every later walk."""

    __slots__ = ("entry", "finder", "board")

    def __init__(self, entry: Technique, board: Geometry):
        self.entry = entry
        self.finder: Finder | None = None
        self.board = board

    def reach(self) -> Finder:
        """The finder, read from the family's module (imported now if it was not); on a board made
        of grids, run on each grid where the technique needs one (engine/grids.py)."""
        finder = self.finder = finder_on(self.entry, self.board)
        assert finder is not None  # the ladder holds only techniques with a finder
        return finder


class Ladder:
    """A ladder of technique ids on a board, split the way the walk uses it: naked singles in a
    batch, hidden singles from the walk's own cache, then the other finders in registry order.

    `rungs` and `rest_rungs` (the same Rung objects) hold the registry entries of `ids` and `rest`
    with their finders, so the walk's loop calls a finder without looking it up, and only the
    families a walk reaches are imported. The look-ahead's caches are keyed by the Ladder itself,
    cheaper to look up than its ids."""

    __slots__ = ("ids", "board", "singles_first", "hidden_next", "rest", "rungs", "rest_rungs")

    def __init__(self, ids: tuple[str, ...], board: Geometry = CLASSIC):
        self.ids = ids
        self.board = board
        self.singles_first = bool(ids) and ids[0] == "naked_single"
        rest = ids[1:] if self.singles_first else ids
        self.hidden_next = self.singles_first and rest[:1] == ("hidden_single",)
        self.rest = rest[1:] if self.hidden_next else rest
        self.rungs = tuple(Rung(technique(technique_id), board) for technique_id in ids)
        self.rest_rungs = self.rungs[len(ids) - len(self.rest):]


@lru_cache(maxsize=64)
def ladder(ids: tuple[str, ...], board: Geometry = CLASSIC) -> Ladder:
    """The ladder of `ids` on `board` (made once: its rungs keep the finders they have read)."""
    return Ladder(ids, board)


def _group_start(technique_id: str) -> int:
    group = technique(technique_id).score_group
    return min(t.order for t in TECHNIQUES if t.score_group == group)


@lru_cache(maxsize=256)
def easier_ladder(steps_ladder: Ladder, technique_id: str) -> Ladder | None:
    """The ladder's techniques easier than `technique_id`'s score group, or None when the look-ahead
    cannot change the level (the technique earns the same however often it is used)."""
    entry = technique(technique_id)
    if entry.repeated_level == entry.level:
        return None
    start = _group_start(technique_id)
    return ladder(tuple(t for t in steps_ladder.ids if technique(t).order < start),
                  steps_ladder.board)


@lru_cache(maxsize=256)
def _from_group(steps_ladder: Ladder, technique_id: str) -> tuple[Rung, ...]:
    """The rungs of the ladder's `rest` from `technique_id`'s score group on."""
    start = _group_start(technique_id)
    return tuple(rung for rung in steps_ladder.rest_rungs if rung.entry.order >= start)


def finishes(walk: Walk, steps: Iterable[Step], easier: Ladder) -> bool:
    """Whether, after `steps`, the easier techniques alone fill the grid (in any order: the
    techniques only remove candidates, so the order they are tried in cannot change that)."""
    trial = walk.copy()
    for step in steps:
        trial.apply(step)
    return advance(trial, easier, [], None, None, prefer=False)


def _preferred(walk: Walk, steps_ladder: Ladder, rungs: tuple[Rung, ...]):
    """(step, trial, trial_steps): the preferred step of the simplest technique among `rungs`, or
    (None, None, None). When the step is the finder's first, `trial` is the walk after it and the
    easier steps that followed (`trial_steps`, the step included), so the caller need not redo them."""
    if not rungs:  # a look-ahead's ladder of singles alone: no finder to hand the position to
        return None, None, None
    masks = walk.remember_digit_cells()
    for rung in rungs:
        finder = rung.finder
        if finder is None:
            finder = rung.reach()
        found = finder(walk.values, masks)
        first = next(found, None)
        if first is None:
            continue
        easier = easier_ladder(steps_ladder, rung.entry.id)
        if easier is None:
            return first, None, None
        trial = walk.copy()
        trial.apply(first)
        trial_steps = [first]
        if advance(trial, easier, trial_steps, None, None):
            return first, trial, trial_steps
        others = list(found)
        # Removing more candidates never stops easier techniques from finishing, so when all the
        # instances made together do not let them finish, no single one does: one trial instead
        # of one per instance (hard puzzles have many, and most never finish). The first's trial
        # is where easier techniques took it, so the others can start from there.
        # Both the first's trial and the walk are where easier techniques are stuck: steps that
        # change nothing there leave them stuck, and need no trial.
        if others and _changes(trial, others) and finishes(trial, others, easier):
            for candidate in others:
                if _changes(walk, (candidate,)) and finishes(walk, (candidate,), easier):
                    return candidate, None, None
        return first, trial, trial_steps
    return None, None, None


def _first_step(walk: Walk, steps_ladder: Ladder) -> Step | None:
    """The first step the first finder of the ladder's `rest` that finds any yields, or None."""
    masks = walk.remember_digit_cells()
    for rung in steps_ladder.rest_rungs:
        finder = rung.finder
        if finder is None:
            finder = rung.reach()
        for step in finder(walk.values, masks):
            return step
    return None


def _changes(walk: Walk, steps: Iterable[Step]) -> bool:
    """Whether applying `steps` would change the walk's position."""
    values, masks = walk.values, walk.masks
    for step in steps:
        for cell, _ in step.placements:
            if not values[cell]:
                return True
        for cell, digit in step.eliminations:
            if masks[cell] >> (digit - 1) & 1:
                return True
    return False


def preferred_step(walk: Walk, steps_ladder: Ladder) -> Step | None:
    """The simplest technique's step: among its instances, the first (in the finder's order) after
    which easier techniques finish the puzzle, or else simply the first; None if nothing applies."""
    return _preferred(walk, steps_ladder, steps_ladder.rungs)[0]


def advance(walk: Walk, steps_ladder: Ladder, steps: list[Step], scorer: Scorer | None,
            fallback: Callable[[Walk], Step | None] | None, prefer: bool = True) -> bool:
    """Make the simplest steps until the grid is full (True), or until the ladder is stuck and
    there is no `fallback(walk)` step (False). Steps go to `steps`, and to `scorer` if given.

    With `prefer` the steps are the engine's (see preferred_step); without, each finder's first.
    """
    rest = steps_ladder.rest_rungs
    singles_first, hidden_next = steps_ladder.singles_first, steps_ladder.hidden_next
    make_singles = walk.make_singles
    while walk.empty > 0:
        if singles_first:
            make_singles(steps, hidden_next, scorer)
            if walk.empty <= 0:
                break
        if prefer:
            step, trial, trial_steps = _preferred(walk, steps_ladder, rest)
            rest = steps_ladder.rest_rungs
            if trial is not None:
                walk.take(trial)
                steps += trial_steps
                if scorer is not None:
                    # A run of one technique's steps is scored at once (mostly naked singles).
                    for technique_id, run in groupby(map(_TECHNIQUE, trial_steps)):
                        scorer.add(technique_id, len(list(run)))
                # The trial ran the easier techniques until none applied: skip their finders.
                rest = _from_group(steps_ladder, step.technique)
                continue
        elif steps_ladder.rest:
            step = _first_step(walk, steps_ladder)
        else:
            step = None
        if step is None:
            step = fallback(walk) if fallback is not None else None
            if step is None:
                return False
        walk.apply(step)
        if scorer is not None:
            scorer.add(step.technique)
        steps.append(step)
    return True
