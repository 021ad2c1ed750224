"""`tutor serve` without a browser: resume codes and session folders, the command line, the served help."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
import time

import pytest

import tutor.app
from tutor.cli import main
from tutor.cli.serve import warning
from tutor.web import served, sessions
from tutor.web.sessions import SessionStore, display, new_code, normalise


# --- resume codes ----------------------------------------------------------------------------

def test_new_codes_are_long_random_and_plain():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == sessions.CODE_LENGTH and normalise(code) == code
        assert set(code) <= set(sessions.ALPHABET)
    # 100 bits: guessing one of a class's codes is hopeless.
    assert len(sessions.ALPHABET) ** sessions.CODE_LENGTH >= 2 ** 100


def test_a_code_as_shown_reads_back_whatever_its_case_and_dashes():
    code = new_code()
    shown = display(code)
    assert shown.count("-") == 3
    assert normalise(shown) == normalise(shown.upper()) == normalise(f" {shown} ") == code


@pytest.mark.parametrize("text", [
    None, "", "../../etc/passwd", "abc", "a" * 19, "a" * 21, "abcde/fghij/kmnpq/rstuv",
    "abcdefghijkmnpqrstu1", "abcdefghijkmnpqrstu.", "x" * 5000, "abcdefghijkmnpqrst\u00e9v",
])
def test_anything_else_is_not_a_code(text):
    assert normalise(text) is None


def test_only_a_plain_code_names_a_folder(tmp_path):
    store = SessionStore(tmp_path)
    code = new_code()
    assert store.folder(code) == tmp_path / code
    for bad in ("..", "../x", display(code), code.upper()):
        with pytest.raises(ValueError):
            store.folder(bad)
    assert not store.exists("../" + code)


def test_stale_session_folders_are_removed_but_not_live_or_recent_ones(tmp_path):
    store = SessionStore(tmp_path, keep_days=30)
    old, live, recent = new_code(), new_code(), new_code()
    for code in (old, live, recent):
        (store.open(code) / "game.json").write_text("{}")
    (tmp_path / "not-a-session").mkdir()
    long_ago = time.time() - 31 * 86400
    for code in (old, live):
        os.utime(tmp_path / code / sessions.LAST_USED, (long_ago, long_ago))
    os.utime(tmp_path / "not-a-session", (long_ago, long_ago))
    assert store.remove_stale(live={live}) == [old]
    assert not (tmp_path / old).exists()
    assert (tmp_path / live).exists() and (tmp_path / recent).exists()
    assert (tmp_path / "not-a-session").exists()


# --- the command line ------------------------------------------------------------------------

def test_without_the_web_extra_serve_names_the_extra_and_exits_2(monkeypatch, capsys):
    # None in sys.modules makes the import fail, as on an install without textual-serve.
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(sys.modules, "tutor.web.server", raising=False)
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert "sudoku-tutor[web]" in error and "textual-serve" in error


def test_serve_help_lists_its_options(capsys):
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--max-sessions", "--open", "--idle-minutes", "--keep-days"):
        assert option in out
    assert "127.0.0.1" in out


@pytest.mark.parametrize("argv", [["--port", "0"], ["--port", "70000"], ["--max-sessions", "0"],
                                  ["--idle-minutes", "-1"]])
def test_bad_serve_options_are_usage_errors(argv, capsys):
    assert main(["serve", *argv]) == 2


def test_only_hosts_beyond_this_machine_get_a_warning():
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        assert warning(host) is None
    for host in ("0.0.0.0", "192.168.1.10", "::", "example.org"):
        assert "anyone" in warning(host) and host in warning(host)


def test_the_serve_command_module_imports_neither_textual_nor_the_server():
    source = inspect.getsource(importlib.import_module("tutor.cli.serve"))
    top = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert not any("textual" in line or "tutor.web.server" in line for line in top)


# --- the app when served ---------------------------------------------------------------------

def test_the_app_says_nothing_about_browsers_when_not_served(monkeypatch):
    monkeypatch.delenv(served.ENV_CODE, raising=False)
    assert served.served_help() is None and served.served_greeting() is None


def test_served_help_shows_the_code_the_link_and_the_browser_keys(monkeypatch):
    code = new_code()
    monkeypatch.setenv(served.ENV_CODE, code)
    monkeypatch.setenv(served.ENV_URL, "http://127.0.0.1:8000/")
    text = served.served_help()
    assert display(code) in text
    assert f"http://127.0.0.1:8000/?resume={display(code)}" in text
    for key, _ in served.BROWSER_KEYS:
        assert key in text
    for key, _ in served.ALTERNATIVES:
        assert key in text
    # A forged variable is not a code, and is never shown.
    monkeypatch.setenv(served.ENV_CODE, "../../x")
    assert served.served_help() is None


async def test_the_help_screen_shows_the_served_part_only_when_served(monkeypatch, data_dir):
    from tutor.app.app import TutorApp
    from tutor.app.screens.help_screen import HelpScreen

    code = new_code()
    monkeypatch.setenv(served.ENV_CODE, code)
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("?")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert display(code) in str(app.screen.query_one("#help-served").render())
    monkeypatch.delenv(served.ENV_CODE)
    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("?")
        await pilot.pause()
        assert not app.screen.query("#help-served")


def _app_bindings():
    """(where, keys, action) for every binding the app's screens declare, and the game keys."""
    from textual.binding import Binding
    from tutor.app.keys import GAME_KEYS

    found = [("GAME_KEYS", k.keys, k.action) for k in GAME_KEYS]
    for info in pkgutil.walk_packages(tutor.app.__path__, "tutor.app."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                for binding in getattr(value, "BINDINGS", []):
                    if isinstance(binding, Binding):
                        found.append((f"{module.__name__}.{name}", binding.key, binding.action))
                    elif isinstance(binding, tuple):
                        found.append((f"{module.__name__}.{name}", binding[0], binding[1]))
    return found


def test_no_command_needs_a_key_the_browser_keeps():
    kept = {key for key, _ in served.BROWSER_KEYS}
    bindings = _app_bindings()
    assert any(where.endswith("ResumeScreen") for where, _, _ in bindings)
    only_kept = [(where, keys, action) for where, keys, action in bindings
                 if {k.strip() for k in keys.split(",")} <= kept]
    assert only_kept == [], "these commands are out of reach in a browser"


async def test_the_named_alternatives_work_in_the_apps_text_boxes(data_dir):
    from textual.widgets import Input, TextArea
    from tutor.app.app import TutorApp
    from tutor.app.screens.paste_screen import PasteScreen

    app = TutorApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, PasteScreen)
        area = app.screen.query_one(TextArea)
        await pilot.press(*"12 345", "alt+backspace")
        assert area.text == "12 "
        await pilot.press("ctrl+u")
        assert area.text == ""
        await pilot.press("escape", "g")
        await pilot.pause()
        field = app.screen.query(Input).first()
        field.focus()
        await pilot.press("end", *"12", "ctrl+u")
        assert field.value == ""


# --- what the server accepts from a browser --------------------------------------------------

def test_a_websocket_origin_must_be_the_host_the_browser_opened():
    from tutor.web.guards import Refused, check_origin, origin_key

    check_origin("http://127.0.0.1:8000", ["127.0.0.1:8000"])
    check_origin("https://class.example.org", ["class.example.org"])
    check_origin("HTTP://Class.Example.ORG", ["class.example.org"])
    check_origin(None, ["127.0.0.1:8000"])  # not a browser: no cookie of a learner's to ride
    # Behind a proxy that forwards the browser's host.
    check_origin("https://class.example.org", ["127.0.0.1:8000", "class.example.org"])
    for origin, hosts in (("http://127.0.0.1:8001", ["127.0.0.1:8000"]),
                          ("http://localhost:8000", ["127.0.0.1:8000"]),
                          ("https://evil.example", ["class.example.org"]),
                          ("https://class.example.org:8443", ["class.example.org"]),
                          ("null", ["127.0.0.1:8000"]), ("", ["127.0.0.1:8000"])):
        with pytest.raises(Refused, match="websocket refused"):
            check_origin(origin, hosts)
    allowed = frozenset({origin_key("https://class.example.org")})
    check_origin("https://class.example.org", ["127.0.0.1:8000"], allowed)


def test_allow_origin_must_be_an_origin(capsys):
    assert main(["serve", "--allow-origin", "class.example.org"]) == 2
    assert "is not an origin" in capsys.readouterr().err


def test_terminal_sizes_are_bounded():
    from tutor.web.guards import Refused, read_message, terminal_size
    from tutor.web.limits import MAX_COLUMNS, MAX_ROWS, MIN_COLUMNS, MIN_ROWS

    assert terminal_size("110", "45") == (110, 45)
    assert terminal_size(None, None) == (80, 24)
    assert terminal_size("1", "0") == (MIN_COLUMNS, MIN_ROWS)
    assert terminal_size(str(MAX_COLUMNS), str(MAX_ROWS)) == (MAX_COLUMNS, MAX_ROWS)
    for width, height in (("100000", "100000"), (str(MAX_COLUMNS + 1), "24"), ("80", "x")):
        with pytest.raises(Refused):
            terminal_size(width, height)
    resize = read_message('["resize", {"width": 100000, "height": -5}]')
    assert resize.kind == "resize" and resize.size == (MAX_COLUMNS, MIN_ROWS)


@pytest.mark.parametrize("data", [
    "not json", "{}", "[]", "[5]", '["stdin"]', '["stdin", 5]', '["resize", [1, 2]]',
    '["resize", {"width": true, "height": 5}]', '["ping", {}]', '["unknown", 1]',
    '["stdin", "' + "x" * 70000 + '"]',
])
def test_malformed_messages_are_refused_in_one_line(data):
    from tutor.web.guards import Refused, read_message

    with pytest.raises(Refused) as refused:
        read_message(data)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_the_pages_messages_are_read():
    from tutor.web.guards import read_message

    assert read_message('["stdin", "n"]').text == "n"
    assert read_message('["ping", "123"]').text == "123"
    assert read_message('["focus"]').kind == "focus" and read_message('["blur"]').kind == "blur"


def test_a_puzzle_link_must_be_one_proper_puzzle_line():
    from tutor.web.guards import Refused, puzzle_parameter

    line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    assert puzzle_parameter(line) == line.replace("0", ".")
    refused = {
        line + "1": "82 characters",
        "1" * 5000: "5000 characters",
        "": "0 characters",
        line[:40] + "<" + line[41:]: "'<' at column 41",
        line[:80] + "\n": "'\\n' at column 81",
        "." * 81: "solutions",
        "11" + "." * 79: "two 1s in row 1",
    }
    for text, named in refused.items():
        with pytest.raises(Refused) as error:
            puzzle_parameter(text)
        message = str(error.value)
        assert message.startswith("puzzle refused") and named in message, message
        assert "\n" not in message and len(message) < 200


def test_a_puzzle_link_takes_a_samurai_and_other_played_boards():
    from tutor.model.formats import parse
    from tutor.model.geometry import regular, samurai
    from tutor.web.guards import MAX_LINK_PUZZLE, Refused, puzzle_parameter
    from test_samurai import PUZZLE

    grid = parse(PUZZLE, samurai())
    five = PUZZLE.replace("\n", "")
    assert len(five) == MAX_LINK_PUZZLE == 405
    # The five grids' lines joined, or the 369 cells in reading order: the same Samurai's line.
    assert puzzle_parameter(five) == puzzle_parameter(grid.to_line()) == grid.to_line()
    assert parse(puzzle_parameter(five), None) == grid
    six = "1.....2.....3.....4.....5.....6....."
    assert parse(puzzle_parameter(six), None).geometry is regular(2, 3)
    sixteen = "123456789ABCDEFG" + "." * 240
    assert parse(puzzle_parameter(sixteen), None).geometry is regular(4, 4)
    # A shared box whose two copies disagree: the parser names both grids and the cell.
    clash = list(five)
    clash[60] = "9" if clash[60] != "9" else "8"  # r7c7 of the top-left grid (r1c1 of the centre)
    refused = {
        five + ".": "406 characters",
        "." * 625: "625 characters",  # 25x25: solved by `tutor solve`, never played
        "." * 370: "370 characters",
        "".join(clash): "centre",
        "x" + five[1:]: "'x' at column 1",
        six[:35] + "7": "7",
        "G" + "." * 80: "'G'",
        five[:200] + "\n" + five[201:]: "'\\n' at column 201",
    }
    for text, named in refused.items():
        with pytest.raises(Refused) as error:
            puzzle_parameter(text)
        message = str(error.value)
        assert message.startswith("puzzle refused") and named in message, message
        assert "\n" not in message and len(message) < 400


def test_the_apps_module_opens_a_samurai_and_says_why_it_opens_no_improper_one():
    from tutor.app.__main__ import opening
    from tutor.model.formats import parse
    from tutor.model.geometry import samurai
    from test_samurai import PUZZLE

    grid = parse(PUZZLE, samurai())
    assert opening([grid.to_line()]) == (grid, "")
    assert opening([]) == (None, "")
    several = grid.to_line().replace("1", ".", 3)
    assert parse(several, None).geometry is samurai()
    found, notice = opening([several])
    assert found is None and "not opened" in notice and "solution" in notice
    found, notice = opening(["." * 625])
    assert found is None and "25x25" in notice
