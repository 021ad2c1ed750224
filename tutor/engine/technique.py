"""What a technique is: its registry entry, its hint levels and the texts each family writes for it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import IntEnum
from importlib import import_module

from tutor.engine.frozen import Frozen
from tutor.model.geometry import cell_name, current, listed

TYPE_CHECKING = False  # not typing's: importing typing costs every command that takes a step
if TYPE_CHECKING:
    from tutor.engine.reasons import Position
    from tutor.engine.step import Step

Finder = Callable[[Sequence[int], Sequence[int]], Iterator["Step"]]
"""A finder takes a position's values and candidate masks and yields every instance it sees."""


class HintLevel(IntEnum):
    """The three presses of the hint key."""

    NUDGE = 1
    """The technique and where to look."""
    PATTERN = 2
    """Which cells and digits form the pattern."""
    FULL = 3
    """The whole reasoning, naming every cell, digit and reason."""


class Texts:
    """A technique's explanations. Each family module subclasses this beside its finders.

    `one_line` has a HoDoKu-like default ('Naked pair: 1,6 in r1c2,r1c5 => r1c7<>1'); the three
    hint levels are the technique's own. Given the position the step was found in, a family can
    say more: `pattern_in` and `full_in` (by default the plain texts) name each cell's candidates
    and what ruled a digit out (engine/reasons.py).
    """

    def nudge(self, step: Step) -> str:
        raise NotImplementedError

    def pattern(self, step: Step) -> str:
        raise NotImplementedError

    def full(self, step: Step) -> str:
        raise NotImplementedError

    def pattern_in(self, step: Step, position: Position) -> str:
        return self.pattern(step)

    def full_in(self, step: Step, position: Position) -> str:
        return self.full(step)

    def spot(self, step: Step) -> str:
        """How one could have spotted such a pattern, true of every instance: the full hint's
        last line ('To spot it: ...'); empty where a family says nothing yet."""
        return ""

    def one_line(self, step: Step) -> str:
        cells = ",".join(cell_name(c) for c in step.cells)
        digits = ",".join(current().symbols[d - 1] for d in step.digits)
        return f"{step.name}: {digits} in {cells} => {step.changes}"

    def hint(self, step: Step, level: HintLevel | int, position: Position | None = None) -> str:
        """The text at one hint level; with the position it was found in, the fuller one.

        :raises ValueError: for a level that is not 1, 2 or 3.
        """
        level = HintLevel(level)
        if level is HintLevel.NUDGE:
            return self.nudge(step)
        if level is HintLevel.PATTERN:
            return self.pattern(step) if position is None else self.pattern_in(step, position)
        text = self.full(step) if position is None else self.full_in(step, position)
        spot = self.spot(step)
        return f"{text}\nTo spot it: {spot}" if spot else text


def an(word: str) -> str:
    """'a 5', 'an 8', 'an empty rectangle', 'an XY-Wing', 'a W-Wing', 'an F': the article a digit
    or word takes when read aloud (a name in capitals, 'XY-Wing', or a letter a board writes a
    digit with, is read letter by letter)."""
    if word[1:2].isupper() or word[1:2] in ("-", "+") or (len(word) == 1 and word.isupper()):
        vowel = word[:1] in "AEFHILMNORSX"  # 'ay', 'ee', 'ef', 'aitch', ... 'ex'
    else:
        vowel = word[:1].lower() in "8aeiou" or word in ("11", "18")
        vowel = vowel and not word.lower().startswith(("uni", "one"))  # 'a unique rectangle'
    return ("an " if vowel else "a ") + word


def in_sentence(name: str) -> str:
    """A technique's name inside a sentence: 'naked pair', 'grouped nice loop'; letters and a
    person's name keep their capitals ('X-Chain', 'WXYZ-Wing', 'ALS-XY-Wing', 'Sue de Coq')."""
    if name.startswith("Sue "):
        return name
    return " ".join(w.lower() if w[1:] == w[1:].lower() else w for w in name.split(" "))


def symbol(digit: int) -> str:
    """How a digit is written on the board in use: '7', and above 9 a letter ('A' for 10)."""
    return current().symbols[digit - 1]


def symbols(digit: int) -> str:
    """The digit in the plural, as the board in use writes it: 'the 5s', 'the A's' (a letter's
    plural takes an apostrophe, which keeps 'As' from reading as a word)."""
    written = current().symbols[digit - 1]
    return f"{written}s" if written.isdigit() else f"{written}'s"


def packed(digits: Iterable[int]) -> str:
    """A set of digits in HoDoKu's short way, '136'; on a board of more than 9 digits '1,3,6,G',
    so that 1 and 3 do not read as 13."""
    symbols = current().symbols
    # Letters among the symbols (a digit above 9): commas keep '1,3' from reading as 13.
    return ("" if symbols.isdigit() else ",").join(symbols[d - 1] for d in digits)


def digits_or(digits: Iterable[int]) -> str:
    """'1 or 6', '1, 4 or 7' (above 9, the board's symbols)."""
    return listed((symbol(d) for d in sorted(digits)), "or")


BOX_LINE = "box_line"
"""A technique's need: the cells where a box meets a row or column (pointing and claiming, fins,
groups)."""
ONE_GRID = "one_grid"
"""A technique's need: every unit of a cell in one grid (a uniqueness argument swaps digits
within the units of one grid). On a board made of grids (EACH_GRID) such a technique runs on each
grid alone, and its family keeps only the steps whose swap keeps every unit of the whole board
valid (its `holds_across_grids(step)`: engine/grids.py)."""
ROW_COLUMN_GRID = "row_column_grid"
"""A technique's need (of its tables, not of its argument): the board's rows and columns are one
grid's, row r crossing column c in one cell and a box spanning box_height rows (the fish and the
single-digit patterns read a digit's places by row and column number). A Samurai's 45 rows and
45 columns are five grids': there these techniques run on each grid alone (EACH_GRID)."""
EACH_GRID = "each_grid"
"""A board's feature (no technique's need): the board is made of grids, each a regular board
whose rows, columns and boxes are units of the board (a Samurai's five 9x9 grids). A step found
in one grid's units alone holds on the whole board, so a technique needing what one grid offers
(ROW_COLUMN_GRID, ONE_GRID) runs on each grid in turn (engine/grids.py)."""
ONE_SOLUTION = "one_solution"
"""A technique's need: a puzzle with exactly one solution (the uniqueness techniques)."""


class Technique(Frozen):
    """One technique: identity, place in the ladder, 0-6 levels, SE-scale rating, finder and texts.

    `level` is earned by using it once, `repeated_level` by using it more than once; techniques
    sharing a `score_group` are counted together (pointing and claiming are one technique there).
    A technique with `level` None is off the card's 0-6 ladder. `rating` is the technique's place on
    Sudoku Explainer's scale; `rate`, where given, refines it per step (a full house rates lower
    than another naked single), never above `rating`, which is then the highest it gives.

    `needs` says what the technique's argument needs beyond rows, columns and boxes of n cells
    (which every board has): BOX_LINE (where a box meets a row or column), ONE_GRID (each cell's
    units in one grid), ROW_COLUMN_GRID (rows and columns crossing as one grid's, which the
    tables of some families read), ONE_SOLUTION (a puzzle with exactly one solution, which the engine proves
    first); on a board made of grids (EACH_GRID) the techniques needing ONE_GRID or
    ROW_COLUMN_GRID run on each grid alone (engine/grids.py); `set_size` is the number of cells or lines of a subset or fish (0 for others), which
    on a board of n digits is worth searching up to n/2 (a naked set of k cells is a hidden set
    of n - k, a fish of k rows one of n - k columns). The board's ladder is derived from these
    (registry.on_ladder_of).

    The record holds plain data only: its family's name (its module in tutor/engine/techniques/)
    and the names of its finder, texts class and rate there. `finder`, `texts` and `rate` read
    them from the family's module, which is imported the first time one of its techniques is used
    (Python keeps it in sys.modules after that), so a command imports only the families it uses.
    Each reading costs a look-up: the walk keeps the finders it has read (engine/walk.py).
    """

    __slots__ = ("id", "name", "family", "order", "level", "repeated_level", "score_group", "rating",
                 "finder_name", "texts_name", "rate_name", "needs", "set_size")
    id: str
    name: str
    family: str
    order: int
    level: float | None
    repeated_level: float | None
    score_group: str
    rating: float
    finder_name: str | None
    texts_name: str
    rate_name: str | None
    needs: frozenset[str]
    set_size: int

    def __init__(self, id: str, name: str, family: str, order: int, level: float | None,
                 repeated_level: float | None, score_group: str, rating: float,
                 finder_name: str | None, texts_name: str, rate_name: str | None = None,
                 needs: frozenset[str] = frozenset(), set_size: int = 0) -> None:
        values = (id, name, family, order, level, repeated_level, score_group, rating, finder_name,
                  texts_name, rate_name, needs, set_size)
        self._freeze(*values)

    def __hash__(self) -> int:
        return hash(self.id)  # equal records have equal ids

    @property
    def module(self) -> str:
        """The family's module: 'tutor.engine.techniques.fish'."""
        return f"tutor.engine.techniques.{self.family}"

    def _from_family(self, name: str):
        return getattr(import_module(self.module), name)

    @property
    def finder(self) -> Finder | None:
        """The finder (None for a technique the ladder does not search for, the guess)."""
        return None if self.finder_name is None else self._from_family(self.finder_name)

    @property
    def texts(self) -> Texts:
        """The technique's explanations (its family's Texts class, made anew: texts keep no state)."""
        return self._from_family(self.texts_name)()

    @property
    def rate(self) -> Callable[[Step], float] | None:
        """The rating of one step, where it varies from step to step; None where it does not."""
        return None if self.rate_name is None else self._from_family(self.rate_name)

    @property
    def on_ladder(self) -> bool:
        """On the card's 0-6 ladder."""
        return self.level is not None

    @property
    def assumes_one_solution(self) -> bool:
        """A uniqueness technique: sound only on a puzzle with exactly one solution."""
        return ONE_SOLUTION in self.needs

    def rating_of(self, step: Step) -> float:
        """The step's rating on Sudoku Explainer's scale."""
        return self.rating if self.rate_name is None else self._from_family(self.rate_name)(step)


ENTRIES: dict[str, Technique] = {}
"""Every technique by id. The registry fills it when the engine is imported; Step reads it, which
keeps Step free of imports from the finders that build it."""
