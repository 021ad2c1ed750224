"""Read lessons/*.toml with tomllib and validate them; every error names the file and the key."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tutor.engine import BY_ID, EngineError, find_steps
from tutor.model.errors import LessonError, PuzzleError
from tutor.model.formats import parse
from tutor.model.geometry import (
    CLASSIC, SAMURAI_GRIDS, UNIT_KINDS, Geometry, cell_name, current, parse_cell_name, regular,
    regular_of_size, samurai, using,
)
from tutor.model.resources import bundled_dir
from tutor.learning.answers import Mistake
from tutor.learning.model import Exercise, Highlight, Lesson, Page, Position

_FILE_NAME = re.compile(r"^(\d\d|s\d)-[a-z0-9-]+\.toml$")
"""'03-intersections.toml' on the 9x9 ladder; 's1-4x4.toml' among the small boards' lessons."""
SMALL_SERIES = "s"
"""The file-name prefix of the lessons on boards other than 9x9 (S1, S2...: the small boards and
the Samurai), numbered apart so that the 9x9 ladder keeps its numbers."""
_CHANGE = re.compile(r"^\s*(r\d+c\d+)\s*(=|<>)\s*([0-9a-z]+)\s*$", re.IGNORECASE)
_GRID_CHANGE = re.compile(r"^\s*([^=<>]*?)\s*(=|<>)\s*([0-9a-z]+)\s*$", re.IGNORECASE)
"""A change on a board of several grids, its cell named within its grid: 'C r2c4<>1',
'r7c7 of the top-left grid=2' (what parse_cell_name reads)."""
_BOARD = re.compile(r"^\s*(\d+)\s*x\s*(\d+)\s*$", re.IGNORECASE)

_LESSON_KEYS = {"number", "title", "summary", "board", "box", "techniques", "positions", "pages",
                "exercises"}
_POSITION_KEYS = {"grid", "source", "technique", "answer", "seen_as"}
_PAGE_KEYS = {"title", "text", "board", "after", "cells", "units", "digits", "placements",
              "eliminations"}
_EXERCISE_KEYS = {"prompt", "grid", "source", "technique", "answer", "seen_as", "mistakes"}
_MISTAKE_KEYS = {"answer", "why"}


class _Reader:
    """Typed access to one table of a lesson file, naming `file: key` in every error."""

    def __init__(self, path: Path, prefix: str, table, allowed: set[str]):
        self.path = path
        self.prefix = prefix
        if not isinstance(table, dict):
            raise LessonError(path, prefix, f"expected a table, found {_kind(table)}")
        self.table = table
        for key in table:
            if key not in allowed:
                raise LessonError(path, self.key(key),
                                  f"unknown key (known: {', '.join(sorted(allowed))})")

    def key(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name

    def fail(self, name: str, message: str):
        raise LessonError(self.path, self.key(name), message)

    def get(self, name: str, kind, required: bool = True, default=None):
        if name not in self.table:
            if required:
                self.fail(name, "missing")
            return default
        value = self.table[name]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            self.fail(name, f"expected {_kind_name(kind)}, found {_kind(value)}")
        if isinstance(value, str) and required and not value.strip():
            self.fail(name, "is empty")
        return value

    def list_of(self, name: str, kind) -> list:
        values = self.get(name, list, required=False, default=[])
        for i, value in enumerate(values):
            if kind is int and isinstance(value, bool) or not isinstance(value, kind):
                self.fail(f"{name}[{i}]", f"expected {_kind_name(kind)}, found {_kind(value)}")
        return values


def _kind(value) -> str:
    return {dict: "a table", list: "an array", str: "a string", bool: "true/false",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)


def _kind_name(kind) -> str:
    return {dict: "a table", list: "an array", str: "a string", bool: "true or false",
            int: "an integer"}[kind]


def parse_unit_name(name: str) -> int:
    """The unit named like 'row 3', 'column 7' or 'box 5' on the board in use; ValueError
    otherwise."""
    board = current()
    if len(board.grids) > 1:
        return _parse_grid_unit_name(board, name)
    size = board.size
    words = name.strip().lower().split()
    if len(words) == 2 and words[0] in UNIT_KINDS and words[1].isdigit():
        number = int(words[1])
        if 1 <= number <= size:
            return UNIT_KINDS.index(words[0]) * size + number - 1
    raise ValueError(f"not a unit name: {name!r} (expected 'row 3', 'column 2' or 'box 1', "
                     f"numbered 1 to {size})")


def _parse_grid_unit_name(board: Geometry, name: str) -> int:
    """A unit of a board of several grids, named within a grid: 'row 3 of the centre grid', a
    shared box by either grid ('box 1 of the centre grid') or as unit_name writes it, or short:
    'C row 3', 'TL box 9'; ValueError otherwise."""
    text = " ".join(name.strip().lower().split())
    for unit, said in enumerate(board.unit_names):
        if text == said.lower():
            return unit
    words = text.split()
    if len(words) >= 6 and words[2:4] == ["of", "the"] and words[-1] == "grid":
        grid_word, kind, number = " ".join(words[4:-1]), words[0], words[1]
    elif len(words) == 3:
        grid_word, kind, number = words
    else:
        grid_word = kind = number = ""
    grids = {full: g for g, (full, _, _, _) in enumerate(SAMURAI_GRIDS)}
    grids.update({short.lower(): g for g, (_, short, _, _) in enumerate(SAMURAI_GRIDS)})
    grid = grids.get(grid_word)
    if (grid is not None and grid < len(board.grids) and kind in UNIT_KINDS
            and number.isdigit() and 1 <= int(number) <= board.size):
        wanted = f"{kind} {number} of the {board.grid_names[grid]} grid"
        for unit, said in enumerate(board.unit_names):
            if wanted in said:
                return unit
    raise ValueError(f"not a unit name: {name!r} (expected a unit of a grid, such as 'row 3 of "
                     f"the centre grid' or 'C row 3': grids TL, TR, C, BL and BR, numbered 1 to "
                     f"{board.size})")


def parse_digit(text: str) -> int:
    """A digit of the board in use written as its symbol ('4'; above 9 a letter, 'A' for 10) or
    as its number ('10'); ValueError otherwise."""
    board = current()
    symbol = text.strip().upper()
    if len(symbol) == 1 and symbol in board.symbols:
        return board.symbols.index(symbol) + 1
    if symbol.isdigit() and 1 <= int(symbol) <= board.size:
        return int(symbol)
    raise ValueError(f"not a digit of the {board.name} board: {text.strip()!r} "
                     f"(digits are {board.symbols[0]} to {board.symbols[-1]})")


def parse_board(text: str, box: str | None = None) -> Geometry:
    """The board a lesson declares: '4x4', '6x6' (boxes of 2 rows by 3 columns unless `box` says
    'RxC' otherwise), '9x9', 'samurai'; ValueError naming what is wrong."""
    if text.strip().lower() == "samurai":
        if box is not None:
            raise ValueError("a Samurai's boxes are 3x3: it takes no box shape")
        return samurai()
    match = _BOARD.match(text)
    if not match or match.group(1) != match.group(2):
        raise ValueError(f"not a board: {text!r} (expected a size like '4x4', '6x6' or '9x9', "
                         f"or 'samurai')")
    size = int(match.group(1))
    if box is None:
        return regular_of_size(size)
    shape = _BOARD.match(box.replace("x", " x ", 1)) if box else None
    if shape is None:
        raise ValueError(f"not a box shape: {box!r} (expected rows x columns, like '2x3')")
    height, width = int(shape.group(1)), int(shape.group(2))
    if height * width != size:
        raise ValueError(f"boxes of {height}x{width} do not make a {size}x{size} board")
    return regular(height, width)


def parse_changes(text: str) -> tuple[tuple, tuple]:
    """'r7c5=1, r9c3<>1' (HoDoKu's notation) as (placements, eliminations) of (cell, digit), on
    the board in use."""
    placements: list[tuple[int, int]] = []
    eliminations: list[tuple[int, int]] = []
    grids = len(current().grids) > 1
    for part in text.split(","):
        if not part.strip():
            continue
        match = (_GRID_CHANGE if grids else _CHANGE).match(part)
        if not match:
            example = "C r3c7=4 or C r3c7<>4" if grids else "r3c7=4 or r3c7<>4"
            raise ValueError(f"cannot read {part.strip()!r} (expected like {example})")
        cell = parse_cell_name(match.group(1))
        try:
            digit = parse_digit(match.group(3))
        except ValueError as error:
            raise ValueError(f"{part.strip()!r}: {error}") from None
        (placements if match.group(2) == "=" else eliminations).append((cell, digit))
    return tuple(placements), tuple(eliminations)


def _check_changes_fit(reader: _Reader, key: str, grid, placements, eliminations) -> None:
    """A placement needs an empty cell with that candidate; an elimination needs the candidate."""
    for cell, digit in placements + eliminations:
        if grid.values[cell]:
            reader.fail(key, f"{cell_name(cell)} is already filled on this board")
        if not grid.has_candidate(cell, digit):
            reader.fail(key, f"{digit} is not a candidate of {cell_name(cell)} on this board")


def _read_grid(reader: _Reader, key: str):
    text = reader.get(key, str)
    board = current()
    try:
        return parse(text, board)
    except PuzzleError as error:
        reader.fail(key, f"not a readable position: {error}")


def _read_position(reader: _Reader, name: str, require_step: bool) -> Position:
    grid = _read_grid(reader, "grid")
    source = reader.get("source", str)
    technique = reader.get("technique", str, required=require_step)
    answer = reader.get("answer", str, required=require_step or technique is not None)
    seen_as = reader.get("seen_as", str, required=False)
    if technique is None:
        if answer is not None:
            reader.fail("technique", "missing (an answer needs the technique that finds it)")
        if seen_as is not None:
            reader.fail("seen_as", "needs a technique and answer")
        return Position(name, grid, source)
    for key, technique_id in (("technique", technique), ("seen_as", seen_as)):
        if technique_id is not None and technique_id not in BY_ID:
            reader.fail(key, f"unknown technique {technique_id!r} (known: {', '.join(BY_ID)})")
    try:
        placements, eliminations = parse_changes(answer)
    except ValueError as error:
        reader.fail("answer", str(error))
    if not placements and not eliminations:
        reader.fail("answer", "names no placement or elimination")
    _check_changes_fit(reader, "answer", grid, placements, eliminations)
    return Position(name, grid, source, technique, placements, eliminations, seen_as)


def _read_mistake(reader: _Reader, position: Position) -> Mistake:
    """One expected wrong answer of an exercise: `answer` (changes that fit the board, none of
    them the exercise's own) and `why`."""
    text = reader.get("answer", str)
    try:
        placements, eliminations = parse_changes(text)
    except ValueError as error:
        reader.fail("answer", str(error))
    if not placements and not eliminations:
        reader.fail("answer", "is empty")
    _check_changes_fit(reader, "answer", position.grid, placements, eliminations)
    if set(placements) & set(position.placements) or set(eliminations) & set(position.eliminations):
        reader.fail("answer", f"a change of the exercise's own answer ({position.answer_text})")
    return Mistake(placements, eliminations, reader.get("why", str))


def _read_highlight(reader: _Reader, position: Position | None) -> Highlight:
    cells = []
    for i, name in enumerate(reader.list_of("cells", str)):
        try:
            cells.append(parse_cell_name(name))
        except ValueError as error:
            reader.fail(f"cells[{i}]", str(error))
    units = []
    for i, name in enumerate(reader.list_of("units", str)):
        try:
            units.append(parse_unit_name(name))
        except ValueError as error:
            reader.fail(f"units[{i}]", str(error))
    digits = reader.list_of("digits", int)
    board = current()
    for i, digit in enumerate(digits):
        if digit not in board.digits:
            reader.fail(f"digits[{i}]", f"not a digit of the {board.name} board (1-{board.size}): "
                        f"{digit}")
    changes = {}
    for key, symbol in (("placements", "="), ("eliminations", "<>")):
        text = reader.get(key, str, required=False, default="")
        try:
            placed, removed = parse_changes(text)
        except ValueError as error:
            reader.fail(key, str(error))
        if (placed, removed)[key == "placements"]:
            reader.fail(key, f"write {key} with '{symbol}' only")
        changes[key] = placed or removed
    if (changes["placements"] or changes["eliminations"]) and position is None:
        reader.fail("board", "missing (placements and eliminations are shown on a board)")
    if position is not None and not reader.table.get("after", False):
        _check_changes_fit(reader, "placements", position.grid, changes["placements"], ())
        _check_changes_fit(reader, "eliminations", position.grid, (), changes["eliminations"])
    return Highlight(tuple(cells), tuple(units), tuple(digits), changes["placements"],
                     changes["eliminations"])


def _read_page(reader: _Reader, positions: dict[str, Position]) -> Page:
    title = reader.get("title", str)
    text = reader.get("text", str).strip()
    board = reader.get("board", str, required=False)
    after = reader.get("after", bool, required=False, default=False)
    position = None
    if board is not None:
        position = positions.get(board)
        if position is None:
            known = ", ".join(positions) or "none"
            reader.fail("board", f"no position named {board!r} (positions: {known})")
    if after and (position is None or position.technique is None):
        reader.fail("after", "needs a board whose position states a technique and answer")
    highlight = _read_highlight(reader, position)
    grid = None if position is None else (position.after if after else position.grid)
    return Page(title, text, grid, highlight, board, after)


def load_lesson(path: Path | str) -> Lesson:
    """Read and validate one lesson file; LessonError names the file and the key at fault."""
    path = Path(path)
    match = _FILE_NAME.match(path.name)
    if not match:
        raise LessonError(path, "", "file name must look like 03-intersections.toml "
                          "(or s1-4x4.toml for a small board)")
    series = SMALL_SERIES if match.group(1).startswith(SMALL_SERIES) else ""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(path, "", f"cannot be read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise LessonError(path, "", f"not valid TOML: {error}") from None
    top = _Reader(path, "", data, _LESSON_KEYS)
    number = top.get("number", int)
    named = int(match.group(1).removeprefix(SMALL_SERIES))
    if number != named:
        top.fail("number", f"is {number} but the file name says {named}")
    title = top.get("title", str)
    summary = top.get("summary", str)
    techniques = top.list_of("techniques", str)
    for i, technique_id in enumerate(techniques):
        if technique_id not in BY_ID:
            top.fail(f"techniques[{i}]", f"unknown technique {technique_id!r}")
    board = _read_board(top)
    if (board is CLASSIC) != (series == ""):
        top.fail("board", f"is {board.name}, but lessons named {match.group(1)}-... are on "
                 + ("other boards than 9x9 (s1-4x4.toml)" if series
                    else "the 9x9 board (no board key)"))
    # Cell, unit and digit names in the file are the lesson's board's.
    with using(board):
        return _read_body(top, path, number, title, summary, tuple(techniques), board, series)


def _read_board(top: _Reader) -> Geometry:
    """The board a lesson declares (`board`, and `box` where the size allows other boxes)."""
    text = top.get("board", str, required=False)
    box = top.get("box", str, required=False)
    if text is None:
        if box is not None:
            top.fail("box", "needs a board (board = \"6x6\")")
        return CLASSIC
    try:
        return parse_board(text, box)
    except ValueError as error:
        key = "box" if box is not None and "box" in str(error) else "board"
        raise LessonError(top.path, key, str(error)) from None


def _read_body(top: _Reader, path: Path, number: int, title: str, summary: str,
               techniques: tuple[str, ...], board: Geometry, series: str) -> Lesson:
    """A lesson's positions, pages and exercises, read on its board."""
    positions = {}
    for name, table in top.get("positions", dict, required=False, default={}).items():
        reader = _Reader(path, f"positions.{name}", table, _POSITION_KEYS)
        positions[name] = _read_position(reader, name, require_step=False)

    pages = []
    for i, table in enumerate(top.get("pages", list)):
        pages.append(_read_page(_Reader(path, f"pages[{i}]", table, _PAGE_KEYS), positions))
    if not pages:
        top.fail("pages", "a lesson needs at least one page")

    lesson_id = path.stem
    exercises = []
    for i, table in enumerate(top.get("exercises", list, required=False, default=[])):
        reader = _Reader(path, f"exercises[{i}]", table, _EXERCISE_KEYS)
        prompt = reader.get("prompt", str)
        position = _read_position(reader, f"exercise {i + 1}", require_step=True)
        mistakes = tuple(_read_mistake(_Reader(path, f"exercises[{i}].mistakes[{j}]", entry,
                                               _MISTAKE_KEYS), position)
                         for j, entry in enumerate(reader.list_of("mistakes", dict)))
        exercises.append(Exercise(f"{lesson_id}/{i + 1}", prompt, position, mistakes))

    return Lesson(lesson_id, number, title, summary, techniques, tuple(pages),
                  tuple(exercises), positions, path, board, series)


def lesson_files(folder: Path | str | None = None) -> list[Path]:
    """The lesson files of a folder (the bundled lessons/ by default), in ladder order."""
    folder = Path(folder) if folder is not None else bundled_dir("lessons")
    return sorted(p for p in folder.glob("*.toml"))


def load_lessons(folder: Path | str | None = None) -> list[Lesson]:
    """Every lesson in a folder: the 9x9 ladder in order, numbered 0, 1, 2... without gaps, then
    the small boards' lessons, S1, S2... without gaps."""
    lessons = [load_lesson(p) for p in lesson_files(folder)]
    for series, first in (("", 0), (SMALL_SERIES, 1)):
        for expected, lesson in enumerate((l for l in lessons if l.series == series), first):
            if lesson.number != expected:
                raise LessonError(lesson.path or "", "number",
                                  f"expected lesson {series.upper()}{expected} here (ladder order)")
    return lessons


def find_lesson(key: str, lessons: list[Lesson]) -> Lesson:
    """The lesson named by its label ('3', 'S1'), id ('03-intersections'), name part, board
    ('4x4', for the small boards' lessons) or a technique id (the 9x9 ladder's lesson first)."""
    text = key.strip().lower().replace("_", "-")
    for lesson in lessons:
        name_part = lesson.id.split("-", 1)[1] if "-" in lesson.id else lesson.id
        if text in (lesson.label.lower(), lesson.id, name_part) or (
                text.isdigit() and not lesson.series and int(text) == lesson.number):
            return lesson
    for lesson in lessons:
        if lesson.series and text == lesson.geometry.name.lower():
            return lesson
    ladder_first = sorted(lessons, key=lambda lesson: lesson.series != "")
    for lesson in ladder_first:
        if key.strip().lower().replace("-", "_") in lesson.techniques:
            return lesson
    known = ", ".join(f"{lesson.label} ({lesson.id})" for lesson in lessons)
    raise KeyError(f"no lesson {key!r}; lessons: {known}")


def verify(lesson: Lesson) -> list[str]:
    """Where the engine disagrees with what the lesson states (empty when all agree).

    Each position with a stated step (worked examples and exercises) must have exactly that step as
    the engine's next step on the lesson's board: same technique, same placements and eliminations.
    """
    with using(lesson.geometry):  # the steps named in the problems are on the lesson's board
        return _disagreements(lesson)


def _disagreements(lesson: Lesson) -> list[str]:
    problems = []
    stated = [(f"positions.{name}", p) for name, p in lesson.positions.items()]
    stated += [(f"exercises[{i}]", e.position) for i, e in enumerate(lesson.exercises)]
    for key, position in stated:
        if position.technique is None:
            continue
        where = f"{lesson.path.name if lesson.path else lesson.id}: {key}"
        try:
            step = position.engine_step()
        except EngineError as error:
            problems.append(f"{where}: the engine cannot step here: {error}")
            continue
        if step is None:
            problems.append(f"{where}: the position is already solved")
            continue
        found = (step.technique, set(step.placements), set(step.eliminations))
        wanted = (position.technique, set(position.placements), set(position.eliminations))
        if found != wanted:
            problems.append(f"{where}: states {position.technique} {position.answer_text}, "
                            f"but the engine's next step is {step}")
        if position.seen_as is not None:
            effects = [(set(s.placements), set(s.eliminations))
                       for s in find_steps(position.grid, position.seen_as)]
            if wanted[1:] not in effects:
                problems.append(f"{where}: says a {position.seen_as} makes the same step "
                                f"({position.answer_text}), but no {position.seen_as} here does")
    return problems
