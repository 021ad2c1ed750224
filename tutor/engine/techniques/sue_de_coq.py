"""Sue de Coq: two or three cells where a line crosses a box, shared out between the line and the box.

Holds on every regular board: the argument counts digits and cells of a line, a box and the cells
they share, whatever the box's shape; where a line meets a box in more than three cells (boxes
four wide or tall) the crossing's cells C may be more than three, and the search grows as 2 to
the power of a line's empty cells (16x16 positions with many empty cells are slow).
"""

from __future__ import annotations

from typing import Iterator, Sequence

from tutor.model.geometry import (
    COUNT, DIGITS_IN, Geometry, cells_name, cells_of_bits, digits_name, unit_name,
)
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current
from tutor.engine.step import Step
from tutor.engine.technique import Texts, digits_or, packed
from tutor.engine.wording import removal_lines, removals_by_digit

HOLDS_ON = "every regular board and the Samurai"

def _subset_order(size: int) -> tuple[int, ...]:
    """The non-empty subsets of `size` things as bitsets of their indices, in the order the search
    has always listed them (depth first, the last branch first), which the steps' order keeps."""
    order = []
    stack = [(0, 0)]
    while stack:
        start, bits = stack.pop()
        for i in range(start, size):
            grown = bits | 1 << i
            order.append(grown)
            stack.append((i + 1, grown))
    return tuple(order)


def _ranks(order: tuple[int, ...]) -> list[int]:
    rank = [0] * (len(order) + 1)
    for place, subset in enumerate(order):
        rank[subset] = place
    return rank


class _Tables:
    """One board's tables, made on first use of the board."""

    def __init__(self, board: Geometry) -> None:
        size, unit_bits = board.size, board.unit_bits
        self.crossings = tuple((line, box) for line in range(2 * size)
                               for box in board.box_units if unit_bits[line] & unit_bits[box])
        """(line unit, box unit) for every line and box that cross."""
        self.around = tuple(unit_bits[line] | unit_bits[box] for line, box in self.crossings)
        """around[i]: the cells of crossing i's line and box, whose candidates are all that its
        steps depend on."""
        self.order = tuple(_subset_order(n) for n in range(size - 1))
        """order[n]: the subsets of n things, for every pool (a line's or box's cells less at
        least two crossing cells) and every crossing."""
        self.size = bits = tuple(s.bit_count() for s in range(1 << (size - 2)))
        """size[s]: how many indices the bitset s holds."""
        self.cores = tuple(
            tuple(tuple(i for i in range(n) if s >> i & 1) for s in order if bits[s] >= 2)
            for n, order in enumerate(self.order[:max(board.box_height, board.box_width) + 1]))
        """cores[n]: the subsets of two or more of n crossing cells, as index tuples, in the
        search's order."""
        self.rank = tuple(_ranks(order) for order in self.order)
        """rank[n][s]: where subset s comes in order[n]."""
        self.units = board.units


def _tables() -> _Tables:
    """The tables of the board in use."""
    return board_in_use().table("sue_de_coq.tables", _Tables)


def _groups(t: _Tables, cells: Sequence[int], masks, core_mask: int,
            spare: int) -> dict[tuple[int, int], list[int]]:
    """The subsets s of `cells` (bit i of s: cells[i]) holding a digit of `core_mask` and taking
    between 1 and spare - 1 of them (cells less digits outside it), by (how many they take, their
    digits of `core_mask`), each list in the search's order."""
    ins, outs = [0], [0]
    for cell in cells:
        mask = masks[cell]
        part = mask & core_mask
        ins += [d | part for d in ins]
        part = mask & ~core_mask
        outs += [d | part for d in outs]
    size, count = t.size, COUNT
    groups: dict[tuple[int, int], list[int]] = {}
    for s in t.order[len(cells)]:
        if ins[s]:
            takes = size[s] - count[outs[s]]
            if 0 < takes < spare:
                key = (takes, ins[s])
                if key in groups:
                    groups[key].append(s)
                else:
                    groups[key] = [s]
    return groups


def _groups_avoiding(t: _Tables, cells: Sequence[int], masks, core_mask: int, spare: int,
                     other_groups: dict[tuple[int, int], list[int]]
                     ) -> dict[tuple[int, int], list[int]]:
    """The groups of _groups(cells, ...) (lists in no particular order) less the sets sharing a
    digit of `core_mask` with every group of `other_groups`: those pair with nothing. A set
    pairing with a group holding digits D is made of cells holding none of D, so only the
    subsets of those cells are listed, once per different choice of cells."""
    size, count = t.size, COUNT
    groups: dict[tuple[int, int], list[int]] = {}
    pools = set()
    for _, digits in other_groups:
        pool = 0
        for i, cell in enumerate(cells):
            if not masks[cell] & digits:
                pool |= 1 << i
        if pool:
            pools.add(pool)
    seen = set()
    for pool in pools:
        ins, outs, sets = [0], [0], [0]
        for i, cell in enumerate(cells):
            if pool >> i & 1:
                mask = masks[cell]
                part = mask & core_mask
                ins += [d | part for d in ins]
                part = mask & ~core_mask
                outs += [d | part for d in outs]
                sets += [t | 1 << i for t in sets]
        for inside, outside, s in zip(ins, outs, sets):
            if inside:
                takes = size[s] - count[outside]
                if 0 < takes < spare and s not in seen:
                    seen.add(s)
                    key = (takes, inside)
                    if key in groups:
                        groups[key].append(s)
                    else:
                        groups[key] = [s]
    return groups


def _union(cells: Sequence[int], subset: int, masks) -> int:
    """The digits of the cells of `subset` (bit i: cells[i])."""
    digits = 0
    for i, cell in enumerate(cells):
        if subset >> i & 1:
            digits |= masks[cell]
    return digits


def _cells_in(cells: Sequence[int], subset: int) -> int:
    """The cell set of the cells of `subset` (bit i: cells[i])."""
    bits = 0
    for i, cell in enumerate(cells):
        if subset >> i & 1:
            bits |= 1 << cell
    return bits


# The search's `crossings`: (candidates of every cell, each crossing's steps) from the last
# position searched, replaced whole. A crossing's steps depend on its line's and box's
# candidates alone, and from one stuck position to the next most crossings keep them.


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
    now = tuple(masks)
    search = current()
    last = search.crossings
    changed = -1
    if last is not None:
        before, found_before = last
        changed = 0
        for cell, (old, new) in enumerate(zip(before, now)):
            if old != new:
                changed |= 1 << cell
    found = []
    steps: list[Step] = []
    t = _tables()
    around = t.around
    for index, (line, box) in enumerate(t.crossings):
        if changed & around[index]:
            mine = _crossing_steps(t, now, line, box)
        else:
            mine = found_before[index]
        found.append(mine)
        steps += mine
    search.crossings = (now, found)
    seen = set()
    for step in sorted(steps, key=lambda s: (len(s.cells), -len(s.eliminations))):
        if step.eliminations not in seen:
            seen.add(step.eliminations)
            yield step


def _crossing_steps(tables: _Tables, masks, line: int, box: int) -> tuple[Step, ...]:
    """The steps where `line` crosses `box`, in the search's order."""
    line_cells = [c for c in tables.units[line] if masks[c]]
    box_cells = [c for c in tables.units[box] if masks[c]]
    crossing = [c for c in line_cells if c in box_cells]
    if len(crossing) < 2:
        return ()
    union = 0
    for c in crossing:
        union |= masks[c]
    count = COUNT
    if count[union] < 4:
        return ()  # no two or three crossing cells hold two digits more than cells
    line_empty = box_empty = 0
    steps = []
    for core in tables.cores[len(crossing)]:
        core_cells = [crossing[i] for i in core]
        core_mask = 0
        for c in core_cells:
            core_mask |= masks[c]
        spare = count[core_mask] - len(core_cells)
        if spare < 2:
            continue
        # A set must hold a digit of V and take between 1 and spare - 1 of them (its cells less
        # its digits outside V); a line set taking a of them pairs with the box sets taking the
        # rest and holding none of its digits of V. Sets are grouped by what they take and
        # their digits of V, and only groups that fit are paired.
        line_pool = [c for c in line_cells if c not in core_cells]
        box_pool = [c for c in box_cells if c not in core_cells]
        # The smaller pool first: when it has no set, the larger one is not searched.
        small, large = ((line_pool, box_pool) if len(line_pool) <= len(box_pool)
                        else (box_pool, line_pool))
        small_groups = _groups(tables, small, masks, core_mask, spare)
        if not small_groups:
            continue
        large_groups = _groups_avoiding(tables, large, masks, core_mask, spare, small_groups)
        if not large_groups:
            continue
        line_groups, box_groups = ((small_groups, large_groups) if small is line_pool
                                   else (large_groups, small_groups))
        by_takes: dict[int, list[tuple[int, list[int]]]] = {}
        for (takes, box_digits), box_sets in box_groups.items():
            if takes in by_takes:
                by_takes[takes].append((box_digits, box_sets))
            else:
                by_takes[takes] = [(box_digits, box_sets)]
        pairs = []
        for (taken, line_digits), line_sets in line_groups.items():
            for box_digits, box_sets in by_takes.get(spare - taken, ()):
                if not box_digits & line_digits:
                    pairs += [(s, t) for s in line_sets for t in box_sets]
        if not pairs:
            continue
        line_rank, box_rank = tables.rank[len(line_pool)], tables.rank[len(box_pool)]
        pairs.sort(key=lambda pair: (line_rank[pair[0]], box_rank[pair[1]]))
        # A crossing cell outside C lies in both pools; the two sets cannot share it. (On boxes
        # three wide and tall there is one at most; wider ones may leave more.)
        free = [c for c in crossing if c not in core_cells]
        line_free = 1 << line_pool.index(free[0]) if free else 0
        box_free = 1 << box_pool.index(free[0]) if free else 0
        more_free = [(1 << line_pool.index(c), 1 << box_pool.index(c)) for c in free[1:]]
        core_bits = 0
        for c in core_cells:
            core_bits |= 1 << c
        if not line_empty:
            for c in line_cells:
                line_empty |= 1 << c
            for c in box_cells:
                box_empty |= 1 << c
        for s, t in pairs:
            if s & line_free and t & box_free:
                continue
            if more_free and any(s & line_bit and t & box_bit for line_bit, box_bit in more_free):
                continue
            step = _step(masks, line, box, core_bits, core_mask, _cells_in(line_pool, s),
                         _union(line_pool, s, masks), _cells_in(box_pool, t),
                         _union(box_pool, t, masks), line_empty, box_empty)
            if step is not None:
                steps.append(step)
    return tuple(steps)


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

    def spot(self, step: Step) -> str:
        return ("where a line crosses a box, look for two or three empty cells holding two more "
                "digits than cells or more, then for cells of the line and of the box that take "
                "up those digits.")

    def one_line(self, step: Step) -> str:
        return (f"{step.name}: {cells_name(step.role('intersection'))} "
                f"({packed(step.role('intersection_digits'))}) with "
                f"{cells_name(step.role('line_cells'))} "
                f"({packed(step.role('line_digits'))}) and "
                f"{cells_name(step.role('box_cells'))} "
                f"({packed(step.role('box_digits'))}) => {step.changes}")

    def nudge(self, step: Step) -> str:
        line, box = step.units
        return (f"Look for a Sue de Coq where {unit_name(line)} crosses {unit_name(box)}: cells "
                f"there holding at least two more digits than cells.")

    def pattern(self, step: Step) -> str:
        line, box = step.units
        return (f"{cells_name(step.role('intersection'))}, where {unit_name(line)} crosses "
                f"{unit_name(box)}, hold {digits_name(step.role('intersection_digits'))}.\nIn "
                f"{unit_name(line)}, {_holds(step.role('line_cells'))} "
                f"{digits_name(step.role('line_digits'))}.\nIn {unit_name(box)}, "
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
        lines = [self.pattern(step),
                 f"The {_count(len(core))} crossing cells hold different digits, all from "
                 f"{digits_name(sorted(core_digits))}.",
                 f"In {line}, {_part(line_cells, line_extra, line_takes, line_core)}",
                 f"In {box}, {_part(box_cells, box_extra, box_takes, box_core)}",
                 f"No digit is in both lists, and each of these cells shares {line} or {box} with "
                 f"the crossing cells, so together they hold {len(core) + line_takes + box_takes} "
                 f"different digits of {digits_name(sorted(core_digits))}: every one of them, "
                 f"each once.",
                 *_rest(line_cells, line_extra, line_takes, box_cells, box_extra, box_takes),
                 f"So {digits_name(line_removes)} can only be in the crossing cells or "
                 f"{cells_name(line_cells)}, all in {line}: no other cell of {line} can hold "
                 f"{'it' if len(line_removes) == 1 else 'them'}.",
                 f"And {digits_name(box_removes)} only in the crossing cells or "
                 f"{cells_name(box_cells)}, all in {box}: no other cell of {box} can hold "
                 f"{'it' if len(box_removes) == 1 else 'them'}.",
                 *removal_lines(_removal_text(step))]
        return "\n".join(lines)


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
            f"{digits_or(core_digits)}.")


def _rest(line_cells, line_extra, line_takes: int, box_cells, box_extra, box_takes: int) -> list[str]:
    """'Then r9c1 and r9c7 hold exactly 1 of them, and their other cell the 4.', a line a set:
    once every digit of the crossing is placed, a set with other digits holds them too (it is
    only now that they follow: before, its cells could all have held digits of the crossing)."""
    lines = []
    for cells, extra, takes in ((line_cells, line_extra, line_takes), (box_cells, box_extra, box_takes)):
        if not extra:
            continue
        rest = "other cell the" if len(extra) == 1 else f"other {len(extra)} cells"
        their = "its" if len(cells) == 1 else "their"
        verb = "holds" if len(cells) == 1 else "hold"
        lines.append(f"Then {cells_name(cells)} {verb} exactly {takes} of them, and {their} "
                     f"{rest} {digits_name(extra)}.")
    return lines


def _removal_text(step: Step) -> str:
    return removals_by_digit(step)
