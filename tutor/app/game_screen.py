"""The game screen: owns the Game, turns keys into changes, and pushes views down to the widgets."""

from __future__ import annotations

from dataclasses import replace
from functools import wraps
from typing import Callable, Protocol

from textual import work
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message

from tutor.engine import EngineError, Grade, grade
from tutor.play.game import Credit, Game, Move, find_hint
from tutor.model.geometry import DIGITS, SYMBOLS, Geometry, cells_name, using
from tutor.model.grid import Grid
from tutor.model.bundled import Puzzle
from tutor.app import keys
from tutor.app.board import Board
from tutor.app.board_looks import BoardLooks
from tutor.app.cell_panel import CellPanel
from tutor.app.controls import Controls
from tutor.app.difficulty_panel import DifficultyPanel
from tutor.app.hint_panel import HintBox, HintPanel
from tutor.app.layout import BoardScreen
from tutor.app.learning.actions import LessonActions
from tutor.app.making.actions import MakingActions
from tutor.app.screens.replace_screen import game_state, needs_asking
from tutor.app.selection import CellSelection
from tutor.app.status_line import StatusLine
from tutor.app.step_list import StepList
from tutor.app.view import board_view
from tutor.model.words import counted

SIDE_NARROWEST = 30
"""The side panel's least width (app.tcss #side) where the terminal leaves it that much."""

PATH_LEAST_LINES = 3
"""Lines the path needs under a compact board (its title, a margin, a change); a Samurai's whole
board that leaves fewer has it beside the board instead."""

SAMURAI_FOOTER = keys.footer_width(tuple(k for k in keys.GAME_KEYS if k.narrow)) + len("w Grid ")
"""Columns a Samurai's footer needs for the narrow footer's keys and its grids' key (w)."""

PENDING_NOTICE = 0.15
"""Seconds the engine may think before the hint panel says it is looking."""


def conflicts_of(grid: Grid, cell: int) -> str:
    """Every repeat the digit just entered in `cell` makes ('two 8s in row 7 (r7c1 and r7c2);
    two 8s in column 2 (...)'): each cell flagged ! is explained. Without one there, the board's
    first repeat elsewhere; '' when there is none."""
    board = grid.geometry
    found = grid.conflicts()
    here = [c for c in found if cell in c[2]] or list(found[:1])
    parts = []
    for unit, digit, cells in here:
        count = {2: "two", 3: "three"}.get(len(cells), str(len(cells)))
        parts.append(f"{count} {board.symbol(digit)}s in {board.unit_name(unit)} "
                     f"({' and '.join(map(board.cell_name, cells))})")
    return "; ".join(parts)


def on_own_board(method):
    """The screen's method run with its game's board in use (geometry.using): the names and
    symbols of every text it makes (the engine's too: steps, changes) are that board's."""

    @wraps(method)
    def run(self, *args, **kwargs):
        with using(self.board_shape):
            return method(self, *args, **kwargs)

    return run


class HintReady(Message):
    """A worker found the engine's answer for `grid`; `then` is 'hint' or 'apply'; `search`
    numbers the search (an answer to a search stopped meanwhile is dropped)."""

    def __init__(self, grid: Grid, result, then: str, search: int = 0) -> None:
        super().__init__()
        self.grid, self.result, self.then, self.search = grid, result, then, search


class SolveReady(Message):
    """A worker graded the position for "solve to the end": its Grade, or the EngineError raised."""

    def __init__(self, grid: Grid, result, search: int = 0) -> None:
        super().__init__()
        self.grid, self.result, self.search = grid, result, search


class CreditReady(Message):
    """A worker found the engine's step at the position where the learner made `move`."""

    def __init__(self, move: Move, result) -> None:
        super().__init__()
        self.move, self.result = move, result


class GradeReady(Message):
    """A worker graded the puzzle itself (shown once it is solved)."""

    def __init__(self, puzzle: Grid, result) -> None:
        super().__init__()
        self.puzzle, self.result = puzzle, result


class PreviousGame(Protocol):
    """Where a replaced game is kept (the app: game-previous.json beside the save)."""

    def keep_previous_game(self, game: Game) -> bool: ...

    def take_previous_game(self) -> Game | None: ...


class GameScreen(CellSelection, MakingActions, LessonActions, BoardLooks, keys.FittedFooter,
                 BoardScreen):
    """The board and its panels. `save_game` is called with the game after every change (autosave),
    `record_play` with each step the learner makes by themselves (lesson progress)."""

    BINDINGS = keys.bindings()
    AUTO_FOCUS = "Board"

    def __init__(self, game: Game, save_game: Callable[[Game], None] | None = None,
                 previous: PreviousGame | None = None,
                 record_play: Callable[[Credit], None] | None = None) -> None:
        super().__init__()
        self.save_game = save_game
        self.record_play = record_play
        """Called with each Credit the learner's own moves earn (None: not recorded)."""
        self.previous = previous
        self.pencil = False
        self.pending = False
        self.pending_notice = PENDING_NOTICE
        self.search = 0
        """The number of the engine's current search: escape stops it by moving on to the next."""
        self.queued: list[str] = []
        """Hint and step presses made while the engine was busy, run in order when it is done."""
        self.message = ""
        self.set_game(game)

    def set_game(self, game: Game) -> None:
        self.game = game
        if self.only_digit is not None and self.only_digit > game.grid.geometry.size:
            self.only_digit = None  # a filter on a digit the new board does not have
        empty = game.grid.empty_cells
        self.selected = empty[0] if empty else 0
        self.puzzle_grade: Grade | EngineError | None = None
        self.grading = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Board()
                # The compact board leaves room below it; the path moves there (CSS picks one).
                yield StepList(id="steps-under", classes="steps")
            with Vertical(id="side"):
                yield StatusLine(id="status")
                yield Controls(id="controls")
                yield CellPanel(id="cell")
                yield DifficultyPanel(id="difficulty")
                yield HintBox(id="hint-box")
                yield StepList(id="steps", classes="steps")
        yield keys.CoalescedFooter(compact=True)

    def on_mount(self) -> None:
        self.refresh_views()
        self.grade_if_solved()

    def apply_layout(self, size: Size) -> bool:
        was_compact = self.compact
        compact = super().apply_layout(size)
        # The column is as wide as the board (plus its margin), whatever sits below the board.
        left = self.query_one(Board).board_layout.width + 1
        self.query_one("#left").styles.width = left
        # The compact 16x16 board leaves 23 columns at 80x24: the side panel narrows to them
        # (its text wraps) rather than running off the screen.
        room = size.width - left
        self.query_one("#side").styles.min_width = room if room < SIDE_NARROWEST else None
        shape = self.query_one(Board).geometry
        # A Samurai's whole board at 80x24 fills the height: its path goes back to the side.
        under = size.height - 1 - self.query_one(Board).board_layout.height
        self.set_class(shape.is_samurai and under < PATH_LEAST_LINES, "-path-beside")
        self.set_class(shape.is_samurai, "-samurai")
        room_for_lessons = size.width >= SAMURAI_FOOTER
        if shape is not self.footer_shape or room_for_lessons != self.footer_lessons:
            self.footer_shape = shape
            self.footer_lessons = room_for_lessons
            # The footer's digit keys (1-4 on a 4x4 board), a Samurai's grids' key and whether
            # the lessons' key fits beside it.
            self.refresh_bindings()
        if compact != was_compact:
            self.refresh_views()  # the hint lists its cells' candidates only on the compact board
        return compact

    footer_shape: Geometry | None = None
    """The board whose digit keys the footer shows."""
    footer_lessons = True
    """Whether the footer had room for the lessons' key beside a Samurai's grids' key."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        # The digits' key in the footer says the board's own ('1-6 Digit' on 6x6).
        active = super().active_bindings
        found = active.get("1")
        board = self.board_shape
        if board.is_samurai:
            # Its grids' key in the footer (hidden on other boards, which have one grid); a
            # footer too narrow for it and the narrow footer's keys makes room by leaving out
            # the lessons' key (t still works, the help and the palette list it).
            shown = {"w": True, **({"t": False} if self.size.width < SAMURAI_FOOTER else {})}
            active = {**active, **{key: found._replace(binding=replace(found.binding, show=show))
                                   for key, show in shown.items()
                                   if (found := active.get(key)) is not None}}
        if found is None or board.size == len(DIGITS):
            return active
        # '1-G' on 16x16 (its letters typed as capitals): as wide as '1-9', the footer fits.
        shown = f"1-{board.symbol(board.size)}"
        return {**active, "1": found._replace(binding=replace(found.binding, key_display=shown))}

    @property
    def compact(self) -> bool:
        return self.query_one(Board).compact

    @property
    def board_shape(self) -> Geometry:
        """The game's board (4x4 to 16x16, or the classic one)."""
        return self.game.grid.geometry

    # --- attributes down ------------------------------------------------------------------
    @on_own_board
    def refresh_views(self) -> None:
        game = self.game
        view = self.filtered(board_view(game, self.selected))
        # A board of another shape lays the screen out again (Board.watch_view): it may go
        # compact, or full, at this size.
        board = self.query_one(Board)
        board.view = view
        board.follow(self.selected)
        self.query_one(StatusLine).show(game.name, self.pencil, game.index, game.is_solved,
                                        saved=not getattr(self.app, "game_unsaved", False),
                                        only=None if self.only_digit is None
                                        else self.board_shape.symbol(self.only_digit),
                                        shown=self.shown_part(board))
        self.query_one(Controls).show(self.pencil, self.board_shape)
        self.query_one(CellPanel).show(view)
        grade_result = self.puzzle_grade if isinstance(self.puzzle_grade, Grade) else None
        self.query_one(DifficultyPanel).show(game.earned, grade_result, self.grading)
        self.query_one(HintPanel).show(game, self.pending, self.message, self.compact)
        for step_list in self.query(StepList):
            step_list.show(game.states, game.index)
        self.sync_lesson_link()

    def shown_part(self, board: Board) -> str | None:
        """On a Samurai, what the board shows: 'whole board' or the grid in focus ('top-left
        grid'); None on other boards."""
        shape = self.board_shape
        if not shape.is_samurai:
            return None
        grid = board.shown_grid
        return "all grids" if grid is None else f"{shape.grid_names[grid]} grid"

    # --- a Samurai's grids -------------------------------------------------------------------
    def action_whole_or_grid(self) -> None:
        """Draw the whole Samurai, or its grid in focus alone with its pencil marks."""
        board = self.query_one(Board)
        shape = self.board_shape
        if not shape.is_samurai:
            self.say("Only a Samurai has several grids to show one at a time.")
            return
        board.whole = not board.whole
        grid = shape.grid_names[board.grid_in_focus]
        self.say(f"The {grid} grid with its pencil marks; [ and ] show another, w the whole board."
                 if not board.whole else
                 f"The whole board; w shows the {grid} grid alone with its pencil marks.")

    def action_other_grid(self, step: int) -> None:
        """Put the next (step 1) or previous (-1) grid of a Samurai in focus, the selection on the
        same row and column of it."""
        board = self.query_one(Board)
        shape = self.board_shape
        if not shape.is_samurai:
            self.say("Only a Samurai has several grids to move between.")
            return
        cells = shape.grids[board.grid_in_focus]
        place = cells.index(self.selected) if self.selected in cells else len(cells) // 2
        grid = (board.grid_in_focus + step) % len(shape.grids)
        board.grid_in_focus = grid
        self.selected = shape.grids[grid][place]
        self.say(f"The {shape.grid_names[grid]} grid is in focus"
                 + (" (w shows it alone with its pencil marks)." if board.whole else "."))

    @on_own_board
    def changed(self, message: str = "") -> None:
        """After any change of position: redraw, autosave, grade the puzzle once it is solved."""
        self.message = message
        self.refresh_views()
        if self.save_game is not None:
            self.save_game(self.game)
        self.grade_if_solved()

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_views()

    def load_game(self, game: Game, message: str = "") -> None:
        """Open another game; an unfinished one with changes is replaced only once confirmed."""
        if not needs_asking(self.game):
            self.replace_game(game, message)
            return

        def answered(replace: bool | None) -> None:
            if replace:
                self.replace_game(game, message)
            else:
                self.say(f"Kept your game; {game.name or 'the new puzzle'} was not opened.")

        from tutor.app.screens.replace_screen import ReplaceScreen  # lazy: start-up

        self.app.push_screen(ReplaceScreen(self.game, game.name or "the new puzzle"), answered)

    def replace_game(self, game: Game, message: str = "") -> None:
        """Open `game` now; the one replaced, if changed at all, is kept as the previous game."""
        old = self.game
        kept = old.index > 0 and self.previous is not None and self.previous.keep_previous_game(old)
        self.set_game(game)
        self.queued.clear()
        message = message or f"Opened {game.name or 'the puzzle'}."
        if kept:
            message += f" The game before is kept ({game_state(old)}): P brings it back."
        self.changed(message)

    def action_restore_previous(self) -> None:
        """Swap the game with the previous one (kept when it was replaced, or declined at start)."""
        previous = self.previous.take_previous_game() if self.previous is not None else None
        if previous is None:
            self.say("There is no previous game to bring back.")
            return
        self.replace_game(previous, f"Brought back the previous game: {game_state(previous)}.")

    def action_scroll_hint(self, where: str) -> None:
        self.query_one(HintBox).scroll_hint(where)

    def action_scroll_path(self, where: str) -> None:
        for step_list in self.query(StepList):
            step_list.scroll_path(where)

    # --- moving and entering --------------------------------------------------------------
    def action_digit(self, digit: int) -> None:
        cell, game = self.selected, self.game
        board = self.board_shape
        cell_name = board.cell_name
        if digit > board.size:
            last = board.symbol(board.size)
            self.say(f"The {board.name} board has the digits 1 to {last}; "
                     f"{SYMBOLS[digit - 1]} is not one of them.")
            return
        if game.grid.is_given(cell):
            self.say(f"{cell_name(cell)} is a given; it cannot change.")
            return
        before, known = game.grid, game.hint_known
        step = game.hint_result
        if self.pencil:
            if game.grid.value(cell):
                self.say(f"{cell_name(cell)} holds a digit; clear it to pencil candidates.")
            elif game.toggle_candidate(cell, digit):
                if not game.grid.has_candidate(cell, digit):
                    self.credit_move(before, (cell, digit, "<>"), step if known else None, known)
                self.changed()
            return
        if game.enter(cell, digit):
            if not before.value(cell):
                self.credit_move(before, (cell, digit, "="), step if known else None, known)
            conflict = conflicts_of(game.grid, cell)
            self.changed(f"Conflict (marked !): {conflict}." if conflict else "")

    # --- the learner's own steps count toward lesson progress ------------------------------
    def credit_move(self, before: Grid, move: Move, step, known: bool) -> None:
        """A move the engine's step at `before` makes counts as a step of its technique (with
        the hints seen): the step is the hint's when known, else the engine finds it in a worker."""
        if self.record_play is None:
            return
        if known:
            self.give_credit(move, step)
        else:
            self.find_credit(before, move)

    @work(thread=True, group="credit")
    def find_credit(self, before: Grid, move: Move) -> None:
        self.post_message(CreditReady(move, find_hint(before)))

    def on_credit_ready(self, message: CreditReady) -> None:
        self.give_credit(message.move, message.result)

    def give_credit(self, move: Move, step) -> None:
        credit = self.game.credit(move, step)
        if credit is not None and self.record_play is not None:
            self.record_play(credit)

    def action_clear(self) -> None:
        cell = self.selected
        if self.game.grid.is_given(cell):
            self.say(f"{self.board_shape.cell_name(cell)} is a given; it cannot be cleared.")
        elif self.game.clear(cell):
            self.changed()

    def action_toggle_pencil(self) -> None:
        self.pencil = not self.pencil
        self.say("Pencil mode: digits add or remove candidates." if self.pencil
                 else "Digit mode: digits fill the cell.")

    def action_auto_candidates(self) -> None:
        if self.game.auto_candidates():
            self.changed("Pencil marks filled in.")
        else:
            self.say("The pencil marks are already the standard ones.")

    def action_undo(self) -> None:
        label = self.game.undo()
        if label is None:
            self.say("Nothing to undo.")
        else:
            self.changed(f"Undid: {label}")

    def action_redo(self) -> None:
        label = self.game.redo()
        if label is None:
            self.say("Nothing to redo.")
        else:
            self.changed(f"Redid: {label}")

    def action_restart(self) -> None:
        if self.game.restart():
            self.changed("Restarted from the givens (u undoes).")

    @on_own_board
    def action_check(self) -> None:
        result = self.game.check()
        if result.ok:
            self.say("Check: no conflicts, no wrong digits, no lost candidates.")
            return
        parts = []
        for cells, what in ((result.conflicts, "in conflict"), (result.wrong, "wrong digits"),
                            (result.missing, "lost their true candidate")):
            if cells:
                parts.append(f"{what}: {cells_name(cells)}")
        self.say("Check (cells marked !): " + "; ".join(parts))

    # --- hints and steps (the engine runs in a worker thread) -----------------------------
    def action_hint(self) -> None:
        self.message = ""
        if self.pending:
            self.queued.append("hint")
        elif self.game.hint_known:
            self.game.advance_hint()
            self.refresh_views()
        else:
            self.start_search("hint")

    def action_apply_step(self) -> None:
        self.message = ""
        if self.pending:
            self.queued.append("apply_step")
        elif self.game.hint_known:
            self.apply_known_step()
        else:
            self.start_search("apply")

    def run_queued(self) -> None:
        """Replay the presses queued while the engine was busy (each may start a new search)."""
        while self.queued and not self.pending:
            getattr(self, f"action_{self.queued.pop(0)}")()

    def start_search(self, then: str) -> None:
        self.pending = True
        self.search += 1
        # Most answers come within a frame; say "looking" only if one takes noticeably long.
        self.set_timer(self.pending_notice, self.show_pending)
        self.find_step(self.game.grid, then, self.search)

    def action_stop_search(self) -> None:
        """Stop waiting for the engine: its answer, when it comes, is dropped; queued presses too."""
        if not self.pending:
            return
        self.search += 1
        self.pending = False
        self.queued.clear()
        # The thread cannot be interrupted, but the search is bounded (well under a second).
        self.workers.cancel_group(self, "engine")
        self.say("Stopped looking for a step (n or s looks again).")

    def show_pending(self) -> None:
        if self.pending:
            self.refresh_views()

    @work(thread=True, exclusive=True, group="engine")
    def find_step(self, grid: Grid, then: str, search: int) -> None:
        self.post_message(HintReady(grid, find_hint(grid), then, search))

    def on_hint_ready(self, message: HintReady) -> None:
        if message.search != self.search:
            return  # stopped meanwhile
        self.pending = False
        if not self.game.take_hint(message.grid, message.result):
            self.refresh_views()  # the board changed meanwhile: the answer is stale
        elif message.then == "apply":
            self.apply_known_step()
        else:
            self.game.advance_hint()
            self.refresh_views()
        self.run_queued()

    @on_own_board
    def apply_known_step(self) -> None:
        game = self.game
        step = game.hint_step
        if step is not None:
            game.apply_step(step)
            self.changed(f"Applied: {step}")
        elif game.hint_result is None:
            self.say("The puzzle is solved.")
        else:
            game.advance_hint()  # shows the problem instead of a step
            self.refresh_views()

    def action_solve_all(self) -> None:
        if self.pending:
            self.queued.append("solve_all")
        elif self.game.is_solved:
            self.say("The puzzle is solved.")
        else:
            self.pending = True
            self.search += 1
            self.set_timer(self.pending_notice, self.show_pending)
            self.solve_to_end(self.game.grid, self.search)

    @work(thread=True, exclusive=True, group="engine")
    def solve_to_end(self, grid: Grid, search: int) -> None:
        try:
            result = grade(grid)
        except EngineError as error:
            result = error
        self.post_message(SolveReady(grid, result, search))

    def on_solve_ready(self, message: SolveReady) -> None:
        if message.search != self.search:
            return  # stopped meanwhile
        self.pending = False
        game = self.game
        if message.grid != game.grid:
            self.refresh_views()
        elif isinstance(message.result, EngineError):
            game.take_hint(message.grid, message.result)
            game.advance_hint()
            self.refresh_views()
        else:
            steps = message.result.steps
            game.apply_steps(steps, f"solve to the end ({counted(len(steps), 'step')})")
            undo = "u undoes it" if len(steps) == 1 else "u undoes them all"
            self.changed(f"Solved with {counted(len(steps), 'step')} ({undo}).")
        self.run_queued()

    def grade_if_solved(self) -> None:
        if self.game.is_solved and self.puzzle_grade is None and not self.grading:
            self.grading = True
            self.refresh_views()
            self.grade_puzzle(self.game.puzzle)

    @work(thread=True, exclusive=True, group="grade")
    def grade_puzzle(self, puzzle: Grid) -> None:
        try:
            result = grade(puzzle)
        except EngineError as error:
            result = error
        self.post_message(GradeReady(puzzle, result))

    def on_grade_ready(self, message: GradeReady) -> None:
        if message.puzzle != self.game.puzzle:
            return
        self.grading = False
        self.puzzle_grade = message.result
        self.refresh_views()

    # --- other screens ----------------------------------------------------------------------
    def action_help(self) -> None:
        from tutor.app.screens.help_screen import HelpScreen  # lazy: the first frame needs none

        self.app.push_screen(HelpScreen())

    def action_copy_out(self) -> None:
        from tutor.app.screens.copy_screen import CopyScreen  # lazy: start-up

        self.app.push_screen(CopyScreen(self.game.puzzle, self.game.grid, self.game.name))

    def action_paste(self) -> None:
        def loaded(grid: Grid | None) -> None:
            if grid is not None:
                game = Game(grid, "Pasted puzzle")
                problem = game.contradiction()
                if problem is None:
                    self.load_game(game)
                    return
                # A position from paper with a wrong digit or a lost true candidate: opened, the
                # cells named and marked as a hint does (as `tutor next` names them).
                game.take_hint(grid, problem)
                game.advance_hint()
                self.load_game(game, "Opened the pasted position; it contradicts the solution.")

        from tutor.app.screens.paste_screen import PasteScreen  # lazy: start-up

        self.app.push_screen(PasteScreen(), loaded)

    def action_browse(self) -> None:
        def chosen(puzzle: Puzzle | None) -> None:
            if puzzle is not None:
                self.load_game(Game(puzzle.grid, puzzle.name))

        from tutor.app.screens.collection_screen import CollectionScreen  # lazy: start-up

        self.app.push_screen(CollectionScreen(), chosen)
