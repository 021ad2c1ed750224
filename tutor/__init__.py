"""sudoku-tutor: learn the techniques humans use to solve Sudoku."""

from .errors import ConflictError, EmptyInputError, FormatError, NoCandidateError, PuzzleError
from .engine import (
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
from .formats import parse, read_puzzles
from .grid import Grid
from .solver import Validity, count_solutions, solve, validity

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
    "Validity",
    "count_solutions",
    "parse",
    "read_puzzles",
    "solve",
    "validity",
]
