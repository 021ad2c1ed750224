"""A monkey test: the real app, driven through the Pilot with random keys, clicks and sizes.

`python -m bench.monkey --events 100000 --seed N` runs the app (headless, App.run_test) for N
random events: key presses from a pool that reaches every screen (game, paste, bundled puzzles,
new-puzzle dialog, editor, search visualiser, lesson menu, lesson pages, exercises, drills, help,
command palette), clicks anywhere on the screen, and terminal sizes from 80x24 to 160x50. A quit
ends a session and the next one starts (it offers to resume the game saved). It fails on any
exception the app raises and on any save file (game, previous game, lesson progress, editor
draft) that no longer loads. The seed fixes the sequence of events; the app's worker threads and
timers still run at their own pace, so a run is the same journey, not the same frames.

The data folder is a fresh temporary one (or --data DIR), never the user's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from textual import events

MIN_SIZE = (80, 24)
MAX_SIZE = (160, 50)
OPENERS = ("o", "b", "g", "e", "v", "t", "question_mark", "ctrl+p", "P")
"""Keys that open another screen from the game (paste, bundled, generate, editor, visualiser,
lessons, help, palette, the previous game)."""
KEYS = (
    *"0123456789", *"abcdefghijklmnoprstuvwxyz", *"ABDEGLNPRSTUVWX",
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    "enter", "escape", "tab", "shift+tab", "space", "backspace", "delete",
    "full_stop", "plus", "minus", "equals_sign", "left_square_bracket", "right_square_bracket",
    "question_mark", "f1", "ctrl+z", "ctrl+y", "ctrl+s", "ctrl+p", "ctrl+a", "ctrl+e",
)
"""Every other key the monkey presses; q and ctrl+q (quit) are events of their own."""
QUIT_KEYS = ("q", "ctrl+q", "ctrl+c")
TOUR = (("o",), ("b",), ("g",), ("e",), ("v",), ("t",), ("t", "enter"), ("t", "enter", "e"),
        ("t", "enter", "d"), ("question_mark",), ("ctrl+p",), ("P",))
"""A run starts with a tour: from the game, these keys open each screen (paste, bundled puzzles,
new-puzzle dialog, editor, visualiser, lesson menu, a lesson, its exercises, a drill, help, the
palette, the previous game), and the monkey plays in each for a while; then it is free."""
TOUR_EVENTS = 12
"""Random events in each screen of the tour."""
SETTLE = 0.1
"""How often the monkey waits for the screen to handle what it was sent before the next event
(in between, keys arrive faster than the app handles them, as from a fast typist)."""
FPS = 5
"""Frames a second the app draws (Textual's default is 60). Drawing is most of a headless run's
time; fewer frames draw the same screens after more events each, as on a slow terminal, and make
a run about twice as fast (800 events: 73 s at 60 frames and settle 0.4, 29 s at 5 and 0.1)."""


@dataclass
class Report:
    """What a run did and found."""

    seed: int
    events: int = 0
    sessions: int = 0
    screens: Counter = field(default_factory=Counter)
    """Events sent to each kind of screen (its class name)."""
    problems: list[str] = field(default_factory=list)
    """Crashes (with the traceback) and save files that no longer load."""
    seconds: float = 0.0
    out_of_time: bool = False
    """The run stopped at its time limit before sending every event."""

    def summary(self) -> str:
        seen = ", ".join(f"{name} {count}" for name, count in self.screens.most_common())
        cut = " (stopped at the time limit)" if self.out_of_time else ""
        return (f"{self.events:,} events{cut}, seed {self.seed}, {self.sessions} sessions, "
                f"{self.seconds:.0f} s, {len(self.problems)} problems\nscreens: {seen}")


def check_saves(data: Path) -> list[str]:
    """Every save of the data folder that does not load, with the reason."""
    from tutor.app.app import PREVIOUS_NAME, SAVE_NAME
    from tutor.app.making.draft import DRAFT_NAME
    from tutor.learning.progress import Progress
    from tutor.model.storage import Unreadable, read_json
    from tutor.play.game import load_save

    problems = []
    for name in (SAVE_NAME, PREVIOUS_NAME):
        try:
            load_save(data / name)
        except (Unreadable, OSError) as error:
            problems.append(f"{name} no longer loads: {error}")
    try:
        read_json(data / DRAFT_NAME)
    except (Unreadable, OSError) as error:
        problems.append(f"{DRAFT_NAME} no longer loads: {error}")
    progress = Progress.load()
    if progress.notice:
        problems.append(f"the lesson progress no longer loads: {progress.notice}")
    corrupt = sorted(p.name for p in data.glob("*.corrupt-*"))
    if corrupt:
        problems.append(f"files moved aside as unreadable: {', '.join(corrupt)}")
    return problems


def make_app(data: Path):
    """The app itself; only its screenshots (a palette command) go to the data folder, not to
    ~/Downloads."""
    from tutor.app.app import TutorApp

    class MonkeyApp(TutorApp):

        def deliver_screenshot(self, filename=None, path=None, time_format=None):
            return super().deliver_screenshot(filename, str(data), time_format)

    # The stylesheet is found beside TutorApp's module, as for the real app.
    MonkeyApp.CSS_PATH = str(Path(sys.modules[TutorApp.__module__].__file__).parent / "app.tcss")
    return MonkeyApp()


CHARACTERS = {"space": " ", "full_stop": ".", "plus": "+", "minus": "-", "equals_sign": "=",
              "left_square_bracket": "[", "right_square_bracket": "]", "question_mark": "?",
              "enter": "\r", "tab": "\t", "backspace": "\x7f", "escape": "\x1b"}


async def press(pilot, key: str) -> None:
    """Press a key as a terminal sends it (the session waits for the screen now and then).

    Pilot.press waits for the process to look idle after each key (at least 20 ms a key), which
    would make a run of thousands of events take many minutes; the key goes through the same app,
    and keys arriving faster than the app handles them are what a fast typist sends too.
    """
    character = CHARACTERS.get(key, key if len(key) == 1 else None)
    pilot.app.post_message(events.Key(key, character))


async def click(pilot, x: int, y: int) -> None:
    """A left click at (x, y) of the screen, sent as the terminal sends it: button down and up
    (the app makes the click of them).

    (Pilot.click pauses for idleness around each of the three, about 0.3 s a click.)
    """
    app = pilot.app
    where = dict(widget=None, x=x, y=y, delta_x=0, delta_y=0, button=1, shift=False, meta=False,
                 ctrl=False, screen_x=x, screen_y=y)
    app.post_message(events.MouseDown(**where))
    app.post_message(events.MouseUp(**where))


def random_size(rng: random.Random) -> tuple[int, int]:
    return rng.randint(MIN_SIZE[0], MAX_SIZE[0]), rng.randint(MIN_SIZE[1], MAX_SIZE[1])


async def one_event(pilot, rng: random.Random) -> str:
    """Send one random event; returns what it was ('key x', 'click 3,4', 'size 80x24', 'quit')."""
    app = pilot.app
    roll = rng.random()
    if roll < 0.005:
        key = rng.choice(QUIT_KEYS)
        await press(pilot, key)
        await pilot._wait_for_screen()  # the quit is taken before any further event is sent
        return f"quit {key}"
    if roll < 0.01:
        size = random_size(rng)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        return f"size {size[0]}x{size[1]}"
    if roll < 0.07:
        width, height = app.size
        x, y = rng.randrange(width), rng.randrange(height)
        await click(pilot, x, y)
        return f"click {x},{y}"
    if roll < 0.12:
        await press(pilot, "escape")  # often, so that no screen keeps the monkey for long
        return "key escape"
    from tutor.app.game_screen import GameScreen

    if isinstance(app.screen, GameScreen) and roll < 0.30:
        key = rng.choice(OPENERS)
    else:
        key = rng.choice(KEYS)
    await press(pilot, key)
    return f"key {key}"


async def back_to_the_game(pilot) -> None:
    """Escape until the game screen is on top (or the app has quit)."""
    from tutor.app.game_screen import GameScreen

    for _ in range(8):
        if pilot.app.return_code is not None or isinstance(pilot.app.screen, GameScreen):
            return
        await pilot.press("escape")


async def end_session(pilot, seconds: float = 120) -> None:
    """End the app as a terminal run ends it: its message loop handles what it was sent and stops,
    and only then is the app shut down.

    Leaving App.run_test shuts the app down at once. With keys still queued behind a quit (sent
    before the quit was handled), the app went on handling them after its screens were taken down,
    and Textual raised ScreenStackError ("No screens on stack") in the key handling: an artefact
    of the driver, as App.run shuts down only once the loop has ended
    (tests/test_monkey.py has both).
    """
    app = pilot.app
    if app.return_code is None:
        await pilot.pause()  # hints, grading and generation finish or stop first
        app.exit()
    await asyncio.wait_for(asyncio.shield(app._task), seconds)


async def session(rng: random.Random, data: Path, budget: int, report: Report,
                  recent: list[str], tour: list[tuple[str, ...]], settle: float,
                  deadline: float) -> None:
    """One run of the app until it quits or the budget of events is spent."""
    app = make_app(data)
    report.sessions += 1
    recent.clear()
    recent.append(f"session {report.sessions}")
    async with app.run_test(size=random_size(rng)) as pilot:
        await pilot.pause()
        in_tour = 0
        for _ in range(budget):
            if app.return_code is not None or time.monotonic() > deadline:
                break
            if tour and in_tour == 0:
                await back_to_the_game(pilot)
                keys = tour.pop(0)
                recent.append(f"tour {' '.join(keys)}")
                for key in keys:
                    if app.return_code is None:
                        await pilot.press(key)
                in_tour = TOUR_EVENTS
                if app.return_code is not None:
                    break
            in_tour = max(0, in_tour - 1)
            report.screens[type(app.screen).__name__] += 1
            what = await one_event(pilot, rng)
            report.events += 1
            if rng.random() < settle:
                await pilot._wait_for_screen()
            else:
                await asyncio.sleep(0)
            recent.append(what)
            if app.return_code is not None:
                break
        await end_session(pilot)


async def run(events: int, seed: int, data: Path, progress=None, settle: float = SETTLE,
              fps: int = FPS, minutes: float | None = None) -> Report:
    """Send `events` random events to the app in as many sessions as quits make; return the report.

    `data` must be the folder $TUTOR_DATA_DIR names. `progress(report)` is called between sessions.
    With `minutes`, the run stops after that long (the report says so).
    """
    import textual.screen

    frame = textual.screen.UPDATE_PERIOD  # read as each screen starts its clock, so set per run
    textual.screen.UPDATE_PERIOD = 1 / fps
    try:
        return await run_sessions(events, seed, data, progress, settle, minutes)
    finally:
        textual.screen.UPDATE_PERIOD = frame


async def run_sessions(events: int, seed: int, data: Path, progress, settle: float,
                       minutes: float | None) -> Report:
    rng = random.Random(seed)
    report = Report(seed)
    started = time.monotonic()
    deadline = started + minutes * 60 if minutes is not None else float("inf")
    recent: list[str] = []
    tour = list(TOUR)
    while report.events < events:
        if time.monotonic() > deadline:
            report.out_of_time = True
            break
        before = report.events
        try:
            await session(rng, data, events - report.events, report, recent, tour, settle,
                          deadline)
        except Exception:  # noqa: BLE001 - any exception the app raises is what is looked for
            report.problems.append(
                f"crash after event {report.events} (seed {seed}); the session's events: "
                f"{' | '.join(recent)}\n{traceback.format_exc()}")
        for problem in check_saves(data):
            report.problems.append(f"after event {report.events} (seed {seed}): {problem}")
            for bad in data.glob("*.corrupt-*"):
                bad.rename(bad.with_name("seen-" + bad.name))
        if report.events == before:
            report.events += 1  # a session that could not send anything still counts
        if progress is not None:
            progress(report)
    report.seconds = time.monotonic() - started
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.monkey", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10_000, help="random events to send")
    parser.add_argument("--seed", type=int, default=None, help="the seed (default: random)")
    parser.add_argument("--data", help="data folder to use (default: a fresh temporary one)")
    parser.add_argument("--settle", type=float, default=SETTLE,
                        help=f"share of events after which the monkey waits for the app ({SETTLE})")
    parser.add_argument("--fps", type=int, default=FPS,
                        help=f"frames a second the app draws ({FPS})")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this long and report what was done (default: no limit)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    with tempfile.TemporaryDirectory(prefix="tutor-monkey-") as temporary:
        data = Path(args.data or temporary)
        data.mkdir(parents=True, exist_ok=True)
        os.environ["TUTOR_DATA_DIR"] = str(data)
        last = [time.monotonic()]
        began = last[0]

        shown = [0]

        def progress(report: Report) -> None:
            for problem in report.problems[shown[0]:]:  # as found, so a run cut short keeps them
                print(f"\nPROBLEM: {problem}", file=sys.stderr, flush=True)
            shown[0] = len(report.problems)
            if time.monotonic() - last[0] > 30:
                last[0] = time.monotonic()
                print(f"... {report.events:,} events, {report.sessions} sessions, "
                      f"{len(report.problems)} problems, {time.monotonic() - began:.0f} s",
                      file=sys.stderr, flush=True)

        print(f"monkey: {args.events:,} events, seed {seed}, data {data}", flush=True)
        report = asyncio.run(run(args.events, seed, data, progress, args.settle, args.fps,
                                 args.minutes))
    print(report.summary())
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
