"""Make the bundled puzzles of the boards other than 9x9 (puzzles/sizes/), reproducibly from seeds.

    python -m tutor.generator.bundle [FOLDER] [BOARD ...]

writes FOLDER/<board>/level-L.txt (FOLDER: puzzles/sizes by default) for each board of BOARDS and
the Samurai (or only the BOARDs named, as their folders are: 6x6, 6x6-3x2, samurai) and each
whole level L its card's ladder reaches: up to COUNT puzzles graded L or L + 0.5, made by
digging alone (no bundled puzzle is varied, so what is already bundled changes nothing), from
seeds that depend only on the board and the level. A level not found in the board's attempts is
left out, and the output says so. A Samurai file holds each puzzle as its `# name; source` line
and its five grids' lines, a blank line between two.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tutor.generator.generate import (
    GenerationError, LevelRange, generate, level_text, reachable_levels)
from tutor.model.bundled import board_folder
from tutor.model.geometry import Geometry, regular, samurai
from tutor.model.resources import bundled_dir

COUNT = 3
"""Puzzles per level file."""
BOARDS: tuple[tuple[int, int, int, float], ...] = (
    # box rows, box columns, attempts per puzzle, highest level tried
    (2, 2, 400, 6), (2, 3, 400, 6), (3, 2, 400, 6), (2, 4, 150, 6), (4, 2, 150, 6),
    (2, 5, 60, 5), (3, 4, 20, 2), (4, 3, 20, 2), (4, 4, 4, 1),
)
"""The boards, with what each may spend: the big ones are slow to grade at high levels."""
SAMURAI_LEVELS: tuple[tuple[float, int], ...] = (
    (0, 20), (1, 20), (2, 30), (3, 40), (4, 20), (5, 20), (6, 20))
"""The Samurai's levels, with the attempts a puzzle may take (levels 4 and 5 are built around a
bundled classic puzzle as a corner grid: digs nearly always stop below them)."""
SAMURAI_HALVES_BELOW = 3
"""Below this level a Samurai level file holds puzzles of the level itself and of the half level
above, each asked for (dug puzzles come out at the half level, capped digging pushing them up)."""


def make_level(geometry: Geometry, level: float, attempts: int) -> list[str]:
    """The level file's lines for `level` (whole) and the half level above, or [] if none found."""
    levels = LevelRange(level, min(level + 0.5, 6.0))
    seed = 1000 * geometry.size + 100 * geometry.box_height + 10 * int(level)
    asked = [(levels, COUNT, seed)]
    if geometry.is_samurai:
        seed = 1000 * geometry.cell_count + 10 * int(level)
        asked = [(levels, COUNT, seed)]
        if level < SAMURAI_HALVES_BELOW:
            whole = COUNT - COUNT // 2
            asked = [(LevelRange(level, level), whole, seed),
                     (LevelRange(level + 0.5, level + 0.5), COUNT - whole, seed + 5)]
    lines = []
    made_all = (made for wanted, count, start in asked
                for made in generate(wanted, count, start, geometry=geometry, collections=[],
                                     max_attempts=attempts))
    try:
        for number, made in enumerate(made_all, start=1):
            name = f"{made.grade.band} {level_text(made.grade.level)} no. {number}"
            if geometry.is_samurai:  # its comment line, its five grids' lines, a blank line
                grids = made.grid.to_grid_lines().rstrip()
                lines.append(f"\n# {name}; generated, {made.comment}\n{grids}")
                continue
            lines.append(f"{made.grid.to_line()} # {name}; generated, {made.comment}")
    except GenerationError:
        pass  # fewer than COUNT (or none) at this level within the attempts: keep what was found
    return lines


def write_level(target: Path, geometry: Geometry, level: float, attempts: int) -> None:
    """Make the level file of `level` (whole) in the board's folder `target`, saying how many
    puzzles it holds and how long they took; no file when none was found."""
    start = time.perf_counter()
    lines = make_level(geometry, level, attempts)
    took = time.perf_counter() - start
    print(f"{board_folder(geometry)} level {level_text(level)}: {len(lines)} puzzles "
          f"in {took:.1f} s", flush=True)
    if lines:
        shape = ("" if geometry.is_samurai
                 else f", boxes {geometry.box_height}x{geometry.box_width}")
        header = (f"# {geometry.name} board{shape}: puzzles graded "
                  f"{level_text(level)} or {level_text(level + 0.5)} on the 0-6 scale by "
                  f"tutor.grade, made by python -m tutor.generator.bundle")
        path = target / f"level-{int(level)}.txt"
        path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else bundled_dir("puzzles") / "sizes"
    only = set(argv[1:])
    boards: list[tuple[Geometry, tuple[tuple[float, int], ...]]] = []
    for rows, columns, attempts, highest in BOARDS:
        geometry = regular(rows, columns)
        boards.append((geometry, tuple(
            (level, attempts) for level in sorted({float(int(level))
                                                  for level in reachable_levels(geometry)})
            if level <= highest)))
    boards.append((samurai(), SAMURAI_LEVELS))
    for geometry, levels in boards:
        if only and board_folder(geometry) not in only:
            continue
        target = folder / board_folder(geometry)
        target.mkdir(parents=True, exist_ok=True)
        for level, attempts in levels:
            write_level(target, geometry, float(level), attempts)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
