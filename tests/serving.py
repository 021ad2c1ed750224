"""Helpers for the browser tests of `tutor serve`: a real server on a free port, headless Chromium.

The terminal in the page draws on a canvas, so its text is read from xterm.js's buffer: a script
added before the page's own keeps a reference to the terminal object the page creates.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COOKIE = "sudoku_tutor_session"

CHROMIUM = next(filter(None, (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome"))), None)
CHROMEDRIVER = shutil.which("chromedriver")

KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, 'terminal', {value: value, writable: true, configurable: true,
                                             enumerable: true});
    if (value && value.buffer && value.onData) { window.__tutorTerminal = value; }
  }
});
"""

READ_TERMINAL = """
const terminal = window.__tutorTerminal;
if (!terminal) { return null; }
const buffer = terminal.buffer.active;
const lines = [];
for (let y = 0; y < buffer.length; y++) { lines.push(buffer.getLine(y).translateToString(true)); }
return lines.join('\\n');
"""


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install 'sudoku-tutor[test]')"
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        return "textual-serve is not installed (pip install 'sudoku-tutor[web]')"
    if CHROMIUM is None or CHROMEDRIVER is None:
        return "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(condition, timeout: float, what: str, every: float = 0.05):
    """Poll `condition` until it returns something true; fail naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)


class Served:
    """`tutor serve` in a child process, on a free port of 127.0.0.1, with its own data folder."""

    def __init__(self, data: Path, *options: str):
        self.data = Path(data)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        environment = dict(os.environ, TUTOR_DATA_DIR=str(self.data), PYTHONPATH=str(REPO))
        self.log = open(self.data / "server.log", "w+b")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "serve", "--port", str(self.port), *options],
            cwd=REPO, env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        wait_until(self.answers, 30, f"the server on port {self.port} ({self.output()})")

    def answers(self) -> bool:
        if self.process.poll() is not None:
            raise AssertionError(f"the server exited: {self.output()}")
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def output(self) -> str:
        self.log.flush()
        return (self.data / "server.log").read_text(errors="replace")

    def get(self, path: str = "") -> tuple[int, str]:
        """(status, body) of a plain request without cookies."""
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def sessions(self) -> Path:
        return self.data / "sessions"

    def saved_game(self, code: str) -> dict | None:
        path = self.sessions() / code / "game.json"
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError):
            return None

    def app_pids(self) -> list[int]:
        """The app processes this server started (its children)."""
        try:
            text = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        except OSError:
            return []
        return [int(pid) for pid in text.split()]

    def stop(self, signum=signal.SIGTERM) -> bool:
        """Send the signal; whether the server exited by itself (it is killed after a minute, a
        guard against a hang, not a measure of speed: a busy machine may be slow)."""
        if self.process.poll() is not None:
            return True
        self.process.send_signal(signum)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return False
        return True

    def close(self) -> None:
        self.stop()
        self.log.close()


class Browser:
    """One headless Chromium with its own fresh profile (its own cookies): one learner."""

    def __init__(self, width: int = 1300, height: int = 1000):
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        options = Options()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--disable-gpu", f"--window-size={width},{height}"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": KEEP_TERMINAL})

    def open(self, url: str) -> None:
        self.driver.get(url)

    def text(self) -> str:
        return self.driver.execute_script(READ_TERMINAL) or ""

    def page_text(self) -> str:
        return self.driver.execute_script("return document.body ? document.body.innerText : ''")

    def wait_text(self, pattern: str, timeout: float = 30, flags=0) -> re.Match:
        """Wait until the terminal shows `pattern` (a regular expression); its match."""
        return wait_until(lambda: re.search(pattern, self.text(), flags), timeout,
                          f"{pattern!r} on the terminal; it shows:\n{self.text()}")

    def wait_board(self, timeout: float = 30) -> str:
        self.wait_text(r"┗━━━━━┷", timeout)
        return self.text()

    def press(self, *keys: str) -> None:
        """Type into whatever has the focus (the page gives it to the terminal)."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def focused(self) -> str:
        return self.driver.execute_script(
            "return document.activeElement ? document.activeElement.className : ''")

    def code(self) -> str | None:
        cookie = self.driver.get_cookie(COOKIE)
        return cookie["value"] if cookie else None

    def closed(self) -> bool:
        """The page says the session ended (its websocket closed)."""
        return self.driver.execute_script("return document.body.classList.contains('-closed')")

    def resources(self) -> list[str]:
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)")

    def quit(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass


def board_cells(text: str) -> list[list[str]]:
    """The full board's 81 cells as they are drawn: each cell its three lines of five characters."""
    lines = text.split("\n")
    top = next(i for i, line in enumerate(lines) if "┏" in line)
    left = lines[top].index("┏")
    cells = []
    for row in range(9):
        first = top + 1 + 4 * row
        for column in range(9):
            x = left + 1 + 6 * column
            cells.append([lines[first + k][x:x + 5] for k in range(3)])
    return cells


def shown_digit(cell: list[str]) -> str | None:
    """The digit a cell shows as placed (alone, in the middle), or None for pencil marks."""
    above, middle, below = cell
    if above.strip() or below.strip():
        return None
    inner = middle[1:4].strip()
    return inner if len(inner) == 1 and inner.isdigit() else None


# --- websocket-level learners (aiohttp's client, from the web extra) ---------------------------

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
BOARD_BOTTOM = "┗━━━━━┷".encode()
HANG_GUARD = 60.0
"""Seconds after which a wait for a state fails (a hang guard, never a wait for time)."""


class Socket:
    """One terminal websocket, as the page opens it (or as a misbehaving client might)."""

    def __init__(self, http, served: Served, *, origin: str | None = "same", cookie: str | None = None,
                 width: int = 110, height: int = 45, query: str = ""):
        self.http = http
        self.query = query
        """More of the socket's address, after its size ('&puzzle=...')."""
        self.served = served
        self.origin = served.url.rstrip("/") if origin == "same" else origin
        self.cookie = cookie
        self.size = (width, height)
        self.websocket = None
        self.output = bytearray()
        self.status: int | None = None
        self.closed_with: int | None = None

    async def open(self, *, speak: bool = True):
        """Open the socket; unless `speak` is false, send the page's first message (its size).
        Returns self, or the HTTP status when the server refused the upgrade (self.status)."""
        import aiohttp

        headers = {}
        if self.origin is not None:
            headers["Origin"] = self.origin
        if self.cookie is not None:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        url = (self.served.url.replace("http://", "ws://")
               + f"ws?width={self.size[0]}&height={self.size[1]}{self.query}")
        try:
            self.websocket = await self.http.ws_connect(url, headers=headers, autoping=True)
        except aiohttp.WSServerHandshakeError as error:
            self.status = error.status
            return self
        if speak:
            await self.send(["resize", {"width": self.size[0], "height": self.size[1]}])
        return self

    async def send(self, envelope) -> None:
        await self.websocket.send_str(json.dumps(envelope))

    async def press(self, text: str) -> None:
        await self.send(["stdin", text])

    def text(self) -> bytes:
        return ANSI.sub(b"", bytes(self.output))

    async def until(self, found, what: str, timeout: float = HANG_GUARD):
        """Read until `found(self.text())` is true, or until the socket closes (then None)."""
        import asyncio
        import aiohttp

        async def read():
            while not found(self.text()):
                message = await self.websocket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.output += message.data
                elif message.type == aiohttp.WSMsgType.CLOSE:
                    self.closed_with = message.data  # the code in the server's close frame
                    return None
                elif message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                                      aiohttp.WSMsgType.ERROR):
                    self.closed_with = self.closed_with or self.websocket.close_code
                    return None
            return True

        try:
            return await asyncio.wait_for(read(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}; the socket "
                                 f"got:\n{self.text()[-2000:].decode(errors='replace')}") from None

    async def board(self) -> "Socket":
        assert await self.until(lambda text: BOARD_BOTTOM in text, "the board"), \
            f"the socket closed ({self.closed_with}) before the board was drawn"
        return self

    async def closed(self, timeout: float = HANG_GUARD) -> int | None:
        """Wait until the server closes the socket; its close code."""
        await self.until(lambda text: False, "the socket to close", timeout)
        return self.closed_with

    async def close(self) -> None:
        if self.websocket is not None and not self.websocket.closed:
            await self.websocket.close()


def new_cookie(served: Served) -> str:
    """A resume code as the page hands it to a new browser (from its cookie)."""
    request = urllib.request.Request(served.url)
    with urllib.request.urlopen(request, timeout=10) as response:
        header = response.headers.get("Set-Cookie", "")
    return re.search(rf"{COOKIE}=([a-z2-9]+)", header).group(1)


def running(pid: int) -> bool:
    """Whether a process runs (a zombie does not)."""
    try:
        state = open(f"/proc/{pid}/stat").read().split(") ")[1][0]
    except OSError:
        return False
    return state != "Z"


def servers(tmp_path: Path):
    """A fixture body: start servers on demand (`serve(*options)`), each with its own data
    folder; all stopped after the test."""
    started: list[Served] = []

    def start(*options: str) -> Served:
        folder = tmp_path / f"server-{len(started)}"
        folder.mkdir()
        served = Served(folder, *options)
        started.append(served)
        return served

    yield start
    for served in started:
        served.close()
