"""Where the user's data lives, atomic writes, and reading a file that may be corrupt."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from tutor.model.errors import Unreadable

ENV_DATA_DIR = "TUTOR_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder: $TUTOR_DATA_DIR, else $XDG_DATA_HOME/sudoku-tutor, else ~/.local/share."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        base = Path(override)
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = (Path(xdg) if xdg else Path.home() / ".local" / "share") / "sudoku-tutor"
    base.mkdir(parents=True, exist_ok=True)
    return base


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise


def write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))


def _free_name(path: Path, tag: str) -> Path:
    """name.<tag>-<time>, with -1, -2 ... added while such a file exists."""
    stamp = time.strftime('%Y%m%d-%H%M%S')
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
        n += 1
    return target


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to name.corrupt-<time> so nothing the user made is overwritten."""
    target = _free_name(path, "corrupt")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def keep_copy(path: Path, tag: str) -> Path:
    """Copy a file to name.<tag>-<time> (before it is rewritten in a new format); the copy's path.

    Raises OSError when the copy cannot be made: the caller must then leave the file alone.
    """
    path = Path(path)
    target = _free_name(path, tag)
    write_atomic(target, path.read_text(encoding="utf-8"))
    return target


def read_json(path: Path) -> Any:
    """The JSON in `path`, or None if there is no file; raise Unreadable (after moving it aside)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(path, move_aside(path), str(error)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise Unreadable(path, move_aside(path), f"not valid JSON: {error}") from None
