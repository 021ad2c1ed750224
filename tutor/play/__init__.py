"""The play layer: a game in progress (undo, hints, level earned) and its autosave."""
