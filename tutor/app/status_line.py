"""The status line: puzzle name, input mode and how many changes were made, fitted to one line."""

from __future__ import annotations

from textual.content import Content
from textual.events import Resize
from tutor.app.panel import Panel
from tutor.model.words import counted

SEPARATOR = Content("  ")
NAME_LEAST = 5
"""A name cut to fewer cells than this, its '…' included ('Your…'), says too little: it is left
out."""


def fitted(width: int, name: str, pencil: bool, moves: int, solved: bool, saved: bool = True,
           only: str | None = None, shown: str | None = None) -> Content:
    """The status line at most `width` cells wide (any width when `width` is 0, not yet laid
    out): everything when it fits; else, in this order, without the word `digits` (no PENCIL
    says the same), without the count of changes (the path lists them), with the name cut
    ('Your puzz…'), without the name, and last closer together (one space between the parts,
    no padding in PENCIL's and the filter's marks), cut with '…'.
    What says the state of the game (NOT SAVED, SOLVED, PENCIL, the digit filter, a Samurai's
    part shown) is kept to the last."""
    # SOLVED comes first: a narrow terminal cuts the end of the line, never the news.
    state = []
    if not saved:
        state.append(Content.from_markup("[b $error]NOT SAVED[/]"))
    if solved:
        state.append(Content.from_markup("[b $success]SOLVED[/]"))
    part = [] if shown is None else [Content.from_markup("[b]$shown[/]", shown=shown)]
    changes = [Content.from_markup("[dim]$changes[/]", changes=counted(moves, "change"))]
    title = Content.from_markup("[b]$name[/]", name=name or "Puzzle")

    def modes(pad: str = " ", digits: bool = True) -> list[Content]:
        found = []
        if pencil:
            found.append(Content.from_markup(f"[b reverse]{pad}PENCIL{pad}[/]"))
        elif digits:
            found.append(Content.from_markup("[dim]digits[/]"))
        if only is not None:
            found.append(Content.from_markup(f"[b reverse]{pad}only $digit{pad}[/]",
                                             digit=f"{only}s"))
        return found

    def line(name_part: list[Content], mode_part: list[Content], end: list[Content],
             separator: Content = SEPARATOR) -> Content:
        return separator.join([*state, *name_part, *mode_part, *part, *end])

    short = modes(digits=False)
    for found in (line([title], modes(), changes), line([title], short, changes),
                  line([title], short, [])):
        if not width or found.cell_length <= width:
            return found
    rest = line([], short, []).cell_length
    room = width - rest - (SEPARATOR.cell_length if rest else 0)
    if room >= NAME_LEAST:
        return line([title.truncate(room, ellipsis=True)], short, [])
    found = line([], short, [])
    if found.cell_length <= width:
        return found
    # The reverse-video marks lose their padding, the parts are one space apart.
    return line([], modes("", digits=False), [], Content(" ")).truncate(width, ellipsis=True)


class StatusLine(Panel):
    """One line above the panels; the game screen calls show() after each change, and the line
    is fitted again to its width when that changes."""

    _said: tuple = ()

    def show(self, name: str, pencil: bool, moves: int, solved: bool, saved: bool = True,
             only: int | str | None = None, shown: str | None = None) -> None:
        """`saved` False: the game is not being saved (said at the start of the line); `only`:
        the digit filter's digit (as the board writes it); `shown`: on a Samurai, the part of
        it drawn ('all grids', 'centre grid')."""
        self._said = (name, pencil, moves, solved, saved,
                      None if only is None else str(only), shown)
        self._fit()

    def on_resize(self, event: Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        if self._said:
            self.show_content(fitted(self.content_size.width, *self._said))
