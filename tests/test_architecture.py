"""The layer contract, read from the source (AST) of tutor/, bench/ and scripts/.

Layers, lowest first (a module may import its own layer and any lower one, never a higher one):

    0 model      geometry, Grid, text formats, errors, the user's files, bundled data
    1 solvers    backtracking and MILP solvers
    2 engine     techniques (finders and texts), registry, next step, grader
    3 generator  full grids, digging, transforms, generation by level, search traces
    4 play       the game model (no Textual)         } peers: neither imports the other
    4 learning   the lessons model (no Textual)      }
    5 app        the Textual app (the only package that imports Textual)
    6 cli        the `tutor` command (may start the app)
    7 tutor      the package facade (tutor/__init__.py, __main__.py); nothing inside imports it

Other rules:

* Textual is imported only under tutor/app (rich is fine anywhere: the CLI prints with it);
  bench/ may import it to time the app.
* The engine is used through its face: outside tutor/engine, engine names come from
  `tutor.engine` itself, never from its modules (tutor.engine.registry, ...).
* No module imports a private module (a name starting with `_`) or a private name from another
  package; bench/ and scripts/ use tutor's public names only. Inside tutor/engine no module
  imports another's private name either: what the machinery and the technique families share
  has a public name.
* No import cycle between modules. Imports inside functions count; imports under
  `if TYPE_CHECKING:` do not (they never run).
* An import inside a function (under tutor/) says why it is there with a comment saying it is
  lazy (start-up speed, an optional dependency); an import placed in a function to dodge a cycle
  is not allowed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

LAYERS = {
    "model": 0,
    "solvers": 1,
    "engine": 2,
    "generator": 3,
    "play": 4,
    "learning": 4,
    "web": 4,
    "app": 5,
    "cli": 6,
}
FACADE_RANK = 7
APP_ONLY = ("textual",)
APP_PACKAGE = "tutor.app"
FACADES = ("tutor.engine",)
"""Packages whose modules are imported, from outside, only through the package itself."""
PUBLIC_INSIDE = ("tutor.engine",)
"""Packages whose modules share code with each other by public names only: what a technique
family takes from the machinery or from another family is meant to be shared."""


@dataclass(frozen=True)
class Import:
    importer: str  # dotted module name
    target: str  # dotted module (or package) imported
    names: tuple[str, ...]  # names taken from it by `from X import a, b`
    line: int
    in_function: bool
    type_only: bool
    commented: bool  # a comment saying "lazy" sits on or just above it


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _says_lazy(text: str) -> bool:
    return "lazy" in text.lower() or "lazily" in text.lower()


def _import_runs(tree: ast.AST) -> dict[int, int]:
    """For each import statement (by line), the first line of the run of imports it belongs to:
    the line after the statement before the run, so comments above the run are part of it."""
    starts: dict[int, int] = {}
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            first = getattr(node, "lineno", 1) + 1 if node is not tree else 1
            for statement in block:
                if isinstance(statement, (ast.Import, ast.ImportFrom)):
                    starts[statement.lineno] = first
                else:
                    first = (statement.end_lineno or statement.lineno) + 1
    return starts


def _lazy_comment(lines: list[str], start: int, end: int) -> bool:
    """A comment saying it is lazy on the lines from `start` to `end` (1-based, inclusive)."""
    return any("#" in text and _says_lazy(text.split("#", 1)[1]) for text in lines[start - 1:end])


def imports_of(module: str, source: str, is_package: bool, known: set[str],
               bound: dict[str, set[str]] | None = None) -> list[Import]:
    """Every import statement of one module, resolved to dotted names.

    `bound` holds the names each package's __init__ binds itself: `from package import name`
    takes that name, not the submodule of the same name.
    """
    bound = bound or {}
    tree = ast.parse(source)
    lines = source.splitlines()
    runs = _import_runs(tree)
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(child, True, type_only)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for part in child.body:
                    visit_one(part, in_function, True)
                for part in child.orelse:
                    visit_one(part, in_function, type_only)
            else:
                visit_one(child, in_function, type_only)

    def visit_one(child: ast.AST, in_function: bool, type_only: bool) -> None:
        if isinstance(child, ast.Import):
            for alias in child.names:
                add(alias.name, (), child, in_function, type_only)
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                package = module if is_package else module.rpartition(".")[0]
                for _ in range(child.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            plain = []
            for alias in child.names:
                sub = f"{base}.{alias.name}"
                if sub in known and alias.name not in bound.get(base, ()):  # a submodule
                    add(sub, (), child, in_function, type_only)
                else:
                    plain.append(alias.name)
            if plain or not child.names:
                add(base, tuple(plain), child, in_function, type_only)
        else:
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)),
                  type_only)

    def add(target: str, names: tuple[str, ...], statement: ast.stmt, in_function: bool,
            type_only: bool) -> None:
        line, end = statement.lineno, statement.end_lineno or statement.lineno
        found.append(Import(module, target, names, line, in_function, type_only,
                            _lazy_comment(lines, runs.get(line, line), end)))

    visit(tree, False, False)
    return found


def names_bound(source: str) -> set[str]:
    """The names a package's __init__ binds by `from module import name` (not `from . import x`)."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            names |= {alias.asname or alias.name for alias in node.names}
    return names


def collect(root: Path, folders: tuple[str, ...]) -> tuple[list[Import], set[str]]:
    """All imports of the .py files under root/folder for each folder; and the module names."""
    files = [path for folder in folders for path in sorted((root / folder).rglob("*.py"))]
    known = {module_name(root, path) for path in files}
    bound = {module_name(root, path): names_bound(path.read_text(encoding="utf-8"))
             for path in files if path.name == "__init__.py"}
    everything: list[Import] = []
    for path in files:
        everything += imports_of(module_name(root, path), path.read_text(encoding="utf-8"),
                                 path.name == "__init__.py", known, bound)
    return everything, known


def layer(module: str) -> tuple[str, int] | None:
    """(layer, rank) of a tutor module, None for a module outside tutor."""
    parts = module.split(".")
    if parts[0] != "tutor":
        return None
    if len(parts) == 1 or parts[1] not in LAYERS:
        return ("tutor", FACADE_RANK)
    return (parts[1], LAYERS[parts[1]])


def _package(module: str, known: set[str]) -> str:
    """The package a module belongs to (itself for a package)."""
    if any(other.startswith(module + ".") for other in known):
        return module
    return module.rpartition(".")[0]


def _public_inside(module: str) -> bool:
    return any(module == package or module.startswith(package + ".") for package in PUBLIC_INSIDE)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def violations(imports: list[Import], known: set[str]) -> list[str]:
    """Every broken rule, one line each: `importer:line: what`."""
    problems = []
    for imp in imports:
        where = f"{imp.importer}:{imp.line}"
        mine, theirs = layer(imp.importer), layer(imp.target)
        if theirs is not None and mine is not None and mine[0] != theirs[0]:
            if theirs[1] > mine[1]:
                problems.append(f"{where}: {mine[0]} (layer {mine[1]}) imports {imp.target} "
                                f"from the higher layer {theirs[0]} (layer {theirs[1]})")
            elif theirs[1] == mine[1]:
                problems.append(f"{where}: {mine[0]} imports {imp.target} from its peer "
                                f"layer {theirs[0]}")
        for facade in FACADES:
            if imp.target.startswith(facade + ".") and not (
                    imp.importer == facade or imp.importer.startswith(facade + ".")):
                problems.append(f"{where}: imports {imp.target}; outside {facade} use {facade}")
        top = imp.target.split(".")[0]
        inside = imp.importer.split(".")[0] == "tutor"
        if inside and top in APP_ONLY and not (imp.importer == APP_PACKAGE or
                                    imp.importer.startswith(APP_PACKAGE + ".")):
            problems.append(f"{where}: {imp.target} is imported outside {APP_PACKAGE}")
        if top == "tutor" or top in {m.split(".")[0] for m in known}:
            own = _package(imp.importer, known)
            target_package = _package(imp.target, known)
            if own != target_package and not imp.target.startswith(own + "."):
                if any(_private(part) for part in imp.target.split(".")):
                    problems.append(f"{where}: imports the private module {imp.target}")
            if own != target_package or _public_inside(imp.importer):
                for name in imp.names:
                    if _private(name):
                        problems.append(f"{where}: imports the private name {name} from "
                                        f"{imp.target}")
        if inside and imp.in_function and not imp.commented:
            problems.append(f"{where}: imports {imp.target} inside a function with no "
                            "comment saying why it is lazy")
    for cycle in cycles(imports, known):
        problems.append("import cycle: " + " -> ".join(cycle + [cycle[0]]))
    return problems


def cycles(imports: list[Import], known: set[str]) -> list[list[str]]:
    """The import cycles among known modules, one per strongly connected group (Tarjan)."""
    graph: dict[str, set[str]] = {module: set() for module in known}
    for imp in imports:
        if not imp.type_only and imp.target in known and imp.target != imp.importer:
            graph[imp.importer].add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def check(root: Path, folders: tuple[str, ...] = ("tutor", "bench", "scripts")) -> list[str]:
    imports, known = collect(root, folders)
    return violations(imports, known)


# --- the contract -----------------------------------------------------------------------------
def test_the_code_keeps_the_layer_contract():
    problems = check(REPO)
    assert not problems, "\n".join(problems)


def test_every_tutor_folder_is_a_known_layer():
    folders = {p.name for p in (REPO / "tutor").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= set(LAYERS), f"a folder with no layer: {sorted(folders - set(LAYERS))}"


# --- the checker catches what it should ---------------------------------------------------------
def _plant(tmp_path: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in {Path(name).parts[0] for name in files}:
        for directory in [tmp_path / folder, *(tmp_path / folder).rglob("*")]:
            if directory.is_dir() and not (directory / "__init__.py").exists():
                (directory / "__init__.py").write_text("", encoding="utf-8")
    return check(tmp_path, tuple(sorted({Path(name).parts[0] for name in files})))


def test_a_copy_of_the_code_with_a_planted_upward_import_fails(tmp_path):
    copy = tmp_path / "tutor"
    for path in (REPO / "tutor").rglob("*.py"):
        target = copy / path.relative_to(REPO / "tutor")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert check(tmp_path, ("tutor",)) == []
    grid = copy / "model" / "grid.py"
    grid.write_text(grid.read_text(encoding="utf-8") + "\nfrom tutor.engine import next_step\n",
                    encoding="utf-8")
    problems = check(tmp_path, ("tutor",))
    assert any("tutor.model.grid" in p and "higher layer engine" in p for p in problems)


@pytest.mark.parametrize("files, expected", [
    ({"tutor/model/a.py": "from tutor.engine.b import x\n", "tutor/engine/b.py": "x = 1\n"},
     "higher layer engine"),
    ({"tutor/model/a.py": "def f():\n    # lazy: start-up speed\n    import tutor.cli.b\n",
      "tutor/cli/b.py": ""}, "higher layer cli"),
    ({"tutor/play/a.py": "from tutor.learning import b\n", "tutor/learning/b.py": ""},
     "peer layer learning"),
    ({"tutor/engine/a.py": "from textual.app import App\n"}, "outside tutor.app"),
    ({"tutor/play/a.py": "import textual\n"}, "outside tutor.app"),
    ({"tutor/cli/a.py": "from tutor.engine._cache import x\n", "tutor/engine/_cache.py": "x=1\n"},
     "private module tutor.engine._cache"),
    ({"bench/a.py": "from tutor.engine.engine import _solve\n", "tutor/engine/engine.py": ""},
     "private name _solve"),
    ({"tutor/play/a.py": "from tutor.engine.registry import band\n",
      "tutor/engine/registry.py": ""}, "outside tutor.engine use tutor.engine"),
    ({"tutor/model/a.py": "from tutor.model import b\n", "tutor/model/b.py": "import tutor.model.a\n"},
     "import cycle: tutor.model.a -> tutor.model.b"),
    ({"tutor/model/a.py": "from tutor.model.b import x\n",
      "tutor/model/b.py": "x = 1\ndef f():\n    # lazy: start-up speed\n    from tutor.model.a import y\n"},
     "import cycle"),
    ({"tutor/model/a.py": "def f():\n    from tutor.model.b import x\n", "tutor/model/b.py": ""},
     "inside a function with no comment"),
    ({"tutor/cli/a.py": "def f():\n    # lazy: start-up speed\n    x = 1\n    import json\n"},
     "imports json inside a function with no comment"),
    ({"tutor/engine/techniques/a.py": "from tutor.engine.techniques.b import _sets\n",
      "tutor/engine/techniques/b.py": "_sets = 1\n"},
     "imports the private name _sets from tutor.engine.techniques.b"),
])
def test_the_checker_finds_a_planted_violation(tmp_path, files, expected):
    problems = _plant(tmp_path, files)
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize("files", [
    {"tutor/engine/a.py": "from tutor.model.b import x\n", "tutor/model/b.py": "x = 1\n"},
    {"tutor/app/a.py": "from textual.app import App\nfrom rich.text import Text\n"},
    {"tutor/cli/a.py": "import rich.console\n"},
    {"tutor/model/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                         "    from tutor.model.b import x\n",
     "tutor/model/b.py": "from tutor.model.a import y\n"},
    {"tutor/engine/a.py": "from tutor.engine._cache import x\n", "tutor/engine/_cache.py": ""},
    {"tutor/model/a.py": "from tutor.model.b import _x\n", "tutor/model/b.py": "_x = 1\n"},
    {"tutor/cli/a.py": "def f():\n    # lazy: start-up speed\n    from rich.table import Table\n"
                       "    from rich.text import Text\n    return Table, Text\n"},
    {"tutor/cli/a.py": "def f():\n    # lazy: only `tutor play` needs the app\n"
                       "    from tutor.app import run_app\n", "tutor/app/__init__.py": ""},
])
def test_the_checker_accepts_what_the_contract_allows(tmp_path, files):
    assert _plant(tmp_path, files) == []


# --- the facades' names -----------------------------------------------------------------------
LAZY_FACADES = ("tutor", "tutor.engine")
"""Packages whose public names are imported on first use, from their `_HOMES` (module: names)."""


def _facade_lists(package: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]], list[str]]:
    """(the (module, name) pairs of _HOMES, those the `if TYPE_CHECKING:` block imports, the names
    it imports under another name), read from the package's source."""
    tree = ast.parse((REPO / package.replace(".", "/") / "__init__.py").read_text())
    homes: set[tuple[str, str]] = set()
    checked: set[tuple[str, str]] = set()
    renamed: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "_HOMES" for t in node.targets):
            homes = {(module, name) for module, names in ast.literal_eval(node.value).items()
                     for name in names}
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.module is not None
                for alias in imp.names:
                    checked.add((imp.module, alias.name))
                    if alias.asname != alias.name:
                        renamed.append(alias.name)
    return homes, checked, renamed


@pytest.mark.parametrize("package", LAZY_FACADES)
def test_a_facade_lists_its_names_once_and_type_checkers_see_the_same(package):
    # _HOMES is the list the package loads its names from and makes __all__ of; the block type
    # checkers read must import exactly those names from the same modules, each re-exported as
    # itself (type checkers count `import X as X` as part of the package's face).
    import importlib

    homes, checked, renamed = _facade_lists(package)
    assert homes, f"{package} has no _HOMES"
    assert checked == homes, (f"only in _HOMES: {sorted(homes - checked)}; only for type "
                              f"checkers: {sorted(checked - homes)}")
    assert renamed == [], f"not re-exported as themselves: {renamed}"
    module = importlib.import_module(package)
    assert set(module.__all__) - {name for _, name in homes} <= set(vars(module))
    assert {name for _, name in homes} <= set(module.__all__)
