"""Draw a board of any shape as Rich text, full (pencil marks in mini-grids shaped like its box,
3x3 on the classic board) or compact (one line per row); digits above 9 as the board's symbols.

Highlights never rely on colour alone: pattern digits are bold and underlined, eliminated
candidates struck through, placements reversed, cells of a highlighted unit dotted, rows and columns
of highlighted units marked beside the labels, the selected cell framed by ▸ ◂ (or [ ]), and cells
with a problem flagged with ! , and the parts of a pattern marked by a letter or number left of
the cell's bottom line (p pivot, w pincers, f fins, r rectangle corners, A/B colours, a b c a
chain's order: never a digit, which would pass for a candidate).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from tutor.model.geometry import CLASSIC, Geometry
from tutor.app.view import BoardView

STYLE_NAMES = (
    "border", "label", "label-marked", "given", "entry", "candidate", "selected", "unit",
    "pattern", "pattern-cell", "elimination", "placement", "problem",
)

# Box-drawing characters for each kind of horizontal line: left edge, fill, thin crossing,
# heavy crossing, right edge.
_RULES = {
    "top": "┏━┯┳┓",
    "thin": "┠─┼╂┨",
    "heavy": "┣━┿╋┫",
    "bottom": "┗━┷┻┛",
}
ROW_MARK = "▶"
COLUMN_MARK = "▼"
UNIT_TEXTURE = "·"


def label_width(board: Geometry) -> int:
    """Columns left of the board for the row labels: the number and its mark (2 up to 9 rows,
    3 for rows 10 and on)."""
    return len(str(board.size)) + 1


@dataclass(frozen=True)
class Layout:
    """Where cells sit for one board style on one board: cell size and whether thin lines
    separate cells."""

    cell_width: int
    cell_height: int
    thin_lines: bool
    board: Geometry = CLASSIC

    @property
    def label_width(self) -> int:
        return label_width(self.board)

    @property
    def middle(self) -> int:
        """The line of a cell that holds its digit, its row's label and the selection's frame."""
        return (self.cell_height - 1) // 2

    def column_x(self, col: int) -> int:
        """The x of a column's first character."""
        if self.thin_lines:
            return self.label_width + 1 + col * (self.cell_width + 1)
        heavy_before = col // self.board.box_width
        return self.label_width + 1 + col * self.cell_width + heavy_before

    def row_y(self, row: int) -> int:
        if self.thin_lines:
            return 2 + row * (self.cell_height + 1)
        return 2 + row + row // self.board.box_height

    @property
    def width(self) -> int:
        return self.column_x(self.board.size)

    @property
    def height(self) -> int:
        return self.row_y(self.board.size)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under a point of the board, or None for a border or label."""
        size = self.board.size
        col = next((c for c in range(size)
                    if self.column_x(c) <= x < self.column_x(c) + self.cell_width), None)
        row = next((r for r in range(size)
                    if self.row_y(r) <= y < self.row_y(r) + self.cell_height), None)
        if col is None or row is None:
            return None
        return self.board.cell_at(row, col)


def full_layout(board: Geometry) -> Layout:
    """Each cell a mini-grid of the board's box shape, one candidate (a character and a space)
    per place: 3x3 on the classic board, 2x3 on a 6x6 one, 4x4 on a 16x16 one."""
    return Layout(cell_width=2 * board.box_width - 1, cell_height=board.box_height,
                  thin_lines=True, board=board)


def compact_layout(board: Geometry) -> Layout:
    """One line per row, three characters per cell, heavy lines only."""
    return Layout(cell_width=3, cell_height=1, thin_lines=False, board=board)


FULL = full_layout(CLASSIC)
COMPACT = compact_layout(CLASSIC)


def board_layout(board: Geometry, compact: bool) -> Layout:
    """The board's drawing layout, compact or full."""
    return compact_layout(board) if compact else full_layout(board)


def marked_lines(view: BoardView) -> tuple[set[int], set[int]]:
    """The rows and columns to mark beside the labels: those of the highlighted units."""
    board = view.grid.geometry
    rows, cols = set(), set()
    for unit in view.units:
        kind = board.unit_kind(unit)
        cells = board.units[unit]
        if kind in ("row", "box"):
            rows.update(board.row_of[c] for c in cells)
        if kind in ("column", "box"):
            cols.update(board.col_of[c] for c in cells)
    return rows, cols


class BoardPainter:
    """Turns a BoardView into Text with the given named styles (from the widget's CSS)."""

    def __init__(self, styles: dict[str, Style]):
        self.styles = styles

    def paint(self, view: BoardView, compact: bool) -> Text:
        return Text("\n").join(self.paint_lines(view, compact))

    def paint_lines(self, view: BoardView, compact: bool) -> list[Text]:
        """The board, one Text per terminal line."""
        board = view.grid.geometry
        layout = board_layout(board, compact)
        self.view = view
        self.board = board
        self.layout = layout
        self.unit_cells = {c for u in view.units for c in board.units[u]} | view.crossing_cells
        self.marked_rows, self.marked_cols = marked_lines(view)
        lines = [self._column_labels()]
        for row in range(board.size):
            lines.append(self._rule("top" if row == 0 else
                                    "heavy" if row % board.box_height == 0 else "thin"))
            if not layout.thin_lines and row % board.box_height:
                lines.pop()
            for line in range(layout.cell_height):
                lines.append(self._cell_line(row, line))
        lines.append(self._rule("bottom"))
        return lines

    # --- pieces ---------------------------------------------------------------------------
    def _background(self, cell: int) -> Style:
        view, s = self.view, self.styles
        if cell == view.selected:
            return s["selected"]
        if cell in view.problems:
            return s["problem"]
        if cell in view.pattern_cells:
            return s["pattern-cell"]
        if cell in self.unit_cells:
            return s["unit"]
        return Style()

    def _column_labels(self) -> Text:
        board = self.board
        text = Text(" " * (self.layout.label_width + 1), self.styles["label"])
        width = self.layout.cell_width
        selected = self.view.selected
        selected_col = None if selected is None else board.col_of[selected]
        for col in range(board.size):
            centre = width // 2
            chars = [" "] * width
            # A two-digit label starts at the centre, where a cell's digit stands.
            label = str(col + 1)
            chars[centre:centre + len(label)] = label
            if col in self.marked_cols:
                chars[centre - 1] = COLUMN_MARK
            style = self.styles["label-marked" if col == selected_col else "label"]
            text.append("".join(chars), style)
            if self.layout.thin_lines or col % board.box_width == board.box_width - 1:
                text.append(" ")
        return text

    def _rule(self, kind: str) -> Text:
        left, fill, thin, heavy, right = _RULES[kind]
        board = self.board
        parts = [" " * self.layout.label_width, left]
        for col in range(board.size):
            parts.append(fill * self.layout.cell_width)
            last_in_box = col % board.box_width == board.box_width - 1
            if col == board.size - 1:
                parts.append(right)
            elif last_in_box:
                parts.append(heavy)
            elif self.layout.thin_lines:
                parts.append(thin)
        return Text("".join(parts), self.styles["border"])

    def _row_label(self, row: int, line: int) -> Text:
        width = self.layout.label_width
        if line != self.layout.middle:
            return Text(" " * width)
        label = str(row + 1).rjust(width - 1) + (ROW_MARK if row in self.marked_rows else " ")
        selected = self.view.selected is not None and row == self.board.row_of[self.view.selected]
        return Text(label, self.styles["label-marked" if selected else "label"])

    def _separator(self, row: int, col_after: int, line: int) -> str:
        """The vertical line right of column `col_after` (-1: the left edge), with markers."""
        board = self.board
        middle = line == self.layout.middle
        selected = self.view.selected
        right_cell = board.cell_at(row, col_after + 1) if col_after + 1 < board.size else None
        left_cell = board.cell_at(row, col_after) if col_after >= 0 else None
        if self.layout.thin_lines:
            # A read-only board (selected None) frames no cell; None never stands for the edge.
            if middle and selected is not None and right_cell == selected:
                return "▸"
            if middle and selected is not None and left_cell == selected:
                return "◂"
            if line == 0 and right_cell is not None and right_cell in self.view.problems:
                return "!"
            if line == self.layout.cell_height - 1 and right_cell is not None:
                mark = self.view.mark(right_cell)
                if mark:
                    return mark
        heavy = col_after < 0 or col_after % board.box_width == board.box_width - 1
        return "┃" if heavy else "│"

    def _cell_line(self, row: int, line: int) -> Text:
        text = self._row_label(row, line)
        text.append(self._separator(row, -1, line), self.styles["border"])
        board = self.board
        for col in range(board.size):
            cell = board.cell_at(row, col)
            if self.layout.thin_lines:
                text.append_text(self._full_cell_line(cell, line))
                text.append(self._separator(row, col, line), self._separator_style(row, col, line))
            else:
                text.append_text(self._compact_cell(cell))
                if col % board.box_width == board.box_width - 1:
                    text.append("┃", self.styles["border"])
        return text

    def _separator_style(self, row: int, col: int, line: int) -> Style:
        char = self._separator(row, col, line)
        if char in "▸◂":
            return self.styles["label-marked"]
        if char == "!":
            return self.styles["problem"] + Style(bold=True)
        if char not in "┃│":
            return self.styles["label-marked"] + Style(bold=True)
        return self.styles["border"]

    def _value_style(self, cell: int) -> Style:
        return self.styles["given" if self.view.grid.is_given(cell) else "entry"]

    def _candidate_style(self, cell: int, digit: int) -> Style:
        view, s = self.view, self.styles
        if (cell, digit) in view.eliminations:
            return s["elimination"]
        if (cell, digit) in view.placements:
            return s["placement"]
        if cell in view.pattern_cells and digit in view.pattern_digits:
            return s["pattern"]
        return s["candidate"]

    def _full_cell_line(self, cell: int, line: int) -> Text:
        grid = self.view.grid
        board = self.board
        box_width = board.box_width
        background = self._background(cell)
        width = self.layout.cell_width
        blank = UNIT_TEXTURE if cell in self.unit_cells else " "
        text = Text(style=background)
        value = grid.value(cell)
        if value:
            if line == self.layout.middle:
                pad = (width - 1) // 2
                text.append(" " * pad)
                text.append(board.symbol(value), self._value_style(cell))
                text.append(" " * (width - pad - 1))
            else:
                # Dots only where candidates would stand, like the texture of empty cells.
                text.append(" ".join(blank * box_width))
            return text
        for position in range(box_width):
            digit = line * box_width + position + 1
            if self.view.shows_candidate(cell, digit):
                text.append(board.symbol(digit), self._candidate_style(cell, digit))
            else:
                text.append(blank)
            if position < box_width - 1:
                text.append(" ")
        return text

    def _compact_cell(self, cell: int) -> Text:
        view, s = self.view, self.styles
        grid = view.grid
        background = self._background(cell)
        left = right = UNIT_TEXTURE if cell in self.unit_cells else " "
        value = grid.value(cell)
        placed = [d for c, d in view.placements if c == cell]
        symbol = self.board.symbol
        if value:
            content, style = symbol(value), self._value_style(cell)
        elif placed:
            content, style = symbol(placed[0]), s["placement"]
            left = "+"
        elif view.only_digit is not None and view.shows_candidate(cell, view.only_digit):
            # The digit filter on the compact board: the digit where it is a candidate, marked
            # ':' so that it is not taken for a digit placed there.
            content, style = symbol(view.only_digit), self._candidate_style(cell, view.only_digit)
            left = ":"
        else:
            content = "."
            style = s["pattern"] if cell in view.pattern_cells else s["candidate"]
        if cell in view.pattern_cells and not placed:
            left = view.mark(cell) or "*"
        if any(c == cell for c, _ in view.eliminations):
            right = "×"
        if cell in view.problems:
            right = "!"
        if cell == view.selected:
            left, right = "[", "]"
        text = Text(style=background)
        text.append(left)
        text.append(content, style)
        text.append(right)
        return text
