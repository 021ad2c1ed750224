"""Lessons in the app, driven through the Pilot: the menu, paging, exercises and drills on the board."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from textual.widgets import Input, OptionList

import tutor
from tutor.app import run_lesson
from tutor.app.app import TutorApp
from tutor.app.board import Board
from tutor.app.game_screen import GameScreen
from tutor.app.learning.drill_file_screen import DrillFileScreen
from tutor.app.learning.exercise_screen import ExerciseScreen
from tutor.app.learning.lesson_app import LessonApp
from tutor.app.learning.lesson_screen import LessonScreen
from tutor.app.learning.menu_screen import REVIEW_ID, SUGGESTED_MARK, LessonMenuScreen
from tutor.model.geometry import SIZE, parse_cell_name
from tutor.learning import PARTLY, RIGHT, WRONG, Progress, load_lessons
from tutor.learning.drills import lesson_drills
from tutor.learning.progress import drill_attempt
from conftest import REPO, run_in_terminal, run_palette_command, until

LESSONS = load_lessons()
INTERSECTIONS = LESSONS[3]
BIG = (100, 40)
SMALL = (80, 24)
# Tricky 2 no. 1 after its first eight steps: the next step is a pointing pair in box 3.
POINTING = ("82....+1561.....+4.35.6.1.7.99...5...8..+8729..+5.5....+94+7......+8....12685.+4.8.."
            "4..7.")


@pytest.fixture(autouse=True)
def fresh_data_dir(data_dir):
    """Every test here gets its own empty data folder."""
    return data_dir


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def shown_keys(screen) -> set[str]:
    """The keys the footer shows for the screen (bindings shown and enabled)."""
    return {key for key, active in screen.active_bindings.items()
            if active.binding.show and active.enabled}


async def press_on_lesson(pilot, key: str):
    """Once the lesson screen is up, press `key` (e: exercises, d: practice more); the screen opened."""
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()
    return pilot.app.screen


async def go_to(pilot, cell: int) -> None:
    """Move the exercise board's selection to `cell` with the arrow keys, as a learner would."""
    row, col = divmod(cell, SIZE)
    here_row, here_col = divmod(pilot.app.screen.selected, SIZE)
    keys = (["down"] * (row - here_row) + ["up"] * (here_row - row)
            + ["right"] * (col - here_col) + ["left"] * (here_col - col))
    await pilot.press(*keys)
    assert pilot.app.screen.selected == cell


async def remove_candidates(pilot, changes) -> None:
    """In pencil mode, press the digit of each candidate to remove, in its cell."""
    assert pilot.app.screen.pencil, "elimination exercises open in pencil mode"
    for cell, digit in changes:
        await go_to(pilot, cell)
        await pilot.press(str(digit))


async def test_menu_from_the_game_key_and_the_palette(data_dir):
    # Lesson 0 done: the menu suggests lesson 1 and shows the progress kept so far.
    progress = Progress.load()
    for exercise in LESSONS[0].exercises:
        attempt = progress.attempt(LESSONS[0], exercise)
        attempt.answer(exercise.position.placements, exercise.position.eliminations)
    app = TutorApp(tutor.parse(POINTING), "pointing")
    async with app.run_test(size=BIG) as pilot:
        assert "t" in shown_keys(app.screen), "the lesson key is in the game's footer"
        await pilot.press("t")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, LessonMenuScreen)
        options = menu.query_one(OptionList)
        # The small boards' lessons (S1...) first, then the 9x9 ladder in number order (by
        # tier, 16 came after 7), each naming its tier, then the Samurai's (S4).
        small = [lesson.label for lesson in LESSONS if lesson.series and lesson.label != "S4"]
        first = len(small)  # where lesson 0 is listed
        assert options.option_count == len(LESSONS)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(len(LESSONS))]
        labels = [p.replace(SUGGESTED_MARK, " ").split()[0] for p in prompts]
        assert labels == small + [str(n) for n in range(len(LESSONS) - first - 1)] + ["S4"]
        assert prompts[first + 1].split()[0] == SUGGESTED_MARK, "lesson 1 marked"
        tiers = {n: p.split("\n")[1].split(" · ")[0].strip() for n, p in zip(labels, prompts)}
        assert (tiers["7"], tiers["8"], tiers["13"], tiers["14"], tiers["16"]) == (
            "The card's ladder", "Tough", "Extreme", "Diabolical", "The card's ladder")
        assert {tiers[label] for label in small} == {"Small boards"}
        assert options.highlighted == first + 1, "the suggested lesson is highlighted"
        assert "suggested: next on the ladder" in prompts[first + 1]
        assert "3/3 exercises" in prompts[first] and "done" in prompts[first]
        # Lesson 1 was never opened: lesson 0's naked singles are not its progress.
        assert "0/4 exercises" in prompts[first + 1] and "right first try" not in prompts[first + 1]
        # Lesson 0's exercises are naked singles: their attempts count for that technique.
        detail = text_of(menu, "#lesson-detail")
        assert "Naked single: mastered (last unaided " in detail
        assert "3 attempts, 3 right first try, 3 without a hint" in detail
        await pilot.press("down", "down")
        assert "Pointing: not practised yet" in text_of(menu, "#lesson-detail")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)

        await run_palette_command(pilot, "lessons", "Lessons")
        assert isinstance(app.screen, LessonMenuScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.session.lesson.id == LESSONS[1].id


async def test_paging_shows_each_page_with_its_highlights(data_dir):
    app = LessonApp("intersections", seed=1)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        assert [type(s) for s in app.screen_stack[-3:]] == [GameScreen, LessonMenuScreen, LessonScreen]
        pages = INTERSECTIONS.pages
        assert pages[0].title in text_of(screen, "#lesson-page")
        assert f"page 1/{len(pages)}" in text_of(screen, "#lesson-heading")
        assert not screen.query_one("#lesson-left").display, "a page without a board hides it"
        await pilot.press("right", "space", "l")
        page = pages[3]
        assert page.title in text_of(screen, "#lesson-page")
        board = screen.query_one(Board)
        assert screen.query_one("#lesson-left").display and not board.compact
        view = board.view
        assert view.grid == page.grid and view.selected is None
        assert view.pattern_cells == set(page.highlight.cells) and view.units == page.highlight.units
        await pilot.press("left")
        assert pages[2].title in text_of(screen, "#lesson-page")
        assert Progress.load().last_page(INTERSECTIONS) == 3, "the furthest page is saved"
        for _ in range(len(pages)):
            await pilot.press("right")
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen), "past the last page come the exercises"
        assert "Exercise 1 of 4" in text_of(app.screen, "#exercise-heading")
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, LessonMenuScreen)
        menu = app.screen
        assert menu.query_one(OptionList).get_option_at_index(
            menu.query_one(OptionList).highlighted).id == INTERSECTIONS.id, "back on the lesson just left"

    again = LessonApp("3")
    async with again.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert again.screen.session.page_index == len(pages) - 1, "the lesson resumes where it was"


async def test_an_exercise_answered_partly_wrong_then_right_on_the_board(data_dir):
    exercise = INTERSECTIONS.exercises[0]
    wanted = exercise.position.eliminations  # 2 from r5c8 and r6c8
    app = LessonApp("3", seed=1)
    async with app.run_test(size=BIG) as pilot:
        screen = await press_on_lesson(pilot, "e")
        assert isinstance(screen, ExerciseScreen) and "PENCIL" in text_of(screen, "#exercise-mode")
        assert exercise.prompt in text_of(screen, "#exercise-prompt")

        await remove_candidates(pilot, wanted[:1])
        await pilot.press("enter")
        assert screen.feedback.verdict == PARTLY
        feedback = text_of(screen, "#exercise-feedback")
        assert "Partly right" in feedback and "Missed: 2 from r6c8." in feedback
        assert parse_cell_name("r6c8") in screen.query_one(Board).view.problems

        await pilot.press("r")
        assert screen.game.grid == exercise.grid, "r starts the exercise over"
        assert screen.feedback is None and not screen.query_one("#exercise-feedback").display, \
            "the verdict on the answer wiped out goes with it"
        assert not screen.query_one(Board).view.problems
        await remove_candidates(pilot, [(parse_cell_name("r5c8"), 1)])
        await pilot.press("enter")
        assert screen.feedback.verdict == WRONG
        assert "Nothing here rules 1 out of r5c8" in text_of(screen, "#exercise-feedback")
        await pilot.press("n")
        assert "Hint 1/3" in text_of(screen, "#exercise-hint")
        await pilot.press("n", "n")
        assert "Result: r5c8<>2, r6c8<>2" in text_of(screen, "#exercise-hint")
        assert screen.query_one(Board).view.eliminations == set(wanted), "the 3rd rung shows it"

        await pilot.press("r")
        await remove_candidates(pilot, wanted)
        await pilot.press("enter")
        assert screen.feedback.verdict == RIGHT
        assert "✓ Right!" in text_of(screen, "#exercise-feedback")
        await pilot.press("enter")
        assert "Exercise 2 of 4" in text_of(screen, "#exercise-heading"), "enter moves on once right"

    progress = Progress.load()
    assert progress.solved_exercises(INTERSECTIONS) == {exercise.key}
    stats = progress.technique("pointing")
    assert (stats.attempts, stats.first_try, stats.solved) == (1, 0, 1)
    assert progress.attempts[0]["hint"] == 3, "the full hint was seen before the right answer"


async def test_a_hint_before_a_right_first_answer_is_not_unaided(data_dir):
    # Two presses of the hint key (nudge, pattern), then the right digit of lesson 1's first.
    (cell, digit), = LESSONS[1].exercises[0].position.placements
    async with LessonApp("naked_single", seed=1).run_test(size=BIG) as pilot:
        screen = await press_on_lesson(pilot, "e")
        await pilot.press("n", "n")
        await go_to(pilot, cell)
        await pilot.press(str(digit), "enter")
        assert screen.feedback.verdict == RIGHT
    progress = Progress.load()
    stats = progress.technique("naked_single")
    assert (stats.attempts, stats.first_try, stats.unaided) == (1, 1, 0)
    assert progress.attempts[0]["hint"] == 2


def naked_pair_due_today():
    """Lesson 4 (naked pairs), with a drill of it answered right yesterday: due for review today."""
    lesson = LESSONS[4]
    drill = next(lesson_drills(lesson, LESSONS, 9))
    yesterday = Progress.load(today=lambda: date.today() - timedelta(days=1))
    drill_attempt(yesterday, lesson, drill).answer(drill.step.placements, drill.step.eliminations)
    return lesson


async def test_the_review_drill_from_the_menu(data_dir):
    # A naked pair done right yesterday is due today: the menu offers the review first.
    naked_pair_due_today()
    app = TutorApp(tutor.parse(POINTING), "pointing")
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("t")
        await pilot.pause()
        menu = app.screen
        options = menu.query_one(OptionList)
        first = options.get_option_at_index(0)
        assert first.id == REVIEW_ID and "Review: 1 technique due" in str(first.prompt)
        assert "Naked pair" in str(first.prompt)
        options.highlighted = 0
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ExerciseScreen) and app.screen.drill)
        screen = app.screen
        assert "Review" in text_of(screen, "#exercise-heading")
        assert screen.drill.technique == "naked_pair"
        await remove_candidates(pilot, screen.drill.step.eliminations)
        await pilot.press("enter")
        assert screen.feedback.verdict == RIGHT
    progress = Progress.load()
    assert progress.attempts[-1]["source"] == "review"
    assert progress.due_techniques() == [], "reviewed: no longer due"


async def test_the_menu_shows_a_techniques_standing_at_80x24(data_dir):
    # The list scrolls; the highlighted lesson's techniques and their standing stay on screen.
    lesson = naked_pair_due_today()
    app = TutorApp(tutor.parse(POINTING), "pointing")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("t")
        await pilot.pause()
        menu = app.screen
        options = menu.query_one(OptionList)
        options.highlighted = next(i for i in range(options.option_count)
                                   if options.get_option_at_index(i).id == lesson.id)
        await pilot.pause()
        detail = menu.query_one("#lesson-detail")
        assert "Naked pair: due for review (last unaided " in text_of(menu, "#lesson-detail")
        assert detail.region.height >= 3 and detail.region.bottom <= SMALL[1] - 1


async def test_a_digit_right_first_try_at_80x24(data_dir):
    lesson = LESSONS[1]
    exercise = lesson.exercises[0]
    (cell, digit), = exercise.position.placements
    app = LessonApp("naked_single", seed=1)
    async with app.run_test(size=SMALL) as pilot:
        screen = await press_on_lesson(pilot, "e")
        assert screen.query_one(Board).compact, "the small terminal gets the compact board"
        assert not screen.pencil and "DIGITS" in text_of(screen, "#exercise-mode")
        await go_to(pilot, cell)
        assert "candidates" in text_of(screen, "#exercise-cell"), "the cell's marks are listed"
        await pilot.press(str(digit), "enter")
        assert screen.feedback.verdict == RIGHT
        assert screen.query_one("#exercise-feedback").region.bottom <= SMALL[1] - 1, "on screen"
        await pilot.press("escape")
        assert isinstance(app.screen, LessonScreen)
    stats = Progress.load().technique("naked_single")
    assert (stats.attempts, stats.first_try, stats.solved) == (1, 1, 1)


async def test_practice_more_gives_the_seeded_drill(data_dir):
    lesson = LESSONS[4]
    expected = next(lesson_drills(lesson, LESSONS, 9))
    app = LessonApp("4", seed=9)
    async with app.run_test(size=BIG) as pilot:
        screen = await press_on_lesson(pilot, "d")
        assert isinstance(screen, ExerciseScreen) and screen.drill is not None
        assert screen.game.grid == expected.grid
        assert "Practice more" in text_of(screen, "#exercise-heading")
        assert expected.source in text_of(screen, "#exercise-heading")
        await remove_candidates(pilot, expected.step.eliminations)
        await pilot.press("enter")
        assert screen.feedback.verdict == RIGHT
        await pilot.press("d")
        assert screen.drill is not None and screen.game.grid != expected.grid, "a fresh position"
    progress = Progress.load()
    assert progress.technique("naked_pair").first_try == 1
    assert not progress.solved_exercises(lesson), "drills do not count as the lesson's exercises"


async def test_lesson_0_exercises_lead_on_to_drills_without_a_crash(data_dir):
    # The last exercise of lesson 0, answered right; enter asks for another position: a drill.
    rules = LESSONS[0]
    last = rules.exercises[-1]
    (cell, digit), = last.position.placements
    app = LessonApp("0", seed=7)
    async with app.run_test(size=BIG) as pilot:
        screen = await press_on_lesson(pilot, "e")
        await pilot.press(*["right_square_bracket"] * (len(rules.exercises) - 1))
        assert f"Exercise {len(rules.exercises)} of" in text_of(screen, "#exercise-heading")
        await go_to(pilot, cell)
        await pilot.press(str(digit), "enter")
        assert screen.feedback.verdict == RIGHT
        assert "another practice position" in text_of(screen, "#exercise-keys")
        await pilot.press("enter")
        assert app.screen is screen and screen.drill is not None
        assert screen.drill.technique == "naked_single"
        assert "Practice more · lesson 0, Naked single" in text_of(screen, "#exercise-heading")
        await pilot.press("d")
        assert screen.drill is not None
    assert app.return_code in (None, 0)


async def test_practice_more_from_a_lesson_0_page(data_dir):
    app = LessonApp("0", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        screen = await press_on_lesson(pilot, "d")
        assert isinstance(screen, ExerciseScreen) and screen.drill is not None
        assert "lesson 0, Naked single" in text_of(screen, "#exercise-heading")


async def test_a_hint_links_to_the_lesson_on_its_technique():
    app = TutorApp(tutor.parse(POINTING), "pointing")
    async with app.run_test(size=BIG) as pilot:
        assert "L" not in shown_keys(app.screen)
        await pilot.press("L")
        assert isinstance(app.screen, GameScreen), "no hint shown: no link"
        await pilot.press("n")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game_screen.game.hint_step.technique == "pointing"
        assert "L" in shown_keys(app.screen), "the footer offers the lesson while a hint shows"
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.session.lesson.id == INTERSECTIONS.id
        await pilot.press("escape", "escape")
        assert app.screen is app.game_screen


def test_run_lesson_refuses_an_unknown_lesson(capsys):
    assert run_lesson("nine") == 2
    assert "no lesson 'nine'" in capsys.readouterr().err


def test_a_lesson_page_snapshot(snap_compare):
    """Lesson 3, page 4: the pointing pattern's cells and units marked on the full board."""
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("right", "right", "right")
        await pilot.pause()

    assert snap_compare(LessonApp("3", seed=1), terminal_size=BIG, run_before=run_before)


def test_tutor_lesson_opens_the_real_app_on_the_lesson(tmp_path):
    # The app's page heading (the text fallback would print "Page 1 of N" and exit).
    shows = f"page 1/{len(LESSONS[3].pages)}".encode()
    _, status = run_in_terminal(["lesson", "3"], tmp_path, shows, size=(100, 40))
    assert status == 0


def puzzle_file(folder, name: str = "mine.txt"):
    """A user's puzzle file: the first lines of the bundled level 4 collection, one puzzle a line."""
    lines = [line for line in (REPO / "puzzles" / "level-4.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    path = folder / name
    path.write_text("\n".join(lines[:6]) + "\n")
    return path


async def open_drill_file_dialog(pilot, path_text: str):
    """Press D and type the path, as a learner would; the dialog (still open or not) is returned."""
    await pilot.press("D")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, DrillFileScreen)
    await pilot.press(*path_text)
    await pilot.press("enter")
    await pilot.pause()
    return dialog


async def test_practice_from_a_file_drills_on_its_positions(data_dir, tmp_path):
    lesson = LESSONS[4]
    assert lesson.techniques == ("naked_pair",)
    path = puzzle_file(tmp_path)
    expected = next(lesson_drills(lesson, LESSONS, 9, path))
    app = LessonApp("4", seed=9)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert "D" in shown_keys(app.screen), "the lesson's footer offers the file drill"
        await open_drill_file_dialog(pilot, str(path))
        screen = app.screen
        assert isinstance(screen, ExerciseScreen) and screen.drill is not None
        assert screen.game.grid == expected.grid
        assert tutor.next_step(screen.game.grid).technique == "naked_pair"
        assert f"{path.name}, line" in text_of(screen, "#exercise-heading"), "from the user's file"
        await remove_candidates(pilot, expected.step.eliminations)
        await pilot.press("enter")
        assert screen.feedback.verdict == RIGHT
        await pilot.press("d")
        assert screen.drill.source.startswith(path.name), "d goes on drilling from the file"
        assert tutor.next_step(screen.game.grid).technique == "naked_pair"
    assert Progress.load().technique("naked_pair").first_try == 1


async def test_practice_from_a_file_from_an_exercise_with_a_tilde_path(data_dir, tmp_path,
                                                                       monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = puzzle_file(tmp_path, "home.txt")
    app = LessonApp("4", seed=3)
    async with app.run_test(size=BIG) as pilot:
        screen = await press_on_lesson(pilot, "e")
        assert isinstance(screen, ExerciseScreen) and screen.drill is None
        await open_drill_file_dialog(pilot, "~/home.txt")
        assert app.screen is screen and screen.drill is not None
        assert screen.drill.source.startswith("home.txt, line")
        assert tutor.next_step(screen.game.grid).technique == "naked_pair"
        assert screen.session.drill_file == path


async def test_practice_from_a_missing_file_says_so_in_the_dialog(data_dir, tmp_path):
    missing = str(tmp_path / "nowhere.txt")
    app = LessonApp("4", seed=9)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        lesson_screen = app.screen
        dialog = await open_drill_file_dialog(pilot, missing)
        assert app.screen is dialog, "the dialog stays open"
        error = text_of(dialog, "#drill-file-error")
        assert error.startswith("✗ cannot read") and "nowhere.txt" in error
        assert dialog.query_one(Input).value == missing, "the text is kept for fixing"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is lesson_screen


async def test_practice_from_a_file_without_the_technique_says_so(data_dir, tmp_path):
    # Lesson 0's puzzles need nothing past singles: no naked pair anywhere in them.
    path = tmp_path / "easy.txt"
    path.write_text(LESSONS[0].exercises[0].grid.restart().to_line() + "\n")
    app = LessonApp("4", seed=9)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        dialog = await open_drill_file_dialog(pilot, str(path))
        assert app.screen is dialog
        assert "no position in 1 puzzles needs naked_pair next" in text_of(dialog, "#drill-file-error")


async def test_the_exercise_footer_fits_at_80x24_with_the_file_key(data_dir):
    app = LessonApp("4", seed=1)
    async with app.run_test(size=SMALL) as pilot:
        screen = await press_on_lesson(pilot, "e")
        footer = screen._compositor.render_strips()[-1].text  # the footer's row as drawn
        for label in ("p Pencil", "⏎ Check", "n Hint", "d Practice more", "D From file", "esc Back"):
            assert f" {label} " in f" {footer} ", f"{label!r} is cut off in {footer!r}"
        await pilot.press("D")
        await pilot.pause()
        assert isinstance(app.screen, DrillFileScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.drill is None, "cancelled: the exercise stays"
