"""One search's memory: everything the finders share or keep from one position to the next, owned
by one grade, one next step or one find_steps call, never by a module.

HoDoKu keeps what its finders share in one step finder object per position; here a `Search` is
that object. The grader and next_step open a fresh one (`searching()`) for each call, so each
grade starts with no memory by construction, and the context variable that holds it is each
thread's own (a thread starts with an empty context), so two threads grading at once never see
each other's memories. A finder asks for the search it runs in with `current()`; called outside
any search (a test calling a finder directly), it gets a search of its own, which it forgets
when done.

The memories are exact: each is a function of what it is keyed by (a digit's places, the last
position's masks compared by identity or equality), so keeping or dropping one never changes a
step, only what a step costs.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import wraps
from operator import attrgetter
from contextvars import ContextVar
from collections.abc import Callable, Hashable, Iterator, Sequence

TYPE_CHECKING = False  # not typing's: importing typing costs every command start-up time
if TYPE_CHECKING:
    from typing import Any, TypeVar

    _Key = TypeVar("_Key", bound=Hashable)
    _Answer = TypeVar("_Answer")

from tutor.model.geometry import new_digit_cell_sets


class Search:
    """The finders' memories during one search (see the module's docstring): the position the
    walk last handed the finders with its digits' cells, the dead ends (engine/dead_ends.py), and
    each family's memory of the last position it saw (named by the family that keeps it)."""

    __slots__ = (
        # The position the finders look at now (masks as a tuple) and its digits' cells.
        "masks", "digit_cells",
        # dead_ends: keys of searches that found nothing; per tag, places searched in vain.
        "dead", "dead_places",
        # places: a digit's unit masks, its line, box and unit strong links, keyed by its places.
        "unit_masks", "line_links", "box_links", "unit_links",
        # colouring: a digit's clusters, keyed by its places.
        "clusters",
        # subsets: naked pairs, the last position's answers unit by unit (one slot per search
        # kind), the last comparison of two positions.
        "pairs", "by_unit", "last_change",
        # fish: the swordfish's close lines; wings: strong links and WXYZ patterns.
        "close_lines", "known_links", "wxyz_patterns",
        # als_index: the ALS index (spots, built sets) and the last position's index.
        "als_spots", "als_built", "als_found",
        # chains, grouped chains, Sue de Coq, uniqueness: the last position's searches.
        "x_chains", "chain_graph", "grouped_graphs", "crossings", "rectangles",
        # grids: on a board of several grids, each grid's own search and the last position's
        # view of the grids (engine/grids.py).
        "grids",
    )

    def __init__(self) -> None:
        self.masks: tuple[int, ...] | None = None
        self.digit_cells: list[int] = []
        self.dead: set = set()
        self.dead_places: dict[str, set[int]] = {}
        self.unit_masks: dict = {}
        self.line_links: dict = {}
        self.box_links: dict = {}
        self.unit_links: dict = {}
        self.clusters: dict = {}
        # Each family's memory of the last position, in the shape that family gives it.
        self.pairs: Any = None
        self.last_change: Any = None
        self.close_lines: Any = None
        self.known_links: Any = None
        self.wxyz_patterns: Any = None
        self.als_spots: Any = None
        self.als_built: Any = None
        self.als_found: Any = None
        self.x_chains: Any = None
        self.chain_graph: Any = None
        self.grouped_graphs: Any = None
        self.crossings: Any = None
        self.rectangles: Any = None
        self.grids: Any = None
        self.by_unit: dict[Hashable, list] = {}

    def digit_cell_sets(self, masks: Sequence[int]) -> list[int]:
        """For each digit d (index d), the 81-bit set of cells having d as a candidate (index 0
        unused), kept for the position: the ladder's finders all ask about the same position in
        turn. The list may be shared: read it, do not change it."""
        key = tuple(masks)  # the same object when `masks` is a tuple
        last = self.masks
        if last is not None and (last is key or last == key):
            return self.digit_cells
        sets = new_digit_cell_sets(key)
        self.masks, self.digit_cells = key, sets
        return sets

    def look_at(self, masks: tuple[int, ...], sets: list[int]) -> None:
        """The position the finders are about to look at, with its digits' cells (the walk keeps
        them as it goes); `sets` must be what digit_cell_sets would work out, and is not changed
        afterwards."""
        self.masks, self.digit_cells = masks, sets


_CURRENT: ContextVar[Search | None] = ContextVar("search", default=None)
"""The search this thread (context) runs in, or None outside any."""


def current() -> Search:
    """The search the caller runs in; a fresh one (kept by nobody) outside any search."""
    search = _CURRENT.get()
    return Search() if search is None else search


def enter(search: Search) -> None:
    """Make `search` the current search for the rest of the current context: for a context made
    to run finders in (contextvars.Context.run: engine/grids.py runs each grid of a Samurai so,
    in a search of the grid's own); anywhere else `searching`."""
    _CURRENT.set(search)


@contextmanager
def searching(fresh: bool = True) -> Iterator[Search]:
    """Run the block in a search: a fresh one, or with `fresh=False` the one already running
    (a fresh one if none), which is how find_steps joins a caller's search."""
    search = None if fresh else _CURRENT.get()
    if search is not None:
        yield search
        return
    search = Search()
    token = _CURRENT.set(search)
    try:
        yield search
    finally:
        _CURRENT.reset(token)


def kept(attribute: str, limit: int) -> Callable[[Callable[[_Key], _Answer]],
                                                Callable[[_Key], _Answer]]:
    """Keep a function's answers in the current search's dict named `attribute`, by its one
    argument (a digit's places: the answer must be a function of them alone), emptied when it
    holds `limit` answers; outside any search the function is simply called."""
    read = attrgetter(attribute)

    def decorate(function: Callable[[_Key], _Answer]) -> Callable[[_Key], _Answer]:
        @wraps(function)
        def kept_answer(key: _Key) -> _Answer:
            search = _CURRENT.get()
            if search is None:
                return function(key)
            known = read(search)
            found = known.get(key)
            if found is None:
                if len(known) >= limit:
                    known.clear()
                found = known[key] = function(key)
            return found
        return kept_answer
    return decorate


def digit_cell_sets(masks: Sequence[int]) -> list[int]:
    """The current search's digit_cell_sets (Search.digit_cell_sets)."""
    search = _CURRENT.get()
    if search is None:
        return new_digit_cell_sets(masks)
    return search.digit_cell_sets(masks)
