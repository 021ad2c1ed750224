"""The hint ladder's text (the game's hint panel and the lesson exercises both show it), and the
game's hint panel: the ladder, a contradiction found in the user's grid, or a message, in a box
that takes the side's free space, scrolls, and says when there is more."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tutor.engine import ContradictionError, HintLevel, Position, Step, describe_changes
from tutor.play.game import Game
from tutor.play.hints import HINT_LEVELS
from tutor.app.panel import Panel
from tutor.app.view import chain_line

TITLE = "[b]Hint[/]"


def rungs_content(step: Step, level: int, keys: str = "", position: Position | None = None) -> Content:
    """The rungs climbed so far: the nudge, then the pattern, then the full explanation and its
    result; `keys` (what to press next) is added dimmed. With the `position` the step was found
    in, the texts name candidates and what ruled digits out."""
    parts = [f"{TITLE} {level}/{HINT_LEVELS}: $nudge"]
    variables = {"nudge": step.hint(HintLevel.NUDGE)}
    if level == HintLevel.PATTERN:
        parts.append("$pattern")
        variables["pattern"] = step.hint(HintLevel.PATTERN, position)
        if step.chain:  # the links between the board's lettered cells, strong and weak told apart
            parts.append("[b]Links:[/] $links [dim](= strong, - weak, > forces)[/]")
            variables["links"] = chain_line(step)
    if level >= HintLevel.FULL:  # the full explanation restates the pattern
        parts.append("$full")
        variables["full"] = step.hint(HintLevel.FULL, position)
    content = Content.from_markup("\n".join(parts), **variables)
    if level >= HintLevel.FULL:
        content = content + Content("\n") + result_content(step)
    if keys:
        content = content + Content.from_markup(f"\n[dim]{keys}[/]")
    return content


def result_content(step: Step) -> Content:
    """'Result: r7c8<>2': the step's conclusion, the last rung's final line."""
    return Content.from_markup("[b]Result:[/] $changes", changes=describe_changes(step))


def hint_content(game: Game, pending: bool, message: str = "") -> Content | None:
    """What the panel says: the latest message (if any) over the hint ladder's state."""
    body = ladder_content(game, pending)
    if not message:
        return body
    note = Content.from_markup("[b]» $message[/]", message=message)
    return note if body is None else note + Content("\n") + body


def ladder_content(game: Game, pending: bool) -> Content | None:
    """The hint ladder at its current rung, a problem found instead of a step, or None."""
    if pending:
        return Content.from_markup(f"{TITLE}\nLooking for the next step… [dim](escape stops)[/]")
    level = game.hint_level
    problem = game.hint_problem
    if level and problem is not None:
        if isinstance(problem, ContradictionError):
            head = "[b $error]Something on the board is wrong[/] (cells marked !):"
        else:
            head = "[b $error]The board has a conflict[/] (cells marked !):"
        return Content.from_markup(
            f"{head}\n$problem.\nFix it (u undoes, m refills pencil marks), then ask again.",
            problem=str(problem))
    if level and game.hint_known and game.hint_result is None:
        return Content.from_markup(f"{TITLE}\nThe puzzle is solved.")
    step = game.hint_step
    if level and step is not None:
        more = "n: more, s: apply" if level < HINT_LEVELS else "s: apply this step"
        return rungs_content(step, level, more, game.hints.position)
    return None


class HintPanel(Panel):
    """Shows the hint ladder; the game screen calls show() after each change or key press.
    It sits in a HintBox, which scrolls it."""

    conclusion: Content | None = None
    """The shown step's 'Result:' line once the full explanation is shown, else None."""

    def show(self, game: Game, pending: bool = False, message: str = "",
             compact: bool = False) -> None:
        """`compact`: the board shows no pencil marks, so a hint's cells list theirs here."""
        content = hint_content(game, pending, message)
        if content is None:
            content = Content.from_markup("[b]Hint[/]\n[dim]n: a hint, s: apply the next step[/]")
        marks = hint_candidates(game) if compact else None
        if marks is not None:
            content = content + Content("\n") + marks
        step = game.hint_step
        full = step is not None and not pending and game.hint_problem is None \
            and game.hint_level >= HintLevel.FULL
        self.conclusion = result_content(step) if full and step is not None else None
        if content != self._shown:
            self.show_content(content)
            box = self.parent.parent if self.parent is not None else None
            if isinstance(box, HintBox):
                box.shown_anew()

    _shown: Content | None = None

    def on_resize(self) -> None:
        box = self.parent.parent if self.parent is not None else None
        if isinstance(box, HintBox):  # the text took other lines: the box fits it again
            box.call_after_refresh(box.fit)


SCROLL_KEYS = "J/K"
"""The keys that scroll the hint, as the panel names them when there is more (shift+↓ ↑ and the
mouse wheel scroll it too)."""


class HintBox(Vertical):
    """The hint panel in a scrolling view, and under it a line that appears when the hint does not
    fit: which way there is more, the keys that scroll, and, while the explanation's end is out of
    sight, its conclusion, so the step's result is always on screen. The box is as tall as the
    hint (the path below takes the rest), up to the side's free space."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hint-scroll", can_focus=False):
            yield HintPanel(id="hint")
        yield Static(id="hint-more")

    def on_mount(self) -> None:
        self.query_one("#hint-scroll").watch(
            self.query_one("#hint-scroll"), "scroll_y", self._scrolled, init=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def _scrolled(self) -> None:
        self.fit()

    def shown_anew(self) -> None:
        """A new text: read from its start (the conclusion stays in sight below)."""
        self.query_one("#hint-scroll", VerticalScroll).scroll_home(animate=False)
        self.call_after_refresh(self.fit)

    def scroll_hint(self, where: str) -> None:
        """'up' or 'down' a page of the hint."""
        view = self.query_one("#hint-scroll", VerticalScroll)
        (view.scroll_page_up if where == "up" else view.scroll_page_down)(animate=False)

    @property
    def hidden_lines(self) -> tuple[int, int]:
        """(lines above the view, lines below it) of the hint."""
        view = self.query_one("#hint-scroll", VerticalScroll)
        top = round(view.scroll_y)
        return top, max(0, view.virtual_size.height - view.scrollable_content_region.height - top)

    def more_content(self) -> Content | None:
        """The line under the hint when it does not fit, else None."""
        above, below = self.hidden_lines
        if not above and not below:
            return None
        where = " ".join(part for part, lines in (
            (f"▲ {above} line{'s' if above > 1 else ''} above", above),
            (f"▼ {below} line{'s' if below > 1 else ''} below", below)) if lines)
        more = Content.from_markup(f"[b]$where[/] [dim]· {SCROLL_KEYS} scroll[/]", where=where)
        conclusion = self.query_one(HintPanel).conclusion
        if below and conclusion is not None:
            more = more + Content("\n") + conclusion
        return more

    def fit(self) -> None:
        """The box as tall as the hint, and the line under it saying what is out of sight."""
        if not self.is_attached:
            return
        hint = self.query_one(HintPanel)
        more_line = self.query_one("#hint-more", Static)
        more = self.more_content()
        if more is None:
            more_line.display = False
        else:
            more_line.update(more)
            more_line.display = True
        # A hint that fits is held to its height (the path below takes the rest); a longer one
        # takes the side's free space, sharing it with the path.
        tallest = None if more is not None else hint.outer_size.height + self.styles.gutter.height
        held = self.styles.max_height
        if (held.value if held is not None else None) != tallest:
            self.styles.max_height = tallest


def hint_candidates(game: Game) -> Content | None:
    """'Candidates: r1c1 57 · r2c1 59' for the empty cells a shown hint is about (its pattern from
    the 2nd rung, what it changes too on the 3rd), or None when no step is shown."""
    step = game.hint_step
    if step is None or game.hint_level < 2:
        return None
    grid = game.grid
    board = grid.geometry
    cells = list(step.cells)
    if game.hint_level >= HINT_LEVELS:  # the cells it changes, once the changes are shown
        cells += [c for c, _ in step.eliminations] + [c for c, _ in step.placements]
    cells = dict.fromkeys(cells)
    listed = [f"{board.cell_name(c)} {''.join(map(board.symbol, sorted(grid.candidates(c))))}"
              for c in cells if not grid.value(c)]
    if not listed:
        return None
    return Content.from_markup("[b]Candidates:[/] $marks", marks=" · ".join(listed))
