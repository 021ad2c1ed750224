"""Guided lessons: the model, the TOML loader, answer checking, drills and progress."""

from .answers import PARTLY, RIGHT, WRONG, Feedback, check_answer
from .loader import LessonError, find_lesson, load_lesson, load_lessons, verify
from .model import Exercise, Highlight, Lesson, Page, Position

__all__ = [
    "PARTLY", "RIGHT", "WRONG", "Exercise", "Feedback", "Highlight", "Lesson", "LessonError",
    "Page", "Position", "check_answer", "find_lesson", "load_lesson", "load_lessons", "verify",
]
