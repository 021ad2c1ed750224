"""`tutor serve`: the app in web browsers, one learner per browser (needs the `web` extra)."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.arguments import HELPS, command_parser, positive, positive_float
from tutor.cli.inputs import CliError
from tutor.web.limits import (IDLE_MINUTES, KEEP_DAYS, MAX_SESSIONS, SILENT_SECONDS,
                              UNUSED_SECONDS)

INSTALL_HINT = "pip install 'sudoku-tutor[web]'"
HELP = HELPS["serve"]
DESCRIPTION = """\
Serve the tutor to web browsers: open the address it prints. Each browser is its own learner,
with its own game, lesson progress and puzzles; closing the tab and coming back resumes them (a
cookie remembers the browser; the resume code in the app's help works from any browser).

It listens on 127.0.0.1 (this machine only) unless --host says otherwise. At most --max-sessions
learners at once; the next one gets a page saying the tutor is full. A session idle for
--idle-minutes is saved and ended; session folders unused for --keep-days are removed. Ctrl-C
stops the server and every session within 2 seconds, saving every game.

Needs the web extra: pip install 'sudoku-tutor[web]'.

Exit status: 0 after the server stops, 2 usage error or the web extra is not installed."""


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (1-65535)")
    return value


def origin(text: str) -> str:
    from tutor.web.guards import origin_key  # lazy: start-up speed of the other commands

    if origin_key(text) is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an origin (scheme and host, like https://class.example.org)")
    return text


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command_parser(subparsers, "serve", HELP, DESCRIPTION)
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network)")
    parser.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")
    parser.add_argument("--max-sessions", type=positive, default=MAX_SESSIONS, metavar="N",
                        help=f"learners served at once (default {MAX_SESSIONS})")
    parser.add_argument("--idle-minutes", type=positive_float, default=IDLE_MINUTES, metavar="M",
                        help=f"end a session idle this long, saving it (default {IDLE_MINUTES:g})")
    parser.add_argument("--keep-days", type=positive_float, default=KEEP_DAYS, metavar="D",
                        help=f"remove session folders unused this long (default {KEEP_DAYS:g})")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        type=origin, help="also accept the terminal's websocket from pages of "
                        "ORIGIN (like https://class.example.org); by default only pages of the "
                        "address the browser opened (behind a proxy: its X-Forwarded-Host)")
    parser.add_argument("--silent-seconds", type=positive_float, default=SILENT_SECONDS,
                        metavar="S", help="close a connection that sends nothing for this long "
                        f"after opening (default {SILENT_SECONDS:g})")
    parser.add_argument("--unused-seconds", type=positive_float, default=UNUSED_SECONDS,
                        metavar="S", help="when every place is taken, give a newcomer the place "
                        "of a page that has sent no key or click for this long since it opened "
                        f"(default {UNUSED_SECONDS:g})")
    parser.add_argument("--open", action="store_true", help="open the page in a browser")
    return parser


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        import ipaddress  # lazy: start-up speed of the other commands

        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def warning(host: str) -> str | None:
    """The warning printed when the server listens beyond this machine, else None."""
    if is_loopback(host):
        return None
    return (f"tutor serve: warning: listening on {host}: anyone who can reach this port on the "
            "network can use the tutor (and start app sessions, up to --max-sessions). "
            "Use --host 127.0.0.1 to keep it to this machine.")


def run(args) -> int:
    try:
        from tutor.web.server import TutorServer  # lazy: textual-serve is an optional extra
    except ImportError as error:
        raise CliError(f"serving to browsers needs textual-serve, which is not installed "
                       f"({error.name or error}); install the extra with: {INSTALL_HINT}",
                       code=2) from None
    from tutor.model.storage import data_dir  # lazy: start-up speed of the other commands

    notice = warning(args.host)
    if notice:
        print(notice, file=sys.stderr)
    server = TutorServer(args.host, args.port, data_root=data_dir(),
                         max_sessions=args.max_sessions, idle_minutes=args.idle_minutes,
                         keep_days=args.keep_days, open_browser=args.open,
                         silent_seconds=args.silent_seconds, unused_seconds=args.unused_seconds,
                         allow_origins=tuple(args.allow_origin))
    try:
        server.serve()
    except OSError as error:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}",
                       code=2) from None
    return 0
