"""Type hints: every public function of the lower layers is annotated, and mypy finds them clean.

mypy is a test dependency (the `test` extra); without it the mypy test is skipped, saying so.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CHECKED = (
    "tutor/model", "tutor/solvers", "tutor/engine", "tutor/generator", "tutor/play", "tutor/learning",
)
"""The packages held to full annotations and a clean mypy run (the settings are in pyproject.toml)."""


def unannotated(path: Path) -> list[str]:
    """`file:line: name: what` for each public function or method missing a parameter or return type."""
    problems = []

    def visit(node: ast.AST, prefix: str, private: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.", private or child.name.startswith("_"))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if private or child.name.startswith("_"):
                    continue
                args = child.args
                params = [*args.posonlyargs, *args.args, *args.kwonlyargs,
                          *([args.vararg] if args.vararg else []), *([args.kwarg] if args.kwarg else [])]
                missing = [a.arg for a in params if a.annotation is None and a.arg not in ("self", "cls")]
                if child.returns is None:
                    missing.append("return")
                if missing:
                    problems.append(f"{path.relative_to(REPO)}:{child.lineno}: {prefix}{child.name}: "
                                    f"no type for {', '.join(missing)}")

    visit(ast.parse(path.read_text(encoding="utf-8")), "", False)
    return problems


def test_public_functions_of_the_lower_layers_are_annotated():
    problems = [p for folder in CHECKED for path in sorted((REPO / folder).rglob("*.py"))
                for p in unannotated(path)]
    assert not problems, "\n".join(problems)


def test_the_annotation_check_finds_a_missing_type(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    source = tmp_path / "m.py"
    source.write_text("def public(a, b: int) -> int:\n    return b\n\n"
                      "def _private(a):\n    return a\n\n"
                      "class Thing:\n    def method(self) -> None:\n        pass\n"
                      "    def other(self, x: int):\n        pass\n", encoding="utf-8")
    found = unannotated(source)
    assert found == ["m.py:1: public: no type for a", "m.py:10: Thing.other: no type for return"]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]' brings it)")
def test_mypy_finds_the_lower_layers_clean():
    env = dict(os.environ, PYTHONPATH=str(REPO))
    run = subprocess.run([sys.executable, "-m", "mypy", *CHECKED], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
