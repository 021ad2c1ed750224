"""Snapshot tests of the app's look: a highlighted step with pencil marks, the paste modal, compact board."""

from __future__ import annotations

import pytest
from textual.widgets import TextArea

import tutor
from tutor.app.app import TutorApp

# Tricky 2 no. 1 after its first eight steps: the next step is a pointing pair in box 3.
POINTING = ("82....+1561.....+4.35.6.1.7.99...5...8..+8729..+5.5....+94+7......+8....12685.+4.8.."
            "4..7.")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))


def position_app() -> TutorApp:
    return TutorApp(tutor.parse(POINTING), "Tricky 2 no. 1")


def hint_presses(count: int):
    async def run_before(pilot) -> None:
        for _ in range(count):
            await pilot.press("n")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
    return run_before


def test_full_board_with_the_step_explained(snap_compare):
    assert snap_compare(position_app(), terminal_size=(100, 40), run_before=hint_presses(3))


def test_compact_board_with_the_pattern(snap_compare):
    assert snap_compare(position_app(), terminal_size=(80, 24), run_before=hint_presses(2))


def test_paste_modal_with_an_error(snap_compare):
    async def run_before(pilot) -> None:
        await pilot.press("o")
        area = pilot.app.screen.query_one(TextArea)
        area.cursor_blink = False
        area.load_text("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                       ".6....28.\n...419..5\n....8..7")
        await pilot.press("ctrl+s")
        await pilot.pause()

    assert snap_compare(position_app(), terminal_size=(100, 40), run_before=run_before)


def test_full_board_in_the_light_theme(snap_compare):
    async def run_before(pilot) -> None:
        pilot.app.theme = "textual-light"
        await hint_presses(3)(pilot)

    assert snap_compare(position_app(), terminal_size=(100, 40), run_before=run_before)
