"""Benchmark of long games in the app: a key press at 2,000 changes beside one in a new game (same
run, interleaved), and resuming a 20,000-change save (time, peak memory, save size) beside a
one-change save, each in a fresh interpreter."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import heading, print_value

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
SIZE = (100, 40)
LONG = 2000
RESUMED = 20000
ROUNDS = 7
PRESSES = 4
RATIO_TARGET = 1.5

# Run in a fresh interpreter, so that its peak memory is the resume's own.
_RESUME_SCRIPT = """
import time
launched = time.perf_counter()
import asyncio, resource, sys
from tutor.app.app import TutorApp

async def main():
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        started = time.perf_counter()
        await pilot.press("r")
        steps = app.game_screen.query_one("#steps")
        while len(steps.labels) != app.game_screen.game.index or not steps.laid_out:
            await pilot.pause(0.01)
        await pilot.pause()
        seconds = time.perf_counter() - started
        whole = time.perf_counter() - launched
        started = time.perf_counter()
        await pilot.press("p", "5")
        await pilot.pause()
        key = time.perf_counter() - started
    print(whole, seconds, key, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)

asyncio.run(main())
"""


def long_game(changes: int):
    """The easy puzzle after `changes` pencil marks taken off r1c1 and put back, over and over."""
    import tutor
    from tutor.play.game import Game

    game = Game(tutor.parse(EASY), "bench")
    cell = game.grid.empty_cells[0]
    for n in range(changes):
        game.toggle_candidate(cell, 1 + n // 2 % 9)
    return game


async def key_latencies() -> tuple[list[float], list[float]]:
    """Seconds from a key (a pencil mark in r1c1) to the first frame showing its change, in a
    new game and in one of LONG changes, taking turns ROUNDS times, PRESSES keys a turn."""
    # Imported lazily: the other sections run where Textual is not installed.
    from textual import events

    from tutor.app.app import TutorApp

    app = TutorApp(long_game(0).grid, "bench")
    fresh, long = [], []
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        show = app._display
        frames: list[float] = []
        wanted = [0]

        def display(screen_, renderable):
            if renderable is not None and screen.game.index == wanted[0]:
                frames.append(time.perf_counter())
            show(screen_, renderable)

        app._display = display
        await pilot.press("p")  # pencil mode: each digit adds or removes a mark
        for _ in range(ROUNDS):
            for changes, times in ((0, fresh), (LONG, long)):
                screen.set_game(long_game(changes))
                screen.selected = screen.game.grid.empty_cells[0]
                screen.changed()
                await pilot.pause(0.3)  # the path laid out anew, as after a resume
                for n in range(PRESSES):
                    frames.clear()
                    wanted[0] = screen.game.index + 1
                    digit = str(1 + n % 9)
                    started = time.perf_counter()
                    app._driver.send_message(events.Key(digit, digit))
                    deadline = started + 10
                    while not frames and time.perf_counter() < deadline:
                        await asyncio.sleep(0.0005)
                    if not frames:
                        raise RuntimeError("no frame with the change within 10 s")
                    times.append(frames[0] - started)
                    await pilot.pause(0.05)
        app._display = show
    return fresh, long


def resume(changes: int, folder: Path) -> tuple[float, float, float, int, int]:
    """(seconds from the interpreter's start and from r to the resumed path laid out, seconds
    of the next key (Pilot-timed, its waits included), peak resident bytes, save size) for a
    save of `changes` changes, in a fresh interpreter."""
    from tutor.app.app import SAVE_NAME
    from tutor.play.game import save_game

    path = folder / SAVE_NAME
    save_game(long_game(changes), path)
    env = dict(os.environ, TUTOR_DATA_DIR=str(folder))
    out = subprocess.run([sys.executable, "-c", _RESUME_SCRIPT], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[-4]), float(out[-3]), float(out[-2]), int(out[-1]), path.stat().st_size


def run() -> dict:
    heading("long games (app)")
    previous = os.environ.get("TUTOR_DATA_DIR")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TUTOR_DATA_DIR"] = folder  # never touch the user's real save
        try:
            fresh, long = asyncio.run(key_latencies())
        finally:
            if previous is None:
                os.environ.pop("TUTOR_DATA_DIR", None)
            else:
                os.environ["TUTOR_DATA_DIR"] = previous
    fresh_ms, long_ms = statistics.median(fresh) * 1000, statistics.median(long) * 1000
    ratio = long_ms / fresh_ms
    print_value(f"key to frame, new game (median of {len(fresh)})", f"{fresh_ms:.1f} ms")
    print_value(f"key to frame, {LONG:,} changes (median of {len(long)})",
                f"{long_ms:.1f} ms, {ratio:.2f}x the new game (target at most {RATIO_TARGET}x) "
                f"{'ok' if ratio <= RATIO_TARGET else 'OVER TARGET'}")
    figures = {"key_fresh_ms": fresh_ms, "key_long_ms": long_ms, "key_ratio": ratio}
    for changes in (1, RESUMED):
        with tempfile.TemporaryDirectory() as folder:
            whole, seconds, key, peak, size = resume(changes, Path(folder))
        print_value(f"resume a {changes:,}-change save (fresh process)",
                    f"{whole:.2f} s from start to the path shown ({seconds:.2f} s after r), "
                    f"next key {key * 1000:.0f} ms, peak memory {peak / 2**20:.0f} MB, "
                    f"save {size / 1024:.0f} KB")
        figures[f"resume_{changes}"] = (whole, seconds, key, peak, size)
    print_value("load average during the run", f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return figures


if __name__ == "__main__":
    run()
