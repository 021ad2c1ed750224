"""Check a learner's answer (digits placed, candidates removed) against the engine: right, partly, wrong."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.engine import (
    LADDER,
    HintLevel,
    Position,
    Step,
    contradiction_story,
    find_steps,
    next_step,
    solution_values,
    technique as technique_entry,
)
from tutor.model.geometry import (
    COUNT, PEERS, UNITS, UNITS_OF, cell_name, digits_name, unit_name,
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

    @property
    def is_right(self) -> bool:
        return self.verdict == RIGHT

    @property
    def hints(self) -> tuple[str, ...]:
        """The hint ladder for the step at hand: nudge, pattern, full explanation."""
        return tuple(self.step.hint(level) for level in (1, 2, 3)) if self.step else ()

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
    cell, digit, kind = change
    return f"{cell_name(cell)}={digit}" if kind == "=" else f"{digit} from {cell_name(cell)}"


def why_not(grid: Grid, change: tuple[int, int, str]) -> str:
    """Why a placement or elimination is not proved by the step at hand (never revealing the solution)."""
    cell, digit, kind = change
    name = cell_name(cell)
    if grid.values[cell]:
        return f"{name} is already filled."
    if not grid.has_candidate(cell, digit):
        holder = next((p for p in PEERS[cell] if grid.values[p] == digit), None)
        if holder is not None:
            shared = next(u for u in UNITS_OF[cell] if holder in UNITS[u])
            return (f"{digit} is not a candidate of {name}: {cell_name(holder)} in "
                    f"{unit_name(shared)} already holds a {digit}.")
        return f"{digit} is not a candidate of {name} any more: it was removed earlier."
    if kind == "=":
        return (f"Nothing proves {name}={digit} yet: {name} still has the candidates "
                f"{digits_name(grid.candidates(cell))}.")
    return f"Nothing here rules {digit} out of {name}: removing it is a guess."


def _match(changes, steps):
    """The step sharing most with the answer, fewest differences next."""
    def score(step):
        expected = _step_changes(step)
        return (len(changes & expected), -len(changes ^ expected))

    return max(steps, key=score) if steps else None


def check_answer(grid: Grid, techniques: Iterable[str], placements: Iterable[tuple[int, int]] = (),
                 eliminations: Iterable[tuple[int, int]] = ()) -> Feedback:
    """Judge an answer on `grid` for an exercise on `techniques` (technique ids).

    Right: the answer makes exactly one instance of the technique (any instance the engine finds,
    not just the first). Partly right: it shares part of one (what was missed or is extra is listed
    by cell), or it is a true step of another technique. Wrong: nothing of it follows; each change
    says why, and the feedback carries the hint ladder.
    """
    techniques = tuple(techniques)
    changes = _changes(placements, eliminations)
    # A guess is taught where the card's techniques are stuck: measure it against the card's step.
    first = next_step(grid, techniques=[t for t in techniques if t != "backtracking"] or "card")
    if not changes:
        return Feedback(WRONG, "Nothing to check yet: place a digit or mark candidates to remove.",
                        step=first)
    if "backtracking" in techniques and first is not None:
        return _check_backtracking(grid, changes, first)
    steps = [s for t in techniques for s in find_steps(grid, t)]
    best = _match(changes, steps)
    expected = _step_changes(best) if best else set()
    if best is not None and changes == expected:
        explanation = best.hint(HintLevel.FULL, Position(grid.values, grid.masks))
        return Feedback(RIGHT, f"Right! {best}", (explanation,), step=best)
    if best is not None and changes & expected:
        missed = tuple(sorted(expected - changes))
        wrong = tuple(sorted(changes - expected))
        details = [f"Missed: {_say(m)}." for m in missed]
        details += [f"Not part of it: {_say(w)}. {why_not(grid, w)}" for w in wrong]
        return Feedback(PARTLY, f"Partly right: you found part of this {best.name.lower()}.",
                        tuple(details), missed, wrong, best)
    other = _other_technique(grid, changes, techniques)
    if other is not None:
        asked = " or ".join(technique_entry(t).name.lower() for t in techniques)
        return Feedback(PARTLY, f"True, but that is a {other.name.lower()} ({other}); this exercise "
                        f"asks for a {asked}. Look again.", step=best or first)
    reasons = tuple(why_not(grid, w) for w in sorted(changes))
    return Feedback(WRONG, "Not this time. Ask for a hint: it starts with where to look.", reasons,
                    wrong=tuple(sorted(changes)), step=first)


def _other_technique(grid: Grid, changes, techniques) -> Step | None:
    """A step of another technique on the ladder that the answer makes exactly, if any."""
    for technique_id in LADDER:
        if technique_id in techniques:
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


