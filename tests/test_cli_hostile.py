"""The command line against hostile input: odd --out targets, huge lines, bad bytes, Ctrl-C, --jobs."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import threading

import pytest

from tutor.cli.main import main
from conftest import read_lines, shared_file

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
EASY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
MEMORY_LIMIT = 1 << 30
"""Address space each command process may take (1 GB): reading a huge target or line whole
fails instead of swapping the machine."""


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def tutor_process(*argv, tmp_path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """The command in a process of at most MEMORY_LIMIT, its messages unwrapped; the timeout only
    guards against a hang."""
    return subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin, capture_output=True,
                          env=dict(os.environ, TUTOR_DATA_DIR=str(tmp_path / "data"),
                                   COLUMNS="1000"),
                          preexec_fn=limited, timeout=120)


# --- generate --out --------------------------------------------------------------------------


def generate_into(target, tmp_path) -> subprocess.CompletedProcess:
    return tutor_process("generate", "--level", "0", "--seed", "1", "--out", str(target),
                         tmp_path=tmp_path)


@pytest.mark.parametrize("make, kind", [
    (lambda folder: "/dev/zero", "a device"),
    (lambda folder: (os.mkfifo(folder / "pipe"), folder / "pipe")[1], "a pipe"),
    (lambda folder: (os.mkfifo(folder / "pipe"), os.symlink(folder / "pipe", folder / "link"),
                     folder / "link")[2], "a pipe"),
    (lambda folder: folder, "a folder"),
])
def test_generate_refuses_an_out_that_is_not_a_regular_file(make, kind, tmp_path):
    # Not /dev/null: code that replaced its target atomically would, run as root, replace the
    # device itself with a regular file.
    target = make(tmp_path)
    done = generate_into(target, tmp_path)
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.decode() == (f"tutor generate: cannot read or append to {target}: "
                                    f"it is {kind}, not a puzzle file\n")


def test_generate_makes_no_folder_for_out(tmp_path):
    target = tmp_path / "missing" / "deeper" / "mine.txt"
    done = generate_into(target, tmp_path)
    assert done.returncode == 1
    assert done.stderr.decode() == (f"tutor generate: cannot write {target}: the folder "
                                    f"{target.parent} does not exist (tutor generate makes no "
                                    "folders)\n")
    assert not (tmp_path / "missing").exists()


def test_generate_appends_to_a_huge_file_without_reading_it(tmp_path):
    # 8 GB of zero bytes that take no disk: read whole, it would not fit in MEMORY_LIMIT.
    huge = tmp_path / "huge.txt"
    size = 8 << 30
    with open(huge, "wb") as handle:
        handle.truncate(size)
    done = generate_into(huge, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == f"1 puzzle at level 0 added to {huge}\n"
    with open(huge, "rb") as handle:
        handle.seek(size)
        tail = handle.read()
    # The file did not end with a newline: one comes first, then the puzzle's line.
    assert tail.startswith(b"\n") and tail.endswith(b"; seed 1\n") and tail.count(b"\n") == 2


def test_a_pipe_put_in_place_of_out_is_refused_without_waiting_for_a_reader(tmp_path):
    from tutor.cli.generate import _append
    from tutor.cli.inputs import CliError

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    caught: list[BaseException] = []

    def write():
        try:
            _append(str(pipe), LEO)
        except CliError as error:
            caught.append(error)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(60)  # a guard against a hang, far above the moment it takes
    assert not writer.is_alive(), "opening the pipe waited for a reader"
    assert [str(error) for error in caught] == [
        f"cannot read or append to {pipe}: it is a pipe, not a puzzle file"]


def test_generate_keeps_what_the_file_held(tmp_path, capsys):
    target = tmp_path / "mine.txt"
    target.write_bytes(b"# mine\n" + LEO.encode())
    assert main(["generate", "--level", "0", "--seed", "1", "--count", "2", "--out",
                 str(target)]) == 0
    lines = target.read_text().splitlines()
    assert lines[:2] == ["# mine", LEO] and len(lines) == 4
    assert lines[2].endswith("; seed 1") and lines[3].endswith("; seed 2")


# --- grade: Ctrl-C and --jobs ------------------------------------------------------------------


def test_ctrl_c_ends_a_parallel_grade_of_hard_puzzles_at_once(tmp_path):
    # top1465's puzzles are hard enough that the chunks in the workers' hands last a long while
    # (minutes for the whole file): the command must not wait for them.
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(read_lines(shared_file("top1465/top1465.sdm"), 400)) + "\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "grade", "--json", "--no-se", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, TUTOR_DATA_DIR=str(tmp_path / "data")))
    first = process.stdout.readline()  # the first chunk is graded: the workers are busy
    assert first.startswith("{")
    process.send_signal(signal.SIGINT)  # the command alone, as `kill -INT` does
    # A guard against a hang, far above the moment it takes: a command still running then is
    # killed, and fails below (the old code took minutes here, waiting for its workers' chunks).
    guard = threading.Timer(60, process.kill)
    guard.start()
    try:
        rest = process.stdout.read()
        err = process.stderr.read()
        process.wait()
    finally:
        guard.cancel()
    records = [json.loads(line) for line in (first + rest).splitlines()]
    assert process.returncode == 130, "killed by the guard: Ctrl-C did not end the command"
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))
    assert len(records) < 400
    assert err.endswith(f"interrupted: {len(records)} of 400 puzzles graded "
                        "(their results are above)\n")
    assert "Traceback" not in err


def test_jobs_beyond_the_cores_is_capped_with_a_note(tmp_path):
    from tutor.cli.grade import usable_cores

    path = tmp_path / "two.txt"
    path.write_text(f"{LEO}\n{EASY}\n", encoding="utf-8")
    many = usable_cores() + 62
    done = tutor_process("grade", "--json", "--jobs", str(many), str(path), tmp_path=tmp_path)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 2
    cores = usable_cores()
    assert done.stderr.decode().startswith(
        f"tutor grade: --jobs {many} is more than the {cores} core{'s' if cores != 1 else ''} "
        f"this process may use: grading on {cores}\n")


def test_worker_count_keeps_what_fits_and_caps_the_rest():
    from tutor.cli.grade import usable_cores, worker_count

    notes: list[str] = []
    assert worker_count(None, notes.append) == usable_cores()
    assert worker_count(1, notes.append) == 1
    assert notes == []
    assert worker_count(usable_cores() + 1, notes.append) == usable_cores() and len(notes) == 1


# --- inputs: huge lines, bytes that are not UTF-8 ------------------------------------------------


def test_a_line_of_gigabytes_is_reported_and_skipped_without_being_held(tmp_path):
    # 2 GB of zero bytes with no line end (taking no disk), then a puzzle: read whole, the first
    # line would not fit in MEMORY_LIMIT.
    path = tmp_path / "huge.txt"
    size = 2 << 30
    with open(path, "wb") as handle:
        handle.truncate(size)
        handle.seek(size)
        handle.write(f"\n{LEO}\n".encode())
    done = tutor_process("grade", "--json", str(path), tmp_path=tmp_path)
    assert done.returncode == 1, done.stderr
    first, second = [json.loads(line) for line in done.stdout.splitlines()]
    assert first["error"] == (f"{path} line 1: a line of {size:,} bytes, longer than the 4,096 "
                              "characters a puzzle line may have")
    assert first["status"] == "unreadable" and first["puzzle"].endswith(f"({size:,} bytes)")
    assert len(first["puzzle"]) < 200
    assert second["line"] == 2 and second["valid"]
    assert done.stderr.decode().startswith(first["error"] + "\n")


def test_bytes_that_are_not_utf8_name_their_line_and_byte_and_are_never_echoed(tmp_path):
    stdin = f"{LEO}\n".encode() + b"12\xff\xfe4\n" + f"{EASY}\n".encode()
    done = tutor_process("grade", "--json", tmp_path=tmp_path, stdin=stdin)
    assert done.returncode == 1
    records = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [r["valid"] for r in records] == [True, False, True]
    assert records[1]["error"] == "stdin line 2, byte 3: not UTF-8 text (invalid start byte)"
    assert records[1]["puzzle"] == "12\\xff\\xfe4 ... (5 bytes)"
    assert b"\xff" not in done.stdout and b"\xff" not in done.stderr


def test_input_whose_first_line_is_not_utf8_is_not_text(tmp_path):
    image = tmp_path / "image.png"
    image.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    for argv in (("grade", str(image)), ("solve", str(image)), ("next", str(image))):
        done = tutor_process(*argv, tmp_path=tmp_path)
        assert done.returncode == 1
        assert done.stderr.decode().endswith(f"{image}: not UTF-8 text (invalid start byte at "
                                             "line 1, byte 1); is it a puzzle file?\n")


@pytest.mark.parametrize("command", ["solve", "next", "play"])
def test_one_puzzle_commands_refuse_a_huge_line(command, tmp_path):
    stdin = b"1" * 5_000_000 + b"\n"
    done = tutor_process(command, "-", tmp_path=tmp_path, stdin=stdin)
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.decode() == (f"tutor {command}: stdin line 1: a line of 5,000,000 bytes, "
                                    "longer than the 4,096 characters a puzzle line may have\n")


def test_a_long_line_of_text_on_stdin_is_counted_in_characters(capsys, monkeypatch):
    import io

    monkeypatch.setenv("TUTOR_DATA_DIR", "/nonexistent-tutor-data")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{LEO}\n{'é' * 5000}\n"))
    assert main(["grade", "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[1]["error"] == ("stdin line 2: a line of 5,000 characters, longer than the "
                                   "4,096 characters a puzzle line may have")
