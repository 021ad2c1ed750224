"""Uniqueness: unique rectangles (types 1-6), hidden rectangles and BUG+1, true only for puzzles with one solution.

Every deduction here rests on one fact: the puzzle has exactly one solution (the engine proves that
before it gives any step). Four empty cells at the corners of a rectangle that spans two rows, two
columns and two boxes can never end up holding only two digits a and b: a and b could then be
swapped between the corners, every row, column and box would still hold each digit once, and the
puzzle would have a second solution. A corner "can only be a or b" when its candidates are a, b or
both; a candidate removed earlier is no obstacle, since a removed candidate is one the cell can never
take (HoDoKu's "missing candidates allowed" mode, its default).

They hold on every regular board whose puzzle has one solution: the swap keeps every row and
column whatever the boxes' shape, and every box as long as the rectangle spans two boxes (which
the rectangles here always do); BUG+1's argument (the other candidate of every cell is a second
solution) counts candidates per unit and holds on any board.

On a Samurai only the whole puzzle need have one solution: a single grid may have several. A
rectangle is found in one grid (engine/grids.py) and kept only where its swap keeps every unit of
the whole Samurai valid (`holds_across_grids`), which rules out every rectangle with a corner in
a shared box; BUG+1 looks at every cell and unit of the whole board, so it holds there as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, compress

from tutor.engine.step import Step
from tutor.engine.technique import Texts, digits_or, symbol
from tutor.engine.grids import unit_spot
from tutor.engine.wording import (grid_said, lines_name, removals_by_cell, removals_by_digit,
                                  units_or)
from tutor.model.geometry import (
    CLASSIC, COUNT, DIGITS_IN, Geometry, bit, cell_name, cells_name, cells_or, digits_name,
    empty_cell_bits, listed, unit_name,
)
from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current, digit_cell_sets

HOLDS_ON = ("every regular board, for a puzzle with one solution; on a Samurai (one solution as a "
            "whole) the rectangles whose swap keeps every unit of the board, and BUG+1")


def _rectangles(board: Geometry) -> tuple[tuple[int, int, int, int], ...]:
    """Every rectangle of cells spanning exactly two rows, two columns and two boxes.

    Corners in reading order: top left, top right, bottom left, bottom right, so corner i's row
    neighbour is i ^ 1, its column neighbour i ^ 2 and its diagonal opposite 3 - i.
    """
    found = []
    size, cell_at = board.size, board.cell_at
    for r1, r2 in combinations(range(size), 2):
        same_band = r1 // board.box_height == r2 // board.box_height
        for c1, c2 in combinations(range(size), 2):
            same_stack = c1 // board.box_width == c2 // board.box_width
            if same_band != same_stack:  # both: one box; neither: four boxes
                found.append((cell_at(r1, c1), cell_at(r1, c2), cell_at(r2, c1), cell_at(r2, c2)))
    return tuple(found)


RECTANGLES = _rectangles(CLASSIC)
"""The classic board's rectangles."""


class _Tables:
    """One board's rectangles and the tables read with them, made on first use of the board."""

    def __init__(self, board: Geometry) -> None:
        size, unit_bits, row_of, col_of = board.size, board.unit_bits, board.row_of, board.col_of
        self.board = board
        self.rectangles = rectangles = RECTANGLES if board is CLASSIC else _rectangles(board)
        self.rectangle_bits = tuple(sum(1 << c for c in corners) for corners in rectangles)
        self.rectangle_number = {bits: n for n, bits in enumerate(self.rectangle_bits)}
        """rectangle_number[corners as a cell set]: the rectangle's number."""
        self.row_mates = tuple(unit_bits[row_of[c]] & ~(1 << c) for c in board.cells)
        self.col_mates = tuple(unit_bits[size + col_of[c]] & ~(1 << c) for c in board.cells)
        """row_mates[cell], col_mates[cell]: the other cells of its row, of its column."""
        self.shared_units = lru_cache(maxsize=None)(_common_units_of(board))
        """shared_units(first, second): the units holding both cells (row, column, box order);
        kept, as every rectangle asks."""


def _common_units_of(board: Geometry):
    def shared_units(first: int, second: int) -> tuple[int, ...]:
        return board.common_units((first, second))
    return shared_units


def _tables() -> _Tables:
    """The tables of the board in use."""
    return board_in_use().table("uniqueness.tables", _Tables)

UR_TYPE_ORDER = {1: 0, 2: 1, 4: 2, 5: 3, 6: 4, 3: 5}
"""The order unique rectangle types are offered in at one rating: the plainest argument first."""
_PLAIN_TYPES = sorted((t for t in UR_TYPE_ORDER if t != 3), key=UR_TYPE_ORDER.__getitem__)
"""The types rated 4.5 (all but 3), in that order."""

MAX_SUBSET_DIGITS = 4
"""Type 3's naked subset (pseudo-cell included) goes up to a quad, as in Sudoku Explainer."""


def _allowed(values) -> list[int]:
    """For each digit, the empty cells no placed digit rules it out of (index 0 unused)."""
    board = board_in_use()
    peer_bits = board.peer_bits
    blocked = [0] * (board.size + 1)
    for cell in compress(board.cells, values):  # the placed cells alone
        blocked[values[cell]] |= peer_bits[cell]
    empty = empty_cell_bits(values)
    return [empty & ~b for b in blocked]


# The search's `rectangles`: (values and masks as tuples, answer) for the last position
# _candidate_rectangles saw: the unique and hidden rectangle finders ask about the same position
# in turn.


def _candidate_rectangles(values, masks) -> list:
    """(corners, rectangle bits, pair mask, floors, roofs) for each rectangle and digit pair,
    worked out once per position (see _rectangles_of)."""
    key = (tuple(values), tuple(masks))
    search = current()
    last = search.rectangles
    if last is not None and last[0] == key:
        return last[1]
    found = list(_rectangles_of(values, masks))
    search.rectangles = (key, found)
    return found


def _rectangles_of(values, masks):
    """(corners, rectangle bits, pair mask, floors, roofs) for each rectangle and digit pair.

    The pair comes from a corner holding exactly those two candidates; every corner must be empty
    with neither digit ruled out by a placed digit. Floors are the corners that can only be a or b,
    roofs the corners with other candidates too.
    """
    # The pair comes from a corner holding exactly two candidates: the rectangles through each
    # such cell whose corners all allow both its digits, then taken by rectangle number and pair.
    bivalue = [(cell, mask) for cell, mask in enumerate(masks) if COUNT[mask] == 2]
    if not bivalue:
        return
    allowed = _allowed(values)
    t = _tables()
    row_mates_of, col_mates_of, rectangle_number = t.row_mates, t.col_mates, t.rectangle_number
    allowing: dict[int, int] = {}  # pair -> the cells allowing both its digits
    found = set()
    for cell, pair in bivalue:
        both = allowing.get(pair)
        if both is None:
            a, b = DIGITS_IN[pair]
            both = allowing[pair] = allowed[a] & allowed[b]
        # The rectangle's corner in the cell's row and the one in its column must allow both
        # digits, which few cells do: the rectangles are read off those, not all 24 tried.
        row_mates = both & row_mates_of[cell]
        if not row_mates or not both >> cell & 1:
            continue
        col_mates = both & col_mates_of[cell]
        while col_mates:
            low = col_mates & -col_mates
            col_mates ^= low
            below = low.bit_length() - 1 - cell  # from a cell of the row to the one in its column
            # The fourth corners: the row mates moved to low's row, kept where both digits are
            # allowed (the other three corners already are).
            fourths = (row_mates << below if below > 0 else row_mates >> -below) & both
            known = 1 << cell | low
            while fourths:
                fourth = fourths & -fourths
                fourths ^= fourth
                side = fourth >> below if below > 0 else fourth << -below
                number = rectangle_number.get(known | side | fourth)
                if number is not None:
                    found.add((number, pair))
    for number, pair in sorted(found):
        corners = t.rectangles[number]
        rect_bits = t.rectangle_bits[number]
        c0, c1, c2, c3 = corners
        if not (masks[c0] and masks[c1] and masks[c2] and masks[c3]):
            continue
        # One plain loop for both: generator expressions cost more than the test itself here.
        floors: list[int] = []
        roofs: list[int] = []
        for c in corners:
            if masks[c] & ~pair:
                roofs.append(c)
            else:
                floors.append(c)
        yield corners, rect_bits, pair, tuple(floors), tuple(roofs)


def _ur_step(corners, pair, ur_type, eliminations, roofs, units=(), extra_cells=(), roles=()):
    cells = corners + tuple(c for c in extra_cells if c not in corners)
    return Step("unique_rectangle", eliminations=tuple(sorted(set(eliminations))), cells=cells,
                units=tuple(units), digits=DIGITS_IN[pair],
                roles=(("type", (ur_type,)), ("corners", corners), ("extra_cells", roofs)) + roles)


def _ur_steps(corners, rect_bits, pair, roofs, masks, digit_cells, by_type, subset_rectangles):
    """Every unique rectangle deduction of types 1, 2, 4, 5 and 6 on one rectangle and digit pair,
    added to by_type[type]; the rectangle goes to `subset_rectangles` as (corners, pair, roofs,
    extra digits) when type 3 may apply (see _type3)."""
    t = _tables()
    board = t.board
    shared_units, peer_bits, unit_bits = t.shared_units, board.peer_bits, board.unit_bits
    a, b = DIGITS_IN[pair]
    if len(roofs) == 1:
        roof = roofs[0]
        removed = [(roof, d) for d in (a, b) if masks[roof] & bit(d)]
        if removed:
            by_type[1].append(_ur_step(corners, pair, 1, removed, roofs))
        return
    if len(roofs) == 4:
        return
    extras = 0
    for roof in roofs:
        extras |= masks[roof] & ~pair
    adjacent = len(roofs) == 2 and bool(shared_units(*roofs))

    # Types 2 and 5: one extra digit shared by all the roofs; one of them must take it.
    if COUNT[extras] == 1:
        extra = DIGITS_IN[extras][0]
        seeing = digit_cells[extra] & ~rect_bits
        for roof in roofs:
            seeing &= peer_bits[roof]
        if seeing:
            removed = [(c, extra) for c in board.cells if seeing >> c & 1]
            ur_type = 2 if adjacent else 5
            by_type[ur_type].append(_ur_step(corners, pair, ur_type, removed, roofs,
                                             roles=(("extra_digit", (extra,)),)))
    if len(roofs) != 2:
        return
    first, second = roofs
    roof_bits = (1 << first) | (1 << second)
    if adjacent:
        # Type 4: one rectangle digit confined to the two roofs in a unit they share.
        confined: dict[int, list[int]] = {a: [], b: []}
        for unit in shared_units(first, second):
            for d in (a, b):
                if not digit_cells[d] & unit_bits[unit] & ~roof_bits:
                    confined[d].append(unit)
        for strong, other in ((a, b), (b, a)):
            if confined[strong]:
                removed = [(c, other) for c in roofs if masks[c] & bit(other)]
                if removed:
                    by_type[4].append(_ur_step(corners, pair, 4, removed, roofs,
                                               units=confined[strong],
                                               roles=(("strong_digit", (strong,)),)))
        subset_rectangles.append((corners, pair, roofs, extras))
    else:
        # Type 6: the roofs sit on a diagonal and one digit is confined to the corners in both rows
        # (or both columns): an X-Wing on that digit inside the rectangle.
        rows = (board.row_of[corners[0]], board.row_of[corners[3]])
        cols = (board.size + board.col_of[corners[0]], board.size + board.col_of[corners[3]])
        for strong in (a, b):
            lines: list[int] = []
            for pair_of_lines in (rows, cols):
                outside = (unit_bits[pair_of_lines[0]] | unit_bits[pair_of_lines[1]]) & ~rect_bits
                if not digit_cells[strong] & outside:
                    lines += pair_of_lines
            if lines:
                removed = [(c, strong) for c in roofs if masks[c] & bit(strong)]
                if removed:
                    by_type[6].append(_ur_step(corners, pair, 6, removed, roofs, units=lines,
                                               roles=(("strong_digit", (strong,)),)))


def _subset_pools(corners, pair, roofs, extras, masks):
    """For type 3 on one rectangle: (unit, its cells that may join the roofs' naked subset, the
    smallest subset size) for each unit the two roofs share.

    A subset of `size` cells holds size + 1 digits, the extras among them: cells that would bring
    it past a quad, and sizes too small for the extras, are left out before the groups are
    listed (the groups that remain come in the same order)."""
    smallest = max(1, COUNT[extras] - 1)
    t = _tables()
    units = t.board.units
    return [(unit, [c for c in units[unit]
                    if c not in corners and masks[c] and not masks[c] & pair
                    and COUNT[masks[c] | extras] <= MAX_SUBSET_DIGITS], smallest)
            for unit in t.shared_units(*roofs)]


def _type3(corners, pair, roofs, extras, masks, pools, size):
    """Type 3 with `size` cells besides the roofs: the two roofs act as one cell holding their extra
    digits (one of them must take one) and form a naked subset with other cells of a unit they
    share. `pools`: the rectangle's _subset_pools."""
    first = roofs[0]
    roof_set = set(roofs)
    board = board_in_use()
    board_units, row_of, col_of = board.units, board.row_of, board.col_of
    box_of, first_box = board.box_of, 2 * board.size
    for unit, pool, smallest in pools:
        if size < smallest or size > len(pool):
            continue
        is_box = unit >= first_box
        for group in combinations(pool, size):
            union = extras
            for c in group:
                union |= masks[c]
            if COUNT[union] != size + 1:
                continue
            members = roofs + group
            if is_box and (len({row_of[c] for c in members}) == 1
                           or len({col_of[c] for c in members}) == 1):
                continue  # the row or column pass already found it
            units = [unit]
            if not is_box and len({box_of[c] for c in members}) == 1:
                units.append(first_box + box_of[first])
            removed: set[tuple[int, int]] = set()
            for u in units:
                for c in board_units[u]:
                    if c not in roof_set and c not in group and masks[c] & union:
                        removed.update((c, d) for d in DIGITS_IN[masks[c] & union])
            if removed:
                yield _ur_step(corners, pair, 3, removed, roofs, units=units, extra_cells=group,
                               roles=(("extra_digits", DIGITS_IN[extras]),
                                      ("subset_cells", group),
                                      ("subset_digits", DIGITS_IN[union])))


def unique_rectangles(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Unique rectangles, types 1 to 6 (HoDoKu's numbering), easiest first.

    Roles: "type" (the type number), "corners" (the four cells, reading order), "extra_cells" (the
    corners holding candidates besides the rectangle's two digits), and by type: "extra_digit" (2, 5:
    the one extra digit), "strong_digit" (4, 6: the rectangle digit confined to the corners in the
    step's units), "extra_digits", "subset_cells" and "subset_digits" (3: the roofs' extra digits,
    the other cells of the naked subset and all its digits). Roles ending in "_digit(s)" hold digits,
    the others cells. `units`: type 3 the subset's unit(s), type 4 the shared units confining the
    strong digit, type 6 the rows and/or columns confining it.

    Beyond HoDoKu: type 4 needs the digit confined in any one unit the roofs share (HoDoKu asks it
    of every cell seeing both), and type 6 in both rows or in both columns (HoDoKu asks both); the
    argument holds either way. Type 3's subset stops at a quad.

    The steps come by rating, then by UR_TYPE_ORDER, each kind rectangle by rectangle. Every type
    but 3 rates 4.5: their steps are all made first; type 3's subsets (rated by size, and the
    dearest search) are searched size by size only as the caller reads on (the grader reads one
    step).
    """
    rectangles = _candidate_rectangles(values, masks)
    if not rectangles:
        return
    digit_cells = digit_cell_sets(masks)
    by_type: dict[int, list[Step]] = {ur_type: [] for ur_type in _PLAIN_TYPES}
    subset_rectangles: list[tuple[tuple[int, ...], int, tuple[int, ...], int]] = []
    for corners, rect_bits, pair, _, roofs in rectangles:
        _ur_steps(corners, rect_bits, pair, roofs, masks, digit_cells, by_type, subset_rectangles)
    for ur_type in _PLAIN_TYPES:
        yield from by_type[ur_type]
    if not subset_rectangles:
        return
    pools = [_subset_pools(corners, pair, roofs, extras, masks)
             for corners, pair, roofs, extras in subset_rectangles]
    for size in range(1, MAX_SUBSET_DIGITS):
        for (corners, pair, roofs, extras), unit_pools in zip(subset_rectangles, pools):
            yield from _type3(corners, pair, roofs, extras, masks, unit_pools, size)


def unique_rectangle_rating(step: Step) -> float:
    """Sudoku Explainer's 4.5 for a rectangle; type 3 adds 0.1 per subset digit past the first
    (pair 4.6, triple 4.7, quad 4.8), as SE's naked-set loops do."""
    if step.role("type") == (3,):
        return round(4.5 + 0.1 * (len(step.role("subset_digits")) - 1), 1)
    return 4.5


def hidden_rectangles(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Hidden rectangles: corners that can only be a or b ("floors") plus a digit u confined to the
    corners in some lines show that a corner cannot be the other digit v.

    Type 1 (HoDoKu's): one floor F, or two on a diagonal; X is the corner opposite F. If u is
    confined to the corners both in X's row and in X's column, X = v would put u in the two corners
    beside X, so F could not be u, F would be v, and all four corners would hold only u and v.
    Type 2 (SudokuWiki's second form): two floors side by side, and u confined to a roof R and the
    floor F beside it in their line. The other roof R' = v would make the floor beside R' u, F v
    and R u: again all four corners would hold only u and v.

    Roles: "type" (1 or 2), "corners", "floor_cells", "strong_digit" (u). `units`: type 1 X's row
    and column, type 2 the line through R and F. The step removes v from X (type 1) or R' (type 2).
    """
    digit_cells = None
    t = _tables()
    board = t.board
    shared_units, unit_bits = t.shared_units, board.unit_bits
    for corners, rect_bits, pair, floors, roofs in _candidate_rectangles(values, masks):
        if len(roofs) not in (2, 3):
            continue
        if digit_cells is None:
            digit_cells = digit_cell_sets(masks)
        a, b = DIGITS_IN[pair]
        if len(floors) == 2 and shared_units(*floors):
            for roof in roofs:
                index = corners.index(roof)
                beside = corners[index ^ 1] if corners[index ^ 1] in floors else corners[index ^ 2]
                line = shared_units(roof, beside)[0]
                other_roof = roofs[1] if roof == roofs[0] else roofs[0]
                outside = unit_bits[line] & ~((1 << roof) | (1 << beside))
                for strong, other in ((a, b), (b, a)):
                    if not digit_cells[strong] & outside and masks[other_roof] & bit(other):
                        yield _hidden_step(2, corners, floors, strong, (line,), other_roof, other)
            continue
        for floor in floors:
            opposite = corners[3 - corners.index(floor)]
            row, col = board.row_of[opposite], board.size + board.col_of[opposite]
            lines = (unit_bits[row] | unit_bits[col]) & ~rect_bits
            for strong, other in ((a, b), (b, a)):
                if not digit_cells[strong] & lines and masks[opposite] & bit(other):
                    yield _hidden_step(1, corners, floors, strong, (row, col), opposite, other)


def _hidden_step(kind, corners, floors, strong, units, target, other) -> Step:
    return Step("hidden_rectangle", eliminations=((target, other),), cells=corners, units=units,
                digits=tuple(sorted((strong, other))),
                roles=(("type", (kind,)), ("corners", corners), ("floor_cells", floors),
                       ("strong_digit", (strong,))))


def bug_plus_one(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """BUG+1: every empty cell has two candidates except one with three, and removing one digit d
    from that cell would leave every digit exactly twice (or not at all) in every row, column and
    box: a "bivalue universal grave", which has no solution or several. So the cell must be d.

    Roles: "trivalue_cell" (the cell). `units`: its row, column and box; `digits`: (d,).
    """
    trivalue = -1
    board = board_in_use()
    for cell in board.cells:
        if values[cell]:
            continue
        count = COUNT[masks[cell]]
        if count == 2:
            continue
        if count != 3 or trivalue >= 0:
            return
        trivalue = cell
    if trivalue < 0:
        return
    own_units = board.units_of[trivalue]
    counts = {}
    for unit, unit_cells in enumerate(board.units):
        tally = [0] * (board.size + 1)
        for c in unit_cells:
            for d in DIGITS_IN[masks[c]]:
                tally[d] += 1
        if unit in own_units:
            counts[unit] = tally
        elif any(n not in (0, 2) for n in tally[1:]):
            return
    for d in DIGITS_IN[masks[trivalue]]:
        if all(counts[u][e] - (e == d) in (0, 2) for u in own_units for e in board.digits):
            yield Step("bug_plus_one", placements=((trivalue, d),), cells=(trivalue,),
                       units=own_units, digits=(d,), roles=(("trivalue_cell", (trivalue,)),))
            return


def holds_across_grids(step: Step) -> bool:
    """Whether a rectangle step found in one grid of a board of several grids (engine/grids.py)
    holds on the whole board.

    Its argument imagines the four corners holding only a and b, and a second solution made by
    swapping a and b between them. That swap is a solution only if every unit of the whole board
    holding a corner stays valid: such a unit must hold exactly two corners, side by side (one
    holding a, the other b), never one corner (which would change that unit's digit there and
    repeat it elsewhere in the unit) nor two on a diagonal (which hold the same digit). Inside one
    grid the rectangle's rows, columns and boxes each hold two side by side; on a Samurai a corner
    in a shared box lies in the other grid's row and column too, which hold one corner alone (the
    corner beside it lies outside that grid, or the rectangle would lie in one box), so every
    rectangle touching a shared box is dropped. Only the whole puzzle's one solution is assumed,
    which the engine proves first."""
    board = board_in_use()
    corners = step.role("corners")
    units_of = board.units_of
    for unit in {u for c in corners for u in units_of[c]}:
        inside = [i for i, c in enumerate(corners) if unit in units_of[c]]
        # Corner i's diagonal opposite is 3 - i (corners in reading order: see _rectangles).
        if len(inside) != 2 or inside[0] + inside[1] == 3:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Texts

_ONE_SOLUTION = "Because the puzzle has only one solution"


def _rectangle_units(corners, kind: str) -> tuple[int, ...]:
    """The units of one kind ('row', 'column' or 'box') holding the corners (of the whole board:
    on a Samurai the rectangles kept touch no shared box, so these are their grid's)."""
    board = board_in_use()
    return tuple(sorted({u for c in corners for u in board.units_of[c]
                         if board.unit_kinds[u] == kind}))


def _rectangle_words(corners, a: str, b: str) -> str:
    rows, cols, boxes = (lines_name(_rectangle_units(corners, kind), grid_named=False)
                         for kind in ("row", "column", "box"))
    grid = grid_said(unit_spot(_rectangle_units(corners, "row")[0])[0])
    return (f"{_ONE_SOLUTION}, the four corners {cells_name(corners)} ({rows}, {cols}, "
            f"{boxes}{grid}) can never hold only {a} and {b}: the two digits could be swapped "
            f"between the corners, and that would be a second solution.")


def _floor_words(cells, a: str, b: str) -> str:
    verb = "can" if len(cells) == 1 else "can each"
    return f"{cells_name(cells)} {verb} only be {a} or {b}"


class UniqueRectangleTexts(Texts):
    """Unique rectangle types 1-6; see `unique_rectangles` for the roles."""

    def spot(self, step: Step) -> str:
        return ("look for four cells at the corners of a rectangle, in two rows, two columns and "
                "exactly two boxes, that all hold the same two candidates, most of them nothing "
                "else.")

    def one_line(self, step: Step) -> str:
        cells = ",".join(cell_name(c) for c in step.role("corners"))
        digits = ",".join(map(symbol, step.digits))
        return f"{step.name} type {step.role('type')[0]}: {digits} in {cells} => {step.changes}"

    def nudge(self, step: Step) -> str:
        a, b = map(symbol, step.digits)
        rows = lines_name(_rectangle_units(step.role("corners"), "row"))
        return (f"Look for a unique rectangle on {a} and {b} in {rows} "
                f"(it rests on the puzzle having only one solution).")

    def pattern(self, step: Step) -> str:
        a, b = map(symbol, step.digits)
        corners = step.role("corners")
        roofs = step.role("extra_cells")
        floors = tuple(c for c in corners if c not in roofs)
        kind = step.role("type")[0]
        text = (f"Unique rectangle type {kind} on {a} and {b} at {cells_name(corners)}: "
                f"{_floor_words(floors, a, b)}")
        if kind in (2, 5):
            text += f"; besides {a} and {b}, {cells_name(roofs)} can only be {symbol(step.role('extra_digit')[0])}"
        elif kind == 3:
            text += (f"; with {cells_name(step.role('subset_cells'))} the extra candidates of "
                     f"{cells_name(roofs)} form a naked subset on {digits_name(step.role('subset_digits'))}")
        elif kind in (4, 6):
            strong = symbol(step.role("strong_digit")[0])
            text += f"; in {_units_and(step.units)}, {strong} can only go in the rectangle's corners"
        return text + "."

    def full(self, step: Step) -> str:
        a, b = map(symbol, step.digits)
        corners = step.role("corners")
        roofs = step.role("extra_cells")
        floors = tuple(c for c in corners if c not in roofs)
        kind = step.role("type")[0]
        lead = _rectangle_words(corners, a, b) + " " + _floor_words(floors, a, b) + ". "
        if kind == 1:
            roof = roofs[0]
            return (lead + f"If {cell_name(roof)} were {a} or {b} too, all four corners would hold "
                    f"only {a} and {b}, so {cell_name(roof)} must take one of its other candidates. "
                    f"Remove {removals_by_cell(step)}.")
        if kind in (2, 5):
            extra = symbol(step.role("extra_digit")[0])
            targets = sorted({c for c, _ in step.eliminations})
            seeing = "both" if len(roofs) == 2 else "all of them"
            none = "neither of them" if len(roofs) == 2 else "none of them"
            return (lead + f"Besides {a} and {b}, {cells_name(roofs)} can only be {extra}. If {none} "
                    f"were {extra}, all four corners would hold only {a} and {b}, so one of "
                    f"{cells_or(roofs)} is {extra}, and no cell that sees {seeing} can be "
                    f"{extra}. Remove {extra} from {cells_name(targets)}.")
        if kind == 3:
            subset = step.role("subset_cells")
            digits = step.role("subset_digits")
            extras = step.role("extra_digits")
            size = len(digits)
            if len(extras) == 1:
                extra_text = (f"the extra candidate {symbol(extras[0])}, and one of them must be "
                              f"{symbol(extras[0])}")
            else:
                extra_text = (f"the extra candidates {digits_name(extras)}, and one of them must "
                              f"take one of these")
            return (lead + f"Besides {a} and {b}, {cells_name(roofs)} have {extra_text}, or all "
                    f"four corners would hold only {a} and {b}. So the two cells together act as one "
                    f"cell holding {digits_or(extras)}. In {_units_and(step.units)}, "
                    f"{cells_name(subset)} can only be {digits_or(digits)}; with that one cell this "
                    f"makes {size} cells holding only the {size} digits {digits_name(digits)} between them (a naked {_SUBSET_WORDS[size]}): they take "
                    f"these digits, one each, so no other cell of {units_or(step.units)} can hold "
                    f"{digits_or(digits)}. Remove {removals_by_digit(step)}.")
        strong = symbol(step.role("strong_digit")[0])
        other = b if strong == a else a
        if kind == 4:
            return (lead + f"In {_units_and(step.units)}, {strong} can only go in "
                    f"{cells_or(roofs)}, so one of them is {strong}. If either were {other}, the "
                    f"other would be {strong} and all four corners would hold only {a} and {b}. "
                    f"Remove {other} from {cells_name(sorted({c for c, _ in step.eliminations}))}.")
        first, second = roofs
        board = board_in_use()
        # The line through the second roof of the kind of the step's first line.
        line = next(u for u in board.units_of[second]
                    if board.unit_kinds[u] == board.unit_kinds[step.units[0]])
        return (lead + f"In {_units_and(step.units)}, {strong} can only go in the rectangle's corners. "
                f"If {cell_name(first)} were {strong}, the corners beside it, {cells_name(floors)}, "
                f"could not be {strong}, so they would be {other}, leaving {cell_name(second)} as the "
                f"only place for {strong} in {unit_name(line)}: all four corners would hold only {a} "
                f"and {b}. The same holds the other way round. Remove {strong} from "
                f"{cells_name(sorted({c for c, _ in step.eliminations}))}.")


_SUBSET_WORDS = {2: "pair", 3: "triple", 4: "quad"}


def _units_and(units) -> str:
    return listed(unit_name(u) for u in units)


class HiddenRectangleTexts(Texts):
    """Hidden rectangles, types 1 and 2; see `hidden_rectangles` for the roles."""

    def spot(self, step: Step) -> str:
        return ("look for a rectangle of cells in two boxes all holding the same two "
                "candidates, one corner nothing else, and one of the two digits with two places "
                "in the lines of the opposite corner.")

    def one_line(self, step: Step) -> str:
        cells = ",".join(cell_name(c) for c in step.role("corners"))
        digits = ",".join(map(symbol, step.digits))
        return f"{step.name} type {step.role('type')[0]}: {digits} in {cells} => {step.changes}"

    def nudge(self, step: Step) -> str:
        a, b = map(symbol, step.digits)
        return (f"Look for a hidden rectangle on {a} and {b} around "
                f"{cells_name(step.role('floor_cells'))} (it rests on the puzzle having only one "
                f"solution).")

    def pattern(self, step: Step) -> str:
        a, b = map(symbol, step.digits)
        strong = symbol(step.role("strong_digit")[0])
        where = "the rectangle's corners" if step.role("type") == (1,) else _corners_in(step)
        return (f"Hidden rectangle on {a} and {b} at {cells_name(step.role('corners'))}: "
                f"{_floor_words(step.role('floor_cells'), a, b)}, and in {_units_and(step.units)}, "
                f"{strong} can only go in {where}.")

    def full(self, step: Step) -> str:
        a, b = map(symbol, step.digits)
        corners = step.role("corners")
        floors = step.role("floor_cells")
        strong = symbol(step.role("strong_digit")[0])
        other = b if strong == a else a
        (target, _), = step.eliminations
        lead = _rectangle_words(corners, a, b) + " " + _floor_words(floors, a, b) + ". "
        if step.role("type") == (1,):
            floor = corners[3 - corners.index(target)]
            index = corners.index(target)
            beside_row, beside_col = corners[index ^ 1], corners[index ^ 2]
            return (lead + f"In {_units_and(step.units)} (the lines through {cell_name(target)}, "
                    f"opposite {cell_name(floor)}), {strong} can only go in the rectangle's corners. "
                    f"If {cell_name(target)} were {other}, {unit_name(step.units[0])} would need its "
                    f"{strong} in {cell_name(beside_row)} and {unit_name(step.units[1])} in "
                    f"{cell_name(beside_col)}; then {cell_name(floor)} could not be {strong} and "
                    f"would be {other}, and all four corners would hold only {a} and {b}. "
                    f"Remove {other} from {cell_name(target)}.")
        index = corners.index(target)
        near = corners[index ^ 1] if corners[index ^ 1] in floors else corners[index ^ 2]
        far = next(c for c in floors if c != near)
        roof = next(c for c in corners if c not in floors and c != target)
        return (lead + f"In {unit_name(step.units[0])}, {strong} can only go in {cells_or((roof, far))}. "
                f"If {cell_name(target)} were {other}, {cell_name(near)} could "
                f"not be {other} and would be {strong}; then {cell_name(far)} could not be {strong} "
                f"and would be {other}, so {unit_name(step.units[0])} would need its {strong} in "
                f"{cell_name(roof)}: all four corners would hold only {a} and {b}. "
                f"Remove {other} from {cell_name(target)}.")


def _corners_in(step: Step) -> str:
    """Type 2's two corners in its strong line."""
    line = board_in_use().unit_bits[step.units[0]]
    return cells_or([c for c in step.role("corners") if line >> c & 1])


class BugPlusOneTexts(Texts):
    """BUG+1; see `bug_plus_one` for the roles."""

    def spot(self, step: Step) -> str:
        return ("look for a position where every empty cell has two candidates but one, which "
                "has three.")

    def one_line(self, step: Step) -> str:
        return f"{step.name}: {cell_name(step.role('trivalue_cell')[0])} => {step.changes}"

    def nudge(self, step: Step) -> str:
        return ("Almost every empty cell has exactly two candidates: look for a BUG+1 (it rests on "
                "the puzzle having only one solution).")

    def pattern(self, step: Step) -> str:
        cell = step.role("trivalue_cell")[0]
        # A Samurai's shared cell lies in two rows, two columns and a box.
        units = "row, column and box" if len(step.units) == 3 else "rows, columns and box"
        return (f"Every empty cell has two candidates except {cell_name(cell)}, which has three; "
                f"{symbol(step.digits[0])} appears three times in its {units}.")

    def full(self, step: Step) -> str:
        (cell, placed), = step.placements
        digit = symbol(placed)
        where = listed(f"in {unit_name(u)}" for u in step.units)
        # On a Samurai "every row, column and box" is each of its 131 units, of all five grids:
        # the grave's second solution (every cell's other candidate) keeps each of them valid.
        return (f"{_ONE_SOLUTION}, it can never reach a \"bivalue universal grave\": every empty cell "
                f"with exactly two candidates and every digit a candidate exactly twice (or not at "
                f"all) in every row, column and box. Such a position has no solution or several. "
                f"Here every empty cell has two candidates except {cell_name(cell)}, and "
                f"{digit} is a candidate three times {where}, where every "
                f"other digit appears twice. If {cell_name(cell)} were not {digit}, taking {digit} out "
                f"of it would leave exactly such a grave. So {cell_name(cell)} must be {digit}. "
                f"Place {digit} in {cell_name(cell)}.")
