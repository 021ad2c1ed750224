"""A save that is JSON but no game of its puzzle (a later change alters a given) is moved aside
when the app starts, with a message naming the change and the cell, and a fresh game starts."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

import tutor
from tutor.app.app import SAVE_NAME, TutorApp
from tutor.app.game_screen import GameScreen
from tutor.model.bundled import default_puzzle
from tutor.model.geometry import parse_cell_name
from tutor.play.game import Game, save_game
from conftest import until

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


async def test_a_save_that_changes_a_given_is_moved_aside_naming_it(data_dir):
    game = Game(tutor.parse(EASY), "easy")
    game.enter(parse_cell_name("r1c1"), 4)
    game.enter(parse_cell_name("r1c2"), 5)
    path = data_dir / SAVE_NAME
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["changes"][1]["cells"].append([parse_cell_name("r1c3"), 7, 0])  # r1c3 is a given (3)
    damaged = json.dumps(data)
    path.write_text(damaged, encoding="utf-8")
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), "no offer to resume it"
        assert app.game_screen.game.name == default_puzzle().name
        (kept,) = data_dir.glob(f"{SAVE_NAME}.corrupt-*")
        assert kept.read_text(encoding="utf-8") == damaged, "kept as it was"
        hint = " ".join(str(app.game_screen.query_one("#hint").render()).split())
        assert "change 2 (r1c2=5) changes the given r1c3" in hint and kept.name in hint


def status_and_hint(app) -> tuple[str, str]:
    screen = app.game_screen
    return tuple(" ".join(str(screen.query_one(part).render()).split()) for part in ("#status", "#hint"))


async def test_a_save_from_a_newer_version_is_left_alone_and_never_written_over(data_dir):
    path = data_dir / SAVE_NAME
    newer = json.dumps({"version": 99, "name": "from the future", "start": "?", "changes": []})
    path.write_text(newer, encoding="utf-8")
    app = TutorApp()
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), "no offer to resume what cannot be read"
        status, hint = status_and_hint(app)
        assert "was written by a newer version of the tutor (save format 99" in hint
        assert "not saved" in hint and "unreadable" not in hint and "corrupt" not in hint
        assert status.startswith("NOT SAVED")
        await pilot.press("s")  # a change, which would be saved
        await until(pilot, lambda: app.game_screen.game.index == 1)
        assert status_and_hint(app)[0].startswith("NOT SAVED"), "still said after a change"
    assert path.read_text(encoding="utf-8") == newer, "neither moved nor written over"
    assert sorted(p.name for p in data_dir.iterdir() if p.name != "tutor.lock") == [SAVE_NAME]


@pytest.fixture
def unwritable_folder(tmp_path):
    """A folder in which nothing can be renamed or written: without write permission, or, for
    root (whom permissions do not stop), marked immutable with chattr."""
    folder = tmp_path / "fixed"
    folder.mkdir()
    (folder / SAVE_NAME).write_text("{not json", encoding="utf-8")
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("as root, a folder nothing can be renamed in needs chattr +i")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


async def test_a_corrupt_save_that_cannot_be_moved_aside_is_not_written_over(unwritable_folder,
                                                                              monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(unwritable_folder))
    app = TutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        status, hint = status_and_hint(app)
        assert "could not be read (not valid JSON" in hint and "nor moved aside" in hint
        assert "None" not in hint, "no 'kept as None'"
        assert f"left as it is in {unwritable_folder / SAVE_NAME}" in hint
        assert status.startswith("NOT SAVED")
        notes = [n.message for n in app._notifications]
        assert any("This game is not saved" in note for note in notes), notes
        await pilot.press("s")
        await until(pilot, lambda: app.game_screen.game.index == 1)
        assert [n.message for n in app._notifications] == notes, \
            "no second message from a save tried and failed"
    assert (unwritable_folder / SAVE_NAME).read_text(encoding="utf-8") == "{not json"


async def test_a_data_folder_that_is_a_file_is_named_once(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    monkeypatch.setenv("TUTOR_DATA_DIR", str(folder))
    app = TutorApp()
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.pause()
        (note,) = [n.message for n in app._notifications]
        assert note.startswith(f"The data folder {folder} is a file, not a folder (set TUTOR_DATA_DIR")
        assert note.count("data folder") == 1, note
        assert status_and_hint(app)[0].startswith("NOT SAVED")


async def test_a_save_that_fails_says_not_saved_at_once(read_only_dir):
    app = TutorApp(tutor.parse(EASY), "easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not status_and_hint(app)[0].startswith("NOT SAVED"), "nothing failed yet"
        await pilot.press("4")
        await until(pilot, lambda: app.game_screen.game.index == 1)
        assert status_and_hint(app)[0].startswith("NOT SAVED"), "after the change that failed"
