"""Every action of the game screen, in one list: the footer, the help screen and the command palette
(tutor/app/commands.py) are all built from GAME_KEYS."""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual.binding import ActiveBinding, Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tutor.model.geometry import DIGITS, MAX_TABLE_SIZE, SYMBOLS


@dataclass(frozen=True)
class Key:
    """One command: its keys, the action it runs, a footer label and a sentence for the help screen."""

    keys: str
    action: str
    label: str
    help: str
    show: bool = True
    key_display: str | None = None
    narrow: bool = True
    """Kept in the footer of a screen too narrow for every shown key (the help lists them all)."""
    title: str | None = None
    """The command palette's name for it (ctrl+p); None keeps it out of the palette."""

    @property
    def footer_text(self) -> str:
        """'n Hint', as the footer shows it."""
        return f"{self.key_display or self.keys.split(',')[0]} {self.label}"


LARGEST_SIZE = MAX_TABLE_SIZE
"""The largest board the app plays: 16x16 (its digits above 9 are the letters A to G)."""
LETTER_DIGITS = tuple(range(len(DIGITS) + 1, LARGEST_SIZE + 1))
"""The digits typed as capital letters (10 is A): no capital from A to G has another use, where
most small letters do."""

PATH_KEYS = "pageup, pagedown, home, end"
PATH_HELP = ("Scroll the path (the list of changes) back a page, forward a page, to the first "
             "change, or to the newest; a new change shows the newest again.")

GAME_KEYS: tuple[Key, ...] = (
    Key("up,k", "move(-1, 0)", "Move", "Move the selection up (also k).", key_display="←↓↑→",
        narrow=False),
    Key("down,j", "move(1, 0)", "Down", "Move the selection down (also j).", show=False),
    Key("left,h", "move(0, -1)", "Left", "Move the selection left (also h).", show=False),
    Key("right,l", "move(0, 1)", "Right", "Move the selection right (also l).", show=False),
    *(Key(str(d), f"digit({d})", "Digit", "Enter the digit, or toggle that pencil mark in pencil mode.",
          show=d == DIGITS[0], key_display=f"{DIGITS[0]}-{DIGITS[-1]}" if d == DIGITS[0] else None)
      for d in DIGITS),
    *(Key(SYMBOLS[d - 1], f"digit({d})", "Letter digit",
          "On a board of more than 9 digits (10x10 to 16x16): a digit above 9, typed as the board "
          "writes it, a capital letter (A is 10, G is 16); in pencil mode it toggles that mark.",
          show=False, key_display=(f"{SYMBOLS[d - 1]}-{SYMBOLS[LETTER_DIGITS[-1] - 1]}"
                                   if d == LETTER_DIGITS[0] else None))
      for d in LETTER_DIGITS),
    Key("n", "hint", "Hint", "Hint: 1st press a nudge, 2nd the pattern, 3rd the full explanation.",
        title="Hint"),
    *(Key(key, f"scroll_hint('{where}')", "Scroll hint",
          "Scroll a long hint down or up a page (the mouse wheel too); the panel says when there is more.",
          show=False) for key, where in (("J,shift+down", "down"), ("K,shift+up", "up"))),
    Key("L", "hint_lesson", "Lesson", "While a hint is shown: open the lesson on its technique."),
    Key("s", "apply_step", "Step",
        "Apply the next step (the hinted one); keep pressing to solve step by step.",
        title="Apply the next step"),
    Key("escape", "stop_search", "Stop", "While the tutor is looking for a step: stop looking.",
        show=False),
    Key("p", "toggle_pencil", "Pencil", "Pencil mode: digits add or remove candidates."),
    Key("u,ctrl+z", "undo", "Undo", "Undo the last change (digits, pencil marks, steps)."),
    Key("question_mark,f1", "help", "Help", "Show the keys and the board's legend (this help).",
        key_display="?", title="Keys and legend"),
    Key("delete,backspace,0", "clear", "Clear", "Clear your digit from the cell (givens stay).",
        show=False),
    Key("y,ctrl+y", "redo", "Redo", "Redo the change just undone.", show=False),
    Key("m", "auto_candidates", "Marks", "Fill in the standard pencil marks (replaces your own).", show=False,
        title="Fill pencil marks"),
    Key("c", "check", "Check", "Mark conflicts, wrong digits and lost candidates.", narrow=False,
        title="Check the board"),
    Key("S", "solve_all", "Solve", "Solve to the end at once (undo takes it back).", show=False,
        title="Solve to the end"),
    Key("R", "restart", "Restart", "Restart the puzzle from its givens (undoable).", show=False,
        title="Restart the puzzle"),
    Key("o", "paste", "Load", "Load a puzzle: paste it in any accepted format.", narrow=False,
        title="Load a puzzle (paste)"),
    Key("b", "browse", "Puzzles", "Pick a bundled puzzle by level or board.", narrow=False,
        title="Bundled puzzles"),
    Key("g", "new_puzzle", "New", "New puzzle: generate a 9x9 one at a level (0-6) or a range, from a seed.",
        narrow=False, title="New puzzle"),
    Key("e", "editor", "Editor", "Puzzle editor: compose a 9x9 puzzle's givens, checked live; save a proper one, play it.",
        show=False, title="Puzzle editor"),
    Key("v", "visualiser", "Search",
        "Search visualiser: watch two backtracking searches solve this 9x9 puzzle side by side.",
        show=False, title="Search visualiser"),
    Key("P", "restore_previous", "Previous",
        "Bring back the previous game (the one last replaced); the current one is kept instead.",
        show=False, title="Restore the previous game"),
    Key("x", "copy_out", "Copy",
        "Copy the puzzle out: its line, the position's line, and a link (served) or a command "
        "that opens it again.", show=False, title="Copy the puzzle out (line and link)"),
    Key("a", "show_all", "All",
        "Every instance of the hint's technique (without a hint: of one you choose) at this "
        "position, each drawn on the board as you pick it out; enter makes it the hint.",
        show=False, title="Show every instance of a technique"),
    Key("f", "digit_filter", "Filter",
        "Show only one digit's candidates: f then 1-9; f then 0 (or the same digit) shows all again.",
        show=False, title="Show one digit's candidates"),
    Key("w", "whole_or_grid", "Grid",
        "On a Samurai: the whole board, or the grid in focus alone with its pencil marks (a "
        "click on the whole board puts that cell's grid in focus).", show=False,
        title="Samurai: whole board or one grid"),
    *(Key(key, f"other_grid({step})", "Other grid",
          "On a Samurai: put the next grid (]) or the one before ([) in focus.", show=False)
      for key, step in (("]", 1), ("[", -1))),
    Key("t", "lessons", "Lessons", "Lessons: one per technique, with exercises answered on the board.",
        title="Lessons"),
    *(Key(key, f"scroll_path('{where}')", "Path", PATH_HELP, show=False)
      for key, where in (("pageup", "up"), ("pagedown", "down"), ("home", "oldest"),
                         ("end", "newest"))),
    Key("q", "app.quit", "Quit", "Quit (the game is saved after every change).", show=False),
)


PALETTE_WIDTH = 13
"""Columns the footer keeps at its right for the command palette's key ('▏^p palette')."""


def footer_width(keys=GAME_KEYS) -> int:
    """Columns the footer needs for the keys it shows (a space between keys)."""
    return sum(len(k.footer_text) + 1 for k in keys if k.show) + PALETTE_WIDTH


def narrow_footer(width: int, keys=GAME_KEYS) -> bool:
    """Too narrow for every shown key: the footer keeps only those marked `narrow`."""
    return width < footer_width(keys)


def fit_footer(active: dict[str, ActiveBinding], width: int,
               keys=GAME_KEYS) -> dict[str, ActiveBinding]:
    """The screen's active bindings with the footer's `show` turned off for the keys that do
    not fit `width` columns; the keys themselves still work."""
    if not narrow_footer(width, keys):
        return active
    hidden = {k.action for k in keys if not k.narrow}
    return {key: (found._replace(binding=replace(found.binding, show=False))
                  if found.binding.action in hidden else found)
            for key, found in active.items()}


class FittedFooter:
    """Mixed into a screen whose footer shows `FOOTER_KEYS`; `fit_footer_to(width)` on resize."""

    FOOTER_KEYS: tuple[Key, ...] = GAME_KEYS
    footer_narrow = False

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        # Only what the footer shows changes with the width; every key works at any width.
        return fit_footer(super().active_bindings, self.size.width, self.FOOTER_KEYS)

    def fit_footer_to(self, width: int) -> None:
        """Redraw the footer's keys when the width crosses what they all need."""
        if narrow_footer(width, self.FOOTER_KEYS) != self.footer_narrow:
            self.footer_narrow = not self.footer_narrow
            self.refresh_bindings()


def bindings(keys=GAME_KEYS) -> list[Binding]:
    """Textual bindings for the keys, in the footer's order."""
    return [
        Binding(k.keys, k.action, k.label, show=k.show, key_display=k.key_display)
        for k in keys
    ]


def help_rows(keys=GAME_KEYS) -> list[tuple[str, str]]:
    """(keys as shown, what they do) for the help screen; moves and digits folded into one row each."""
    rows, seen = [], set()
    for k in keys:
        if k.label in ("Down", "Left", "Right") or k.help in seen:
            continue
        seen.add(k.help)
        if k.label == "Move":
            rows.append(("arrows, h j k l", "Move the selection; click a cell to select it."))
        elif k.label == "Path":
            rows.append((PATH_KEYS, k.help))
        elif k.label == "Other grid":
            rows.append(("[, ]", k.help))
        elif k.label == "Scroll hint":
            rows.append(("J, K, shift+down, shift+up", k.help))
        elif k.label in ("Digit", "Letter digit"):
            rows.append((k.key_display, k.help))
        else:
            rows.append((k.keys.replace("question_mark", "?").replace(",", ", "), k.help))
    return rows


class CoalescedFooter(Footer):
    """Textual's footer, rebuilding its keys once for all the binding changes made before the
    next refresh, where Textual's rebuilds once per change: a screen's start makes several
    (focus, resume, the fitted footer's width), and each rebuild mounts and styles every key.
    A change that leaves the keys shown as they were rebuilds nothing, and the keys come with
    the screen's first frame."""

    _rebuild_pending = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The keys are drawn with the first frame, laid out with the rest of the screen, rather
        # than mounted into an empty footer after it (a second layout of the whole screen).
        self.set_reactive(Footer._bindings_ready, True)

    def compose(self):
        self._keys_shown = self._shown_keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Each key takes the footer's compact style when mounted; a key without the
                # class yet is styled a second time for it, one by one.
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        # Cleared first: a change made while the keys are rebuilt asks for one rebuild more.
        self._rebuild_pending = False
        # Most changes leave the keys shown as they were (focusing the board at start-up asks
        # again after the first frame): those rebuild nothing. compose() notes what it drew.
        if self._shown_keys() != getattr(self, "_keys_shown", None):
            await self.recompose()

    def _shown_keys(self) -> tuple:
        """What compose() draws from the screen's bindings: each shown key and its state."""
        return (self.compact, self.show_command_palette, tuple(
            (key, binding.key, binding.action, binding.description, binding.key_display,
             binding.group, binding.show, enabled, tooltip)
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()))
