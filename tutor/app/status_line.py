"""The status line: puzzle name, input mode and how many changes were made."""

from __future__ import annotations

from textual.content import Content
from tutor.app.panel import Panel
from tutor.model.words import counted


class StatusLine(Panel):
    """One line above the panels; the game screen calls show() after each change."""

    def show(self, name: str, pencil: bool, moves: int, solved: bool, saved: bool = True,
             only: int | str | None = None, shown: str | None = None) -> None:
        """`saved` False: the game is not being saved (said at the start of the line); `only`:
        the digit filter's digit (as the board writes it); `shown`: on a Samurai, the part of
        it drawn ('all grids', 'centre grid')."""
        mode = "[b reverse] PENCIL [/]" if pencil else "[dim]digits[/]"
        if only is not None:
            mode += f"  [b reverse] only {only}s [/]"
        # SOLVED comes first: a narrow terminal cuts the end of the line, never the news.
        state = "[b $success]SOLVED[/]  " if solved else ""
        if not saved:
            state = "[b $error]NOT SAVED[/]  " + state
        part = "" if shown is None else f"  [b]{shown}[/]"
        self.show_content(Content.from_markup(
            f"{state}[b]$name[/]  {mode}{part}  [dim]{counted(moves, 'change')}[/]",
            name=name or "Puzzle"))
