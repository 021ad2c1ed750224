"""What the server accepts from a browser: the websocket's origin, the terminal's size, its messages.

Plain Python (no aiohttp), so that each rule is tested on its own; `server` applies them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import urlsplit

from tutor.web.limits import MAX_COLUMNS, MAX_ROWS, MIN_COLUMNS, MIN_ROWS
from tutor.model.errors import PuzzleError, TutorError
from tutor.model.formats import parse
from tutor.model.geometry import CLASSIC
from tutor.solvers.backtracking import validity

MAX_STDIN = 64 * 1024
"""The most text one key message may carry (a long paste into the puzzle box is a few kB)."""
MAX_PING = 64
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


class Refused(TutorError, ValueError):
    """Something a browser sent that the server does not accept; `str()` says what, in one line."""


def origin_key(origin: str) -> str | None:
    """'scheme://host:port' of an origin or URL, lower case, default port written out; None if unreadable."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORTS[parts.scheme]}"


def host_key(host: str) -> str | None:
    """'host:port' of a Host header (port written out only when given), lower case; None if unreadable."""
    try:
        parts = urlsplit("//" + host.strip())
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    name = parts.hostname.lower()
    if ":" in name:
        name = f"[{name}]"
    return f"{name}:{port}" if port else name


def check_origin(origin: str | None, hosts: list[str], allowed: frozenset[str] = frozenset()) -> None:
    """Accept a websocket only from a page of the host it was sent to.

    `origin` is the request's Origin header; `hosts` the Host header and, behind a reverse proxy,
    X-Forwarded-Host (the address the learner's browser opened); `allowed` more origins named by
    `--allow-origin` (as `origin_key` writes them). A browser always sends Origin with a websocket,
    so a request without one is not a page's (a script's, which can send any header it likes):
    the check is there to stop another web page from riding a learner's cookie.

    :raises Refused: the origin is another site's, or unreadable.
    """
    if origin is None:
        return
    key = origin_key(origin)
    if key is None:
        raise Refused(f"websocket refused: unreadable Origin {origin[:100]!r}")
    if key in allowed:
        return
    scheme, _, netloc = key.partition("://")
    name, _, port = netloc.rpartition(":")
    for host in hosts:
        wanted = host_key(host)
        # A Host header leaves out the default port of the scheme the browser used.
        if wanted is not None and wanted in (netloc, name if port == DEFAULT_PORTS[scheme] else None):
            return
    raise Refused(f"websocket refused: Origin {origin[:100]!r} is not this page's host "
                  f"({', '.join(h[:100] for h in hosts) or 'none given'}); "
                  "--allow-origin names others")


LINK_SYMBOLS = "0123456789.ABCDEFG"
"""What a puzzle in the page's address may hold: digits, '.' or '0' for an empty cell, and the
letters A to G of the boards above 9 digits (A is 10)."""
SAMURAI_LENGTHS = (369, 405)
"""A Samurai's line: its 369 cells in reading order on the drawn board, or its five grids' lines
of 81 one after another (405, a shared box in both grids)."""
MAX_LINK_PUZZLE = max(SAMURAI_LENGTHS)
"""The longest puzzle a link may carry (a 16x16 line is 256)."""


def _link_lengths() -> dict[int, str]:
    """Each puzzle length a link takes, and the board it is."""
    from tutor.model.geometry import MAX_TABLE_SIZE, regular_of_size  # lazy: the server's start

    lengths = {}
    for size in range(4, MAX_TABLE_SIZE + 1):
        try:
            lengths[size * size] = regular_of_size(size).name
        except ValueError:
            continue  # a size no regular board has (5, 7, 11, 13)
    lengths.update({length: "Samurai" for length in SAMURAI_LENGTHS})
    return lengths


def puzzle_parameter(text: str) -> str:
    """The puzzle of the page's `?puzzle=` parameter, as its board's line ('.' for empty; a
    Samurai's 369 cells in reading order): hostile input, read only once its length is a played
    board's (4x4 to 16x16 with their usual boxes, or a Samurai) and every character a puzzle
    character. A classic puzzle is then checked to have one solution here (milliseconds); on
    another board the search could take long on a crafted puzzle, so the count is left to the
    session's own app (app/__main__.py), as a puzzle pasted there is, never run in the server.

    :raises Refused: a length no played board has, a character that is not a digit, A-G or '.',
        a digit the board lacks or a repeated digit, or a classic puzzle without one solution.
    """
    lengths = _link_lengths()
    if len(text) not in lengths:
        sizes = ", ".join(f"{length} ({name})" for length, name in sorted(lengths.items()))
        raise Refused(f"puzzle refused: {len(text)} characters; a puzzle line has "
                      f"{sizes}")
    bad = next((i for i, ch in enumerate(text) if ch not in LINK_SYMBOLS), None)
    if bad is not None:
        raise Refused(f"puzzle refused: {text[bad]!r} at column {bad + 1} is not a digit, a "
                      f"letter A-G or '.'")
    try:
        grid = parse(text, None)
    except PuzzleError as error:  # a repeated digit, a digit too large: the parser names it
        raise Refused(f"puzzle refused: {error}") from None
    if grid.geometry is CLASSIC:
        check = validity(grid)
        if not check.is_proper:
            raise Refused(f"puzzle refused: {check.message}")
    return grid.to_line()


def terminal_size(width: str | None, height: str | None) -> tuple[int, int]:
    """The size a socket asks for (`?width=W&height=H`): small ones raised to the minimum.

    :raises Refused: not whole numbers, or beyond MAX_COLUMNS x MAX_ROWS.
    """
    try:
        columns, rows = int(width or "80"), int(height or "24")
    except ValueError:
        raise Refused(f"websocket refused: terminal size {str(width)[:20]!r}x{str(height)[:20]!r} "
                      "is not two whole numbers") from None
    if columns > MAX_COLUMNS or rows > MAX_ROWS:
        raise Refused(f"websocket refused: terminal size {columns}x{rows} is larger than "
                      f"{MAX_COLUMNS}x{MAX_ROWS}")
    return max(columns, MIN_COLUMNS), max(rows, MIN_ROWS)


def bounded(columns: int, rows: int) -> tuple[int, int]:
    """A resize kept within MIN_COLUMNS x MIN_ROWS .. MAX_COLUMNS x MAX_ROWS."""
    return min(max(columns, MIN_COLUMNS), MAX_COLUMNS), min(max(rows, MIN_ROWS), MAX_ROWS)


@dataclass(frozen=True)
class Message:
    """One message of the page's terminal: `kind` stdin, resize, ping, focus or blur."""

    kind: str
    text: str = ""
    size: tuple[int, int] = (0, 0)


def read_message(data: str) -> Message:
    """A text message from the page (`["stdin", "n"]`, `["resize", {"width": W, "height": H}]`...).

    A resize is kept within the bounds (`bounded`).

    :raises Refused: not one of the messages textual-serve's page sends.
    """
    try:
        envelope = json.loads(data)
    except ValueError:
        raise Refused(f"malformed message: not JSON ({data[:40]!r})") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise Refused(f"malformed message: not a [type, data] list ({data[:40]!r})")
    kind = envelope[0]
    payload = envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        if not isinstance(payload, str) or len(payload) > MAX_STDIN:
            raise Refused("malformed message: stdin without text, or too long")
        return Message(kind, text=payload)
    if kind == "resize":
        if not isinstance(payload, dict):
            raise Refused("malformed message: resize without a size")
        width, height = payload.get("width"), payload.get("height")
        if type(width) is not int or type(height) is not int:
            raise Refused(f"malformed message: resize to {str(width)[:20]!r}x{str(height)[:20]!r}")
        return Message(kind, size=bounded(width, height))
    if kind == "ping":
        if not isinstance(payload, str) or len(payload) > MAX_PING:
            raise Refused("malformed message: ping without a short text")
        return Message(kind, text=payload)
    if kind in ("focus", "blur"):
        return Message(kind)
    raise Refused(f"malformed message: unknown type {kind[:20]!r}")
