"""The command palette's entries (ctrl+p), built from the game screen's one list of actions.

To offer a new screen, give its Key in tutor/app/keys.py a `title`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.app.keys import GAME_KEYS, Key


@dataclass(frozen=True)
class Command:
    """A palette entry: `action` is run on the game screen (e.g. 'paste', 'app.push_screen(...)')."""

    title: str
    help: str
    action: str


def palette_commands(keys: tuple[Key, ...] = GAME_KEYS) -> list[Command]:
    """A palette entry for each key with a title, in the keys' order, with the help screen's text."""
    return [Command(k.title, k.help, k.action) for k in keys if k.title]


COMMANDS: list[Command] = palette_commands()
