"""Single-digit patterns: skyscraper, two-string kite, turbot fish and empty rectangle.

They hold on every regular board: each is a chain of strong links (two places of a digit in a
row, column or box) joined by cells that see each other, which needs no square box (an empty
rectangle's cross is one row and one column of a box of any shape).
"""

from __future__ import annotations

from itertools import combinations
from operator import getitem
from typing import Iterator, Sequence

from tutor.engine.dead_ends import by_digit
from tutor.engine.mask_table import per_mask
from tutor.engine.places import Reading, box_links, line_links, masks_by_unit
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, symbol, symbols
from tutor.model.geometry import (Geometry, cell_name, cells_name, cells_of_bits, cells_or,
                                  unit_kind, unit_name)
from tutor.model.geometry import current as board_in_use

HOLDS_ON = ("every regular board; on a Samurai within each grid (its tables read rows and "
            "columns as one grid's: the engine runs them on each grid alone, engine/grids.py)")


def _chain_step(technique: str, digit: int, removed: int, end1: int, inner1: int, inner2: int,
                end2: int, unit1: int, unit2: int, weak_unit: int) -> Step:
    """A chain of two strong links joined by a weak link: end1 = inner1 - inner2 = end2."""
    return Step(
        technique,
        eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
        cells=tuple(sorted((end1, inner1, inner2, end2))),
        units=(unit1, unit2, weak_unit),
        digits=(digit,),
        roles=(("strong_links", (end1, inner1, inner2, end2)), ("ends", (end1, end2)),
               ("strong_units", (unit1, unit2)), ("weak_units", (weak_unit,))),
    )


def _shared_unit(a: int, b: int) -> int:
    """A unit holding both cells (row first, then column, then box)."""
    units_of = board_in_use().units_of
    for unit in units_of[a]:
        if unit in units_of[b]:
            return unit
    raise ValueError(f"{cell_name(a)} and {cell_name(b)} share no unit")


def skyscrapers(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Two parallel strong links (two rows, or two columns) with one end of each on a shared line.

    Roles: "strong_links" is the chain as a flat tuple (end, inner, inner, end): the first pair
    is the first strong link, the last pair the second; the two inner cells share the weak link's
    line. "ends" are the two free ends, "strong_units" the two parallel lines, "weak_units" the
    line across them that joins the inner cells. Whatever sees both ends loses the digit.
    """
    return by_digit("skyscraper", masks, _skyscrapers)


def _skyscrapers(digit: int, bits: int) -> list[Step]:
    board = board_in_use()
    peer_bits = board.peer_bits
    found = []
    for links, across, across_start in zip(line_links(bits), (board.col_of, board.row_of),
                                           (board.size, 0)):
        # The links' fields are read by place (see LineLink), not unpacked: most pairs are
        # dropped after reading one, and the fields for the turbot fish are not touched (reading
        # less of each link is faster where the finders run one after another, caches cold).
        for link1, link2 in combinations(links, 2):
            # The inner cells share a line across, the ends do not: exactly one line in common
            # (two would be an X-wing, which the fish family finds), and one way to read it.
            common = link1[3] & link2[3]
            if not common or link1[3] == link2[3]:
                continue
            a1, b1, a2, b2 = link1[0], link1[1], link2[0], link2[1]
            inner1, end1 = (a1, b1) if 1 << across[a1] == common else (b1, a1)
            inner2, end2 = (a2, b2) if 1 << across[a2] == common else (b2, a2)
            removed = bits & peer_bits[end1] & peer_bits[end2]
            if removed:
                found.append(_chain_step("skyscraper", digit, removed, end1, inner1, inner2,
                                         end2, link1[2], link2[2], across_start + across[inner1]))
    return found


def skyscraper_of(step: Step, masks: Sequence[int]) -> Step | None:
    """The skyscraper a sashimi X-Wing step is, or None: a finned X-Wing with four places in all
    (two in each base line, one of them the fin) is two parallel strong links whose inner cells
    share a cover line, which is a skyscraper. Its removals are the skyscraper's (every place seeing
    both ends), never fewer than the fish's: the fish takes only the fin's box."""
    if len(step.cells) != 4 or len(step.role("fins")) != 1:
        return None
    digit = step.digits[0]
    board = board_in_use()
    units_of, peer_bits = board.units_of, board.peer_bits
    bits = 0
    for cell in board.cells:
        if masks[cell] >> (digit - 1) & 1:
            bits |= 1 << cell
    (fin,) = step.role("fins")
    across = board.col_of if step.role("cover_units")[0] >= board.size else board.row_of
    across_start = board.size if across is board.col_of else 0
    # The fin's line: its other place is the inner cell; the other line's inner cell shares its
    # cover line.
    fin_line = next(u for u in step.role("base_units") if u in units_of[fin])
    inner_fin = next(c for c in step.cells if c != fin and fin_line in units_of[c])
    links = []
    for unit in sorted(step.role("base_units")):
        if unit == fin_line:
            links.append((inner_fin, fin, unit))
            continue
        pair = [c for c in step.cells if unit in units_of[c]]
        inner = [c for c in pair if across[c] == across[inner_fin]]
        if len(pair) != 2 or len(inner) != 1:
            return None
        links.append((inner[0], pair[0] + pair[1] - inner[0], unit))
    (inner1, end1, unit1), (inner2, end2, unit2) = links
    if across[end1] == across[end2]:
        return None
    removed = bits & peer_bits[end1] & peer_bits[end2]
    return _chain_step("skyscraper", digit, removed, end1, inner1, inner2, end2, unit1, unit2,
                       across_start + across[inner_fin])


def _kites(bits: int, digit: int) -> list[Step]:
    """Every single two-string kite of one digit."""
    kites = []
    board = board_in_use()
    box_of, peer_bits, box_start = board.box_of, board.peer_bits, 2 * board.size
    row_links, column_links = line_links(bits)
    for row_link in row_links:  # fields read by place, as the skyscraper's
        r1, r2, row_boxes = row_link[0], row_link[1], row_link[4]
        for column_link in column_links:
            if not row_boxes & column_link[4]:
                continue  # no box to join them
            c1, c2 = column_link[0], column_link[1]
            if r1 == c1 or r1 == c2 or r2 == c1 or r2 == c2:
                continue  # one cell in both
            for inner_row, end_row in ((r1, r2), (r2, r1)):
                box = box_of[inner_row]
                for inner_column, end_column in ((c1, c2), (c2, c1)):
                    if box_of[inner_column] != box:
                        continue
                    removed = bits & peer_bits[end_row] & peer_bits[end_column]
                    if removed:
                        kites.append(_chain_step("two_string_kite", digit, removed, end_row, inner_row,
                                                 inner_column, end_column, row_link[2],
                                                 column_link[2], box_start + box))
    return kites


def two_string_kites(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A row strong link and a column strong link with one end of each in the same box.

    Roles as for the skyscraper: "strong_links" (row end, row inner, column inner, column end),
    "ends", "strong_units" (the row, the column), "weak_units" (the box joining the inner cells).
    A dual kite follows the single ones: two kites sharing the same two inner cells of one box
    (each inner cell has a strong link along its row and along its column), read both ways; its
    "strong_links" holds the two chains one after the other (8 cells), its "ends" the four ends,
    "strong_units" the four lines, and it removes what both readings remove.
    """
    return by_digit("two_string_kite", masks, _kites_and_duals)


def _kites_and_duals(digit: int, bits: int) -> list[Step]:
    kites = _kites(bits, digit)
    if len(kites) > 1:  # a dual is two of them
        duals = _duals(kites, "two_string_kite", lambda s: frozenset(s.role("strong_links")[1:3]))
        return kites + list(duals)
    return kites


def _duals(singles: list[Step], technique: str, key) -> Iterator[Step]:
    """Pairs of single steps with the same `key` (the shared part) and different removals, merged."""
    for i, first in enumerate(singles):
        for second in singles[i + 1:]:
            if key(first) != key(second) or first.eliminations == second.eliminations:
                continue
            merged = []
            for name, members in first.roles:
                if name in ("box", "box_cells", "weak_units") and second.role(name) == members:
                    merged.append((name, members))
                else:
                    merged.append((name, members + second.role(name)))
            yield Step(
                technique,
                eliminations=tuple(sorted(set(first.eliminations) | set(second.eliminations))),
                cells=tuple(sorted(set(first.cells) | set(second.cells))),
                units=tuple(dict.fromkeys(first.units + second.units)),
                digits=first.digits,
                roles=tuple(merged),
            )


def is_dual(step: Step) -> bool:
    """Whether a two-string kite or empty rectangle step is a dual one (two readings of one pattern)."""
    return len(step.role("strong_links")) == (8 if step.technique == "two_string_kite" else 4)


def turbot_fish(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Two strong links on one digit, in any units, joined by a weak link: end = inner - inner = end.

    Only the chains that are not a skyscraper, a two-string kite or an X-wing: strong links in a
    box, or two parallel lines joined through a box. Roles as for the skyscraper.
    """
    return by_digit("turbot_fish", masks, _turbot_fish)


def _turbot_fish(digit: int, bits: int) -> list[Step]:
    found: list[Step] = []
    t = _tables()
    # The links of every row, column and box; the rows' and columns' are those the skyscraper and
    # kite finders have already worked out for these places.
    row_links, column_links = line_links(bits)
    for links in (row_links, column_links):
        # The inner cells of a row's link and a column's can share only a box (sharing a line
        # would put a third place in it): a two-string kite. Those of two rows' links can share a
        # column (a skyscraper) or, in one band, a box: only that pair is a turbot fish, so two
        # rows' links are paired only when they meet in a box.
        for (a1, b1, unit1, _, boxes1, _, _), (a2, b2, unit2, _, boxes2, _, _) \
                in combinations(links, 2):
            if boxes1 & boxes2:
                _parallel_chains(t, found, digit, bits, a1, b1, unit1, a2, b2, unit2)
    boxes = box_links(bits)
    if boxes:
        # A box's link (not also a line's) with each link before it and after it: the inner cells
        # must see each other, so a link with neither cell seeing the other's, or sharing a cell
        # with it, is skipped.
        lines = row_links + column_links
        for k, (_, _, unit2, pair2, near2, readings2) in enumerate(boxes):
            for line in lines:  # fields read by place, as the skyscraper's
                if line[6] & near2 and not line[6] & pair2:
                    _any_chains(t, found, digit, bits, line[5], line[2], pair2, readings2, unit2)
            for _, _, unit3, pair3, _, readings3 in boxes[k + 1:]:
                if near2 & pair3 and not pair2 & pair3:
                    _any_chains(t, found, digit, bits, readings2, unit2, pair3, readings3, unit3)
    if len(found) > 1:
        found.sort(key=_chain_order)
    return found


def _chain_order(step: Step) -> tuple[int, int, bool, bool]:
    """Where a chain comes among a digit's: by its first link's unit (rows, columns, boxes), then
    its second's, then each link read first cell first (inner cell the lower)."""
    end1, inner1, inner2, end2 = step.role("strong_links")
    return step.units[0], step.units[1], inner1 > end1, inner2 > end2


class _Tables:
    """One board's tables for these patterns, made on first use of the board."""

    def __init__(self, board: Geometry) -> None:
        size, units, row_of, col_of, box_of = (board.size, board.units, board.row_of,
                                               board.col_of, board.box_of)
        self.board = board
        self.column_start = size
        self.box_start = box_start = 2 * size
        self.box_corners = tuple(sum(1 << c for c in units[box_start + box_of[cell]]
                                     if row_of[c] != row_of[cell] and col_of[c] != col_of[cell])
                                 for cell in board.cells)
        """box_corners[cell]: the cells of its box in neither its row nor its column."""
        self.crosses = _crosses(board)
        self.box_crosses: tuple[Sequence[tuple[tuple[int, int, int, int], ...]], ...] = ()
        """box_crosses[box][mask of places in the box]: see _box_crosses; made on first use."""
        self.outside_lines = tuple(
            (sum(1 << row for row in range(size)
                 if all(row_of[c] != row for c in units[box_start + box])),
             sum(1 << column for column in range(size)
                 if all(col_of[c] != column for c in units[box_start + box])))
            for box in range(size))
        """outside_lines[box]: the rows, and the columns, that do not meet the box (masks)."""


def _tables() -> _Tables:
    """The tables of the board in use."""
    return board_in_use().table("single_digit.tables", _Tables)


def _parallel_chains(t: _Tables, found: list[Step], digit: int, bits: int, a1: int, b1: int,
                     unit1: int, a2: int, b2: int, unit2: int) -> None:
    """The turbot fish of two parallel lines' links in one band (or stack): inner cells sharing a
    line across make a skyscraper, so only those in one box and no line count."""
    peer_bits, box_of = t.board.peer_bits, t.board.box_of
    for inner1, end1 in ((a1, b1), (b1, a1)):
        corners = t.box_corners[inner1]
        for inner2, end2 in ((a2, b2), (b2, a2)):
            if corners >> inner2 & 1:
                removed = bits & peer_bits[end1] & peer_bits[end2]
                if removed:
                    found.append(_chain_step("turbot_fish", digit, removed, end1, inner1, inner2,
                                             end2, unit1, unit2, t.box_start + box_of[inner1]))


def _any_chains(t: _Tables, found: list[Step], digit: int, bits: int,
                readings1: tuple[Reading, Reading], unit1: int, pair2: int,
                readings2: tuple[Reading, Reading], unit2: int) -> None:
    """The turbot fish of two links that can meet, the second a box's (not also a line's), its
    cells `pair2`."""
    for inner1, end1, seen_inner1, seen_end1 in readings1:
        if not seen_inner1 & pair2:
            continue
        for inner2, end2, _, seen_end2 in readings2:
            if not seen_inner1 >> inner2 & 1:
                continue
            removed = bits & seen_end1 & seen_end2
            if removed and not _named(t.board, end1, inner1, inner2, end2):
                found.append(_chain_step("turbot_fish", digit, removed, end1, inner1, inner2,
                                         end2, unit1, unit2, _shared_unit(inner1, inner2)))


def _named(board: Geometry, end1: int, inner1: int, inner2: int, end2: int) -> bool:
    """Whether the chain is a skyscraper, a two-string kite or an X-wing, which have their own names."""
    row_of, col_of = board.row_of, board.col_of
    for line_of, across in ((row_of, col_of), (col_of, row_of)):
        if line_of[end1] == line_of[inner1] and line_of[end2] == line_of[inner2] \
                and across[inner1] == across[inner2]:
            return True  # a skyscraper, or an X-wing when the ends line up too
    row_column = row_of[end1] == row_of[inner1] and col_of[end2] == col_of[inner2]
    column_row = col_of[end1] == col_of[inner1] and row_of[end2] == row_of[inner2]
    return (row_column or column_row) and board.box_of[inner1] == board.box_of[inner2]


def _crosses(board: Geometry) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """For each box, its crosses (one a cell): (row, column, row's cells in the box, column's
    cells in the box)."""
    unit_bits, row_of, col_of = board.unit_bits, board.row_of, board.col_of
    crosses = []
    for box in board.box_units:
        box_bits = unit_bits[box]
        first = board.units[box][0]
        rows = [row_of[first] + r for r in range(board.box_height)]
        columns = [board.size + col_of[first] + c for c in range(board.box_width)]
        crosses.append(tuple((row, column, unit_bits[row] & box_bits, unit_bits[column] & box_bits)
                             for row in rows for column in columns))
    return tuple(crosses)


def _box_crosses(t: _Tables) -> tuple[Sequence[tuple[tuple[int, int, int, int], ...]], ...]:
    """[box][mask of places in the box]: the box's crosses that can make an empty rectangle of
    those places (at least two of them, all on the cross, some on its row alone and some on its
    column alone), for every set of places; made on first use (not at start-up)."""
    if not t.box_crosses:
        # Every box is the first one moved: the crosses that fit are worked out on the first box,
        # by their index, and read off for the others.
        first_cells = t.board.units[t.box_start]
        first_crosses = t.crosses[0]

        def fitting(subset: int) -> tuple[int, ...]:
            inside = sum(1 << c for k, c in enumerate(first_cells) if subset >> k & 1)
            return tuple(i for i, (_, _, row_part, column_part) in enumerate(first_crosses)
                         if inside.bit_count() >= 2 and not inside & ~(row_part | column_part)
                         and inside & row_part & ~column_part and inside & column_part & ~row_part)

        fits = per_mask(len(first_cells), fitting)

        def of_box(box: int) -> Sequence[tuple[tuple[int, int, int, int], ...]]:
            crosses = t.crosses[box]
            return per_mask(len(first_cells), lambda subset: tuple(crosses[i] for i in fits[subset]))

        # Set in one statement: another thread (the app's hint and grade workers) never reads
        # a part of the boxes.
        t.box_crosses = tuple(of_box(box) for box in range(t.board.size))
    return t.box_crosses


def _rectangles(bits: int, digit: int, box: int, crosses: tuple[tuple[int, int, int, int], ...],
                row_masks: tuple[int, ...], column_masks: tuple[int, ...]) -> list[Step]:
    """Every single empty rectangle of one digit in one box, on the box's `crosses` that fit its
    places (from _box_crosses), with the digit's places along each row and each column (9-bit
    masks, from masks_by_unit): a strong link is a line with two places, read off its mask."""
    t = _tables()
    board = t.board
    cell_at, column_start, unit_bits = board.cell_at, t.column_start, board.unit_bits
    box_unit = t.box_start + box
    outside_rows, outside_columns = t.outside_lines[box]
    found: list[Step] = []
    box_cells: tuple[int, ...] = ()  # worked out for the first rectangle found
    for row, column_unit, _, _ in crosses:  # a row's unit is its number
        column = column_unit - column_start
        # Along the cross's row: a strong link in the column of a place of that row outside the box.
        nears = row_masks[row] & outside_columns
        while nears:
            low = nears & -nears
            nears ^= low
            near_column = low.bit_length() - 1
            others = column_masks[near_column] ^ 1 << row
            if not others or others & (others - 1):  # not two places in that column
                continue
            far_row = others.bit_length() - 1
            if row_masks[far_row] >> column & 1 and outside_rows >> far_row & 1:
                box_cells = box_cells or cells_of_bits(bits & unit_bits[box_unit])
                found.append(_rectangle_step(
                    digit, cell_at(far_row, column), box_unit, box_cells, cell_at(row, near_column),
                    cell_at(far_row, near_column), row, column_unit, column_start + near_column))
        # Along the cross's column: a strong link in the row of a place of that column outside the box.
        nears = column_masks[column] & outside_rows
        while nears:
            low = nears & -nears
            nears ^= low
            near_row = low.bit_length() - 1
            others = row_masks[near_row] ^ 1 << column
            if not others or others & (others - 1):  # not two places in that row
                continue
            far_column = others.bit_length() - 1
            if row_masks[row] >> far_column & 1 and outside_columns >> far_column & 1:
                box_cells = box_cells or cells_of_bits(bits & unit_bits[box_unit])
                found.append(_rectangle_step(
                    digit, cell_at(row, far_column), box_unit, box_cells, cell_at(near_row, column),
                    cell_at(near_row, far_column), row, column_unit, near_row))
    return found


def _rectangle_step(digit: int, target: int, box_unit: int, box_cells: tuple[int, ...], near: int,
                    far: int, row: int, column: int, link_unit: int) -> Step:
    """One reading of an empty rectangle: the box, its cross, the strong link near = far, the target."""
    return Step(
        "empty_rectangle",
        eliminations=((target, digit),),
        cells=tuple(sorted(box_cells + (near, far))),
        units=(box_unit, row, column, link_unit),
        digits=(digit,),
        roles=(("box", (box_unit,)), ("box_cells", box_cells), ("cross_units", (row, column)),
               ("strong_links", (near, far)), ("strong_units", (link_unit,))),
    )


def empty_rectangles(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """A box whose places for a digit all lie on one row and one column of it (the rest of the box,
    a 2x2 'rectangle', is empty of it), with a strong link from that row or column outside the box.

    Roles: "box" (the box's unit number), "box_cells" (the digit's places in the box),
    "cross_units" (the row and the column of the box that hold them), "strong_links" (near, far):
    `near` lies on the cross's row (or column) outside the box, `far` is the other end of its strong
    link, along "strong_units". The target, in far's line and the cross's other line, loses the
    digit. An empty rectangle with only two places in the box is found too (HoDoKu reports it only
    when asked); `box_cells` tells it. A dual empty rectangle follows the single ones: two readings
    of the same box with different targets; its "strong_links" holds both links (4 cells),
    "strong_units" both lines and "cross_units" both crosses (a box with two places has two), and
    it removes both targets.
    """
    return by_digit("empty_rectangle", masks, _empty_rectangles)


def _empty_rectangles(digit: int, bits: int) -> list[Step]:
    # A list, not a generator: most digits have none, and an empty list is cheaper to hand back.
    found: list[Step] = []
    row_masks, column_masks, box_masks = masks_by_unit(bits)
    for box, crosses in enumerate(map(getitem, _box_crosses(_tables()), box_masks)):
        if not crosses:
            continue
        singles = _rectangles(bits, digit, box, crosses, row_masks, column_masks)
        if singles:
            found += singles
            if len(singles) > 1:  # a dual is two of them
                found += _duals(singles, "empty_rectangle", lambda s: s.role("box"))
    return found


# ---- texts -------------------------------------------------------------------------------------


def _strong(digit: str, unit: int, cells: Sequence[int]) -> str:
    """'in row 3 the 4 can only go in r3c1 or r3c8'."""
    a, b = sorted(cells)
    return f"in {unit_name(unit)} the {digit} can only go in {cell_name(a)} or {cell_name(b)}"


class _ChainTexts(Texts):
    """Skyscraper, two-string kite and turbot fish: two strong links joined by a weak link."""

    kind = ""
    """The pattern's name as the nudge says it."""

    def _chains(self, step: Step):
        """Each chain of the step (two for a dual kite): end, inner, inner, end, its two strong
        units and the unit of its weak link."""
        links = step.role("strong_links")
        units = step.role("strong_units")
        weak = step.role("weak_units")
        for k in range(len(links) // 4):
            end1, inner1, inner2, end2 = links[4 * k:4 * k + 4]
            unit1, unit2 = units[2 * k:2 * k + 2]
            yield end1, inner1, inner2, end2, unit1, unit2, weak[min(k, len(weak) - 1)]

    def one_line(self, step: Step) -> str:
        chains = "; ".join(f"{cell_name(e1)}={cell_name(i1)}-{cell_name(i2)}={cell_name(e2)}"
                           for e1, i1, i2, e2, *_ in self._chains(step))
        return f"{step.name}: {symbol(step.digits[0])} in {chains} => {step.changes}"

    def nudge(self, step: Step) -> str:
        ds = symbols(step.digits[0])
        chains = list(self._chains(step))
        if len(chains) > 1:
            return (f"Look for a double {self.kind} on the {ds}: two of them through the same two "
                    f"cells of {unit_name(chains[0][6])}.")
        lines = " and ".join(unit_name(u) for u in chains[0][4:6])
        return f"Look for {an(self.kind)} on the {ds}, with strong links in {lines}."

    def _links_sentence(self, step: Step, chain) -> str:
        d = symbol(step.digits[0])
        end1, inner1, inner2, end2, unit1, unit2, weak = chain
        return (f"{_capital(_strong(d, unit1, (end1, inner1)))}, and {_strong(d, unit2, (inner2, end2))}. "
                f"{_capital(cell_name(inner1))} and {cell_name(inner2)} share {unit_name(weak)}")

    def pattern(self, step: Step) -> str:
        return ". ".join(self._links_sentence(step, chain) for chain in self._chains(step)) + "."

    def full(self, step: Step) -> str:
        d = symbol(step.digits[0])
        parts = []
        ends = []
        for chain in self._chains(step):
            end1, inner1, inner2, end2, unit1, unit2, weak = chain
            ends.append((end1, end2))
            parts.append(
                f"{self._links_sentence(step, chain)}, so at least one of them is not the {d}. If "
                f"{cell_name(inner1)} is not, {unit_name(unit1)} puts the {d} in {cell_name(end1)}; "
                f"if {cell_name(inner2)} is not, {unit_name(unit2)} puts it in {cell_name(end2)}. "
                f"Either way {cell_name(end1)} or {cell_name(end2)} holds the {d}, so no cell that "
                f"sees both of them can.")
        if len(parts) > 1:
            parts.insert(1, "The same two cells of the box, read the other way round, give a second chain.")
        reasons = []
        for cell, _ in step.eliminations:
            for end1, end2 in ends:
                peers = board_in_use().peer_bits[cell]
                if peers >> end1 & 1 and peers >> end2 & 1:
                    one, other = _shared_unit(cell, end1), _shared_unit(cell, end2)
                    if one == other:  # 'shares column 9 with r3c9 and column 9 with r8c9'
                        reasons.append(f"{cell_name(cell)} shares {unit_name(one)} with both")
                    else:
                        reasons.append(f"{cell_name(cell)} shares {unit_name(one)} with "
                                       f"{cell_name(end1)} and {unit_name(other)} with "
                                       f"{cell_name(end2)}")
                    break
        return (f"{' '.join(parts)} Seeing both: {'; '.join(reasons)}. "
                f"So the {d} can be removed from {cells_name(step.eliminated_cells)}.")


def _capital(text: str) -> str:
    """The text with its first letter in capitals ('r3c1' stays as it is: cell names keep their case)."""
    if text[:1] == "r" and text[1:2].isdigit():
        return text
    return text[:1].upper() + text[1:]


_AGAIN = "; read another way, "


def _lie(step: Step, along: int, other: int) -> str:
    """'they all lie in row 4 or column 6' (the row named first)."""
    lines = sorted((along, other))
    amount = "both" if len(step.role("box_cells")) == 2 else "all"
    return f"they {amount} lie in {unit_name(lines[0])} or {unit_name(lines[1])}"


class SkyscraperTexts(_ChainTexts):
    kind = "skyscraper"

    def spot(self, step: Step) -> str:
        return ("look for two rows (or two columns) where a digit has only two places, one place "
                "of each in a shared column (row), then for cells seeing both of the other two.")


class TwoStringKiteTexts(_ChainTexts):
    kind = "two-string kite"

    def spot(self, step: Step) -> str:
        return ("look for a row and a column where a digit has only two places, one place of each "
                "in the same box, then for a cell seeing both of the other two.")


class TurbotFishTexts(_ChainTexts):
    kind = "turbot fish"

    def spot(self, step: Step) -> str:
        return ("look for two units where a digit has only two places, a place of one seeing a "
                "place of the other, then for cells seeing both of the other two places.")


class EmptyRectangleTexts(Texts):
    """Roles as documented on `empty_rectangles`."""

    def _readings(self, step: Step):
        """Each reading (two for a dual): near, far, the link's unit, the cross's line through near,
        the cross's other line, and the target cell."""
        links = step.role("strong_links")
        units = step.role("strong_units")
        crosses = step.role("cross_units")
        unit_sets, units_of = board_in_use().unit_sets, board_in_use().units_of
        for k in range(len(links) // 2):
            near, far = links[2 * k:2 * k + 2]
            row, column = crosses[2 * k:2 * k + 2]
            along, other = (row, column) if row in units_of[near] else (column, row)
            # The target: where the cross's other line meets far's line parallel to `along` (the
            # line through far that is not the link's own; on a Samurai, of the cross's grid).
            far_line = next(u for u in units_of[far] if u != units[k]
                            and unit_kind(u) == unit_kind(along) and unit_sets[u] & unit_sets[other])
            target, = unit_sets[far_line] & unit_sets[other]
            yield near, far, units[k], along, other, target

    def spot(self, step: Step) -> str:
        return ("look for a box whose places of a digit all lie in one row and one column of it, "
                "and for a line where the digit has only two places, one on that row or column "
                "outside the box.")

    def one_line(self, step: Step) -> str:
        box = unit_name(step.role("box")[0])
        links = step.role("strong_links")
        pairs = ", ".join(f"{cell_name(links[k])}={cell_name(links[k + 1])}"
                          for k in range(0, len(links), 2))
        return f"{step.name}: {symbol(step.digits[0])} in {box} ({pairs}) => {step.changes}"

    def nudge(self, step: Step) -> str:
        twice = " that works two ways" if len(step.role("strong_links")) > 2 else ""
        return (f"Look for an empty rectangle on the {symbols(step.digits[0])} in "
                f"{unit_name(step.role('box')[0])}{twice}.")

    def _box_sentence(self, step: Step) -> str:
        d = symbol(step.digits[0])
        places = cells_or(step.role("box_cells"))
        return f"In {unit_name(step.role('box')[0])} the {d} can only go in {places}"

    def pattern(self, step: Step) -> str:
        d = symbol(step.digits[0])
        readings = []
        for near, far, unit, along, other, _ in self._readings(step):
            readings.append(f"{_lie(step, along, other)}, and {_strong(d, unit, (near, far))}")
        return f"{self._box_sentence(step)}. {_capital(_AGAIN.join(readings))}."

    def full(self, step: Step) -> str:
        d = symbol(step.digits[0])
        box = unit_name(step.role("box")[0])
        text = [f"{self._box_sentence(step)}."]
        for k, (near, far, unit, along, other, target) in enumerate(self._readings(step)):
            text.append(
                f"{'Read another way, t' if k else 'T'}{_lie(step, along, other)[1:]} (the rest of the "
                f"box, an empty rectangle, has no {d}), so the box's {d} is in one of those two lines. "
                f"{_capital(_strong(d, unit, (near, far)))}. If {cell_name(near)} holds the {d}, "
                f"{unit_name(along)} has its {d} outside {box}, so the box's {d} is in "
                f"{unit_name(other)}, and {cell_name(target)}, in {unit_name(other)} outside the box, "
                f"cannot be {d}. If {cell_name(near)} does not, {cell_name(far)} holds the {d}, and "
                f"{cell_name(target)} sees it in {unit_name(_shared_unit(target, far))}. Either way "
                f"{cell_name(target)} is not {d}.")
        text.append(f"So the {d} can be removed from {cells_name(step.eliminated_cells)}.")
        return " ".join(text)
