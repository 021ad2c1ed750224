"""A Samurai on the app's board: the whole 21x21 board with its gaps (one line per row), or one of
its five grids alone, drawn as the classic board is (its own rows and columns, full pencil marks).

The whole board at full size has three characters a cell and box lines all round, as the compact
classic board; compact (80x24) two characters a cell (the digit, then a mark: ◂ the selection,
! a problem, × an elimination, a pattern's letter) and no lines between box rows, so that its 21
rows fit. Its labels number each row and column within the grid it starts in (the outer grids,
and the centre grid between them), as the learner names cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from tutor.app.board_render import ROW_MARK, UNIT_TEXTURE, BoardPainter, marked_lines
from tutor.app.view import BoardView
from tutor.model.geometry import CLASSIC, Geometry
from tutor.model.grid import Grid

BOX = 3
"""A Samurai's boxes are 3x3 and its grids line up on box boundaries."""
LABEL_WIDTH = 2
"""The row label (1 to 9) and its mark."""

# Heavy box-drawing characters by the lines meeting at a point: (up, down, left, right).
_JOINS = {
    (False, False, False, False): " ",
    (True, True, False, False): "┃", (False, False, True, True): "━",
    (False, True, False, True): "┏", (False, True, True, False): "┓",
    (True, False, False, True): "┗", (True, False, True, False): "┛",
    (True, True, False, True): "┣", (True, True, True, False): "┫",
    (False, True, True, True): "┳", (True, False, True, True): "┻",
    (True, True, True, True): "╋",
    (True, False, False, False): "╹", (False, True, False, False): "╻",
    (False, False, True, False): "╸", (False, False, False, True): "╺",
}


@dataclass(frozen=True)
class WholeLayout:
    """Where the cells of a Samurai's whole board sit: the same questions as board_render.Layout
    (column_x, row_y, cell_at, width, height), over the drawn board's rows and columns (0-20)."""

    board: Geometry
    compact: bool

    label_width = LABEL_WIDTH
    cell_height = 1
    middle = 0

    @property
    def cell_width(self) -> int:
        return 2 if self.compact else 3

    @property
    def rules(self) -> bool:
        """Whether a line is drawn between box rows (at full size only)."""
        return not self.compact

    def column_x(self, col: int) -> int:
        return self.label_width + 1 + col * self.cell_width + col // BOX

    def row_y(self, row: int) -> int:
        return 1 + row if self.compact else 2 + row + row // BOX

    @property
    def width(self) -> int:
        return self.column_x(self.board.screen[1])

    @property
    def height(self) -> int:
        return self.row_y(self.board.screen[0])

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under a point, or None for a border, a label or a gap between grids."""
        height, width = self.board.screen
        col = next((c for c in range(width)
                    if self.column_x(c) <= x < self.column_x(c) + self.cell_width), None)
        row = next((r for r in range(height) if self.row_y(r) == y), None)
        if col is None or row is None:
            return None
        return drawn_cell(self.board, row, col)

    def digit_x(self, col: int) -> int:
        """The x where a cell's digit stands."""
        return self.column_x(col) + (self.cell_width - 1) // 2


def drawn_cell(board: Geometry, row: int, col: int) -> int | None:
    """The cell drawn at a place of the board, or None in a gap."""
    try:
        return board.cell_at(row, col)
    except ValueError:
        return None


def has_box(board: Geometry, box_row: int, box_col: int) -> bool:
    """Whether the drawn board has a box at this box row and column (0-6)."""
    height, width = board.screen
    return (0 <= box_row < height // BOX and 0 <= box_col < width // BOX
            and drawn_cell(board, box_row * BOX, box_col * BOX) is not None)


def line_labels(board: Geometry) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each drawn row's and column's number (1-9) in the grid of its first cell: the outer grids'
    rows and columns, and the centre grid's where only it runs."""
    height, width = board.screen
    rows = tuple(board.cell_spots[next(c for col in range(width)
                                       if (c := drawn_cell(board, row, col)) is not None)][0][1] + 1
                 for row in range(height))
    cols = tuple(board.cell_spots[next(c for row in range(height)
                                       if (c := drawn_cell(board, row, col)) is not None)][0][2] + 1
                 for col in range(width))
    return rows, cols


class WholePainter(BoardPainter):
    """Draws a Samurai's whole board: BoardPainter's compact cells on the 21x21 layout."""

    def paint_lines(self, view: BoardView, compact: bool) -> list[Text]:
        board = view.grid.geometry
        self.view = view
        self.board = board
        self.whole = WholeLayout(board, compact)
        self.unit_cells = {c for u in view.units for c in board.units[u]}
        self.marked_rows, self.marked_cols = marked_lines(view)
        self.row_labels, self.col_labels = line_labels(board)
        height = board.screen[0]
        lines = [self._whole_column_labels()]
        for row in range(height):
            if self.whole.rules and row % BOX == 0:
                lines.append(self._whole_rule(row // BOX))
            lines.append(self._whole_row(row))
        if self.whole.rules:
            lines.append(self._whole_rule(height // BOX))
        return lines

    def _selected_place(self) -> tuple[int | None, int | None]:
        selected = self.view.selected
        if selected is None:
            return None, None
        return self.board.row_of[selected], self.board.col_of[selected]

    def _whole_column_labels(self) -> Text:
        width = self.whole.cell_width
        text = Text(" " * (self.whole.label_width + 1), self.styles["label"])
        selected_col = self._selected_place()[1]
        for col, number in enumerate(self.col_labels):
            centre = (width - 1) // 2
            chars = [" "] * width
            chars[centre] = str(number)
            if col in self.marked_cols:
                chars[centre - 1 if centre else 1] = "▼"
            style = self.styles["label-marked" if col == selected_col else "label"]
            text.append("".join(chars), style)
            if col % BOX == BOX - 1:
                text.append(" ")
        return text

    def _whole_rule(self, box_row: int) -> Text:
        """The line above box row `box_row` (0-7), drawn where a box is above or below it."""
        board = self.board
        boxes = board.screen[1] // BOX

        def segment(col: int) -> bool:
            return has_box(board, box_row - 1, col) or has_box(board, box_row, col)

        parts = [" " * self.whole.label_width]
        for col in range(boxes + 1):
            up = has_box(board, box_row - 1, col - 1) or has_box(board, box_row - 1, col)
            down = has_box(board, box_row, col - 1) or has_box(board, box_row, col)
            parts.append(_JOINS[up, down, segment(col - 1), segment(col)])
            if col < boxes:
                fill = "━" if segment(col) else " "
                parts.append(fill * (self.whole.cell_width * BOX))
        return Text("".join(parts), self.styles["border"])

    def _whole_row(self, row: int) -> Text:
        board = self.board
        marked = ROW_MARK if row in self.marked_rows else " "
        selected = self._selected_place()[0] == row
        text = Text(f"{self.row_labels[row]}{marked}",
                    self.styles["label-marked" if selected else "label"])
        box_row = row // BOX
        for col in range(board.screen[1]):
            if col % BOX == 0:
                edge = has_box(board, box_row, col // BOX - 1) or has_box(board, box_row, col // BOX)
                text.append("┃" if edge else " ", self.styles["border"])
            cell = drawn_cell(board, row, col)
            if cell is None:
                text.append(" " * self.whole.cell_width)
            else:
                text.append_text(self._whole_cell(cell))
        edge = has_box(board, box_row, board.screen[1] // BOX - 1)
        text.append("┃" if edge else " ", self.styles["border"])
        return text

    def _whole_cell(self, cell: int) -> Text:
        three = self._compact_cell(cell)
        if not self.whole.compact:
            return three
        # Two characters: the digit, then the one mark that matters most.
        left, right = three.plain[0], three.plain[2]
        plain = (" ", UNIT_TEXTURE)
        mark = ("◂" if cell == self.view.selected else right if right not in plain
                else left if left not in plain else left)
        text = three[1:2]
        text.append(mark)
        return text



def grid_view(view: BoardView, grid: int) -> BoardView:
    """A Samurai's view narrowed to one of its grids: a classic board of that grid's 81 cells,
    with the selection, the step's pattern and changes, the problems and the marks that fall in
    it, and the step's units of this grid (a shared box as this grid numbers it). A unit of
    another grid that crosses this one dots its cells here, unmarked beside the labels (its row
    or column is not this grid's); the whole board draws it whole."""
    board = view.grid.geometry
    cells = board.grids[grid]
    local = {c: i for i, c in enumerate(cells)}
    whole = view.grid
    values = [whole.value(c) for c in cells]
    masks = [whole.masks[c] for c in cells]
    givens = [i for i, c in enumerate(cells) if whole.is_given(c)]
    units, crossing = [], set()
    for unit in view.units:
        if grid in board.unit_grids[unit]:
            units.append(CLASSIC.units.index(tuple(sorted(local[c] for c in board.units[unit]))))
        else:
            crossing.update(local[c] for c in board.units[unit] if c in local)
    return BoardView(
        Grid(values, givens, masks, CLASSIC),
        local.get(view.selected) if view.selected is not None else None,
        units=tuple(units),
        pattern_cells=frozenset(local[c] for c in view.pattern_cells if c in local),
        pattern_digits=view.pattern_digits,
        eliminations=frozenset((local[c], d) for c, d in view.eliminations if c in local),
        placements=frozenset((local[c], d) for c, d in view.placements if c in local),
        problems=frozenset(local[c] for c in view.problems if c in local),
        marks=tuple((local[c], m) for c, m in view.marks if c in local),
        only_digit=view.only_digit,
        crossing_cells=frozenset(crossing),
    )


def moved_in_grid(board: Geometry, grid: int, cell: int, rows: int, cols: int) -> int:
    """The cell `rows` down and `cols` right of `cell` within one grid, stopping at its edges (a
    cell outside the grid stays)."""
    cells = board.grids[grid]
    if cell not in cells:
        return cell
    size = board.size
    row, col = divmod(cells.index(cell), size)
    row = min(size - 1, max(0, row + rows))
    col = min(size - 1, max(0, col + cols))
    return cells[row * size + col]

