"""A lesson as plain text (for `tutor lesson ID --text`): pages, boards as pencil marks, exercises."""

from __future__ import annotations

import textwrap

from tutor.model.geometry import cells_name, digits_name, unit_name, using
from tutor.engine import describe_changes
from tutor.learning.model import Exercise, Highlight, Lesson, Page

WIDTH = 78


def paragraphs(text: str, width: int = WIDTH) -> str:
    """Re-flow each paragraph; list items ('- ', '1. ') keep their own lines."""
    out = []
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        if all(line.lstrip()[:2] in ("- ", "1.", "2.", "3.") or line.startswith("  ")
               for line in lines if line.strip()):
            out.append("\n".join(_wrap_items(lines, width)))
        else:
            out.append(textwrap.fill(" ".join(line.strip() for line in lines), width))
    return "\n\n".join(out)


def _wrap_items(lines: list[str], width: int) -> list[str]:
    """Join continuation lines to their item, then wrap each item with a hanging indent."""
    items: list[str] = []
    for line in lines:
        if line.startswith("  ") and items:
            items[-1] += " " + line.strip()
        else:
            items.append(line.strip())
    wrapped = []
    for item in items:
        indent = " " * (item.find(" ") + 1)
        wrapped.append(textwrap.fill(item, width, subsequent_indent=indent))
    return wrapped


def highlight_lines(highlight: Highlight) -> list[str]:
    """'Look at: row 9, column 1; cells r9c1; digits 4' and the changes shown."""
    look = []
    if highlight.units:
        look.append(", ".join(unit_name(u) for u in highlight.units))
    if highlight.cells:
        look.append(f"cells {cells_name(highlight.cells)}")
    if highlight.digits:
        look.append(f"digits {digits_name(highlight.digits)}")
    lines = [f"Look at: {'; '.join(look)}"] if look else []
    changes = []
    for cell, digit in highlight.placements:
        changes.append(f"place {digit} in {cells_name([cell])}")
    by_digit: dict[int, list[int]] = {}
    for cell, digit in highlight.eliminations:
        by_digit.setdefault(digit, []).append(cell)
    for digit, cells in sorted(by_digit.items()):
        changes.append(f"remove {digit} from {cells_name(cells)}")
    if changes:
        lines.append("Step: " + "; ".join(changes))
    return lines


def page_text(page: Page, number: int, total: int) -> str:
    parts = [f"--- Page {number} of {total}: {page.title} ---", paragraphs(page.text)]
    if page.grid is not None:
        caption = "(after the step)" if page.after else ""
        parts.append("\n".join(filter(None, [page.grid.to_pencilmarks(), caption])))
        extra = highlight_lines(page.highlight)
        if extra:
            parts.append("\n".join(extra))
    return "\n\n".join(parts)


def exercise_text(exercise: Exercise, number: int, show_answer: bool = False) -> str:
    parts = [f"--- Exercise {number}: {exercise.prompt}", exercise.grid.to_pencilmarks(),
             f"Position: {exercise.grid.to_compact()}", f"Source: {exercise.source}"]
    stated = exercise.position.stated_step
    if show_answer and stated is not None:
        parts.append(f"Answer: {describe_changes(stated)}")
    return "\n".join(parts)


def lesson_text(lesson: Lesson, show_answers: bool = False) -> str:
    """The whole lesson: title, every page, then the exercises (answers only if asked); cells
    and units named on the lesson's board."""
    head = f"Lesson {lesson.label}: {lesson.title}\n{paragraphs(lesson.summary)}"
    with using(lesson.geometry):
        pages = [page_text(p, i, len(lesson.pages)) for i, p in enumerate(lesson.pages, start=1)]
        exercises = [exercise_text(e, i, show_answers)
                     for i, e in enumerate(lesson.exercises, start=1)]
    return "\n\n".join([head] + pages + exercises) + "\n"
