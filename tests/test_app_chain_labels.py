"""A long chain on the board: every node lettered, on the full and the compact board, never with
a digit, and the pattern hint's links between the same letters."""

from __future__ import annotations

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.view import chain_line, chain_nodes, node_label, step_marks
from tutor.engine import NODE_LABELS
from conftest import until

LONG_LOOP = "009103002000060830000004009008000020910050048050000700200600000096010000100207300"
"""SE-rated diabolical: its graded path holds grouped nice loops of 12 links (the longest in the
set's first hundred), more nodes than the nine the board once numbered before a "+"."""


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    return data_dir


def loop_position():
    grid = tutor.parse(LONG_LOOP)
    steps = tutor.grade(grid).steps
    index = next(i for i, s in enumerate(steps)
                 if s.technique == "grouped_nice_loop" and len(s.chain) >= 12)
    for step in steps[:index]:
        grid = grid.apply(step)
    return grid, steps[index]


def test_node_labels_are_never_digits_and_all_differ():
    labels = [node_label(n) for n in range(1, len(NODE_LABELS) + 1)]
    assert len(set(labels)) == len(labels) > 60
    assert not any(ch.isdigit() or ch in "lIoO" for ch in labels)


@pytest.mark.parametrize("size, compact", [((110, 45), False), ((80, 24), True)])
async def test_every_node_of_a_long_grouped_loop_is_lettered_on_the_board(size, compact):
    grid, step = loop_position()
    assert step.technique == "grouped_nice_loop" and len(step.chain) >= 12
    nodes = chain_nodes(step)
    assert len(nodes) > 9
    app = TutorApp(grid, "long loop")
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        await pilot.press("n")
        await until(pilot, lambda: screen.game.hint_step is not None)
        assert screen.game.hint_step.chain == step.chain
        await pilot.press("n")
        await until(pilot, lambda: screen.game.hint_level == 2)
        board = screen.query_one(Board)
        assert board.compact is compact
        marks = dict(board.view.marks)
        # Each node's cells carry a letter; a cell in two nodes shows the first node's.
        for number, (node, _) in enumerate(nodes, start=1):
            for cell in node.cells:
                assert cell in marks
            assert any(marks[c] == node_label(number) for c in node.cells) or all(
                marks[c] in {node_label(k) for k in range(1, number)} for c in node.cells)
        assert not any(mark.isdigit() for mark in marks.values())
        assert marks == dict(step_marks(step))
        # The drawn board shows each mark beside its cell (full) or in front of it (compact).
        drawn = "\n".join(board.render_line(y).text for y in range(board.size.height))
        for mark in set(marks.values()):
            assert mark in drawn, (mark, drawn)
        hint = str(screen.query_one("#hint").render())
        line = chain_line(step)
        # The links line joins the same letters (wrapped by the panel at spaces).
        assert " ".join(f"Links: {line}".split()) in " ".join(hint.split()), hint
        assert not any(ch.isdigit() for token in line.split() for ch in token
                       if not (token.startswith(("=", "-", ">")) and token.endswith(("=", "-", ">"))))
