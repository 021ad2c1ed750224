"""Hints to reread as a learner: 20 steps of every advanced family, each at its three hint levels.

`python -m bench.reread [--per-family N] [--family NAME] [--puzzles N]` walks the grade path of
puzzles from the shared sets (the SE-rated sample from 6.5 up, top1465, the forum's hardest), each
step with the position it was found in, and keeps, for each advanced family, up to N different
steps (20 unless told), as many techniques of the family as it meets, taking turns between them.
Where the paths give too few, it adds instances that technique's finder lists on positions along
the same paths (marked "found beside the path"). It then prints, family by family, each step's
source and its three hints given its position, and a last line per family with the counts.

Each hint's cell claims are also checked against its position: a cell written with its
candidates ('r3c7 {2,5}') must hold exactly those, and the full hint must name every cell the
step changes; any failure is printed under the hint as "CHECK: ...". The output depends only on
the engine's steps and texts (no timing), so two checkouts can be compared with `cmp`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass

import tutor
from bench.common import data_file
from tutor.engine import BY_ID, TECHNIQUES, HintLevel, Position, Step, positions_along
from tutor.model.geometry import cell_name

FAMILIES = ("fish", "single_digit", "wings", "colouring", "uniqueness", "chains", "grouped", "als",
            "sue_de_coq", "forcing", "backtracking")

PER_PUZZLE = 2
"""At most this many steps of one family from one puzzle's path, so the hints come from many
puzzles."""

_CELL_MARKS = re.compile(r"\br([1-9])c([1-9]) \{([1-9](?:,[1-9])*)\}")
_CELL_DIGITS = re.compile(r"\br([1-9])c([1-9]) (?:\(|can only be |holds )([1-9](?:, [1-9])*(?:,? or [1-9]))\b\)?")
_ONLY_PLACES = re.compile(r"\b(?:[Ii]n )?(row|column|box) ([1-9])(?: the|,| has its) ([1-9]) (?:can )?only "
                          r"(?:go )?in (r[1-9]c[1-9](?:(?: \([A-D]\))?(?:, | or )r[1-9]c[1-9])*)")
_SEES = re.compile(r"\br([1-9])c([1-9]) (?:sees|shares) (?:(row|column|box) ([1-9]) with )?"
                   r"r([1-9])c([1-9]) \((row|column|box) ([1-9])\)")
_SHARES = re.compile(r"\br([1-9])c([1-9]) shares (row|column|box) ([1-9]) with r([1-9])c([1-9])")
_CELL = re.compile(r"r([1-9])c([1-9])")
_KINDS = ("row", "column", "box")


@dataclass
class Hint:
    """One step to reread, where it was found and in what position."""

    source: str
    index: int
    step: Step
    position: Position
    on_path: bool


def _se_rated(lowest: float) -> Iterator[tuple[str, str]]:
    """(source, puzzle) for the SE-rated sample's puzzles rated `lowest` and up, hardest first."""
    path = data_file("se-rated/se_stratified_sample_100_per_rating.txt")
    if path is None:
        return
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split()
        if len(fields) == 3 and not line.startswith("#") and float(fields[2]) >= lowest:
            rows.append((float(fields[2]), number, fields[1]))
    # Hardest first, and within a rating the file's order.
    rows.sort(key=lambda row: (-row[0], row[1]))
    for rating, number, puzzle in rows:
        yield f"se-rated sample line {number} (SE {rating})", puzzle


def _plain(relative: str) -> Iterator[tuple[str, str]]:
    """(source, puzzle) for a shared file of one puzzle a line (first field; titles skipped)."""
    path = data_file(relative)
    if path is None:
        return
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        puzzle = line.strip().split(",", 1)[0].split(" ", 1)[0] if line.strip() else ""
        if len(puzzle) == 81 and not puzzle.startswith("#"):
            yield f"{relative} line {number}", puzzle


def sources() -> Iterator[tuple[str, str]]:
    """The three sets in turns (one puzzle of each), so each family meets puzzles of every kind."""
    streams = [_se_rated(6.5), _plain("forum-hardest/HardestDatabase110626.txt"),
               _plain("top1465/top1465.sdm")]
    while streams:
        for stream in list(streams):
            item = next(stream, None)
            if item is None:
                streams.remove(stream)
            else:
                yield item


def family_of(step: Step) -> str:
    return BY_ID[step.technique].family


def techniques_of(family: str) -> list[str]:
    return [entry.id for entry in TECHNIQUES if entry.family == family]


class Collection:
    """Steps per family and technique: those on the paths, and those found beside them."""

    def __init__(self, families: tuple[str, ...], per_family: int):
        self.families, self.per_family = families, per_family
        self.path: dict[str, dict[str, list[Hint]]] = {f: {} for f in families}
        self.beside: dict[str, dict[str, list[Hint]]] = {f: {} for f in families}
        self.seen: set[tuple[str, tuple, tuple]] = set()
        self.walked = 0

    def add(self, hint: Hint) -> bool:
        step = hint.step
        key = (step.technique, step.placements + step.eliminations, step.cells)
        if key in self.seen:
            return False
        self.seen.add(key)
        pool = self.path if hint.on_path else self.beside
        pool[family_of(step)].setdefault(step.technique, []).append(hint)
        return True

    def count(self, family: str, on_path: bool = True) -> int:
        pools = [self.path] + ([] if on_path else [self.beside])
        return sum(len(hints) for pool in pools for hints in pool[family].values())

    def short(self, family: str) -> bool:
        """Fewer steps than wanted, or a technique of the family not met yet on the paths."""
        met = set(self.path[family]) | set(self.beside[family])
        return (self.count(family, on_path=False) < self.per_family
                or len(met) < len(techniques_of(family)))

    def chosen(self, family: str) -> list[Hint]:
        """Up to `per_family` steps, techniques taking turns, each technique's path steps first."""
        chosen: list[Hint] = []
        queues = [self.path[family].get(t, []) + self.beside[family].get(t, [])
                  for t in techniques_of(family)]
        while len(chosen) < self.per_family and any(queues):
            for queue in queues:
                if queue and len(chosen) < self.per_family:
                    chosen.append(queue.pop(0))
        return chosen


def collect(families: tuple[str, ...], per_family: int, most_puzzles: int) -> Collection:
    """Walk grade paths until each family has enough steps (or `most_puzzles` are walked)."""
    collection = Collection(families, per_family)
    for source, puzzle in sources():
        if collection.walked >= most_puzzles or not any(collection.short(f) for f in families):
            break
        collection.walked += 1
        grid = tutor.parse(puzzle)
        grade = tutor.grade(grid)
        grids, taken = [], dict.fromkeys(families, 0)
        for index, (step, position) in enumerate(zip(grade.steps, positions_along(grid, grade.steps))):
            grids.append((grid, position))
            family = family_of(step)
            if family in families and taken[family] < PER_PUZZLE:
                if collection.add(Hint(source, index + 1, step, position, True)):
                    taken[family] += 1
            grid = grid.apply(step)
        # Beside the path: a technique the paths have not given enough of, on every other position.
        for family in families:
            if family == "backtracking" or not collection.short(family):
                continue
            for technique_id in techniques_of(family):
                if len(collection.path[family].get(technique_id, ())) >= 3:
                    continue
                for index in range(0, len(grids), 2):
                    here, position = grids[index]
                    found = tutor.find_steps(here, technique_id)
                    if found and collection.add(Hint(source, index + 1, found[0], position, False)):
                        break
    return collection


def checks(hint: Hint) -> list[str]:
    """What a hint says that its position contradicts: cells written with their candidates, and
    every cell the step changes named in its full hint."""
    problems = []
    for level in HintLevel:
        text = hint.step.hint(level, hint.position)
        for row, column, marks in _CELL_MARKS.findall(text):
            cell = (int(row) - 1) * 9 + int(column) - 1
            said = tuple(int(d) for d in marks.split(","))
            held = tuple(hint.position.candidates(cell))
            if said != held:
                problems.append(f"level {int(level)} says r{row}c{column} {{{marks}}}, "
                                f"it holds {{{','.join(map(str, held))}}}")
        problems += _claims(text, hint.position, int(level))
    full = hint.step.hint(HintLevel.FULL, hint.position)
    for cell, digit in hint.step.placements + hint.step.eliminations:
        if cell_name(cell) not in full:
            problems.append(f"the full hint does not name {cell_name(cell)}")
    return problems


def _cell(row: str, column: str) -> int:
    return (int(row) - 1) * 9 + int(column) - 1


def _unit_cells(kind: str, number: str) -> set[int]:
    n = int(number) - 1
    if kind == "row":
        return {n * 9 + c for c in range(9)}
    if kind == "column":
        return {r * 9 + n for r in range(9)}
    return {(n // 3 * 3 + r) * 9 + n % 3 * 3 + c for r in range(3) for c in range(3)}


def _claims(text: str, position: Position, level: int) -> list[str]:
    """Claims of a few common shapes checked against the position: 'r5c9 (1 or 2)' and 'r5c9 can
    only be 1 or 2' (the cell's candidates), 'in row 3 the 2 can only go in r3c5 or r3c9' (the
    digit's places in the unit), 'r6c9 sees r2c9 (column 9)' (both cells in that unit)."""
    problems = []
    for row, column, digits in _CELL_DIGITS.findall(text):
        said = tuple(int(d) for d in re.findall(r"[1-9]", digits))
        held = tuple(position.candidates(_cell(row, column)))
        if held and said != held:
            problems.append(f"level {level} says r{row}c{column} is {digits}, it holds {held}")
    for kind, number, digit, cells in _ONLY_PLACES.findall(text):
        said = {_cell(r, c) for r, c in _CELL.findall(cells)}
        places = {c for c in _unit_cells(kind, number) if int(digit) in position.candidates(c)}
        if said != places:
            problems.append(f"level {level}: the {digit}s of {kind} {number} are not only in "
                            f"{cells.strip()}")
    for r1, c1, kind, number, r2, c2, kind2, number2 in _SEES.findall(text):
        for k, n in ((kind, number), (kind2, number2)):
            if k and not {_cell(r1, c1), _cell(r2, c2)} <= _unit_cells(k, n):
                problems.append(f"level {level}: r{r1}c{c1} and r{r2}c{c2} are not both in {k} {n}")
    for r1, c1, kind, number, r2, c2 in _SHARES.findall(text):
        if not {_cell(r1, c1), _cell(r2, c2)} <= _unit_cells(kind, number):
            problems.append(f"level {level}: r{r1}c{c1} and r{r2}c{c2} are not both in {kind} {number}")
    return problems


def report(collection: Collection, out=sys.stdout) -> None:
    for family in collection.families:
        chosen = collection.chosen(family)
        out.write(f"\n######## {family}\n")
        for number, hint in enumerate(chosen, 1):
            step = hint.step
            where = "" if hint.on_path else ", found beside the path"
            out.write(f"\n--- {family} {number}: {step.name}, {hint.source}, step {hint.index}"
                      f"{where}: {step.changes}\n")
            for level in HintLevel:
                lines = step.hint(level, hint.position).splitlines()
                out.write(f"  [{int(level)}] " + "\n      ".join(lines) + "\n")
            for problem in checks(hint):
                out.write(f"  CHECK: {problem}\n")
        techniques = {}
        for hint in chosen:
            techniques[hint.step.name] = techniques.get(hint.step.name, 0) + 1
        on_path = sum(hint.on_path for hint in chosen)
        out.write(f"\n{family}: {len(chosen)} hints ({on_path} on the path): "
                  + ", ".join(f"{name} {n}" for name, n in techniques.items()) + "\n")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    families, per_family, most = FAMILIES, 20, 400
    usage = "usage: python -m bench.reread [--per-family N] [--family NAME] [--puzzles N]"
    while argv:
        word = argv.pop(0)
        if word == "--per-family" and argv:
            per_family = int(argv.pop(0))
        elif word == "--puzzles" and argv:
            most = int(argv.pop(0))
        elif word == "--family" and argv:
            name = argv.pop(0)
            if name not in FAMILIES:
                print(f"unknown family {name!r}; known: {', '.join(FAMILIES)}", file=sys.stderr)
                return 2
            families = (name,)
        else:
            print(usage, file=sys.stderr)
            return 2
    if data_file("top1465/top1465.sdm") is None:
        print("reread: skipped: ../shared/data absent", file=sys.stderr)
        return 0
    collection = collect(families, per_family, most)
    report(collection)
    print(f"{collection.walked} puzzles walked", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
