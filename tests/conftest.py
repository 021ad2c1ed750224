"""Shared test helpers: where ../shared/data is, and a skip when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"

# What the optional extras (milp, web, dask) bring, by import name: absent on a user's machine that
# ran only the README's test command, so no test may import one at module level.
OPTIONAL_PACKAGES = frozenset({
    "scipy", "numpy",                                  # milp
    "textual_serve", "aiohttp", "aiohttp_jinja2",      # web
    "distributed", "dask",                             # dask
})


def shared_file(relative: str) -> Path:
    """A file under ../shared/data, or skip the test (a user's fresh clone has no ../shared)."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"../shared/data/{relative} is absent (only developers and CI have ../shared)")
    return path


def read_lines(path: Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of a one-puzzle-per-line file (comments and blanks dropped)."""
    out = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if limit is not None and len(out) >= limit:
                    break
    return out


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The user's data folder, pointed at a fresh temporary folder for the test."""
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def read_only_dir(tmp_path, monkeypatch):
    """A data folder nothing can be written in: a folder without write permission, or, for root
    (whom permissions do not stop), Linux's /proc."""
    if os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o555)
        monkeypatch.setenv("TUTOR_DATA_DIR", str(folder))
        yield folder
        folder.chmod(0o755)
        return
    if not Path("/proc/self").is_dir():
        pytest.skip("as root, a read-only folder needs Linux's /proc")
    monkeypatch.setenv("TUTOR_DATA_DIR", "/proc")
    yield Path("/proc")


async def until(pilot, condition, seconds: float = 120.0) -> None:
    """Let the app run until `condition()` holds: a state to wait for, never a time to sleep.

    The limit is only there so that a broken app fails instead of hanging; it is far above what
    any state here needs, even on a loaded machine.
    """
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"the app never got there ({seconds:g} s)")
        await pilot.pause(0.02)


async def settle(pilot) -> None:
    """Let the app's workers (hints, steps, grading) finish and their answers land, then the
    workers those answers start (a solve starts the puzzle's grading), until none is left.

    Pilot.pause alone waits until the process looks idle by its CPU time, which a worker thread
    starved on a loaded machine can fool; this waits for the workers themselves.
    """
    app = pilot.app
    while True:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()  # the last answers are handled (and may start another worker)
        if all(worker.is_finished for worker in app.workers):
            return


async def run_palette_command(pilot, typed: str, title: str) -> None:
    """Open the command palette, type `typed`, wait until `title` is the first match, run it."""
    await pilot.press("ctrl+p")
    await until(pilot, lambda: pilot.app.screen.query("CommandList"))
    await pilot.press(*typed)
    options = pilot.app.screen.query_one("CommandList")

    def found() -> bool:
        return bool(options.option_count) and title in str(options.get_option_at_index(0).prompt)

    await until(pilot, found)
    await pilot.press("enter")
    await pilot.pause()


def read_terminal(fd: int, wanted: bytes, seconds: float) -> bytes:
    """What a terminal program wrote, until `wanted` shows up or time runs out."""
    import os
    import select
    import time

    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def run_in_terminal(argv: list[str], data: Path, shows: bytes, size=(110, 45)) -> tuple[bytes, int]:
    """Run `python -m tutor ARGV` in a real terminal until it shows `shows`, then press q.

    Returns what the screen showed and the exit status. The program must still be running when
    `shows` appears (so it is the app, not a text fallback that printed it and ended).
    """
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import sys
    import termios

    columns, rows = size
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", *argv], stdin=follower, stdout=follower, stderr=follower,
        start_new_session=True, env=dict(os.environ, TUTOR_DATA_DIR=str(data), TERM="xterm-256color"))
    os.close(follower)
    try:
        screen = read_terminal(leader, shows, 60)
        assert shows in screen, screen[-2000:]
        assert process.poll() is None, "the app should still be running"
        for _ in range(20):  # the first frame can come before the app reads keys
            os.write(leader, b"q")
            read_terminal(leader, b"\x00", 0.5)
            if process.poll() is not None:
                break
        return screen, process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)


def sweep_finders(lines, ladder_ids, finders, step_problems=None):
    """Walk each puzzle with the ladder `ladder_ids` until stuck, check every step the `finders`
    ({technique id: finder}) yield there against the solution, make the first one, and go on
    until none applies. `step_problems(line, step)` adds a technique's own checks. The walk never
    uses forcing chains (they would leave no position stuck).

    Returns (positions, steps checked, problems, slowest finder call in CPU seconds).
    """
    import time

    import tutor
    from tutor.engine.registry import MORE_SPECIFIC
    from tutor.engine.walk import Walk, advance, ladder
    from tutor.model.geometry import cell_name

    # Forcing chains, the last resort before a guess, would take every stuck position: the walk
    # stops before them (their own sweep passes them as `finders`).
    basic = ladder(tuple(t for t in ladder_ids if t != "forcing_chain"))
    positions = checked = 0
    problems: list[str] = []
    slowest = 0.0
    for line in lines:
        grid = tutor.parse(line)
        solution = tutor.solve(grid).values
        walk = Walk(grid.values, grid.masks)
        while not advance(walk, basic, [], None, None):
            positions += 1
            first = None
            for technique_id, finder in finders.items():
                start = time.process_time()
                found = list(finder(walk.values, walk.masks))
                slowest = max(slowest, time.process_time() - start)
                for step in found:
                    checked += 1
                    # A finder names a step by its own technique or a more specific one.
                    assert step.technique in (technique_id, *MORE_SPECIFIC.get(technique_id, ()))
                    for c, d in step.eliminations:
                        if solution[c] == d or not walk.masks[c] >> (d - 1) & 1:
                            problems.append(f"{line}: {step} removes {d} from {cell_name(c)}")
                    for c, d in step.placements:
                        if solution[c] != d:
                            problems.append(f"{line}: {step} places {d} in {cell_name(c)}")
                    if not step.placements and not step.eliminations:
                        problems.append(f"{line}: {step} places or removes nothing")
                    if step_problems is not None:
                        problems += step_problems(line, step)
                first = first or (found[0] if found else None)
            if first is None:
                break
            walk.apply(first)
    return positions, checked, problems, slowest


def pattern_text_problems(step, wrong_article: str) -> list[str]:
    """What a pattern step's texts get wrong: an empty text, a changed or pattern cell the full
    hint leaves out, a full hint that is not a sentence, "a 8" or `wrong_article`."""
    from tutor.model.geometry import cell_name
    texts = [step.hint(level) for level in (1, 2, 3)] + [str(step)]
    found = [f"{step}: an empty text" for t in texts if not t.strip()]
    full = step.explanation
    found += [f"{step}: the full hint misses {cell_name(c)}" for c in step.eliminated_cells
              if cell_name(c) not in full]
    found += [f"{step}: the full hint misses pattern cell {cell_name(c)}" for c in step.cells
              if cell_name(c) not in full]
    if not full.endswith("."):
        found.append(f"{step}: the full hint does not end with a sentence")
    if " a 8" in full or wrong_article in " ".join(texts):
        found.append(f"{step}: a wrong article")
    return found


def fact_line_problems(text: str, longest: int = 200) -> list[str]:
    """What keeps a long proof from reading one fact a line: a line holding two sentences or two
    facts joined by ';', or one longer than `longest` characters."""
    import re
    found = []
    for line in text.split("\n"):
        if re.search(r"[.;:] [A-Z]", line.strip()):
            found.append(f"two facts on one line: {line!r}")
        if len(line) > longest:
            found.append(f"a line of {len(line)} characters: {line!r}")
    return found


def first_guess(grid):
    """(position, guess): where the card's ladder first gets stuck on the grid's puzzle, and the
    guess a hint teaches there (with its proof; a grade's own guesses carry none)."""
    import tutor

    result = tutor.grade(grid, "card")
    index = next(i for i, s in enumerate(result.steps) if s.technique == "backtracking")
    for step in result.steps[:index]:
        grid = grid.apply(step)
    return grid, tutor.next_step(grid, "card")


def reasoning(full: str) -> str:
    """A full hint without its last line, 'To spot it: ...' (which every family's full hint ends
    with): the reasoning, ending with the step's conclusion."""
    body, spot = full.rsplit("\nTo spot it: ", 1)
    assert spot.endswith(".") and "\n" not in spot, full
    return body
