"""The suite on a machine without the optional extras: no test module imports one at module level."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from conftest import OPTIONAL_PACKAGES, REPO

# Imports every test module in a fresh interpreter in which the optional packages cannot be found,
# as on a user's machine with only the test extra; prints what failed, as JSON.
PROBE = textwrap.dedent("""
    import importlib, importlib.abc, json, sys, traceback
    from pathlib import Path

    blocked = set(json.loads(sys.argv[1]))

    class Absent(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in blocked:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Absent())
    tests = Path(sys.argv[2])
    sys.path[:0] = [str(tests), sys.argv[3], str(Path(sys.argv[3]).parent)]
    import pytest
    failures = {}
    for path in sorted(tests.glob("*.py")):
        try:
            importlib.import_module(path.stem)
        except pytest.skip.Exception:
            pass  # a whole module that skips for want of an extra says why: that is allowed
        except BaseException:
            failures[path.name] = traceback.format_exc(limit=-3)
    print(json.dumps(failures))
""")


def probe(blocked: frozenset[str], tests=REPO / "tests") -> dict[str, str]:
    """What fails to import, module by module, among the test modules in `tests`."""
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(sorted(blocked)), str(tests),
                           str(REPO / "tests")],
                          capture_output=True, text=True, cwd=REPO, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def test_no_test_module_imports_an_optional_extra_at_module_level():
    failures = probe(OPTIONAL_PACKAGES)
    assert not failures, "test modules that need an optional extra to import:\n" + "\n".join(
        f"{name}:\n{trace}" for name, trace in failures.items())


def test_the_probe_catches_a_module_level_import_of_an_extra(tmp_path):
    # The probe must see such an import, direct or through a tutor module, and allow a module skip.
    (tmp_path / "test_direct.py").write_text("import scipy.optimize\n")
    (tmp_path / "test_through_tutor.py").write_text("from tutor.web import server\n")
    (tmp_path / "test_skips.py").write_text("import pytest\npytest.importorskip('aiohttp')\n")
    (tmp_path / "test_lazy.py").write_text("def test_x():\n    import scipy\n")
    failures = probe(OPTIONAL_PACKAGES, tmp_path)
    assert sorted(failures) == ["test_direct.py", "test_through_tutor.py"]
    assert "scipy" in failures["test_direct.py"]
