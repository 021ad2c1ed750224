"""The bundled puzzle collections in puzzles/: one puzzle per line with a `# name; source` comment."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.model.formats import parse
from tutor.model.grid import Grid
from tutor.model.resources import bundled_dir

_LEVEL_FILE = re.compile(r"level-(\d+(?:\.\d+)?)\.txt$")


@dataclass(frozen=True)
class Puzzle:
    """A bundled puzzle: its line, its name and source (from the comment), where it was read."""

    line: str
    name: str
    source: str
    path: Path
    line_number: int

    @property
    def grid(self) -> Grid:
        return parse(self.line)


@dataclass(frozen=True)
class Collection:
    """One puzzle file; `level` is set for the per-level files (level-2.txt)."""

    name: str
    path: Path
    level: float | None

    def puzzles(self) -> list[Puzzle]:
        return load_file(self.path)


def _split_comment(comment: str) -> tuple[str, str]:
    name, _, source = comment.partition(";")
    return name.strip(), source.strip()


def load_file(path: Path | str) -> list[Puzzle]:
    """Every puzzle of a file; a line's trailing `# name; source` (or the comment line before it) names it."""
    path = Path(path)
    puzzles: list[Puzzle] = []
    pending = ("", "")
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.strip()
        if not text:
            continue
        if text.startswith("#"):
            pending = _split_comment(text[1:])
            continue
        cells, _, comment = text.partition("#")
        name, source = _split_comment(comment) if comment else pending
        pending = ("", "")
        line = cells.split()[0]
        puzzles.append(Puzzle(line, name or f"{path.stem} {len(puzzles) + 1}", source, path, number))
    return puzzles


def collections(folder: Path | str | None = None) -> list[Collection]:
    """The collections in a folder (the bundled puzzles/ by default), per-level files first by level."""
    folder = Path(folder) if folder is not None else bundled_dir("puzzles")
    found = []
    for path in sorted(folder.glob("*.txt")):
        match = _LEVEL_FILE.search(path.name)
        level = float(match.group(1)) if match else None
        name = f"Level {match.group(1)}" if match else path.stem.replace("-", " ").capitalize()
        found.append(Collection(name, path, level))
    found.sort(key=lambda c: (c.level is None, c.level or 0, c.name))
    return found


def default_puzzle() -> Puzzle:
    """The puzzle `tutor` opens when given none: the first of the gentlest level there is."""
    for collection in collections():
        puzzles = collection.puzzles()
        if puzzles:
            return puzzles[0]
    raise FileNotFoundError("no bundled puzzles found")
