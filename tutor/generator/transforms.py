"""Equivalence transforms: relabel digits, shuffle rows, bands, columns, stacks, transpose, rotate.

Each maps a puzzle to one with the same structure, so the same number of solutions, the same
solution (transformed) and the same grade. A Transform is a cell permutation plus a digit relabelling.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.model.geometry import BOX_HEIGHT, BOX_WIDTH, CELL_COUNT, CELLS, COL_OF, DIGITS, ROW_OF, SIZE, bit, cell_at
from tutor.model.grid import Grid

BANDS = SIZE // BOX_HEIGHT
STACKS = SIZE // BOX_WIDTH


@dataclass(frozen=True)
class Transform:
    """`source[cell]` is the cell whose content lands in `cell`; `labels[d]` is digit d's new name."""

    source: tuple[int, ...]
    labels: tuple[int, ...]

    def values(self, values: Sequence[int]) -> tuple[int, ...]:
        """Transformed cell values (81 ints, 0 for empty)."""
        labels, source = self.labels, self.source
        return tuple(labels[values[source[c]]] for c in CELLS)

    def cell(self, cell: int) -> int:
        """Where the content of `cell` goes."""
        return self.source.index(cell)

    def apply(self, grid: Grid) -> Grid:
        """The transformed grid: values, givens and candidates all carried over."""
        source, labels = self.source, self.labels
        masks = []
        for c in CELLS:
            old = grid.masks[source[c]]
            mask = 0
            for d in DIGITS:
                if old & bit(d):
                    mask |= bit(labels[d])
            masks.append(mask)
        givens = [self.cell(c) for c in grid.givens]
        return Grid(self.values(grid.values), givens, masks)

    def then(self, after: Transform) -> Transform:
        """This transform followed by `after`."""
        source = tuple(self.source[after.source[c]] for c in CELLS)
        labels = tuple(after.labels[self.labels[d]] for d in range(SIZE + 1))
        return Transform(source, labels)


IDENTITY = Transform(CELLS, tuple(range(SIZE + 1)))


def _from_lines(rows, columns, transposed: bool = False) -> Transform:
    """The cell permutation taking row rows[r] to row r and column columns[c] to column c."""
    source = []
    for c in CELLS:
        r, k = ROW_OF[c], COL_OF[c]
        cell = cell_at(rows[r], columns[k])
        source.append(cell_at(COL_OF[cell], ROW_OF[cell]) if transposed else cell)
    return Transform(tuple(source), IDENTITY.labels)


def _check_order(order, size: int, what: str) -> tuple[int, ...]:
    order = tuple(order)
    if sorted(order) != list(range(size)):
        raise ValueError(f"{what} must be an ordering of 0-{size - 1}, not {order}")
    return order


def relabel(labels: Sequence[int]) -> Transform:
    """Rename digits: `labels` is a dict {old: new} or the nine new names of digits 1-9 in order."""
    if isinstance(labels, dict):
        names = [labels.get(d, d) for d in DIGITS]
    else:
        names = list(labels)
    if sorted(names) != list(DIGITS):
        raise ValueError(f"a relabelling must use each digit 1-{SIZE} once, not {names}")
    return Transform(CELLS, (0, *names))


def permute_rows_in_band(band: int, order: Sequence[int]) -> Transform:
    """Reorder the rows inside one band: row `order[i]` of the band becomes its row i (0-based)."""
    order = _check_order(order, BOX_HEIGHT, "a row order")
    rows = list(range(SIZE))
    for i, j in enumerate(order):
        rows[band * BOX_HEIGHT + i] = band * BOX_HEIGHT + j
    return _from_lines(rows, range(SIZE))


def permute_bands(order: Sequence[int]) -> Transform:
    """Reorder the bands (horizontal rows of boxes): band `order[i]` becomes band i."""
    order = _check_order(order, BANDS, "a band order")
    rows = [order[r // BOX_HEIGHT] * BOX_HEIGHT + r % BOX_HEIGHT for r in range(SIZE)]
    return _from_lines(rows, range(SIZE))


def permute_columns_in_stack(stack: int, order: Sequence[int]) -> Transform:
    """Reorder the columns inside one stack: column `order[i]` of the stack becomes its column i."""
    order = _check_order(order, BOX_WIDTH, "a column order")
    columns = list(range(SIZE))
    for i, j in enumerate(order):
        columns[stack * BOX_WIDTH + i] = stack * BOX_WIDTH + j
    return _from_lines(range(SIZE), columns)


def permute_stacks(order: Sequence[int]) -> Transform:
    """Reorder the stacks (vertical columns of boxes): stack `order[i]` becomes stack i."""
    order = _check_order(order, STACKS, "a stack order")
    columns = [order[c // BOX_WIDTH] * BOX_WIDTH + c % BOX_WIDTH for c in range(SIZE)]
    return _from_lines(range(SIZE), columns)


def transpose() -> Transform:
    """Mirror in the main diagonal: row r becomes column r."""
    if BOX_HEIGHT != BOX_WIDTH:
        raise ValueError("only a board with square boxes can be transposed")
    return _from_lines(range(SIZE), range(SIZE), transposed=True)


def rotate(quarter_turns: int = 1) -> Transform:
    """Turn the board clockwise by quarter turns (a transpose then reversed columns, per turn)."""
    turn = transpose().then(_from_lines(range(SIZE), range(SIZE - 1, -1, -1)))
    result = IDENTITY
    for _ in range(quarter_turns % 4):
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


def random_transform(rng: random.Random, symmetric: bool = False) -> Transform:
    """A random member of the whole equivalence group (or of the part that keeps 180-degree symmetry)."""
    rows = _random_lines(rng, BANDS, BOX_HEIGHT, symmetric)
    columns = _random_lines(rng, STACKS, BOX_WIDTH, symmetric)
    transposed = BOX_HEIGHT == BOX_WIDTH and rng.random() < 0.5
    names = list(DIGITS)
    rng.shuffle(names)
    return _from_lines(rows, columns, transposed).then(relabel(names))


def equivalent(grid: Grid, seed: int, symmetric: bool = False) -> Grid:
    """A random puzzle equivalent to `grid`, the same one for the same seed."""
    return random_transform(random.Random(seed), symmetric).apply(grid)


def is_symmetric(values: Sequence[int]) -> bool:
    """Whether the filled cells look the same after a 180-degree turn."""
    return all(bool(values[c]) == bool(values[CELL_COUNT - 1 - c]) for c in CELLS)
