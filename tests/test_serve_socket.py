"""`tutor serve` at the websocket: who may open one, what it may ask, what it holds, how it ends.

The real server runs in a child process on a free port; the sockets are aiohttp's client (the web
extra), opened as the page opens them or as a misbehaving client might. Every wait is for a state
(a close, the board drawn, a process gone) with a generous hang guard, never for a time.
"""

from __future__ import annotations

import asyncio
import os
import signal
import stat
import urllib.request

import pytest

from serving import BOARD_BOTTOM, HANG_GUARD, Served, Socket, new_cookie, running, servers, wait_until


@pytest.fixture
async def http():
    aiohttp = pytest.importorskip("aiohttp", reason="the web extra (aiohttp) is not installed")
    pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
    async with aiohttp.ClientSession() as session:
        yield session


serve = pytest.fixture(servers)
"""Start servers on demand, each with its own data folder; all stopped after the test."""


def code_folders(served: Served) -> list[str]:
    root = served.sessions()
    return sorted(p.name for p in root.iterdir() if p.is_dir()) if root.exists() else []


# --- origin ----------------------------------------------------------------------------------

async def test_a_page_from_another_port_or_site_cannot_open_the_terminal(serve, http):
    served = serve("--max-sessions", "2")
    code = new_cookie(served)
    other_port = f"http://127.0.0.1:{served.port + 1 if served.port < 65535 else served.port - 1}"
    for origin in (other_port, "http://evil.example", "null", "http://localhost:" + str(served.port)):
        socket = await Socket(http, served, origin=origin, cookie=code).open()
        assert socket.status == 403, origin
    assert served.app_pids() == [] and code_folders(served) == []
    assert "is not this page's host" in served.output()
    # The page's own origin opens it.
    own = await (await Socket(http, served, cookie=code).open()).board()
    await own.close()


async def test_allow_origin_names_another_origin(serve, http):
    served = serve("--allow-origin", "https://class.example.org")
    socket = await Socket(http, served, origin="https://class.example.org").open()
    await socket.board()
    await socket.close()
    refused = await Socket(http, served, origin="https://other.example.org").open()
    assert refused.status == 403


# --- size ------------------------------------------------------------------------------------

async def test_an_oversize_terminal_is_refused_and_no_app_starts(serve, http):
    served = serve()
    for width, height in ((100000, 100000), (401, 45), (110, 151)):
        socket = await Socket(http, served, width=width, height=height).open()
        assert socket.status == 400, (width, height)
    assert served.app_pids() == []
    assert "is larger than 400x150" in served.output()


async def test_an_oversize_resize_is_cut_down_and_the_session_goes_on(serve, http):
    served = serve()
    socket = await (await Socket(http, served).open()).board()
    await socket.send(["resize", {"width": 100000, "height": 100000}])
    await socket.send(["resize", {"width": 110, "height": 45}])
    mark = len(socket.output)
    await socket.press("n")
    assert await socket.until(lambda text: len(socket.output) > mark, "the app's answer to a key")
    pid = served.app_pids()[0]
    # The app was told at most 400x150: its memory stays that of a normal app.
    rss_kb = int(next(line for line in open(f"/proc/{pid}/status")
                      if line.startswith("VmRSS")).split()[1])
    assert rss_kb < 400_000
    await socket.close()


# --- places ----------------------------------------------------------------------------------

async def test_silent_sockets_hold_no_place_and_are_closed(serve, http):
    served = serve("--max-sessions", "2", "--silent-seconds", "0.5")
    silent = [await Socket(http, served).open(speak=False) for _ in range(4)]
    # A real learner still gets in at once: the silent ones hold nothing.
    learner = await (await Socket(http, served).open()).board()
    other = await (await Socket(http, served).open()).board()
    for socket in silent:
        assert await socket.closed() == 4006
    assert len(served.app_pids()) == 2
    await learner.close()
    await other.close()


async def test_a_closed_socket_frees_its_place_at_once(serve, http):
    served = serve("--max-sessions", "1")
    for _ in range(5):
        socket = await (await Socket(http, served).open()).board()
        await socket.close()
        # The next one is admitted straight after the close, while the last app may still be
        # stopping.
    last = await (await Socket(http, served).open()).board()
    await last.close()


async def test_a_newcomer_at_the_cap_is_told_the_tutor_is_full(serve, http):
    served = serve("--max-sessions", "1")
    first = await (await Socket(http, served).open()).board()
    second = await Socket(http, served).open()
    assert await second.closed() == 4001
    await first.close()


async def test_at_the_cap_a_page_never_used_gives_its_place_to_a_newcomer(serve, http):
    # Two places: one learner presses a key, the other page only opened (as a script's socket that
    # sends its size and nothing more would). A newcomer gets the unused page's place, never the
    # learner's, once that page has gone unused for --unused-seconds.
    served = serve("--max-sessions", "2", "--unused-seconds", "0.3")
    learner = await (await Socket(http, served).open()).board()
    await learner.press("n")
    unused = await (await Socket(http, served).open()).board()
    for _ in range(200):  # a hang guard: each refused try is told "full" at once
        newcomer = await Socket(http, served).open()
        if await newcomer.until(lambda text: BOARD_BOTTOM in text, "the board or a close"):
            break
        assert newcomer.closed_with == 4001, newcomer.closed_with
    else:
        raise AssertionError("no newcomer was ever admitted")
    assert await unused.closed() == 4008
    # The learner who pressed a key kept their place and their app answers.
    assert not learner.websocket.closed
    mark = len(learner.output)
    await learner.press("n")
    assert await learner.until(lambda text: len(learner.output) > mark, "the learner's answer")
    await newcomer.close()
    await learner.close()


async def test_only_a_learner_who_did_something_keeps_a_folder_and_it_is_private(serve, http):
    served = serve()
    assert stat.S_IMODE(served.sessions().stat().st_mode) == 0o700
    idle_code, busy_code = new_cookie(served), new_cookie(served)
    idle = await (await Socket(http, served, cookie=idle_code).open()).board()
    busy = await (await Socket(http, served, cookie=busy_code).open()).board()
    await busy.press("5")  # a digit in the selected (empty) cell: a change, saved
    wait_until(lambda: served.saved_game(busy_code) is not None, HANG_GUARD, "the busy one's save")
    await idle.close()
    await busy.close()
    wait_until(lambda: not served.app_pids(), HANG_GUARD, "both apps to stop")
    wait_until(lambda: code_folders(served) == [busy_code], HANG_GUARD,
               f"only the busy learner's folder (there are {code_folders(served)})")
    folder = served.sessions() / busy_code
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


# --- ending ----------------------------------------------------------------------------------

async def test_a_killed_app_ends_its_page_with_a_reason_and_frees_the_place(serve, http):
    served = serve("--max-sessions", "1")
    socket = await (await Socket(http, served).open()).board()
    [pid] = served.app_pids()
    os.kill(pid, signal.SIGKILL)
    assert await socket.closed() == 4004
    assert "stopped unexpectedly" in served.output()
    newcomer = await (await Socket(http, served).open()).board()
    await newcomer.close()


async def test_apps_die_with_a_killed_server(serve, http):
    served = serve()
    sockets = [await (await Socket(http, served).open()).board() for _ in range(2)]
    apps = served.app_pids()
    assert len(apps) == 2
    served.process.kill()  # SIGKILL: the server cannot end anything itself
    served.process.wait()
    wait_until(lambda: not any(running(pid) for pid in apps), HANG_GUARD,
               "the app processes to end with the server")
    for socket in sockets:
        await socket.close()


async def test_a_stop_while_an_app_is_busy_prints_no_traceback(serve, http):
    served = serve()
    socket = await (await Socket(http, served).open()).board()
    for key in "nnnS":
        await socket.press(key)
    served.stop(signal.SIGTERM)
    output = served.output()
    assert "Traceback" not in output and "Exception ignored" not in output, output
    await socket.close()


async def test_malformed_messages_and_long_urls_are_one_log_line_each(serve, http):
    served = serve()
    for bad in ("not json", '{"a": 1}', '["resize", {"width": "x"}]', '["stdin", 5]', '["what"]'):
        socket = await Socket(http, served).open(speak=False)
        await socket.websocket.send_str(bad)
        assert await socket.closed() == 4007, bad
    try:
        urllib.request.urlopen(served.url + "?x=" + "a" * 20000, timeout=10)
    except OSError:
        pass
    status, _ = served.get()
    assert status == 200  # still serving
    output = served.output()
    assert "Traceback" not in output, output
    assert output.count("malformed message") == 5
    assert "LineTooLong" in output or "Bad" in output or "too long" in output.lower(), output


async def test_the_page_has_a_favicon_and_a_viewport(serve):
    pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
    served = serve()
    with urllib.request.urlopen(served.url + "favicon.ico", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in response.read()
    status, page = served.get()
    assert 'name="viewport"' in page and "width=device-width" in page


async def test_two_silent_sockets_and_a_close_start_no_app_and_make_no_folder(serve, http):
    served = serve("--silent-seconds", "0.3")
    sockets = [await Socket(http, served).open(speak=False) for _ in range(2)]
    for socket in sockets:
        assert await socket.closed() == 4006
    assert served.app_pids() == [] and code_folders(served) == []
    await asyncio.gather(*(socket.close() for socket in sockets))


# --- a link that opens a puzzle ------------------------------------------------------------------

LINKED = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


async def test_a_puzzle_link_opens_that_puzzle_and_a_hostile_one_is_refused_in_one_line(serve, http):
    from urllib.parse import quote

    from tutor.model.bundled import default_puzzle

    served = serve("--max-sessions", "2")
    default_name = default_puzzle().name.encode()
    named = (lambda text: b"Your puzzle" in text or default_name in text)
    linked = await Socket(http, served, query=f"&puzzle={LINKED}").open()
    await linked.until(named, "the puzzle's name")
    assert b"Your puzzle" in linked.text() and default_name not in linked.text()
    await linked.close()
    hostile = "<script>alert(1)</script>" + "." * 56
    socket = await Socket(http, served, query=f"&puzzle={quote(hostile)}").open()
    await socket.until(named, "the puzzle's name")
    assert default_name in socket.text(), "the default puzzle opens instead"
    await socket.close()
    output = served.output()
    assert output.count("puzzle refused") == 1, output
    assert "'<' at column 1" in output and "Traceback" not in output
    # The page's own address refuses it the same way, and leaves it out of the page.
    status, page = served.get(f"?puzzle={quote(hostile)}")
    assert status == 200 and 'data-puzzle=""' in page and "alert" not in page
    status, page = served.get(f"?puzzle={LINKED}")
    assert f'data-puzzle="{LINKED.replace("0", ".")}"' in page
    assert served.output().count("puzzle refused") == 2


async def test_a_samurai_link_opens_the_samurai_and_an_improper_one_says_why(serve, http):
    from tutor.model.bundled import default_puzzle
    from test_samurai import PUZZLE

    served = serve("--max-sessions", "2")
    five = PUZZLE.replace("\n", "")  # the five grids' lines joined: 405 characters
    linked = await Socket(http, served, query=f"&puzzle={five}").open()
    await linked.until(lambda text: b"all grids" in text, "the whole Samurai board")
    assert b"Your puzzle" in linked.text()
    await linked.close()
    # Several solutions: the server reads its line (no search there), the session's app counts
    # them, opens the default puzzle and says why in the hint panel.
    several = five.replace("1", ".", 3)
    default_name = default_puzzle().name.encode()
    socket = await Socket(http, served, query=f"&puzzle={several}").open()
    await socket.until(lambda text: b"not opened" in text and default_name in text,
                       "the default puzzle, and why the link's was not opened")
    assert b"all grids" not in socket.text()
    await socket.close()
    assert "Traceback" not in served.output()
