"""sudoku-tutor: learn the techniques humans use to solve Sudoku."""

from .errors import ConflictError, EmptyInputError, FormatError, NoCandidateError, PuzzleError
from .formats import parse, read_puzzles
from .grid import Grid
from .solver import Validity, count_solutions, solve, validity

__all__ = [
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
