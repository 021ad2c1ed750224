"""Errors raised for bad puzzles: all are PuzzleError, a ValueError, and say what is wrong and where."""

from __future__ import annotations


class PuzzleError(ValueError):
    """A puzzle text or grid that cannot be used; the message names what is wrong and where."""


class EmptyInputError(PuzzleError):
    """No puzzle in the input at all."""


class FormatError(PuzzleError):
    """The text is not in any accepted format: a bad character, a wrong count of cells or rows."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        where = ""
        if line is not None and column is not None:
            where = f"line {line}, column {column}: "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + message)
        self.line = line
        self.column = column


class ConflictError(PuzzleError):
    """The same digit twice in one row, column or box."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()):
        super().__init__(message)
        self.cells = cells


class NoCandidateError(PuzzleError):
    """An empty cell with no candidate left."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()):
        super().__init__(message)
        self.cells = cells
