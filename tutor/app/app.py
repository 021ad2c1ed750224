"""The Textual app: starts on a puzzle or offers to resume the saved game, and autosaves every change."""

from __future__ import annotations

import gc
import os
import time
import traceback
from pathlib import Path

from textual._context import active_message_pump
from textual.app import App, ScreenStackError, SystemCommand
from textual.await_complete import AwaitComplete
from textual.command import SimpleProvider
from textual.theme import ThemeProvider
from textual.css.query import NoMatches
from textual.events import Event, MouseDown, Resize
from textual.worker import WorkerFailed
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import NoScreen, Widget

from tutor.play.game import Credit, Game, load_save, save_game
from tutor.model.grid import Grid
from tutor.model.bundled import default_puzzle
from tutor.model.errors import FolderError, NewerVersion
from tutor.model.storage import Unreadable, data_dir
from tutor.app.commands import COMMANDS
from tutor.app.data_lock import FolderLock, refusal
from tutor.app.game_screen import GameScreen
from tutor.app.palette import Palette
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.web.served import served_code, served_greeting
from tutor.model.words import counted

def _screen_of(widget: Widget) -> Screen | None:
    """The screen a widget is in, or None once it has left it."""
    try:
        return widget.screen
    except NoScreen:
        return None


def folder_problem(error: OSError) -> str:
    """What keeps the data folder from use, said once: a FolderError names the folder itself."""
    if isinstance(error, FolderError):
        text = str(error)
        return text[:1].upper() + text[1:]
    return f"The data folder cannot be used ({error})"


# What is imported by now (Textual, Rich, the engine) lives as long as the process: frozen out of
# the collector's reach, the full collections the first frame's allocations set off stop walking
# it (about a third of the start-up after the imports, on the first frame alone).
gc.freeze()

SAVE_NAME = "game.json"
PREVIOUS_NAME = "game-previous.json"


class TutorApp(App):
    """The sudoku tutor. `puzzle` is a Grid to open; None offers the saved game, else the default."""

    CSS_PATH = "app.tcss"
    TITLE = "Sudoku tutor"

    def __init__(self, puzzle: Grid | None = None, name: str = "", save_dir: Path | None = None,
                 notice: str = ""):
        super().__init__()
        self.start_puzzle = puzzle
        self.start_notice = notice
        """Said in the hint panel at the start, unless a save's problem is (why a puzzle given
        was not opened)."""
        self.start_name = name
        self.save_dir = save_dir
        self.keep_previous = False
        self.save_failed = False
        self.saves_stopped = False
        self.game_unsaved = False
        """The game on screen is not on disk (its last save failed, or saves are stopped): the
        status line says NOT SAVED."""
        """True when game.json must not be written over (it could not be read, nor moved aside,
        or a newer version wrote it): the game is played on without saving."""
        self.sized: Size | None = None
        self.folder_lock: FolderLock | None = None

    def on_resize(self, event: Resize) -> None:
        # The terminal's size comes twice at start (the app's own, then the driver's), and Textual
        # keeps a repeat to send on to the screen on top at the next idle: by then the game
        # screen, laid out again from scratch for nothing, after its first frame. A size the app
        # already has changes nothing; only a new one goes on to Textual's handler.
        if event.size == self.sized:
            event.prevent_default()
        self.sized = event.size

    async def on_event(self, event: Event) -> None:
        if isinstance(event, MouseDown) and self.pressed_on_a_removed_widget(event):
            return  # Textual would start a text selection there and fail on the missing parent
        await super().on_event(event)

    def pressed_on_a_removed_widget(self, event: MouseDown) -> bool:
        """A press on a widget already taken out of the screen (a footer key being rebuilt, a
        dialog closing), which the screen's map still shows until its next refresh."""
        try:
            widget, _ = self.screen.get_widget_and_offset_at(event.x, event.y)
        except ScreenStackError:  # no screen yet, or none left: Textual's own handler decides
            return False
        return widget is not None and not isinstance(widget, Screen) and widget.parent is None

    @property
    def save_path(self) -> Path:
        return (self.save_dir or data_dir()) / SAVE_NAME

    def take_data_folder(self) -> bool:
        """Lock the data folder for this app; False (and the app ends saying why) when another
        app has it. Two apps on one folder would each save over the other's game."""
        try:
            folder = self.save_dir or data_dir()
            self.folder_lock = self.folder_lock or FolderLock(folder)
            if self.folder_lock.acquire():
                return True
        except OSError:
            return True  # a folder that cannot be written: loading and saving say so, and save nothing
        self.exit(return_code=1, message=refusal(folder, self.folder_lock.holder()))
        return False

    def on_unmount(self) -> None:
        if self.folder_lock is not None:
            self.folder_lock.release()

    def on_mount(self) -> None:
        if not self.take_data_folder():
            return
        saved = None
        notice = self.start_notice
        try:
            path = self.save_path
            if self.start_puzzle is None:
                saved = load_save(path)
            # A save that is not resumed is kept as game-previous.json at the first new change.
            self.keep_previous = path.exists()
        except Unreadable as error:
            if error.kept_at is None:
                why = f" ({error.not_moved})" if error.not_moved else ""
                notice = self.stop_saves(
                    f"The saved game could not be read ({error.reason}), nor moved aside{why}: "
                    f"it is left as it is in {error.path}.")
            else:
                notice = (f"The saved game was unreadable ({error.reason}); it was kept as "
                          f"{error.kept_at}. Starting a new game.")
                self.notify(notice, title="Save moved aside", severity="warning", timeout=15)
        except NewerVersion as error:
            notice = self.stop_saves(f"The saved game {error.path} was written by a newer version "
                                     f"of the tutor (save format {error.version}; this one reads "
                                     f"up to {error.known}): it is left as it is.")
        except OSError as error:
            self.game_unsaved = True
            self.report_save_problem(f"{folder_problem(error)}; this game will not be saved.")
        reopening = self.exercise_to_reopen()
        if saved is not None and reopening is not None:
            # A reload of the page in an exercise: the saved game as it was, under the exercise.
            fresh, saved, self.keep_previous = saved, None, False
            notice = notice or "Resumed the saved game."
        else:
            fresh = self.fresh_game()
        self.game_screen = GameScreen(fresh, save_game=self.autosave, previous=self,
                                      record_play=self.record_play)
        if notice:
            # Kept in the hint panel until the next message, not only in a toast that fades.
            self.game_screen.message = notice
        self.push_screen(self.game_screen)
        if saved is not None:
            self.push_screen(ResumeScreen(saved, fresh.name or "a new puzzle"),
                             lambda resume: self.resume(saved) if resume else None)
        if reopening is not None:
            from tutor.app.learning.reopen import reopen_exercise  # lazy: only after a reload

            self.call_later(reopen_exercise, self, reopening)
        greeting = served_greeting()
        if greeting:
            self.notify(greeting, title="In a browser", timeout=20)

    def exercise_to_reopen(self):
        """The lesson exercise a served learner had open (their page was reloaded), or None.
        Not for an app opened on a puzzle (a link's), nor outside a browser."""
        if self.start_puzzle is not None or served_code() is None:
            return None
        from tutor.app.learning.open_exercise import recorded  # lazy: served apps only

        return recorded(self)

    def pop_screen(self):
        # Keys come in faster than screens close: a second escape, handled by a screen already
        # closing, used to pop the screen under it too, down to the game and then a blank screen.
        # Only the screen on top (or something in it) closes a screen.
        #
        # A screen still on the stack but covered closes from under the one on top: a key it was
        # sent just before ctrl+p opened the palette over it. Refused, its dismiss had already
        # given its answer (the resume dialog resumed the game) and a second key answered again,
        # which ended the app (InvalidStateError).
        asking = active_message_pump.get(None)
        if isinstance(asking, Widget) and not isinstance(asking, App):
            screen = asking if isinstance(asking, Screen) else _screen_of(asking)
            if screen is not self.screen:
                if screen is not None and screen in self._screen_stack[1:]:
                    return self.close_covered(screen)
                return AwaitComplete()
        return super().pop_screen()

    def close_covered(self, screen: Screen) -> AwaitComplete:
        """Close `screen`, which another screen covers, leaving the one on top in place."""
        self._screen_stack.remove(screen)
        screen._pop_result_callback()
        return AwaitComplete(self._replace_screen(screen)).call_next(self)

    # --- the crash handler --------------------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """Textual's handler for an exception nothing caught: the app ends. The game is saved
        first, the traceback goes to a log file in the data folder, and the terminal shows only
        where both are (tests still see the exception, as Textual re-raises it for them)."""
        cause = error.error if isinstance(error, WorkerFailed) else error
        closing = self.return_code == 0 or self.closed_screen_running()
        if isinstance(cause, NoMatches) and closing:
            # Code of a screen already closed: one closed while it was still being built (a
            # lesson opened by a click and closed by the next key, or by the app quitting after
            # q) finds none of its widgets as it mounts. It is gone and held nothing yet.
            return
        note = self.write_crash_report(error)
        super()._handle_exception(error)
        self._exit_renderables.insert(0, note)  # printed instead of Textual's traceback

    def closed_screen_running(self) -> bool:
        """Whether the code running is a screen's that is off the stack (closed, its widgets
        gone or never built)."""
        running = active_message_pump.get(None)
        if not isinstance(running, Widget) or isinstance(running, App):
            return False
        screen = running if isinstance(running, Screen) else _screen_of(running)
        return screen is not None and screen not in self._screen_stack

    def write_crash_report(self, error: BaseException) -> str:
        """Save the game and write the traceback to crash-<time>.log; the message saying so."""
        saved = "The game could not be saved."
        screen = getattr(self, "game_screen", None)
        if screen is not None and getattr(screen, "game", None) is not None:
            self.autosave(screen.game)
            if not self.save_failed:
                saved = f"Your game was saved in {self.save_path}."
        try:
            log = (self.save_dir or data_dir()) / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
            log.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
            details = f"The details are in {log}; please report them."
        except OSError as problem:
            details = f"The details could not be written ({problem}): {error!r}"
        return f"sudoku-tutor stopped on an unexpected error (a bug). {saved} {details}"

    def action_quit(self) -> None:
        """Quit; an unfinished game is saved (after every change), and the terminal says so."""
        if self.return_code is not None:
            # Quitting already (q pressed twice fast): a second message would make Textual add
            # "NOTE: 1 of 2 errors shown" under the first, as if something had gone wrong.
            return
        screen = getattr(self, "game_screen", None)
        game = screen.game if screen is not None else None
        if game is not None and game.index and not game.is_solved and not self.save_failed:
            self.exit(message=f"Your game ({game.name or 'your puzzle'}, "
                              f"{counted(len(game.grid.empty_cells), 'cell')} to go) "
                              f"is saved in {self.save_path}; tutor offers to resume it.")
        else:
            self.exit()

    def stop_saves(self, why: str) -> str:
        """Play on without ever writing game.json (see `saves_stopped`); the notice saying so."""
        self.saves_stopped = self.game_unsaved = True
        self.keep_previous = False  # the file there is not a game to keep as the previous one
        notice = f"{why} This game is not saved, so that file is not written over."
        self.report_save_problem(notice)
        return notice

    def report_save_problem(self, message: str) -> None:
        """Tell the user once; the game goes on without saving."""
        if not self.save_failed:
            self.notify(message, title="Not saved", severity="error", timeout=15)
        self.save_failed = True

    def fresh_game(self) -> Game:
        if self.start_puzzle is not None:
            return Game(self.start_puzzle, self.start_name or "Your puzzle")
        try:
            puzzle = default_puzzle()
        except (FileNotFoundError, ValueError) as error:
            self.notify(f"No bundled puzzle could be opened ({error}); press o to paste one.",
                        severity="error", timeout=15)
            return Game(Grid.empty(), "Empty board")
        return Game(puzzle.grid, puzzle.name)

    def resume(self, saved: Game) -> None:
        self.keep_previous = False
        self.game_screen.set_game(saved)
        self.game_screen.message = "Resumed the saved game."
        self.game_screen.refresh_views()
        self.game_screen.grade_if_solved()

    def autosave(self, game: Game) -> None:
        """Called after every change; a failing disk is reported once, never fatal."""
        if self.saves_stopped:
            return
        was_unsaved = self.game_unsaved
        try:
            path = self.save_path
            if self.keep_previous and path.exists():
                os.replace(path, path.with_name(PREVIOUS_NAME))
            self.keep_previous = False
            save_game(game, path)
        except OSError as error:
            self.game_unsaved = True
            self.report_save_problem(f"Could not save the game: {error}")
        else:
            self.game_unsaved = False
        if self.game_unsaved != was_unsaved:
            # The screen was drawn before this save: its status line says NOT SAVED (or no
            # longer) at once, not at the next change.
            self.game_screen.refresh_views()

    def record_play(self, credit: Credit) -> None:
        """A step the learner made in the game counts toward its technique's mastery (lessons)."""
        # lazy: the lessons' progress loads with the first step made, not with the first frame
        from tutor.learning.progress import FILE_NAME as PROGRESS_NAME, Progress

        try:
            progress = Progress.load((self.save_dir or data_dir()) / PROGRESS_NAME)
            if progress.notice:
                self.notify(f"{progress.notice}.",
                            title="Progress file problem", severity="warning", timeout=15)
            progress.record_play(credit.technique, credit.hint)
        except OSError as error:
            self.report_save_problem(f"Could not record lesson progress: {error}")

    # --- the previous game: a replaced game is kept, and can be brought back -----------------
    @property
    def previous_path(self) -> Path:
        return (self.save_dir or data_dir()) / PREVIOUS_NAME

    def keep_previous_game(self, game: Game) -> bool:
        """Keep a game being replaced as game-previous.json; False (and said once) if it cannot be."""
        try:
            save_game(game, self.previous_path)
        except OSError as error:
            self.report_save_problem(f"Could not keep the previous game: {error}")
            return False
        return True

    def take_previous_game(self) -> Game | None:
        """The previous game, or None if there is none (an unreadable one is moved aside and said).

        A saved game declined at start-up still sits in game.json until the first change: that
        one is the previous game then.
        """
        try:
            path = self.save_path if self.keep_previous else self.previous_path
            game = load_save(path)
        except (Unreadable, NewerVersion) as error:
            self.notify(f"The previous game cannot be brought back: {error}.",
                        title="Previous game", severity="warning", timeout=30)
            return None
        except OSError as error:
            self.report_save_problem(f"{folder_problem(error)}.")
            return None
        if game is not None:
            self.keep_previous = False
        return game

    # Textual's palettes (commands, and the theme picker it offers in them) open as Palette.
    def action_command_palette(self) -> None:
        # No id (Textual gives its palette one, used by nothing): a palette just closed is off the
        # stack but still in the app for a moment, and a second one under the same id raised
        # DuplicateIds when ctrl+p came that fast.
        if self.use_command_palette and not Palette.is_open(self):
            self.push_screen(Palette())

    def search_commands(self, commands, placeholder: str = "Search for commands…"):
        return self.push_screen(Palette(providers=[SimpleProvider(self.screen, commands)],
                                        placeholder=placeholder))

    def search_themes(self) -> None:
        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def get_system_commands(self, screen: Screen):
        # Of Textual's own commands, the theme and quit. Its "Keys" panel listed each digit key
        # as "1-9 Digit" (the help, ?, lists the keys once each, with the board's legend);
        # "Maximize" blew up one panel over the board; "Screenshot" wrote SVG files into
        # whatever folder the tutor was started in (the server's, when served).
        wanted = {"Theme", "Quit"}
        yield from (command for command in super().get_system_commands(screen)
                    if command.title in wanted)
        if isinstance(screen, GameScreen):
            for command in COMMANDS:
                yield SystemCommand(command.title, command.help,
                                    lambda action=command.action: self.call_later(self.run_action, action, screen))
