"""Every error a user can meet, as one family under TutorError.

The message says what is wrong; where it is wrong is carried as fields (`line` and `column` in
the text read, `cell` 0-80 and `cells` on the board), never parsed back out of a message. An
error about bad input is also a ValueError, so callers that catch ValueError keep working.

    TutorError
    ├── PuzzleError (ValueError)     a puzzle text or grid that cannot be used
    │   ├── EmptyInputError, FormatError, ConflictError, NoCandidateError
    │   │   (FormatError: SharedBoxError, a Samurai's two copies of a shared box disagree)
    │   └── EngineError              no step can be given for this grid
    │       └── NoSolutionError, MultipleSolutionsError, ContradictionError
    ├── UnknownTechniqueError (ValueError, KeyError)   a technique id or ladder name nobody knows
    ├── SaveError (ValueError)       a data file (game, progress, draft) that is not what we write
    │   ├── Unreadable               ... and has been moved aside
    │   └── NewerVersion             ... written by a newer version of the tutor
    ├── StorageError (OSError)       the data folder or a file in it cannot be used
    │   ├── FolderError              the data folder is a file, a broken link, cannot be made
    │   └── WriteError               a data file could not be written
    ├── LessonError (ValueError)     a lesson file that cannot be used; a drill that cannot be made
    ├── GenerationError              no puzzle was made (LevelError (ValueError): a bad level)
    └── SolverError                  the optional MILP solver is missing or gave no answer

The command line's own usage errors (tutor.cli.inputs.CliError) and the editor's "not saved"
(tutor.generator.editor.EditorError) are TutorErrors too.
"""

from __future__ import annotations

from tutor.model.geometry import cell_name, cells_name, current


# Not typing.TYPE_CHECKING: every command imports this module, and typing costs start-up time.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class TutorError(Exception):
    """The base of every error a user can meet: a message, and where when known.

    `line` and `column` (1-based) point into the text that was read; `cells` (0-80) into the
    board, `cell` being the first of them. str() is the message, with "line L, column C: "
    before it when the error knows its line.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 cells: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.cells = tuple(cells)

    @property
    def cell(self) -> int | None:
        """The (first) cell the error is about, or None."""
        return self.cells[0] if self.cells else None

    def where(self) -> str:
        """'line 3, column 7', 'line 3', or '' when the error knows no line."""
        if self.line is None:
            return ""
        return f"line {self.line}" + (f", column {self.column}" if self.column is not None else "")

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its fields, so an error crosses a process boundary (tutor grade --jobs).
        return (_rebuild, (type(self), self.__dict__))


def _rebuild(kind: type[TutorError], fields: dict[str, Any]) -> TutorError:
    error = kind.__new__(kind)
    Exception.__init__(error, fields.get("message", ""))
    error.__dict__.update(fields)
    return error


# --- puzzles -------------------------------------------------------------------------------------
class PuzzleError(TutorError, ValueError):
    """A puzzle text or grid that cannot be used; the message names what is wrong."""


class EmptyInputError(PuzzleError):
    """No puzzle in the input at all."""


class FormatError(PuzzleError):
    """The text is not in any accepted format: a bad character, a wrong count of cells or rows."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message, line=line, column=column)


class SharedBoxError(FormatError):
    """A Samurai written grid by grid whose two copies of a shared box disagree: `cells` is the
    cell (on the board), `grids` the names of its two grids; line and column are the second
    copy's."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 cell: int | None = None, grids: tuple[str, ...] = ()) -> None:
        super().__init__(message, line, column)
        self.cells = () if cell is None else (cell,)
        self.grids = tuple(grids)


class ConflictError(PuzzleError):
    """The same digit twice in one row, column or box; `cells` are the clashing cells."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()) -> None:
        super().__init__(message, cells=cells)


class NoCandidateError(PuzzleError):
    """An empty cell with no candidate left; `cells` are those cells."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()) -> None:
        super().__init__(message, cells=cells)


# --- the engine ----------------------------------------------------------------------------------
class EngineError(PuzzleError):
    """The engine cannot give a step for this grid."""


class NoSolutionError(EngineError):
    """The puzzle has no solution."""


class MultipleSolutionsError(EngineError):
    """The puzzle has more than one solution, so no step can be proved."""


class ContradictionError(EngineError):
    """The grid's entries or candidates contradict the unique solution.

    `wrong_values`: (cell, entered, solution) for user entries that are wrong; `missing`: (cell, digit)
    for true digits removed from a cell's candidates. `cells` lists both, in order.

    A wrong entry rules its digit out of its peers, so a peer whose true digit that is loses it
    through no removal of the user's: `ruled_out[cell]` lists those cells for each wrong entry
    (its consequence), and `removed` only the true candidates nothing on the board explains.
    """

    def __init__(self, wrong_values, missing) -> None:
        wrong_values = tuple(wrong_values)
        missing = tuple(missing)
        cells = tuple(sorted({c for c, *_ in wrong_values} | {c for c, _ in missing}))
        ruled_out: dict[int, tuple[int, ...]] = {}
        explained: set[tuple[int, int]] = set()
        # The board in use (as for the names below): the classic board's peers would not do on
        # another board (a Samurai's 369 cells, a 16x16 board's 256).
        peer_sets = current().peer_sets
        for cell, entered, _ in wrong_values:
            hit = tuple(c for c, d in missing if d == entered and c in peer_sets[cell])
            if hit:
                ruled_out[cell] = hit
                explained.update((c, entered) for c in hit)
        removed = tuple(m for m in missing if m not in explained)
        parts = []
        for c, v, s in wrong_values:
            part = f"{cell_name(c)} holds {v}, but the solution has {s} there"
            if c in ruled_out:
                part += f"; that {v} rules the true {v} out of {cells_name(ruled_out[c])}"
            parts.append(part)
        parts += [f"{cell_name(c)} has lost its true candidate {d}" for c, d in removed]
        super().__init__("; ".join(parts), cells=cells)
        self.wrong_values = wrong_values
        self.missing = missing
        self.ruled_out = ruled_out
        self.removed = removed


class UnknownTechniqueError(TutorError, ValueError, KeyError):
    """A technique id (or a ladder's name) the registry does not know; `technique_id` is the id
    given and `known` the ids (or names) it does know, which the message lists.

    Also a KeyError, as an unknown id was before this error existed, so callers that catch
    KeyError keep working.
    """

    def __init__(self, technique_id: object, known: tuple[str, ...], what: str = "technique",
                 note: str = "") -> None:
        super().__init__(f"unknown {what} {technique_id!r}; known: {', '.join(known)}"
                         + (f" ({note})" if note else ""))
        self.technique_id = technique_id
        self.known = tuple(known)


# --- the user's files ----------------------------------------------------------------------------
class SaveError(TutorError, ValueError):
    """A data file's content (saved game, progress, editor draft) is not what this version writes."""


class Unreadable(SaveError):
    """A data file could not be read; it has been moved aside to `kept_at`.

    `kept_at` is None when it could not be moved (a read-only folder): it is then left where it
    is, and the caller must not write over it. `not_moved` says why, when known.
    """

    def __init__(self, path: Path, kept_at: Path | None, reason: str,
                 not_moved: str | None = None) -> None:
        if kept_at:
            where = f"; it was kept as {kept_at}"
        else:
            why = f" ({not_moved})" if not_moved else ""
            where = f"; it could not be moved aside{why} and is left as it is"
        super().__init__(f"{path} could not be read ({reason}){where}")
        self.path = path
        self.kept_at = kept_at
        self.reason = reason
        self.not_moved = not_moved


class NewerVersion(SaveError):
    """A data file written by a newer version of the tutor: its format `version` is above `known`,
    the newest this version reads. Such a file is not corrupt: it is never moved or rewritten."""

    def __init__(self, path: Path, version: int, known: int) -> None:
        super().__init__(f"{path} was written by a newer version of the tutor (its format is "
                         f"version {version}; this version reads up to {known})")
        self.path = path
        self.version = version
        self.known = known


class StorageError(TutorError, OSError):
    """The data folder, or a file in it, cannot be used: `path` and what is wrong (`reason`).

    Also an OSError, so that code written for a failing disk copes with it as well.
    """

    def __init__(self, message: str, path: Path, reason: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.errno = errno
        self.strerror = reason
        self.filename = str(path)


class FolderError(StorageError):
    """The data folder cannot be used: it is a file, a link to nowhere or in a loop, or it cannot
    be made. The message names the folder and says how to choose another."""

    def __init__(self, path: Path, reason: str, errno: int | None = None) -> None:
        super().__init__(f"the data folder {path} {reason} (set TUTOR_DATA_DIR to a folder "
                         "the tutor can use)", path, reason, errno)


class WriteError(StorageError):
    """A data file could not be written (a read-only folder, a full disk); the old file, if
    any, is as it was."""

    def __init__(self, path: Path, reason: str, errno: int | None = None) -> None:
        super().__init__(f"{path} could not be written ({reason})", path, reason, errno)


# --- lessons -------------------------------------------------------------------------------------
class LessonError(TutorError, ValueError):
    """A lesson file that cannot be used; `path` is the file and `key` the TOML key at fault.

    str() starts with the file's name and the key: '03-intersections.toml: pages[2].cells: ...'.
    """

    def __init__(self, path: str | Path, key: str, message: str, *, line: int | None = None) -> None:
        from pathlib import Path  # lazy: pathlib costs every command start-up time; lessons need it

        super().__init__(message, line=line)
        self.path = Path(path)
        self.key = key

    def __str__(self) -> str:
        where = f"{self.path.name}: {self.key}: " if self.key else f"{self.path.name}: "
        return where + self.message


class DrillError(TutorError, ValueError):
    """No drill can be made: an unreadable puzzle file, or no position for the technique."""


# --- making puzzles ------------------------------------------------------------------------------
class GenerationError(TutorError):
    """No puzzle was made; the message says why."""


class LevelError(GenerationError, ValueError):
    """A level, range, seed or count typed by the user that cannot be used."""


class Cancelled(GenerationError):
    """The user stopped a generation."""


# --- solvers -------------------------------------------------------------------------------------
class SolverError(TutorError):
    """A solver that cannot answer."""


class MilpUnavailable(SolverError, ImportError):
    """SciPy (the milp extra) is not installed; the message says how to install it."""


class MilpFailed(SolverError, RuntimeError):
    """HiGHS stopped without an answer (time limit or a numerical problem): no claim either way."""
