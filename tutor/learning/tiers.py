"""Lesson tiers (the card's ladder, tough, diabolical, extreme), derived from the technique registry.

A technique's tier comes from its registry entry, so a lesson added for any technique falls into
place without being listed anywhere:

- the card's ladder: techniques with a level on the card's 0-6 scale (naked single to hidden
  triple, and the guess that ends the card);
- tough: off the card, rated below 4.5 on Sudoku Explainer's scale (X-Wing, swordfish, the
  single-digit patterns, XY-, XYZ- and W-Wing);
- diabolical: rated 4.5 up to 6.0 (colouring, WXYZ-Wing, uniqueness, quads, Sue de Coq,
  jellyfish, BUG+1, ALS-XZ);
- extreme: rated 6.0 and above (ALS-XY-Wing, death blossom, chains, nice loops, AICs and
  anything harder).

A lesson's tier is where a learner first needs it: the lowest of its techniques' tiers (the fish
lesson opens with the X-Wing, a tough technique, and goes on to the diabolical jellyfish). Lesson 0,
with none, sits on the card.

The lessons on boards smaller than 9x9 (S1, S2...: singles and pairs on 4x4 and 6x6, where
children start) are a group of their own, listed first. The lessons on boards larger than one
9x9 grid (the Samurai) are numbered in the same series but are a group of their own too, listed
last: they build on the 9x9 techniques.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.engine import technique as technique_entry
from tutor.learning.model import Lesson

DIABOLICAL_FROM = 4.5
"""The lowest rating of a diabolical technique (off the card)."""
EXTREME_FROM = 6.0
"""The lowest rating of an extreme technique."""


@dataclass(frozen=True)
class Tier:
    rank: int
    id: str
    name: str


CARD = Tier(0, "card", "The card's ladder")
TOUGH = Tier(1, "tough", "Tough")
DIABOLICAL = Tier(2, "diabolical", "Diabolical")
EXTREME = Tier(3, "extreme", "Extreme")
SMALL = Tier(-1, "small", "Small boards")
"""The lessons on 4x4 and 6x6 boards (S1, S2...), apart from the 9x9 ladder's tiers."""
OTHER_BOARDS = Tier(4, "other", "Other boards")
"""The lessons on boards of several grids (the Samurai), after the 9x9 ladder."""
TIERS = (SMALL, CARD, TOUGH, DIABOLICAL, EXTREME, OTHER_BOARDS)


def technique_tier(technique_id: str) -> Tier:
    """The tier of a registry technique (KeyError for an unknown id)."""
    entry = technique_entry(technique_id)
    if entry.on_ladder:
        return CARD
    if entry.rating < DIABOLICAL_FROM:
        return TOUGH
    if entry.rating < EXTREME_FROM:
        return DIABOLICAL
    return EXTREME


def lesson_tier(lesson: Lesson) -> Tier:
    if lesson.series:
        return OTHER_BOARDS if len(lesson.geometry.grids) > 1 else SMALL
    return min((technique_tier(t) for t in lesson.practised), key=lambda tier: tier.rank,
               default=CARD)


def by_tier(lessons: Iterable[Lesson]) -> list[tuple[Tier, list[Lesson]]]:
    """The lessons grouped by tier, easiest tier first, each group in the order given; empty
    tiers left out."""
    groups: dict[Tier, list[Lesson]] = {tier: [] for tier in TIERS}
    for lesson in lessons:
        groups[lesson_tier(lesson)].append(lesson)
    return [(tier, group) for tier, group in groups.items() if group]



def in_number_order(lessons: Iterable[Lesson]) -> list[tuple[Lesson, Tier]]:
    """The lessons by number, each with its tier: the lists show them so, as a reader expects
    (by tier, lesson 16 came after 7 and 14 before 13), each line naming its tier. The small
    boards' lessons (S1, S2...) come first, where children start; the Samurai's last, as it
    builds on the 9x9 ladder."""
    def place(lesson: Lesson) -> tuple[int, int]:
        group = 1 if not lesson.series else 2 if lesson_tier(lesson) is OTHER_BOARDS else 0
        return group, lesson.number

    return [(lesson, lesson_tier(lesson)) for lesson in sorted(lessons, key=place)]
