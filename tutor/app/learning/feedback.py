"""The exercise panel's verdict on the learner's answer (the hint's text is app/hint_panel.py's)."""

from __future__ import annotations

from textual.content import Content

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

