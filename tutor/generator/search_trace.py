"""The search visualiser's model: a backtracking search told as a stream of events, in two strategies.

- "cell_order": plain backtracking. Take the empty cells from r1c1 to r9c9, put the lowest digit no
  peer holds, move on; at a cell with no digit left, take back the previous cell's digit and try
  its next one. Every digit put is a guess.
- "propagation": first place every naked and hidden single (forced, so not a guess); then guess in
  the empty cell with the fewest candidates (the first such cell), digits in increasing order; on a
  contradiction take back the latest guess and all that followed it.

Events: "place" (a forced single), "guess", "backtrack" (a guess taken back, with every cell it
emptied), and one last event: "solved", "no_solution" or "limit" (the step limit was reached).
`guesses` counts digits tried by guessing, `backtracks` guesses taken back; so when solved,
guesses - backtracks is the number of guesses still on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from tutor.model.geometry import ALL_DIGITS, CELLS, COUNT, DIGITS_IN, ONLY_DIGIT, SIZE, UNITS, UNITS_OF, bit
from tutor.model.grid import Grid

STRATEGIES = {
    "cell_order": "Plain backtracking, cells in order",
    "propagation": "Singles first, then the cell with the fewest candidates",
}
FINAL = ("solved", "no_solution", "limit")


@dataclass(frozen=True)
class SearchEvent:
    """One change the search made, with the counters as they stand after it."""

    kind: str
    cell: int | None = None
    digit: int = 0
    cleared: tuple[int, ...] = ()
    reason: str = ""
    guesses: int = 0
    backtracks: int = 0
    steps: int = 0
    depth: int = 0

    @property
    def is_final(self) -> bool:
        return self.kind in FINAL


class SearchTrace:
    """An iterator of SearchEvents; `values` is the board as it stands after the latest event."""

    def __init__(self, grid: Grid, strategy: str = "cell_order", step_limit: int | None = None):
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}")
        self.strategy = strategy
        self.step_limit = step_limit
        self.givens = frozenset(c for c in CELLS if grid.values[c])
        self.values = [grid.values[c] for c in CELLS]
        self.used = [0] * (3 * SIZE)
        self.guesses = 0
        self.backtracks = 0
        self.steps = 0
        self.depth = 0
        self.outcome: str | None = None
        self._consistent = self._start()
        self._events = self._run()

    def _start(self) -> bool:
        for c in CELLS:
            if self.values[c]:
                b = bit(self.values[c])
                if any(self.used[u] & b for u in UNITS_OF[c]):
                    return False
                for u in UNITS_OF[c]:
                    self.used[u] |= b
        return True

    def __iter__(self) -> Iterator[SearchEvent]:
        return self

    def __next__(self) -> SearchEvent:
        return next(self._events)

    def run(self) -> SearchEvent:
        """Consume every event; return the last one."""
        last = None
        for event in self:
            last = event
        assert last is not None, "a search makes at least its final event"
        return last

    def grid(self) -> Grid:
        """The board now, with the puzzle's givens."""
        return Grid(self.values, self.givens)

    # --- bookkeeping ------------------------------------------------------------------------
    def _free(self, cell: int) -> int:
        a, b, d = UNITS_OF[cell]
        used = self.used
        return ALL_DIGITS & ~(used[a] | used[b] | used[d])

    def _put(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        b = bit(digit)
        for u in UNITS_OF[cell]:
            self.used[u] |= b

    def _take(self, cell: int) -> int:
        digit = self.values[cell]
        self.values[cell] = 0
        b = ~bit(digit)
        for u in UNITS_OF[cell]:
            self.used[u] &= b
        return digit

    def _event(self, kind: str, cell=None, digit=0, cleared=(), reason="") -> SearchEvent:
        if kind not in FINAL:
            self.steps += 1
        else:
            self.outcome = kind
        return SearchEvent(kind, cell, digit, tuple(cleared), reason, self.guesses,
                           self.backtracks, self.steps, self.depth)

    def _run(self) -> Iterator[SearchEvent]:
        if not self._consistent:
            yield self._event("no_solution")
            return
        search = self._cell_order() if self.strategy == "cell_order" else self._propagation()
        for event in search:
            yield event
            if event.is_final:
                return
            if self.step_limit is not None and self.steps >= self.step_limit:
                yield self._event("limit")
                return

    # --- plain backtracking -----------------------------------------------------------------
    def _cell_order(self) -> Iterator[SearchEvent]:
        empties = [c for c in CELLS if not self.values[c]]
        index = 0
        lowest = 1
        while True:
            if index == len(empties):
                yield self._event("solved")
                return
            cell = empties[index]
            free = self._free(cell) >> (lowest - 1)
            if free:
                digit = lowest + (free & -free).bit_length() - 1
                self._put(cell, digit)
                self.guesses += 1
                self.depth += 1
                index += 1
                lowest = 1
                yield self._event("guess", cell, digit)
                continue
            if index == 0:
                yield self._event("no_solution")
                return
            index -= 1
            cell = empties[index]
            digit = self._take(cell)
            self.backtracks += 1
            self.depth -= 1
            lowest = digit + 1
            yield self._event("backtrack", cell, digit, (cell,))

    # --- singles, then fewest candidates first ----------------------------------------------
    def _propagation(self) -> Iterator[SearchEvent]:
        trail: list[int] = []  # every cell filled by the search, in order, so a guess can be undone
        frames: list[list] = []  # [cell, digits left to try, digit on the board, trail length before]
        while True:
            consistent = yield from self._singles(trail)
            if consistent:
                empties = [c for c in CELLS if not self.values[c]]
                if not empties:
                    yield self._event("solved")
                    return
                cell = min(empties, key=lambda c: (COUNT[self._free(c)], c))
                frames.append([cell, list(DIGITS_IN[self._free(cell)]), 0, len(trail)])
            else:
                while True:
                    if not frames:
                        yield self._event("no_solution")
                        return
                    frame = frames[-1]
                    cleared = trail[frame[3]:]
                    del trail[frame[3]:]
                    for c in cleared:
                        self._take(c)
                    self.backtracks += 1
                    self.depth -= 1
                    yield self._event("backtrack", frame[0], frame[2], cleared)
                    if frame[1]:
                        break
                    frames.pop()
            frame = frames[-1]
            digit = frame[1].pop(0)
            frame[2] = digit
            self._put(frame[0], digit)
            trail.append(frame[0])
            self.guesses += 1
            self.depth += 1
            yield self._event("guess", frame[0], digit)

    def _singles(self, trail: list[int]):
        """Place naked and hidden singles until none is left; return False on a contradiction."""
        while True:
            placed = False
            for c in CELLS:
                if self.values[c]:
                    continue
                free = self._free(c)
                if not free:
                    return False
                if ONLY_DIGIT[free]:
                    self._put(c, ONLY_DIGIT[free])
                    trail.append(c)
                    placed = True
                    yield self._event("place", c, ONLY_DIGIT[free], reason="naked single")
            if placed:
                continue
            for u, unit in enumerate(UNITS):
                for digit in DIGITS_IN[ALL_DIGITS & ~self.used[u]]:
                    b = bit(digit)
                    places = [c for c in unit if not self.values[c] and self._free(c) & b]
                    if not places:
                        return False
                    if len(places) == 1:
                        self._put(places[0], digit)
                        trail.append(places[0])
                        placed = True
                        yield self._event("place", places[0], digit, reason="hidden single")
            if not placed:
                return True


def trace(grid: Grid, strategy: str = "cell_order", step_limit: int | None = None) -> SearchTrace:
    """A new search over `grid`'s values (see SearchTrace)."""
    return SearchTrace(grid, strategy, step_limit)



class SideBySide:
    """Both strategies over one puzzle, stepped together (the visualiser's two boards).

    `advance(n)` takes up to n events from each search that is still running, so a speed control
    is just how many steps a tick asks for; `latest` holds each search's last event.
    """

    def __init__(self, grid: Grid, step_limit: int | None = None):
        self.searches = {name: SearchTrace(grid, name, step_limit) for name in STRATEGIES}
        self.latest: dict[str, SearchEvent | None] = {name: None for name in STRATEGIES}

    @property
    def finished(self) -> bool:
        return all(event is not None and event.is_final for event in self.latest.values())

    def advance(self, steps: int = 1) -> dict[str, list[SearchEvent]]:
        """The events each search made in this tick (an empty list once it has ended)."""
        made = {}
        for name, search in self.searches.items():
            events: list[SearchEvent] = []
            latest = self.latest[name]
            while len(events) < steps and not (latest and latest.is_final):
                latest = self.latest[name] = next(search)
                events.append(latest)
            made[name] = events
        return made
