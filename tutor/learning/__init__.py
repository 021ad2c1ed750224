"""Guided lessons: the model, the TOML loader, answer checking, drills, progress and the session."""

from tutor.learning.answers import PARTLY, RIGHT, WRONG, Feedback, changes_between, check_answer
from tutor.learning.loader import LessonError, find_lesson, load_lesson, load_lessons, verify
from tutor.learning.model import Exercise, Highlight, Lesson, Page, Position
from tutor.learning.progress import Progress
from tutor.learning.session import LessonSession, lesson_for_technique

__all__ = [
    "PARTLY", "RIGHT", "WRONG", "Exercise", "Feedback", "Highlight", "Lesson", "LessonError",
    "LessonSession", "Page", "Position", "Progress", "changes_between", "check_answer",
    "find_lesson", "lesson_for_technique", "load_lesson", "load_lessons", "verify",
]
