"""`tutor serve` in a real browser: the real server on a free port, driven by headless Chromium.

Skipped, with the reason, where Chromium, chromedriver, selenium or textual-serve is missing.
Every wait is for a state (text on the terminal, a file, a process gone), never a fixed time.
"""

from __future__ import annotations

import re
import signal
import time

import pytest

from serving import Browser, Served, board_cells, missing, running, shown_digit, wait_until

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
def test_the_server_stops_within_two_seconds_saving_every_game(tmp_path, browsers, signum):
    served = Served(tmp_path)
    try:
        learners = [browsers(), browsers()]
        for browser in learners:
            browser.open(served.url)
            enter_right_digit(browser)
        apps = served.app_pids()
        assert len(apps) == 2
        elapsed = served.stop(signum)
        assert elapsed < 2.0, served.output()
        for browser in learners:
            assert served.saved_game(browser.code())["index"] >= 1
        for pid in apps:
            assert not running(pid), f"app process {pid} outlived the server"
    finally:
        served.close()

