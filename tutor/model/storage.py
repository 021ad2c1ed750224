"""Where the user's data lives, atomic writes, and reading a file that may be corrupt or hostile."""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import stat
import sys
import time
from pathlib import Path
from typing import Any

from tutor.model.errors import FolderError, NewerVersion, Unreadable

ENV_DATA_DIR = "TUTOR_DATA_DIR"

MAX_BYTES = 64 * 1024 * 1024
"""The largest data file read: a progress log of some 250,000 attempts. A bigger one is not ours."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects read; the tutor's own files go 5 deep."""

STALE_SECONDS = 600
"""A temporary file of an atomic write older than this, left without its writer's id, is stale."""
ORPHAN_SECONDS = 24 * 3600
"""...and one whose writer's process id is running again (a reused id) after this long."""

# .<name>.pid<process id>.<8 characters>.tmp; before process ids were in the name,
# .<name>.<8 characters>.tmp (tempfile's names).
_TEMP_NAME = re.compile(r"^\.(?P<name>.+?)\.(?:pid(?P<pid>\d+)\.)?[a-z0-9_]{8}\.tmp$")

_cleaned: set[str] = set()
"""Folders whose stale temporary files this process has already removed."""


def data_dir_path() -> Path:
    """Where the data folder is ($TUTOR_DATA_DIR, else $XDG_DATA_HOME/sudoku-tutor, else
    ~/.local/share/sudoku-tutor), without making or checking it."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "sudoku-tutor"


def data_dir() -> Path:
    """The user's data folder (see data_dir_path), made if missing.

    At the first use in a process, temporary files that a killed save left there are removed.

    :raises FolderError: (an OSError) when it is a file, a link to nowhere or in a loop, or
        cannot be made; the message names the folder and what is wrong.
    """
    base = data_dir_path()
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FolderError(base, _folder_problem(base, error), error.errno) from None
    if str(base) not in _cleaned:
        _cleaned.add(str(base))
        remove_stale_temporaries(base)
    return base


def _folder_problem(base: Path, error: OSError) -> str:
    """What keeps `base` from being a folder, in words ('is a file, not a folder')."""
    if base.is_symlink():
        target = os.readlink(base)
        try:
            base.stat()
        except FileNotFoundError:
            return f"is a symbolic link to {target}, which does not exist"
        except OSError as looped:
            if looped.errno == errno.ELOOP:
                return "is a symbolic link in a loop"
            return f"is a symbolic link to {target}, which cannot be used ({looped.strerror})"
        return f"is a symbolic link to {target}, which is not a folder"
    if base.exists() and not base.is_dir():
        return "is a file, not a folder"
    for parent in base.parents:
        if parent.exists() and not parent.is_dir():
            return f"cannot be made: {parent} is a file, not a folder"
    return f"cannot be made ({error.strerror or error})"


def remove_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of atomic writes that were never finished (the writer was
    killed); the ones removed. A file whose writer may still be running is left: one named with
    the id of a running process (not older than ORPHAN_SECONDS), or, without an id, one younger
    than STALE_SECONDS. Errors are ignored: this is tidying, never a reason to stop."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = _TEMP_NAME.match(entry.name)
        if found is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
            pid = found.group("pid")
            if pid is None:
                stale = age > STALE_SECONDS
            else:
                stale = age > ORPHAN_SECONDS or not _running(int(pid))
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _running(pid: int) -> bool:
    """Whether a process with this id runs on this machine (this one does)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True  # another user's process (or an id we cannot ask about): leave its file
    return True


def _through_links(path: Path) -> Path:
    """The file a write to `path` should change: a symbolic link's target (the link is kept)."""
    if not path.is_symlink():
        return path
    try:
        os.stat(path)  # a link in a loop raises here, as opening it would
    except FileNotFoundError:
        pass  # a link to nowhere: the write makes its target, as opening it would
    return Path(os.path.realpath(path))


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half of one.

    The new content is written to a temporary file `.name.pid<id>.<random>.tmp` beside the file,
    then renamed over it. An existing file keeps its permissions; a new one gets them as any
    new file would (the umask applies). A symbolic link is written through: its target changes,
    the link stays.

    :raises OSError: when the file cannot be written; the old content is then untouched.
    """
    path = Path(path)
    target = _through_links(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    temp = target.with_name(f".{target.name}.pid{os.getpid()}.{_token()}.tmp")
    # 0o666 and the umask, as open() does: tempfile's 0o600 would make a shared file private.
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        if mode is not None:
            os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise


def _token() -> str:
    """8 characters of [a-z0-9_] (the stale-file pattern matches these)."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_"
    return "".join(secrets.choice(alphabet) for _ in range(8))


def write_json(path: Path, data: Any) -> None:
    """Write `data` as JSON atomically (see write_atomic). :raises OSError: as write_atomic."""
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))


def _free_name(path: Path, tag: str) -> Path:
    """name.<tag>-<time>, with -1, -2 ... added while such a file exists."""
    stamp = time.strftime('%Y%m%d-%H%M%S')
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
        n += 1
    return target


def _move_aside(path: Path) -> tuple[Path | None, str | None]:
    """Rename a bad file to name.corrupt-<time>: (its new path, None), or (None, why not)."""
    target = _free_name(path, "corrupt")
    try:
        os.replace(path, target)
    except OSError as error:
        return None, error.strerror or str(error)
    return target, None


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to name.corrupt-<time> so nothing the user made is overwritten; the new
    path, or None when it cannot be renamed (the caller must then leave the file alone)."""
    return _move_aside(path)[0]


def unreadable(path: Path, reason: str) -> Unreadable:
    """The error for a file that cannot be used, after moving it aside (see Unreadable)."""
    kept, why_not = _move_aside(path)
    return Unreadable(path, kept, reason, why_not)


def keep_copy(path: Path, tag: str) -> Path:
    """Copy a file to name.<tag>-<time> (before it is rewritten in a new format); the copy's path.

    :raises OSError: when the copy cannot be made: the caller must then leave the file alone.
    """
    path = Path(path)
    target = _free_name(path, tag)
    write_atomic(target, path.read_text(encoding="utf-8"))
    return target


def read_json(path: Path, limit: int = MAX_BYTES) -> Any:
    """The JSON in `path`, or None if there is no file (or a link to nowhere).

    Whatever the file holds, the answer is the data or Unreadable: a file that is not a regular
    file, larger than `limit` bytes, not UTF-8, not JSON, nested deeper than MAX_DEPTH or holding
    a number too long to read is moved aside first (kept, never deleted).

    :raises Unreadable: the message names the file, what is wrong and where it was kept.
    """
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise unreadable(path, error.strerror or str(error)) from None
    if not stat.S_ISREG(info.st_mode):
        raise unreadable(path, "not a regular file")
    if info.st_size > limit:
        raise unreadable(path, f"{info.st_size:,} bytes, more than the {limit:,} a data file "
                               "of the tutor holds")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as error:
        raise unreadable(path, error.strerror or str(error)) from None
    if len(raw) > limit:
        raise unreadable(path, f"more than the {limit:,} bytes a data file of the tutor holds")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise unreadable(path, f"not UTF-8 text: byte {error.start + 1} cannot be read") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise unreadable(path, f"not valid JSON: {error}") from None
    except RecursionError:
        raise unreadable(path, f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as error:
        if "integer string conversion" in str(error):
            raise unreadable(path, f"a number of more than {sys.get_int_max_str_digits():,} "
                                   "digits") from None
        raise unreadable(path, f"a value cannot be read ({error})") from None
    if _depth_over(data, MAX_DEPTH):
        raise unreadable(path, f"nested more than {MAX_DEPTH} deep")
    return data


def _depth_over(data: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, (dict, list)):
            continue
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


def check_version(path: Path, data: Any, known: int) -> None:
    """Refuse a file whose "version" field is a format newer than `known`.

    :raises NewerVersion: the file was written by a newer version of the tutor; it is neither
        moved nor changed (the caller must not write over it).
    """
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version > known:
        raise NewerVersion(path, version, known)
