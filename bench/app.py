"""Benchmark of the app: key press to updated screen for "next hint" on the hardest bundled puzzles,
and start-up to first frame (headless, Pilot-timed)."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

from tutor import grade
from tutor.engine import clear_solution_cache
from tutor.model.grid import Grid
from tutor.model.bundled import collections

HINT_TARGET_MS = 100
START_TARGET_S = 1.5
PUZZLES = 8
STARTS = 7  # paired runs: the ratio swings with the load, a median of 7 much less
SIZE = (100, 40)
SETTLE = 0.3

# Run in a fresh interpreter so that imports count, as they do when a user types `tutor`.
_START_SCRIPT = """
import time
started = time.perf_counter()
import asyncio
from tutor.app.app import TutorApp
from tutor.app.board import Board

async def main():
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.game_screen.query_one(Board).view is not None
        print(time.perf_counter() - started)

asyncio.run(main())
"""


# The yardstick: a minimal Textual app (one Static with nine rows of digits), timed the same way.
_MINIMAL_SCRIPT = """
import time
started = time.perf_counter()
import asyncio
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("\\n".join(" ".join("123456789") for _ in range(9)))

async def main():
    app = Minimal()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        print(time.perf_counter() - started)

asyncio.run(main())
"""
START_RATIO_TARGET = 1.5


def hardest_positions(count: int = PUZZLES) -> list[tuple[str, Grid]]:
    """For the puzzles of the highest levels, the position just before each one's bottleneck step:
    the hardest next step the engine has to find in that puzzle."""
    puzzles = [p for c in reversed(collections()) for p in c.puzzles()][:count]
    positions = []
    for puzzle in puzzles:
        grid = puzzle.grid
        graded = grade(grid)
        for step in graded.steps[:graded.bottleneck_index or 0]:
            grid = grid.apply(step)
        positions.append((puzzle.name, grid))
    return positions


async def time_hint(grid: Grid) -> float:
    """Seconds from the key event for n to the first frame composed with the hint on it.

    The key goes straight to the driver and frames are caught where the screen hands them to the
    terminal, so the Pilot's own idle waits (tens of ms per press) are not counted.
    """
    # Imported lazily: the other sections run where Textual is not installed.
    from textual import events

    from tutor.app.app import TutorApp

    app = TutorApp(grid, "bench")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(SETTLE)  # let start-up frames finish, as a user's first key comes later
        frames: list[float] = []
        show = app._display

        def display(screen, renderable):
            if app.game_screen.game.hint_level and renderable is not None:
                frames.append(time.perf_counter())
            show(screen, renderable)

        app._display = display
        clear_solution_cache()  # a user's first hint on a puzzle pays for solving it
        started = time.perf_counter()
        app._driver.send_message(events.Key("n", "n"))
        deadline = started + 5
        while not frames and time.perf_counter() < deadline:
            await asyncio.sleep(0.0005)
        app._display = show
        if not frames:
            raise RuntimeError("no frame with the hint within 5 s")
        return frames[0] - started


def time_start(script: str = _START_SCRIPT) -> float:
    """Seconds from interpreter start (after Python itself) to the first frame of the board (or of
    the app `script` runs)."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, TUTOR_DATA_DIR=folder)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: compiled modules are reused
        out = subprocess.run([sys.executable, "-c", script], env=env, check=True,
                             capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


def start_ratio(pairs: int = STARTS) -> tuple[float, float, float]:
    """(median of the tutor app's first frame, median of the minimal app's, median of the paired
    ratios): each pair runs the two back to back, so both see the same load."""
    time_start(), time_start(_MINIMAL_SCRIPT)  # warm-up: writes the bytecode caches
    tutor_times, minimal_times, ratios = [], [], []
    for _ in range(pairs):
        tutor_time, minimal_time = time_start(), time_start(_MINIMAL_SCRIPT)
        tutor_times.append(tutor_time)
        minimal_times.append(minimal_time)
        ratios.append(tutor_time / minimal_time)
    return statistics.median(tutor_times), statistics.median(minimal_times), statistics.median(ratios)


def run(out=None) -> dict:
    """Print the hint latency (median, worst) and the start-up time; return them."""
    out = out or sys.stdout
    previous = os.environ.get("TUTOR_DATA_DIR")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TUTOR_DATA_DIR"] = folder  # never touch the user's real save
        try:
            positions = hardest_positions()
            hints = [asyncio.run(time_hint(grid)) for _, grid in positions]
        finally:
            if previous is None:
                os.environ.pop("TUTOR_DATA_DIR", None)
            else:
                os.environ["TUTOR_DATA_DIR"] = previous
    start_median, minimal_median, ratio = start_ratio()
    hint_median, hint_worst = statistics.median(hints) * 1000, max(hints) * 1000
    print(f"app: next hint, key press to updated screen, {len(hints)} hardest bundled positions "
          f"(before each bottleneck): median {hint_median:.1f} ms, worst {hint_worst:.1f} ms "
          f"(target under {HINT_TARGET_MS} ms) "
          f"{'ok' if hint_worst < HINT_TARGET_MS else 'OVER TARGET'}", file=out)
    for (name, _), seconds in zip(positions, hints):
        print(f"  {name}: {seconds * 1000:.1f} ms", file=out)
    print(f"app: start-up to first frame (fresh interpreter, headless {SIZE[0]}x{SIZE[1]}), "
          f"median of {STARTS}: {start_median:.2f} s (target under {START_TARGET_S} s) "
          f"{'ok' if start_median < START_TARGET_S else 'OVER TARGET'}", file=out)
    print(f"app: first frame beside a minimal Textual app ({minimal_median:.2f} s), paired runs: "
          f"{ratio:.2f}x (target at most {START_RATIO_TARGET}x) "
          f"{'ok' if ratio <= START_RATIO_TARGET else 'OVER TARGET'}", file=out)
    # Both figures swing with other work on the machine; the load puts them in context.
    print(f"app: load average during the run {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          file=out)
    return {"hint_median_ms": hint_median, "hint_worst_ms": hint_worst,
            "start_median_s": start_median, "start_ratio": ratio}


if __name__ == "__main__":
    run()
