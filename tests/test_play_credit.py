"""Steps the learner makes in a game count toward lesson progress, with the hints seen for them."""

from __future__ import annotations

import tutor
from tutor.app.app import TutorApp
from tutor.engine import next_step
from tutor.learning import Progress
from tutor.play.game import Credit, Game
from conftest import until

# Tricky 2 no. 1 after its first eight steps: the next step is a pointing pair in box 3.
POINTING = ("82....+1561.....+4.35.6.1.7.99...5...8..+8729..+5.5....+94+7......+8....12685.+4.8.."
            "4..7.")
BIG = (100, 40)


def test_a_move_of_the_engines_step_is_credited_once_with_the_hints_seen():
    game = Game(tutor.parse(POINTING))
    step = next_step(game.grid)
    assert step.technique == "pointing" and len(step.eliminations) >= 2
    first, second = [(c, d, "<>") for c, d in step.eliminations[:2]]
    game.take_hint(game.grid, step)
    for _ in range(3):
        game.advance_hint()
    game.toggle_candidate(first[0], first[1])
    assert game.credit(first, step) == Credit("pointing", 3)
    # The step's other eliminations are the same step: no second credit.
    assert game.credit(second, next_step(game.grid)) is None


def test_a_move_that_is_not_the_engines_step_earns_nothing():
    game = Game(tutor.parse(POINTING))
    step = next_step(game.grid)
    cell = game.grid.empty_cells[0]
    digit = min(game.grid.candidates(cell))
    move = (cell, digit, "<>")
    assert move not in [(c, d, "<>") for c, d in step.eliminations]
    assert game.credit(move, step) is None
    assert game.credit(move, None) is None


async def remove(pilot, cell: int, digit: int) -> None:
    screen = pilot.app.screen
    if not screen.pencil:
        await pilot.press("p")
    screen.selected = cell
    await pilot.press(str(digit))


async def play_first_elimination(hints: int) -> dict:
    """In the game, press the hint key `hints` times, then make the first elimination of the
    engine's step by hand; the attempt recorded."""
    grid = tutor.parse(POINTING)
    (cell, digit), *_ = next_step(grid).eliminations
    app = TutorApp(grid, "pointing")
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        for _ in range(hints):
            await pilot.press("n")
            await until(pilot, lambda: not app.screen.pending)
        assert app.screen.game.hint_level == hints
        await remove(pilot, cell, digit)
        await until(pilot, lambda: Progress.load().attempts)
    record, = Progress.load().attempts
    return record


async def test_steps_made_in_the_game_are_recorded_as_play(data_dir):
    record = await play_first_elimination(hints=0)
    assert (record["technique"], record["source"], record["hint"]) == ("pointing", "play", 0)
    assert Progress.load().technique("pointing").unaided == 1


async def test_a_step_made_after_the_full_hint_is_not_unaided(data_dir):
    record = await play_first_elimination(hints=3)
    assert (record["technique"], record["hint"]) == ("pointing", 3)
    assert Progress.load().technique("pointing").unaided == 0
