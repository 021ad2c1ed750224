"""The lesson model: Lesson, Page, Exercise and Highlight, as read from lessons/*.toml."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tutor.engine import (
    CARD_LADDER, Step, describe_changes, find_steps, in_sentence, next_step,
    technique as technique_entry,
)
from tutor.learning.answers import Feedback, Mistake, check_answer
from tutor.model.geometry import CLASSIC, Geometry, listed, using
from tutor.model.grid import Grid

Change = tuple[int, int]
"""A (cell, digit) pair: a digit placed in a cell, or a candidate removed from it."""


@dataclass(frozen=True)
class Highlight:
    """What a page points at on its board: cells, units, digits, and changes to show."""

    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    placements: tuple[Change, ...] = ()
    eliminations: tuple[Change, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cells or self.units or self.digits or self.placements or self.eliminations)


@dataclass(frozen=True)
class Position:
    """A real position from a real puzzle, with the step the lesson says comes next (if any).

    `technique`, `placements` and `eliminations` are what the lesson file states; the tests check
    that the engine's `next_step` finds exactly that, so lesson text and engine never drift apart.
    """

    name: str
    grid: Grid
    source: str
    technique: str | None = None
    placements: tuple[Change, ...] = ()
    eliminations: tuple[Change, ...] = ()
    seen_as: str | None = None
    """Another technique that makes the very same step here (a skyscraper that the ladder meets
    first as a finned X-Wing); the tests check that it does."""

    @property
    def stated_step(self) -> Step | None:
        """The stated step as a Step carrying only its effect (pattern fields come from the engine)."""
        if self.technique is None:
            return None
        return Step(self.technique, placements=self.placements, eliminations=self.eliminations)

    @property
    def after(self) -> Grid:
        """The board once the stated step is made."""
        step = self.stated_step
        return self.grid if step is None else self.grid.apply(step)

    def engine_step(self) -> Step | None:
        """What the engine says comes next here (solving the puzzle once, then cached).

        A position about a technique of the card's ladder, or about the guess after it, is one the
        card's ladder reached: the engine steps there with the card's ladder, so a technique beyond
        the card does not take the place of the guess the lesson teaches.
        """
        on_card = self.technique in CARD_LADDER or self.technique == "backtracking"
        return next_step(self.grid, "card" if on_card else None)

    @property
    def answer_text(self) -> str:
        """'r7c5=1' or 'r9c3<>1, r9c8<>1' (cells named on the position's board)."""
        step = self.stated_step
        if step is None:
            return ""
        with using(self.grid.geometry):
            return describe_changes(step)


@dataclass(frozen=True)
class Page:
    """One screen of a lesson: a title, plain text (blank lines between paragraphs), maybe a board."""

    title: str
    text: str
    grid: Grid | None = None
    highlight: Highlight = field(default_factory=Highlight)
    board: str | None = None
    """The name of the lesson position shown, if any ('example')."""
    after: bool = False
    """True when the board is shown after the position's stated step."""


@dataclass(frozen=True)
class Exercise:
    """A position where the technique is the simplest next step; the learner makes that step."""

    key: str
    """Stable id for progress: '<lesson id>/<number>' ('03-intersections/2')."""
    prompt: str
    position: Position
    mistakes: tuple[Mistake, ...] = ()
    """Wrong answers the lesson's "Common mistakes" foresee here, each with why it is wrong."""

    @property
    def grid(self) -> Grid:
        return self.position.grid

    @property
    def technique(self) -> str:
        technique = self.position.technique
        assert technique is not None, "the loader requires an exercise's technique"
        return technique

    @property
    def source(self) -> str:
        return self.position.source

    @property
    def asked(self) -> tuple[str, ...]:
        """The techniques an answer must use: the one taught (`seen_as`, where the ladder meets it
        under another name) and the one the engine finds; any instance of them is right."""
        return tuple(dict.fromkeys(t for t in (self.position.seen_as, self.technique) if t))

    def own_step(self) -> Step | None:
        """The exercise's own instance: the engine's step making the stated changes."""
        stated = self.position.stated_step
        wanted = (set(stated.placements), set(stated.eliminations)) if stated else None
        return next((s for s in find_steps(self.grid, self.technique)
                     if (set(s.placements), set(s.eliminations)) == wanted), None)

    def check(self, placements: Iterable[Change] = (), eliminations: Iterable[Change] = ()) -> Feedback:
        """Feedback on a learner's answer, judged against the exercise's own technique (see
        tutor.learning.answers.check_answer)."""
        return check_answer(self.grid, self.asked, placements, eliminations, self.mistakes,
                            self.own_step())


@dataclass(frozen=True)
class Lesson:
    """A lesson: pages in reading order, then exercises; `id` is the file name without '.toml'."""

    id: str
    number: int
    title: str
    summary: str
    techniques: tuple[str, ...]
    pages: tuple[Page, ...]
    exercises: tuple[Exercise, ...]
    positions: dict[str, Position]
    path: Path | None = None
    geometry: Geometry = CLASSIC
    """The board of every position the lesson shows (its file's `board`)."""
    series: str = ""
    """'' on the 9x9 ladder (lessons 0, 1, 2...); 's' for the small boards' (S1, S2...)."""

    @property
    def label(self) -> str:
        """How lists and commands name it: '3' on the 9x9 ladder, 'S1' for a small board's."""
        return f"{self.series.upper()}{self.number}"

    @property
    def practised(self) -> tuple[str, ...]:
        """The techniques its exercises and drills practise: the lesson's own, or (for lesson 0,
        which teaches the rules and no technique) those its exercises use."""
        return self.techniques or tuple(dict.fromkeys(e.technique for e in self.exercises))

    @property
    def technique_names(self) -> str:
        """'Pointing and claiming', 'XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing' (a list read as a
        sentence: names of letters keep their capitals); 'Naked single' for lesson 0 (what it
        practises)."""
        names = [technique_entry(t).name for t in self.practised]
        if not names:
            return self.title
        names[1:] = map(in_sentence, names[1:])
        return listed(names)

    def check(self, exercise: Exercise, placements: Iterable[Change] = (),
              eliminations: Iterable[Change] = ()) -> Feedback:
        """Check an answer to one of this lesson's exercises against the exercise's own technique:
        a true step of another (a claiming in a pointing exercise) is named, not credited."""
        return exercise.check(placements, eliminations)
