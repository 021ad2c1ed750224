"""Check a learner's answer (digits placed, candidates removed) against the engine: right, partly, wrong."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tutor.engine import (
    LADDER,
    HintLevel,
    Position,
    Step,
    contradiction_story,
    find_steps,
    next_step,
    solution_values,
    an,
    in_sentence,
    technique as technique_entry,
    works_on,
)
from tutor.model.geometry import (
    CLASSIC, COUNT, Geometry, cell_name, digits_name, unit_name, using,
)
from tutor.model.grid import Grid

RIGHT = "right"
PARTLY = "partly"
WRONG = "wrong"


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer and why, by cell.

    `missed` and `wrong` list (cell, digit, kind) with kind '=' (placement) or '<>' (elimination);
    `step` is the engine step the answer was measured against, whose hints (nudge, pattern, full
    explanation) the learner climbs after a wrong answer.
    """

    verdict: str
    message: str
    details: tuple[str, ...] = ()
    missed: tuple[tuple[int, int, str], ...] = ()
    wrong: tuple[tuple[int, int, str], ...] = ()
    step: Step | None = None
    geometry: Geometry = CLASSIC
    """The board the answer was given on: the hints name its cells."""

    @property
    def is_right(self) -> bool:
        return self.verdict == RIGHT

    @property
    def hints(self) -> tuple[str, ...]:
        """The hint ladder for the step at hand: nudge, pattern, full explanation."""
        if self.step is None:
            return ()
        with using(self.geometry):
            return tuple(self.step.hint(level) for level in (1, 2, 3))

    def __str__(self) -> str:
        return "\n".join((self.message,) + self.details)


def changes_between(before: Grid, after: Grid) -> tuple[tuple, tuple]:
    """The learner's answer read off the board: (placements, eliminations) from `before` to `after`.

    A placement is a digit put in a cell that was empty; an elimination is a candidate of a cell
    that is still empty and no longer shows it. Candidates that a placement removes from its peers
    by itself are not eliminations the learner made; candidates added back are not part of an answer.
    """
    placements = tuple((c, after.values[c]) for c in before.empty_cells if after.values[c])
    base = before
    for cell, digit in placements:
        base = base.place(cell, digit)
    eliminations = tuple((c, d) for c in after.empty_cells
                         for d in sorted(base.candidates(c) - after.candidates(c)))
    return placements, eliminations


def _changes(placements, eliminations) -> set[tuple[int, int, str]]:
    return {(c, d, "=") for c, d in placements} | {(c, d, "<>") for c, d in eliminations}


def _step_changes(step: Step) -> set[tuple[int, int, str]]:
    return _changes(step.placements, step.eliminations)


def _say(change) -> str:
    cell, number, kind = change
    digit = digits_name([number])  # the board's symbol (above 9, a letter)
    return f"{cell_name(cell)}={digit}" if kind == "=" else f"{digit} from {cell_name(cell)}"


def why_not(grid: Grid, change: tuple[int, int, str]) -> str:
    """Why a placement or elimination is not proved by the step at hand (never revealing the
    solution), naming cells on the board in use."""
    cell, number, kind = change
    digit = digits_name([number])  # the board's symbol (above 9, a letter)
    name = cell_name(cell)
    if grid.values[cell]:
        return f"{name} is already filled."
    if not grid.has_candidate(cell, number):
        board = grid.geometry
        holder = next((p for p in board.peers[cell] if grid.values[p] == number), None)
        if holder is not None:
            shared = next(u for u in board.units_of[cell] if holder in board.unit_sets[u])
            return (f"{digit} is not a candidate of {name}: {cell_name(holder)} in "
                    f"{unit_name(shared)} holds the {digit} already.")
        return f"{digit} is not a candidate of {name} any more: it was removed earlier."
    if kind == "=":
        return (f"Nothing proves {name}={digit} yet: {name} still has the candidates "
                f"{digits_name(grid.candidates(cell))}.")
    return f"Nothing here rules {digit} out of {name}: removing it is a guess."


@dataclass(frozen=True)
class Mistake:
    """A wrong answer a lesson expects at an exercise (one of its "Common mistakes"), and why it
    is wrong there: an answer making any of these changes is told `why` first."""

    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    why: str

    @property
    def changes(self) -> set[tuple[int, int, str]]:
        return _changes(self.placements, self.eliminations)


def _match(changes, steps):
    """The step sharing most with the answer, fewest differences next."""
    def score(step):
        expected = _step_changes(step)
        return (len(changes & expected), -len(changes ^ expected))

    return max(steps, key=score) if steps else None


def check_answer(grid: Grid, techniques: Iterable[str], placements: Iterable[tuple[int, int]] = (),
                 eliminations: Iterable[tuple[int, int]] = (), mistakes: Iterable[Mistake] = (),
                 target: Step | None = None) -> Feedback:
    """Judge an answer on `grid` for an exercise on `techniques` (technique ids: the one asked,
    and one that makes the very same step there, as a lesson's `seen_as`).

    Right: the answer makes exactly one instance of the technique asked (any instance the engine
    finds, not just the first). An answer making one of the exercise's listed `mistakes` is told
    why that is a mistake, first. Partly right: it shares part of an instance (what was missed or
    is extra is listed by cell), or it is a true step of another technique, which is named and
    earns nothing for the technique asked ("true, but that is a W-Wing, not the XY-Wing asked"),
    with a nudge towards `target`, the exercise's own instance. Wrong: nothing of it follows;
    each change says why, and the feedback carries the hint ladder.

    Cells and units are named on the grid's board, in the messages and in the hints.
    """
    with using(grid.geometry):
        feedback = _check(grid, tuple(techniques), placements, eliminations, mistakes, target)
    return replace(feedback, geometry=grid.geometry)


def _check(grid: Grid, techniques: tuple[str, ...], placements: Iterable[tuple[int, int]],
           eliminations: Iterable[tuple[int, int]], mistakes: Iterable[Mistake],
           target: Step | None) -> Feedback:
    """check_answer on the board in use (the grid's)."""
    mistakes = tuple(mistakes)
    changes = _changes(placements, eliminations)
    # A guess is taught where the card's techniques are stuck: measure it against the card's step.
    first = next_step(grid, techniques=[t for t in techniques if t != "backtracking"] or "card")
    if not changes:
        return Feedback(WRONG, "Nothing to check yet: place a digit or mark candidates to remove.",
                        step=target or first)
    if "backtracking" in techniques and first is not None:
        return _check_backtracking(grid, changes, first)
    steps = [s for t in techniques for s in find_steps(grid, t)]
    best = _match(changes, steps)
    expected = _step_changes(best) if best else set()
    if best is not None and changes == expected:
        explanation = best.hint(HintLevel.FULL, Position(grid.values, grid.masks))
        return Feedback(RIGHT, f"Right! {best}", (explanation,), step=best)
    asked = in_sentence(technique_entry(techniques[0]).name) if techniques else "step"
    shared = best is not None and bool(changes & expected)
    # The hints lead to the instance partly found, else to the exercise's own.
    toward = best if shared else target or best or first
    missed = tuple(sorted(expected - changes)) if shared else ()
    extra = tuple(sorted(changes - expected)) if shared else ()
    listed = [m for m in mistakes if m.changes & changes]
    other = _other_technique(grid, changes, techniques)
    if listed:
        # The lesson saw this one coming: its own explanation comes first, even where the answer
        # happens to be true by some other technique (said too, so that every text is true).
        details = [m.why for m in listed[1:]]
        if other is not None:
            details.append(f"It is true, but by {an(in_sentence(other.name))} ({other}), not by "
                           f"the {asked} asked.")
        details += [f"Missed: {_say(m)}." for m in missed]
        return Feedback(PARTLY if shared else WRONG, listed[0].why, tuple(details), missed,
                        extra or tuple(sorted(changes)), toward)
    if shared:
        details = [f"Missed: {_say(m)}." for m in missed]
        details += [f"Not part of it: {_say(w)}. {why_not(grid, w)}" for w in extra]
        if other is not None:  # no credit for it: the answer is judged as the technique asked
            details.append(f"True, but on its own that is {an(in_sentence(other.name))} "
                           f"({other}), not the {asked} asked.")
        return Feedback(PARTLY, f"Partly right: you found part of this {in_sentence(best.name)}.",
                        tuple(details), missed, extra, best)
    if other is not None:
        # No credit for the technique asked; the hints (the feedback's step) lead to its instance.
        return Feedback(PARTLY, f"True, but that is {an(in_sentence(other.name))} ({other}), "
                        f"not the {asked} asked. Look again.", step=toward)
    reasons = tuple(why_not(grid, w) for w in sorted(changes))
    return Feedback(WRONG, "Not this time. Ask for a hint: it starts with where to look.", reasons,
                    wrong=tuple(sorted(changes)), step=toward)


def _other_technique(grid: Grid, changes, techniques) -> Step | None:
    """A step of another technique on the ladder that the answer makes exactly, if any (of the
    techniques that work on the grid's board: a Samurai has no fish or uniqueness)."""
    board = grid.geometry
    for technique_id in LADDER:
        if technique_id in techniques or not works_on(technique_id, board):
            continue
        for step in find_steps(grid, technique_id):
            if _step_changes(step) == changes:
                return step
    return None


def _check_backtracking(grid: Grid, changes, step: Step) -> Feedback:
    """Right: the true digit of a cell with the fewest candidates; a wrong guess shows its contradiction."""
    solution = solution_values(grid)
    fewest = min(COUNT[grid.masks[c]] for c in grid.empty_cells)
    placements = [(c, d) for c, d, kind in changes if kind == "="]
    if len(placements) != 1 or len(changes) != 1:
        return Feedback(WRONG, "Place one digit: the one that survives the trial.", step=step)
    (cell, digit), = placements
    if not grid.has_candidate(cell, digit):
        return Feedback(WRONG, why_not(grid, (cell, digit, "=")), wrong=((cell, digit, "="),),
                        step=step)
    if solution[cell] != digit:
        chain = contradiction_after(grid, cell, digit)
        reason = chain[-1] if chain else "it leads to a contradiction further on"
        return Feedback(WRONG, f"{cell_name(cell)}={digit} fails: {reason}",
                        tuple(chain[:-1]), wrong=((cell, digit, "="),), step=step)
    if COUNT[grid.masks[cell]] > fewest:
        return Feedback(PARTLY, f"{cell_name(cell)}={digit} is true, but a cell with {fewest} "
                        f"candidates (such as {cell_name(step.cells[0])}) is quicker to test.",
                        step=step)
    return Feedback(RIGHT, f"Right! {cell_name(cell)}={digit}: the other candidate"
                    f"{'s lead' if fewest > 2 else ' leads'} to a contradiction.", step=step)


def contradiction_after(grid: Grid, cell: int, digit: int) -> list[str]:
    """Follow singles after the guess cell=digit; the forced steps, then the contradiction met.

    Empty if singles alone reach no contradiction within the engine's chain limit. The engine's
    own trial (the one behind a backtracking hint) does the work, so both follow the same singles.
    """
    found = contradiction_story(grid.values, grid.masks, cell, digit)
    if found is None:
        return []
    forced, broken = found
    return [f"then {line}" for line in forced] + [f"{broken}."]


