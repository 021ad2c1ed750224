"""Lesson tiers come from the technique registry, so new lessons fall into place by themselves."""

from __future__ import annotations

import pytest

from tutor.engine import BY_ID, CARD_LADDER
from tutor.learning import load_lessons
from tutor.learning.model import Lesson, Page
from tutor.learning.progress import Progress
from tutor.learning.tiers import (
    CARD, DIABOLICAL, DIABOLICAL_FROM, EXTREME, EXTREME_FROM, OTHER_BOARDS, SMALL, TIERS, TOUGH,
    by_tier, lesson_tier,
    technique_tier,
)


def lesson_on(number: int, *techniques: str) -> Lesson:
    """A lesson as another author might add it (two pages, not yet read): only its techniques
    matter for its tier."""
    pages = (Page("The pattern", "..."), Page("Why it is true", "..."))
    return Lesson(f"{number:02d}-new", number, f"Lesson {number}", "", techniques, pages, (), {})


@pytest.mark.parametrize("technique_id,tier", [
    ("naked_single", CARD), ("hidden_triple", CARD), ("backtracking", CARD),
    ("x_wing", TOUGH), ("skyscraper", TOUGH), ("xy_wing", TOUGH), ("w_wing", TOUGH),
    ("simple_colors", DIABOLICAL), ("unique_rectangle", DIABOLICAL), ("als_xz", DIABOLICAL),
    ("jellyfish", DIABOLICAL),
    ("als_xy_wing", EXTREME), ("x_chain", EXTREME), ("aic", EXTREME), ("death_blossom", EXTREME),
])
def test_each_technique_falls_in_its_tier(technique_id, tier):
    assert technique_tier(technique_id) == tier


def test_the_boundaries_follow_the_registry_ratings():
    for technique_id, entry in BY_ID.items():
        tier = technique_tier(technique_id)
        if entry.on_ladder:
            assert tier == CARD
        elif entry.rating < DIABOLICAL_FROM:
            assert tier == TOUGH
        elif entry.rating < EXTREME_FROM:
            assert tier == DIABOLICAL
        else:
            assert tier == EXTREME
    assert all(technique_tier(t) == CARD for t in CARD_LADDER)
    # Every tier of the 9x9 ladder has techniques (the small boards' and the other boards' are
    # groups of lessons).
    assert {technique_tier(t) for t in BY_ID} == set(TIERS) - {SMALL, OTHER_BOARDS}, (
        "every tier has techniques")


def test_lessons_are_grouped_by_tier_in_their_own_order():
    bundled = load_lessons()
    added = [lesson_on(20, "aic"), lesson_on(9, "x_wing"), lesson_on(12, "unique_rectangle"),
             lesson_on(10, "xy_wing", "xyz_wing")]
    groups = dict(by_tier(bundled + added))
    # The small boards' lessons (S1, S2...) first, in a group of their own; the Samurai's last.
    assert list(groups) == [SMALL, CARD, TOUGH, DIABOLICAL, EXTREME, OTHER_BOARDS]
    assert groups[SMALL] == [lesson for lesson in bundled
                             if lesson.series and len(lesson.geometry.grids) == 1]
    assert [lesson.label for lesson in groups[OTHER_BOARDS]] == ["S4"]
    ladder = [lesson for lesson in bundled  # the card's nine lessons: 0-7 and backtracking
              if not lesson.series and (lesson.number <= 7
                                        or lesson.techniques == ("backtracking",))]
    assert [lesson for lesson in groups[CARD] if lesson in ladder] == ladder
    # Lessons others add for these tiers may sit beside these: look at the ones added here.
    assert [lesson.number for lesson in groups[TOUGH] if lesson in added] == [9, 10]
    assert [lesson.number for lesson in groups[EXTREME] if lesson in added] == [20]
    # A lesson mixing tiers sits where a learner first needs it, with its easiest technique;
    # lesson 0, teaching none, sits on the card.
    assert lesson_tier(lesson_on(30, "x_wing", "jellyfish")) == TOUGH
    assert lesson_tier(lesson_on(31, "x_chain", "als_xz")) == DIABOLICAL
    assert lesson_tier(bundled[0]) == CARD


def test_the_bundled_lessons_sit_where_their_first_technique_is_met():
    # The X-Wing is the first technique off the card: its lesson is tough, though it goes on to
    # the jellyfish; the chains and forcing chains are extreme.
    groups = {tier: [lesson.practised[0] for lesson in group]
              for tier, group in by_tier(load_lessons())}
    assert groups[TOUGH] == ["x_wing", "skyscraper", "xy_wing"]
    assert groups[DIABOLICAL] == ["simple_colors", "unique_rectangle", "als_xz"]
    assert groups[EXTREME] == ["remote_pair", "forcing_chain"]


def test_the_suggestion_follows_the_tiers(tmp_path):
    # Every bundled lesson done; an extreme lesson numbered before a tough one comes after it.
    bundled = load_lessons()
    progress = Progress(tmp_path / "progress.json")
    for lesson in bundled:
        for exercise in lesson.exercises:
            progress.attempt(lesson, exercise).answer(exercise.position.placements,
                                                      exercise.position.eliminations)
        progress.record_page(lesson, len(lesson.pages) - 1)
    chains, fish = lesson_on(9, "x_chain"), lesson_on(10, "x_wing")
    assert progress.suggest(bundled + [chains, fish]).lesson is fish
