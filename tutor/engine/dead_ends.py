"""Searches that found nothing, remembered by what they read, so the next position skips them.

A finder that reasons about one digit alone (fish, single-digit patterns, colouring, pointing,
claiming) finds the same steps wherever that digit has the same places. The walk meets the same
places again and again: after a step that removes candidates of one digit, the other eight digits
are as they were at the last stuck position, where the finder found nothing. Remembering "this
search over these places found nothing" (never what it found) keeps every step the same.

Finders that keep the last position's facts (the subsets, unit by unit: each fact a function of
one unit's candidates alone) register their one-slot memory here with `forgotten`, and caches
keyed by a position's candidates with `forgotten_cache`, so that forget() empties them with the
dead ends: each grade starts afresh, and costs the same however often the puzzle was graded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

from tutor.model.geometry import DIGITS, digit_cell_sets
from tutor.engine.step import Step

LIMIT = 1 << 15
"""Dead ends kept before the memory starts afresh (a few megabytes at most)."""

_DEAD: set[Hashable] = set()
_SLOTS: list[list] = []


def forgotten(slot: list) -> list:
    """Register a finder's one-slot memory of the last position (a list of one item, replaced
    whole), so that forget() empties it too; returns the slot."""
    _SLOTS.append(slot)
    return slot


_CACHES: list = []


def forgotten_cache(function: Callable) -> Callable:
    """Register a finder's `functools.lru_cache` whose answers depend on a position's candidates
    (such as a digit's strong links, keyed by its places), so that forget() clears it too: kept
    for the next finder at the same position, never carried from one grade to the next. Caches
    of board geometry alone need not be registered. Returns the function, as a decorator."""
    _CACHES.append(function)
    return function


_DEAD_PLACES: dict[str, set[int]] = {}


def dead_places(tag: str) -> set[int]:
    """The places (81-bit sets) `tag`'s one-digit search went through in vain, as a set the finder
    reads and adds to, emptying it first when it holds LIMIT places; keyed by the places alone,
    the cheapest test."""
    found = _DEAD_PLACES.get(tag)
    if found is None:
        found = _DEAD_PLACES.setdefault(tag, set())
    return found


def is_dead(key: Hashable) -> bool:
    return key in _DEAD


def mark_dead(key: Hashable) -> None:
    if len(_DEAD) >= LIMIT:
        _DEAD.clear()
    _DEAD.add(key)


def forget() -> None:
    """Start afresh: each grade does, so that it costs the same whatever was graded before."""
    _DEAD.clear()
    for dead in _DEAD_PLACES.values():
        dead.clear()
    for slot in _SLOTS:
        slot[0] = None
    for cached in _CACHES:
        cached.cache_clear()


def by_digit(tag: str, masks: Sequence[int],
             search: Callable[[int, int], Iterable[Step]]) -> Iterator[Step]:
    """The steps of `search(digit, places)` for each digit in turn (places: its cells as an 81-bit
    set), skipping the digits whose places `tag`'s search already went through in vain. `search`
    must depend on nothing but its arguments (and what `tag` names, such as a fish's size)."""
    digit_cells = digit_cell_sets(masks)
    dead = dead_places(tag)
    for digit in DIGITS:
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
