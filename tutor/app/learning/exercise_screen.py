"""An exercise or drill answered on the board: place the digit or remove candidates, then check."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Footer, Static

from tutor.engine import Position, Step, in_sentence, technique as technique_entry
from tutor.play.game import Game
from tutor.play.hints import HintLadder
from tutor.model.geometry import using
from tutor.model.grid import Grid
from tutor.learning import PARTLY, RIGHT, LessonSession
from tutor.learning.drills import Drill, DrillError
from tutor.app import keys
from tutor.app.board import Board
from tutor.app.cell_panel import CellPanel
from tutor.app.layout import BoardScreen
from tutor.app.selection import CellSelection
from tutor.app.view import step_view
from tutor.app.learning.drill_file_screen import DrillFileScreen, FileDrill
from tutor.app.hint_panel import rungs_content
from tutor.app.learning.feedback import feedback_content, show_save_problem
from tutor.app.learning import open_exercise

BOARD_KEYS = ("Move", "Down", "Left", "Right", "Digit", "Pencil", "Clear", "Undo", "Redo")
"""The game's own keys for moving and entering, so the board answers to the same keys everywhere."""
NARROW_LEFT_OUT = ("Move", "Digit", "Undo", "Next")
"""Keys a narrow footer leaves out: the side panel and the game's help name them."""

EXERCISE_KEYS = tuple(k for k in keys.GAME_KEYS if k.label in BOARD_KEYS) + (
    keys.Key("enter", "check", "Check", "Check your answer on the board."),
    keys.Key("n", "hint", "Hint", "Hint: the nudge, then the pattern, then the full explanation."),
    keys.Key("right_square_bracket", "next", "Next", "The next exercise or practice position.",
             key_display="]"),
    keys.Key("left_square_bracket", "previous", "Previous", "The previous exercise.", show=False,
             key_display="["),
    keys.Key("r", "reset", "Reset", "Start this position over.", show=False),
    keys.Key("w", "whole_or_grid", "Grid", "On a Samurai: the whole board, or the selected "
             "cell's grid alone with its pencil marks.", show=False),
    keys.Key("d", "drill", "Practice more", "A fresh position where the technique comes next."),
    keys.Key("D", "drill_file", "From file", "Practice more on positions from your own file."),
    keys.Key("escape", "close", "Back", "Back to the lesson."),
    keys.Key("q", "app.quit", "Quit", "Quit.", show=False),
)


class ExerciseScreen(CellSelection, keys.FittedFooter, BoardScreen):
    """The learner changes a copy of the position; enter checks it against the engine."""

    CSS_PATH = "lessons.tcss"
    FOOTER_KEYS = tuple(replace(k, narrow=k.label not in NARROW_LEFT_OUT) for k in EXERCISE_KEYS)
    BINDINGS = keys.bindings(FOOTER_KEYS)
    AUTO_FOCUS = "Board"

    done_before = False
    """The exercise shown was answered right on an earlier visit."""

    def __init__(self, session: LessonSession, index: int = 0, drill: bool = False,
                 started: Drill | None = None) -> None:
        """`drill`: open on the next drill; `started`: open on this drill, already started."""
        super().__init__()
        self.session = session
        self.index = index
        self.drill = None
        self.game: Game | None = None
        self.opens_drill = drill
        self.started = started

    def compose(self) -> ComposeResult:
        with Horizontal(id="exercise-body"):
            yield Board(id="exercise-board")
            with VerticalScroll(id="exercise-side"):
                yield Static(id="exercise-heading")
                yield Static(id="exercise-prompt")
                yield Static(id="exercise-mode")
                yield CellPanel(id="exercise-cell")
                yield Static(id="exercise-feedback")
                yield Static(id="exercise-saved", classes="save-problem")
                yield Static(id="exercise-hint")
                yield Static(id="exercise-keys")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.started is not None:
            self.show_drill(self.started)
        elif self.opens_drill:
            self.action_drill()
        else:
            self.start_exercise(self.index)

    # --- opening positions --------------------------------------------------------------
    def start_exercise(self, index: int) -> None:
        self.index = index
        self.drill = None
        exercise = self.session.start_exercise(index)
        open_exercise.remember(self.app, self.session, index)
        # Said only of an answer from an earlier visit, not of the one just given.
        self.done_before = self.session.exercise_done(exercise)
        self.open_position(exercise.grid, exercise.position.stated_step)

    def action_drill(self) -> None:
        try:
            drill = self.session.start_drill()
        except (DrillError, StopIteration) as error:
            reason = str(error) or "every position has been given"
            if self.game is None:
                self.app.pop_screen()
            self.notify(f"No practice position: {reason}.", severity="warning")
            return
        self.show_drill(drill)

    def show_drill(self, drill: Drill) -> None:
        self.drill = drill
        open_exercise.remember(self.app, self.session, None)
        self.open_position(drill.grid, drill.step)

    def action_drill_file(self) -> None:
        if self.session.review:
            self.say("The review takes its positions from the techniques due; "
                     "practice from a file in a lesson.")
            return

        def chosen(started: FileDrill | None) -> None:
            if started is not None:
                # From now on d and ] give positions from the file too.
                self.session.leave()
                self.session = started.session
                self.show_drill(started.drill)

        self.app.push_screen(DrillFileScreen(self.session), chosen)

    def open_position(self, grid: Grid, expected: Step) -> None:
        self.game = Game(grid)
        empty = grid.empty_cells
        self.selected = empty[0] if empty else 0
        # Eliminations are answered by removing pencil marks, so that mode comes first.
        self.pencil = not expected.placements
        self.feedback = None
        self.marked: frozenset[int] = frozenset()
        # Unlike the game's, this ladder outlives the learner's changes: it is about the exercise.
        self.hints = HintLadder()
        self.solved = False
        self.note = ""
        self.refresh_views()

    # --- drawing -------------------------------------------------------------------------
    def refresh_views(self) -> None:
        # Cells and steps named on the exercise's board (a small board's lesson: 4x4, 6x6).
        with using(self.game.grid.geometry):
            self._refresh_views()

    def _refresh_views(self) -> None:
        hints = self.hints
        view = step_view(self.game.grid, self.selected, hints.shown_step, hints.level, self.marked)
        self.query_one(Board).view = view
        # The compact board shows no pencil marks: the selected cell's are listed here.
        self.query_one(CellPanel).show(view)
        self.query_one("#exercise-heading", Static).update(self.heading())
        self.query_one("#exercise-prompt", Static).update(self.prompt())
        self.query_one("#exercise-mode", Static).update(self.mode_line())
        panel = self.query_one("#exercise-feedback", Static)
        content = feedback_content(self.feedback)
        panel.display = content is not None
        panel.update(content or "")
        verdict = self.feedback.verdict if self.feedback else ""
        for name in (RIGHT, PARTLY, "wrong"):
            panel.set_class(verdict == name, f"-{name}")
        show_save_problem(self.query_one("#exercise-saved", Static), self.session)
        hint = self.query_one("#exercise-hint", Static)
        step = hints.shown_step
        hint_text = rungs_content(step, hints.level, position=hints.position) if step is not None else None
        hint.display = hint_text is not None
        hint.update(hint_text or "")
        self.query_one("#exercise-keys", Static).update(Content.from_markup(
            f"[dim]{self.next_keys()}[/dim]"))

    def heading(self) -> Content:
        lesson = self.session.lesson
        if self.session.review and self.drill is not None:
            due = len(self.session.due)
            return Content.from_markup(
                "[b]Review[/b] · $due technique$s due\n[dim]From $source[/dim]",
                due=str(due), s="" if due == 1 else "s", source=self.drill.source)
        if self.drill is not None:
            return Content.from_markup(
                "[b]Practice more[/b] · lesson $number, $names\n[dim]From $source[/dim]",
                number=lesson.label, names=lesson.technique_names, source=self.drill.source)
        exercise = lesson.exercises[self.index]
        done = "  ✓ answered right before" if self.done_before else ""
        return Content.from_markup(
            f"[b]Exercise $index of $count[/b] · lesson $number{done}\n[dim]From $source[/dim]",
            index=str(self.index + 1), count=str(len(lesson.exercises)),
            number=lesson.label, source=exercise.source)

    def prompt(self) -> Content:
        if self.drill is None:
            text = self.session.lesson.exercises[self.index].prompt
        elif self.session.review:
            text = ("A technique due for review comes next here: find the step and make it "
                    "(place its digit or remove what it rules out).")
        elif self.drill.technique == "backtracking":
            text = ("No technique applies. Test a cell with few candidates and place the digit "
                    "that survives.")
        else:
            name = in_sentence(technique_entry(self.drill.technique).name)
            action = "place its digit" if self.drill.step.placements else "remove what it rules out"
            text = f"Find the {name} here and {action}."
        return Content(text)

    def mode_line(self) -> Content:
        if self.pencil:
            mode = "[b reverse] PENCIL [/] digits remove or restore the candidate"
        else:
            mode = "[b reverse] DIGITS [/] digits fill the cell"
        note = "\n[b]» $note[/b]" if self.note else ""
        return Content.from_markup(f"{mode} (p switches){note}", note=self.note)

    def next_keys(self) -> str:
        if self.solved:
            more = ("enter or ]: next exercise" if self.drill is None
                    and self.index + 1 < len(self.session.lesson.exercises)
                    else "enter or ]: another practice position")
            return (f"{more} · d: practice more · D: practice from a file · "
                    "escape: back to the lesson")
        return "enter: check your answer · n: hint · r: start over · escape: back to the lesson"

    # --- the board ------------------------------------------------------------------------
    def changed(self) -> None:
        # The marks of the last check point at cells that may have changed since.
        self.marked = frozenset()
        self.note = ""
        self.refresh_views()

    def say(self, note: str) -> None:
        self.note = note
        self.refresh_views()

    def action_digit(self, digit: int) -> None:
        cell, game = self.selected, self.game
        board = game.grid.geometry
        if digit not in board.digits:
            self.say(f"The digits of this {board.name} board are {board.symbols[0]} to "
                     f"{board.symbols[-1]}.")
        elif game.grid.is_given(cell) or (self.pencil and game.grid.value(cell)):
            self.say(f"{board.cell_name(cell)} is filled; pick an empty cell.")
        elif self.pencil:
            if game.toggle_candidate(cell, digit):
                self.changed()
        elif game.enter(cell, digit):
            self.changed()

    def action_clear(self) -> None:
        if self.game.grid.is_given(self.selected):
            name = self.game.grid.geometry.cell_name(self.selected)
            self.say(f"{name} is a given; it cannot be cleared.")
        elif self.game.clear(self.selected):
            self.changed()

    def action_toggle_pencil(self) -> None:
        self.pencil = not self.pencil
        self.refresh_views()

    def action_whole_or_grid(self) -> None:
        """A Samurai's whole board, or the grid of the selected cell alone with its pencil marks
        (the whole board has no room for them)."""
        board = self.query_one(Board)
        shape = self.game.grid.geometry
        if not shape.is_samurai:
            self.say("Only a Samurai has several grids to show one at a time.")
            return
        board.follow(self.selected)
        board.whole = not board.whole
        grid = shape.grid_names[board.grid_in_focus]
        # The compact board (80x24) has no room for pencil marks, one grid or not.
        marks = "alone" if board.compact else "with its pencil marks"
        self.say(f"The {grid} grid {marks}; w shows the whole board."
                 if not board.whole else f"The whole board; w shows the {grid} grid {marks}.")

    def action_undo(self) -> None:
        if self.game.undo() is not None:
            self.changed()

    def action_redo(self) -> None:
        if self.game.redo() is not None:
            self.changed()

    def action_reset(self) -> None:
        while self.game.undo() is not None:
            pass
        # The verdict was on the answer just wiped out: it goes with it (the hints stay).
        self.feedback = None
        self.marked = frozenset()
        self.changed()

    # --- answers and hints ------------------------------------------------------------------
    def action_check(self) -> None:
        if self.solved:
            self.action_next()
            return
        feedback = self.session.answer(self.game.grid)
        self.feedback = feedback
        self.note = ""
        if feedback.step is not None:
            self.hints.take(feedback.step, self.start_position())
        self.solved = feedback.verdict == RIGHT
        if self.solved:
            self.hints.down()
        self.marked = frozenset(cell for cell, _, _ in feedback.wrong + feedback.missed)
        self.refresh_views()
        # On a small terminal the verdict may sit below the fold of the side panel.
        self.query_one("#exercise-feedback").scroll_visible(animate=False)

    def action_hint(self) -> None:
        if self.hints.step is None:
            self.hints.take(self.expected_step(), self.start_position())
        self.session.saw_hint(self.hints.climb())
        self.refresh_views()

    def start_position(self) -> Position:
        """The exercise's position, which its steps are found in (it came with its pencil marks)."""
        start = self.session.board
        assert start is not None  # an exercise or drill is open
        return Position(start.values, start.masks)

    def expected_step(self) -> Step:
        """The step to hint at before any answer: the engine's, with its pattern."""
        if self.drill is not None:
            return self.drill.step
        return self.session.lesson.exercises[self.index].position.engine_step()

    def action_next(self) -> None:
        if self.drill is None and self.index + 1 < len(self.session.lesson.exercises):
            self.start_exercise(self.index + 1)
        else:
            self.action_drill()

    def action_previous(self) -> None:
        if self.drill is None and self.index > 0:
            self.start_exercise(self.index - 1)

    def action_close(self) -> None:
        self.session.leave()
        open_exercise.forget(self.app)
        self.app.pop_screen()

    def on_unmount(self) -> None:
        # Quitting the app from an exercise still records an answered attempt.
        self.session.leave()
