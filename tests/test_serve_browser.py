"""`tutor serve` in a real browser: the real server on a free port, driven by headless Chromium.

Skipped, with the reason, where Chromium, chromedriver, selenium or textual-serve is missing.
Every wait is for a state (text on the terminal, a file, a process gone), never a fixed time.
"""

from __future__ import annotations

import os
import re
import signal
import time

import pytest

from serving import (Browser, Served, board_cells, missing, running, servers, shown_digit,
                     wait_until)

reason = missing()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")

if reason is None:
    from tutor.engine import next_step
    from tutor.model.bundled import default_puzzle
    from tutor.solvers.backtracking import solve

    PUZZLE = default_puzzle()
    SOLUTION = solve(PUZZLE.grid)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("served"), "--max-sessions", "8")
    yield served
    served.close()


serve = pytest.fixture(servers)
"""Start servers on demand, each with its own data folder; all stopped after the test."""


@pytest.fixture
def browsers():
    """Open browsers on demand (each a separate learner); all closed after the test."""
    opened = []

    def open_browser(**size):
        browser = Browser(**size)
        opened.append(browser)
        return browser

    yield open_browser
    for browser in opened:
        browser.quit()


def selected_cell(text: str) -> int:
    row, column = re.search(r"r(\d)c(\d) \(box", text).groups()
    return (int(row) - 1) * 9 + int(column) - 1


def enter_right_digit(browser: Browser) -> tuple[int, str]:
    """Type the solution's digit into the selected cell; wait for the board to show it."""
    text = browser.wait_board()
    cell = selected_cell(text)
    digit = str(SOLUTION.value(cell))
    browser.press(digit)
    wait_until(lambda: shown_digit(board_cells(browser.text())[cell]) == digit, 15,
               f"{digit} in cell {cell} on the board:\n{browser.text()}")
    return cell, digit


def test_page_loads_and_the_board_shows_the_puzzles_givens(server, browsers):
    status, page = server.get()
    assert status == 200
    browser = browsers()
    browser.open(server.url)
    text = browser.wait_board()
    assert PUZZLE.name in text
    cells = board_cells(text)
    givens = PUZZLE.grid.to_line()
    for cell, given in enumerate(givens):
        if given.isdigit():
            assert shown_digit(cells[cell]) == given, f"cell {cell} should show the given {given}"
    # The terminal has the keyboard from the start: no click needed before the first key.
    assert "xterm-helper-textarea" in browser.focused()


def test_the_page_loads_nothing_from_outside_the_server(server, browsers):
    status, page = server.get()
    assert "googleapis" not in page and "https://" not in page and "http://" not in page
    browser = browsers()
    browser.open(server.url)
    browser.wait_board()
    outside = [url for url in browser.resources() if not url.startswith(server.url)]
    assert outside == []


def test_a_key_press_enters_a_digit_and_the_hint_key_shows_a_hint(server, browsers):
    browser = browsers()
    browser.open(server.url)
    text = browser.wait_board()
    step = next_step(PUZZLE.grid)
    # The first key goes straight to the terminal (the page focused it on load).
    browser.press("n")
    browser.wait_text(re.escape(step.name), flags=re.IGNORECASE)
    cell, digit = enter_right_digit(browser)
    wait_until(lambda: (server.saved_game(browser.code()) or {}).get("index", 0) >= 1, 10,
               "the game saved with the digit")


def test_a_second_browser_does_not_see_the_first_ones_game(server, browsers):
    first = browsers()
    first.open(server.url)
    cell, digit = enter_right_digit(first)
    second = browsers()
    second.open(server.url)
    text = second.wait_board()
    assert second.code() != first.code()
    assert "Resume your saved game" not in text
    assert shown_digit(board_cells(text)[cell]) != digit
    # And the first learner's game is still theirs.
    assert shown_digit(board_cells(first.text())[cell]) == digit


def test_a_returning_browser_resumes_its_game_and_the_code_works_elsewhere(server, browsers):
    browser = browsers()
    browser.open(server.url)
    cell, digit = enter_right_digit(browser)
    code = browser.code()
    # The help names the resume code and the keys the browser keeps for itself.
    browser.press("?")
    shown = browser.wait_text(r"resume code: ([a-z2-9]{5}(?:-[a-z2-9]{5}){3})").group(1)
    assert shown.replace("-", "") == code
    help_text = browser.text()
    assert "ctrl+w" in help_text and "alt+backspace" in help_text
    # Close the page (the app quits, the game saved), then come back in the same browser.
    browser.open("about:blank")
    wait_until(lambda: code not in _live_codes(server), 10, "the session to end")
    browser.open(server.url)
    browser.wait_text("Resume your saved game")
    browser.press("r")
    wait_until(lambda: shown_digit(board_cells(browser.text())[cell]) == digit, 15,
               "the resumed digit on the board")
    # Another browser with the resume link gets the same learner's game.
    browser.open("about:blank")
    wait_until(lambda: code not in _live_codes(server), 10, "the session to end")
    elsewhere = browsers()
    elsewhere.open(f"{server.url}?resume={shown.upper()}")
    elsewhere.wait_text("Resume your saved game")
    assert elsewhere.code() == code


def _live_codes(served: Served) -> set[str]:
    """Codes whose app runs: found from the app processes' environment."""
    codes = set()
    for pid in served.app_pids():
        try:
            environ = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
        except OSError:
            continue
        for item in environ:
            if item.startswith(b"TUTOR_SERVED_CODE="):
                codes.add(item.split(b"=", 1)[1].decode())
    return codes


def test_an_unknown_or_malformed_resume_code_names_no_folder(server):
    before = set(server.sessions().iterdir()) if server.sessions().exists() else set()
    for code in ("../../etc", "abcde-fghij-kmnpq-rstuv", "x" * 500):
        status, page = server.get(f"?resume={code}")
        assert status == 404 and "Unknown resume code" in page
    after = set(server.sessions().iterdir()) if server.sessions().exists() else set()
    assert after == before


def test_max_sessions_refuses_the_next_visitor_with_a_page_saying_why(tmp_path, browsers):
    served = Served(tmp_path, "--max-sessions", "1")
    try:
        first = browsers()
        first.open(served.url)
        first.wait_board()
        second = browsers()
        second.open(served.url)
        wait_until(lambda: "The tutor is full" in second.page_text(), 10, "the refusal page")
        assert "--max-sessions" in second.page_text()
        # The first learner reloading is not refused: their own place is theirs.
        first.open(served.url)
        first.wait_board()
    finally:
        served.close()


def test_an_idle_session_is_saved_and_ended(tmp_path, browsers):
    served = Served(tmp_path, "--idle-minutes", "0.1")
    try:
        browser = browsers()
        browser.open(served.url)
        cell, digit = enter_right_digit(browser)
        wait_until(browser.closed, 20, "the page to say the session ended")
        assert "idle" in browser.page_text()
        assert served.saved_game(browser.code())["index"] >= 1
        wait_until(lambda: not served.app_pids(), 5, "the app process to end")
    finally:
        served.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "ctrl-c"])
def test_the_server_stops_by_itself_saving_every_game(tmp_path, browsers, signum):
    served = Served(tmp_path)
    try:
        learners = [browsers(), browsers()]
        for browser in learners:
            browser.open(served.url)
            enter_right_digit(browser)
        apps = served.app_pids()
        assert len(apps) == 2
        assert served.stop(signum), served.output()
        for browser in learners:
            assert served.saved_game(browser.code())["index"] >= 1
        for pid in apps:
            assert not running(pid), f"app process {pid} outlived the server"
    finally:
        served.close()



# --- safe on a real network ------------------------------------------------------------------

class OtherSite:
    """A page served from another port of the same host: it tries to open the tutor's terminal."""

    def __init__(self, tutor_port: int, folder):
        import http.server
        import threading

        page = ("<!DOCTYPE html><title>other</title><script>"
                f"const s = new WebSocket('ws://127.0.0.1:{tutor_port}/ws?width=80&height=24');"
                "s.onopen = () => { document.title = 'opened'; s.send(JSON.stringify(['resize', {width: 80, height: 24}])); };"
                "s.onmessage = () => { document.title = 'got the screen'; };"
                "s.onclose = (e) => { if (document.title === 'other') document.title = 'refused ' + e.code; };"
                "</script>")
        (folder / "index.html").write_text(page)

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(folder), **kwargs)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def test_a_page_from_another_port_cannot_take_over_a_learner(tmp_path, serve, browsers):
    served = serve()
    other_folder = tmp_path / "other"
    other_folder.mkdir()
    other = OtherSite(served.port, other_folder)
    try:
        browser = browsers()
        browser.open(served.url)
        cell, digit = enter_right_digit(browser)
        code = browser.code()
        # Same host, another port: the same site, so the browser sends the learner's cookie.
        browser.driver.execute_script("window.open(arguments[0], 'other');", other.url)
        browser.driver.switch_to.window("other")
        wait_until(lambda: browser.driver.title.startswith(("refused", "opened", "got")), 30,
                   "the other page's socket to end")
        assert browser.driver.title.startswith("refused"), browser.driver.title
        assert "is not this page's host" in served.output()
        browser.driver.switch_to.window(browser.driver.window_handles[0])
        # The learner's own page goes on: still their session, one app.
        assert not browser.closed() and len(served.app_pids()) == 1
        assert code in _live_codes(served)
    finally:
        other.close()


def _silent_socket(port: int, origin: str):
    """A websocket handshake, then nothing: what a client holding places would do."""
    import base64
    import os as os_module
    import socket

    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os_module.urandom(16)).decode()
    connection.sendall((f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode())
    assert b" 101 " in connection.recv(4096).split(b"\r\n")[0]
    return connection


def test_silent_sockets_and_an_oversize_one_do_not_block_a_learner_at_the_cap(serve, browsers):
    served = serve("--max-sessions", "1")
    silent = [_silent_socket(served.port, served.url.rstrip("/")) for _ in range(4)]
    browser = browsers()
    browser.open(served.url)
    browser.wait_board()
    # The page's script opening a socket for a giant terminal is refused; no app starts.
    browser.driver.execute_script(
        "window.__big = new WebSocket(arguments[0]); window.__big.onclose = e => { window.__bigClosed = e.code; };",
        served.url.replace("http", "ws") + "ws?width=100000&height=100000")
    wait_until(lambda: browser.driver.execute_script("return window.__bigClosed"), 30,
               "the oversize socket to be refused")
    assert "is larger than 400x150" in served.output()
    assert len(served.app_pids()) == 1
    for connection in silent:
        connection.close()


def test_a_killed_app_says_so_on_its_page_and_frees_its_place(serve, browsers):
    served = serve("--max-sessions", "1")
    browser = browsers()
    browser.open(served.url)
    browser.wait_board()
    [pid] = served.app_pids()
    os.kill(pid, signal.SIGKILL)
    wait_until(browser.closed, 30, "the page to say its session ended")
    assert "stopped unexpectedly" in browser.page_text()
    newcomer = browsers()
    newcomer.open(served.url)
    newcomer.wait_board()


def test_no_app_outlives_a_killed_server(serve, browsers):
    served = serve()
    for _ in range(2):
        browser = browsers()
        browser.open(served.url)
        browser.wait_board()
    apps = served.app_pids()
    assert len(apps) == 2
    served.process.kill()
    served.process.wait()
    wait_until(lambda: not any(running(pid) for pid in apps), 30,
               "the app processes to end with the server")


def test_textual_serves_page_parameters_are_ignored(serve, browsers):
    served = serve()
    browser = browsers()
    ping = f"http://127.0.0.1:{served.port}/static/ping-was-fetched"
    browser.open(f"{served.url}?delay=1&ping={ping}")
    browser.wait_board()  # ?delay=1 left textual-serve's page waiting forever
    assert not any("ping-was-fetched" in url for url in browser.resources())
    assert "ping-was-fetched" not in served.output()
    logs = browser.driver.get_log("browser") if hasattr(browser.driver, "get_log") else []
    assert not [entry for entry in logs if "CONNECTING" in entry.get("message", "")]


# --- readable in a real window ---------------------------------------------------------------

@pytest.mark.parametrize("width, height", [(1280, 800), (800, 600), (1920, 1080)])
def test_the_full_board_with_its_pencil_marks_fits_common_windows(server, browsers, width, height):
    browser = browsers(width=width, height=height)
    browser.open(server.url)
    text = browser.wait_board()
    cells = board_cells(text)
    empty = [cell for cell, given in enumerate(PUZZLE.grid.to_line()) if not given.isdigit()]
    marks = [cell for cell in empty if any(ch.isdigit() for ch in "".join(cells[cell]))]
    assert len(marks) == len(empty), f"empty cells without pencil marks at {width}x{height}:\n{text}"


def test_a_phone_in_portrait_sees_the_whole_board(server, browsers):
    browser = browsers(width=390, height=844)
    browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    browser.open(server.url)
    text = browser.wait_text(r"r9|┗")
    columns = browser.driver.execute_script("return window.__tutorTerminal.cols")
    inner = browser.driver.execute_script("return window.innerWidth")
    # The page is laid out at the phone's width, and the terminal's columns fit in it.
    assert inner == 390
    screen_width = browser.driver.execute_script(
        "return document.querySelector('#terminal .xterm-screen').getBoundingClientRect().width")
    assert screen_width <= inner + 1 and columns >= 80, (columns, screen_width)


# --- touch and mouse: the control row; a link that opens a puzzle ------------------------------

def click_at(browser: Browser, row: int, column: int) -> None:
    """Click the middle of the terminal's character cell at (row, column), from 0."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    screen = browser.driver.find_element(By.CSS_SELECTOR, "#terminal .xterm-screen")
    columns, rows = browser.driver.execute_script(
        "return [window.__tutorTerminal.cols, window.__tutorTerminal.rows]")
    width, height = screen.size["width"] / columns, screen.size["height"] / rows
    # Selenium's offsets are from the element's centre.
    x = (column + 0.5) * width - screen.size["width"] / 2
    y = (row + 0.5) * height - screen.size["height"] / 2
    ActionChains(browser.driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()


def click_label(browser: Browser, pattern: str, group: int = 0) -> None:
    """Click the text the regular expression finds on the terminal (its `group`)."""
    for row, line in enumerate(browser.text().split("\n")):
        found = re.search(pattern, line)
        if found:
            click_at(browser, row, found.start(group) + len(found.group(group)) // 2)
            return
    raise AssertionError(f"{pattern!r} is not on the terminal:\n{browser.text()}")


def click_digit_control(browser: Browser, digit: int) -> None:
    """Click a digit of the control row: the row right of the board just above Pencil, Clear..."""
    lines = browser.text().split("\n")
    row = next((i for i, line in enumerate(lines)
                if re.search(r"\bPencil\b.*\bClear\b.*\bUndo\b", line)), None)
    assert row, f"no control row on the terminal:\n{browser.text()}"
    digits = lines[row - 1]
    start = digits.rindex("┃") + 1  # the controls stand right of the board's edge
    found = re.search(rf"(?<!\S){digit}(?!\S)", digits[start:])
    assert found, f"no {digit} in the control row:\n{browser.text()}"
    click_at(browser, row - 1, start + found.start())


def test_the_control_row_works_with_clicks(server, browsers):
    browser = browsers(width=1280, height=800)
    browser.open(server.url)
    text = browser.wait_board()
    cell = selected_cell(text)
    digit = SOLUTION.value(cell)
    click_digit_control(browser, digit)
    wait_until(lambda: shown_digit(board_cells(browser.text())[cell]) == str(digit), 15,
               f"{digit} in cell {cell} after its click:\n{browser.text()}")
    click_label(browser, r"\bUndo\b")
    wait_until(lambda: shown_digit(board_cells(browser.text())[cell]) is None, 15,
               f"the digit undone:\n{browser.text()}")
    click_label(browser, r"\bPencil\b")
    browser.wait_text("PENCIL")
    click_label(browser, r"\bPencil\b")
    wait_until(lambda: "PENCIL" not in browser.text(), 15, "digit mode again")
    step = next_step(PUZZLE.grid)
    click_label(browser, r"\bHint\b(?!:)")
    browser.wait_text(re.escape(step.name), flags=re.IGNORECASE)
    click_label(browser, r"\bStep\b(?!:)")
    browser.wait_text("Applied:")
    wait_until(lambda: (server.saved_game(browser.code()) or {}).get("index", 0) >= 1, 10,
               "the game saved with the step")


def test_a_puzzle_link_opens_that_puzzle_in_the_page(server, browsers):
    line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    browser = browsers(width=1280, height=800)
    browser.open(f"{server.url}?puzzle={line}")
    cells = board_cells(browser.wait_text("Your puzzle") and browser.wait_board())
    assert [shown_digit(cells[c]) for c, g in enumerate(line) if g != "."] == \
        [g for g in line if g != "."]
    # The address is cleaned at once: a reload opens the learner's game, not the link again.
    assert "puzzle=" not in browser.driver.current_url


def test_a_samurai_link_opens_the_whole_samurai_in_the_page(server, browsers):
    from test_samurai import PUZZLE

    five = PUZZLE.replace("\n", "")  # its five grids' lines joined
    browser = browsers(width=1280, height=800)
    browser.open(f"{server.url}?puzzle={five}")
    browser.wait_text("all grids")
    browser.wait_text(r"r1c1 of the top-left grid")
    # Row 1 of the drawn board: the top-left grid's row 1, the gap, the top-right grid's row 1.
    row = next(line for line in browser.text().split("\n") if line.lstrip().startswith("1 ┃"))
    board = row[row.index("┃"):row.rindex("┃")]  # not the side panel's digit controls
    drawn = "".join(ch for ch in board if ch.isdigit())
    assert drawn == "".join(ch for ch in five[:9] + five[81:90] if ch.isdigit())
    assert "puzzle=" not in browser.driver.current_url
