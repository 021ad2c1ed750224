"""Shared test helpers: where ../shared/data is, and a skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


def shared_file(relative: str) -> Path:
    """A file under ../shared/data, or skip the test (a user's fresh clone has no ../shared)."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"../shared/data/{relative} is absent (only developers and CI have ../shared)")
    return path


def read_lines(path: Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of a one-puzzle-per-line file (comments and blanks dropped)."""
    out = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if limit is not None and len(out) >= limit:
                    break
    return out
