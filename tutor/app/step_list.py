"""The path so far: every change made, engine steps marked, newest at the bottom."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

STEP_MARK = "●"
USER_MARK = "·"


class StepList(VerticalScroll, can_focus=False):
    """A scrolling list of the changes up to the current position (undone ones are dropped)."""

    following = True
    """The newest entry is kept in view (until the learner scrolls back by keys)."""

    def compose(self):
        yield Static(id="step-lines")

    def show(self, entries: list[tuple[str, bool]]) -> None:
        """Each entry is (label, applied by the engine)."""
        if entries == getattr(self, "_shown", None):
            return  # most keys change nothing here, and a long path is costly to rebuild
        self._shown = list(entries)
        lines = Content.from_markup("[b]Path so far[/]") if entries else Content.from_markup(
            "[b]Path so far[/]\n[dim]nothing yet[/]")
        for number, (label, is_step) in enumerate(entries, start=1):
            mark = STEP_MARK if is_step else USER_MARK
            line = Content.from_markup(f"{number:>3} {mark} $label", label=label)
            if is_step:
                line = line.stylize("bold", 6)
            lines = lines + Content("\n") + line
        self.query_one("#step-lines", Static).update(lines)
        self.following = True
        # Once the new lines are laid out: scrolled now, the newest entries stayed below the fold.
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        # The list under the compact board is hidden while the full board shows (and the side's
        # the other way round); shown again at a layout switch, it came back at its first entry.
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def scroll_path(self, where: str) -> None:
        """'up' or 'down' a page, to the 'oldest' or the 'newest' entry (the keys of GAME_KEYS)."""
        move = {"up": self.scroll_page_up, "down": self.scroll_page_down,
                "oldest": self.scroll_home, "newest": self.scroll_end}[where]
        move(animate=False)
        self.following = where == "newest" or (where == "down" and self.is_vertical_scroll_end)
