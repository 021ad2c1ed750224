"""Lessons on small boards (S1 on 4x4, S2 and S3 on 6x6): read on their board, checked against the engine there, answered and drilled there."""

from __future__ import annotations

import textwrap
from itertools import islice

import pytest

from tutor import next_step, parse, validity
from tutor.engine import BY_ID
from tutor.learning import (
    RIGHT, LessonError, find_lesson, lesson_for_technique, load_lesson, load_lessons, verify,
)
from tutor.learning.drills import (
    SMALL_BOARD_PUZZLES, Source, drill_puzzle_sources, lesson_drills, lesson_sources, on_board,
    positions_for,
)
from tutor.learning.loader import parse_board, parse_changes, parse_unit_name
from tutor.learning.progress import Progress
from tutor.learning.review import review_drills
from tutor.learning.tiers import SMALL, in_number_order
from tutor.model.geometry import CLASSIC, regular, using

LESSONS = load_lessons()
SMALL_LESSONS = [lesson for lesson in LESSONS if lesson.series and len(lesson.geometry.grids) == 1]
"""S1 to S3; the series' Samurai lesson (S4) is tests/test_lesson_samurai.py's."""
EXERCISES = [(lesson, i, e) for lesson in SMALL_LESSONS for i, e in enumerate(lesson.exercises)]
MISTAKES = [(lesson, e, m) for lesson, _, e in EXERCISES for m in e.mistakes]


def test_the_small_boards_lessons_are_s1_to_s3_on_their_boards():
    assert [(l.label, l.geometry) for l in SMALL_LESSONS] == [
        ("S1", regular(2, 2)), ("S2", regular(2, 3)), ("S3", regular(2, 3))]
    assert {t for l in SMALL_LESSONS for t in l.techniques} == {
        "naked_single", "hidden_single", "naked_pair", "hidden_pair"}
    for lesson in SMALL_LESSONS:
        positions = list(lesson.positions.values()) + [e.position for e in lesson.exercises]
        assert all(p.grid.geometry is lesson.geometry for p in positions), lesson.id
        assert all(p.grid.geometry is lesson.geometry for p in lesson.pages if p.grid)


def test_the_9x9_ladder_keeps_its_numbers_and_the_small_boards_come_first():
    ladder = [l for l in LESSONS if not l.series]
    assert [l.label for l in ladder] == [str(n) for n in range(len(ladder))]
    assert all(l.geometry is CLASSIC for l in ladder)
    listed = [lesson.label for lesson, _ in in_number_order(LESSONS)]
    assert listed[:3] == ["S1", "S2", "S3"] and listed[3:-1] == [l.label for l in ladder]
    assert {tier for lesson, tier in in_number_order(LESSONS) if lesson in SMALL_LESSONS} == {SMALL}


def test_a_hints_lesson_link_is_the_lesson_on_the_games_board():
    assert lesson_for_technique("naked_pair", LESSONS).id == "04-naked-pair"
    assert lesson_for_technique("naked_pair", LESSONS, regular(2, 3)).id == "s3-6x6-pairs"
    assert lesson_for_technique("naked_single", LESSONS, regular(2, 2)).id == "s1-4x4"
    # No lesson on that board teaches it: the 9x9 ladder's.
    assert lesson_for_technique("pointing", LESSONS, regular(2, 3)).id == "03-intersections"
    assert lesson_for_technique("naked_pair", LESSONS, regular(3, 4)).id == "04-naked-pair"


def test_find_lesson_by_label_board_and_technique():
    assert find_lesson("S1", LESSONS).id == "s1-4x4"
    assert find_lesson("s2", LESSONS).id == "s2-6x6-singles"
    assert find_lesson("4x4", LESSONS).id == "s1-4x4"
    assert find_lesson("6x6", LESSONS).id == "s2-6x6-singles"
    assert find_lesson("6x6-pairs", LESSONS).id == "s3-6x6-pairs"
    # A number and a technique still name the 9x9 ladder's lesson.
    assert find_lesson("1", LESSONS).id == "01-naked-single"
    assert find_lesson("naked_pair", LESSONS).id == "04-naked-pair"
    assert find_lesson("hidden-single", LESSONS).id == "02-hidden-single"


@pytest.mark.parametrize("lesson,index,exercise", EXERCISES,
                         ids=[f"{l.id}-ex{i + 1}" for l, i, _ in EXERCISES])
def test_an_exercise_takes_its_own_answer_on_its_board(lesson, index, exercise):
    position = exercise.position
    feedback = exercise.check(position.placements, position.eliminations)
    assert feedback.verdict == RIGHT, str(feedback)
    assert feedback.geometry is lesson.geometry
    # The explanation names the cells on the lesson's board (r2c1 of a 4x4 board is cell 4,
    # which a 9x9 board calls r1c5).
    changed = {c for c, _ in position.placements + position.eliminations}
    names = {lesson.geometry.cell_name(c) for c in changed}
    assert all(name in str(feedback) for name in names), (names, str(feedback))


@pytest.mark.parametrize("lesson,exercise,mistake", MISTAKES,
                         ids=[f"{e.key}-{m.why[:20]}" for _, e, m in MISTAKES])
def test_a_listed_mistake_is_explained_by_the_lesson(lesson, exercise, mistake):
    feedback = exercise.check(mistake.placements, mistake.eliminations)
    assert feedback.verdict != RIGHT
    assert feedback.message == mistake.why
    # The hints lead to the exercise's own step, named on the lesson's board.
    full = feedback.hints[2]
    cell = (exercise.position.placements + exercise.position.eliminations)[0][0]
    assert lesson.geometry.cell_name(cell) in full


def test_a_wrong_answer_is_told_why_in_the_boards_own_names():
    lesson = find_lesson("S1", LESSONS)
    exercise = lesson.exercises[0]  # 1......4...12... : r2c1=3
    with using(lesson.geometry):
        placements, eliminations = parse_changes("r1c2=2")
    feedback = exercise.check(placements, eliminations)
    assert feedback.verdict != RIGHT
    assert "Nothing proves r1c2=2 yet: r1c2 still has the candidates 2, 3 and 4." in str(feedback)


def test_the_engine_checks_a_small_lesson_on_its_own_board(tmp_path):
    text = find_lesson("S1", LESSONS).path.read_text(encoding="utf-8")
    wrong = text.replace('answer = "r1c1=4"', 'answer = "r3c2=4"', 1)
    path = tmp_path / "s1-test.toml"
    path.write_text(wrong, encoding="utf-8")
    problems = verify(load_lesson(path))
    assert problems == ["s1-test.toml: positions.example: states naked_single r3c2=4, but the "
                        "engine's next step is Naked single: r1c1=4"]


SMALL_FILE = """
number = 1
title = "T"
summary = "S"
board = "4x4"
techniques = ["naked_single"]

[positions.example]
grid = ".3..2...1..2...."
source = "test"
technique = "naked_single"
answer = "r1c1=4"

[[pages]]
title = "P"
text = "one"
board = "example"
cells = ["r1c1"]
units = ["box 1"]
digits = [4]
"""


def _write(tmp_path, text, name="s1-test.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_small_lesson_file_reads_names_on_its_board(tmp_path):
    lesson = load_lesson(_write(tmp_path, SMALL_FILE))
    assert lesson.geometry is regular(2, 2) and lesson.label == "S1"
    page = lesson.pages[0]
    assert page.highlight.cells == (0,) and page.highlight.units == (8,)  # box 1 of 4x4
    assert lesson.positions["example"].placements == ((0, 4),)


@pytest.mark.parametrize("change,key,words", [
    (('board = "4x4"', 'board = "5x5"'), "board", "no regular board has 5 digits"),
    (('board = "4x4"', 'board = "4x6"'), "board", "not a board"),
    (('answer = "r1c1=4"', 'answer = "r1c1=5"'), "positions.example.answer",
     "not a digit of the 4x4 board"),
    (('answer = "r1c1=4"', 'answer = "r5c1=4"'), "positions.example.answer",
     "expected r1c1 .. r4c4"),
    (('units = ["box 1"]', 'units = ["box 5"]'), "pages[0].units[0]", "numbered 1 to 4"),
    (('digits = [4]', 'digits = [9]'), "pages[0].digits[0]", "not a digit of the 4x4 board"),
    (('grid = ".3..2...1..2...."', 'grid = ".3..2...1..2........"'), "positions.example.grid",
     "not a readable position"),
    (('board = "4x4"', ''), "board", "lessons named s1-... are on other boards than 9x9"),
])
def test_small_board_errors_name_file_and_key(tmp_path, change, key, words):
    old, new = change
    assert old in SMALL_FILE
    with pytest.raises(LessonError) as caught:
        load_lesson(_write(tmp_path, SMALL_FILE.replace(old, new, 1)))
    message = str(caught.value)
    assert message.startswith(f"s1-test.toml: {key}: "), message
    assert words in message, message


def test_a_9x9_ladder_file_cannot_declare_a_small_board(tmp_path):
    path = _write(tmp_path, SMALL_FILE.replace("number = 1", "number = 3"), name="03-test.toml")
    with pytest.raises(LessonError, match=r"^03-test.toml: board: is 4x4, but lessons named 03-"):
        load_lesson(path)


def test_board_and_box_shapes():
    assert parse_board("6x6") is regular(2, 3)
    assert parse_board("6x6", "3x2") is regular(3, 2)
    assert parse_board(" 9X9 ") is CLASSIC
    with pytest.raises(ValueError, match="boxes of 2x2 do not make a 6x6 board"):
        parse_board("6x6", "2x2")
    with using(regular(2, 3)):
        assert parse_unit_name("box 6") == 17
        with pytest.raises(ValueError, match="numbered 1 to 6"):
            parse_unit_name("box 7")


def test_small_lessons_drill_on_their_own_board():
    for lesson in SMALL_LESSONS:
        found = list(islice(lesson_drills(lesson, LESSONS, seed=4), 3))
        assert len(found) == 3
        for drill in found:
            assert drill.grid.geometry is lesson.geometry
            assert drill.technique in lesson.techniques
            assert next_step(drill.grid) == drill.step
            assert drill.check(drill.step.placements, drill.step.eliminations).is_right


def test_the_review_stays_on_the_9x9_board():
    found = list(islice(review_drills(["naked_single", "hidden_single"], LESSONS, seed=2), 6))
    assert found and all(d.grid.geometry is CLASSIC for d in found)


def test_a_small_lesson_is_suggested_only_once_started(tmp_path):
    progress = Progress.load(tmp_path / "progress.json")
    assert progress.suggest(LESSONS).lesson.label == "0", "existing and new learners: lesson 0"
    small = find_lesson("S1", LESSONS)
    progress.record_page(small, 2)
    suggestion = progress.suggest(LESSONS)
    assert suggestion.lesson is small and suggestion.reason == "continue where you left off"


# --- the small boards' drill puzzles ------------------------------------------------------

SMALL_PUZZLES = drill_puzzle_sources(name=SMALL_BOARD_PUZZLES)


def test_the_small_boards_puzzles_are_ours_and_on_small_boards():
    assert SMALL_PUZZLES
    for source in SMALL_PUZZLES:
        assert "made with scripts/small_positions.py" in source.label, source.label
        assert source.drills and source.drills <= set(BY_ID), source.label
        assert len(source.line) in (16, 36), source.label
    assert len({s.line for s in SMALL_PUZZLES}) == len(SMALL_PUZZLES), "no puzzle twice"
    for lesson in SMALL_LESSONS:
        met = {t for s in on_board(SMALL_PUZZLES, lesson.geometry) for t in s.drills}
        assert set(lesson.practised) & met, lesson.id


@pytest.mark.parametrize("source", SMALL_PUZZLES, ids=lambda s: s.label.split(" (")[0])
def test_each_small_board_puzzle_has_one_solution_and_reaches_what_it_names(source):
    grid = parse(source.line, None)
    assert validity(grid).status == "unique"
    reached = {drill.technique for drill in positions_for(source, source.drills)}
    assert reached == source.drills


def test_a_drill_source_keeps_its_boxes():
    # A 6x6 line is read with boxes of 2 rows by 3 columns unless its source says otherwise.
    line = SMALL_LESSONS[1].exercises[0].grid.restart().to_line()
    usual, tall = Source("usual", line), Source("tall", line, board=regular(3, 2))
    assert on_board([usual, tall], regular(2, 3)) == [usual]
    assert on_board([usual, tall], regular(3, 2)) == [tall]
    assert all(s.geometry is l.geometry for l in SMALL_LESSONS
               for s in lesson_sources([l]))
