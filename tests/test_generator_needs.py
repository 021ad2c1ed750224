"""Puzzles that need a technique: proper, graded as needing it, reproducible, and a clean give-up."""

from __future__ import annotations

import itertools
import threading

import pytest

import tutor
from tutor.cli.main import main
from tutor.generator.digging import is_unique
from tutor.engine import positions_along
from tutor.generator.needs import (
    SWAPS, TRANSFORMS, UnknownTechnique, generate_needing, steps_made_by, uses,
)
from tutor.model.bundled import collections
from tutor.model.errors import Cancelled, GenerationError, LevelError


@pytest.mark.parametrize("technique_id,seed", [
    ("hidden_pair", 1), ("x_wing", 4), pytest.param("xy_wing", 5, marks=pytest.mark.slow),
])
def test_the_puzzle_is_proper_and_its_grade_needs_the_technique(technique_id, seed):
    # No time limit that a busy machine could reach: this is about what is made, not how fast.
    made = generate_needing(technique_id, seed, time_limit=3600)
    assert is_unique(list(made.grid.values))
    graded = tutor.grade(made.grid)
    assert graded.techniques.get(technique_id, 0) > 0
    assert made.grade.techniques == graded.techniques
    # The same seed makes the same puzzle.
    assert generate_needing(technique_id, seed, time_limit=3600).grid == made.grid


def test_a_level_range_is_kept_too():
    made = generate_needing("naked_pair", 4, levels="2-2.5", time_limit=3600)
    assert made.grade.level in (2, 2.5) and made.grade.techniques.get("naked_pair")


def test_an_unknown_technique_lists_the_valid_ids():
    with pytest.raises(UnknownTechnique) as caught:
        generate_needing("x_wings", 1)
    message = str(caught.value)
    assert "unknown technique 'x_wings'" in message and "x_wing, finned_x_wing" in message


def test_it_gives_up_after_the_time_limit_with_a_message():
    # A clock that moves a second each time it is read: no waiting. Easy puzzles never need an AIC.
    ticks = itertools.count()
    easy = [c for c in collections() if c.level == 0]
    with pytest.raises(GenerationError) as caught:
        generate_needing("aic", 1, collections=easy, time_limit=30, clock=lambda: float(next(ticks)))
    message = str(caught.value)
    assert message.startswith("no puzzle needing Alternating inference chain (aic) found in 30 s (")
    assert "puzzles graded" in message


@pytest.mark.parametrize("technique_id,highest", [("pointing", 1.5), ("hidden_pair", 4.5)])
def test_a_card_technique_gets_a_puzzle_near_its_level(technique_id, highest):
    # Practising pointing wants a moderate puzzle, not a diabolical one that also needs it.
    for seed in (1, 2, 3):
        made = generate_needing(technique_id, seed, time_limit=3600)
        assert made.grade.level <= highest, (seed, made.method)


@pytest.mark.parametrize("technique_id", ["hidden_quad"])
def test_a_technique_the_ladder_meets_under_another_name_is_needed_through_it(technique_id):
    # A hidden quad is named only in a unit with all nine cells open (two drill puzzles have
    # one), otherwise met as a naked quad: the puzzle has a step of its path that a hidden quad
    # makes too, exactly.
    made = generate_needing(technique_id, 1, time_limit=3600)
    made_by = steps_made_by(made.grid, made.grade, technique_id)
    assert made_by and uses(made, technique_id) == len(made_by)
    positions = list(positions_along(made.grid, made.grade.steps))
    for index in made_by:
        step, position = made.grade.steps[index], positions[index]
        own = [(set(s.placements), set(s.eliminations)) for s in
               tutor.engine.technique(technique_id).finder(position.values, position.masks)]
        assert (set(step.placements), set(step.eliminations)) in own


def test_a_skyscraper_is_needed_by_name(capsys):
    # A sashimi X-Wing of four places is named the skyscraper it is: the grade of the puzzle made
    # counts skyscrapers, and the command does not say it is met under another name.
    made = generate_needing("skyscraper", 1, time_limit=3600)
    graded = tutor.grade(made.grid)
    assert graded.techniques.get("skyscraper", 0) > 0
    assert any(s.technique == "skyscraper" for s in graded.steps)
    assert main(["generate", "--needs", "skyscraper", "--seed", "1", "--time-limit", "3600"]) == 0
    line = capsys.readouterr().out
    assert line.startswith(made.grid.to_line()) or made.grid.to_line() in line
    assert "# needs skyscraper (1 step); level 6" in line and "another name" not in line


def test_giving_up_on_a_technique_met_under_another_name_suggests_that_name():
    ticks = itertools.count()
    easy = [c for c in collections() if c.level == 0]
    with pytest.raises(GenerationError) as caught:
        generate_needing("remote_pair", 1, collections=easy, time_limit=30,
                         clock=lambda: float(next(ticks)))
    assert str(caught.value).endswith(
        "the ladder usually meets it as Skyscraper (--needs skyscraper)")


def test_the_drill_puzzles_beside_the_lessons_are_searched_first_for_a_rare_technique():
    # A jellyfish: no bundled puzzle needs one; drill puzzles named for it do.
    graded = []
    made = generate_needing("jellyfish", 2, time_limit=3600, progress=graded.append)
    assert made.grade.techniques.get("jellyfish") and "Drill" in made.method, made.method
    assert len(graded) <= 3 + TRANSFORMS + SWAPS, "found among the first puzzles graded"


def test_the_command(capsys):
    assert main(["generate", "--needs", "hidden_pair", "--seed", "3", "--count", "2",
                 "--time-limit", "3600"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0] != lines[1]
    for line in lines:
        puzzle, comment = line.split(" # ")
        assert comment.startswith("needs hidden_pair (")
        assert tutor.grade(tutor.parse(puzzle)).techniques.get("hidden_pair")


@pytest.mark.parametrize("argv,words,code", [
    (["--needs", "xwing"], "--needs: unknown technique 'xwing'; valid ids: naked_single,", 2),
    ([], "give --level L", 2),
    (["--needs", "x_wing", "--symmetric"], "--symmetric cannot be combined with --needs", 2),
    # A puzzle needing a technique earns its level: refused at once, not after the time limit.
    (["--needs", "aic", "--level", "0"], "--level: no puzzle at level 0 needs aic: aic is beyond "
     "the card's ladder, so a puzzle that needs it is level 6 by definition", 2),
    (["--needs", "x_wing", "--level", "1-5.5"], "a puzzle that needs it is level 6 by definition", 2),
    (["--needs", "naked_pair", "--level", "0-1.5"], "naked_pair is level 2 on the card's ladder, "
     "so a puzzle that needs it is at level 2 or above", 2),
])
def test_command_errors_are_clear(argv, words, code, capsys):
    assert main(["generate", *argv]) == code
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("technique_id,levels", [("x_wing", "1"), ("aic", "0-5.5"),
                                                  ("hidden_triple", "4.5")])
def test_a_level_below_the_techniques_own_is_refused_before_any_grading(technique_id, levels):
    graded = []
    with pytest.raises(LevelError) as caught:
        generate_needing(technique_id, 1, levels=levels, progress=graded.append, time_limit=3600)
    assert graded == [], "refused before grading a single puzzle"
    assert str(caught.value).startswith(f"no puzzle at level {levels} needs {technique_id}: ")


def test_a_cancel_stops_it_and_progress_counts_the_puzzles_graded():
    graded = []
    stop = threading.Event()

    def seen(progress):
        graded.append(progress.attempts)
        if len(graded) == 3:
            stop.set()

    easy = [c for c in collections() if c.level == 0]  # none of them needs an AIC
    with pytest.raises(Cancelled):
        generate_needing("aic", 1, cancel=stop, progress=seen, time_limit=3600, collections=easy)
    assert graded == [1, 2, 3]
