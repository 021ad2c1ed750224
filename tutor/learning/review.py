"""The mixed review drill: positions for every technique due for review, taken in turn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from tutor.model.errors import DrillError
from tutor.model.geometry import CLASSIC, cell_name, using
from tutor.model.grid import Grid
from tutor.learning.drills import (
    Drill, Source, bundled_sources, drill_puzzle_sources, drills, lesson_sources, makes_same_step,
    on_board, stand_ins,
)
from tutor.learning.model import Lesson


def _drills_for(technique_id: str, lessons: list[Lesson], seed: int,
                sources: list[Source]) -> Iterator[Drill]:
    """Positions where the technique comes next; for one the ladder meets under another name,
    also positions where a stand-in comes next and the technique makes the very same step."""
    others = stand_ins(technique_id, lessons)
    if not others:
        yield from drills([technique_id], seed, sources)
        return
    for drill in drills([technique_id, *others], seed, sources):
        if drill.step.technique == technique_id or makes_same_step(technique_id, drill):
            yield Drill(drill.grid, drill.step, drill.source, taught=technique_id)


def review_drills(techniques: Sequence[str], lessons: Iterable[Lesson], seed: int) -> Iterator[Drill]:
    """Drills for the techniques in turn (one each, round after round), in an order fixed by
    `seed`; a technique without a position to offer is left out. DrillError (on the first
    `next`) when no technique has one, or none is given."""
    if not techniques:
        raise DrillError("no technique is due for review")
    lessons = list(lessons)
    wanted = set(techniques) | {s for t in techniques for s in stand_ins(t, lessons)}
    extra = [s for s in drill_puzzle_sources() if s.drills & wanted]
    # The review is on the 9x9 board: a technique learnt on a small board is reviewed there too.
    sources = on_board(bundled_sources() + extra + lesson_sources(lessons), CLASSIC)
    streams = {t: _drills_for(t, lessons, seed, sources) for t in techniques}
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
    with using(grid.geometry):
        name = cell_name(cell)
    return f"{name}={digit}" if placement else f"{name}<>{digit}, ..."
