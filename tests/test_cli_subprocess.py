"""The command line as a user runs it: a real process, pipes, a terminal for the progress bar, Ctrl-C."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys

import pytest

import tutor
from tutor.model.bundled import collections
from conftest import run_in_terminal

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"


def tutor_process(*argv, stdin: str | None = None, env_extra: dict | None = None, tmp_path=None):
    env = dict(os.environ, TUTOR_DATA_DIR=str(tmp_path or "/nonexistent-tutor-data"),
               **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin, text=True,
                          capture_output=True, env=env, timeout=120)


def bundled_lines() -> list[str]:
    return [p.line for c in collections() for p in c.puzzles()]


def test_pasted_grid_through_a_pipe(tmp_path):
    done = tutor_process("grade", "--json", stdin=tutor.parse(LEO).to_pretty(), tmp_path=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    (record,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert record["puzzle"] == LEO and record["level"] == tutor.grade(tutor.parse(LEO)).level


def test_a_byte_order_mark_on_stdin_is_accepted(tmp_path):
    env = dict(os.environ, TUTOR_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "tutor", "grade", "--json", "-"],
                          input=b"\xef\xbb\xbf" + LEO.encode() + b"\n", capture_output=True,
                          env=env, timeout=120)
    assert done.returncode == 0 and done.stderr == b""
    (record,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert record["puzzle"] == LEO and record["status"] == "unique"


def test_a_huge_unreadable_input_is_echoed_cut(tmp_path):
    done = tutor_process("grade", "-", stdin="x" * 1_000_000 + "\n", tmp_path=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Source    stdin line 1\n" in done.stdout
    assert ("Validity  a line of 1,000,000 bytes, longer than the 4,096 characters a puzzle "
            "line may have\n") in done.stdout
    assert "(1,000,000 bytes)" in done.stdout
    assert len(done.stdout) < 2000, "the start and the length, not the whole input"


def test_file_of_good_and_bad_lines_in_parallel(tmp_path):
    lines = bundled_lines()[:40]
    lines[7] = lines[7][:-1]
    lines[20] = lines[20].replace(".", "?", 1)
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = tutor_process("grade", "--json", "--jobs", "2", str(path), tmp_path=tmp_path)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert [r["line"] for r in records] == list(range(1, 41))
    assert [r["line"] for r in records if not r["valid"]] == [8, 21]
    assert f"{path} line 8: found 80 cells, expected 81" in done.stderr
    assert f"{path} line 21, column" in done.stderr and "unexpected character '?'" in done.stderr
    assert "Traceback" not in done.stderr


def test_missing_file_is_a_message_not_a_traceback(tmp_path):
    done = tutor_process("grade", str(tmp_path / "nowhere.txt"), tmp_path=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == f"{tmp_path / 'nowhere.txt'}: no such file"
    done = tutor_process("solve", str(tmp_path / "nowhere.txt"), tmp_path=tmp_path)
    assert done.returncode == 1 and "no such file" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["grade", "solve", "next", "play"])
def test_help_of_each_command(command, tmp_path):
    done = tutor_process(command, "--help", tmp_path=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: tutor {command}")


def test_solve_and_next_as_a_process(tmp_path):
    done = tutor_process("solve", "--line", LEO, tmp_path=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == tutor.solve(tutor.parse(LEO)).to_line()
    done = tutor_process("next", "--hint", "2", LEO, tmp_path=tmp_path)
    assert done.returncode == 0
    assert done.stdout.strip() == tutor.next_step(tutor.parse(LEO)).hint(2)


def test_milp_without_scipy_in_a_fresh_process(tmp_path):
    # A fresh interpreter in which `import scipy` fails, as on an install without the extra.
    code = ("import sys; sys.modules['scipy'] = None\n"
            "from tutor.cli import main\n"
            f"raise SystemExit(main(['solve', '--method', 'milp', {LEO!r}]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, TUTOR_DATA_DIR=str(tmp_path)))
    assert done.returncode == 2 and done.stdout == ""
    assert "pip install 'sudoku-tutor[milp]'" in done.stderr and "Traceback" not in done.stderr


def test_progress_bar_only_on_a_terminal(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(bundled_lines()[:60]) + "\n", encoding="utf-8")
    piped = tutor_process("grade", "--json", str(path), tmp_path=tmp_path)
    assert "puzzles/s" not in piped.stderr and "grading" not in piped.stderr
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "grade", "--json", str(path)], stdout=subprocess.PIPE,
        stderr=follower, env=dict(os.environ, TUTOR_DATA_DIR=str(tmp_path)))
    os.close(follower)
    out, _ = process.communicate(timeout=120)
    terminal = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        terminal += chunk
    os.close(leader)
    assert process.returncode == 0
    assert len(out.decode().splitlines()) == 60
    assert b"grading" in terminal and b"/60" in terminal


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_cleanly_with_what_was_graded(tmp_path, jobs):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(bundled_lines() * 40) + "\n", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "grade", "--json", "--jobs", jobs, str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env=dict(os.environ, TUTOR_DATA_DIR=str(tmp_path)))
    first = process.stdout.readline()  # grading is under way: a record is out
    # Ctrl-C in a terminal interrupts the whole process group: the command and its workers.
    os.killpg(process.pid, signal.SIGINT)
    # Read through the same buffered stream as readline (communicate() would skip its buffer).
    rest = process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=60)
    records = [json.loads(line) for line in (first + rest).splitlines()]
    assert process.returncode == 130
    assert 0 < len(records) < len(bundled_lines()) * 40
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))
    assert f"interrupted: {len(records)} of" in err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err



def test_play_opens_the_real_app_on_the_puzzle_and_quits(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text(f"{LEO}\n", encoding="utf-8")
    # The status line names the puzzle given on the command line.
    _, status = run_in_terminal(["play", str(path)], tmp_path, b"Your puzzle")
    assert status == 0
