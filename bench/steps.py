"""Step dump: every step of each puzzle's grade as deterministic text, to compare two versions of the engine.

`python -m bench.steps [--ladder NAME] [--limit N] [--texts] [--hints] FILE...` grades each puzzle of each
file (one puzzle a line: the first token of a line, comments and blank lines skipped) with the
ladder named (`full`, `card`, any name in the registry's `LADDERS`, or `all` for each of them in
turn) and prints, per puzzle, its grade (level, rating, hardest, bottleneck, where the card runs
out) and then one line per step: technique id, placements, eliminations, the pattern (cells,
units, digits, roles), the chain's links and the rating. With `--texts` each step's three hint
levels (given its position) follow it. With `--hints` the steps are those of a walk from hint to
hint (`next_step`, as the app's `s` takes them) instead of the grade's. Two checkouts are compared by dumping with each and `cmp` of the outputs:

    PYTHONPATH=. python -m bench.steps --ladder all --limit 200 FILE > now.txt
    cmp now.txt before.txt

No timing is printed, so the text depends only on the engine's steps.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator

import tutor
from tutor.engine import LADDERS, HintLevel, Position, Step, positions_along


def puzzles_of(path: str, limit: int | None) -> Iterator[tuple[int, str]]:
    """(line number, puzzle) for the first `limit` puzzles of a file of one puzzle a line."""
    found = 0
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if limit is not None and found >= limit:
                return
            found += 1
            yield number, line.split()[0].split(",", 1)[0]


def _cells(pairs: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{cell}:{digit}" for cell, digit in pairs)


def _numbers(numbers: Iterable[int]) -> str:
    return ",".join(map(str, numbers))


def _node(node) -> str:
    return f"{_numbers(node.cells)}#{node.digit}"


def step_lines(step: Step, texts: bool = False, position: Position | None = None) -> list[str]:
    """The step as text: its facts on one line, then (with `texts`) its three hints."""
    parts = [step.technique, f"place[{_cells(step.placements)}]",
             f"remove[{_cells(step.eliminations)}]", f"cells[{_numbers(step.cells)}]",
             f"units[{_numbers(step.units)}]", f"digits[{_numbers(step.digits)}]"]
    for role, members in step.roles:
        parts.append(f"{role}[{_numbers(members)}]")
    if step.chain:
        parts.append("chain[" + " ".join(
            f"{_node(link.premise)}{'+' if link.premise_true else '-'}"
            f">{_node(link.conclusion)}{'+' if link.conclusion_true else '-'}@{link.unit}"
            for link in step.chain) + "]")
    parts.append(f"rating {step.rating:.2f}")
    lines = [" ".join(parts)]
    if texts:
        for level in HintLevel:
            lines.extend(f"    {level.name.lower()}: {line}"
                         for line in step.hint(level, position).splitlines())
    return lines


def hint_walk(grid) -> list[tuple[Step, Position]]:
    """The steps `next_step` gives from hint to hint to the solution, each with its position."""
    walk = []
    while (step := tutor.next_step(grid)) is not None:
        walk.append((step, Position(grid.values, grid.live_masks)))
        grid = grid.apply(step)
    return walk


def dump(paths: list[str], ladder: str, limit: int | None, texts: bool, out=sys.stdout,
         hints: bool = False) -> int:
    """Write the dump of every puzzle of `paths` graded with `ladder` (or walked from hint to hint);
    return the number of steps."""
    steps = 0
    for path in paths:
        for number, puzzle in puzzles_of(path, limit):
            grid = tutor.parse(puzzle)
            if hints:
                walk = hint_walk(grid)
                out.write(f"== {path}:{number} hints {puzzle}\nsteps {len(walk)}\n")
            else:
                grade = tutor.grade(grid, ladder)
                walk = list(zip(grade.steps, positions_along(grid, grade.steps)))
                out.write(f"== {path}:{number} {ladder} {puzzle}\n"
                          f"level {grade.level} rating {grade.rating:.2f} hardest {grade.hardest} "
                          f"bottleneck {grade.bottleneck_index} card_runs_out_at "
                          f"{grade.card_runs_out_at} backtracking {grade.backtracking} "
                          f"steps {len(grade.steps)}\n")
            for step, position in walk:
                out.write("\n".join(step_lines(step, texts, position)) + "\n")
            steps += len(walk)
    return steps


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ladders, limit, texts, hints, paths = ["full"], None, False, False, []
    while argv:
        word = argv.pop(0)
        if word == "--ladder" and argv:
            name = argv.pop(0)
            ladders = sorted(LADDERS) if name == "all" else [name]
        elif word == "--limit" and argv:
            limit = int(argv.pop(0))
        elif word == "--texts":
            texts = True
        elif word == "--hints":
            hints, ladders = True, ["full"]
        elif word.startswith("-"):
            print(f"unknown option {word!r}; usage: python -m bench.steps [--ladder NAME|all] "
                  "[--limit N] [--texts] [--hints] FILE...", file=sys.stderr)
            return 2
        else:
            paths.append(word)
    for name in ladders:
        if name not in LADDERS:
            print(f"unknown ladder {name!r}; known: {', '.join(sorted(LADDERS))}", file=sys.stderr)
            return 2
    total = 0
    for name in ladders:
        total += dump(paths, name, limit, texts, hints=hints)
    print(f"{total} steps", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
