"""The game screen's ways to look at the board: every instance of a technique (a), one digit's candidates (f); GameScreen mixes this in."""

from __future__ import annotations

from dataclasses import replace

from tutor.app.board import Board
from tutor.app.view import BoardView, step_view

PREVIEW_LEVEL = 3
"""An instance picked from the list is drawn with its pattern and its changes."""


class BoardLooks:
    """Needs the game screen's `game`, `selected`, `say`, `refresh_views` and `hinted_step`
    (LessonActions); `filtered(view)` is applied to every board view it draws."""

    only_digit: int | None = None
    """The digit filter (HoDoKu's F1-F9): only this digit's candidates are drawn; None for all."""

    def filtered(self, view: BoardView) -> BoardView:
        return view if self.only_digit is None else replace(view, only_digit=self.only_digit)

    # --- one digit's candidates -------------------------------------------------------------
    def action_digit_filter(self) -> None:
        from tutor.app.screens.filter_screen import DigitFilterScreen  # lazy: start-up

        self.app.push_screen(DigitFilterScreen(self.only_digit, self.game.grid.geometry),
                             self.set_digit_filter)

    def set_digit_filter(self, digit: int | None) -> None:
        """Show only `digit`'s candidates; 0 (or the digit already shown) shows them all again;
        None (the dialog cancelled) changes nothing."""
        if digit is None:
            return
        self.only_digit = None if digit in (0, self.only_digit) else digit
        if self.only_digit is None:
            self.say("Every candidate is shown again.")
        else:
            shown = self.game.grid.geometry.symbol(self.only_digit)
            self.say(f"Only the candidates {shown} are shown (the compact board marks "
                     f"them :{shown}); f then 0, or f then {shown} again, "
                     "shows them all.")

    # --- every instance of a technique -----------------------------------------------------
    def action_show_all(self) -> None:
        from tutor.app.screens.instances_screen import InstancesScreen  # lazy: start-up

        hinted = self.hinted_step()
        width = self.app.size.width - self.query_one("#left").outer_size.width
        screen = InstancesScreen(self.game.grid, hinted.technique if hinted else None,
                                 self.preview_step, width)
        self.app.push_screen(screen, self.take_instance)

    def preview_step(self, step) -> None:
        """Draw `step` on the board (None: the board as the game has it)."""
        if step is None:
            self.refresh_views()
            return
        self.query_one(Board).view = self.filtered(
            step_view(self.game.grid, self.selected, step, PREVIEW_LEVEL))

    def take_instance(self, step) -> None:
        """The instance chosen in the list becomes the hint, its pattern shown: n tells more,
        s applies it. None (the list closed) leaves the hint as it was."""
        if step is None or not self.game.take_hint(self.game.grid, step):
            self.refresh_views()
            return
        self.game.advance_hint()
        self.game.advance_hint()
        self.say("")
