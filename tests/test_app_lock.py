"""One app per data folder: a second app on the folder refuses to start, saying why, and the
first keeps every move; a process killed with the lock held leaves no stale lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import tutor
from tutor.app.app import SAVE_NAME, TutorApp
from tutor.app.data_lock import FolderLock
from tutor.play.game import load_save

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

HOLD = """
import sys
from tutor.app.data_lock import FolderLock
assert FolderLock(sys.argv[1]).acquire()
print("held", flush=True)
sys.stdin.read()
"""


def printed(capfd) -> str:
    """What the apps printed to the terminal when they ended, its lines joined."""
    return " ".join(capfd.readouterr().err.split())


async def test_a_second_app_on_the_folder_refuses_and_the_first_keeps_its_moves(data_dir, capfd):
    first = TutorApp(tutor.parse(EASY), "easy")
    async with first.run_test(size=(100, 40)) as pilot:
        await pilot.press("4")
        second = TutorApp(tutor.parse(EASY), "other")
        async with second.run_test(size=(100, 40)) as other:
            await other.pause()
        assert second.return_code == 1
        message = printed(capfd)
        assert "already open on the data folder" in message and str(data_dir) in message
        assert f"process {os.getpid()}" in message
        await pilot.press("right", "5")
        await pilot.pause()
        moves = first.game_screen.game.history_labels
        assert load_save(data_dir / SAVE_NAME).history_labels == moves == ["r1c1=4", "r1c2=5"]
    again = TutorApp()
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert again.return_code is None, "the first app let the folder go when it ended"
        await pilot.press("r")
        assert again.game_screen.game.history_labels == ["r1c1=4", "r1c2=5"]


async def test_the_lock_of_another_process_refuses_and_a_killed_one_leaves_none(data_dir, capfd):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(data_dir)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        refused = TutorApp(tutor.parse(EASY), "easy")
        async with refused.run_test() as pilot:
            await pilot.pause()
        assert refused.return_code == 1 and f"process {holder.pid})" in printed(capfd)
        assert not (data_dir / SAVE_NAME).exists(), "the refused app saved nothing"
        holder.send_signal(signal.SIGKILL)  # no chance to clean up: the system drops the lock
        holder.wait()
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test() as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert app.return_code is None
    assert load_save(data_dir / SAVE_NAME).history_labels == ["r1c1=4"]


def test_a_lock_is_taken_once_and_released(tmp_path):
    lock, other = FolderLock(tmp_path), FolderLock(tmp_path)
    assert lock.acquire() and lock.acquire(), "taking it again in the same app is fine"
    assert not other.acquire() and other.holder() == f"process {os.getpid()}"
    lock.release()
    assert other.acquire()
    other.release()


async def test_a_lesson_on_a_folder_in_use_refuses_with_status_1_as_its_help_says(data_dir, capfd):
    from tutor.app.learning.lesson_app import LessonApp
    from tutor.cli.main import main

    first = TutorApp(tutor.parse(EASY), "easy")
    async with first.run_test(size=(100, 40)):
        lesson = LessonApp("3", seed=1)
        async with lesson.run_test(size=(100, 40)) as other:
            await other.pause()
        assert lesson.return_code == 1
        assert "already open on the data folder" in printed(capfd)
    for command in ("play", "lesson"):
        assert main([command, "--help"]) == 0
        said = " ".join(capfd.readouterr().out.split())
        assert "1 " in said.split("Exit status: ")[1].split(", 2 ")[0]
        assert "the data folder in use by another tutor" in said.split("Exit status: ")[1], command
