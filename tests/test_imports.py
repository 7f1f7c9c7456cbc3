"""No import cycle anywhere in the package: every module imports alone in a fresh interpreter,
and the graph of module-level imports (those under ``if TYPE_CHECKING:`` left out) has no
circle, so no module works only because of the order in which others were imported."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import realpolitik
from realpolitik.testing.imports import Zygote

ROOT = Path(realpolitik.__file__).parent
PACKAGE = ROOT.parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _loaded(name: str, path: Path) -> set[str]:
    """Every module that ``name`` imports when it is loaded (not inside functions), by its full name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child])
                elif isinstance(child, ast.ExceptHandler):
                    visit(child.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


def _imports(name: str, path: Path) -> set[str]:
    """The package's modules that ``name`` imports when it is loaded (not inside functions)."""
    # importing a.b.c loads its packages a and a.b first
    closed = set()
    for module in _loaded(name, path):
        parts = module.split(".")
        closed.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return {m for m in closed if m in MODULES and m != name and not name.startswith(m + ".")}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph)))
    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


#: circles still allowed: none (1815's rule modules were the last, taken apart by the engine-frames issue)
KNOWN: list[str] = []


def test_the_module_imports_have_no_cycle():
    graph = {name: _imports(name, path) for name, path in MODULES.items()}
    assert _cycles(graph) == ([KNOWN] if KNOWN else [])


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _folder_of(module: str) -> str | None:
    """The package folder a module lives in (``realpolitik.bots.worker`` → ``bots``), or None at the top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and (ROOT / parts[1]).is_dir()) else None


def _from_module(package: str, node: ast.ImportFrom) -> str:
    """The module a ``from … import`` in ``package`` names, its dots resolved."""
    base = node.module or ""
    if node.level:
        base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + [base] * bool(base))
    return base


def _all_imports(name: str, path: Path) -> set[str]:
    """Every module of the package that ``name`` imports anywhere, inside functions too."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _from_module(package, node)
            found.add(base)
    return {m for m in found if m.split(".")[0] == "realpolitik"}




def test_no_two_folders_import_each_other():
    """Issue 81: the folders of the package form layers — no import loop between two of them, counting
    the imports inside functions too (a late import hides a loop, it does not remove it)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        here = _folder_of(name)
        if here is not None:
            graph.setdefault(here, set()).update(
                f for f in map(_folder_of, _all_imports(name, path)) if f is not None and f != here)
    for targets in list(graph.values()):
        for folder in targets:
            graph.setdefault(folder, set())
    assert _cycles(graph) == []


#: the parts of a live game: the table and its parts (server/table/), its clocks and its take-backs
TABLE_PARTS = sorted(name for name in MODULES if name.startswith("realpolitik.server.table")
                     or name in ("realpolitik.server.timekeeper", "realpolitik.server.undo"))


def _reaches_hall(name: str, path: Path) -> list[str]:
    """Where module ``name`` imports the hall (for its types too) or reads a ``hall`` attribute."""
    found = [f"imports {m}" for m in _all_imports(name, path) if m == "realpolitik.server.hall"]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "hall":
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_no_part_of_a_table_reaches_through_the_hall():
    """Issue 81: each part of a table is given what it needs (store, notifier, bot runner, …) in its
    constructor; the hall only wires the parts and the tables. No part imports the hall, not even for
    its types, and no module of the server reaches the hall through a table (``table.hall``)."""
    reaching = {name: where for name in TABLE_PARTS if (where := _reaches_hall(name, MODULES[name]))}
    assert reaching == {}
    assert "realpolitik.server.table.moves" in TABLE_PARTS  # the finder finds the parts
    through_a_table = [f"{name} line {node.lineno}: {ast.unparse(node)}"
                       for name, path in MODULES.items() if name.startswith("realpolitik.server.")
                       for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                       if isinstance(node, ast.Attribute) and node.attr == "hall"
                       and "table" in ast.unparse(node.value).lower()]
    assert through_a_table == []


#: the server's parts the hall builds and wires (``Hall.__init__``), and the modules whose functions
#: they call: each is given its collaborators (store, games, limits, leases, the roster, a ``chore``
#: callable, …), never the hall
HALL_PARTS = ["realpolitik.server.roster", "realpolitik.server.founder", "realpolitik.server.sweeper",
              "realpolitik.server.others", "realpolitik.server.leases", "realpolitik.server.notify",
              "realpolitik.server.reviews", "realpolitik.server.tournaments.runner", "realpolitik.server.barred",
              "realpolitik.server.social", "realpolitik.server.vacation", "realpolitik.server.ratings",
              "realpolitik.server.lobby", "realpolitik.server.bus"]


def _takes_hall(name: str, path: Path) -> list[str]:
    """Where module ``name`` imports the hall, reaches it through an attribute, or names it — a
    parameter, a variable or an annotation called ``hall`` or ``Hall``."""
    found = _reaches_hall(name, path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.arg) and node.arg == "hall":
            found.append(f"line {node.lineno}: parameter {node.arg}")
        elif isinstance(node, ast.Name) and node.id in ("hall", "Hall"):
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "Hall" in node.value.split(".")[-1:]:
            found.append(f"line {node.lineno}: annotation {node.value!r}")
    return found


def _named_imports(name: str, path: Path) -> set[str]:
    """The package's modules ``name`` imports anywhere, inside functions too, each by the name it
    asks for (``from . import results`` is ``results``), without the packages around ``name``, which
    every module of theirs loads whatever it asks for."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _from_module(package, node)
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names)
    return {m for m in found if m in MODULES and not name.startswith(m + ".")}


def _reached(name: str) -> set[str]:
    """Every module of the package that ``name`` imports, directly or through others (inside functions too)."""
    seen, todo = set(), [name]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(_named_imports(module, MODULES[module]))
    return seen - {name}


def test_the_hall_only_wires_its_parts():
    """Issue 81: the hall builds the server's parts and wires them (``Hall.__init__``, ``Hall._wire``);
    no part — the roster of games, the founder, the sweeper, the link to the other processes, the
    leases, the notifier, … — imports the hall, even through another module, or takes or names it."""
    assert set(HALL_PARTS) <= set(MODULES)
    taking = {name: where for name in HALL_PARTS if (where := _takes_hall(name, MODULES[name]))}
    assert taking == {}
    importing = sorted(name for name in HALL_PARTS if "realpolitik.server.hall" in _reached(name))
    assert importing == []


#: what the hall does itself: build and wire the parts (``_wire`` builds a table; ``_ended`` and
#: ``_vacation_began`` pass a table's news on to the parts concerned), run chores, start and stop
HALL_METHODS = ["__init__", "_ended", "_vacation_began", "_wire", "chore", "close", "start"]


def test_the_hall_keeps_no_job_of_its_parts():
    """Issue 81: no method on the hall delegates to a part (``hall.table`` …): callers ask the part."""
    tree = ast.parse(MODULES["realpolitik.server.hall"].read_text(encoding="utf-8"))
    [hall] = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Hall"]
    assert sorted(node.name for node in hall.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))) \
        == HALL_METHODS


def test_the_hall_finder_finds_a_part_that_takes_the_hall(tmp_path):
    taking = tmp_path / "part.py"
    taking.write_text("class Part:\n    def __init__(self, hall: 'Hall') -> None:\n        self.games = hall.games\n")
    assert len(_takes_hall("realpolitik.server.part", taking)) == 3  # the parameter, its annotation, its name
    reaching = tmp_path / "other.py"
    reaching.write_text("def f(part):\n    return part.hall.store\n")
    assert _takes_hall("realpolitik.server.other", reaching) == ["line 2: part.hall"]
    assert "realpolitik.server.hall" in _reached("realpolitik.server.app")  # the reach is followed


#: a JavaScript module's imports: ``import … from "./x.js"``, ``export … from "./x.js"``, ``import "./x.js"``
JS_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"', re.M)


def test_the_browser_modules_import_no_circle():
    """Issue 81: the web client's ES modules (web/**/*.js) have no import circle either."""
    web = (ROOT / "web").resolve()
    graph = {}
    for path in web.rglob("*.js"):
        found = (m.group(1) or m.group(2) for m in JS_IMPORT.finditer(path.read_text(encoding="utf-8")))
        graph[str(path.relative_to(web))] = {str((path.parent / f).resolve().relative_to(web)) for f in found}
    assert len(graph) > 40 and sum(map(len, graph.values())) > 100  # the finder reads the imports
    assert _cycles(graph) == []


#: scripts another tool runs inside its own context, not modules to import: Alembic runs env.py
#: with the connection of a migration (server/migrations)
SCRIPTS = {"realpolitik.server.migrations.env"}


def _libraries() -> list[str]:
    """The outside modules the package imports when its modules load (``from x import y`` may name
    a submodule ``x.y`` or a name in ``x``: the zygote tries both and skips what is no module)."""
    found = set().union(*(_loaded(name, path) for name, path in MODULES.items()))
    return sorted(m for m in found if m.split(".")[0] != "realpolitik")


@pytest.fixture(scope="module")
def zygote():
    forks = Zygote(_libraries())
    yield forks
    forks.close()


@pytest.mark.parametrize("module", sorted(set(MODULES) - SCRIPTS))
def test_every_module_imports_alone_in_a_fresh_interpreter(module, zygote):
    imported = zygote.load(module)
    assert imported.status == 0, imported.stderr[-2000:]


def test_a_module_that_works_only_after_another_fails_alone(tmp_path):
    """The forks start without the package: a module that works only after another was imported
    fails there, as in a fresh interpreter, and works when that other one comes first."""
    (tmp_path / "needs_engine.py").write_text("import sys\nassert 'realpolitik.engine' in sys.modules, 'no engine'\n")
    (tmp_path / "engine_first.py").write_text("import realpolitik.engine\nimport needs_engine\n")
    forks = Zygote(["sqlalchemy"], path=[str(tmp_path)])
    try:
        alone = forks.load("needs_engine")
        assert alone.status == 1 and "no engine" in alone.stderr
        assert forks.load("engine_first").status == 0
        assert forks.load("needs_engine").status == 1  # the fork before left nothing behind
    finally:
        forks.close()
