"""What the finders remember lives in the search a grade or next step opens, never in a module:
no module-level state changes with the positions searched, and two threads grading at once find
what each finds alone."""

import importlib
import pkgutil
import threading
import types

import tutor
import tutor.engine
import tutor.model
from tutor.model.bundled import collections

ALLOWED = {
    # Pure functions of the puzzle's cells, shared on purpose: the solutions found (the app's hints
    # ask about the same puzzle again and again; clear_solution_cache empties it).
    ("tutor.engine.engine", "_solve_cached"),
    # Pure functions of a ladder's technique ids (registry data), the same in every search.
    ("tutor.engine.engine", "_ladder_of_ids"),
    ("tutor.engine.engine", "_ladder_on"),  # and of a board
    ("tutor.engine.walk", "ladder"),
    ("tutor.engine.walk", "easier_ladder"),
    ("tutor.engine.walk", "_from_group"),
    # Constant tables made on first use (not at start-up), the same whatever is searched.
    ("tutor.model.geometry", "_BIT_TEXT"),
    # A board's tables (Geometry.table), made on first use for that board and kept in it: the
    # same whatever is searched.
    ("tutor.model.geometry", "CLASSIC"),
}
"""Module-level objects that may change while grading, and why none of them is a position's."""


def _modules() -> list[types.ModuleType]:
    found = []
    import tutor.engine.techniques

    for package in (tutor.model, tutor.engine, tutor.engine.techniques):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            found.append(importlib.import_module(info.name))
    return found


def _state(value) -> object | None:
    """A fingerprint of what a module-level object holds, or None for what holds no state."""
    if isinstance(value, (types.ModuleType, type, types.BuiltinFunctionType)):
        return None
    if hasattr(type(value), "cache_info"):  # functools' caches
        return value.cache_info().currsize
    if isinstance(value, types.FunctionType):
        return None
    if isinstance(value, (dict, list, set, bytearray)):
        return repr(value)
    if hasattr(value, "__dict__"):
        return repr(sorted(vars(value).items(), key=lambda item: item[0]))
    if hasattr(value, "__slots__"):
        return repr([getattr(value, name, None) for name in value.__slots__])
    return None


def _snapshot() -> dict:
    """{(module, name): fingerprint} of every module-level object holding something, each object
    once, under its allowed name if it has one, else the first module (in import order) holding
    it."""
    allowed = {id(getattr(importlib.import_module(module), name)): (module, name)
               for module, name in ALLOWED}
    found, seen = {}, set()
    for module in _modules():
        for name, value in vars(module).items():
            state = _state(value)
            if state is not None and id(value) not in seen:
                seen.add(id(value))
                found[allowed.get(id(value), (module.__name__, name))] = state
    return found


def _grids(level: int, count: int) -> list:
    return [p.grid for c in collections() if c.level == level for p in c.puzzles()][:count]


def test_no_module_level_state_changes_with_the_positions_searched():
    # Every module of the model and the engine is read for its module-level objects that can hold
    # something (dicts, lists, sets, caches, objects with attributes). After a first grade has
    # made every first-use table, grading other puzzles, a next step and find_steps may change
    # only the allowed ones: whatever else a finder keeps lives in its search.
    for entry in tutor.engine.TECHNIQUES:
        importlib.import_module(entry.module)
    warm = _grids(6, 1)[0]
    tutor.grade(warm)
    tutor.next_step(warm)
    tutor.engine.clear_solution_cache()  # (the solutions found change below: the scan sees it)
    before = _snapshot()
    assert len(before) > 50  # the scan sees the modules' tables
    for grid in _grids(6, 4)[1:] + _grids(5, 2):
        tutor.grade(grid)
        tutor.grade(grid, "card")
        tutor.next_step(grid)
        tutor.find_steps(grid, "naked_pair")
    after = _snapshot()
    changed = {key for key in after if before.get(key) != after[key]}
    assert changed - ALLOWED == set()
    assert ("tutor.engine.engine", "_solve_cached") in changed  # the scan sees a cache change
    assert ALLOWED <= set(after)  # every allowed name still exists


def test_two_threads_grading_at_once_find_the_steps_each_finds_alone():
    # The app grades and hints in worker threads: two threads grading the same puzzles at once,
    # in opposite orders, must get exactly the steps one thread gets alone.
    grids = _grids(6, 6) + _grids(4, 2)
    alone = [tutor.grade(grid).steps for grid in grids]
    hints = [tutor.next_step(grid) for grid in grids]
    results: dict[str, list] = {}
    start = threading.Barrier(2)

    def work(name: str, order: list[int]) -> None:
        start.wait()
        results[name] = [(i, tutor.grade(grids[i]).steps, tutor.next_step(grids[i]))
                         for i in order]

    forward = list(range(len(grids)))
    threads = [threading.Thread(target=work, args=("forward", forward)),
               threading.Thread(target=work, args=("backward", forward[::-1]))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name in ("forward", "backward"):
        assert len(results[name]) == len(grids)
        for i, steps, hint in results[name]:
            assert steps == alone[i]
            assert hint == hints[i]
