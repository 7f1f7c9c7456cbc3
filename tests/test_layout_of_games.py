"""Every game package has the layout of docs/engine.md ("The layout of a game package"): the files
its table names for every package, none of the names that once meant different things in
different games, and each file holding what the table says it holds."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik.games import registry
from realpolitik.testing.load import allowance

ROOT = Path(__file__).resolve().parents[1]

#: names that meant the turn in one game and set-up helpers in another, or words in a fourth file
RETIRED = ("rules.py", "phases.py", "names.py", "lines.py", "phrases.py")


def _table() -> dict[str, str]:
    """The layout table of docs/engine.md: each file (or folder) and where it must be."""
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = doc.split("## The layout of a game package", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| .+? \| (.+?) \|$", section, re.M)
    out = {}
    for names, where in rows:
        for name in re.findall(r"`([^`]+)`", names):
            out[name] = where
    return out


TABLE = _table()
PACKAGES = sorted({type(game).__module__.rpartition(".")[0] for game in registry()})


def _path(package: str) -> Path:
    return Path(importlib.import_module(package).__file__).parent


def _frame_classes(module) -> list[type]:
    """The frame classes (engine/frames.py) a module defines."""
    return [v for v in vars(module).values()
            if inspect.isclass(v) and v.__module__ == module.__name__ and hasattr(v, "tag") and hasattr(v, "decision")]


def test_the_table_names_the_layout():
    """The table is there and names the files every package has (a broken table would pass all else)."""
    every = [name for name, where in TABLE.items() if where.startswith("every package")]
    assert {"setup.py", "sequence.py", "words.py", "state.py", "game.py", "grammar.py", "rulebook/"} <= set(every)
    assert "tables.py" in TABLE and "tables.py" not in every


def test_every_game_is_a_package_of_its_own_or_of_its_base_game():
    assert {"realpolitik.games.nuclear_war", "realpolitik.games.nationen", "realpolitik.games.e1815",
            "realpolitik.games.wsdv", "realpolitik.games.wsdv.two_plus_two"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_has_the_files_of_the_layout(package):
    here = _path(package)
    base = package.rpartition(".")[0]  # a variant inside its base game may share the base game's grammar
    for name, where in TABLE.items():
        if not where.startswith("every package"):
            continue
        if name == "grammar.py" and base in PACKAGES and (_path(base) / name).exists():
            continue
        assert (here / name.rstrip("/")).exists(), f"{package} has no {name}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_keeps_a_retired_name(package):
    here = _path(package)
    assert not [name for name in RETIRED if (here / name).exists()]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_file_holds_what_the_table_says(package):
    setup = importlib.import_module(f"{package}.setup")
    sequence = importlib.import_module(f"{package}.sequence")
    words = importlib.import_module(f"{package}.words")
    assert inspect.isfunction(setup.setup)
    assert _frame_classes(sequence), "the sequence of play is frames"
    assert inspect.isfunction(words.action_label) and not hasattr(words, "why_illegal")
    # the game-wide refusal is beside the frames, in no other module
    for path in _path(package).glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        if "why_illegal" in defined:
            assert path.name == "sequence.py", f"{package}: why_illegal in {path.name}"


@pytest.mark.parametrize("package", [p for p in PACKAGES if (_path(p) / "tables.py").exists()])
def test_tables_hold_only_constants(package):
    """``tables.py`` is the rules' shared constants in every package that has one: no import, no class, no
    function — what is worked out from the content (texts, masks, memos) is a cache, named so (``memo.py``)."""
    body = ast.parse((_path(package) / "tables.py").read_text(encoding="utf-8")).body
    statements = [node for node in body if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
    assert all(isinstance(node, (ast.Assign, ast.AnnAssign)) for node in statements), \
        f"{package}.tables holds more than constants"


@pytest.mark.parametrize("package", PACKAGES)
def test_words_read_no_frame(package):
    """The rules import ``words``, so ``words`` imports no module that defines frames."""
    tree = ast.parse((_path(package) / "words.py").read_text(encoding="utf-8"))
    imported = []
    for node in tree.body:  # module level: ``if TYPE_CHECKING:`` blocks are ast.If, left out
        if isinstance(node, ast.ImportFrom) and node.level:
            where = package.split(".")[: len(package.split(".")) - node.level + 1]
            module = ".".join(where + ([node.module] if node.module else []))
            imported += [module] if node.module else [f"{module}.{alias.name}" for alias in node.names]
    assert imported
    for module in imported:
        assert not _frame_classes(importlib.import_module(module)), f"{package}.words imports frames of {module}"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_sets_nothing_on_its_games(package):
    """``game.py`` declares the whole game; ``__init__.py`` only makes the instances (no ``GAME.bots = …``)."""
    tree = ast.parse((_path(package) / "__init__.py").read_text(encoding="utf-8"))
    patched = [ast.unparse(target) for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign))
               for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
               if isinstance(target, (ast.Attribute, ast.Subscript))]
    assert not patched, f"{package}/__init__.py sets {', '.join(patched)}"
    assert not any(isinstance(node, (ast.For, ast.While)) for node in ast.walk(tree))


@pytest.mark.parametrize("game", list(registry()), ids=lambda game: game.id)
def test_a_game_is_its_class(game):
    """Every hook, default and the levels' file are the class's, so go-to-definition finds them in game.py."""
    assert not vars(game), f"{game.id}: set on the instance: {', '.join(vars(game))}"
    assert game.levels is not None and game.levels.exists()


def test_the_frame_index_is_up_to_date():
    """docs/frames.md lists every game's frames by module, for the reader of ``stack[-1].act``."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "frame_index.py"), "--check"], capture_output=True,
                          text=True, timeout=allowance(120))
    assert done.returncode == 0, done.stderr
