"""`tutor lesson`: the list with progress, the text mode, answers and drills from the shell."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from tutor.cli import lesson as lesson_command
from tutor.cli.inputs import CliError
from tutor.engine import describe_changes
from tutor.learning import load_lessons
from tutor.learning.progress import Progress

LESSONS = load_lessons()
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*argv) -> int:
    """Run `tutor lesson ...` through the command's own parser, as tutor.cli.main does."""
    parser = argparse.ArgumentParser(prog="tutor")
    subparsers = parser.add_subparsers(dest="command")
    lesson_command.add_parser(subparsers).set_defaults(run=lesson_command.run)
    args = parser.parse_args(["lesson", *argv])
    return args.run(args)


def test_the_list_shows_every_lesson_and_the_suggestion(capsys):
    assert run() == 0
    out = capsys.readouterr().out
    for lesson in LESSONS:
        assert lesson.title in out
    assert re.search(r"^>\s+0  Rules", out, re.MULTILINE)
    assert "Suggested: lesson 0, Rules and pencil marks (next on the ladder)." in out


def test_text_mode_prints_pages_and_hides_answers(capsys):
    lesson = LESSONS[3]
    assert run("3", "--text") == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Lesson 3: {lesson.title}")
    for number, page in enumerate(lesson.pages, start=1):
        assert f"Page {number} of {len(lesson.pages)}: {page.title}" in out
    assert "Step: remove 7 from r7c1, r7c4 and r7c5" in out
    assert "Answer:" not in out
    assert run("intersections", "--text", "--answers") == 0
    assert out.count("Exercise") == 4
    assert "Answer: r5c8<>2, r6c8<>2" in capsys.readouterr().out


def test_answers_from_the_shell(capsys):
    assert run("3", "--answer", "1", "r5c8<>2, r6c8<>2") == 0
    assert capsys.readouterr().out.startswith("Right! Pointing: 2 in box 9")
    assert run("3", "--answer", "1", "r5c8<>2") == 1
    out = capsys.readouterr().out
    assert "Missed: 2 from r6c8." in out and "Hint: Look for pointing in box 9" in out
    assert run() == 0
    assert "1/4 exercises, 1 of 2 right first try" in capsys.readouterr().out


@pytest.mark.parametrize("argv,words", [
    (("3", "--answer", "9", "r5c8<>2"), "lesson 3 has exercises 1 to 4"),
    (("3", "--answer", "1", "r5c8 2"), "answer: cannot read 'r5c8 2'"),
    (("3", "--answer", "r5c8<>2"), "--answer takes the exercise number"),
    (("nine",), "no lesson 'nine'; lessons: 0 (00-rules)"),
    (("--text",), "name a lesson"),
])
def test_usage_errors_are_clear(argv, words):
    with pytest.raises(CliError) as caught:
        run(*argv)
    assert words in str(caught.value)
    assert caught.value.code == 2


def test_a_drill_is_reproducible_and_can_be_answered(capsys):
    assert run("4", "--drill", "--seed", "9") == 0
    first = capsys.readouterr().out
    assert run("4", "--drill", "--seed", "9") == 0
    assert capsys.readouterr().out == first
    position = re.search(r"^Position: (\S+)$", first, re.MULTILINE).group(1)
    from tutor import next_step, parse

    step = next_step(parse(position))
    assert step.technique == "naked_pair"
    assert run("4", "--drill", "--seed", "9", "--answer", describe_changes(step)) == 0
    assert capsys.readouterr().out.startswith("Right!")


def test_lesson_0_has_drills_too(capsys):
    # Lesson 0 lists no technique of its own: its drills practise what its exercises do.
    assert run("0", "--drill", "--seed", "7") == 0
    out = capsys.readouterr().out
    assert out.startswith("Drill for lesson 0 (Naked single), seed 7")
    position = re.search(r"^Position: (\S+)$", out, re.MULTILINE).group(1)
    from tutor import next_step, parse

    step = next_step(parse(position))
    assert step.technique == "naked_single"
    assert run("0", "--drill", "--seed", "7", "--answer", describe_changes(step)) == 0
    assert capsys.readouterr().out.startswith("Right!")


def test_lesson_0_drill_from_the_shell_prints_no_traceback(data_dir):
    done = subprocess.run([sys.executable, "-m", "tutor", "lesson", "0", "--drill", "--seed", "7"],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Naked single" in done.stdout


def test_a_drill_from_a_missing_file_is_an_error():
    with pytest.raises(CliError, match="cannot read .*nowhere.txt"):
        run("4", "--drill", "--file", "nowhere.txt")


def test_the_command_never_imports_textual(tmp_path):
    code = (
        "import sys\n"
        "from tests.test_lessons_cli import run\n"
        "run('1', '--text')\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"TUTOR_DATA_DIR": str(tmp_path), "PATH": ""}, cwd=REPO)
    assert done.returncode == 0, done.stderr


def test_a_corrupt_progress_file_is_reported_and_kept(data_dir, capsys):
    (data_dir / "progress.json").write_text("[", encoding="utf-8")
    assert run() == 0
    captured = capsys.readouterr()
    assert "could not be read" in captured.err and "kept as" in captured.err
    assert "Suggested: lesson 0" in captured.out
    assert any(p.name.startswith("progress.json.corrupt-") for p in data_dir.iterdir())


def test_answers_from_several_commands_are_one_attempt(capsys):
    # Four wrong answers, then the right one: one attempt at the exercise, not right first try.
    for _ in range(4):
        assert run("3", "--answer", "1", "r5c8<>2") == 1
    assert run("3", "--answer", "1", "r5c8<>2, r6c8<>2") == 0
    capsys.readouterr()
    assert run() == 0
    out = capsys.readouterr().out
    assert re.search(r"^\s+3  Intersections: pointing and claiming\s+card\s+1/4 exercises, 0 of 1 right first try", out,
                     re.MULTILINE)
    assert re.search(r"^  Pointing\s+learning$", out, re.MULTILINE)


def test_the_list_shows_lessons_by_number_with_their_tier_and_each_techniques_standing(capsys):
    assert run("4", "--drill", "--seed", "9") == 0
    position = re.search(r"^Position: (\S+)$", capsys.readouterr().out, re.MULTILINE).group(1)
    from tutor import next_step, parse

    assert run("4", "--drill", "--seed", "9", "--answer", describe_changes(next_step(parse(position)))) == 0
    capsys.readouterr()
    assert run() == 0
    out = capsys.readouterr().out
    listed = [int(n) for n in re.findall(r"^[> ] +(\d+)  ", out, re.MULTILINE)]
    assert listed == list(range(17)), "in number order (by tier, 16 came after 7)"
    assert re.search(r"^   7  Hidden triple and quad\s+card\s", out, re.MULTILINE)
    assert re.search(r"^  13  Chains: .*\s+extreme\s", out, re.MULTILINE)
    assert re.search(r"^  14  Almost locked sets: .*\s+diabolical\s", out, re.MULTILINE)
    # Lesson 1 was never opened: its line counts its own exercises only.
    assert re.search(r"^\s+1  Naked single\s+card\s+0/\d+ exercises$", out, re.MULTILINE)
    assert re.search(r"^  Naked pair\s+learning \(last unaided \d{4}-\d\d-\d\d\)$", out, re.MULTILINE)
    assert re.search(r"^  Hidden pair\s+not practised yet$", out, re.MULTILINE)


def test_the_drill_prompts_example_answer_names_an_empty_cell(capsys):
    from tutor import parse
    from tutor.model.geometry import parse_cell_name

    for lesson_number, seed in (("4", 9), ("2", 3), ("0", 7)):
        assert run(lesson_number, "--drill", "--seed", str(seed)) == 0
        out = capsys.readouterr().out
        grid = parse(re.search(r"^Position: (\S+)$", out, re.MULTILINE).group(1))
        example = re.search(r'--answer "(r\dc\d)(=|<>)(\d)', out)
        cell, digit = parse_cell_name(example.group(1)), int(example.group(3))
        assert not grid.values[cell] and grid.has_candidate(cell, digit)


def test_review_from_the_shell(capsys, monkeypatch):
    assert run("--review") == 0
    assert capsys.readouterr().out.startswith("Nothing is due for review today.")
    assert run("4", "--drill", "--seed", "9") == 0
    position = re.search(r"^Position: (\S+)$", capsys.readouterr().out, re.MULTILINE).group(1)
    from tutor import next_step, parse

    assert run("4", "--drill", "--seed", "9", "--answer", describe_changes(next_step(parse(position)))) == 0
    # A day later, by the progress module's clock.
    from tutor.learning import progress as progress_module

    tomorrow = date.today() + timedelta(days=1)
    monkeypatch.setattr(progress_module, "system_today", lambda: tomorrow)
    capsys.readouterr()
    assert run("--review", "--seed", "2") == 0
    out = capsys.readouterr().out
    assert out.startswith("Review (1 technique due), seed 2: find the next step")
    review_position = parse(re.search(r"^Position: (\S+)$", out, re.MULTILINE).group(1))
    step = next_step(review_position)
    assert step.technique == "naked_pair"
    assert run("--review", "--seed", "2", "--answer", describe_changes(step)) == 0
    assert capsys.readouterr().out.startswith("Right!")
    assert run("--review") == 0
    assert capsys.readouterr().out.startswith("Nothing is due for review today.")


def test_review_refuses_a_lesson(capsys):
    with pytest.raises(CliError, match="--review takes no lesson") as caught:
        run("3", "--review")
    assert caught.value.code == 2


def test_an_answer_by_another_technique_earns_no_credit_from_the_shell(capsys, data_dir):
    # Lesson 13 exercise 1 asks for an X-Chain; r9c7<>4 is the lesson's listed mistake there.
    assert run("13", "--answer", "1", "r9c7<>4") == 1
    out = capsys.readouterr().out
    assert out.startswith("r9c7 sees only one end of the X-Chain")
    assert "not by the X-Chain asked" in out
    assert "Right!" not in out
    assert "Hint: Look for an X-Chain" in out
    # Lesson 14 exercise 1 asks for an ALS-XZ; one of its eliminations is a whole ALS-XY-Wing.
    assert run("14", "--answer", "1", "r3c7<>4") == 1
    out = capsys.readouterr().out
    assert out.startswith("Partly right: you found part of this ALS-XZ.")
    assert "True, but on its own that is an ALS-XY-Wing" in out
    assert "Missed: 1 from r1c3." in out
    progress = Progress.load()
    assert not any(r["solved"] for r in progress.attempts)
    assert {r["technique"] for r in progress.attempts} == {"x_chain", "als_xz"}


# --- the small boards' lessons (S1 on 4x4, S2 and S3 on 6x6) -----------------------------

def test_the_list_shows_the_small_boards_first(capsys):
    assert run() == 0
    out = capsys.readouterr().out
    labels = re.findall(r"^[> ]\s+(S?\d+)  ", out, re.MULTILINE)
    # The Samurai's lesson (S4) last: it builds on the 9x9 ladder.
    assert labels == ["S1", "S2", "S3"] + [str(n) for n in range(len(LESSONS) - 4)] + ["S4"]
    assert re.search(r"^  S1  Small boards: 4x4 +small ", out, re.MULTILINE)
    assert re.search(r"^  S4  Samurai: five grids, one puzzle +other ", out, re.MULTILINE)
    # The suggestion stays on the 9x9 ladder until a small board's lesson is started.
    assert "Suggested: lesson 0, Rules and pencil marks (next on the ladder)." in out


def test_the_text_of_a_small_lesson_names_its_cells(capsys):
    assert run("4x4", "--text", "--answers") == 0
    out = capsys.readouterr().out
    assert out.startswith("Lesson S1: Small boards: 4x4")
    assert "Step: place 4 in r1c1" in out
    assert "Answer: r2c1=3" in out and "Position: 1......4...12..." in out


def test_answers_from_the_shell_on_a_small_board(capsys):
    assert run("S3", "--answer", "3", "r2c1<>5, r4c1<>4") == 0
    assert capsys.readouterr().out.startswith("Right! Hidden pair: 1,6 in r2c1,r4c1")
    assert run("S1", "--answer", "1", "r2c2=3") == 1
    out = capsys.readouterr().out
    assert out.startswith("r2c2 still has two candidates, 2 and 3")
    assert "Hint: Look for a naked single in box 1" in out
    with pytest.raises(CliError, match="not a digit of the 4x4 board") as caught:
        run("S1", "--answer", "1", "r1c1=5")
    assert caught.value.code == 2
    with pytest.raises(CliError, match=r"expected r1c1 \.\. r4c4"):
        run("S1", "--answer", "1", "r5c1=3")


def test_a_drill_from_the_shell_is_on_the_lessons_board(capsys):
    assert run("S2", "--drill", "--seed", "3") == 0
    out = capsys.readouterr().out
    assert out.startswith("Drill for lesson S2 (Naked single and hidden single), seed 3")
    position = next(line for line in out.splitlines() if line.startswith("Position: "))
    assert len(position.split()[1].replace("+", "")) == 36
    assert "tutor lesson S2 --drill --seed 3 --answer" in out
