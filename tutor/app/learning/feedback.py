"""The exercise panel's verdict on the learner's answer (the hint's text is app/hint_panel.py's)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tutor.learning import PARTLY, RIGHT, Feedback, LessonSession

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



def save_problem_content(session: LessonSession) -> Content | None:
    """'⚠ Progress not saved: ...' while the last save of the learner's progress failed, so the
    learner knows their answers and pages are not on disk (None once a save works again)."""
    problem = session.save_problem
    if problem is None:
        return None
    return Content.from_markup(
        "[b]⚠ Progress not saved:[/b] $problem. Your answers count in this session only.",
        problem=str(problem))


def show_save_problem(line: Static, session: LessonSession) -> None:
    """Show the failed save in `line` (a Static of class save-problem), or hide the line."""
    content = save_problem_content(session)
    line.display = content is not None
    line.update(content or "")
