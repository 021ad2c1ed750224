"""Drills ('practice more'): seeded and reproducible, and always a position where the technique comes next."""

from __future__ import annotations

import re
from itertools import islice

import pytest

from tutor import next_step
from tutor.engine import BY_ID, find_steps
from tutor.learning import find_lesson, load_lessons
from tutor.learning.review import review_drills
from tutor.model.geometry import UNITS
from tutor.model.resources import bundled_dir
from tutor.learning.drills import (
    DrillError, Source, bundled_sources, drill_ladder, drill_puzzle_sources, drills, file_sources,
    lesson_drills, lesson_sources, positions_for,
)

LESSONS = load_lessons()
SOURCES = lesson_sources(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_drills_are_reproducible_and_of_the_lessons_technique(lesson):
    first = list(islice(lesson_drills(lesson, LESSONS, seed=11), 3))
    again = list(islice(lesson_drills(lesson, LESSONS, seed=11), 3))
    assert [d.grid for d in first] == [d.grid for d in again]
    assert len(first) == 3
    wanted = set(lesson.techniques) or {e.technique for e in lesson.exercises}
    shown = {e.grid for e in lesson.exercises} | {p.grid for p in lesson.positions.values()}
    for drill in first:
        # Backtracking drills are where the card's ladder is stuck, as in its lesson.
        step = next_step(drill.grid, drill_ladder(wanted, lesson.geometry))
        assert drill.technique in wanted
        # A technique that never comes next is drilled where its stand-in does.
        assert step.technique == drill.technique or drill.taught == drill.technique
        assert step == drill.step
        assert drill.grid not in shown, "never a position the lesson already shows"


def test_different_seeds_give_different_drills():
    lesson = LESSONS[2]
    one = [d.grid for d in islice(lesson_drills(lesson, LESSONS, seed=1), 5)]
    two = [d.grid for d in islice(lesson_drills(lesson, LESSONS, seed=2), 5)]
    assert one != two


def test_drills_never_repeat_and_end_when_material_runs_out():
    source = SOURCES[0]
    available = positions_for(source, ["naked_single"])
    given = list(drills(["naked_single"], seed=5, sources=[source]))
    assert len(given) == len(available) > 0
    assert len({d.grid for d in given}) == len(given)


def test_no_position_at_all_is_a_clear_error():
    gentle = Source("gentle", LESSONS[0].exercises[0].grid.restart().to_line())
    with pytest.raises(DrillError, match="no position in 1 puzzles needs hidden_triple next"):
        next(drills(["hidden_triple"], seed=1, sources=[gentle]))


def test_a_users_file_is_walked_and_bad_puzzles_give_nothing(tmp_path):
    lesson = LESSONS[4]
    shown = {e.grid for e in lesson.exercises} | {p.grid for p in lesson.positions.values()}
    line = next(s.line for s in SOURCES
                if any(d.grid not in shown for d in positions_for(s, ["naked_pair"])))
    improper = "." * 81  # many solutions: no step can be proved, so no drill from it
    path = tmp_path / "mine.txt"
    path.write_text(f"{improper}\n{line}\n", encoding="utf-8")
    found = list(islice(lesson_drills(lesson, LESSONS, seed=3, path=path), 2))
    assert found and all(d.source.startswith("mine.txt, line 2") for d in found)
    assert all(next_step(d.grid).technique == "naked_pair" for d in found)


def test_unreadable_files_are_named(tmp_path):
    with pytest.raises(DrillError, match="cannot read .*absent.txt"):
        file_sources(tmp_path / "absent.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("12345\n", encoding="utf-8")
    with pytest.raises(DrillError, match="bad.txt: puzzle at line 1: .*found 5 cells"):
        file_sources(bad)


# --- drills for every technique: the drill puzzles beside the lessons ------------------------

DRILL_PUZZLES = drill_puzzle_sources()
SEEN_AS_ONLY = {"remote_pair", "grouped_aic"}
"""Taught, but not met as the next step on the full ladder: a technique the ladder tries first
applies where they do (a naked pair, simple colours or a skyscraper where a remote pair does; a
grouped nice loop, the same chain closed through the removed candidate, where a grouped AIC does,
up to the longest loop searched). A remote pair can come next when a W-Wing's strong link joins
two cells of the pair (the W-Wing is named a remote pair then), but none has in the puzzles
searched. The lessons show and practise them with `seen_as`, the review drills them where their
stand-in comes next, and lessons/README.md says why for each. A hidden quad comes next only in a
unit whose nine cells are all open: two drill puzzles have such a position."""


def test_the_lessons_readme_says_why_each_is_never_the_next_step():
    readme = (bundled_dir("lessons") / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Techniques that are never the next step")[1]
    rows = [line for line in section.split("\n\n")[2].splitlines()[2:]]
    assert {re.match(r"\| `(\w+)` \(lesson \d+\) \| \w", row).group(1) for row in rows} == SEEN_AS_ONLY



def test_drill_puzzles_name_their_source_and_known_techniques():
    assert len(DRILL_PUZZLES) >= 100
    for source in DRILL_PUZZLES:
        assert "Sudoku Exchange puzzle bank, puzzle " in source.label
        assert source.drills and source.drills <= set(BY_ID), source.label
    assert len({s.line for s in DRILL_PUZZLES}) == len(DRILL_PUZZLES), "no puzzle twice"


def test_drill_puzzles_cover_every_technique_the_bundled_puzzles_rarely_reach():
    claimed = {t for source in DRILL_PUZZLES for t in source.drills}
    taught = {t for lesson in LESSONS for t in lesson.techniques if not BY_ID[t].on_ladder}
    assert taught - SEEN_AS_ONLY <= claimed


@pytest.mark.slow
@pytest.mark.parametrize("source", DRILL_PUZZLES, ids=lambda s: s.label.split(" (")[0])
def test_each_drill_puzzle_reaches_the_techniques_it_names(source):
    reached = {drill.technique for drill in positions_for(source, source.drills)}
    assert reached == source.drills
    # The same walk (cached): the techniques met only under another name never come next. If
    # one does, it can have drills: take it out of SEEN_AS_ONLY and lessons/README.md's table.
    assert positions_for(source, SEEN_AS_ONLY) == []


def test_a_hidden_quad_comes_next_where_its_unit_has_nine_open_cells():
    # Elsewhere the unit's other open cells are a naked pair, triple or quad (or a naked single),
    # which the ladder tries first (lessons/README.md); the drill puzzles naming it are such.
    found = [drill for source in DRILL_PUZZLES if "hidden_quad" in source.drills
             for drill in positions_for(source, ["hidden_quad"])]
    assert found
    for drill in found:
        unit = next(u for u in UNITS if set(drill.step.cells) <= set(u))
        assert not any(drill.grid.values[c] for c in unit), drill.source


@pytest.mark.slow
@pytest.mark.parametrize("technique", sorted(SEEN_AS_ONLY))
def test_the_review_drills_what_never_comes_next_where_its_stand_in_makes_the_same_step(technique):
    drill = next(review_drills([technique], LESSONS, seed=1))
    assert drill.technique == technique and drill.step.technique != technique
    assert next_step(drill.grid) == drill.step
    made = [(set(s.placements), set(s.eliminations)) for s in find_steps(drill.grid, technique)]
    assert (set(drill.step.placements), set(drill.step.eliminations)) in made


@pytest.mark.slow
@pytest.mark.parametrize("technique", sorted(SEEN_AS_ONLY))
def test_a_lessons_practice_more_drills_what_never_comes_next_at_its_stand_ins(technique):
    lesson = find_lesson(technique, LESSONS)
    found = list(islice(lesson_drills(lesson, LESSONS, seed=1), 60))
    taught = [drill for drill in found if drill.technique == technique]
    assert taught, [drill.technique for drill in found]
    for drill in taught:
        assert drill.step.technique != technique and next_step(drill.grid) == drill.step
        made = [(set(s.placements), set(s.eliminations)) for s in find_steps(drill.grid, technique)]
        assert (set(drill.step.placements), set(drill.step.eliminations)) in made
    # Every other drill is of one of the lesson's techniques: a stand-in's position where the
    # technique makes some other step is left out.
    assert {drill.technique for drill in found} <= set(lesson.practised)


def test_a_lesson_whose_techniques_all_come_next_drills_only_them():
    # Lesson 7's hidden quad is shown as a naked pair or quad (`seen_as`), but two drill puzzles
    # reach it as the next step, so its drills are those, not the naked pairs' positions.
    lesson = find_lesson("hidden_quad", LESSONS)
    found = list(islice(lesson_drills(lesson, LESSONS, seed=1), 6))
    assert all(drill.taught is None and drill.step.technique in lesson.practised for drill in found)


def test_known_puzzles_come_first_so_a_rare_technique_drills_at_once():
    lesson = find_lesson("jellyfish", LESSONS)
    drill = next(lesson_drills(lesson, LESSONS, seed=4))
    assert drill.source.startswith("Drill ")
    assert next_step(drill.grid).technique in lesson.techniques


@pytest.mark.slow
@pytest.mark.parametrize("technique", sorted(
    {t for lesson in LESSONS for t in lesson.techniques if not BY_ID[t].on_ladder} - SEEN_AS_ONLY))
def test_every_technique_beyond_the_card_has_drills(technique):
    sources = bundled_sources() + DRILL_PUZZLES
    drill = next(drills([technique], seed=1, sources=sources))
    assert next_step(drill.grid) == drill.step and drill.technique == technique
