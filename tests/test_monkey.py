"""The monkey test (bench/monkey.py) in a short run, and a regression test for each crash it found."""

from __future__ import annotations

import asyncio

import pytest
from textual.screen import Screen

import tutor
from bench import monkey
from conftest import until
from tutor.app.app import SAVE_NAME, TutorApp
from tutor.app.game_screen import GameScreen
from tutor.app.learning.menu_screen import LessonMenuScreen
from tutor.app.palette import Palette
from tutor.app.screens.resume_screen import ResumeScreen
from tutor.play.game import load_save

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EVERY_SCREEN = {"GameScreen", "PasteScreen", "CollectionScreen", "LevelScreen", "EditorScreen",
                "VisualiserScreen", "LessonMenuScreen", "LessonScreen", "ExerciseScreen",
                "HelpScreen", "Palette"}


def easy_app() -> TutorApp:
    return TutorApp(tutor.parse(EASY), "easy")


async def test_a_short_monkey_run_finds_nothing(data_dir):
    report = await monkey.run(events=1200, seed=18, data=data_dir)
    assert report.problems == [], "\n\n".join(report.problems)
    assert report.events >= 1200
    assert EVERY_SCREEN <= set(report.screens), f"screens reached: {report.screens}"
    assert not monkey.check_saves(data_dir)


async def open_palette(pilot) -> Palette:
    await pilot.press("ctrl+p")
    palette = pilot.app.screen
    assert isinstance(palette, Palette)
    return palette


# --- crashes the monkey found --------------------------------------------------------------------
async def test_page_keys_in_the_palette_before_its_list_is_drawn(data_dir):
    # Typed as fast as a terminal sends them: page down came before the matches were laid out,
    # and Textual's OptionList raised KeyError, ending the app.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        for key in ("ctrl+p", "h", "pagedown", "pageup", "end", "home"):
            await monkey.press(pilot, key)
        await pilot.pause()
        assert isinstance(app.screen, Palette)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_a_palette_search_still_to_run_when_the_palette_closes(data_dir):
    # A letter typed just before escape starts a search that runs after the palette is gone;
    # it looked for the palette's list and failed.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        await pilot.press("escape")
        palette._gather_commands("lesson")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_click_on_a_lesson_right_after_q(data_dir):
    # The click came in after q: the lesson's screen was built while the app took its screens
    # down, found none of its widgets, and the quit ended in a traceback.
    app = easy_app()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("4", "t")
        assert isinstance(app.screen, LessonMenuScreen)
        options = app.screen.query_one("OptionList")
        await monkey.press(pilot, "q")
        await monkey.click(pilot, options.region.x + 3, options.region.y + 1)
        await pilot.pause()
    assert app.return_code == 0
    assert load_save(data_dir / SAVE_NAME).index == 1


class Faulty(Screen):
    """A screen with a bug: it fails as it opens."""

    def on_mount(self) -> None:
        raise RuntimeError("a bug")


async def test_the_crash_handler_saves_the_game_and_names_its_log(data_dir):
    app = easy_app()
    with pytest.raises(RuntimeError, match="a bug"):
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("4")
            app.game_screen.game.enter(app.game_screen.game.grid.empty_cells[0], 7)  # not saved yet
            app.push_screen(Faulty())
            await pilot.pause()
    assert app.return_code == 1
    assert load_save(data_dir / SAVE_NAME).index == 2, "the game is saved before the app ends"
    (log,) = data_dir.glob("crash-*.log")
    assert "RuntimeError: a bug" in log.read_text()
    note = str(app._exit_renderables[0]) if app._exit_renderables else ""
    assert not note or (str(log) in note and "Your game was saved" in note)


@pytest.mark.parametrize("opener", ["v", "t", "question_mark", "b", "e", "o"])
async def test_closing_a_screen_twice_never_closes_the_game(data_dir, opener):
    # Two escapes faster than the screen closes: the second, handled by the closing screen,
    # popped the game screen too and left a blank screen with no game.
    app = easy_app()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press(opener)
        screen = app.screen
        assert screen is not app.game_screen
        action = "close" if hasattr(screen, "action_close") else "dismiss"
        screen.call_later(screen.run_action, action)
        screen.call_later(screen.run_action, action)
        await pilot.pause()
        assert app.screen is app.game_screen
        await pilot.press("4")
        assert app.game_screen.game.index == 1


async def test_the_palette_opened_again_while_the_last_one_closes(data_dir):
    # ctrl+p, escape, ctrl+p as fast as a terminal sends them: the closed palette was off the stack
    # but not yet out of the app, and the new one, under the same id, raised DuplicateIds.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        closing = await open_palette(pilot)
        await monkey.press(pilot, "escape")
        while closing in app.screen_stack:
            await asyncio.sleep(0)
        assert closing in app._nodes, "off the stack, still in the app: the moment of the race"
        app.action_command_palette()  # what ctrl+p runs, at that moment
        await pilot.pause()
        assert isinstance(app.screen, Palette)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_q_twice_says_only_that_the_game_is_saved(data_dir, capsys):
    # The second q, handled while the app was closing, added a second exit message, and Textual
    # printed "NOTE: 1 of 2 errors shown" under the first as if the app had failed.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        for key in ("4", "q", "q"):
            await monkey.press(pilot, key)
        await pilot.pause()
    assert app.return_code == 0
    out, err = capsys.readouterr()
    said = " ".join((out + err).split())
    assert said.count("is saved in") == 1 and "NOTE" not in said and "error" not in said


async def test_no_matches_line_due_while_the_palette_closes(data_dir):
    # A search that found nothing puts "No matches found" in the list half a second later; when
    # the palette was closing by then (its list already taken down), that ended the app.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        palette = await open_palette(pilot)
        await palette.query_one("CommandList").remove()  # as the palette is while it closes
        palette._NO_MATCHES_COUNTDOWN = 0.001
        palette._start_no_matches_countdown("zzzz")
        timer = palette._no_matches_timer
        await until(pilot, lambda: timer._task is None or timer._task.done())
        await pilot.pause()
        assert app.screen is palette and app.return_code is None


async def test_the_resume_dialog_answered_from_under_the_palette(data_dir):
    # n (new game) reached the resume dialog just after ctrl+p had opened the palette over it: the
    # answer was taken but the dialog stayed, and the next key answered again (InvalidStateError).
    first = easy_app()
    async with first.run_test(size=(100, 40)) as pilot:
        await pilot.press("4")
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        app.action_command_palette()
        await pilot.pause()
        palette = app.screen
        for answer in ("choose(False)", "choose(True)"):  # the keys n and r, queued for the dialog
            resume.call_later(resume.run_action, answer)
        await until(pilot, lambda: resume not in app.screen_stack)
        await pilot.pause()
        assert app.screen is palette
        await pilot.press("escape")
        assert app.screen is app.game_screen
        assert app.game_screen.game.index == 0, "the first answer counts: a new game"


KEYS_AFTER_Q = ("4", "q", "e", "right")
"""q, then keys typed before the app has handled it (the editor's key and an arrow)."""


async def test_keys_queued_behind_q_end_the_session_cleanly(data_dir):
    # The long run stopped once on ScreenStackError "No screens on stack": the monkey left
    # run_test as soon as the app had quit, which shuts the app down at once, while keys sent
    # behind the q were still queued; the app handled them with its screens taken down. The
    # monkey now lets the app's loop end first, as a terminal run does (next test).
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        for key in KEYS_AFTER_Q:
            await monkey.press(pilot, key)
        await monkey.end_session(pilot)
    assert app.return_code == 0
    assert load_save(data_dir / SAVE_NAME).index == 1


async def test_keys_queued_behind_q_in_a_terminal_run(data_dir):
    # The same keys in a run as in a terminal (App.run, headless): no error, so it was never the
    # app's bug.
    app = easy_app()

    async def typist(pilot) -> None:
        for key in KEYS_AFTER_Q:
            await monkey.press(pilot, key)

    await app.run_async(headless=True, size=(100, 40), auto_pilot=typist)
    assert app.return_code == 0 and app._exception is None
    assert load_save(data_dir / SAVE_NAME).index == 1


async def test_a_puzzle_picked_from_under_the_palette(data_dir):
    # The same race in the bundled-puzzle picker: enter twice, queued for its list, after ctrl+p.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("b")
        picker = app.screen
        options = picker.query_one("OptionList")
        picked = picker.by_id[options.get_option_at_index(options.highlighted).id]
        app.action_command_palette()
        await pilot.pause()
        for _ in range(2):
            options.call_later(options.action_select)
        await until(pilot, lambda: picker not in app.screen_stack)
        await pilot.press("escape")
        assert app.screen is app.game_screen
        assert app.game_screen.game.puzzle == picked.grid


async def test_a_search_ending_while_the_palette_closes(data_dir):
    # A search that ended as the palette closed hid its busy indicator and showed its list after
    # the palette's widgets were gone: NoMatches ended the app.
    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        palette = await open_palette(pilot)
        for part in ("CommandList", "LoadingIndicator", "#--input"):
            await palette.query_one(part).remove()  # as the palette is while it closes
        palette._show_busy = True
        palette._list_visible = not palette._list_visible
        await pilot.pause()
        palette._show_busy = False
        await pilot.pause()
        assert app.screen is palette and app.return_code is None


async def test_a_page_key_that_reaches_a_closing_lesson(data_dir):
    # escape and then → typed fast: the arrow, queued for the lesson, turned the page after the
    # lesson's widgets were gone (NoMatches ended the app).
    app = easy_app()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("t", "enter")
        lesson = app.screen
        assert type(lesson).__name__ == "LessonScreen"
        page = lesson.session.page_index
        await pilot.press("escape")
        assert isinstance(app.screen, LessonMenuScreen)
        lesson.action_next_page()  # what the queued arrow runs
        lesson.action_previous_page()
        await pilot.pause()
        assert isinstance(app.screen, LessonMenuScreen) and lesson.session.page_index == page


async def test_a_page_key_that_reaches_a_lesson_before_it_is_drawn(data_dir):
    # t, a click on a lesson, then → typed fast: the page key (a priority key, taken by the app
    # at once) reached the lesson pushed but not yet built, and found no board (NoMatches).
    from tutor.app.learning.lesson_screen import LessonScreen
    from tutor.learning import LessonSession, Progress, load_lessons

    lessons = load_lessons()
    app = easy_app()
    async with app.run_test(size=(110, 40)) as pilot:
        lesson = LessonScreen(LessonSession(lessons[3], lessons, Progress.load()))
        app.push_screen(lesson)
        assert not lesson.is_mounted, "the moment of the race"
        lesson.action_next_page()  # what the queued → runs
        lesson.action_next_page()
        lesson.action_previous_page()
        await pilot.pause()
        assert app.screen is lesson and lesson.session.page_index == 1
        assert "page 2/" in str(lesson.query_one("#lesson-heading").render()), "the page shown"
        await pilot.press("right")
        assert lesson.session.page_index == 2


async def test_ctrl_s_that_reaches_the_paste_dialog_before_it_is_drawn(data_dir):
    # o and ctrl+s typed fast: ctrl+s (a priority key) reached the dialog before its text box
    # was built (NoMatches).
    from tutor.app.screens.paste_screen import PasteScreen

    app = easy_app()
    async with app.run_test(size=(100, 40)) as pilot:
        paste = PasteScreen(EASY)
        app.push_screen(paste)
        assert not paste.is_mounted
        paste.action_accept()  # what the queued ctrl+s runs
        await pilot.pause()
        assert app.screen is app.game_screen, "the text given to the dialog was loaded"
        assert app.game_screen.game.puzzle == tutor.parse(EASY)


def a_lesson(app):
    from tutor.app.learning.lesson_screen import LessonScreen
    from tutor.learning import LessonSession, Progress, load_lessons

    lessons = load_lessons()
    app.push_screen(LessonScreen(LessonSession(lessons[3], lessons, Progress.load())))


def an_exercise(app):
    from tutor.app.learning.exercise_screen import ExerciseScreen
    from tutor.learning import LessonSession, Progress, load_lessons

    lessons = load_lessons()
    app.push_screen(ExerciseScreen(LessonSession(lessons[3], lessons, Progress.load()), 0))


GAME_OPENERS = ("lessons", "help", "paste", "browse", "new_puzzle", "editor", "visualiser")


@pytest.mark.parametrize("open_screen", [
    a_lesson, an_exercise,
    *(lambda app, a=action: getattr(app.game_screen, f"action_{a}")() for action in GAME_OPENERS)],
    ids=["lesson", "exercise", *GAME_OPENERS])
async def test_a_screen_closed_before_it_is_built(data_dir, open_screen):
    # The long run (seed 18, event 32,184) ended on NoMatches in a lesson's on_mount: the lesson
    # was taken off the stack while it was still being built, so on_mount found none of its
    # widgets. A screen closed before it is built is simply gone; the app goes on.
    app = easy_app()
    async with app.run_test(size=(110, 40)) as pilot:
        open_screen(app)
        opened = app.screen
        assert opened is not app.game_screen and not opened.is_mounted, "the moment of the race"
        app.pop_screen()
        await pilot.pause()
        assert app.screen is app.game_screen and app.return_code is None
        await pilot.press("4")
        assert app.game_screen.game.index == 1


async def test_a_press_on_a_widget_taken_out_before_the_screen_is_redrawn(data_dir):
    # The monkey's AttributeError ('NoneType' object has no attribute 'region', seed 18 at event
    # 59,406): a press landed on a widget already removed but still in the screen's map until
    # its next refresh, and Textual started a text selection in its missing parent.
    from textual.events import MouseDown
    from textual.widgets import Static

    app = easy_app()
    async with app.run_test(size=(110, 44)) as pilot:
        status = app.game_screen.query_one(Static)
        x, y = status.region.x, status.region.y
        await status.remove()
        assert status.parent is None
        assert app.screen.get_widget_and_offset_at(x, y)[0] is status, "not redrawn yet"
        app.post_message(MouseDown(app.screen, x, y, 0, 0, 1, False, False, False,
                                   screen_x=x, screen_y=y))
        await pilot.pause()
        assert app.is_running and app.screen is app.game_screen
        await pilot.click(offset=(x, y))  # once redrawn, presses go on as usual
        assert app.is_running


async def test_a_click_on_a_palette_line_whose_option_went_before_it_was_handled(data_dir):
    # The monkey's IndexError in OptionList._on_click (seed 26 at event 68,338): a click is
    # stamped with the option under it when it reaches the list, and handled later; the palette's
    # search had cleared the list in between, so the option it named was gone.
    from rich.style import Style
    from textual.command import CommandList
    from textual.events import Click

    app = easy_app()
    async with app.run_test(size=(110, 44)) as pilot:
        palette = await open_palette(pilot)
        await pilot.press("h", "i", "n")
        command_list = palette.query_one(CommandList)
        await until(pilot, lambda: command_list.option_count > 0)
        gone = command_list.option_count + 3
        x, y = command_list.region.x + 2, command_list.region.y
        command_list.post_message(Click(command_list, 2, 0, 0, 0, 1, False, False, False,
                                        screen_x=x, screen_y=y, style=Style(meta={"option": gone})))
        await pilot.pause()
        assert app.is_running and app.screen is palette
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.game_screen)
