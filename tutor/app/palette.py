"""The command palette: Textual's own, guarded against keys that arrive faster than it draws."""

from __future__ import annotations

from textual import events, work
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches

_gather = CommandPalette._gather_commands.__wrapped__
"""Textual's search for matching commands, without its worker decorator (it is put back below)."""


class Palette(CommandPalette):
    """Textual's command palette, with two of its races closed (both ended the app):

    * page down (or up, home, end) pressed right after typing, before the list of matches was laid
      out, raised KeyError inside Textual's OptionList; such a key now does nothing;
    * a search started by typing that is still to run when the palette closes (escape right after
      a letter) failed to find the palette's list; it now simply stops;
    * the "No matches found" line, put in the list half a second after a search found nothing,
      failed the same way when the palette was closing by then; it is left out then;
    * so did showing or hiding the list and the busy indicator at the end of a search that
      finished as the palette closed;
    * a click names the option under it when it reaches the list, but is handled later: a search
      that cleared the list in between left it naming an option no longer there (IndexError).
    """

    def compose(self):
        # Textual's layout, with its list replaced by one that checks a click's option first.
        for widget in super().compose():
            yield CheckedCommandList() if type(widget) is CommandList else widget

    def _watch__list_visible(self) -> None:
        try:
            super()._watch__list_visible()
        except NoMatches:
            pass  # closing

    async def _watch__show_busy(self) -> None:
        try:
            await super()._watch__show_busy()
        except NoMatches:
            pass  # closing

    def set_timer(self, delay, callback=None, *args, **kwargs):
        if callback is not None:
            callback = _unless_closing(callback)
        return super().set_timer(delay, callback, *args, **kwargs)

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except KeyError:
            pass

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        try:
            await _gather(self, search_value)
        except NoMatches:
            pass  # the palette closed meanwhile: nobody waits for the matches


def _unless_closing(callback):
    """The timer's callback, doing nothing once the palette's widgets are gone (it is closing)."""

    def guarded():
        try:
            return callback()
        except NoMatches:
            return None

    return guarded


class CheckedCommandList(CommandList):
    """The palette's list of matches, ignoring a click on an option it no longer has."""

    async def _on_click(self, event: events.Click) -> None:
        option = event.style.meta.get("option")
        if option is not None and option >= self.option_count:
            event.prevent_default()  # Textual's own handler (OptionList's) would index past the end
