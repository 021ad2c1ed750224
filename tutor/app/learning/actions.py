"""The game screen's lesson keys (t: the lesson menu, L: the lesson on the hint shown); GameScreen mixes this in."""

from __future__ import annotations


class LessonActions:
    """Needs the game screen's `game`; `sync_lesson_link()` is called after each redraw."""

    lesson_link_shown = False

    def action_lessons(self) -> None:
        from tutor.app.learning.launch import open_lesson_menu  # lazy: the first frame needs no lesson

        open_lesson_menu(self.app)

    def action_hint_lesson(self) -> None:
        step = self.hinted_step()
        if step is not None:
            from tutor.app.learning.launch import open_technique_lesson  # lazy: as above

            open_technique_lesson(self.app, step.technique, self.game.grid.geometry)

    def hinted_step(self):
        """The step of the hint on screen, or None (no hint asked, or a problem shown instead)."""
        return self.game.hints.shown_step

    def sync_lesson_link(self) -> None:
        """Show L in the footer only while a hint is on screen (bindings redraw only on a change)."""
        shown = self.hinted_step() is not None
        if shown != self.lesson_link_shown:
            self.lesson_link_shown = shown
            self.refresh_bindings()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "hint_lesson":
            return self.hinted_step() is not None
        return super().check_action(action, parameters)
