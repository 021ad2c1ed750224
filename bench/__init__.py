"""Benchmarks: `python -m bench [SECTION...]` prints each area's speed figures.

Each section is a module of this package with a `run() -> None` that prints its figures, and runs
alone as `python -m bench.<section>`. The planned sections run in a fixed order, then any other
section module found here. A section whose module is missing or fails to import is
reported as not available, and the others still run. Speed targets live here, never in timed tests.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback

SECTIONS = ("solver", "engine", "ladder", "cli", "app", "generator", "milp", "serve")
"""The planned sections, in the order `python -m bench` runs them."""

HELPERS = ("common",)
"""Modules of this package that are not sections."""


def sections() -> list[str]:
    """The planned sections, then any other section module found in the package, by name."""
    found = {m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")}
    return list(SECTIONS) + sorted(found - set(SECTIONS) - set(HELPERS))


def usage() -> str:
    return f"usage: python -m bench [SECTION...]   (sections: {', '.join(sections())})"


def run_section(name: str) -> bool:
    """Import and run one section; print why when it cannot run. False if it failed while running."""
    try:
        module = importlib.import_module(f"{__name__}.{name}")
        run = module.run
    except Exception as error:  # a missing or broken section must not stop the others
        print(f"== {name}: not available ({type(error).__name__}: {error})")
        return True
    try:
        run()
    except Exception:
        print(f"== {name}: failed while running:")
        traceback.print_exc(file=sys.stdout)
        return False
    finally:
        sys.stdout.flush()
    return True


def main(argv: list[str] | None = None) -> int:
    """Run the named sections (all when none is named); exit status 1 if one failed, 2 on bad usage."""
    names = list(sys.argv[1:] if argv is None else argv)
    if any(name in ("-h", "--help") for name in names):
        print(usage())
        return 0
    known = sections()
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"unknown section {', '.join(map(repr, unknown))}", file=sys.stderr)
        print(usage(), file=sys.stderr)
        return 2
    ok = True
    for name in names or known:
        ok = run_section(name) and ok
    return 0 if ok else 1
