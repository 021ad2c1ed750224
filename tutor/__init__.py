"""sudoku-tutor: learn the techniques humans use to solve Sudoku."""

from __future__ import annotations

from tutor.model.lazy import lazy_names

from tutor.model.version import VERSION as __version__

# Not typing.TYPE_CHECKING: importing typing would cost every command a few milliseconds.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tutor.engine import (
        TECHNIQUES,
        ContradictionError,
        EngineError,
        Grade,
        MultipleSolutionsError,
        NoSolutionError,
        Step,
        find_steps,
        grade,
        next_step,
    )
    from tutor.model.errors import (
        ConflictError,
        EmptyInputError,
        FormatError,
        NoCandidateError,
        PuzzleError,
        TutorError,
        UnknownTechniqueError,
    )
    from tutor.model.formats import parse, read_puzzles
    from tutor.model.grid import Grid
    from tutor.solvers.backtracking import Validity, count_solutions, solve, validity

# Where each public name lives. They are imported on first use, so that `import tutor` (and with
# it every `tutor` command, whose package this is) costs only what the command itself uses: the
# engine alone takes longer to import than a command line tool takes to start.
_HOMES = {
    "tutor.model.errors": ("ConflictError", "EmptyInputError", "FormatError", "NoCandidateError",
                           "PuzzleError", "TutorError", "UnknownTechniqueError"),
    "tutor.engine": ("TECHNIQUES", "ContradictionError", "EngineError", "Grade",
                     "MultipleSolutionsError", "NoSolutionError", "Step", "find_steps", "grade",
                     "next_step"),
    "tutor.model.formats": ("parse", "read_puzzles"),
    "tutor.model.grid": ("Grid",),
    "tutor.solvers.backtracking": ("Validity", "count_solutions", "solve", "validity"),
}
__getattr__, __dir__ = lazy_names(__name__, globals(), _HOMES)


__all__ = [
    "TECHNIQUES",
    "ContradictionError",
    "EngineError",
    "Grade",
    "MultipleSolutionsError",
    "NoSolutionError",
    "Step",
    "find_steps",
    "grade",
    "next_step",
    "ConflictError",
    "EmptyInputError",
    "FormatError",
    "Grid",
    "NoCandidateError",
    "PuzzleError",
    "TutorError",
    "UnknownTechniqueError",
    "Validity",
    "count_solutions",
    "parse",
    "read_puzzles",
    "solve",
    "validity",
]
