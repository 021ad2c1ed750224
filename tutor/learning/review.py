"""The mixed review drill: positions for every technique due for review, taken in turn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from tutor.model.errors import DrillError
from tutor.model.geometry import cell_name
from tutor.model.grid import Grid
from tutor.learning.drills import Drill, bundled_sources, drills, lesson_sources
from tutor.learning.model import Lesson


def review_drills(techniques: Sequence[str], lessons: Iterable[Lesson], seed: int) -> Iterator[Drill]:
    """Drills for the techniques in turn (one each, round after round), in an order fixed by
    `seed`; a technique without a position to offer is left out. DrillError (on the first
    `next`) when no technique has one, or none is given."""
    if not techniques:
        raise DrillError("no technique is due for review")
    sources = bundled_sources() + lesson_sources(lessons)
    streams = {t: drills([t], seed, sources) for t in techniques}
    yielded = False
    while streams:
        for technique_id, stream in list(streams.items()):
            try:
                drill = next(stream)
            except (DrillError, StopIteration):
                del streams[technique_id]
                continue
            yielded = True
            yield drill
    if not yielded:
        raise DrillError(f"no position found for {', '.join(techniques)}")


def example_answer(grid: Grid, placement: bool) -> str:
    """How to write an answer, shown on a cell of `grid` that is empty ('r1c3<>4, ...' or
    'r1c3=4'): an example of the notation that names no filled cell."""
    cell = grid.empty_cells[0]
    digit = min(grid.candidates(cell), default=1)
    return f"{cell_name(cell)}={digit}" if placement else f"{cell_name(cell)}<>{digit}, ..."
