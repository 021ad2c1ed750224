"""The bundled lessons: they load, they agree with the engine, and bad lesson files are named precisely."""

from __future__ import annotations

import re
import textwrap
import tomllib

import pytest

from tutor import Grid, next_step, validity
from tutor.engine import BANDS, BY_ID, CARD_LADDER, TECHNIQUES, find_steps, in_sentence
from tutor.model.geometry import (
    CLASSIC, COUNT, cell_name, current, parse_cell_name, regular, samurai, using,
)
from tutor.learning import LessonError, find_lesson, load_lesson, load_lessons, verify
from tutor.learning.loader import lesson_files, parse_changes, parse_unit_name
from tutor.model.resources import bundled_dir

LESSONS = load_lessons()
LADDER = [lesson for lesson in LESSONS if not lesson.series]
"""The 9x9 ladder, lessons 0, 1, 2...; the small boards' lessons (S1, S2...) are SMALL."""
SMALL = [lesson for lesson in LESSONS if lesson.series]
BY_NUMBER = {lesson.number: lesson for lesson in LADDER}
ALL_EXERCISES = [(lesson.id, i, e) for lesson in LESSONS for i, e in enumerate(lesson.exercises)]
STATED = [(lesson.id, name, p) for lesson in LESSONS for name, p in lesson.positions.items()
          if p.technique is not None]


def test_lessons_in_ladder_order_with_backtracking_last():
    assert [lesson.number for lesson in LADDER] == list(range(len(LADDER)))
    assert all(lesson.geometry is CLASSIC for lesson in LADDER)
    taught = [t for lesson in LADDER for t in lesson.techniques if BY_ID[t].on_ladder]
    on_ladder = [t.id for t in TECHNIQUES if t.on_ladder]
    assert taught == on_ladder, "every card technique has its lesson, in ladder order"
    assert LADDER[-1].techniques == ("backtracking",), "when nothing else works: the last lesson"
    beyond = [t for lesson in LADDER for t in lesson.techniques if not BY_ID[t].on_ladder]
    assert len(beyond) == len(set(beyond)), "each technique beyond the card taught once"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_verifies_against_the_engine(lesson):
    assert verify(lesson) == []


@pytest.mark.parametrize("lesson_id,index,exercise", ALL_EXERCISES,
                         ids=[f"{lid}-ex{i + 1}" for lid, i, _ in ALL_EXERCISES])
def test_exercise_is_the_engines_next_step(lesson_id, index, exercise):
    step = exercise.position.engine_step()
    assert step.technique == exercise.technique
    assert set(step.placements) == set(exercise.position.placements)
    assert set(step.eliminations) == set(exercise.position.eliminations)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_shape(lesson):
    assert len(lesson.exercises) >= 3
    assert lesson.pages and all(p.text.strip() for p in lesson.pages)
    expected = set(lesson.techniques) or {"naked_single"}
    # An exercise may state the step under the name the ladder meets first (a remote pair is
    # often a skyscraper to the ladder); `seen_as` then names the lesson's technique.
    assert {e.position.seen_as or e.technique for e in lesson.exercises} <= expected
    if lesson.techniques:
        worked = [p for p in lesson.positions.values()
                  if p.technique in lesson.techniques or p.seen_as in lesson.techniques]
        assert worked, "a worked example on a real position"
        shown = {p.board for p in lesson.pages if p.board}
        assert shown & {p.name for p in worked}, "the worked example is shown on a page"
    titles = " ".join(p.title.lower() for p in lesson.pages)
    assert "mistake" in titles or lesson.number == 0


def _walk_to(grid: Grid, steps: int, technique: str | None) -> Grid:
    # Positions for the card's techniques were found on the card's ladder (then backtracking), the
    # others on the full ladder: walk the same way.
    on_card = technique in CARD_LADDER or technique == "backtracking"
    position = grid.restart()
    for _ in range(steps):
        position = position.apply(next_step(position, "card" if on_card else None))
    return position


@pytest.mark.parametrize("lesson_id,name,position", STATED,
                         ids=[f"{lid}-{name}" for lid, name, _ in STATED])
def test_worked_examples_are_real_positions_reached_by_the_engine(lesson_id, name, position):
    assert validity(position.grid.restart()).status == "unique"
    steps = int(re.search(r"after (\d+) steps", position.source).group(1))
    assert _walk_to(position.grid, steps, position.technique) == position.grid


@pytest.mark.parametrize("lesson_id,index,exercise", ALL_EXERCISES,
                         ids=[f"{lid}-ex{i + 1}" for lid, i, _ in ALL_EXERCISES])
def test_exercises_are_real_positions_reached_by_the_engine(lesson_id, index, exercise):
    steps = int(re.search(r"after (\d+) steps", exercise.source).group(1))
    assert _walk_to(exercise.grid, steps, exercise.technique) == exercise.grid


def test_lesson_3_has_pointing_and_claiming_exercises():
    assert {e.technique for e in BY_NUMBER[3].exercises} == {"pointing", "claiming"}


def _no_cell_holds_all(grid, step) -> bool:
    return all(COUNT[grid.masks[c]] < len(step.digits) for c in step.cells)


def test_lesson_5_shows_triples_where_no_cell_holds_all_three_digits():
    lesson = BY_NUMBER[5]
    example = lesson.positions["example"]
    assert _no_cell_holds_all(example.grid, next_step(example.grid))
    forms = [_no_cell_holds_all(e.grid, next_step(e.grid)) for e in lesson.exercises]
    assert any(forms) and not all(forms), "both forms among the exercises"


def test_lesson_8_states_the_scale_of_the_registry():
    text = " ".join(p.text for p in LADDER[-1].pages)
    for floor, name in BANDS:
        assert re.search(rf"\b{floor:g} {name}\b", text), f"level {floor:g} {name}"
    for entry in TECHNIQUES:
        if entry.on_ladder and entry.repeated_level != entry.level:
            assert f"{entry.repeated_level:g}" in text


def test_pages_after_a_step_show_the_applied_board():
    page = next(p for p in BY_NUMBER[1].pages if p.after)
    assert page.grid.value(parse_cell_name("r9c1")) == 4


def test_every_lesson_names_what_it_practises():
    # Lesson 0 teaches the rules and lists no technique; its exercises and drills practise singles.
    rules = BY_NUMBER[0]
    assert rules.techniques == ()
    assert rules.practised == ("naked_single",)
    assert rules.technique_names == "Naked single"
    assert BY_NUMBER[3].technique_names == "Pointing and claiming"
    for lesson in LESSONS:
        assert lesson.practised and lesson.technique_names


def test_names_in_a_list_or_sentence_keep_the_capitals_of_letters_and_people():
    # A list read as a sentence: 'wxyz-wing' and 'empty rectangle' once came out in lower case
    # beside capitalised names.
    assert BY_NUMBER[10].technique_names == "XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing"
    assert BY_NUMBER[9].technique_names == ("Skyscraper, two-string kite, turbot fish and "
                                            "empty rectangle")
    assert BY_NUMBER[14].technique_names.endswith("death blossom, Sue de Coq and ALS chain")
    for name, said in [("WXYZ-Wing", "WXYZ-Wing"), ("Empty rectangle", "empty rectangle"),
                       ("Grouped AIC", "grouped AIC"), ("BUG+1", "BUG+1"), ("Pointing", "pointing"),
                       ("Sue de Coq", "Sue de Coq"), ("X-Chain", "X-Chain")]:
        assert in_sentence(name) == said


def test_find_lesson_by_number_name_and_technique():
    assert find_lesson("3", LESSONS).number == 3
    assert find_lesson("03-intersections", LESSONS).number == 3
    assert find_lesson("intersections", LESSONS).number == 3
    assert find_lesson("claiming", LESSONS).number == 3
    assert find_lesson("naked-pair", LESSONS).number == 4
    with pytest.raises(KeyError, match="no lesson 'x'"):
        find_lesson("x", LESSONS)


def test_parse_helpers():
    r7c5, r9c3 = parse_cell_name("r7c5"), parse_cell_name("r9c3")
    assert parse_changes("r7c5=1, r9c3<>1") == (((r7c5, 1),), ((r9c3, 1),))
    assert parse_unit_name("box 5") == 22 and parse_unit_name("Column 7") == 15
    with pytest.raises(ValueError, match="r3c7=4"):
        parse_changes("r3c7 4")


# --- schema errors name the file and the key ------------------------------------------------

GOOD = """
number = 3
title = "T"
summary = "S"
techniques = ["pointing"]

[positions.example]
grid = "9+381+6...5+127+8..+96.+6+5+4...+18.+3+71..6+49+8+84+2913+65+7+56+94+8+73+2+1.8...+1....1....83.4+9+3..85+16"
source = "test"
technique = "pointing"
answer = "r7c1<>7, r7c4<>7, r7c5<>7"

[[pages]]
title = "P1"
text = "one"

[[pages]]
title = "P2"
text = "two"
board = "example"
cells = ["r7c7"]
units = ["box 9"]
eliminations = "r7c1<>7"

[[exercises]]
prompt = "Do it"
grid = "9+381+6...5+127+8..+96.+6+5+4...+18.+3+71..6+49+8+84+2913+65+7+56+94+8+73+2+1.8...+1....1....83.4+9+3..85+16"
source = "test"
technique = "pointing"
answer = "r7c1<>7, r7c4<>7, r7c5<>7"
"""


def _write(tmp_path, text, name="03-test.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path):
    lesson = load_lesson(_write(tmp_path, GOOD))
    assert lesson.id == "03-test" and lesson.exercises[0].key == "03-test/1"
    assert lesson.pages[1].highlight.eliminations == ((parse_cell_name("r7c1"), 7),)
    assert verify(lesson) == []


@pytest.mark.parametrize("change,key,words", [
    (('cells = ["r7c7"]', 'cells = ["r0c7"]'), "pages[1].cells[0]", "not a cell name"),
    (('units = ["box 9"]', 'units = ["block 9"]'), "pages[1].units[0]", "not a unit name"),
    (('board = "example"', 'board = "exemple"'), "pages[1].board", "no position named"),
    (('title = "P1"', 'titel = "P1"'), "pages[0].titel", "unknown key"),
    (('title = "T"', 'title = 7'), "title", "expected a string"),
    (('number = 3', 'number = 4'), "number", "file name says 3"),
    (('prompt = "Do it"', 'prompt = ""'), "exercises[0].prompt", "is empty"),
    (('eliminations = "r7c1<>7"', 'eliminations = "r7c7<>5"'), "pages[1].eliminations",
     "5 is not a candidate of r7c7"),
    (('techniques = ["pointing"]', 'techniques = ["x_wings"]'), "techniques[0]", "unknown technique"),
])
def test_schema_errors_name_file_and_key(tmp_path, change, key, words):
    old, new = change
    assert old in GOOD
    path = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(LessonError) as caught:
        load_lesson(path)
    message = str(caught.value)
    assert message.startswith(f"03-test.toml: {key}: "), message
    assert words in message


def test_bad_answer_and_bad_grid_are_named(tmp_path):
    text = GOOD.replace('answer = "r7c1<>7, r7c4<>7, r7c5<>7"\n\n[[pages]]', 'answer = "r7c1<7"\n\n[[pages]]')
    with pytest.raises(LessonError, match=r"^03-test.toml: positions.example.answer: cannot read"):
        load_lesson(_write(tmp_path, text))
    text = GOOD.replace('grid = "9+381', 'grid = "99+381', 1)
    with pytest.raises(LessonError, match=r"^03-test.toml: positions.example.grid: not a readable"):
        load_lesson(_write(tmp_path, text))


def test_invalid_toml_and_file_names(tmp_path):
    with pytest.raises(LessonError, match=r"^03-test.toml: not valid TOML: .*line 2"):
        load_lesson(_write(tmp_path, "number = 3\ntitle = \n"))
    with pytest.raises(LessonError, match="file name must look like"):
        load_lesson(_write(tmp_path, GOOD, name="intersections.toml"))


def test_engine_disagreement_is_reported(tmp_path):
    text = GOOD.replace('answer = "r7c1<>7, r7c4<>7, r7c5<>7"', 'answer = "r7c1<>7, r7c4<>7"')
    problems = verify(load_lesson(_write(tmp_path, text)))
    assert len(problems) == 2
    assert problems[0].startswith("03-test.toml: positions.example: states pointing r7c1<>7, r7c4<>7")
    assert "Pointing: 7 in box 9" in problems[0]


def test_lesson_numbers_must_run_without_gaps(tmp_path):
    _write(tmp_path, GOOD.replace("number = 3", "number = 0"), name="00-a.toml")
    _write(tmp_path, GOOD.replace("number = 3", "number = 2"), name="02-b.toml")
    assert [p.name for p in lesson_files(tmp_path)] == ["00-a.toml", "02-b.toml"]
    with pytest.raises(LessonError, match=r"^02-b.toml: number: expected lesson 1"):
        load_lessons(tmp_path)


def test_card_ladder_techniques_are_known():
    # The lesson files name engine technique ids; keep the two in step. (Lessons for the
    # techniques beyond the card come with their families.)
    assert set(CARD_LADDER) <= {t for lesson in LESSONS for t in lesson.techniques}


# --- what the pages say happens next must stay true -------------------------------------------

AFTER_CLAIMS = [
    (3, "pointing", "r7c1", "Naked single: r7c1=2"),
    (3, "claiming", "r6c3", "Naked single: r6c3=1"),
    (4, "example", "r5c4", "Naked single: r5c4=1"),
    (7, "example", "r8c4", "Hidden single: r8c4=1"),
]


@pytest.mark.parametrize("number,name,cell_name,expected", AFTER_CLAIMS)
def test_the_step_after_a_worked_example_is_the_one_the_text_names(number, name, cell_name, expected):
    lesson = BY_NUMBER[number]
    position = lesson.positions[name]
    text = " ".join(p.text for p in lesson.pages if p.board == name)
    assert cell_name in text
    assert str(next_step(position.after)) == expected


def test_lesson_5_after_page_candidates():
    after = BY_NUMBER[5].positions["example"].after
    stated = {"r2c5": {4, 5}, "r3c6": {4, 5}, "r4c4": {2, 7}, "r7c4": {2, 7}}
    assert {name: set(after.candidates(parse_cell_name(name))) for name in stated} == stated


# --- seen_as: a step the ladder meets under another technique's name ----------------------------

def test_seen_as_must_be_a_known_technique_and_needs_a_step(tmp_path):
    text = GOOD.replace('technique = "pointing"\nanswer', 'technique = "pointing"\nseen_as = "pointingg"\nanswer', 1)
    with pytest.raises(LessonError, match=r"^03-test.toml: positions.example.seen_as: unknown technique"):
        load_lesson(_write(tmp_path, text))


def test_seen_as_is_checked_against_the_engine(tmp_path):
    wrong = GOOD.replace('technique = "pointing"\nanswer', 'technique = "pointing"\nseen_as = "naked_single"\nanswer', 1)
    problems = verify(load_lesson(_write(tmp_path, wrong)))
    assert problems == ["03-test.toml: positions.example: says a naked_single makes the same step "
                        "(r7c1<>7, r7c4<>7, r7c5<>7), but no naked_single here does"]


def _seen_as_pairs(lesson):
    stated = list(lesson.positions.values()) + [e.position for e in lesson.exercises]
    return {(p.technique, p.seen_as) for p in stated if p.seen_as}


def test_skyscrapers_and_aics_are_stated_by_name_and_remote_pairs_as_the_step_met_first():
    # A sashimi X-Wing of four places is named a skyscraper, an open chain found as a nice loop
    # an AIC: the lessons state them by name. A remote pair is still met first as a skyscraper.
    seen = {pair for lesson in LESSONS for pair in _seen_as_pairs(lesson)}
    assert not {pair for pair in seen if pair[1] in ("skyscraper", "aic")}
    assert ("skyscraper", "remote_pair") in seen
    stated = {p.technique for lesson in LESSONS
              for p in list(lesson.positions.values()) + [e.position for e in lesson.exercises]}
    assert {"skyscraper", "aic", "nice_loop"} <= stated


@pytest.mark.parametrize("number", [4, 5, 6, 7])
def test_subset_lessons_show_the_naked_hidden_complement(number):
    # A naked subset and a hidden one on the rest of its unit's open cells make the same step.
    lesson = BY_NUMBER[number]
    kind = lesson.techniques[0].split("_")[0]
    other = {"naked": "hidden", "hidden": "naked"}[kind]
    pairs = _seen_as_pairs(lesson)
    assert any(t in lesson.techniques and s.startswith(other + "_") for t, s in pairs)
    complement = [p for p in lesson.pages if "other side" in p.title.lower()]
    assert complement and all(p.board and p.highlight.eliminations for p in complement)


# --- lessons waiting for the engine: lessons/pending/ ----------------------------------------

PENDING = sorted((bundled_dir("lessons") / "pending").glob("*.toml"))


@pytest.mark.parametrize("path", PENDING, ids=lambda p: p.stem)
def test_a_pending_lesson_verifies_once_the_engine_has_its_techniques(path):
    needed = tomllib.loads(path.read_text(encoding="utf-8"))["techniques"]
    missing = [t for t in needed if t not in BY_ID]
    if missing:
        pytest.skip(f"{path.name} waits for the engine's {', '.join(missing)}: it is checked "
                    "(and can move into lessons/, before backtracking) once the registry has it")
    lesson = load_lesson(path)
    assert verify(lesson) == []
    stated = list(lesson.positions.values()) + [e.position for e in lesson.exercises]
    for position in (p for p in stated if p.technique):
        steps = int(re.search(r"after (\d+) steps", position.source).group(1))
        assert _walk_to(position.grid, steps, position.technique) == position.grid, position.name


def test_titles_fit_the_lesson_list():
    # `tutor lesson` lists titles in a 52-character column.
    assert all(len(lesson.title) <= 52 for lesson in LESSONS)


# --- what every lesson has (issue: pattern, why, worked examples, how to spot, mistakes, ...) --

TAUGHT = [lesson for lesson in LESSONS if lesson.techniques]


def _worked_examples(lesson) -> list[str]:
    """The positions whose stated step is one of the lesson's techniques (or seen as one), in
    the order the pages first show them."""
    worked = {name for name, p in lesson.positions.items()
              if p.technique in lesson.techniques or p.seen_as in lesson.techniques}
    return list(dict.fromkeys(p.board for p in lesson.pages if p.board in worked))


@pytest.mark.parametrize("lesson", TAUGHT, ids=lambda lesson: lesson.id)
def test_every_lesson_has_the_parts_a_learner_needs(lesson):
    titles = [p.title.lower() for p in lesson.pages]
    # The pattern first, in words, before any board.
    assert not lesson.pages[0].board and len(lesson.pages[0].text.split()) >= 30, "the pattern"
    assert any("why" in t for t in titles), "why it holds"
    assert any("spot" in t for t in titles), "how to spot it"
    assert any("mistake" in t for t in titles), "common mistakes"
    assert len(lesson.exercises) >= 3
    # Worked examples on real positions (the engine checks them above): at least three, one of
    # them announced as hard to see (early, crowded, buried or simply hard).
    worked = _worked_examples(lesson)
    assert len(worked) >= 3, f"worked examples shown: {worked}"
    hard = [p for p in lesson.pages if p.board in worked
            and re.search(r"\b(hard|harder|buried|crowded)\b", p.title, re.IGNORECASE)]
    assert hard, "a worked example that is hard to see, said so in its page title"


@pytest.mark.parametrize("lesson", TAUGHT, ids=lambda lesson: lesson.id)
def test_every_technique_a_lesson_names_is_shown_or_practised(lesson):
    # Each technique a lesson lists has a worked example or an exercise of its own.
    stated = list(lesson.positions.values()) + [e.position for e in lesson.exercises]
    met = {p.seen_as or p.technique for p in stated}
    assert set(lesson.techniques) <= met


@pytest.mark.parametrize("lesson", TAUGHT, ids=lambda lesson: lesson.id)
def test_every_technique_a_lesson_names_has_an_exercise_of_its_own(lesson):
    # Answered on the board: a technique met only under another name (a remote pair is often a
    # skyscraper to the ladder) counts through `seen_as`, as in its worked example.
    practised = {e.position.seen_as or e.technique for e in lesson.exercises}
    assert set(lesson.techniques) <= practised, set(lesson.techniques) - practised


def test_every_technique_of_the_engine_has_a_lesson():
    taught = {t for lesson in LESSONS for t in lesson.techniques}
    assert [t.id for t in TECHNIQUES if t.id not in taught] == []


# --- why some techniques are only ever met under another name (lessons/README.md) -------------

STAND_INS = {
    # With naked pairs done, a chain of conjugate pairs: simple colours, or a skyscraper earlier.
    "remote_pair": ("skyscraper", "simple_colors"),
    "grouped_aic": ("grouped_nice_loop",),
    "hidden_quad": ("naked_pair", "naked_triple", "naked_quad"),  # the unit's other open cells
}
LONGEST_CLOSED = {"grouped_aic": 14}
"""The longest chain the loop search can close with two more links (grouped.MAX_LINKS - 2): a
longer grouped AIC could come next, none has in the puzzles searched."""
SHOWN_AS = [(lesson.id, p) for lesson in LESSONS
            for p in list(lesson.positions.values()) + [e.position for e in lesson.exercises]
            if p.seen_as in STAND_INS]


@pytest.mark.parametrize("lesson_id,position", SHOWN_AS,
                         ids=[f"{lid}-{p.name}-{p.seen_as}" for lid, p in SHOWN_AS])
def test_what_a_technique_met_under_another_name_removes_its_stand_in_removes_first(
        lesson_id, position):
    technique = position.seen_as
    made = {e for t in STAND_INS[technique] for s in find_steps(position.grid, t)
            for e in s.eliminations}
    steps = [s for s in find_steps(position.grid, technique)
             if len(s.chain or ()) <= LONGEST_CLOSED.get(technique, 81)]
    assert steps
    for step in steps:
        assert set(step.eliminations) <= made, str(step)
    assert all(BY_ID[t].order < BY_ID[technique].order for t in STAND_INS[technique]), "tried first"


def test_find_positions_lists_where_a_technique_makes_the_next_step_under_another_name(
        tmp_path, capsys):
    from scripts import find_positions

    exercise = next(e for e in BY_NUMBER[13].exercises if e.position.seen_as == "remote_pair")
    steps = re.search(r"after (\d+) steps", exercise.source).group(1)
    path = tmp_path / "puzzles.txt"
    path.write_text(exercise.grid.restart().to_line() + "\n", encoding="utf-8")
    assert find_positions.main(["remote_pair", str(path), "--full", "--seen-as"]) == 0
    out = capsys.readouterr().out
    assert f"line 1 step {steps} " in out and str(exercise.position.engine_step()) in out
    assert exercise.grid.to_compact() in out


# --- what a worked example says is the engine's own step ----------------------------------

SHOWN = [(lesson.id, index, page, lesson.positions[page.board]) for lesson in LESSONS
         for index, page in enumerate(lesson.pages)
         if page.board and not page.after and lesson.positions[page.board].technique]
"""Every page showing a worked example before its step: (lesson id, page index, page, position)."""

_GRID = r"(?: of the (?:top-left|top-right|centre|bottom-left|bottom-right) grid)?"
"""A Samurai's cells are named within a grid, several of one grid at once: 'r2c4 and r2c6 of the
centre grid'."""
_CELLS = rf"r\dc\d(?:(?:,| and|, and) r\dc\d)*{_GRID}"
_DIGITS = r"\d(?:(?:,| and|, and) \d)*"
_LOSE = re.compile(rf"({_CELLS}),?(?: \([^)]*\))?(?: each| both| all)?(?: sees? (?:both|every \d "
                   rf"of both)(?: ends)?,?(?: and)?)? (?:lose|loses) (?:its |their )?(?:own )?"
                   rf"({_DIGITS})\b")
_REMOVE = re.compile(rf"\b[Rr]emove ({_DIGITS}) from ({_CELLS})")


def stated_removals(text: str) -> set[tuple[int, int]]:
    """The candidates a page's text says are removed, as (cell, digit): 'r6c1 and r8c1 lose 4',
    'r1c9 and r5c1 each see both and lose their 6', 'remove 3 from r4c2'. A sentence that
    supposes ('if', 'suppose', 'would') and a list item of a case analysis ('- stem 6: ...')
    state what follows in that case only, and are left out."""
    found = set()
    items = re.split(r"\n- ", "\n" + text)
    for item in items:
        if re.match(r"[^:\n]{1,40}:", item) and item is not items[0]:
            continue  # '- stem 6: ...', '- If r5c5 is 1: ...': one case
        for sentence in re.split(r"(?<=[.;])\s+", " ".join(item.split())):
            if re.search(r"\b(if|suppose|would)\b", sentence, re.IGNORECASE):
                continue
            for cells, digits in [m.groups() for m in _LOSE.finditer(sentence)] + [
                    m.groups()[::-1] for m in _REMOVE.finditer(sentence)]:
                found |= {(cell, int(d)) for cell in _named_cells(cells)
                          for d in re.findall(r"\d", digits)}
    return found


def _named_cells(cells: str) -> list[int]:
    """The cells of 'r6c1 and r8c1', or on a Samurai 'r2c4 and r2c6 of the centre grid'."""
    grid = re.search(r" of the ([a-z-]+) grid$", cells)
    suffix = f" of the {grid.group(1)} grid" if grid else ""
    return [parse_cell_name(c + suffix) for c in re.findall(r"r\dc\d", cells)]


def _names_cell(text: str, cell: int) -> bool:
    """Whether a page's text names the cell as the board in use names it; on a Samurai, within
    any grid holding it, alone or among others of that grid ('r2c4 and r2c6 of the centre
    grid')."""
    board = current()
    if len(board.grids) == 1:
        return board.cell_name(cell) in text
    text = " ".join(text.split())
    for grid, row, col in board.cell_spots[cell]:
        listed = rf"(?:r\dc\d(?:,| and|, and) )*"
        if re.search(rf"\b{listed}r{row + 1}c{col + 1}(?:(?:,| and|, and) r\dc\d)* of the "
                     rf"{board.grid_names[grid]} grid", text):
            return True
    return False


def test_stated_removals_and_cell_names_read_a_samurais_names():
    board = samurai()
    text = ("So remove 1 from r2c4\nand r2c6 of the centre grid. r4c7, r7c7 and r9c7 of the "
            "bottom-left grid lose their 4.")
    with using(board):
        cell = parse_cell_name
        assert stated_removals(text) == {
            (cell("C r2c4"), 1), (cell("C r2c6"), 1), (cell("BL r4c7"), 4),
            (cell("BL r7c7"), 4), (cell("BL r9c7"), 4)}
        assert _names_cell(text, cell("C r2c6")) and _names_cell(text, cell("BL r7c7"))
        # A shared cell named in either of its grids; a cell of another grid is not named.
        assert _names_cell("r1c2 of the bottom-right grid", cell("C r7c8"))
        assert not _names_cell(text, cell("TL r2c4")) and not _names_cell(text, cell("C r4c7"))


def test_stated_removals_reads_the_lessons_phrasings():
    text = ("r6c1 and r8c1 lose 4 in column 1. r1c9 and r5c1 each see both and lose their 6;\n"
            "remove 3 from r4c2. If r5c5 is 1, r4c4 loses its 2.\n"
            "- stem 6: r1c5 loses its 6\n- r3c1 loses 5 and 9")
    cell = parse_cell_name
    assert stated_removals(text) == {
        (cell("r6c1"), 4), (cell("r8c1"), 4), (cell("r1c9"), 6), (cell("r5c1"), 6),
        (cell("r4c2"), 3), (cell("r3c1"), 5), (cell("r3c1"), 9)}


@pytest.mark.parametrize("lesson_id,index,page,position", SHOWN,
                         ids=[f"{lid}-page{i + 1}" for lid, i, _, _ in SHOWN])
def test_a_worked_example_states_only_the_engines_own_removals(lesson_id, index, page, position):
    # The position's step is the engine's (test_every_lesson_verifies_against_the_engine); what
    # the page's text says is removed, and what its board strikes out or places, is that step's.
    with using(position.grid.geometry):  # cells named on the lesson's board
        stated = stated_removals(page.text)
    assert stated <= set(position.eliminations), (
        f"the text removes {[f'{cell_name(c)}<>{d}' for c, d in sorted(stated - set(position.eliminations))]}, the step "
        f"{position.answer_text}")
    shown = (set(page.highlight.placements), set(page.highlight.eliminations))
    if shown != (set(), set()):
        assert shown == (set(position.placements), set(position.eliminations)) or any(
            (set(s.placements), set(s.eliminations)) == shown
            and in_sentence(s.name).lower() in page.text.lower()
            for t in TECHNIQUES if t.finder is not None for s in find_steps(position.grid, t.id)), (
            "the board shows changes that are neither the step's nor a step the page names")


@pytest.mark.parametrize("lesson_id,name,position", STATED,
                         ids=[f"{lid}-{name}" for lid, name, _ in STATED])
def test_a_worked_example_names_every_cell_its_step_changes(lesson_id, name, position):
    lesson = next(l for l in LESSONS if l.id == lesson_id)
    text = " ".join(page.text for page in lesson.pages if page.board == name)
    if not text:
        pytest.skip(f"{name} is shown on no page")
    changed = dict.fromkeys(c for c, _ in position.placements + position.eliminations)
    with using(position.grid.geometry):  # cells named on the lesson's board
        missing = [cell_name(c) for c in changed if not _names_cell(text, c)]
    assert not missing, f"the pages showing {name} never name {missing}"
