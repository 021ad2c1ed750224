"""The game model: a puzzle being solved, with undo/redo, the hint ladder, level earned and autosave data."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.engine import (
    ContradictionError,
    Earned,
    EngineError,
    Position,
    Step,
    find_contradiction,
    level_earned,
    next_step,
    removals_in,
    solution_values,
    step_from_json,
    step_to_json,
)
from tutor.model.errors import SaveError
from tutor.model.geometry import CLASSIC, MAX_TABLE_SIZE, Geometry, regular, samurai, using
from tutor.model.grid import Grid
from tutor.model.storage import Unreadable, check_version, move_aside, read_json, write_atomic
from tutor.play.clearing import before_entry, clear_as_before
from tutor.play.hints import HINT_LEVELS, HintLadder, HintResult

ALL_MASK = CLASSIC.all_digits
"""A classic cell's candidates as saved: one bit per digit, 1 to 9 (other boards: their digits)."""

SAVE_VERSION = 2
"""2: the start's grid, then each change as the cells it changed (1 kept every position whole,
which made a long game's save, rewritten after each change, grow with the square of its length)."""

# Names other modules and tools have long imported from here.
__all__ = [
    "Check", "Credit", "Earned", "Game", "HINT_LEVELS", "LARGEST_PLAYED", "Move", "SAVE_VERSION",
    "SaveError", "State", "find_hint", "grid_from_json", "grid_to_json", "kept_prefix",
    "level_earned", "load_save", "not_played", "problem_cells", "save_game", "step_from_json",
    "step_moves", "step_to_json",
]


@dataclass(frozen=True)
class State:
    """One point of the history: the grid after a change, what the change was, the steps it applied."""

    grid: Grid
    label: str
    steps: tuple[Step, ...] = ()


Move = tuple[int, int, str]
"""A learner's move: (cell, digit, '=') places a digit, (cell, digit, '<>') removes a candidate."""


@dataclass(frozen=True)
class Credit:
    """A learner's own move that made (part of) the engine's next step: a step of `technique`,
    unaided when `hint` is 0, else after hints up to that level (3: the full explanation)."""

    technique: str
    hint: int


def step_moves(step: Step) -> frozenset[Move]:
    """The moves a step makes."""
    return frozenset([(c, d, "=") for c, d in step.placements]
                     + [(c, d, "<>") for c, d in step.eliminations])


@dataclass(frozen=True)
class Check:
    """What a check found: conflicting cells, entries that differ from the solution, lost candidates."""

    conflicts: frozenset[int]
    wrong: frozenset[int]
    missing: frozenset[int]

    @property
    def cells(self) -> frozenset[int]:
        return self.conflicts | self.wrong | self.missing

    @property
    def ok(self) -> bool:
        return not self.cells


LARGEST_PLAYED = MAX_TABLE_SIZE
"""The most digits of a board the tutor plays (16x16): the engine's tables stop there."""


def not_played(board: Geometry) -> str | None:
    """Why a puzzle on `board` cannot be played, or None when it can (4x4 to 16x16)."""
    if board.size <= LARGEST_PLAYED:
        return None
    return (f"the tutor plays boards of 4x4 to {LARGEST_PLAYED}x{LARGEST_PLAYED}; a "
            f"{board.name} puzzle can be solved and counted (tutor solve) but not played")


def find_hint(grid: Grid) -> HintResult:
    """The engine's answer for a grid: the next Step, None when solved, or the EngineError raised."""
    try:
        return next_step(grid)
    except EngineError as error:
        return error


def kept_prefix(old: Sequence[object], new: Sequence[object], start: int = 0,
                stop: int | None = None) -> int:
    """How many leading items `old` shares with `new[start:stop]`, the same objects at the same
    places. A history changes only at its end (undo, redo, a change dropping the redo), so the
    search goes from the end back and costs what changed, not the history's length (nor a copy
    of it)."""
    stop = len(new) if stop is None else min(stop, len(new))
    kept = max(0, min(len(old), stop - start))
    while kept and old[kept - 1] is not new[start + kept - 1]:
        kept -= 1
    return kept


def problem_cells(problem: EngineError, grid: Grid) -> frozenset[int]:
    """The cells a hint failure is about: the contradiction's cells, or the conflicting digits."""
    if isinstance(problem, ContradictionError):
        return frozenset(problem.cells)
    return grid.conflict_cells()


RESTART = "restart"
"""The label of a restart in the history: the steps applied before it no longer count."""


class Game:
    """A puzzle being solved. The history holds every position; undo and redo move along it."""

    def __init__(self, start: Grid, name: str = ""):
        self.name = name
        self.states: list[State] = [State(start, "start")]
        self.index = 0
        self.hints_seen: dict[frozenset[Move], int] = {}
        """The highest hint level shown for each step (by the moves it makes), across positions."""
        self.credited: frozenset[Move] = frozenset()
        """The moves of the step credited last: its other moves earn no second credit."""
        self.hints = HintLadder()
        self._reset_marks()
        self._earned: tuple[State, Earned] | None = None
        """The level earned, with the state it was computed at (a state stands for the history
        up to it: the states before it never change while it is in the history)."""
        self._encoded: list[State] = []
        self._encoded_text: list[str] = []
        """The saved form of each change already encoded, with its state: a save encodes only
        the changes made since the last one."""

    # --- reading -------------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        return self.states[self.index].grid

    @property
    def puzzle(self) -> Grid:
        """The puzzle itself: only the givens, with standard pencil marks."""
        return self.states[0].grid.restart()

    @property
    def is_solved(self) -> bool:
        return self.grid.is_solved

    @property
    def applied_steps(self) -> list[Step]:
        """The engine steps applied on the way to the current position since the last restart
        (which discards the steps before it), in order."""
        states = self.states[1:self.index + 1]
        since = max((i + 1 for i, s in enumerate(states) if s.label == RESTART), default=0)
        return [step for state in states[since:] for step in state.steps]

    @property
    def history_labels(self) -> list[str]:
        """What each change up to the current position did, oldest first (the start excluded)."""
        return [state.label for state in self.states[1:self.index + 1]]

    @property
    def earned(self) -> Earned:
        here = self.states[self.index]
        if self._earned is None or self._earned[0] is not here:
            self._earned = (here, level_earned(self.applied_steps))
        return self._earned[1]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def position(self) -> Position:
        """The current position with what removed each candidate it lacks (the hint texts name
        it): a step applied, or the user; a candidate the start came without is not in its
        pencil marks."""
        history = [(s.grid.values, s.grid.masks, s.steps) for s in self.states[:self.index + 1]]
        grid = self.grid
        return Position(grid.values, grid.masks, removals_in(history))

    def solution(self) -> Grid:
        """The puzzle's unique solution (the puzzle was checked to be proper when loaded)."""
        start = self.states[0].grid
        return Grid(solution_values(start), start.givens)

    # --- changes (each returns True when the position changed) ----------------------------
    def _push(self, grid: Grid, label: str, steps: tuple[Step, ...] = ()) -> bool:
        if grid == self.grid and not steps:
            return False
        del self.states[self.index + 1:]
        self.states.append(State(grid, label, tuple(steps)))
        self.index += 1
        self._reset_marks()
        return True

    def enter(self, cell: int, digit: int) -> bool:
        """Put a digit in a cell (never a given)."""
        if self.grid.is_given(cell) or self.grid.value(cell) == digit:
            return False
        board = self.grid.geometry
        return self._push(self.grid.place(cell, digit),
                          f"{board.cell_name(cell)}={board.symbol(digit)}")

    def clear(self, cell: int) -> bool:
        """Empty a cell the user filled (never a given)."""
        if self.grid.is_given(cell) or not self.grid.value(cell):
            return False
        before = before_entry([s.grid for s in self.states[:self.index + 1]], cell)
        return self._push(clear_as_before(self.grid, cell, before),
                          f"clear {self.grid.geometry.cell_name(cell)}")

    def toggle_candidate(self, cell: int, digit: int) -> bool:
        """Add or remove a pencil mark in an empty cell."""
        if self.grid.value(cell):
            return False
        sign = "-" if self.grid.has_candidate(cell, digit) else "+"
        board = self.grid.geometry
        return self._push(self.grid.toggle_candidate(cell, digit),
                          f"{board.cell_name(cell)} {sign}{board.symbol(digit)}")

    def auto_candidates(self) -> bool:
        """Fill in the standard pencil marks (every digit no peer holds), replacing the user's own."""
        return self._push(self.grid.with_standard_candidates(), "auto candidates")

    def apply_step(self, step: Step) -> bool:
        return self._push(self.grid.apply(step), str(step), (step,))

    def apply_steps(self, steps: Iterable[Step], label: str) -> bool:
        """Apply several steps as one change (solving to the end undoes in one go)."""
        steps = tuple(steps)
        grid = self.grid
        for step in steps:
            grid = grid.apply(step)
        return self._push(grid, label, tuple(steps))

    def restart(self) -> bool:
        """Back to the givens with standard pencil marks (undoable like any change)."""
        return self._push(self.grid.restart(), RESTART)

    def undo(self) -> str | None:
        """Step back one change; the label of the change undone, or None at the start."""
        if not self.can_undo:
            return None
        label = self.states[self.index].label
        self.index -= 1
        self._reset_marks()
        return label

    def redo(self) -> str | None:
        if not self.can_redo:
            return None
        self.index += 1
        self._reset_marks()
        return self.states[self.index].label

    # --- hint ladder and check ------------------------------------------------------------
    def _reset_marks(self) -> None:
        """Any change of position makes a shown hint or check stale (the level seen is kept)."""
        step = self.hints.step
        if step is not None and self.hints.level:
            moves = step_moves(step)
            self.hints_seen[moves] = max(self.hints_seen.get(moves, 0), self.hints.level)
        self.hints = HintLadder()
        self.check_result: Check | None = None

    def credit(self, move: Move, step: HintResult) -> Credit | None:
        """Credit for the learner's `move`, made where the engine's next step was `step`.

        A move that is part of that step earns a Credit for its technique, with the highest hint
        level shown for the step; the step's other moves (its second elimination, say) earn none.
        Any other move, or a position the engine could not step from, earns nothing.
        """
        if not isinstance(step, Step):
            return None
        moves = step_moves(step)
        if move not in moves or move in self.credited:
            return None
        self.credited = moves
        return Credit(step.technique, self.hints_seen.get(moves, 0))

    def take_hint(self, grid: Grid, result: HintResult) -> bool:
        """Record the engine's answer computed for `grid` (False if the position moved on meanwhile)."""
        if grid != self.grid:
            return False
        self.hints.take(result, self.position())
        return True

    def advance_hint(self) -> int:
        """One more press of the hint key: climb the ladder (stays at the top); the new level."""
        return self.hints.climb()

    # The ladder's state, read through the game (the screens and the save view use these).
    @property
    def hint_level(self) -> int:
        return self.hints.level

    @property
    def hint_result(self) -> HintResult:
        return self.hints.result

    @property
    def hint_known(self) -> bool:
        return self.hints.known

    @property
    def hint_step(self) -> Step | None:
        return self.hints.step

    @property
    def hint_problem(self) -> EngineError | None:
        return self.hints.problem

    def contradiction(self) -> ContradictionError | None:
        """What in the position contradicts the solution (wrong digits, lost true candidates),
        as next_step raises it for a hint; None when nothing does."""
        if self.grid.is_fresh_puzzle:
            return None
        return find_contradiction(self.grid, solution_values(self.states[0].grid))

    def check(self) -> Check:
        """Mark conflicts, entries that differ from the solution and removed true candidates."""
        grid = self.grid
        conflicts = grid.conflict_cells()
        problem = find_contradiction(grid, solution_values(self.states[0].grid))
        wrong = frozenset(c for c, *_ in problem.wrong_values) if problem else frozenset()
        missing = frozenset(c for c, _ in problem.missing) if problem else frozenset()
        self.check_result = Check(conflicts, wrong, missing)
        return self.check_result

    # --- saving ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The save: the start's grid, then each change as the cells it changed (see save_text)."""
        return json.loads(self.save_text())

    def save_text(self) -> str:
        """The save as JSON text. Each change is encoded once and kept: a save after a change
        encodes that change only, and joins the rest (a long game saves in time linear in its
        length, with a small constant, not by encoding every position again)."""
        states = self.states
        kept = kept_prefix(self._encoded, states, 1)
        del self._encoded[kept:], self._encoded_text[kept:]
        for number in range(kept + 1, len(states)):
            before, state = states[number - 1], states[number]
            self._encoded.append(state)
            self._encoded_text.append(json.dumps(change_to_json(before.grid, state), sort_keys=True))
        head = json.dumps({"version": SAVE_VERSION, "name": self.name, "index": self.index,
                           "start": grid_to_json(self.states[0].grid)}, sort_keys=True)
        return f'{head[:-1]}, "changes": [\n' + ",\n".join(self._encoded_text) + "\n]}"

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """Rebuild a saved game, after checking that every position is one of its puzzle's.

        :raises SaveError: saying what is wrong with the data (and where: the change's number
            and label, the cell).
        """
        try:
            version = data.get("version")
            if version == 1:
                states = states_from_version_1(data)
            elif version == SAVE_VERSION:
                states = states_from_changes(data)
            elif isinstance(version, int) and version > SAVE_VERSION:
                raise SaveError(f"the save was written by a newer version of sudoku-tutor "
                                f"(save version {version}; this one reads up to {SAVE_VERSION})")
            else:
                raise SaveError(f"unknown save version {version!r}")
            index = data["index"]
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(states):
                raise SaveError(f"position {index!r} is outside the history")
            solution_values(states[0].grid)  # an improper puzzle would break every hint later
        except EngineError as error:
            raise SaveError(f"the saved puzzle cannot be played: {error}") from None
        except SaveError:
            raise
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise SaveError(f"malformed save: {error!r}") from None
        game = cls(states[0].grid, str(data.get("name", "")))
        game.states = states
        game.index = index
        if version == SAVE_VERSION:
            # The changes as read are their saved form: the next save encodes only what follows.
            game._encoded = states[1:]
            game._encoded_text = [json.dumps(change, sort_keys=True) for change in data["changes"]]
        return game


def change_to_json(before: Grid, state: State) -> dict[str, Any]:
    """A change as saved: its label, its steps, and [cell, value, candidates mask] for each cell
    whose value or candidates differ from the position before."""
    values, masks = state.grid.values, state.grid.masks
    old_values, old_masks = before.values, before.masks
    cells = [[c, values[c], masks[c]] for c in state.grid.geometry.cells
             if values[c] != old_values[c] or masks[c] != old_masks[c]]
    return {"label": state.label, "steps": [step_to_json(step) for step in state.steps],
            "cells": cells}


def states_from_changes(data: Any) -> list[State]:
    """The positions of a version 2 save: its start, then each change applied to the one before.

    :raises SaveError: for a change that alters a given, or a cell, digit or candidate mask out
        of range.
    """
    start = grid_from_json(data["start"])
    changes = data["changes"]
    if not isinstance(changes, list):
        raise SaveError("the save's changes are not a list")
    givens = start.givens
    board = start.geometry
    cell_name = board.cell_name
    states = [State(start, "start")]
    values, masks = list(start.values), list(start.masks)
    for number, change in enumerate(changes, start=1):
        label = str(change["label"])
        for cell, value, mask in change["cells"]:
            where = f"change {number} ({label})"
            if (not all(type(x) is int for x in (cell, value, mask))
                    or not 0 <= cell < board.cell_count):
                raise SaveError(f"{where} names no cell: {[cell, value, mask]!r}")
            if cell in givens:
                raise SaveError(f"{where} changes the given {cell_name(cell)}")
            if not 0 <= value <= board.size or not 0 <= mask <= board.all_digits:
                raise SaveError(f"{where} puts {value!r} with candidates {mask!r} in "
                                f"{cell_name(cell)}")
            values[cell], masks[cell] = value, mask
        with using(board):  # a step's cells and units are checked against the save's board
            steps = tuple(step_from_json(x) for x in change["steps"])
        states.append(State(Grid(values, givens, masks, board), label, steps))
    return states


def states_from_version_1(data: Any) -> list[State]:
    """The positions of a version 1 save (each kept whole), each checked against the start's
    givens.

    :raises SaveError: for no positions, or a position whose givens differ from the start's.
    """
    raw_states = data["states"]
    if not isinstance(raw_states, list) or not raw_states:
        raise SaveError("the save holds no positions")
    states = []
    for raw in raw_states:
        grid = grid_from_json(raw["grid"])
        with using(grid.geometry):  # a step's cells and units are checked against its board
            states.append(State(grid, str(raw["label"]),
                                tuple(step_from_json(x) for x in raw["steps"])))
    start = states[0].grid
    cell_name = start.geometry.cell_name
    for number, state in enumerate(states[1:], start=1):
        where = f"change {number} ({state.label})"
        if state.grid.givens != start.givens:
            cells = sorted(state.grid.givens ^ start.givens)
            raise SaveError(f"{where} has other givens than the puzzle ({cell_name(cells[0])})")
        for cell in sorted(start.givens):
            if state.grid.value(cell) != start.value(cell):
                raise SaveError(f"{where} changes the given {cell_name(cell)} from "
                                f"{start.value(cell)} to {state.grid.value(cell)}")
    return states


def grid_to_json(grid: Grid) -> dict[str, object]:
    """Values, givens and every cell's candidates; unlike the text formats it keeps wrong entries.
    A regular board other than the classic one is named by its box (`"box": [rows, columns]`), the
    Samurai by `"board": "samurai"` (values in reading order on its drawn board); values are
    written as the board's symbols (0 for empty), candidates as hexadecimal masks."""
    board = grid.geometry
    width = _mask_width(board)
    data: dict[str, object] = {
        "values": "".join(board.symbols[v - 1] if v else "0" for v in grid.values),
        "givens": "".join("1" if grid.is_given(c) else "0" for c in board.cells),
        "masks": "".join(f"{mask:0{width}x}" for mask in grid.masks),
    }
    if board.is_samurai:
        data["board"] = SAMURAI_SAVED
    elif board is not CLASSIC:
        data["box"] = [board.box_height, board.box_width]
    return data


SAMURAI_SAVED = "samurai"
"""A saved grid's "board" for the Samurai (a regular board is named by its "box" instead)."""


def _mask_width(board: Geometry) -> int:
    """How many hexadecimal digits a saved mask of this board takes (3 on the classic board)."""
    return (board.size + 3) // 4


def grid_from_json(data: Any) -> Grid:
    """The grid grid_to_json wrote.

    :raises SaveError: naming what does not fit the board.
    """
    values, givens, masks = data["values"], data["givens"], data["masks"]
    board = _board_of(data.get("box"), data.get("board"))
    if not (isinstance(values, str) and isinstance(givens, str) and isinstance(masks, str)):
        raise SaveError("a saved grid is not written as text")
    count = board.cell_count
    digit_of = {symbol: digit for digit, symbol in enumerate(board.symbols, start=1)}
    digit_of["0"] = 0
    if len(values) != count or len(givens) != count or not set(values) <= set(digit_of):
        raise SaveError(f"a saved grid does not have {count} cells of digits {board.symbols}")
    width = _mask_width(board)
    if len(masks) != width * count:
        raise SaveError("a saved grid has bad candidates")
    try:
        read = [int(masks[i:i + width], 16) for i in range(0, len(masks), width)]
    except ValueError:
        raise SaveError("a saved grid has bad candidates") from None
    if max(read) > board.all_digits:
        raise SaveError(f"a saved grid has bad candidates (more than {board.size} digits' marks)")
    return Grid([digit_of[v] for v in values], [c for c, g in enumerate(givens) if g == "1"], read,
                board)


def _board_of(box: Any, name: Any = None) -> Geometry:
    """The board a save names by its box, or by its name ("samurai"); neither: the classic board.

    :raises SaveError: for a box or a name no board has.
    """
    if name is not None:
        if name != SAMURAI_SAVED or box is not None:
            raise SaveError(f"a saved grid names no board: board {name!r}"
                            + (f" with box {box!r}" if box is not None else ""))
        return samurai()
    if box is None:
        return CLASSIC
    if not (isinstance(box, list) and len(box) == 2 and all(type(x) is int for x in box)):
        raise SaveError(f"a saved grid names no board: box {box!r}")
    try:
        return regular(*box)
    except ValueError as problem:
        raise SaveError(f"a saved grid names no board: {problem}") from None


def load_save(path: Path) -> Game | None:
    """The game saved at `path`, or None if there is none.

    :raises Unreadable: the file is not valid JSON or not a game; it has been moved aside first
        (unless it could not be: then `kept_at` is None and the file must not be written over).
    :raises NewerVersion: the save was written by a newer version of the tutor; it is not corrupt,
        and is left as it is (the caller must not write over it).
    """
    data = read_json(path)
    if data is None:
        return None
    check_version(path, data, SAVE_VERSION)
    try:
        return Game.from_json(data)
    except SaveError as error:
        raise Unreadable(path, move_aside(path), str(error)) from None


def save_game(game: Game, path: Path) -> None:
    """Write the game atomically (temp file and rename)."""
    write_atomic(path, game.save_text())
