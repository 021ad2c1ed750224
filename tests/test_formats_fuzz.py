"""Hostile input: random bytes and mutated puzzles of every format raise only PuzzleErrors naming a place."""

import random
import re

import pytest

import tutor
from tutor import EmptyInputError, FormatError, PuzzleError
from tutor.model.formats import MAX_LINE_CHARS
from tutor.model.geometry import cell_name

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
_LINE_ENDS = re.compile(r"\r\n|\r|\n")


def _seeds() -> list[str]:
    """Valid texts of every format the README lists."""
    grid = tutor.parse(LEO)
    solution = tutor.solve(grid).to_line()
    worked = grid.place(1, 5).eliminate([(2, 3), (9, 5)]).with_candidates(11, [4])
    empty = tutor.Grid.empty()
    zeros = LEO.replace(".", "0")
    return [
        LEO, grid.to_pretty(), worked.to_pencilmarks(), worked.to_compact(),
        empty.to_pencilmarks(), empty.eliminate([(40, 5)]).to_pencilmarks(), empty.to_pretty(),
        "\n".join(LEO[i:i + 9] for i in range(0, 81, 9)),
        " ".join(solution[i:i + 9] for i in range(0, 81, 9)),
        "4{16}{16}" + "." * 78,
        f"# id puzzle rating\nab12 {zeros} 2.5\ncd34 {zeros} 2.6\n",
        f"{zeros},{solution}", f"valid\tStar\t{LEO}\t{solution}\t20", f"{LEO},Label;tarek,95532,,",
        ".---.\n| " + worked.to_pencilmarks().replace("\n", " |\n| ") + "\n'---'",
        "\ufeff" + LEO + "\r\n" + LEO + "\r\n",
    ]


_PIECES = list("123456789.0_-*x+{}#| \t\n\r,;") + [
    "\x0c", "\x0b", "\x85", "\u2028", "\u2029", "\x00", "\x1c", "\x1b", "\x7f", "\ufeff", "\xa0",
    "é", "\udc80", "{123456789}", "123456789 ", "\r\n", "------+-------+------\n",
]


def _mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(6)
        i = rng.randrange(len(chars) + 1)
        if op == 0:
            chars.insert(i, rng.choice(_PIECES))
        elif op == 1 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(_PIECES)
        elif op == 3:  # a piece of the text again, elsewhere
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[min(i, j):max(i, j)][:200]
        elif op == 4:
            del chars[i:]
        else:
            chars.insert(i, rng.choice(_PIECES) * rng.randint(2, 50))
    return "".join(chars)


def _hostile_texts(count: int, seed: int):
    rng = random.Random(seed)
    seeds = _seeds()
    for k in range(count):
        if k % 5 == 0:
            raw = bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))
            yield raw.decode("utf-8", "surrogateescape")
        else:
            yield _mutate(rng, rng.choice(seeds))
    yield "." * (MAX_LINE_CHARS + 1)
    yield LEO + "\n" + "1" * 100_000 + "\n" + LEO


def _assert_names_a_place(error: PuzzleError, text: str) -> None:
    """The error says where: a line (and column) that exists in the text, or the board's cells."""
    message = str(error)
    if isinstance(error, EmptyInputError):
        return  # nothing to point at
    if error.cells:  # a clash or a cell with no candidate: the message names cells of it
        assert any(cell_name(cell) in message for cell in error.cells), message
        return
    assert isinstance(error, FormatError), message
    lines = _LINE_ENDS.split(text)
    assert error.line is not None and 1 <= error.line <= len(lines), (message, text)
    assert message.startswith(f"line {error.line}"), message
    if error.column is not None:
        assert 1 <= error.column <= len(lines[error.line - 1]) + 1, (message, text)
        assert message.startswith(f"line {error.line}, column {error.column}: "), message


@pytest.mark.parametrize("seed", [1, 2])
def test_hostile_text_raises_only_puzzle_errors_that_name_a_place(seed):
    outcomes = {"read": 0, "refused": 0}
    for text in _hostile_texts(1500, seed):
        try:
            tutor.parse(text)
            outcomes["read"] += 1
        except PuzzleError as error:
            outcomes["refused"] += 1
            _assert_names_a_place(error, text)
        for _, item in tutor.read_puzzles(text):
            try:
                tutor.parse(item)
            except PuzzleError as error:
                _assert_names_a_place(error, item)
    assert outcomes["read"] and outcomes["refused"]  # the mutations made both kinds
