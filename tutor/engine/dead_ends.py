"""Searches that found nothing, remembered by what they read, so the next position skips them.

A finder that reasons about one digit alone (fish, single-digit patterns, colouring, pointing,
claiming) finds the same steps wherever that digit has the same places. The walk meets the same
places again and again: after a step that removes candidates of one digit, the other eight digits
are as they were at the last stuck position, where the finder found nothing. Remembering "this
search over these places found nothing" (never what it found) keeps every step the same.

Finders that keep the last position's facts keep them in the search they run in
(engine/search.py), as these dead ends are: each grade starts afresh, and costs the same however
often its puzzle was graded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

from tutor.model.geometry import current as board_in_use
from tutor.engine.search import current
from tutor.engine.step import Step

LIMIT = 1 << 15
"""Dead ends kept before the memory starts afresh (a few megabytes at most)."""


def dead_places(tag: str) -> set[int]:
    """The places (cell sets) `tag`'s one-digit search went through in vain in the current
    search, as a set the finder reads and adds to, emptying it first when it holds LIMIT places;
    keyed by the places alone, the cheapest test."""
    known = current().dead_places
    found = known.get(tag)
    if found is None:
        found = known[tag] = set()
    return found


def is_dead(key: Hashable) -> bool:
    return key in current().dead


def mark_dead(key: Hashable) -> None:
    dead = current().dead
    if len(dead) >= LIMIT:
        dead.clear()
    dead.add(key)


def by_digit(tag: str, masks: Sequence[int],
             search: Callable[[int, int], Iterable[Step]]) -> Iterator[Step]:
    """The steps of `search(digit, places)` for each digit of the board in use in turn (places:
    its cells as a cell set), skipping the digits whose places `tag`'s search already went
    through in vain. `search` must depend on nothing but its arguments (and what `tag` names,
    such as a fish's size)."""
    memory = current()
    digit_cells = memory.digit_cell_sets(masks)
    dead = memory.dead_places.get(tag)
    if dead is None:
        dead = memory.dead_places[tag] = set()
    for digit in board_in_use().digits:
        places = digit_cells[digit]
        if not places or places in dead:
            continue
        found = False
        for step in search(digit, places):
            found = True
            yield step
        if not found:
            if len(dead) >= LIMIT:  # the bound of dead_places; most searches end here
                dead.clear()
            dead.add(places)
