"""sudoku-tutor: learn the techniques humans use to solve Sudoku."""

from __future__ import annotations

from tutor.model.lazy import lazy_names

from tutor.model.version import VERSION as __version__

# The public names are listed once, in _HOMES (where each lives). They are imported on first use,
# so that `import tutor` (and with it every `tutor` command, whose package this is) costs only what
# the command itself uses: the engine alone takes longer to import than a command line tool takes
# to start. __all__ is made from _HOMES. Type checkers cannot follow that, so the block below
# imports the same names for them, each as itself (an explicit re-export);
# tests/test_architecture.py checks that it names exactly _HOMES's names.
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
__all__ = [name for names in _HOMES.values() for name in names]

# Not typing.TYPE_CHECKING: importing typing would cost every command a few milliseconds.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tutor.model.errors import (
        ConflictError as ConflictError,
        EmptyInputError as EmptyInputError,
        FormatError as FormatError,
        NoCandidateError as NoCandidateError,
        PuzzleError as PuzzleError,
        TutorError as TutorError,
        UnknownTechniqueError as UnknownTechniqueError,
    )
    from tutor.engine import (
        TECHNIQUES as TECHNIQUES,
        ContradictionError as ContradictionError,
        EngineError as EngineError,
        Grade as Grade,
        MultipleSolutionsError as MultipleSolutionsError,
        NoSolutionError as NoSolutionError,
        Step as Step,
        find_steps as find_steps,
        grade as grade,
        next_step as next_step,
    )
    from tutor.model.formats import parse as parse, read_puzzles as read_puzzles
    from tutor.model.grid import Grid as Grid
    from tutor.solvers.backtracking import (
        Validity as Validity,
        count_solutions as count_solutions,
        solve as solve,
        validity as validity,
    )
