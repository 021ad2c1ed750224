"""Learners' session folders: unguessable resume codes, validated before they name a folder.

Each browser gets a resume code (kept in a cookie, and shown in the app's help so the learner can
come back from another browser). The code names the learner's own data folder under the server's
`sessions/` folder; the app runs with TUTOR_DATA_DIR set to it, so games, lesson progress and
puzzles never mix. A folder nobody has used for `keep_days` days is removed.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import time
from pathlib import Path

from tutor.web.limits import KEEP_DAYS

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""32 letters and digits, without the look-alikes l, o, 0 and 1: 5 bits a character."""
CODE_LENGTH = 20
"""100 random bits: far beyond guessing, even at thousands of tries a second for years."""
GROUP = 5
CODE_PATTERN = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")
LAST_USED = "last-used"
"""A file in each session folder whose modification time is the session's last use."""


def new_code() -> str:
    """A fresh random resume code, in its plain form (20 characters, no dashes)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise(text: str | None) -> str | None:
    """The plain code in `text` (case, spaces and dashes ignored), or None if it is not a code.

    Only what this returns may name a folder: 20 characters of ALPHABET, nothing else.
    """
    if not text or len(text) > 64:
        return None
    plain = re.sub(r"[\s-]", "", text).lower()
    return plain if CODE_PATTERN.fullmatch(plain) else None


def display(code: str) -> str:
    """'abcde-fghij-kmnpq-rstuv': the code as shown to the learner."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


class SessionStore:
    """The session folders under `root` (the server's data folder / sessions)."""

    def __init__(self, root: Path, keep_days: float = KEEP_DAYS):
        self.root = Path(root)
        self.keep_days = keep_days

    def folder(self, code: str) -> Path:
        """The folder of a code; refuses anything that is not a plain code."""
        plain = normalise(code)
        if plain is None or plain != code:
            raise ValueError("not a resume code")
        return self.root / plain

    def exists(self, code: str) -> bool:
        plain = normalise(code)
        return plain is not None and (self.root / plain).is_dir()

    def prepare(self) -> None:
        """Make the root for the server's user only (0700), and each learner's folder in it.

        Folders are named by resume codes: another local user must not list them (older
        versions made them 0755).
        """
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)
        for folder in self.codes():
            try:
                os.chmod(folder, 0o700)
            except OSError:
                pass

    def codes(self) -> list[Path]:
        """The session folders (only folders named by a code are ours)."""
        try:
            entries = list(self.root.iterdir())
        except OSError:
            return []
        return [folder for folder in entries
                if normalise(folder.name) == folder.name and folder.is_dir()]

    def open(self, code: str) -> Path:
        """The code's folder, created if needed (for the server's user only), marked as used now."""
        folder = self.folder(code)
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        self.touch(code)
        return folder

    def touch(self, code: str) -> None:
        """Mark the code's folder as used now (only if the folder exists)."""
        marker = self.folder(code) / LAST_USED
        try:
            marker.touch(mode=0o600)
            os.utime(marker)
        except OSError:
            pass

    def last_used(self, folder: Path) -> float:
        try:
            return (folder / LAST_USED).stat().st_mtime
        except OSError:
            try:
                return folder.stat().st_mtime
            except OSError:
                return time.time()

    def remove_stale(self, live: set[str] = frozenset(), now: float | None = None) -> list[str]:
        """Remove the folders unused for `keep_days`, and those holding nothing (a learner who
        never changed anything); never a live one. The codes removed."""
        now = time.time() if now is None else now
        limit = now - self.keep_days * 86400
        removed = []
        for folder in self.codes():
            code = folder.name
            if code in live:
                continue
            if self.last_used(folder) < limit or self.empty(folder):
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(code)
        return removed

    @staticmethod
    def empty(folder: Path) -> bool:
        try:
            return all(entry.name == LAST_USED for entry in folder.iterdir())
        except OSError:
            return False
