"""The hint ladder's text (the game's hint panel and the lesson exercises both show it), and the
game's hint panel: the ladder, a contradiction found in the user's grid, or a message."""

from __future__ import annotations

from textual.content import Content

from tutor.engine import ContradictionError, HintLevel, Step, describe_changes
from tutor.play.game import Game
from tutor.play.hints import HINT_LEVELS
from tutor.app.panel import Panel

TITLE = "[b]Hint[/]"


def rungs_content(step: Step, level: int, keys: str = "") -> Content:
    """The rungs climbed so far: the nudge, then the pattern, then the full explanation and its
    result; `keys` (what to press next) is added dimmed."""
    parts = [f"{TITLE} {level}/{HINT_LEVELS}: $nudge"]
    variables = {"nudge": step.hint(HintLevel.NUDGE)}
    if level == HintLevel.PATTERN:
        parts.append("$pattern")
        variables["pattern"] = step.hint(HintLevel.PATTERN)
    if level >= HintLevel.FULL:  # the full explanation restates the pattern
        parts.append("$full")
        parts.append("[b]Result:[/] $changes")
        variables["full"] = step.hint(HintLevel.FULL)
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
        return Content.from_markup(f"{TITLE}\nLooking for the next step…")
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
        return rungs_content(step, level, more)
    return None


class HintPanel(Panel):
    """Shows the hint ladder; the game screen calls show() after each change or key press."""

    def show(self, game: Game, pending: bool = False, message: str = "") -> None:
        content = hint_content(game, pending, message)
        if content is None:
            content = Content.from_markup("[b]Hint[/]\n[dim]n: a hint, s: apply the next step[/]")
        self.show_content(content)
