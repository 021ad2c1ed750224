"""The puzzle editor: compose givens on an empty board, validated live; save a proper one, then play it.

The draft is kept in editor-draft.json in the data folder after every change, so leaving the editor
(or the app) never loses it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, Static

from tutor.engine import EngineError, Grade, grade, technique
from tutor.generator.editor import EditorCheck, check, default_path, save
from tutor.model.geometry import CELL_COUNT, DIGITS, cell_name
from tutor.model.grid import Grid
from tutor.solvers.backtracking import MIN_PROPER_GIVENS
from tutor.model.storage import Unreadable
from tutor.app.board import Board
from tutor.app.difficulty_panel import level_text
from tutor.app.layout import BoardScreen
from tutor.app.keys import GAME_KEYS, Key, bindings
from tutor.app.selection import CellSelection
from tutor.app.view import BoardView
from tutor.app.making.draft import read_draft, write_draft
from tutor.app.making.key_list import key_list
from tutor.app.making.name_screen import NameScreen

PENDING_NOTICE = 0.15
"""Seconds the solution count may take before the panel says it is counting."""
NO_CANDIDATES = (0,) * CELL_COUNT
"""Empty cells are drawn blank: the editor shows givens only."""

EDITOR_KEYS: tuple[Key, ...] = (
    *(k for k in GAME_KEYS if k.action.startswith("move")),
    *(Key(str(d), f"digit({d})", "Digit", "Put the digit in the selected cell as a given.",
          show=d == DIGITS[0], key_display=f"{DIGITS[0]}-{DIGITS[-1]}") for d in DIGITS),
    Key("delete,backspace,0", "clear", "Clear", "Clear the selected cell."),
    Key("u,ctrl+z", "undo", "Undo", "Undo the last change."),
    Key("y,ctrl+y", "redo", "Redo", "Redo the change just undone.", show=False),
    Key("X", "clear_all", "Clear all", "Clear the whole board (u undoes).", show=False),
    Key("G", "from_game", "Game's givens",
        "Start from the givens of the puzzle in the game, to vary it (u undoes).", show=False),
    Key("s,ctrl+s", "save", "Save",
        "Save the puzzle under a name (only a proper one: exactly one solution)."),
    Key("p", "play", "Play", "Play the puzzle in the game (only a proper one)."),
    Key("escape", "close", "Back", "Back to the game; the draft is kept for next time."),
)


@dataclass(frozen=True)
class Composed:
    """A proper puzzle the editor hands to the game, with its name."""

    grid: Grid
    name: str


class Checked(Message):
    """The worker validated `values` (the solution count can take a moment with few givens)."""

    def __init__(self, values: tuple[int, ...], result: EditorCheck) -> None:
        super().__init__()
        self.values, self.result = values, result


class Graded(Message):
    """The worker graded `values` (a proper puzzle): its Grade, or the EngineError raised."""

    def __init__(self, values: tuple[int, ...], result: Grade | EngineError) -> None:
        super().__init__()
        self.values, self.result = values, result


def grade_content(result: Grade | EngineError | None) -> Content:
    """The grade line under the check: 'grading…' while the worker runs (None)."""
    if result is None:
        return Content.from_markup("[dim]grading…[/]")
    if isinstance(result, EngineError):
        return Content.from_markup("[b]Grade[/] not known: $error", error=str(result))
    hardest = technique(result.hardest).name if result.hardest is not None else "none"
    return Content.from_markup(
        f"[b]Grade[/] level {level_text(result.level)} ([b]$band[/])  [dim]│[/]  "
        f"rating {result.rating:g} ($hardest)", band=result.band, hardest=hardest)


class EditorScreen(CellSelection, BoardScreen[Composed | None]):
    """Dismisses with the puzzle to play, or None when the user goes back to the game."""

    BINDINGS = bindings(EDITOR_KEYS)
    AUTO_FOCUS = "Board"

    def __init__(self, game_givens: tuple[int, ...] | None = None,
                 game_board: str | None = None) -> None:
        super().__init__()
        self.game_givens = game_givens
        """The givens of the puzzle in the game (G copies them), if any."""
        self.game_board = game_board
        """'a Samurai', 'a 6x6 board': the game's board when it is not a 9x9 one (G says why it
        copies nothing)."""
        self.values: tuple[int, ...] = (0,) * CELL_COUNT
        self.selected = 0
        self.undo_stack: list[tuple[int, ...]] = []
        self.redo_stack: list[tuple[int, ...]] = []
        self.result: EditorCheck | None = None
        """The latest validation, for `values` only (None while the count runs)."""
        self.pending_shown = False
        self.puzzle_grade: Grade | EngineError | None = None
        """The grade of `values` once the worker has it (a proper puzzle only)."""
        self.grading: tuple[int, ...] | None = None
        """The values the grading worker has in hand, if it runs (possibly stale by now)."""
        self.saved_as: dict[tuple[int, ...], str] = {}
        self.message = ""
        self.draft_failed = False

    @property
    def puzzle(self) -> Grid:
        return Grid(self.values)

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Board()
            with Vertical(id="editor-side"):
                yield Static(id="editor-state")
                yield Static(id="editor-check")
                yield Static(id="editor-message")
                yield Static(key_list(EDITOR_KEYS), id="editor-keys")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        try:
            draft = read_draft()
        except Unreadable as error:
            self.notify(f"The editor draft was unreadable; it was kept as {error.kept_at}.",
                        title="Draft moved aside", severity="warning", timeout=15)
            draft = None
        except OSError as error:
            self.report_draft_problem(error)
            draft = None
        if draft is not None:
            self.values = draft
            self.message = "Your draft is back (X clears the board, u undoes that)."
        self.validate()

    def report_draft_problem(self, error: OSError) -> None:
        if not self.draft_failed:
            self.notify(f"The editor draft cannot be kept ({error}).", title="Draft not saved",
                        severity="error", timeout=15)
        self.draft_failed = True

    # --- changes ----------------------------------------------------------------------------
    def change(self, values: tuple[int, ...], message: str = "") -> None:
        if values == self.values:
            return
        self.undo_stack.append(self.values)
        self.redo_stack.clear()
        self.set_values(values, message)

    def set_values(self, values: tuple[int, ...], message: str) -> None:
        self.values = values
        self.message = message
        try:
            write_draft(values)
        except OSError as error:
            self.report_draft_problem(error)
        self.validate()

    def put(self, digit: int) -> None:
        values = list(self.values)
        values[self.selected] = digit
        self.change(tuple(values))

    def action_digit(self, digit: int) -> None:
        self.put(digit)

    def action_clear(self) -> None:
        self.put(0)

    def action_clear_all(self) -> None:
        self.change((0,) * CELL_COUNT, "Board cleared (u undoes).")

    def action_from_game(self) -> None:
        if self.game_board is not None:
            self.say(f"The game is {self.game_board}: the editor makes 9x9 puzzles only, so it "
                     f"cannot start from the game's givens.")
            return
        if not self.game_givens or not any(self.game_givens):
            self.say("There is no puzzle in the game to start from.")
            return
        if self.game_givens == self.values:
            self.say("The board already holds the game's givens.")
            return
        self.change(self.game_givens, "The game's givens copied (u undoes).")

    def action_undo(self) -> None:
        self.travel(self.undo_stack, self.redo_stack, "undo")

    def action_redo(self) -> None:
        self.travel(self.redo_stack, self.undo_stack, "redo")

    def travel(self, back: list, forth: list, what: str) -> None:
        """Undo or redo: take the board from one stack, keeping the current one on the other."""
        if not back:
            self.say(f"Nothing to {what}.")
            return
        forth.append(self.values)
        self.set_values(back.pop(), "Undone." if what == "undo" else "Redone.")

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_views()

    # --- validation: conflicts at once, the solution count in a worker -----------------------
    def validate(self) -> None:
        self.result = None
        self.puzzle_grade = None
        self.pending_shown = False
        self.refresh_views()
        self.set_timer(PENDING_NOTICE, self.show_pending)
        self.count_solutions(self.values)

    def show_pending(self) -> None:
        if self.result is None:
            self.pending_shown = True
            self.refresh_views()

    @work(thread=True, exclusive=True, group="editor-check")
    def count_solutions(self, values: tuple[int, ...]) -> None:
        self.post_message(Checked(values, check(Grid(values))))

    def on_checked(self, message: Checked) -> None:
        if message.values == self.values:
            self.result = message.result
            self.refresh_views()
            if message.result.is_proper:
                self.start_grading()

    # --- the grade of a proper puzzle, in a worker -----------------------------------------------
    def start_grading(self) -> None:
        """Grade `values` unless a grade is running; then it starts when that one ends.

        A grade cannot be stopped midway (a hard puzzle takes seconds), so one whose grid has
        changed since is cancelled, its answer dropped, and never joined by a second thread: typing
        fast never piles up graders on the machine.
        """
        if self.grading is None:
            self.grading = self.values
            self.grade_puzzle(self.values)
        elif self.grading != self.values:
            self.workers.cancel_group(self, "editor-grade")

    @work(thread=True, group="editor-grade")
    def grade_puzzle(self, values: tuple[int, ...]) -> None:
        try:
            result: Grade | EngineError = grade(Grid(values))
        except EngineError as error:
            result = error
        self.post_message(Graded(values, result))

    def on_graded(self, message: Graded) -> None:
        self.grading = None
        if message.values == self.values:
            self.puzzle_grade = message.result
            self.refresh_views()
        elif self.result is not None and self.result.is_proper:
            self.start_grading()  # the grid changed meanwhile: grade the one shown now

    def refresh_views(self) -> None:
        puzzle = self.puzzle
        conflicts = puzzle.conflict_cells()
        shown = Grid(self.values, masks=NO_CANDIDATES)
        self.query_one(Board).view = BoardView(shown, self.selected, problems=conflicts)
        givens = len(puzzle.givens)
        cell = self.selected
        value = self.values[cell]
        here = f"given [b]{value}[/]" if value else "empty"
        flag = "  [b $text-error]! in conflict[/]" if cell in conflicts else ""
        needed = ""
        if givens < MIN_PROPER_GIVENS:
            needed = f" [dim](a proper puzzle needs at least {MIN_PROPER_GIVENS})[/]"
        self.query_one("#editor-state", Static).update(Content.from_markup(
            f"[b]Puzzle editor[/]  [b]{givens}[/] given{'s' if givens != 1 else ''}{needed}  "
            f"[dim]│[/]  [b]$cell[/] {here}{flag}", cell=cell_name(cell)))
        self.query_one("#editor-check", Static).update(self.check_content(conflicts))
        self.query_one("#editor-message", Static).update(self.message)

    def check_content(self, conflicts: frozenset[int]) -> Content:
        result = self.result
        if result is None:
            if conflicts:  # known at once; the worker only adds the wording
                return Content.from_markup("[b $text-error]✗ conflict[/] (cells marked !)")
            if self.pending_shown:
                return Content.from_markup("[dim]counting solutions…[/]")
            return Content("")
        mark = {"unique": "[b $text-success]✓[/]", "multiple": "[b $text-warning]✗[/]",
                "none": "[b $text-error]✗[/]", "conflict": "[b $text-error]✗[/]"}[result.status]
        where = " (cells marked !)" if result.status == "conflict" else ""
        line = Content.from_markup(f"{mark} $message{where}", message=result.message)
        if result.is_proper:
            line = line + Content("\n") + grade_content(self.puzzle_grade)
        return line

    # --- saving and playing -------------------------------------------------------------------
    def refusal(self, done: str) -> str | None:
        """Why the puzzle cannot be saved or played now (`done`: 'saved'), or None when it is proper."""
        if self.result is None:
            return f"Not {done} yet: still counting solutions; try again in a moment."
        if not self.result.is_proper:
            return f"Not {done}: only a proper puzzle can be, and this one has {self.result.message}."
        return None

    def action_save(self) -> None:
        problem = self.refusal("saved")
        if problem:
            self.say(problem)
            return
        puzzle = self.puzzle

        def saved(result) -> None:
            if result is not None:
                self.saved_as[puzzle.values] = result.name
                self.say(f"Saved “{result.name}” as line {result.line_number} of {result.path}. "
                         "p plays it.")

        self.app.push_screen(NameScreen(lambda name: save(puzzle, name), str(default_path())), saved)

    def action_play(self) -> None:
        problem = self.refusal("played")
        if problem:
            self.say(problem)
            return
        self.dismiss(Composed(self.puzzle, self.saved_as.get(self.values, "Composed puzzle")))

    def action_close(self) -> None:
        self.dismiss(None)
