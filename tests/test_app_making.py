"""Making puzzles in the app, driven through the Pilot: new puzzle by level, the editor, the visualiser."""

from __future__ import annotations

import re

import pytest

import tutor
from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.game_screen import GameScreen
from tutor.app.making.draft import DRAFT_NAME
from tutor.app.making.editor_screen import EditorScreen
from tutor.app.making.generating_screen import GeneratingScreen
from tutor.app.making.level_screen import LevelScreen, Request
from tutor.app.making.name_screen import NameScreen
from tutor.app.making.visualiser_screen import SPEEDS, START_SPEED, VisualiserScreen, near_worst_case
from tutor.generator import LevelRange, generate_needing, generate_one
from tutor.learning import Progress
from tutor.generator.editor import MY_PUZZLES
from tutor.generator.search_trace import STRATEGIES, SideBySide
from tutor.generator.transforms import is_symmetric
from tutor.model.geometry import SIZE, parse_cell_name
from conftest import run_palette_command, settle, until

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
BIG = (100, 40)
COUNTERS = re.compile(r"steps ([\d,]+)\s+guesses ([\d,]+)\s+backtracks ([\d,]+)")


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    """Every test here gets its own empty data folder."""
    return data_dir


def easy_app() -> TutorApp:
    return TutorApp(tutor.parse(EASY), "easy")


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def wait_for(pilot, condition) -> None:
    """Wait for a state (see conftest.until), never for a time."""
    await until(pilot, condition)


async def hold_the_clock(pilot, screen: VisualiserScreen) -> None:
    """Stop the visualiser's timer: from here on the test moves the searches by explicit ticks
    ('.' or screen.tick(), what the timer calls), so how fast the machine is never matters."""
    await until(pilot, lambda: hasattr(screen, "timer"))
    screen.timer.pause()


# --- new puzzle ----------------------------------------------------------------------------------
async def test_new_puzzle_at_a_level_from_a_seed_becomes_the_game():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, LevelScreen)
        await pilot.press(*"1-2", "tab", *"7", "enter")
        # The game screen shows for a moment between the two dialogs: wait for the new game.
        await wait_for(pilot, lambda: "seed 7" in app.game_screen.game.name)
        assert isinstance(app.screen, GameScreen)
        game = app.game_screen.game
        expected = generate_one(LevelRange.parse("1-2"), 7)
        assert game.puzzle == expected.grid, "the seed makes the same puzzle again"
        assert tutor.count_solutions(game.puzzle) == 1
        assert tutor.grade(game.puzzle).level in LevelRange(1, 2)
        assert "seed 7" in game.name and game.index == 0
        hint = text(app.game_screen, "#hint")
        assert "New puzzle: level" in hint and "seed 7" in hint
        await pilot.press("g")
        assert app.screen.query_one("#level-text").value == "1-2", "the last level is offered again"


async def test_symmetric_fiendish_puzzle_from_the_dialog():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("g", *"5.5", "tab", *"11", "tab", "space", "enter")
        await wait_for(pilot, lambda: "seed 11" in app.game_screen.game.name)
        assert isinstance(app.screen, GameScreen)
        puzzle = app.game_screen.game.puzzle
        assert is_symmetric(puzzle.values)
        assert puzzle == generate_one(LevelRange(5.5, 5.5), 11, symmetric=True).grid
        assert tutor.grade(puzzle).level == 5.5
        assert "(symmetric)" in text(app.game_screen, "#hint")


async def test_new_puzzle_needing_a_technique_from_the_dialog():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        # The level left empty; the seed, past the symmetry box, the technique.
        await pilot.press("g", "tab", *"5", "tab", "tab", *"hidden_pair", "enter")
        await wait_for(pilot, lambda: "needing Hidden pair" in app.game_screen.game.name)
        puzzle = app.game_screen.game.puzzle
        assert puzzle == generate_needing("hidden_pair", 5).grid, "the seed makes it again"
        assert tutor.grade(puzzle).techniques.get("hidden_pair")
        assert "needs Hidden pair (" in text(app.game_screen, "#hint")
        await pilot.press("g")
        assert app.screen.query_one("#needs-text").value == "hidden_pair", "offered again"


async def test_an_unknown_technique_is_named_inline():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("g", "tab", "tab", "tab", *"xwing", "enter")
        assert isinstance(app.screen, LevelScreen)
        assert "unknown technique 'xwing'; valid ids: naked_single" in text(app.screen, "#level-error")


async def test_a_puzzle_for_my_weakest_technique():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("g")
        await pilot.click("#weakest")
        assert "No technique practised yet" in text(app.screen, "#level-error")
        await pilot.press("escape")
        progress = Progress.load()
        progress.record_play("naked_pair")
        progress.record_play("hidden_pair", hint=3)  # needed the full hint
        await pilot.press("g")
        await pilot.click("#weakest")
        await wait_for(pilot, lambda: "needing Hidden pair" in app.game_screen.game.name)
        assert tutor.grade(app.game_screen.game.puzzle).techniques.get("hidden_pair")


def never_found() -> GeneratingScreen:
    """A generation that runs until cancelled: symmetric level 5.5 is never dug, and without
    puzzle collections there is no seed puzzle to vary."""
    return GeneratingScreen(Request(LevelRange(5.5, 5.5), 1, symmetric=True), collections=())


async def test_cancel_during_generation_keeps_the_game():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        before = app.game_screen.game.puzzle
        screen = never_found()
        app.push_screen(screen, lambda made: app.game_screen.play_generated(made, True))
        await wait_for(pilot, lambda: screen.attempts >= 2)
        assert re.search(r"attempt \d+", text(screen, "#generating-progress"))
        await pilot.press("down", "n")  # keys reach the dialog: the UI is not frozen
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert screen.cancel_event.is_set()
        await settle(pilot)
        assert not any(w.is_running for w in app.workers), "the generating thread stopped"
        assert app.game_screen.game.puzzle == before
        assert "cancelled" in text(app.game_screen, "#hint")


async def test_quitting_mid_generation_stops_the_worker():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        screen = never_found()
        app.push_screen(screen)
        await wait_for(pilot, lambda: screen.attempts >= 1)
        assert not screen.cancel_event.is_set()
    assert screen.cancel_event.is_set(), "the app's exit does not wait for thousands of attempts"


async def test_generation_that_finds_nothing_says_so():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        request = Request(LevelRange(5.5, 5.5), 1, symmetric=True)
        screen = GeneratingScreen(request, max_attempts=3)
        app.push_screen(screen, lambda made: app.game_screen.play_generated(made, True))
        await settle(pilot)
        assert app.screen is screen, "the reason stays on screen until closed"
        shown = text(screen, "#generating-progress")
        assert "found in 3 attempts" in shown and "leave symmetric off" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and app.game_screen.game.name == "easy"


@pytest.mark.parametrize("typed, message", [
    ("7", "7 is not a level"),
    ("3-1", "runs backwards"),
    ("hard", "'hard' is not a level"),
])
async def test_invalid_level_text_is_named_inline(typed, message):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("g", *typed, "enter")
        assert isinstance(app.screen, LevelScreen), "the dialog stays open for a fix"
        assert message in text(app.screen, "#level-error")
        assert app.screen.query_one("#level-text").value == typed
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert app.game_screen.game.name == "easy"


# --- editor --------------------------------------------------------------------------------------
async def type_puzzle(pilot, line: str) -> None:
    """Enter a puzzle's givens from r1c1 with digits and arrows, row by row, turning at each end."""
    for row in range(SIZE):
        cols = range(SIZE) if row % 2 == 0 else range(SIZE - 1, -1, -1)
        step = "right" if row % 2 == 0 else "left"
        for index, col in enumerate(cols):
            digit = line[row * SIZE + col]
            if digit not in "0.":
                await pilot.press(digit)
            if index < SIZE - 1:
                await pilot.press(step)
        await pilot.press("down")


async def test_editor_marks_conflicts_and_refuses_improper_puzzles(data_dir):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("e")
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        board = editor.query_one(Board)
        assert not board.view.grid.givens, "the editor starts on an empty board"
        await pilot.press("5", "right", "5")
        await settle(pilot)
        r1c1, r1c2 = parse_cell_name("r1c1"), parse_cell_name("r1c2")
        assert board.view.problems == {r1c1, r1c2}
        assert "two 5s in row 1" in text(editor, "#editor-check")
        assert "2 givens" in text(editor, "#editor-state")
        await pilot.press("s")
        assert isinstance(app.screen, EditorScreen), "no name is asked for an improper puzzle"
        assert "Not saved" in text(editor, "#editor-message")
        await pilot.press("p")
        assert isinstance(app.screen, EditorScreen)
        assert "Not played" in text(editor, "#editor-message")
        await pilot.press("backspace")
        await settle(pilot)
        assert not board.view.problems and "1 given" in text(editor, "#editor-state")
        check = text(editor, "#editor-check")
        assert "several solutions" in check and "fewer than 17 givens can never be unique" in check
        await pilot.press("u")
        await settle(pilot)
        assert board.view.problems == {r1c1, r1c2}, "undo brings the conflict back"
        await pilot.press("s")
        assert not (data_dir / MY_PUZZLES).exists()


async def test_editor_saves_a_proper_puzzle_and_plays_it(data_dir):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("escape")  # leave the game as it is
        await pilot.press("e")
        editor = app.screen
        await type_puzzle(pilot, EASY)
        await settle(pilot)
        puzzle = tutor.parse(EASY)
        assert editor.puzzle == puzzle.as_puzzle()
        givens = len(puzzle.givens)
        assert f"exactly one solution: a proper puzzle with {givens} givens" in text(editor, "#editor-check")
        await pilot.press("s")
        assert isinstance(app.screen, NameScreen)
        await pilot.press("enter")
        assert "needs a name" in text(app.screen, "#name-error"), "an empty name is refused inline"
        await pilot.press(*"First try", "enter")
        assert isinstance(app.screen, EditorScreen)
        saved = (data_dir / MY_PUZZLES).read_text(encoding="utf-8").splitlines()
        assert saved == [f"{puzzle.to_line()} # First try; made in the editor"]
        assert "line 1" in text(editor, "#editor-message")
        await pilot.press("s", *"Again", "enter")
        assert "already in" in text(app.screen, "#name-error"), "the same puzzle is not saved twice"
        await pilot.press("escape", "p")
        assert isinstance(app.screen, GameScreen)
        game = app.game_screen.game
        assert game.puzzle == puzzle.as_puzzle() and game.name == "First try" and game.index == 0
        await pilot.press("s")
        await settle(pilot)
        assert game.index == 1, "the composed puzzle is playable"


async def test_editor_starts_from_the_games_givens_to_vary_them():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("e", "G")
        editor = app.screen
        await settle(pilot)
        puzzle = tutor.parse(EASY)
        assert editor.values == puzzle.values
        assert "copied" in text(editor, "#editor-message")
        assert f"{len(puzzle.givens)} givens" in text(editor, "#editor-state")
        assert "exactly one solution" in text(editor, "#editor-check")
        await pilot.press("right", "right", "delete")  # r1c3, a given
        await settle(pilot)
        assert editor.values[parse_cell_name("r1c3")] == 0
        await pilot.press("u", "u")
        await settle(pilot)
        assert not any(editor.values), "undo goes back to the board before the copy"


async def test_the_editor_grades_a_proper_puzzle_live_and_drops_a_stale_grade():
    hard = next(c for c in tutor.model.bundled.collections() if c.level == 6).puzzles()[4]
    app = TutorApp(hard.grid, hard.name)
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("e", "G")
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        await wait_for(pilot, lambda: editor.result is not None)
        assert editor.result.is_proper
        # The check and the start of the grade happen in one handler, so this is the grade's state.
        if editor.puzzle_grade is None:
            assert editor.grading == hard.grid.values
            assert "grading…" in text(editor, "#editor-check")
        # A given more, typed while the first grade may still run: the keys are taken at once.
        solution = tutor.grade(hard.grid).solution
        cell = hard.grid.empty_cells[0]
        editor.selected = cell
        await pilot.press(str(solution.value(cell)))
        changed = editor.values
        assert changed[cell] == solution.value(cell) and changed != hard.grid.values
        await wait_for(pilot, lambda: editor.puzzle_grade is not None and editor.grading is None)
        expected = tutor.grade(tutor.Grid(changed))
        assert editor.values == changed
        assert editor.puzzle_grade.level == expected.level and editor.puzzle_grade.rating == expected.rating
        shown = text(editor, "#editor-check")
        hardest = tutor.engine.technique(expected.hardest).name
        assert f"level {expected.level:g} ({expected.band})" in shown
        assert f"rating {expected.rating:g} ({hardest})" in shown
        await pilot.press("X")  # an empty board: many solutions, no grade
        await wait_for(pilot, lambda: editor.result is not None)
        assert "Grade" not in text(editor, "#editor-check")
        assert "grading" not in text(editor, "#editor-check")


async def test_editor_draft_survives_leaving(data_dir):
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("e", "down", "7", "escape")
        assert isinstance(app.screen, GameScreen)
        assert (data_dir / DRAFT_NAME).exists()
        await pilot.press("e")
        await settle(pilot)
        assert app.screen.values[parse_cell_name("r2c1")] == 7
        assert "draft is back" in text(app.screen, "#editor-message")


async def test_a_broken_draft_is_moved_aside(data_dir):
    (data_dir / DRAFT_NAME).write_text('{"version": 1, "puzzle": "12"}', encoding="utf-8")
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("e")
        await settle(pilot)
        assert not any(app.screen.values)
        kept = list(data_dir.glob(f"{DRAFT_NAME}.corrupt-*"))
        assert len(kept) == 1
        assert any(str(kept[0]) in n.message for n in app._notifications)


# --- search visualiser ---------------------------------------------------------------------------
def shown_counters(screen, name: str) -> tuple[int, int, int]:
    found = COUNTERS.search(text(screen, f"#counters-{name}"))
    return tuple(int(n.replace(",", "")) for n in found.groups())


def model_counters(screen, name: str) -> tuple[int, int, int]:
    search = screen.search.searches[name]
    return search.steps, search.guesses, search.backtracks


async def test_the_timer_drives_the_visualiser():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("v")
        screen = app.screen
        assert isinstance(screen, VisualiserScreen) and screen.state == "running"
        await wait_for(pilot, lambda: screen.ticks >= 2)  # a state, however slow the machine
        await pilot.press("space")
        assert screen.state == "paused"
        ticks, steps = screen.ticks, model_counters(screen, "cell_order")
        screen.tick()  # what the timer calls: a paused search does not move
        assert screen.ticks == ticks and model_counters(screen, "cell_order") == steps


async def test_visualiser_counters_are_the_models_after_each_tick():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("v")
        screen = app.screen
        assert isinstance(screen, VisualiserScreen)
        await hold_the_clock(pilot, screen)
        await pilot.press("r")  # a fresh start, moved by explicit ticks only
        assert screen.ticks == 0 and model_counters(screen, "cell_order") == (0, 0, 0)
        screen.tick()
        screen.tick()
        assert screen.ticks == 2 and screen.state == "running"
        await pilot.press("space")
        assert screen.state == "paused"
        screen.tick()
        assert screen.ticks == 2, "a paused search does not move"
        await pilot.press(*["full_stop"] * 3)
        assert screen.ticks == 5
        reference = SideBySide(screen.puzzle)
        for _ in range(screen.ticks):
            reference.advance(START_SPEED)
        for name in STRATEGIES:
            assert shown_counters(screen, name) == model_counters(screen, name)
            expected = reference.searches[name]
            assert model_counters(screen, name) == (expected.steps, expected.guesses,
                                                    expected.backtracks)
        # The two searches differ on the board as in the counters.
        plain = screen.query_one("#board-cell_order", Board).view
        assert plain.grid.values == tuple(screen.search.searches["cell_order"].values)


async def test_visualiser_search_gives_up_at_the_step_limit():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        worst = near_worst_case()
        screen = VisualiserScreen(worst.grid, worst.name, step_limit=3000)
        app.push_screen(screen)
        await hold_the_clock(pilot, screen)
        await pilot.press(*["plus"] * 5)
        while screen.state != "finished":
            await pilot.press("full_stop")
        plain = screen.search.searches["cell_order"]
        assert plain.outcome == "limit" and plain.steps == 3000
        assert "step limit reached" in text(screen, "#counters-cell_order")
        assert "solved" in text(screen, "#counters-propagation")
        assert "Plain: cells in order gave up at the step limit (3,000 steps)" in text(
            screen, "#visual-message")
        await pilot.press("r")
        again = screen.search.searches["cell_order"]
        assert again is not plain and again.outcome is None and again.steps == 0, "r starts again"
        assert screen.state == "running"


async def test_visualiser_speed_stop_and_the_near_worst_case():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("v")
        screen = app.screen
        await hold_the_clock(pilot, screen)
        await pilot.press("w", "space")
        assert screen.puzzle == near_worst_case().grid and screen.state == "paused"
        assert model_counters(screen, "cell_order") == (0, 0, 0)
        assert "Near worst case" in text(screen, "#visual-title")
        await pilot.press("plus", "plus")
        faster = SPEEDS[SPEEDS.index(START_SPEED) + 2]
        assert screen.speed == faster and f"{faster:,} steps a tick" in text(screen, "#visual-title")
        await pilot.press("full_stop")
        assert screen.search.searches["cell_order"].steps == faster
        await pilot.press("minus")
        assert screen.speed == SPEEDS[SPEEDS.index(faster) - 1]
        while screen.search.searches["propagation"].outcome != "solved":
            await pilot.press("full_stop")
        propagation = screen.search.searches["propagation"]
        plain = screen.search.searches["cell_order"]
        assert propagation.guesses == 0, "singles alone solve it"
        solved = screen.query_one("#board-propagation", Board).view.grid
        assert solved.values == tutor.solve(screen.puzzle).values and "solved" in text(
            screen, "#counters-propagation")
        assert plain.outcome is None and plain.steps > propagation.steps, "cell order is still at it"
        await pilot.press("x")
        assert screen.state == "stopped"
        stopped = model_counters(screen, "cell_order")
        screen.tick()
        await pilot.press("full_stop", "space")
        assert model_counters(screen, "cell_order") == stopped, "stopped means stopped"
        assert "r starts them again" in text(screen, "#visual-message")
        assert shown_counters(screen, "cell_order") == stopped
        assert "stopped" in text(screen, "#visual-title")
        await pilot.press("w")
        assert screen.puzzle == app.game_screen.game.puzzle, "w switches back to the game's puzzle"
        await pilot.press("w", "r")
        assert screen.state == "running" and screen.puzzle == near_worst_case().grid
        assert model_counters(screen, "cell_order") == (0, 0, 0), "a fresh search"
        screen.tick()
        assert screen.search.searches["cell_order"].steps == screen.speed
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_making_commands_are_in_the_palette():
    app = easy_app()
    async with app.run_test(size=BIG) as pilot:
        titles = {command.title for command in app.get_system_commands(app.game_screen)}
        assert {"New puzzle", "Puzzle editor", "Search visualiser"} <= titles
        await run_palette_command(pilot, "puzzle editor", "Puzzle editor")
        assert isinstance(app.screen, EditorScreen)
