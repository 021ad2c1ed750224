"""A screen's keys as a short list beside its board (the footer has room for only a few)."""

from __future__ import annotations

from textual.content import Content

from ..keys import Key

FOLDED = ("Down", "Left", "Right")
"""Labels of keys listed under the first key of their group (Move)."""


def shown_keys(key: Key) -> str:
    if key.label == "Move":
        return "arrows, h j k l"
    return key.key_display or key.keys.replace(",", ", ")


def key_list(keys: tuple[Key, ...]) -> Content:
    """One line per command (digits and moves folded): its keys in bold, then what it does."""
    lines, seen = [], set()
    for key in keys:
        if key.label in FOLDED or key.help in seen:
            continue
        seen.add(key.help)
        lines.append(Content.from_markup("[b]$keys[/]  $text", keys=shown_keys(key), text=key.help))
    return Content("\n").join(lines)
