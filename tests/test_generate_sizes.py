"""Generating puzzles of every regular board: unique, at the level asked, reproducible, bundled."""

import random

import pytest

import tutor
from tutor.cli.main import main
from tutor.generator.digging import singles_finish
from tutor.generator.fullgrid import random_full_grid
from tutor.generator.generate import (
    LevelRange, check_board_levels, generate, generate_one, reachable_levels)
from tutor.generator import transforms
from tutor.model.bundled import board_folder, collections_of
from tutor.model.errors import GenerationError, LevelError
from tutor.model.formats import parse
from tutor.model.geometry import CLASSIC, regular
from tutor.model.grid import Grid

SMALL = [(2, 2), (2, 3), (3, 2), (2, 4)]
BOARDS = SMALL + [(4, 2), (2, 5), (3, 4), (4, 3), (4, 4)]


@pytest.mark.parametrize("shape", BOARDS)
def test_full_grid_fills_the_board_without_a_clash(shape):
    board = regular(*shape)
    values = random_full_grid(random.Random(5), board)
    grid = Grid(values, geometry=board)
    assert 0 not in values and not grid.has_conflict()
    assert random_full_grid(random.Random(5), board) == values


@pytest.mark.parametrize("shape, level", [
    ((2, 2), "0"), ((2, 3), "0"), ((2, 3), "0.5-1"), ((3, 2), "0.5-1"), ((2, 4), "0.5-1"),
    ((2, 4), "2-3")])
def test_generated_puzzle_is_unique_at_the_level_and_on_the_board(shape, level):
    board = regular(*shape)
    made = generate_one(level, 11, geometry=board, max_attempts=1000)
    assert made.grid.geometry is board
    assert tutor.count_solutions(made.grid) == 1
    again = tutor.grade(parse(made.grid.to_line(), board))  # graded again from its line
    assert again.level == made.grade.level and again.level in LevelRange.parse(level)
    # the seed makes it again
    assert generate_one(level, 11, geometry=board, max_attempts=1000).grid == made.grid


def test_a_middle_level_on_6x6_is_reached():
    board = regular(3, 2)
    made = generate_one("1", 1, geometry=board, max_attempts=400)
    assert made.grade.level == 1 and tutor.count_solutions(made.grid) == 1
    assert made.grade.techniques.get("pointing") or made.grade.techniques.get("claiming")


def test_16x16_puzzle_is_unique_and_written_in_its_symbols():
    board = regular(4, 4)
    made = generate_one("0-0.5", 3, geometry=board)
    line = made.grid.to_line()
    assert len(line) == 256 and set(line) <= set(".123456789ABCDEFG") and "G" in line
    assert tutor.count_solutions(parse(line, board)) == 1
    assert tutor.grade(parse(line, board)).level in LevelRange(0, 0.5)


def test_a_box_shape_not_square_is_named_in_the_line():
    made = generate_one("0", 2, geometry=regular(3, 2))
    assert made.line.endswith("; 6x6 board, boxes 3x2")
    assert "board" not in generate_one("0", 2).line  # a classic line is as it always was


def test_distinct_puzzles_from_consecutive_seeds():
    made = list(generate("0", 3, seed=4, geometry=regular(2, 3)))
    assert len({m.grid.to_line() for m in made}) == 3
    assert [m.seed for m in made][0] == 4


def test_a_level_not_found_ends_with_a_message():
    with pytest.raises(GenerationError, match="no puzzle at level 4 found in 30 attempts"):
        generate_one("4", 1, geometry=regular(2, 2), max_attempts=30)


def test_levels_the_ladder_of_a_board_cannot_earn_are_refused():
    four = regular(2, 2)
    assert 3 not in reachable_levels(four) and 5 not in reachable_levels(four)
    assert 4 in reachable_levels(four)  # a hidden pair: the complement of a naked pair
    assert reachable_levels(CLASSIC) == tuple(step / 2 for step in range(13))
    with pytest.raises(LevelError, match="no 4x4 puzzle has level 3-3.5"):
        check_board_levels(LevelRange(3, 3.5), four)
    assert check_board_levels(LevelRange(3, 4), four) == LevelRange(3, 4)
    with pytest.raises(LevelError, match="up to 16 digits"):
        generate_one("0", 1, geometry=regular(5, 5))


@pytest.mark.parametrize("shape", [(2, 3), (2, 4), (3, 3)])
def test_singles_fill_agrees_with_the_grade(shape):
    board = regular(*shape)
    for seed in range(6):
        made = generate_one("0-6", seed, geometry=board, max_attempts=200)
        level = made.grade.level
        assert singles_finish(made.grid.values, board) == (level <= 0.5)
        assert singles_finish(made.grid.values, board, hidden=False) == (level == 0)


def test_transforms_keep_the_boxes_of_the_board():
    board = regular(2, 3)
    made = generate_one("0.5", 7, geometry=board)
    for seed in range(5):
        moved = transforms.equivalent(made.grid, seed)
        assert moved.geometry is board
        result = tutor.grade(moved)
        assert result.level == made.grade.level and tutor.count_solutions(moved) == 1
    with pytest.raises(ValueError, match="square boxes"):
        transforms.transpose(board)
    with pytest.raises(ValueError, match="square boxes"):
        transforms.rotate(1, board)
    half = transforms.rotate(2, board).apply(made.grid)
    assert half.values == made.grid.values[::-1]
    with pytest.raises(ValueError, match="cannot move"):
        transforms.rotate(2).apply(made.grid)  # a 9x9 transform on a 6x6 grid


def tutor_generate(*argv) -> int:
    return main(["generate", *argv])


def test_cli_prints_a_6x6_puzzle_of_3x2_boxes(capsys):
    assert tutor_generate("--size", "6x6", "--box", "3x2", "--level", "0", "--seed", "5") == 0
    line = capsys.readouterr().out.strip()
    puzzle, _, comment = line.partition(" # ")
    board = regular(3, 2)
    assert len(puzzle) == 36 and comment.endswith("seed 5; 6x6 board, boxes 3x2")
    assert tutor.grade(parse(puzzle, board)).level == 0


@pytest.mark.parametrize("argv, message", [
    (["--size", "7x7", "--level", "1"], "no regular board has 7 digits"),
    (["--size", "6x6", "--box", "2x2", "--level", "1"], "make a 4x4 board, not 6x6"),
    (["--size", "4x4", "--level", "3"], "no 4x4 puzzle has level 3"),
    (["--size", "25x25", "--level", "1"], "up to 16x16"),
    (["--size", "6x6", "--needs", "x_wing"], "9x9 puzzles only"),
])
def test_cli_refuses_a_board_or_level_it_cannot_make(argv, message, capsys):
    assert tutor_generate(*argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_refuses_a_size_that_is_not_one(capsys):
    assert tutor_generate("--size", "6x7", "--level", "1") == 2
    assert "'6x7' is not a board size" in capsys.readouterr().err


def test_board_folders_name_the_boxes_when_not_the_usual_ones():
    assert board_folder(regular(2, 3)) == "6x6"
    assert board_folder(regular(3, 2)) == "6x6-3x2"
    assert board_folder(regular(4, 4)) == "16x16"
    assert collections_of(regular(5, 5)) == []


@pytest.mark.parametrize("shape", BOARDS)
def test_bundled_puzzles_of_each_board_are_unique_and_at_their_level(shape):
    board = regular(*shape)
    found = collections_of(board)
    assert found, f"no bundled puzzles for {board_folder(board)}"
    for collection in found:
        assert collection.geometry is board
        for puzzle in collection.puzzles():
            grid = puzzle.grid
            assert grid.geometry is board and tutor.count_solutions(grid) == 1
            level = tutor.grade(grid).level
            assert collection.level <= level <= collection.level + 0.5, (puzzle.name, level)
            assert puzzle.name.split(" no. ")[0].endswith(f" {level:g}")
