"""Almost locked sets: ALS-XZ and ALS-XY-Wing, sets of N cells in one unit holding N+1 digits.

They hold on every regular board: a set's count of cells and digits and cells seeing each other
are all the arguments need, never the boxes' shape.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from tutor.model.geometry import (
    COUNT, DIGITS_IN, cell_name, cells_name, cells_of_bits, digits_name, unit_name,
)
from tutor.model.geometry import current as board_in_use
from tutor.engine.als_index import Als, AlsIndex, all_cells, als_index, every_digit
from tutor.engine.chain import IN_SET, SEEN, Link, NamedSet, Node, length_bonus, narration
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, digits_or, packed, symbol
from tutor.engine.wording import removal_lines

HOLDS_ON = "every regular board and the Samurai"

def _shared_removals(a: Als, b: Als, digits: int) -> list[tuple[int, int]]:
    """(cell, digit) for each digit of `digits` and each cell seeing all its places in both sets."""
    removed = []
    for d in DIGITS_IN[digits]:
        both = a.seers[d] & b.seers[d]
        if both:
            removed += [(c, d) for c in cells_of_bits(both)]
    return removed


def _locked_removals(a: Als, other: Als, digits: int) -> list[tuple[int, int]]:
    """(cell, digit) for each digit of `digits` locked in `a`, from cells outside both sets."""
    removed = []
    for d in DIGITS_IN[digits]:
        seeing = a.seers[d] & ~other.cells
        if seeing:
            removed += [(c, d) for c in cells_of_bits(seeing)]
    return removed


def _set_roles(name: str, als: Als) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return ((name, cells_of_bits(als.cells)), (f"{name}_digits", DIGITS_IN[als.mask]))


def _unique(steps: list[Step]) -> Iterator[Step]:
    """The steps smallest pattern first, one per set of eliminations (sets sharing no cell
    preferred: they are easier to see)."""
    seen = set()
    for step in sorted(steps, key=lambda s: (shares_cells(s), _pattern_size(s), -len(s.eliminations))):
        if step.eliminations not in seen:
            seen.add(step.eliminations)
            yield step


def _set_cells(step: Step) -> list[int]:
    return [c for role in ("als_a", "als_b", "pivot") for c in step.role(role)]


def shares_cells(step: Step) -> bool:
    """Whether two of the step's sets share a cell."""
    cells = _set_cells(step)
    return len(cells) != len(set(cells))


def _pattern_size(step: Step) -> int:
    return len(_set_cells(step))


def _digits_of(removed) -> tuple[int, ...]:
    return tuple(sorted({d for _, d in removed}))


def als_xz(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Two disjoint almost locked sets A and B with a restricted common digit x: every x of A sees
    every x of B, so x is in at most one of them, and the other, down to N digits for N cells,
    holds all its other digits. So any other common digit z is in A or B, and leaves every cell
    seeing all its places in both. With two restricted commons (doubly linked) both sets are
    locked outright: each common digit leaves cells seeing all its places in both, and each other
    digit of a set leaves cells seeing all its places in that set.

    Roles: ("als_a", cells), ("als_a_digits", digits), ("als_b", cells), ("als_b_digits",
    digits), ("restricted_common", (x,) or (x1, x2)). `units` are A's unit then B's; `digits` are
    the eliminated digits ascending (HoDoKu's candidate field).
    """
    found = als_index(masks)
    sets, ties, stride = found.sets, found.ties, found.stride
    steps = []
    # A pair removes something only if a common digit other than its tie has cells seeing all
    # its places in both, or if it is doubly linked (`pairing`).
    near_any, wide = found.near_any, found.wide
    for i, pairing in enumerate(found.pairing):
        candidates = pairing & -1 << i + 1
        if not candidates:
            continue
        if not wide >> i & 1:
            # Linked twice, with no digit reaching beyond the two ties in either set, and near
            # through none: the two sets leave nothing outside them.
            candidates &= near_any[i] | wide
        a = sets[i]
        base = stride * i
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            j = low.bit_length() - 1
            b = sets[j]
            if a.cells & b.cells:
                continue
            common = a.mask & b.mask
            rcs = 0
            for d in DIGITS_IN[common]:
                if ties[base + d] & low:
                    rcs |= 1 << (d - 1)
            if COUNT[rcs] == 1:
                removed = _shared_removals(a, b, common & ~rcs)
            else:
                removed = (_shared_removals(a, b, common) + _locked_removals(a, b, a.mask & ~rcs)
                           + _locked_removals(b, a, b.mask & ~rcs))
            if removed:
                eliminations = tuple(sorted(set(removed)))
                steps.append(Step(
                    "als_xz", eliminations=eliminations,
                    cells=cells_of_bits(a.cells) + cells_of_bits(b.cells),
                    units=(a.unit, b.unit), digits=_digits_of(removed),
                    roles=_set_roles("als_a", a) + _set_roles("als_b", b)
                    + (("restricted_common", DIGITS_IN[rcs]),)))
    yield from _unique(steps)


def als_xy_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Three almost locked sets: a pivot C with a restricted common x with A and y with B.

    If a cell seeing every z of A and of B were z, A (without z) would hold x and B would hold y,
    so C would hold neither x nor y and be left with N-1 digits for N cells. So z leaves those
    cells. As in HoDoKu, z is none of the restricted common digits of either link, and x and y
    differ (a link on two digits may use either). The sets may share cells (HoDoKu's "overlap"
    option), as long as no restricted common digit is in a cell two linked sets share and
    neither of A and B contains the other.

    Roles: ("als_a", cells), ("als_a_digits", digits), ("als_b", ...), ("als_b_digits", ...),
    ("pivot", cells), ("pivot_digits", digits), ("restricted_commons", (x, y)) for the digits the
    texts use. `units` are A's, B's and C's; `digits` the eliminated digits ascending.
    """
    position = als_index(masks)
    sets, ties, tied, near, near_any = (position.sets, position.ties, position.tied,
                                        position.near, position.near_any)
    reaching, twice_any, stride = position.reaching, position.twice, position.stride
    cell_count = board_in_use().cell_count
    best: dict[int, tuple] = {}
    # besides[stride * i + x]: the sets near set i through a digit other than x, or -1 until
    # needed.
    besides = [-1] * (stride * len(sets))
    wide = position.wide
    for pivot_index, pivot in enumerate(sets):
        twice = twice_any[pivot_index]
        # A neighbour tied by two digits and reaching no other has no z: it makes no wing.
        neighbours = tied[pivot_index] & ~(twice & ~wide)
        if neighbours & (neighbours - 1) == 0:  # fewer than two
            continue
        pivot_base = stride * pivot_index
        pivot_digits = DIGITS_IN[reaching[pivot_index]]
        # A pair of neighbours removes something only through a digit z tying neither to the
        # pivot, with cells seeing all z of both (`near`); and two sets tied to the pivot by
        # the same one digit make no wing. Most neighbours have no partner left: the pairs
        # that do are gathered, then taken in the order of the sets' numbers.
        # Each neighbour is tied to the pivot by one digit x (a class per digit: its partners
        # are outside its class) or by several (`twice`: any neighbour). A pair is met from
        # its lower set, except that the largest class is never gone through: its pairs are
        # met from their other set, whichever is lower.
        classes = []
        for x in pivot_digits:
            alone = ties[pivot_base + x] & ~twice
            if alone:
                classes.append((alone.bit_count(), x, alone))
        if not classes:
            largest = largest_bit = 0
        else:
            _, largest_digit, largest = max(classes)
            largest_bit = 1 << (largest_digit - 1)
        pairs: list[tuple[int, int, int]] = []
        for _, x, members in classes:
            if members == largest:
                continue
            rcs = 1 << (x - 1)
            others = neighbours & ~members
            # Tied by x alone, a neighbour's partners are near it through another digit:
            # most neighbours are near the others through x only.
            while members:
                low = members & -members
                members ^= low
                i = low.bit_length() - 1
                at = stride * i + x
                pool = besides[at]
                if pool < 0:
                    pool = 0
                    for z in DIGITS_IN[reaching[i] & ~rcs]:
                        pool |= near[at - x + z]
                    besides[at] = pool
                pool &= others & (-low << 1 | largest)
                if not pool:
                    continue
                partners = 0
                for z in DIGITS_IN[reaching[i] & ~rcs]:
                    partners |= near[at - x + z] & ~ties[pivot_base + z]
                partners &= pool
                while partners:
                    high = partners & -partners
                    partners ^= high
                    if high > low:
                        pairs.append((i, high.bit_length() - 1, rcs))
                    else:
                        pairs.append((high.bit_length() - 1, i, largest_bit))
        members = twice & wide
        while members:
            low = members & -members
            members ^= low
            i = low.bit_length() - 1
            pool = near_any[i] & neighbours & (-low << 1 | largest)
            if not pool:
                continue
            rcs_a = 0
            for d in pivot_digits:
                if ties[pivot_base + d] & low:
                    rcs_a |= 1 << (d - 1)
            # Its partners: near it through a digit z that ties neither to the pivot.
            a_base = stride * i
            partners = 0
            for z in DIGITS_IN[reaching[i] & ~rcs_a]:
                partners |= near[a_base + z] & ~ties[pivot_base + z]
            partners &= pool
            while partners:
                high = partners & -partners
                partners ^= high
                if high > low:
                    pairs.append((i, high.bit_length() - 1, rcs_a))
                else:
                    pairs.append((high.bit_length() - 1, i, largest_bit))
        pairs.sort()
        for i, j, rcs_a in pairs:
            a, b = sets[i], sets[j]
            a_mask, a_cells = a.mask & ~rcs_a, a.cells
            rcs_b = 0
            for d in pivot_digits:
                if ties[pivot_base + d] >> j & 1:
                    rcs_b |= 1 << (d - 1)
            targets = a_mask & b.mask & ~rcs_b
            union = a_cells | b.cells
            if union == a_cells or union == b.cells:
                continue
            # The removals as one candidate set (digit d's cells at bit cell_count * (d - 1)
            # up): the same removals give the same number, worked out without listing them.
            key = 0
            a_seers, b_seers = a.seers, b.seers
            for d in DIGITS_IN[targets]:
                key |= (a_seers[d] & b_seers[d]) << cell_count * (d - 1)
            size = (bool(a_cells & b.cells or union & pivot.cells),
                    union.bit_count() + pivot.cells.bit_count())
            if key not in best or size < best[key][0]:
                best[key] = (size, a, b, pivot, rcs_a, rcs_b)
    # The order of _unique (sets sharing no cell first, then the fewest cells counted once per
    # set, then the most removals), worked out from the sets: the walk mostly reads the first
    # step only, so each step is built when reached. One wing per set of removals already.
    def order(item: tuple[int, tuple]) -> tuple[bool, int, int]:
        removed, ((shares, _), a, b, pivot, _, _) = item
        return (shares, a.cells.bit_count() + b.cells.bit_count() + pivot.cells.bit_count(),
                -removed.bit_count())

    board = board_in_use()
    every = all_cells(board)
    for removed, (_, a, b, pivot, rcs_a, rcs_b) in sorted(best.items(), key=order):
        found = tuple(sorted((c, d) for d in board.digits
                             for c in cells_of_bits(removed >> cell_count * (d - 1) & every)))
        x, y = _distinct_pair(rcs_a, rcs_b)
        yield Step(
            "als_xy_wing", eliminations=found,
            cells=tuple(dict.fromkeys(cells_of_bits(a.cells) + cells_of_bits(b.cells)
                                      + cells_of_bits(pivot.cells))),
            units=(a.unit, b.unit, pivot.unit), digits=_digits_of(found),
            roles=_set_roles("als_a", a) + _set_roles("als_b", b)
            + _set_roles("pivot", pivot) + (("restricted_commons", (x, y)),))


def _distinct_pair(first: int, second: int) -> tuple[int, int]:
    """A digit of each mask, the two different."""
    for x in DIGITS_IN[first]:
        for y in DIGITS_IN[second]:
            if x != y:
                return x, y
    raise ValueError("no two different digits")


# Texts.


def _describe(step: Step, name: str) -> str:
    """'r1c2, r1c5 and r1c7 (row 1), holding 1, 4, 6 and 8'."""
    cells = step.role(name)
    digits = step.role(f"{name}_digits")
    return f"{cells_name(cells)} ({_unit_of(step, name)}), holding {digits_name(digits)}"


def _unit_of(step: Step, name: str) -> str:
    order = {"als_a": 0, "als_b": 1, "pivot": 2}[name]
    return unit_name(step.units[order])


def _size(step: Step, name: str) -> str:
    count = len(step.role(name))
    return "1 cell" if count == 1 else f"{count} cells"


def _why_removed(step: Step) -> str:
    """'3 from r2c7 (it sees every 3 of both sets); 5 from r1c1 and r1c2 (...)'."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in step.eliminations:
        by_digit.setdefault(digit, []).append(cell)
    parts = []
    for digit, cells in sorted(by_digit.items()):
        who = "it sees" if len(cells) == 1 else "each sees"
        parts.append(f"{symbol(digit)} from {cells_name(cells)} ({who} every {symbol(digit)} of "
                     f"the sets that hold it)")
    return "; ".join(parts)


def _removal_lines(step: Step) -> list[str]:
    """'Remove 3 from r2c7 (it sees every 3 of the sets that hold it).', or one line a digit."""
    return removal_lines(_why_removed(step))


def _shared(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    """The cells two sets share, in order."""
    return tuple(c for c in first if c in second)


def _overlap_lines(step: Step, names: tuple[tuple[str, str], ...],
                   ties: dict[tuple[str, str], tuple[int, ...]]) -> list[str]:
    """A line for each two sets of the step that share cells, saying which and why the argument
    holds: a set's count of digits and cells is its own, and no tie digit is in a shared cell
    (a cell does not see itself). `names`: (role, label) of each set; `ties`: the tie digits of
    two tied sets, by their roles."""
    lines = []
    for i, (first, first_label) in enumerate(names):
        for second, second_label in names[i + 1:]:
            shared = _shared(step.role(first), step.role(second))
            if not shared:
                continue
            text = (f"{first_label} and {second_label} share {cells_name(shared)}; each set's "
                    f"count of digits and cells is its own, so the argument holds")
            tie = ties.get((first, second))
            if tie:
                text += (f", and {'it holds' if len(shared) == 1 else 'they hold'} no "
                         f"{digits_or(tie)}, so the tie still stands")
            lines.append(text + ".")
    return lines


class AlsXZTexts(Texts):
    """Two sets, A and B, and their restricted common digit(s)."""

    def spot(self, step: Step) -> str:
        return ("look for two almost locked sets (a cell with two candidates is one) sharing a "
                "digit every place of which in one sees every place in the other, and sharing "
                "another digit too.")

    def one_line(self, step: Step) -> str:
        rc = ",".join(map(symbol, step.role("restricted_common")))
        return (f"{step.name}: A={cells_name(step.role('als_a'))} "
                f"{packed(step.role('als_a_digits'))}, "
                f"B={cells_name(step.role('als_b'))} "
                f"{packed(step.role('als_b_digits'))}, x={rc} => {step.changes}")

    def nudge(self, step: Step) -> str:
        return (f"Look for an ALS-XZ: two almost locked sets (N cells of one unit holding N+1 "
                f"digits), one in {unit_name(step.units[0])} and one in "
                f"{unit_name(step.units[1])}, sharing a digit that cannot be in both.")

    def pattern(self, step: Step) -> str:
        rc = step.role("restricted_common")
        return (f"Set A is {_describe(step, 'als_a')}.\nSet B is {_describe(step, 'als_b')}.\n"
                f"Every {digits_or(rc)} of A sees every {digits_or(rc)} of B.")

    def full(self, step: Step) -> str:
        rc = step.role("restricted_common")
        a_count, b_count = _size(step, "als_a"), _size(step, "als_b")
        lines = [f"Set A is {_describe(step, 'als_a')}: {a_count} with one digit more than "
                 f"cells.",
                 f"Set B is {_describe(step, 'als_b')}: {b_count}, likewise."]
        if len(rc) == 1:
            x = symbol(rc[0])
            others = [d for d in step.digits]
            lines += [f"Every {x} of A sees every {x} of B, so A and B cannot both hold "
                      f"{an(x)} (it would be twice in one unit).",
                      f"One of the sets therefore has no {x}, and is left with exactly as many "
                      f"digits as cells: it must hold every one of its other digits.",
                      f"Both sets hold {digits_name(others)}, so "
                      f"{'that digit is' if len(others) == 1 else 'each of those digits is'} in "
                      f"A or in B, and no cell that sees all of its places in both sets can "
                      f"hold it."]
        else:
            x1, x2 = map(symbol, rc)
            lines += [f"Every {x1} of A sees every {x1} of B, and every {x2} of A every {x2} of "
                      f"B, so each of {x1} and {x2} is in at most one of the sets.",
                      "A and B together have two digits more than cells and can lose at most "
                      "these two, so neither set loses any other digit.",
                      f"Each is locked, holding all its digits but one of {x1} and {x2}, and "
                      f"{x1} and {x2} are each in A or in B.",
                      "So no cell outside the sets that sees all the places of one of these "
                      "digits in them can hold it."]
        return "\n".join(lines + _removal_lines(step))


class AlsXYWingTexts(Texts):
    """Sets A and B, each tied to the pivot set C by a restricted common digit (x and y)."""

    def spot(self, step: Step) -> str:
        return ("look for an almost locked set tied to two others by different digits (every place "
                "of the digit in one sees every place in the other), those two sharing another "
                "digit.")

    def one_line(self, step: Step) -> str:
        x, y = map(symbol, step.role("restricted_commons"))
        return (f"{step.name}: A={cells_name(step.role('als_a'))}, "
                f"B={cells_name(step.role('als_b'))}, C={cells_name(step.role('pivot'))}, "
                f"x={x}, y={y} => {step.changes}")

    def nudge(self, step: Step) -> str:
        return (f"Look for an ALS-XY-Wing: three almost locked sets (N cells of one unit holding "
                f"N+1 digits), a pivot set in {unit_name(step.units[2])} tied to two others.")

    def pattern(self, step: Step) -> str:
        x, y = map(symbol, step.role("restricted_commons"))
        return (f"The pivot set C is {_describe(step, 'pivot')}.\nSet A is "
                f"{_describe(step, 'als_a')}; every {x} of A sees every {x} of C.\nSet B is "
                f"{_describe(step, 'als_b')}; every {y} of B sees every {y} of C.")

    def full(self, step: Step) -> str:
        x, y = step.role("restricted_commons")
        sx, sy = symbol(x), symbol(y)
        zs = step.digits
        z = digits_or(zs)
        lines = [self.pattern(step),
                 *_overlap_lines(step, (("als_a", "A"), ("als_b", "B"), ("pivot", "C")),
                                 {("als_a", "pivot"): (x,), ("als_b", "pivot"): (y,)}),
                 "Each set has one digit more than cells, so a set that loses one of its digits "
                 "must hold all the others.",
                 f"Suppose a cell that sees every {z} of A and of B were "
                 f"{an(symbol(zs[0])) if len(zs) == 1 else 'that digit'}:",
                 f"  then A, without it, would hold {an(sx)}, and B would hold {an(sy)}",
                 f"  so C could hold neither {sx} (every {sx} of C sees A's) nor {sy} (every "
                 f"{sy} of C sees B's)",
                 "  and C would be left with fewer digits than cells: impossible."]
        return "\n".join(lines + _removal_lines(step))


BLOSSOM_SEARCH_BUDGET = 20_000
"""How many choices of petals one death blossom search makes at most in a position: on the
classic board the most any position of top1465 or the forum's hardest puzzles asks for is a few
hundred, but a 16x16 board holds so many sets that every stem's petals multiply into millions;
the search stops there, with the blossoms found so far (each true)."""


def death_blossoms(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A stem cell and, for each of its digits d, a petal: an almost locked set holding d whose
    every d sees the stem (the petals share no cell and leave the stem out).

    Whichever digit the stem takes, that digit's petal loses it and must hold all its others. So
    a digit z held by every petal is in one of them, and leaves every cell that sees all the z of
    all the petals (and the stem too, when the stem itself could be z). Petals may share cells
    (HoDoKu's "overlap" option): the argument never needs them apart. One step per set of
    removals is kept, petals sharing no cell preferred, then the fewest cells. The search makes
    at most BLOSSOM_SEARCH_BUDGET choices of petals.

    Roles: ("stem", (cell,)), ("petals", every petal cell), and for each stem digit d,
    (f"petal_{d}", cells) and (f"petal_{d}_digits", digits). `digits` are the eliminated digits
    ascending (HoDoKu's candidate field).
    """
    position = als_index(masks)
    board = board_in_use()
    cell_count, peer_bits, every = board.cell_count, board.peer_bits, all_cells(board)
    # seen[cell_count * d + stem]: the sets holding d whose every d the stem sees.
    sets, seen = position.sets, position.seen
    # The stems with a petal for each of their digits: the sets holding d whose every d sees
    # the stem (a bitset of their numbers), taken in the order of the first set that could be
    # a petal, then its digit, then the cell.
    stems = []
    for stem in board.cells:
        stem_digits = DIGITS_IN[masks[stem]]
        if not 0 < len(stem_digits) <= 4:
            continue
        first = None
        for d in stem_digits:
            members = seen[cell_count * d + stem]
            if not members:
                break
            here = ((members & -members).bit_length(), d)
            if first is None or here < first:
                first = here
        else:
            stems.append((first, stem))
    stems.sort()
    best: dict[tuple, tuple] = {}
    budget = [BLOSSOM_SEARCH_BUDGET]
    # packed[i]: set i's seers of all its digits as one candidate set (digit z's cells at bit
    # cell_count * (z - 1) up), -1 until needed.
    packed = [-1] * len(sets)
    spread = every_digit(board)
    every_candidate = every * spread
    for _, stem in stems:
        stem_digits = DIGITS_IN[masks[stem]]
        stem_peers = peer_bits[stem]
        # Most stems remove nothing: the cells seeing every z of some petal of each digit, the
        # stem's peers for its own digits, are worked out for all digits at once, and only a
        # stem leaving some is searched.
        reach_all = every_candidate & ~(spread << stem)
        for d in stem_digits:
            level_reach = 0
            for i in cells_of_bits(seen[cell_count * d + stem]):
                seers_all = packed[i]
                if seers_all < 0:
                    petal = sets[i]
                    petal_seers = petal.seers
                    seers_all = 0
                    for z in DIGITS_IN[petal.mask]:
                        seers_all |= petal_seers[z] << cell_count * (z - 1)
                    packed[i] = seers_all
                level_reach |= seers_all
            reach_all &= level_reach
            if not reach_all:
                break
        else:
            for z in stem_digits:
                reach_all &= ~((every & ~stem_peers) << cell_count * (z - 1))
        if not reach_all:
            continue
        by_digit = {}
        for d in stem_digits:
            members = seen[cell_count * d + stem]
            by_digit[d] = [sets[i] for i in cells_of_bits(members)]
        # The digit with the fewest petals first: the branches it opens are the fewest.
        order = sorted(stem_digits, key=lambda d: len(by_digit[d]))
        choices = [by_digit[d] for d in order]
        # ahead[k][z]: the cells seeing every z of some petal at each level from k on. A cell
        # that loses z in the end sees every z of each petal chosen, so a digit whose cells
        # left miss these is dropped at once rather than at the last level.
        ahead: list[tuple[int, ...]] = [(every,) * position.stride]
        for level_petals in reversed(choices):
            reach = [0] * position.stride
            for petal in level_petals:
                petal_seers = petal.seers
                for z in DIGITS_IN[petal.mask]:
                    reach[z] |= petal_seers[z]
            after = ahead[-1]
            ahead.append(tuple(r & a for r, a in zip(reach, after)))
        ahead.reverse()

        def grow(level: int, chosen: list, used: int, common: int, seeing: tuple) -> None:
            # `seeing[z]`: the cells seeing every z of the petals chosen so far; a digit whose
            # such cells are all gone is dropped, and a branch with no digit left stops.
            budget[0] -= 1
            if budget[0] < 0:
                return
            if level == len(choices):
                removed = []
                for z in DIGITS_IN[common]:
                    removed += [(c, z) for c in cells_of_bits(seeing[z] & ~used)]
                if removed:
                    key = tuple(sorted(removed))
                    size = (sum(p.cells.bit_count() for p in chosen) != used.bit_count(),
                            used.bit_count())
                    if key not in best or size < best[key][0]:
                        best[key] = (size, stem, tuple(zip(order, chosen)))
                return
            for petal in choices[level]:
                if petal.cells >> stem & 1:
                    continue
                new_used = used | petal.cells
                narrowed = 0
                new_seeing = list(seeing)
                later = ahead[level + 1]
                for z in DIGITS_IN[common & petal.mask]:
                    cells_z = seeing[z] & (petal.seers[z] | petal.cells)
                    new_seeing[z] = cells_z
                    if cells_z & ~new_used & later[z]:
                        narrowed |= 1 << (z - 1)
                if narrowed:
                    chosen.append(petal)
                    grow(level + 1, chosen, new_used, narrowed, tuple(new_seeing))
                    chosen.pop()

        outside_stem = every & ~(1 << stem)
        start = tuple(outside_stem & (stem_peers if masks[stem] >> (z - 1) & 1 else every)
                      if z else 0 for z in range(position.stride))
        if any(cells & first for cells, first in zip(start, ahead[0])):
            grow(0, [], 0, board.all_digits, start)
    steps = []
    for removed, (_, stem, chosen) in best.items():
        roles = [("stem", (stem,)),
                 ("petals", tuple(dict.fromkeys(c for _, p in sorted(chosen)
                                                for c in cells_of_bits(p.cells))))]
        for d, petal in sorted(chosen):
            roles += [(f"petal_{d}", cells_of_bits(petal.cells)),
                      (f"petal_{d}_digits", DIGITS_IN[petal.mask])]
        steps.append(Step("death_blossom", eliminations=removed,
                          cells=(stem,) + roles[1][1],
                          units=tuple(p.unit for _, p in sorted(chosen)),
                          digits=_digits_of(removed), roles=tuple(roles)))
    steps.sort(key=lambda s: (petals_share_cells(s), len(s.cells), -len(s.eliminations)))
    yield from steps


def petals_share_cells(step: Step) -> bool:
    """Whether two petals of a death blossom share a cell."""
    cells = [c for name, members in step.roles
             if name.startswith("petal_") and not name.endswith("_digits") for c in members]
    return len(cells) != len(set(cells))


class DeathBlossomTexts(Texts):
    """A stem cell and one petal per stem digit."""

    def spot(self, step: Step) -> str:
        return ("look for a cell whose every candidate has an almost locked set with every place "
                "of that digit seeing the cell, those sets all sharing another digit.")

    @staticmethod
    def _petals(step: Step) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """(stem digit, petal cells, petal digits) for each stem digit."""
        stem_digits = [int(name[6:]) for name, _ in step.roles
                       if name.startswith("petal_") and not name.endswith("_digits")]
        return [(d, step.role(f"petal_{d}"), step.role(f"petal_{d}_digits"))
                for d in stem_digits]

    def one_line(self, step: Step) -> str:
        stem = step.role("stem")[0]
        petals = "; ".join(f"{symbol(d)}: {cells_name(cells)}"
                           for d, cells, _ in self._petals(step))
        return f"{step.name}: stem {cell_name(stem)}, petals {petals} => {step.changes}"

    def nudge(self, step: Step) -> str:
        stem = step.role("stem")[0]
        return (f"Look for a Death Blossom around {cell_name(stem)}: for each of its digits, an "
                f"almost locked set (N cells of one unit holding N+1 digits) whose every place "
                f"for that digit sees it.")

    def pattern(self, step: Step) -> str:
        stem = step.role("stem")[0]
        petals = self._petals(step)
        lines = [f"The stem {cell_name(stem)} can be {digits_or([d for d, _, _ in petals])}.",
                 "Its petals, each an almost locked set:"]
        lines += [f"  for {symbol(d)}, {cells_name(cells)} holding {digits_name(digits)}"
                  for d, cells, digits in petals]
        lines.append("Every place of each petal's digit sees the stem.")
        return "\n".join(lines)

    @classmethod
    def _shared_lines(cls, step: Step) -> list[str]:
        """For petals sharing cells: a line for each shared cell (or cells in the same petals),
        naming the petals, and one saying why the argument holds all the same."""
        by_cell: dict[int, list[int]] = {}
        for d, cells, _ in cls._petals(step):
            for c in cells:
                by_cell.setdefault(c, []).append(d)
        by_petals: dict[tuple[int, ...], list[int]] = {}
        for c, ds in by_cell.items():
            if len(ds) > 1:
                by_petals.setdefault(tuple(ds), []).append(c)
        if not by_petals:
            return []
        lines = ["Petals share cells:"]
        lines += [f"  {cells_name(sorted(cells))} {'is' if len(cells) == 1 else 'are'} in the "
                  f"petals for {digits_name(ds)}" for ds, cells in by_petals.items()]
        lines.append("That does not weaken the argument: it uses only the one petal of the digit "
                     "the stem takes, and that petal's own count of digits and cells.")
        return lines

    def full(self, step: Step) -> str:
        zs = step.digits
        z = digits_or(zs)
        stem = cell_name(step.role("stem")[0])
        lines = [self.pattern(step), *self._shared_lines(step),
                 "Whatever the stem is, say d, no cell of d's petal can be d, so that petal is "
                 "left with as many digits as cells and must hold all its other digits.",
                 f"Every petal holds {z}, so when {stem} is not {z}, the petal of its digit "
                 f"keeps {z}."]
        # A petal's z is forced only when the stem takes another digit: when the stem can be z,
        # the stem itself is the other place z may land, and the removal rests on seeing it too.
        stem_zs = [d for d in zs if d in {d for d, _, _ in self._petals(step)}]
        if stem_zs:
            lines += [f"If {stem} is {digits_or(stem_zs)} itself, that petal may lose its "
                      f"{digits_or(stem_zs)}, but then {stem} is the {digits_or(stem_zs)}.",
                      f"So {z} lands in a petal or in {stem}, and a cell that sees every {z} of "
                      f"every petal and {stem} too cannot be {z}."]
        else:
            lines.append(f"{stem} cannot be {z}, so whichever digit it takes, {z} lands in that "
                         f"digit's petal, and a cell that sees every {z} of every petal cannot "
                         f"be {z}.")
        return "\n".join(lines + _removal_lines(step))


# --- ALS chains -----------------------------------------------------------------------------


MAX_CHAIN_SETS = 7
"""The longest ALS chain offered, in sets: longer ones are hard to follow, and the search stays
quick (HoDoKu's regression library has none longer than seven)."""

CHAIN_SEARCH_BUDGET = 100_000
"""How many ties the ALS chain search follows at most in one position, each for every chain
start at once: where the ladder reaches ALS chains on top1465, forum-hardest and SE-rated
diabolical puzzles the whole search takes at most about 19,000 (25,000 where the card's ladder
alone is stuck), so this only bounds what a pathological position could cost."""

CHAIN_TRACE_BUDGET = 1_000
"""How many chains the ALS chain search traces back at most for the removals found at one
length: a 16x16 board's thousands of sets make tens of thousands of candidate chains there,
each traced through every set; on the classic board far fewer."""


def als_chains(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Four or more almost locked sets A1, A2, ..., An, each tied to the next by a restricted
    common digit (every instance of it in one sees every instance in the other), the digit
    tying a set to the next differing from the one tying it to the previous.

    If A1 lacked a digit z, it would hold all its others, among them x1, its tie to A2; so A2
    would lack x1 and hold x2, A3 would lack x2 ... and An would hold z. So z, common to A1 and
    An and none of the end ties, is in A1 or An: it leaves every cell seeing all its places in
    both. As in HoDoKu, a tie on two digits passes on both when the previous tie is neither; the
    sets may share cells when no tie digit is in a shared cell. Shortest chains first, one per
    set of removals.

    Roles: ("set_1", cells), ("set_1_digits", digits), ... for each set in order, and
    ("ties", (x1, x2, ...)) the digit each tie passes on (the smaller when it passes two).
    `units` the sets' units; `digits` the removed digits ascending (HoDoKu's candidate field).
    """
    yield from als_chains_within(masks, CHAIN_SEARCH_BUDGET)


def als_chains_within(masks: Sequence[int], budget: int) -> Iterator[Step]:
    """The ALS chains of `als_chains`, following at most `budget` ties (shortest chains first):
    breadth first over (set, digits it lacks), each state followed once for all chain starts."""
    position = als_index(masks)
    sets, ties, near, stride = position.sets, position.ties, position.near, position.stride
    size = stride - 1
    count = len(sets)
    if count < 4:
        return
    # A chain is a path through states (set, digits it lacks): the first set lacks the removed
    # digit and so holds its tie to the second, which lacks that tie digit, and so on. Which
    # chains exist depends only on (first set, first tie digit) - the chain's root - and the
    # state reached: so each state is followed once for all roots at once, its roots a bitset
    # (root (set i, digit f) is bit f * count + i). `reached[depth][set][lacked]`: the roots
    # reaching that state first after `depth` ties, through which a chain is traced. A root
    # coming back to a state later is not followed again (what it would find from there, its
    # first visit found with a shorter chain), except within the first three ties: what a visit
    # sooner finds there is a chain too short to count (three sets are an ALS-XY-Wing).
    tie_digits: list[tuple[int, ...]] = []
    doubles: dict[int, list[tuple[int, int]]] = {}
    twice_tied = [0] * count
    first: dict[int, dict[int, int]] = {}
    seen: dict[int, int] = {}
    for j in range(count):
        base = stride * j
        digits = tuple(d for d in DIGITS_IN[sets[j].mask] if ties[base + d])
        tie_digits.append(digits)
        once = twice = 0
        states = {}
        for d in digits:
            tie = ties[base + d]
            twice |= once & tie
            once |= tie
            # The roots tied to this set by d are the sets it is tied to by d (ties are mutual).
            states[1 << (d - 1)] = tie << (d * count)
        if states:
            first[j] = states
        if twice:
            # Sets tied by two digits pass on both when the set lacks neither (HoDoKu's rule).
            twice_tied[j] = twice
            doubles[j] = [(i, sum(1 << (d - 1) for d in digits if ties[base + d] >> i & 1))
                          for i in cells_of_bits(twice)]
    reached: list[dict[int, dict[int, int]]] = [{}, first]
    found: dict[tuple, tuple] = {}
    given: set[tuple] = set()
    work = 0
    targets: dict[int, list[int]] = {}
    below = _Ends(sets, near, count, size)
    for depth in range(1, MAX_CHAIN_SETS):
        frontier = reached[depth]
        if depth >= 3:  # three sets are an ALS-XY-Wing
            _record(position, reached, depth, frontier, below, found)
            # Every chain of this many sets is found now, and a longer one never replaces it:
            # they are given before the longer ones are looked for (the ladder takes the first).
            yield from _chain_steps(sets, found, given)
        if depth == MAX_CHAIN_SETS - 1 or work > budget:
            break
        after: dict[int, int] = {}
        for here, states in frontier.items():
            base = stride * here
            twice = twice_tied[here]
            for d in tie_digits[here]:
                bit = 1 << (d - 1)
                passing = 0
                for lacked, roots in states.items():
                    if not lacked & bit:
                        passing |= roots
                if not passing:
                    continue
                keys = targets.get(base + d)
                if keys is None:
                    # The states this set's tie by d leads to, made when first followed.
                    targets[base + d] = keys = [i << size | bit
                                                for i in cells_of_bits(ties[base + d] & ~twice)]
                work += len(keys)
                for key in keys:
                    after[key] = after.get(key, 0) | passing
            if twice:
                for other, rcs in doubles[here]:
                    work += 1
                    for lacked, roots in states.items():
                        passing_digits = rcs & ~lacked
                        if passing_digits:
                            key = other << size | passing_digits
                            after[key] = after.get(key, 0) | roots
        following: dict[int, dict[int, int]] = {}
        lacking = (1 << size) - 1
        for key, new in after.items():
            if depth >= 3:
                new &= ~seen.get(key, 0)
            if new:
                if depth >= 2:
                    seen[key] = seen.get(key, 0) | new
                if key >> size in following:
                    following[key >> size][key & lacking] = new
                else:
                    following[key >> size] = {key & lacking: new}
        if not following:
            break
        reached.append(following)


class _Ends:
    """For each end set and the digits it lacks, the roots (first set i, first tie digit f; bit
    f * count + i) whose chains ending there remove something: a digit z, neither f nor lacked,
    common to both sets with cells seeing all its places in both. Only first sets numbered below
    the end count (the same chain read backwards finds the same removals). `cache` holds them
    by (end << size | lacked) once worked out (`size`, the board's digits)."""

    __slots__ = ("sets", "near", "count", "by_end", "cache", "spread", "size")

    def __init__(self, sets: list[Als], near: list[int], count: int, size: int):
        self.sets, self.near, self.count, self.size = sets, near, count, size
        self.by_end: dict[int, tuple[tuple[int, int], ...]] = {}
        self.cache: dict[int, int] = {}
        self.spread: dict[int, int] = {}

    def roots(self, end: int, lacked: int) -> int:
        per_digit = self.by_end.get(end)
        if per_digit is None:
            per_digit = self._by_digit(end)
        found = 0
        for bit, roots in per_digit:
            if not lacked & bit:
                found |= roots
        self.cache[end << self.size | lacked] = found
        return found

    def _by_digit(self, end: int) -> tuple[tuple[int, int], ...]:
        """(digit z as a bit, the roots of the start sets near the end by z) for each z."""
        below = (1 << end) - 1
        found = []
        near, size = self.near, self.size
        every = (1 << size) - 1
        for z in DIGITS_IN[self.sets[end].mask]:
            starts = near[(size + 1) * end + z] & below
            if starts:
                # Every first tie digit but z: the start sets' bitset copied into each block.
                found.append((1 << (z - 1), starts * self._spread(every & ~(1 << (z - 1)))))
        self.by_end[end] = per_digit = tuple(found)
        return per_digit

    def _spread(self, digits: int) -> int:
        found = self.spread.get(digits)
        if found is None:
            found = sum(1 << (d * self.count) for d in DIGITS_IN[digits])
            self.spread[digits] = found
        return found


def _chain_steps(sets: list[Als], found: dict[tuple, tuple], given: set[tuple]) -> list[Step]:
    """The steps of the chains found and not yet given, shortest first."""
    steps = []
    for removed, (_, path, ties) in found.items():
        if removed in given:
            continue
        given.add(removed)
        chain_sets = [sets[i] for i in path]
        roles: list[tuple[str, tuple[int, ...]]] = []
        for n, als in enumerate(chain_sets, start=1):
            roles += [(f"set_{n}", cells_of_bits(als.cells)),
                      (f"set_{n}_digits", DIGITS_IN[als.mask])]
        roles.append(("ties", tuple(DIGITS_IN[t][0] for t in ties)))
        cells = tuple(dict.fromkeys(c for als in chain_sets for c in cells_of_bits(als.cells)))
        digits = _digits_of(removed)
        chain = _chain_links(chain_sets, [DIGITS_IN[t][0] for t in ties], digits[0])
        steps.append(Step("als_chain", eliminations=removed, cells=cells,
                          units=tuple(als.unit for als in chain_sets),
                          digits=digits, roles=tuple(roles), chain=chain))
    steps.sort(key=lambda s: (len(s.units), chain_shares_cells(s), len(s.cells), s.eliminations))
    return steps


def _chain_links(chain_sets: list[Als], ties: list[int], z: int) -> tuple[Link, ...]:
    """The chain as links between each set's places of a digit: set 1 without z holds its first
    tie (inside the set), so set 2 does not hold that digit (a weak link: every place of it in
    one sees every place in the other), so set 2 holds its next tie ... and the last set holds z."""
    def node(als: Als, digit: int) -> Node:
        return Node(cells_of_bits(als.holders[digit]), digit)

    links = []
    previous = node(chain_sets[0], z)
    for n, als in enumerate(chain_sets):
        held = node(als, ties[n] if n < len(ties) else z)
        links.append(Link(previous, False, held, True, IN_SET))
        if n < len(ties):
            after = node(chain_sets[n + 1], ties[n])
            links.append(Link(held, True, after, False, _shared_unit(held.cells + after.cells)))
            previous = after
    return tuple(links)


def _shared_unit(cells: tuple[int, ...]) -> int:
    """A unit holding every one of the cells, or SEEN when they see each other across units."""
    return next((unit for unit, unit_cells in enumerate(board_in_use().units)
                 if set(cells) <= set(unit_cells)), SEEN)


def _record(position: AlsIndex, reached, depth, frontier, ends, found) -> None:
    """Keep, for each set of removals first reached after `depth` ties, the chain that makes it:
    one whose tied sets share no cell where there is one, then the fewest cells, then the fewest
    in its two end sets (whose places of the removed digit the learner compares), then the
    first set, first tie and sets of smallest numbers. At most CHAIN_TRACE_BUDGET chains are
    traced back."""
    sets, near, stride = position.sets, position.near, position.stride
    shift = stride - 1
    traces = CHAIN_TRACE_BUDGET
    count = len(sets)
    cache = ends.cache
    removals: dict[int, tuple] = {}
    options: dict[tuple, list[tuple[int, int, int, int, int]]] = {}
    for end, states in frontier.items():
        last = sets[end]
        end_cells = last.cells.bit_count() + depth - 1  # each set between has a cell at least
        for lacked, roots in states.items():
            allowed = cache.get(end << shift | lacked)
            hits = roots & (ends.roots(end, lacked) if allowed is None else allowed)
            while hits:
                low = hits & -hits
                hits ^= low
                first_tie, start_index = divmod(low.bit_length() - 1, count)
                start = sets[start_index]
                zs = 0
                for z in DIGITS_IN[start.mask & last.mask & ~lacked & ~(1 << (first_tie - 1))]:
                    if near[stride * end + z] >> start_index & 1:
                        zs |= 1 << (z - 1)
                removal_key = (start_index * count + end) << shift | zs
                key = removals.get(removal_key)
                if key is None:
                    removed = []
                    for z in DIGITS_IN[zs]:
                        removed += [(c, z) for c in cells_of_bits(start.seers[z] & last.seers[z])]
                    removals[removal_key] = key = tuple(sorted(removed))
                if key in found:  # a shorter chain makes these removals
                    continue
                least = start.cells.bit_count() + end_cells
                option = (least, start_index, first_tie, end, lacked)
                if key in options:
                    options[key].append(option)
                else:
                    options[key] = [option]
    for key, chains in options.items():
        chains.sort()
        best = None
        for least, start_index, first_tie, end, lacked in chains:
            # No chain from here on can beat one with no shared cell and this few cells (the
            # options come by their fewest possible cells, so by their end sets' cells too).
            if best is not None and not best[0][1] and best[0][2:6] < (
                    least, least - depth + 1, start_index, first_tie):
                break
            traces -= 1
            if traces < 0:
                return
            traced = _trace(position, reached, first_tie * count + start_index, start_index,
                            end, lacked, depth)
            if traced is None:
                continue
            path, passed = traced
            shares = any(sets[a].cells & sets[b].cells for a, b in zip(path, path[1:]))
            size = (depth + 1, shares, sum(sets[i].cells.bit_count() for i in path),
                    least - depth + 1, start_index, first_tie, path, passed)
            if best is None or size < best[0]:
                best = (size, path, passed)
        if best is not None:
            found[key] = best


def _trace(position: AlsIndex, reached, root, start_index, end, lacked, depth):
    """The chain from the root's first set to (end, lacked) in `depth` ties, no set twice, whose
    sets' numbers read from the first set are the smallest, tied sets sharing no cell where
    they can: (sets' numbers, digits each tie passes on), or None."""
    sets, ties, links, stride = position.sets, position.ties, position.links, position.stride
    # The states each walk of that many ties from the root to the end passes, by depth.
    layers: list[set[tuple[int, int]]] = [set() for _ in range(depth + 1)]
    layers[depth].add((end, lacked))
    for d in range(depth, 1, -1):
        earlier = reached[d - 1]
        for here, passed in layers[d]:
            for other, rcs in links[here]:
                states = earlier.get(other)
                if states is not None:
                    for before, roots in states.items():
                        if roots >> root & 1 and rcs & ~before == passed:
                            layers[d - 1].add((other, before))

    def tie_mask(a: int, b: int) -> int:
        rcs = 0
        for d in DIGITS_IN[sets[a].mask & sets[b].mask]:
            if ties[stride * a + d] >> b & 1:
                rcs |= 1 << (d - 1)
        return rcs

    def forth(here: int, passed: int, d: int, used: int) -> list[tuple[int, int]] | None:
        if d == depth:
            return []
        cells = sets[here].cells
        # The first set's neighbours on the way all take its first tie; later ones must be
        # tied to this set by the digits they lack, and no set comes twice but the end.
        options = sorted((bool(sets[other].cells & cells), other, after)
                         for other, after in layers[d + 1]
                         if (d + 1 == depth or not used >> other & 1)
                         and (d == 0 or tie_mask(here, other) & ~passed == after))
        for _, other, after in options:
            rest = forth(other, after, d + 1, used | 1 << other)
            if rest is not None:
                return [(other, after)] + rest
        return None

    found = forth(start_index, 0, 0, 1 << start_index | 1 << end)
    if found is None:
        return None
    return [start_index] + [i for i, _ in found], [passed for _, passed in found]


def chain_shares_cells(step: Step) -> bool:
    """Whether two tied sets of an ALS chain share a cell (HoDoKu's overlap option; sets further
    apart may share cells either way)."""
    n = 1
    while step.role(f"set_{n + 1}"):
        if set(step.role(f"set_{n}")) & set(step.role(f"set_{n + 1}")):
            return True
        n += 1
    return False


def als_chain_rating(step: Step) -> float:
    """An ALS chain is an AIC through almost locked sets only: 7.2, a grouped AIC's through a
    set, plus Sudoku Explainer's length bonus counted in sets (0.1 from a fifth set)."""
    return round(7.2 + length_bonus(len(step.units)), 1)


class AlsChainTexts(Texts):
    """A chain of almost locked sets, each tied to the next by a restricted common digit."""

    def spot(self, step: Step) -> str:
        return ("look for almost locked sets you can tie one to the next by digits every place of "
                "which in one sees every place in the next, the first and last sets sharing "
                "another digit.")

    def one_line(self, step: Step) -> str:
        parts = []
        n = 1
        while step.role(f"set_{n}"):
            parts.append(f"{cells_name(step.role(f'set_{n}'))} "
                         f"{packed(step.role(f'set_{n}_digits'))}")
            n += 1
        ties = ",".join(map(symbol, step.role("ties")))
        return f"{step.name}: {' - '.join(parts)}, ties {ties} => {step.changes}"

    def nudge(self, step: Step) -> str:
        return (f"Look for a chain of {len(step.units)} almost locked sets (N cells of one unit "
                f"holding N+1 digits), starting in {unit_name(step.units[0])} and ending in "
                f"{unit_name(step.units[-1])}, each tied to the next by a digit they cannot "
                f"both hold; it removes {digits_or(step.digits)}.")

    def pattern(self, step: Step) -> str:
        ties = step.role("ties")
        lines = []
        for n in range(1, len(step.units) + 1):
            cells = step.role(f"set_{n}")
            lines.append(f"Set {n}: {cells_name(cells)} ({unit_name(step.units[n - 1])}), holding "
                         f"{digits_name(step.role(f'set_{n}_digits'))}")
            if n < len(step.units):
                tie = symbol(ties[n - 1])
                lines.append(f"  every {tie} of set {n} sees every {tie} of set {n + 1}")
        return "\n".join(lines)

    def full(self, step: Step) -> str:
        ties = step.role("ties")
        count = len(step.units)
        z = digits_or(step.digits)
        names = tuple((f"set_{n}", f"Set {n}") for n in range(1, count + 1))
        first_cells, last_cells = step.role("set_1"), step.role(f"set_{count}")
        inside = (1 if set(first_cells) <= set(last_cells)
                  else count if set(last_cells) <= set(first_cells) else 0)
        overlaps = _overlap_lines(
            step, names, {(f"set_{n}", f"set_{n + 1}"): (ties[n - 1],) for n in range(1, count)})
        if inside:
            # Said below, with what follows from it.
            overlaps = [line for line in overlaps
                        if not line.startswith(f"Set 1 and Set {count} share")]
        overlaps = [line.replace(" and Set ", " and set ") for line in overlaps]
        lines = [self.pattern(step), *overlaps,
                 "Each set has one digit more than cells, so a set that loses one of its digits "
                 "must hold all the others.",
                 f"Suppose set 1 had no {symbol(step.chain[0].premise.digit)}, and follow the "
                 "chain one link at a time:"]
        sets = [NamedSet(step.role(f"set_{n}"), f"set {n}") for n in range(1, count + 1)]
        lines += [f"  {line}" for line in narration(step.chain, sets)]
        first = step.chain[0].premise.digit
        lines.append(f"So if set 1 had no {symbol(first)}, set {count} would hold it: "
                     f"{symbol(first)} is in set 1 or in set {count}.")
        others = [d for d in step.digits if d != first]
        if others:
            lines.append(f"The same holds for {digits_or(others)}: set 1 without it holds "
                         f"{symbol(ties[0])} just the same, so it too is in set 1 or in set "
                         f"{count}.")
        if inside:
            outer, inner = (count, 1) if inside == 1 else (1, count)
            shared = _shared(step.role(f"set_{inner}"), step.role(f"set_{outer}"))
            held = (f"so if set {inner} holds the {z}, set {outer} does too: set {outer} holds "
                    f"the {z} either way" if len(step.digits) == 1 else
                    f"so whichever of {digits_name(step.digits)} set {inner} holds, set {outer} "
                    f"holds too: each is in set {outer} either way")
            lines += [f"Set {inner} lies inside set {outer} ({cells_name(shared)} "
                      f"{'is' if len(shared) == 1 else 'are'} in both), {held}.",
                      f"So a cell that sees every {z} of set {outer} (and so every {z} of both "
                      f"sets) cannot be {z}."]
        else:
            lines.append(f"Either way a cell that sees every {z} of both sets cannot be {z}.")
        return "\n".join(lines + _removal_lines(step))
