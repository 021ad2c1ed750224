"""'Practice more': endless, seeded drills on real positions where a lesson's technique comes next."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tutor.engine import CARD_LADDER, EngineError, Step, find_steps, next_step
from tutor.model.errors import DrillError, PuzzleError
from tutor.model.formats import parse, read_puzzles
from tutor.model.geometry import CLASSIC, Geometry, regular_of_cells
from tutor.model.grid import Grid
from tutor.model.bundled import collections, load_file
from tutor.model.resources import bundled_dir
from tutor.learning.answers import Feedback, check_answer
from tutor.learning.model import Lesson
from tutor.model.words import counted


@dataclass(frozen=True)
class Source:
    """A puzzle to walk for drills, with a label saying where it came from."""

    label: str
    line: str
    drills: frozenset[str] = frozenset()
    """Techniques its walk is known to reach (the drill puzzles say so): visited first for them."""
    board: Geometry | None = None
    """Its board, where the line's length does not tell the boxes (a 6x6 board of 3x2 boxes);
    None for the usual board of that many cells."""

    @property
    def geometry(self) -> Geometry:
        return self.board or regular_of_cells(_cell_count(self.line))


@dataclass(frozen=True)
class Drill:
    """A position where `step` (of the drilled technique) is the simplest next step."""

    grid: Grid
    step: Step
    source: str
    """'Level 2, Puzzle 7 (line 7), after 23 steps'."""
    taught: str | None = None
    """The technique practised when it is not the step's own: a remote pair that the ladder meets
    as a skyscraper (the same step), in a review of remote pairs."""

    @property
    def technique(self) -> str:
        return self.taught or self.step.technique

    def check(self, placements: Iterable[tuple[int, int]] = (),
              eliminations: Iterable[tuple[int, int]] = ()) -> Feedback:
        """Feedback on an answer, judged against the drilled technique (the step's own, or the one
        taught that makes the same step): a true step of another is named, not credited."""
        asked = tuple(dict.fromkeys((self.technique, self.step.technique)))
        return check_answer(self.grid, asked, placements, eliminations, target=self.step)


def bundled_sources() -> list[Source]:
    """Every puzzle of the bundled collections."""
    return [Source(f"{c.name}, {p.name} (line {p.line_number})", p.line)
            for c in collections() for p in c.puzzles()]


DRILL_PUZZLES = "drill-puzzles.txt"
"""Beside the lessons: real puzzles whose walk reaches the techniques the bundled collections
rarely or never need (a jellyfish, colouring, a BUG+1), so every lesson has drills."""


SMALL_BOARD_PUZZLES = "small-board-puzzles.txt"
"""Beside the lessons: puzzles of our own on 4x4 and 6x6 boards for the drills of the small
boards' lessons."""

_DRILLS_NOTE = re.compile(r";\s*drills\s+([a-z_, ]+)$")


def drill_puzzle_sources(folder: Path | str | None = None, name: str = DRILL_PUZZLES) -> list[Source]:
    """The puzzles of lessons/drill-puzzles.txt (or `name`: SMALL_BOARD_PUZZLES). Each line's
    comment is `# name; source; drills technique_id, ...`: the techniques its walk reaches
    (tests/test_lessons_drills.py and tests/test_lessons_small_boards.py check)."""
    path = Path(folder if folder is not None else bundled_dir("lessons")) / name
    if not path.is_file():
        return []
    sources = []
    for puzzle in load_file(path):
        match = _DRILLS_NOTE.search(puzzle.source)
        reaches = frozenset(t.strip() for t in match.group(1).split(",")) if match else frozenset()
        origin = puzzle.source[:match.start()] if match else puzzle.source
        sources.append(Source(f"{puzzle.name} ({origin}, {path.name} line {puzzle.line_number})",
                              puzzle.line, reaches))
    return sources


def lesson_sources(lessons: Iterable[Lesson]) -> list[Source]:
    """The puzzles behind the lessons' own examples and exercises (their givens), so every lesson
    has drill material even when the bundled collections are thin."""
    found: dict[str, Source] = {}
    for lesson in lessons:
        positions = list(lesson.positions.values()) + [e.position for e in lesson.exercises]
        for position in positions:
            line = position.grid.restart().to_line()
            found.setdefault(line, Source(f"the puzzle of lesson {lesson.label}'s {position.name}",
                                          line, board=lesson.geometry))
    return list(found.values())


def file_sources(path: Path | str) -> list[Source]:
    """The puzzles of a user's file, one a line (any format tutor.parse reads, on any board)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DrillError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
    sources = []
    for line_number, puzzle in read_puzzles(text):
        try:
            grid = parse(puzzle, None)  # any size: a small board's lesson drills on its own
        except PuzzleError as error:
            raise DrillError(f"{path.name}: puzzle at line {line_number}: {error}") from None
        sources.append(Source(f"{path.name}, line {line_number}", grid.to_compact(),
                              board=grid.geometry))
    if not sources:
        raise DrillError(f"{path}: no puzzle found")
    return sources


@lru_cache(maxsize=256)
def _walk(line: str, ladder: str | None = None, board: Geometry = CLASSIC
          ) -> tuple[tuple[Grid, Step], ...]:
    """Every (position, next step) from a puzzle's start to its end on a ladder (None: the full
    one), on `board`; empty for a bad puzzle."""
    try:
        grid = parse(line, board)
        path: list[tuple[Grid, Step]] = []
        while True:
            step = next_step(grid, ladder)
            if step is None:
                return tuple(path)
            path.append((grid, step))
            grid = grid.apply(step)
    except (PuzzleError, EngineError):
        # A puzzle with no unique solution teaches nothing: it simply gives no drills.
        return ()


def clear_walk_cache() -> None:
    """Forget the puzzle walks made so far (benchmarks time a cold start)."""
    _walk.cache_clear()


def drill_ladder(techniques: Iterable[str], board: Geometry = CLASSIC) -> str | None:
    """The ladder a drill's walk uses: the card's for backtracking (a guess where the card's
    techniques are stuck, as in its lesson: the full ladder rarely or never needs one), and on a
    board of several grids (the Samurai) for techniques all on the card, as its lesson's
    positions were found (the full ladder's search beyond the card over 369 cells took 9 s on
    one of its puzzles, the card's 0.4 s); else the full ladder."""
    techniques = set(techniques)
    if techniques == {"backtracking"}:
        return "card"
    if len(board.grids) > 1 and techniques <= set(CARD_LADDER):
        return "card"
    return None


def positions_for(source: Source, techniques: Iterable[str]) -> list[Drill]:
    """The positions of one puzzle's walk where one of `techniques` is the simplest next step."""
    wanted = set(techniques)
    return [Drill(grid, step, f"{source.label}, after {counted(taken, 'step')}")
            for taken, (grid, step) in enumerate(_walk(source.line,
                                                       drill_ladder(wanted, source.geometry),
                                                       source.geometry))
            if step.technique in wanted]


def drills(techniques: Iterable[str], seed: int, sources: list[Source] | None = None,
           exclude: Iterable[Grid] = ()) -> Iterator[Drill]:
    """Drills for the techniques, in an order fixed by `seed`, without end while material lasts.

    Puzzles are visited in a shuffled order, one drill from each in turn (a random position of its
    walk), round after round; a position is never given twice, nor any in `exclude` (the lesson's
    own exercises). Raises DrillError (on the first `next`) if no puzzle has a position to offer.
    """
    techniques = tuple(techniques)
    # The techniques are part of the seed so that lessons do not all start on the same puzzle.
    rng = random.Random(f"{seed}:{','.join(techniques)}")
    pool = list(bundled_sources() if sources is None else sources)
    seen = set(exclude)
    yielded_any = False
    wanted = set(techniques)
    while True:
        rng.shuffle(pool)
        # Puzzles known to reach the techniques first: a rare technique's drill comes at once
        # instead of after walking hundreds of puzzles that never need it.
        pool.sort(key=lambda source: not source.drills & wanted)
        fresh = False
        for source in pool:
            options = [d for d in positions_for(source, techniques) if d.grid not in seen]
            if not options:
                continue
            drill = rng.choice(options)
            seen.add(drill.grid)
            fresh = yielded_any = True
            yield drill
        if not fresh:
            if not yielded_any:
                names = ", ".join(techniques)
                raise DrillError(f"no position in {len(pool)} puzzles needs {names} next")
            return


def stand_ins(technique_id: str, lessons: Iterable[Lesson]) -> list[str]:
    """For a technique the lessons only ever show under another's name (`seen_as`: a remote pair
    is met as a skyscraper, a hidden quad as a naked quad), those names; else []."""
    found: dict[str, None] = {}
    for lesson in lessons:
        for position in list(lesson.positions.values()) + [e.position for e in lesson.exercises]:
            if position.technique == technique_id:
                return []
            if position.seen_as == technique_id and position.technique is not None:
                found[position.technique] = None
    return list(found)


def makes_same_step(technique_id: str, drill: Drill) -> bool:
    """Whether the technique makes the drill's step (the same placements and eliminations)."""
    wanted = (set(drill.step.placements), set(drill.step.eliminations))
    return any((set(s.placements), set(s.eliminations)) == wanted
               for s in find_steps(drill.grid, technique_id))


def on_board(sources: Iterable[Source], board: Geometry) -> list[Source]:
    """The sources whose puzzle is on `board`."""
    return [s for s in sources if _shape(s) is board]


def _shape(source: Source) -> Geometry | None:
    """A source's board; None for a line no regular board has (it gives no drills)."""
    try:
        return source.geometry
    except ValueError:
        return None


def _cell_count(line: str) -> int:
    """How many cells a line holds ('+5' and '{16}' are one cell each)."""
    return len(re.sub(r"\{[^}]*\}", ".", line).replace("+", ""))


def lesson_drills(lesson: Lesson, lessons: Iterable[Lesson], seed: int,
                  path: Path | str | None = None) -> Iterator[Drill]:
    """Drills for a lesson, on its board: from a user's file if given (its puzzles on that
    board), else the bundled puzzles (9x9), the drill puzzles beside the lessons and the
    lessons' own.

    A technique the ladder never meets first (a remote pair, met as a skyscraper: no drill
    puzzle names it) is drilled where its stand-in comes next and it makes the very same step."""
    lessons = list(lessons)
    techniques = lesson.practised
    board = lesson.geometry
    drill_puzzles = drill_puzzle_sources(
        name=DRILL_PUZZLES if board is CLASSIC else SMALL_BOARD_PUZZLES)
    reached = {t for source in drill_puzzles for t in source.drills}
    standing_for: dict[str, list[str]] = {}
    for technique_id in techniques:
        if technique_id in reached:
            continue
        for other in stand_ins(technique_id, lessons):
            standing_for.setdefault(other, []).append(technique_id)
    wanted = tuple(dict.fromkeys((*techniques, *standing_for)))
    if path is not None:
        sources = on_board(file_sources(path), board)
        if not sources:
            raise DrillError(f"{Path(path).name}: no puzzle on the {board.name} board of lesson "
                             f"{lesson.label}")
    else:
        # Only the drill puzzles for this lesson: the others would be walked for nothing.
        extra = [s for s in drill_puzzles if s.drills & set(wanted)]
        own = bundled_sources() if board is CLASSIC else []
        sources = on_board(own + extra + lesson_sources(lessons), board)
    seen = [e.grid for e in lesson.exercises] + [p.grid for p in lesson.positions.values()]
    found = drills(wanted, seed, sources, exclude=seen)
    return _as_taught(found, techniques, standing_for) if standing_for else found


def _as_taught(found: Iterator[Drill], techniques: tuple[str, ...],
               standing_for: dict[str, list[str]]) -> Iterator[Drill]:
    """The lesson's drills, each stand-in's position given as the technique it stands for where
    that technique makes the same step, and dropped where it does not (nor is the lesson's own)."""
    for drill in found:
        taught = next((t for t in standing_for.get(drill.step.technique, ())
                       if makes_same_step(t, drill)), None)
        if taught is not None:
            yield Drill(drill.grid, drill.step, drill.source, taught=taught)
        elif drill.step.technique in techniques:
            yield drill
