"""Difficulty: the level earned so far with the technique tally, and the puzzle's grade at the end."""

from __future__ import annotations

from textual.content import Content

from tutor.engine import Earned, Grade, technique
from tutor.app.panel import Panel


def tally_text(tally: dict[str, int]) -> str:
    """'Hidden single ×12, Pointing ×2' in registry order."""
    if not tally:
        return "no steps applied yet"
    ordered = sorted(tally.items(), key=lambda item: technique(item[0]).order)
    return ", ".join(f"{technique(t).name} ×{n}" for t, n in ordered)


def level_text(level: float) -> str:
    return f"{level:g}"


class DifficultyPanel(Panel):
    """Always visible: the level the applied steps earned; once solved, the puzzle's own grade."""

    def show(self, earned: Earned, grade: Grade | None, grading: bool) -> None:
        lines = [
            f"[b]Level earned[/] {level_text(earned.level)} ({earned.band})",
            "[dim]$tally[/]",
        ]
        if grading:
            lines.append("Grading the puzzle…")
        elif grade is not None:
            lines.append(f"[b]Puzzle grade[/] {level_text(grade.level)} ({grade.band})")
            if grade.bottleneck is not None:
                lines.append(f"Bottleneck, step {grade.bottleneck_index + 1} of "
                             f"{grade.step_count}: $bottleneck")
        self.show_content(Content.from_markup("\n".join(lines), tally=tally_text(earned.tally),
                                        bottleneck=str(grade.bottleneck) if grade and grade.bottleneck else ""))
