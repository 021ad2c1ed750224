"""Samurai generation: the solver of several grids, full grids, puzzles unique and at the level
asked, deterministic for a seed, `tutor generate --samurai` and its refusals, the bundled ones."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import tutor
from tutor.cli.main import main
from tutor.engine import ladder_level
from tutor.generator import transforms
from tutor.generator.digging import dig
from tutor.generator.fullgrid import random_full_grid
from tutor.generator.generate import LevelRange, box_fills, generate, generate_one
from tutor.model.bundled import board_folder, collections_of, other_boards
from tutor.model.formats import parse, read_puzzles
from tutor.model.geometry import CLASSIC, samurai
from tutor.model.grid import Grid
from tutor.solvers.backtracking import _PlainSearch, solve_values


@pytest.fixture(scope="module")
def board():
    return samurai()


def _is_solved(values, board) -> bool:
    return all(sorted(values[c] for c in unit) == list(board.digits) for unit in board.units)


def test_random_full_grids_are_solved_samurai_and_follow_the_seed(board):
    first = random_full_grid(random.Random(5), board)
    assert len(first) == 369 and _is_solved(first, board)
    assert random_full_grid(random.Random(5), board) == first
    assert random_full_grid(random.Random(6), board) != first


def test_the_solver_of_several_grids_counts_as_a_plain_search_does(board):
    # Random givens of random full grids, some with a wrong digit: none, one and several
    # solutions all met, each count and solution the same as the plain search over all cells.
    rng = random.Random(29)
    counts = Counter()
    for case in range(45):
        values = list(random_full_grid(rng, board))
        for cell in rng.sample(board.cells, rng.randrange(60, 250)):
            values[cell] = 0
        if case % 3 == 0:
            values[rng.choice([c for c in board.cells if values[c]])] = rng.randrange(1, 10)
        plain = _PlainSearch(board, 2)
        plain.start(values)
        count, solution = solve_values(values, board)
        assert count == plain.count, case
        counts[count] += 1
        if count:
            assert _is_solved(solution, board)
            assert all(solution[c] == v for c, v in enumerate(values) if v)
        if count == 1:
            assert solution == plain.first
    assert set(counts) == {0, 1, 2}, counts


# --- generation ----------------------------------------------------------------------------------


def _card_level(grid) -> float:
    """The grade's level, cheaply: the card's ladder's when it finishes, else 6 (by definition)."""
    level = ladder_level(grid, "card")
    return 6.0 if level is None else level


@pytest.mark.parametrize("level, seed", [("0", 3), ("1", 4)])
def test_a_generated_samurai_is_unique_at_its_level_and_made_again_by_its_seed(board, level, seed):
    made = generate_one(level, seed, geometry=board, max_attempts=20)
    grid = made.grid
    assert grid.geometry is board and tutor.count_solutions(grid) == 1
    assert made.grade.level in LevelRange.parse(level)
    assert tutor.grade(parse(grid.to_grid_lines(), board)).level == made.grade.level
    assert generate_one(level, seed, geometry=board, max_attempts=20).grid == grid


@pytest.mark.parametrize("level", ["3.5", "4", "4.5", "5", "5.5"])
def test_a_samurai_above_level_3_is_built_around_a_classic_corner_grid(board, level):
    made = generate_one(level, 1, geometry=board, max_attempts=20)
    assert tutor.count_solutions(made.grid) == 1
    assert tutor.grade(parse(made.grid.to_grid_lines(), board)).level == float(level)
    # The method names the corner grid and the bundled classic puzzle it was varied from; that
    # grid's 81 cells are a proper classic puzzle at the level asked.
    name, source = re.fullmatch(r"(\S+) grid varied from (.+), the other grids dug",
                                made.method).groups()
    assert name in ("top-left", "top-right", "bottom-left", "bottom-right")
    assert any(puzzle.name == source for collection in collections_of(CLASSIC)
               for puzzle in collection.puzzles())
    corner = Grid([made.grid.values[c] for c in board.grids[board.grid_names.index(name)]])
    assert tutor.count_solutions(corner) == 1 and tutor.grade(corner).level == float(level)
    assert generate_one(level, 1, geometry=board, max_attempts=20).grid == made.grid


def test_a_range_from_level_3_is_still_dug(board):
    # As the bundled level-3 file asks it (3-3.5): its seeds make the puzzles they made before.
    made = generate_one("3-3.5", 2, geometry=board, max_attempts=5)
    assert made.method == "dug" and made.grade.level == 3
    assert tutor.count_solutions(made.grid) == 1


def test_a_box_filled_before_the_hard_step_given_at_once_leaves_the_level(board):
    # What the centre grid can tell a corner grid's shared box: its digits, given at once.
    checked = 0
    for collection in collections_of(CLASSIC):
        if collection.level not in (3, 4, 5):
            continue
        for puzzle in collection.puzzles()[:6]:
            result = tutor.grade(puzzle.grid)
            full_at, hard = box_fills(puzzle.grid.values, result)
            assert result.steps[hard].technique in ("naked_triple", "hidden_pair",
                                                     "hidden_triple")
            for box in (b for b, at in enumerate(full_at) if at < hard):
                values = list(puzzle.grid.values)
                for c in CLASSIC.boxes[box]:
                    values[c] = result.solution_values[c]
                assert tutor.grade(Grid(values)).level == result.level, (puzzle.name, box)
                checked += 1
    assert checked >= 5


@pytest.mark.slow
def test_a_symmetric_samurai_above_level_3_is_dug_and_climbed(board):
    # A corner grid's half turn is another corner grid: symmetric givens are dug, and one grid
    # dug again until the level is reached (seed 1 at level 4: about 7 s).
    made = generate_one("4", 1, True, geometry=board, max_attempts=5)
    values = made.grid.values
    assert made.method == "dug" and made.grade.level == 4
    assert all(bool(values[c]) == bool(values[-1 - c]) for c in board.cells)
    assert tutor.count_solutions(made.grid) == 1


def test_a_samurai_full_grid_is_filled_around_a_solved_corner_grid(board):
    corner = random_full_grid(random.Random(3))
    start = [0] * board.cell_count
    for i, c in enumerate(board.grids[4]):
        start[c] = corner[i]
    values = random_full_grid(random.Random(4), board, start)
    assert _is_solved(values, board) and [values[c] for c in board.grids[4]] == list(corner)
    assert random_full_grid(random.Random(4), board, start) == values


def test_a_full_grid_start_that_cannot_be_filled_is_refused(board):
    # The top-right grid's box 7 repeats the top-left grid's box 9: rows of the centre grid
    # would hold a digit twice.
    corner = random_full_grid(random.Random(3))
    swapped = transforms.permute_stacks((2, 1, 0)).values(corner)
    start = [0] * board.cell_count
    for grid, values in ((0, corner), (1, swapped)):
        for i, c in enumerate(board.grids[grid]):
            start[c] = values[i]
    with pytest.raises(ValueError, match="centre grid cannot be filled"):
        random_full_grid(random.Random(4), board, start)
    with pytest.raises(ValueError, match="a board of several grids"):
        random_full_grid(random.Random(4), CLASSIC, corner)


def test_dig_never_removes_the_cells_fixed(board):
    solution = random_full_grid(random.Random(5), board)
    fixed = board.grids[0]
    values = dig(solution, random.Random(6), geometry=board, fixed=fixed)
    assert all(values[c] == solution[c] for c in fixed)
    assert tutor.count_solutions(Grid(values, geometry=board)) == 1
    assert sum(1 for v in values if v) < board.cell_count - 150


def test_a_symmetric_samurai_keeps_its_givens_under_a_half_turn(board):
    made = generate_one("0.5", 2, True, geometry=board, max_attempts=20)
    values = made.grid.values
    assert all(bool(values[c]) == bool(values[-1 - c]) for c in board.cells)
    assert tutor.count_solutions(made.grid) == 1 and made.grade.level == 0.5


def test_consecutive_seeds_give_different_samurai(board):
    first, second = generate("0", 2, seed=8, geometry=board, max_attempts=20)
    assert first.grid != second.grid and (first.seed, second.seed) == (8, 9)


def test_the_line_is_a_comment_naming_board_and_level_then_five_grid_lines(board):
    made = generate_one("0", 5, geometry=board, max_attempts=20)
    comment, *grids = made.line.split("\n")
    assert comment.startswith("# level 0 (") and comment.endswith("; seed 5; Samurai board")
    assert len(grids) == 5 and all(len(line) == 81 for line in grids)
    assert parse(made.line, board) == made.grid


def tutor_generate(*argv) -> int:
    return main(["generate", *argv])


def test_cli_prints_samurai_that_read_back(board, capsys):
    assert tutor_generate("--samurai", "--level", "0.5", "--seed", "3", "--count", "2") == 0
    out = capsys.readouterr().out
    puzzles = list(read_puzzles(out, None))
    assert len(puzzles) == 2 and "\n\n" in out  # a blank line between two
    for (_, text), seed in zip(puzzles, (3, 4)):
        assert f"seed {seed}; Samurai board" in text.splitlines()[0]
        grid = parse(text, None)
        assert grid.geometry is board and tutor.count_solutions(grid) == 1
        assert _card_level(grid) == 0.5


def test_cli_appends_samurai_to_a_file_that_reads_back(board, tmp_path, capsys):
    out = tmp_path / "samurai.txt"
    assert tutor_generate("--samurai", "--level", "0", "--seed", "1", "--out", str(out)) == 0
    assert tutor_generate("--samurai", "--level", "0", "--seed", "2", "--out", str(out)) == 0
    assert "1 puzzle at level 0 added to" in capsys.readouterr().out
    texts = [text for _, text in read_puzzles(out.read_text(), board)]
    assert len(texts) == 2 and all(parse(text, board).geometry is board for text in texts)


@pytest.mark.parametrize("argv, message", [
    (["--samurai", "--size", "9x9", "--level", "1"], "cannot be combined with --size"),
    (["--samurai", "--box", "3x3", "--level", "1"], "cannot be combined with --box"),
    (["--samurai", "--needs", "x_wing"], "9x9 puzzles only; drop --samurai or --needs"),
    (["--samurai"], "give --level L"),
    (["--samurai", "--level", "6.5"], "not a level"),
])
def test_cli_refuses_what_it_cannot_make_for_a_samurai(argv, message, capsys):
    assert tutor_generate(*argv) == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]  # argparse's own errors come after its usage lines
    assert message in last and last.startswith("tutor generate") and "Traceback" not in err


# --- the bundled Samurai -------------------------------------------------------------------------

def test_the_bundled_samurai_are_listed_after_the_other_boards(board):
    assert board_folder(board) == "samurai"
    assert other_boards()[-1] is board
    levels = [collection.level for collection in collections_of(board)]
    assert {0, 1, 2, 6} <= set(levels)


def test_every_bundled_samurai_is_unique_and_at_its_file_level(board):
    for collection in collections_of(board):
        puzzles = collection.puzzles()
        assert collection.geometry is board and 1 <= len(puzzles) <= 3
        assert collection.name == f"Samurai level {collection.level:g}"
        for puzzle in puzzles:
            grid = puzzle.grid
            assert grid.geometry is board and tutor.count_solutions(grid) == 1
            level = _card_level(grid)
            assert collection.level <= level <= collection.level + 0.5, (puzzle.name, level)
            assert puzzle.name.split(" no. ")[0].endswith(f" {level:g}")
            assert puzzle.source.startswith("generated, level") and "Samurai board" in puzzle.source


async def test_the_puzzle_list_offers_the_bundled_samurai_and_opens_one(board, data_dir):
    from tutor.app.app import TutorApp
    from tutor.app.screens.collection_screen import CollectionScreen

    from tutor.model.bundled import default_puzzle

    app = TutorApp(default_puzzle().grid, "first")
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.press("b")
        screen = app.screen
        assert isinstance(screen, CollectionScreen)
        options = screen.query_one("OptionList")
        texts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        heading = next(i for i in range(options.option_count)
                       if (options.get_option_at_index(i).id or "").startswith("board-samurai"))
        assert texts[heading].startswith("── Samurai level 0 (3) ──")
        options.highlighted = heading + 1
        chosen = screen.by_id[options.get_option_at_index(heading + 1).id]
        assert chosen.geometry is board and chosen.name.endswith(" no. 1")
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen.game.grid.geometry is board
        assert app.game_screen.game.name == chosen.name
