"""bench.samurai's pencilmark yardstick: its command line, and the Samurai given to pencilmark in
its own layout (givens row by row over the 21x21 board) holding the same givens in the same places."""

from __future__ import annotations

import pytest

from bench.samurai import _pencilmark_doc, _per_level
from tutor.model.formats import parse
from tutor.model.geometry import samurai
from test_samurai import PUZZLE


def test_the_command_line_takes_an_optional_count_a_level():
    assert _per_level([]) is False
    assert _per_level(["--pencilmark"]) is None
    assert _per_level(["--pencilmark", "3"]) == 3
    for wrong in (["--pencilmark", "0"], ["--pencilmark", "x"], ["--speed"],
                  ["--pencilmark", "2", "--speed"]):
        with pytest.raises(ValueError):
            _per_level(wrong)


def test_pencilmarks_layout_holds_each_given_where_the_board_draws_it():
    grid = parse(PUZZLE, samurai())
    board = grid.geometry
    doc = _pencilmark_doc(grid)
    numbers = doc["numbers"]
    assert doc["layout"] == "samurai" and len(numbers) == 21 * 21
    drawn = {row * 21 + col for row, col in board.positions}
    for place, symbol in enumerate(numbers):
        if place not in drawn:
            assert symbol == ".", f"a gap at row {place // 21 + 1}, column {place % 21 + 1}"
    for cell, (row, col) in enumerate(board.positions):
        value = grid.values[cell]
        assert numbers[row * 21 + col] == (str(value) if value else "."), board.cell_name(cell)


def test_pencilmark_reads_that_layout_as_the_same_samurai():
    pencilmark = pytest.importorskip("pencilmark", reason="pencilmark (an optional yardstick) "
                                     "is not installed")
    grid = parse(PUZZLE, samurai())
    read = pencilmark.load(_pencilmark_doc(grid))
    assert len(read.coords) == grid.geometry.cell_count == 369
    places = {place: cell for cell, place in enumerate(grid.geometry.positions)}
    assert {places[read.coords[k]]: v for k, v in read.givens.items()} == \
        {cell: v for cell, v in enumerate(grid.values) if v}
