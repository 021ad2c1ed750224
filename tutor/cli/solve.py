"""`tutor solve`: the solution of a puzzle and its solution count, by backtracking or by the MILP model."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.arguments import HELPS, board_of, command_parser, positive
from tutor.cli.inputs import CliError, read_one
from tutor.cli.wrong_entries import contradiction_in, contradiction_report

HELP = HELPS["solve"]
DESCRIPTION = """\
Print the solution of PUZZLE (81 characters, a file holding one puzzle, or '-' for stdin) as a
pretty grid, or as one line with --line. --count prints the number of solutions instead, counting
no further than --limit. --json prints one JSON object: the board, the solution count (up to 2),
the solution as one line, and each cell's name, row and column (1-based, on the drawn board) and
digit (a number).

A Samurai (five lines of 81 cells, one a grid: top-left, top-right, centre, bottom-left,
bottom-right; or its drawn 21x21 board) is solved as a whole; its solution is printed as five
lines, one a grid (--line: one line of its 369 cells in reading order on the drawn board).

--method milp solves the puzzle as a 0-1 integer program with SciPy's milp (HiGHS), independently
of the backtracking solver; --show-model prints that model in words first. It needs the optional
extra: pip install 'sudoku-tutor[milp]'.

Exit status: 0 solved (or counted), 1 no solution, several solutions or an unreadable puzzle,
2 usage error or the MILP extra missing."""
DEFAULT_LIMIT = 100


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command_parser(subparsers, "solve", HELP, DESCRIPTION, "PUZZLE", any_board=True)
    parser.add_argument("--line", action="store_true", help="print the solution as one line")
    parser.add_argument("--count", action="store_true", help="print how many solutions there are")
    parser.add_argument("--json", action="store_true",
                        help="print the solution as JSON, each cell with its name, row and column")
    parser.add_argument("--limit", type=positive, default=DEFAULT_LIMIT, metavar="N",
                        help="stop counting at N solutions (default %(default)s)")
    parser.add_argument("--method", choices=("backtracking", "milp"), default=None,
                        help="the solver (default backtracking; milp needs the milp extra)")
    parser.add_argument("--show-model", action="store_true",
                        help="print the integer-programming model in words (implies --method milp)")
    return parser


def _milp():
    """The MILP module when SciPy is installed, else a usage error saying how to install it."""
    from tutor.solvers import milp  # lazy: only --method milp uses it (start-up speed)

    if not milp.available():
        raise CliError(f"--method milp needs SciPy, which is not installed; install the extra with: "
                       f"{milp.INSTALL_HINT}", code=2)
    return milp


def count_text(count: int, limit: int) -> str:
    """'5 solutions', or 'more than 10 solutions' when counting found more than `limit`."""
    if count > limit:
        return f"more than {limit} solutions (counting stopped at --limit {limit})"
    return f"{count} solution{'' if count == 1 else 's'}"


def run(args) -> int:
    from tutor.model.errors import MilpFailed  # lazy: start-up speed of `tutor --help`

    try:
        return _solve(args)
    except MilpFailed as error:
        raise CliError(str(error)) from None


def _solve(args) -> int:
    method = args.method or ("milp" if args.show_model else "backtracking")
    if args.show_model and method != "milp":
        raise CliError("--show-model describes the MILP model: use it with --method milp", code=2)
    solver = _milp() if method == "milp" else None
    from tutor.model.geometry import using  # lazy: start-up speed of `tutor --help`

    item, grid = read_one(args.puzzle, board_of(args))
    if grid.geometry.is_samurai and solver:
        raise CliError("--method milp models a regular board; a Samurai is solved by backtracking",
                       code=2)
    with using(grid.geometry):  # messages name the cells of the puzzle's board
        return _solved(args, item, grid, solver)


def _solved(args, item, grid, solver) -> int:
    # lazy: the solver's tables take a while to build; `tutor --help` needs none of them
    from tutor.solvers.backtracking import count_solutions, validity

    if args.show_model:
        print(solver.describe_model(grid))
    if args.count:
        if solver:
            count = solver.count_solutions(grid, args.limit + 1)
        else:
            count = count_solutions(grid, args.limit + 1)
        print(count_text(count, args.limit))
        return 0
    if solver:
        found = solver.solutions(grid, limit=2)
    else:
        check = validity(grid)
        found = [check.solution] * min(check.solutions, 2) if check.solution else []
    if not found:
        wrong = contradiction_in(grid)
        if wrong is not None:  # the puzzle has a solution; the entries are what is wrong
            print(contradiction_report(item.where(), wrong), file=sys.stderr)
        else:
            print(f"{item.where()}: no solution", file=sys.stderr)
        return 1
    solution = found[0]
    if args.json:
        print(_json(solution, len(found)))
    elif args.line:
        print(solution.to_line())
    elif solution.geometry.is_samurai:
        print(solution.to_grid_lines(), end="")
    else:
        print(solution.to_pretty(), end="")
    if len(found) > 1:
        print(f"{item.where()}: more than one solution; this is one of them "
              "(tutor solve --count counts them)", file=sys.stderr)
        return 1
    return 0


def _json(solution, count: int) -> str:
    """The solution as one JSON object: the board, the count (up to 2), the solution as one line
    (and a Samurai's five grids' lines), and each cell's name, row, column and digit."""
    import json  # lazy: only --json needs it

    board = solution.geometry
    record: dict[str, object] = {"board": board.name, "solutions": count,
                                 "solution": solution.to_line()}
    if board.is_samurai:
        record["grids"] = dict(zip(board.grid_names, solution.to_grid_lines().splitlines()))
    record["cells"] = [{"cell": board.cell_name(c), "row": row + 1, "col": col + 1,
                        "digit": solution.value(c)}
                       for c, (row, col) in enumerate(board.positions)]
    return json.dumps(record)
