"""`tutor generate`: lines out, --out appends, bad --level and --count give a message and exit 2."""

import pytest

import tutor
from tutor.cli.main import main
from tutor.generator import LevelRange
from tutor.model.bundled import load_file


def tutor_generate(*argv) -> int:
    return main(["generate", *argv])


def test_prints_one_line_per_puzzle_at_the_level(capsys):
    assert tutor_generate("--level", "0.5-1", "--count", "2", "--seed", "9") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for line, seed in zip(lines, (9, 10)):
        puzzle, comment = line.split(" # ")
        result = tutor.grade(tutor.parse(puzzle))
        assert result.level in LevelRange(0.5, 1)
        assert comment.startswith(f"level {result.level:g} (") and comment.endswith(f"; seed {seed}")


def test_the_seed_in_a_line_makes_that_puzzle_again(capsys):
    tutor_generate("--level", "2", "--seed", "77")
    first = capsys.readouterr().out
    tutor_generate("--level", "2", "--seed", "77")
    assert capsys.readouterr().out == first


def test_out_appends_and_keeps_what_the_file_held(tmp_path, capsys):
    path = tmp_path / "mine.txt"
    path.write_text("# my puzzles\n" + "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4 # Leo; book")
    assert tutor_generate("--level", "6", "--count", "2", "--seed", "3", "--out", str(path)) == 0
    assert "2 puzzles at level 6 added to" in capsys.readouterr().out
    text = path.read_text()
    assert text.startswith("# my puzzles\n9..1.4")
    puzzles = load_file(path)
    assert len(puzzles) == 3 and puzzles[0].name == "Leo"
    assert all(tutor.grade(p.grid).level == 6 for p in puzzles[1:])
    assert [p.name for p in puzzles[1:]] == ["level 6 (Diabolical)"] * 2


def test_symmetric_flag(capsys):
    from tutor.generator.transforms import is_symmetric

    assert tutor_generate("--level", "0.5", "--symmetric", "--seed", "1") == 0
    puzzle = capsys.readouterr().out.split(" # ")[0]
    assert is_symmetric(tutor.parse(puzzle).values)


@pytest.mark.parametrize("argv, says", [
    (["--level", "7"], "7 is not a level"),
    (["--level", "easy"], "'easy' is not a level"),
    (["--level", "3-1"], "runs backwards"),
    (["--level", "1", "--count", "0"], "0 is less than 1"),
    ([], "--level"),
])
def test_usage_errors_exit_2_with_a_message(argv, says, capsys):
    assert tutor_generate(*argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_unwritable_out_is_reported(tmp_path, capsys):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert tutor_generate("--level", "0", "--seed", "1", "--out", str(folder)) == 1
    assert "cannot read" in capsys.readouterr().err


def test_giving_up_says_what_to_try(monkeypatch, capsys):
    from tutor.cli import generate as command

    monkeypatch.setattr(command, "MAX_ATTEMPTS", 3)
    assert tutor_generate("--level", "5.5", "--symmetric", "--seed", "1") == 1
    err = capsys.readouterr().err
    assert "no puzzle at level 5.5 found in 3 attempts; try a range of levels or drop --symmetric" in err
