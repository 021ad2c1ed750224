"""Storage: atomic writes and corrupt files moved aside, never overwritten."""

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.model import storage
from tutor.model.errors import FolderError, NewerVersion, TutorError

REPO = Path(__file__).resolve().parent.parent


def test_data_dir_override(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path / "d"))
    assert storage.data_dir() == tmp_path / "d" and (tmp_path / "d").is_dir()


def test_write_and_read_json(tmp_path):
    path = tmp_path / "save.json"
    assert storage.read_json(path) is None
    storage.write_json(path, {"a": [1, 2]})
    assert storage.read_json(path) == {"a": [1, 2]}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp file left behind


def test_corrupt_file_is_kept_aside(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("{not json")
    with pytest.raises(storage.Unreadable) as info:
        storage.read_json(path)
    kept = info.value.kept_at
    assert kept is not None and kept.read_text() == "{not json"
    assert not path.exists() and "could not be read" in str(info.value)


# --- hostile files: whatever a file holds, it is read or moved aside with a message ------------
@pytest.mark.parametrize("content,reason", [
    (b"[" * 100_000, "nested more than 64 deep"),
    (b"[" * 70 + b"]" * 70, "nested more than 64 deep"),  # parses, but no file of ours is so deep
    (b'{"n": ' + b"9" * 5000 + b"}", "a number of more than 4,300 digits"),
    (b'{"a": "\xff\xfe"}', "not UTF-8 text: byte 8 cannot be read"),
    (b"{not json", "not valid JSON: Expecting property name"),
])
def test_a_hostile_file_is_moved_aside_with_what_is_wrong(tmp_path, content, reason):
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    with pytest.raises(storage.Unreadable) as info:
        storage.read_json(path)
    error = info.value
    assert reason in str(error) and str(path) in str(error)
    assert error.kept_at is not None and error.kept_at.read_bytes() == content
    assert f"kept as {error.kept_at}" in str(error) and not path.exists()


def test_a_file_over_the_size_bound_is_moved_aside_unread(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"a": "' + "x" * 2000 + '"}', encoding="utf-8")
    with pytest.raises(storage.Unreadable, match=r"2,009 bytes, more than the 1,000") as info:
        storage.read_json(path, limit=1000)
    assert info.value.kept_at.stat().st_size == 2009
    assert storage.read_json(tmp_path / "small.json", limit=1000) is None


def test_a_folder_where_a_file_should_be_is_moved_aside(tmp_path):
    (tmp_path / "game.json").mkdir()
    (tmp_path / "game.json" / "inside").write_text("kept")
    with pytest.raises(storage.Unreadable, match="not a regular file") as info:
        storage.read_json(tmp_path / "game.json")
    assert (info.value.kept_at / "inside").read_text() == "kept"


def test_a_file_that_cannot_be_moved_aside_is_left_and_said():
    # /proc/self/status is not JSON and its folder refuses a rename, even to root.
    status = Path("/proc/self/status")
    if not status.is_file():
        pytest.skip("needs Linux's /proc")
    with pytest.raises(storage.Unreadable) as info:
        storage.read_json(status)
    error = info.value
    assert error.kept_at is None and error.not_moved
    assert "could not be moved aside" in str(error) and "is left as it is" in str(error)
    assert status.is_file()


def test_a_link_to_nowhere_reads_as_no_file_and_a_write_makes_its_target(tmp_path):
    link = tmp_path / "progress.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    assert storage.read_json(link) is None
    storage.write_json(link, [1])
    assert link.is_symlink() and json.loads((tmp_path / "elsewhere.json").read_text()) == [1]


def test_a_newer_version_is_refused_as_newer_not_corrupt(tmp_path):
    path = tmp_path / "game.json"
    storage.check_version(path, {"version": 2}, 2)
    storage.check_version(path, ["no", "version"], 2)
    with pytest.raises(NewerVersion) as info:
        storage.check_version(path, {"version": 3}, 2)
    assert str(info.value) == (f"{path} was written by a newer version of the tutor (its format "
                               "is version 3; this version reads up to 2)")
    assert isinstance(info.value, TutorError)


# --- atomic writes keep permissions and links; a killed save leaves nothing for long -----------
def test_a_rewrite_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{}")
    path.chmod(0o644)
    storage.write_json(path, {"a": 1})
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o640)
    storage.write_json(path, {"a": 2})
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and storage.read_json(path) == {"a": 2}


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_new_file_follows_the_umask_like_any_new_file(tmp_path, umask):
    old = os.umask(umask)
    try:
        storage.write_json(tmp_path / "new.json", {})
        with open(tmp_path / "plain.txt", "w"):
            pass
    finally:
        os.umask(old)
    expected = stat.S_IMODE((tmp_path / "plain.txt").stat().st_mode)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == expected == 0o666 & ~umask


def test_a_rewrite_through_a_symbolic_link_changes_its_target(tmp_path):
    real = tmp_path / "sync" / "progress.json"
    real.parent.mkdir()
    real.write_text("[]")
    link = tmp_path / "progress.json"
    link.symlink_to(real)
    storage.write_json(link, [1, 2])
    assert link.is_symlink() and link.resolve() == real
    assert json.loads(real.read_text()) == [1, 2]
    assert sorted(p.name for p in real.parent.iterdir()) == ["progress.json"]


def test_a_rewrite_through_a_link_in_a_loop_fails_and_leaves_the_link(tmp_path):
    link = tmp_path / "progress.json"
    link.symlink_to(link)
    with pytest.raises(OSError):
        storage.write_json(link, [])
    assert link.is_symlink() and [p.name for p in tmp_path.iterdir()] == ["progress.json"]


def test_a_save_killed_before_its_rename_leaves_a_temporary_file_the_next_start_removes(
        tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "game.json").write_text('{"old": true}')
    # A real process, killed in the middle of a save (between writing and renaming).
    code = ("import os, sys\n"
            "from tutor.model import storage\n"
            "os.replace = lambda *a: os._exit(9)\n"
            "storage.write_json(sys.argv[1], {'new': True})\n")
    saver = subprocess.Popen([sys.executable, "-c", code, str(data / "game.json")], cwd=REPO,
                             env={**os.environ, "PYTHONPATH": str(REPO)})
    assert saver.wait() == 9
    (left,) = [p for p in data.iterdir() if p.name.endswith(".tmp")]
    assert left.name.startswith(f".game.json.pid{saver.pid}.")
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(data))
    assert storage.data_dir() == data
    assert sorted(p.name for p in data.iterdir()) == ["game.json"]
    assert storage.read_json(data / "game.json") == {"old": True}


def test_only_stale_temporary_files_are_removed(tmp_path):
    now = time.time()
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    dead = ended.pid  # a process that has ended
    names = {
        f".game.json.pid{dead}.abcdefgh.tmp": now,  # its writer is gone
        f".game.json.pid{os.getpid()}.abcdefgh.tmp": now,  # a writer still running
        f".progress.json.pid{os.getpid()}.zzzzzzzz.tmp": now - storage.ORPHAN_SECONDS - 60,
        ".game.json.k3j_x9q2.tmp": now - storage.STALE_SECONDS - 60,  # older name, old
        ".progress.json.k3j_x9q2.tmp": now,  # older name, young: a writer may own it
        ".notes.tmp": now - 10 * storage.ORPHAN_SECONDS,  # not one of ours
        "game.json": now - 10 * storage.ORPHAN_SECONDS,
    }
    for name, when in names.items():
        (tmp_path / name).write_text("x")
        os.utime(tmp_path / name, (when, when))
    removed = storage.remove_stale_temporaries(tmp_path, now=now)
    assert sorted(p.name for p in removed) == sorted([
        f".game.json.pid{dead}.abcdefgh.tmp", f".progress.json.pid{os.getpid()}.zzzzzzzz.tmp",
        ".game.json.k3j_x9q2.tmp"])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f".game.json.pid{os.getpid()}.abcdefgh.tmp", ".progress.json.k3j_x9q2.tmp",
         ".notes.tmp", "game.json"])


# --- the data folder itself ------------------------------------------------------------------
@pytest.fixture
def folder(tmp_path, monkeypatch):
    """Point the data folder at tmp_path/data (what it is, each test makes)."""
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path / "data"))
    return tmp_path / "data"


def make_file(path):
    path.write_text("notes")


def make_dangling_link(path):
    path.symlink_to(path.parent / "unplugged-disk")


def make_looping_link(path):
    path.symlink_to(path)


@pytest.mark.parametrize("make,words", [
    (make_file, "is a file, not a folder"),
    (make_dangling_link, "is a symbolic link to {tmp}/unplugged-disk, which does not exist"),
    (make_looping_link, "is a symbolic link in a loop"),
])
def test_a_data_folder_that_is_no_folder_is_named_with_what_is_wrong(folder, tmp_path, make, words):
    make(folder)
    with pytest.raises(FolderError) as info:
        storage.data_dir()
    error = info.value
    assert str(error).startswith(f"the data folder {folder} {words.format(tmp=tmp_path)} (set ")
    assert isinstance(error, TutorError) and isinstance(error, OSError)
    assert error.path == folder
    assert not (tmp_path / "unplugged-disk").exists(), "a link to nowhere is not followed"


def test_a_data_folder_under_a_file_is_named(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path / "file" / "data"))
    with pytest.raises(FolderError, match=f"cannot be made: {tmp_path / 'file'} is a file"):
        storage.data_dir()
