"""Generate a proper puzzle whose grade needs a chosen technique (practice where a learner is weak).

A puzzle *needs* a technique when grading it with the full ladder (simplest step first) uses that
technique: no easier technique could take its place at that point. Random dug puzzles rarely
need anything beyond the card's ladder, so the search starts from real puzzles: the bundled
collections and the drill puzzles beside the lessons (lessons/drill-puzzles.txt, whose comments
name the techniques each one's walk reaches: jellyfish, colouring, chains...):

1. the puzzles likely to need it (for a technique of the card's ladder, the collections from its
   level up, its own first, the drill puzzles last; else the drill puzzles naming it, then the
   level-6 collection), visited in an order fixed by the seed and graded one at a time until one
   needs the technique; that puzzle is turned into a random
   equivalent (relabelled, rows and columns permuted: it grades exactly the same) and then varied
   by a few given swaps that keep it proper and still needing the technique;
2. if no bundled puzzle needs it, a random walk: given swaps from a random hard puzzle, each new
   proper puzzle graded, until one needs the technique.

The search gives up after `time_limit` seconds (or `cancel`) with a GenerationError that says so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator

from tutor.engine import (
    BY_ID, EngineError, Grade, grade, positions_along, technique as technique_entry,
)
from tutor.model.bundled import Collection, Puzzle, collections as bundled
from tutor.model.errors import Cancelled, GenerationError, LevelError
from tutor.model.grid import Grid
from tutor.model.resources import bundled_dir
from tutor.generator.digging import is_unique, removal_groups
from tutor.generator.generate import (
    Cancel, Generated, LevelRange, Progress, as_levels, level_text, swapped_givens, _is_cancelled,
)
from tutor.generator.transforms import random_transform

DEFAULT_TIME_LIMIT = 20.0
"""Seconds before `generate --needs` gives up."""
TRANSFORMS = 6
"""Random equivalents of a puzzle that needs the technique tried before the next puzzle."""
SWAPS = 12
"""Given swaps tried on the puzzle found (each kept only if it still needs the technique)."""


MET_AS = {
    "remote_pair": ("skyscraper", "finned_x_wing", "w_wing", "two_string_kite"),
    "hidden_quad": ("naked_quad",),
    "grouped_aic": ("als_xz", "als_xy_wing", "w_wing"),
}
"""Techniques the full ladder meets under other names (the same step found first by another
technique), and those names: a puzzle needs the technique when one of their steps is one it makes
too; the give-up message suggests the first. A skyscraper and an AIC are not here: the sashimi
X-Wing and the nice loop that find them first name them as what they are."""


class UnknownTechnique(GenerationError, ValueError):
    """A technique id the registry does not know; the message lists the ids it does."""


def check_technique(technique_id: str) -> str:
    """The id itself when the registry knows it; UnknownTechnique otherwise."""
    if technique_id not in BY_ID:
        raise UnknownTechnique(f"unknown technique {technique_id!r}; valid ids: {', '.join(BY_ID)}")
    return technique_id


def check_levels(technique_id: str, levels: LevelRange) -> LevelRange:
    """The levels themselves when a puzzle in them can need the technique.

    A step of a technique earns its level (6 beyond the card's ladder: the card cannot finish a
    puzzle that needs it), so no puzzle below that level needs it: asked for one, the search
    would only run out of time.

    :raises LevelError: saying which level a puzzle that needs the technique has.
    """
    entry = technique_entry(technique_id)
    lowest = 6.0 if entry.level is None else entry.level
    if levels.high >= lowest:
        return levels
    if entry.level is None:
        why = (f"{technique_id} is beyond the card's ladder, so a puzzle that needs it is level 6 "
               "by definition (the card's ladder cannot finish it)")
    else:
        why = (f"{technique_id} is level {level_text(lowest)} on the card's ladder, so a puzzle "
               f"that needs it is at level {level_text(lowest)} or above")
    raise LevelError(f"no puzzle at level {levels} needs {technique_id}: {why}")


def needs(result: Grade, technique_id: str) -> bool:
    return result.techniques.get(technique_id, 0) > 0


def steps_made_by(grid: Grid, result: Grade, technique_id: str) -> list[int]:
    """The indexes of the grade's steps that `technique_id` makes: its own, and for a technique
    the ladder meets under another name (MET_AS), that one's steps whose very placements and
    eliminations the technique's own finder also finds there (a remote pair among the
    skyscrapers). `grid` is the puzzle graded."""
    made = [i for i, step in enumerate(result.steps) if step.technique == technique_id]
    others = [t for t in MET_AS.get(technique_id, ()) if needs(result, t)]
    finder = technique_entry(technique_id).finder
    if made or not others or finder is None:
        return made
    for index, (step, position) in enumerate(zip(result.steps, positions_along(grid, result.steps))):
        if step.technique in others:
            wanted = (set(step.placements), set(step.eliminations))
            if any((set(s.placements), set(s.eliminations)) == wanted
                   for s in finder(position.values, position.masks)):
                made.append(index)
    return made


def uses(made: Generated, technique_id: str) -> int:
    """How many steps of a generated puzzle's grade the technique makes (see steps_made_by)."""
    return len(steps_made_by(made.grid, made.grade, technique_id))


DRILL_PUZZLES = "drill-puzzles.txt"
"""The lessons' drill puzzles (in lessons/): real puzzles reaching the rarer techniques."""
DRILL_NAME = "Drill puzzles"


def drill_collection() -> list[Collection]:
    """The lessons' drill puzzles as a collection without a level ([] if the file is absent)."""
    path = bundled_dir("lessons") / DRILL_PUZZLES
    return [Collection(DRILL_NAME, path, None)] if path.is_file() else []


def _names(puzzle: Puzzle, technique_id: str) -> bool:
    """Whether a drill puzzle's comment (`name; source; drills id, id`) names the technique."""
    _, _, reaches = puzzle.source.rpartition("drills ")
    return technique_id in {t.strip() for t in reaches.split(",")}


def _likely(technique_id: str, collections: Iterable[Collection]) -> list[Collection]:
    """Collections to search, most promising first."""
    level = technique_entry(technique_id).level
    ordered = sorted(collections, key=lambda c: -1 if c.level is None else c.level)
    if level is None:
        return sorted(ordered, key=lambda c: c.level != 6)  # beyond the card: level 6 first
    # On the card's ladder the puzzle should stay near the technique's level: its own level's
    # collection first, then the harder ones, the collections without a level and last the drill
    # puzzles, all beyond the card.
    likely = [c for c in ordered if c.level is None or c.level >= level]
    return sorted(likely, key=lambda c: (c.level is None, c.name == DRILL_NAME, c.level or 0))


def _candidates(technique_id: str, rng: random.Random,
                collections: Iterable[Collection]) -> Iterator[Puzzle]:
    """The puzzles to grade, in order: those whose comment says their walk reaches the technique
    first (the drill puzzles), then the likely collections, each shuffled by the seed."""
    shuffled = []
    for collection in _likely(technique_id, collections):
        puzzles = list(collection.puzzles())
        rng.shuffle(puzzles)
        shuffled += puzzles
    wanted = [technique_id, *MET_AS.get(technique_id, ())]
    named = [p for p in shuffled if any(_names(p, t) for t in wanted)]
    yield from named
    yield from (p for p in shuffled if p not in named)


class _Search:
    """One search: what fits, the clock, and how many puzzles were graded."""

    def __init__(self, technique_id: str, wanted: LevelRange | None, time_limit: float,
                 cancel: Cancel, clock: Callable[[], float],
                 progress: Callable[[Progress], None] | None = None):
        self.technique_id = technique_id
        self.progress = progress
        self.wanted = wanted
        self.time_limit = time_limit
        self.cancel = cancel
        self.clock = clock
        self.deadline = clock() + time_limit
        self.graded = 0

    def grade(self, values) -> Grade | None:
        self.check_time()
        self.graded += 1
        if self.progress is not None:
            self.progress(Progress(0, 1, self.graded))
        try:
            return grade(Grid(values))
        except EngineError:
            return None

    def fits(self, result: Grade | None, values) -> bool:
        return result is not None and (
            self.wanted is None or result.level in self.wanted) and bool(
            steps_made_by(Grid(values), result, self.technique_id))

    def check_time(self) -> None:
        if _is_cancelled(self.cancel):
            raise Cancelled("generation cancelled")
        if self.clock() > self.deadline:
            name = technique_entry(self.technique_id).name
            within = f" at level {self.wanted}" if self.wanted is not None else ""
            other = next(iter(MET_AS.get(self.technique_id, ())), None)
            instead = (f"; the ladder usually meets it as {technique_entry(other).name} "
                       f"(--needs {other})" if other else "")
            raise GenerationError(
                f"no puzzle needing {name} ({self.technique_id}){within} found in "
                f"{self.time_limit:g} s ({self.graded} puzzles graded): the full ladder rarely "
                f"needs it, since easier techniques find the same steps first{instead}")


def generate_needing(technique_id: str, seed: int | None = None, *,
                     levels: LevelRange | str | float | None = None,
                     time_limit: float = DEFAULT_TIME_LIMIT, cancel: Cancel = None,
                     collections: Iterable[Collection] | None = None,
                     clock: Callable[[], float] = time.monotonic,
                     progress: Callable[[Progress], None] | None = None) -> Generated:
    """A proper puzzle whose full-ladder grade uses `technique_id` (and is in `levels`, if given).

    `progress` is called with a Progress (its `attempts`: puzzles graded so far) before each
    grade. Raises UnknownTechnique, LevelError (at once: no puzzle in `levels` can need the
    technique), Cancelled, or GenerationError when nothing is found in time.
    """
    check_technique(technique_id)
    wanted = check_levels(technique_id, as_levels(levels)) if levels is not None else None
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    search = _Search(technique_id, wanted, time_limit, cancel, clock, progress)
    rng = random.Random(f"{seed}:{technique_id}")
    pool = list(bundled() + drill_collection() if collections is None else collections)
    groups = removal_groups(False)
    found: tuple[list[int], Grade, str] | None = None
    for puzzle in _candidates(technique_id, rng, pool):
        result = search.grade(puzzle.grid.values)
        if result is not None and search.fits(result, puzzle.grid.values):
            found = _equivalent(puzzle, rng, search)
            if found is not None:
                break
    if found is None:
        found = _walk(rng, pool, search, groups)
    values, result, how = found
    solution = result.solution.values
    kept = 0
    for _ in range(SWAPS):
        trial = swapped_givens(values, solution, rng, groups)
        if trial is None or not is_unique(trial):
            continue
        trial_grade = search.grade(trial)
        if trial_grade is not None and search.fits(trial_grade, trial):
            values, result, kept = trial, trial_grade, kept + 1
    method = how if kept else how.replace("varied from", "equivalent of")
    return Generated(Grid(values), result, seed, method, search.graded)


def _equivalent(puzzle: Puzzle, rng: random.Random, search: _Search):
    """A random equivalent of the puzzle that still needs the technique, if one of a few does.

    An equivalent puzzle has the same level, but the ladder may meet its steps in another order
    (finders scan cells in order), so one technique can stand in for another: each is graded.
    """
    for _ in range(TRANSFORMS):
        values = list(random_transform(rng, False).values(puzzle.grid.values))
        result = search.grade(values)
        if result is not None and search.fits(result, values):
            return values, result, f"varied from {puzzle.name}"
    return None


def _walk(rng: random.Random, pool: list[Collection], search: _Search, groups):
    """Given swaps from a random hardest-level puzzle until one fits (the search's clock stops it)."""
    hardest = [p for c in pool if c.level == 6 for p in c.puzzles()] or [
        p for c in pool for p in c.puzzles()]
    if not hardest:
        raise GenerationError("no puzzle to start from")
    start = rng.choice(hardest)
    values = list(random_transform(rng, False).values(start.grid.values))
    start_grade = search.grade(values)
    if start_grade is None:
        raise GenerationError(f"{start.name} cannot be graded")
    solution = start_grade.solution.values
    while True:
        search.check_time()
        trial = swapped_givens(values, solution, rng, groups)
        if trial is None or not is_unique(trial):
            continue
        values = trial
        result = search.grade(trial)
        if result is not None and search.fits(result, trial):
            return values, result, f"walked from {start.name}"
