"""One graded puzzle as a plain record (the JSON Lines schema of `tutor grade`), built in any process.

Every record has the same keys, so the JSON Lines and CSV outputs are stable; see the README
section "Command line" for the meaning of each key.
"""

from __future__ import annotations

from tutor.engine import ContradictionError, EngineError, TECHNIQUES, grade
from tutor.model.errors import ConflictError, PuzzleError
from tutor.model.formats import parse
from tutor.model.geometry import CLASSIC, MIN_PROPER_GIVENS, using
from tutor.cli.inputs import Item, reading
from tutor.cli.wrong_entries import contradiction_in

FIELDS = (
    "source", "file", "line", "puzzle", "valid", "status", "solutions", "givens", "level", "band",
    "techniques", "bottleneck", "rating", "hardest", "tutor_rating", "se_rating", "se_ep", "se_ed",
    "se_hardest", "se_beyond", "card_runs_out", "backtracking", "error", "board", "box",
)
STATUSES = {
    "unique": "unique solution",
    "none": "no solution",
    "multiple": "more than one solution",
    "conflict": "conflicting givens",
    "contradiction": "entries or pencil marks contradict the solution",
    "unreadable": "unreadable",
}


def number(level: float) -> int | float:
    """2 rather than 2.0, 0.5 as it is: levels are whole or half steps."""
    return int(level) if level == int(level) else level


def grade_record(item: Item, with_steps: bool = False, ladder: str = "full", se: bool = True) -> dict:
    """Parse, check and grade one puzzle; a bad puzzle gives a record with `valid` false and `error`.
    With `se`, a valid classic puzzle also gets Sudoku Explainer's rating (a second solve)."""
    record = dict.fromkeys(FIELDS)
    record.update(source=item.where(), file=item.file, line=item.line, puzzle=item.text.strip(), valid=False)
    if with_steps:
        record["steps"] = None
    if item.problem:  # a line too long or not UTF-8: never parsed, echoed only in part
        record.update(status="unreadable", error=item.problem)
        return record
    try:
        grid = parse(item.text, *reading(item.board))
    except ConflictError as error:
        record.update(status="conflict", solutions=0, error=item.describe(error))
        return record
    except PuzzleError as error:
        record.update(status="unreadable", error=item.describe(error))
        return record
    board = grid.geometry
    record.update(puzzle=grid.to_compact(), givens=len(grid.givens), board=board.name,
                  box=f"{board.box_height}x{board.box_width}")
    # A grade that finishes proves the puzzle has exactly one solution (its steps are true in every
    # solution and fill the grid, or a check it made found one), so the solver is asked only when
    # grading fails, to say why; and first when the puzzle is too short of givens to be proper,
    # where grading would only search hard before failing.
    result = None
    if board is not CLASSIC or len(grid.givens) >= MIN_PROPER_GIVENS:
        try:
            result = grade(grid, ladder)
        except ContradictionError as error:
            record.update(status="contradiction", solutions=1, error=f"{item.where()}: {error}")
            return record
        except EngineError:
            pass
    if result is None:
        from tutor.solvers.backtracking import validity  # lazy: a puzzle that grades needs no search

        check = validity(grid)
        wrong = contradiction_in(grid) if check.status == "none" else None
        if wrong is not None:  # no solution because of a wrong entry: name it, as tutor next does
            record.update(status="contradiction", solutions=1, error=f"{item.where()}: {wrong}")
            return record
        if check.status != "unique":
            record.update(status=check.status, solutions=check.solutions,
                          error=f"{item.where()}: {check.message}")
            return record
        try:
            result = grade(grid, ladder)
        except EngineError as error:
            record.update(status="contradiction", solutions=1, error=f"{item.where()}: {error}")
            return record
    record.update(
        status="unique",
        solutions=1,
        valid=True,
        level=number(result.level),
        band=result.band,
        techniques={t.id: result.techniques[t.id] for t in TECHNIQUES if t.id in result.techniques},
        rating=result.rating,
        tutor_rating=result.rating,
        hardest=result.hardest,
        backtracking=result.backtracking,
    )
    # Sudoku Explainer rates a classic board's givens (not a position with pencil marks).
    if se and board is CLASSIC and len(record["puzzle"]) == board.cell_count:
        add_se_rating(record)
    if result.card_runs_out_at is not None:
        index = result.card_runs_out_at
        record["card_runs_out"] = {"index": index, "needs": result.steps[index].technique}
    if result.bottleneck is not None:
        record["bottleneck"] = {"step": str(result.bottleneck), "index": result.bottleneck_index}
        if result.bottleneck_grids:  # a board of several grids: where the step lies
            record["bottleneck"]["grids"] = list(result.bottleneck_grids)
    if with_steps:
        from tutor.engine import positions_along, step_to_json  # lazy: only --steps needs them

        with using(board):  # the steps' texts name the cells and digits of the puzzle's board
            positions = positions_along(grid, result.steps)
            record["steps"] = [step_to_json(step, readable=True, position=position)
                               for step, position in zip(result.steps, positions)]
    return record


def add_se_rating(record: dict) -> None:
    """Sudoku Explainer's ER, EP, ED and the technique that set ER, into the record; for a puzzle
    beyond SE's techniques (nested forcing chains included: SE itself says 20.0) no number is
    guessed: it is null, with `se_beyond` true."""
    from tutor.engine import se_rating  # lazy: only a grade that asks for it pays for it

    found = se_rating(record["puzzle"])
    beyond = found.beyond

    def known(value: float) -> float | None:
        return None if beyond and value >= found.er else value

    record.update(se_rating=known(found.er), se_ep=known(found.ep), se_ed=known(found.ed),
                  se_hardest=found.hardest or None, se_beyond=beyond)


def grade_chunk(items: list[Item], with_steps: bool, ladder: str = "full", se: bool = True) -> list[dict]:
    """Records for a chunk of items, in order (the unit of work sent to a worker process)."""
    return [grade_record(item, with_steps, ladder, se) for item in items]


class Work:
    """A chunk of items and how to grade them, as one object sent to a Dask cluster: Dask looks
    into the lists and tuples it is given (the items are named tuples) and rebuilds them itself;
    inside an object of its own they travel by plain pickling, as they do to --jobs processes."""

    __slots__ = ("items", "with_steps", "ladder", "se")

    def __init__(self, items: list[Item], with_steps: bool, ladder: str, se: bool = True) -> None:
        self.items = items
        self.with_steps = with_steps
        self.ladder = ladder
        self.se = se

    def __getstate__(self):
        return (self.items, self.with_steps, self.ladder, self.se)

    def __setstate__(self, state) -> None:
        self.items, self.with_steps, self.ladder, self.se = state


def grade_work(work: Work) -> list[dict]:
    """Records for a chunk sent as Work (the unit of work of `tutor grade --dask`)."""
    return grade_chunk(work.items, work.with_steps, work.ladder, work.se)
