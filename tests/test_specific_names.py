"""A step is named by its most specific technique, in next_step and in the grade's counts."""

from __future__ import annotations

from collections import Counter

import pytest

import tutor
from tutor.engine import find_steps
from tutor.engine.techniques import wings
from tutor.learning import load_lessons
from tutor.model.geometry import parse_cell_name as cell
from tutor.model.grid import Grid

LESSONS = {lesson.number: lesson for lesson in load_lessons()}


def _position(number, name):
    lesson = LESSONS[number]
    if name.startswith("ex"):
        return lesson.exercises[int(name[2:]) - 1].position
    return lesson.positions[name]


@pytest.mark.parametrize("number,name,technique", [
    (9, "skyscraper", "skyscraper"),  # a sashimi X-Wing of four places
    (9, "ex5", "skyscraper"),
    (9, "kite", "two_string_kite"),
    (13, "x_chain", "x_chain"),
    (13, "aic", "aic"),  # found by the nice loop search, its ends in two cells
    (13, "ex3", "aic"),
])
def test_next_step_and_grade_use_the_specific_name(number, name, technique):
    position = _position(number, name)
    step = tutor.next_step(position.grid)
    assert step.technique == technique
    assert set(step.eliminations) == set(position.eliminations)
    graded = tutor.grade(position.grid.restart())
    assert graded.techniques.get(technique, 0) >= 1
    assert any(s.technique == technique for s in graded.steps)


def test_a_skyscraper_met_as_a_sashimi_x_wing_removes_what_the_skyscraper_removes():
    position = _position(9, "skyscraper")
    step = tutor.next_step(position.grid)
    assert step.entry.rating == tutor.engine.BY_ID["skyscraper"].rating
    assert not [s for s in find_steps(position.grid, "finned_x_wing")
                if set(s.eliminations) <= set(step.eliminations) and len(s.cells) == 4]


def test_a_finned_x_wing_that_is_not_a_skyscraper_keeps_its_name():
    # Two fins: five places, no skyscraper.
    position = _position(8, "ex5")
    step = tutor.next_step(position.grid)
    assert step.technique == "finned_x_wing" and len(step.role("fins")) == 2
    assert str(step).startswith("Sashimi X-Wing")


def test_a_nice_loop_through_one_cell_stays_a_nice_loop():
    for name in ("nice_loop", "ex4"):
        position = _position(13, name)
        step = tutor.next_step(position.grid)
        assert step.technique == "nice_loop"
        first, last = step.role("ends")
        assert first == last == step.eliminations[0][0]
        graded = tutor.grade(position.grid.restart())
        assert graded.techniques.get("nice_loop", 0) >= 1


def test_a_w_wing_whose_link_ends_hold_only_its_digits_is_a_remote_pair():
    # r1c1, r1c5, r5c5 and r5c9 hold only 1 and 2, and column 5 has only r1c5 and r5c5 for its 1:
    # a W-Wing (pincers r1c1 and r5c9, strong link on 1) that is a remote pair of four cells.
    grid = Grid.empty()
    for name in ("r1c1", "r1c5", "r5c5", "r5c9"):
        grid = grid.with_candidates(cell(name), [1, 2])
    grid = grid.eliminate((cell(f"r{r}c5"), 1) for r in (2, 3, 4, 6, 7, 8, 9))
    found = list(wings.w_wings(grid.values, grid.live_masks))
    pairs = [s for s in found if s.technique == "remote_pair"]
    assert len(pairs) == 1 and not [s for s in found if s.technique == "w_wing"
                                    and set(s.cells) == set(pairs[0].cells)]
    step = pairs[0]
    assert set(step.eliminations) == {(cell(n), d) for n in ("r1c9", "r5c1") for d in (1, 2)}
    assert step.rating == 6.5  # a remote pair's rating, not the W-Wing's 4.4
    # The remote pair finder finds the same chain, and the W-Wing finder lists none of its own.
    assert [set(s.eliminations) for s in find_steps(grid, "remote_pair")] == [set(step.eliminations)]
    assert not [s for s in find_steps(grid, "w_wing") if set(s.cells) == set(step.cells)]


def test_a_step_given_by_a_more_specific_name_is_one_its_own_finder_finds():
    # A renamed step is an instance of the specific technique: its own finder finds a step
    # removing at least as much there (find_steps leaves it to that finder). One strong link
    # with a candidate seeing both places is a box-line intersection, not an X-chain: the loop
    # search keeps it as a loop.
    from test_dead_ends import diabolical_stuck_positions

    from tutor.engine.registry import BY_ID, MORE_SPECIFIC

    renamed: Counter = Counter()
    for grid in diabolical_stuck_positions(4):
        own: dict[str, list[set]] = {}
        for general, names in MORE_SPECIFIC.items():
            for step in BY_ID[general].finder(grid.values, grid.live_masks):
                assert step.technique in (general, *names)
                if step.technique == general:
                    continue
                renamed[step.technique] += 1
                assert len(step.chain) != 1, str(step)  # patterns have no chain
                if step.technique not in own:
                    own[step.technique] = [set(s.eliminations)
                                           for s in find_steps(grid, step.technique)]
                removed = set(step.eliminations)
                assert any(removed <= theirs for theirs in own[step.technique]), str(step)
    assert set(renamed) == {"skyscraper", "remote_pair", "x_chain", "xy_chain", "aic"}, renamed
