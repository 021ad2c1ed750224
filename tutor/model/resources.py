"""Where the bundled lessons/ and puzzles/ folders are, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def bundled_dir(name: str) -> Path:
    """The folder `name` ('lessons' or 'puzzles'): inside an installed package, else the checkout's."""
    installed = _PACKAGE / "_bundled" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
