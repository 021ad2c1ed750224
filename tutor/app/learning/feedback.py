"""The exercise panel's text: the verdict on the learner's answer and the hint ladder's rungs so far."""

from __future__ import annotations

from textual.content import Content

from tutor.engine import Step
from tutor.engine.step import describe_changes
from tutor.play.game import HINT_LEVELS
from tutor.learning import PARTLY, RIGHT, Feedback

VERDICT_MARKS = {RIGHT: "✓", PARTLY: "◐"}
"""A sign before the message, so the verdict never rests on the panel's colour alone."""


def feedback_content(feedback: Feedback | None) -> Content | None:
    """'✓ Right! Pointing: ...' with its explanation, or what was missed or wrong, by cell."""
    if feedback is None:
        return None
    mark = VERDICT_MARKS.get(feedback.verdict, "✗")
    lines = [Content.from_markup("[b]$mark $message[/b]", mark=mark, message=feedback.message)]
    lines += [Content(detail) for detail in feedback.details]
    return Content("\n").join(lines)


def hint_content(step: Step | None, level: int) -> Content | None:
    """The rungs climbed so far: the nudge, then the pattern, then the full explanation and result."""
    if step is None or not level:
        return None
    parts = [f"[b]Hint {level}/{HINT_LEVELS}:[/b] $nudge"]
    variables = {"nudge": step.hint(1)}
    if level == 2:
        parts.append("$pattern")
        variables["pattern"] = step.hint(2)
    if level >= 3:
        parts.append("$full\n[b]Result:[/b] $changes")
        variables["full"] = step.hint(3)
        variables["changes"] = describe_changes(step)
    return Content.from_markup("\n".join(parts), **variables)
