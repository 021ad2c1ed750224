"""A screen's keys as a short list beside its board (the footer has room for only a few)."""

from __future__ import annotations

from textual.content import Content

from tutor.app.keys import Key

FOLDED = ("Down", "Left", "Right")
"""Labels of keys listed under the first key of their group (Move)."""


def shown_keys(key: Key) -> tuple[str, str]:
    """The keys as the list shows them, and what they do."""
    if key.label == "Move":
        return "arrows, h j k l", "Move the selection; click a cell to select it."
    return key.key_display or key.keys.replace(",", ", "), key.help


def key_list(keys: tuple[Key, ...]) -> Content:
    """One line per command (digits and moves folded): its keys in bold, then what it does."""
    lines, seen = [], set()
    for key in keys:
        if key.label in FOLDED or key.help in seen:
            continue
        seen.add(key.help)
        shown, text = shown_keys(key)
        lines.append(Content.from_markup("[b]$keys[/]  $text", keys=shown, text=text))
    return Content("\n").join(lines)
