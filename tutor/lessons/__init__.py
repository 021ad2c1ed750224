"""Guided lessons: the model, the TOML loader, answer checking, drills, progress and the session."""

from .answers import PARTLY, RIGHT, WRONG, Feedback, changes_between, check_answer
from .loader import LessonError, find_lesson, load_lesson, load_lessons, verify
from .model import Exercise, Highlight, Lesson, Page, Position
from .progress import Progress
from .session import LessonSession, lesson_for_technique

__all__ = [
    "PARTLY", "RIGHT", "WRONG", "Exercise", "Feedback", "Highlight", "Lesson", "LessonError",
    "LessonSession", "Page", "Position", "Progress", "changes_between", "check_answer",
    "find_lesson", "lesson_for_technique", "load_lesson", "load_lessons", "verify",
]
