"""The path so far: every change made, engine steps marked, newest at the bottom."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style as RichStyle
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual

from tutor.play.game import State, kept_prefix

STEP_MARK = "●"
USER_MARK = "·"
HEADING = Content.from_markup("[b]Path so far[/]")
NOTHING_YET = Content.from_markup("[dim]nothing yet[/]")


def entry_content(number: int, state: State) -> Content:
    """One entry: its number, ● for an engine step (in bold) or · for the learner's own change."""
    mark = STEP_MARK if state.steps else USER_MARK
    line = Content.from_markup(f"{number:>3} {mark} $label", label=state.label)
    return line.stylize("bold", len(f"{number:>3} {mark} ")) if state.steps else line


class StepList(ScrollView, can_focus=False):
    """A scrolling list of the changes up to the current position (undone ones are dropped).

    Only the entries that changed are measured again (an undo drops the last, a change adds one),
    and only the lines in view are drawn: a long game costs a key press no more than a new one.
    An entry is measured by its length (one line when it fits, most do) and laid out in full
    only when it is longer or comes into view. All entries are measured again only when the width
    changes or the theme does.
    """

    following = True
    """The newest entry is kept in view (until the learner scrolls back by keys)."""

    KEPT_LAYOUTS = 512
    """Entries whose lines are kept once drawn (a screenful and the pages around it)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: list[State] = []
        """The changes shown, oldest first: the game's states after its start, up to its position."""
        self._starts: list[int] = []
        """Entry i's first line (line 0 is the heading); `_end` is the line after the last."""
        self._end = 1
        self._lines: dict[int, list[Strip]] = {}
        """The lines of the entries laid out at `_width`, by entry."""
        self._width = 0
        self._style: object = None
        self.laid_out = 0
        """How many entries have been measured so far (what a key press costs this panel)."""

    # --- what is shown ----------------------------------------------------------------------
    def show(self, history: Sequence[State], upto: int) -> None:
        """Show the changes `history[1:upto + 1]` (a game's states after its start, up to its
        current position). Entries already shown stay as they are."""
        kept = kept_prefix(self._entries, history, 1, upto + 1)
        if kept == len(self._entries) == upto:
            return  # most keys change nothing here
        if kept < len(self._starts):
            self._end = self._starts[kept]
            for index in range(kept, len(self._starts)):
                self._lines.pop(index, None)
        del self._entries[kept:], self._starts[kept:]
        for number in range(kept + 1, upto + 1):
            self._add(history[number])
        self._resized()
        self.following = True
        # The new size is known at once (the lines are counted here): the newest entry is in view
        # from the next frame; and again once laid out, for a list not laid out yet (a screen
        # under a dialog, say).
        self.scroll_end(animate=False, immediate=True)
        self.call_after_refresh(self.scroll_end, animate=False)

    def _add(self, state: State) -> None:
        self._entries.append(state)
        if self._width > 0:
            index = len(self._starts)
            self._starts.append(self._end)
            self._end += self._height(index)

    def _height(self, index: int) -> int:
        """The lines entry `index` takes: one when its text fits the width, else as laid out."""
        self.laid_out += 1
        number, state = index + 1, self._entries[index]
        if cell_len(f"{number:>3} · {state.label}") < self._width:
            return 1
        return len(self._entry_lines(index))

    def _entry_lines(self, index: int) -> list[Strip]:
        lines = self._lines.get(index)
        if lines is None:
            if len(self._lines) >= self.KEPT_LAYOUTS:
                self._lines.clear()
            content = entry_content(index + 1, self._entries[index])
            lines = self._lines[index] = self._lay_out(content)
        return lines

    def _lay_out(self, content: Content) -> list[Strip]:
        return Visual.to_strips(self, content, self._width, None, self.visual_style)

    def _lay_out_all(self) -> None:
        """Measure every entry again (a new width or theme); nothing when the list is hidden."""
        self._width = self._line_width()
        self._style = self.visual_style
        self._starts, self._end, self._lines = [], 1, {}
        if self._width <= 0:
            return
        self._heading = self._lay_out(HEADING)[0]
        entries, self._entries = self._entries, []
        for state in entries:
            self._add(state)

    def _resized(self) -> None:
        height = self._end + (0 if self._entries or self._width <= 0 else 1)
        self.virtual_size = Size(self._width, height)
        self.refresh()

    @property
    def labels(self) -> list[str]:
        """The entries' text, oldest first, as shown (without their lines' wrapping)."""
        return [entry_content(n, s).plain for n, s in enumerate(self._entries, start=1)]

    # --- drawing -----------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        # Blank cells carry the background only, as a Static leaves them.
        style = RichStyle(bgcolor=self.visual_style.rich_style.bgcolor)
        if self._width <= 0:
            return Strip.blank(width, style)
        if row == 0:
            strip = self._heading
        elif not self._entries and row == 1:
            strip = self._lay_out(NOTHING_YET)[0]
        elif self._entries and row < self._end:
            index = bisect_right(self._starts, row) - 1
            strip = self._entry_lines(index)[row - self._starts[index]]
        else:
            return Strip.blank(width, style)
        return strip.crop_extend(self.scroll_offset.x, self.scroll_offset.x + width, style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # The theme changed (the lines would keep their old colours); a class set on the screen
        # comes here too, and costs nothing when the style is the same.
        if self._width > 0 and self.visual_style != self._style:
            self._lay_out_all()
            self._resized()

    def _line_width(self) -> int:
        """The width lines are laid out at: the panel's, less its scrollbar's even before the path
        is long enough to show one (when it appears, every line would be laid out again)."""
        width = self.scrollable_content_region.width
        if not self.show_vertical_scrollbar:
            width -= self.styles.scrollbar_size_vertical
        return width

    def on_resize(self) -> None:
        if self._line_width() != self._width:
            self._lay_out_all()
            self._resized()
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
