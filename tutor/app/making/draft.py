"""The editor's draft: the puzzle being composed, kept in the data folder after every change."""

from __future__ import annotations

from pathlib import Path

from tutor.model.geometry import CELL_COUNT
from tutor.model.grid import Grid
from tutor.model.storage import Unreadable, data_dir, move_aside, read_json, write_json

DRAFT_NAME = "editor-draft.json"
DRAFT_VERSION = 1


def draft_path() -> Path:
    return data_dir() / DRAFT_NAME


def read_draft() -> tuple[int, ...] | None:
    """The draft's values, or None if there is none; raises Unreadable (after moving it aside)."""
    path = draft_path()
    data = read_json(path)
    if data is None:
        return None
    line = data.get("puzzle") if isinstance(data, dict) else None
    if not (isinstance(line, str) and len(line) == CELL_COUNT and all(ch in ".123456789" for ch in line)):
        raise Unreadable(path, move_aside(path), "not an editor draft")
    return tuple(0 if ch == "." else int(ch) for ch in line)


def write_draft(values: tuple[int, ...]) -> None:
    """Keep the draft (atomically); raises OSError when the data folder cannot be written."""
    write_json(draft_path(), {"version": DRAFT_VERSION, "puzzle": Grid(values).to_line()})
