"""Generate proper puzzles that grade at a chosen level (or range) of the 0-6 scale, from a seed.

Two ways, tried in a fixed order so a seed always gives the same puzzle:
- dig: a random full grid, givens removed while the solution stays unique (for the easiest levels
  only removals that keep the grade within reach), then graded; kept if the level matches;
- vary: when digging has not found one after DIG_FIRST attempts (levels 3 to 5.5 are rare among
  dug puzzles), take a bundled puzzle at that level, turn it into a random equivalent one, then swap
  givens (add one from the solution, remove one or two) while it stays unique and at the level.

Every regular board of up to 16 digits is made the same way (`geometry`): its own full grids, its
solver for uniqueness, its transforms, its engine for the grade, its bundled puzzles to vary
(tutor.model.bundled.collections_of). A level no puzzle of the board can have (3 on 4x4, where
the card's ladder has no triple) is refused at once (check_board_levels).

The Samurai is made the same way as a whole: a full board of five grids, dug while the ladder up to
the level asked finishes it (which proves its one solution; at level 6 the solver decides), then
climbed; its bundled puzzles are not varied (the transforms move one grid's rows and columns).
For levels all above 3 (naked triples repeated, hidden pairs and triples, which a dug Samurai
seldom needs) it is built around a bundled classic puzzle at the level set as one corner grid, the
other grids filled around it and dug (corner_attempt); symmetric givens are still dug and climbed.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Callable, Iterator, Union

from tutor.engine import CARD_LADDER, Grade, band, grade, ladder_level, on_ladder_of, technique
from tutor.model.bundled import Collection, Puzzle, collections as bundled, collections_of
from tutor.model.errors import Cancelled, EngineError, GenerationError, LevelError
from tutor.model.geometry import CLASSIC, MAX_TABLE_SIZE, Geometry
from tutor.model.grid import Grid
from tutor.generator.digging import dig, is_unique, removal_groups, singles_closure
from tutor.generator.fullgrid import random_full_grid
from tutor.generator.transforms import (Transform, is_symmetric, permute_bands, permute_stacks,
                                        random_transform)

LEVELS = tuple(step / 2 for step in range(13))
"""The levels of the 0-6 scale, in half steps."""

DIG_FIRST = 40
"""Dig attempts before bundled puzzles are varied too (then the two alternate)."""
CAPPED_UP_TO = 1
"""Up to this level, digging removes a given only while the grade stays at most the level asked."""
VARY_TRIES = 120
"""Given swaps tried when varying a bundled puzzle."""

_LEVEL_TEXT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?$")


Levels = Union["LevelRange", str, float]
"""A LevelRange, a level (2.5) or level text ('2.5', '2-3.5')."""
Cancel = Union[threading.Event, Callable[[], bool], None]
"""A threading.Event, or a callable returning True, that stops a generation; None never stops."""

DEFAULT_MAX_ATTEMPTS = 5000
"""Attempts per puzzle before the command and the app give up (about a minute on this machine); with
the bundled puzzles in place no level gets there, since each level has seeds to vary."""


def level_text(level: float) -> str:
    """A level as people write it: 2, 2.5."""
    return f"{level:g}"


@dataclass(frozen=True)
class LevelRange:
    """The levels a generated puzzle may have: low to high inclusive."""

    low: float
    high: float

    @classmethod
    def parse(cls, text: str) -> LevelRange:
        """'2.5' or '2-3.5'; LevelError says what is wrong with anything else."""
        match = _LEVEL_TEXT.match(str(text))
        if not match:
            raise LevelError(
                f"{text!r} is not a level: give a number from 0 to 6 in steps of 0.5 (such as 2.5) "
                "or a range (such as 2-3.5)")
        low = _level(match.group(1))
        high = _level(match.group(2)) if match.group(2) else low
        if low > high:
            raise LevelError(f"the range {text!r} runs backwards: write it as "
                             f"{level_text(high)}-{level_text(low)}")
        return cls(low, high)

    def __contains__(self, level: float) -> bool:
        return self.low <= level <= self.high

    def __str__(self) -> str:
        if self.low == self.high:
            return level_text(self.low)
        return f"{level_text(self.low)}-{level_text(self.high)}"


def _level(text: str) -> float:
    value = float(text)
    if value not in LEVELS:
        raise LevelError(f"{text} is not a level: levels run from 0 to 6 in steps of 0.5")
    return value


def as_levels(levels: Levels) -> LevelRange:
    """A LevelRange from a LevelRange, a number or level text."""
    if isinstance(levels, LevelRange):
        return levels
    if isinstance(levels, (int, float)):
        return LevelRange(_level(str(levels)), _level(str(levels)))
    return LevelRange.parse(levels)


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its grade, the seed that makes it again, and how it was made."""

    grid: Grid
    grade: Grade
    seed: int
    method: str
    attempts: int

    @property
    def comment(self) -> str:
        level = self.grade.level
        board = self.grid.geometry
        # A board other than 9x9 is named, with its boxes (a 6x6 line reads as 2x3 boxes unless told).
        if board is CLASSIC:
            shape = ""
        elif board.is_samurai:
            shape = f"; {board.name} board"
        else:
            shape = f"; {board.name} board, boxes {board.box_height}x{board.box_width}"
        return (f"level {level_text(level)} ({band(level)}); "
                f"bottleneck: {self.grade.bottleneck}; seed {self.seed}{shape}")

    @property
    def line(self) -> str:
        """The puzzle file line: a character a cell (81 on 9x9), then `# level 2.5 (Tricky); bottleneck: ...; seed S`.
        A Samurai's is its comment line, then its five grids' lines (top-left, top-right, centre,
        bottom-left, bottom-right), as a file of Samurai puzzles holds it."""
        if len(self.grid.geometry.grids) > 1:
            return f"# {self.comment}\n{self.grid.to_grid_lines().rstrip()}"
        return f"{self.grid.to_line()} # {self.comment}"


@dataclass(frozen=True)
class Progress:
    """Reported after every attempt: puzzles found so far out of `count`, attempts on the current one."""

    found: int
    count: int
    attempts: int


def _is_cancelled(cancel: Cancel) -> bool:
    if cancel is None:
        return False
    if isinstance(cancel, threading.Event):
        return cancel.is_set()
    is_set = getattr(cancel, "is_set", None)  # another object with is_set(), as an Event has
    return bool(is_set() if is_set is not None else cancel())


def reachable_levels(geometry: Geometry) -> tuple[float, ...]:
    """The levels a proper puzzle of the board can grade at: those the card's techniques that hold
    there earn (once and repeated), and 6 (the card's ladder cannot finish), ascending.

    On the classic board that is every level; on 4x4 (no triple: a naked triple of four cells is a
    single) levels 3, 3.5, 5 and 5.5 are out of reach.
    """
    levels = {6.0}
    for technique_id in CARD_LADDER:
        if on_ladder_of(technique_id, geometry):
            entry = technique(technique_id)
            levels.update(level for level in (entry.level, entry.repeated_level)
                          if level is not None)
    return tuple(sorted(levels))


def check_board_levels(levels: LevelRange, geometry: Geometry) -> LevelRange:
    """The levels themselves when the board can have a puzzle in them and can be generated.

    :raises LevelError: for a board of more digits than the engine grades, or a range holding no
        level that the board's puzzles reach (naming the levels they do reach).
    """
    if geometry.size > MAX_TABLE_SIZE:
        raise LevelError(f"puzzles of the {geometry.name} board are not generated: the engine "
                         f"grades boards of up to {MAX_TABLE_SIZE} digits")
    reachable = reachable_levels(geometry)
    if not any(level in levels for level in reachable):
        raise LevelError(
            f"no {geometry.name} puzzle has level {levels}: the card's ladder on that board has "
            f"no technique earning it; its puzzles reach levels "
            f"{', '.join(level_text(level) for level in reachable)}")
    return levels


def _grade_values(values, geometry: Geometry = CLASSIC) -> Grade:
    return grade(Grid(values, geometry=geometry))


def _level_of(values, geometry: Geometry) -> float | None:
    """The grade's level, or None when the board's ladder cannot finish the puzzle (on a board
    where no guess is taught the grade stops there)."""
    try:
        return _grade_values(values, geometry).level
    except EngineError:
        if geometry is CLASSIC:
            raise
        return None


def _capped(levels: LevelRange, geometry: Geometry):
    """dig's `accept`, board and `proves_unique` on a board other than the classic one.

    Below level 6 a removal stays while the card's techniques up to the highest level asked
    finish the puzzle at most at that level: their steps hold in every solution, so that proves
    the solution unique without the solver, and digging as far as that allows pushes the level up
    to the level asked. Singles are checked first by a fast fill of their own (most removals on a
    big board), the engine only when they do not finish. At level 6 (the card cannot finish) the
    givens are dug while the solution stays unique, as on the classic board.
    """
    high = levels.high
    if high >= 6:
        return None, geometry, False
    ladder = tuple(t for t in CARD_LADDER
                   if on_ladder_of(t, geometry) and (technique(t).level or 0) <= high)

    walked: dict[tuple[int, ...], float | None] = {}

    def accept(values) -> bool:
        filled = singles_closure(values, geometry, hidden=high >= 0.5)
        if filled is None or 0 not in filled:
            return filled is not None
        if high < 1:
            return False
        # The engine's walk makes the same singles first: it goes on from where they stop, so a
        # removal the singles make again leaves the walk as it was (asked once per position).
        key = tuple(filled)
        level = walked.get(key, -1.0)
        if level == -1.0:
            level = walked[key] = ladder_level(Grid(filled, geometry=geometry), ladder)
        return level is not None and level <= high  # None: those techniques cannot finish it

    return accept, geometry, True


CLIMB_TRIES = 60
"""Given swaps tried on a dug puzzle of a board other than 9x9 that grades below the level asked."""


def swapped_givens(values: Sequence[int], solution: Sequence[int], rng: random.Random,
                   groups: Sequence[Sequence[int]]) -> list[int] | None:
    """Add one given from the solution and remove one or two others (None if impossible)."""
    empty = [g for g in groups if not values[g[0]]]
    filled = [g for g in groups if values[g[0]]]
    if not empty or len(filled) < 3:
        return None
    trial = list(values)
    for c in rng.choice(empty):
        trial[c] = solution[c]
    for group in rng.sample(filled, 1 + (rng.random() < 0.5)):
        for c in group:
            trial[c] = 0
    return trial


def _climb(values: list[int], levels: LevelRange, geometry: Geometry, accept, tries: int,
           trial_of) -> tuple[int, ...]:
    """A dug puzzle below the levels asked, made harder: `trial_of(values)` makes a changed
    puzzle (None: no more to try), kept while `accept` holds (one solution, at most the highest
    level) and the level does not drop, until it reaches the levels or `tries` run out."""
    def level_of(trial) -> float:
        try:
            return _grade_values(trial, geometry).level
        except EngineError:
            return -1.0

    current = level_of(values)
    if current in levels or current > levels.high:
        return tuple(values)
    for _ in range(tries):
        trial = trial_of(values)
        if trial is None:
            break
        if not accept(trial):
            continue
        level = level_of(trial)
        if level >= current:
            values, current = trial, level
            if current in levels:
                break
    return tuple(values)


def _swap_climb(values: list[int], solution, rng: random.Random, levels: LevelRange,
                symmetric: bool, geometry: Geometry, accept) -> tuple[int, ...]:
    """The climb by given swaps (one given added from the solution, one or two removed).

    Digging alone seldom stops at the middle levels of a small board (most dug 6x6 puzzles need
    singles alone), where one swap more often tips the balance.
    """
    groups = removal_groups(symmetric, geometry)
    return _climb(values, levels, geometry, accept, CLIMB_TRIES,
                  lambda current: swapped_givens(current, solution, rng, groups))


REDIG_ROUNDS = 15
"""Re-digs of one grid tried on a dug Samurai that grades below the levels asked above 3 (unless
they all lie above 3 and the givens need not be symmetric: then it is built around a classic
puzzle instead, see corner_attempt)."""
REDIG_ADDED = 3
"""Givens put back into the chosen grid before it is dug again."""


def _redig_climb(values: list[int], solution, rng: random.Random, levels: LevelRange,
                 symmetric: bool, geometry: Geometry, accept) -> tuple[int, ...]:
    """The climb of a puzzle of several grids: a few givens of one grid put back from the
    solution, then that grid's givens dug again in a new order while `accept` holds.

    A dug Samurai mostly needs no more than pointing; a given swap seldom changes that, where a
    new dig of one grid often ends at a harder pattern. Every kept puzzle passed `accept` (the
    ladder up to the highest level asked finishes it), so it has one solution.
    """
    groups = removal_groups(symmetric, geometry)
    grid_groups = [[g for g in groups if any(c in grid for c in g)]
                   for grid in map(frozenset, geometry.grids)]

    def redug(current: list[int]) -> list[int]:
        chosen = rng.choice(grid_groups)
        empty = [g for g in chosen if not current[g[0]]]
        trial = list(current)
        for group in rng.sample(empty, min(REDIG_ADDED, len(empty))):
            for c in group:
                trial[c] = solution[c]
        order = [g for g in chosen if trial[g[0]]]
        rng.shuffle(order)
        for group in order:
            kept = [trial[c] for c in group]
            for c in group:
                trial[c] = 0
            if not accept(trial):
                for c, v in zip(group, kept):
                    trial[c] = v
        return trial

    return _climb(values, levels, geometry, accept, REDIG_ROUNDS, redug)


CORNER_SWAPS = 10
"""Given swaps tried on the classic puzzle set into a Samurai's corner grid (see vary)."""
CORNER_PICKS = 8
"""Classic puzzles varied, at most, for one whose box at the Samurai's centre fills early."""

_CLASSIC_POOLS: dict[LevelRange, list[Puzzle]] = {}


def _classic_pool(levels: LevelRange) -> list[Puzzle]:
    """The bundled classic puzzles of the level files that may hold these levels (a file holds
    its level and the half level above it); which of them grade in range, vary tells."""
    pool = _CLASSIC_POOLS.get(levels)
    if pool is None:
        pool = _CLASSIC_POOLS[levels] = [
            puzzle for collection in collections_of(CLASSIC)
            if collection.level is not None
            and levels.low - 0.5 <= collection.level <= levels.high
            for puzzle in collection.puzzles()]
    return pool


def box_fills(givens: Sequence[int], result: Grade) -> tuple[list[int], int]:
    """(full_at, hard) for a classic puzzle and its grade: `hard` is the index of the grade's
    first step of the technique that sets its level, and full_at[b] the index of the step after
    which the givens and the steps' placements fill box b (0-8, row by row): -1 when the givens
    do, `hard` or more when the steps before `hard` do not.

    A box filled before `hard`, set at the corner a Samurai's centre grid shares, can only learn
    from the centre what the puzzle's easier steps find in it anyway before that step, so the
    centre grid cannot spare the puzzle its hard step: the easier techniques only remove
    candidates, and told early what they would find anyway they get stuck where they did.
    """
    steps = result.steps
    level = int(result.level)
    hard = next((i for i, step in enumerate(steps)
                 if (technique(step.technique).level or 0) >= level), len(steps))
    filled = [bool(v) for v in givens]
    boxes = CLASSIC.boxes
    full_at = [-1 if all(filled[c] for c in box) else hard for box in boxes]
    for i, step in enumerate(steps[:hard]):
        for cell, _ in step.placements:
            filled[cell] = True
        for b, box in enumerate(boxes):
            if full_at[b] == hard and all(filled[c] for c in box):
                full_at[b] = i
    return full_at, hard


def _corner_grids(geometry: Geometry) -> dict[int, int]:
    """Each outer grid of a board of several grids that shares exactly one box with the others,
    and that box (0-8 in the grid)."""
    corners: dict[int, int] = {}
    for g, cells in enumerate(geometry.grids):
        shared = [b for b, box in enumerate(CLASSIC.boxes)
                  if all(len(geometry.grids_of[cells[c]]) > 1 for c in box)]
        if len(shared) == 1:
            corners[g] = shared[0]
    return corners


def _moved_box(rng: random.Random, box: int, target: int) -> Transform:
    """A transform of the classic board taking box `box` to box `target`: bands and stacks
    reordered, the others at random."""
    def order(source: int, place: int) -> list[int]:
        others = [line for line in range(3) if line != source]
        rng.shuffle(others)
        others.insert(place, source)
        return others

    return permute_bands(order(box // 3, target // 3)).then(
        permute_stacks(order(box % 3, target % 3)))


def corner_attempt(rng: random.Random, levels: LevelRange,
                   geometry: Geometry) -> tuple[Grid, Grade, str] | None:
    """A Samurai at these levels (above 3) built around one corner grid: a bundled classic puzzle
    in range, varied (see vary), its box that fills before its hard step set at the corner it
    shares with the centre grid; the board's other grids filled around its solution and dug
    while the ladder, with that grid solved, finishes them below the level asked. Returned with
    its grade and how it was made when the whole grades in range; None when no classic puzzle
    was found in range or the whole grades out of it.

    A dug Samurai seldom needs a hidden pair or triple (its grids share so little that most
    digs end at pointing, and digging one grid again seldom changes that), where a classic
    puzzle that needs one is at hand. The whole has one solution: the corner grid's givens have
    one as a classic puzzle, and given it the ladder finishes the rest.
    """
    pool = _classic_pool(levels)
    if not pool:
        return None
    chosen: tuple[Puzzle, Grid, Grade, list[int]] | None = None
    for _ in range(CORNER_PICKS):
        source = rng.choice(pool)
        varied = vary(source.grid, rng, levels, False, CORNER_SWAPS)
        if varied is None:
            continue
        puzzle, result, _ = varied
        full_at, hard = box_fills(puzzle.values, result)
        early = [b for b, at in enumerate(full_at) if at < hard]
        if early:
            chosen = source, puzzle, result, early
            break
        if chosen is None:  # else the first one, with the boxes it fills first
            chosen = source, puzzle, result, [b for b, at in enumerate(full_at)
                                              if at == min(full_at)]
    if chosen is None:
        return None
    source, puzzle, result, boxes = chosen
    corners = _corner_grids(geometry)
    g = rng.choice(sorted(corners))
    move = _moved_box(rng, rng.choice(boxes), corners[g])
    givens, solved = move.values(puzzle.values), move.values(result.solution_values)
    cells = geometry.grids[g]
    start = [0] * geometry.cell_count
    for i, c in enumerate(cells):
        start[c] = solved[i]
    solution = random_full_grid(rng, geometry, start)
    # The other grids are dug with the corner grid solved (its givens prove it): a hard step
    # of their own at the level asked would count with the corner grid's and raise a whole
    # level (5) to its half (5.5), so below a whole level they stop half a level lower.
    high = levels.high if levels.high % 1 else levels.high - 0.5
    accept = _capped(LevelRange(high, high), geometry)[0]
    values = list(dig(solution, rng, False, accept, geometry, True, fixed=cells))
    for i, c in enumerate(cells):
        values[c] = givens[i]
    try:
        whole = _grade_values(values, geometry)
    except EngineError:
        return None
    if whole.level not in levels:
        return None
    how = f"{geometry.grid_names[g]} grid varied from {source.name}, the other grids dug"
    return Grid(values, geometry=geometry), whole, how


def dig_attempt(rng: random.Random, levels: LevelRange, symmetric: bool,
                geometry: Geometry = CLASSIC) -> tuple[Grid, Grade] | None:
    """One full grid dug to a puzzle; returned with its grade when the level is in range."""
    solution = random_full_grid(rng, geometry)
    if geometry is not CLASSIC:
        capped = _capped(levels, geometry)
        values = dig(solution, rng, symmetric, *capped)
        if capped[0] is not None and len(geometry.grids) > 1 and levels.high > 3:
            values = _redig_climb(list(values), solution, rng, levels, symmetric, geometry,
                                  capped[0])
        elif capped[0] is not None:
            values = _swap_climb(list(values), solution, rng, levels, symmetric, geometry,
                                 capped[0])
    else:
        accept = None
        if levels.high <= CAPPED_UP_TO:
            def accept(values):
                return _grade_values(values).level <= levels.high
        values = dig(solution, rng, symmetric, accept)
    try:
        result = _grade_values(values, geometry)
    except EngineError:
        if geometry is CLASSIC:
            raise
        return None  # the board's ladder cannot finish it: not a puzzle that board can teach
    if result.level in levels:
        return Grid(values, geometry=geometry), result
    return None


def vary(grid: Grid, rng: random.Random, levels: LevelRange, symmetric: bool = False,
         tries: int = VARY_TRIES) -> tuple[Grid, Grade, int] | None:
    """A random equivalent of a proper puzzle, then given swaps that keep it proper and in range.

    Returns the new puzzle, its grade and how many swaps were kept; None when the puzzle itself is
    out of range (an equivalent puzzle grades exactly as the puzzle does, half levels included).
    """
    board = grid.geometry
    transform = random_transform(rng, symmetric, board)
    values = list(transform.values(grid.values))
    current = _grade_values(values, board)
    if current.level not in levels:
        return None
    solution = current.solution.values
    groups = removal_groups(symmetric, board)
    kept = 0
    for _ in range(tries):
        empty = [g for g in groups if not values[g[0]]]
        filled = [g for g in groups if values[g[0]]]
        if not empty or len(filled) < 3:
            break
        added = rng.choice(empty)
        removed = rng.sample(filled, 1 + (rng.random() < 0.5))
        trial = list(values)
        for c in added:
            trial[c] = solution[c]
        for group in removed:
            for c in group:
                trial[c] = 0
        if not is_unique(trial, board):
            continue
        try:
            result = _grade_values(trial, board)
        except EngineError:
            if board is CLASSIC:
                raise
            continue  # the board's ladder cannot finish this one
        if result.level in levels:
            values, current = trial, result
            kept += 1
    return Grid(values, geometry=board), current, kept


_SEED_GRADES: dict[tuple[Geometry, str], float] = {}


def seed_puzzles(levels: LevelRange, symmetric: bool = False,
                 collections: Iterable[Collection] | None = None,
                 geometry: Geometry = CLASSIC) -> list[Puzzle]:
    """Bundled puzzles (tutor.model.bundled) of the board that are proper and grade in range;
    symmetric ones if asked."""
    if collections is None:
        collections = bundled() if geometry is CLASSIC else collections_of(geometry)
    found: list[Puzzle] = []
    for collection in collections:
        # A level file holds its level and the half level above it (level-5.txt: 5 and 5.5).
        if collection.level is not None and not (
                levels.low - 0.5 <= collection.level <= levels.high):
            continue
        for puzzle in collection.puzzles():
            key = (geometry, puzzle.line)
            level = _SEED_GRADES.get(key)
            if level is None:
                try:
                    level = grade(puzzle.grid).level
                    if puzzle.grid.geometry is not geometry:
                        level = -1.0  # a puzzle of another board is no seed for this one
                except Exception:  # a broken bundled line is not a seed; the puzzle tests catch it
                    level = -1.0
                _SEED_GRADES[key] = level
            if level in levels and (not symmetric or is_symmetric(puzzle.grid.values)):
                found.append(puzzle)
    return found


def generate_one(levels: Levels, seed: int, symmetric: bool = False, *,
                 progress: Callable[[Progress], None] | None = None, cancel: Cancel = None,
                 found: int = 0, count: int = 1, max_attempts: int | None = None,
                 collections: Iterable[Collection] | None = None,
                 geometry: Geometry = CLASSIC) -> Generated:
    """The puzzle of the board that `seed` gives at these levels.

    :raises Cancelled: when `cancel` says so.
    :raises GenerationError: when no puzzle is found in `max_attempts` attempts.
    :raises LevelError: for levels no puzzle of the board has (check_board_levels).
    """
    levels = as_levels(levels)
    if geometry is not CLASSIC:
        check_board_levels(levels, geometry)
    rng = random.Random(seed)
    seeds = None
    attempt = 0
    # A Samurai whose levels all lie above 3 is built around a classic puzzle at the level
    # (corner_attempt); symmetric givens are dug and climbed (a corner grid's half turn is
    # another corner grid), and so is a range from 3 or below (digging reaches its low end).
    around_corner = (len(geometry.grids) > 1 and not symmetric and 3 < levels.low
                     and levels.high < 6 and bool(_corner_grids(geometry))
                     and bool(_classic_pool(levels)))
    while max_attempts is None or attempt < max_attempts:
        if _is_cancelled(cancel):
            raise Cancelled("generation cancelled")
        attempt += 1
        # Bundled puzzles are varied on a board of one grid only: the transforms move one grid's
        # rows and columns, and a Samurai's dug puzzles reach its levels without them.
        if attempt > DIG_FIRST and attempt % 2 == 0 and len(geometry.grids) == 1:
            if seeds is None:
                seeds = seed_puzzles(levels, symmetric, collections, geometry)
            if seeds:
                source = rng.choice(seeds)
                varied = vary(source.grid, rng, levels, symmetric)
                if varied is not None:
                    grid, result, kept = varied
                    how = f"varied from {source.name}" if kept else f"equivalent of {source.name}"
                    return Generated(grid, result, seed, how, attempt)
                if progress is not None:
                    progress(Progress(found, count, attempt))
                continue
        if around_corner:
            built = corner_attempt(rng, levels, geometry)
            if built is not None:
                return Generated(built[0], built[1], seed, built[2], attempt)
            if progress is not None:
                progress(Progress(found, count, attempt))
            continue
        made = dig_attempt(rng, levels, symmetric, geometry)
        if made is not None:
            return Generated(made[0], made[1], seed, "dug", attempt)
        if progress is not None:
            progress(Progress(found, count, attempt))
    raise GenerationError(f"no puzzle at level {levels} found in {max_attempts} attempts")


def generate(levels: Levels, count: int = 1, seed: int | None = None, symmetric: bool = False, *,
             progress: Callable[[Progress], None] | None = None, cancel: Cancel = None,
             max_attempts: int | None = None,
             collections: Iterable[Collection] | None = None,
             geometry: Geometry = CLASSIC) -> Iterator[Generated]:
    """Yield `count` different puzzles at these levels; the n-th comes from seed + n (or a later seed
    if that one repeats an earlier puzzle), and its line names that seed.

    `cancel` is a threading.Event or a callable returning True to stop (raises Cancelled);
    `progress` is called with a Progress after every failed attempt and every puzzle found.
    `geometry` is the board (the classic one unless told).

    :raises LevelError: for a count below 1 or levels no puzzle of the board has.
    """
    levels = as_levels(levels)
    if geometry is not CLASSIC:
        check_board_levels(levels, geometry)
    if count < 1:
        raise LevelError(f"the count must be at least 1, not {count}")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    seen: set[str] = set()
    current = seed
    while len(seen) < count:
        made = generate_one(levels, current, symmetric, progress=progress, cancel=cancel,
                            found=len(seen), count=count, max_attempts=max_attempts,
                            collections=collections, geometry=geometry)
        current += 1
        key = made.grid.to_line()
        if key in seen:
            continue
        seen.add(key)
        if progress is not None:
            progress(Progress(len(seen), count, made.attempts))
        yield made
