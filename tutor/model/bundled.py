"""The bundled puzzle collections in puzzles/: one puzzle per line with a `# name; source` comment.

The classic 9x9 collections are puzzles/*.txt; each other board has a folder of its own under
puzzles/sizes/ (`board_folder`: 6x6 for 2x3 boxes, 6x6-3x2 for 3x2 ones) holding level files as
puzzles/ does, read with `collections_of(geometry)`; the Samurai's are in puzzles/sizes/samurai, each
puzzle its `# name; source` line and its five grids' lines, apart by blank lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.model.formats import parse, read_puzzles
from tutor.model.geometry import CLASSIC, Geometry, regular, regular_of_size, samurai
from tutor.model.grid import Grid
from tutor.model.resources import bundled_dir

_LEVEL_FILE = re.compile(r"level-(\d+(?:\.\d+)?)\.txt$")
_BOARD_FOLDER = re.compile(r"(\d+)x\1(?:-(\d+)x(\d+))?")
"""A folder of puzzles/sizes/: the board, then its boxes when not the usual ones (6x6-3x2)."""


@dataclass(frozen=True)
class Puzzle:
    """A bundled puzzle: its line, its name and source (from the comment), where it was read."""

    line: str
    name: str
    source: str
    path: Path
    line_number: int
    geometry: Geometry = CLASSIC

    @property
    def grid(self) -> Grid:
        return parse(self.line, self.geometry)


@dataclass(frozen=True)
class Collection:
    """One puzzle file; `level` is set for the per-level files (level-2.txt)."""

    name: str
    path: Path
    level: float | None
    geometry: Geometry = CLASSIC

    def puzzles(self) -> list[Puzzle]:
        return load_file(self.path, self.geometry)


def _split_comment(comment: str) -> tuple[str, str]:
    name, _, source = comment.partition(";")
    return name.strip(), source.strip()


def load_file(path: Path | str, geometry: Geometry = CLASSIC) -> list[Puzzle]:
    """Every puzzle of a file of the board's puzzles; a line's trailing `# name; source` (or the
    comment line before it) names it."""
    path = Path(path)
    if len(geometry.grids) > 1:
        return _load_grids_file(path, geometry)
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
        puzzles.append(Puzzle(line, name or f"{path.stem} {len(puzzles) + 1}", source, path, number,
                              geometry))
    return puzzles


def _load_grids_file(path: Path, geometry: Geometry) -> list[Puzzle]:
    """Every puzzle of a file of Samurai puzzles: each its comment lines (the last names it,
    `# name; source`) and its grids' lines. A Puzzle's line is the board's one line of cells."""
    puzzles: list[Puzzle] = []
    for number, text in read_puzzles(path.read_text(encoding="utf-8"), geometry):
        comments = [line.strip()[1:] for line in text.splitlines() if line.strip().startswith("#")]
        name, source = _split_comment(comments[-1]) if comments else ("", "")
        line = parse(text, geometry).to_line()
        puzzles.append(Puzzle(line, name or f"{path.stem} {len(puzzles) + 1}", source, path,
                              number, geometry))
    return puzzles


def collections(folder: Path | str | None = None, geometry: Geometry = CLASSIC) -> list[Collection]:
    """The collections in a folder (the bundled puzzles/ by default, whose puzzles are 9x9), per-level
    files first by level; `geometry` is the board of the folder's puzzles."""
    folder = Path(folder) if folder is not None else bundled_dir("puzzles")
    found = []
    for path in sorted(folder.glob("*.txt")):
        match = _LEVEL_FILE.search(path.name)
        level = float(match.group(1)) if match else None
        name = f"Level {match.group(1)}" if match else path.stem.replace("-", " ").capitalize()
        if geometry is not CLASSIC:
            name = f"{geometry.name} {name.lower()}"
        found.append(Collection(name, path, level, geometry))
    found.sort(key=lambda c: (c.level is None, c.level or 0, c.name))
    return found


SAMURAI_FOLDER = "samurai"


def board_folder(geometry: Geometry) -> str:
    """The folder name of a board's puzzles under puzzles/sizes/: '6x6' for the board's usual
    boxes (as near square as the size allows, wider than tall), '6x6-3x2' for other boxes,
    'samurai' for the Samurai."""
    if geometry.is_samurai:
        return SAMURAI_FOLDER
    usual = regular_of_size(geometry.size)
    if (geometry.box_height, geometry.box_width) == (usual.box_height, usual.box_width):
        return geometry.name
    return f"{geometry.name}-{geometry.box_height}x{geometry.box_width}"


def collections_of(geometry: Geometry) -> list[Collection]:
    """The bundled collections of a board, one per level (Collection.level) by level: the classic
    ones for the 9x9 board, puzzles/sizes/<board_folder> for another; none for a board without
    bundled puzzles."""
    if geometry is CLASSIC:
        return [c for c in collections() if c.level is not None]
    folder = bundled_dir("puzzles") / "sizes" / board_folder(geometry)
    if not folder.is_dir():
        return []
    return [c for c in collections(folder, geometry) if c.level is not None]


def other_boards() -> list[Geometry]:
    """The boards other than 9x9 with bundled puzzles (folders of puzzles/sizes/), smallest first,
    the usual boxes of a size before the other shape, the Samurai last."""
    folder = bundled_dir("puzzles") / "sizes"
    found = []
    for path in folder.iterdir() if folder.is_dir() else ():
        if path.name == SAMURAI_FOLDER and path.is_dir():
            found.append(samurai())
            continue
        match = _BOARD_FOLDER.fullmatch(path.name)
        if not match or not path.is_dir():
            continue
        size = int(match.group(1))
        try:
            board = (regular(int(match.group(2)), int(match.group(3))) if match.group(2)
                     else regular_of_size(size))
        except ValueError:  # a folder no board of the tutor's matches
            continue
        if board_folder(board) == path.name:  # never a folder that names the usual boxes twice
            found.append(board)
    return sorted(found, key=lambda b: (b.is_samurai, b.size, b.name != board_folder(b)))


def default_puzzle() -> Puzzle:
    """The puzzle `tutor` opens when given none: the first of the gentlest level there is."""
    for collection in collections():
        puzzles = collection.puzzles()
        if puzzles:
            return puzzles[0]
    raise FileNotFoundError("no bundled puzzles found")
