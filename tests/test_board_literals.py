"""No board size is written as a literal below the app: sizes come from the board's geometry."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import tutor

ROOT = Path(tutor.__file__).parent
BELOW_THE_APP = ("model", "solvers", "engine", "generator", "play", "learning", "web")
"""The layers that must work on every board (the app and the command line come later)."""

SIZE_NUMBERS = {9, 18, 27, 81, 511}
"""The classic board's digits and cells, its units (9 each, 18 for two kinds, 27 in all), and its
full mask; and 10 as range(1, 10)'s end."""

ALLOWED: dict[str, str] = {
    # module, or package folder (ending "/": every module under it): why a literal size stands
    "model/geometry.py": "the one place the classic board's shape is written down",
    "model/formats.py": "the list of board sizes a file may hold, 9 among the others",
    "engine/walk.py": "the classic board's walk, its singles unrolled over units of nine cells "
                      "(other boards take the plain walk)",
    "engine/se/": "Sudoku Explainer's rating, defined on the classic board alone",
}


def _allowed(name: str) -> bool:
    """Whether a module (its path below tutor/) is allowed literal sizes, itself or its folder."""
    return name in ALLOWED or any(entry.endswith("/") and name.startswith(entry)
                                  for entry in ALLOWED)


def _literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each integer literal in code (not in strings or comments) that is one of
    the classic board's sizes, or the 10 ending range(1, 10)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    found = []
    for i, token in enumerate(tokens):
        if token.type != tokenize.NUMBER:
            continue
        try:
            value = int(token.string, 0)
        except ValueError:
            continue  # a float, such as a rating 9.0
        ranged = value == 10 and i >= 4 and tokens[i - 4].string == "range"
        if value in SIZE_NUMBERS or ranged:
            found.append((token.start[0], token.line.strip()))
    return found


def test_no_literal_board_size_below_the_app():
    found = {}
    for layer in BELOW_THE_APP:
        for path in sorted((ROOT / layer).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if not _allowed(name):
                hits = _literals(path)
                if hits:
                    found[name] = hits
    assert found == {}, "\n".join(f"{name}:{line}: {text}" for name, hits in found.items()
                                  for line, text in hits)


def test_the_scan_sees_a_literal_size(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('"""A 9x9 docstring is fine: 81 cells."""\n'
                       "# so is a comment: 27 units\n"
                       "CELLS = range(81)\n"
                       "for digit in range(1, 10):\n"
                       "    rating = 9.0\n")
    assert [line for line, _ in _literals(planted)] == [3, 4]


def test_every_allowed_module_exists():
    assert all((ROOT / name).is_dir() if name.endswith("/") else (ROOT / name).is_file()
               for name in ALLOWED)


def test_a_folder_entry_covers_the_modules_under_it_alone():
    assert _allowed("engine/se/basic.py") and _allowed("engine/walk.py")
    assert not _allowed("engine/search.py") and not _allowed("engine/seen.py")
