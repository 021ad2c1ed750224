"""Hint texts on boards of other sizes: a digit above 9 is written as the board's symbol ('A' for
10 on 16x16) in every text, while rows, columns, boxes and cell names keep their numbers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from conftest import read_lines, shared_file
from test_board_shapes_families import FAMILIES, OWN, advance, digits, single
import tutor
from tutor.engine import HintLevel
from tutor.engine.reasons import Position
from tutor.engine.registry import TECHNIQUES
from tutor.engine.search import searching
from tutor.engine.step import Step
from tutor.engine.step_json import step_to_json
from tutor.model.geometry import Geometry, regular, using
from tutor.model.grid import Grid, standard_masks

_CELL = re.compile(r"\br\d+c\d+\b|\b[rc]\d+(?:,\d+)+\b")
"""A cell's name, r12c10, or lines in short ('r1,10,16' in a fish's one line): their numbers are
rows' and columns', not digits."""
_UNITS = re.compile(r"\b(?:rows?|columns?|box(?:es)?|lines?|sets?) \d+(?:(?:, | and | or |/)\d+)*",
                    re.IGNORECASE)
"""A unit's name, or a list of them: 'row 12', 'rows 3, 10 and 12', 'columns 10/14'."""
_COUNT = re.compile(r"\b\d+ (?:cells?|candidates|digits|trials|ways|facts?|links?|steps?|almost locked sets?|petals?|nodes?)\b")
"""A number of things: '12 cells', 'after 14 trials'."""
_NUMBER = re.compile(r"(?<![\w.])(\d+)(?:s|'s)?(?!\w|\.\d)")
"""A number standing alone, or its plural ('11s'), not part of a word or a decimal."""


def stray_numbers(text: str, board: Geometry) -> list[str]:
    """The numbers in `text` that can only be digits written as numbers where the board writes a
    symbol: each standalone number from 10 to the board's size, once cell names, unit names and
    counts of things are set aside."""
    rest = _COUNT.sub("#", _UNITS.sub("#", _CELL.sub("#", text)))
    return [m[1] for m in _NUMBER.finditer(rest) if 10 <= int(m[1]) <= board.size]


def test_the_check_finds_a_digit_written_as_a_number_and_nothing_else():
    board = regular(4, 4)
    assert stray_numbers("r1c1<>10, r12c10=A", board) == ["10"]
    assert stray_numbers("In row 12 the 14 can only go in r12c3 or r12c16.", board) == ["14"]
    assert stray_numbers("Look for simple colours on the 11s.", board) == ["11"]
    assert stray_numbers("r3c4 {1,10,16}", board) == ["10", "16"]
    assert stray_numbers("(a) 13 in r1c1", board) == ["13"]
    assert stray_numbers("an 11", board) == ["11"]
    assert stray_numbers("Naked pair: 10,12 in r1c2,r1c5", board) == ["10", "12"]
    assert stray_numbers("X-Wing: E r7,14 c15,16 => r10c15<>E", board) == []
    assert stray_numbers("boxes 1 and 10", board) == []
    clean = ("In rows 3, 10 and 12 the A can only go in columns 11 and 14 (r10c11 and r12c14); "
             "box 16 needs a G. After 12 trials, 2.5 and 10.3: no digit.")
    assert stray_numbers(clean, board) == []
    assert stray_numbers("The 12 of row 1", regular(3, 3)) == []  # above 9: no digit there


# --- the positions ------------------------------------------------------------------------------

_CONVERTED = {"singles", "intersections", "subsets"}
"""The families found through the engine (registry.works_on); the others through their finders
(test_board_shapes_families.FAMILIES)."""


def _finders() -> list:
    by_registry = [entry.finder for entry in TECHNIQUES
                   if entry.family in _CONVERTED and entry.finder is not None]
    by_family = [finder for family in sorted(FAMILIES) if family != "forcing"
                 for finder in FAMILIES[family]()]
    return list(dict.fromkeys(by_registry + by_family))


def _puzzles(shape: tuple[int, int], shared: int) -> list[tuple[list[int], list[int]]]:
    """Our own puzzles of the shape, then `shared` 'difficult' SudoQ puzzles when present."""
    board = regular(*shape)
    found = [(digits(p, board), digits(s, board)) for p, s in OWN[shape]]
    if shared and shape == (4, 4):
        lines = [line.split() for line in read_lines(shared_file("sudoq/16x16.txt"))]
        found += [(digits(g, board), digits(s, board)) for g, s, level in lines
                  if level == "difficult"][:shared]
    return found


def _steps(shape: tuple[int, int], shared: int, every: int,
           forcing_every: int = 0) -> Iterable[tuple[Step, list[int], list[int]]]:
    """Steps found on positions of walks through the shape's puzzles (singles, else the first
    step found), with their position: every finder's at each `every`-th position, the forcing
    chains' at each `forcing_every`-th, and the guess's (with and without its proof)."""
    from tutor.engine.techniques.backtracking import backtracking_step, proved_guess
    from tutor.engine.techniques.forcing import forcing_chains

    board = regular(*shape)
    finders = _finders()
    for givens, solution in _puzzles(shape, shared):
        values = list(givens)
        masks = list(standard_masks(values, board))
        with using(board), searching():
            for turn in range(board.cell_count * board.size):
                if 0 not in values:
                    break
                first = None
                if turn % every == 0 or single(values, masks, board) is None:
                    for finder in finders:
                        for step in finder(tuple(values), tuple(masks)):
                            yield step, values, masks
                            first = first or step
                if forcing_every and turn % forcing_every == 0:
                    for step in forcing_chains(tuple(values), tuple(masks)):
                        yield step, values, masks
                if turn % (every * 3) == 0:
                    yield backtracking_step(values, masks, solution), values, masks
                    yield proved_guess(values, masks, solution), values, masks
                if not advance(values, masks, board, first):
                    break


def texts_of(step: Step, values: Sequence[int], masks: Sequence[int]) -> list[str]:
    """Everything a step says, on the board in use: its one line, its changes, each hint level
    without and with its position, and its readable JSON's texts."""
    position = Position(tuple(values), tuple(masks))
    said = [str(step), step.changes]
    for level in HintLevel:
        said += [step.hint(level), step.hint(level, position)]
    readable = step_to_json(step, readable=True, position=position)
    said += [readable["text"], readable["explanation"], *readable.get("chain", ())]
    return said


def _big(step: Step) -> bool:
    """Whether the step involves a digit above 9 (in its pattern or its changes)."""
    return max((*step.digits, *(d for _, d in step.placements + step.eliminations)),
               default=0) > 9


def _check_shape(shape: tuple[int, int], shared: int, every: int,
                 forcing_every: int = 0) -> Counter:
    board = regular(*shape)
    seen: Counter = Counter()
    wrong = []
    for step, values, masks in _steps(shape, shared, every, forcing_every):
        if not _big(step):
            continue
        with using(board):
            said = texts_of(step, values, masks)
        seen[step.technique] += 1
        for text in said:
            stray = stray_numbers(text, board)
            if stray:
                wrong.append(f"{step.technique}: {stray} in {text!r}")
    assert not wrong, "\n".join(sorted(set(wrong))[:20])
    return seen


def test_every_text_of_a_16x16_step_writes_digits_above_9_as_letters():
    seen = _check_shape((4, 4), shared=3, every=4, forcing_every=40)
    # The walks meet each kind of text (a family's steps with a letter among their digits).
    for technique in ("naked_single", "hidden_single", "pointing", "claiming", "naked_pair",
                      "hidden_pair", "x_wing", "xy_wing", "backtracking"):
        assert seen[technique], (technique, dict(seen))
    assert len(seen) >= 15, dict(seen)


def test_every_text_of_a_12x12_step_writes_digits_above_9_as_letters():
    seen = _check_shape((3, 4), shared=0, every=4)
    assert seen["naked_single"] and seen["backtracking"], dict(seen)


def test_the_readable_json_of_a_16x16_step_names_its_cells_by_row_and_column():
    board = regular(4, 4)
    givens, _ = _puzzles((4, 4), shared=0)[0]
    grid = Grid(givens, geometry=board)
    step = tutor.next_step(grid)
    while step is not None and not _big(step):
        grid = grid.apply(step)
        step = tutor.next_step(grid)
    assert step is not None
    readable = step_to_json(step, readable=True)  # next_step's step knows its board
    with using(board):
        stored = step_to_json(step)
    changes = readable["placements"] + readable["eliminations"]
    assert changes
    for change, (cell, digit) in zip(changes, step.placements + step.eliminations):
        assert change["row"] == board.row_of[cell] + 1 and change["col"] == board.col_of[cell] + 1
        assert change["cell"] == f"r{change['row']}c{change['col']}"
        assert change["digit"] == digit
    assert stored["placements"] == [list(p) for p in step.placements]  # the stored form as before
    assert readable["text"] == str(step) and readable["explanation"] == step.explanation
    # A grade's step, written after the grade (as `tutor grade --steps` does), is on its board.
    graded = next(s for s in tutor.grade(Grid(givens, geometry=board)).steps
                  if _big(s) and s.placements)
    record = step_to_json(graded, readable=True)
    (cell, digit), = graded.placements
    assert record["placements"] == [{"cell": board.cell_name(cell), "row": board.row_of[cell] + 1,
                                     "col": board.col_of[cell] + 1, "digit": digit}]
    assert record["text"].endswith(f"{board.cell_name(cell)}={board.symbol(digit)}")
    assert stray_numbers(record["explanation"], board) == []


def test_a_16x16_grade_s_steps_rate_as_on_the_classic_board():
    # The ratings are Sudoku Explainer's 9x9 numbers: a 16x16 step rates as the same technique
    # does on 9x9, within the registry's range for it.
    from tutor.engine.registry import BY_ID

    board = regular(4, 4)
    givens, _ = _puzzles((4, 4), shared=0)[0]
    grade = tutor.grade(Grid(givens, geometry=board))
    assert grade.steps
    for step in grade.steps:  # read outside the grade's board: each step knows its own
        assert 1.0 <= step.rating <= BY_ID[step.technique].rating
        if step.technique == "hidden_single":  # Sudoku Explainer: 1.2 in a box, else 1.5
            kind = board.unit_kinds[step.units[0]]
            assert step.rating == (1.2 if kind == "box" else 1.5)
            assert str(step) == f"Hidden single: {board.cell_name(step.cells[0])}=" \
                                f"{board.symbol(step.digits[0])}"
    assert grade.rating == max(step.rating for step in grade.steps)
    assert any(step.technique == "hidden_single" for step in grade.steps)



def test_6x6_texts_write_digits_as_numbers():
    # Digits 1-6 are their own symbols: each step's changes name its digits as numbers, and no
    # number from 7 to 9 stands in a text where a digit would.
    board = regular(2, 3)
    seen = 0
    for step, values, masks in _steps((2, 3), shared=0, every=1):
        with using(board):
            said = texts_of(step, values, masks)
        assert re.fullmatch(r"r\dc\d(=|<>)[1-6](, r\dc\d(=|<>)[1-6])*", step.changes), step.changes
        for text in said:
            rest = _COUNT.sub("#", _UNITS.sub("#", _CELL.sub("#", text)))
            assert not re.search(r"(?<![\w.])[7-9](?![\w.])", rest), text
        seen += 1
    assert seen > 50
