"""Draw the board as Rich text, full (3x3 pencil-mark mini-grids) or compact (one line per row).

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

from tutor.model.geometry import BOX_HEIGHT, BOX_WIDTH, COL_OF, ROW_OF, SIZE, UNITS, cell_at, unit_kind
from tutor.app.view import BoardView

LABEL_WIDTH = 2
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


@dataclass(frozen=True)
class Layout:
    """Where cells sit for one board style: cell size and whether thin lines separate cells."""

    cell_width: int
    cell_height: int
    thin_lines: bool

    def column_x(self, col: int) -> int:
        """The x of a column's first character."""
        heavy_before = col // BOX_WIDTH
        if self.thin_lines:
            return LABEL_WIDTH + 1 + col * (self.cell_width + 1)
        return LABEL_WIDTH + 1 + col * self.cell_width + heavy_before

    def row_y(self, row: int) -> int:
        if self.thin_lines:
            return 2 + row * (self.cell_height + 1)
        return 2 + row + row // BOX_HEIGHT

    @property
    def width(self) -> int:
        return self.column_x(SIZE)

    @property
    def height(self) -> int:
        return self.row_y(SIZE)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under a point of the board, or None for a border or label."""
        col = next((c for c in range(SIZE)
                    if self.column_x(c) <= x < self.column_x(c) + self.cell_width), None)
        row = next((r for r in range(SIZE)
                    if self.row_y(r) <= y < self.row_y(r) + self.cell_height), None)
        if col is None or row is None:
            return None
        return cell_at(row, col)


FULL = Layout(cell_width=2 * BOX_WIDTH - 1, cell_height=BOX_HEIGHT, thin_lines=True)
COMPACT = Layout(cell_width=3, cell_height=1, thin_lines=False)


def marked_lines(view: BoardView) -> tuple[set[int], set[int]]:
    """The rows and columns to mark beside the labels: those of the highlighted units."""
    rows, cols = set(), set()
    for unit in view.units:
        kind = unit_kind(unit)
        cells = UNITS[unit]
        if kind in ("row", "box"):
            rows.update(ROW_OF[c] for c in cells)
        if kind in ("column", "box"):
            cols.update(COL_OF[c] for c in cells)
    return rows, cols


class BoardPainter:
    """Turns a BoardView into Text with the given named styles (from the widget's CSS)."""

    def __init__(self, styles: dict[str, Style]):
        self.styles = styles

    def paint(self, view: BoardView, compact: bool) -> Text:
        return Text("\n").join(self.paint_lines(view, compact))

    def paint_lines(self, view: BoardView, compact: bool) -> list[Text]:
        """The board, one Text per terminal line."""
        layout = COMPACT if compact else FULL
        self.view = view
        self.layout = layout
        self.unit_cells = {c for u in view.units for c in UNITS[u]}
        self.marked_rows, self.marked_cols = marked_lines(view)
        lines = [self._column_labels()]
        for row in range(SIZE):
            lines.append(self._rule("top" if row == 0 else
                                    "heavy" if row % BOX_HEIGHT == 0 else "thin"))
            if not layout.thin_lines and row % BOX_HEIGHT:
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
        text = Text(" " * (LABEL_WIDTH + 1), self.styles["label"])
        width = self.layout.cell_width
        selected = self.view.selected
        selected_col = None if selected is None else COL_OF[selected]
        for col in range(SIZE):
            centre = width // 2
            chars = [" "] * width
            chars[centre] = str(col + 1)
            if col in self.marked_cols:
                chars[centre - 1] = COLUMN_MARK
            style = self.styles["label-marked" if col == selected_col else "label"]
            text.append("".join(chars), style)
            if self.layout.thin_lines or col % BOX_WIDTH == BOX_WIDTH - 1:
                text.append(" ")
        return text

    def _rule(self, kind: str) -> Text:
        left, fill, thin, heavy, right = _RULES[kind]
        parts = [" " * LABEL_WIDTH, left]
        for col in range(SIZE):
            parts.append(fill * self.layout.cell_width)
            last_in_box = col % BOX_WIDTH == BOX_WIDTH - 1
            if col == SIZE - 1:
                parts.append(right)
            elif last_in_box:
                parts.append(heavy)
            elif self.layout.thin_lines:
                parts.append(thin)
        return Text("".join(parts), self.styles["border"])

    def _row_label(self, row: int, line: int) -> Text:
        if line != self.layout.cell_height // 2:
            return Text(" " * LABEL_WIDTH)
        label = str(row + 1) + (ROW_MARK if row in self.marked_rows else " ")
        selected = self.view.selected is not None and row == ROW_OF[self.view.selected]
        return Text(label, self.styles["label-marked" if selected else "label"])

    def _separator(self, row: int, col_after: int, line: int) -> str:
        """The vertical line right of column `col_after` (-1: the left edge), with markers."""
        middle = line == self.layout.cell_height // 2
        selected = self.view.selected
        right_cell = cell_at(row, col_after + 1) if col_after + 1 < SIZE else None
        left_cell = cell_at(row, col_after) if col_after >= 0 else None
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
        heavy = col_after < 0 or col_after % BOX_WIDTH == BOX_WIDTH - 1
        return "┃" if heavy else "│"

    def _cell_line(self, row: int, line: int) -> Text:
        text = self._row_label(row, line)
        text.append(self._separator(row, -1, line), self.styles["border"])
        for col in range(SIZE):
            cell = cell_at(row, col)
            if self.layout.thin_lines:
                text.append_text(self._full_cell_line(cell, line))
                text.append(self._separator(row, col, line), self._separator_style(row, col, line))
            else:
                text.append_text(self._compact_cell(cell))
                if col % BOX_WIDTH == BOX_WIDTH - 1:
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
        background = self._background(cell)
        width = self.layout.cell_width
        blank = UNIT_TEXTURE if cell in self.unit_cells else " "
        text = Text(style=background)
        value = grid.value(cell)
        if value:
            if line == self.layout.cell_height // 2:
                pad = (width - 1) // 2
                text.append(" " * pad)
                text.append(str(value), self._value_style(cell))
                text.append(" " * (width - pad - 1))
            else:
                # Dots only where candidates would stand, like the texture of empty cells.
                text.append(" ".join(blank * BOX_WIDTH))
            return text
        for position in range(BOX_WIDTH):
            digit = line * BOX_WIDTH + position + 1
            if self.view.shows_candidate(cell, digit):
                text.append(str(digit), self._candidate_style(cell, digit))
            else:
                text.append(blank)
            if position < BOX_WIDTH - 1:
                text.append(" ")
        return text

    def _compact_cell(self, cell: int) -> Text:
        view, s = self.view, self.styles
        grid = view.grid
        background = self._background(cell)
        left = right = UNIT_TEXTURE if cell in self.unit_cells else " "
        value = grid.value(cell)
        placed = [d for c, d in view.placements if c == cell]
        if value:
            content, style = str(value), self._value_style(cell)
        elif placed:
            content, style = str(placed[0]), s["placement"]
            left = "+"
        elif view.only_digit is not None and view.shows_candidate(cell, view.only_digit):
            # The digit filter on the compact board: the digit where it is a candidate, marked
            # ':' so that it is not taken for a digit placed there.
            content, style = str(view.only_digit), self._candidate_style(cell, view.only_digit)
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
