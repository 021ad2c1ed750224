"""One app per data folder: a lock on a file in the folder, which the system lets go when the process ends."""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows has no flock: the folder is not locked there
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "tutor.lock"


class FolderLock:
    """An exclusive lock on `folder`/tutor.lock, holding the id of the process that took it.

    The lock belongs to the open file, not to the file on disk: when the process ends, however it
    ends (a crash, kill -9), the system releases it, so a stale lock never stops the next start.
    """

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock; False when another process (or another app in this one) holds it.

        :raises OSError: when the lock file cannot be opened (a folder that cannot be written).
        """
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
        self._fd = fd
        # The holder's process id, for the message another start shows (the lock is the flock).
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return True

    def holder(self) -> str:
        """'process 1234' for the process that holds the lock, as it wrote itself; '' if unknown."""
        try:
            pid = self.path.read_text(encoding="utf-8").strip()
        except OSError:
            return ""
        return f"process {pid}" if pid.isdigit() else ""

    def release(self) -> None:
        """Let the lock go (the file stays: removing it could race with a process taking it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def refusal(folder: Path, holder: str) -> str:
    """What a second start on a data folder in use says."""
    who = f" ({holder})" if holder else ""
    return (f"sudoku-tutor is already open on the data folder {folder}{who}. Only one app at a "
            f"time may use it, or one of them would lose its moves: close the other one first, "
            f"or set TUTOR_DATA_DIR to another folder.")
