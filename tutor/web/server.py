"""`tutor serve`: textual-serve's Server, configured for a class of learners.

What it changes from textual-serve (subclassed, not copied):
- each browser is its own learner: a resume code (cookie, or `?resume=CODE`) names the learner's
  data folder, and the app process runs with TUTOR_DATA_DIR set to it;
- a websocket from another site's page is refused (its Origin must be the page's own host, or one
  named by --allow-origin), as is a terminal larger than limits.MAX_COLUMNS x MAX_ROWS;
- a websocket that sends nothing for `silent_seconds` is closed: it holds no place and starts no
  app; a place is taken by the first message (the page sends its size at once) and freed when
  the socket closes; a learner's folder is kept only once they pressed a key or clicked;
- a second tab of the same browser takes the session over (never two apps on one folder);
- at most `max_sessions` apps run; the next visitor gets a page saying why;
- a session without input for `idle_minutes` is ended (the app saves every change as it goes);
- the page says why its session ended (a close code: full, idle, another tab, the app stopped...);
- app processes die with the server however it dies (Linux: the parent-death signal), and make
  their files for the server's user only;
- Ctrl-C or SIGTERM ends every app and the server within 2 seconds;
- the page (templates/app_index.html) loads nothing from outside the server, fits its font to
  the window and focuses the terminal; textual-serve's page parameters (?ping=, ?delay=) are ignored.

Needs the `web` extra (textual-serve, which brings aiohttp); imported only by `tutor serve`.
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import shutil
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tutor.model.storage import ENV_DATA_DIR
from tutor.web.guards import (Message, Refused, check_origin, origin_key, puzzle_parameter,
                              read_message, terminal_size)
from tutor.web.served import ENV_CODE, ENV_URL, PUZZLE_PARAMETER
from tutor.web.limits import (IDLE_MINUTES, KEEP_DAYS, MAX_SESSIONS, SILENT_SECONDS,
                              UNUSED_SECONDS)
from tutor.web.sessions import SessionStore, new_code, normalise

log = logging.getLogger("tutor.serve")

COOKIE = "sudoku_tutor_session"
TEMPLATES = Path(__file__).parent / "templates"
TITLE = "Sudoku tutor"
STOP_SECONDS = 1.2
"""How long an app is given to quit by itself before it is killed (the server must stop in 2 s)."""
STALE_CHECK_SECONDS = 3600.0
WAITING_LIMIT = 64
"""Sockets that have not spoken yet, at most (each is only a socket: no app, no folder)."""
MAX_MESSAGE_BYTES = 256 * 1024

CLOSE_QUIT = 1000
CLOSE_FULL = 4001
CLOSE_IDLE = 4002
CLOSE_TAKEN = 4003
CLOSE_APP_STOPPED = 4004
CLOSE_STOPPING = 4005
CLOSE_SILENT = 4006
CLOSE_MALFORMED = 4007
CLOSE_UNUSED = 4008
CLOSE_TEXTS = {
    CLOSE_QUIT: "Session ended: you quit. Your game is saved.",
    CLOSE_FULL: "The tutor is full: every place is in use. Try again when someone has finished.",
    CLOSE_IDLE: "Session ended: it was idle for {idle} minutes. Your game is saved.",
    CLOSE_TAKEN: "Session ended: this learner's tutor was opened in another tab or window. "
                 "Your game is saved.",
    CLOSE_APP_STOPPED: "Session ended: the tutor stopped unexpectedly. Your game is saved up to "
                       "your last change.",
    CLOSE_STOPPING: "Session ended: the server is stopping. Your game is saved.",
    CLOSE_SILENT: "The page did not answer in time.",
    CLOSE_MALFORMED: "Session ended: the page sent something the tutor does not understand.",
    CLOSE_UNUSED: "Session ended: the tutor was full and this page had not been used, so its "
                  "place went to someone else. Reload to try again.",
}
"""What the page says for each way its websocket is closed (anything else: the connection was lost)."""
LOST_TEXT = "Session ended: the connection to the tutor was lost. Your game is saved."


def app_command() -> list[str]:
    """The command that runs one learner's app (the same Python as the server)."""
    return [sys.executable, "-m", "tutor.app"]


PR_SET_PDEATHSIG = 1


def _prctl() -> Callable[..., int] | None:
    """Linux's prctl, looked up in the server (not in the child between fork and exec)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


PRCTL = _prctl()


def child_setup(parent: int) -> Callable[[], None]:
    """What an app process does before it starts: its files private, its life tied to the server's."""

    def setup() -> None:
        os.umask(0o077)  # the learner's folder and files: for the server's user only
        if PRCTL is not None:
            # Killed when the server dies, even by SIGKILL (the server cannot end it then).
            PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the server died before the line above
            os._exit(1)

    return setup


class TutorAppService(AppService):
    """One learner's app process: its own data folder, its own process group, a bounded stop."""

    def __init__(self, argv: list[str], *, data_folder: Path, code: str, page_url: str, **kwargs):
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.data_folder = data_folder
        self.code = code
        self.page_url = page_url
        self.last_input = time.monotonic()
        self.drawn = False
        self.spoke = False
        """Whether the learner pressed a key or clicked (only then is their folder kept)."""
        self._stopping: asyncio.Future[None] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> asyncio.Task[None] | None:
        """The task relaying the app's output; it ends when the app does."""
        return self._task

    @property
    def returncode(self) -> int | None:
        return self._process.returncode if self._process is not None else None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[ENV_DATA_DIR] = str(self.data_folder)
        environment[ENV_CODE] = self.code
        environment[ENV_URL] = self.page_url
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24):
        # No shell in between, and a process group of its own: Ctrl-C in the server's terminal
        # reaches the server only, which then ends each app in order.
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
            preexec_fn=child_setup(os.getpid()),
        )
        self._stdin = process.stdin
        return process

    async def on_data(self, payload: bytes) -> None:
        # The idle clock starts when the learner first sees the app, not while it is starting.
        if not self.drawn:
            self.drawn = True
            self.last_input = time.monotonic()
        await super().on_data(payload)

    async def send_bytes(self, data: bytes) -> bool:
        self.last_input = time.monotonic()
        self.spoke = True
        return await super().send_bytes(data)

    async def stop(self, timeout: float = STOP_SECONDS) -> None:
        """Ask the app to quit (it has saved every change already); kill it if it lingers.

        Safe to call from several tasks at once: they all wait for the one stop.
        """
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop(timeout))
        await asyncio.shield(self._stopping)

    async def _stop(self, timeout: float) -> None:
        task = self._task
        if task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(super().stop()), timeout)
            except (asyncio.TimeoutError, Exception):
                self.kill()
                try:
                    await asyncio.wait_for(asyncio.shield(task), 0.5)
                except (asyncio.TimeoutError, Exception):
                    task.cancel()
                self._task = None
        process = self._process
        if process is not None and process.returncode is None:
            self.kill()
        if process is not None:
            # Reaped here, while the loop runs: a process left to the garbage collector after
            # the loop closed prints "Exception ignored ... Event loop is closed".
            try:
                await asyncio.wait_for(process.wait(), 0.5)
            except (asyncio.TimeoutError, Exception):
                pass

    def kill(self) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


@dataclass(eq=False)
class Live:
    """A connected learner."""

    code: str
    websocket: web.WebSocketResponse
    service: TutorAppService | None = None
    started: float = field(default_factory=time.monotonic)
    fresh: bool = False
    """Whether the learner's folder did not exist when the session began."""


class OneLineErrors(logging.Filter):
    """A bad request (an over-long URL, a request that is not HTTP) is logged as one line, not a
    traceback: it is the client's mistake, not the server's."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, (HttpProcessingError, ConnectionError)):
            record.msg = f"{record.getMessage()}: {type(error).__name__}: {str(error)[:200]}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


class TutorServer(Server):
    """Serves the tutor app, one process and one data folder per learner."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, *, data_root: Path,
                 max_sessions: int = MAX_SESSIONS, idle_minutes: float = IDLE_MINUTES,
                 keep_days: float = KEEP_DAYS, open_browser: bool = False,
                 silent_seconds: float = SILENT_SECONDS, allow_origins: tuple[str, ...] = (),
                 unused_seconds: float = UNUSED_SECONDS,
                 command: list[str] | None = None):
        import textual_serve  # lazy, only to find its bundled static files

        statics = Path(textual_serve.__file__).parent / "static"
        super().__init__("tutor", host=host, port=port, title=TITLE,
                         statics_path=statics, templates_path=TEMPLATES)
        self.argv = command or app_command()
        self.store = SessionStore(Path(data_root) / "sessions", keep_days)
        self.max_sessions = max_sessions
        self.idle_seconds = idle_minutes * 60
        self.silent_seconds = silent_seconds
        self.unused_seconds = unused_seconds
        self.allowed_origins = frozenset(filter(None, map(origin_key, allow_origins)))
        self.open_browser = open_browser
        self.live: dict[str, Live] = {}
        self.waiting = 0
        self.ending: set[Live] = set()
        self._tasks: list[asyncio.Task] = []
        self.stopping = False

    # --- the page -----------------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path),
                             autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/favicon.ico", self.handle_favicon, name="favicon"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_favicon(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(TEMPLATES / "favicon.svg",
                                headers={"Content-Type": "image/svg+xml",
                                         "Cache-Control": "max-age=86400"})

    def full(self) -> bool:
        return len(self.live) >= self.max_sessions

    def message(self, request: web.Request, status: int, heading: str, text: str,
                retry: bool = False) -> web.Response:
        response = aiohttp_jinja2.render_template(
            "message.html", request,
            {"title": TITLE, "heading": heading, "text": text, "retry": retry}, status=status)
        response.headers["Cache-Control"] = "no-store"
        return response

    def remember(self, response: web.StreamResponse, code: str) -> None:
        response.set_cookie(COOKIE, code, max_age=int(self.store.keep_days * 86400),
                            httponly=True, samesite="Lax")

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if "resume" in request.query:
            code = normalise(request.query["resume"])
            if code is None or not self.store.exists(code):
                return self.message(request, 404, "Unknown resume code",
                                    "No saved session has that code. Check it (letters and "
                                    "digits in groups of five), or start afresh.", retry=True)
            response = web.HTTPFound("./")
            self.remember(response, code)
            return response
        code = normalise(request.cookies.get(COOKIE)) or new_code()
        if self.full() and code not in self.live:
            return self.refusal(request)
        closings = {str(number): text.format(idle=f"{self.idle_seconds / 60:g}")
                    for number, text in CLOSE_TEXTS.items()}
        response = aiohttp_jinja2.render_template(
            "app_index.html", request,
            {"title": TITLE, "closings": closings, "lost": LOST_TEXT,
             "puzzle": self.linked_puzzle(request) or ""})
        response.headers["Cache-Control"] = "no-store"
        self.remember(response, code)
        return response

    @staticmethod
    def linked_puzzle(request: web.Request) -> str | None:
        """The puzzle a link asks for (`?puzzle=LINE`), checked; None without one, or when it
        is refused (one log line: the default puzzle, or the saved game, opens instead)."""
        text = request.query.get(PUZZLE_PARAMETER)
        if text is None:
            return None
        try:
            return puzzle_parameter(text)
        except Refused as refusal:
            log.warning("%s (from %s); the page opens without it", refusal, request.remote)
            return None

    def refusal(self, request: web.Request) -> web.Response:
        return self.message(
            request, 503, "The tutor is full",
            f"All {self.max_sessions} places are in use: this server runs at most "
            f"{self.max_sessions} learners at once (its --max-sessions), so that hints stay quick "
            "for everyone. Try again when someone has finished.", retry=True)

    # --- one learner's session --------------------------------------------------------------

    def page_url(self, request: web.Request) -> str:
        origin = request.headers.get("Origin") or f"{request.scheme}://{request.host}"
        prefix = request.headers.get("X-Forwarded-Prefix", "").rstrip("/")
        return f"{origin}{prefix}/"

    @staticmethod
    def request_hosts(request: web.Request) -> list[str]:
        """The host the browser opened: the Host header, and behind a proxy X-Forwarded-Host."""
        hosts = [request.host]
        forwarded = request.headers.get("X-Forwarded-Host")
        if forwarded:
            hosts.append(forwarded.split(",")[0].strip())
        return hosts

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if self.stopping:
            raise web.HTTPServiceUnavailable(text="The tutor is stopping.")
        try:
            check_origin(request.headers.get("Origin"), self.request_hosts(request),
                         self.allowed_origins)
        except Refused as refusal:
            log.warning("%s (from %s)", refusal, request.remote)
            raise web.HTTPForbidden(text=str(refusal)) from None
        try:
            width, height = terminal_size(request.query.get("width"), request.query.get("height"))
        except Refused as refusal:
            log.warning("%s (from %s)", refusal, request.remote)
            raise web.HTTPBadRequest(text=str(refusal)) from None
        if self.waiting >= WAITING_LIMIT:
            raise web.HTTPServiceUnavailable(text="Too many connections are opening.")
        # autoclose off: a learner's close frees their place before the close is answered, so
        # a page opened right after it (a reload) finds the place free.
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES,
                                          autoclose=False)
        await websocket.prepare(request)
        code = normalise(request.cookies.get(COOKIE)) or new_code()
        self.waiting += 1
        try:
            first = await self.first_message(websocket)
        finally:
            self.waiting -= 1
        if first is None:
            return websocket
        if self.stopping:
            await self.close(websocket, CLOSE_STOPPING)
            return websocket
        if first.kind == "resize":
            width, height = first.size
        previous = self.live.get(code)
        unused = None
        if previous is None and self.full():
            unused = self.unused_place()
            if unused is None:
                await self.close(websocket, CLOSE_FULL)
                return websocket
            del self.live[unused.code]
        entry = Live(code, websocket)
        # Claim the place before the next await, so two visitors cannot both take the last one.
        self.live[code] = entry
        try:
            if unused is not None:
                await self.end(unused, CLOSE_UNUSED)
            if previous is not None:
                # The same browser in a new tab (or a reload): the old tab's app ends first.
                await self.end(previous, CLOSE_TAKEN)
            if websocket.closed or self.stopping:
                return websocket
            folder = self.store.folder(code)
            # A folder the learner never used is removed after the session: this one, or one
            # the tab taken over made and never used either.
            entry.fresh = not folder.exists() or (previous is not None and previous.fresh and not (
                previous.service is not None and previous.service.spoke))
            puzzle = self.linked_puzzle(request)
            service = TutorAppService(
                self.argv + ([puzzle] if puzzle else []), data_folder=folder, code=code, page_url=self.page_url(request),
                write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                close=websocket.close, download_manager=self.download_manager)
            entry.service = service
            await service.start(width, height)
            await self.apply(first, websocket, service)
            await self.relay(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken session must not stop the server
            log.error("a session failed: %s: %s", type(error).__name__, error)
        finally:
            # The place is free at once; the app's stop (up to STOP_SECONDS) is not waited for.
            if self.live.get(code) is entry:
                del self.live[code]
            await self.finish(entry)
        return websocket

    def unused_place(self) -> Live | None:
        """At capacity: the session open longest whose page has sent no key or click for
        `unused_seconds` since it opened (its place may go to a newcomer), or None."""
        now = time.monotonic()
        unused = [entry for entry in self.live.values()
                  if not (entry.service is not None and entry.service.spoke)
                  and now - entry.started >= self.unused_seconds]
        return min(unused, key=lambda entry: entry.started, default=None)

    async def first_message(self, websocket: web.WebSocketResponse) -> Message | None:
        """The page's first message (its terminal size, sent as soon as the socket opens);
        None when the socket closed or stayed silent for `silent_seconds` (then closed here)."""
        try:
            message = await asyncio.wait_for(websocket.receive(), self.silent_seconds)
        except asyncio.TimeoutError:
            await self.close(websocket, CLOSE_SILENT)
            return None
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            await self.close(websocket, CLOSE_QUIT)
            return None
        return await self.read(websocket, message)

    async def read(self, websocket: web.WebSocketResponse, message) -> Message | None:
        """A message read, or None when it was malformed (logged in one line, socket closed)."""
        try:
            if message.type is not WSMsgType.TEXT:
                raise Refused(f"malformed message: {message.type.name.lower()}, not text")
            return read_message(message.data)
        except Refused as refusal:
            log.warning("%s; the session is closed", refusal)
            await self.close(websocket, CLOSE_MALFORMED)
            return None

    async def apply(self, message: Message, websocket: web.WebSocketResponse,
                    service: TutorAppService) -> None:
        if message.kind == "stdin":
            await service.send_bytes(message.text.encode("utf-8"))
        elif message.kind == "resize":
            await service.set_terminal_size(*message.size)
        elif message.kind == "ping":
            await websocket.send_json(["pong", message.text])
        elif message.kind == "blur":
            await service.blur()
        elif message.kind == "focus":
            await service.focus()

    async def relay(self, websocket: web.WebSocketResponse, service: TutorAppService) -> None:
        """Pass the page's messages to the app until the socket closes or the app ends."""

        async def receive() -> None:
            async for raw in websocket:
                message = await self.read(websocket, raw)
                if message is None:
                    return
                await self.apply(message, websocket, service)

        receiving = asyncio.ensure_future(receive())
        running = service.running
        waited = {receiving} if running is None else {receiving, running}
        await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
        if receiving.done():
            receiving.result()
            return
        # The app ended by itself. When it quit, it closed the socket already (textual-serve
        # does on the app's "exit"); otherwise it died, and its page is told so.
        if not websocket.closed:
            log.warning("a learner's app stopped unexpectedly (exit status %s); its page is told",
                        service.returncode)
            await self.close(websocket, CLOSE_APP_STOPPED)
        receiving.cancel()
        await asyncio.gather(receiving, return_exceptions=True)

    async def close(self, websocket: web.WebSocketResponse, code: int) -> None:
        """Close a socket with a code the page explains; bounded, never raises."""
        if websocket.closed:
            return
        try:
            await asyncio.wait_for(websocket.close(code=code), 0.3)
        except (asyncio.TimeoutError, Exception):
            pass

    async def end(self, entry: Live, code: int) -> None:
        """End a session: its page is told why, its app quits (having saved)."""
        await self.close(entry.websocket, code)
        if entry.service is not None:
            await entry.service.stop()

    async def finish(self, entry: Live) -> None:
        """After a session: the app stopped, the folder kept only if the learner did something."""
        self.ending.add(entry)
        try:
            await self.close(entry.websocket, CLOSE_QUIT)
            service = entry.service
            if service is not None:
                await service.stop()
            folder = self.store.folder(entry.code)
            if entry.fresh and not (service is not None and service.spoke):
                if entry.code not in self.live:
                    shutil.rmtree(folder, ignore_errors=True)
            elif folder.exists():
                self.store.touch(entry.code)
        finally:
            self.ending.discard(entry)

    # --- housekeeping -------------------------------------------------------------------------

    def in_use(self) -> set[str]:
        return set(self.live) | {entry.code for entry in self.ending}

    async def watch(self) -> None:
        """End idle sessions; remove stale session folders now and then."""
        every = max(0.2, min(self.idle_seconds / 4, 10.0))
        last_sweep = time.monotonic()
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for entry in list(self.live.values()):
                if entry.service is not None and now - entry.service.last_input > self.idle_seconds:
                    log.info("ending an idle session")
                    asyncio.create_task(self.end(entry, CLOSE_IDLE))
            if now - last_sweep > STALE_CHECK_SECONDS:
                last_sweep = now
                self.store.remove_stale(self.in_use())

    async def on_startup(self, app: web.Application) -> None:
        self.store.prepare()
        removed = self.store.remove_stale(self.in_use())
        self._tasks.append(asyncio.create_task(self.watch()))
        url = f"http://{self.host if ':' not in self.host else f'[{self.host}]'}:{self.port}/"
        self.console.print(f"Serving the Sudoku tutor on [b]{url}[/b]", highlight=False)
        self.console.print(
            f"At most {self.max_sessions} learners at once; idle sessions end after "
            f"{self.idle_seconds / 60:g} min; session folders unused for {self.store.keep_days:g} "
            f"days are removed{f' ({len(removed)} just now)' if removed else ''}.\n"
            f"Sessions: {self.store.root}\nPress Ctrl+C to stop.", highlight=False)
        if self.open_browser:
            import webbrowser  # lazy: only with --open

            asyncio.get_running_loop().run_in_executor(None, webbrowser.open, url)

    async def on_shutdown(self, app: web.Application) -> None:
        self.stopping = True
        for task in self._tasks:
            task.cancel()
        entries = list(self.live.values()) + list(self.ending)
        await asyncio.gather(*(self.end(entry, CLOSE_STOPPING) for entry in entries),
                             return_exceptions=True)

    def request_exit(self) -> None:
        raise GracefulExit()

    def initialize_logging(self) -> None:
        # Plain lines (rich would wrap them at the terminal's width): one event, one line.
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s",
                                               "%Y-%m-%d %H:%M:%S"))
        logging.basicConfig(level="DEBUG" if self.debug else "INFO", handlers=[handler])
        logging.getLogger("aiohttp.server").addFilter(OneLineErrors())
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    def serve(self, debug: bool = False) -> None:
        """Run until Ctrl-C or SIGTERM; then every app is ended and the server stops within 2 s."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, self.request_exit)
            except NotImplementedError:
                pass
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *args: None, shutdown_timeout=0.3)
