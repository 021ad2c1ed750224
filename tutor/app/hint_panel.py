"""The hint ladder's text (the game's hint panel and the lesson exercises both show it), and the
game's hint panel: the ladder, a contradiction found in the user's grid, or a message."""

from __future__ import annotations

from textual.content import Content

from tutor.engine import ContradictionError, HintLevel, Position, Step, describe_changes
from tutor.play.game import Game
from tutor.play.hints import HINT_LEVELS
from tutor.model.geometry import cell_name
from tutor.app.panel import Panel
from tutor.app.view import chain_line

TITLE = "[b]Hint[/]"


def rungs_content(step: Step, level: int, keys: str = "", position: Position | None = None) -> Content:
    """The rungs climbed so far: the nudge, then the pattern, then the full explanation and its
    result; `keys` (what to press next) is added dimmed. With the `position` the step was found
    in, the texts name candidates and what ruled digits out."""
    parts = [f"{TITLE} {level}/{HINT_LEVELS}: $nudge"]
    variables = {"nudge": step.hint(HintLevel.NUDGE)}
    if level == HintLevel.PATTERN:
        parts.append("$pattern")
        variables["pattern"] = step.hint(HintLevel.PATTERN, position)
        if step.chain:  # the links between the board's numbered cells, strong and weak told apart
            parts.append("[b]Links:[/] $links [dim](= strong, - weak, > forces)[/]")
            variables["links"] = chain_line(step)
    if level >= HintLevel.FULL:  # the full explanation restates the pattern
        parts.append("$full")
        parts.append("[b]Result:[/] $changes")
        variables["full"] = step.hint(HintLevel.FULL, position)
        variables["changes"] = describe_changes(step)
    if keys:
        parts.append(f"[dim]{keys}[/]")
    return Content.from_markup("\n".join(parts), **variables)


def hint_content(game: Game, pending: bool, message: str = "") -> Content | None:
    """What the panel says: the latest message (if any) over the hint ladder's state."""
    body = ladder_content(game, pending)
    if not message:
        return body
    note = Content.from_markup("[b]» $message[/]", message=message)
    return note if body is None else note + Content("\n") + body


def ladder_content(game: Game, pending: bool) -> Content | None:
    """The hint ladder at its current rung, a problem found instead of a step, or None."""
    if pending:
        return Content.from_markup(f"{TITLE}\nLooking for the next step… [dim](escape stops)[/]")
    level = game.hint_level
    problem = game.hint_problem
    if level and problem is not None:
        if isinstance(problem, ContradictionError):
            head = "[b $error]Something on the board is wrong[/] (cells marked !):"
        else:
            head = "[b $error]The board has a conflict[/] (cells marked !):"
        return Content.from_markup(
            f"{head}\n$problem.\nFix it (u undoes, m refills pencil marks), then ask again.",
            problem=str(problem))
    if level and game.hint_known and game.hint_result is None:
        return Content.from_markup(f"{TITLE}\nThe puzzle is solved.")
    step = game.hint_step
    if level and step is not None:
        more = "n: more, s: apply" if level < HINT_LEVELS else "s: apply this step"
        return rungs_content(step, level, more, game.hints.position)
    return None


class HintPanel(Panel):
    """Shows the hint ladder; the game screen calls show() after each change or key press."""

    def show(self, game: Game, pending: bool = False, message: str = "",
             compact: bool = False) -> None:
        """`compact`: the board shows no pencil marks, so a hint's cells list theirs here."""
        content = hint_content(game, pending, message)
        if content is None:
            content = Content.from_markup("[b]Hint[/]\n[dim]n: a hint, s: apply the next step[/]")
        marks = hint_candidates(game) if compact else None
        if marks is not None:
            content = content + Content("\n") + marks
        self.show_content(content)


def hint_candidates(game: Game) -> Content | None:
    """'Candidates: r1c1 57 · r2c1 59' for the empty cells a shown hint is about (its pattern from
    the 2nd rung, what it changes too on the 3rd), or None when no step is shown."""
    step = game.hint_step
    if step is None or game.hint_level < 2:
        return None
    grid = game.grid
    cells = list(step.cells)
    if game.hint_level >= HINT_LEVELS:  # the cells it changes, once the changes are shown
        cells += [c for c, _ in step.eliminations] + [c for c, _ in step.placements]
    cells = dict.fromkeys(cells)
    listed = [f"{cell_name(c)} {''.join(map(str, sorted(grid.candidates(c))))}"
              for c in cells if not grid.value(c)]
    if not listed:
        return None
    return Content.from_markup("[b]Candidates:[/] $marks", marks=" · ".join(listed))
