"""Benchmarks: `python -m bench [SECTION...]` prints each area's speed figures.

Each section is a module of this package with a `run() -> None` that prints its figures, and runs
alone as `python -m bench.<section>`. Adding a section is one import and one entry in SECTIONS.
A section that fails while running is reported and the others still run. Speed targets live
here, never in timed tests.
"""

from __future__ import annotations

import sys
import traceback
from types import ModuleType

from bench import (app, cli, engine, generator, ladder, lessons, long_games, milp, serve, solver,
                   startup)

SECTIONS: dict[str, ModuleType] = {
    "solver": solver,
    "engine": engine,
    "ladder": ladder,
    "startup": startup,
    "cli": cli,
    "app": app,
    "long_games": long_games,
    "generator": generator,
    "milp": milp,
    "lessons": lessons,
    "serve": serve,
}
"""The sections, in the order `python -m bench` runs them."""


def sections() -> list[str]:
    """The section names, in running order."""
    return list(SECTIONS)


def usage() -> str:
    return f"usage: python -m bench [SECTION...]   (sections: {', '.join(sections())})"


def run_section(name: str) -> bool:
    """Run one section; print what went wrong if it fails. False if it failed while running."""
    try:
        SECTIONS[name].run()
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
