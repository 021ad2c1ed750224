"""sudoku-tutor: learn the techniques humans use to solve Sudoku."""

from tutor.model.errors import (
    ConflictError,
    EmptyInputError,
    FormatError,
    NoCandidateError,
    PuzzleError,
    TutorError,
)
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
from tutor.model.formats import parse, read_puzzles
from tutor.model.grid import Grid
from tutor.solvers.backtracking import Validity, count_solutions, solve, validity

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
    "Validity",
    "count_solutions",
    "parse",
    "read_puzzles",
    "solve",
    "validity",
]
