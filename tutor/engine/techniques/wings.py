"""Wings: XY-, XYZ-, W- and WXYZ-Wing, small patterns that force a digit into one of a few cells.

They hold on every regular board: each argument is about cells seeing each other and the
candidates they hold, never about the boxes' shape.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from tutor.model.geometry import (
    COUNT, DIGITS_IN, ONLY_DIGIT, Geometry, cell_name, cells_name, cells_of_bits, common_units,
    digits_name, listed, unit_name,
)
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current, digit_cell_sets
from tutor.engine.dead_ends import LIMIT as DEAD_LIMIT
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, digits_or, symbol
from tutor.engine.wording import cells_or

HOLDS_ON = "every regular board and the Samurai"


def _removals(digit: int, cell_bits: int) -> tuple[tuple[int, int], ...]:
    return tuple((c, digit) for c in cells_of_bits(cell_bits))


def xy_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A two-candidate pivot {x, y} seeing two two-candidate pincers {x, z} and {y, z}.

    Whichever digit the pivot takes, one pincer is left with z, so z leaves every cell that sees
    both pincers. Roles: ("pivot", (cell,)) and ("pincers", (cell, cell)), the pincer holding the
    smaller of x and y first; `digits` are x, y and z ascending (HoDoKu's candidate field),
    `cells` the pivot then the pincers.
    """
    peer_bits = board_in_use().peer_bits
    pairs = [c for c in board_in_use().cells if COUNT[masks[c]] == 2]
    if len(pairs) < 3:
        return
    pair_bits = 0
    for c in pairs:
        pair_bits |= 1 << c
    digit_cells = digit_cell_sets(masks)
    for pivot in pairs:
        pivot_mask = masks[pivot]
        x, y = DIGITS_IN[pivot_mask]
        # A pincer shares exactly one digit with the pivot: the pincers {x, z} and {y, z} of a
        # wing are sought among the cells holding x and those holding y, with the same z.
        pincer_bits = peer_bits[pivot] & pair_bits & (digit_cells[x] ^ digit_cells[y])
        holding_x = pincer_bits & digit_cells[x]
        holding_y = pincer_bits & digit_cells[y]
        if not (holding_x and holding_y):
            continue
        found = []
        while holding_x:
            low = holding_x & -holding_x
            holding_x ^= low
            first = low.bit_length() - 1
            z_bit = masks[first] & ~pivot_mask
            z = ONLY_DIGIT[z_bit]
            seconds = holding_y & digit_cells[z]
            while seconds:
                low = seconds & -seconds
                seconds ^= low
                second = low.bit_length() - 1
                removed = digit_cells[z] & peer_bits[first] & peer_bits[second]
                if removed:
                    found.append((min(first, second), max(first, second), z, removed))
        # In the order of the pincers' cells, as when every two pincers were tried in turn.
        for first, second, z, removed in sorted(found):
            z_bit = 1 << (z - 1)
            pair = _by_shared_digit(first, second, masks, z_bit)
            yield Step("xy_wing", eliminations=_removals(z, removed), cells=(pivot, *pair),
                       digits=DIGITS_IN[pivot_mask | z_bit],
                       roles=(("pivot", (pivot,)), ("pincers", pair)))


def _by_shared_digit(first: int, second: int, masks, z_bit: int) -> tuple[int, int]:
    """The two pincers, the one whose other digit is smaller first: the texts rely on this order
    to say which candidates each pincer holds."""
    return (first, second) if masks[first] & ~z_bit < masks[second] & ~z_bit else (second, first)


def xyz_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A three-candidate pivot {x, y, z} seeing two two-candidate pincers {x, z} and {y, z}.

    The pivot or one of the pincers holds z, so z leaves every cell that sees all three. Roles:
    ("pivot", (cell,)) and ("pincers", (cell, cell)), the pincer holding the smaller of x and y
    first; `digits` are the pivot's three digits ascending (HoDoKu's candidate field).
    """
    peer_bits = board_in_use().peer_bits
    # One pass finds both the pincers' and the pivots' cells.
    pair_bits = 0
    pivots = []
    for c, mask in enumerate(masks):
        size = COUNT[mask]
        if size == 2:
            pair_bits |= 1 << c
        elif size == 3:
            pivots.append(c)
    if not pair_bits:
        return
    digit_cells = digit_cell_sets(masks)
    for pivot in pivots:
        pivot_mask = masks[pivot]
        first_digit, second_digit, third_digit = DIGITS_IN[pivot_mask]
        holds_1, holds_2, holds_3 = (digit_cells[first_digit], digit_cells[second_digit],
                                     digit_cells[third_digit])
        # A pincer holds two of the pivot's digits (and no other: it holds two); a wing needs
        # two pincers, so most pivots are dropped before their pincers are listed.
        pincer_bits = (peer_bits[pivot] & pair_bits
                       & (holds_1 & (holds_2 | holds_3) | holds_2 & holds_3))
        if pincer_bits.bit_count() < 2:
            continue
        pincers = cells_of_bits(pincer_bits)
        for i, first in enumerate(pincers):
            first_mask = masks[first]
            for second in pincers[i + 1:]:
                if masks[second] == first_mask:
                    continue
                z = ONLY_DIGIT[first_mask & masks[second]]
                removed = (digit_cells[z] & peer_bits[pivot] & peer_bits[first]
                           & peer_bits[second])
                if removed:
                    pair = _by_shared_digit(first, second, masks, 1 << (z - 1))
                    yield Step("xyz_wing", eliminations=_removals(z, removed),
                               cells=(pivot, *pair), digits=DIGITS_IN[pivot_mask],
                               roles=(("pivot", (pivot,)), ("pincers", pair)))


def w_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Two cells holding only {x, y}, with a strong link on x whose ends see one cell each.

    If neither cell were y both would be x, and neither end of the link could be x; so one of
    them is y, and y leaves every cell that sees both. One step per pair of cells and link digit
    (other links for the same pair remove the same candidates). As in HoDoKu, the pincers may see
    each other; unlike HoDoKu, one end of the link may see both pincers (the reasoning holds).
    When the link's ends hold only x and y as well, the four cells are a remote pair, given as
    one (chains.remote_pair_of) with both digits' removals, in the W-Wing's place in the order.
    Roles: ("pincers", (cell, cell)) and ("strong_link", (end seeing the first pincer, end seeing
    the second)); `units` is the link's unit; `digits` are x and y ascending (HoDoKu's candidate
    field).
    """
    board = board_in_use()
    peer_bits = board.peer_bits
    pairs = [c for c in board.cells if COUNT[masks[c]] == 2]
    if len(pairs) < 2:
        return
    digit_cells = digit_cell_sets(masks)
    links: dict[int, tuple[tuple[int, int, int], ...]] = {}
    # The cells holding each pair of digits, ascending: a W-Wing's two cells hold the same pair.
    holding: dict[int, list[int]] = {}
    for cell in pairs:
        if masks[cell] in holding:
            holding[masks[cell]].append(cell)
        else:
            holding[masks[cell]] = [cell]
    given: set = set()  # the remote pairs given (each is found once for each of its digits)
    for first in pairs:
        mask = masks[first]
        same = holding[mask]
        if len(same) < 2:
            continue
        for second in same[same.index(first) + 1:]:
            both = peer_bits[first] & peer_bits[second]
            for link_digit in DIGITS_IN[mask]:
                other = ONLY_DIGIT[mask ^ (1 << (link_digit - 1))]
                removed = digit_cells[other] & both
                if not removed:
                    continue
                if link_digit not in links:
                    links[link_digit] = _strong_links(digit_cells[link_digit])
                link = _bridge(links[link_digit], first, second)
                if link is not None:
                    unit, near_first, near_second = link
                    if masks[near_first] == mask == masks[near_second]:
                        # The link's ends hold only x and y too: a remote pair of four cells,
                        # taught as one, with both digits' removals.
                        from tutor.engine.techniques.chains import remote_pair_of  # lazy: rarely needed

                        pair = remote_pair_of((first, near_first, near_second, second), masks)
                        if pair is not None and pair.eliminations not in given:
                            given.add(pair.eliminations)
                            yield pair
                        continue
                    yield Step("w_wing", eliminations=_removals(other, removed),
                               cells=(first, second, near_first, near_second), units=(unit,),
                               digits=DIGITS_IN[mask],
                               roles=(("pincers", (first, second)),
                                      ("strong_link", (near_first, near_second))))


# The search's `known_links`: {a digit's places (a cell set): its strong links} met in this
# search: a step changes the places of a digit or two, so the next positions ask again about
# most digits' places unchanged.


def _strong_links(cells_with_digit: int) -> tuple[tuple[int, int, int], ...]:
    """(unit, cell, cell) for every unit where the digit has exactly two places."""
    search = current()
    known = search.known_links
    if known is None:
        known = search.known_links = {}
    links = known.get(cells_with_digit)
    if links is None:
        if len(known) >= DEAD_LIMIT:  # the app asks for hints without grading: keep it bounded
            known.clear()
        found = []
        for unit, unit_bits in enumerate(board_in_use().unit_bits):
            inside = cells_with_digit & unit_bits
            if inside.bit_count() == 2:
                low = inside & -inside
                found.append((unit, low.bit_length() - 1, (inside ^ low).bit_length() - 1))
        links = known[cells_with_digit] = tuple(found)
    return links


def _bridge(links, first: int, second: int) -> tuple[int, int, int] | None:
    """The first strong link with one end seeing `first` and the other seeing `second`, as
    (unit, end near first, end near second), or None."""
    peer_bits = board_in_use().peer_bits
    first_peers, second_peers = peer_bits[first], peer_bits[second]
    # Which end sees which pincer is asked first: most links have no such ends and are passed
    # over on that alone.
    for unit, a, b in links:
        if first_peers >> a & 1 and second_peers >> b & 1:
            near_first, near_second = a, b
        elif first_peers >> b & 1 and second_peers >> a & 1:
            near_first, near_second = b, a
        else:
            continue
        if a in (first, second) or b in (first, second):
            continue  # a link through a pincer only restates that the pincers form a naked pair
        return unit, near_first, near_second
    return None


def wxyz_wings(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Four cells holding four digits between them, all but one of them restricted.

    A digit is restricted when the pattern cells holding it all see each other, so it can fill at
    most one of them. With three restricted digits for four cells, the one unrestricted digit z
    must fill one of its pattern cells, so z leaves every cell that sees all of those (SudokuWiki's
    definition). Roles: ("pincers", the pattern cells holding z); ("pivot", (cell,)), only when
    a pattern cell sees the other three (the one with the most candidates, the first of those).
    `digits` are the four digits ascending.
    """
    is_open = _open(board_in_use())
    open_cells = [c for c in board_in_use().cells if is_open[masks[c]]]
    if len(open_cells) < 4:
        return
    digit_cells = digit_cell_sets(masks)
    for quad, z, reach, _ in _wxyz_patterns(masks, open_cells, digit_cells):
        # Most patterns remove nothing: see that before building the step.
        if digit_cells[z] & reach:
            step = _wxyz_step(quad, masks, z, digit_cells)
            if step is not None:
                yield step


def _open(board: Geometry) -> tuple[bool, ...]:
    """[mask]: whether a cell with these candidates can be in a WXYZ pattern (made per board)."""
    return board.table("wings.open", lambda board: tuple(2 <= COUNT[mask] <= 4
                                                         for mask in range(1 << board.size)))

# The search's `wxyz_patterns`: (candidates of every cell, patterns) of the last position
# _wxyz_patterns saw, replaced whole.

_REDO_ALL = 12
"""Past this many changed cells, the patterns are searched afresh rather than around the changes."""


Pattern = tuple[tuple[int, ...], int, int, int]
"""A WXYZ pattern: its four cells ascending, z, the cells seeing every pattern cell holding z (an
81-bit set), and its four cells as an 81-bit set."""

def _wxyz_patterns(masks: Sequence[int], open_cells: list[int],
                   digit_cells: list[int]) -> list[Pattern]:
    """The patterns of every four open cells (quads in lexicographic order) holding four digits
    between them of which only z is unrestricted, z being a candidate of some cell that sees all
    its holders: every WXYZ-Wing that removes something.

    Between positions where candidates were only removed, a pattern whose cells kept theirs is
    kept if it removed something before (what it removes can only shrink, so one that removed
    nothing still removes nothing), and only the quads through a changed cell are searched again
    (the walk changes a few cells from one stuck position to the next). Any other change (a cell
    gaining a candidate: a new puzzle, or the app's hints on another position) searches afresh."""
    now = tuple(masks)
    search = current()
    last = search.wxyz_patterns
    if last is not None:
        before, patterns = last
        if before == now:
            return patterns
        changed = [c for c in board_in_use().cells if before[c] != now[c]]
        if len(changed) <= _REDO_ALL and not any(now[c] & ~before[c] for c in changed):
            is_open = _open(board_in_use())
            gone = 0
            for c in changed:
                gone |= 1 << c
            # Each changed cell's quads leave out the changed cells searched before it, which
            # found the quads through both already.
            found = []
            done = 0
            for c in changed:
                if is_open[now[c]]:
                    found += _quads_from(c, now[c], [(o, now[o]) for o in open_cells
                                                     if o != c and not done >> o & 1],
                                         digit_cells)
                    done |= 1 << c
            patterns = sorted([p for p in patterns if not p[3] & gone] + found)
            search.wxyz_patterns = (now, patterns)
            return patterns
    patterns = _all_patterns(now, open_cells, digit_cells)
    search.wxyz_patterns = (now, patterns)
    return patterns


def _all_patterns(masks: Sequence[int], open_cells: list[int],
                  digit_cells: list[int]) -> list[Pattern]:
    """The patterns of _wxyz_patterns, searched from their unrestricted digit: z is unrestricted
    when two of its holders do not see each other, and as no other digit may be, those two share
    z alone, so one of them holds two candidates (four digits at most between them) and any cell
    removing z sees both. Each such pair (p, q) with a cell removing z is completed by two more
    cells whose candidates fit in four digits with theirs, not sharing a digit other than z with
    a cell of the pattern they do not see, and keeping some cell holding z that sees every
    holder; a pattern with several such pairs is found once for each."""
    count = COUNT
    board = board_in_use()
    peer_bits = board.peer_bits
    all_digits = board.all_digits
    only = ONLY_DIGIT
    open_bits = small = 0
    pair_cells = []
    for c in open_cells:
        open_bits |= 1 << c
        size = count[masks[c]]
        if size <= 3:
            small |= 1 << c
            if size == 2:
                pair_cells.append(c)
    # fitting[union]: the open cells whose candidates make four digits at most with `union`'s.
    fitting: dict[int, int] = {}
    # holding_any[mask]: the cells holding any of its digits.
    holding_any: dict[int, int] = {}
    found: dict[int, Pattern] = {}
    earlier = 0  # the two-candidate cells searched from already
    for p in pair_cells:
        mask_p = masks[p]
        peers_p = peer_bits[p]
        unseen = small & ~peers_p & ~earlier
        earlier |= 1 << p
        for z in DIGITS_IN[mask_p]:
            z_bit = 1 << (z - 1)
            holders = digit_cells[z]
            seen_p = peers_p & holders
            other = digit_cells[only[mask_p ^ z_bit]]
            # Cells that do not see p must not hold p's other digit.
            near_p = peers_p | ~other
            rest = unseen & holders & ~other
            while rest:
                q = rest.bit_length() - 1
                rest ^= 1 << q
                peers_q = peer_bits[q]
                targets = seen_p & peers_q
                if not targets:
                    continue
                mask_q = masks[q]
                union = mask_p | mask_q
                fit = fitting.get(union)
                if fit is None:
                    # The cells holding more digits outside `union` than it leaves room for (one
                    # when it has three), counted in bit-sliced form.
                    once = twice = 0
                    for d in DIGITS_IN[all_digits ^ union]:  # the digits outside it
                        cells = digit_cells[d]
                        twice |= once & cells
                        once |= cells
                    fit = fitting[union] = open_bits & ~(once if count[union] == 4 else twice)
                # Nor q's other digits, if they do not see q.
                far_q = holding_any.get(mask_q ^ z_bit)
                if far_q is None:
                    far_q = 0
                    for d in DIGITS_IN[mask_q ^ z_bit]:
                        far_q |= digit_cells[d]
                    holding_any[mask_q ^ z_bit] = far_q
                joining = fit & near_p & (peers_q | ~far_q) & ~(1 << q)
                if not joining & (joining - 1):
                    continue
                # Each cell that can join, with the cells holding z that see every holder so far.
                joins = []
                while joining:
                    r = joining.bit_length() - 1
                    joining ^= 1 << r
                    mask_r = masks[r]
                    if mask_r & z_bit:
                        seen_r = targets & peer_bits[r]
                        if seen_r:
                            joins.append((r, mask_r, seen_r))
                    else:
                        joins.append((r, mask_r, targets))
                while len(joins) > 1:
                    r, mask_r, seen_r = joins.pop()
                    union_r = union | mask_r
                    peers_r = peer_bits[r]
                    for t, mask_t, seen_t in joins:
                        if (count[union_r | mask_t] != 4 or not seen_r & seen_t
                                or mask_r & mask_t & ~z_bit and not peers_r >> t & 1):
                            continue
                        cells_bits = 1 << p | 1 << q | 1 << r | 1 << t
                        if cells_bits in found:
                            continue
                        # The cells seeing every pattern cell holding z.
                        reach = peers_p & peers_q
                        if mask_r & z_bit:
                            reach &= peers_r
                        if mask_t & z_bit:
                            reach &= peer_bits[t]
                        found[cells_bits] = (tuple(sorted((p, q, r, t))), z, reach, cells_bits)
    return sorted(found.values())


def _quads_from(x: int, mask_x: int, cells: list[tuple[int, int]],
                digit_cells: list[int]) -> list[Pattern]:
    """The patterns made of x and three of `cells` ((cell, candidates), ascending), in
    lexicographic order of b, c, d; each pattern's cells sorted. A quad is dropped as soon as the
    cells taken so far leave z (once known: the digit shared by two of them that do not see each
    other) no candidate seeing all its holders."""
    peer_bits = board_in_use().peer_bits
    count = COUNT
    only = ONLY_DIGIT
    peers_x = peer_bits[x]
    # The cells that can join x: four digits at most between them, and at most one digit shared
    # if they do not see each other (`bad`: the digits in two cells that do not see each other,
    # unrestricted).
    others = []
    for c, m in cells:
        if count[mask_x | m] <= 4:
            if peers_x >> c & 1:
                others.append((c, m, 0))
            else:
                bad = mask_x & m
                if not bad:
                    others.append((c, m, 0))
                elif count[bad] == 1 and peers_x & peer_bits[c] & digit_cells[only[bad]]:
                    others.append((c, m, bad))
    found: list[Pattern] = []
    total = len(others)
    for i in range(total - 2):
        b, mask_b, bad_b = others[i]
        union_b = mask_x | mask_b
        peers_b = peer_bits[b]
        # The later cells that can join x and b, each with the bad digits of the three cells;
        # c and d are taken from these alone.
        fits = []
        for c, mask_c, bad_xc in others[i + 1:]:
            if count[union_b | mask_c] <= 4:
                bad_c = bad_b | bad_xc
                if not peers_b >> c & 1:
                    bad_c |= mask_b & mask_c
                if bad_c:
                    if count[bad_c] > 1:
                        continue
                    targets = digit_cells[only[bad_c]]
                    if mask_x & bad_c:
                        targets &= peers_x
                    if mask_b & bad_c:
                        targets &= peers_b
                    if mask_c & bad_c:
                        targets &= peer_bits[c]
                    if not targets:
                        continue
                fits.append((c, mask_c, bad_c))
        for j in range(len(fits) - 1):
            c, mask_c, bad_c = fits[j]
            union_c = union_b | mask_c
            peers_c = peer_bits[c]
            for d, mask_d, bad in fits[j + 1:]:
                if count[union_c | mask_d] != 4:
                    continue
                bad |= bad_c
                if not peers_c >> d & 1:
                    bad |= mask_c & mask_d
                if count[bad] == 1:
                    # The cells seeing every pattern cell holding z (bad is z's bit).
                    reach = peer_bits[d] if mask_d & bad else -1
                    if mask_x & bad:
                        reach &= peers_x
                    if mask_b & bad:
                        reach &= peers_b
                    if mask_c & bad:
                        reach &= peers_c
                    z = only[bad]
                    if not reach & digit_cells[z]:
                        continue
                    # b < c < d (cells ascend): only x's place among them is to find.
                    if x < b:
                        quad = (x, b, c, d)
                    elif x < c:
                        quad = (b, x, c, d)
                    elif x < d:
                        quad = (b, c, x, d)
                    else:
                        quad = (b, c, d, x)
                    found.append((quad, z, reach, 1 << x | 1 << b | 1 << c | 1 << d))
    return found


def _wxyz_step(quad, masks, z: int, digit_cells) -> Step | None:
    peer_bits = board_in_use().peer_bits
    z_bit = 1 << (z - 1)
    holders = tuple(c for c in quad if masks[c] & z_bit)
    removed = digit_cells[z]
    for c in holders:
        removed &= peer_bits[c]
    if not removed:
        return None
    union = 0
    for c in quad:
        union |= masks[c]
    roles = [("pincers", holders)]
    # The pivot is the hub cell seeing the other three; when several do, the one with the most
    # candidates, as in the usual drawing of the wing.
    hubs = [c for c in quad if all(peer_bits[c] >> other & 1 for other in quad if other != c)]
    if hubs:
        roles.insert(0, ("pivot", (max(hubs, key=lambda c: COUNT[masks[c]]),)))
    return Step("wxyz_wing", eliminations=_removals(z, removed), cells=quad,
                digits=DIGITS_IN[union], roles=tuple(roles))


# Texts. A wing removes one digit, z: the digit of its eliminations.


def _z(step: Step) -> int:
    """The digit the wing removes."""
    return step.eliminations[0][1]


def _sees(cell: int, others) -> str:
    """'r2c1 sees r5c1 (column 1) and r2c5 (row 2)'."""
    parts = [f"{cell_name(o)} ({unit_name(common_units((cell, o))[0])})" for o in others]
    return f"{cell_name(cell)} sees {listed(parts)}"


def _why_each(step: Step, pattern_cells) -> str:
    """Why each eliminated cell is hit: the pattern cells it sees, and through which unit."""
    return "; ".join(_sees(c, pattern_cells) for c in sorted(step.eliminated_cells))


def _removal(step: Step) -> str:
    return f"Remove {symbol(_z(step))} from {cells_name(step.eliminated_cells)}."


def _box_of(cell: int) -> str:
    board = board_in_use()
    return unit_name(board.box_units[board.box_of[cell]])


class _PivotWingTexts(Texts):
    """XY-Wing and XYZ-Wing: a pivot and two pincers, the pincer sharing the smaller pivot digit
    first, so `digits` and z say which candidates each cell holds."""

    pivot_holds_z = False
    """Whether the pivot holds z too (XYZ-Wing), so an eliminated cell must see it as well."""

    def _parts(self, step: Step):
        """(pivot, first pincer, second pincer, x, y, z, the pivot's digits): the first pincer
        holds x and z, the second y and z."""
        pivot = step.role("pivot")[0]
        first, second = step.role("pincers")
        z = _z(step)
        x, y = [d for d in step.digits if d != z]
        return pivot, first, second, x, y, z, step.digits if self.pivot_holds_z else (x, y)

    def one_line(self, step: Step) -> str:
        pivot, first, second, *_ = self._parts(step)
        digits = ",".join(map(symbol, step.digits))
        return (f"{step.name}: {digits} in {cell_name(pivot)} (pivot), {cell_name(first)}, "
                f"{cell_name(second)} => {step.changes}")

    def nudge(self, step: Step) -> str:
        pivot = step.role("pivot")[0]
        size = "three" if self.pivot_holds_z else "two"
        # 'an XY-Wing': the name is read 'ex-why', which `an` cannot tell from its letters.
        return (f"Look for an {step.name} with its pivot in {_box_of(pivot)}: a cell with "
                f"{size} candidates that sees two cells with two candidates each.")

    def pattern(self, step: Step) -> str:
        pivot, first, second, x, y, z, pivot_digits = self._parts(step)
        return (f"The pivot {cell_name(pivot)} holds {digits_or(pivot_digits)}. "
                f"It sees the pincers {cell_name(first)} ({digits_or((x, z))}) and "
                f"{cell_name(second)} ({digits_or((y, z))}), which share the {symbol(z)}.")

    def full(self, step: Step) -> str:
        pivot, first, second, x, y, z, pivot_digits = self._parts(step)
        sx, sy, sz = symbol(x), symbol(y), symbol(z)
        if self.pivot_holds_z:
            third_case = f"; if it is {sz}, the pivot holds the {sz} itself"
            holder, seen_by = "the pivot or one of the pincers", "the pivot and both pincers"
            seen: tuple[int, ...] = (pivot, first, second)
        else:
            third_case, holder, seen_by = "", "one of the pincers", "both pincers"
            seen = (first, second)
        z_word = an(sz)
        return (f"The pivot {cell_name(pivot)} can only be {digits_or(pivot_digits)}. If it is "
                f"{sx}, the pincer {cell_name(first)} ({digits_or((x, z))}), which sees it, must "
                f"be {sz}; if it is {sy}, the pincer {cell_name(second)} ({digits_or((y, z))}) "
                f"must be {sz}{third_case}. Whichever digit the pivot takes, {holder} is {z_word}, so no "
                f"cell that sees {seen_by} can be {z_word}: {_why_each(step, seen)}. "
                f"{_removal(step)}")


class XYWingTexts(_PivotWingTexts):
    pivot_holds_z = False

    def spot(self, step: Step) -> str:
        return ("look for a cell with two candidates that sees two other two-candidate cells, "
                "each sharing one of its digits, both holding the same third digit.")


class XYZWingTexts(_PivotWingTexts):
    pivot_holds_z = True

    def spot(self, step: Step) -> str:
        return ("look for a cell with three candidates that sees two two-candidate cells, each "
                "holding two of its digits, one digit common to all three; it goes where all "
                "three are seen.")


class WWingTexts(Texts):
    """Two pincers holding only x and y, and a strong link on x (the digit not removed) in the
    step's unit, its first end seeing the first pincer and its second end the second."""

    @staticmethod
    def _parts(step: Step):
        first, second = step.role("pincers")
        near_first, near_second = step.role("strong_link")
        y = _z(step)
        x = next(d for d in step.digits if d != y)
        return first, second, near_first, near_second, x, y

    def one_line(self, step: Step) -> str:
        first, second, near_first, near_second, x, y = self._parts(step)
        return (f"{step.name}: {digits_name(step.digits).replace(' and ', '/')} in "
                f"{cell_name(first)},{cell_name(second)} joined by {symbol(x)} in "
                f"{cell_name(near_first)},{cell_name(near_second)} => {step.changes}")

    def spot(self, step: Step) -> str:
        return ("look for two cells holding only the same two digits, then for a unit where one of "
                "those digits has only two places, one seeing each cell.")

    def nudge(self, step: Step) -> str:
        return (f"Look for a W-Wing: two cells holding only {digits_name(step.digits)}, tied "
                f"together by a strong link on one of those digits.")

    def pattern(self, step: Step) -> str:
        first, second, near_first, near_second, x, y = self._parts(step)
        return (f"{cell_name(first)} and {cell_name(second)} both hold only "
                f"{digits_name(step.digits)}. In {unit_name(step.units[0])} the {symbol(x)} can only "
                f"go in "
                f"{cell_name(near_first)} or {cell_name(near_second)}; {cell_name(near_first)} "
                f"sees {cell_name(first)} and {cell_name(near_second)} sees {cell_name(second)}.")

    def full(self, step: Step) -> str:
        first, second, near_first, near_second, x, y = self._parts(step)
        unit = unit_name(step.units[0])
        x_word, y_word = an(symbol(x)), an(symbol(y))
        pincers = f"{cell_name(first)} and {cell_name(second)}"
        return (f"{self.pattern(step)} Suppose neither {pincers.replace(' and ', ' nor ')} were "
                f"{y_word}: both would be {x_word}, so neither {cell_name(near_first)} nor "
                f"{cell_name(near_second)} could be {x_word}, and {unit} would have no place left "
                f"for its {symbol(x)}. So one of {pincers} is {y_word}, and no cell that sees both can be "
                f"{y_word}: {_why_each(step, (first, second))}. {_removal(step)}")


class WXYZWingTexts(Texts):
    """Four cells holding four digits; the pincers are the cells holding z, the one unrestricted
    digit; the pivot, when there is one, sees the other three cells."""

    def one_line(self, step: Step) -> str:
        cells = ",".join(cell_name(c) for c in step.cells)
        digits = ",".join(map(symbol, step.digits))
        return f"{step.name}: {digits} in {cells} => {step.changes}"

    def spot(self, step: Step) -> str:
        return ("look for four cells holding only four digits between them where every digit but "
                "one lies only in cells that all see each other.")

    def nudge(self, step: Step) -> str:
        pivot = step.role("pivot")
        near = _box_of(pivot[0] if pivot else step.cells[0])
        return (f"Look for a WXYZ-Wing around {near}: four cells holding only four digits "
                f"between them.")

    def pattern(self, step: Step) -> str:
        z = _z(step)
        pivot = step.role("pivot")
        hub = (f" {cell_name(pivot[0])} sees the other three." if pivot else "")
        return (f"{cells_name(step.cells)} hold only {digits_name(step.digits)} between them."
                f"{hub} The {symbol(z)} is in {cells_name(step.role('pincers'))}, which do not all see "
                f"each other.")

    def full(self, step: Step) -> str:
        z = _z(step)
        others = [d for d in step.digits if d != z]
        z_word = an(symbol(z))
        pincers = step.role("pincers")
        return (f"{self.pattern(step)} Each of {digits_name(others)} appears among the four "
                f"cells only in cells that all see each other, so each can fill at most one of "
                f"them. Without {z_word} the four cells would have only three digits for four "
                f"cells, so one of {cells_or(pincers)} must be {z_word}, and no cell that "
                f"sees all of them can be {z_word}: {_why_each(step, pincers)}. "
                f"{_removal(step)}")
