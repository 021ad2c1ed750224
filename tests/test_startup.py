"""Start-up: each `tutor` command imports only what it uses (the figures are in bench/startup.py)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

import pytest

from conftest import REPO

PUZZLE = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
# Runs a command as the installed `tutor` script does, then lists the modules it had loaded.
SCRIPT = """
import json, sys
from tutor.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""
HEAVY = ("tutor.engine", "tutor.solvers", "tutor.generator", "tutor.learning", "tutor.app",
         "textual", "importlib.metadata", "dataclasses")


def modules_loaded(*argv: str) -> tuple[str, set[str]]:
    """(what the command printed, the modules it imported)."""
    done = subprocess.run([sys.executable, "-c", SCRIPT, *argv], capture_output=True, text=True,
                          cwd=REPO, env=dict(os.environ, TUTOR_DATA_DIR="/nonexistent-tutor-data"),
                          timeout=120)
    marker = done.stderr.rindex("MODULES ")
    return done.stdout, set(json.loads(done.stderr[marker + len("MODULES "):]))


def loaded_from(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize("argv", [("--help",), ("--version",), ("grade", "--help"),
                                  ("generate", "--help"), ("serve", "--help")])
def test_help_and_version_import_no_engine_solver_or_textual(argv):
    out, modules = modules_loaded(*argv)
    assert out.strip(), "the command printed nothing"
    for heavy in HEAVY:
        assert not loaded_from(modules, heavy), f"tutor {' '.join(argv)} imported {heavy}"


def test_version_comes_from_the_package():
    from tutor import __version__

    out, _ = modules_loaded("--version")
    assert out.strip() == f"tutor {__version__}"


def test_solve_imports_the_solver_but_not_the_engine():
    out, modules = modules_loaded("solve", "--line", PUZZLE)
    assert len(out.strip()) == 81 and "." not in out
    assert loaded_from(modules, "tutor.solvers.backtracking")
    for heavy in ("tutor.engine", "tutor.generator", "textual", "dataclasses"):
        assert not loaded_from(modules, heavy), f"tutor solve imported {heavy}"


def test_the_package_loads_its_names_on_first_use():
    code = ("import sys, tutor; before = 'tutor.engine' in sys.modules; tutor.grade; "
            "print(before, 'tutor.engine' in sys.modules, 'grade' in dir(tutor))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert done.stdout.split() == ["False", "True", "True"]
    with pytest.raises(AttributeError):
        import tutor

        tutor.no_such_name  # noqa: B018


def test_next_on_a_singles_puzzle_imports_no_other_technique_family():
    out, modules = modules_loaded("next", PUZZLE)
    assert "single" in out
    assert loaded_from(modules, "tutor.engine.techniques") == [
        "tutor.engine.techniques", "tutor.engine.techniques.singles"]
    for unused in ("tutor.engine.grader", "tutor.engine.step_json", "tutor.engine.soundness",
                   "tutor.engine.chain", "tutor.engine.als_index"):
        assert unused not in modules


def test_a_family_is_imported_when_its_technique_is_first_used():
    code = ("import sys, tutor; from tutor.engine import technique; "
            "before = 'tutor.engine.techniques.fish' in sys.modules; entry = technique('x_wing'); "
            "grid = tutor.parse('" + PUZZLE + "'); "
            "found = list(entry.finder(grid.values, grid.masks)); "
            "print(before, 'tutor.engine.techniques.fish' in sys.modules, "
            "technique('x_wing').finder.__module__, type(technique('x_wing').texts).__name__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert done.stdout.split() == ["False", "True", "tutor.engine.techniques.fish", "BasicFishTexts"], done.stderr


def test_grading_imports_only_the_families_the_walk_reaches():
    # The walk tries the ladder's finders in order and stops at the first that finds a step: a
    # puzzle needing pointing imports the intersections family, and no family further up.
    code = ("import sys, tutor; from tutor.model.bundled import collections; "
            "grid = next(p.grid for c in collections() if c.level == 1 for p in c.puzzles()); "
            "used = {s.technique for s in tutor.grade(grid).steps}; "
            "print(sorted(used)); "
            "print(sorted(m for m in sys.modules if m.startswith('tutor.engine.techniques.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    used, families = done.stdout.splitlines()
    assert "'pointing'" in used, done.stderr
    assert families == str(["tutor.engine.techniques.intersections",
                            "tutor.engine.techniques.singles"])


def test_the_registry_rates_forcing_chains_as_the_forcing_module_does():
    from tutor.engine import technique
    from tutor.engine.techniques.forcing import HIGHEST_RATING

    assert technique("forcing_chain").rating == HIGHEST_RATING


def test_grading_one_easy_puzzle_piped_imports_neither_rich_nor_the_solver():
    out, modules = modules_loaded("grade", "--jobs", "1", PUZZLE)
    assert "Level         0 (Gentle)" in out and "unique solution" in out
    for heavy in ("rich", "dataclasses", "csv", "tutor.solvers", "tutor.engine.techniques.chains",
                  "tutor.engine.step_json", "textual"):
        assert not loaded_from(modules, heavy), f"tutor grade PUZZLE imported {heavy}"


def modules_loaded_at_a_terminal(*argv: str) -> tuple[str, set[str]]:
    """(what the command drew on its terminal, the modules it imported): stdout is a terminal."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-c", SCRIPT, *argv], stdout=follower,
                               stderr=subprocess.PIPE, cwd=REPO, text=True,
                               env=dict(os.environ, TUTOR_DATA_DIR="/nonexistent-tutor-data"))
    os.close(follower)
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the command has ended and closed its terminal
            break
        if not chunk:
            break
        drawn += chunk
    os.close(leader)
    err = process.stderr.read()
    process.wait(timeout=120)
    marker = err.rindex("MODULES ")
    return drawn.decode(), set(json.loads(err[marker + len("MODULES "):]))


@pytest.mark.parametrize("columns", ["80", "120"])
def test_grading_one_puzzle_at_a_terminal_imports_no_rich(columns, monkeypatch):
    monkeypatch.setenv("COLUMNS", columns)
    drawn, modules = modules_loaded_at_a_terminal("grade", "--jobs", "1", PUZZLE)
    assert "\x1b[1mLevel" in drawn and "0 (Gentle)" in drawn and "unique solution" in drawn
    for heavy in ("rich", "dataclasses", "typing", "tutor.solvers", "textual"):
        assert not loaded_from(modules, heavy), f"tutor grade PUZZLE at a terminal imported {heavy}"
    _, piped = modules_loaded("grade", "--json", "--jobs", "1", PUZZLE)
    assert modules == piped, "the table imported more than --json does"
