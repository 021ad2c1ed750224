"""`tutor serve`: textual-serve's Server, configured for a class of learners.

What it changes from textual-serve (subclassed, not copied):
- each browser is its own learner: a resume code (cookie, or `?resume=CODE`) names the learner's
  data folder, and the app process runs with TUTOR_DATA_DIR set to it;
- a second tab of the same browser takes the session over (never two apps on one folder);
- at most `max_sessions` apps run; the next visitor gets a page saying why;
- a session without input for `idle_minutes` is ended (the app saves every change as it goes);
- Ctrl-C or SIGTERM ends every app and the server within 2 seconds;
- the page (templates/app_index.html) loads nothing from outside the server and focuses the terminal.

Needs the `web` extra (textual-serve, which brings aiohttp); imported only by `tutor serve`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tutor.model.storage import ENV_DATA_DIR
from tutor.web.served import ENV_CODE, ENV_URL
from tutor.web.limits import IDLE_MINUTES, KEEP_DAYS, MAX_SESSIONS
from tutor.web.sessions import SessionStore, new_code, normalise

log = logging.getLogger("tutor.serve")

COOKIE = "sudoku_tutor_session"
TEMPLATES = Path(__file__).parent / "templates"
TITLE = "Sudoku tutor"
STOP_SECONDS = 1.2
"""How long an app is given to quit by itself before it is killed (the server must stop in 2 s)."""
STALE_CHECK_SECONDS = 3600.0


def app_command() -> list[str]:
    """The command that runs one learner's app (the same Python as the server)."""
    return [sys.executable, "-m", "tutor.app"]


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

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

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
        return await super().send_bytes(data)

    async def stop(self, timeout: float = STOP_SECONDS) -> None:
        """Ask the app to quit (it has saved every change already); kill it if it lingers."""
        task = self._task
        if task is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(super().stop()), timeout)
        except (asyncio.TimeoutError, Exception):
            self.kill()
            try:
                await asyncio.wait_for(asyncio.shield(task), 0.5)
            except (asyncio.TimeoutError, Exception):
                task.cancel()
            self._task = None

    def kill(self) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


@dataclass
class Live:
    """A connected learner."""

    code: str
    websocket: web.WebSocketResponse
    service: TutorAppService | None = None
    started: float = field(default_factory=time.monotonic)


class TutorServer(Server):
    """Serves the tutor app, one process and one data folder per learner."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, *, data_root: Path,
                 max_sessions: int = MAX_SESSIONS, idle_minutes: float = IDLE_MINUTES,
                 keep_days: float = KEEP_DAYS, open_browser: bool = False,
                 command: list[str] | None = None):
        import textual_serve  # lazy, only to find its bundled static files

        statics = Path(textual_serve.__file__).parent / "static"
        super().__init__("tutor", host=host, port=port, title=TITLE,
                         statics_path=statics, templates_path=TEMPLATES)
        self.argv = command or app_command()
        self.store = SessionStore(Path(data_root) / "sessions", keep_days)
        self.max_sessions = max_sessions
        self.idle_seconds = idle_minutes * 60
        self.open_browser = open_browser
        self.live: dict[str, Live] = {}
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
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

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
        font_size = min(max(to_int(request.query.get("fontsize", "16"), 16), 8), 40)
        response = aiohttp_jinja2.render_template(
            "app_index.html", request,
            {"title": TITLE, "font_size": font_size, "idle_minutes": f"{self.idle_seconds / 60:g}"})
        response.headers["Cache-Control"] = "no-store"
        self.remember(response, code)
        return response

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

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if self.stopping:
            raise web.HTTPServiceUnavailable(text="The tutor is stopping.")
        code = normalise(request.cookies.get(COOKIE)) or new_code()
        previous = self.live.get(code)
        if previous is None and self.full():
            raise web.HTTPServiceUnavailable(text="The tutor is full.")
        websocket = web.WebSocketResponse(heartbeat=15)
        entry = Live(code, websocket)
        # Claim the place before the first await, so two visitors cannot both take the last one.
        self.live[code] = entry
        try:
            if previous is not None:
                # The same browser in a new tab (or a reload): the old tab's app ends first.
                await self.end(previous)
            await websocket.prepare(request)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            service = TutorAppService(
                self.argv, data_folder=self.store.open(code), code=code,
                page_url=self.page_url(request),
                write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                close=websocket.close, download_manager=self.download_manager)
            entry.service = service
            if self.stopping:
                return websocket
            await service.start(width, height)
            try:
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken session must not stop the server
            log.exception(error)
        finally:
            if entry.service is not None:
                await entry.service.stop()
            if self.live.get(code) is entry:
                del self.live[code]
            try:
                self.store.touch(code)
            except ValueError:
                pass
            if not websocket.closed:
                await websocket.close()
        return websocket

    async def end(self, entry: Live) -> None:
        """End a session: its app quits (having saved), then its page shows that it ended."""
        if entry.service is not None:
            await entry.service.stop()
        if not entry.websocket.closed:
            try:
                await asyncio.wait_for(entry.websocket.close(), 0.3)
            except (asyncio.TimeoutError, Exception):
                pass

    # --- housekeeping -------------------------------------------------------------------------

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
                    asyncio.create_task(self.end(entry))
            if now - last_sweep > STALE_CHECK_SECONDS:
                last_sweep = now
                self.store.remove_stale(set(self.live))

    async def on_startup(self, app: web.Application) -> None:
        removed = self.store.remove_stale(set(self.live))
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
        entries = list(self.live.values())
        await asyncio.gather(*(self.end(entry) for entry in entries), return_exceptions=True)

    def request_exit(self) -> None:
        raise GracefulExit()

    def serve(self, debug: bool = False) -> None:
        """Run until Ctrl-C or SIGTERM; then every app is ended and the server stops within 2 s."""
        self.debug = debug
        self.initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, self.request_exit)
            except NotImplementedError:
                pass
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *args: None, shutdown_timeout=0.3)
