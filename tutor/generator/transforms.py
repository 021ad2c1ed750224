"""Equivalence transforms: relabel digits, shuffle rows, bands, columns, stacks, transpose, rotate.

Each maps a puzzle to one with the same structure, so the same number of solutions, the same
solution (transformed) and the same grade. A Transform is a cell permutation plus a digit relabelling
on one board. On a board whose boxes are not square (6x6 with 2x3 boxes) a transposition or a
quarter turn would make boxes of another shape, so only the moves that keep the boxes are offered
there: lines within their band or stack, bands, stacks, a half turn and relabelling.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.model.geometry import CLASSIC, Geometry, bit
from tutor.model.grid import Grid


@dataclass(frozen=True)
class Transform:
    """`source[cell]` is the cell whose content lands in `cell`; `labels[d]` is digit d's new name."""

    source: tuple[int, ...]
    labels: tuple[int, ...]
    geometry: Geometry = field(default=CLASSIC, compare=False)

    def values(self, values: Sequence[int]) -> tuple[int, ...]:
        """Transformed cell values (one int a cell, 0 for empty)."""
        labels, source = self.labels, self.source
        return tuple(labels[values[source[c]]] for c in self.geometry.cells)

    def cell(self, cell: int) -> int:
        """Where the content of `cell` goes."""
        return self.source.index(cell)

    def apply(self, grid: Grid) -> Grid:
        """The transformed grid: values, givens and candidates all carried over.

        :raises ValueError: when the grid is not on this transform's board.
        """
        board = self.geometry
        if grid.geometry is not board:
            raise ValueError(f"a transform of the {board.name} board with {board.box_height}x"
                             f"{board.box_width} boxes cannot move a {grid.geometry.name} grid "
                             f"with {grid.geometry.box_height}x{grid.geometry.box_width} boxes")
        source, labels = self.source, self.labels
        masks = []
        for c in board.cells:
            old = grid.masks[source[c]]
            mask = 0
            for d in board.digits:
                if old & bit(d):
                    mask |= bit(labels[d])
            masks.append(mask)
        givens = [self.cell(c) for c in grid.givens]
        return Grid(self.values(grid.values), givens, masks, geometry=board)

    def then(self, after: Transform) -> Transform:
        """This transform followed by `after` (on the same board)."""
        source = tuple(self.source[after.source[c]] for c in self.geometry.cells)
        labels = tuple(after.labels[self.labels[d]] for d in range(self.geometry.size + 1))
        return Transform(source, labels, self.geometry)


def identity(geometry: Geometry = CLASSIC) -> Transform:
    """The transform that moves nothing on the board."""
    return Transform(geometry.cells, tuple(range(geometry.size + 1)), geometry)


IDENTITY = identity(CLASSIC)


def _from_lines(rows, columns, transposed: bool = False,
                geometry: Geometry = CLASSIC) -> Transform:
    """The cell permutation taking row rows[r] to row r and column columns[c] to column c."""
    source = []
    row_of, col_of, cell_at = geometry.row_of, geometry.col_of, geometry.cell_at
    for c in geometry.cells:
        r, k = row_of[c], col_of[c]
        cell = cell_at(rows[r], columns[k])
        source.append(cell_at(col_of[cell], row_of[cell]) if transposed else cell)
    return Transform(tuple(source), tuple(range(geometry.size + 1)), geometry)


def _check_order(order, size: int, what: str) -> tuple[int, ...]:
    order = tuple(order)
    if sorted(order) != list(range(size)):
        raise ValueError(f"{what} must be an ordering of 0-{size - 1}, not {order}")
    return order


def relabel(labels: Sequence[int], geometry: Geometry = CLASSIC) -> Transform:
    """Rename digits: `labels` is a dict {old: new} or the new names of digits 1-n in order."""
    digits = geometry.digits
    if isinstance(labels, dict):
        names = [labels.get(d, d) for d in digits]
    else:
        names = list(labels)
    if sorted(names) != list(digits):
        raise ValueError(f"a relabelling must use each digit 1-{geometry.size} once, not {names}")
    return Transform(geometry.cells, (0, *names), geometry)


def permute_rows_in_band(band: int, order: Sequence[int], geometry: Geometry = CLASSIC) -> Transform:
    """Reorder the rows inside one band: row `order[i]` of the band becomes its row i (0-based)."""
    height, size = geometry.box_height, geometry.size
    order = _check_order(order, height, "a row order")
    rows = list(range(size))
    for i, j in enumerate(order):
        rows[band * height + i] = band * height + j
    return _from_lines(rows, range(size), geometry=geometry)


def permute_bands(order: Sequence[int], geometry: Geometry = CLASSIC) -> Transform:
    """Reorder the bands (horizontal rows of boxes): band `order[i]` becomes band i."""
    height, size = geometry.box_height, geometry.size
    order = _check_order(order, size // height, "a band order")
    rows = [order[r // height] * height + r % height for r in range(size)]
    return _from_lines(rows, range(size), geometry=geometry)


def permute_columns_in_stack(stack: int, order: Sequence[int],
                             geometry: Geometry = CLASSIC) -> Transform:
    """Reorder the columns inside one stack: column `order[i]` of the stack becomes its column i."""
    width, size = geometry.box_width, geometry.size
    order = _check_order(order, width, "a column order")
    columns = list(range(size))
    for i, j in enumerate(order):
        columns[stack * width + i] = stack * width + j
    return _from_lines(range(size), columns, geometry=geometry)


def permute_stacks(order: Sequence[int], geometry: Geometry = CLASSIC) -> Transform:
    """Reorder the stacks (vertical columns of boxes): stack `order[i]` becomes stack i."""
    width, size = geometry.box_width, geometry.size
    order = _check_order(order, size // width, "a stack order")
    columns = [order[c // width] * width + c % width for c in range(size)]
    return _from_lines(range(size), columns, geometry=geometry)


def transpose(geometry: Geometry = CLASSIC) -> Transform:
    """Mirror in the main diagonal: row r becomes column r.

    :raises ValueError: on a board whose boxes are not square (its boxes would turn on their side).
    """
    if geometry.box_height != geometry.box_width:
        raise ValueError("only a board with square boxes can be transposed")
    size = geometry.size
    return _from_lines(range(size), range(size), transposed=True, geometry=geometry)


def rotate(quarter_turns: int = 1, geometry: Geometry = CLASSIC) -> Transform:
    """Turn the board clockwise by quarter turns (a transpose then reversed columns, per turn).

    :raises ValueError: for an odd number of quarter turns on a board whose boxes are not square;
        a half turn (two quarter turns) keeps every board's boxes.
    """
    size = geometry.size
    turns = quarter_turns % 4
    if turns == 2 and geometry.box_height != geometry.box_width:
        backwards = range(size - 1, -1, -1)
        return _from_lines(backwards, backwards, geometry=geometry)
    turn = transpose(geometry).then(_from_lines(range(size), range(size - 1, -1, -1),
                                                geometry=geometry))
    result = identity(geometry)
    for _ in range(turns):
        result = result.then(turn)
    return result


def _line_order(rng: random.Random, groups: int, width: int) -> list[int]:
    """A random order of lines that keeps each group of `width` lines together."""
    group_order = list(range(groups))
    rng.shuffle(group_order)
    lines: list[int] = []
    for g in group_order:
        inner = list(range(width))
        rng.shuffle(inner)
        lines.extend(g * width + i for i in inner)
    return lines


def _keeps_rotation(lines) -> bool:
    """Whether a line order commutes with reversing the lines (so 180-degree symmetry survives)."""
    last = len(lines) - 1
    return all(lines[last - i] == last - lines[i] for i in range(len(lines)))


def _random_lines(rng: random.Random, groups: int, width: int, symmetric: bool) -> list[int]:
    while True:
        lines = _line_order(rng, groups, width)
        if not symmetric or _keeps_rotation(lines):
            return lines


def random_transform(rng: random.Random, symmetric: bool = False,
                     geometry: Geometry = CLASSIC) -> Transform:
    """A random member of the board's whole equivalence group (or of the part that keeps
    180-degree symmetry); a transposition only where the boxes are square."""
    height, width, size = geometry.box_height, geometry.box_width, geometry.size
    rows = _random_lines(rng, size // height, height, symmetric)
    columns = _random_lines(rng, size // width, width, symmetric)
    transposed = height == width and rng.random() < 0.5
    names = list(geometry.digits)
    rng.shuffle(names)
    return _from_lines(rows, columns, transposed, geometry).then(relabel(names, geometry))


def equivalent(grid: Grid, seed: int, symmetric: bool = False) -> Grid:
    """A random puzzle equivalent to `grid` (on its board), the same one for the same seed."""
    return random_transform(random.Random(seed), symmetric, grid.geometry).apply(grid)


def is_symmetric(values: Sequence[int]) -> bool:
    """Whether the filled cells look the same after a 180-degree turn."""
    last = len(values) - 1
    return all(bool(values[c]) == bool(values[last - c]) for c in range(len(values)))
