"""Wrong entries and lost candidates of a position, found and told the same way by every command."""

from __future__ import annotations

from tutor.model.geometry import cell_name, cells_name

TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.model.errors import ContradictionError
    from tutor.model.grid import Grid


def contradiction_in(grid: "Grid") -> "ContradictionError | None":
    """What in a position contradicts its puzzle's solution (the puzzle being its givens alone),
    or None when nothing does, or the givens have no single solution to compare with: a position
    with a wrong entry has no solution itself, but the cause to name is the entry."""
    if grid.is_fresh_puzzle:
        return None
    # lazy: only a position that failed to solve or grade needs the engine (start-up of tutor solve)
    from tutor.engine import EngineError, find_contradiction

    try:
        return find_contradiction(grid)
    except EngineError:  # the givens alone have no solution, or several
        return None


def contradiction_lines(error: "ContradictionError") -> list[str]:
    """One line per wrong cell: an entry that is not the solution (with the true candidates it
    rules out of its peers, its consequence, not a removal of the user's), or a true candidate
    removed."""
    lines = []
    for c, entered, solution in error.wrong_values:
        lines.append(f"  {cell_name(c)}: you entered {entered}, but the solution has {solution} there")
        if c in error.ruled_out:
            lines.append(f"    so {entered} is ruled out of {cells_name(error.ruled_out[c])}, where "
                         f"it is the solution (fixing {cell_name(c)} brings it back)")
    lines += [f"  {cell_name(c)}: the candidate {digit} was removed, but it is the solution there"
              for c, digit in error.removed]
    return lines


def contradiction_summary(error: "ContradictionError") -> str:
    """'1 wrong entry and 2 removed true candidates contradict the solution'."""
    parts = []
    if error.wrong_values:
        count = len(error.wrong_values)
        parts.append(f"{count} wrong entr{'y' if count == 1 else 'ies'}")
    if error.removed:
        count = len(error.removed)
        parts.append(f"{count} removed true candidate{'' if count == 1 else 's'}")
    verb = "contradicts" if len(error.wrong_values) + len(error.removed) == 1 else "contradict"
    return f"{' and '.join(parts)} {verb} the solution"


def contradiction_report(where: str, error: "ContradictionError") -> str:
    """The lines `tutor next` and `tutor solve` print for a position whose entries are wrong."""
    return "\n".join([f"{where}: {contradiction_summary(error)}:", *contradiction_lines(error)])
