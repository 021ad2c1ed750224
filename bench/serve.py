"""Benchmark of `tutor serve`: page load to drawn board, memory per session, and how many
concurrent sessions this machine holds with hints under 200 ms.

Everything runs against a server started here on 127.0.0.1 (a free port), never anything else;
the load test is bounded in sessions (at most LEVELS[-1]), in hint presses and in time.
- Page load to drawn board: headless Chromium (skipped without Chromium and chromedriver), from
  the navigation's start to the moment the terminal holds the whole board; each load is a new
  learner, so it includes starting that learner's app process.
- Memory per session: resident and proportional set size (RSS, PSS) of each learner's app process.
- Load: K learners connect over the same websocket protocol as the page (aiohttp client), wait
  until their apps have finished starting, and all press the hint key at the same moment, CYCLES
  times (each time then s to apply the step); the hint's latency is from sending the key to the
  first output carrying the hint's technique name. A session's first hint costs more (the app's
  first hint panel); it is reported apart, and "held" counts the later presses' p95.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HINT_TARGET_MS = 200
LOADS = 4
LEVELS = (1, 2, 4, 6, 8, 10, 12)
CYCLES = 6
LOAD_TEST_LIMIT_S = 300
SIZE = (130, 42)
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07")
REPO = Path(__file__).resolve().parent.parent


def _names() -> re.Pattern:
    from tutor import TECHNIQUES

    names = [getattr(t, "name", str(t)) for t in TECHNIQUES] + ["Full house"]
    return re.compile("|".join(re.escape(n) for n in names).encode(), re.IGNORECASE)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _Server:
    def __init__(self, data: Path, max_sessions: int):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = dict(os.environ, TUTOR_DATA_DIR=str(data), PYTHONPATH=str(REPO))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "serve", "--port", str(self.port),
             "--max-sessions", str(max_sessions)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def app_pids(self) -> list[int]:
        pid = self.process.pid
        try:
            return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            return []

    def stop(self) -> float:
        start = time.monotonic()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return time.monotonic() - start


def _cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


async def _settle(server: "_Server", timeout: float = 30) -> None:
    """Wait until the apps have finished their start-up work (their CPU time stops growing), as
    they have by the time a learner has read the puzzle and presses a key."""
    deadline = time.monotonic() + timeout
    before = _cpu_seconds(server.app_pids())
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        now = _cpu_seconds(server.app_pids())
        if now - before < 0.02:
            return
        before = now


def _memory(pid: int) -> tuple[float, float] | None:
    """(RSS, PSS) of a process in MB."""
    try:
        rss = pss = 0
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
        return rss / 1024, pss / 1024
    except OSError:
        return None


# --- page load to drawn board (a real browser) -------------------------------------------------

def page_loads(server: _Server) -> list[float] | str:
    sys.path.insert(0, str(REPO / "tests"))
    try:
        from serving import READ_TERMINAL, Browser, missing
    except ImportError as error:
        return f"the browser helpers are absent ({error})"
    finally:
        sys.path.pop(0)
    reason = missing()
    if reason:
        return reason
    check = ("const text = (function () {" + READ_TERMINAL + "})();"
             "return [Boolean(text && text.includes('┗━━━━━┷')), performance.now()];")
    times = []
    for _ in range(LOADS):
        browser = Browser()
        try:
            browser.open(server.url)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                drawn, now = browser.driver.execute_script(check)
                if drawn:
                    times.append(now / 1000)
                    break
                time.sleep(0.01)
        finally:
            browser.quit()
    return times


# --- the load test -----------------------------------------------------------------------------

class _Learner:
    def __init__(self, http, url: str):
        self.http = http
        self.url = url
        self.output = bytearray()
        self.arrived = asyncio.Event()
        self.websocket = None
        self.reader = None

    async def connect(self) -> None:
        async with self.http.get(self.url) as response:
            await response.text()
        ws_url = self.url.replace("http://", "ws://") + f"ws?width={SIZE[0]}&height={SIZE[1]}"
        self.websocket = await self.http.ws_connect(ws_url, headers={"Origin": self.url.rstrip("/")})
        # The page sends its size as soon as the socket opens; the server starts the app then.
        await self.websocket.send_str(json.dumps(["resize", {"width": SIZE[0], "height": SIZE[1]}]))
        self.reader = asyncio.create_task(self.read())
        await self.wait_for(lambda text: "┗━━━━━┷".encode() in text, 0, 30)

    async def read(self) -> None:
        import aiohttp

        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output += message.data
                self.arrived.set()

    async def wait_for(self, found, mark: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not found(ANSI.sub(b"", bytes(self.output[mark:]))):
            self.arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the app")
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def press(self, key: str) -> None:
        await self.websocket.send_str(json.dumps(["stdin", key]))

    async def hint(self, names: re.Pattern) -> float:
        mark = len(self.output)
        start = time.perf_counter()
        await self.press("n")
        await self.wait_for(lambda text: names.search(text), mark, 30)
        return time.perf_counter() - start

    async def step(self) -> None:
        """Apply the hinted step; wait until the output has been quiet for 0.15 s."""
        mark = len(self.output)
        await self.press("s")
        await self.wait_for(lambda text: len(text) > 0, mark, 30)
        while True:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), 0.15)
            except asyncio.TimeoutError:
                return

    async def close(self) -> None:
        if self.websocket is not None:
            await self.websocket.close()
        if self.reader is not None:
            self.reader.cancel()


async def load_level(url: str, count: int, names: re.Pattern, server: _Server) -> dict:
    import aiohttp

    sessions = [aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
                for _ in range(count)]
    learners = [_Learner(http, url) for http in sessions]
    try:
        await asyncio.gather(*(learner.connect() for learner in learners))
        await _settle(server)
        memory = [m for m in map(_memory, server.app_pids()) if m]
        latencies, first = [], []
        for cycle in range(CYCLES):
            pressed = await asyncio.gather(*(learner.hint(names) for learner in learners))
            if cycle == 0:
                first = pressed
            else:
                latencies += pressed
            await asyncio.gather(*(learner.step() for learner in learners))
    finally:
        for learner in learners:
            await learner.close()
        for http in sessions:
            await http.close()
    latencies.sort()
    return {
        "count": count,
        "p50": statistics.median(latencies) * 1000,
        "p95": latencies[max(0, int(len(latencies) * 0.95) - 1)] * 1000,
        "max": latencies[-1] * 1000,
        "memory": memory,
        "first": max(first) * 1000 if first else 0.0,
    }


async def _wait_apps_gone(server: _Server, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while server.app_pids() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


async def load_test(server: _Server) -> list[dict]:
    names = _names()
    results = []
    started = time.monotonic()
    over = 0
    for count in LEVELS:
        if time.monotonic() - started > LOAD_TEST_LIMIT_S:
            print(f"   (stopped: the load test's {LOAD_TEST_LIMIT_S} s are up)")
            break
        result = await load_level(server.url, count, names, server)
        results.append(result)
        print(f"   {count:2d} sessions: hint p50 {result['p50']:6.0f} ms  p95 {result['p95']:6.0f} ms  "
              f"max {result['max']:6.0f} ms  (1st press: slowest {result['first']:.0f} ms)")
        await _wait_apps_gone(server)
        over = over + 1 if result["p95"] >= HINT_TARGET_MS else 0
        if over >= 2:
            break
    return results


def run() -> None:
    try:
        import aiohttp  # noqa: F401
        import textual_serve  # noqa: F401
    except ImportError as error:
        print(f"== serve: skipped ({error.name} is not installed: pip install 'sudoku-tutor[web]')")
        return
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"== serve (tutor serve on 127.0.0.1; this machine: {cores} cores)")
    with tempfile.TemporaryDirectory() as data:
        server = _Server(Path(data), max_sessions=max(LEVELS))
        try:
            loads = page_loads(server)
            if isinstance(loads, str):
                print(f"page load to drawn board: skipped ({loads})")
            elif loads:
                print(f"page load to drawn board (new learner, app start included), {len(loads)} loads: "
                      f"median {statistics.median(loads):.2f} s, max {max(loads):.2f} s")
            asyncio.run(_wait_apps_gone(server))
            print(f"hint latency, all sessions pressing n at once ({CYCLES - 1} presses each after "
                  f"the first, target p95 < {HINT_TARGET_MS} ms):")
            results = asyncio.run(load_test(server))
        finally:
            stop = server.stop()
    memory = [m for r in results for m in r["memory"]]
    if memory:
        print(f"memory per session (app process, board drawn): RSS median "
              f"{statistics.median(m[0] for m in memory):.0f} MB, PSS median "
              f"{statistics.median(m[1] for m in memory):.0f} MB ({len(memory)} samples)")
    held = [r["count"] for r in results if r["p95"] < HINT_TARGET_MS]
    print(f"concurrent sessions held with hint p95 < {HINT_TARGET_MS} ms: "
          f"{max(held) if held else 0} (of {', '.join(str(r['count']) for r in results)} tried)")
    print(f"server stop (SIGTERM) after the test: {stop:.2f} s")


if __name__ == "__main__":
    run()
