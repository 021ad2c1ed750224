"""Difficulty: the level earned so far with the technique tally, and the puzzle's grade at the end."""

from __future__ import annotations

from textual.content import Content

from tutor.engine import Earned, Grade, technique
from tutor.app.panel import Panel
from tutor.model.words import counted


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
            # The grade's steps are the grader's own path from the givens, not the steps applied
            # in this game (a restart, or steps of the learner's own, make those differ).
            lines.append(f"[b]Puzzle grade[/] {level_text(grade.level)} ({grade.band}), "
                         f"solved from the givens in {counted(grade.step_count, 'step')}")
            if grade.card_runs_out_at is not None:
                lines.append(f"The card's ladder runs out at step {grade.card_runs_out_at + 1}; "
                             "needs $needs")
            if grade.hardest is not None:
                lines.append(f"[b]Rating[/] {grade.rating:g} ($hardest)")
            if grade.bottleneck is not None:
                lines.append(f"Bottleneck, at its step {grade.bottleneck_index + 1}: $bottleneck")
        self.show_content(Content.from_markup("\n".join(lines), **self._texts(earned, grade)))

    @staticmethod
    def _texts(earned: Earned, grade: Grade | None) -> dict[str, str]:
        """The variables of the panel's markup: plain text, so a name never reads as markup."""
        texts = {"tally": tally_text(earned.tally), "bottleneck": "", "needs": "", "hardest": ""}
        if grade is not None:
            if grade.bottleneck is not None:
                texts["bottleneck"] = str(grade.bottleneck)
            if grade.card_runs_out_at is not None:
                texts["needs"] = grade.steps[grade.card_runs_out_at].name
            if grade.hardest is not None:
                texts["hardest"] = technique(grade.hardest).name
        return texts
